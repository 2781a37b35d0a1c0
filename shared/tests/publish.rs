//! Publishing the index (what the indexer function does in AWS) and searching what is
//! published (what the search function does), on the memory adapters: a fresh work
//! directory starts from the published bundle and updates it; readers follow the catalog
//! to the new generation; replaced bundles go after their grace period; a writer that
//! loses the catalog race removes its bundle and fails.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use async_trait::async_trait;
use feedhound::adapters::clock::{FixedJitter, ManualClock};
use feedhound::adapters::memory::{MemoryPageStore, MemoryQueue, MemoryStateStore};
use feedhound::config::CrawlConfig;
use feedhound::conformance::word_record as record;
use feedhound::model::{PageRecord, Timestamp, location};
use feedhound::ports::{
    Doc, DocPage, Expect, HttpClient, HttpError, HttpRequest, HttpResponse, Namespace, StateError, StateStore,
    Versioned,
};
use feedhound::search::YearIndexes;
use feedhound::service::Deps;
use feedhound::service::index::{CATALOG_ID, PublishedSearch, catalog, publish_year};

#[derive(Debug)]
struct NoNetwork;

#[async_trait]
impl HttpClient for NoNetwork {
    async fn fetch(&self, request: HttpRequest) -> Result<HttpResponse, HttpError> {
        Err(HttpError::Other { url: request.url.to_string(), message: "no network in this test".into() })
    }
}

const START: i64 = 1_780_000_000_000;

fn deps(clock: Arc<ManualClock>, state: Arc<dyn StateStore>) -> Deps {
    Deps {
        queue: Arc::new(MemoryQueue::new(clock.clone())),
        state,
        pages: Arc::new(MemoryPageStore::new()),
        http: Arc::new(NoNetwork),
        clock,
        jitter: Arc::new(FixedJitter(0.5)),
        config: Arc::new(CrawlConfig::for_tests()),
        gate_local: Arc::default(),
        metrics: Arc::new(feedhound::adapters::metrics::NoMetrics),
        classifier: None,
    }
}

async fn store(deps: &Deps, r: &PageRecord) {
    feedhound::service::put_record(deps.pages.as_ref(), &r.location(), r).await.unwrap();
}

async fn bundles(deps: &Deps) -> Vec<String> {
    deps.pages.list(&location::index_bundles(2026)).await.unwrap()
}

async fn urls_found(search: &PublishedSearch, deps: &Deps, word: &str) -> Vec<String> {
    search.search(deps, word, &[], 10).await.unwrap().expect("published").into_iter().map(|h| h.url).collect()
}

#[tokio::test]
async fn published_indexes_are_updated_from_the_bundle_and_followed_by_readers() {
    let clock = Arc::new(ManualClock::new(Timestamp::from_millis(START)));
    let deps = deps(clock.clone(), Arc::new(MemoryStateStore::new()));
    let reader = tempfile::tempdir().unwrap();
    let search = PublishedSearch::new(reader.path(), Duration::ZERO);
    assert!(search.search(&deps, "walrus", &[], 10).await.unwrap().is_none(), "nothing published yet");

    for (path, word) in [("a", "walrus"), ("b", "okapi"), ("c", "kumquat")] {
        store(&deps, &record(path, word)).await;
    }
    let first_work = tempfile::tempdir().unwrap();
    let first = publish_year(&deps, &YearIndexes::new(first_work.path()), 2026, false).await.unwrap();
    assert_eq!((first.build.documents, first.build.added), (3, 3));
    assert_eq!(urls_found(&search, &deps, "walrus").await, ["https://daily.test/a"]);

    // A page goes, another comes; a new instance with an empty work directory publishes.
    deps.pages.delete(&record("a", "walrus").location()).await.unwrap();
    store(&deps, &record("d", "bagpipe")).await;
    clock.advance(Duration::from_secs(60));
    let second_work = tempfile::tempdir().unwrap();
    let second = publish_year(&deps, &YearIndexes::new(second_work.path()), 2026, false).await.unwrap();
    assert_eq!(
        (second.build.documents, second.build.added, second.build.removed),
        (3, 1, 1),
        "an update of the published bundle, not a rebuild"
    );
    assert!(urls_found(&search, &deps, "walrus").await.is_empty(), "readers follow the catalog");
    assert_eq!(urls_found(&search, &deps, "bagpipe").await, ["https://daily.test/d"]);
    assert_eq!(bundles(&deps).await.len(), 2, "the replaced bundle stays for its grace period");

    clock.advance(Duration::from_secs(2 * 3600));
    let third = publish_year(&deps, &YearIndexes::new(second_work.path()), 2026, false).await.unwrap();
    assert_eq!((third.build.added, third.build.removed, third.removed_bundles), (0, 0, 1));
    let left = bundles(&deps).await;
    assert_eq!(left.len(), 2, "{left:?}");
    assert!(left.contains(&second.published.bundle) && left.contains(&third.published.bundle), "{left:?}");
    let (cat, _) = catalog(&deps).await.unwrap().unwrap();
    assert_eq!(cat.years[&2026].bundle, third.published.bundle);
}

/// A state store where another writer publishes right after each catalog read.
#[derive(Debug)]
struct RacedCatalog {
    inner: MemoryStateStore,
    raced: AtomicBool,
}

#[async_trait]
impl StateStore for RacedCatalog {
    async fn get(&self, ns: Namespace, id: &str) -> Result<Option<Versioned>, StateError> {
        let read = self.inner.get(ns, id).await?;
        if id == CATALOG_ID && !self.raced.swap(true, Ordering::SeqCst) {
            let other = Doc { body: r#"{"years":{}}"#.into(), tag: "index_catalog".into(), ..Doc::default() };
            self.inner.put_any(ns, id, &other).await?;
        }
        Ok(read)
    }
    async fn put(&self, ns: Namespace, id: &str, doc: &Doc, expect: Expect) -> Result<u64, StateError> {
        self.inner.put(ns, id, doc, expect).await
    }
    async fn put_any(&self, ns: Namespace, id: &str, doc: &Doc) -> Result<u64, StateError> {
        self.inner.put_any(ns, id, doc).await
    }
    async fn delete(&self, ns: Namespace, id: &str) -> Result<(), StateError> {
        self.inner.delete(ns, id).await
    }
    async fn due(&self, ns: Namespace, until: Timestamp, limit: usize) -> Result<Vec<(String, Versioned)>, StateError> {
        self.inner.due(ns, until, limit).await
    }
    async fn under_domain(
        &self,
        ns: Namespace,
        domain: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<DocPage, StateError> {
        self.inner.under_domain(ns, domain, after, limit).await
    }
    async fn sample(&self, ns: Namespace, from: u32, limit: usize) -> Result<Vec<(String, Versioned)>, StateError> {
        self.inner.sample(ns, from, limit).await
    }
    async fn counts(&self, ns: Namespace) -> Result<std::collections::BTreeMap<String, u64>, StateError> {
        self.inner.counts(ns).await
    }
    async fn scan(&self, ns: Namespace, after: Option<&str>, limit: usize) -> Result<DocPage, StateError> {
        self.inner.scan(ns, after, limit).await
    }
}

#[tokio::test]
async fn a_writer_that_loses_the_catalog_race_removes_its_bundle_and_fails() {
    let clock = Arc::new(ManualClock::new(Timestamp::from_millis(START)));
    let state = Arc::new(RacedCatalog { inner: MemoryStateStore::new(), raced: AtomicBool::new(false) });
    let deps = deps(clock, state);
    store(&deps, &record("a", "walrus")).await;
    let work = tempfile::tempdir().unwrap();
    let lost = publish_year(&deps, &YearIndexes::new(work.path()), 2026, false).await;
    assert!(matches!(lost, Err(feedhound::service::ServiceError::State(StateError::Conflict { .. }))), "{lost:?}");
    assert!(bundles(&deps).await.is_empty(), "the loser's bundle is removed");
    let (cat, _) = catalog(&deps).await.unwrap().unwrap();
    assert!(cat.years.is_empty(), "the winner's catalog stands");
}
