//! The sampler's draw: every stored page once when the sample is as large as the index,
//! only stored pages, and no more than asked for.
#![allow(clippy::unwrap_used)]

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use feedhound::adapters::clock::{ManualClock, RandomJitter};
use feedhound::adapters::memory::{MemoryPageStore, MemoryQueue, MemoryStateStore};
use feedhound::config::CrawlConfig;
use feedhound::model::{Stage, Task, Timestamp, UrlEntry, UrlKey, UrlState, host_key, normalize_url};
use feedhound::ports::{Clock, HttpClient, HttpError, HttpRequest, HttpResponse, Queue};
use feedhound::service::Deps;
use feedhound::service::recheck::enqueue_sample;

#[derive(Debug)]
struct NoNetwork;

#[async_trait]
impl HttpClient for NoNetwork {
    async fn fetch(&self, request: HttpRequest) -> Result<HttpResponse, HttpError> {
        Err(HttpError::Other { url: request.url.to_string(), message: "no network in this test".into() })
    }
}

async fn setup(seed: u64) -> (Deps, Arc<MemoryQueue>) {
    let clock = Arc::new(ManualClock::new(Timestamp::from_millis(1_780_000_000_000)));
    let queue = Arc::new(MemoryQueue::new(clock.clone()));
    let deps = Deps {
        queue: queue.clone(),
        state: Arc::new(MemoryStateStore::new()),
        pages: Arc::new(MemoryPageStore::new()),
        http: Arc::new(NoNetwork),
        clock: clock.clone(),
        jitter: Arc::new(RandomJitter::seeded(seed)),
        config: Arc::new(CrawlConfig::for_tests()),
        gate_local: Arc::default(),
        metrics: Arc::new(feedhound::adapters::metrics::NoMetrics),
        classifier: None,
    };
    for (host, n) in [("big.test", 40), ("small.test", 3)] {
        for i in 0..n {
            let url = normalize_url(&format!("https://{host}/p/{i}")).unwrap();
            let mut e = UrlEntry::new_queued(
                UrlKey::of(&url),
                url.to_string(),
                host_key(&url).unwrap(),
                None,
                true,
                clock.now(),
            );
            // Every fifth page is not stored: never sampled.
            if i % 5 != 4 {
                e.state = UrlState::Stored { record: format!("pages/2026/{host}/{i}.json") };
            }
            deps.repos().urls.insert(&e).await.unwrap();
        }
    }
    (deps, queue)
}

async fn sampled(queue: &MemoryQueue) -> Vec<String> {
    let mut urls = Vec::new();
    loop {
        let got = queue.receive(Stage::Fetch, 10, Duration::ZERO).await.unwrap();
        if got.is_empty() {
            return urls;
        }
        for d in got {
            let Task::RecheckPage(t) = Task::decode(&d.body).unwrap() else { panic!("a re-check task") };
            urls.push(t.url);
            queue.ack(&d).await.unwrap();
        }
    }
}

#[tokio::test]
async fn a_sample_as_large_as_the_index_takes_every_stored_page_once() {
    for seed in 0..20 {
        let (deps, queue) = setup(seed).await;
        assert_eq!(enqueue_sample(&deps, 40).await.unwrap(), 35, "seed {seed}: 32 + 3 stored pages");
        let urls = sampled(&queue).await;
        assert_eq!(urls.iter().collect::<HashSet<_>>().len(), 35, "seed {seed}: each once");
    }
}

#[tokio::test]
async fn a_small_sample_is_spread_across_hosts() {
    let mut small = 0;
    for seed in 0..40 {
        let (deps, queue) = setup(seed).await;
        assert_eq!(enqueue_sample(&deps, 6).await.unwrap(), 6);
        let urls = sampled(&queue).await;
        assert!(urls.iter().all(|u| !u.ends_with("/4") && !u.ends_with("/9")), "only stored pages: {urls:?}");
        small += urls.iter().filter(|u| u.contains("small.test")).count();
    }
    // small.test holds 3 of the 35 stored pages: drawn by share, 40 samples of 6 would
    // hold it about 21 times; taken host by host, each of its pages read is taken.
    assert!(small >= 30, "small.test sampled {small} times in 40 samples of 6");
}
