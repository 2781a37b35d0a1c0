//! Liveness: a sample of stored pages is re-checked; 404/410 pages are removed from the
//! index and the page store.

use std::time::Duration;

use super::gate::{Gate, RequestKind, gate};
use super::{Deps, ScanPages, ServiceError, load, save_url};
use crate::model::{RecheckPageTask, Task, Timestamp, UrlEntry, UrlState, host_key, normalize_url};
use crate::ports::{Agent, HttpRequest, Method, Namespace};

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
    let Some((mut entry, version)) = load::<UrlEntry>(deps.state.as_ref(), Namespace::Url, task.key.as_str()).await?
    else {
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
    entry.checked_at = Some(now);
    let Some(response) = slot.fetch(deps, req).await else {
        return Ok(RecheckOutcome::Deferred { until: now });
    };
    let outcome = match response {
        Ok(r) if r.status == 404 || r.status == 410 => {
            deps.pages.delete(&record).await?;
            entry.state = UrlState::Gone { status: r.status };
            entry.updated_at = now;
            RecheckOutcome::Removed
        }
        Ok(r) if (200..400).contains(&r.status) => RecheckOutcome::Alive,
        _ => RecheckOutcome::Unknown,
    };
    save_url(deps.state.as_ref(), &entry, Some(version)).await?;
    Ok(outcome)
}

/// Enqueue re-checks for up to `max` stored pages, least recently checked first among a
/// scan of the index. Returns how many were enqueued.
///
/// # Errors
/// [`ServiceError`] when the store or the queue fails.
pub async fn enqueue_sample(deps: &Deps, max: usize) -> Result<usize, ServiceError> {
    let mut stored: Vec<UrlEntry> = Vec::new();
    let mut pages = ScanPages::new(deps.state.as_ref(), Namespace::Url, 500);
    while let Some(page) = pages.next().await? {
        for (_, doc) in &page {
            if doc.tag == "stored"
                && let Ok(e) = serde_json::from_str::<UrlEntry>(&doc.body)
            {
                stored.push(e);
            }
        }
        if stored.len() >= max * 20 {
            break;
        }
    }
    stored.sort_by_key(|e| e.checked_at.or(e.fetched_at));
    let tasks: Vec<Task> = stored
        .iter()
        .take(max)
        .map(|e| Task::RecheckPage(RecheckPageTask { key: e.key.clone(), url: e.url.clone() }))
        .collect();
    deps.queue.send_all(&tasks, Duration::ZERO).await?;
    Ok(tasks.len())
}
