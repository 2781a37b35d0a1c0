//! A queue worker over any [`Queue`](crate::ports::Queue): what a Lambda does per batch,
//! as a long-running loop. `feedhound work --aws` runs it against SQS, so a deployment can
//! use machines instead of (or beside) Lambda, and tests can run several competing
//! processes against one DynamoDB table.
//!
//! A failed task is not acknowledged: the queue redelivers it after its visibility timeout,
//! and past `max_receives` it is dead-lettered with its URL marked.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::{Deps, ServiceError};
use crate::model::{Stage, Task};

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

const ORDER: [Stage; 4] = [Stage::Extract, Stage::Fetch, Stage::Poll, Stage::Discover];

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
    let last_work = Arc::new(std::sync::Mutex::new(Instant::now()));
    let mut set = tokio::task::JoinSet::new();
    for _ in 0..options.workers.max(1) {
        let (deps, stats, stop, last_work, idle) =
            (deps.clone(), Arc::clone(&stats), Arc::clone(&stop), Arc::clone(&last_work), options.stop_when_idle);
        set.spawn(async move {
            while !stop.load(Ordering::SeqCst) {
                let mut got = false;
                for stage in ORDER {
                    let batch = deps.queue.receive(stage, 1, Duration::from_millis(200)).await?;
                    for d in batch {
                        got = true;
                        if let Ok(mut t) = last_work.lock() {
                            *t = Instant::now();
                        }
                        handle(&deps, &stats, &d).await?;
                    }
                    if got {
                        break;
                    }
                }
                if !got {
                    let quiet = last_work.lock().map(|t| t.elapsed()).unwrap_or_default();
                    if idle.is_some_and(|i| quiet >= i) {
                        stop.store(true, Ordering::SeqCst);
                    }
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
    let task = match Task::decode(&d.body) {
        Ok(t) => t,
        Err(e) => {
            tracing::error!(error = %e, "poison message dead-lettered");
            deps.queue.dead_letter(d, &e.to_string()).await?;
            stats.done.fetch_add(1, Ordering::Relaxed);
            return Ok(());
        }
    };
    match super::run_waiting_briefly(deps, &task, deps.config.inline_wait).await {
        Ok(outcome) => {
            super::requeue_if_needed(deps, &task, &outcome).await?;
            deps.queue.ack(d).await?;
            stats.done.fetch_add(1, Ordering::Relaxed);
        }
        Err(e) if !e.is_retryable() || d.receive_count >= deps.config.max_receives => {
            tracing::error!(error = %e, "task dead-lettered");
            super::mark_dead_lettered(deps, &task, &e.to_string()).await?;
            deps.queue.dead_letter(d, &e.to_string()).await?;
            stats.done.fetch_add(1, Ordering::Relaxed);
        }
        Err(e) => {
            tracing::warn!(error = %e, receives = d.receive_count, "task failed; the queue will redeliver it");
            stats.failed.fetch_add(1, Ordering::Relaxed);
        }
    }
    Ok(())
}
