use serde::{Deserialize, Serialize};

use super::{Timestamp, UrlKey};

/// The wire version every task message carries as `"v"`.
pub const TASK_VERSION: u32 = 1;

/// Which queue (and so which Lambda) a task belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Sites → feeds (the discoverer).
    Discover,
    /// Feeds → new URLs (the poller).
    Poll,
    /// Every request for a page, image or re-check (the fetcher).
    Fetch,
    /// Raw page → record (the extractor).
    Extract,
}

impl Stage {
    /// Every stage, in pipeline order.
    pub const ALL: [Stage; 4] = [Stage::Discover, Stage::Poll, Stage::Fetch, Stage::Extract];

    /// The order workers take work in: downstream first, so pages finish before more are
    /// discovered.
    pub const DOWNSTREAM_FIRST: [Stage; 4] = [Stage::Extract, Stage::Fetch, Stage::Poll, Stage::Discover];

    /// The stage's name as used in queue names and logs.
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Discover => "discover",
            Stage::Poll => "poll",
            Stage::Fetch => "fetch",
            Stage::Extract => "extract",
        }
    }
}

/// Where a discovery is: each step makes at most one request.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DiscoverStep {
    /// Fetch the homepage.
    #[default]
    Homepage,
    /// Validate the feeds the homepage links to, by parsing them.
    Validate {
        /// Candidate feed URLs, in document order.
        candidates: Vec<String>,
        /// The one being tried.
        index: usize,
    },
    /// Try the fallback paths in order.
    Fallback {
        /// The path being tried.
        index: usize,
    },
}

/// Find a site's feeds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiscoverSiteTask {
    /// The site's homepage URL.
    pub site: String,
    /// The step this task makes (absent in a first task: the homepage).
    #[serde(default)]
    pub step: DiscoverStep,
    /// The URL to request now, when it differs from the step's own (a redirect target).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_url: Option<String>,
    /// Redirects followed for the current URL.
    #[serde(default)]
    pub hops: u8,
    /// URLs already requested in this discovery (never twice).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fetched: Vec<String>,
    /// Feeds validated so far.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub found: Vec<String>,
}

impl DiscoverSiteTask {
    /// A discovery of `site` from its first step.
    pub fn new(site: impl Into<String>) -> Self {
        Self {
            site: site.into(),
            step: DiscoverStep::Homepage,
            next_url: None,
            hops: 0,
            fetched: Vec::new(),
            found: Vec::new(),
        }
    }
}

/// Poll one feed for new entries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PollFeedTask {
    /// The feed URL (normalised).
    pub feed: String,
}

/// Fetch one page that a feed announced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FetchPageTask {
    /// The URL's key: the identity of the page, unchanged across redirects.
    pub key: UrlKey,
    /// The URL to request now (the original, or a redirect target).
    pub url: String,
    /// The feed that announced it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feed: Option<String>,
    /// URLs already requested for this page, for redirect-cycle detection.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hops: Vec<String>,
    /// How many server errors this page has met so far.
    #[serde(default)]
    pub attempt: u32,
}

/// Turn a fetched raw page into a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtractPageTask {
    /// The page's key.
    pub key: UrlKey,
    /// The URL the page was first known by.
    pub url: String,
    /// The URL the body was served from (after redirects).
    pub final_url: String,
    /// The feed that announced it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feed: Option<String>,
    /// Where the raw body is in the page store (when it is not in `body`).
    pub raw: String,
    /// The raw body itself, gzipped and base64-encoded, when small enough to travel in the
    /// message ([`pack_body`]): one page-store write and read fewer per page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    /// When it was fetched.
    pub fetched_at: Timestamp,
    /// The response's Content-Type, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
    /// The response's X-Robots-Tag values, if any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub x_robots_tag: Vec<String>,
    /// When the page's host takes its next request (the page's request plus the host's
    /// gap): the image check is queued to arrive then, not to wait for the lease.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_free_at: Option<Timestamp>,
}

/// Check a page's main image with one request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckImageTask {
    /// The page's key.
    pub key: UrlKey,
    /// The image URL.
    pub image_url: String,
    /// The draft record, when small enough to travel in the message; otherwise it is at
    /// the URL state's draft location.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draft: Option<Box<super::PageRecord>>,
}

/// The largest body or draft carried in a message, encoded: SQS takes 256 KiB a message,
/// and the rest of the task needs room.
pub const INLINE_MAX: usize = 96 * 1024;

/// A raw body as a message carries it: gzip, then base64; `None` when that is larger than
/// [`INLINE_MAX`] (the body then goes to the page store).
pub fn pack_body(body: &[u8]) -> Option<String> {
    pack_body_within(body, INLINE_MAX)
}

/// A body packed as [`pack_body`] packs it, if that takes at most `max` bytes.
pub fn pack_body_within(body: &[u8], max: usize) -> Option<String> {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(body).ok()?;
    let packed = gz.finish().ok()?;
    // base64 makes 4 bytes of every 3.
    if packed.len().div_ceil(3) * 4 > max {
        return None;
    }
    Some(base64::Engine::encode(&base64::engine::general_purpose::STANDARD, packed))
}

/// The body [`pack_body`] packed, read back to at most `limit` bytes.
///
/// # Errors
/// A message for a body that is not base64 of gzip, or larger than `limit`.
pub fn unpack_body(packed: &str, limit: usize) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let gz = base64::Engine::decode(&base64::engine::general_purpose::STANDARD, packed)
        .map_err(|e| format!("inline body is not base64: {e}"))?;
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(gz.as_slice())
        .take(u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1))
        .read_to_end(&mut out)
        .map_err(|e| format!("inline body is not gzip: {e}"))?;
    if out.len() > limit {
        return Err(format!("inline body is larger than {limit} bytes"));
    }
    Ok(out)
}

/// Re-check that an indexed page still exists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecheckPageTask {
    /// The page's key.
    pub key: UrlKey,
    /// The page URL.
    pub url: String,
    /// Confirm with a GET: the HEAD before it answered a status servers often give HEAD
    /// wrongly (400, 403, 404, 405, 501, 5xx).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub get: bool,
    /// The sample this re-check was drawn in (when it was drawn), for the dead-link rate
    /// per sampler run; absent on a re-check that confirms an earlier verdict.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run: Option<crate::model::Timestamp>,
}

/// A unit of work on a queue. On the wire: `{"v":1,"type":"fetch_page",...}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Task {
    /// See [`DiscoverSiteTask`].
    DiscoverSite(DiscoverSiteTask),
    /// See [`PollFeedTask`].
    PollFeed(PollFeedTask),
    /// See [`FetchPageTask`].
    FetchPage(FetchPageTask),
    /// See [`ExtractPageTask`].
    ExtractPage(ExtractPageTask),
    /// See [`CheckImageTask`].
    CheckImage(CheckImageTask),
    /// See [`RecheckPageTask`].
    RecheckPage(RecheckPageTask),
}

#[derive(Serialize)]
struct EnvelopeOut<'a> {
    v: u32,
    /// Failed deliveries of earlier messages of this task (a task that waits is re-sent
    /// as a new message; the count travels with it, so waiting never resets it).
    #[serde(skip_serializing_if = "is_zero")]
    failures: u32,
    #[serde(flatten)]
    task: &'a Task,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[derive(Deserialize)]
struct EnvelopeHead {
    v: Option<u32>,
    #[serde(default)]
    failures: u32,
}

/// A task that could not be written as a message body.
#[derive(Debug, thiserror::Error)]
#[error("task could not be encoded")]
pub struct EncodeError(#[source] pub serde_json::Error);

/// Why a message body is not a task we can run. Such a message is poison: it goes to the
/// dead-letter queue with this error, never silently acknowledged.
#[derive(Debug, thiserror::Error)]
pub enum DecodeError {
    /// Not JSON, or not an object of a known task type.
    #[error("malformed task message: {0}")]
    Malformed(#[source] serde_json::Error),
    /// The message has no `"v"` field.
    #[error("task message has no version field \"v\"")]
    MissingVersion,
    /// Written by a newer (or unknown) feedhound.
    #[error("unsupported task version {0} (this build reads {TASK_VERSION})")]
    UnsupportedVersion(u32),
}

impl Task {
    /// The queue this task goes on.
    pub fn stage(&self) -> Stage {
        match self {
            Task::DiscoverSite(_) => Stage::Discover,
            Task::PollFeed(_) => Stage::Poll,
            Task::FetchPage(_) | Task::CheckImage(_) | Task::RecheckPage(_) => Stage::Fetch,
            Task::ExtractPage(_) => Stage::Extract,
        }
    }

    /// The task's type name, for logs.
    pub fn kind(&self) -> &'static str {
        match self {
            Task::DiscoverSite(_) => "discover_site",
            Task::PollFeed(_) => "poll_feed",
            Task::FetchPage(_) => "fetch_page",
            Task::ExtractPage(_) => "extract_page",
            Task::CheckImage(_) => "check_image",
            Task::RecheckPage(_) => "recheck_page",
        }
    }

    /// The URL key this task is about, if it is about one page.
    pub fn url_key(&self) -> Option<&UrlKey> {
        match self {
            Task::FetchPage(t) => Some(&t.key),
            Task::ExtractPage(t) => Some(&t.key),
            Task::CheckImage(t) => Some(&t.key),
            Task::RecheckPage(t) => Some(&t.key),
            Task::DiscoverSite(_) | Task::PollFeed(_) => None,
        }
    }

    /// The message body for this task.
    ///
    /// # Errors
    /// When the task does not serialise (it holds only strings and numbers, so this is a
    /// bug, reported as one rather than sent as an empty body).
    pub fn encode(&self) -> Result<String, EncodeError> {
        self.encode_carrying(0)
    }

    /// The message body for this task, carrying `failures` failed deliveries of earlier
    /// messages of it (see [`Task::decode_carried`]).
    ///
    /// # Errors
    /// As [`Task::encode`].
    pub fn encode_carrying(&self, failures: u32) -> Result<String, EncodeError> {
        serde_json::to_string(&EnvelopeOut { v: TASK_VERSION, failures, task: self }).map_err(EncodeError)
    }

    /// Read a message body.
    ///
    /// # Errors
    /// [`DecodeError`] for bodies that are not a task of [`TASK_VERSION`].
    pub fn decode(body: &str) -> Result<Task, DecodeError> {
        Self::decode_carried(body).map(|(task, _)| task)
    }

    /// Read a message body with the failed deliveries it carries.
    ///
    /// # Errors
    /// [`DecodeError`] for bodies that are not a task of [`TASK_VERSION`].
    pub fn decode_carried(body: &str) -> Result<(Task, u32), DecodeError> {
        let head: EnvelopeHead = serde_json::from_str(body).map_err(DecodeError::Malformed)?;
        match head.v {
            None => Err(DecodeError::MissingVersion),
            Some(TASK_VERSION) => Ok((serde_json::from_str(body).map_err(DecodeError::Malformed)?, head.failures)),
            Some(other) => Err(DecodeError::UnsupportedVersion(other)),
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_small_body_travels_in_the_message_and_comes_back_whole() {
        let html = "<html><body><p>caf\u{e9}</p></body></html>".repeat(200).into_bytes();
        let packed = pack_body(&html).expect("small enough to travel");
        assert!(packed.len() < html.len(), "compressed");
        assert_eq!(unpack_body(&packed, 1 << 20).unwrap(), html);
        assert!(unpack_body(&packed, 100).unwrap_err().contains("larger than 100"), "the limit holds");
        assert!(unpack_body("not base64!", 1 << 20).unwrap_err().contains("base64"));
        assert!(unpack_body("aGVsbG8=", 1 << 20).unwrap_err().contains("gzip"));
    }

    #[test]
    fn a_body_too_large_for_a_message_stays_out_of_it() {
        // Incompressible bytes well over the limit.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let noise: Vec<u8> = (0..INLINE_MAX * 2)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x.to_le_bytes()[0]
            })
            .collect();
        assert_eq!(pack_body(&noise), None);
    }
    use super::*;

    #[test]
    fn round_trips_with_version_and_type_tag() {
        let t = Task::FetchPage(FetchPageTask {
            key: UrlKey::of(&url::Url::parse("https://a.b/c").unwrap()),
            url: "https://a.b/c".into(),
            feed: Some("https://a.b/feed".into()),
            hops: vec![],
            attempt: 0,
        });
        let body = t.encode().unwrap();
        assert!(body.starts_with(r#"{"v":1,"type":"fetch_page""#), "{body}");
        assert_eq!(Task::decode(&body).unwrap(), t);
        assert_eq!(t.stage(), Stage::Fetch);
    }

    #[test]
    fn failed_deliveries_travel_with_a_resent_task() {
        let t = Task::PollFeed(PollFeedTask { feed: "https://a.test/f".into() });
        assert_eq!(Task::decode_carried(&t.encode().unwrap()).unwrap(), (t.clone(), 0));
        assert!(!t.encode().unwrap().contains("failures"), "a fresh task's body stays as it was");
        let body = t.encode_carrying(3).unwrap();
        assert_eq!(Task::decode_carried(&body).unwrap(), (t.clone(), 3));
        assert_eq!(Task::decode(&body).unwrap(), t);
    }

    #[test]
    fn a_discovery_task_without_progress_starts_at_the_homepage() {
        let t = Task::decode(r#"{"v":1,"type":"discover_site","site":"https://a.test/"}"#).unwrap();
        assert_eq!(t, Task::DiscoverSite(DiscoverSiteTask::new("https://a.test/")));
        let later = Task::DiscoverSite(DiscoverSiteTask {
            step: DiscoverStep::Validate { candidates: vec!["https://a.test/f".into()], index: 0 },
            ..DiscoverSiteTask::new("https://a.test/")
        });
        assert_eq!(Task::decode(&later.encode().unwrap()).unwrap(), later);
    }

    #[test]
    fn poison_bodies_get_a_reason() {
        assert!(matches!(Task::decode("not json"), Err(DecodeError::Malformed(_))));
        assert!(matches!(Task::decode(r#"{"type":"poll_feed","feed":"x"}"#), Err(DecodeError::MissingVersion)));
        assert!(matches!(
            Task::decode(r#"{"v":9,"type":"poll_feed","feed":"x"}"#),
            Err(DecodeError::UnsupportedVersion(9))
        ));
        assert!(matches!(Task::decode(r#"{"v":1,"type":"launch_rocket"}"#), Err(DecodeError::Malformed(_))));
        assert!(matches!(Task::decode(r#"{"v":1,"type":"poll_feed"}"#), Err(DecodeError::Malformed(_))));
    }
}
