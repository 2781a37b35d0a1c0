//! Conformance suites: one per port, run against every adapter (memory and embedded in
//! this crate's tests, the AWS adapters on the emulator in the integration tests). Each
//! function panics with a message on the first broken promise, so a test just calls it.
//!
//! The suites take a unique `prefix` so runs against a shared backend never collide.
#![allow(clippy::unwrap_used, clippy::missing_panics_doc)]

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;

use crate::model::{PollFeedTask, Stage, Task, Timestamp};
use crate::ports::{Doc, Expect, IndexKeys, Namespace, PageStore, Queue, StateError, StateStore};

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

fn doc(body: &str, tag: &str) -> Doc {
    Doc { body: body.to_owned(), tag: tag.to_owned(), keys: IndexKeys::default() }
}

fn keyed(tag: &str, keys: IndexKeys) -> Doc {
    Doc { body: "{}".to_owned(), tag: tag.to_owned(), keys }
}

/// Ask until `check` holds for the answer (a real index may lag its table by a moment).
async fn settles<T, F, Fut>(what: &str, mut ask: F, check: impl Fn(&T) -> bool) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = T>,
    T: std::fmt::Debug,
{
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let got = ask().await;
        if check(&got) || std::time::Instant::now() > deadline {
            assert!(check(&got), "{what}: {got:?}");
            return got;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The [`StateStore`] contract, indexes and counts included. The store must be fresh for
/// `prefix` (ids and tags below carry it).
pub async fn state_suite(s: Arc<dyn StateStore>, prefix: &str) {
    let id = format!("{prefix}-a");
    assert!(s.get(Namespace::Host, &id).await.unwrap().is_none(), "missing is None");
    assert_eq!(
        s.put(Namespace::Host, &id, &doc("{\"n\":1}", "t1"), Expect::Absent).await.unwrap(),
        1,
        "insert gives version 1"
    );
    assert!(
        matches!(s.put(Namespace::Host, &id, &doc("{}", "t"), Expect::Absent).await, Err(StateError::Conflict { .. })),
        "insert-if-absent refuses an existing id"
    );
    let got = s.get(Namespace::Host, &id).await.unwrap().unwrap();
    assert_eq!((got.body.as_str(), got.tag.as_str(), got.version), ("{\"n\":1}", "t1", 1));
    assert!(s.get(Namespace::Url, &id).await.unwrap().is_none(), "namespaces are separate");
    assert_eq!(
        s.put(Namespace::Host, &id, &doc("{\"n\":2}", "t2"), Expect::Version(1)).await.unwrap(),
        2,
        "CAS bumps the version"
    );
    assert!(
        matches!(
            s.put(Namespace::Host, &id, &doc("{}", "t"), Expect::Version(1)).await,
            Err(StateError::Conflict { .. })
        ),
        "CAS with a stale version loses"
    );
    assert_eq!(s.put_any(Namespace::Host, &id, &doc("{\"n\":3}", "t3")).await.unwrap(), 3, "put_any overwrites");
    assert_eq!(
        s.put_any(Namespace::Host, &format!("{prefix}-fresh"), &doc("{}", "t")).await.unwrap(),
        1,
        "put_any of a new id gives version 1"
    );

    // exactly one of many concurrent writers with the same expectation wins.
    let race = format!("{prefix}-race");
    let mut handles = Vec::new();
    for i in 0..16 {
        let s = Arc::clone(&s);
        let race = race.clone();
        handles.push(tokio::spawn(async move {
            s.put(Namespace::Url, &race, &doc(&format!("{{\"w\":{i}}}"), "x"), Expect::Absent).await.is_ok()
        }));
    }
    let mut wins = 0;
    for h in handles {
        if h.await.unwrap() {
            wins += 1;
        }
    }
    assert_eq!(wins, 1, "exactly one concurrent insert wins");

    // scan pages through a whole namespace, every id once.
    for i in 0..7 {
        s.put_any(Namespace::Feed, &format!("{prefix}-feed-{i}"), &doc("{}", "feed")).await.unwrap();
    }
    let mut seen = Vec::new();
    let mut after: Option<String> = None;
    loop {
        let (page, more) = s.scan(Namespace::Feed, after.as_deref(), 3).await.unwrap();
        assert!(page.len() <= 3, "scan honours the limit");
        seen.extend(page.iter().map(|(id, _)| id.clone()).filter(|id| id.starts_with(prefix)));
        after = page.last().map(|(id, _)| id.clone());
        if !more || after.is_none() {
            break;
        }
    }
    seen.sort();
    let want: Vec<String> = (0..7).map(|i| format!("{prefix}-feed-{i}")).collect();
    assert_eq!(seen, want, "scan returns every id once");

    s.delete(Namespace::Host, &id).await.unwrap();
    assert!(s.get(Namespace::Host, &id).await.unwrap().is_none(), "deleted is gone");
    s.delete(Namespace::Host, &id).await.unwrap();

    counts_suite(s.as_ref(), prefix).await;
    due_suite(s.as_ref(), prefix).await;
    domain_suite(s.as_ref(), prefix).await;
    sample_suite(s.as_ref(), prefix).await;
}

/// Per-tag counts follow every insert, tag change, overwrite and delete.
async fn counts_suite(s: &dyn StateStore, prefix: &str) {
    let (a, b) = (format!("{prefix}-queued"), format!("{prefix}-stored"));
    let count = |c: &std::collections::BTreeMap<String, u64>, t: &str| c.get(t).copied().unwrap_or(0);
    for i in 0..3 {
        s.put(Namespace::Site, &format!("{prefix}-c{i}"), &doc("{}", &a), Expect::Absent).await.unwrap();
    }
    s.put(Namespace::Site, &format!("{prefix}-c0"), &doc("{}", &b), Expect::Version(1)).await.unwrap();
    s.put_any(Namespace::Site, &format!("{prefix}-c1"), &doc("{}", &b)).await.unwrap();
    s.put_any(Namespace::Site, &format!("{prefix}-c1"), &doc("{}", &b)).await.unwrap();
    let c = s.counts(Namespace::Site).await.unwrap();
    assert_eq!((count(&c, &a), count(&c, &b)), (1, 2), "a tag change moves one count: {c:?}");
    s.delete(Namespace::Site, &format!("{prefix}-c0")).await.unwrap();
    s.delete(Namespace::Site, &format!("{prefix}-missing")).await.unwrap();
    let c = s.counts(Namespace::Site).await.unwrap();
    assert_eq!((count(&c, &a), count(&c, &b)), (1, 1), "a delete takes one away, a missing one none: {c:?}");
    assert_eq!(count(&s.counts(Namespace::Feed).await.unwrap(), &a), 0, "counts are per namespace");
}

/// Documents come back by due time, only when due; a document leaves the index when its
/// key is dropped or it is deleted.
async fn due_suite(s: &dyn StateStore, prefix: &str) {
    let at = |ms: i64| IndexKeys { due: Some(Timestamp::from_millis(ms)), ..IndexKeys::default() };
    let id = |n: &str| format!("{prefix}-due-{n}");
    s.put(Namespace::Parked, &id("late"), &keyed("p", at(5_000)), Expect::Absent).await.unwrap();
    s.put(Namespace::Parked, &id("early"), &keyed("p", at(1_000)), Expect::Absent).await.unwrap();
    s.put(Namespace::Parked, &id("mid"), &keyed("p", at(3_000)), Expect::Absent).await.unwrap();
    s.put(Namespace::Parked, &id("none"), &keyed("p", IndexKeys::default()), Expect::Absent).await.unwrap();
    let ids = |v: Vec<(String, crate::ports::Versioned)>| v.into_iter().map(|(i, _)| i).collect::<Vec<_>>();
    let want = vec![id("early"), id("mid")];
    settles(
        "due at 4 s: the two due, earliest first",
        || async { ids(s.due(Namespace::Parked, Timestamp::from_millis(4_000), 10).await.unwrap()) },
        |got| *got == want,
    )
    .await;
    let first = s.due(Namespace::Parked, Timestamp::from_millis(9_000), 1).await.unwrap();
    assert_eq!(ids(first), vec![id("early")], "the limit keeps the earliest");
    assert!(s.due(Namespace::Url, Timestamp::from_millis(9_000), 10).await.unwrap().is_empty(), "per namespace");
    // Moving a document later, dropping its key, deleting it: it leaves the due list.
    s.put_any(Namespace::Parked, &id("early"), &keyed("p", at(8_000))).await.unwrap();
    s.put(Namespace::Parked, &id("mid"), &keyed("p", IndexKeys::default()), Expect::Version(1)).await.unwrap();
    s.delete(Namespace::Parked, &id("late")).await.unwrap();
    settles(
        "due at 6 s after the changes: none",
        || async { ids(s.due(Namespace::Parked, Timestamp::from_millis(6_000), 10).await.unwrap()) },
        Vec::is_empty,
    )
    .await;
}

/// A domain's documents are found with its subdomains (any port), not with a host that
/// only ends in the same letters.
async fn domain_suite(s: &dyn StateStore, prefix: &str) {
    let host = |h: &str| IndexKeys { host: Some(h.to_owned()), ..IndexKeys::default() };
    let domain = format!("{prefix}.example");
    let docs = [
        ("apex", domain.clone()),
        ("www", format!("www.{domain}:8080")),
        ("deep", format!("a.b.{domain}")),
        ("lookalike", format!("x{domain}")),
        ("other", "elsewhere.example".to_owned()),
    ];
    for (n, h) in &docs {
        s.put(Namespace::Url, &format!("{prefix}-h-{n}"), &keyed("queued", host(h)), Expect::Absent).await.unwrap();
    }
    s.put(Namespace::Url, &format!("{prefix}-h-done"), &keyed("stored", IndexKeys::default()), Expect::Absent)
        .await
        .unwrap();
    let mut want: Vec<String> = ["apex", "deep", "www"].iter().map(|n| format!("{prefix}-h-{n}")).collect();
    want.sort();
    let d = domain.as_str();
    let page_of = |after: Option<String>, limit| async move {
        let (page, more) = s.under_domain(Namespace::Url, d, after.as_deref(), limit).await.unwrap();
        (page.into_iter().map(|(i, _)| i).collect::<Vec<_>>(), more)
    };
    settles("the domain and its subdomains", || page_of(None, 10), |got| got.0 == want && !got.1).await;
    // Paged: one at a time, resuming after the last id.
    let mut seen = Vec::new();
    let mut after = None;
    loop {
        let (page, more) = page_of(after.clone(), 1).await;
        assert!(page.len() <= 1);
        after = page.last().cloned();
        seen.extend(page);
        if !more {
            break;
        }
    }
    assert_eq!(seen, want, "pages cover the domain once, in id order");
    // A document that drops its host key leaves the index.
    s.put_any(Namespace::Url, &format!("{prefix}-h-apex"), &keyed("stored", IndexKeys::default())).await.unwrap();
    settles("after the apex is done", || page_of(None, 10), |got| got.0.len() == 2).await;
}

/// Documents come back in sample order from a starting point.
async fn sample_suite(s: &dyn StateStore, prefix: &str) {
    let key = |n: u32| IndexKeys { sample: Some(n), ..IndexKeys::default() };
    for n in [300_u32, 100, 200, 4_000_000_000] {
        s.put(Namespace::Url, &format!("{prefix}-s-{n}"), &keyed("stored", key(n)), Expect::Absent).await.unwrap();
    }
    let ids = |v: Vec<(String, crate::ports::Versioned)>| v.into_iter().map(|(i, _)| i).collect::<Vec<_>>();
    let want: Vec<String> = [200, 300].iter().map(|n| format!("{prefix}-s-{n}")).collect();
    settles(
        "two from 150, in sample order",
        || async { ids(s.sample(Namespace::Url, 150, 2).await.unwrap()) },
        |got| *got == want,
    )
    .await;
    let tail = s.sample(Namespace::Url, 3_000_000_000, 10).await.unwrap();
    assert_eq!(ids(tail), vec![format!("{prefix}-s-4000000000")], "the sample's end");
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

/// A stored page of 2026 for tests of the index: `url`, `title`, `text`, the language
/// tag `lang`, site "Example", published 2026-05-01.
pub fn page_record(url: &str, title: &str, text: &str, lang: Option<&str>) -> crate::model::PageRecord {
    let u = crate::model::normalize_url(url).unwrap();
    crate::model::PageRecord {
        v: crate::model::RECORD_VERSION,
        key: crate::model::UrlKey::of(&u),
        url: u.to_string(),
        canonical: None,
        feed: None,
        host: crate::model::host_key(&u).unwrap(),
        fetched_at: Timestamp::from_millis(1_780_000_000_000),
        year: 2026,
        title: title.into(),
        text: text.into(),
        image: None,
        published: Some("2026-05-01T10:00:00Z".into()),
        author: None,
        lang: lang.map(str::to_owned),
        site_name: Some("Example".into()),
        sources: std::collections::BTreeMap::new(),
        flags: vec![],
    }
}

/// An English page at `https://daily.test/<path>` about `word` (in its title and text,
/// and nowhere else).
pub fn word_record(path: &str, word: &str) -> crate::model::PageRecord {
    page_record(
        &format!("https://daily.test/{path}"),
        &format!("On the {word}"),
        &format!("A long day of watching the {word} from the harbour wall, and writing it all down."),
        Some("en"),
    )
}
