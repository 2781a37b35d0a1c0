//! Politeness on a simulated clock: memory adapters, a manual clock that jumps to the next
//! due task, and a scripted HTTP client that records when each request was made.
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use bytes::Bytes;
use feedhound::adapters::clock::{FixedJitter, ManualClock};
use feedhound::adapters::memory::{MemoryPageStore, MemoryQueue, MemoryStateStore};
use feedhound::adapters::metrics::RecordedMetrics;
use feedhound::config::CrawlConfig;
use feedhound::model::{PollFeedTask, Stage, Task, Timestamp, UrlEntry, UrlState};
use feedhound::ports::{Clock, HttpClient, HttpError, HttpRequest, HttpResponse, Queue};
use feedhound::service::{self, Deps};

const H: u64 = 3600;

/// A scripted answer: status, headers, body; `Err` is a network failure.
type Answer = Result<(u16, Vec<(String, String)>, String), ()>;

/// Answers by URL; records (time, URL) of every request.
#[derive(Debug, Default)]
struct Script {
    routes: Mutex<HashMap<String, Answer>>,
    log: Mutex<Vec<(Timestamp, String)>>,
    clock: Mutex<Option<Arc<ManualClock>>>,
    /// URLs whose answer takes this long (the clock moves on while they are asked).
    slow: Mutex<HashMap<String, Duration>>,
}

impl Script {
    fn ok(&self, url: &str, body: &str) {
        self.routes.lock().unwrap().insert(url.to_owned(), Ok((200, vec![], body.to_owned())));
    }
    fn status(&self, url: &str, status: u16, headers: &[(&str, &str)]) {
        let h = headers.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        self.routes.lock().unwrap().insert(url.to_owned(), Ok((status, h, String::new())));
    }
    fn slow(&self, url: &str, takes: Duration) {
        self.slow.lock().unwrap().insert(url.to_owned(), takes);
    }
    fn down(&self, url: &str) {
        self.routes.lock().unwrap().insert(url.to_owned(), Err(()));
    }
    fn requests(&self, url: &str) -> Vec<Timestamp> {
        self.log.lock().unwrap().iter().filter(|(_, u)| u == url).map(|(t, _)| *t).collect()
    }
    fn all(&self) -> Vec<(Timestamp, String)> {
        self.log.lock().unwrap().clone()
    }
}

#[derive(Debug, Clone)]
struct ScriptedHttp(Arc<Script>);

#[async_trait]
impl HttpClient for ScriptedHttp {
    async fn fetch(&self, request: HttpRequest) -> Result<HttpResponse, HttpError> {
        let clock = Arc::clone(self.0.clock.lock().unwrap().as_ref().unwrap());
        let url = request.url.to_string();
        self.0.log.lock().unwrap().push((clock.now(), url.clone()));
        let takes = self.0.slow.lock().unwrap().get(&url).copied();
        if let Some(takes) = takes {
            clock.advance(takes);
        }
        let route = self.0.routes.lock().unwrap().get(&url).cloned();
        match route {
            None => Ok(HttpResponse { status: 404, url: request.url, headers: vec![], body: Bytes::new() }),
            Some(Err(())) => Err(HttpError::Connect { url, message: "connection refused".into() }),
            Some(Ok((status, headers, body))) => Ok(HttpResponse {
                status,
                url: request.url,
                headers: [vec![("content-type".to_owned(), "text/html".to_owned())], headers].concat(),
                body: Bytes::from(body),
            }),
        }
    }
}

struct World {
    deps: Deps,
    metrics: Arc<RecordedMetrics>,
    queue: Arc<MemoryQueue>,
    clock: Arc<ManualClock>,
    script: Arc<Script>,
}

fn article(i: usize) -> String {
    let text = "A sentence long enough to count as real prose in a page. ".repeat(12);
    format!(
        "<html><head><title>Page {i} of the test site</title></head><body><article><p>{text}</p></article></body></html>"
    )
}

fn feed(links: &[String]) -> String {
    let items: String = links.iter().map(|l| format!("<item><title>t</title><link>{l}</link></item>")).collect();
    format!("<rss version=\"2.0\"><channel><title>f</title>{items}</channel></rss>")
}

fn world(config: CrawlConfig) -> World {
    // These worlds time page fetches; the image check (a second request through the same
    // gate) has tests of its own on the fixture web.
    let config = CrawlConfig { check_images: false, ..config };
    let clock = Arc::new(ManualClock::new(Timestamp::from_millis(1_700_000_000_000)));
    let script = Arc::new(Script::default());
    *script.clock.lock().unwrap() = Some(Arc::clone(&clock));
    let queue = Arc::new(MemoryQueue::new(clock.clone()));
    let metrics = Arc::new(RecordedMetrics::default());
    let deps = Deps {
        queue: queue.clone(),
        state: Arc::new(MemoryStateStore::new()),
        pages: Arc::new(MemoryPageStore::new()),
        http: Arc::new(ScriptedHttp(Arc::clone(&script))),
        clock: clock.clone(),
        jitter: Arc::new(FixedJitter(0.5)),
        config: Arc::new(config),
        gate_local: Arc::default(),
        metrics: metrics.clone(),
        classifier: None,
    };
    World { deps, metrics, queue, clock, script }
}

impl World {
    /// Run tasks, jumping the clock to the next due one, until nothing is due before `until`.
    async fn run_until(&self, until: Timestamp) {
        for _ in 0..100_000 {
            let mut worked = false;
            for stage in [Stage::Extract, Stage::Fetch, Stage::Poll, Stage::Discover] {
                for d in self.queue.receive(stage, 1, Duration::ZERO).await.unwrap() {
                    settle_in_test(&self.deps, d).await;
                    worked = true;
                }
            }
            if !worked {
                match self.queue.next_visible() {
                    Some(t) if t <= until => self.clock.set(t.max(self.clock.now())),
                    _ => return,
                }
            }
        }
        panic!("the simulation did not settle");
    }

    async fn poll(&self, feed_url: &str) {
        self.deps
            .queue
            .send(&Task::PollFeed(PollFeedTask { feed: feed_url.to_owned() }), Duration::ZERO)
            .await
            .unwrap();
    }

    async fn states(&self) -> HashMap<String, UrlState> {
        let (page, _) = self.deps.state.scan(feedhound::ports::Namespace::Url, None, 10_000).await.unwrap();
        page.into_iter()
            .map(|(_, d)| {
                let e: UrlEntry = serde_json::from_str(&d.body).unwrap();
                (e.url, e.state)
            })
            .collect()
    }

    fn later(&self, secs: u64) -> Timestamp {
        self.clock.now().plus(Duration::from_secs(secs))
    }
}

fn assert_gaps(times: &[(Timestamp, String)], host: &str, gap: Duration) {
    let mut t: Vec<Timestamp> = times.iter().filter(|(_, u)| u.contains(host)).map(|(t, _)| *t).collect();
    t.sort();
    for w in t.windows(2) {
        assert!(w[1].since(w[0]) >= gap, "requests to {host} {:?} apart", w[1].since(w[0]));
    }
}

#[tokio::test]
async fn robots_txt_is_fetched_at_most_once_per_host_per_day() {
    let w = world(CrawlConfig::for_tests());
    let s = &w.script;
    s.ok("https://a.test/robots.txt", "User-agent: *\nAllow: /\n");
    let pages: Vec<String> = (0..3).map(|i| format!("https://a.test/p/{i}")).collect();
    for (i, p) in pages.iter().enumerate() {
        s.ok(p, &article(i));
    }
    s.ok("https://a.test/feed", &feed(&pages));
    w.poll("https://a.test/feed").await;
    w.run_until(w.later(H)).await;
    assert_eq!(s.requests("https://a.test/robots.txt").len(), 1);

    // Twelve hours on, new entries: robots.txt is still fresh.
    w.clock.advance(Duration::from_secs(12 * H));
    let more: Vec<String> = (3..6).map(|i| format!("https://a.test/p/{i}")).collect();
    for (i, p) in more.iter().enumerate() {
        s.ok(p, &article(i + 3));
    }
    s.ok("https://a.test/feed", &feed(&[pages.clone(), more.clone()].concat()));
    w.poll("https://a.test/feed").await;
    w.run_until(w.later(H)).await;
    assert_eq!(s.requests("https://a.test/robots.txt").len(), 1, "fresh for 24 h");

    // A day after the first fetch, it is fetched again, once.
    w.clock.advance(Duration::from_secs(13 * H));
    let last = "https://a.test/p/6".to_owned();
    s.ok(&last, &article(6));
    s.ok("https://a.test/feed", &feed(&[pages, more, vec![last]].concat()));
    w.poll("https://a.test/feed").await;
    w.run_until(w.later(H)).await;
    assert_eq!(s.requests("https://a.test/robots.txt").len(), 2);
    let stored = w.states().await.values().filter(|st| matches!(st, UrlState::Stored { .. })).count();
    assert_eq!(stored, 7);
    assert_gaps(&s.all(), "a.test", Duration::from_secs(1));
}

#[tokio::test]
async fn an_unreachable_host_is_paused_and_only_a_passing_health_check_lifts_it() {
    let w = world(CrawlConfig::for_tests());
    let s = &w.script;
    s.ok("https://hub.test/robots.txt", "");
    s.ok("https://hub.test/feed", &feed(&["https://down.test/p".to_owned()]));
    s.ok("https://down.test/robots.txt", "");
    s.ok("https://down.test/p", &article(1));
    w.poll("https://hub.test/feed").await;
    // robots.txt answers, then the host goes down before the page is fetched.
    w.run_until(w.clock.now()).await;
    s.down("https://down.test/p");
    s.down("https://down.test/robots.txt");
    w.run_until(w.later(H)).await;
    let parked = w.states().await["https://down.test/p"].clone();
    assert!(matches!(&parked, UrlState::Parked { reason, .. } if reason == "unreachable"), "{parked:?}");
    let before = s.requests("https://down.test/p").len();

    // A day later (24 h, jittered) the health check (robots.txt) still fails: another pause, no page request.
    w.run_until(w.later(26 * H)).await;
    assert_eq!(s.requests("https://down.test/p").len(), before, "no page request while the check fails");
    assert!(s.requests("https://down.test/robots.txt").len() >= 2, "the health check ran");
    assert!(matches!(w.states().await["https://down.test/p"], UrlState::Parked { .. }));

    // The host comes back: the next health check passes and the page is fetched.
    s.ok("https://down.test/robots.txt", "");
    s.ok("https://down.test/p", &article(1));
    w.run_until(w.later(26 * H)).await;
    assert!(matches!(w.states().await["https://down.test/p"], UrlState::Stored { .. }));
}

#[tokio::test]
async fn a_403_holds_the_host_and_stops_every_pending_page() {
    let w = world(CrawlConfig::for_tests());
    let s = &w.script;
    s.ok("https://a.test/robots.txt", "");
    let pages: Vec<String> = (0..5).map(|i| format!("https://a.test/p/{i}")).collect();
    for p in &pages {
        s.status(p, 403, &[]);
    }
    s.ok("https://a.test/feed", &feed(&pages));
    w.poll("https://a.test/feed").await;
    w.run_until(w.later(H)).await;
    let page_requests = s.all().iter().filter(|(_, u)| u.contains("/p/")).count();
    assert_eq!(page_requests, 1, "the first 403 stops the host at once");
    let states = w.states().await;
    for p in &pages {
        assert!(matches!(&states[p], UrlState::Parked { reason, .. } if reason == "forbidden"), "{p}: {:?}", states[p]);
    }
}

#[tokio::test]
async fn metrics_count_requests_outcomes_holds_and_the_gap_each_page_request_was_granted() {
    let w = world(CrawlConfig::for_tests());
    let s = &w.script;
    s.ok("https://a.test/robots.txt", "");
    let pages: Vec<String> = (0..3).map(|i| format!("https://a.test/p/{i}")).collect();
    for (i, p) in pages.iter().enumerate() {
        s.ok(p, &article(i));
    }
    s.ok("https://a.test/feed", &feed(&pages));
    s.ok("https://b.test/robots.txt", "");
    s.status("https://b.test/p", 429, &[]);
    s.ok("https://b.test/feed", &feed(&["https://b.test/p".to_owned()]));
    w.poll("https://a.test/feed").await;
    w.poll("https://b.test/feed").await;
    w.run_until(w.later(H)).await;
    let m = &w.metrics;
    assert_eq!(m.sum("Requests", &[("Agent", "page"), ("Class", "2xx")]), 3.0, "the three pages");
    assert_eq!(m.sum("Requests", &[("Agent", "robots")]), 2.0);
    assert_eq!(m.sum("Requests", &[("Agent", "feed"), ("Class", "2xx")]), 2.0);
    assert_eq!(m.sum("Requests", &[("Class", "429")]), 1.0);
    assert_eq!(m.sum("HostsHeld", &[("Reason", "rate_limited")]), 1.0);
    assert_eq!(m.sum("Tasks", &[("Outcome", "poll:polled")]), 2.0);
    assert_eq!(m.sum("Tasks", &[("Outcome", "extract:stored")]), 3.0);
    assert_eq!(m.sum("Tasks", &[("Outcome", "fetch:parked"), ("Reason", "rate_limited")]), 1.0);
    assert_eq!(
        m.sum("Tasks", &[("Outcome", "fetch:deferred")]),
        0.0,
        "the poll spaced a host's pages a gap apart: none had to wait for the lease"
    );
    assert!(!m.values("TaskMs", &[("Stage", "fetch")]).is_empty());
    // Every page request but each host's first has a gap; none is under the minimum.
    let gaps = m.values("GrantedGapMs", &[]);
    assert!(gaps.len() >= 3, "{gaps:?}");
    let min_gap = w.deps.config.min_gap.as_secs_f64() * 1000.0;
    assert!(gaps.iter().all(|g| *g >= min_gap), "{gaps:?} vs {min_gap}");
}

#[tokio::test]
async fn a_429_retry_after_longer_than_the_hold_is_honoured() {
    let w = world(CrawlConfig::for_tests());
    let s = &w.script;
    s.ok("https://a.test/robots.txt", "");
    s.status("https://a.test/p", 429, &[("retry-after", &(100 * H).to_string())]);
    s.ok("https://a.test/feed", &feed(&["https://a.test/p".to_owned()]));
    w.poll("https://a.test/feed").await;
    let start = w.clock.now();
    w.run_until(w.later(H)).await;
    let UrlState::Parked { until, .. } = w.states().await["https://a.test/p"].clone() else { panic!() };
    assert!(until.since(start) >= Duration::from_secs(100 * H), "Retry-After of 100 h beats the 72 h hold");
}

#[tokio::test]
async fn repeated_server_errors_retry_with_backoff_then_hold_the_host() {
    let w = world(CrawlConfig { retry_base: Duration::from_secs(10), ..CrawlConfig::for_tests() });
    let s = &w.script;
    s.ok("https://a.test/robots.txt", "");
    s.status("https://a.test/p", 503, &[]);
    s.ok("https://a.test/feed", &feed(&["https://a.test/p".to_owned()]));
    w.poll("https://a.test/feed").await;
    w.run_until(w.later(H)).await;
    let tries = s.requests("https://a.test/p");
    assert_eq!(tries.len(), 3, "FEEDHOUND_MAX_SERVER_ERRORS attempts");
    assert!(tries[2].since(tries[1]) > tries[1].since(tries[0]), "the backoff grows");
    let st = w.states().await["https://a.test/p"].clone();
    assert!(
        matches!(&st, UrlState::Parked { reason, until } if reason == "server_errors" && until.since(tries[2]) >= Duration::from_secs(48 * H)),
        "{st:?}"
    );
}

#[tokio::test]
async fn a_host_gets_its_time_budget_per_cycle_and_the_rest_waits_for_the_next() {
    let config = CrawlConfig {
        site_budget: Duration::from_secs(10),
        poll_interval: Duration::from_secs(120),
        ..CrawlConfig::for_tests()
    };
    let w = world(config);
    let s = &w.script;
    s.ok("https://a.test/robots.txt", "");
    let pages: Vec<String> = (0..30).map(|i| format!("https://a.test/p/{i}")).collect();
    for (i, p) in pages.iter().enumerate() {
        s.ok(p, &article(i));
    }
    s.ok("https://a.test/feed", &feed(&pages));
    w.poll("https://a.test/feed").await;
    let start = w.clock.now();
    w.run_until(w.later(60)).await;
    let in_first_cycle = s.all().iter().filter(|(t, _)| t.since(start) < Duration::from_secs(120)).count();
    assert!(in_first_cycle <= 12, "at most ~10 s of requests in the first cycle, got {in_first_cycle}");
    let parked = w
        .states()
        .await
        .values()
        .filter(|st| matches!(st, UrlState::Parked { reason, .. } if reason == "budget"))
        .count();
    assert!(parked > 0, "the rest is parked for the next cycle with reason budget");
    w.run_until(w.later(10 * 120)).await;
    let stored = w.states().await.values().filter(|st| matches!(st, UrlState::Stored { .. })).count();
    assert_eq!(stored, 30, "later cycles finish the work");
    assert_gaps(&s.all(), "a.test", Duration::from_secs(1));
}

#[tokio::test]
async fn a_hold_longer_than_the_queue_can_delay_parks_the_task_and_the_sweeper_brings_it_back() {
    let mut w = world(CrawlConfig::for_tests());
    // A queue that cannot delay past 15 minutes, as SQS.
    let capped = Arc::new(MemoryQueue::new(w.clock.clone()).with_max_delay(Duration::from_secs(900)));
    w.deps.queue = capped.clone();
    w.queue = capped;
    let s = &w.script;
    s.ok("https://a.test/robots.txt", "");
    s.status("https://a.test/p", 403, &[]);
    s.ok("https://a.test/feed", &feed(&["https://a.test/p".to_owned()]));
    w.poll("https://a.test/feed").await;
    w.run_until(w.later(H)).await;
    assert!(w.queue.is_empty(), "nothing is left on the queue for 72 hours");
    let (parked, _) = w.deps.state.scan(feedhound::ports::Namespace::Parked, None, 10).await.unwrap();
    assert_eq!(parked.len(), 1, "the task waits in the store");
    assert_eq!(service::park::release_due(&w.deps).await.unwrap(), 0, "not due yet");

    s.ok("https://a.test/p", &article(1));
    w.clock.advance(Duration::from_secs(80 * H));
    assert_eq!(service::park::release_due(&w.deps).await.unwrap(), 1);
    w.run_until(w.later(H)).await;
    assert!(
        matches!(w.states().await["https://a.test/p"], UrlState::Stored { .. }),
        "the parked task ran after the hold"
    );
    let (parked, _) = w.deps.state.scan(feedhound::ports::Namespace::Parked, None, 10).await.unwrap();
    assert!(parked.is_empty());
}

#[tokio::test]
async fn a_poll_task_claims_its_feed_so_a_fan_out_meanwhile_sends_no_second_poll() {
    let w = world(CrawlConfig::for_tests());
    let s = &w.script;
    s.ok("https://a.test/robots.txt", "");
    s.ok("https://a.test/one", &feed(&[]));
    s.ok("https://a.test/two", &feed(&[]));
    // Two feeds of one host, neither registered: their polls wait for the host's gap
    // (robots.txt comes first), and a scheduled fan-out runs while they wait, as when a
    // sweep releases a poll task and the poll schedule fires at the same time.
    for feed in ["https://a.test/one", "https://a.test/two"] {
        let outcome = service::poll::poll_feed(&w.deps, &PollFeedTask { feed: feed.into() }).await.unwrap();
        assert!(matches!(outcome, service::poll::PollOutcome::Deferred { .. }), "{feed}: {outcome:?}");
    }
    assert_eq!(
        service::schedule::enqueue_due_feeds(&w.deps).await.unwrap(),
        0,
        "both feeds are claimed by their poll tasks"
    );
    assert!(w.queue.is_empty());
}

#[tokio::test]
async fn a_parked_task_is_released_by_one_sweep_and_again_if_that_sweep_died() {
    use feedhound::repo::ParkedTask;
    let w = world(CrawlConfig::for_tests());
    let task = Task::PollFeed(PollFeedTask { feed: "https://a.test/feed".into() });
    let now = w.clock.now();
    // Another sweep has it (leased, not yet deleted).
    let mut parked = ParkedTask::new(&task, 0, now).unwrap();
    parked.leased_until = Some(now.plus(Duration::from_secs(60)));
    w.deps.repos().parked.put(&parked).await.unwrap();
    assert_eq!(service::park::release_due(&w.deps).await.unwrap(), 0, "a sweep leaves another's lease alone");
    assert!(w.queue.is_empty());
    // That sweep died before deleting it: once its lease ends, the task is released, once.
    w.clock.advance(Duration::from_secs(61));
    assert_eq!(service::park::release_due(&w.deps).await.unwrap(), 1);
    assert_eq!(service::park::release_due(&w.deps).await.unwrap(), 0);
    assert_eq!(w.queue.receive(Stage::Poll, 10, Duration::ZERO).await.unwrap().len(), 1);
    assert!(w.deps.repos().parked.all().await.unwrap().is_empty());
}

#[tokio::test]
async fn an_extract_that_overtakes_its_fetch_waits_instead_of_dropping_the_page() {
    use feedhound::model::{ExtractPageTask, UrlKey, host_key, normalize_url};
    let w = world(CrawlConfig::for_tests());
    let url = normalize_url("https://a.test/p").unwrap();
    let key = UrlKey::of(&url);
    let now = w.clock.now();
    // The page is parked for a retry; its successful fetch has queued the extract but not
    // yet recorded itself.
    let mut entry = UrlEntry::new_queued(key.clone(), url.to_string(), host_key(&url).unwrap(), None, true, now);
    entry.state = UrlState::Parked { reason: "retry:http_503".into(), until: now };
    w.deps.repos().urls.insert(&entry).await.unwrap();
    let raw = format!("raw/{key}.html");
    w.deps.pages.put(&raw, Bytes::from(article(1)), "text/html").await.unwrap();
    let task = ExtractPageTask {
        key: key.clone(),
        url: url.to_string(),
        final_url: url.to_string(),
        feed: None,
        raw: raw.clone(),
        body: None,
        fetched_at: now,
        content_type: None,
        x_robots_tag: vec![],
        host_free_at: None,
    };
    let outcome = service::extract::extract_page(&w.deps, &task).await.unwrap();
    assert!(matches!(outcome, service::extract::ExtractOutcome::Deferred { .. }), "{outcome:?}");
    assert!(w.deps.pages.get(&raw).await.unwrap().is_some(), "the raw body is kept for the real run");
}

#[tokio::test]
async fn a_feeds_own_schedule_stretches_its_polling() {
    let w = world(CrawlConfig::for_tests());
    let s = &w.script;
    s.ok("https://a.test/robots.txt", "");
    s.ok("https://a.test/p", &article(1));
    s.ok(
        "https://a.test/feed",
        "<rss version=\"2.0\"><channel><title>f</title><ttl>1440</ttl><item><title>t</title><link>https://a.test/p</link></item></channel></rss>",
    );
    w.poll("https://a.test/feed").await;
    let start = w.clock.now();
    w.run_until(w.later(H)).await;
    let feed = w.deps.repos().feeds.get("https://a.test/feed").await.unwrap().unwrap().value;
    let wait = feed.next_poll_at.since(start);
    assert!(
        wait >= Duration::from_secs(24 * H) && wait < Duration::from_secs(25 * H),
        "<ttl>1440</ttl> beats the 8 h floor: {wait:?}"
    );
}

#[tokio::test]
async fn a_redelivered_poll_enqueues_each_page_once_and_recovers_a_lost_send() {
    use feedhound::model::{UrlKey, host_key, normalize_url};
    let w = world(CrawlConfig { poll_interval: Duration::from_millis(1), ..CrawlConfig::for_tests() });
    let s = &w.script;
    s.ok("https://a.test/robots.txt", "");
    let pages: Vec<String> = (0..3).map(|i| format!("https://a.test/p/{i}")).collect();
    s.ok("https://a.test/feed", &feed(&pages));
    // A poll that died after inserting p/2 into the seen set but before sending its task.
    let lost = normalize_url(&pages[2]).unwrap();
    let entry = UrlEntry::new_queued(
        UrlKey::of(&lost),
        lost.to_string(),
        host_key(&lost).unwrap(),
        Some("https://a.test/feed".into()),
        false,
        w.clock.now(),
    );
    w.deps.repos().urls.insert(&entry).await.unwrap();
    // The same poll delivered twice; only polls run, so the fetch tasks stay queued to count.
    for _ in 0..2 {
        w.poll("https://a.test/feed").await;
        for _ in 0..50 {
            let got = w.queue.receive(Stage::Poll, 1, Duration::ZERO).await.unwrap();
            let Some(d) = got.into_iter().next() else {
                match w.queue.next_visible() {
                    Some(t) if t <= w.later(60) => {
                        w.clock.set(t.max(w.clock.now()));
                        continue;
                    }
                    _ => break,
                }
            };
            settle_in_test(&w.deps, d).await;
        }
    }
    let fetch_tasks: Vec<String> = w.queue.bodies().into_iter().filter(|b| b.contains("fetch_page")).collect();
    assert_eq!(fetch_tasks.len(), 3, "each page queued once, the lost one included: {fetch_tasks:?}");
    for p in &pages {
        assert_eq!(fetch_tasks.iter().filter(|b| b.contains(&format!("\"url\":\"{p}\""))).count(), 1, "{p}");
    }
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

#[tokio::test]
async fn a_polls_new_pages_reach_the_fetcher_a_gap_apart_per_host() {
    let w = world(CrawlConfig::for_tests());
    let s = &w.script;
    s.ok("https://a.test/robots.txt", "");
    s.ok("https://b.test/robots.txt", "");
    let a: Vec<String> = (0..3).map(|i| format!("https://a.test/p/{i}")).collect();
    let b = "https://b.test/q".to_owned();
    s.ok("https://a.test/feed", &feed(&[a.clone(), vec![b.clone()]].concat()));
    w.poll("https://a.test/feed").await;
    // Run the poll alone: robots.txt, then the feed.
    for _ in 0..5 {
        for d in w.queue.receive(Stage::Poll, 1, Duration::ZERO).await.unwrap() {
            settle_in_test(&w.deps, d).await;
        }
        if let Some(t) = w.queue.next_visible().filter(|_| s.requests("https://a.test/feed").is_empty()) {
            w.clock.set(t.max(w.clock.now()));
        }
    }
    let polled = *s.requests("https://a.test/feed").last().unwrap();
    let gap = w.deps.config.min_gap;
    let mut fetches = Vec::new();
    while let Some(t) = w.queue.next_visible() {
        w.clock.set(t.max(w.clock.now()));
        for d in w.queue.receive(Stage::Fetch, 10, Duration::ZERO).await.unwrap() {
            let Ok(Task::FetchPage(task)) = Task::decode(&d.body) else { panic!("{}", d.body) };
            fetches.push((task.url, w.clock.now().since(polled)));
            w.queue.ack(&d).await.unwrap();
        }
    }
    let of = |host: &str| -> Vec<Duration> {
        fetches.iter().filter(|(u, _)| u.contains(host)).map(|(_, d)| *d).collect::<Vec<_>>()
    };
    let (at_a, at_b) = (of("a.test"), of("b.test"));
    assert_eq!(at_a.len(), 3, "{fetches:?}");
    // Each arrives when its host is free: the first a gap after the feed request, the
    // rest a gap apart (no image checks in this world); another host's page is its first.
    assert!(at_a[0] >= gap, "{at_a:?}");
    for pair in at_a.windows(2) {
        assert!(pair[1] - pair[0] >= gap, "{at_a:?}");
    }
    assert_eq!(at_b.len(), 1);
    assert!(at_b[0] < at_a[1], "spaced per host: {fetches:?}");
}

#[tokio::test]
async fn a_block_reaches_the_gate_within_the_blocklist_age() {
    let w = world(CrawlConfig::for_tests());
    let s = &w.script;
    s.ok("https://a.test/robots.txt", "");
    s.ok("https://a.test/p/0", &article(0));
    let url = url::Url::parse("https://a.test/p/0").unwrap();
    let host = feedhound::model::host_key(&url).unwrap();
    let gate = |w: &World| {
        let (deps, url, host) = (w.deps.clone(), url.clone(), host.clone());
        async move {
            feedhound::service::gate::gate(&deps, &url, &host, feedhound::service::gate::RequestKind::Regular)
                .await
                .unwrap()
        }
    };
    assert!(!matches!(gate(&w).await, feedhound::service::gate::Gate::Refused { .. }), "not blocked yet");
    // Another process blocks the domain (this one's list is a moment old).
    let other = feedhound::repo::Repos::new(&w.deps.state);
    other.blocklist.change(|l| l.domains.insert("a.test".into())).await.unwrap();
    w.clock.advance(Duration::from_millis(500));
    assert!(
        !matches!(gate(&w).await, feedhound::service::gate::Gate::Refused { .. }),
        "the list read half a second ago still stands"
    );
    w.clock.advance(feedhound::service::gate::BLOCKLIST_MAX_AGE);
    assert!(
        matches!(gate(&w).await, feedhound::service::gate::Gate::Refused { .. }),
        "read again once it is older than the blocklist age"
    );
    // A block made in this process counts at once.
    feedhound::service::operator::set_blocked(&w.deps, "a.test", false).await.unwrap();
    assert!(!matches!(gate(&w).await, feedhound::service::gate::Gate::Refused { .. }), "unblocked here: at once");
}

#[tokio::test]
async fn a_missing_robots_copy_is_fetched_again_never_taken_as_allow_all() {
    let w = world(CrawlConfig::for_tests());
    let s = &w.script;
    s.ok("https://a.test/robots.txt", "User-agent: *\nDisallow: /private/\n");
    s.ok("https://a.test/p/0", &article(0));
    s.ok("https://a.test/private/1", &article(1));
    s.ok("https://a.test/feed", &feed(&["https://a.test/p/0".to_owned()]));
    w.poll("https://a.test/feed").await;
    w.run_until(w.later(H)).await;
    assert_eq!(s.requests("https://a.test/robots.txt").len(), 1);
    // The copy is lost (or an older version kept it elsewhere), in a fresh process.
    w.deps.repos().robots.delete("a.test").await.unwrap();
    let fresh = Deps { gate_local: Arc::default(), ..w.deps.clone() };
    let fresh = World {
        deps: fresh,
        metrics: w.metrics.clone(),
        queue: w.queue.clone(),
        clock: w.clock.clone(),
        script: w.script.clone(),
    };
    fresh.clock.advance(Duration::from_secs(60));
    s.ok("https://a.test/feed", &feed(&["https://a.test/p/0".to_owned(), "https://a.test/private/1".to_owned()]));
    fresh.poll("https://a.test/feed").await;
    fresh.run_until(fresh.later(H)).await;
    assert_eq!(s.requests("https://a.test/robots.txt").len(), 2, "fetched again");
    assert!(s.requests("https://a.test/private/1").is_empty(), "its rules still hold");
    assert!(matches!(fresh.states().await["https://a.test/private/1"], UrlState::Excluded { .. }));
}

#[tokio::test]
async fn after_a_slow_answer_the_hosts_next_request_waits_a_gap_after_the_answer() {
    // A request can reach the host as late as its answer comes back (a new connection's
    // handshakes, a busy server); the next one, on an open connection, arrives at once.
    let w = world(CrawlConfig::for_tests());
    let s = &w.script;
    s.ok("https://slow.test/robots.txt", "");
    let pages: Vec<String> = (0..3).map(|i| format!("https://slow.test/p/{i}")).collect();
    for p in &pages {
        s.ok(p, &article(0));
    }
    s.ok("https://slow.test/feed", &feed(&pages));
    let takes = Duration::from_millis(700);
    s.slow(&pages[0], takes);
    w.poll("https://slow.test/feed").await;
    w.run_until(w.later(60)).await;

    let log = s.all();
    let at = log.iter().position(|(_, u)| *u == pages[0]).unwrap();
    let (asked, _) = log[at];
    let answered = asked.plus(takes);
    let (next, next_url) = log.get(at + 1).cloned().unwrap();
    assert!(
        next.since(answered) >= w.deps.config.min_gap,
        "{next_url} asked {:?} after the slow answer",
        next.since(answered)
    );
    assert_eq!(s.requests(&pages[1]).len() + s.requests(&pages[2]).len(), 2, "the other pages are fetched: {log:?}");
}
