//! Liveness: a sample of stored pages is re-checked, and the pages that are gone are
//! removed from the page store and the page index (the search index drops them at its
//! next update, since their records are gone).
//!
//! A re-check asks the page's canonical URL (where readers are sent), through the gate
//! like every request: HEAD first; a GET reading only the head of the body when HEAD
//! answers a status servers often give HEAD wrongly (400, 403, 404, 405, 501, 5xx), as a
//! second request with a lease of its own. What the answers mean:
//! - 2xx, or a redirect elsewhere than the homepage: alive (a missing mark is cleared);
//! - 410: gone at once;
//! - 404, or a redirect to the site's homepage (a soft 404): missing. The page is removed
//!   only when it is missing again at least [`CrawlConfig::gone_confirm`] later (a
//!   re-check is scheduled for then); one success in between clears the mark;
//! - 429, 5xx, timeouts and other failures never remove a page: they count toward the
//!   host's health as every other request does (holds, server-error counts).
//!
//! [`CrawlConfig::gone_confirm`]: crate::config::CrawlConfig::gone_confirm

use std::collections::{BTreeMap, HashSet};
use std::time::Duration;

use url::Url;

use super::gate::{Gate, RequestKind, gate, hold_host};
use super::{Deps, ServiceError, get_record};
use crate::model::{HoldReason, RecheckPageTask, Task, Timestamp, UrlEntry, UrlState, host_key, normalize_url};
use crate::ports::{Agent, Excess, HttpRequest, HttpResponse, Method};
use crate::repo::Stored;

/// Bytes read of a re-check's GET: enough to tell a page from an error, never the page.
pub const RECHECK_GET_BYTES: usize = 16 * 1024;

/// What became of a re-check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecheckOutcome {
    /// Still there.
    Alive,
    /// Gone: the record was deleted and the page marked gone.
    Removed {
        /// The status that removed it (410, 404, or a soft 404's redirect status).
        status: u16,
    },
    /// Missing (404 or soft 404), not yet for long enough to remove it.
    Missing {
        /// When a second missing answer removes it; a re-check is scheduled then.
        confirm_at: Timestamp,
    },
    /// HEAD's answer is not trusted; a GET re-check is queued.
    Confirming {
        /// HEAD's status.
        head_status: u16,
    },
    /// Unclear (429, 5xx, timeout, robots, another status): the page stays.
    Unknown,
    /// Not a stored page (any more).
    Skipped,
    /// Waiting for the host lease or a hold.
    Deferred {
        /// When.
        until: Timestamp,
    },
}

impl RecheckOutcome {
    /// The result's name in metrics and logs.
    pub fn name(&self) -> &'static str {
        match self {
            RecheckOutcome::Alive => "alive",
            RecheckOutcome::Removed { .. } => "removed",
            RecheckOutcome::Missing { .. } => "missing",
            RecheckOutcome::Confirming { .. } => "confirming",
            RecheckOutcome::Unknown => "unknown",
            RecheckOutcome::Skipped => "skipped",
            RecheckOutcome::Deferred { .. } => "deferred",
        }
    }

    /// Whether this ends a re-check (alive, removed, missing, unknown): the ones a
    /// dead-link rate counts.
    pub fn is_verdict(&self) -> bool {
        matches!(
            self,
            RecheckOutcome::Alive
                | RecheckOutcome::Removed { .. }
                | RecheckOutcome::Missing { .. }
                | RecheckOutcome::Unknown
        )
    }
}

/// What one answer says about the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Alive,
    Gone(u16),
    Missing(u16),
    /// Ask again with GET.
    Confirm(u16),
    Unclear,
}

/// Statuses that a HEAD answers wrongly often enough that a GET must confirm them.
fn head_untrusted(status: u16) -> bool {
    matches!(status, 400 | 403 | 404 | 405 | 501) || (500..=599).contains(&status)
}

/// Does `target` look like the homepage of the site `page` is on (the same host, `www.`
/// aside; the root, an index file, or a language root such as `/en/`)?
pub fn is_homepage_of(page: &Url, target: &Url) -> bool {
    fn bare(u: &Url) -> Option<&str> {
        u.host_str().map(|h| h.strip_prefix("www.").unwrap_or(h))
    }
    let home_path = |u: &Url| {
        let path = u.path().trim_end_matches('/').to_ascii_lowercase();
        let last = path.rsplit('/').next().unwrap_or("");
        path.is_empty()
            || (matches!(last, "index.html" | "index.htm" | "index.php" | "home") && path.matches('/').count() == 1)
            || is_language_root(&path)
    };
    bare(page).is_some()
        && bare(page) == bare(target)
        && explicit_port(page) == explicit_port(target)
        && home_path(target)
        && target.query().is_none_or(str::is_empty)
        && !home_path(page)
}

fn explicit_port(u: &Url) -> Option<u16> {
    u.port_or_known_default().filter(|p| *p != 80 && *p != 443)
}

/// `/en`, `/de-at`, `/pt_br`: a path of one language tag.
fn is_language_root(path: &str) -> bool {
    let Some(tag) = path.strip_prefix('/') else { return false };
    let mut parts = tag.split(['-', '_']);
    let lang = parts.next().unwrap_or("");
    let region = parts.next();
    parts.next().is_none()
        && lang.len() == 2
        && lang.chars().all(|c| c.is_ascii_alphabetic())
        && region.is_none_or(|r| r.len() == 2 && r.chars().all(|c| c.is_ascii_alphabetic()))
}

fn classify(page: &Url, response: &HttpResponse, head: bool) -> Answer {
    match response.status {
        200..=299 => Answer::Alive,
        410 => Answer::Gone(410),
        s if head && head_untrusted(s) => Answer::Confirm(s),
        404 => Answer::Missing(404),
        s @ (301 | 302 | 303 | 307 | 308) => {
            let target = response.header("location").and_then(|l| page.join(l.trim()).ok());
            match target {
                Some(t) if is_homepage_of(page, &t) => Answer::Missing(s),
                Some(_) => Answer::Alive,
                None => Answer::Unclear,
            }
        }
        _ => Answer::Unclear,
    }
}

/// Count an answer toward the host's health, as the fetcher does: a hold after 403/429
/// (and network failures), a server-error count after 5xx.
pub(crate) async fn count_toward_host(
    deps: &Deps,
    host: &crate::model::HostKey,
    response: &Result<HttpResponse, crate::ports::HttpError>,
    head: bool,
) -> Result<(), ServiceError> {
    match response {
        Err(e) if e.is_network() => {
            hold_host(deps, host, HoldReason::Unreachable, deps.config.pause_unreachable, None).await?;
        }
        Err(_) => {}
        Ok(r) => match r.status {
            429 => {
                hold_host(deps, host, HoldReason::RateLimited, deps.config.hold_forbidden, r.header("retry-after"))
                    .await?;
            }
            // A HEAD's 403 or 5xx is confirmed by a GET before it counts.
            403 if !head => {
                hold_host(deps, host, HoldReason::Forbidden, deps.config.hold_forbidden, r.header("retry-after"))
                    .await?;
            }
            500..=599 if !head => {
                let state = deps.repos().hosts.change(host, |s| s.server_errors += 1).await?;
                if state.server_errors >= deps.config.max_server_errors {
                    let (base, after) = (deps.config.hold_server_errors, r.header("retry-after"));
                    hold_host(deps, host, HoldReason::ServerErrors, base, after).await?;
                }
            }
            _ => {}
        },
    }
    Ok(())
}

/// Re-check one page.
///
/// # Errors
/// [`ServiceError`] when a store or the queue fails.
pub async fn recheck_page(deps: &Deps, task: &RecheckPageTask) -> Result<RecheckOutcome, ServiceError> {
    let urls = deps.repos().urls;
    let Some(Stored { value: entry, .. }) = urls.get(task.key.as_str()).await? else {
        return Ok(RecheckOutcome::Skipped);
    };
    let UrlState::Stored { record } = entry.state.clone() else {
        return Ok(RecheckOutcome::Skipped);
    };
    // Readers are sent to the canonical URL: that is the one that must still answer.
    let asked = match get_record(deps.pages.as_ref(), &record).await {
        Ok(Some(r)) => r.canonical.unwrap_or_else(|| entry.url.clone()),
        Ok(None) => entry.url.clone(),
        Err(e) => {
            tracing::warn!(record = %record, error = %e, "record unreadable; re-checking the page URL");
            entry.url.clone()
        }
    };
    let url = normalize_url(&asked).map_err(|e| ServiceError::InvalidTask(e.to_string()))?;
    let host = host_key(&url).ok_or_else(|| ServiceError::InvalidTask(format!("no host in {url}")))?;
    let slot = match gate(deps, &url, &host, RequestKind::Regular).await? {
        Gate::Go(slot) => slot,
        Gate::Wait { until, .. } => return Ok(RecheckOutcome::Deferred { until }),
        Gate::Refused { reason, .. } => {
            tracing::info!(url = %url, reason = ?reason, "re-check not allowed; the page stays");
            return finish(deps, &entry, task.run, Answer::Unclear).await;
        }
    };
    let head = !task.get;
    let mut req = HttpRequest::get(url.clone(), Agent::Page);
    if head {
        req.method = Method::Head;
    } else {
        req.max_bytes = Some(RECHECK_GET_BYTES);
        req.excess = Excess::Truncate;
    }
    let Some(response) = slot.fetch(deps, req).await else {
        return Ok(RecheckOutcome::Deferred { until: deps.clock.now() });
    };
    count_toward_host(deps, &host, &response, head).await?;
    let answer = match &response {
        Ok(r) => classify(&url, r, head),
        Err(e) => {
            tracing::info!(url = %url, error = %e, "re-check failed; the page stays");
            Answer::Unclear
        }
    };
    if let Answer::Confirm(head_status) = answer {
        let again = Task::RecheckPage(RecheckPageTask { get: true, ..task.clone() });
        deps.queue.send(&again, Duration::ZERO).await?;
        return Ok(RecheckOutcome::Confirming { head_status });
    }
    finish(deps, &entry, task.run, answer).await
}

/// Record what the answer says: the check time, the missing mark, or the removal.
async fn finish(
    deps: &Deps,
    entry: &UrlEntry,
    run: Option<Timestamp>,
    answer: Answer,
) -> Result<RecheckOutcome, ServiceError> {
    let now = deps.clock.now();
    let confirm = deps.config.gone_confirm;
    let outcome = match answer {
        Answer::Alive => RecheckOutcome::Alive,
        Answer::Gone(status) => RecheckOutcome::Removed { status },
        Answer::Missing(status) => match entry.missing_since {
            Some(since) if now.since(since) >= confirm => RecheckOutcome::Removed { status },
            Some(since) => RecheckOutcome::Missing { confirm_at: since.plus(confirm) },
            None => RecheckOutcome::Missing { confirm_at: now.plus(confirm) },
        },
        Answer::Unclear | Answer::Confirm(_) => RecheckOutcome::Unknown,
    };
    let UrlState::Stored { record } = &entry.state else { return Ok(RecheckOutcome::Skipped) };
    if matches!(outcome, RecheckOutcome::Removed { .. }) {
        // The record first: a crash before the state write leaves a stored page whose
        // next re-check removes it again, never a page marked gone whose record stays.
        deps.pages.delete(record).await?;
    }
    let first_missing = matches!(outcome, RecheckOutcome::Missing { .. }) && entry.missing_since.is_none();
    let written = deps
        .repos()
        .urls
        .transition(&entry.key, now, |e| {
            if !matches!(e.state, UrlState::Stored { .. }) {
                return false;
            }
            e.checked_at = Some(now);
            match &outcome {
                RecheckOutcome::Alive => e.missing_since = None,
                RecheckOutcome::Missing { .. } => e.missing_since = e.missing_since.or(Some(now)),
                RecheckOutcome::Removed { status } => e.state = UrlState::Gone { status: *status },
                _ => {}
            }
            true
        })
        .await?;
    if written.is_none() {
        return Ok(RecheckOutcome::Skipped);
    }
    if first_missing {
        let again = Task::RecheckPage(RecheckPageTask {
            key: entry.key.clone(),
            url: entry.url.clone(),
            get: false,
            run: None,
        });
        super::send_at(deps, &again, now.plus(confirm)).await?;
    }
    deps.metrics.record("Rechecks", crate::ports::Unit::Count, 1.0, &[("Result", outcome.name())]);
    // 1 for a page found gone or missing, 0 otherwise: the metric's average over any
    // period is the dead-link rate of the re-checks in it.
    let dead = matches!(outcome, RecheckOutcome::Removed { .. } | RecheckOutcome::Missing { .. });
    deps.metrics.record("DeadLink", crate::ports::Unit::Count, if dead { 1.0 } else { 0.0 }, &[]);
    if let Some(run) = run {
        let run = run.to_rfc3339();
        deps.metrics.record_detail("SampleChecked", crate::ports::Unit::Count, &run, 1.0);
        deps.metrics.record_detail("SampleDead", crate::ports::Unit::Count, &run, if dead { 1.0 } else { 0.0 });
    }
    tracing::info!(url = %entry.url, result = outcome.name(), "page re-checked");
    Ok(outcome)
}

/// Enqueue re-checks for up to `size` stored pages drawn at random, spread across hosts:
/// reads of the sample index from random places (`size` documents from one, a third of
/// that from each of three more: never the whole index, and every stored page when there
/// are no more than `size`), then one page per host in turn, hosts in random order, until
/// `size` are taken. Returns how many were enqueued.
///
/// # Errors
/// [`ServiceError`] when the store or the queue fails.
pub async fn enqueue_sample(deps: &Deps, size: usize) -> Result<usize, ServiceError> {
    if size == 0 {
        return Ok(0);
    }
    let urls = deps.repos().urls;
    let more = size.div_ceil(3);
    let mut seen = HashSet::new();
    let mut by_host: BTreeMap<String, Vec<UrlEntry>> = BTreeMap::new();
    for draw in [size, more, more, more] {
        let from = (deps.jitter.unit() * f64::from(u32::MAX)) as u32;
        for s in urls.sample(from, draw).await? {
            if matches!(s.value.state, UrlState::Stored { .. }) && seen.insert(s.value.key.clone()) {
                by_host.entry(s.value.host.to_string()).or_default().push(s.value);
            }
        }
    }
    let mut hosts: Vec<(u64, Vec<UrlEntry>)> =
        by_host.into_values().map(|pages| ((deps.jitter.unit() * 1e18) as u64, pages)).collect();
    hosts.sort_by_key(|(order, _)| *order);
    let run = Some(deps.clock.now());
    let mut tasks = Vec::with_capacity(size);
    'rounds: for round in 0.. {
        let mut took = false;
        for (_, pages) in &hosts {
            if let Some(e) = pages.get(round) {
                tasks.push(Task::RecheckPage(RecheckPageTask {
                    key: e.key.clone(),
                    url: e.url.clone(),
                    get: false,
                    run,
                }));
                took = true;
                if tasks.len() == size {
                    break 'rounds;
                }
            }
        }
        if !took {
            break;
        }
    }
    deps.queue.send_all(&tasks, Duration::ZERO).await?;
    Ok(tasks.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u(s: &str) -> Url {
        Url::parse(s).unwrap()
    }

    #[test]
    fn homepages_are_recognised() {
        let page = u("https://news.example/2026/05/a-story");
        for home in [
            "https://news.example/",
            "https://www.news.example/",
            "http://news.example",
            "https://news.example/index.html",
            "https://news.example/en/",
            "https://news.example/pt-br",
        ] {
            assert!(is_homepage_of(&page, &u(home)), "{home}");
        }
        for other in [
            "https://news.example/2026/05/a-story-renamed",
            "https://other.example/",
            "https://news.example/?page=2",
            "https://news.example/section/index.html",
            "https://news.example:8443/",
        ] {
            assert!(!is_homepage_of(&page, &u(other)), "{other}");
        }
        assert!(!is_homepage_of(&u("https://news.example/"), &u("https://news.example/en/")), "a homepage moving");
    }

    fn response(status: u16, location: Option<&str>) -> HttpResponse {
        HttpResponse {
            status,
            url: u("https://news.example/a"),
            headers: location.map(|l| vec![("location".to_owned(), l.to_owned())]).unwrap_or_default(),
            body: bytes::Bytes::new(),
        }
    }

    #[test]
    fn answers_are_read_as_the_rules_say() {
        let page = u("https://news.example/a");
        let head = |s, l| classify(&page, &response(s, l), true);
        let get = |s, l| classify(&page, &response(s, l), false);
        assert_eq!(head(200, None), Answer::Alive);
        assert_eq!(head(410, None), Answer::Gone(410));
        for s in [400, 403, 404, 405, 501, 500, 503] {
            assert_eq!(head(s, None), Answer::Confirm(s), "HEAD {s} is confirmed by a GET");
        }
        assert_eq!(get(404, None), Answer::Missing(404));
        assert_eq!(get(301, Some("/")), Answer::Missing(301), "soft 404");
        assert_eq!(head(308, Some("https://news.example/b")), Answer::Alive, "moved, still there");
        for s in [429, 500, 503, 403, 401] {
            assert_eq!(get(s, None), Answer::Unclear, "GET {s} never removes");
        }
        assert_eq!(head(429, None), Answer::Unclear);
    }
}
