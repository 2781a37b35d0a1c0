//! Defence in depth: a panic while handling one task fails that task alone. The task is
//! retried, then dead-lettered with the panic message, its URL ends `dead_lettered`, and
//! every other task of the crawl goes on. Checked on the embedded driver and on the queue
//! workers behind `feedhound work` (the Lambda handler has its test on the emulator).
#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use async_trait::async_trait;
use bytes::Bytes;
use feedhound::adapters::clock::{FixedJitter, SystemClock};
use feedhound::adapters::memory::{MemoryPageStore, MemoryQueue, MemoryStateStore};
use feedhound::config::CrawlConfig;
use feedhound::embedded::{CrawlOptions, Embedded, Progress};
use feedhound::model::{PollFeedTask, Stage, Task, UrlEntry, UrlState};
use feedhound::ports::{HttpClient, HttpError, HttpRequest, HttpResponse, Queue};
use feedhound::service::{self, Deps};

/// A site whose page `/boom` makes the client panic: a fault injected where outside bytes
/// come in, standing for a parser bug no test foresaw.
#[derive(Debug, Default)]
struct FaultyWeb {
    requests: AtomicUsize,
}

fn page(i: usize) -> String {
    let text = "A sentence long enough to count as real prose in a page. ".repeat(12);
    format!(
        "<html><head><title>Page {i} of the faulty site</title></head><body><article><p>{text}</p></article></body></html>"
    )
}

#[async_trait]
impl HttpClient for FaultyWeb {
    async fn fetch(&self, request: HttpRequest) -> Result<HttpResponse, HttpError> {
        self.requests.fetch_add(1, Ordering::SeqCst);
        let path = request.url.path().to_owned();
        let body = match path.as_str() {
            "/boom" => panic!("injected fault at {}", request.url),
            "/feed.xml" => {
                let items: String = ["/a", "/boom", "/b"]
                    .iter()
                    .map(|p| format!("<item><title>t</title><link>https://faulty.test{p}</link></item>"))
                    .collect();
                format!("<rss version=\"2.0\"><channel><title>f</title>{items}</channel></rss>")
            }
            "/robots.txt" => "User-agent: *\nAllow: /\n".to_owned(),
            "/a" => page(1),
            "/b" => page(2),
            _ => return Ok(HttpResponse { status: 404, url: request.url, headers: vec![], body: Bytes::new() }),
        };
        Ok(HttpResponse {
            status: 200,
            url: request.url,
            headers: vec![("content-type".into(), "text/html".into())],
            body: Bytes::from(body),
        })
    }
}

fn config() -> CrawlConfig {
    CrawlConfig { check_images: false, max_receives: 3, ..CrawlConfig::for_tests() }
}

fn assert_outcome(entries: &[UrlEntry]) {
    let state = |p: &str| entries.iter().find(|e| e.url.ends_with(p)).map(|e| e.state.clone());
    assert!(matches!(state("/a"), Some(UrlState::Stored { .. })), "{entries:?}");
    assert!(matches!(state("/b"), Some(UrlState::Stored { .. })), "{entries:?}");
    match state("/boom") {
        Some(UrlState::DeadLettered { error }) => {
            assert!(error.contains("panicked") && error.contains("injected fault"), "the panic is the error: {error}");
        }
        other => panic!("/boom ends dead_lettered, not {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panicking_task_is_dead_lettered_and_the_embedded_crawl_completes() {
    let dir = tempfile::tempdir().unwrap();
    let web = Arc::new(FaultyWeb::default());
    let embedded = Embedded::open(dir.path(), web.clone(), config(), Arc::new(SystemClock), Arc::new(FixedJitter(0.0)))
        .await
        .unwrap();
    embedded.add_feed("https://faulty.test/feed.xml").await.unwrap();
    let options = CrawlOptions { workers: 4, idle_horizon: Duration::from_secs(5), max_tasks: None };
    let report = embedded
        .crawl(&options, Arc::new(Progress::default()), Arc::new(AtomicBool::new(false)))
        .await
        .expect("the crawl completes despite the panic");
    assert_eq!(report.dead_lettered, 1, "{report:?}");
    assert_outcome(&embedded.url_entries().await.unwrap());
    let status = embedded.status().await.unwrap();
    assert_eq!((status.dead_tasks, status.queued_tasks), (1, 0), "{status:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panicking_task_is_dead_lettered_and_the_queue_workers_go_on() {
    let clock = Arc::new(SystemClock);
    let queue = Arc::new(MemoryQueue::with_visibility(clock.clone(), Duration::from_secs(30)));
    let state = Arc::new(MemoryStateStore::new());
    let deps = Deps {
        queue: queue.clone(),
        state: state.clone(),
        pages: Arc::new(MemoryPageStore::new()),
        http: Arc::new(FaultyWeb::default()),
        clock,
        jitter: Arc::new(FixedJitter(0.0)),
        config: Arc::new(config()),
        gate_local: Arc::default(),
        metrics: Arc::new(feedhound::adapters::metrics::NoMetrics),
        classifier: None,
    };
    deps.queue
        .send(&Task::PollFeed(PollFeedTask { feed: "https://faulty.test/feed.xml".into() }), Duration::ZERO)
        .await
        .unwrap();
    let options = service::worker::WorkerOptions { workers: 4, stop_when_idle: Some(Duration::from_secs(4)) };
    let stats = service::worker::run_workers(&deps, &options, Arc::new(AtomicBool::new(false)))
        .await
        .expect("the workers go on after a panic");
    assert!(
        stats.failed.load(Ordering::SeqCst) >= 2,
        "the panicking task was retried before it was dead-lettered: {stats:?}"
    );
    let entries: Vec<UrlEntry> = deps.repos().urls.all().await.unwrap();
    assert_outcome(&entries);
    let dead = queue.receive_dead(Stage::Fetch, 10, Duration::ZERO).await.unwrap();
    assert_eq!(dead.len(), 1, "the fetch of /boom is on the dead-letter queue");
    assert!(dead[0].body.contains("/boom"));
}
