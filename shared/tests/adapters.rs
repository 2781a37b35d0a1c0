//! The port conformance suites against the memory and embedded adapters. (The AWS
//! adapters run the same suites on the emulator in the integration tests.)

use std::sync::Arc;
use std::time::Duration;

use feedhound::adapters::clock::ManualClock;
use feedhound::adapters::embedded::{EmbeddedStore, FilePageStore};
use feedhound::adapters::memory::{MemoryPageStore, MemoryQueue, MemoryStateStore};
use feedhound::conformance::{page_store_suite, queue_suite, state_suite};
use feedhound::model::Timestamp;
use feedhound::ports::Queue;

fn clock() -> Arc<ManualClock> {
    Arc::new(ManualClock::new(Timestamp::from_millis(1_700_000_000_000)))
}

#[tokio::test]
async fn memory_queue_conforms() {
    let c = clock();
    let q = Arc::new(MemoryQueue::new(c.clone()));
    queue_suite(q, "mem", |d| {
        c.advance(d);
        async {}
    })
    .await;
}

#[tokio::test]
async fn memory_state_conforms() {
    state_suite(Arc::new(MemoryStateStore::new()), "mem").await;
}

#[tokio::test]
async fn memory_pages_conform() {
    page_store_suite(Arc::new(MemoryPageStore::new()), "mem").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn embedded_queue_conforms() {
    let dir = tempfile::tempdir().unwrap();
    let c = clock();
    let q = Arc::new(EmbeddedStore::open(dir.path(), c.clone()).unwrap());
    queue_suite(q, "emb", |d| {
        c.advance(d);
        async {}
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn embedded_state_conforms() {
    let dir = tempfile::tempdir().unwrap();
    state_suite(Arc::new(EmbeddedStore::open(dir.path(), clock()).unwrap()), "emb").await;
}

#[tokio::test]
async fn file_pages_conform() {
    let dir = tempfile::tempdir().unwrap();
    page_store_suite(Arc::new(FilePageStore::new(dir.path())), "emb").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn embedded_queue_survives_reopening_and_redelivers_in_flight_messages() {
    let dir = tempfile::tempdir().unwrap();
    let c = clock();
    let task = feedhound::model::Task::PollFeed(feedhound::model::PollFeedTask { feed: "https://a.test/f".into() });
    {
        let q = EmbeddedStore::open(dir.path(), c.clone()).unwrap();
        q.send(&task, Duration::ZERO).await.unwrap();
        let got = q.receive(feedhound::model::Stage::Poll, 1, Duration::ZERO).await.unwrap();
        assert_eq!(got.len(), 1);
        // Dropped without ack: as if the process died mid-task.
    }
    let q = EmbeddedStore::open(dir.path(), c.clone()).unwrap();
    let got = q.receive(feedhound::model::Stage::Poll, 1, Duration::ZERO).await.unwrap();
    assert_eq!(got.len(), 1, "an in-flight task is visible again after a restart");
    assert_eq!(got[0].receive_count, 2);
    assert!(EmbeddedStore::open(dir.path(), c).is_err(), "a second process cannot open the same data directory");
}
