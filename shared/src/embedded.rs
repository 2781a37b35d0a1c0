//! Embedded mode: every stage in one process over the durable [`EmbeddedStore`].
//!
//! A dispatcher takes visible tasks (downstream stages first, so pages finish before more
//! are discovered) and runs up to `workers` of them at once through the same services as
//! the Lambdas; deferred tasks are re-sent with their delay, failed ones given back with a
//! backoff, and a task is dead-lettered after `max_receives` failed deliveries. A crawl
//! ends when nothing is running and nothing is due within the idle horizon (parked tasks
//! wait for the next run).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use serde::Serialize;

use crate::adapters::embedded::{EmbeddedError, EmbeddedStore, FilePageStore};
use crate::adapters::stats::{StatsLog, StatsRecorder};
use crate::config::CrawlConfig;
use crate::model::{Stage, UrlEntry, UrlState};
use crate::ports::{Clock, Delivery, HttpClient, Jitter, Queue};
use crate::service::delivery::{self, Acks, Received, Settlement};
use crate::service::{self, Deps, ServiceError};

/// How many tasks a crawl runs at once unless told otherwise. Politeness is per host,
/// whatever this is; it bounds how many hosts are served at once. A crawl of many hosts
/// needs about (requests per second) × (a request's time) of them in flight: 1,000 hosts
/// answering in 100 ms need 100 for a request a second each. Waiting tasks cost nothing;
/// a running one holds at most its page's body.
pub const DEFAULT_WORKERS: usize = 256;

/// Options of one crawl run.
#[derive(Clone, Debug)]
pub struct CrawlOptions {
    /// Tasks run at once.
    pub workers: usize,
    /// Stop when nothing is due within this long.
    pub idle_horizon: Duration,
    /// Stop after this many tasks (for tests and dry runs); `None` = no limit.
    pub max_tasks: Option<u64>,
}

impl Default for CrawlOptions {
    fn default() -> Self {
        Self { workers: DEFAULT_WORKERS, idle_horizon: Duration::from_secs(300), max_tasks: None }
    }
}

/// Live counters of a crawl, for progress displays.
#[derive(Debug, Default)]
pub struct Progress {
    /// Tasks finished (acknowledged, re-sent or dead-lettered).
    pub tasks: AtomicU64,
    /// Pages stored.
    pub stored: AtomicU64,
    /// Tasks that failed and were given back.
    pub failures: AtomicU64,
    /// Tasks dead-lettered.
    pub dead: AtomicU64,
}

/// What a crawl run did.
#[derive(Clone, Debug, Default, Serialize)]
pub struct CrawlReport {
    /// Tasks finished.
    pub tasks: u64,
    /// Outcome name → count.
    pub outcomes: BTreeMap<String, u64>,
    /// Tasks dead-lettered.
    pub dead_lettered: u64,
    /// The re-checks this run carried out, when there were any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rechecks: Option<RecheckSummary>,
}

/// What the re-checks of a run found, and the dead-link rate: the share of re-checked
/// pages found gone (removed) or missing for the first time.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct RecheckSummary {
    /// Re-checks that reached a verdict.
    pub checked: u64,
    /// Still there.
    pub alive: u64,
    /// Removed (410, or missing twice a day apart).
    pub removed: u64,
    /// Missing once (404 or soft 404): re-checked again later.
    pub missing: u64,
    /// No verdict (429, 5xx, timeouts...): kept.
    pub unknown: u64,
    /// `(removed + missing) / checked`.
    pub dead_link_rate: f64,
}

impl RecheckSummary {
    /// From a run's outcome counts (`recheck:alive`...); `None` when there were none.
    pub fn from_outcomes(outcomes: &BTreeMap<String, u64>) -> Option<Self> {
        let n = |name: &str| outcomes.get(&format!("recheck:{name}")).copied().unwrap_or(0);
        let (alive, removed, missing, unknown) = (n("alive"), n("removed"), n("missing"), n("unknown"));
        let checked = alive + removed + missing + unknown;
        (checked > 0).then(|| Self {
            checked,
            alive,
            removed,
            missing,
            unknown,
            dead_link_rate: (removed + missing) as f64 / checked as f64,
        })
    }
}

/// URL counts per state, feeds and sites by condition, plus queue sizes.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct StatusReport {
    /// State name → URLs in it (every state listed, zeros included).
    pub urls: BTreeMap<String, u64>,
    /// URLs known.
    pub total_urls: u64,
    /// Feeds registered.
    pub feeds: u64,
    /// Feed condition (`ok`, `not_modified`, `problem`, `excluded`, `held`, `new`) → feeds.
    pub feed_states: BTreeMap<String, u64>,
    /// Site status (`found`, `no_feeds`, `failed`, `excluded`, `discovering`) → sites.
    pub sites: BTreeMap<String, u64>,
    /// Tasks waiting (visible or not).
    pub queued_tasks: u64,
    /// Tasks on the dead-letter queues.
    pub dead_tasks: u64,
}

/// One feed as `status --feeds` shows it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct FeedStatus {
    /// The feed URL.
    pub url: String,
    /// The site it was discovered on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub site: Option<String>,
    /// How it is doing.
    #[serde(flatten)]
    pub condition: crate::model::FeedCondition,
    /// The last poll (RFC 3339).
    pub last_polled_at: Option<String>,
    /// The next poll (RFC 3339).
    pub next_poll_at: String,
    /// Entries in its last parsed answer.
    pub entries: u32,
}

impl FeedStatus {
    /// The status of `feed` at `now`.
    pub fn of(feed: &crate::model::FeedState, now: crate::model::Timestamp) -> Self {
        Self {
            url: feed.url.clone(),
            site: feed.site.clone(),
            condition: feed.condition(now),
            last_polled_at: feed.last_polled_at.map(crate::model::Timestamp::to_rfc3339),
            next_poll_at: feed.next_poll_at.to_rfc3339(),
            entries: feed.last_entries,
        }
    }
}

/// One site as `status --sites` shows it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct SiteStatusLine {
    /// The homepage URL.
    pub url: String,
    /// What discovery made of it.
    #[serde(flatten)]
    pub status: crate::model::SiteStatus,
    /// When discovery is tried again (RFC 3339).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_at: Option<String>,
    /// Requests the last discovery made.
    pub requests: u32,
}

impl SiteStatusLine {
    /// The status of `site`.
    pub fn of(site: &crate::model::SiteState) -> Self {
        Self {
            url: site.url.clone(),
            status: site.status.clone(),
            retry_at: site.retry_at.map(crate::model::Timestamp::to_rfc3339),
            requests: site.requests,
        }
    }

    /// Whether discovery found feeds.
    pub fn found(&self) -> bool {
        matches!(self.status, crate::model::SiteStatus::Found { .. })
    }
}

/// Counts per URL state, feeds per condition (as of each feed's last write) and sites
/// per outcome, from the store's counters: no document is read. Queue sizes as the queue
/// counts them.
///
/// # Errors
/// [`ServiceError`] when the store fails.
pub async fn status_report(deps: &Deps) -> Result<StatusReport, ServiceError> {
    let repos = deps.repos();
    let mut urls: BTreeMap<String, u64> = UrlState::NAMES.iter().map(|n| ((*n).to_owned(), 0)).collect();
    for (tag, n) in repos.urls.counts().await? {
        *urls.entry(tag).or_insert(0) += n;
    }
    let feed_states = repos.feeds.counts().await?;
    let sites = repos.sites.counts().await?;
    let sizes = deps.queue.sizes().await?;
    let (queued_tasks, dead_tasks) = (sizes.waiting, sizes.dead);
    Ok(StatusReport {
        total_urls: urls.values().sum(),
        urls,
        feeds: feed_states.values().sum(),
        feed_states,
        sites,
        queued_tasks,
        dead_tasks,
    })
}

/// Every feed with its condition now.
///
/// # Errors
/// [`ServiceError`] when the store fails.
pub async fn feed_list(deps: &Deps) -> Result<Vec<FeedStatus>, ServiceError> {
    let now = deps.clock.now();
    Ok(deps.repos().feeds.all().await?.iter().map(|f| FeedStatus::of(f, now)).collect())
}

/// Every site submitted for discovery.
///
/// # Errors
/// [`ServiceError`] when the store fails.
pub async fn site_list(deps: &Deps) -> Result<Vec<SiteStatusLine>, ServiceError> {
    Ok(deps.repos().sites.all().await?.iter().map(SiteStatusLine::of).collect())
}

/// A data directory opened for crawling.
#[derive(Debug, Clone)]
pub struct Embedded {
    store: EmbeddedStore,
    deps: Deps,
    dir: PathBuf,
    /// What the services record, for the crawl report (`<dir>/stats`).
    stats: Arc<StatsRecorder>,
}

/// How often a running crawl writes its stats out.
const STATS_EVERY: Duration = Duration::from_secs(15);

impl Embedded {
    /// Open `dir` (created if missing). Pages go under `dir/pages`, state in `dir/state.redb`.
    /// A data directory written before the state store had indexes is migrated on open:
    /// its counts are rebuilt and every document is written back once with its index keys.
    ///
    /// # Errors
    /// [`EmbeddedError`] when the directory or its database cannot be opened or migrated.
    pub async fn open(
        dir: &Path,
        http: Arc<dyn HttpClient>,
        config: CrawlConfig,
        clock: Arc<dyn Clock>,
        jitter: Arc<dyn Jitter>,
    ) -> Result<Self, EmbeddedError> {
        let classifier =
            crate::adapters::load_classifier(config.image_model.as_deref()).map_err(EmbeddedError::ImageModel)?;
        let store = EmbeddedStore::open(dir, Arc::clone(&clock))?;
        let stats = Arc::new(StatsRecorder::new(Arc::clone(&clock), config.min_gap));
        let deps = Deps {
            queue: Arc::new(store.clone()),
            state: Arc::new(store.clone()),
            pages: Arc::new(FilePageStore::new(dir)),
            http,
            clock,
            jitter,
            config: Arc::new(config),
            gate_local: Arc::default(),
            metrics: Arc::clone(&stats) as Arc<dyn crate::ports::Metrics>,
            classifier,
        };
        if store.reindex_pending().await.map_err(EmbeddedError::Migration)? {
            let n = deps.repos().reindex().await.map_err(EmbeddedError::Migration)?;
            store.reindex_done().await.map_err(EmbeddedError::Migration)?;
            tracing::info!(documents = n, "data directory migrated: index keys written");
        }
        Ok(Self { store, deps, dir: dir.to_owned(), stats })
    }

    /// Write out what was recorded since the last time, with the URLs per state now, to
    /// the data directory's stats log (read by the crawl report). A failure is logged: the
    /// stats are advisory, the crawl goes on.
    pub async fn flush_stats(&self) {
        match status_report(&self.deps).await {
            Ok(status) => self.stats.urls(status.urls),
            Err(e) => tracing::warn!(error = %crate::error_chain(&e), "could not count URLs for the stats"),
        }
        let minutes = self.stats.take();
        let log = self.stats_log();
        let written = tokio::task::spawn_blocking(move || log.append(&minutes)).await;
        match written {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::warn!(error = %crate::error_chain(&e), "could not write the stats"),
            Err(e) => tracing::warn!(error = %e, "could not write the stats"),
        }
    }

    /// The data directory's stats log.
    pub fn stats_log(&self) -> StatsLog {
        StatsLog::new(&self.dir)
    }

    /// The ports, for callers that drive services directly.
    pub fn deps(&self) -> &Deps {
        &self.deps
    }

    /// The data directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Register a feed (due at once). Returns whether it was new. A known feed that was
    /// excluded (say, refused as a private address) is due again at once: the operator
    /// may have changed the rule that excluded it, and asking costs the site nothing.
    ///
    /// # Errors
    /// [`ServiceError`] for a bad URL or a store failure.
    pub async fn add_feed(&self, url: &str) -> Result<bool, ServiceError> {
        let new = service::poll::register_feed(&self.deps, url, None).await?;
        if !new {
            service::poll::rearm_excluded(&self.deps, url).await?;
        }
        Ok(new)
    }

    /// Queue discovery of a site's feeds (`rescan`: even if it was discovered before).
    ///
    /// # Errors
    /// [`ServiceError`] for a bad URL or a store/queue failure.
    pub async fn add_site(&self, url: &str, rescan: bool) -> Result<service::discover::AddSite, ServiceError> {
        service::discover::add_site(&self.deps, url, rescan).await
    }

    /// Counts per URL state and queue sizes.
    ///
    /// # Errors
    /// [`ServiceError`] when the store fails.
    pub async fn status(&self) -> Result<StatusReport, ServiceError> {
        status_report(&self.deps).await
    }

    /// Every feed with its condition.
    ///
    /// # Errors
    /// [`ServiceError`] when the store fails.
    pub async fn feeds(&self) -> Result<Vec<FeedStatus>, ServiceError> {
        feed_list(&self.deps).await
    }

    /// Every site submitted for discovery, with what discovery made of it.
    ///
    /// # Errors
    /// [`ServiceError`] when the store fails.
    pub async fn sites(&self) -> Result<Vec<SiteStatusLine>, ServiceError> {
        site_list(&self.deps).await
    }

    /// Every URL entry (for tests and reports).
    ///
    /// # Errors
    /// [`ServiceError`] when the store fails.
    pub async fn url_entries(&self) -> Result<Vec<UrlEntry>, ServiceError> {
        Ok(self.deps.repos().urls.all().await?)
    }

    /// Run one crawl cycle until idle: enqueue due feeds, then work every stage.
    ///
    /// One dispatcher takes visible tasks (downstream stages first) as long as fewer than
    /// `workers` run, and runs each as a task of its own. With nothing visible it waits,
    /// without polling, for the next task to come due, a new one to be sent, or a running
    /// one to end: a task that must wait for its host was re-sent with its delay and costs
    /// nothing until then.
    ///
    /// # Errors
    /// [`ServiceError`] when the store or queue fails in a way the tasks cannot absorb.
    pub async fn crawl(
        &self,
        options: &CrawlOptions,
        progress: Arc<Progress>,
        stop: Arc<AtomicBool>,
    ) -> Result<CrawlReport, ServiceError> {
        service::schedule::enqueue_due_feeds(&self.deps).await?;
        let outcomes = Arc::new(std::sync::Mutex::new(BTreeMap::<String, u64>::new()));
        let runner = Arc::new(TaskRunner {
            deps: self.deps.clone(),
            progress: Arc::clone(&progress),
            outcomes: Arc::clone(&outcomes),
        });
        let workers = options.workers.max(1);
        let flusher = {
            let this = self.clone();
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(STATS_EVERY).await;
                    this.flush_stats().await;
                }
            })
        };
        let sent = self.store.sent();
        let mut running: tokio::task::JoinSet<Result<(), ServiceError>> = tokio::task::JoinSet::new();
        let mut first_error: Option<ServiceError> = None;
        let mut note = |joined: Result<Result<(), ServiceError>, tokio::task::JoinError>, stop: &AtomicBool| {
            let failed = match joined {
                Ok(Ok(())) => None,
                Ok(Err(e)) => Some(e),
                Err(e) => Some(ServiceError::InvalidTask(format!("a task's runner failed: {e}"))),
            };
            if let Some(e) = failed {
                stop.store(true, Ordering::SeqCst);
                first_error.get_or_insert(e);
            }
        };
        loop {
            while let Some(joined) = running.try_join_next() {
                note(joined, &stop);
            }
            if options.max_tasks.is_some_and(|m| progress.tasks.load(Ordering::SeqCst) >= m) {
                stop.store(true, Ordering::SeqCst);
            }
            if stop.load(Ordering::SeqCst) {
                break;
            }
            if running.len() >= workers {
                // Every slot taken: the next thing to do is whatever a finished task frees.
                if let Some(joined) = running.join_next().await {
                    note(joined, &stop);
                }
                continue;
            }
            // Registered before looking, so a send while we look is not missed.
            let woken = sent.notified();
            tokio::pin!(woken);
            woken.as_mut().enable();
            let mut taken = 0;
            for stage in Stage::DOWNSTREAM_FIRST {
                let free = workers.saturating_sub(running.len());
                if free == 0 {
                    break;
                }
                for delivery in self.store.receive(stage, free, Duration::ZERO).await? {
                    let runner = Arc::clone(&runner);
                    running.spawn(async move { runner.handle(&delivery).await });
                    taken += 1;
                }
            }
            if taken > 0 {
                continue;
            }
            let now = self.deps.clock.now();
            let next = self.store.next_visible().await?;
            if running.is_empty() && next.is_none_or(|t| t.since(now) > options.idle_horizon) {
                break;
            }
            // Nothing to take: wait for the next task to come due, a send, or a task to end
            // (which frees a slot when every slot was taken).
            let nap = next.map_or(Duration::from_millis(250), |t| t.since(now)).min(Duration::from_millis(250));
            tokio::select! {
                () = &mut woken => {}
                () = tokio::time::sleep(nap) => {}
                Some(joined) = running.join_next(), if !running.is_empty() => note(joined, &stop),
            }
        }
        while let Some(joined) = running.join_next().await {
            note(joined, &stop);
        }
        flusher.abort();
        self.flush_stats().await;
        if let Some(e) = first_error {
            return Err(e);
        }
        let outcomes = outcomes.lock().map(|m| m.clone()).unwrap_or_default();
        let rechecks = RecheckSummary::from_outcomes(&outcomes);
        if let Some(r) = &rechecks {
            tracing::info!(
                checked = r.checked,
                removed = r.removed,
                missing = r.missing,
                dead_link_rate = r.dead_link_rate,
                "re-checks done"
            );
        }
        Ok(CrawlReport {
            tasks: progress.tasks.load(Ordering::SeqCst),
            outcomes,
            dead_lettered: progress.dead.load(Ordering::SeqCst),
            rechecks,
        })
    }
}

/// The longest a continuous crawl waits between cycles: a feed coming due is polled at
/// most this late.
pub const CYCLE_NAP: Duration = Duration::from_secs(60);

impl Embedded {
    /// Crawl until `stop`, as a long-running service does (`feedhound serve`): each cycle
    /// runs [`Embedded::crawl`] (due feeds, then every task) until nothing is due within
    /// the idle horizon, then waits for the next task to come due, for `wake` (work queued
    /// from outside, or the stop), or at most [`CYCLE_NAP`] (feeds coming due).
    ///
    /// # Errors
    /// [`ServiceError`] when the store or queue fails in a way the tasks cannot absorb.
    pub async fn crawl_until_stopped(
        &self,
        options: &CrawlOptions,
        progress: Arc<Progress>,
        stop: Arc<AtomicBool>,
        wake: Arc<tokio::sync::Notify>,
    ) -> Result<(), ServiceError> {
        while !stop.load(Ordering::SeqCst) {
            self.crawl(options, Arc::clone(&progress), Arc::clone(&stop)).await?;
            if stop.load(Ordering::SeqCst) {
                break;
            }
            let now = self.deps.clock.now();
            let nap = self
                .store
                .next_visible()
                .await?
                .map_or(CYCLE_NAP, |t| t.since(now))
                .clamp(Duration::from_millis(50), CYCLE_NAP);
            tokio::select! {
                () = wake.notified() => {}
                () = tokio::time::sleep(nap) => {}
            }
        }
        Ok(())
    }
}

/// Runs one received task through the delivery policy and keeps the crawl's tallies.
struct TaskRunner {
    deps: Deps,
    progress: Arc<Progress>,
    outcomes: Arc<std::sync::Mutex<BTreeMap<String, u64>>>,
}

impl TaskRunner {
    async fn handle(&self, delivery: &Delivery) -> Result<(), ServiceError> {
        use tracing::Instrument;
        let deps = &self.deps;
        let received = Received::decode(delivery.clone());
        let span = match &received.task {
            Ok(task) => tracing::info_span!("task", kind = task.kind(), key = task.url_key().map(|k| k.to_string())),
            Err(_) => tracing::info_span!("task", stage = delivery.stage.as_str()),
        };
        // Timers are in-process and exact here: nothing to gain from waiting inline.
        let (outcome, settlement) =
            delivery::handle(deps, &received, Duration::ZERO, service::every_stage).instrument(span).await;
        delivery::apply(deps, &received, &settlement, Acks::Explicit).await?;
        match &settlement {
            Settlement::Retry { .. } => {
                self.progress.failures.fetch_add(1, Ordering::SeqCst);
                return Ok(());
            }
            Settlement::DeadLetter { .. } => {
                self.progress.dead.fetch_add(1, Ordering::SeqCst);
            }
            Settlement::Ack | Settlement::Requeue { .. } => {}
        }
        if let Some(outcome) = outcome {
            if matches!(
                outcome,
                service::Outcome::Fetch(service::fetch::FetchOutcome::ImageChecked { ok: true })
                    | service::Outcome::Extract(service::extract::ExtractOutcome::Stored { .. })
            ) {
                self.progress.stored.fetch_add(1, Ordering::SeqCst);
            }
            if let Ok(mut m) = self.outcomes.lock() {
                *m.entry(outcome.name().to_owned()).or_insert(0) += 1;
            }
        }
        self.progress.tasks.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }
}
