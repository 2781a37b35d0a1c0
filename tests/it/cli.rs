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
        ("checking_image", 0),
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

fn run_with_stdin(args: &[&str], stdin: &str) -> (bool, String) {
    use std::io::Write;
    let mut child = std::process::Command::new(feedhound_bin())
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Written while the answers are read: a long batch fills both pipes.
    let (mut input, stdin) = (child.stdin.take().unwrap(), stdin.to_owned());
    let writer = std::thread::spawn(move || input.write_all(stdin.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn offline_tools_answer_one_json_line_per_request() {
    let dir = tempfile::tempdir().unwrap();
    let feed = dir.path().join("feed.xml");
    std::fs::write(
        &feed,
        "<rss version=\"2.0\"><channel><title>T</title><item><title>A</title><link>/a</link></item></channel></rss>",
    )
    .unwrap();
    let page = dir.path().join("page.html");
    let text = "Words\u{2028}that a line reader must not split. ".repeat(20);
    std::fs::write(&page, format!("<html><head><title>A title for the page</title><link rel=\"alternate\" type=\"application/rss+xml\" href=\"/feed.xml\"></head><body><article><p>{text}</p></article></body></html>")).unwrap();
    let (f, p) = (feed.display().to_string(), page.display().to_string());

    let input = format!(
        "{{\"id\":1,\"file\":\"{f}\",\"url\":\"https://s.test/feed.xml\"}}\n{{\"id\":2,\"file\":\"{p}\",\"url\":\"https://s.test/\"}}\nnot json\n"
    );
    let (ok, out) = run_with_stdin(&["parse-feed", "--jsonl"], &input);
    assert!(ok);
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3, "one line per request: {out}");
    assert_eq!((lines[0]["id"].clone(), lines[0]["items"][0]["link"].clone()), (1.into(), "https://s.test/a".into()));
    assert_eq!(lines[1]["id"], 2);
    assert!(lines[1]["error"].is_string(), "an HTML page is not a feed");
    assert!(lines[2]["error"].as_str().unwrap().contains("line 3"));

    let (ok, out) = run_with_stdin(
        &["discover", "--jsonl"],
        &format!("{{\"id\":\"d\",\"file\":\"{p}\",\"url\":\"https://s.test/\"}}\n"),
    );
    assert!(ok);
    assert_eq!(out.trim(), r#"{"feeds":["https://s.test/feed.xml"],"id":"d"}"#);

    let (ok, out) = run_with_stdin(
        &["extract", "--jsonl"],
        &format!("{{\"id\":3,\"file\":\"{p}\",\"url\":\"https://s.test/post\"}}\n"),
    );
    assert!(ok);
    assert_eq!(out.lines().count(), 1, "the record stays on one line");
    assert!(!out.contains('\u{2028}'), "no raw line separator reaches a line-based reader");
    let rec: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!((rec["id"].clone(), rec["title"].clone()), (3.into(), "A title for the page".into()));

    // The document itself in the request, and a gzip file (a saved `page.html.gz`).
    let page_html = std::fs::read_to_string(&page).unwrap();
    let gz = dir.path().join("feed.xml.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut enc, &std::fs::read(&feed).unwrap()).unwrap();
    std::fs::write(&gz, enc.finish().unwrap()).unwrap();
    let input = [
        serde_json::json!({ "id": 4, "html": page_html, "url": "https://s.test/post" }),
        serde_json::json!({ "id": 5, "content": page_html }),
        serde_json::json!({ "id": 6, "url": "https://s.test/post" }),
    ]
    .map(|v| format!("{v}\n"))
    .concat();
    let (ok, out) = run_with_stdin(&["extract", "--jsonl"], &input);
    assert!(ok);
    let recs: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(recs[0]["title"], "A title for the page", "{out}");
    assert_eq!(recs[1]["title"], "A title for the page", "{out}");
    assert!(recs[2]["error"].as_str().unwrap().contains("\"file\""), "{out}");
    let (ok, out) = run_with_stdin(
        &["parse-feed", "--jsonl"],
        &format!("{{\"id\":7,\"file\":\"{}\",\"url\":\"https://s.test/feed.xml\"}}\n", gz.display()),
    );
    assert!(ok);
    let rec: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(rec["items"][0]["link"], "https://s.test/a", "a gzip file is read uncompressed: {out}");
    std::fs::write(&gz, [0x1f, 0x8b, 8, 0, 1, 2]).unwrap();
    let broken = std::process::Command::new(feedhound_bin()).args(["parse-feed"]).arg(&gz).output().unwrap();
    assert!(!broken.status.success());
    assert!(String::from_utf8_lossy(&broken.stderr).contains("broken gzip"), "{broken:?}");

    // The Content-Type a document was served with: its charset reads a feed that declares
    // none (Mac Cyrillic, which the bytes alone would be read as Windows-1251).
    let cyrillic = "<rss version=\"2.0\"><channel><title>Новости</title><item><title>a</title><link>/a</link></item></channel></rss>";
    let mac = dir.path().join("mac.xml");
    std::fs::write(&mac, encoding_rs::X_MAC_CYRILLIC.encode(cyrillic).0).unwrap();
    let request = serde_json::json!({ "id": 8, "file": mac.display().to_string(), "content_type": "text/xml; charset=x-mac-cyrillic" });
    let (ok, out) = run_with_stdin(&["parse-feed", "--jsonl"], &format!("{request}\n"));
    assert!(ok);
    assert_eq!(serde_json::from_str::<Value>(out.trim()).unwrap()["title"], "Новости", "{out}");
    let served = std::process::Command::new(feedhound_bin())
        .args(["parse-feed", "--content-type", "application/rss+xml;charset=x-mac-cyrillic"])
        .arg(&mac)
        .output()
        .unwrap();
    assert_eq!(serde_json::from_slice::<Value>(&served.stdout).unwrap()["title"], "Новости", "{served:?}");

    let single = std::process::Command::new(feedhound_bin()).args(["parse-feed"]).arg(&page).output().unwrap();
    assert!(!single.status.success(), "a parse failure exits non-zero");
    assert!(String::from_utf8_lossy(&single.stdout).contains("\"error\""));
}

#[test]
fn a_batch_on_several_threads_answers_as_one_thread_does_in_the_order_asked() {
    // Pages of different lengths (the long ones take longest), a request that fails and
    // one that is not JSON, mixed.
    let mut input = String::new();
    for i in 0..48 {
        let para = format!("Paragraph {i} of a story that goes on for a while. ").repeat(1 + (47 - i) * 6);
        let request = match i % 12 {
            5 => serde_json::json!({ "id": i, "file": "/nonexistent/feedhound/page.html" }).to_string(),
            11 => "not json".to_owned(),
            _ => serde_json::json!({
                "id": i,
                "html": format!("<html><head><title>Story {i}</title></head><body><article><h1>Story {i}</h1><p>{para}</p></article></body></html>"),
                "url": format!("https://s.test/{i}"),
            })
            .to_string(),
        };
        input.push_str(&request);
        input.push('\n');
    }
    let (ok, one) = run_with_stdin(&["extract", "--jsonl", "--threads", "1"], &input);
    assert!(ok);
    let (ok, three) = run_with_stdin(&["extract", "--jsonl", "--threads", "3"], &input);
    assert!(ok);
    assert_eq!(one.lines().count(), 48, "{one}");
    assert_eq!(three, one, "the same answers, in the same order");
    let first: Value = serde_json::from_str(one.lines().next().unwrap()).unwrap();
    assert_eq!((first["id"].clone(), first["title"].clone()), (0.into(), "Story 0".into()));

    for wrong in [&["extract", "--jsonl", "--threads", "0"][..], &["extract", "page.html", "--threads", "2"]] {
        let out = std::process::Command::new(feedhound_bin()).args(wrong).output().unwrap();
        assert!(!out.status.success(), "{wrong:?} is refused");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--threads"), "{out:?}");
    }
}
