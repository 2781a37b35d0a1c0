//! The ports: small traits over feedhound's own operations. Services use only these;
//! adapters (memory, embedded, AWS, reqwest) implement them. No SDK or reqwest type
//! crosses a port. Every port has a conformance suite in [`crate::conformance`] that runs
//! against each adapter.

use std::fmt::Debug;
use std::time::Duration;

use async_trait::async_trait;
use bytes::Bytes;
use url::Url;

use crate::model::{Stage, Task, Timestamp};

/// Where "now" comes from. Decision code never reads the system clock itself.
pub trait Clock: Send + Sync + Debug {
    /// The current instant.
    fn now(&self) -> Timestamp;
}

/// Randomness for jitter, passed in so tests can fix it.
pub trait Jitter: Send + Sync + Debug {
    /// A number uniformly drawn from `[0, 1)`.
    fn unit(&self) -> f64;
}

// ---------------------------------------------------------------------------------------
// Queue

/// A message received from a queue, to be acknowledged or dead-lettered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Delivery {
    /// The stage (queue) it came from.
    pub stage: Stage,
    /// The handle to acknowledge it with.
    pub receipt: String,
    /// The raw message body (decoded by the caller, so poison is seen as such).
    pub body: String,
    /// How many times it has been delivered, this one included.
    pub receive_count: u32,
}

/// How many messages wait, for `status`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QueueSizes {
    /// On the stage queues.
    pub waiting: u64,
    /// On the dead-letter queues.
    pub dead: u64,
}

/// Queue failures.
#[derive(Debug, thiserror::Error)]
pub enum QueueError {
    /// The backend failed; `retryable` says whether trying again may help.
    #[error("queue {op} failed")]
    Backend {
        /// The operation.
        op: &'static str,
        /// Whether trying again may help.
        retryable: bool,
        /// What went wrong.
        #[source]
        source: BoxError,
    },
}

impl QueueError {
    /// A task that could not be encoded: never sent, never retried.
    pub fn encode(e: crate::model::EncodeError) -> Self {
        QueueError::Backend { op: "encode", retryable: false, source: Box::new(e) }
    }

    /// Whether trying again may help.
    pub fn is_retryable(&self) -> bool {
        match self {
            QueueError::Backend { retryable, .. } => *retryable,
        }
    }
}

/// A message to enqueue: an encoded task and how long it stays invisible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    /// The encoded task.
    pub body: String,
    /// Visible after this long.
    pub delay: Duration,
}

/// Task queues, one per [`Stage`], each with a dead-letter queue.
///
/// Contract: at-least-once delivery. `send` with a delay makes the task invisible until
/// then (adapters that cap delays, like SQS at 900 s, say so; the receiver defers again).
/// A received message stays invisible for the adapter's visibility timeout; `ack` removes
/// it for good; `release` makes it visible again after a delay; an unacknowledged one
/// comes back with a higher `receive_count`. `dead_letter` moves it to the stage's
/// dead-letter queue with the error.
#[async_trait]
pub trait Queue: Send + Sync + Debug {
    /// The longest delay `send` honours (`None`: any). Longer waits are parked in the
    /// state store and re-enqueued by the sweeper.
    fn max_delay(&self) -> Option<Duration> {
        None
    }

    /// Enqueue messages (encoded tasks) on `stage`'s queue, each visible after its own
    /// delay. Adapters batch where they can.
    async fn send_bodies(&self, stage: Stage, messages: &[Outgoing]) -> Result<(), QueueError>;

    /// Enqueue `task` on its stage's queue, visible after `delay`.
    async fn send(&self, task: &Task, delay: Duration) -> Result<(), QueueError> {
        self.send_spread(&[(task.clone(), delay)]).await
    }

    /// Enqueue many tasks (all visible after `delay`).
    async fn send_all(&self, tasks: &[Task], delay: Duration) -> Result<(), QueueError> {
        let spread: Vec<(Task, Duration)> = tasks.iter().map(|t| (t.clone(), delay)).collect();
        self.send_spread(&spread).await
    }

    /// Enqueue many tasks, each visible after its own delay (a host's new pages spread one
    /// slot apart, so each arrives when the host is free instead of waiting for it).
    async fn send_spread(&self, tasks: &[(Task, Duration)]) -> Result<(), QueueError> {
        for stage in Stage::ALL {
            let messages: Vec<Outgoing> = tasks
                .iter()
                .filter(|(t, _)| t.stage() == stage)
                .map(|(t, delay)| Ok(Outgoing { body: t.encode()?, delay: *delay }))
                .collect::<Result<_, crate::model::EncodeError>>()
                .map_err(QueueError::encode)?;
            if !messages.is_empty() {
                self.send_bodies(stage, &messages).await?;
            }
        }
        Ok(())
    }

    /// Enqueue `task` again as a new message that carries `failures` failed deliveries
    /// (see [`Task::encode_carrying`]), visible after `delay`.
    async fn resend(&self, task: &Task, failures: u32, delay: Duration) -> Result<(), QueueError> {
        let body = task.encode_carrying(failures).map_err(QueueError::encode)?;
        self.send_bodies(task.stage(), &[Outgoing { body, delay }]).await
    }

    /// Give a received message back without acknowledging it: visible again after
    /// `delay`, its receive count kept.
    async fn release(&self, delivery: &Delivery, delay: Duration) -> Result<(), QueueError>;

    /// Receive up to `max` visible messages of `stage`, waiting up to `wait` for the first.
    async fn receive(&self, stage: Stage, max: usize, wait: Duration) -> Result<Vec<Delivery>, QueueError>;

    /// Remove a received message for good.
    async fn ack(&self, delivery: &Delivery) -> Result<(), QueueError>;

    /// Move a received message to its stage's dead-letter queue, noting `error`.
    async fn dead_letter(&self, delivery: &Delivery, error: &str) -> Result<(), QueueError>;

    /// Receive up to `max` messages from `stage`'s dead-letter queue (for operators and tests).
    async fn receive_dead(&self, stage: Stage, max: usize, wait: Duration) -> Result<Vec<Delivery>, QueueError>;

    /// Messages waiting on every stage's queue (visible, delayed or in flight) and on the
    /// dead-letter queues, as the backend counts them (SQS: approximately).
    async fn sizes(&self) -> Result<QueueSizes, QueueError>;
}

// ---------------------------------------------------------------------------------------
// State store

/// The kinds of documents in the state store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Namespace {
    /// [`HostState`](crate::model::HostState) by host key.
    Host,
    /// [`UrlEntry`](crate::model::UrlEntry) by URL key: the seen set and the page index.
    Url,
    /// [`FeedState`](crate::model::FeedState) by feed URL.
    Feed,
    /// Operator documents: the [`Blocklist`](crate::policy::exclusion::Blocklist).
    Operator,
    /// Tasks waiting longer than their queue can delay, by due time (see `service::park`).
    Parked,
    /// [`SiteState`](crate::model::SiteState) by homepage URL.
    Site,
    /// [`RobotsCopy`](crate::repo::RobotsCopy) by host key: the robots.txt last fetched.
    Robots,
}

impl Namespace {
    /// Every namespace.
    pub const ALL: [Namespace; 7] = [
        Namespace::Host,
        Namespace::Url,
        Namespace::Feed,
        Namespace::Operator,
        Namespace::Parked,
        Namespace::Site,
        Namespace::Robots,
    ];

    /// The namespace's name in keys.
    pub fn as_str(self) -> &'static str {
        match self {
            Namespace::Host => "host",
            Namespace::Url => "url",
            Namespace::Feed => "feed",
            Namespace::Operator => "operator",
            Namespace::Parked => "parked",
            Namespace::Site => "site",
            Namespace::Robots => "robots",
        }
    }
}

/// The access-pattern keys of a document: what lets a periodic job read only the
/// documents it needs, never the whole namespace. Each is optional: a document is in a
/// pattern's index only while it carries that key (a sparse index).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IndexKeys {
    /// When the document is due: a feed's next poll, a parked task's return.
    pub due: Option<Timestamp>,
    /// The host of a URL with work pending: the blocklist finds a domain's waiting URLs.
    pub host: Option<String>,
    /// A stored page's place in the sample order: a random number drawn once.
    pub sample: Option<u32>,
}

/// A document to write: its JSON body, its tag (a short label counted per namespace,
/// such as a URL's state name) and its index keys.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Doc {
    /// JSON text.
    pub body: String,
    /// The label counted by [`StateStore::counts`].
    pub tag: String,
    /// The access-pattern keys.
    pub keys: IndexKeys,
}

/// A stored document with its version (starting at 1, +1 on every write).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Versioned {
    /// JSON text.
    pub body: String,
    /// The label stored beside the body.
    pub tag: String,
    /// The version.
    pub version: u64,
}

/// The condition of a write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Only if no document exists (insert-if-absent).
    Absent,
    /// Only if the stored version is this one (compare-and-set).
    Version(u64),
}

/// A boxed error from a backend, kept as the source of ours.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// State store failures.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    /// The write's condition did not hold: someone else wrote first.
    #[error("conditional write on {ns}/{id} lost a race")]
    Conflict {
        /// The namespace.
        ns: &'static str,
        /// The document id.
        id: String,
    },
    /// A stored document does not decode.
    #[error("stored {ns}/{id} is corrupt")]
    Corrupt {
        /// The namespace.
        ns: &'static str,
        /// The document id.
        id: String,
        /// The decode error.
        #[source]
        source: BoxError,
    },
    /// The backend failed.
    #[error("state store {op} failed")]
    Backend {
        /// The operation.
        op: &'static str,
        /// Whether trying again may help.
        retryable: bool,
        /// What went wrong.
        #[source]
        source: BoxError,
    },
}

impl StateError {
    /// Whether trying again may help (a lost race always may).
    pub fn is_retryable(&self) -> bool {
        match self {
            StateError::Conflict { .. } => true,
            StateError::Corrupt { .. } => false,
            StateError::Backend { retryable, .. } => *retryable,
        }
    }
}

/// A page of documents with their ids, and whether more follow.
pub type DocPage = (Vec<(String, Versioned)>, bool);

/// Durable, shared, versioned JSON documents in a few namespaces, with the indexes the
/// periodic jobs need.
///
/// Contract:
/// - `put` is atomic and conditional; exactly one of several concurrent writers with the
///   same [`Expect`] wins, the others get [`StateError::Conflict`]. A successful `put`
///   returns the new version (1 for an insert). `get` of a missing id is `Ok(None)`.
/// - Every write replaces the document's [`IndexKeys`] and keeps its namespace's
///   per-tag counts (`counts`) in step. An adapter may hold count changes in the process
///   until `flush` (or its next `counts`), which callers run at the end of each unit of
///   work (a Lambda invocation).
/// - `due` returns documents whose `due` key is at or before `until`, earliest first.
/// - `under_domain` returns documents whose `host` key is `domain` or one of its
///   subdomains (any port), `limit` at a time, resuming after the id `after`.
/// - `sample` returns up to `limit` documents with a `sample` key at or above `from`, in
///   sample order (callers wrap around to 0 for more).
/// - `scan` pages through a whole namespace in id order: for operators and migrations,
///   never for a periodic job.
#[async_trait]
pub trait StateStore: Send + Sync + Debug {
    /// Read a document.
    async fn get(&self, ns: Namespace, id: &str) -> Result<Option<Versioned>, StateError>;

    /// Write a document under a condition; returns the new version.
    async fn put(&self, ns: Namespace, id: &str, doc: &Doc, expect: Expect) -> Result<u64, StateError>;

    /// Write a document whatever is there; returns the new version.
    async fn put_any(&self, ns: Namespace, id: &str, doc: &Doc) -> Result<u64, StateError>;

    /// Remove a document (absent is fine).
    async fn delete(&self, ns: Namespace, id: &str) -> Result<(), StateError>;

    /// Documents due at or before `until`, earliest first, at most `limit`.
    async fn due(&self, ns: Namespace, until: Timestamp, limit: usize) -> Result<Vec<(String, Versioned)>, StateError>;

    /// Documents whose host is `domain` or a subdomain of it.
    async fn under_domain(
        &self,
        ns: Namespace,
        domain: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<DocPage, StateError>;

    /// Documents with a sample key at or above `from`, in sample order, at most `limit`.
    async fn sample(&self, ns: Namespace, from: u32, limit: usize) -> Result<Vec<(String, Versioned)>, StateError>;

    /// Documents per tag in a namespace.
    async fn counts(&self, ns: Namespace) -> Result<std::collections::BTreeMap<String, u64>, StateError>;

    /// A page of `(id, document)` pairs with ids after `after`, and whether more follow.
    async fn scan(&self, ns: Namespace, after: Option<&str>, limit: usize) -> Result<DocPage, StateError>;

    /// Write out what this process holds back (count changes); a no-op where nothing is.
    async fn flush(&self) -> Result<(), StateError> {
        Ok(())
    }
}

/// The key a host is indexed under for [`StateStore::under_domain`]: its labels reversed
/// and a dot after each (`www.example.com:8080` → `com.example.www.`), so a domain and its
/// subdomains share the prefix of the domain (`com.example.`) and no other host does.
pub fn reversed_host(host: &str) -> String {
    let name =
        host.rsplit_once(':').filter(|(_, port)| port.chars().all(|c| c.is_ascii_digit())).map_or(host, |(h, _)| h);
    let mut out = String::with_capacity(name.len() + 1);
    for label in name.trim_end_matches('.').rsplit('.') {
        out.push_str(&label.to_ascii_lowercase());
        out.push('.');
    }
    out
}

// ---------------------------------------------------------------------------------------
// Page store

/// Page store failures.
#[derive(Debug, thiserror::Error)]
pub enum PageStoreError {
    /// A location that is not a relative path of plain segments.
    #[error("invalid page store location {0:?}")]
    InvalidLocation(String),
    /// The backend failed.
    #[error("page store {op} {location} failed")]
    Backend {
        /// The operation.
        op: &'static str,
        /// The object.
        location: String,
        /// Whether trying again may help.
        retryable: bool,
        /// What went wrong.
        #[source]
        source: BoxError,
    },
}

impl PageStoreError {
    /// Whether trying again may help.
    pub fn is_retryable(&self) -> bool {
        match self {
            PageStoreError::InvalidLocation(_) => false,
            PageStoreError::Backend { retryable, .. } => *retryable,
        }
    }
}

/// Objects by location (`pages/<year>/<host>/<key>.json`, `raw/<key>.html`, ...): page
/// records, raw bodies, robots.txt copies.
///
/// Contract: `put` replaces atomically (a reader sees the old or the new object, never a
/// part), so writing the same record twice leaves one record. `get` of a missing object is
/// `Ok(None)`; `delete` of a missing object succeeds. `list` returns locations under a
/// prefix in lexicographic order.
#[async_trait]
pub trait PageStore: Send + Sync + Debug {
    /// Store `bytes` at `location`.
    async fn put(&self, location: &str, bytes: Bytes, content_type: &str) -> Result<(), PageStoreError>;
    /// Read an object.
    async fn get(&self, location: &str) -> Result<Option<Bytes>, PageStoreError>;
    /// Remove an object.
    async fn delete(&self, location: &str) -> Result<(), PageStoreError>;
    /// Locations under `prefix`.
    async fn list(&self, prefix: &str) -> Result<Vec<String>, PageStoreError>;
}

/// A location is relative, with plain segments: no `..`, no empty or absolute parts.
///
/// # Errors
/// [`PageStoreError::InvalidLocation`] otherwise.
pub fn check_location(location: &str) -> Result<(), PageStoreError> {
    let ok = !location.is_empty()
        && location
            .split('/')
            .all(|s| !s.is_empty() && s != "." && s != ".." && !s.contains('\\') && !s.contains('\0'));
    if ok { Ok(()) } else { Err(PageStoreError::InvalidLocation(location.to_owned())) }
}

// ---------------------------------------------------------------------------------------
// HTTP

/// Which user agent a request goes out with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agent {
    /// Feed polls and discovery.
    Feed,
    /// Pages, images, re-checks and robots.txt.
    Page,
}

/// The HTTP method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// GET.
    Get,
    /// HEAD.
    Head,
}

/// One HTTP request. Redirects are not followed: a 3xx comes back as is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HttpRequest {
    /// The URL.
    pub url: Url,
    /// The method.
    pub method: Method,
    /// The user agent class.
    pub agent: Agent,
    /// Extra headers (e.g. If-None-Match).
    pub headers: Vec<(String, String)>,
    /// Body cap for this request; the client's default when `None`.
    pub max_bytes: Option<usize>,
    /// What to do with a body larger than the cap.
    pub excess: Excess,
}

/// What a client does with a body larger than the cap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Excess {
    /// Fail with [`HttpError::TooLarge`] (pages: a huge body is not a page).
    #[default]
    Fail,
    /// Keep the first `cap` bytes (robots.txt: RFC 9309 asks for at least 500 KiB).
    Truncate,
}

impl HttpRequest {
    /// A plain GET.
    pub fn get(url: Url, agent: Agent) -> Self {
        Self { url, method: Method::Get, agent, headers: Vec::new(), max_bytes: None, excess: Excess::Fail }
    }
}

/// One HTTP response, body fully read (within the cap) and decompressed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HttpResponse {
    /// Status code.
    pub status: u16,
    /// The URL that answered.
    pub url: Url,
    /// Headers, names lower-cased, in order.
    pub headers: Vec<(String, String)>,
    /// Raw body bytes (charset decoding is the parser's job).
    pub body: Bytes,
}

impl HttpResponse {
    /// The first value of a header (name in lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// Every value of a header (name in lower case).
    pub fn header_all(&self, name: &str) -> Vec<String> {
        self.headers.iter().filter(|(k, _)| k == name).map(|(_, v)| v.clone()).collect()
    }
}

/// HTTP failures: the request got no usable response.
#[derive(Debug, thiserror::Error)]
pub enum HttpError {
    /// The address guard refused the destination (private, loopback, metadata ...). This is
    /// final: the same name gets the same answer until the operator allows such addresses.
    #[error(
        "refused to connect to {host}: address {addr} is not public (pass --allow-private-addresses, or set \
         FEEDHOUND_ALLOW_PRIVATE_ADDRESSES=true, to crawl private addresses for testing)"
    )]
    AddressRefused {
        /// Host name.
        host: String,
        /// The refused address.
        addr: String,
    },
    /// The name did not resolve.
    #[error("DNS lookup failed for {host}: {message}")]
    Dns {
        /// Host name.
        host: String,
        /// Resolver's message.
        message: String,
    },
    /// Could not connect, or the connection was reset.
    #[error("connection to {url} failed: {message}")]
    Connect {
        /// The URL.
        url: String,
        /// What went wrong.
        message: String,
    },
    /// Connect or read took too long.
    #[error("request to {url} timed out")]
    Timeout {
        /// The URL.
        url: String,
    },
    /// The body was larger than allowed (after decompression).
    #[error("body of {url} exceeds {limit} bytes")]
    TooLarge {
        /// The URL.
        url: String,
        /// The cap.
        limit: usize,
    },
    /// Anything else (bad response, decoding failure).
    #[error("request to {url} failed: {message}")]
    Other {
        /// The URL.
        url: String,
        /// What went wrong.
        message: String,
    },
}

impl HttpError {
    /// Whether the failure says the host is unreachable (DNS, connect, timeout, reset).
    pub fn is_network(&self) -> bool {
        matches!(self, HttpError::Dns { .. } | HttpError::Connect { .. } | HttpError::Timeout { .. })
    }
}

/// Makes one HTTP request.
///
/// Contract: never follows redirects; enforces the body cap while reading (so a huge or
/// compressed-bomb body costs at most the cap); refuses non-public addresses after DNS
/// unless configured otherwise; bounded connect and read timeouts.
#[async_trait]
pub trait HttpClient: Send + Sync + Debug {
    /// Send the request.
    async fn fetch(&self, request: HttpRequest) -> Result<HttpResponse, HttpError>;

    /// Whether a request to `host` would be allowed to connect: the name resolves, and to
    /// public addresses only unless private ones are allowed (the check `fetch` makes
    /// before connecting). Sends nothing. For validating a URL a person submits.
    ///
    /// # Errors
    /// [`HttpError::Dns`] or [`HttpError::AddressRefused`]. Clients that reach no real
    /// network (tests) accept every host.
    async fn check_host(&self, _host: &str) -> Result<(), HttpError> {
        Ok(())
    }
}

/// The unit of a metric.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Unit {
    /// Occurrences; summed.
    Count,
    /// A duration; each value kept, for percentiles and minimums.
    Milliseconds,
}

impl Unit {
    /// The CloudWatch name.
    pub fn as_str(self) -> &'static str {
        match self {
            Unit::Count => "Count",
            Unit::Milliseconds => "Milliseconds",
        }
    }
}

/// Operational metrics: what the crawl does, for dashboards and alarms. In Lambda they are
/// CloudWatch embedded-metric-format log lines; elsewhere they are dropped.
pub trait Metrics: Send + Sync + Debug {
    /// Record one value of `name` under `dims` (low-cardinality values only: names of
    /// states, reasons, kinds; never URLs or hosts).
    fn record(&self, name: &'static str, unit: Unit, value: f64, dims: &[(&'static str, &str)]);
    /// Record one value of `name` for one `key` too fine for published metrics (a host, a
    /// sampler run), for the crawl report: counts are summed, durations keep their
    /// smallest. Adapters that publish metrics leave these out.
    fn record_detail(&self, _name: &'static str, _unit: Unit, _key: &str, _value: f64) {}
    /// Write out what was recorded (at the end of each invocation).
    fn flush(&self) {}
}
