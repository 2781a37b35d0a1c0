//! The gate in front of every request, of every kind: operator exclusions, the
//! blocklist, holds, the crawl-time budget, robots.txt (fetched through the lease, at most
//! once per host per TTL, following up to five redirects), then the host lease itself.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use url::Url;

use super::{Deps, ServiceError};
use crate::config::PRODUCT_TOKEN;
use crate::model::{ExcludedReason, HoldReason, HostKey, HostState, RobotsCache, RobotsStatus, Timestamp, host_key};
use crate::parse::robots::RobotsRules;
use crate::policy::exclusion::Blocklist;
use crate::policy::politeness::{Budget, Gaps, LeaseDecision, decide_lease, hold, jittered, request_gap, retry_after};
use crate::ports::{Agent, Excess, HttpRequest, StateError};
use crate::repo::{Change, RobotsCopy, Stored};

/// Body cap for robots.txt: RFC 9309 asks crawlers to read at least 500 KiB; the rest is cut.
const ROBOTS_MAX_BYTES: usize = 500 * 1024;
/// Redirects followed for robots.txt (RFC 9309: at least five).
const ROBOTS_MAX_REDIRECTS: u8 = 5;

pub use crate::policy::politeness::RequestKind;

/// A granted lease: one request to the host, if it leaves before `deadline`.
///
/// The lease moved the host's `next_at` to `granted + gap + margin`; a request that leaves
/// by `granted + margin` is therefore at least `gap` before the next one. A worker that
/// gets there later (a loaded machine, a slow store) gives the slot up instead of sending.
#[derive(Debug)]
#[must_use = "a slot is a request to make"]
pub struct Slot {
    host: HostKey,
    deadline: Timestamp,
    /// The gap this grant leaves before the host's next regular request.
    gap: Duration,
    /// The same before its next discovery request.
    discovery_gap: Duration,
    /// The lease margin inside both gaps (how late after the grant the request may leave).
    margin: Duration,
    /// The host's count of recent 5xx answers when the lease was granted.
    server_errors: u32,
}

impl Slot {
    /// How long after this request the host takes its next regular request (the minimum
    /// gap or the Crawl-delay, with the lease margin): what a caller that queues more work
    /// for the host spaces it by.
    pub fn gap(&self) -> Duration {
        self.gap
    }

    /// The host's recent 5xx answers as the lease saw them (a success resets them; with
    /// none, nothing needs writing).
    pub fn server_errors(&self) -> u32 {
        self.server_errors
    }

    /// Send `request` if the slot is still good; `None` when it was missed (run again).
    pub async fn fetch(
        self,
        deps: &Deps,
        request: HttpRequest,
    ) -> Option<Result<crate::ports::HttpResponse, crate::ports::HttpError>> {
        if deps.clock.now() > self.deadline {
            tracing::debug!(url = %request.url, "lease slot missed; deferring");
            return None;
        }
        let agent = if request.url.path() == "/robots.txt" {
            "robots"
        } else {
            match request.agent {
                crate::ports::Agent::Feed => "feed",
                crate::ports::Agent::Page => "page",
            }
        };
        let response = deps.http.fetch(request).await;
        self.anchor_to_answer(deps).await;
        let class = match &response {
            Ok(r) if r.status == 304 => "304",
            Ok(r) if r.status == 403 || r.status == 429 => {
                if r.status == 403 {
                    "403"
                } else {
                    "429"
                }
            }
            Ok(r) => ["1xx", "2xx", "3xx", "4xx", "5xx"]
                .get(usize::from(r.status / 100).saturating_sub(1))
                .copied()
                .unwrap_or("other"),
            Err(_) => "error",
        };
        deps.metrics.record("Requests", crate::ports::Unit::Count, 1.0, &[("Agent", agent), ("Class", class)]);
        let host = self.host.as_str();
        deps.metrics.record_detail("HostRequests", crate::ports::Unit::Count, host, 1.0);
        if !matches!(class, "1xx" | "2xx" | "3xx" | "304") {
            deps.metrics.record_detail("HostErrors", crate::ports::Unit::Count, host, 1.0);
        }
        Some(response)
    }

    /// A request that took longer than the margin may have reached the host that late (a
    /// new connection's handshakes, a busy server or machine), and the host's next request,
    /// sent on time and over a connection already open, would then arrive less than a gap
    /// after it. So the host's next requests wait a gap after the answer instead (the host
    /// had the request by then). A quick answer needs no write: the lease already covers it.
    async fn anchor_to_answer(&self, deps: &Deps) {
        let answered = deps.clock.now();
        if answered <= self.deadline {
            return;
        }
        // The host had the request by the answer, so the gaps count from there without the
        // margin, which stands for how late after its grant a request may leave.
        let after = |gap: Duration| answered.plus(gap.saturating_sub(self.margin));
        let (regular, discovery) = (after(self.gap), after(self.discovery_gap));
        let moved = deps
            .repos()
            .hosts
            .change(&self.host, |s| {
                s.next_at = s.next_at.max(regular);
                if let Some(at) = s.next_discovery_at.as_mut() {
                    *at = (*at).max(discovery);
                }
            })
            .await;
        if let Err(e) = moved {
            // The answer is still good; the host's next request may come early by the
            // time this request took, as it would without this step.
            tracing::warn!(host = %self.host, error = %crate::error_chain(&e), "could not move the host's next request after a slow answer");
        }
    }
}

/// May a request go out now?
#[derive(Debug)]
pub enum Gate {
    /// Yes: send the request through the slot now.
    Go(Slot),
    /// Not now; ask again at `until`.
    Wait {
        /// When.
        until: Timestamp,
        /// Set when the host is held (or its robots.txt unavailable, or its budget spent).
        held: Option<HoldReason>,
    },
    /// Never for this URL: `robots`, `exclusion`, `blocked` or `address_refused`.
    Refused {
        /// Why.
        reason: ExcludedReason,
        /// What a person should know, when there is more to say than the reason.
        detail: Option<String>,
    },
}

/// Hold `host` for `base` (jittered), or longer if the server's Retry-After asks; every
/// worker sees the hold at its next lease. Returns the end of the hold.
///
/// # Errors
/// [`ServiceError`] when the state store fails.
pub async fn hold_host(
    deps: &Deps,
    host: &HostKey,
    reason: HoldReason,
    base: Duration,
    retry_after_header: Option<&str>,
) -> Result<Timestamp, ServiceError> {
    let now = deps.clock.now();
    let asked = retry_after_header.and_then(|v| retry_after(v, now)).unwrap_or(Duration::ZERO);
    let until = now.plus(jittered(base, deps.jitter.unit()).max(asked));
    deps.repos().hosts.change(host, |s| *s = hold(s, reason, until)).await?;
    deps.metrics.record("HostsHeld", crate::ports::Unit::Count, 1.0, &[("Reason", reason.as_str())]);
    Ok(until)
}

/// How long a process goes by the blocklist it read last. A block takes effect at every
/// worker's first task after this; reading the list once per request instead was the
/// state store's most frequent read (about ten a page on a busy fetcher).
pub const BLOCKLIST_MAX_AGE: Duration = Duration::from_secs(2);

/// What the gate keeps in each process: parsed robots.txt rules (LRU, so a busy host's
/// rules are parsed once per fetch), the blocklist as last read, and how long this
/// process's lease writes take.
#[derive(Debug)]
pub struct GateLocal {
    robots: Mutex<lru::LruCache<(HostKey, Timestamp), Arc<RobotsRules>>>,
    /// The blocklist and when it was read.
    blocklist: Mutex<Option<(Timestamp, Arc<Blocklist>)>>,
    /// Moving average of lease write latency, in microseconds.
    write_us: AtomicU64,
}

impl Default for GateLocal {
    fn default() -> Self {
        Self {
            robots: Mutex::new(lru::LruCache::new(NonZeroUsize::new(4096).unwrap_or(NonZeroUsize::MIN))),
            blocklist: Mutex::new(None),
            write_us: AtomicU64::new(0),
        }
    }
}

impl GateLocal {
    /// Forget the blocklist read last (this process just changed it).
    pub fn forget_blocklist(&self) {
        if let Ok(mut b) = self.blocklist.lock() {
            *b = None;
        }
    }

    fn observe_write(&self, took: Duration) {
        let us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        let old = self.write_us.load(Ordering::Relaxed);
        let new = if old == 0 { us } else { (old * 7 + us) / 8 };
        self.write_us.store(new, Ordering::Relaxed);
    }

    /// The lease margin: the configured one, or three times this process's typical lease
    /// write when the state store is slower than that (capped at a second), so a slow
    /// backend costs throughput, never a missed slot per request.
    fn margin(&self, configured: Duration) -> Duration {
        let typical = Duration::from_micros(self.write_us.load(Ordering::Relaxed));
        configured.max(typical * 3).min(Duration::from_secs(1))
    }
}

/// The blocklist, as read at most [`BLOCKLIST_MAX_AGE`] ago by this process.
///
/// # Errors
/// [`ServiceError`] when the store fails.
pub async fn blocklist(deps: &Deps) -> Result<Arc<Blocklist>, ServiceError> {
    let now = deps.clock.now();
    let cached = deps.gate_local.blocklist.lock().ok().and_then(|b| b.clone());
    if let Some((read_at, list)) = cached
        && now.since(read_at) < BLOCKLIST_MAX_AGE
        && read_at <= now
    {
        return Ok(list);
    }
    let list = Arc::new(deps.repos().blocklist.current().await?);
    if let Ok(mut b) = deps.gate_local.blocklist.lock() {
        *b = Some((now, Arc::clone(&list)));
    }
    Ok(list)
}

/// The gaps a request granted now leaves before the next one of each kind. The margin
/// covers the state write between this decision and the request leaving, so the gap seen
/// by the server is never below the promised one (see `Slot`).
fn gaps_after(deps: &Deps, state: &HostState, margin: Duration) -> Gaps {
    let crawl_delay =
        state.crawl_delay_ms.map_or(Duration::ZERO, Duration::from_millis).min(deps.config.max_crawl_delay);
    let regular = request_gap(state, deps.config.min_gap, deps.config.max_crawl_delay);
    let discovery = Duration::from_millis(500 + (700.0 * deps.jitter.unit()) as u64).max(crawl_delay);
    Gaps { regular: regular + margin, discovery: discovery + margin }
}

/// Take the host lease: a conditional write that exactly one concurrent worker wins.
/// `read` is the host's state as the caller just read it, if it did (saves a read).
async fn lease(
    deps: &Deps,
    host: &HostKey,
    kind: RequestKind,
    read: Option<Option<Stored<HostState>>>,
) -> Result<Gate, ServiceError> {
    let budget = Some(Budget { per_cycle: deps.config.site_budget, cycle: deps.config.poll_interval });
    // When the last decision was made, and whether it wrote: the write's latency sets the
    // margin (see `GateLocal::margin`).
    let decided_at = AtomicI64::new(deps.clock.now().as_millis());
    let wrote = std::sync::atomic::AtomicBool::new(false);
    // The gap this grant leaves after the host's previous request, for the politeness alarm.
    let granted_gap = AtomicI64::new(-1);
    let hosts = deps.repos().hosts;
    let read = match read {
        Some(read) => read,
        None => hosts.get(host.as_str()).await?,
    };
    let taken = hosts
        .update_from(host.as_str(), read, |current| {
            let state = current.unwrap_or_else(|| HostState::new(host.clone()));
            granted_gap.store(-1, Ordering::Relaxed);
            // "Now" is read after the read, so only the conditional write counts against the slot.
            let now = deps.clock.now();
            decided_at.store(now.as_millis(), Ordering::Relaxed);
            let margin = deps.gate_local.margin(deps.config.lease_margin);
            let gaps = gaps_after(deps, &state, margin);
            let (regular_gap, discovery_gap) = (gaps.regular, gaps.discovery);
            let (change, gate) = match decide_lease(&state, now, kind, gaps, budget) {
                LeaseDecision::Wait { until, held, queue: None } => (Change::Keep, Gate::Wait { until, held }),
                LeaseDecision::Wait { until, held, queue: Some(queued) } => {
                    (Change::Put(queued), Gate::Wait { until, held })
                }
                LeaseDecision::Granted(next) => {
                    if let Some(last) = state.last_granted_at {
                        granted_gap.store(now.as_millis() - last.as_millis(), Ordering::Relaxed);
                    }
                    (
                        Change::Put(next),
                        Gate::Go(Slot {
                            host: host.clone(),
                            deadline: now.plus(margin),
                            gap: regular_gap,
                            discovery_gap,
                            margin,
                            server_errors: state.server_errors,
                        }),
                    )
                }
            };
            wrote.store(matches!(change, Change::Put(_)), Ordering::Relaxed);
            (change, gate)
        })
        .await;
    if wrote.load(Ordering::Relaxed) {
        let decided = Timestamp::from_millis(decided_at.load(Ordering::Relaxed));
        deps.gate_local.observe_write(deps.clock.now().since(decided));
    }
    let gap = granted_gap.load(Ordering::Relaxed);
    if matches!(taken, Ok(Gate::Go(_))) && kind == RequestKind::Regular && gap >= 0 {
        #[allow(clippy::cast_precision_loss)]
        deps.metrics.record("GrantedGapMs", crate::ports::Unit::Milliseconds, gap as f64, &[]);
        #[allow(clippy::cast_precision_loss)]
        deps.metrics.record_detail("HostGapMs", crate::ports::Unit::Milliseconds, host.as_str(), gap as f64);
    }
    match taken {
        Ok(gate) => Ok(gate),
        // Lost every race: the host is busy; come back after a gap.
        Err(StateError::Conflict { .. }) => {
            Ok(Gate::Wait { until: deps.clock.now().plus(deps.config.min_gap), held: None })
        }
        Err(e) => Err(e.into()),
    }
}

/// The robots rules of a host from its cache entry (parsed once per fetch, then memoised);
/// `None` when the copy the entry names is not in the store (lost, or written by a version
/// that kept copies elsewhere): robots.txt is then fetched again.
async fn cached_rules(
    deps: &Deps,
    host: &HostKey,
    cache: &RobotsCache,
) -> Result<Option<Arc<RobotsRules>>, ServiceError> {
    let key = (host.clone(), cache.fetched_at);
    if let Some(r) = deps.gate_local.robots.lock().ok().and_then(|mut m| m.get(&key).cloned()) {
        return Ok(Some(r));
    }
    let rules = Arc::new(match cache.status {
        RobotsStatus::AllowAll => RobotsRules::AllowAll,
        RobotsStatus::DisallowAll => RobotsRules::DisallowAll,
        RobotsStatus::Rules => match deps.repos().robots.get(host.as_str()).await? {
            Some(copy) if copy.value.fetched_at == cache.fetched_at => match copy.value.body() {
                Ok(body) => RobotsRules::parse(&body, PRODUCT_TOKEN),
                Err(e) => {
                    tracing::warn!(host = %host, error = %e, "robots.txt copy unreadable; fetching it again");
                    return Ok(None);
                }
            },
            _ => return Ok(None),
        },
    });
    if let Ok(mut m) = deps.gate_local.robots.lock() {
        m.put(key, Arc::clone(&rules));
    }
    Ok(Some(rules))
}

/// What one robots.txt request told us.
enum RobotsAnswer {
    Final {
        status: RobotsStatus,
        ttl: Duration,
        body: Option<Bytes>,
    },
    Redirect(Url),
    RateLimited(Option<String>),
    Unreachable,
    /// The address guard refused the host: final, nothing was sent.
    AddressRefused(String),
}

/// Request robots.txt (or the next hop of its redirect chain) through a granted slot.
async fn request_robots(deps: &Deps, target: &Url, slot: Slot) -> Option<RobotsAnswer> {
    let mut req = HttpRequest::get(target.clone(), Agent::Page);
    req.max_bytes = Some(ROBOTS_MAX_BYTES);
    req.excess = Excess::Truncate;
    Some(match slot.fetch(deps, req).await? {
        Ok(r) if (200..300).contains(&r.status) => {
            RobotsAnswer::Final { status: RobotsStatus::Rules, ttl: deps.config.robots_ttl, body: Some(r.body) }
        }
        Ok(r) if (300..400).contains(&r.status) => {
            match r.header("location").and_then(|l| target.join(l.trim()).ok()) {
                Some(next) => RobotsAnswer::Redirect(next),
                None => RobotsAnswer::Final { status: RobotsStatus::AllowAll, ttl: deps.config.robots_ttl, body: None },
            }
        }
        Ok(r) if r.status == 429 => RobotsAnswer::RateLimited(r.header("retry-after").map(str::to_owned)),
        // 4xx: "unavailable", so no rules apply (RFC 9309 §2.3.1.3).
        Ok(r) if (400..500).contains(&r.status) => {
            RobotsAnswer::Final { status: RobotsStatus::AllowAll, ttl: deps.config.robots_ttl, body: None }
        }
        // 5xx: "unreachable", so nothing is allowed until a retry (§2.3.1.4).
        Ok(_) => RobotsAnswer::Final { status: RobotsStatus::DisallowAll, ttl: deps.config.robots_retry, body: None },
        Err(e) if e.is_network() => RobotsAnswer::Unreachable,
        Err(e @ crate::ports::HttpError::AddressRefused { .. }) => RobotsAnswer::AddressRefused(e.to_string()),
        Err(e) => {
            tracing::info!(url = %target, error = %e, "robots.txt unusable; retrying later");
            RobotsAnswer::Final { status: RobotsStatus::DisallowAll, ttl: deps.config.robots_retry, body: None }
        }
    })
}

/// Fetch the next step of `host`'s robots.txt through the lease of the host it lives on,
/// and record the result. Returns when to look again.
async fn refresh_robots(
    deps: &Deps,
    host: &HostKey,
    page: &Url,
    state: &HostState,
    kind: RequestKind,
) -> Result<Gate, ServiceError> {
    let (target, hops) = match &state.robots_redirect {
        Some((next, hops)) => match Url::parse(next) {
            Ok(u) => (u, *hops),
            Err(_) => (robots_url(page), 0),
        },
        None => (robots_url(page), 0),
    };
    let target_host = host_key(&target).unwrap_or_else(|| host.clone());
    let slot = match lease(deps, &target_host, RequestKind::Regular, None).await? {
        Gate::Go(slot) => slot,
        other => return Ok(other),
    };
    // Another worker may have fetched it while this one waited for the lease: look again,
    // so robots.txt is requested once per host per TTL however many workers race for it.
    let latest = deps.repos().hosts.state(host).await?;
    if latest.robots != state.robots
        || latest.robots_redirect != state.robots_redirect
        || latest.hold_reason != state.hold_reason
    {
        drop(slot);
        return Ok(Gate::Wait { until: deps.clock.now(), held: None });
    }
    let now = deps.clock.now();
    let Some(answer) = request_robots(deps, &target, slot).await else {
        return Ok(Gate::Wait { until: deps.clock.now(), held: None });
    };
    let (status, ttl, body, redirect) = match answer {
        RobotsAnswer::Redirect(next) if hops < ROBOTS_MAX_REDIRECTS => {
            (None, Duration::ZERO, None, Some((next.to_string(), hops + 1)))
        }
        // More than five redirects: treat robots.txt as unavailable (§2.3.1.2).
        RobotsAnswer::Redirect(_) => (Some(RobotsStatus::AllowAll), deps.config.robots_ttl, None, None),
        RobotsAnswer::Final { status, ttl, body } => (Some(status), ttl, body, None),
        RobotsAnswer::RateLimited(asked) => {
            let until =
                hold_host(deps, host, HoldReason::RateLimited, deps.config.hold_forbidden, asked.as_deref()).await?;
            return Ok(Gate::Wait { until, held: Some(HoldReason::RateLimited) });
        }
        RobotsAnswer::AddressRefused(detail) => {
            return Ok(Gate::Refused { reason: ExcludedReason::AddressRefused, detail: Some(detail) });
        }
        RobotsAnswer::Unreachable => {
            let until = now.plus(jittered(deps.config.pause_unreachable, deps.jitter.unit()));
            deps.repos()
                .hosts
                .change(host, |s| {
                    *s = hold(s, HoldReason::Unreachable, until);
                    s.robots =
                        Some(RobotsCache { status: RobotsStatus::DisallowAll, fetched_at: now, expires_at: until });
                    s.robots_redirect = None;
                })
                .await?;
            return Ok(Gate::Wait { until, held: Some(HoldReason::Unreachable) });
        }
    };
    let delay = match &body {
        Some(b) => {
            deps.repos().robots.put(&RobotsCopy::new(host.clone(), now, b)).await?;
            RobotsRules::parse(b, PRODUCT_TOKEN).crawl_delay()
        }
        None => None,
    };
    let capped_delay = delay.map(|d| d.min(deps.config.max_crawl_delay));
    let after = deps
        .repos()
        .hosts
        .change(host, |s| {
            s.robots_redirect = redirect.clone();
            if let Some(status) = status {
                s.robots = Some(RobotsCache { status, fetched_at: now, expires_at: now.plus(ttl) });
                s.crawl_delay_ms = capped_delay.map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
                // The Crawl-delay holds from the robots.txt request on, not just after the next one.
                if let Some(d) = capped_delay {
                    s.not_before(now.plus(d + deps.gate_local.margin(deps.config.lease_margin)));
                }
            }
            // The host answered: a pause for unreachability is over (the health check passed).
            if s.hold_reason == Some(HoldReason::Unreachable) {
                s.hold_reason = None;
                s.hold_until = None;
            }
        })
        .await?;
    // This request used the host's slot; the caller's own request waits for the next one.
    Ok(Gate::Wait { until: after.earliest(kind).max(now), held: None })
}

fn robots_url(page: &Url) -> Url {
    let mut u = page.clone();
    u.set_path("/robots.txt");
    u.set_query(None);
    u.set_fragment(None);
    u
}

/// Check `url` against every rule, then take the lease of `host`.
///
/// When robots.txt must be (re)fetched, that fetch takes the lease and the caller is told
/// to wait for the next one: robots.txt is a request like any other. After an
/// unreachability pause, that robots.txt fetch is the health check: only an answer lifts
/// the pause.
///
/// # Errors
/// [`ServiceError`] when the stores fail.
pub async fn gate(deps: &Deps, url: &Url, host: &HostKey, kind: RequestKind) -> Result<Gate, ServiceError> {
    if deps.config.exclusions.excludes(url) {
        return Ok(Gate::Refused { reason: ExcludedReason::Exclusion, detail: None });
    }
    if blocklist(deps).await?.blocks(host.as_str()) {
        return Ok(Gate::Refused { reason: ExcludedReason::Blocked, detail: None });
    }
    let now = deps.clock.now();
    let read = deps.repos().hosts.get(host.as_str()).await?;
    let state = read.as_ref().map_or_else(|| HostState::new(host.clone()), |s| s.value.clone());
    if let Some(until) = state.hold_until.filter(|h| now < *h) {
        return Ok(Gate::Wait { until, held: state.hold_reason });
    }
    let health_check_due = state.hold_reason == Some(HoldReason::Unreachable);
    let fresh = state.robots.as_ref().filter(|r| now < r.expires_at && state.robots_redirect.is_none());
    if health_check_due || (deps.config.respect_robots && fresh.is_none()) {
        return refresh_robots(deps, host, url, &state, kind).await;
    }
    if deps.config.respect_robots
        && let Some(cache) = fresh
    {
        match cache.status {
            RobotsStatus::DisallowAll => {
                return Ok(Gate::Wait { until: cache.expires_at, held: Some(HoldReason::RobotsUnavailable) });
            }
            _ => match cached_rules(deps, host, cache).await? {
                Some(rules) if !rules.allowed(url) => {
                    return Ok(Gate::Refused { reason: ExcludedReason::Robots, detail: None });
                }
                Some(_) => {}
                None => return refresh_robots(deps, host, url, &state, kind).await,
            },
        }
    }
    lease(deps, host, kind, Some(read)).await
}
