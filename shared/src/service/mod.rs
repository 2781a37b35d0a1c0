//! Use cases over ports only. Each takes a task and returns an outcome; the same code runs
//! in the Lambdas and in embedded mode.
//!
//! - [`gate`]: robots.txt and the host lease in front of every request.
//! - [`poll`]: feeds → new URLs; [`schedule`]: which feeds are due.
//! - [`fetch`]: URL → raw page, with holds, retries and redirects.
//! - [`extract`]: raw page → record.
//! - [`discover`]: site → feeds; [`recheck`]: liveness; [`index`]: per-year manifests.

pub mod delivery;
pub mod discover;
pub mod extract;
pub mod fetch;
pub mod gate;
pub mod index;
pub mod operator;
pub mod optout;
pub mod park;
pub mod poll;
pub mod recheck;
pub mod schedule;
pub mod worker;

use std::sync::Arc;
use std::time::Duration;

use crate::config::CrawlConfig;
use crate::model::{PageRecord, Stage, Task, Timestamp, UrlState};
use crate::ports::{Clock, HttpClient, Jitter, PageStore, PageStoreError, Queue, QueueError, StateError, StateStore};
use crate::repo::Repos;

/// Everything a service needs, as ports.
#[derive(Clone, Debug)]
pub struct Deps {
    /// Task queues.
    pub queue: Arc<dyn Queue>,
    /// Host, URL and feed state.
    pub state: Arc<dyn StateStore>,
    /// Records and raw bodies.
    pub pages: Arc<dyn PageStore>,
    /// The network.
    pub http: Arc<dyn HttpClient>,
    /// Now.
    pub clock: Arc<dyn Clock>,
    /// Randomness for jitter.
    pub jitter: Arc<dyn Jitter>,
    /// Crawl settings.
    pub config: Arc<CrawlConfig>,
    /// The gate's per-process state: parsed robots rules, lease write latency.
    pub gate_local: Arc<gate::GateLocal>,
    /// The image nudity check, when a model is configured (feature `image-model`).
    pub classifier: Option<Arc<dyn crate::policy::filter::ImageClassifier>>,
    /// Operational metrics.
    pub metrics: Arc<dyn crate::ports::Metrics>,
}

impl Deps {
    /// The typed repositories over the state store.
    pub fn repos(&self) -> Repos {
        Repos::new(&self.state)
    }
}

/// A failure of a service: something to retry or to dead-letter, never an expected result.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// The state store failed.
    #[error(transparent)]
    State(#[from] StateError),
    /// The queue failed.
    #[error(transparent)]
    Queue(#[from] QueueError),
    /// The page store failed.
    #[error(transparent)]
    Pages(#[from] PageStoreError),
    /// A task that can never succeed.
    #[error("invalid task: {0}")]
    InvalidTask(String),
    /// The full-text index failed. (Its error as text: holding tantivy's error type here
    /// would link tantivy's messages into every function, measured 0.2 MB each.)
    #[error("{0}")]
    Index(String),
    /// Handling the task panicked (a bug, or input no test foresaw): this task fails and
    /// is retried, then dead-lettered; every other task goes on.
    #[error("panicked: {0}")]
    Panicked(String),
}

impl ServiceError {
    /// Whether retrying the task may help.
    pub fn is_retryable(&self) -> bool {
        match self {
            ServiceError::State(e) => e.is_retryable(),
            ServiceError::Queue(e) => e.is_retryable(),
            ServiceError::Pages(e) => e.is_retryable(),
            ServiceError::InvalidTask(_) | ServiceError::Index(_) => false,
            ServiceError::Panicked(_) => true,
        }
    }
}

/// What became of a task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// See [`poll::PollOutcome`].
    Poll(poll::PollOutcome),
    /// See [`fetch::FetchOutcome`].
    Fetch(fetch::FetchOutcome),
    /// See [`extract::ExtractOutcome`].
    Extract(extract::ExtractOutcome),
    /// See [`discover::DiscoverOutcome`].
    Discover(discover::DiscoverOutcome),
    /// See [`recheck::RecheckOutcome`].
    Recheck(recheck::RecheckOutcome),
}

impl Outcome {
    /// When the same task must run again (a lease wait, a hold, a retry): it is re-sent
    /// with that delay and the delivery acknowledged, so waiting never counts as failing.
    pub fn retry_at(&self) -> Option<Timestamp> {
        match self {
            Outcome::Poll(poll::PollOutcome::Deferred { until }) => Some(*until),
            Outcome::Fetch(fetch::FetchOutcome::Deferred { until } | fetch::FetchOutcome::Parked { until, .. }) => {
                Some(*until)
            }
            Outcome::Discover(discover::DiscoverOutcome::Deferred { until }) => Some(*until),
            Outcome::Extract(extract::ExtractOutcome::Deferred { until }) => Some(*until),
            Outcome::Recheck(recheck::RecheckOutcome::Deferred { until }) => Some(*until),
            _ => None,
        }
    }

    /// Why, for outcomes that have a reason: its name up to the first `:` (so a metric
    /// dimension stays low-cardinality: `not_html`, never the content type).
    pub fn reason(&self) -> Option<String> {
        use extract::ExtractOutcome as E;
        use fetch::FetchOutcome as F;
        let full = match self {
            Outcome::Fetch(F::Invalid { reasons }) | Outcome::Extract(E::Invalid { reasons }) => {
                reasons.first()?.to_string()
            }
            Outcome::Fetch(F::Excluded { reason }) | Outcome::Extract(E::Excluded { reason }) => reason.to_string(),
            Outcome::Fetch(F::Parked { reason, .. }) => reason.to_string(),
            Outcome::Extract(E::Filtered { reason }) => reason.to_string(),
            _ => return None,
        };
        Some(full.split(':').next().unwrap_or_default().to_owned())
    }

    /// A short name for logs and counters, `<stage>:<outcome>`.
    pub fn name(&self) -> &'static str {
        use discover::DiscoverOutcome as D;
        use extract::ExtractOutcome as E;
        use fetch::FetchOutcome as F;
        use poll::PollOutcome as P;
        use recheck::RecheckOutcome as R;
        match self {
            Outcome::Poll(o) => match o {
                P::Polled { .. } => "poll:polled",
                P::NotModified => "poll:not_modified",
                P::Failed { .. } => "poll:failed",
                P::Excluded => "poll:excluded",
                P::Deferred { .. } => "poll:deferred",
            },
            Outcome::Fetch(o) => match o {
                F::Fetched => "fetch:fetched",
                F::Redirected { .. } => "fetch:redirected",
                F::Gone => "fetch:gone",
                F::Invalid { .. } => "fetch:invalid",
                F::Excluded { .. } => "fetch:excluded",
                F::Deferred { .. } => "fetch:deferred",
                F::Parked { .. } => "fetch:parked",
                F::Retrying { .. } => "fetch:retrying",
                F::AlreadyDone => "fetch:already_done",
                F::ImageChecked { ok: true } => "fetch:image_ok",
                F::ImageChecked { ok: false } => "fetch:image_refused",
            },
            Outcome::Extract(o) => match o {
                E::CheckingImage => "extract:checking_image",
                E::Stored { .. } => "extract:stored",
                E::Filtered { .. } => "extract:filtered",
                E::Duplicate { .. } => "extract:duplicate",
                E::Invalid { .. } => "extract:invalid",
                E::Excluded { .. } => "extract:excluded",
                E::Deferred { .. } => "extract:deferred",
                E::AlreadyDone => "extract:already_done",
            },
            Outcome::Discover(o) => match o {
                D::Found { .. } => "discover:found",
                D::NoFeeds => "discover:no_feeds",
                D::Failed { .. } => "discover:failed",
                D::Excluded => "discover:excluded",
                D::Next => "discover:next",
                D::Deferred { .. } => "discover:deferred",
            },
            Outcome::Recheck(o) => match o {
                R::Alive => "recheck:alive",
                R::Removed { .. } => "recheck:removed",
                R::Missing { .. } => "recheck:missing",
                R::Confirming { .. } => "recheck:confirming",
                R::Unknown => "recheck:unknown",
                R::Skipped => "recheck:skipped",
                R::Deferred { .. } => "recheck:deferred",
            },
        }
    }
}

/// Run one task. This is the task boundary of every driver (the Lambdas, `feedhound
/// work`, the embedded crawl): a panic while handling the task is caught here and fails
/// this task alone, as [`ServiceError::Panicked`].
///
/// # Errors
/// [`ServiceError`] for failures (store, queue); expected results are [`Outcome`]s.
pub async fn run(deps: &Deps, task: &Task) -> Result<Outcome, ServiceError> {
    run_with(deps, task, every_stage).await
}

/// What runs a task: [`every_stage`] (the embedded crawl, `feedhound work`) or one
/// stage's runner (a Lambda), so a function's bootstrap links only its own services: the
/// poller has no extraction code, the extractor no feed parser.
pub type Runner = for<'a> fn(&'a Deps, &'a Task) -> BoxFuture<'a, Result<Outcome, ServiceError>>;

/// A boxed future borrowing the dependencies.
pub type BoxFuture<'a, T> = std::pin::Pin<Box<dyn std::future::Future<Output = T> + Send + 'a>>;

/// [`run`] with a chosen runner: the task boundary, where a panic fails this task alone.
///
/// # Errors
/// As [`run`].
pub async fn run_with(deps: &Deps, task: &Task, runner: Runner) -> Result<Outcome, ServiceError> {
    use futures::FutureExt;
    std::panic::AssertUnwindSafe(runner(deps, task))
        .catch_unwind()
        .await
        .unwrap_or_else(|payload| Err(ServiceError::Panicked(crate::panic_message(payload.as_ref()))))
}

/// Runs every kind of task.
pub fn every_stage<'a>(deps: &'a Deps, task: &'a Task) -> BoxFuture<'a, Result<Outcome, ServiceError>> {
    Box::pin(async move {
        match task.stage() {
            Stage::Poll => poll_stage(deps, task).await,
            Stage::Fetch => fetch_stage(deps, task).await,
            Stage::Extract => extract_stage(deps, task).await,
            Stage::Discover => discover_stage(deps, task).await,
        }
    })
}

/// A task handed to a stage's runner that belongs to another stage: a message on the
/// wrong queue. Not retryable; it is dead-lettered with this error.
fn wrong_stage(stage: Stage, task: &Task) -> ServiceError {
    ServiceError::InvalidTask(format!("a {} task on the {} queue", task.kind(), stage.as_str()))
}

/// Runs poll tasks (the poller).
pub fn poll_stage<'a>(deps: &'a Deps, task: &'a Task) -> BoxFuture<'a, Result<Outcome, ServiceError>> {
    Box::pin(async move {
        match task {
            Task::PollFeed(t) => Ok(Outcome::Poll(poll::poll_feed(deps, t).await?)),
            other => Err(wrong_stage(Stage::Poll, other)),
        }
    })
}

/// Runs page fetches, image checks and re-checks (the fetcher).
pub fn fetch_stage<'a>(deps: &'a Deps, task: &'a Task) -> BoxFuture<'a, Result<Outcome, ServiceError>> {
    Box::pin(async move {
        match task {
            Task::FetchPage(t) => Ok(Outcome::Fetch(fetch::fetch_page(deps, t).await?)),
            Task::CheckImage(t) => Ok(Outcome::Fetch(fetch::check_image(deps, t).await?)),
            Task::RecheckPage(t) => Ok(Outcome::Recheck(recheck::recheck_page(deps, t).await?)),
            other => Err(wrong_stage(Stage::Fetch, other)),
        }
    })
}

/// Runs extraction (the extractor).
pub fn extract_stage<'a>(deps: &'a Deps, task: &'a Task) -> BoxFuture<'a, Result<Outcome, ServiceError>> {
    Box::pin(async move {
        match task {
            Task::ExtractPage(t) => Ok(Outcome::Extract(extract::extract_page(deps, t).await?)),
            other => Err(wrong_stage(Stage::Extract, other)),
        }
    })
}

/// Runs site discovery (the discoverer).
pub fn discover_stage<'a>(deps: &'a Deps, task: &'a Task) -> BoxFuture<'a, Result<Outcome, ServiceError>> {
    Box::pin(async move {
        match task {
            Task::DiscoverSite(t) => Ok(Outcome::Discover(discover::discover_site(deps, t).await?)),
            other => Err(wrong_stage(Stage::Discover, other)),
        }
    })
}

/// Run a task, waiting in-process for short deferrals instead of re-queueing them.
///
/// For queues whose delays are whole seconds (SQS), re-sending a task that must wait
/// 1.05 s costs a 2 s wait; waiting here for up to `max_wait` (a few times at most) keeps
/// the host's gaps near the minimum. Longer waits are returned for re-queueing.
///
/// # Errors
/// As [`run`].
pub async fn run_waiting_briefly(
    deps: &Deps,
    task: &Task,
    max_wait: Duration,
    runner: Runner,
) -> Result<Outcome, ServiceError> {
    let mut outcome = run_with(deps, task, runner).await?;
    for _ in 0..4 {
        let Some(at) = outcome.retry_at() else { break };
        let wait = at.since(deps.clock.now());
        if wait > max_wait {
            break;
        }
        tokio::time::sleep(wait).await;
        outcome = run_with(deps, task, runner).await?;
    }
    Ok(outcome)
}

/// Send `task` to run at `at`: on its queue with a delay, or parked in the state store
/// when the wait is longer than the queue can delay.
///
/// # Errors
/// [`ServiceError`] when the queue or the store fails.
pub async fn send_at(deps: &Deps, task: &Task, at: Timestamp) -> Result<(), ServiceError> {
    send_at_carrying(deps, task, at, 0).await
}

/// [`send_at`] for a task that already failed `failures` times (see
/// [`Task::encode_carrying`]).
///
/// # Errors
/// [`ServiceError`] when the queue or the store fails.
pub async fn send_at_carrying(deps: &Deps, task: &Task, at: Timestamp, failures: u32) -> Result<(), ServiceError> {
    let delay = at.since(deps.clock.now());
    if deps.queue.max_delay().is_some_and(|max| delay > max) {
        return park::park(deps, task, failures, at).await;
    }
    Ok(deps.queue.resend(task, failures, delay).await?)
}

/// Record that a page's task was dead-lettered, so the URL ends in a visible state.
///
/// # Errors
/// [`ServiceError`] when the state store fails.
pub async fn mark_dead_lettered(deps: &Deps, task: &Task, error: &str) -> Result<(), ServiceError> {
    let Some(key) = task.url_key() else {
        return Ok(());
    };
    deps.repos()
        .urls
        .transition(key, deps.clock.now(), |entry| {
            let waiting = !entry.state.is_final() || matches!(entry.state, UrlState::Parked { .. });
            if waiting {
                entry.state = UrlState::DeadLettered { error: error.chars().take(500).collect() };
            }
            waiting
        })
        .await?;
    Ok(())
}

/// Read a page record (or its draft) from `location` in the page store.
///
/// # Errors
/// [`ServiceError`] when the store fails or the object is not a record.
pub async fn get_record(pages: &dyn PageStore, location: &str) -> Result<Option<PageRecord>, ServiceError> {
    let Some(bytes) = pages.get(location).await? else { return Ok(None) };
    serde_json::from_slice(&bytes).map(Some).map_err(|e| ServiceError::InvalidTask(format!("record {location}: {e}")))
}

/// Write a page record (or its draft) as pretty JSON at `location` in the page store.
///
/// # Errors
/// [`ServiceError`] when the store fails.
pub async fn put_record(pages: &dyn PageStore, location: &str, record: &PageRecord) -> Result<(), ServiceError> {
    let body = serde_json::to_vec_pretty(record).map_err(|e| ServiceError::InvalidTask(e.to_string()))?;
    pages.put(location, bytes::Bytes::from(body), "application/json").await?;
    Ok(())
}
