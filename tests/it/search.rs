//! Search over a crawl: `feedhound crawl`, then `feedhound index`, then `feedhound search`
//! finds each article by words only its text contains; after `feedhound sample` and a
//! crawl remove a page that is gone, the updated index no longer finds it; `--rebuild`
//! reads every record again.

use serde_json::Value;

use crate::harness::{feedhound_bin, records, run_crawl};
use feedhound_tests::{FixtureWeb, Route, Site};

/// Words that appear in one article each, and nowhere else on the site.
const UNIQUE: [&str; 3] = ["quokka", "marzipan", "zeppelin"];

fn article(host: &str, port: u16, i: usize) -> String {
    let filler = feedhound_tests::site::prose(40 + i, 6);
    format!(
        r#"<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Dispatch {i} | The Courier</title>
<meta property="og:site_name" content="The Courier">
<meta property="og:image" content="http://{host}:{port}/img/{i}.png">
<meta property="article:published_time" content="2026-03-0{d}T08:00:00Z">
<link rel="canonical" href="http://{host}:{port}/a/{i}">
</head><body><article><h1>Dispatch {i}</h1>
<p>{filler}</p>
<p>Reporters watched the {word} for an afternoon, and the town talked of the {word} for weeks afterwards.</p>
<p>{more}</p>
</article></body></html>"#,
        d = i + 1,
        word = UNIQUE[i],
        more = feedhound_tests::site::prose(50 + i, 5),
    )
}

fn courier(web: &FixtureWeb) -> Site {
    let host = "courier.test";
    let port = web.port();
    let links: Vec<String> = (0..UNIQUE.len()).map(|i| format!("http://{host}:{port}/a/{i}")).collect();
    let mut site = Site::new(host)
        .route("/robots.txt", Route::ok("text/plain", "User-agent: *\nAllow: /\n"))
        .route("/feed.xml", Route::ok("application/rss+xml", feedhound_tests::site::rss("The Courier", &links)));
    for i in 0..UNIQUE.len() {
        site = site
            .route(&format!("/a/{i}"), Route::ok("text/html; charset=utf-8", article(host, port, i)))
            .route(&format!("/img/{i}.png"), Route::ok("image/png", feedhound_tests::site::png_bytes(800, 600)));
    }
    site
}

fn feedhound(args: &[&str], data: &std::path::Path) -> (i32, String, String) {
    let out = std::process::Command::new(feedhound_bin()).args(args).arg("--data").arg(data).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn search(data: &std::path::Path, query: &str) -> Vec<Value> {
    let (code, out, err) = feedhound(&["search", query, "--json"], data);
    assert_eq!(code, 0, "search {query}: {out}{err}");
    serde_json::from_str::<Value>(&out).unwrap().as_array().unwrap().clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn crawled_articles_are_found_by_words_only_their_text_contains() {
    let web = FixtureWeb::start().await.unwrap();
    web.add_site(courier(&web));
    let data = tempfile::tempdir().unwrap();

    let (code, _, err) = feedhound(&["search", "quokka"], data.path());
    assert_eq!(code, 2, "searching before any index is an error");
    assert!(err.contains("feedhound index"), "and says what to run: {err}");

    let report = run_crawl(&web, data.path(), &[format!("{}/feed.xml", web.base("courier.test"))], &[]).await;
    let stored = records(data.path());
    assert_eq!(stored.len(), UNIQUE.len(), "every article stored: {report}");

    let (code, out, err) = feedhound(&["index", "--json"], data.path());
    assert_eq!(code, 0, "{out}{err}");
    let report: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(report["documents"], UNIQUE.len(), "{out}");
    assert!(report["bytes"].as_u64().unwrap() > 0);

    for (i, word) in UNIQUE.iter().enumerate() {
        let hits = search(data.path(), word);
        assert_eq!(hits.len(), 1, "{word}: {hits:?}");
        let hit = &hits[0];
        assert_eq!(hit["url"], format!("{}/a/{i}", web.base("courier.test")));
        assert_eq!(hit["title"], format!("Dispatch {i}"));
        assert_eq!(hit["site"], "The Courier");
        assert!(hit["published"].as_str().unwrap().starts_with(&format!("2026-03-0{}", i + 1)), "{hit}");
        assert!(hit["score"].as_f64().unwrap() > 0.0);
        assert!(hit["snippet"].as_str().unwrap().contains(word), "{hit}");
    }
    // Stemmed English: the plural finds the singular.
    assert_eq!(search(data.path(), "zeppelins").len(), 1);
    // Every word required.
    assert!(search(data.path(), "quokka marzipan").is_empty());

    // The text output names the page and marks the matched word.
    let (code, out, _) = feedhound(&["search", "marzipan"], data.path());
    assert_eq!(code, 0);
    assert!(out.contains("Dispatch 1") && out.contains("*marzipan*"), "{out}");

    // The quokka page is taken down (410): `feedhound sample` queues re-checks, the next
    // crawl removes the page, and the next index update drops it.
    web.add_site(courier(&web).route("/a/0", Route::status(410)));
    let (code, out, err) = feedhound(&["sample", "--size", "10"], data.path());
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("queued re-checks of 3 stored pages"), "{out}");
    let report = run_crawl(&web, data.path(), &[], &[]).await;
    let rechecks = &report["report"]["rechecks"];
    assert_eq!((rechecks["checked"].as_u64(), rechecks["removed"].as_u64()), (Some(3), Some(1)), "{report}");
    assert!(records(data.path()).iter().all(|r| !r.text.contains("quokka")), "its record is deleted");
    let (code, out, err) = feedhound(&["index"], data.path());
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("2 pages indexed (0 added, 1 removed"), "an update, not a rebuild: {out}");
    assert!(search(data.path(), "quokka").is_empty(), "the removed page is no longer found");
    assert_eq!(search(data.path(), "marzipan").len(), 1);
    let (code, out, err) = feedhound(&["index", "--rebuild"], data.path());
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("2 pages indexed (2 added, 0 removed"), "{out}");
    assert_eq!(search(data.path(), "zeppelin").len(), 1);
}
