//! Parking: a task that must wait longer than its queue can delay (SQS: 15 minutes) is
//! kept in the state store, keyed by its due time, and the sweeper puts it back on its
//! queue when due. Nothing is dropped because a host is held for days.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{Deps, ServiceError};
use crate::model::{Task, Timestamp};
use crate::ports::{Namespace, StateError};

#[derive(Serialize, Deserialize)]
struct ParkedTask {
    due: Timestamp,
    body: String,
}

/// The id orders parked tasks by due time: zero-padded milliseconds, then a digest.
fn park_id(due: Timestamp, body: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest: String = Sha256::digest(body.as_bytes()).iter().take(8).map(|b| format!("{b:02x}")).collect();
    format!("{:015}-{digest}", due.as_millis().max(0))
}

/// Park `task` (which failed `failures` times so far) until `due`. Parking the same task
/// for the same time twice keeps one.
///
/// # Errors
/// [`StateError`] when the store fails.
pub async fn park(deps: &Deps, task: &Task, failures: u32, due: Timestamp) -> Result<(), StateError> {
    let body = task.encode_carrying(failures);
    let doc = serde_json::to_string(&ParkedTask { due, body: body.clone() }).map_err(|e| StateError::Corrupt {
        ns: "parked",
        id: String::new(),
        message: e.to_string(),
    })?;
    deps.state.put_any(Namespace::Parked, &park_id(due, &body), &doc, "parked").await?;
    Ok(())
}

/// Put every parked task that is due back on its queue; returns how many.
///
/// # Errors
/// [`ServiceError`] when the store or the queue fails (what was not yet released stays
/// parked for the next sweep).
pub async fn release_due(deps: &Deps) -> Result<usize, ServiceError> {
    let now = deps.clock.now();
    let mut released = 0;
    loop {
        let (page, more) = deps.state.scan(Namespace::Parked, None, 100).await?;
        let mut any_due = false;
        for (id, doc) in &page {
            let Ok(parked) = serde_json::from_str::<ParkedTask>(&doc.body) else {
                tracing::error!(id, "unreadable parked task dropped");
                deps.state.delete(Namespace::Parked, id).await?;
                continue;
            };
            if parked.due > now {
                // Ids are in due order: nothing after this one is due either.
                return Ok(released);
            }
            any_due = true;
            match Task::decode_carried(&parked.body) {
                Ok((task, failures)) => deps.queue.resend(&task, failures, Duration::ZERO).await?,
                Err(e) => tracing::error!(id, error = %e, "unreadable parked task dropped"),
            }
            deps.state.delete(Namespace::Parked, id).await?;
            released += 1;
        }
        if !more || !any_due {
            return Ok(released);
        }
    }
}
