//! Parking: a task that must wait longer than its queue can delay (SQS: 15 minutes) is
//! kept in the state store, indexed by its due time, and the sweeper puts it back on its
//! queue when due. Nothing is dropped because a host is held for days, and the sweep reads
//! only the parked tasks that are due.

use std::time::Duration;

use super::{Deps, ServiceError};
use crate::model::{Task, Timestamp};
use crate::repo::{Change, ParkedTask};

/// Parked tasks released per sweep page.
const SWEEP_PAGE: usize = 100;
/// How long a sweep holds a parked task it is releasing: longer than any run takes.
const RELEASE_LEASE: Duration = Duration::from_secs(15 * 60);

/// Park `task` (which failed `failures` times so far) until `due`. Parking the same task
/// for the same time twice keeps one.
///
/// # Errors
/// [`ServiceError`] when the store fails or the task does not encode.
pub async fn park(deps: &Deps, task: &Task, failures: u32, due: Timestamp) -> Result<(), ServiceError> {
    let parked = ParkedTask::new(task, failures, due).map_err(|e| ServiceError::InvalidTask(crate::error_chain(&e)))?;
    deps.repos().parked.put(&parked).await?;
    Ok(())
}

/// Put every parked task that is due back on its queue; returns how many.
///
/// # Errors
/// [`ServiceError`] when the store or the queue fails (what was not yet released stays
/// parked for the next sweep).
pub async fn release_due(deps: &Deps) -> Result<usize, ServiceError> {
    let parked = deps.repos().parked;
    let mut released = 0;
    loop {
        let now = deps.clock.now();
        let due = parked.due(now, SWEEP_PAGE).await?;
        let n = due.len();
        let before = released;
        for p in due {
            let id = crate::repo::Document::id(&p.value);
            // Lease it first: a sweep running meanwhile (schedules may overlap) leaves it
            // alone, and if this one dies before the delete, the task is released again
            // when the lease ends; it is never lost.
            let leased = parked
                .update(&id, |current| match current {
                    Some(mut t) if t.due <= now && t.leased_until.is_none_or(|l| l <= now) => {
                        t.leased_until = Some(now.plus(RELEASE_LEASE));
                        (Change::Put(t), true)
                    }
                    _ => (Change::Keep, false),
                })
                .await?;
            if !leased {
                continue;
            }
            match Task::decode_carried(&p.value.body) {
                Ok((task, failures)) => deps.queue.resend(&task, failures, Duration::ZERO).await?,
                Err(e) => {
                    tracing::error!(error = %e, due = %p.value.due.to_rfc3339(), "unreadable parked task dropped")
                }
            }
            parked.delete(&id).await?;
            released += 1;
        }
        if released == before && n > 0 {
            // Everything due is another sweep's: it releases them.
            return Ok(released);
        }
        if n < SWEEP_PAGE {
            return Ok(released);
        }
    }
}
