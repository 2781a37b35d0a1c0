//! The host lease and the holds: when may the next request to a host start?

use std::time::Duration;

use crate::model::{HoldReason, HostState, Timestamp};

/// The answer to "may I send a request to this host now?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LeaseDecision {
    /// Yes: write this state (conditionally) and go.
    Granted(HostState),
    /// Not before `until`.
    Wait {
        /// The earliest instant worth asking again.
        until: Timestamp,
        /// Set when the host is held, not just busy.
        held: Option<HoldReason>,
        /// For a busy host: the state with the wake-up slot `until` handed out, to write
        /// (conditionally) so the next waiter gets the slot after it.
        queue: Option<HostState>,
    },
}

/// The kind of request a lease is for, which sets the gap it needs after the previous
/// request to the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestKind {
    /// Pages, images, feed polls, robots.txt, re-checks: the full gap (at least 1 s, or
    /// the Crawl-delay) after the previous request of any kind.
    Regular,
    /// Site discovery: a random gap from Uniform(500 ms, 1200 ms), never below the
    /// Crawl-delay, after the previous request.
    Discovery,
}

/// The gaps a granted request leaves before the next request of each kind (each already
/// including the lease margin).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gaps {
    /// Before the next regular request.
    pub regular: Duration,
    /// Before the next discovery request.
    pub discovery: Duration,
}

impl Gaps {
    /// The gap a request of `kind` needs.
    pub fn of(&self, kind: RequestKind) -> Duration {
        match kind {
            RequestKind::Regular => self.regular,
            RequestKind::Discovery => self.discovery,
        }
    }
}

impl HostState {
    /// The earliest instant a request of `kind` may start, holds aside.
    pub fn earliest(&self, kind: RequestKind) -> Timestamp {
        match (kind, self.next_discovery_at) {
            (RequestKind::Discovery, Some(at)) => at,
            _ => self.next_at,
        }
    }
}

/// The gap after a request: at least `min_gap`, or the host's Crawl-delay (capped).
pub fn request_gap(state: &HostState, min_gap: Duration, max_crawl_delay: Duration) -> Duration {
    let delay = state.crawl_delay_ms.map_or(Duration::ZERO, Duration::from_millis).min(max_crawl_delay);
    min_gap.max(delay)
}

/// The crawl-time budget of a host: at most `per_cycle` of crawling in each `cycle`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Crawling time allowed per cycle.
    pub per_cycle: Duration,
    /// The cycle's length.
    pub cycle: Duration,
}

/// Decide a lease for a request of `kind`. A lease is never granted before the earliest
/// start of its kind (see [`HostState::earliest`]), during a hold, or once the host's
/// session has used its budget for the cycle. A granted lease sets the earliest start of
/// each kind from now: the next regular request `gaps.regular` later, the next discovery
/// request `gaps.discovery` later, whatever kind this one was. An expired `Unreachable`
/// hold keeps its reason: only a successful health check lifts it.
pub fn decide_lease(
    state: &HostState,
    now: Timestamp,
    kind: RequestKind,
    gaps: Gaps,
    budget: Option<Budget>,
) -> LeaseDecision {
    let gap = gaps.of(kind);
    let earliest = state.earliest(kind);
    if let Some(until) = state.hold_until.filter(|h| now < *h) {
        return LeaseDecision::Wait { until, held: state.hold_reason, queue: None };
    }
    if let (Some(b), Some(start)) = (budget, state.session_started_at) {
        let used = now.since(start);
        if used < b.cycle && used >= b.per_cycle {
            return LeaseDecision::Wait { until: start.plus(b.cycle), held: Some(HoldReason::Budget), queue: None };
        }
    }
    if now < earliest {
        // The host frees up within one gap: wait for exactly that instant. This is a waiter
        // back at its slot, finding the previous request a little late; sending it to the
        // back of the line would turn every small delay into a long one.
        if earliest.since(now) < gap {
            return LeaseDecision::Wait { until: earliest, held: None, queue: None };
        }
        // Longer waits get the next free wake-up slot, one gap after the previous waiter's,
        // so N waiting tasks cost about N deferrals rather than N² (all waking at once).
        let slot = if state.tail < earliest { earliest } else { state.tail.plus(gap) };
        let mut queued = state.clone();
        queued.tail = slot;
        return LeaseDecision::Wait { until: slot, held: None, queue: Some(queued) };
    }
    let mut next = state.clone();
    next.next_at = now.plus(gaps.regular);
    next.next_discovery_at = Some(now.plus(gaps.discovery));
    next.hold_until = None;
    if next.hold_reason != Some(HoldReason::Unreachable) {
        next.hold_reason = None;
    }
    if let Some(b) = budget
        && next.session_started_at.is_none_or(|s| now.since(s) >= b.cycle)
    {
        next.session_started_at = Some(now);
    }
    next.requests += 1;
    next.last_granted_at = Some(now);
    LeaseDecision::Granted(next)
}

/// A duration stretched by up to 10 % of jitter (`unit` in `[0, 1)`), so held hosts do not
/// all come back in the same instant.
pub fn jittered(base: Duration, unit: f64) -> Duration {
    base + base.mul_f64(0.1 * unit.clamp(0.0, 1.0))
}

/// Exponential backoff for a retry: `base × 2^attempt`, jittered, capped at one hour.
pub fn backoff(base: Duration, attempt: u32, unit: f64) -> Duration {
    let factor = 2u32.saturating_pow(attempt.min(16));
    jittered(base.saturating_mul(factor).min(Duration::from_secs(3600)), unit)
}

/// Put a host on hold until `until` (a longer hold already in place wins).
pub fn hold(state: &HostState, reason: HoldReason, until: Timestamp) -> HostState {
    let mut next = state.clone();
    if next.hold_until.is_none_or(|h| h < until) {
        next.hold_until = Some(until);
        next.hold_reason = Some(reason);
    }
    next.not_before(until);
    next
}

/// Parse a Retry-After header: delay-seconds or an HTTP date.
pub fn retry_after(value: &str, now: Timestamp) -> Option<Duration> {
    let v = value.trim();
    if let Ok(secs) = v.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let at = chrono::DateTime::parse_from_rfc2822(v).ok()?;
    Some(Timestamp::from_millis(at.timestamp_millis()).since(now))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::model::{HostKey, host_key};

    fn gaps(ms: u64) -> Gaps {
        Gaps { regular: Duration::from_millis(ms), discovery: Duration::from_millis(ms) }
    }

    fn host() -> HostKey {
        host_key(&url::Url::parse("https://a.test/").unwrap()).unwrap()
    }

    #[test]
    fn second_request_waits_for_the_gap() {
        let s = HostState::new(host());
        let t0 = Timestamp::from_millis(10_000);
        let LeaseDecision::Granted(s1) = decide_lease(&s, t0, RequestKind::Regular, gaps(1_000), None) else {
            panic!()
        };
        assert_eq!(s1.next_at, Timestamp::from_millis(11_000));
        // Free within one gap: wait for exactly then.
        assert_eq!(
            decide_lease(&s1, Timestamp::from_millis(10_500), RequestKind::Regular, gaps(1_000), None),
            LeaseDecision::Wait { until: Timestamp::from_millis(11_000), held: None, queue: None }
        );
        // Further off: waiters are handed wake-up slots one gap apart.
        let mut busy = s1.clone();
        busy.next_at = Timestamp::from_millis(13_000);
        let LeaseDecision::Wait { until, queue: Some(q1), .. } =
            decide_lease(&busy, Timestamp::from_millis(10_500), RequestKind::Regular, gaps(1_000), None)
        else {
            panic!()
        };
        assert_eq!(until, Timestamp::from_millis(13_000));
        let LeaseDecision::Wait { until: second, .. } =
            decide_lease(&q1, Timestamp::from_millis(10_600), RequestKind::Regular, gaps(1_000), None)
        else {
            panic!()
        };
        assert_eq!(second, Timestamp::from_millis(14_000));
        assert!(matches!(
            decide_lease(&s1, Timestamp::from_millis(11_000), RequestKind::Regular, gaps(1_000), None),
            LeaseDecision::Granted(_)
        ));
    }

    #[test]
    fn holds_block_until_they_end() {
        let s = hold(&HostState::new(host()), HoldReason::RateLimited, Timestamp::from_millis(50_000));
        assert_eq!(
            decide_lease(&s, Timestamp::from_millis(20_000), RequestKind::Regular, gaps(1_000), None),
            LeaseDecision::Wait {
                until: Timestamp::from_millis(50_000),
                held: Some(HoldReason::RateLimited),
                queue: None
            }
        );
        let LeaseDecision::Granted(after) =
            decide_lease(&s, Timestamp::from_millis(50_000), RequestKind::Regular, gaps(1_000), None)
        else {
            panic!()
        };
        assert_eq!(after.hold_until, None);
        // A shorter hold never shortens a longer one.
        let s2 = hold(&s, HoldReason::ServerErrors, Timestamp::from_millis(30_000));
        assert_eq!(s2.hold_until, Some(Timestamp::from_millis(50_000)));
    }

    #[test]
    fn a_host_that_used_its_budget_waits_for_the_next_cycle() {
        let b = Some(Budget { per_cycle: Duration::from_secs(3600), cycle: Duration::from_secs(8 * 3600) });
        let t0 = Timestamp::from_millis(0);
        let LeaseDecision::Granted(s) = decide_lease(&HostState::new(host()), t0, RequestKind::Regular, gaps(1_000), b)
        else {
            panic!()
        };
        assert_eq!(s.session_started_at, Some(t0));
        let late = t0.plus(Duration::from_secs(3600));
        assert_eq!(
            decide_lease(&s, late, RequestKind::Regular, gaps(1_000), b),
            LeaseDecision::Wait {
                until: t0.plus(Duration::from_secs(8 * 3600)),
                held: Some(HoldReason::Budget),
                queue: None
            }
        );
        let next_cycle = t0.plus(Duration::from_secs(8 * 3600));
        let LeaseDecision::Granted(s2) = decide_lease(&s, next_cycle, RequestKind::Regular, gaps(1_000), b) else {
            panic!()
        };
        assert_eq!(s2.session_started_at, Some(next_cycle), "a new cycle starts a new session");
    }

    #[test]
    fn an_unreachable_pause_is_not_lifted_by_time_alone() {
        let s = hold(&HostState::new(host()), HoldReason::Unreachable, Timestamp::from_millis(1_000));
        let LeaseDecision::Granted(after) =
            decide_lease(&s, Timestamp::from_millis(2_000), RequestKind::Regular, gaps(1_000), None)
        else {
            panic!()
        };
        assert_eq!(after.hold_reason, Some(HoldReason::Unreachable), "only a successful health check lifts it");
    }

    #[test]
    fn gap_honours_crawl_delay_within_the_cap() {
        let mut s = HostState::new(host());
        assert_eq!(request_gap(&s, Duration::from_secs(1), Duration::from_secs(60)), Duration::from_secs(1));
        s.crawl_delay_ms = Some(5_000);
        assert_eq!(request_gap(&s, Duration::from_secs(1), Duration::from_secs(60)), Duration::from_secs(5));
        s.crawl_delay_ms = Some(3_600_000);
        assert_eq!(request_gap(&s, Duration::from_secs(1), Duration::from_secs(60)), Duration::from_secs(60));
    }

    #[test]
    fn retry_after_reads_seconds_and_dates() {
        let now = Timestamp::from_millis(0);
        assert_eq!(retry_after("120", now), Some(Duration::from_secs(120)));
        assert_eq!(retry_after("Thu, 01 Jan 1970 00:01:00 GMT", now), Some(Duration::from_secs(60)));
        assert_eq!(retry_after("soon", now), None);
    }

    #[test]
    fn a_regular_request_after_a_discovery_request_waits_the_full_gap() {
        let g = Gaps { regular: Duration::from_millis(1_050), discovery: Duration::from_millis(650) };
        let t0 = Timestamp::from_millis(10_000);
        let LeaseDecision::Granted(s) = decide_lease(&HostState::new(host()), t0, RequestKind::Discovery, g, None)
        else {
            panic!()
        };
        // Another discovery request may follow after the discovery gap…
        assert!(matches!(
            decide_lease(&s, Timestamp::from_millis(10_650), RequestKind::Discovery, g, None),
            LeaseDecision::Granted(_)
        ));
        // …but a page, feed poll or robots.txt request only after the full gap.
        assert_eq!(
            decide_lease(&s, Timestamp::from_millis(10_650), RequestKind::Regular, g, None),
            LeaseDecision::Wait { until: Timestamp::from_millis(11_050), held: None, queue: None }
        );
        // State written before discovery had its own instant holds for both kinds.
        let mut old = s.clone();
        old.next_discovery_at = None;
        assert!(matches!(
            decide_lease(&old, Timestamp::from_millis(10_650), RequestKind::Discovery, g, None),
            LeaseDecision::Wait { .. }
        ));
        // A hold pushes both kinds back.
        let held = hold(&s, HoldReason::Forbidden, Timestamp::from_millis(99_000));
        assert_eq!(held.earliest(RequestKind::Discovery), Timestamp::from_millis(99_000));
    }

    proptest! {
        #[test]
        fn each_kind_waits_its_gap_after_any_request(
            steps in proptest::collection::vec((0i64..3_000, proptest::bool::ANY), 1..60),
            regular_ms in 1_000u64..5_000,
            discovery_ms in 500u64..1_200,
        ) {
            let g = Gaps { regular: Duration::from_millis(regular_ms), discovery: Duration::from_millis(discovery_ms) };
            let mut state = HostState::new(host());
            let mut now = Timestamp::from_millis(1_000_000);
            let mut last: Option<Timestamp> = None;
            for (step, discovery) in steps {
                now = Timestamp::from_millis(now.as_millis() + step);
                let kind = if discovery { RequestKind::Discovery } else { RequestKind::Regular };
                if let LeaseDecision::Granted(next) = decide_lease(&state, now, kind, g, None) {
                    if let Some(prev) = last {
                        prop_assert!(now.since(prev) >= g.of(kind), "{kind:?} {} ms after the previous request", now.since(prev).as_millis());
                    }
                    last = Some(now);
                    state = next;
                }
            }
        }

        #[test]
        fn a_lease_is_never_granted_before_the_gap(
            steps in proptest::collection::vec(0i64..3_000, 1..50),
            gap_ms in 1_000u64..5_000,
        ) {
            let gap = Duration::from_millis(gap_ms);
            let mut state = HostState::new(host());
            let mut now = Timestamp::from_millis(1_000_000);
            let mut last: Option<Timestamp> = None;
            for step in steps {
                now = Timestamp::from_millis(now.as_millis() + step);
                if let LeaseDecision::Granted(next) = decide_lease(&state, now, RequestKind::Regular, Gaps { regular: gap, discovery: gap }, None) {
                    if let Some(prev) = last {
                        prop_assert!(now.since(prev) >= gap);
                    }
                    last = Some(now);
                    state = next;
                }
            }
        }

        #[test]
        fn backoff_grows_and_stays_bounded(attempt in 0u32..40, unit in 0.0f64..1.0) {
            let b = backoff(Duration::from_secs(1), attempt, unit);
            prop_assert!(b >= Duration::from_secs(1));
            prop_assert!(b <= Duration::from_secs(3960));
        }
    }
}
