use std::fmt;

use serde::{Deserialize, Serialize};

use super::{ExcludedReason, FilterReason, HostKey, InvalidReason, ParkReason, Timestamp, UrlKey};

/// Where a URL is in its life. Every URL that enters feedhound ends in exactly one of the
/// final states (everything but `Queued` and `Fetched`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum UrlState {
    /// Seen in a feed; a fetch task is (or is about to be) on the queue.
    Queued {
        /// Whether the fetch task was sent (false only between the seen-set insert and the send).
        enqueued: bool,
    },
    /// Fetched; the raw body waits for the extractor at `raw`.
    Fetched {
        /// Raw body location in the page store.
        raw: String,
    },
    /// Extracted and valid so far; the main image's check (the URL's second and last
    /// request) is queued, and the record waits at `draft` until it answers.
    CheckingImage {
        /// Draft record location in the page store.
        draft: String,
    },
    /// A record is stored at `record`.
    Stored {
        /// Record location in the page store.
        record: String,
    },
    /// Fetched but not a valid page; the reasons say why.
    Invalid {
        /// Machine-readable reasons, e.g. `text_too_short`.
        reasons: Vec<InvalidReason>,
    },
    /// Not fetched or not kept by rule: robots, noindex, exclusion, blocklist, address guard.
    Excluded {
        /// E.g. `robots`, `noindex`, `blocked`.
        reason: ExcludedReason,
    },
    /// Kept out by the content filter.
    Filtered {
        /// What the filter matched.
        reason: FilterReason,
    },
    /// Same canonical page as another key.
    Duplicate {
        /// The key that holds the record.
        of: UrlKey,
    },
    /// The server says the page is gone (404/410).
    Gone {
        /// The HTTP status.
        status: u16,
    },
    /// Waiting for a host hold to end, or a retry; the task waits until then.
    Parked {
        /// Why, e.g. `rate_limited`, `retry:http_503`.
        reason: ParkReason,
        /// When it becomes due again.
        until: Timestamp,
    },
    /// Failed repeatedly; the task is on the dead-letter queue.
    DeadLettered {
        /// The last error.
        error: String,
    },
}

impl UrlState {
    /// The state's name, as shown by `feedhound status`.
    pub fn name(&self) -> &'static str {
        match self {
            UrlState::Queued { .. } => "queued",
            UrlState::Fetched { .. } => "fetched",
            UrlState::CheckingImage { .. } => "checking_image",
            UrlState::Stored { .. } => "stored",
            UrlState::Invalid { .. } => "invalid",
            UrlState::Excluded { .. } => "excluded",
            UrlState::Filtered { .. } => "filtered",
            UrlState::Duplicate { .. } => "duplicate",
            UrlState::Gone { .. } => "gone",
            UrlState::Parked { .. } => "parked",
            UrlState::DeadLettered { .. } => "dead_lettered",
        }
    }

    /// Whether no more work is planned for the URL in this cycle.
    pub fn is_final(&self) -> bool {
        !matches!(self, UrlState::Queued { .. } | UrlState::Fetched { .. } | UrlState::CheckingImage { .. })
    }

    /// Every state name, in the order `status` lists them.
    pub const NAMES: [&'static str; 11] = [
        "queued",
        "fetched",
        "checking_image",
        "stored",
        "invalid",
        "excluded",
        "filtered",
        "duplicate",
        "gone",
        "parked",
        "dead_lettered",
    ];
}

impl fmt::Display for UrlState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The page index entry of one URL: its seen-set membership and its state in one item, so
/// the state is always exactly one thing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UrlEntry {
    /// The key.
    pub key: UrlKey,
    /// The normalised URL.
    pub url: String,
    /// Its host.
    pub host: HostKey,
    /// The feed that first announced it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feed: Option<String>,
    /// Where it is now.
    #[serde(flatten)]
    pub state: UrlState,
    /// When it was first seen.
    pub seen_at: Timestamp,
    /// When its state last changed.
    pub updated_at: Timestamp,
    /// When the page was fetched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fetched_at: Option<Timestamp>,
    /// When liveness was last checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked_at: Option<Timestamp>,
    /// When a re-check first found the page missing (404, or its canonical URL sending
    /// readers to the homepage), with no success since: a second such answer long enough
    /// after this removes the page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missing_since: Option<Timestamp>,
    /// The record's year partition, when stored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub year: Option<i32>,
}

impl UrlEntry {
    /// A URL seen now for the first time, waiting to be fetched.
    pub fn new_queued(
        key: UrlKey,
        url: String,
        host: HostKey,
        feed: Option<String>,
        enqueued: bool,
        now: Timestamp,
    ) -> Self {
        Self {
            key,
            url,
            host,
            feed,
            state: UrlState::Queued { enqueued },
            seen_at: now,
            updated_at: now,
            fetched_at: None,
            checked_at: None,
            missing_since: None,
            year: None,
        }
    }
}

/// What discovery made of a site.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum SiteStatus {
    /// A discovery task is on its way.
    Discovering,
    /// Feeds found and registered; the site is not scanned again unless forced.
    Found {
        /// The feeds.
        feeds: Vec<String>,
    },
    /// No feed on the homepage or at the fallback paths; tried again at `retry_at`.
    NoFeeds,
    /// The site refused or failed (`forbidden`, `rate_limited`, `server_error`, `http_404`,
    /// `unreachable`...); tried again at `retry_at`.
    Failed {
        /// Why.
        reason: String,
    },
    /// robots.txt (or an operator rule) forbids the homepage.
    Excluded {
        /// Why.
        reason: String,
    },
}

/// A site submitted for discovery.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiteState {
    /// The homepage URL (normalised).
    pub url: String,
    /// The outcome so far.
    #[serde(flatten)]
    pub status: SiteStatus,
    /// When the last discovery ended.
    pub updated_at: Timestamp,
    /// When a failed discovery is tried again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_at: Option<Timestamp>,
    /// Requests the last discovery made.
    #[serde(default)]
    pub requests: u32,
}

/// Why a host is held.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HoldReason {
    /// 403: the site refuses us.
    Forbidden,
    /// 429: the site asks us to slow down.
    RateLimited,
    /// Repeated 5xx.
    ServerErrors,
    /// DNS, connect, timeout or reset: paused until a health check succeeds.
    Unreachable,
    /// robots.txt answered 5xx or could not be fetched: nothing is allowed until it is
    /// fetched again.
    RobotsUnavailable,
    /// The host used its crawl time for this cycle.
    Budget,
}

impl HoldReason {
    /// Every hold reason.
    pub const ALL: [HoldReason; 6] = [
        HoldReason::Forbidden,
        HoldReason::RateLimited,
        HoldReason::ServerErrors,
        HoldReason::Unreachable,
        HoldReason::RobotsUnavailable,
        HoldReason::Budget,
    ];

    /// The reason's name.
    pub fn as_str(self) -> &'static str {
        match self {
            HoldReason::Forbidden => "forbidden",
            HoldReason::RateLimited => "rate_limited",
            HoldReason::ServerErrors => "server_errors",
            HoldReason::Unreachable => "unreachable",
            HoldReason::RobotsUnavailable => "robots_unavailable",
            HoldReason::Budget => "budget",
        }
    }
}

/// What robots.txt said, as cached for a host.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RobotsStatus {
    /// 2xx: rules, the body kept in the state store (`repo::RobotsCopy`).
    Rules,
    /// 4xx: everything allowed.
    AllowAll,
    /// 5xx or unreachable: nothing allowed until the next fetch.
    DisallowAll,
}

/// The robots.txt cache entry of a host.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RobotsCache {
    /// Outcome of the last fetch.
    pub status: RobotsStatus,
    /// When it was fetched.
    pub fetched_at: Timestamp,
    /// When it must be fetched again.
    pub expires_at: Timestamp,
}

/// Politeness state of one host, shared by every worker through compare-and-set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostState {
    /// The host.
    pub host: HostKey,
    /// No request may start before this instant (the gap after the previous request of
    /// any kind: at least the minimum gap, or the Crawl-delay).
    pub next_at: Timestamp,
    /// No discovery request may start before this instant: discovery's shorter random
    /// gap after the previous request. Absent in state written before it existed, where
    /// `next_at` holds for every kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_discovery_at: Option<Timestamp>,
    /// When the last request of any kind was granted (the politeness metric measures each
    /// page request's gap from it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_granted_at: Option<Timestamp>,
    /// The last wake-up slot handed to a waiting task: waiting tasks come back one gap
    /// apart instead of all at `next_at`.
    #[serde(default)]
    pub tail: Timestamp,
    /// No request at all until then (see `hold_reason`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hold_until: Option<Timestamp>,
    /// Why the host is held.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hold_reason: Option<HoldReason>,
    /// robots.txt Crawl-delay, milliseconds (already capped).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crawl_delay_ms: Option<u64>,
    /// The robots.txt cache.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub robots: Option<RobotsCache>,
    /// A robots.txt redirect being followed: the next URL and the hops so far.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub robots_redirect: Option<(String, u8)>,
    /// When this host's crawl session of the current cycle began (for the time budget).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_started_at: Option<Timestamp>,
    /// Server errors in a row.
    #[serde(default)]
    pub server_errors: u32,
    /// Requests granted so far.
    #[serde(default)]
    pub requests: u64,
}

impl HostState {
    /// No request of any kind before `at` (a hold, a Crawl-delay that starts now).
    pub fn not_before(&mut self, at: Timestamp) {
        self.next_at = self.next_at.max(at);
        self.next_discovery_at = self.next_discovery_at.map(|d| d.max(at));
    }

    /// A host never contacted before.
    pub fn new(host: HostKey) -> Self {
        Self {
            host,
            next_at: Timestamp::from_millis(0),
            next_discovery_at: None,
            last_granted_at: None,
            tail: Timestamp::from_millis(0),
            hold_until: None,
            hold_reason: None,
            crawl_delay_ms: None,
            robots: None,
            robots_redirect: None,
            session_started_at: None,
            server_errors: 0,
            requests: 0,
        }
    }
}

/// A registered feed and its polling state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeedState {
    /// The feed URL (normalised).
    pub url: String,
    /// The site it was discovered on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub site: Option<String>,
    /// ETag validator from the last 200.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub etag: Option<String>,
    /// Last-Modified validator from the last 200.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_modified: Option<String>,
    /// Last HTTP status (0 = network failure).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_status: Option<u16>,
    /// Failures in a row.
    #[serde(default)]
    pub error_streak: u32,
    /// Due for polling at.
    pub next_poll_at: Timestamp,
    /// Last poll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_polled_at: Option<Timestamp>,
    /// Last time a poll found a new entry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_new_entry_at: Option<Timestamp>,
    /// Entries in the last parsed body.
    #[serde(default)]
    pub last_entries: u32,
    /// Set when a non-empty body parsed to no entries, or failed to parse.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
    /// What the feed said about its schedule in its last full answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hints: Option<crate::policy::schedule::FeedHints>,
    /// Set while its poll waits for a hold on its host (403/429, 5xx, unreachable,
    /// robots.txt unavailable); cleared by the next poll that is sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waiting: Option<Waiting>,
}

/// Why a feed's poll waits, and until when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    /// The hold's reason (`forbidden`, `rate_limited`, `robots_unavailable`…).
    pub reason: String,
    /// When the poll is tried again.
    pub until: Timestamp,
}

/// The prefix of a feed problem that says it is excluded (by robots.txt, an operator
/// rule, the blocklist or the address guard), not failing.
pub const EXCLUDED_PREFIX: &str = "excluded:";

/// How a feed is doing, as `feedhound status` shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum FeedCondition {
    /// Registered, not polled yet.
    New,
    /// The last poll read entries.
    Ok,
    /// The last poll was answered 304.
    NotModified,
    /// The last poll failed, or read no entries.
    Problem {
        /// Why (`http_404`, `empty: …`, a parse error…).
        reason: String,
    },
    /// Never polled by rule: robots.txt, an operator rule, the blocklist, the address guard.
    Excluded {
        /// Why (`address_refused: …`, `robots`…).
        reason: String,
    },
    /// Its host is held; the poll waits.
    Held {
        /// The hold's reason.
        reason: String,
        /// Until when.
        until: Timestamp,
    },
}

impl FeedCondition {
    /// The condition's name.
    pub fn name(&self) -> &'static str {
        match self {
            FeedCondition::New => "new",
            FeedCondition::Ok => "ok",
            FeedCondition::NotModified => "not_modified",
            FeedCondition::Problem { .. } => "problem",
            FeedCondition::Excluded { .. } => "excluded",
            FeedCondition::Held { .. } => "held",
        }
    }

    /// Whether the feed yields pages as it is (ok, not modified, or not polled yet).
    pub fn is_healthy(&self) -> bool {
        matches!(self, FeedCondition::New | FeedCondition::Ok | FeedCondition::NotModified)
    }
}

impl FeedState {
    /// A feed registered now, due at once.
    pub fn new(url: String, site: Option<String>, now: Timestamp) -> Self {
        Self {
            url,
            site,
            etag: None,
            last_modified: None,
            last_status: None,
            error_streak: 0,
            next_poll_at: now,
            last_polled_at: None,
            last_new_entry_at: None,
            last_entries: 0,
            problem: None,
            hints: None,
            waiting: None,
        }
    }

    /// The name of the feed's condition as of its last write (a hold counts until the
    /// next poll is sent): the tag it is counted under.
    pub fn condition_name(&self) -> &'static str {
        // At the dawn of time every hold is still on.
        self.condition(Timestamp::from_millis(i64::MIN)).name()
    }

    /// How the feed is doing at `now`.
    pub fn condition(&self, now: Timestamp) -> FeedCondition {
        if let Some(reason) = self.problem.as_deref().and_then(|p| p.strip_prefix(EXCLUDED_PREFIX)) {
            return FeedCondition::Excluded { reason: reason.to_owned() };
        }
        if let Some(w) = self.waiting.as_ref().filter(|w| now < w.until) {
            return FeedCondition::Held { reason: w.reason.clone(), until: w.until };
        }
        if let Some(p) = &self.problem {
            return FeedCondition::Problem { reason: p.clone() };
        }
        match self.last_status {
            None => FeedCondition::New,
            Some(304) => FeedCondition::NotModified,
            Some(_) => FeedCondition::Ok,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_serialises_state_flat_and_back() {
        let e = UrlEntry {
            key: UrlKey::of(&url::Url::parse("https://a.b/").unwrap()),
            url: "https://a.b/".into(),
            host: crate::model::host_key(&url::Url::parse("https://a.b/").unwrap()).unwrap(),
            feed: None,
            state: UrlState::Gone { status: 410 },
            seen_at: Timestamp::from_millis(1),
            updated_at: Timestamp::from_millis(2),
            fetched_at: None,
            checked_at: None,
            missing_since: None,
            year: None,
        };
        let json = serde_json::to_value(&e).unwrap();
        assert_eq!(json["state"], "gone");
        assert_eq!(json["status"], 410);
        let back: UrlEntry = serde_json::from_value(json).unwrap();
        assert_eq!(back, e);
        assert!(e.state.is_final());
        assert!(!UrlState::Queued { enqueued: true }.is_final());
        assert!(UrlState::NAMES.contains(&e.state.name()));
    }
}
