//! In-memory adapters for unit tests. Same contracts as the durable ones, nothing kept.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use async_trait::async_trait;
use bytes::Bytes;

use crate::model::{Stage, Timestamp};
use crate::ports::{
    Clock, Delivery, Doc, DocPage, Expect, IndexKeys, Namespace, Outgoing, PageStore, PageStoreError, Queue,
    QueueError, QueueSizes, StateError, StateStore, Versioned, check_location, reversed_host,
};

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[derive(Debug, Clone)]
struct Message {
    body: String,
    visible_at: Timestamp,
    receive_count: u32,
}

#[derive(Debug, Default)]
struct Queues {
    seq: u64,
    live: BTreeMap<(Stage, u64), Message>,
    dead: BTreeMap<(Stage, u64), Message>,
}

/// An in-memory [`Queue`] that honours delays and visibility on a [`Clock`].
#[derive(Debug)]
pub struct MemoryQueue {
    clock: Arc<dyn Clock>,
    visibility: Duration,
    max_delay: Option<Duration>,
    inner: Mutex<Queues>,
}

impl MemoryQueue {
    /// A queue on `clock` with a 30 s visibility timeout.
    pub fn new(clock: Arc<dyn Clock>) -> Self {
        Self::with_visibility(clock, Duration::from_secs(30))
    }

    /// A queue with the given visibility timeout.
    pub fn with_visibility(clock: Arc<dyn Clock>, visibility: Duration) -> Self {
        Self { clock, visibility, max_delay: None, inner: Mutex::new(Queues::default()) }
    }

    /// Behave like a queue that cannot delay longer than `max` (as SQS's 900 s).
    #[must_use]
    pub fn with_max_delay(mut self, max: Duration) -> Self {
        self.max_delay = Some(max);
        self
    }

    /// Messages not yet acknowledged, visible or not.
    pub fn len(&self) -> usize {
        lock(&self.inner).live.len()
    }

    /// Whether no message is waiting.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// When the earliest waiting message becomes visible (`None`: nothing waits).
    pub fn next_visible(&self) -> Option<Timestamp> {
        lock(&self.inner).live.values().map(|m| m.visible_at).min()
    }

    /// Every pending task body, for assertions.
    pub fn bodies(&self) -> Vec<String> {
        lock(&self.inner).live.values().map(|m| m.body.clone()).collect()
    }

    fn take(
        map: &mut BTreeMap<(Stage, u64), Message>,
        stage: Stage,
        max: usize,
        now: Timestamp,
        visibility: Duration,
    ) -> Vec<Delivery> {
        let mut out = Vec::new();
        for ((s, id), m) in map.range_mut((stage, 0)..=(stage, u64::MAX)) {
            if out.len() >= max {
                break;
            }
            if m.visible_at <= now {
                m.visible_at = now.plus(visibility);
                m.receive_count += 1;
                out.push(Delivery {
                    stage: *s,
                    receipt: id.to_string(),
                    body: m.body.clone(),
                    receive_count: m.receive_count,
                });
            }
        }
        out
    }
}

fn receipt_id(d: &Delivery) -> Result<u64, QueueError> {
    d.receipt.parse().map_err(|_| QueueError::Backend {
        op: "ack",
        retryable: false,
        source: format!("unknown receipt {:?}", d.receipt).into(),
    })
}

#[async_trait]
impl Queue for MemoryQueue {
    fn max_delay(&self) -> Option<Duration> {
        self.max_delay
    }

    async fn send_bodies(&self, stage: Stage, messages: &[Outgoing]) -> Result<(), QueueError> {
        let now = self.clock.now();
        let mut q = lock(&self.inner);
        for m in messages {
            q.seq += 1;
            let id = q.seq;
            let message = Message { body: m.body.clone(), visible_at: now.plus(m.delay), receive_count: 0 };
            q.live.insert((stage, id), message);
        }
        Ok(())
    }

    async fn release(&self, delivery: &Delivery, delay: Duration) -> Result<(), QueueError> {
        let id = receipt_id(delivery)?;
        let visible_at = self.clock.now().plus(delay);
        if let Some(m) = lock(&self.inner).live.get_mut(&(delivery.stage, id)) {
            m.visible_at = visible_at;
        }
        Ok(())
    }

    async fn receive(&self, stage: Stage, max: usize, _wait: Duration) -> Result<Vec<Delivery>, QueueError> {
        let now = self.clock.now();
        let mut q = lock(&self.inner);
        Ok(Self::take(&mut q.live, stage, max, now, self.visibility))
    }

    async fn ack(&self, delivery: &Delivery) -> Result<(), QueueError> {
        let id = receipt_id(delivery)?;
        lock(&self.inner).live.remove(&(delivery.stage, id));
        Ok(())
    }

    async fn dead_letter(&self, delivery: &Delivery, _error: &str) -> Result<(), QueueError> {
        let id = receipt_id(delivery)?;
        let mut q = lock(&self.inner);
        let msg = q.live.remove(&(delivery.stage, id)).unwrap_or(Message {
            body: delivery.body.clone(),
            visible_at: Timestamp::from_millis(0),
            receive_count: delivery.receive_count,
        });
        q.dead.insert((delivery.stage, id), Message { visible_at: Timestamp::from_millis(0), receive_count: 0, ..msg });
        Ok(())
    }

    async fn receive_dead(&self, stage: Stage, max: usize, _wait: Duration) -> Result<Vec<Delivery>, QueueError> {
        let now = self.clock.now();
        let mut q = lock(&self.inner);
        Ok(Self::take(&mut q.dead, stage, max, now, self.visibility))
    }

    async fn sizes(&self) -> Result<QueueSizes, QueueError> {
        let q = lock(&self.inner);
        Ok(QueueSizes { waiting: q.live.len() as u64, dead: q.dead.len() as u64 })
    }
}

#[derive(Debug, Clone)]
struct Entry {
    doc: Versioned,
    keys: IndexKeys,
}

type Docs = HashMap<Namespace, BTreeMap<String, Entry>>;

/// An in-memory [`StateStore`]. Its indexes are searches over the namespace's documents:
/// fine for unit tests, which is all it is for.
#[derive(Debug, Default)]
pub struct MemoryStateStore(Mutex<Docs>);

impl MemoryStateStore {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    fn matching(&self, ns: Namespace, keep: impl Fn(&IndexKeys) -> bool) -> Vec<(String, Entry)> {
        lock(&self.0)
            .get(&ns)
            .map(|m| m.iter().filter(|(_, e)| keep(&e.keys)).map(|(k, e)| (k.clone(), e.clone())).collect())
            .unwrap_or_default()
    }
}

fn entry(doc: &Doc, version: u64) -> Entry {
    Entry { doc: Versioned { body: doc.body.clone(), tag: doc.tag.clone(), version }, keys: doc.keys.clone() }
}

#[async_trait]
impl StateStore for MemoryStateStore {
    async fn get(&self, ns: Namespace, id: &str) -> Result<Option<Versioned>, StateError> {
        Ok(lock(&self.0).get(&ns).and_then(|m| m.get(id)).map(|e| e.doc.clone()))
    }

    async fn put(&self, ns: Namespace, id: &str, doc: &Doc, expect: Expect) -> Result<u64, StateError> {
        let mut docs = lock(&self.0);
        let map = docs.entry(ns).or_default();
        let current = map.get(id).map(|e| e.doc.version);
        let version = match (expect, current) {
            (Expect::Absent, None) => 1,
            (Expect::Version(v), Some(c)) if v == c => c + 1,
            _ => {
                return Err(StateError::Conflict { ns: ns.as_str(), id: id.to_owned() });
            }
        };
        map.insert(id.to_owned(), entry(doc, version));
        Ok(version)
    }

    async fn put_any(&self, ns: Namespace, id: &str, doc: &Doc) -> Result<u64, StateError> {
        let mut docs = lock(&self.0);
        let map = docs.entry(ns).or_default();
        let version = map.get(id).map_or(1, |e| e.doc.version + 1);
        map.insert(id.to_owned(), entry(doc, version));
        Ok(version)
    }

    async fn delete(&self, ns: Namespace, id: &str) -> Result<(), StateError> {
        if let Some(m) = lock(&self.0).get_mut(&ns) {
            m.remove(id);
        }
        Ok(())
    }

    async fn due(&self, ns: Namespace, until: Timestamp, limit: usize) -> Result<Vec<(String, Versioned)>, StateError> {
        let mut found = self.matching(ns, |k| k.due.is_some_and(|d| d <= until));
        found.sort_by(|a, b| (a.1.keys.due, &a.0).cmp(&(b.1.keys.due, &b.0)));
        Ok(found.into_iter().take(limit).map(|(id, e)| (id, e.doc)).collect())
    }

    async fn under_domain(
        &self,
        ns: Namespace,
        domain: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<DocPage, StateError> {
        let prefix = reversed_host(domain);
        let found = self.matching(ns, |k| k.host.as_deref().is_some_and(|h| reversed_host(h).starts_with(&prefix)));
        let mut iter = found.into_iter().filter(|(id, _)| after.is_none_or(|a| id.as_str() > a));
        let page: Vec<_> = iter.by_ref().take(limit).map(|(id, e)| (id, e.doc)).collect();
        Ok((page, iter.next().is_some()))
    }

    async fn sample(&self, ns: Namespace, from: u32, limit: usize) -> Result<Vec<(String, Versioned)>, StateError> {
        let mut found = self.matching(ns, |k| k.sample.is_some_and(|s| s >= from));
        found.sort_by(|a, b| (a.1.keys.sample, &a.0).cmp(&(b.1.keys.sample, &b.0)));
        Ok(found.into_iter().take(limit).map(|(id, e)| (id, e.doc)).collect())
    }

    async fn counts(&self, ns: Namespace) -> Result<BTreeMap<String, u64>, StateError> {
        let mut out = BTreeMap::new();
        for (_, e) in self.matching(ns, |_| true) {
            *out.entry(e.doc.tag).or_insert(0) += 1;
        }
        Ok(out)
    }

    async fn scan(&self, ns: Namespace, after: Option<&str>, limit: usize) -> Result<DocPage, StateError> {
        let docs = lock(&self.0);
        let Some(map) = docs.get(&ns) else {
            return Ok((Vec::new(), false));
        };
        let mut iter =
            map.iter().filter(|(k, _)| after.is_none_or(|a| k.as_str() > a)).map(|(k, e)| (k.clone(), e.doc.clone()));
        let page: Vec<_> = iter.by_ref().take(limit).collect();
        let more = iter.next().is_some();
        Ok((page, more))
    }
}

/// An in-memory [`PageStore`].
#[derive(Debug, Default)]
pub struct MemoryPageStore(Mutex<BTreeMap<String, Bytes>>);

impl MemoryPageStore {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }
}

#[async_trait]
impl PageStore for MemoryPageStore {
    async fn put(&self, location: &str, bytes: Bytes, _content_type: &str) -> Result<(), PageStoreError> {
        check_location(location)?;
        lock(&self.0).insert(location.to_owned(), bytes);
        Ok(())
    }

    async fn get(&self, location: &str) -> Result<Option<Bytes>, PageStoreError> {
        check_location(location)?;
        Ok(lock(&self.0).get(location).cloned())
    }

    async fn delete(&self, location: &str) -> Result<(), PageStoreError> {
        check_location(location)?;
        lock(&self.0).remove(location);
        Ok(())
    }

    async fn list(&self, prefix: &str) -> Result<Vec<String>, PageStoreError> {
        Ok(lock(&self.0).keys().filter(|k| k.starts_with(prefix)).cloned().collect())
    }
}
