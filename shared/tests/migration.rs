//! A data directory written by the version before the state store had indexes opens and
//! keeps working: its documents (`tests/data/v1-documents.jsonl`, dumped from a crawl of
//! the fixture web by that version, plus the rarer states written by its types) are
//! written in its layout, then opened; counts, indexes and every document's decoding are
//! checked, and the directory takes new work.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::sync::Arc;

use async_trait::async_trait;
use feedhound::adapters::clock::{FixedJitter, ManualClock};
use feedhound::config::CrawlConfig;
use feedhound::embedded::Embedded;
use feedhound::model::{Timestamp, UrlState};
use feedhound::ports::{HttpClient, HttpError, HttpRequest, HttpResponse};
use redb::{Database, TableDefinition};
use serde_json::Value;

#[derive(Debug)]
struct NoNetwork;

#[async_trait]
impl HttpClient for NoNetwork {
    async fn fetch(&self, request: HttpRequest) -> Result<HttpResponse, HttpError> {
        Err(HttpError::Other { url: request.url.to_string(), message: "no network in this test".into() })
    }
}

/// The v1 layout: one table per namespace, id → (version, tag, body).
fn v1_table(ns: &str) -> TableDefinition<'static, &'static str, (u64, &'static str, &'static str)> {
    match ns {
        "host" => TableDefinition::new("state_host"),
        "url" => TableDefinition::new("state_url"),
        "feed" => TableDefinition::new("state_feed"),
        "operator" => TableDefinition::new("state_operator"),
        "parked" => TableDefinition::new("state_parked"),
        _ => TableDefinition::new("state_site"),
    }
}

fn documents() -> Vec<Value> {
    include_str!("data/v1-documents.jsonl").lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn write_v1(dir: &std::path::Path) -> BTreeMap<(String, String), u64> {
    let state = Database::create(dir.join("state.redb")).unwrap();
    let hosts = Database::create(dir.join("hosts.redb")).unwrap();
    let mut counts = BTreeMap::new();
    for db in [&state, &hosts] {
        let txn = db.begin_write().unwrap();
        for d in documents() {
            let ns = d["ns"].as_str().unwrap();
            if (ns == "host") != std::ptr::eq(db, &hosts) {
                continue;
            }
            let body = d["body"].to_string();
            let tag = d["tag"].as_str().unwrap();
            let version = d["version"].as_u64().unwrap();
            txn.open_table(v1_table(ns))
                .unwrap()
                .insert(d["id"].as_str().unwrap(), (version, tag, body.as_str()))
                .unwrap();
            *counts.entry((ns.to_owned(), tag.to_owned())).or_insert(0) += 1;
        }
        txn.commit().unwrap();
    }
    counts
}

#[tokio::test]
async fn a_data_directory_of_the_previous_version_is_migrated_on_open() {
    let dir = tempfile::tempdir().unwrap();
    let written = write_v1(dir.path());
    // After every due time in the fixture.
    let clock = Arc::new(ManualClock::new(Timestamp::from_millis(1_900_000_000_000)));
    let e =
        Embedded::open(dir.path(), Arc::new(NoNetwork), CrawlConfig::for_tests(), clock, Arc::new(FixedJitter(0.0)))
            .await
            .expect("the old directory opens");
    let repos = e.deps().repos();

    // Counts per state, rebuilt from the documents.
    let status = e.status().await.unwrap();
    for ((ns, tag), n) in &written {
        if ns == "url" {
            assert_eq!(status.urls.get(tag), Some(n), "{tag}: {status:?}");
        }
        if ns == "site" {
            assert_eq!(status.sites.get(tag), Some(n), "{tag}: {status:?}");
        }
    }
    let want_urls: u64 = written.iter().filter(|((ns, _), _)| ns == "url").map(|(_, n)| n).sum();
    assert_eq!(status.total_urls, want_urls);

    // Every document decodes with this version's types.
    let entries = e.url_entries().await.unwrap();
    assert_eq!(entries.len() as u64, want_urls);
    let feeds = e.feeds().await.unwrap();
    assert_eq!(feeds.len(), 6, "{feeds:?}");
    assert_eq!(e.sites().await.unwrap().len(), 5);
    let hosts = repos.hosts.all().await.unwrap();
    assert!(hosts.iter().any(|h| h.requests > 0), "host state loads");
    assert!(repos.blocklist.current().await.unwrap().blocks("blocked.example"));
    let reasons: Vec<String> = entries
        .iter()
        .filter_map(|e| match &e.state {
            UrlState::Invalid { reasons } => {
                Some(reasons.iter().map(ToString::to_string).collect::<Vec<_>>().join(","))
            }
            UrlState::Parked { reason, .. } => Some(reason.to_string()),
            UrlState::Filtered { reason } => Some(reason.to_string()),
            UrlState::Excluded { reason } => Some(reason.to_string()),
            _ => None,
        })
        .collect();
    for text in ["no_valid_image,image_too_small:100x50", "retry:http_503", "terms:en:7", "address_refused"] {
        assert!(reasons.iter().any(|r| r == text), "{text} reads back as written: {reasons:?}");
    }

    // The indexes were built: due feeds and parked tasks, waiting URLs by host, stored
    // pages by sample order.
    let now = Timestamp::from_millis(1_900_000_000_000);
    assert_eq!(repos.feeds.due(now, 100).await.unwrap().len(), 6, "every feed is due by then");
    assert_eq!(repos.parked.due(now, 100).await.unwrap().len(), 1);
    let waiting = entries
        .iter()
        .filter(|e| {
            matches!(
                e.state,
                UrlState::Queued { .. }
                    | UrlState::Parked { .. }
                    | UrlState::Fetched { .. }
                    | UrlState::CheckingImage { .. }
            )
        })
        .count();
    let found = repos.urls.under_domain("test", None, 1000).await.unwrap().0.len();
    assert_eq!(found, waiting, "every waiting URL (all under .test) is indexed by host");
    let stored = entries.iter().filter(|e| matches!(e.state, UrlState::Stored { .. })).count();
    assert_eq!(repos.urls.sample(0, 1000).await.unwrap().len(), stored, "every stored page is in the sample index");

    // Opened again: no second migration, the same counts.
    drop(repos);
    drop(e);
    let clock = Arc::new(ManualClock::new(now));
    let again =
        Embedded::open(dir.path(), Arc::new(NoNetwork), CrawlConfig::for_tests(), clock, Arc::new(FixedJitter(0.0)))
            .await
            .unwrap();
    assert_eq!(again.status().await.unwrap().urls, status.urls);
}
