//! The `feedhound` binary against the fixture web: a crawl stores records politely and
//! sorts every URL into a final state; a kill -9 mid-crawl loses and duplicates nothing.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::Value;

use crate::harness::{assert_polite, counts, crawl_command, feedhound_bin, fixture, records, run_crawl};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn crawl_sorts_every_url_into_a_final_state() {
    let web = fixture(2, 3, true).await;
    let data = tempfile::tempdir().unwrap();
    let feeds: Vec<String> =
        ["site-0.test", "site-1.test", "trouble.test"].iter().map(|h| format!("{}/feed.xml", web.base(h))).collect();
    let report = run_crawl(&web, data.path(), &feeds, &[]).await;
    let c = counts(&report);
    let want: BTreeMap<String, u64> = [
        ("stored", 6 + 4), // 6 posts + flaky (after one 503), slow, latin1, redirect
        ("excluded", 2),   // the two robots-disallowed private pages
        ("gone", 2),       // 404 and 410
        ("parked", 4),     // 403 and 429 hold their host; repeated 500; a stalled body pauses its host
        ("invalid", 4),    // gzip bomb and huge body (over the cap), a PDF, a redirect loop
        ("queued", 0),
        ("fetched", 0),
        ("filtered", 0),
        ("duplicate", 0),
        ("dead_lettered", 0),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    assert_eq!(c, want, "report: {report}");
    let recs = records(data.path());
    assert_eq!(recs.len(), 10, "one record per stored page");
    for r in &recs {
        assert!(!r.title.is_empty() && r.text.chars().count() >= 500, "valid record {}", r.url);
        assert!(!r.text.contains("First! This comment"), "comments are never text: {}", r.url);
    }
    let latin1 = recs.iter().find(|r| r.host.as_str().starts_with("latin1.")).unwrap();
    assert!(latin1.text.contains("café crème brûlée"), "the page's charset is decoded: {}", latin1.text);

    let log = web.log();
    assert_polite(&web, 1000);
    assert!(!log.iter().any(|r| r.path.starts_with("/private/")), "robots-disallowed paths are never requested");
    for host in web.hosts() {
        let robots = log.iter().filter(|r| r.host == host && r.path == "/robots.txt").count();
        assert!(robots <= 1, "robots.txt at most once for {host}");
    }
    for r in &log {
        let is_feed = r.path == "/feed.xml";
        assert_eq!(
            r.user_agent.contains("feed reader"),
            is_feed,
            "UA class of {} {}: {}",
            r.host,
            r.path,
            r.user_agent
        );
    }
    let forbidden = log.iter().filter(|r| r.host.starts_with("forbidden.")).count();
    assert_eq!(forbidden, 2, "a 403 stops the host at once (robots.txt + the page): {log:?}");
    let flaky = log.iter().filter(|r| r.host.starts_with("flaky.") && r.path == "/page").count();
    assert_eq!(flaky, 2, "a 503 is retried once it passes");

    // status reads the same data directory.
    let out = std::process::Command::new(feedhound_bin())
        .args(["status", "--json", "--data"])
        .arg(data.path())
        .output()
        .unwrap();
    assert!(out.status.success());
    let status: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(status["urls"]["stored"], 10);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn kill_9_mid_crawl_then_rerun_loses_and_duplicates_nothing() {
    let web = fixture(3, 6, false).await;
    let data = tempfile::tempdir().unwrap();
    let feeds: Vec<String> = (0..3).map(|i| format!("{}/feed.xml", web.base(&format!("site-{i}.test")))).collect();
    let mut child = crawl_command(&web, data.path(), &feeds, &[]).spawn().unwrap();
    let started = feedhound_tests::eventually(Duration::from_secs(60), || {
        web.log().iter().filter(|r| r.path.starts_with("/posts/")).count() >= 6
    })
    .await;
    assert!(started, "the crawl got going");
    child.start_kill().unwrap(); // SIGKILL
    let status = child.wait().await.unwrap();
    assert!(!status.success(), "the first run was killed");

    let report = run_crawl(&web, data.path(), &feeds, &[]).await;
    let c = counts(&report);
    assert_eq!(c["stored"], 18, "every post stored once the rerun ends: {report}");
    assert_eq!(c["excluded"], 3, "{report}");
    assert_eq!(c["queued"] + c["fetched"], 0, "no URL is left in flight: {report}");
    assert_eq!(report["status"]["total_urls"], 21, "every URL is known exactly once: {report}");
    assert_eq!(records(data.path()).len(), 18, "one record per page, none twice");
    assert_polite(&web, 1000);
    for r in web.log().iter().filter(|r| r.path.starts_with("/posts/")) {
        let n = web.log().iter().filter(|x| x.host == r.host && x.path == r.path).count();
        assert!(n <= 2, "{}{} fetched {n} times", r.host, r.path);
    }
}

#[test]
fn help_reads_well_and_bad_input_gets_a_clear_error() {
    let out = std::process::Command::new(feedhound_bin()).arg("--help").output().unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    for cmd in ["crawl", "status", "add-site", "extract", "parse-feed", "discover", "robots"] {
        assert!(help.contains(cmd), "--help lists {cmd}: {help}");
    }
    let out = std::process::Command::new(feedhound_bin())
        .args(["crawl", "--feed", "not a url", "--data", "/nonexistent/x"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a url"), "names the bad feed");
    let out = std::process::Command::new(feedhound_bin())
        .args(["status", "--data", "/nonexistent/feedhound"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no data directory"));
}
