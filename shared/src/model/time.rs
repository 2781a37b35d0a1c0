use std::time::Duration;

use serde::{Deserialize, Serialize};

/// A point in time: milliseconds since the Unix epoch, UTC.
///
/// Decision code never reads the system clock; it is handed a `Timestamp` by a
/// [`Clock`](crate::ports::Clock).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Timestamp(i64);

impl Timestamp {
    /// The instant `ms` milliseconds after the epoch.
    pub const fn from_millis(ms: i64) -> Self {
        Self(ms)
    }

    /// Milliseconds since the epoch.
    pub const fn as_millis(self) -> i64 {
        self.0
    }

    /// This instant moved `d` later (saturating).
    pub fn plus(self, d: Duration) -> Self {
        let ms = i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
        Self(self.0.saturating_add(ms))
    }

    /// How long from `earlier` until `self`; zero if `earlier` is later.
    pub fn since(self, earlier: Timestamp) -> Duration {
        Duration::from_millis(u64::try_from(self.0.saturating_sub(earlier.0)).unwrap_or(0))
    }

    /// The UTC calendar year of this instant.
    pub fn year(self) -> i32 {
        use chrono::Datelike;
        chrono::DateTime::from_timestamp_millis(self.0).map_or(1970, |t| t.year())
    }

    /// The first instant of a UTC calendar year (`None` out of range).
    pub fn start_of_year(year: i32) -> Option<Self> {
        let day = chrono::NaiveDate::from_ymd_opt(year, 1, 1)?;
        Some(Self(day.and_hms_opt(0, 0, 0)?.and_utc().timestamp_millis()))
    }

    /// RFC 3339 text, for records and logs.
    pub fn to_rfc3339(self) -> String {
        chrono::DateTime::from_timestamp_millis(self.0)
            .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_saturates_and_years_are_utc() {
        let t = Timestamp::from_millis(1_700_000_000_000);
        assert_eq!(t.plus(Duration::from_secs(1)).as_millis(), 1_700_000_001_000);
        assert_eq!(t.since(t.plus(Duration::from_secs(5))), Duration::ZERO);
        assert_eq!(t.plus(Duration::from_secs(5)).since(t), Duration::from_secs(5));
        assert_eq!(t.year(), 2023);
        let y = Timestamp::start_of_year(2027).unwrap();
        assert_eq!(
            (y.year(), y.plus(Duration::from_millis(1)).year(), Timestamp::from_millis(y.as_millis() - 1).year()),
            (2027, 2027, 2026)
        );
        assert_eq!(Timestamp::from_millis(0).to_rfc3339(), "1970-01-01T00:00:00.000Z");
    }
}
