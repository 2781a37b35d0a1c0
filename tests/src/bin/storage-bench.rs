//! The storage benchmark: what each periodic job reads from the state store, for a crawl
//! state of N feeds and M URLs. A counting wrapper around the store counts the documents
//! each job is handed and the store calls it makes; the point is that the fan-out, the
//! sweep, the sample and a block read O(due or matching items), never O(all items).
//!
//!   cargo run --release -p feedhound-tests --bin storage-bench -- --feeds 2000 --urls 20000
//!   (add `--backend aws` with AWS_ENDPOINT_URL pointing at an emulator, or `both`)

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use async_trait::async_trait;
use clap::Parser;
use feedhound::adapters::clock::{FixedJitter, ManualClock};
use feedhound::adapters::embedded::EmbeddedStore;
use feedhound::adapters::http::{HttpConfig, ReqwestHttpClient};
use feedhound::adapters::memory::{MemoryPageStore, MemoryQueue};
use feedhound::config::CrawlConfig;
use feedhound::model::{FeedState, FetchPageTask, Task, Timestamp, UrlEntry, UrlKey, UrlState, host_key};
use feedhound::ports::{Doc, DocPage, Expect, Namespace, StateError, StateStore, Versioned};
use feedhound::repo::ParkedTask;
use feedhound::service::Deps;

#[derive(Parser, Debug)]
struct Args {
    /// Feeds in the state (a tenth of them due).
    #[arg(long, default_value_t = 2000)]
    feeds: usize,
    /// URLs in the state (a twentieth waiting, the rest stored).
    #[arg(long, default_value_t = 20_000)]
    urls: usize,
    /// Parked tasks (a tenth of them due).
    #[arg(long, default_value_t = 1000)]
    parked: usize,
    /// Pages the sampler draws.
    #[arg(long, default_value_t = 100)]
    sample: usize,
    /// `embedded`, `aws` (needs AWS_ENDPOINT_URL) or `both`.
    #[arg(long, default_value = "embedded")]
    backend: String,
}

/// Counts what passes through the store.
#[derive(Debug)]
struct Counting {
    inner: Arc<dyn StateStore>,
    calls: AtomicU64,
    docs: AtomicU64,
}

impl Counting {
    fn read(&self, n: usize) {
        self.calls.fetch_add(1, Ordering::Relaxed);
        self.docs.fetch_add(n as u64, Ordering::Relaxed);
    }
    fn take(&self) -> (u64, u64) {
        (self.calls.swap(0, Ordering::Relaxed), self.docs.swap(0, Ordering::Relaxed))
    }
}

#[async_trait]
impl StateStore for Counting {
    async fn get(&self, ns: Namespace, id: &str) -> Result<Option<Versioned>, StateError> {
        let r = self.inner.get(ns, id).await?;
        self.read(usize::from(r.is_some()));
        Ok(r)
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
        let r = self.inner.due(ns, until, limit).await?;
        self.read(r.len());
        Ok(r)
    }
    async fn under_domain(
        &self,
        ns: Namespace,
        domain: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<DocPage, StateError> {
        let r = self.inner.under_domain(ns, domain, after, limit).await?;
        self.read(r.0.len());
        Ok(r)
    }
    async fn sample(&self, ns: Namespace, from: u32, limit: usize) -> Result<Vec<(String, Versioned)>, StateError> {
        let r = self.inner.sample(ns, from, limit).await?;
        self.read(r.len());
        Ok(r)
    }
    async fn counts(&self, ns: Namespace) -> Result<BTreeMap<String, u64>, StateError> {
        let r = self.inner.counts(ns).await?;
        self.read(0);
        Ok(r)
    }
    async fn scan(&self, ns: Namespace, after: Option<&str>, limit: usize) -> Result<DocPage, StateError> {
        let r = self.inner.scan(ns, after, limit).await?;
        self.read(r.0.len());
        Ok(r)
    }
}

const NOW: i64 = 1_800_000_000_000;

async fn fill(deps: &Deps, args: &Args) -> Result<()> {
    let repos = deps.repos();
    let now = Timestamp::from_millis(NOW);
    for i in 0..args.feeds {
        let mut f = FeedState::new(format!("https://feed-{i}.test/feed.xml"), None, now);
        // A tenth due now, the rest later.
        f.next_poll_at = if i % 10 == 0 { now } else { now.plus(Duration::from_secs(3600)) };
        repos.feeds.put(&f).await?;
    }
    for i in 0..args.urls {
        // One domain in a hundred is the one the operator blocks; a twentieth of URLs wait.
        let host = if i % 100 == 0 { format!("www.blocked-{}.test", i % 7) } else { format!("site-{}.test", i % 997) };
        let u = url::Url::parse(&format!("https://{host}/p/{i}"))?;
        let mut e = UrlEntry::new_queued(
            UrlKey::of(&u),
            u.to_string(),
            host_key(&u).unwrap_or_else(|| unreachable!()),
            None,
            true,
            now,
        );
        if i % 20 != 0 {
            e.state = UrlState::Stored { record: format!("pages/2026/{host}/{i}.json") };
        }
        repos.urls.put(&e).await?;
    }
    for i in 0..args.parked {
        let u = url::Url::parse(&format!("https://parked.test/p/{i}"))?;
        let task = Task::FetchPage(FetchPageTask {
            key: UrlKey::of(&u),
            url: u.to_string(),
            feed: None,
            hops: vec![],
            attempt: 0,
        });
        let due = if i % 10 == 0 { now } else { now.plus(Duration::from_secs(7200)) };
        repos.parked.put(&ParkedTask::new(&task, 0, due)?).await?;
    }
    Ok(())
}

fn deps(store: Arc<dyn StateStore>) -> Result<Deps> {
    let clock = Arc::new(ManualClock::new(Timestamp::from_millis(NOW)));
    Ok(Deps {
        queue: Arc::new(MemoryQueue::new(clock.clone())),
        state: store,
        pages: Arc::new(MemoryPageStore::new()),
        http: Arc::new(ReqwestHttpClient::new(HttpConfig::default())?),
        clock,
        jitter: Arc::new(FixedJitter(0.37)),
        config: Arc::new(CrawlConfig::default()),
        gate_local: Arc::default(),
        metrics: Arc::new(feedhound::adapters::metrics::NoMetrics),
        classifier: None,
    })
}

async fn run(name: &str, inner: Arc<dyn StateStore>, args: &Args) -> Result<()> {
    let counting = Arc::new(Counting { inner, calls: AtomicU64::new(0), docs: AtomicU64::new(0) });
    let d = deps(counting.clone())?;
    let started = Instant::now();
    fill(&d, args).await?;
    let filled = started.elapsed();
    counting.take();
    let total = args.feeds + args.urls + args.parked;
    println!(
        "\nbackend {name}: {} feeds, {} URLs, {} parked tasks ({total} documents; filled in {:.1} s)",
        args.feeds,
        args.urls,
        args.parked,
        filled.as_secs_f64()
    );
    println!("  {:<32} {:>9} {:>11} {:>11} {:>9}", "periodic job", "matching", "docs read", "store calls", "time");
    let row = |job: &str, matching: usize, t: Duration| {
        let (calls, docs) = counting.take();
        println!("  {job:<32} {matching:>9} {docs:>11} {calls:>11} {:>7.0}ms", t.as_secs_f64() * 1000.0);
    };
    let t = Instant::now();
    let enqueued = feedhound::service::schedule::enqueue_due_feeds(&d).await?;
    row("fan-out (due feeds)", args.feeds.div_ceil(10), t.elapsed());
    if enqueued != args.feeds.div_ceil(10) {
        bail!("the fan-out enqueued {enqueued} feeds, expected {}", args.feeds.div_ceil(10));
    }
    let t = Instant::now();
    let released = feedhound::service::park::release_due(&d).await?;
    row("sweep (due parked tasks)", args.parked.div_ceil(10), t.elapsed());
    if released != args.parked.div_ceil(10) {
        bail!("the sweep released {released}, expected {}", args.parked.div_ceil(10));
    }
    let t = Instant::now();
    let sampled = feedhound::service::recheck::enqueue_sample(&d, args.sample).await?;
    row("sample (stored pages)", sampled, t.elapsed());
    let t = Instant::now();
    let blocked = feedhound::service::operator::set_blocked(&d, "blocked-3.test", true).await?;
    row("block a domain (waiting URLs)", blocked.excluded, t.elapsed());
    let t = Instant::now();
    let status = feedhound::embedded::status_report(&d).await?;
    row("status (per-state counters)", 0, t.elapsed());
    println!(
        "  status: {} URLs by state {:?}",
        status.total_urls,
        status.urls.iter().filter(|(_, n)| **n > 0).collect::<Vec<_>>()
    );
    Ok(())
}

#[tokio::main]
async fn main() -> Result<()> {
    let args = Args::parse();
    if matches!(args.backend.as_str(), "embedded" | "both") {
        let dir = tempfile::tempdir()?;
        let store = EmbeddedStore::open(dir.path(), Arc::new(ManualClock::new(Timestamp::from_millis(NOW))))?;
        run("embedded (redb)", Arc::new(store), &args).await?;
    }
    if matches!(args.backend.as_str(), "aws" | "both") {
        use feedhound::adapters::aws::{AwsClients, AwsConfig, DynamoStateStore, provision};
        if std::env::var("AWS_ENDPOINT_URL").is_err() {
            bail!("--backend aws needs AWS_ENDPOINT_URL (an emulator; tests/run.sh starts one)");
        }
        let name = format!("fh-storage-bench-{}", std::process::id());
        let config = AwsConfig { table: name.clone(), bucket: name.clone(), queue_prefix: name, s3_path_style: true };
        let clients = AwsClients::from_env(&config).await;
        provision(&clients, &config, 5).await?;
        run("DynamoDB (emulator)", Arc::new(DynamoStateStore::new(clients.dynamodb.clone(), config.table)), &args)
            .await?;
    }
    Ok(())
}
