//! The gate in front of every request: holds, robots.txt (fetched through the lease,
//! at most once per host per TTL), then the host lease itself.

use std::time::Duration;

use bytes::Bytes;
use url::Url;

use super::{Deps, ServiceError, load, save, update_host};
use crate::config::PRODUCT_TOKEN;
use crate::model::{HoldReason, HostKey, HostState, RobotsCache, RobotsStatus, Timestamp};
use crate::parse::robots::RobotsRules;
use crate::policy::politeness::{LeaseDecision, decide_lease, hold, jittered, request_gap};
use crate::ports::{Agent, HttpRequest, Namespace, StateError};

/// Body cap for robots.txt (RFC 9309 asks crawlers to read at least 500 KiB).
const ROBOTS_MAX_BYTES: usize = 500 * 1024;

/// May a request go out now?
#[derive(Debug)]
pub enum Gate {
    /// Yes: the lease is taken; send the request now.
    Go,
    /// Not now; ask again at `until`.
    Wait {
        /// When.
        until: Timestamp,
        /// Set when the host is held, not just busy.
        held: Option<HoldReason>,
    },
    /// robots.txt forbids the URL.
    Disallowed,
}

/// The location of a host's robots.txt copy in the page store.
pub fn robots_location(host: &HostKey) -> String {
    format!("robots/{}.txt", host.as_str().replace(':', "_"))
}

async fn load_host(deps: &Deps, host: &HostKey) -> Result<(HostState, Option<u64>), StateError> {
    Ok(match load::<HostState>(deps.state.as_ref(), Namespace::Host, host.as_str()).await? {
        Some((s, v)) => (s, Some(v)),
        None => (HostState::new(host.clone()), None),
    })
}

/// Take the host lease: a conditional write that exactly one concurrent worker wins.
async fn lease(deps: &Deps, host: &HostKey) -> Result<Gate, ServiceError> {
    for _ in 0..16 {
        let now = deps.clock.now();
        let (state, version) = load_host(deps, host).await?;
        // The margin covers the variance of the state write between this decision and the
        // request leaving, so the gap seen by the server is never below the promised one.
        let gap = request_gap(&state, deps.config.min_gap, deps.config.max_crawl_delay) + deps.config.lease_margin;
        match decide_lease(&state, now, gap) {
            LeaseDecision::Wait { until, held, queue: None } => return Ok(Gate::Wait { until, held }),
            LeaseDecision::Wait { until, held, queue: Some(queued) } => {
                match save(deps.state.as_ref(), Namespace::Host, host.as_str(), &queued, "host", version).await {
                    Ok(_) => return Ok(Gate::Wait { until, held }),
                    Err(StateError::Conflict { .. }) => continue,
                    Err(e) => return Err(e.into()),
                }
            }
            LeaseDecision::Granted(next) => {
                match save(deps.state.as_ref(), Namespace::Host, host.as_str(), &next, "host", version).await {
                    Ok(_) => return Ok(Gate::Go),
                    Err(StateError::Conflict { .. }) => continue,
                    Err(e) => return Err(e.into()),
                }
            }
        }
    }
    // Lost many races in a row: the host is busy; come back after a gap.
    Ok(Gate::Wait { until: deps.clock.now().plus(deps.config.min_gap), held: None })
}

/// The robots rules of a host from its cache entry.
async fn cached_rules(deps: &Deps, host: &HostKey, cache: &RobotsCache) -> Result<RobotsRules, ServiceError> {
    Ok(match cache.status {
        RobotsStatus::AllowAll => RobotsRules::AllowAll,
        RobotsStatus::DisallowAll => RobotsRules::DisallowAll,
        RobotsStatus::Rules => match deps.pages.get(&robots_location(host)).await? {
            Some(body) => RobotsRules::parse(&body, PRODUCT_TOKEN),
            None => RobotsRules::AllowAll,
        },
    })
}

/// Fetch robots.txt with a lease already taken, and cache the result for the host.
async fn fetch_robots(deps: &Deps, url: &Url, host: &HostKey) -> Result<(), ServiceError> {
    let now = deps.clock.now();
    let mut robots_url = url.clone();
    robots_url.set_path("/robots.txt");
    robots_url.set_query(None);
    let mut req = HttpRequest::get(robots_url, Agent::Page);
    req.max_bytes = Some(ROBOTS_MAX_BYTES);
    let (status, ttl, body, unreachable) = match deps.http.fetch(req).await {
        Ok(r) if (200..300).contains(&r.status) => (RobotsStatus::Rules, deps.config.robots_ttl, Some(r.body), false),
        // 3xx is treated like "no rules" until redirects for robots.txt are followed.
        Ok(r) if (300..500).contains(&r.status) && r.status != 429 => {
            (RobotsStatus::AllowAll, deps.config.robots_ttl, None, false)
        }
        Ok(_) => (RobotsStatus::DisallowAll, deps.config.retry_base.max(Duration::from_secs(60)), None, false),
        Err(crate::ports::HttpError::TooLarge { .. }) => (RobotsStatus::AllowAll, deps.config.robots_ttl, None, false),
        Err(e) => {
            tracing::info!(host = %host, error = %e, "robots.txt unreachable; host paused");
            (RobotsStatus::DisallowAll, deps.config.pause_unreachable, None, e.is_network())
        }
    };
    let delay = match &body {
        Some(b) => {
            deps.pages.put(&robots_location(host), Bytes::clone(b), "text/plain").await?;
            RobotsRules::parse(b, PRODUCT_TOKEN).crawl_delay()
        }
        None => None,
    };
    let pause = jittered(deps.config.pause_unreachable, deps.jitter.unit());
    update_host(deps.state.as_ref(), host, |s| {
        s.robots = Some(RobotsCache { status, fetched_at: now, expires_at: now.plus(ttl) });
        s.crawl_delay_ms = delay.map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        if unreachable {
            *s = hold(s, HoldReason::Unreachable, now.plus(pause));
        }
    })
    .await?;
    Ok(())
}

/// Check holds and robots.txt for `url`, then take the lease of `host`.
///
/// When robots.txt must be (re)fetched, that fetch takes this lease and the caller is told
/// to wait for the next one: robots.txt is a request like any other.
///
/// # Errors
/// [`ServiceError`] when the stores fail.
pub async fn gate(deps: &Deps, url: &Url, host: &HostKey) -> Result<Gate, ServiceError> {
    let now = deps.clock.now();
    let (state, _) = load_host(deps, host).await?;
    if let Some(until) = state.hold_until.filter(|h| now < *h) {
        return Ok(Gate::Wait { until, held: state.hold_reason });
    }
    if deps.config.respect_robots {
        match state.robots.as_ref().filter(|r| now < r.expires_at) {
            Some(cache) => {
                if !cached_rules(deps, host, cache).await?.allowed(url) {
                    return Ok(Gate::Disallowed);
                }
            }
            None => {
                return match lease(deps, host).await? {
                    Gate::Go => {
                        fetch_robots(deps, url, host).await?;
                        let (after, _) = load_host(deps, host).await?;
                        let held = after.hold_until.filter(|h| *h > now).and(after.hold_reason);
                        Ok(Gate::Wait { until: after.next_at.max(after.hold_until.unwrap_or(after.next_at)), held })
                    }
                    other => Ok(other),
                };
            }
        }
    }
    lease(deps, host).await
}
