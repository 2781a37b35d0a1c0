//! Liveness: a sample of stored pages is re-checked; 404/410 pages are removed from the
//! index and the page store.

use std::time::Duration;

use super::gate::{Gate, RequestKind, gate};
use super::{Deps, ServiceError};
use crate::model::{RecheckPageTask, Task, Timestamp, UrlState, host_key, normalize_url};
use crate::ports::{Agent, HttpRequest, Method};
use crate::repo::Stored;

/// What became of a re-check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecheckOutcome {
    /// Still there.
    Alive,
    /// Gone: record and index entry removed.
    Removed,
    /// Unclear (error or other status); checked again in a later sample.
    Unknown,
    /// Not a stored page (any more).
    Skipped,
    /// Waiting for the host lease or a hold.
    Deferred {
        /// When.
        until: Timestamp,
    },
}

/// Re-check one page.
///
/// # Errors
/// [`ServiceError`] when a store fails.
pub async fn recheck_page(deps: &Deps, task: &RecheckPageTask) -> Result<RecheckOutcome, ServiceError> {
    let urls = deps.repos().urls;
    let Some(Stored { value: entry, .. }) = urls.get(task.key.as_str()).await? else {
        return Ok(RecheckOutcome::Skipped);
    };
    let UrlState::Stored { record } = entry.state.clone() else {
        return Ok(RecheckOutcome::Skipped);
    };
    let url = normalize_url(&entry.url).map_err(|e| ServiceError::InvalidTask(e.to_string()))?;
    let host = host_key(&url).ok_or_else(|| ServiceError::InvalidTask(format!("no host in {url}")))?;
    let slot = match gate(deps, &url, &host, RequestKind::Regular).await? {
        Gate::Go(slot) => slot,
        Gate::Wait { until, .. } => return Ok(RecheckOutcome::Deferred { until }),
        Gate::Refused { .. } => return Ok(RecheckOutcome::Unknown),
    };
    let mut req = HttpRequest::get(url, Agent::Page);
    req.method = Method::Head;
    let now = deps.clock.now();
    let Some(response) = slot.fetch(deps, req).await else {
        return Ok(RecheckOutcome::Deferred { until: now });
    };
    let (outcome, gone) = match response {
        Ok(r) if r.status == 404 || r.status == 410 => (RecheckOutcome::Removed, Some(r.status)),
        Ok(r) if (200..400).contains(&r.status) => (RecheckOutcome::Alive, None),
        _ => (RecheckOutcome::Unknown, None),
    };
    if gone.is_some() {
        deps.pages.delete(&record).await?;
    }
    urls.transition(&task.key, now, |e| {
        if !matches!(e.state, UrlState::Stored { .. }) {
            return false;
        }
        e.checked_at = Some(now);
        if let Some(status) = gone {
            e.state = UrlState::Gone { status };
        }
        true
    })
    .await?;
    Ok(outcome)
}

/// Enqueue re-checks for up to `max` stored pages drawn at random (the sample index: a
/// read of `max` pages, not of the index). Returns how many were enqueued.
///
/// # Errors
/// [`ServiceError`] when the store or the queue fails.
pub async fn enqueue_sample(deps: &Deps, max: usize) -> Result<usize, ServiceError> {
    let from = (deps.jitter.unit() * f64::from(u32::MAX)) as u32;
    let sample = deps.repos().urls.sample(from, max).await?;
    let tasks: Vec<Task> = sample
        .iter()
        .filter(|s| matches!(s.value.state, UrlState::Stored { .. }))
        .map(|s| Task::RecheckPage(RecheckPageTask { key: s.value.key.clone(), url: s.value.url.clone() }))
        .collect();
    deps.queue.send_all(&tasks, Duration::ZERO).await?;
    Ok(tasks.len())
}
