//! Site → feeds. robots.txt first (through the gate), the homepage once, then up to three
//! feeds from `<link rel="alternate">`, each validated by parsing; only if none validates,
//! the fallback paths in order, stopping at the first that does. Every step is one task
//! making at most one request through the gate, with the discovery gap; the task carries
//! what it fetched, so no URL is requested twice. A site with feeds is not scanned again
//! unless forced; a failed one is retried later (403/429: at the end of the hold, 72 h;
//! 5xx: 48 h; 404, unreachable or no feed: 24 h).
//!
//! Cost: robots.txt + homepage + one request per candidate, each followed by at most two
//! redirects. Typically 2–4 requests; at most 1 + 3 × (1 + 3 + 5) = 28.

use std::time::Duration;

use url::Url;

use super::gate::{Gate, RequestKind, gate, hold_host};
use super::poll::{ingest, register_feed};
use super::{Deps, ServiceError, send_at};
use crate::model::{
    DiscoverSiteTask, DiscoverStep, ExcludedReason, HoldReason, SiteState, SiteStatus, Task, Timestamp, host_key,
    normalize_url,
};
use crate::parse::feed::parse_served_feed_for_crawl;
use crate::parse::html::{decode_html, feed_links};
use crate::policy::politeness::jittered;
use crate::ports::{Agent, HttpError, HttpRequest};
use crate::repo::{Change, Stored};

/// Paths tried when the homepage links to no feed, in order.
pub const FALLBACK_PATHS: [&str; 5] = ["/feed", "/feed/atom", "/rss", "/?feed=rss", "/rss.xml"];
/// Feeds taken from a homepage at most.
pub const MAX_FEEDS: usize = 3;
const MAX_HOPS: u8 = 2;
const H: u64 = 3600;

/// What became of a discovery step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiscoverOutcome {
    /// Feeds found and registered.
    Found {
        /// The feeds.
        feeds: Vec<String>,
    },
    /// No feed anywhere; tried again in 24 h.
    NoFeeds,
    /// The site refused or failed; tried again later.
    Failed {
        /// Why.
        reason: String,
    },
    /// robots.txt or an operator rule forbids the homepage.
    Excluded,
    /// This step is done; the next one is queued.
    Next,
    /// Waiting for the host lease.
    Deferred {
        /// When.
        until: Timestamp,
    },
}

/// What `add_site` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AddSite {
    /// A discovery is queued.
    Queued,
    /// Already discovered (or scheduled); pass `rescan` to force.
    AlreadyKnown(SiteStatus),
}

/// Submit a site for discovery.
///
/// # Errors
/// [`ServiceError`] for a bad URL or a store/queue failure.
pub async fn add_site(deps: &Deps, url: &str, rescan: bool) -> Result<AddSite, ServiceError> {
    let site = normalize_url(url).map_err(|e| ServiceError::InvalidTask(e.to_string()))?;
    let now = deps.clock.now();
    let fresh = SiteState {
        url: site.to_string(),
        status: SiteStatus::Discovering,
        updated_at: now,
        retry_at: None,
        requests: 0,
    };
    let known = deps
        .repos()
        .sites
        .update(site.as_str(), |current| match current {
            Some(state) if !rescan => (Change::Keep, Some(state.status)),
            _ => (Change::Put(fresh.clone()), None),
        })
        .await?;
    if let Some(status) = known {
        return Ok(AddSite::AlreadyKnown(status));
    }
    deps.queue.send(&Task::DiscoverSite(DiscoverSiteTask::new(site.to_string())), Duration::ZERO).await?;
    Ok(AddSite::Queued)
}

/// What became of a site a person suggested.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Suggestion {
    /// Its discovery is queued.
    Queued,
    /// It was suggested or discovered before: nothing more to do.
    Known,
    /// feedhound will not crawl it; why, in words for the person who suggested it.
    Refused(String),
}

/// A site a person suggests (a web form): an http(s) URL whose name resolves to public
/// addresses only, not blocked or excluded by the operator, queued for discovery once.
/// Nothing is requested from the site here: the discovery does that, through the lease.
///
/// # Errors
/// [`ServiceError`] when the store or the queue fails.
pub async fn suggest_site(deps: &Deps, url: &str) -> Result<Suggestion, ServiceError> {
    let url = url.trim();
    let with_scheme = if url.contains("://") { url.to_owned() } else { format!("https://{url}") };
    let site = match normalize_url(&with_scheme) {
        Ok(u) => u,
        Err(e) => return Ok(Suggestion::Refused(format!("not a web address: {e}"))),
    };
    let Some(host) = site.host_str().map(str::to_owned) else {
        return Ok(Suggestion::Refused("the address names no host".to_owned()));
    };
    if super::gate::blocklist(deps).await?.blocks(&host) {
        return Ok(Suggestion::Refused("this site asked not to be crawled".to_owned()));
    }
    if deps.config.exclusions.excludes(&site) {
        return Ok(Suggestion::Refused("this address is excluded by the operator".to_owned()));
    }
    match deps.http.check_host(&host).await {
        Ok(()) => {}
        Err(crate::ports::HttpError::AddressRefused { .. }) => {
            return Ok(Suggestion::Refused(format!("{host} is not a public address")));
        }
        Err(e) => return Ok(Suggestion::Refused(format!("{host} cannot be reached: {e}"))),
    }
    Ok(match add_site(deps, site.as_str(), false).await? {
        AddSite::Queued => Suggestion::Queued,
        AddSite::AlreadyKnown(_) => Suggestion::Known,
    })
}

async fn record(
    deps: &Deps,
    task: &DiscoverSiteTask,
    status: SiteStatus,
    retry_in: Option<Duration>,
) -> Result<(), ServiceError> {
    let now = deps.clock.now();
    let retry_at = retry_in.map(|d| now.plus(jittered(d, deps.jitter.unit())));
    let requests = u32::try_from(task.fetched.len()).unwrap_or(u32::MAX);
    let state = SiteState { url: task.site.clone(), status, updated_at: now, retry_at, requests };
    deps.repos().sites.put(&state).await?;
    if let Some(at) = retry_at {
        send_at(deps, &Task::DiscoverSite(DiscoverSiteTask::new(task.site.clone())), at).await?;
    }
    Ok(())
}

async fn fail(
    deps: &Deps,
    task: &DiscoverSiteTask,
    reason: &str,
    retry_in: Duration,
) -> Result<DiscoverOutcome, ServiceError> {
    record(deps, task, SiteStatus::Failed { reason: reason.to_owned() }, Some(retry_in)).await?;
    Ok(DiscoverOutcome::Failed { reason: reason.to_owned() })
}

/// A site whose homepage is never to be requested as things stand.
async fn exclude(
    deps: &Deps,
    task: &DiscoverSiteTask,
    reason: ExcludedReason,
    detail: Option<String>,
) -> Result<DiscoverOutcome, ServiceError> {
    let reason = match detail {
        Some(d) => format!("{reason}: {d}"),
        None => reason.to_string(),
    };
    record(deps, task, SiteStatus::Excluded { reason }, None).await?;
    Ok(DiscoverOutcome::Excluded)
}

/// Register a validated feed and take its entries from the validating answer (spaced
/// `gap` apart, see [`ingest`]); its next poll is a full interval away.
async fn accept_feed(
    deps: &Deps,
    site: &str,
    url: &Url,
    resp: &crate::ports::HttpResponse,
    parsed: crate::parse::feed::ParsedFeed,
    gap: Duration,
) -> Result<(), ServiceError> {
    register_feed(deps, url.as_str(), Some(site.to_owned())).await?;
    let feeds = deps.repos().feeds;
    let Some(Stored { value: mut feed, .. }) = feeds.get(url.as_str()).await? else {
        return Ok(());
    };
    ingest(deps, &mut feed, resp, parsed, gap).await?;
    let now = deps.clock.now();
    feed.last_polled_at = Some(now);
    feed.next_poll_at = now.plus(deps.config.poll_interval);
    feeds.change(url.as_str(), |f| *f = feed.clone()).await?;
    Ok(())
}

async fn finish(deps: &Deps, task: &DiscoverSiteTask) -> Result<DiscoverOutcome, ServiceError> {
    if task.found.is_empty() {
        record(deps, task, SiteStatus::NoFeeds, Some(Duration::from_secs(24 * H))).await?;
        return Ok(DiscoverOutcome::NoFeeds);
    }
    record(deps, task, SiteStatus::Found { feeds: task.found.clone() }, None).await?;
    Ok(DiscoverOutcome::Found { feeds: task.found.clone() })
}

/// Move on to the next candidate (or the next stage), queueing the next step.
async fn advance(deps: &Deps, task: &DiscoverSiteTask) -> Result<DiscoverOutcome, ServiceError> {
    let step = match &task.step {
        DiscoverStep::Homepage => DiscoverStep::Fallback { index: 0 },
        DiscoverStep::Validate { candidates, index } if index + 1 < candidates.len() => {
            DiscoverStep::Validate { candidates: candidates.clone(), index: index + 1 }
        }
        DiscoverStep::Validate { .. } if !task.found.is_empty() => return finish(deps, task).await,
        DiscoverStep::Validate { .. } => DiscoverStep::Fallback { index: 0 },
        DiscoverStep::Fallback { index } if index + 1 < FALLBACK_PATHS.len() => {
            DiscoverStep::Fallback { index: index + 1 }
        }
        DiscoverStep::Fallback { .. } => return finish(deps, task).await,
    };
    next(deps, DiscoverSiteTask { step, next_url: None, hops: 0, ..task.clone() }).await
}

async fn next(deps: &Deps, task: DiscoverSiteTask) -> Result<DiscoverOutcome, ServiceError> {
    deps.queue.send(&Task::DiscoverSite(task), Duration::ZERO).await?;
    Ok(DiscoverOutcome::Next)
}

fn target(site: &Url, task: &DiscoverSiteTask) -> Option<Url> {
    if let Some(u) = &task.next_url {
        return normalize_url(u).ok();
    }
    match &task.step {
        DiscoverStep::Homepage => Some(site.clone()),
        DiscoverStep::Validate { candidates, index } => candidates.get(*index).and_then(|c| normalize_url(c).ok()),
        DiscoverStep::Fallback { index } => FALLBACK_PATHS.get(*index).and_then(|p| site.join(p).ok()),
    }
}

/// Run one step of a discovery.
///
/// # Errors
/// [`ServiceError`] when a store or the queue fails.
pub async fn discover_site(deps: &Deps, task: &DiscoverSiteTask) -> Result<DiscoverOutcome, ServiceError> {
    let site = normalize_url(&task.site).map_err(|e| ServiceError::InvalidTask(e.to_string()))?;
    let Some(url) = target(&site, task) else { return advance(deps, task).await };
    if task.fetched.iter().any(|f| f == url.as_str()) {
        return advance(deps, task).await;
    }
    let host = host_key(&url).ok_or_else(|| ServiceError::InvalidTask(format!("no host in {url}")))?;
    let is_homepage = task.step == DiscoverStep::Homepage;
    let slot = match gate(deps, &url, &host, RequestKind::Discovery).await? {
        Gate::Go(slot) => slot,
        Gate::Wait { until, held: Some(reason) } if is_homepage && reason != HoldReason::Budget => {
            return fail(deps, task, reason.as_str(), until.since(deps.clock.now())).await;
        }
        Gate::Wait { until, .. } => return Ok(DiscoverOutcome::Deferred { until }),
        Gate::Refused { reason, detail } if is_homepage => {
            return exclude(deps, task, reason, detail).await;
        }
        Gate::Refused { .. } => return advance(deps, task).await,
    };
    let gap = slot.gap();
    let Some(response) = slot.fetch(deps, HttpRequest::get(url.clone(), Agent::Feed)).await else {
        return Ok(DiscoverOutcome::Deferred { until: deps.clock.now() });
    };
    let mut task = task.clone();
    task.fetched.push(url.to_string());
    let resp = match response {
        Ok(r) => r,
        Err(e @ HttpError::AddressRefused { .. }) if is_homepage => {
            return exclude(deps, &task, ExcludedReason::AddressRefused, Some(e.to_string())).await;
        }
        Err(e) if e.is_network() => {
            hold_host(deps, &host, HoldReason::Unreachable, deps.config.pause_unreachable, None).await?;
            return fail(deps, &task, "unreachable", Duration::from_secs(24 * H)).await;
        }
        Err(e) if is_homepage => {
            return fail(deps, &task, &format!("bad_response: {e}"), Duration::from_secs(24 * H)).await;
        }
        Err(_) => return advance(deps, &task).await,
    };
    match resp.status {
        301 | 302 | 303 | 307 | 308 => {
            let to = resp
                .header("location")
                .and_then(|l| url.join(l.trim()).ok())
                .and_then(|u| normalize_url(u.as_str()).ok());
            match to {
                Some(to) if task.hops < MAX_HOPS && !task.fetched.iter().any(|f| f == to.as_str()) => {
                    next(deps, DiscoverSiteTask { next_url: Some(to.to_string()), hops: task.hops + 1, ..task }).await
                }
                _ if is_homepage => fail(deps, &task, "redirect_loop", Duration::from_secs(24 * H)).await,
                _ => advance(deps, &task).await,
            }
        }
        403 | 429 => {
            // Stop at once: the host refuses us.
            let reason = if resp.status == 403 { HoldReason::Forbidden } else { HoldReason::RateLimited };
            let until = hold_host(deps, &host, reason, deps.config.hold_forbidden, resp.header("retry-after")).await?;
            fail(deps, &task, reason.as_str(), until.since(deps.clock.now())).await
        }
        500..=599 => fail(deps, &task, "server_error", Duration::from_secs(48 * H)).await,
        200..=299 if is_homepage => {
            let html = decode_html(&resp.body, resp.header("content-type"));
            let candidates: Vec<String> = feed_links(&html, Some(&resp.url), MAX_FEEDS)
                .into_iter()
                .filter(|c| !task.fetched.contains(c))
                .collect();
            if candidates.is_empty() {
                next(
                    deps,
                    DiscoverSiteTask { step: DiscoverStep::Fallback { index: 0 }, next_url: None, hops: 0, ..task },
                )
                .await
            } else {
                next(
                    deps,
                    DiscoverSiteTask {
                        step: DiscoverStep::Validate { candidates, index: 0 },
                        next_url: None,
                        hops: 0,
                        ..task
                    },
                )
                .await
            }
        }
        200..=299 => {
            // A feed that parses, even with no entries yet (a new blog), is a feed. Its
            // entries are taken now: this answer is its first poll.
            let valid = match parse_served_feed_for_crawl(&resp.body, Some(&url), resp.header("content-type")) {
                Ok(parsed) => {
                    accept_feed(deps, &task.site, &url, &resp, parsed, gap).await?;
                    true
                }
                Err(_) => false,
            };
            if valid && !task.found.contains(&url.to_string()) {
                task.found.push(url.to_string());
                if matches!(task.step, DiscoverStep::Fallback { .. }) {
                    // The first fallback that validates ends the search.
                    return finish(deps, &task).await;
                }
            }
            advance(deps, &task).await
        }
        404 | 410 if is_homepage => {
            fail(deps, &task, &format!("http_{}", resp.status), Duration::from_secs(24 * H)).await
        }
        status if is_homepage => fail(deps, &task, &format!("http_{status}"), Duration::from_secs(24 * H)).await,
        _ => advance(deps, &task).await,
    }
}
