//! Typed repositories over the [`StateStore`] port: the one place that knows namespaces,
//! ids, tags, index keys, JSON and compare-and-set retries. Services read and change
//! [`HostState`], [`UrlEntry`], [`FeedState`], [`SiteState`], the [`Blocklist`] and
//! [`ParkedTask`]s; they never see a JSON string, a tag or a retry loop.
//!
//! Every document type says where it lives ([`Document`]): its namespace, its id, the tag
//! counted for `status` (derived from its value) and the index keys of the access patterns
//! it takes part in (feeds by next poll, parked tasks by due time, waiting URLs by host,
//! stored pages by sample order).

use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::sync::Arc;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::model::{FeedState, HostKey, HostState, SiteState, SiteStatus, Task, Timestamp, UrlEntry, UrlKey, UrlState};
use crate::policy::exclusion::Blocklist;
use crate::ports::{Doc, Expect, IndexKeys, Namespace, StateError, StateStore, Versioned};

/// Compare-and-set attempts of one change before it gives up with
/// [`StateError::Conflict`]: enough for every writer of a busy host to get through (a
/// lease write races at most the workers asking for that host at once), few enough that
/// a stuck document fails its task instead of spinning.
pub const MAX_ATTEMPTS: usize = 16;

/// A type kept in the state store.
pub trait Document: Serialize + DeserializeOwned + Clone + Send + Sync + 'static {
    /// Its namespace.
    const NS: Namespace;
    /// Its id in the namespace.
    fn id(&self) -> String;
    /// The label counted per namespace.
    fn tag(&self) -> &'static str;
    /// The keys of the access patterns it takes part in.
    fn keys(&self) -> IndexKeys {
        IndexKeys::default()
    }
}

/// A document as read, with the version a compare-and-set write expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored<T> {
    /// The document.
    pub value: T,
    /// Its version.
    pub version: u64,
}

/// What an update does with the document it was shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change<T> {
    /// Write this.
    Put(T),
    /// Remove the document.
    Delete,
    /// Leave it as it is.
    Keep,
}

/// The documents of one type.
#[derive(Debug)]
pub struct Repo<T> {
    store: Arc<dyn StateStore>,
    _type: PhantomData<fn() -> T>,
}

impl<T> Clone for Repo<T> {
    fn clone(&self) -> Self {
        Self { store: Arc::clone(&self.store), _type: PhantomData }
    }
}

fn encode<T: Document>(value: &T) -> Result<Doc, StateError> {
    let body = serde_json::to_string(value).map_err(|e| StateError::Corrupt {
        ns: T::NS.as_str(),
        id: value.id(),
        source: Box::new(e),
    })?;
    Ok(Doc { body, tag: value.tag().to_owned(), keys: value.keys() })
}

fn decode<T: Document>(id: &str, doc: &Versioned) -> Result<Stored<T>, StateError> {
    let value = serde_json::from_str(&doc.body).map_err(|e| StateError::Corrupt {
        ns: T::NS.as_str(),
        id: id.to_owned(),
        source: Box::new(e),
    })?;
    Ok(Stored { value, version: doc.version })
}

impl<T: Document> Repo<T> {
    /// The documents of `T` in `store`.
    pub fn new(store: Arc<dyn StateStore>) -> Self {
        Self { store, _type: PhantomData }
    }

    /// Read one.
    ///
    /// # Errors
    /// [`StateError`] when the store fails or the document does not decode.
    pub async fn get(&self, id: &str) -> Result<Option<Stored<T>>, StateError> {
        self.store.get(T::NS, id).await?.map(|d| decode(id, &d)).transpose()
    }

    /// Insert unless one with its id exists: `Some(version)` when inserted, `None` when
    /// one was already there (the seen set's insert-if-absent).
    ///
    /// # Errors
    /// [`StateError`] when the store fails.
    pub async fn insert(&self, value: &T) -> Result<Option<u64>, StateError> {
        match self.store.put(T::NS, &value.id(), &encode(value)?, Expect::Absent).await {
            Ok(v) => Ok(Some(v)),
            Err(StateError::Conflict { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Write `value` over the version read, once: `Some(version)` when written, `None`
    /// when another writer got there first (for a write that yields to any other).
    ///
    /// # Errors
    /// [`StateError`] when the store fails.
    pub async fn replace(&self, value: &T, read: u64) -> Result<Option<u64>, StateError> {
        match self.store.put(T::NS, &value.id(), &encode(value)?, Expect::Version(read)).await {
            Ok(v) => Ok(Some(v)),
            Err(StateError::Conflict { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Write `value` whatever is there.
    ///
    /// # Errors
    /// [`StateError`] when the store fails.
    pub async fn put(&self, value: &T) -> Result<u64, StateError> {
        self.store.put_any(T::NS, &value.id(), &encode(value)?).await
    }

    /// Remove one (absent is fine).
    ///
    /// # Errors
    /// [`StateError`] when the store fails.
    pub async fn delete(&self, id: &str) -> Result<(), StateError> {
        self.store.delete(T::NS, id).await
    }

    /// Change one by compare-and-set: `change` is shown the current document (`None`
    /// when there is none) and says what to do; on a lost race it is shown the winner's
    /// document and asked again, at most [`MAX_ATTEMPTS`] times. Returns what `change`
    /// returned with the change that was made.
    ///
    /// # Errors
    /// [`StateError::Conflict`] after [`MAX_ATTEMPTS`] lost races; store failures.
    pub async fn update<R>(&self, id: &str, change: impl FnMut(Option<T>) -> (Change<T>, R)) -> Result<R, StateError> {
        let current = self.get(id).await?;
        self.update_from(id, current, change).await
    }

    /// [`Repo::update`] starting from `read`, the document as the caller just read it (one
    /// read fewer): on a lost race the document is read again, as `update` does.
    ///
    /// # Errors
    /// As [`Repo::update`].
    pub async fn update_from<R>(
        &self,
        id: &str,
        read: Option<Stored<T>>,
        mut change: impl FnMut(Option<T>) -> (Change<T>, R),
    ) -> Result<R, StateError> {
        let mut current = read;
        for attempt in 0..MAX_ATTEMPTS {
            if attempt > 0 {
                current = self.get(id).await?;
            }
            let version = current.as_ref().map(|c| c.version);
            let (what, result) = change(current.take().map(|c| c.value));
            let written = match what {
                Change::Keep => return Ok(result),
                Change::Delete => {
                    self.store.delete(T::NS, id).await?;
                    return Ok(result);
                }
                Change::Put(value) => {
                    let expect = version.map_or(Expect::Absent, Expect::Version);
                    self.store.put(T::NS, id, &encode(&value)?, expect).await
                }
            };
            match written {
                Ok(_) => return Ok(result),
                Err(StateError::Conflict { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        Err(StateError::Conflict { ns: T::NS.as_str(), id: id.to_owned() })
    }

    /// Documents due at or before `until`, earliest first.
    ///
    /// # Errors
    /// [`StateError`] when the store fails or a document does not decode.
    pub async fn due(&self, until: Timestamp, limit: usize) -> Result<Vec<Stored<T>>, StateError> {
        self.store.due(T::NS, until, limit).await?.iter().map(|(id, d)| decode(id, d)).collect()
    }

    /// Documents whose host is `domain` or one of its subdomains, a page at a time.
    ///
    /// # Errors
    /// [`StateError`] when the store fails or a document does not decode.
    pub async fn under_domain(
        &self,
        domain: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<(Vec<Stored<T>>, bool), StateError> {
        let (page, more) = self.store.under_domain(T::NS, domain, after, limit).await?;
        Ok((page.iter().map(|(id, d)| decode(id, d)).collect::<Result<_, _>>()?, more))
    }

    /// Up to `limit` documents in sample order from `from`, wrapping around to the start.
    ///
    /// # Errors
    /// [`StateError`] when the store fails or a document does not decode.
    pub async fn sample(&self, from: u32, limit: usize) -> Result<Vec<Stored<T>>, StateError> {
        let mut found = self.store.sample(T::NS, from, limit).await?;
        if found.len() < limit && from > 0 {
            let wrapped = self.store.sample(T::NS, 0, limit - found.len()).await?;
            found.extend(wrapped.into_iter().filter(|(id, _)| !found.iter().any(|(f, _)| f == id)).collect::<Vec<_>>());
        }
        found.iter().map(|(id, d)| decode(id, d)).collect()
    }

    /// Documents per tag.
    ///
    /// # Errors
    /// [`StateError`] when the store fails.
    pub async fn counts(&self) -> Result<BTreeMap<String, u64>, StateError> {
        self.store.counts(T::NS).await
    }

    /// A page of every document (for operators and migrations, never periodic jobs):
    /// `limit` at a time after the id `after`, and whether more follow.
    ///
    /// # Errors
    /// [`StateError`] when the store fails or a document does not decode.
    pub async fn page(&self, after: Option<&str>, limit: usize) -> Result<(Vec<Stored<T>>, bool), StateError> {
        let (page, more) = self.store.scan(T::NS, after, limit).await?;
        Ok((page.iter().map(|(id, d)| decode(id, d)).collect::<Result<_, _>>()?, more))
    }

    /// Every document (for operators: `status --feeds`, `--sites`, `--state`).
    ///
    /// # Errors
    /// [`StateError`] when the store fails or a document does not decode.
    pub async fn all(&self) -> Result<Vec<T>, StateError> {
        let mut out = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let (page, more) = self.page(after.as_deref(), 1000).await?;
            after = page.last().map(|s| s.value.id());
            out.extend(page.into_iter().map(|s| s.value));
            if !more || after.is_none() {
                return Ok(out);
            }
        }
    }

    /// Write every document back as it is, with its index keys and tag, under the id it
    /// is stored at: after a migration from a layout without indexes. Returns how many.
    ///
    /// # Errors
    /// [`StateError`] when the store fails or a document does not decode.
    pub async fn reindex(&self) -> Result<usize, StateError> {
        let mut n = 0;
        let mut after: Option<String> = None;
        loop {
            let (page, more) = self.store.scan(T::NS, after.as_deref(), 500).await?;
            after = page.last().map(|(id, _)| id.clone());
            for (id, doc) in &page {
                let stored: Stored<T> = decode(id, doc)?;
                match self.store.put(T::NS, id, &encode(&stored.value)?, Expect::Version(stored.version)).await {
                    // Written meanwhile: the writer wrote its keys.
                    Ok(_) | Err(StateError::Conflict { .. }) => n += 1,
                    Err(e) => return Err(e),
                }
            }
            if !more || after.is_none() {
                return Ok(n);
            }
        }
    }
}

impl Repo<HostState> {
    /// Change a host's politeness state (a new host starts from [`HostState::new`]);
    /// returns the state written.
    ///
    /// # Errors
    /// As [`Repo::update`].
    pub async fn change(&self, host: &HostKey, mut f: impl FnMut(&mut HostState)) -> Result<HostState, StateError> {
        self.update(host.as_str(), |current| {
            let known = current.is_some();
            let before = current.unwrap_or_else(|| HostState::new(host.clone()));
            let mut state = before.clone();
            f(&mut state);
            // Nothing to write when nothing changed (a success resetting a zero error count).
            if known && state == before { (Change::Keep, state) } else { (Change::Put(state.clone()), state) }
        })
        .await
    }

    /// A host's state as stored (a host never contacted: [`HostState::new`]).
    ///
    /// # Errors
    /// As [`Repo::get`].
    pub async fn state(&self, host: &HostKey) -> Result<HostState, StateError> {
        Ok(self.get(host.as_str()).await?.map_or_else(|| HostState::new(host.clone()), |s| s.value))
    }
}

impl Repo<UrlEntry> {
    /// Move a URL on: `f` is shown its current entry and changes it, or returns `false` to
    /// leave it (it has moved past this step meanwhile). `updated_at` is set to `now` when
    /// the state changes. Returns the entry written, or `None` when the URL is unknown or
    /// `f` declined.
    ///
    /// # Errors
    /// As [`Repo::update`].
    pub async fn transition(
        &self,
        key: &UrlKey,
        now: Timestamp,
        f: impl FnMut(&mut UrlEntry) -> bool,
    ) -> Result<Option<UrlEntry>, StateError> {
        let read = self.get(key.as_str()).await?;
        self.transition_from(key, now, read, f).await
    }

    /// [`Repo::transition`] from `read`, the entry as the caller just read it (one read
    /// fewer; see [`Repo::update_from`]).
    ///
    /// # Errors
    /// As [`Repo::update`].
    pub async fn transition_from(
        &self,
        key: &UrlKey,
        now: Timestamp,
        read: Option<Stored<UrlEntry>>,
        mut f: impl FnMut(&mut UrlEntry) -> bool,
    ) -> Result<Option<UrlEntry>, StateError> {
        self.update_from(key.as_str(), read, |current| {
            let Some(mut entry) = current else { return (Change::Keep, None) };
            let before = entry.state.clone();
            if !f(&mut entry) {
                return (Change::Keep, None);
            }
            if entry.state != before {
                entry.updated_at = now;
            }
            (Change::Put(entry.clone()), Some(entry))
        })
        .await
    }
}

impl Repo<FeedState> {
    /// Change a known feed; `None` when the feed is unknown.
    ///
    /// # Errors
    /// As [`Repo::update`].
    pub async fn change(&self, url: &str, mut f: impl FnMut(&mut FeedState)) -> Result<Option<FeedState>, StateError> {
        self.update(url, |current| match current {
            Some(mut feed) => {
                f(&mut feed);
                (Change::Put(feed.clone()), Some(feed))
            }
            None => (Change::Keep, None),
        })
        .await
    }
}

impl Repo<Blocklist> {
    /// The blocklist (empty when none was ever written).
    ///
    /// # Errors
    /// As [`Repo::get`].
    pub async fn current(&self) -> Result<Blocklist, StateError> {
        Ok(self.get(Blocklist::ID).await?.map(|s| s.value).unwrap_or_default())
    }

    /// Change the blocklist; returns what `f` returned.
    ///
    /// # Errors
    /// As [`Repo::update`].
    pub async fn change<R>(&self, mut f: impl FnMut(&mut Blocklist) -> R) -> Result<R, StateError> {
        self.update(Blocklist::ID, |current| {
            let mut list = current.unwrap_or_default();
            let before = list.clone();
            let r = f(&mut list);
            (if list == before { Change::Keep } else { Change::Put(list) }, r)
        })
        .await
    }
}

/// The key the web pages sign with (opt-out tokens): made once per deployment or data
/// directory, kept in the state store so every process (and every Lambda instance) signs
/// alike.
#[derive(Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct WebSecret {
    /// The key, hex.
    pub key_hex: String,
}

impl std::fmt::Debug for WebSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WebSecret(..)")
    }
}

impl WebSecret {
    /// Its id in the operator namespace.
    pub const ID: &'static str = "web-secret";

    /// The key's bytes.
    pub fn key(&self) -> Vec<u8> {
        (0..self.key_hex.len() / 2)
            .filter_map(|i| self.key_hex.get(2 * i..2 * i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()))
            .collect()
    }
}

impl Repo<WebSecret> {
    /// The key, made from `fresh` the first time (the first writer's key wins a race).
    ///
    /// # Errors
    /// As [`Repo::insert`].
    pub async fn get_or_make(&self, fresh: &[u8]) -> Result<WebSecret, StateError> {
        if let Some(s) = self.get(WebSecret::ID).await? {
            return Ok(s.value);
        }
        let made = WebSecret { key_hex: fresh.iter().map(|b| format!("{b:02x}")).collect() };
        if self.insert(&made).await?.is_some() {
            return Ok(made);
        }
        self.get(WebSecret::ID).await?.map(|s| s.value).ok_or_else(|| StateError::Backend {
            op: "get",
            retryable: true,
            source: "the web secret vanished between two reads".into(),
        })
    }
}

/// A task waiting longer than its queue can delay, kept until `due`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct ParkedTask {
    /// When it goes back on its queue.
    pub due: Timestamp,
    /// The task's message body (with the failures it carries).
    pub body: String,
    /// While a sweep is releasing it: until when that sweep has it (another sweep leaves
    /// it alone until then, and takes it over if the first one died before deleting it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leased_until: Option<Timestamp>,
}

impl ParkedTask {
    /// `task` (which failed `failures` times so far) parked until `due`.
    ///
    /// # Errors
    /// When the task does not encode.
    pub fn new(task: &Task, failures: u32, due: Timestamp) -> Result<Self, crate::model::EncodeError> {
        Ok(Self { due, body: task.encode_carrying(failures)?, leased_until: None })
    }
}

/// The robots.txt of a host as last fetched, kept in the state store beside the host's
/// politeness state (whose `robots` entry says when it was fetched and what it means):
/// every function that goes through the gate then needs the table only, not the page
/// store. The body is packed as a message body is (gzip, base64).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct RobotsCopy {
    /// The host.
    pub host: HostKey,
    /// When it was fetched: the `fetched_at` of the host's robots cache entry it belongs to.
    pub fetched_at: Timestamp,
    /// The body, packed ([`crate::model::pack_body`]).
    pub body: String,
}

impl RobotsCopy {
    /// The packed size a copy may take: a document is at most 400 KB in DynamoDB.
    pub const MAX_PACKED: usize = 300 * 1024;

    /// A copy of `body` (at most the 500 KiB the gate reads). A body that does not pack
    /// into [`Self::MAX_PACKED`] (hundreds of KiB of incompressible text) is kept up to
    /// the last whole line that fits, as crawlers keep the first 500 KiB of longer files.
    pub fn new(host: HostKey, fetched_at: Timestamp, body: &[u8]) -> Self {
        let mut keep = body.len();
        loop {
            if let Some(packed) = crate::model::pack_body_within(&body[..keep], Self::MAX_PACKED) {
                return Self { host, fetched_at, body: packed };
            }
            let half = keep / 2;
            keep = body[..half].iter().rposition(|b| *b == b'\n').map_or(half, |i| i + 1);
        }
    }

    /// The body as fetched (or its kept part).
    ///
    /// # Errors
    /// A message when the stored body is not a packed one.
    pub fn body(&self) -> Result<Vec<u8>, String> {
        crate::model::unpack_body(&self.body, 1 << 20)
    }
}

/// The first eight hex digits of a URL key read as the page's place in the sample order:
/// the key is a hash, so this is a uniform random number that never changes.
fn sample_key(key: &UrlKey) -> u32 {
    key.as_str().get(..8).and_then(|h| u32::from_str_radix(h, 16).ok()).unwrap_or(0)
}

impl Document for HostState {
    const NS: Namespace = Namespace::Host;
    fn id(&self) -> String {
        self.host.to_string()
    }
    fn tag(&self) -> &'static str {
        "host"
    }
}

impl Document for UrlEntry {
    const NS: Namespace = Namespace::Url;
    fn id(&self) -> String {
        self.key.to_string()
    }
    fn tag(&self) -> &'static str {
        self.state.name()
    }
    fn keys(&self) -> IndexKeys {
        match &self.state {
            // Work pending: the blocklist must find it by host.
            UrlState::Queued { .. }
            | UrlState::Fetched { .. }
            | UrlState::CheckingImage { .. }
            | UrlState::Parked { .. } => IndexKeys { host: Some(self.host.to_string()), ..IndexKeys::default() },
            UrlState::Stored { .. } => IndexKeys { sample: Some(sample_key(&self.key)), ..IndexKeys::default() },
            _ => IndexKeys::default(),
        }
    }
}

impl Document for FeedState {
    const NS: Namespace = Namespace::Feed;
    fn id(&self) -> String {
        self.url.clone()
    }
    /// Counted by condition, so `status` needs no feed read.
    fn tag(&self) -> &'static str {
        self.condition_name()
    }
    fn keys(&self) -> IndexKeys {
        IndexKeys { due: Some(self.next_poll_at), ..IndexKeys::default() }
    }
}

impl Document for SiteState {
    const NS: Namespace = Namespace::Site;
    fn id(&self) -> String {
        self.url.clone()
    }
    fn tag(&self) -> &'static str {
        match self.status {
            SiteStatus::Discovering => "discovering",
            SiteStatus::Found { .. } => "found",
            SiteStatus::NoFeeds => "no_feeds",
            SiteStatus::Failed { .. } => "failed",
            SiteStatus::Excluded { .. } => "excluded",
        }
    }
}

impl Document for Blocklist {
    const NS: Namespace = Namespace::Operator;
    fn id(&self) -> String {
        Self::ID.to_owned()
    }
    fn tag(&self) -> &'static str {
        "blocklist"
    }
}

impl Document for WebSecret {
    const NS: Namespace = Namespace::Operator;
    fn id(&self) -> String {
        Self::ID.to_owned()
    }
    fn tag(&self) -> &'static str {
        "web_secret"
    }
}

impl Document for RobotsCopy {
    const NS: Namespace = Namespace::Robots;
    fn id(&self) -> String {
        self.host.to_string()
    }
    fn tag(&self) -> &'static str {
        "robots"
    }
}

impl Document for ParkedTask {
    const NS: Namespace = Namespace::Parked;
    /// Due time first (zero-padded), so ids sort by due time, then a digest of the body:
    /// parking the same task for the same time twice keeps one.
    fn id(&self) -> String {
        use sha2::{Digest, Sha256};
        let digest: String = Sha256::digest(self.body.as_bytes()).iter().take(8).map(|b| format!("{b:02x}")).collect();
        format!("{:015}-{digest}", self.due.as_millis().max(0))
    }
    fn tag(&self) -> &'static str {
        "parked"
    }
    fn keys(&self) -> IndexKeys {
        IndexKeys { due: Some(self.leased_until.map_or(self.due, |l| l.max(self.due))), ..IndexKeys::default() }
    }
}

/// Every repository, over one store.
#[derive(Clone, Debug)]
pub struct Repos {
    /// Host politeness state: the leases.
    pub hosts: Repo<HostState>,
    /// The page index and seen set.
    pub urls: Repo<UrlEntry>,
    /// Feeds and their polling state.
    pub feeds: Repo<FeedState>,
    /// Sites submitted for discovery.
    pub sites: Repo<SiteState>,
    /// The operator's blocklist.
    pub blocklist: Repo<Blocklist>,
    /// Tasks parked past their queue's longest delay.
    pub parked: Repo<ParkedTask>,
    /// Hosts' robots.txt as last fetched.
    pub robots: Repo<RobotsCopy>,
    /// The web pages' signing key.
    pub web_secret: Repo<WebSecret>,
}

impl Repos {
    /// The repositories over `store`.
    pub fn new(store: &Arc<dyn StateStore>) -> Self {
        Self {
            hosts: Repo::new(Arc::clone(store)),
            urls: Repo::new(Arc::clone(store)),
            feeds: Repo::new(Arc::clone(store)),
            sites: Repo::new(Arc::clone(store)),
            blocklist: Repo::new(Arc::clone(store)),
            parked: Repo::new(Arc::clone(store)),
            robots: Repo::new(Arc::clone(store)),
            web_secret: Repo::new(Arc::clone(store)),
        }
    }

    /// Write every document back once with its index keys and tag (after opening a data
    /// directory written before the indexes existed). Returns how many.
    ///
    /// # Errors
    /// [`StateError`] when the store fails.
    pub async fn reindex(&self) -> Result<usize, StateError> {
        Ok(self.urls.reindex().await?
            + self.feeds.reindex().await?
            + self.parked.reindex().await?
            + self.sites.reindex().await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adapters::memory::MemoryStateStore;
    use crate::model::host_key;

    fn url_entry(path: &str, state: UrlState) -> UrlEntry {
        let u = url::Url::parse(&format!("https://www.example.com{path}")).unwrap();
        let mut e = UrlEntry::new_queued(
            UrlKey::of(&u),
            u.to_string(),
            host_key(&u).unwrap(),
            None,
            true,
            Timestamp::from_millis(0),
        );
        e.state = state;
        e
    }

    #[tokio::test]
    async fn documents_carry_their_tags_and_index_keys() {
        let store: Arc<dyn StateStore> = Arc::new(MemoryStateStore::new());
        let repos = Repos::new(&store);
        let waiting = url_entry("/a", UrlState::Queued { enqueued: true });
        let stored = url_entry("/b", UrlState::Stored { record: "pages/x".into() });
        assert_eq!(repos.urls.insert(&waiting).await.unwrap(), Some(1));
        assert_eq!(repos.urls.insert(&waiting).await.unwrap(), None, "insert-if-absent");
        repos.urls.insert(&stored).await.unwrap();
        let (under, _) = repos.urls.under_domain("example.com", None, 10).await.unwrap();
        assert_eq!(under.iter().map(|s| &s.value.key).collect::<Vec<_>>(), [&waiting.key]);
        assert_eq!(repos.urls.sample(0, 10).await.unwrap().len(), 1, "only stored pages are sampled");
        let counts = repos.urls.counts().await.unwrap();
        assert_eq!((counts["queued"], counts["stored"]), (1, 1));
        // A transition moves its tag and its index keys with it.
        let moved = repos
            .urls
            .transition(&waiting.key, Timestamp::from_millis(5), |e| {
                e.state = UrlState::Gone { status: 404 };
                true
            })
            .await
            .unwrap()
            .unwrap();
        assert_eq!(moved.updated_at, Timestamp::from_millis(5));
        assert!(repos.urls.under_domain("example.com", None, 10).await.unwrap().0.is_empty());
        assert_eq!(repos.urls.counts().await.unwrap().get("queued"), None);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn update_retries_a_lost_race_and_gives_up_after_the_limit() {
        let store: Arc<dyn StateStore> = Arc::new(MemoryStateStore::new());
        let repos = Repos::new(&store);
        let host = host_key(&url::Url::parse("https://h.test/").unwrap()).unwrap();
        let mut calls = 0;
        let written = repos
            .hosts
            .update(host.as_str(), |current| {
                calls += 1;
                let mut s = current.unwrap_or_else(|| HostState::new(host.clone()));
                s.requests += 1;
                (Change::Put(s), ())
            })
            .await;
        assert!(written.is_ok());
        assert_eq!(calls, 1);
        // A writer that always loses: another write lands between its read and its write.
        let racer = repos.hosts.clone();
        let mut attempts = 0;
        let lost = repos
            .hosts
            .update(host.as_str(), |current| {
                attempts += 1;
                let s = current.unwrap_or_else(|| HostState::new(host.clone()));
                let racer = racer.clone();
                let mut other = s.clone();
                other.requests += 100;
                // Another writer lands between this read and this write.
                tokio::task::block_in_place(|| tokio::runtime::Handle::current().block_on(racer.put(&other))).unwrap();
                (Change::Put(s), ())
            })
            .await;
        assert!(matches!(lost, Err(StateError::Conflict { .. })), "{lost:?}");
        assert_eq!(attempts, MAX_ATTEMPTS);
    }

    #[test]
    fn a_robots_copy_keeps_the_body_or_its_first_whole_lines_within_a_document() {
        let host = host_key(&url::Url::parse("https://h.test/").unwrap()).unwrap();
        let at = Timestamp::from_millis(7);
        let small = b"User-agent: *\nDisallow: /x/\n".repeat(2000);
        let copy = RobotsCopy::new(host.clone(), at, &small);
        assert_eq!(copy.body().unwrap(), small, "a compressible body is kept whole");
        assert!(copy.body.len() < 10_000, "and packed small: {}", copy.body.len());
        // 500 KiB that does not compress: kept up to a line end, within the document limit.
        let mut state = 1u64;
        let noise: Vec<u8> = (0..500 * 1024)
            .map(|i| {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                if i % 80 == 79 { b'\n' } else { b'!' + u8::try_from(state >> 58).unwrap() }
            })
            .collect();
        let copy = RobotsCopy::new(host, at, &noise);
        assert!(copy.body.len() <= RobotsCopy::MAX_PACKED, "{}", copy.body.len());
        let kept = copy.body().unwrap();
        assert!(!kept.is_empty() && kept.len() < noise.len());
        assert!(noise.starts_with(&kept) && kept.ends_with(b"\n"), "a prefix of whole lines");
    }

    #[test]
    fn sample_keys_spread_evenly() {
        let mut low = 0;
        for i in 0..1000 {
            let u = url::Url::parse(&format!("https://s.test/{i}")).unwrap();
            if sample_key(&UrlKey::of(&u)) < u32::MAX / 2 {
                low += 1;
            }
        }
        assert!((400..600).contains(&low), "{low} of 1000 in the lower half");
    }
}
