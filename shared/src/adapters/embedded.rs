//! The durable single-machine store behind `feedhound crawl`.
//!
//! One redb database (`<data>/state.redb`) holds the queues and the state documents; page
//! records and raw bodies are plain files under the data directory, at the same locations
//! as in S3. redb commits are durable and atomic, and files are written to a temporary name
//! and renamed, so a process killed at any instant leaves either the old or the new data.
//! redb also locks the database file, so two processes can never share one data directory.

use std::ops::Bound;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use bytes::Bytes;
use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition};

use super::group_commit::GroupWriter;
use crate::model::{Stage, Timestamp};
use crate::ports::{
    Clock, Delivery, Doc, DocPage, Expect, Namespace, Outgoing, PageStore, PageStoreError, Queue, QueueError,
    QueueSizes, StateError, StateStore, Versioned, check_location, reversed_host,
};

/// seq → (stage, visible_at ms, receive_count, body)
const MESSAGES: TableDefinition<u64, (u8, i64, u32, &str)> = TableDefinition::new("queue_messages");
/// (stage, visible_at ms, seq) → (): messages in the order they become visible.
const VISIBLE: TableDefinition<(u8, i64, u64), ()> = TableDefinition::new("queue_visible");
/// seq of messages received and not yet acknowledged.
const IN_FLIGHT: TableDefinition<u64, ()> = TableDefinition::new("queue_in_flight");
/// seq → (stage, body, error)
const DEAD: TableDefinition<u64, (u8, &str, &str)> = TableDefinition::new("queue_dead");
/// Next sequence number.
const META: TableDefinition<&str, u64> = TableDefinition::new("meta");

const HOSTS: TableDefinition<&str, (u64, &str, &str)> = TableDefinition::new("state_host");
const URLS: TableDefinition<&str, (u64, &str, &str)> = TableDefinition::new("state_url");
const FEEDS: TableDefinition<&str, (u64, &str, &str)> = TableDefinition::new("state_feed");
const OPERATOR: TableDefinition<&str, (u64, &str, &str)> = TableDefinition::new("state_operator");
const PARKED: TableDefinition<&str, (u64, &str, &str)> = TableDefinition::new("state_parked");
const SITES: TableDefinition<&str, (u64, &str, &str)> = TableDefinition::new("state_site");
const ROBOTS: TableDefinition<&str, (u64, &str, &str)> = TableDefinition::new("state_robots");

fn table(ns: Namespace) -> TableDefinition<'static, &'static str, (u64, &'static str, &'static str)> {
    match ns {
        Namespace::Host => HOSTS,
        Namespace::Url => URLS,
        Namespace::Feed => FEEDS,
        Namespace::Operator => OPERATOR,
        Namespace::Parked => PARKED,
        Namespace::Site => SITES,
        Namespace::Robots => ROBOTS,
    }
}

fn stage_code(s: Stage) -> u8 {
    match s {
        Stage::Discover => 0,
        Stage::Poll => 1,
        Stage::Fetch => 2,
        Stage::Extract => 3,
    }
}

fn stage_of(code: u8) -> Stage {
    match code {
        0 => Stage::Discover,
        1 => Stage::Poll,
        3 => Stage::Extract,
        _ => Stage::Fetch,
    }
}

/// Errors opening the data directory.
#[derive(Debug, thiserror::Error)]
pub enum EmbeddedError {
    /// The directory cannot be created or read.
    #[error("data directory {path}: {source}")]
    Io {
        /// The path.
        path: PathBuf,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// The database cannot be opened (already in use by another feedhound, or corrupt).
    #[error("cannot open {path} (is another feedhound using this data directory?): {source}")]
    Database {
        /// The path.
        path: PathBuf,
        /// The cause.
        #[source]
        source: Box<redb::Error>,
    },
    /// The configured image model cannot be used.
    #[error("{0}")]
    ImageModel(String),
    /// A data directory of an earlier version could not be brought up to date.
    #[error("migrating the data directory failed")]
    Migration(#[source] StateError),
}

/// The embedded queue and state store: one redb database.
#[derive(Clone)]
pub struct EmbeddedStore {
    db: Arc<Database>,
    /// Host state (the leases) in a database of its own: redb has one writer per database,
    /// and a lease write must not queue behind the queue's and the index's commits. Lease
    /// writes are durable: a lease must be on disk before its request leaves, or a crash
    /// and a quick restart could send two requests less than a gap apart.
    hosts: Arc<Database>,
    /// The writers of `db` and `hosts` (group commit: one transaction and one disk sync
    /// for the writes that queued up while the previous commit ran).
    db_writer: GroupWriter,
    hosts_writer: GroupWriter,
    clock: Arc<dyn Clock>,
    visibility: Duration,
    /// Woken when a message is sent or released: a dispatcher waiting for work looks again.
    sent: Arc<tokio::sync::Notify>,
}

impl std::fmt::Debug for EmbeddedStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EmbeddedStore").field("visibility", &self.visibility).finish_non_exhaustive()
    }
}

type R<T> = Result<T, redb::Error>;

/// redb's page cache for the queues and documents. Its default (a gigabyte) let a crawl's
/// memory grow with every page it wrote; the working set is the queue's head and the
/// documents of the pages in flight, and the operating system caches the file as well.
/// Measured with politeness-bench: 64 MiB here (and 16 for hosts) took 104 MiB at 10,000
/// hosts; 16 and 4 took 85 MiB at 10,000 and 84 at 20,000, as fast.
const STATE_CACHE_BYTES: usize = 16 << 20;
/// The same for the hosts' database (a small document per host).
const HOSTS_CACHE_BYTES: usize = 4 << 20;

fn create_table(
    db: &Database,
    def: TableDefinition<'static, &'static str, (u64, &'static str, &'static str)>,
) -> R<()> {
    let txn = db.begin_write()?;
    txn.open_table(def)?;
    txn.commit()?;
    Ok(())
}

/// Remove a message from the live queue (its body, its visibility entry, its in-flight mark).
fn remove_live(txn: &redb::WriteTransaction, seq: u64) -> R<()> {
    let mut messages = txn.open_table(MESSAGES)?;
    let mut visible = txn.open_table(VISIBLE)?;
    let removed = messages.remove(seq)?.map(|v| (v.value().0, v.value().1));
    if let Some((s, at)) = removed {
        visible.remove((s, at, seq))?;
    }
    txn.open_table(IN_FLIGHT)?.remove(seq)?;
    Ok(())
}

fn queue_err(op: &'static str) -> impl Fn(redb::Error) -> QueueError {
    move |e| QueueError::Backend { op, retryable: false, source: Box::new(e) }
}

fn state_err(op: &'static str) -> impl Fn(redb::Error) -> StateError {
    move |e| StateError::Backend { op, retryable: false, source: Box::new(e) }
}

impl EmbeddedStore {
    /// Open (or create) `<dir>/state.redb`, and make every message that was in flight when
    /// the last process stopped visible again at once: the directory is ours alone, so no
    /// other worker can still be holding it.
    ///
    /// # Errors
    /// [`EmbeddedError`] when the directory or database cannot be opened.
    pub fn open(dir: &Path, clock: Arc<dyn Clock>) -> Result<Self, EmbeddedError> {
        std::fs::create_dir_all(dir).map_err(|source| EmbeddedError::Io { path: dir.to_owned(), source })?;
        let path = dir.join("state.redb");
        let wrap = |e: redb::Error| EmbeddedError::Database { path: path.clone(), source: Box::new(e) };
        let db = Database::builder().set_cache_size(STATE_CACHE_BYTES).create(&path).map_err(|e| wrap(e.into()))?;
        let hosts_path = dir.join("hosts.redb");
        let hosts = Database::builder()
            .set_cache_size(HOSTS_CACHE_BYTES)
            .create(&hosts_path)
            .map_err(|e| EmbeddedError::Database { path: hosts_path.clone(), source: Box::new(e.into()) })?;
        create_table(&hosts, HOSTS)
            .and_then(|()| migrate(&hosts))
            .map_err(|e| EmbeddedError::Database { path: hosts_path.clone(), source: Box::new(e) })?;
        let (db, hosts) = (Arc::new(db), Arc::new(hosts));
        let db_writer = GroupWriter::start(Arc::clone(&db), "state").map_err(wrap)?;
        let hosts_writer = GroupWriter::start(Arc::clone(&hosts), "hosts")
            .map_err(|e| EmbeddedError::Database { path: hosts_path.clone(), source: Box::new(e) })?;
        let store = Self {
            db,
            hosts,
            db_writer,
            hosts_writer,
            clock,
            visibility: Duration::from_secs(300),
            sent: Arc::new(tokio::sync::Notify::new()),
        };
        store.recover().and_then(|()| migrate(&store.db)).map_err(wrap)?;
        Ok(store)
    }

    fn recover(&self) -> R<()> {
        let now = self.clock.now().as_millis();
        let txn = self.db.begin_write()?;
        {
            let mut in_flight = txn.open_table(IN_FLIGHT)?;
            let mut messages = txn.open_table(MESSAGES)?;
            let mut visible = txn.open_table(VISIBLE)?;
            txn.open_table(DEAD)?;
            txn.open_table(META)?;
            for ns in Namespace::ALL {
                txn.open_table(table(ns))?;
            }
            let seqs: Vec<u64> = in_flight.iter()?.map(|r| r.map(|(k, _)| k.value())).collect::<Result<_, _>>()?;
            for seq in seqs {
                let found = messages.get(seq)?.map(|v| {
                    let (s, at, n, body) = v.value();
                    (s, at, n, body.to_owned())
                });
                if let Some((s, at, n, body)) = found {
                    visible.remove((s, at, seq))?;
                    visible.insert((s, now, seq), ())?;
                    messages.insert(seq, (s, now, n, body.as_str()))?;
                }
                in_flight.remove(seq)?;
            }
        }
        txn.commit()?;
        Ok(())
    }

    /// Read from the database of `ns` (the hosts' own, or the main one). Reads run in
    /// place: a read transaction takes no lock and reads pages redb keeps cached, so it
    /// costs less than a hand-off to a blocking thread.
    fn read_ns<T>(&self, ns: Namespace, f: impl FnOnce(&Database) -> R<T>) -> R<T> {
        f(if ns == Namespace::Host { &self.hosts } else { &self.db })
    }

    fn read<T>(&self, f: impl FnOnce(&Database) -> R<T>) -> R<T> {
        f(&self.db)
    }

    /// Write to the database of `ns` through its group writer.
    async fn write_ns<T: Send + 'static>(
        &self,
        ns: Namespace,
        f: impl FnOnce(&redb::WriteTransaction) -> R<T> + Send + 'static,
    ) -> R<T> {
        let writer = if ns == Namespace::Host { &self.hosts_writer } else { &self.db_writer };
        writer.write(true, f).await
    }

    /// Write to the main database, durably or not.
    async fn write<T: Send + 'static>(
        &self,
        durable: bool,
        f: impl FnOnce(&redb::WriteTransaction) -> R<T> + Send + 'static,
    ) -> R<T> {
        self.db_writer.write(durable, f).await
    }

    /// Woken whenever a message is sent or given back: a driver waiting for work (with
    /// [`EmbeddedStore::next_visible`] as its timer) looks again then.
    pub fn sent(&self) -> Arc<tokio::sync::Notify> {
        Arc::clone(&self.sent)
    }

    /// When the earliest waiting message of any stage becomes visible (`None`: all queues empty).
    ///
    /// # Errors
    /// [`QueueError`] when the database cannot be read.
    pub async fn next_visible(&self) -> Result<Option<Timestamp>, QueueError> {
        self.read(|db| {
            let txn = db.begin_read()?;
            let visible = txn.open_table(VISIBLE)?;
            let mut earliest: Option<i64> = None;
            for s in Stage::ALL {
                let c = stage_code(s);
                if let Some(r) = visible.range((c, i64::MIN, 0)..=(c, i64::MAX, u64::MAX))?.next() {
                    let at = r?.0.value().1;
                    earliest = Some(earliest.map_or(at, |e| e.min(at)));
                }
            }
            Ok(earliest.map(Timestamp::from_millis))
        })
        .map_err(queue_err("next_visible"))
    }

    /// Whether documents written before the index tables existed still lack their index
    /// keys: the caller, which knows the document types, writes each back once, then calls
    /// [`EmbeddedStore::reindex_done`].
    ///
    /// # Errors
    /// [`StateError`] when the database cannot be read.
    pub async fn reindex_pending(&self) -> Result<bool, StateError> {
        self.read(|db| {
            let txn = db.begin_read()?;
            Ok(txn.open_table(META)?.get("reindex_pending")?.is_some_and(|v| v.value() > 0))
        })
        .map_err(state_err("reindex_pending"))
    }

    /// Record that every document has its index keys again.
    ///
    /// # Errors
    /// [`StateError`] when the database cannot be written.
    pub async fn reindex_done(&self) -> Result<(), StateError> {
        self.write(true, move |txn| {
            txn.open_table(META)?.remove("reindex_pending")?;
            Ok(())
        })
        .await
        .map_err(state_err("reindex_done"))
    }

    /// Messages waiting (visible or not), and messages dead-lettered.
    ///
    /// # Errors
    /// [`QueueError`] when the database cannot be read.
    pub async fn queue_sizes(&self) -> Result<(u64, u64), QueueError> {
        self.read(|db| {
            use redb::ReadableTableMetadata;
            let txn = db.begin_read()?;
            Ok((txn.open_table(MESSAGES)?.len()?, txn.open_table(DEAD)?.len()?))
        })
        .map_err(queue_err("queue_sizes"))
    }
}

#[async_trait]
impl Queue for EmbeddedStore {
    async fn send_bodies(&self, stage: Stage, messages: &[Outgoing]) -> Result<(), QueueError> {
        let now = self.clock.now();
        let items: Vec<(u8, i64, String)> =
            messages.iter().map(|m| (stage_code(stage), now.plus(m.delay).as_millis(), m.body.clone())).collect();
        self.write(true, move |txn| {
            {
                let mut meta = txn.open_table(META)?;
                let mut messages = txn.open_table(MESSAGES)?;
                let mut visible = txn.open_table(VISIBLE)?;
                let mut seq = meta.get("seq")?.map_or(0, |v| v.value());
                for (s, at, body) in &items {
                    seq += 1;
                    messages.insert(seq, (*s, *at, 0u32, body.as_str()))?;
                    visible.insert((*s, *at, seq), ())?;
                }
                meta.insert("seq", seq)?;
            }
            Ok(())
        })
        .await
        .map_err(queue_err("send"))?;
        self.sent.notify_waiters();
        Ok(())
    }

    async fn receive(&self, stage: Stage, max: usize, _wait: Duration) -> Result<Vec<Delivery>, QueueError> {
        let now = self.clock.now().as_millis();
        let hide_until = self.clock.now().plus(self.visibility).as_millis();
        let c = stage_code(stage);
        // Most polls find nothing: look with a read transaction (no writer) first.
        let any = self
            .read(|db| {
                let read = db.begin_read()?;
                let visible = read.open_table(VISIBLE)?;
                Ok(visible.range((c, i64::MIN, 0)..=(c, now, u64::MAX))?.next().is_some())
            })
            .map_err(queue_err("receive"))?;
        if !any {
            return Ok(Vec::new());
        }
        // Marking a message in flight need not reach the disk: after a crash every
        // in-flight message is made visible again anyway.
        self.write(false, move |txn| {
            let mut out = Vec::new();
            let mut messages = txn.open_table(MESSAGES)?;
            let mut visible = txn.open_table(VISIBLE)?;
            let mut in_flight = txn.open_table(IN_FLIGHT)?;
            let due: Vec<(i64, u64)> = visible
                .range((c, i64::MIN, 0)..=(c, now, u64::MAX))?
                .take(max)
                .map(|r| r.map(|(k, _)| (k.value().1, k.value().2)))
                .collect::<Result<_, _>>()?;
            for (at, seq) in due {
                visible.remove((c, at, seq))?;
                let msg = messages.get(seq)?.map(|v| {
                    let (_, _, n, body) = v.value();
                    (n, body.to_owned())
                });
                let Some((n, body)) = msg else { continue };
                messages.insert(seq, (c, hide_until, n + 1, body.as_str()))?;
                visible.insert((c, hide_until, seq), ())?;
                in_flight.insert(seq, ())?;
                out.push(Delivery { stage, receipt: seq.to_string(), body, receive_count: n + 1 });
            }
            Ok(out)
        })
        .await
        .map_err(queue_err("receive"))
    }

    async fn release(&self, delivery: &Delivery, delay: Duration) -> Result<(), QueueError> {
        let seq: u64 = delivery.receipt.parse().map_err(|_| QueueError::Backend {
            op: "release",
            retryable: false,
            source: format!("bad receipt {:?}", delivery.receipt).into(),
        })?;
        let at = self.clock.now().plus(delay).as_millis();
        self.write(true, move |txn| {
            {
                let mut messages = txn.open_table(MESSAGES)?;
                let mut visible = txn.open_table(VISIBLE)?;
                let found = messages.get(seq)?.map(|v| {
                    let (s, old, n, body) = v.value();
                    (s, old, n, body.to_owned())
                });
                if let Some((s, old, n, body)) = found {
                    visible.remove((s, old, seq))?;
                    visible.insert((s, at, seq), ())?;
                    messages.insert(seq, (s, at, n, body.as_str()))?;
                }
                txn.open_table(IN_FLIGHT)?.remove(seq)?;
            }
            Ok(())
        })
        .await
        .map_err(queue_err("release"))?;
        self.sent.notify_waiters();
        Ok(())
    }

    async fn ack(&self, delivery: &Delivery) -> Result<(), QueueError> {
        let seq: u64 = delivery.receipt.parse().map_err(|_| QueueError::Backend {
            op: "ack",
            retryable: false,
            source: format!("bad receipt {:?}", delivery.receipt).into(),
        })?;
        self.write(true, move |txn| {
            {
                remove_live(txn, seq)?;
            }
            Ok(())
        })
        .await
        .map_err(queue_err("ack"))
    }

    async fn dead_letter(&self, delivery: &Delivery, error: &str) -> Result<(), QueueError> {
        let seq: u64 = delivery.receipt.parse().map_err(|_| QueueError::Backend {
            op: "dead_letter",
            retryable: false,
            source: format!("bad receipt {:?}", delivery.receipt).into(),
        })?;
        let (c, body, error) = (stage_code(delivery.stage), delivery.body.clone(), error.to_owned());
        self.write(true, move |txn| {
            {
                remove_live(txn, seq)?;
                txn.open_table(DEAD)?.insert(seq, (c, body.as_str(), error.as_str()))?;
            }
            Ok(())
        })
        .await
        .map_err(queue_err("dead_letter"))
    }

    async fn receive_dead(&self, stage: Stage, max: usize, _wait: Duration) -> Result<Vec<Delivery>, QueueError> {
        let c = stage_code(stage);
        self.read(|db| {
            let txn = db.begin_read()?;
            let dead = txn.open_table(DEAD)?;
            let mut out = Vec::new();
            for r in dead.iter()? {
                let (k, v) = r?;
                let (s, body, _) = v.value();
                if s == c {
                    out.push(Delivery {
                        stage: stage_of(s),
                        receipt: k.value().to_string(),
                        body: body.to_owned(),
                        receive_count: 0,
                    });
                }
                if out.len() >= max {
                    break;
                }
            }
            Ok(out)
        })
        .map_err(queue_err("receive_dead"))
    }
    async fn sizes(&self) -> Result<QueueSizes, QueueError> {
        let (waiting, dead) = self.queue_sizes().await?;
        Ok(QueueSizes { waiting, dead })
    }
}

/// The index keys written with a document, so a later write or delete can remove them:
/// (ns, id) → (due ms, host, sample).
const DOC_KEYS: TableDefinition<(u8, &str), DocKeys> = TableDefinition::new("index_doc_keys");
/// A document's index keys as stored: (due ms, reversed host, sample).
type DocKeys = (Option<i64>, Option<&'static str>, Option<u32>);
/// Documents by due time: (ns, due ms, id).
const IDX_DUE: TableDefinition<(u8, i64, &str), ()> = TableDefinition::new("index_due");
/// Documents by reversed host (`com.example.www.`): (ns, reversed host, id).
const IDX_HOST: TableDefinition<(u8, &str, &str), ()> = TableDefinition::new("index_host");
/// Documents by sample key: (ns, sample, id).
const IDX_SAMPLE: TableDefinition<(u8, u32, &str), ()> = TableDefinition::new("index_sample");
/// Documents per tag: (ns, tag) → count.
const COUNTS: TableDefinition<(u8, &str), u64> = TableDefinition::new("index_counts");
/// The layout version of a database (`META["schema"]`): 2 has the index tables.
const SCHEMA: u64 = 2;

fn ns_code(ns: Namespace) -> u8 {
    match ns {
        Namespace::Host => 0,
        Namespace::Url => 1,
        Namespace::Feed => 2,
        Namespace::Operator => 3,
        Namespace::Parked => 4,
        Namespace::Site => 5,
        Namespace::Robots => 6,
    }
}

fn bump(txn: &redb::WriteTransaction, ns: u8, tag: &str, up: bool) -> R<()> {
    let mut counts = txn.open_table(COUNTS)?;
    let n = counts.get((ns, tag))?.map_or(0, |v| v.value());
    let n = if up { n + 1 } else { n.saturating_sub(1) };
    if n == 0 {
        counts.remove((ns, tag))?;
    } else {
        counts.insert((ns, tag), n)?;
    }
    Ok(())
}

/// Remove the index entries a document was written with.
fn unindex(txn: &redb::WriteTransaction, ns: u8, id: &str) -> R<()> {
    let old = txn.open_table(DOC_KEYS)?.remove((ns, id))?.map(|v| {
        let (due, host, sample) = v.value();
        (due, host.map(str::to_owned), sample)
    });
    if let Some((due, host, sample)) = old {
        if let Some(d) = due {
            txn.open_table(IDX_DUE)?.remove((ns, d, id))?;
        }
        if let Some(h) = host {
            txn.open_table(IDX_HOST)?.remove((ns, h.as_str(), id))?;
        }
        if let Some(s) = sample {
            txn.open_table(IDX_SAMPLE)?.remove((ns, s, id))?;
        }
    }
    Ok(())
}

/// Write a document with its version: body, tag count, index entries, in one transaction.
fn write_doc(txn: &redb::WriteTransaction, ns: Namespace, id: &str, doc: &Doc, version: u64) -> R<()> {
    let c = ns_code(ns);
    let old_tag = txn
        .open_table(table(ns))?
        .insert(id, (version, doc.tag.as_str(), doc.body.as_str()))?
        .map(|v| v.value().1.to_owned());
    if old_tag.as_deref() != Some(doc.tag.as_str()) {
        if let Some(old) = &old_tag {
            bump(txn, c, old, false)?;
        }
        bump(txn, c, &doc.tag, true)?;
    }
    unindex(txn, c, id)?;
    let k = &doc.keys;
    let host = k.host.as_deref().map(reversed_host);
    if k.due.is_some() || host.is_some() || k.sample.is_some() {
        let due = k.due.map(Timestamp::as_millis);
        txn.open_table(DOC_KEYS)?.insert((c, id), (due, host.as_deref(), k.sample))?;
        if let Some(d) = due {
            txn.open_table(IDX_DUE)?.insert((c, d, id), ())?;
        }
        if let Some(h) = &host {
            txn.open_table(IDX_HOST)?.insert((c, h.as_str(), id), ())?;
        }
        if let Some(s) = k.sample {
            txn.open_table(IDX_SAMPLE)?.insert((c, s, id), ())?;
        }
    }
    Ok(())
}

fn read_doc(t: &impl ReadableTable<&'static str, (u64, &'static str, &'static str)>, id: &str) -> R<Option<Versioned>> {
    Ok(t.get(id)?.map(|v| {
        let (version, tag, body) = v.value();
        Versioned { body: body.to_owned(), tag: tag.to_owned(), version }
    }))
}

/// Bring a database to [`SCHEMA`]: create the index tables and count the documents of a
/// data directory written before they existed. Their index keys are written back by
/// [`EmbeddedStore::reindex_pending`]'s caller, which knows the document types.
fn migrate(db: &Database) -> R<()> {
    let txn = db.begin_write()?;
    {
        let mut meta = txn.open_table(META)?;
        let schema = meta.get("schema")?.map_or(1, |v| v.value());
        txn.open_table(DOC_KEYS)?;
        txn.open_table(IDX_DUE)?;
        txn.open_table(IDX_HOST)?;
        txn.open_table(IDX_SAMPLE)?;
        txn.open_table(COUNTS)?;
        if schema < SCHEMA {
            for ns in Namespace::ALL {
                let tags: Vec<String> = txn
                    .open_table(table(ns))?
                    .iter()?
                    .map(|r| r.map(|(_, v)| v.value().1.to_owned()))
                    .collect::<Result<_, _>>()?;
                for tag in tags {
                    bump(&txn, ns_code(ns), &tag, true)?;
                }
            }
            meta.insert("schema", SCHEMA)?;
            meta.insert("reindex_pending", 1)?;
        }
    }
    txn.commit()?;
    Ok(())
}

#[async_trait]
impl StateStore for EmbeddedStore {
    async fn get(&self, ns: Namespace, id: &str) -> Result<Option<Versioned>, StateError> {
        let id = id.to_owned();
        self.read_ns(ns, |db| {
            let txn = db.begin_read()?;
            read_doc(&txn.open_table(table(ns))?, &id)
        })
        .map_err(state_err("get"))
    }

    async fn put(&self, ns: Namespace, id: &str, doc: &Doc, expect: Expect) -> Result<u64, StateError> {
        let (idc, doc) = (id.to_owned(), doc.clone());
        let result = self
            .write_ns(ns, move |txn| {
                let current = txn.open_table(table(ns))?.get(idc.as_str())?.map(|v| v.value().0);
                let next = match (expect, current) {
                    (Expect::Absent, None) => Some(1),
                    (Expect::Version(v), Some(c)) if v == c => Some(c + 1),
                    _ => None,
                };
                if let Some(version) = next {
                    write_doc(txn, ns, &idc, &doc, version)?;
                }
                Ok(next)
            })
            .await
            .map_err(state_err("put"))?;
        result.ok_or_else(|| StateError::Conflict { ns: ns.as_str(), id: id.to_owned() })
    }

    async fn put_any(&self, ns: Namespace, id: &str, doc: &Doc) -> Result<u64, StateError> {
        let (id, doc) = (id.to_owned(), doc.clone());
        self.write_ns(ns, move |txn| {
            let version = txn.open_table(table(ns))?.get(id.as_str())?.map_or(1, |v| v.value().0 + 1);
            write_doc(txn, ns, &id, &doc, version)?;
            Ok(version)
        })
        .await
        .map_err(state_err("put_any"))
    }

    async fn delete(&self, ns: Namespace, id: &str) -> Result<(), StateError> {
        let id = id.to_owned();
        self.write_ns(ns, move |txn| {
            let old_tag = txn.open_table(table(ns))?.remove(id.as_str())?.map(|v| v.value().1.to_owned());
            if let Some(tag) = old_tag {
                bump(txn, ns_code(ns), &tag, false)?;
            }
            unindex(txn, ns_code(ns), &id)?;
            Ok(())
        })
        .await
        .map_err(state_err("delete"))
    }

    async fn due(&self, ns: Namespace, until: Timestamp, limit: usize) -> Result<Vec<(String, Versioned)>, StateError> {
        self.read_ns(ns, |db| {
            let txn = db.begin_read()?;
            let (idx, docs) = (txn.open_table(IDX_DUE)?, txn.open_table(table(ns))?);
            let c = ns_code(ns);
            let mut out = Vec::new();
            for r in idx.range((c, i64::MIN, "")..=(c, until.as_millis(), "\u{10ffff}"))? {
                let (k, _) = r?;
                let id = k.value().2.to_owned();
                if let Some(doc) = read_doc(&docs, &id)? {
                    out.push((id, doc));
                }
                if out.len() >= limit {
                    break;
                }
            }
            Ok(out)
        })
        .map_err(state_err("due"))
    }

    async fn under_domain(
        &self,
        ns: Namespace,
        domain: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<DocPage, StateError> {
        let (prefix, after) = (reversed_host(domain), after.map(str::to_owned));
        self.read_ns(ns, |db| {
            let txn = db.begin_read()?;
            let (idx, docs) = (txn.open_table(IDX_HOST)?, txn.open_table(table(ns))?);
            let c = ns_code(ns);
            let mut ids = Vec::new();
            // The prefix's range: every reversed host that starts with it.
            let end = format!("{prefix}\u{10ffff}");
            for r in idx.range((c, prefix.as_str(), "")..(c, end.as_str(), ""))? {
                let (k, _) = r?;
                let id = k.value().2.to_owned();
                if after.as_deref().is_none_or(|a| id.as_str() > a) {
                    ids.push(id);
                }
            }
            // Pages resume by id, so they are cut in id order.
            ids.sort();
            let more = ids.len() > limit;
            let mut page = Vec::new();
            for id in ids.into_iter().take(limit) {
                if let Some(doc) = read_doc(&docs, &id)? {
                    page.push((id, doc));
                }
            }
            Ok((page, more))
        })
        .map_err(state_err("under_domain"))
    }

    async fn sample(&self, ns: Namespace, from: u32, limit: usize) -> Result<Vec<(String, Versioned)>, StateError> {
        self.read_ns(ns, |db| {
            let txn = db.begin_read()?;
            let (idx, docs) = (txn.open_table(IDX_SAMPLE)?, txn.open_table(table(ns))?);
            let c = ns_code(ns);
            let mut out = Vec::new();
            for r in idx.range((c, from, "")..=(c, u32::MAX, "\u{10ffff}"))? {
                let (k, _) = r?;
                let id = k.value().2.to_owned();
                if let Some(doc) = read_doc(&docs, &id)? {
                    out.push((id, doc));
                }
                if out.len() >= limit {
                    break;
                }
            }
            Ok(out)
        })
        .map_err(state_err("sample"))
    }

    async fn counts(&self, ns: Namespace) -> Result<std::collections::BTreeMap<String, u64>, StateError> {
        self.read_ns(ns, |db| {
            let txn = db.begin_read()?;
            let counts = txn.open_table(COUNTS)?;
            let c = ns_code(ns);
            let mut out = std::collections::BTreeMap::new();
            for r in counts.range((c, "")..=(c, "\u{10ffff}"))? {
                let (k, v) = r?;
                out.insert(k.value().1.to_owned(), v.value());
            }
            Ok(out)
        })
        .map_err(state_err("counts"))
    }

    async fn scan(&self, ns: Namespace, after: Option<&str>, limit: usize) -> Result<DocPage, StateError> {
        let after = after.map(str::to_owned);
        self.read_ns(ns, |db| {
            let txn = db.begin_read()?;
            let t = txn.open_table(table(ns))?;
            let start = after.as_deref().map_or(Bound::Unbounded, Bound::Excluded);
            let mut iter = t.range::<&str>((start, Bound::Unbounded))?;
            let mut page = Vec::new();
            for r in iter.by_ref().take(limit) {
                let (k, v) = r?;
                let (version, tag, body) = v.value();
                page.push((k.value().to_owned(), Versioned { body: body.to_owned(), tag: tag.to_owned(), version }));
            }
            let more = iter.next().is_some();
            Ok((page, more))
        })
        .map_err(state_err("scan"))
    }
}

/// Page records and raw bodies as files under a directory.
#[derive(Clone, Debug)]
pub struct FilePageStore {
    root: PathBuf,
}

impl FilePageStore {
    /// Files under `root`.
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    fn path(&self, location: &str) -> Result<PathBuf, PageStoreError> {
        check_location(location)?;
        Ok(self.root.join(location))
    }
}

fn io_err<'a>(op: &'static str, location: &'a str) -> impl Fn(std::io::Error) -> PageStoreError + 'a {
    move |e| PageStoreError::Backend { op, location: location.to_owned(), retryable: false, source: Box::new(e) }
}

#[async_trait]
impl PageStore for FilePageStore {
    async fn put(&self, location: &str, bytes: Bytes, _content_type: &str) -> Result<(), PageStoreError> {
        let path = self.path(location)?;
        let dir = path.parent().map(Path::to_owned).unwrap_or_else(|| self.root.clone());
        // Write then rename: a kill mid-write leaves the old file or none, never half a record.
        // The three calls run in one blocking task (each `tokio::fs` call is a hand-off of its
        // own to the blocking pool, and back).
        let tmp = dir.join(format!(".{}.tmp", path.file_name().and_then(|n| n.to_str()).unwrap_or("object")));
        let written = tokio::task::spawn_blocking(move || {
            std::fs::create_dir_all(&dir)?;
            std::fs::write(&tmp, &bytes)?;
            std::fs::rename(&tmp, &path)
        })
        .await
        .map_err(std::io::Error::other)
        .and_then(|r| r);
        written.map_err(io_err("put", location))
    }

    async fn get(&self, location: &str) -> Result<Option<Bytes>, PageStoreError> {
        let path = self.path(location)?;
        match tokio::fs::read(&path).await {
            Ok(b) => Ok(Some(Bytes::from(b))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io_err("get", location)(e)),
        }
    }

    async fn delete(&self, location: &str) -> Result<(), PageStoreError> {
        let path = self.path(location)?;
        match tokio::fs::remove_file(&path).await {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(io_err("delete", location)(e)),
        }
    }

    async fn list(&self, prefix: &str) -> Result<Vec<String>, PageStoreError> {
        let root = self.root.clone();
        let prefix = prefix.to_owned();
        let found = tokio::task::spawn_blocking(move || {
            let mut out = Vec::new();
            let mut stack = vec![root.clone()];
            while let Some(dir) = stack.pop() {
                let Ok(entries) = std::fs::read_dir(&dir) else {
                    continue;
                };
                for e in entries.flatten() {
                    let p = e.path();
                    if p.is_dir() {
                        stack.push(p);
                    } else if let Ok(rel) = p.strip_prefix(&root) {
                        let rel = rel.to_string_lossy().replace('\\', "/");
                        let hidden = rel.rsplit('/').next().is_some_and(|n| n.starts_with('.'));
                        if !hidden && rel.starts_with(&prefix) {
                            out.push(rel);
                        }
                    }
                }
            }
            out.sort();
            out
        })
        .await
        .map_err(|e| PageStoreError::Backend {
            op: "list",
            location: String::new(),
            retryable: false,
            source: Box::new(e),
        })?;
        Ok(found)
    }
}
