//! The sampler and the index lifecycle over a crawl of the fixture web, in process with a
//! clock that can jump ahead a day (time otherwise passes for real, so the gaps between
//! requests are real): pages that start answering 410, or 404 twice a day apart, or whose
//! URL now sends readers to the homepage, leave search, the page index and the page store;
//! pages answering 500, timing out, or answering HEAD wrongly stay; a page missing once
//! and back the next day stays. A new year starts a new current index.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use feedhound::adapters::clock::{RandomJitter, ShiftedClock};
use feedhound::config::CrawlConfig;
use feedhound::embedded::{CrawlOptions, CrawlReport, Embedded, Progress, RecheckSummary};
use feedhound::model::{Timestamp, UrlState};
use feedhound::ports::Clock;
use feedhound::search::YearIndexes;
use feedhound::service::{index, recheck};
use feedhound_tests::{FixtureWeb, Route, Site};

use crate::harness::{assert_polite, fixture_http, records};

const DAY: Duration = Duration::from_secs(24 * 3600);

/// One word per article that no other page contains.
const WORDS: [&str; 8] = ["quokka", "marzipan", "zeppelin", "tamarind", "okapi", "bagpipe", "walrus", "kumquat"];

fn article(base: &str, i: usize, word: &str) -> String {
    format!(
        r#"<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Report {i} | The Daily</title>
<meta property="og:image" content="{base}/img/{i}.png">
<link rel="canonical" href="{base}/a/{i}">
</head><body><article><h1>Report {i}</h1>
<p>{filler}</p>
<p>Everyone in town spoke about the {word} that week, and the {word} was on every front page.</p>
<p>{more}</p>
</article></body></html>"#,
        filler = feedhound_tests::site::prose(60 + i, 6),
        more = feedhound_tests::site::prose(70 + i, 5),
    )
}

/// A site of `n` articles; article `i` carries `words[first + i]`.
fn site(web: &FixtureWeb, host: &str, n: usize, first: usize) -> Site {
    let base = web.base(host);
    let links: Vec<String> = (0..n).map(|i| format!("{base}/a/{i}")).collect();
    let mut s = Site::new(host)
        .route("/robots.txt", Route::ok("text/plain", "User-agent: *\nAllow: /\n"))
        .route("/feed.xml", Route::ok("application/rss+xml", feedhound_tests::site::rss(host, &links)))
        .route("/", Route::ok("text/html", "<h1>home</h1>"));
    for i in 0..n {
        s = s
            .route(&format!("/a/{i}"), Route::ok("text/html; charset=utf-8", article(&base, i, WORDS[first + i])))
            .route(&format!("/img/{i}.png"), Route::ok("image/png", feedhound_tests::site::png_bytes(800, 600)));
    }
    s
}

async fn open(web: &FixtureWeb, dir: &std::path::Path, clock: Arc<ShiftedClock>) -> Embedded {
    let clock: Arc<dyn Clock> = clock;
    Embedded::open(dir, fixture_http(web), CrawlConfig::for_tests(), clock, Arc::new(RandomJitter::seeded(3)))
        .await
        .unwrap()
}

async fn crawl(e: &Embedded) -> CrawlReport {
    let options = CrawlOptions { workers: 4, idle_horizon: Duration::from_secs(5), max_tasks: None };
    tokio::time::timeout(
        Duration::from_secs(120),
        e.crawl(&options, Arc::new(Progress::default()), Arc::new(AtomicBool::new(false))),
    )
    .await
    .expect("the crawl ends by itself")
    .unwrap()
}

/// Update the index as `feedhound index` does, and return the (added, removed) counts.
async fn update_index(e: &Embedded, indexes: &YearIndexes) -> (u64, u64) {
    let (mut added, mut removed) = (0, 0);
    for y in index::years_to_index(e.deps(), indexes, None, false).await.unwrap() {
        let r = index::index_year(e.deps(), indexes, y, false).await.unwrap();
        added += r.added;
        removed += r.removed;
    }
    (added, removed)
}

fn found(indexes: &YearIndexes, word: &str) -> bool {
    !indexes.search(word, &[], 10).unwrap().is_empty()
}

async fn state_of(e: &Embedded, url: &str) -> UrlState {
    e.url_entries().await.unwrap().into_iter().find(|u| u.url == url).map(|u| u.state).expect(url)
}

fn summary(report: &CrawlReport) -> RecheckSummary {
    report.rechecks.clone().unwrap_or_else(|| panic!("no re-checks in {report:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn dead_pages_leave_search_the_page_index_and_the_store_and_the_living_stay() {
    let web = FixtureWeb::start().await.unwrap();
    web.add_site(site(&web, "daily.test", 7, 0));
    web.add_site(site(&web, "slow.test", 1, 7));
    let data = tempfile::tempdir().unwrap();
    let clock = Arc::new(ShiftedClock::new());
    let e = open(&web, data.path(), Arc::clone(&clock)).await;
    for host in ["daily.test", "slow.test"] {
        e.add_feed(&format!("{}/feed.xml", web.base(host))).await.unwrap();
    }
    crawl(&e).await;
    assert_eq!(records(data.path()).len(), 8, "every article stored");
    let indexes = YearIndexes::new(&data.path().join("index"));
    assert_eq!(update_index(&e, &indexes).await, (8, 0));
    for w in WORDS {
        assert!(found(&indexes, w), "{w} is found after the crawl");
    }

    // The pages change. daily.test: 0 answers 410; 1 answers 404; 2 sends readers to the
    // homepage (a soft 404); 3 answers 500; 4 answers HEAD with 405 and GET with the
    // page; 5 answers 404 today and is back tomorrow; 6 is unchanged. slow.test's page
    // never answers in time.
    let d = web.base("daily.test");
    let page = |i: usize| Route::ok("text/html; charset=utf-8", article(&d, i, WORDS[i]));
    web.add_site(
        site(&web, "daily.test", 7, 0)
            .route("/a/0", Route::status(410))
            .route("/a/1", Route::status(404))
            .route("/a/2", Route::Redirect { status: 301, location: "/".into() })
            .route("/a/3", Route::status(500))
            .route("/a/4", Route::ByMethod { head: Box::new(Route::status(405)), other: Box::new(page(4)) })
            .route("/a/5", Route::status(404)),
    );
    web.add_site(site(&web, "slow.test", 1, 7).route("/a/0", Route::Hang { for_duration: Duration::from_secs(8) }));

    // First pass: the 410 goes at once; the 404s and the soft 404 are marked missing.
    let queued = recheck::enqueue_sample(e.deps(), 100).await.unwrap();
    assert_eq!(queued, 8, "the sample takes every stored page when it asks for more");
    let first = summary(&crawl(&e).await);
    assert_eq!(
        (first.checked, first.alive, first.removed, first.missing, first.unknown),
        (8, 2, 1, 3, 2),
        "alive: 4, 6; removed: 0; missing: 1, 2, 5; unclear: 3 (500), slow (timeout): {first:?}"
    );
    assert!(matches!(state_of(&e, &format!("{d}/a/0")).await, UrlState::Gone { status: 410 }));
    assert!(matches!(state_of(&e, &format!("{d}/a/1")).await, UrlState::Stored { .. }), "one 404 removes nothing");
    assert_eq!(update_index(&e, &indexes).await, (0, 1));
    assert!(!found(&indexes, WORDS[0]), "the 410 page left search");
    assert!(found(&indexes, WORDS[1]), "a page missing once stays in search");

    // A day later: page 5 is back; the others answer as before.
    web.add_site(
        site(&web, "daily.test", 7, 0)
            .route("/a/0", Route::status(410))
            .route("/a/1", Route::status(404))
            .route("/a/2", Route::Redirect { status: 301, location: "/".into() })
            .route("/a/3", Route::status(500))
            .route("/a/4", Route::ByMethod { head: Box::new(Route::status(405)), other: Box::new(page(4)) }),
    );
    // (The jump moves every lease a day into the past; a second of real time first keeps
    // the request log's gaps what a real day would make them.)
    tokio::time::sleep(Duration::from_millis(1100)).await;
    clock.advance(DAY + Duration::from_secs(600));
    recheck::enqueue_sample(e.deps(), 100).await.unwrap();
    let second = summary(&crawl(&e).await);
    assert_eq!(second.removed, 2, "the 404 and the soft 404, missing twice a day apart: {second:?}");
    assert_eq!(second.missing, 0, "{second:?}");

    for (i, gone) in [(0, true), (1, true), (2, true), (3, false), (4, false), (5, false), (6, false)] {
        let url = format!("{d}/a/{i}");
        let state = state_of(&e, &url).await;
        assert_eq!(!matches!(state, UrlState::Stored { .. }), gone, "{url}: {state:?}");
    }
    assert!(matches!(state_of(&e, &format!("{d}/a/1")).await, UrlState::Gone { status: 404 }));
    assert!(matches!(state_of(&e, &format!("{d}/a/2")).await, UrlState::Gone { status: 301 }));
    let slow = format!("{}/a/0", web.base("slow.test"));
    assert!(matches!(state_of(&e, &slow).await, UrlState::Stored { .. }), "a timeout removes nothing");
    let left: Vec<String> = records(data.path()).into_iter().map(|r| r.url).collect();
    assert_eq!(left.len(), 5, "the store keeps exactly the living pages: {left:?}");
    for i in 0..3 {
        assert!(!left.contains(&format!("{d}/a/{i}")), "record of page {i} deleted");
    }

    assert_eq!(update_index(&e, &indexes).await, (0, 2));
    for (i, w) in WORDS.iter().enumerate() {
        assert_eq!(found(&indexes, w), i >= 3, "{w} (page {i}) in search");
    }
    let head_then_get = web.log().iter().filter(|r| r.host == "daily.test" && r.path == "/a/4").count();
    assert!(head_then_get >= 5, "the page answering HEAD wrongly was asked again with GET: {head_then_get}");
    assert_polite(&web, 1000);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_new_year_starts_a_new_current_index() {
    let web = FixtureWeb::start().await.unwrap();
    web.add_site(site(&web, "annual.test", 1, 0));
    let data = tempfile::tempdir().unwrap();
    let clock = Arc::new(ShiftedClock::new());
    let e = open(&web, data.path(), Arc::clone(&clock)).await;
    e.add_feed(&format!("{}/feed.xml", web.base("annual.test"))).await.unwrap();
    crawl(&e).await;
    let indexes = YearIndexes::new(&data.path().join("index"));
    update_index(&e, &indexes).await;
    let year = e.deps().clock.now().year();
    assert_eq!(indexes.years().unwrap(), vec![year]);

    // Jump to the first hour of the next year; the feed announces a second article.
    let now = e.deps().clock.now();
    let next_year = Timestamp::start_of_year(year + 1).unwrap().plus(Duration::from_secs(3600));
    clock.advance(next_year.since(now));
    web.add_site(site(&web, "annual.test", 2, 0));
    crawl(&e).await;
    assert_eq!(update_index(&e, &indexes).await, (1, 0), "only the new year's page is indexed");
    assert_eq!(indexes.years().unwrap(), vec![year, year + 1], "a new current index");
    let old = indexes.search(WORDS[0], &[], 10).unwrap();
    let new = indexes.search(WORDS[1], &[], 10).unwrap();
    assert_eq!((old.len(), new.len()), (1, 1));
    assert_eq!((old[0].year, new[0].year), (year, year + 1));
}
