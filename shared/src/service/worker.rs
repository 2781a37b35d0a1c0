//! A queue worker over any [`Queue`](crate::ports::Queue): what a Lambda does per batch,
//! as a long-running loop. `feedhound work --aws` runs it against SQS, so a deployment can
//! use machines instead of (or beside) Lambda, and tests can run several competing
//! processes against one DynamoDB table.
//!
//! Deliveries are settled by the policy every driver shares ([`super::delivery`]): a
//! failed task goes back to its queue after a backoff, and past `max_receives` it is
//! dead-lettered with its URL marked.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::delivery::{self, Acks, Received, Settlement};
use super::{Deps, ServiceError};
use crate::model::Stage;

/// Options of a worker pool.
#[derive(Clone, Debug)]
pub struct WorkerOptions {
    /// Concurrent workers.
    pub workers: usize,
    /// Stop after every queue has been empty this long (`None`: run until stopped).
    pub stop_when_idle: Option<Duration>,
}

/// Tasks finished by the pool.
#[derive(Debug, Default)]
pub struct WorkerStats {
    /// Tasks acknowledged (done, deferred or dead-lettered).
    pub done: AtomicU64,
    /// Tasks that failed and were left for redelivery.
    pub failed: AtomicU64,
}

/// Run `options.workers` workers until idle or `stop`.
///
/// # Errors
/// [`ServiceError`] when the queue itself keeps failing.
pub async fn run_workers(
    deps: &Deps,
    options: &WorkerOptions,
    stop: Arc<AtomicBool>,
) -> Result<Arc<WorkerStats>, ServiceError> {
    let stats = Arc::new(WorkerStats::default());
    // Idle means: no worker holds a task, and none has received one for `stop_when_idle`
    // (a task that waits in-process for its lease keeps its worker busy, not idle).
    let last_work = Arc::new(std::sync::Mutex::new(Instant::now()));
    let busy = Arc::new(AtomicUsize::new(0));
    let mut set = tokio::task::JoinSet::new();
    for _ in 0..options.workers.max(1) {
        let (deps, stats, stop, last_work, busy, idle) = (
            deps.clone(),
            Arc::clone(&stats),
            Arc::clone(&stop),
            Arc::clone(&last_work),
            Arc::clone(&busy),
            options.stop_when_idle,
        );
        set.spawn(async move {
            while !stop.load(Ordering::SeqCst) {
                let mut got = false;
                for stage in Stage::DOWNSTREAM_FIRST {
                    let batch = deps.queue.receive(stage, 1, Duration::from_millis(200)).await?;
                    for d in batch {
                        got = true;
                        busy.fetch_add(1, Ordering::SeqCst);
                        let handled = handle(&deps, &stats, &d).await;
                        if let Ok(mut t) = last_work.lock() {
                            *t = Instant::now();
                        }
                        busy.fetch_sub(1, Ordering::SeqCst);
                        handled?;
                    }
                    if got {
                        break;
                    }
                }
                if !got {
                    let quiet = last_work.lock().map(|t| t.elapsed()).unwrap_or_default();
                    if idle.is_some_and(|i| quiet >= i) && busy.load(Ordering::SeqCst) == 0 {
                        stop.store(true, Ordering::SeqCst);
                    }
                    // Queues that answer at once when empty (not SQS's long polling) must
                    // not make an idle worker spin.
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            }
            Ok::<(), ServiceError>(())
        });
    }
    while let Some(r) = set.join_next().await {
        match r {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                stop.store(true, Ordering::SeqCst);
                return Err(e);
            }
            Err(e) => return Err(ServiceError::InvalidTask(format!("worker panicked: {e}"))),
        }
    }
    Ok(stats)
}

async fn handle(deps: &Deps, stats: &WorkerStats, d: &crate::ports::Delivery) -> Result<(), ServiceError> {
    let received = Received::decode(d.clone());
    let (_, settlement) = delivery::handle(deps, &received, deps.config.inline_wait, super::every_stage).await;
    if let Err(e) = delivery::apply(deps, &received, &settlement, Acks::Explicit).await {
        // Not settled, so not lost: the queue delivers it again.
        tracing::warn!(error = %crate::error_chain(&e), settlement = settlement.name(), "could not settle a message");
        stats.failed.fetch_add(1, Ordering::Relaxed);
        return Ok(());
    }
    match settlement {
        Settlement::Retry { .. } => stats.failed.fetch_add(1, Ordering::Relaxed),
        _ => stats.done.fetch_add(1, Ordering::Relaxed),
    };
    Ok(())
}
