//! When to poll a feed next: the configured floor, stretched by what the feed and its
//! server ask for (Cache-Control / Expires, RSS `<ttl>`, `sy:updatePeriod` /
//! `sy:updateFrequency`) and by how rarely it publishes, then moved out of the feed's
//! `skipHours` / `skipDays`. Never sooner than the floor, never later than a week.

use std::collections::BTreeSet;
use std::time::Duration;

use chrono::{Datelike, Timelike};

use crate::model::Timestamp;

/// The longest interval between two polls of a live feed.
pub const MAX_INTERVAL: Duration = Duration::from_secs(7 * 24 * 3600);

/// What a feed says about its own schedule.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FeedHints {
    /// RSS `<ttl>`.
    pub ttl: Option<Duration>,
    /// `sy:updatePeriod` divided by `sy:updateFrequency`.
    pub update_period: Option<Duration>,
    /// `skipHours`: UTC hours (0–23) not to poll in.
    pub skip_hours: BTreeSet<u32>,
    /// `skipDays`: weekdays not to poll on, 0 = Monday.
    pub skip_days: BTreeSet<u32>,
}

/// Decide the next poll.
///
/// `server_fresh_for` comes from Cache-Control max-age or Expires; `quiet_for` is how long
/// the feed has gone without a new entry (a feed silent for a month need not be polled
/// three times a day: half its silence, within the bounds).
pub fn next_poll(
    now: Timestamp,
    floor: Duration,
    hints: &FeedHints,
    server_fresh_for: Option<Duration>,
    quiet_for: Option<Duration>,
) -> Timestamp {
    let mut interval = floor;
    for asked in [hints.ttl, hints.update_period, server_fresh_for, quiet_for.map(|q| q / 2)].into_iter().flatten() {
        interval = interval.max(asked);
    }
    let mut at = now.plus(interval.min(MAX_INTERVAL.max(floor)));
    // Step forward an hour at a time out of skipped hours and days (at most a week).
    for _ in 0..(24 * 7) {
        let Some(t) = chrono::DateTime::from_timestamp_millis(at.as_millis()) else { break };
        let skipped =
            hints.skip_hours.contains(&t.hour()) || hints.skip_days.contains(&t.weekday().num_days_from_monday());
        if !skipped {
            break;
        }
        let next_hour = t
            .with_minute(0)
            .and_then(|t| t.with_second(0))
            .map_or(at.as_millis() + 3_600_000, |t| t.timestamp_millis() + 3_600_000);
        at = Timestamp::from_millis(next_hour);
    }
    at
}

/// Cache-Control max-age (or, failing that, Expires) as a freshness lifetime.
pub fn server_freshness(cache_control: Option<&str>, expires: Option<&str>, now: Timestamp) -> Option<Duration> {
    if let Some(cc) = cache_control {
        let cc = cc.to_ascii_lowercase();
        if let Some(age) = cc
            .split(',')
            .find_map(|d| d.trim().strip_prefix("max-age=").and_then(|v| v.trim_matches('"').parse::<u64>().ok()))
        {
            return Some(Duration::from_secs(age));
        }
    }
    let at = chrono::DateTime::parse_from_rfc2822(expires?.trim()).ok()?;
    Some(Timestamp::from_millis(at.timestamp_millis()).since(now))
}

#[cfg(test)]
mod tests {
    use super::*;

    const H: u64 = 3600;

    fn t(s: &str) -> Timestamp {
        Timestamp::from_millis(chrono::DateTime::parse_from_rfc3339(s).unwrap().timestamp_millis())
    }

    #[test]
    fn the_floor_holds_and_hints_only_stretch() {
        let now = t("2026-01-05T10:00:00Z"); // a Monday
        let floor = Duration::from_secs(8 * H);
        assert_eq!(next_poll(now, floor, &FeedHints::default(), None, None), now.plus(floor));
        let short = FeedHints { ttl: Some(Duration::from_secs(60)), ..FeedHints::default() };
        assert_eq!(
            next_poll(now, floor, &short, Some(Duration::from_secs(10)), None),
            now.plus(floor),
            "never sooner than the floor"
        );
        let daily = FeedHints { update_period: Some(Duration::from_secs(24 * H)), ..FeedHints::default() };
        assert_eq!(next_poll(now, floor, &daily, None, None), now.plus(Duration::from_secs(24 * H)));
        assert_eq!(
            next_poll(now, floor, &FeedHints::default(), Some(Duration::from_secs(12 * H)), None),
            now.plus(Duration::from_secs(12 * H))
        );
        assert_eq!(
            next_poll(now, floor, &FeedHints::default(), None, Some(Duration::from_secs(60 * 24 * H))),
            now.plus(MAX_INTERVAL),
            "a silent feed: capped at a week"
        );
    }

    #[test]
    fn skipped_hours_and_days_are_stepped_over() {
        let now = t("2026-01-05T10:00:00Z"); // Monday; the floor lands at 18:00
        let hints = FeedHints { skip_hours: [18, 19, 20].into_iter().collect(), ..FeedHints::default() };
        assert_eq!(next_poll(now, Duration::from_secs(8 * H), &hints, None, None), t("2026-01-05T21:00:00Z"));
        let weekend = FeedHints { skip_days: [1].into_iter().collect(), ..FeedHints::default() }; // Tuesday
        assert_eq!(next_poll(now, Duration::from_secs(20 * H), &weekend, None, None), t("2026-01-07T00:00:00Z"));
    }

    #[test]
    fn freshness_from_headers() {
        let now = t("2026-01-05T10:00:00Z");
        assert_eq!(server_freshness(Some("public, max-age=3600"), None, now), Some(Duration::from_secs(3600)));
        assert_eq!(
            server_freshness(None, Some("Mon, 05 Jan 2026 12:00:00 GMT"), now),
            Some(Duration::from_secs(2 * H))
        );
        assert_eq!(server_freshness(Some("no-cache"), Some("garbage"), now), None);
    }
}
