//! URL → raw page: pass the gate, request it, and turn the answer into a
//! state: fetched (→ extract), redirected, gone, invalid, excluded, parked or retried.

use std::time::Duration;

use bytes::Bytes;
use url::Url;

use super::gate::{Gate, RequestKind, gate, hold_host};
use super::{Deps, ServiceError, get_record, put_record};
use crate::model::{
    CheckImageTask, ExcludedReason, ExtractPageTask, FetchPageTask, FilterReason, HoldReason, HostKey, ImageProblem,
    InvalidReason, ParkReason, Task, Timestamp, UrlEntry, UrlState, host_key, location, normalize_url,
};
use crate::parse::image::image_verdict;
use crate::policy::politeness::backoff;
use crate::ports::{Agent, HttpError, HttpRequest, HttpResponse, StateError};
use crate::repo::{Document, Stored};

/// What became of a fetch task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FetchOutcome {
    /// Raw body stored; an extract task is queued.
    Fetched,
    /// The URL redirected; a fetch task for the target is queued.
    Redirected {
        /// The next hop.
        to: String,
    },
    /// The page is gone (404/410).
    Gone,
    /// Fetched but unusable.
    Invalid {
        /// Why.
        reasons: Vec<InvalidReason>,
    },
    /// Not requested (robots, address guard) — or not kept.
    Excluded {
        /// Why.
        reason: ExcludedReason,
    },
    /// Waiting for the host lease; run again then.
    Deferred {
        /// When.
        until: Timestamp,
    },
    /// The host is held; the task waits until the hold ends.
    Parked {
        /// When.
        until: Timestamp,
        /// Why.
        reason: ParkReason,
    },
    /// A server error; a retry with the next attempt number is queued for `until`.
    Retrying {
        /// When.
        until: Timestamp,
    },
    /// A duplicate delivery: the page is already past this step.
    AlreadyDone,
    /// The image was checked (see the record).
    ImageChecked {
        /// Whether it is an image.
        ok: bool,
    },
}

fn is_workable(state: &UrlState) -> bool {
    matches!(state, UrlState::Queued { .. } | UrlState::Parked { .. })
}

/// A page's index entry as this task read it, and the version a write of it expects: the
/// task's one state change then needs no second read (`None` once used).
struct Page {
    entry: UrlEntry,
    version: Option<u64>,
}

impl std::ops::Deref for Page {
    type Target = UrlEntry;
    fn deref(&self) -> &UrlEntry {
        &self.entry
    }
}

impl std::ops::DerefMut for Page {
    fn deref_mut(&mut self) -> &mut UrlEntry {
        &mut self.entry
    }
}

/// Move the page to `state` (with its `fetched_at` and `year` as set on `page`), if it is
/// still where this task found it. The only other writer of a page still waiting to be
/// fetched is the poll that queued it (marking the task sent), which does not conflict
/// with this write: a waiting page may move on from any waiting state.
async fn set_state(deps: &Deps, page: &mut Page, state: UrlState) -> Result<(), ServiceError> {
    let read = page.state.clone();
    let (fetched_at, year) = (page.fetched_at, page.year);
    let as_read = page.version.take().map(|version| Stored { value: page.entry.clone(), version });
    let entry = &mut page.entry;
    let written = deps
        .repos()
        .urls
        .transition_from(&entry.key, deps.clock.now(), as_read, |e| {
            let still = e.state == read || (is_workable(&read) && is_workable(&e.state));
            if still {
                e.state = state.clone();
                e.fetched_at = fetched_at.or(e.fetched_at);
                e.year = year.or(e.year);
            }
            still
        })
        .await?;
    match written {
        Some(e) => {
            *entry = e;
            Ok(())
        }
        // Another delivery moved it on: this one's work is not recorded twice.
        None => Err(StateError::Conflict { ns: <UrlEntry as Document>::NS.as_str(), id: entry.key.to_string() }.into()),
    }
}

fn is_html(resp: &HttpResponse) -> bool {
    match resp.header("content-type") {
        None => true,
        Some(ct) => {
            let ct = ct.to_ascii_lowercase();
            ct.contains("html") || ct.starts_with("text/plain")
        }
    }
}

/// Fetch one page.
///
/// # Errors
/// [`ServiceError`] when a store or the queue fails.
pub async fn fetch_page(deps: &Deps, task: &FetchPageTask) -> Result<FetchOutcome, ServiceError> {
    let now = deps.clock.now();
    let url = normalize_url(&task.url).map_err(|e| ServiceError::InvalidTask(e.to_string()))?;
    let host = host_key(&url).ok_or_else(|| ServiceError::InvalidTask(format!("no host in {url}")))?;
    let urls = deps.repos().urls;
    let mut entry = match urls.get(task.key.as_str()).await? {
        Some(found) => Page { entry: found.value, version: Some(found.version) },
        None => {
            // A task for a URL no feed announced (an operator's or a sample event's): index it.
            let entry =
                UrlEntry::new_queued(task.key.clone(), url.to_string(), host.clone(), task.feed.clone(), true, now);
            let Some(version) = urls.insert(&entry).await? else {
                return Ok(FetchOutcome::Deferred { until: now.plus(Duration::from_millis(100)) });
            };
            Page { entry, version: Some(version) }
        }
    };
    if !is_workable(&entry.state) {
        return Ok(FetchOutcome::AlreadyDone);
    }

    let slot = match gate(deps, &url, &host, RequestKind::Regular).await? {
        Gate::Refused { reason, .. } => {
            set_state(deps, &mut entry, UrlState::Excluded { reason: reason.clone() }).await?;
            return Ok(FetchOutcome::Excluded { reason });
        }
        Gate::Wait { until, held: Some(reason) } => {
            let reason = ParkReason::Hold(reason);
            set_state(deps, &mut entry, UrlState::Parked { reason: reason.clone(), until }).await?;
            return Ok(FetchOutcome::Parked { until, reason });
        }
        Gate::Wait { until, held: None } => return Ok(FetchOutcome::Deferred { until }),
        Gate::Go(slot) => slot,
    };
    let host_free_at = deps.clock.now().plus(slot.gap());
    let server_errors = slot.server_errors();
    let Some(response) = slot.fetch(deps, HttpRequest::get(url.clone(), Agent::Page)).await else {
        return Ok(FetchOutcome::Deferred { until: deps.clock.now() });
    };
    let now = deps.clock.now();
    entry.fetched_at = Some(now);
    let resp = match response {
        Ok(r) => r,
        Err(e) => return fetch_failed(deps, &host, &mut entry, &e).await,
    };
    match resp.status {
        200..=299 if is_html(&resp) => {
            let raw = location::raw(&task.key);
            let body = crate::model::pack_body(&resp.body);
            if body.is_none() {
                deps.pages.put(&raw, Bytes::clone(&resp.body), "text/html").await?;
            }
            if server_errors > 0 {
                deps.repos().hosts.change(&host, |s| s.server_errors = 0).await?;
            }
            let extract = Task::ExtractPage(ExtractPageTask {
                key: task.key.clone(),
                url: entry.url.clone(),
                final_url: url.to_string(),
                feed: entry.feed.clone(),
                raw: raw.clone(),
                body,
                fetched_at: now,
                content_type: resp.header("content-type").map(str::to_owned),
                x_robots_tag: resp.header_all("x-robots-tag"),
                host_free_at: Some(host_free_at),
            });
            deps.queue.send(&extract, Duration::ZERO).await?;
            set_state(deps, &mut entry, UrlState::Fetched { raw }).await?;
            Ok(FetchOutcome::Fetched)
        }
        200..=299 => {
            let reasons = vec![InvalidReason::NotHtml(resp.header("content-type").unwrap_or("?").to_owned())];
            set_state(deps, &mut entry, UrlState::Invalid { reasons: reasons.clone() }).await?;
            Ok(FetchOutcome::Invalid { reasons })
        }
        301 | 302 | 303 | 307 | 308 => redirect(deps, task, &url, &resp, &mut entry).await,
        404 | 410 => {
            set_state(deps, &mut entry, UrlState::Gone { status: resp.status }).await?;
            Ok(FetchOutcome::Gone)
        }
        403 | 429 => {
            let reason = if resp.status == 403 { HoldReason::Forbidden } else { HoldReason::RateLimited };
            let until = hold_host(deps, &host, reason, deps.config.hold_forbidden, resp.header("retry-after")).await?;
            let reason = ParkReason::Hold(reason);
            set_state(deps, &mut entry, UrlState::Parked { reason: reason.clone(), until }).await?;
            Ok(FetchOutcome::Parked { until, reason })
        }
        500..=599 => {
            let host_state = deps.repos().hosts.change(&host, |s| s.server_errors += 1).await?;
            if task.attempt + 1 < deps.config.max_server_errors
                && host_state.server_errors < deps.config.max_server_errors * 3
            {
                let delay = backoff(deps.config.retry_base, task.attempt, deps.jitter.unit());
                let retry = Task::FetchPage(FetchPageTask { attempt: task.attempt + 1, ..task.clone() });
                deps.queue.send(&retry, delay).await?;
                let until = now.plus(delay);
                let reason = ParkReason::Retry(resp.status);
                set_state(deps, &mut entry, UrlState::Parked { reason, until }).await?;
                Ok(FetchOutcome::Retrying { until })
            } else {
                let until = hold_host(
                    deps,
                    &host,
                    HoldReason::ServerErrors,
                    deps.config.hold_server_errors,
                    resp.header("retry-after"),
                )
                .await?;
                let reason = ParkReason::Hold(HoldReason::ServerErrors);
                set_state(deps, &mut entry, UrlState::Parked { reason: reason.clone(), until }).await?;
                Ok(FetchOutcome::Parked { until, reason })
            }
        }
        status => {
            let reasons = vec![InvalidReason::Http(status)];
            set_state(deps, &mut entry, UrlState::Invalid { reasons: reasons.clone() }).await?;
            Ok(FetchOutcome::Invalid { reasons })
        }
    }
}

async fn redirect(
    deps: &Deps,
    task: &FetchPageTask,
    url: &Url,
    resp: &HttpResponse,
    entry: &mut Page,
) -> Result<FetchOutcome, ServiceError> {
    let target =
        resp.header("location").and_then(|l| url.join(l.trim()).ok()).and_then(|u| normalize_url(u.as_str()).ok());
    let mut hops = task.hops.clone();
    hops.push(url.to_string());
    let reason = match &target {
        None => Some(InvalidReason::RedirectWithoutLocation),
        Some(t) if hops.iter().any(|h| h == t.as_str()) => Some(InvalidReason::RedirectLoop),
        Some(_) if hops.len() > deps.config.max_redirects => Some(InvalidReason::TooManyRedirects),
        Some(_) => None,
    };
    if let Some(reason) = reason {
        let reasons = vec![reason];
        set_state(deps, entry, UrlState::Invalid { reasons: reasons.clone() }).await?;
        return Ok(FetchOutcome::Invalid { reasons });
    }
    let Some(target) = target else {
        return Ok(FetchOutcome::AlreadyDone);
    };
    // The next hop is a new request, possibly to another host: it goes through the gate
    // as a task of its own, keeping the page's key.
    let next = Task::FetchPage(FetchPageTask { url: target.to_string(), hops, ..task.clone() });
    deps.queue.send(&next, Duration::ZERO).await?;
    set_state(deps, entry, UrlState::Queued { enqueued: true }).await?;
    Ok(FetchOutcome::Redirected { to: target.to_string() })
}

async fn fetch_failed(
    deps: &Deps,
    host: &HostKey,
    entry: &mut Page,
    error: &HttpError,
) -> Result<FetchOutcome, ServiceError> {
    tracing::info!(url = %entry.url, error = %error, "fetch failed");
    match error {
        HttpError::AddressRefused { .. } => {
            let reason = ExcludedReason::AddressRefused;
            set_state(deps, entry, UrlState::Excluded { reason: reason.clone() }).await?;
            Ok(FetchOutcome::Excluded { reason })
        }
        e if e.is_network() => {
            let until = hold_host(deps, host, HoldReason::Unreachable, deps.config.pause_unreachable, None).await?;
            let reason = ParkReason::Hold(HoldReason::Unreachable);
            set_state(deps, entry, UrlState::Parked { reason: reason.clone(), until }).await?;
            Ok(FetchOutcome::Parked { until, reason })
        }
        HttpError::TooLarge { .. } => {
            let reasons = vec![InvalidReason::TooLarge];
            set_state(deps, entry, UrlState::Invalid { reasons: reasons.clone() }).await?;
            Ok(FetchOutcome::Invalid { reasons })
        }
        _ => {
            let reasons = vec![InvalidReason::BadResponse];
            set_state(deps, entry, UrlState::Invalid { reasons: reasons.clone() }).await?;
            Ok(FetchOutcome::Invalid { reasons })
        }
    }
}

/// Bytes read of an image: enough for the header of every common format (JPEG's size can
/// sit after large EXIF blocks, so more than the first few KiB).
pub const IMAGE_HEAD_BYTES: usize = 256 * 1024;

/// Bytes read of an image when a classifier needs the whole picture.
pub const IMAGE_FULL_BYTES: usize = 8 * 1024 * 1024;

/// The image check: the page's second and last request. The best-ranked image is fetched
/// through the host's lease with the page user agent, reading only the first bytes, to
/// confirm an image type and read its dimensions. A valid image turns the draft into the
/// stored record; a missing, non-image or too-small one makes the page invalid.
///
/// # Errors
/// [`ServiceError`] when a store fails.
pub async fn check_image(deps: &Deps, task: &CheckImageTask) -> Result<FetchOutcome, ServiceError> {
    let Some(Stored { value, version }) = deps.repos().urls.get(task.key.as_str()).await? else {
        return Ok(FetchOutcome::AlreadyDone);
    };
    let mut entry = Page { entry: value, version: Some(version) };
    let draft = match &entry.state {
        UrlState::CheckingImage { draft } => draft.clone(),
        // The extractor queues this task just before it records the state.
        UrlState::Fetched { .. } => {
            return Ok(FetchOutcome::Deferred { until: deps.clock.now().plus(Duration::from_millis(250)) });
        }
        _ => return Ok(FetchOutcome::AlreadyDone),
    };
    let mut rec = match &task.draft {
        Some(rec) => (**rec).clone(),
        None => match get_record(deps.pages.as_ref(), &draft).await? {
            Some(rec) => rec,
            None => {
                return finish_image(deps, &mut entry, Some(&draft), no_valid_image(InvalidReason::DraftMissing)).await;
            }
        },
    };
    // A draft that travelled with the task was never written to the page store.
    let draft = if task.draft.is_some() { None } else { Some(draft) };
    let draft = draft.as_deref();
    // A redelivery after the record was written but before the state was: finish without
    // asking the site again.
    if deps.pages.get(&rec.location()).await?.is_some() {
        entry.year = Some(rec.year);
        let stored = UrlState::Stored { record: rec.location() };
        return finish_image(deps, &mut entry, draft, stored).await;
    }
    let Ok(url) = normalize_url(&task.image_url) else {
        return finish_image(deps, &mut entry, draft, no_valid_image(InvalidReason::Image(ImageProblem::BadUrl))).await;
    };
    let Some(host) = host_key(&url) else {
        return finish_image(deps, &mut entry, draft, no_valid_image(InvalidReason::Image(ImageProblem::BadUrl))).await;
    };
    let slot = match gate(deps, &url, &host, RequestKind::Regular).await? {
        Gate::Go(slot) => slot,
        Gate::Wait { until, .. } => return Ok(FetchOutcome::Deferred { until }),
        Gate::Refused { reason, .. } => {
            let excluded = no_valid_image(InvalidReason::Image(ImageProblem::Excluded(reason)));
            return finish_image(deps, &mut entry, draft, excluded).await;
        }
    };
    let mut req = HttpRequest::get(url, Agent::Page);
    // Still one request: the first bytes suffice for type and size; a classifier reads it all.
    req.max_bytes = Some(if deps.classifier.is_some() { IMAGE_FULL_BYTES } else { IMAGE_HEAD_BYTES });
    req.excess = crate::ports::Excess::Truncate;
    let Some(response) = slot.fetch(deps, req).await else {
        return Ok(FetchOutcome::Deferred { until: deps.clock.now() });
    };
    let mut body = Bytes::new();
    let verdict = match response {
        Err(e) => Err(ImageProblem::Unreachable(e.to_string())),
        Ok(r) if (200..300).contains(&r.status) => {
            if deps.classifier.is_some() {
                body = r.body.clone();
            }
            image_verdict(
                r.header("content-type"),
                &r.body,
                (deps.config.min_image_width, deps.config.min_image_height),
            )
        }
        Ok(r) => {
            if matches!(r.status, 403 | 429) {
                let reason = if r.status == 403 { HoldReason::Forbidden } else { HoldReason::RateLimited };
                hold_host(deps, &host, reason, deps.config.hold_forbidden, r.header("retry-after")).await?;
            }
            Err(ImageProblem::Http(r.status))
        }
    };
    let verdict = verdict.map(|mut img| {
        img.url.clone_from(&task.image_url);
        img
    });
    if let (Ok(_), Some(classifier)) = (&verdict, deps.classifier.clone()) {
        let started = std::time::Instant::now();
        let answer = tokio::task::spawn_blocking(move || classifier.exposed(&body))
            .await
            .unwrap_or_else(|e| Err(format!("classifier failed: {e}")));
        tracing::debug!(ms = started.elapsed().as_millis(), "image classified");
        match answer {
            Ok(Some(label)) => {
                let filtered = UrlState::Filtered { reason: FilterReason::Image(label) };
                return finish_image(deps, &mut entry, draft, filtered).await;
            }
            Ok(None) => {}
            // A picture the decoder cannot read (a format it lacks, a body over the cap)
            // is not judged; the record says so.
            Err(e) => {
                tracing::warn!(error = %e, image = %task.image_url, "image not classified");
                rec.flags.push("image_unclassified".into());
            }
        }
    }
    if let Ok(img) = &verdict {
        rec.image = Some(img.clone());
        let record = rec.location();
        put_record(deps.pages.as_ref(), &record, &rec).await?;
        entry.year = Some(rec.year);
        return finish_image(deps, &mut entry, draft, UrlState::Stored { record }).await;
    }
    let reason = verdict.err().unwrap_or(ImageProblem::SizeUnreadable);
    finish_image(deps, &mut entry, draft, no_valid_image(InvalidReason::Image(reason))).await
}

fn no_valid_image(reason: InvalidReason) -> UrlState {
    UrlState::Invalid { reasons: vec![InvalidReason::NoValidImage, reason] }
}

/// The image check's end: the URL's final state, and the draft removed.
async fn finish_image(
    deps: &Deps,
    entry: &mut Page,
    draft: Option<&str>,
    state: UrlState,
) -> Result<FetchOutcome, ServiceError> {
    let ok = matches!(state, UrlState::Stored { .. });
    set_state(deps, entry, state).await?;
    if ok {
        deps.metrics.record_detail("HostStored", crate::ports::Unit::Count, entry.host.as_str(), 1.0);
    }
    if let Some(draft) = draft {
        deps.pages.delete(draft).await?;
    }
    Ok(FetchOutcome::ImageChecked { ok })
}
