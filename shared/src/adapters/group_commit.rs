//! Group commit for a redb database: one writer thread takes every write queued while the
//! previous commit ran and applies them, in order, in one transaction with one `fsync`.
//!
//! redb has one writer per database, and a durable commit waits for the disk. With many
//! workers writing at once, a transaction per write spent most of a crawl's time in those
//! waits and in threads handing the writer lock to each other. Here a write still returns
//! only once it is on disk (when it asks for that), but the disk is asked once per batch.
//!
//! A write in a batch sees the writes before it. If one fails (a storage error, or a panic
//! in its closure), nothing of its batch is committed and every write of the batch fails:
//! callers treat that as any store failure (the task is retried).

use std::sync::Arc;
use std::sync::mpsc;

use redb::{Database, Durability, WriteTransaction};

/// Most writes in one transaction.
const MAX_BATCH: usize = 256;

type R<T> = Result<T, redb::Error>;

/// What a job leaves to do once its batch is committed or abandoned: given `Ok` when the
/// batch was committed, the reason otherwise.
type Done = Box<dyn FnOnce(Result<(), &str>) + Send>;

/// A write: applied to the batch's transaction, it says whether it succeeded and what to
/// do when the batch ends; given the reason instead when no transaction could be started.
type Job = Box<dyn FnOnce(Result<&WriteTransaction, &str>) -> (bool, Done) + Send>;

struct Entry {
    durable: bool,
    job: Job,
}

/// The writer of one database.
#[derive(Clone)]
pub(crate) struct GroupWriter {
    inner: Arc<Inner>,
}

struct Inner {
    jobs: Option<mpsc::Sender<Entry>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Inner {
    /// The last handle gone: the thread ends once the writes queued before are done, and
    /// with it its handle of the database, so the data directory can be opened again at
    /// once (by a test, or the next crawl in the same process).
    fn drop(&mut self) {
        self.jobs.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl std::fmt::Debug for GroupWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GroupWriter").finish_non_exhaustive()
    }
}

fn io(message: String) -> redb::Error {
    redb::Error::Io(std::io::Error::other(message))
}

impl GroupWriter {
    /// Start the writer thread of `db`; it ends when the last writer handle is dropped.
    ///
    /// # Errors
    /// When the thread cannot be started.
    pub(crate) fn start(db: Arc<Database>, name: &str) -> R<Self> {
        let (jobs, queue) = mpsc::channel::<Entry>();
        let thread = std::thread::Builder::new()
            .name(format!("feedhound-{name}-writer"))
            .spawn(move || run(&db, &queue))
            .map_err(redb::Error::Io)?;
        Ok(Self { inner: Arc::new(Inner { jobs: Some(jobs), thread: Some(thread) }) })
    }

    /// Apply `f` to a write transaction and commit it (with others queued meanwhile);
    /// `durable`: return only once it is on disk. Returns what `f` returned.
    ///
    /// # Errors
    /// What `f` returned, a failure of the commit, or of another write of the batch.
    pub(crate) async fn write<T: Send + 'static>(
        &self,
        durable: bool,
        f: impl FnOnce(&WriteTransaction) -> R<T> + Send + 'static,
    ) -> R<T> {
        let (reply, answer) = tokio::sync::oneshot::channel::<R<T>>();
        let job: Job = Box::new(move |txn| match txn.map_err(|why| io(why.to_owned())).and_then(f) {
            Ok(value) => {
                let done: Done = Box::new(move |batch| {
                    let _ = reply.send(batch.map(|()| value).map_err(|why| io(why.to_owned())));
                });
                (true, done)
            }
            Err(e) => {
                let done: Done = Box::new(move |_| {
                    let _ = reply.send(Err(e));
                });
                (false, done)
            }
        });
        let jobs = self.inner.jobs.as_ref().ok_or_else(|| io("the database writer has stopped".into()))?;
        jobs.send(Entry { durable, job }).map_err(|_| io("the database writer has stopped".into()))?;
        answer.await.map_err(|_| io("the database writer stopped before answering".into()))?
    }
}

fn run(db: &Database, queue: &mpsc::Receiver<Entry>) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match queue.try_recv() {
                Ok(e) => batch.push(e),
                Err(_) => break,
            }
        }
        commit_batch(db, batch);
    }
}

fn commit_batch(db: &Database, batch: Vec<Entry>) {
    let durable = batch.iter().any(|e| e.durable);
    let mut txn = match db.begin_write() {
        Ok(t) => t,
        Err(e) => {
            // Nothing was applied; each waiting caller gets the reason.
            tracing::warn!(error = %e, writes = batch.len(), "starting a write transaction failed");
            let why = format!("starting a write transaction: {e}");
            for entry in batch {
                let (_, done) = (entry.job)(Err(&why));
                done(Err(&why));
            }
            return;
        }
    };
    if !durable {
        // Nothing in this batch needs the disk (in-flight marks, redone after a crash).
        let _ = txn.set_durability(Durability::None);
    }
    let mut dones = Vec::with_capacity(batch.len());
    let mut failed = false;
    for entry in batch {
        let applied = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (entry.job)(Ok(&txn))));
        match applied {
            Ok((ok, done)) => {
                failed |= !ok;
                dones.push(done);
            }
            Err(payload) => {
                failed = true;
                tracing::error!(panic = %crate::panic_message(payload.as_ref()), "a database write panicked");
            }
        }
    }
    let result = if failed {
        drop(txn);
        Err("another write of its batch failed, so none was committed".to_owned())
    } else {
        txn.commit().map_err(|e| format!("commit: {e}"))
    };
    for done in dones {
        done(result.as_ref().map(|_| ()).map_err(String::as_str));
    }
}
