//! What a new user hit on public material, fixed: a panic in one task, page requests
//! after discovery, the offline tools on hostile and URL-less input, a loopback feed
//! crawled without the switch that allows it.

use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use feedhound::model::{FetchPageTask, Stage, Task, UrlKey, UrlState, normalize_url};
use feedhound::ports::{HttpClient, HttpError, HttpRequest, HttpResponse};
use serde_json::Value;

use crate::harness::{aws_deps, aws_env, feedhound_bin, fixture, fixture_http, run_crawl, sqs_event};

/// The fixture web with a fault injected: a request for `/boom` panics, standing for a
/// parser bug no test foresaw.
#[derive(Debug)]
struct Faulty(Arc<dyn HttpClient>);

#[async_trait]
impl HttpClient for Faulty {
    async fn fetch(&self, request: HttpRequest) -> Result<HttpResponse, HttpError> {
        assert!(request.url.path() != "/boom", "injected fault at {}", request.url);
        self.0.fetch(request).await
    }
}

fn fetch_task(url: &str) -> Task {
    let url = normalize_url(url).unwrap();
    Task::FetchPage(FetchPageTask { key: UrlKey::of(&url), url: url.to_string(), feed: None, hops: vec![], attempt: 0 })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_panic_in_one_record_fails_that_record_alone_then_dead_letters_it() {
    let web = fixture(2, 1, false).await;
    let env = aws_env().await;
    let deps = aws_deps(&env, Arc::new(Faulty(fixture_http(&web))));
    let good = fetch_task(&format!("{}/posts/0", web.base("site-0.test")));
    let bad = fetch_task(&format!("{}/boom", web.base("site-1.test")));
    deps.queue.send_all(&[good.clone(), bad.clone()], Duration::ZERO).await.unwrap();
    let mut batch = Vec::new();
    for _ in 0..20 {
        batch.extend(deps.queue.receive(Stage::Fetch, 10, Duration::from_millis(300)).await.unwrap());
        if batch.len() == 2 {
            break;
        }
    }
    assert_eq!(batch.len(), 2);
    let event = sqs_event(&env, Stage::Fetch, &batch);
    let bad_id = event.records.iter().find(|r| r.body.as_deref().unwrap_or("").contains("/boom")).unwrap();
    let bad_id = bad_id.message_id.clone().unwrap();
    let response = crate::pipeline::handle_stage(&deps, Stage::Fetch, event).await;
    let failed: Vec<&str> = response.batch_item_failures.iter().map(|f| f.item_identifier.as_str()).collect();
    assert_eq!(failed, [bad_id.as_str()], "only the panicking record is reported failed");
    let state = |task: &Task| {
        let deps = deps.clone();
        let key = task.url_key().unwrap().clone();
        async move { deps.repos().urls.get(key.as_str()).await.unwrap().map(|s| s.value.state) }
    };
    assert!(matches!(state(&good).await, Some(UrlState::Fetched { .. })), "the other record went on");

    // The failed record is released with a backoff; on its last allowed delivery it is
    // dead-lettered with the panic as its error, and its URL says so.
    let mut again = Vec::new();
    // Waits of whole seconds: SQS long-polls in seconds (a shorter wait returns at once).
    for _ in 0..30 {
        again = deps.queue.receive(Stage::Fetch, 10, Duration::from_secs(1)).await.unwrap();
        if !again.is_empty() {
            break;
        }
    }
    assert_eq!(again.len(), 1, "the released record comes back");
    again[0].receive_count = deps.config.max_receives;
    let response = crate::pipeline::handle_stage(&deps, Stage::Fetch, sqs_event(&env, Stage::Fetch, &again)).await;
    assert!(response.batch_item_failures.is_empty(), "a dead-lettered record is settled: {response:?}");
    match state(&bad).await {
        Some(UrlState::DeadLettered { error }) => assert!(error.contains("panicked"), "{error}"),
        other => panic!("the URL ends dead_lettered, not {other:?}"),
    }
    let mut dead = Vec::new();
    for _ in 0..10 {
        dead = deps.queue.receive_dead(Stage::Fetch, 10, Duration::from_millis(500)).await.unwrap();
        if !dead.is_empty() {
            break;
        }
    }
    assert_eq!(dead.len(), 1, "the record is on the dead-letter queue");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn after_discovery_every_page_poll_and_robots_request_keeps_the_full_gap() {
    let web = fixture(5, 2, false).await;
    let data = tempfile::tempdir().unwrap();
    for host in web.hosts() {
        let out = std::process::Command::new(feedhound_bin())
            .args(["add-site", &format!("{}/", web.base(&host)), "--data"])
            .arg(data.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let report = run_crawl(&web, data.path(), &[], &[]).await;
    assert_eq!(report["status"]["urls"]["stored"], 10, "{report}");
    let log = web.log();
    let mut checked = 0;
    for host in web.hosts() {
        let requests: Vec<_> = log.iter().filter(|r| r.host == host).collect();
        assert!(requests.iter().any(|r| r.path == "/"), "{host} was discovered");
        for pair in requests.windows(2) {
            let gap = pair[1].at_ms - pair[0].at_ms;
            // Discovery (homepage, feed candidates) goes out with the feed reader's agent;
            // pages, images and robots.txt with the page agent.
            let discovery = pair[1].user_agent.contains("feed reader");
            let least = if discovery { 500 } else { 1000 };
            assert!(
                gap >= least,
                "{host}{} came {gap} ms after {} (at least {least} ms): {requests:?}",
                pair[1].path,
                pair[0].path
            );
            checked += 1;
        }
    }
    assert!(checked >= 5 * 6, "every host made its requests");
}

fn run_with_stdin(args: &[&str], stdin: &str) -> (i32, String, String) {
    use std::io::Write;
    let mut child = std::process::Command::new(feedhound_bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Documents that break parsers: the two feeds that once crashed `parse-feed`, cut and
/// binary bodies, NULs, invalid UTF-8, a huge attribute, stray quotes and brackets.
fn hostile_documents(dir: &std::path::Path) -> Vec<String> {
    let huge = format!("<html><body><img src=\"{}\"><p>x</p></body></html>", "a".repeat(300_000));
    let docs: Vec<(&str, Vec<u8>)> = vec![
        ("empty-version.xml", b"<rss version=><channel><title>x</title></channel></rss>".to_vec()),
        ("curly.xml", "<rss version=\u{201c}2.0\u{201d}><channel><title>x</title></channel></rss>".into()),
        ("cut.xml", b"<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><item><title>a & b</ti".to_vec()),
        ("binary.bin", (0..=255u8).cycle().take(4096).collect()),
        ("nul.html", b"<html>\0<head><title>\0t</title></head><body>\xff\xfe<p>\0</p></body></html>".to_vec()),
        ("huge.html", huge.into_bytes()),
        (
            "stray.html",
            b"<<<\"'&&&<a href=\"<a href='>'\"><link rel=alternate type=\"application/rss+xml\" href=>".to_vec(),
        ),
        ("empty.txt", Vec::new()),
        ("robots.txt", b"User-agent: *\nDisallow: /\xff\nCrawl-delay: 1e309\nAllow: \0\n".to_vec()),
    ];
    docs.into_iter()
        .map(|(name, bytes)| {
            let p = dir.join(name);
            std::fs::write(&p, bytes).unwrap();
            p.display().to_string()
        })
        .collect()
}

#[test]
fn every_offline_tool_answers_each_hostile_request_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let files = hostile_documents(dir.path());
    let urls = [None, Some(""), Some("hard://x"), Some("not a url"), Some("https://s.test/dir/page")];
    let mut input = String::new();
    let mut n = 0;
    for f in &files {
        for u in urls {
            let mut req = serde_json::json!({ "id": n, "file": f });
            if let Some(u) = u {
                req["url"] = u.into();
            }
            input.push_str(&req.to_string());
            input.push('\n');
            n += 1;
        }
    }
    for tool in ["parse-feed", "extract", "discover"] {
        let (code, out, err) = run_with_stdin(&[tool, "--jsonl"], &input);
        assert_eq!(code, 0, "{tool} exits 0 whatever its input: {err}");
        let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines.len(), n, "{tool}: one answer per request");
        for (i, line) in lines.iter().enumerate() {
            assert_eq!(line["id"], i, "{tool}: answers keep request order and ids");
        }
        assert!(!err.contains("panicked"), "{tool}: {err}");
    }
    let robots = std::fs::read_to_string(dir.path().join("robots.txt")).unwrap_or_default();
    let robots_input: String = ["", "/", "/private", "\u{0}"]
        .iter()
        .enumerate()
        .map(|(i, p)| {
            format!("{}\n", serde_json::json!({"id": i, "robots_txt": robots, "user_agent": "feedhound", "url": p}))
        })
        .collect();
    let (code, out, _) = run_with_stdin(&["robots", "--jsonl"], &robots_input);
    assert_eq!((code, out.lines().count()), (0, 4));
    // Single files too: never exit code 101 (a panic).
    for f in &files {
        for tool in ["parse-feed", "extract"] {
            let out = std::process::Command::new(feedhound_bin()).args([tool, f]).output().unwrap();
            assert_ne!(out.status.code(), Some(101), "{tool} {f}: {}", String::from_utf8_lossy(&out.stderr));
        }
    }
}

#[test]
fn the_offline_tools_take_what_users_pass_them() {
    let dir = tempfile::tempdir().unwrap();
    // A valid feed with no entries yet is printed, with a warning, and exits 0.
    let empty = dir.path().join("empty.xml");
    std::fs::write(
        &empty,
        "<rss version=\"2.0\"><channel><title>New blog</title><link>https://s.test/</link></channel></rss>",
    )
    .unwrap();
    let out = std::process::Command::new(feedhound_bin()).arg("parse-feed").arg(&empty).output().unwrap();
    assert!(out.status.success());
    let feed: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((feed["title"].as_str(), feed["items"].as_array().map(Vec::len)), (Some("New blog"), Some(0)));
    assert!(feed["warnings"].to_string().contains("empty"), "{feed}");

    // Extraction without a URL, or with one it cannot use: a record, warnings on stderr,
    // relative references left out, absolute ones kept; no parser chatter.
    let page = dir.path().join("page.html");
    let text = "A sentence of the article that is long enough to count as prose. ".repeat(12);
    std::fs::write(
        &page,
        format!(
            "<html><head><title>The headline of it</title><meta property=\"og:image\" content=\"/rel.jpg\">\
             <meta name=\"twitter:image\" content=\"https://cdn.test/abs.jpg\"></head><body><article><h1>The headline \
             of it</h1><table><tr>stray<td>cell</td></tr></table><p>{text}</p></article></body></html>"
        ),
    )
    .unwrap();
    for args in [vec!["extract"], vec!["extract", "--url", "hard://x"], vec!["extract", "--url", ""]] {
        let out = std::process::Command::new(feedhound_bin()).args(&args).arg(&page).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {stderr}");
        let rec: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(rec["title"], "The headline of it", "{args:?}");
        assert_eq!(rec["image"], "https://cdn.test/abs.jpg", "{args:?}: a relative image needs the URL");
        assert!(stderr.contains("warning:"), "{args:?}: {stderr}");
        assert!(!stderr.contains("html5ever") && !stderr.contains("foster"), "no parser chatter: {stderr}");
    }
    let (code, out, _) = run_with_stdin(
        &["extract", "--jsonl"],
        &format!("{{\"id\":1,\"file\":\"{}\",\"url\":\"\"}}\n", page.display()),
    );
    let rec: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!((code, rec["id"].clone(), rec["title"].clone()), (0, 1.into(), "The headline of it".into()));
    assert!(rec.get("error").is_none(), "an empty URL is no URL: {rec}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_loopback_feed_without_the_switch_ends_at_once_and_says_why() {
    let web = fixture(1, 1, false).await;
    let data = tempfile::tempdir().unwrap();
    let feed = format!("http://127.0.0.1:{}/feed.xml", web.port());
    let site = format!("{}/", web.base("site-0.test"));
    let add = std::process::Command::new(feedhound_bin())
        .args(["add-site", &site, "--data"])
        .arg(data.path())
        .output()
        .unwrap();
    assert!(add.status.success());
    let mut cmd = tokio::process::Command::new(feedhound_bin());
    cmd.args(["crawl", "--feed", &feed, "--json", "--data"]).arg(data.path());
    for r in web.resolve_args() {
        cmd.arg("--resolve").arg(r);
    }
    let out = tokio::time::timeout(Duration::from_secs(60), cmd.output()).await.expect("the crawl ends").unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["status"]["queued_tasks"], 0, "nothing waits for an answer that never changes: {report}");
    assert!(web.log().is_empty(), "no request reached the loopback address: {:?}", web.log());
    for named in [feed.as_str(), site.as_str(), "address_refused", "--allow-private-addresses"] {
        assert!(stderr.contains(named), "the crawl says {named:?}: {stderr}");
    }
    let status = std::process::Command::new(feedhound_bin())
        .args(["status", "--feeds", "--data"])
        .arg(data.path())
        .output()
        .unwrap();
    let listed = String::from_utf8_lossy(&status.stdout);
    assert!(listed.contains(&feed) && listed.contains("excluded") && listed.contains("address_refused"), "{listed}");
    let status = std::process::Command::new(feedhound_bin())
        .args(["status", "--json", "--data"])
        .arg(data.path())
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&status.stdout).unwrap();
    assert_eq!(json["feed_states"]["excluded"], 1, "{json}");
    assert_eq!(json["sites"]["excluded"], 1, "{json}");
    assert_eq!(json["feed_list"][0]["state"], "excluded", "{json}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_crawl_names_each_feed_that_yields_nothing_and_why() {
    use feedhound_tests::{Route, Site};
    let web = fixture(1, 1, false).await;
    let robots = || Route::ok("text/plain", "User-agent: *\nAllow: /\n");
    web.add_site(Site::new("empty.test").route("/robots.txt", robots()).route(
        "/feed.xml",
        Route::ok("application/rss+xml", "<rss version=\"2.0\"><channel><title>soon</title></channel></rss>"),
    ));
    web.add_site(Site::new("gone.test").route("/robots.txt", robots()));
    web.add_site(Site::new("refuses.test").route("/robots.txt", robots()).route("/feed.xml", Route::status(403)));
    let data = tempfile::tempdir().unwrap();
    let feeds: Vec<String> = ["site-0.test", "empty.test", "gone.test", "refuses.test"]
        .iter()
        .map(|h| format!("{}/feed.xml", web.base(h)))
        .collect();
    let child = crate::harness::crawl_command(&web, data.path(), &feeds, &[]).spawn().unwrap();
    let out = tokio::time::timeout(Duration::from_secs(120), child.wait_with_output()).await.unwrap().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let line = |host: &str| stderr.lines().find(|l| l.contains(host)).unwrap_or_default().to_owned();
    assert!(line("empty.test").contains("problem") && line("empty.test").contains("empty"), "{stderr}");
    assert!(line("gone.test").contains("http_404"), "{stderr}");
    assert!(line("refuses.test").contains("held") && line("refuses.test").contains("forbidden"), "{stderr}");
    assert!(line("site-0.test").is_empty(), "a feed that yields pages is not named: {stderr}");
    let status = std::process::Command::new(feedhound_bin())
        .args(["status", "--feeds", "--json", "--data"])
        .arg(data.path())
        .output()
        .unwrap();
    let feeds: Vec<Value> =
        String::from_utf8_lossy(&status.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let state = |host: &str| feeds.iter().find(|f| f["url"].as_str().unwrap().contains(host)).unwrap()["state"].clone();
    assert_eq!(
        [state("site-0.test"), state("empty.test"), state("gone.test"), state("refuses.test")],
        ["ok", "problem", "problem", "held"],
        "{feeds:?}"
    );
}
