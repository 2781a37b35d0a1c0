//! The crawl report: what the crawler did over a window of time, for the people who run
//! it (`feedhound report`, the `/report` page of `feedhound serve`).
//!
//! [`Report::build`] is pure: the minutes of the stats log (see
//! [`adapters::stats`](crate::adapters::stats)), the URL counts, the hosts' states and
//! "now" in, the report out: URLs by state over time, requests by class, the share of
//! feed polls answered 304, the smallest gap granted, per-host figures (requests, errors,
//! pages stored, smallest gap, holds in force) and the dead-link rate of each sampler run.
//! [`gather`] reads those inputs through the ports.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::Serialize;

use crate::adapters::stats::Minute;
use crate::embedded::StatusReport;
use crate::model::{HostState, Timestamp};
use crate::service::{Deps, ServiceError};

/// The request classes in the order a chart stacks them.
pub const CLASSES: [&str; 8] = ["2xx", "304", "3xx", "4xx", "403", "429", "5xx", "error"];

/// Bucket sizes a report may use, smallest first: the smallest that puts the window in at
/// most [`MAX_BUCKETS`] buckets is taken.
const BUCKETS: [Duration; 7] = [
    Duration::from_secs(60),
    Duration::from_secs(5 * 60),
    Duration::from_secs(15 * 60),
    Duration::from_secs(3600),
    Duration::from_secs(6 * 3600),
    Duration::from_secs(24 * 3600),
    Duration::from_secs(7 * 24 * 3600),
];

/// The most buckets a chart shows.
pub const MAX_BUCKETS: usize = 120;

/// Hosts read at most when looking for holds in force.
const MAX_HOSTS_READ: usize = 200_000;

/// One span of time in the report's charts.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Bucket {
    /// Its first instant.
    pub at: Timestamp,
    /// URLs per state as last counted in it (carried forward from the bucket before when
    /// nothing was counted).
    pub urls: BTreeMap<String, u64>,
    /// Requests per class ([`CLASSES`]).
    pub requests: BTreeMap<String, u64>,
    /// Feed polls answered (a new answer or 304).
    pub polls: u64,
    /// Of which 304 Not Modified.
    pub not_modified: u64,
    /// Pages stored.
    pub stored: u64,
    /// The smallest gap granted between two requests to one host, milliseconds.
    pub min_gap_ms: Option<f64>,
    /// The smallest gap the crawl was configured to keep then, milliseconds.
    pub gap_floor_ms: Option<f64>,
}

/// One host's figures over the window, and its hold now.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct HostLine {
    /// The host.
    pub host: String,
    /// Requests sent.
    pub requests: u64,
    /// Of which answered 4xx or 5xx, or failed.
    pub errors: u64,
    /// Pages stored.
    pub stored: u64,
    /// The smallest gap granted between two of its requests, milliseconds.
    pub min_gap_ms: Option<f64>,
    /// Held until then (no request at all).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub held_until: Option<Timestamp>,
    /// Why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hold_reason: Option<String>,
}

/// One sampler run: the re-checks of one sample.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct RunLine {
    /// When the sample was drawn.
    pub at: String,
    /// Re-checks that reached an end.
    pub checked: u64,
    /// Of which found gone or missing.
    pub dead: u64,
    /// `dead / checked`.
    pub dead_link_rate: f64,
}

/// Totals over the window.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Totals {
    /// Requests per class.
    pub requests: BTreeMap<String, u64>,
    /// Requests per agent (`page`, `feed`, `robots`).
    pub agents: BTreeMap<String, u64>,
    /// Feed polls answered.
    pub polls: u64,
    /// Of which 304.
    pub not_modified: u64,
    /// Pages stored.
    pub stored: u64,
    /// Hosts held, per reason (holds begun in the window).
    pub holds: BTreeMap<String, u64>,
    /// Tasks that failed (retried or dead-lettered).
    pub task_errors: u64,
    /// The smallest gap granted, milliseconds.
    pub min_gap_ms: Option<f64>,
    /// Minutes in which a gap below the configured one was granted.
    pub gap_violations: u64,
}

impl Totals {
    /// Requests of every class.
    pub fn request_count(&self) -> u64 {
        self.requests.values().sum()
    }

    /// The share of polls answered 304, when there were polls.
    pub fn not_modified_ratio(&self) -> Option<f64> {
        ratio(self.not_modified, self.polls)
    }
}

#[allow(clippy::cast_precision_loss)]
fn ratio(part: u64, whole: u64) -> Option<f64> {
    (whole > 0).then(|| part as f64 / whole as f64)
}

/// The crawl report.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Report {
    /// When it was made.
    pub generated_at: Timestamp,
    /// The window's start.
    pub since: Timestamp,
    /// The charts' bucket, seconds.
    pub bucket_secs: u64,
    /// The charts' buckets, oldest first (only those with something recorded, and the
    /// gaps between them left out).
    pub buckets: Vec<Bucket>,
    /// Totals over the window.
    pub totals: Totals,
    /// URLs, feeds and sites now.
    pub status: StatusReport,
    /// Every host with a request in the window or a hold in force, most requests first.
    pub hosts: Vec<HostLine>,
    /// Sampler runs in the window, oldest first.
    pub runs: Vec<RunLine>,
    /// The configured smallest gap between two requests to a host, milliseconds.
    pub configured_gap_ms: u64,
}

/// Which request class a `Requests` figure counts under.
fn class_of(minute_class: Option<&str>) -> String {
    minute_class.unwrap_or("other").to_owned()
}

impl Report {
    /// The report of `minutes` (oldest first), the counts and host states now.
    pub fn build(
        minutes: &[Minute],
        status: StatusReport,
        hosts: &[HostState],
        now: Timestamp,
        since: Timestamp,
        configured_gap: Duration,
    ) -> Self {
        let span = now.since(minutes.first().map_or(now, |m| m.at).max(since));
        let bucket = BUCKETS
            .iter()
            .copied()
            .find(|b| span.as_secs() / b.as_secs().max(1) < MAX_BUCKETS as u64)
            .unwrap_or(BUCKETS[BUCKETS.len() - 1]);
        let bucket_ms = i64::try_from(bucket.as_millis()).unwrap_or(i64::MAX).max(1);
        let mut buckets: BTreeMap<Timestamp, Bucket> = BTreeMap::new();
        let mut totals = Totals::default();
        let mut per_host: BTreeMap<String, HostLine> = BTreeMap::new();
        let mut runs: BTreeMap<String, RunLine> = BTreeMap::new();
        for m in minutes.iter().filter(|m| m.at >= since) {
            let at = Timestamp::from_millis(m.at.as_millis().div_euclid(bucket_ms) * bucket_ms);
            let b = buckets.entry(at).or_insert_with(|| Bucket { at, ..Bucket::default() });
            add_minute(b, &mut totals, m);
            add_details(&mut per_host, &mut runs, m);
        }
        // URL counts carry forward into buckets where nothing was counted.
        let mut last: BTreeMap<String, u64> = BTreeMap::new();
        for b in buckets.values_mut() {
            if b.urls.is_empty() {
                b.urls.clone_from(&last);
            } else {
                last.clone_from(&b.urls);
            }
        }
        for h in hosts {
            let held = h.hold_until.filter(|until| *until > now);
            if held.is_none() && !per_host.contains_key(h.host.as_str()) {
                continue;
            }
            let line = per_host
                .entry(h.host.as_str().to_owned())
                .or_insert_with(|| HostLine { host: h.host.as_str().to_owned(), ..HostLine::default() });
            line.held_until = held;
            line.hold_reason = held.and(h.hold_reason).map(|r| r.as_str().to_owned());
        }
        let mut hosts: Vec<HostLine> = per_host.into_values().collect();
        hosts.sort_by(|a, b| b.requests.cmp(&a.requests).then_with(|| a.host.cmp(&b.host)));
        Self {
            generated_at: now,
            since,
            bucket_secs: bucket.as_secs(),
            buckets: buckets.into_values().collect(),
            totals,
            status,
            hosts,
            runs: runs.into_values().collect(),
            configured_gap_ms: u64::try_from(configured_gap.as_millis()).unwrap_or(u64::MAX),
        }
    }

    /// Hosts with the most pages stored, at most `n`, that stored any.
    pub fn top_by_pages(&self, n: usize) -> Vec<&HostLine> {
        let mut v: Vec<&HostLine> = self.hosts.iter().filter(|h| h.stored > 0).collect();
        v.sort_by(|a, b| b.stored.cmp(&a.stored).then_with(|| a.host.cmp(&b.host)));
        v.truncate(n);
        v
    }

    /// Hosts with the most errors, at most `n`, that had any.
    pub fn top_by_errors(&self, n: usize) -> Vec<&HostLine> {
        let mut v: Vec<&HostLine> = self.hosts.iter().filter(|h| h.errors > 0).collect();
        v.sort_by(|a, b| b.errors.cmp(&a.errors).then_with(|| a.host.cmp(&b.host)));
        v.truncate(n);
        v
    }

    /// Hosts held now, the longest hold first.
    pub fn held(&self) -> Vec<&HostLine> {
        let mut v: Vec<&HostLine> = self.hosts.iter().filter(|h| h.held_until.is_some()).collect();
        v.sort_by(|a, b| b.held_until.cmp(&a.held_until).then_with(|| a.host.cmp(&b.host)));
        v
    }

    /// Hosts by their smallest granted gap, smallest first, at most `n`.
    pub fn closest_gaps(&self, n: usize) -> Vec<&HostLine> {
        let mut v: Vec<&HostLine> = self.hosts.iter().filter(|h| h.min_gap_ms.is_some()).collect();
        v.sort_by(|a, b| a.min_gap_ms.unwrap_or(0.0).total_cmp(&b.min_gap_ms.unwrap_or(0.0)));
        v.truncate(n);
        v
    }

    /// Whether any gap granted in the window was below the one configured when it was
    /// granted: a politeness failure, which the report and the deployed alarm both show.
    pub fn gap_violated(&self) -> bool {
        self.totals.gap_violations > 0
    }
}

#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn count(v: f64) -> u64 {
    v.max(0.0).round() as u64
}

fn min_of(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

fn add_minute(b: &mut Bucket, totals: &mut Totals, m: &Minute) {
    for (series, figure) in &m.figures {
        let n = count(figure.sum);
        match series.name.as_str() {
            "Requests" => {
                let class = class_of(series.dim("Class"));
                *b.requests.entry(class.clone()).or_insert(0) += n;
                *totals.requests.entry(class).or_insert(0) += n;
                *totals.agents.entry(series.dim("Agent").unwrap_or("other").to_owned()).or_insert(0) += n;
            }
            "Tasks" => match series.dim("Outcome") {
                Some("poll:polled") => {
                    b.polls += n;
                    totals.polls += n;
                }
                Some("poll:not_modified") => {
                    b.polls += n;
                    b.not_modified += n;
                    totals.polls += n;
                    totals.not_modified += n;
                }
                _ => {}
            },
            "TaskErrors" => totals.task_errors += n,
            "HostsHeld" => *totals.holds.entry(series.dim("Reason").unwrap_or("other").to_owned()).or_insert(0) += n,
            "GrantedGapMs" => {
                b.min_gap_ms = min_of(b.min_gap_ms, Some(figure.min));
                totals.min_gap_ms = min_of(totals.min_gap_ms, Some(figure.min));
            }
            _ => {}
        }
    }
    if let Some(urls) = &m.urls {
        b.urls.clone_from(urls);
    }
    b.gap_floor_ms = min_of(b.gap_floor_ms, m.gap_floor_ms);
    // Each minute against the floor its writer kept (a bucket may mix configurations).
    if let (Some(gap), Some(floor)) = (m.min("GrantedGapMs"), m.gap_floor_ms)
        && gap < floor
    {
        totals.gap_violations += 1;
    }
    let stored = m.details.get("HostStored").map_or(0, |hosts| hosts.values().map(|f| count(f.sum)).sum());
    b.stored += stored;
    totals.stored += stored;
}

fn add_details(per_host: &mut BTreeMap<String, HostLine>, runs: &mut BTreeMap<String, RunLine>, m: &Minute) {
    let mut host = |name: &str, f: &mut dyn FnMut(&mut HostLine, &crate::adapters::stats::Figure)| {
        for (h, figure) in m.details.get(name).into_iter().flatten() {
            let line = per_host.entry(h.clone()).or_insert_with(|| HostLine { host: h.clone(), ..HostLine::default() });
            f(line, figure);
        }
    };
    host("HostRequests", &mut |l, f| l.requests += count(f.sum));
    host("HostErrors", &mut |l, f| l.errors += count(f.sum));
    host("HostStored", &mut |l, f| l.stored += count(f.sum));
    host("HostGapMs", &mut |l, f| l.min_gap_ms = min_of(l.min_gap_ms, Some(f.min)));
    for (name, add_dead) in [("SampleChecked", false), ("SampleDead", true)] {
        for (run, figure) in m.details.get(name).into_iter().flatten() {
            let line = runs.entry(run.clone()).or_insert_with(|| RunLine { at: run.clone(), ..RunLine::default() });
            if add_dead {
                line.dead += count(figure.sum);
            } else {
                line.checked += count(figure.sum);
            }
            line.dead_link_rate = ratio(line.dead, line.checked).unwrap_or(0.0);
        }
    }
}

/// Read what the report needs: the stats log's minutes since `since`, the counts now and
/// the hosts' states (for the holds in force; at most 200,000 hosts are read).
///
/// # Errors
/// [`ServiceError`] when the store fails; a stats log that cannot be read is an empty one
/// (with a warning): the report still shows the state.
pub async fn gather(
    deps: &Deps,
    log: Option<&crate::adapters::stats::StatsLog>,
    since: Timestamp,
) -> Result<Report, ServiceError> {
    let minutes = match log {
        None => Vec::new(),
        Some(log) => {
            let log = log.clone();
            match tokio::task::spawn_blocking(move || log.read(since)).await {
                Ok(Ok(m)) => m,
                Ok(Err(e)) => {
                    tracing::warn!(error = %crate::error_chain(&e), "stats log unreadable; the report shows the state only");
                    Vec::new()
                }
                Err(e) => {
                    tracing::warn!(error = %e, "stats log unreadable; the report shows the state only");
                    Vec::new()
                }
            }
        }
    };
    let status = crate::embedded::status_report(deps).await?;
    let repos = deps.repos();
    let mut hosts = Vec::new();
    let mut after: Option<String> = None;
    loop {
        let (page, more) = repos.hosts.page(after.as_deref(), 1000).await?;
        after = page.last().map(|s| crate::repo::Document::id(&s.value));
        hosts.extend(page.into_iter().map(|s| s.value));
        if !more || after.is_none() || hosts.len() >= MAX_HOSTS_READ {
            break;
        }
    }
    Ok(Report::build(&minutes, status, &hosts, deps.clock.now(), since, deps.config.min_gap))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::adapters::clock::ManualClock;
    use crate::adapters::stats::StatsRecorder;
    use crate::model::HoldReason;
    use crate::ports::{Metrics, Unit};

    const T0: i64 = 1_700_000_000_000;

    fn minutes() -> Vec<Minute> {
        let clock = Arc::new(ManualClock::new(Timestamp::from_millis(T0)));
        let rec = StatsRecorder::new(clock.clone(), Duration::from_secs(1));
        for (class, host) in [("2xx", "a.test"), ("2xx", "a.test"), ("429", "b.test"), ("304", "a.test")] {
            rec.record("Requests", Unit::Count, 1.0, &[("Agent", "page"), ("Class", class)]);
            rec.record_detail("HostRequests", Unit::Count, host, 1.0);
        }
        rec.record_detail("HostErrors", Unit::Count, "b.test", 1.0);
        rec.record("Tasks", Unit::Count, 1.0, &[("Outcome", "poll:polled")]);
        rec.record("Tasks", Unit::Count, 1.0, &[("Outcome", "poll:not_modified")]);
        rec.record("Tasks", Unit::Count, 1.0, &[("Outcome", "poll:not_modified")]);
        rec.record("GrantedGapMs", Unit::Milliseconds, 1051.0, &[]);
        rec.record_detail("HostGapMs", Unit::Milliseconds, "a.test", 1051.0);
        rec.record_detail("HostStored", Unit::Count, "a.test", 1.0);
        rec.urls(BTreeMap::from([("stored".to_owned(), 1)]));
        clock.advance(Duration::from_secs(120));
        rec.record("Requests", Unit::Count, 1.0, &[("Agent", "page"), ("Class", "2xx")]);
        rec.record("GrantedGapMs", Unit::Milliseconds, 1002.0, &[]);
        rec.record_detail("SampleChecked", Unit::Count, "run-1", 1.0);
        rec.record_detail("SampleChecked", Unit::Count, "run-1", 1.0);
        rec.record_detail("SampleDead", Unit::Count, "run-1", 1.0);
        rec.record_detail("SampleDead", Unit::Count, "run-1", 0.0);
        rec.take()
    }

    #[test]
    fn a_report_sums_the_minutes_and_names_the_hosts() {
        let now = Timestamp::from_millis(T0 + 10 * 60_000);
        let key = |h: &str| crate::model::host_key(&url::Url::parse(&format!("http://{h}/")).unwrap()).unwrap();
        let mut held = HostState::new(key("c.test"));
        held.hold_until = Some(now.plus(Duration::from_secs(3600)));
        held.hold_reason = Some(HoldReason::RateLimited);
        let mut expired = HostState::new(key("d.test"));
        expired.hold_until = Some(Timestamp::from_millis(T0));
        expired.hold_reason = Some(HoldReason::Forbidden);
        let r = Report::build(
            &minutes(),
            StatusReport::default(),
            &[held, expired],
            now,
            Timestamp::from_millis(0),
            Duration::from_secs(1),
        );
        assert_eq!(r.bucket_secs, 60, "ten minutes in one-minute buckets");
        assert_eq!(r.buckets.len(), 2);
        assert_eq!(r.totals.request_count(), 5);
        assert_eq!(r.totals.requests["2xx"], 3);
        assert_eq!(r.totals.not_modified_ratio(), Some(2.0 / 3.0));
        assert_eq!(r.totals.min_gap_ms, Some(1002.0));
        assert_eq!(r.buckets[0].min_gap_ms, Some(1051.0));
        assert_eq!(r.buckets[1].urls["stored"], 1, "URL counts carry forward");
        assert!(!r.gap_violated());
        assert_eq!(r.top_by_pages(5).iter().map(|h| h.host.as_str()).collect::<Vec<_>>(), ["a.test"]);
        assert_eq!(r.top_by_errors(5)[0].host, "b.test");
        let held: Vec<&str> = r.held().iter().map(|h| h.host.as_str()).collect();
        assert_eq!(held, ["c.test"], "an expired hold is not shown");
        assert_eq!(r.held()[0].hold_reason.as_deref(), Some("rate_limited"));
        assert_eq!(r.hosts[0].host, "a.test", "most requests first");
        assert_eq!(r.closest_gaps(1)[0].min_gap_ms, Some(1051.0));
        assert_eq!(r.runs, [RunLine { at: "run-1".into(), checked: 2, dead: 1, dead_link_rate: 0.5 }]);
    }

    #[test]
    fn a_gap_below_the_one_configured_then_is_a_violation_and_long_windows_use_longer_buckets() {
        let now = Timestamp::from_millis(T0 + 30 * 24 * 3600 * 1000);
        let r = Report::build(
            &minutes(),
            StatusReport::default(),
            &[],
            now,
            Timestamp::from_millis(0),
            Duration::from_millis(1500),
        );
        assert!(!r.gap_violated(), "the minutes were written under a 1000 ms floor: 1002 ms kept it");
        let mut strict = minutes();
        strict[1].gap_floor_ms = Some(1500.0);
        let r = Report::build(
            &strict,
            StatusReport::default(),
            &[],
            now,
            Timestamp::from_millis(0),
            Duration::from_secs(1),
        );
        assert!(r.gap_violated(), "1002 ms granted under a 1500 ms floor");
        assert_eq!(r.bucket_secs, 24 * 3600, "a month in one-day buckets");
        assert_eq!(r.buckets.len(), 1);
        let later = Report::build(
            &minutes(),
            StatusReport::default(),
            &[],
            now,
            Timestamp::from_millis(T0 + 60_000),
            Duration::from_secs(1),
        );
        assert_eq!(later.totals.request_count(), 1, "minutes before the window are left out");
    }
}
