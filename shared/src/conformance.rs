//! Conformance suites: one per port, run against every adapter (memory and embedded in
//! this crate's tests, the AWS adapters on the emulator in the integration tests). Each
//! function panics with a message on the first broken promise, so a test just calls it.
//!
//! The suites take a unique `prefix` so runs against a shared backend never collide.
#![allow(clippy::unwrap_used, clippy::missing_panics_doc)]

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;

use crate::model::{PollFeedTask, Stage, Task};
use crate::ports::{Expect, Namespace, PageStore, Queue, StateError, StateStore};

fn poll(prefix: &str, n: usize) -> Task {
    Task::PollFeed(PollFeedTask { feed: format!("https://{prefix}.test/feed/{n}") })
}

/// Receive until `want` messages arrived or `patience` ran out (SQS spreads messages over
/// hosts, so one call may return fewer than are visible).
async fn receive_n(q: &dyn Queue, stage: Stage, want: usize, patience: Duration) -> Vec<crate::ports::Delivery> {
    let deadline = std::time::Instant::now() + patience;
    let mut got = Vec::new();
    while got.len() < want && std::time::Instant::now() < deadline {
        got.extend(q.receive(stage, want - got.len(), Duration::from_millis(200)).await.unwrap());
    }
    got
}

/// The [`Queue`] contract. `advance` moves the adapter's clock forward (or sleeps, for a
/// real backend) by at least the given duration. The queue must start empty for `prefix`.
pub async fn queue_suite<F, Fut>(q: Arc<dyn Queue>, prefix: &str, advance: F)
where
    F: Fn(Duration) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    // send → receive → ack: gone for good.
    q.send(&poll(prefix, 1), Duration::ZERO).await.unwrap();
    let got = receive_n(q.as_ref(), Stage::Poll, 1, Duration::from_secs(5)).await;
    assert_eq!(got.len(), 1, "a sent task must be received");
    assert_eq!(Task::decode(&got[0].body).unwrap(), poll(prefix, 1), "the body must round-trip");
    assert_eq!(got[0].receive_count, 1, "first delivery counts 1");
    assert!(q.receive(Stage::Fetch, 10, Duration::ZERO).await.unwrap().is_empty(), "stages are separate queues");
    q.ack(&got[0]).await.unwrap();
    advance(Duration::from_secs(2)).await;
    assert!(
        q.receive(Stage::Poll, 10, Duration::from_millis(200)).await.unwrap().is_empty(),
        "an acked task never comes back"
    );

    // a delayed task is invisible until its delay passed.
    q.send(&poll(prefix, 2), Duration::from_secs(2)).await.unwrap();
    assert!(
        q.receive(Stage::Poll, 10, Duration::ZERO).await.unwrap().is_empty(),
        "a delayed task must not be visible at once"
    );
    advance(Duration::from_secs(3)).await;
    let got = receive_n(q.as_ref(), Stage::Poll, 1, Duration::from_secs(5)).await;
    assert_eq!(got.len(), 1, "a delayed task becomes visible");
    q.ack(&got[0]).await.unwrap();

    // batches arrive whole.
    let batch: Vec<Task> = (10..23).map(|n| poll(prefix, n)).collect();
    q.send_all(&batch, Duration::ZERO).await.unwrap();
    let got = receive_n(q.as_ref(), Stage::Poll, 13, Duration::from_secs(10)).await;
    assert_eq!(got.len(), 13, "every task of a batch arrives");
    for d in &got {
        q.ack(d).await.unwrap();
    }

    // a released message comes back after its delay, its receive count kept; a re-sent
    // one carries its failures in the body.
    q.resend(&poll(prefix, 4), 2, Duration::ZERO).await.unwrap();
    let got = receive_n(q.as_ref(), Stage::Poll, 1, Duration::from_secs(5)).await;
    assert_eq!(got.len(), 1);
    assert_eq!(Task::decode_carried(&got[0].body).unwrap(), (poll(prefix, 4), 2), "failures travel in the body");
    q.release(&got[0], Duration::from_secs(2)).await.unwrap();
    assert!(
        q.receive(Stage::Poll, 10, Duration::ZERO).await.unwrap().is_empty(),
        "a released message waits for its delay"
    );
    advance(Duration::from_secs(3)).await;
    let again = receive_n(q.as_ref(), Stage::Poll, 1, Duration::from_secs(5)).await;
    assert_eq!(again.len(), 1, "a released message comes back");
    assert_eq!(again[0].receive_count, 2, "its receive count is kept");
    q.ack(&again[0]).await.unwrap();

    // dead-lettering moves the message to the dead-letter queue.
    q.send(&poll(prefix, 3), Duration::ZERO).await.unwrap();
    let got = receive_n(q.as_ref(), Stage::Poll, 1, Duration::from_secs(5)).await;
    assert_eq!(got.len(), 1);
    q.dead_letter(&got[0], "poison for the test").await.unwrap();
    let dead = {
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        let mut dead = Vec::new();
        while dead.is_empty() && std::time::Instant::now() < deadline {
            dead = q.receive_dead(Stage::Poll, 10, Duration::from_millis(200)).await.unwrap();
        }
        dead
    };
    assert_eq!(dead.len(), 1, "a dead-lettered task is on the dead-letter queue");
    assert_eq!(Task::decode(&dead[0].body).unwrap(), poll(prefix, 3));
    advance(Duration::from_secs(2)).await;
    assert!(
        q.receive(Stage::Poll, 10, Duration::from_millis(200)).await.unwrap().is_empty(),
        "a dead-lettered task leaves its queue"
    );
}

/// The [`StateStore`] contract.
pub async fn state_suite(s: Arc<dyn StateStore>, prefix: &str) {
    let id = format!("{prefix}-a");
    assert!(s.get(Namespace::Host, &id).await.unwrap().is_none(), "missing is None");
    assert_eq!(
        s.put(Namespace::Host, &id, "{\"n\":1}", "t1", Expect::Absent).await.unwrap(),
        1,
        "insert gives version 1"
    );
    assert!(
        matches!(s.put(Namespace::Host, &id, "{}", "t", Expect::Absent).await, Err(StateError::Conflict { .. })),
        "insert-if-absent refuses an existing id"
    );
    let doc = s.get(Namespace::Host, &id).await.unwrap().unwrap();
    assert_eq!((doc.body.as_str(), doc.tag.as_str(), doc.version), ("{\"n\":1}", "t1", 1));
    assert!(s.get(Namespace::Url, &id).await.unwrap().is_none(), "namespaces are separate");
    assert_eq!(
        s.put(Namespace::Host, &id, "{\"n\":2}", "t2", Expect::Version(1)).await.unwrap(),
        2,
        "CAS bumps the version"
    );
    assert!(
        matches!(s.put(Namespace::Host, &id, "{}", "t", Expect::Version(1)).await, Err(StateError::Conflict { .. })),
        "CAS with a stale version loses"
    );
    assert_eq!(s.put_any(Namespace::Host, &id, "{\"n\":3}", "t3").await.unwrap(), 3, "put_any overwrites");

    // exactly one of many concurrent writers with the same expectation wins.
    let race = format!("{prefix}-race");
    let mut handles = Vec::new();
    for i in 0..16 {
        let s = Arc::clone(&s);
        let race = race.clone();
        handles.push(tokio::spawn(async move {
            s.put(Namespace::Url, &race, &format!("{{\"w\":{i}}}"), "x", Expect::Absent).await.is_ok()
        }));
    }
    let mut wins = 0;
    for h in handles {
        if h.await.unwrap() {
            wins += 1;
        }
    }
    assert_eq!(wins, 1, "exactly one concurrent insert wins");

    // scan pages through a namespace in id order.
    for i in 0..7 {
        s.put_any(Namespace::Feed, &format!("{prefix}-feed-{i}"), "{}", "feed").await.unwrap();
    }
    let mut seen = Vec::new();
    let mut after: Option<String> = None;
    loop {
        let (page, more) = s.scan(Namespace::Feed, after.as_deref(), 3).await.unwrap();
        assert!(page.len() <= 3, "scan honours the limit");
        seen.extend(page.iter().map(|(id, _)| id.clone()).filter(|id| id.starts_with(prefix)));
        after = page.last().map(|(id, _)| id.clone());
        if !more {
            break;
        }
    }
    let want: Vec<String> = (0..7).map(|i| format!("{prefix}-feed-{i}")).collect();
    assert_eq!(seen, want, "scan returns every id once, in order");

    s.delete(Namespace::Host, &id).await.unwrap();
    assert!(s.get(Namespace::Host, &id).await.unwrap().is_none(), "deleted is gone");
    s.delete(Namespace::Host, &id).await.unwrap();
}

/// The [`PageStore`] contract.
pub async fn page_store_suite(p: Arc<dyn PageStore>, prefix: &str) {
    let loc = format!("pages/2024/{prefix}.test/abc.json");
    assert!(p.get(&loc).await.unwrap().is_none(), "missing is None");
    p.put(&loc, Bytes::from_static(b"{\"a\":1}"), "application/json").await.unwrap();
    p.put(&loc, Bytes::from_static(b"{\"a\":2}"), "application/json").await.unwrap();
    assert_eq!(p.get(&loc).await.unwrap().unwrap(), Bytes::from_static(b"{\"a\":2}"), "put replaces");
    p.put(&format!("pages/2024/{prefix}.test/abd.json"), Bytes::from_static(b"x"), "application/json").await.unwrap();
    p.put(&format!("raw/{prefix}.html"), Bytes::from_static(b"<p>"), "text/html").await.unwrap();
    let listed = p.list(&format!("pages/2024/{prefix}.test/")).await.unwrap();
    assert_eq!(
        listed,
        vec![loc.clone(), format!("pages/2024/{prefix}.test/abd.json")],
        "list by prefix, sorted, once each"
    );
    p.delete(&loc).await.unwrap();
    p.delete(&loc).await.unwrap();
    assert!(p.get(&loc).await.unwrap().is_none(), "deleted is gone");
    assert!(p.put("../escape", Bytes::new(), "x").await.is_err(), "locations cannot escape");
    assert!(p.get("/abs").await.is_err(), "locations are relative");
}
