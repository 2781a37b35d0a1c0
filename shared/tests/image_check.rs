//! The image check's plumbing, with memory adapters, a simulated clock and a scripted web:
//! without a classifier only the first bytes are read; with one the whole image is read in
//! the same single request and an explicit verdict files the page as `filtered`.
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use bytes::Bytes;
use feedhound::adapters::clock::{FixedJitter, ManualClock};
use feedhound::adapters::memory::{MemoryPageStore, MemoryQueue, MemoryStateStore};
use feedhound::config::CrawlConfig;
use feedhound::model::{PollFeedTask, Stage, Task, Timestamp, UrlEntry, UrlState};
use feedhound::policy::filter::ImageClassifier;
use feedhound::ports::{Clock, HttpClient, HttpError, HttpRequest, HttpResponse, Queue};
use feedhound::service::Deps;
use feedhound::service::fetch::{IMAGE_FULL_BYTES, IMAGE_HEAD_BYTES};

/// Serves fixed bodies by URL and records each request's URL and byte cap.
#[derive(Debug, Default)]
struct Web {
    bodies: HashMap<String, (&'static str, Vec<u8>)>,
    log: Mutex<Vec<(String, Option<usize>)>>,
}

#[async_trait]
impl HttpClient for Web {
    async fn fetch(&self, request: HttpRequest) -> Result<HttpResponse, HttpError> {
        let url = request.url.to_string();
        self.log.lock().unwrap().push((url.clone(), request.max_bytes));
        Ok(match self.bodies.get(&url) {
            Some((ty, body)) => HttpResponse {
                status: 200,
                url: request.url,
                headers: vec![("content-type".into(), (*ty).into())],
                body: Bytes::from(body.clone()),
            },
            None => HttpResponse { status: 404, url: request.url, headers: vec![], body: Bytes::new() },
        })
    }
}

/// Calls an image explicit when its bytes end with the marker.
#[derive(Debug)]
struct Marker;

impl ImageClassifier for Marker {
    fn exposed(&self, image: &[u8]) -> Result<Option<String>, String> {
        Ok(image.ends_with(b"EXPLICIT").then(|| "marker:1.00".to_owned()))
    }
}

fn png(w: u32, h: u32, tail: &[u8]) -> Vec<u8> {
    let mut v = vec![0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, b'I', b'H', b'D', b'R'];
    v.extend_from_slice(&w.to_be_bytes());
    v.extend_from_slice(&h.to_be_bytes());
    v.extend_from_slice(&[8, 2, 0, 0, 0, 0, 0, 0, 0]);
    v.extend_from_slice(tail);
    v
}

fn page(image: &str) -> Vec<u8> {
    let text = "<p>A sentence long enough to count as real prose on a page about rivers.</p>".repeat(12);
    format!(
        "<html><head><title>A page</title><meta property=\"og:image\" content=\"{image}\"></head>\
         <body><article><h1>A page</h1>{text}</article></body></html>"
    )
    .into_bytes()
}

async fn crawl(
    classifier: Option<Arc<dyn ImageClassifier>>,
) -> (HashMap<String, UrlState>, Vec<(String, Option<usize>)>) {
    let clock = Arc::new(ManualClock::new(Timestamp::from_millis(1_700_000_000_000)));
    let queue = Arc::new(MemoryQueue::new(clock.clone()));
    let mut web = Web::default();
    let feed = "<rss version=\"2.0\"><channel><title>f</title>\
        <item><link>https://s.test/plain</link></item><item><link>https://s.test/explicit</link></item></channel></rss>";
    web.bodies.insert("https://s.test/robots.txt".into(), ("text/plain", b"User-agent: *\nAllow: /\n".to_vec()));
    web.bodies.insert("https://s.test/feed".into(), ("application/rss+xml", feed.as_bytes().to_vec()));
    web.bodies.insert("https://s.test/plain".into(), ("text/html", page("/a.png")));
    web.bodies.insert("https://s.test/explicit".into(), ("text/html", page("/b.png")));
    web.bodies.insert("https://s.test/a.png".into(), ("image/png", png(800, 600, b"neutral")));
    web.bodies.insert("https://s.test/b.png".into(), ("image/png", png(800, 600, b"EXPLICIT")));
    let web = Arc::new(web);
    let deps = Deps {
        queue: queue.clone(),
        state: Arc::new(MemoryStateStore::new()),
        pages: Arc::new(MemoryPageStore::new()),
        http: web.clone(),
        clock: clock.clone(),
        jitter: Arc::new(FixedJitter(0.5)),
        config: Arc::new(CrawlConfig::for_tests()),
        gate_local: Arc::default(),
        metrics: Arc::new(feedhound::adapters::metrics::NoMetrics),
        classifier,
    };
    queue.send(&Task::PollFeed(PollFeedTask { feed: "https://s.test/feed".into() }), Duration::ZERO).await.unwrap();
    for _ in 0..10_000 {
        let mut worked = false;
        for stage in [Stage::Extract, Stage::Fetch, Stage::Poll] {
            for d in queue.receive(stage, 1, Duration::ZERO).await.unwrap() {
                settle_in_test(&deps, d).await;
                worked = true;
            }
        }
        if !worked {
            match queue.next_visible() {
                Some(t) if t.since(clock.now()) < Duration::from_secs(600) => clock.set(t.max(clock.now())),
                _ => break,
            }
        }
    }
    let (docs, _) = deps.state.scan(feedhound::ports::Namespace::Url, None, 100).await.unwrap();
    let states = docs
        .into_iter()
        .map(|(_, d)| {
            let e: UrlEntry = serde_json::from_str(&d.body).unwrap();
            (e.url, e.state)
        })
        .collect();
    let log = web.log.lock().unwrap().clone();
    (states, log)
}

fn caps(log: &[(String, Option<usize>)], suffix: &str) -> Vec<Option<usize>> {
    log.iter().filter(|(u, _)| u.ends_with(suffix)).map(|(_, c)| *c).collect()
}

#[tokio::test]
async fn without_a_classifier_only_the_first_bytes_are_read() {
    let (states, log) = crawl(None).await;
    assert!(matches!(states["https://s.test/plain"], UrlState::Stored { .. }), "{states:?}");
    assert!(matches!(states["https://s.test/explicit"], UrlState::Stored { .. }), "no model: not judged: {states:?}");
    assert_eq!(caps(&log, "/a.png"), [Some(IMAGE_HEAD_BYTES)]);
    assert_eq!(caps(&log, "/b.png"), [Some(IMAGE_HEAD_BYTES)]);
}

#[tokio::test]
async fn a_classifier_reads_the_whole_image_in_the_same_request_and_filters() {
    let (states, log) = crawl(Some(Arc::new(Marker))).await;
    assert!(matches!(states["https://s.test/plain"], UrlState::Stored { .. }), "{states:?}");
    assert_eq!(
        states["https://s.test/explicit"],
        UrlState::Filtered { reason: "image:marker:1.00".into() },
        "{states:?}"
    );
    assert_eq!(caps(&log, "/a.png"), [Some(IMAGE_FULL_BYTES)], "one request per image");
    assert_eq!(caps(&log, "/b.png"), [Some(IMAGE_FULL_BYTES)], "one request per image");
    assert_eq!(caps(&log, "/explicit").len(), 1, "the page itself once");
}

/// Run a delivered task and settle it by the delivery policy every driver uses; a task
/// that fails is a broken test, not something to retry.
async fn settle_in_test(deps: &Deps, d: feedhound::ports::Delivery) {
    use feedhound::service::delivery::{self, Acks, Received, Settlement};
    let received = Received::decode(d);
    let (_, settlement) = delivery::handle(deps, &received, Duration::ZERO, feedhound::service::every_stage).await;
    assert!(
        !matches!(settlement, Settlement::Retry { .. } | Settlement::DeadLetter { .. }),
        "a task failed: {settlement:?}"
    );
    delivery::apply(deps, &received, &settlement, Acks::Explicit).await.unwrap();
}
