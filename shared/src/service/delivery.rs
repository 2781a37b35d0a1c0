//! One delivery policy for every driver: the Lambdas' SQS batch helper, the queue workers
//! of `feedhound work` and the embedded crawl each receive a message, run its task and
//! settle the delivery here, the same way.
//!
//! - A task that must wait (a lease, a hold, a retry after a 5xx) is re-sent as a new
//!   message delayed until then, or parked when the queue cannot delay that long, and the
//!   delivery is acknowledged: waiting is never failing. The new message carries the
//!   failed deliveries so far, so waiting never resets them either.
//! - A task that fails is given back to its queue after a backoff, until it has failed
//!   `max_receives` times; then its URL is marked `dead_lettered` with the error (first,
//!   so a crash between the two steps redelivers rather than loses the mark) and the
//!   message moves to the dead-letter queue.
//! - A body that is not a task is poison: dead-lettered with the decode error at once.

use std::time::Duration;

use super::{Deps, Outcome, Runner, ServiceError, mark_dead_lettered, send_at_carrying};
use crate::model::{Task, Timestamp};
use crate::policy::politeness::backoff;
use crate::ports::{Delivery, QueueError};

/// The first retry of a failed task waits this long, doubled per failure (at most an hour).
pub const RETRY_BASE: Duration = Duration::from_secs(1);

/// A received message and what it holds.
#[derive(Debug)]
pub struct Received {
    /// The delivery, to settle.
    pub delivery: Delivery,
    /// The task, or why the body is not one.
    pub task: Result<Task, String>,
    /// Failed deliveries before this one: those of earlier messages of the task (carried
    /// in its body) and the earlier receives of this message.
    pub failures_before: u32,
}

impl Received {
    /// Decode a delivery.
    pub fn decode(delivery: Delivery) -> Self {
        match Task::decode_carried(&delivery.body) {
            Ok((task, carried)) => Self {
                failures_before: carried.saturating_add(delivery.receive_count.saturating_sub(1)),
                task: Ok(task),
                delivery,
            },
            Err(e) => Self { failures_before: 0, task: Err(e.to_string()), delivery },
        }
    }
}

/// What becomes of a delivery once its task ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Settlement {
    /// Done: acknowledge it.
    Ack,
    /// The task runs again at `at`: re-send it (or park it) carrying `failures`, and
    /// acknowledge this delivery.
    Requeue {
        /// When.
        at: Timestamp,
        /// Failed deliveries to carry.
        failures: u32,
    },
    /// It failed and may succeed later: give it back to the queue, visible after `after`.
    Retry {
        /// The backoff.
        after: Duration,
    },
    /// Poison, or failed too often: mark its URL and move it to the dead-letter queue.
    DeadLetter {
        /// The error, stored with the URL and the dead message.
        error: String,
    },
}

impl Settlement {
    /// A short name for logs and counters.
    pub fn name(&self) -> &'static str {
        match self {
            Settlement::Ack => "ack",
            Settlement::Requeue { .. } => "requeue",
            Settlement::Retry { .. } => "retry",
            Settlement::DeadLetter { .. } => "dead_letter",
        }
    }
}

/// Decide what becomes of a delivery: pure, the same for every driver.
pub fn settle(
    result: &Result<Outcome, ServiceError>,
    failures_before: u32,
    max_receives: u32,
    jitter_unit: f64,
) -> Settlement {
    match result {
        Ok(outcome) => match outcome.retry_at() {
            Some(at) => Settlement::Requeue { at, failures: failures_before },
            None => Settlement::Ack,
        },
        Err(e) if !e.is_retryable() || failures_before.saturating_add(1) >= max_receives => {
            Settlement::DeadLetter { error: crate::error_chain(e) }
        }
        Err(_) => Settlement::Retry { after: backoff(RETRY_BASE, failures_before, jitter_unit) },
    }
}

/// Who removes a delivery that was handled: the driver, or the runtime that delivered it
/// (Lambda deletes every message of a batch that is not reported as failed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Acks {
    /// The driver acknowledges each delivery itself.
    Explicit,
    /// The runtime does; a delivery to retry must be reported back to it.
    ByRuntime,
}

/// Carry out a settlement. Returns whether the delivery must be reported back as failed
/// (a retry under [`Acks::ByRuntime`]).
///
/// # Errors
/// [`ServiceError`] when the queue or the store fails; the delivery is then neither
/// acknowledged nor lost: the queue delivers it again.
pub async fn apply(
    deps: &Deps,
    received: &Received,
    settlement: &Settlement,
    acks: Acks,
) -> Result<bool, ServiceError> {
    let delivery = &received.delivery;
    let ack = || async {
        match acks {
            Acks::Explicit => deps.queue.ack(delivery).await,
            Acks::ByRuntime => Ok::<(), QueueError>(()),
        }
    };
    match settlement {
        Settlement::Ack => ack().await?,
        Settlement::Requeue { at, failures } => {
            if let Ok(task) = &received.task {
                send_at_carrying(deps, task, *at, *failures).await?;
            }
            ack().await?;
        }
        Settlement::Retry { after } => {
            deps.queue.release(delivery, *after).await?;
            return Ok(acks == Acks::ByRuntime);
        }
        Settlement::DeadLetter { error } => {
            if let Ok(task) = &received.task {
                mark_dead_lettered(deps, task, error).await?;
            }
            deps.queue.dead_letter(delivery, error).await?;
        }
    }
    Ok(false)
}

/// Run a received task (waiting in-process up to `inline_wait` for short deferrals), then
/// decide what becomes of it. The outcome is returned for counters and logs.
pub async fn handle(
    deps: &Deps,
    received: &Received,
    inline_wait: Duration,
    runner: Runner,
) -> (Option<Outcome>, Settlement) {
    let task = match &received.task {
        Ok(t) => t,
        Err(e) => return (None, Settlement::DeadLetter { error: format!("poison message: {e}") }),
    };
    let started = std::time::Instant::now();
    let result = if inline_wait.is_zero() {
        super::run_with(deps, task, runner).await
    } else {
        super::run_waiting_briefly(deps, task, inline_wait, runner).await
    };
    record_metrics(deps, task, &result, started.elapsed());
    let settlement = settle(&result, received.failures_before, deps.config.max_receives, deps.jitter.unit());
    match (&result, &settlement) {
        (Err(e), Settlement::DeadLetter { .. }) => {
            tracing::error!(kind = task.kind(), error = %crate::error_chain(e), failures = received.failures_before + 1, "task dead-lettered");
        }
        (Err(e), _) => {
            tracing::warn!(kind = task.kind(), error = %crate::error_chain(e), failures = received.failures_before + 1, "task failed; will retry");
        }
        (Ok(o), _) => tracing::debug!(kind = task.kind(), outcome = %o.name(), "task done"),
    }
    (result.ok(), settlement)
}

/// Per task: its time in this process by stage, and what became of it (pages by final
/// state and reason, polls by 304 or not, deferrals).
fn record_metrics(deps: &Deps, task: &Task, result: &Result<Outcome, ServiceError>, took: Duration) {
    use crate::ports::Unit;
    let stage = task.stage().as_str();
    let ms = took.as_secs_f64() * 1000.0;
    deps.metrics.record("TaskMs", Unit::Milliseconds, ms, &[("Stage", stage)]);
    match result {
        Ok(o) => {
            let reason = o.reason();
            let mut dims = vec![("Outcome", o.name())];
            if let Some(r) = reason.as_deref() {
                dims.push(("Reason", r));
            }
            deps.metrics.record("Tasks", Unit::Count, 1.0, &dims);
        }
        Err(_) => deps.metrics.record("TaskErrors", Unit::Count, 1.0, &[("Stage", stage)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::fetch::FetchOutcome;

    fn err(retryable: bool) -> Result<Outcome, ServiceError> {
        Err(if retryable { ServiceError::Panicked("boom".into()) } else { ServiceError::InvalidTask("never".into()) })
    }

    /// Every kind of result on every count of failures before it, in one table.
    #[test]
    fn every_outcome_settles_one_way() {
        let at = Timestamp::from_millis(5_000);
        let deferred = Ok(Outcome::Fetch(FetchOutcome::Deferred { until: at }));
        let parked = Ok(Outcome::Fetch(FetchOutcome::Parked { until: at, reason: "forbidden".into() }));
        let done = Ok(Outcome::Fetch(FetchOutcome::Fetched));
        let cases: [(&Result<Outcome, ServiceError>, u32, Settlement); 9] = [
            (&done, 0, Settlement::Ack),
            (&done, 4, Settlement::Ack),
            (&deferred, 0, Settlement::Requeue { at, failures: 0 }),
            (&deferred, 3, Settlement::Requeue { at, failures: 3 }),
            (&parked, 2, Settlement::Requeue { at, failures: 2 }),
            (&err(true), 0, Settlement::Retry { after: Duration::from_secs(1) }),
            (&err(true), 3, Settlement::Retry { after: Duration::from_secs(8) }),
            (&err(true), 4, Settlement::DeadLetter { error: "panicked: boom".into() }),
            (&err(false), 0, Settlement::DeadLetter { error: "invalid task: never".into() }),
        ];
        for (result, before, want) in cases {
            assert_eq!(settle(result, before, 5, 0.0), want, "{result:?} after {before} failures");
        }
    }

    #[test]
    fn failures_count_across_messages_and_receives() {
        let task = Task::PollFeed(crate::model::PollFeedTask { feed: "https://a.test/f".into() });
        let delivery = |body: String, receive_count| Delivery {
            stage: crate::model::Stage::Poll,
            receipt: "r".into(),
            body,
            receive_count,
        };
        assert_eq!(Received::decode(delivery(task.encode().unwrap(), 1)).failures_before, 0);
        assert_eq!(Received::decode(delivery(task.encode().unwrap(), 3)).failures_before, 2);
        assert_eq!(Received::decode(delivery(task.encode_carrying(2).unwrap(), 2)).failures_before, 3);
        let poison = Received::decode(delivery("{".into(), 9));
        assert!(poison.task.is_err());
    }

    /// Every settlement carried out by each driver's mode, on a queue that can delay 900 s
    /// at most (as SQS): what is left on the queue, the dead-letter queue and the store.
    #[tokio::test]
    async fn every_settlement_on_every_driver() {
        use std::sync::Arc;

        use crate::adapters::clock::{FixedJitter, ManualClock};
        use crate::adapters::memory::{MemoryPageStore, MemoryQueue, MemoryStateStore};
        use crate::model::{FetchPageTask, Stage, UrlEntry, UrlKey, UrlState, host_key};
        use crate::ports::Queue;

        let url = url::Url::parse("https://a.test/p").unwrap();
        let task = Task::FetchPage(FetchPageTask {
            key: UrlKey::of(&url),
            url: url.to_string(),
            feed: None,
            hops: vec![],
            attempt: 0,
        });
        let start = Timestamp::from_millis(1_000_000);
        let cases = [
            (Settlement::Ack, "gone"),
            (Settlement::Requeue { at: start.plus(Duration::from_secs(30)), failures: 2 }, "resent"),
            (Settlement::Requeue { at: start.plus(Duration::from_secs(7200)), failures: 2 }, "parked"),
            (Settlement::Retry { after: Duration::from_secs(5) }, "released"),
            (Settlement::DeadLetter { error: "boom".into() }, "dead"),
        ];
        for acks in [Acks::Explicit, Acks::ByRuntime] {
            for (settlement, effect) in &cases {
                let clock = Arc::new(ManualClock::new(start));
                let queue = Arc::new(MemoryQueue::new(clock.clone()).with_max_delay(Duration::from_secs(900)));
                let deps = Deps {
                    queue: queue.clone(),
                    state: Arc::new(MemoryStateStore::new()),
                    pages: Arc::new(MemoryPageStore::new()),
                    http: Arc::new(
                        crate::adapters::http::ReqwestHttpClient::new(crate::adapters::http::HttpConfig::default())
                            .unwrap(),
                    ),
                    clock: clock.clone(),
                    jitter: Arc::new(FixedJitter(0.0)),
                    config: Arc::new(crate::config::CrawlConfig::for_tests()),
                    gate_local: Arc::default(),
                    metrics: Arc::new(crate::adapters::metrics::NoMetrics),
                    classifier: None,
                };
                let entry =
                    UrlEntry::new_queued(UrlKey::of(&url), url.to_string(), host_key(&url).unwrap(), None, true, start);
                deps.repos().urls.insert(&entry).await.unwrap();
                queue.send(&task, Duration::ZERO).await.unwrap();
                let d = queue.receive(Stage::Fetch, 1, Duration::ZERO).await.unwrap().pop().unwrap();
                let received = Received::decode(d);
                let report = apply(&deps, &received, settlement, acks).await.unwrap();
                let name = format!("{settlement:?} with {acks:?}");
                assert_eq!(report, acks == Acks::ByRuntime && *effect == "released", "{name}: reported back");
                // Later than every delay above but the parked one's.
                clock.set(start.plus(Duration::from_secs(600)));
                let later = queue.receive(Stage::Fetch, 10, Duration::ZERO).await.unwrap();
                let dead = queue.receive_dead(Stage::Fetch, 10, Duration::ZERO).await.unwrap();
                let parked = deps.repos().parked.due(start.plus(Duration::from_secs(9000)), 10).await.unwrap();
                let url_state = deps.repos().urls.get(entry.key.as_str()).await.unwrap().unwrap().value.state;
                // The original comes back (a second delivery) when nobody removed it: a
                // retry, or a runtime that deletes what it is not told failed.
                let left = *effect == "released"
                    || (acks == Acks::ByRuntime && matches!(*effect, "gone" | "resent" | "parked"));
                let originals = later.iter().filter(|d| d.receive_count == 2).count();
                assert_eq!(originals, usize::from(left), "{name}: the original left on its queue");
                let resent: Vec<_> = later.iter().filter(|d| d.receive_count == 1).collect();
                assert_eq!(resent.len(), usize::from(*effect == "resent"), "{name}: a new message");
                for d in resent {
                    assert_eq!(
                        Task::decode_carried(&d.body).unwrap(),
                        (task.clone(), 2),
                        "{name}: carrying its failures"
                    );
                }
                assert_eq!(
                    parked.len(),
                    usize::from(*effect == "parked"),
                    "{name}: parked past the queue's longest delay"
                );
                assert_eq!(dead.len(), usize::from(*effect == "dead"), "{name}: on the dead-letter queue");
                assert_eq!(
                    matches!(url_state, UrlState::DeadLettered { .. }),
                    *effect == "dead",
                    "{name}: the URL says so"
                );
            }
        }
    }
}
