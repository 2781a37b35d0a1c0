//! Politeness and compliance against the fixture web, through the `feedhound` binary:
//! many workers over many hosts, operator controls, robots.txt fetch rules, meta robots.

use std::collections::HashMap;

use feedhound_tests::site::{article_html, png_bytes, rss};
use feedhound_tests::{FixtureWeb, Route, Site};

use crate::harness::{assert_polite, counts, feedhound_bin, fixture, run_crawl};

fn feeds(web: &FixtureWeb, hosts: &[String]) -> Vec<String> {
    hosts.iter().map(|h| format!("{}/feed.xml", web.base(h))).collect()
}

fn requests_per_path(web: &FixtureWeb) -> HashMap<(String, String), usize> {
    let mut out = HashMap::new();
    for r in web.log() {
        *out.entry((r.host, r.path)).or_insert(0) += 1;
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_hundred_workers_over_twenty_hosts_stay_polite() {
    let web = fixture(20, 4, false).await;
    let hosts: Vec<String> = (0..20).map(|i| format!("site-{i}.test")).collect();
    let data = tempfile::tempdir().unwrap();
    let report = run_crawl(&web, data.path(), &feeds(&web, &hosts), &["--workers", "100"]).await;
    let c = counts(&report);
    assert_eq!((c["stored"], c["excluded"]), (80, 20), "{report}");
    assert_polite(&web, 1000);
    let per_path = requests_per_path(&web);
    for ((host, path), n) in &per_path {
        assert!(!path.starts_with("/private/"), "a robots-disallowed path was requested on {host}");
        assert_eq!(*n, 1, "{host}{path} requested {n} times: one request per page, robots.txt once per host");
    }
    for host in &hosts {
        assert!(per_path.contains_key(&(host.clone(), "/robots.txt".to_owned())), "robots.txt first on {host}");
        let first = web.log().into_iter().find(|r| &r.host == host).unwrap();
        assert_eq!(first.path, "/robots.txt", "the first request to {host} is robots.txt");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn exclusions_and_the_blocklist_stop_requests_before_they_start() {
    let web = fixture(3, 3, false).await;
    let data = tempfile::tempdir().unwrap();
    let block = std::process::Command::new(feedhound_bin())
        .args(["block", "site-1.test", "--data"])
        .arg(data.path())
        .output()
        .unwrap();
    assert!(block.status.success(), "{}", String::from_utf8_lossy(&block.stderr));
    let hosts: Vec<String> = (0..3).map(|i| format!("site-{i}.test")).collect();
    let report = run_crawl(&web, data.path(), &feeds(&web, &hosts), &["--exclude", "/posts/1"]).await;
    let c = counts(&report);
    assert_eq!(
        (c["stored"], c["excluded"]),
        (4, 4),
        "two posts each on two hosts; post 1 and the private page excluded: {report}"
    );
    let log = web.log();
    assert!(!log.iter().any(|r| r.host == "site-1.test"), "no request at all to a blocked host");
    assert!(!log.iter().any(|r| r.path == "/posts/1"), "an excluded path is never requested");
    let list =
        std::process::Command::new(feedhound_bin()).args(["blocklist", "--data"]).arg(data.path()).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&list.stdout).trim(), "site-1.test");
    let out = std::process::Command::new(feedhound_bin())
        .args(["status", "--state", "excluded", "--data"])
        .arg(data.path())
        .output()
        .unwrap();
    let reasons: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["reason"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(reasons.iter().filter(|r| *r == "exclusion").count(), 2, "{reasons:?}");
    assert_eq!(reasons.iter().filter(|r| *r == "robots").count(), 2, "{reasons:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn blocking_a_host_excludes_its_waiting_urls_at_once() {
    let web = fixture(0, 0, true).await;
    let data = tempfile::tempdir().unwrap();
    run_crawl(&web, data.path(), &[format!("{}/feed.xml", web.base("trouble.test"))], &[]).await;
    let out = std::process::Command::new(feedhound_bin())
        .args(["block", "ratelimited.trouble.test", "--data"])
        .arg(data.path())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("1 waiting URLs excluded"), "{said}");
    let out = std::process::Command::new(feedhound_bin())
        .args(["status", "--state", "excluded", "--data"])
        .arg(data.path())
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"reason\":\"blocked\""));
}

fn page_route(host: &str, port: u16, i: usize) -> Route {
    Route::ok("text/html; charset=utf-8", article_html(host, port, i))
}

fn robots_site(host: &str, port: u16, robots: Route, pages: usize) -> Site {
    let mut s = Site::new(host).route("/robots.txt", robots);
    for i in 0..pages {
        s = s
            .route(&format!("/posts/{i}"), page_route(host, port, i))
            .route(&format!("/img/{i}.png"), Route::ok("image/png", png_bytes(640, 480)));
    }
    s
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn robots_txt_fetch_rules_and_meta_robots() {
    let web = FixtureWeb::start().await.unwrap();
    let port = web.port();
    let allow = || Route::ok("text/plain", "User-agent: *\nAllow: /\n");
    web.add_site(robots_site("r404.test", port, Route::status(404), 1));
    web.add_site(robots_site("r500.test", port, Route::status(500), 1));
    web.add_site(robots_site("r429.test", port, Route::status_with(429, &[("retry-after", "7200")]), 1));
    web.add_site(
        robots_site("rredir.test", port, Route::Redirect { status: 301, location: "/a".into() }, 2)
            .route("/a", Route::Redirect { status: 302, location: "/b".into() })
            .route("/b", Route::Redirect { status: 301, location: "/c".into() })
            .route("/c", Route::ok("text/plain", "User-agent: *\nDisallow: /posts/0\n")),
    );
    web.add_site(
        robots_site("rloop.test", port, Route::Redirect { status: 302, location: "/r1".into() }, 1)
            .route("/r1", Route::Redirect { status: 302, location: "/r2".into() })
            .route("/r2", Route::Redirect { status: 302, location: "/r1".into() }),
    );
    let big = format!("User-agent: *\nDisallow: /posts/0\n{}\nDisallow: /posts/1\n", "#".repeat(600 * 1024));
    web.add_site(robots_site("rbig.test", port, Route::ok("text/plain", big), 2));
    web.add_site(robots_site("rdelay.test", port, Route::ok("text/plain", "User-agent: *\nCrawl-delay: 2\n"), 2));
    let noindex_meta = article_html("noindex.test", port, 0)
        .replace("<head>", "<head><meta name=\"robots\" content=\"NOINDEX, follow\">");
    let with_header = |value: &str| Route::Static {
        status: 200,
        content_type: "text/html".into(),
        body: article_html("noindex.test", port, 1).into(),
        headers: vec![("x-robots-tag".into(), value.into())],
        etag: None,
    };
    web.add_site(
        Site::new("noindex.test")
            .route("/robots.txt", allow())
            .route("/posts/0", Route::ok("text/html", noindex_meta))
            .route("/posts/1", with_header("noindex"))
            .route("/posts/2", with_header("otherbot: noindex"))
            .route("/img/1.png", Route::ok("image/png", png_bytes(640, 480))),
    );
    let pages = [
        "r404.test/posts/0",
        "r500.test/posts/0",
        "r429.test/posts/0",
        "rredir.test/posts/0",
        "rredir.test/posts/1",
        "rloop.test/posts/0",
        "rbig.test/posts/0",
        "rbig.test/posts/1",
        "rdelay.test/posts/0",
        "rdelay.test/posts/1",
        "noindex.test/posts/0",
        "noindex.test/posts/1",
        "noindex.test/posts/2",
    ];
    let links: Vec<String> = pages
        .iter()
        .map(|p| {
            let (h, path) = p.split_once('/').unwrap();
            format!("http://{h}:{port}/{path}")
        })
        .collect();
    web.add_site(
        Site::new("hub.test")
            .route("/robots.txt", allow())
            .route("/feed.xml", Route::ok("application/rss+xml", rss("hub", &links))),
    );

    let data = tempfile::tempdir().unwrap();
    let report = run_crawl(&web, data.path(), &[format!("{}/feed.xml", web.base("hub.test"))], &[]).await;
    let c = counts(&report);
    assert_eq!((c["stored"], c["excluded"], c["parked"]), (7, 4, 2), "{report}");

    let log = web.log();
    let to = |h: &str| log.iter().filter(|r| r.host == h).map(|r| r.path.clone()).collect::<Vec<_>>();
    assert_eq!(to("r500.test"), vec!["/robots.txt"], "robots.txt 5xx: no page is requested");
    assert_eq!(to("r429.test"), vec!["/robots.txt"], "robots.txt 429: the host is held at once");
    assert_eq!(
        to("rredir.test"),
        vec!["/robots.txt", "/a", "/b", "/c", "/posts/1", "/img/1.png"],
        "redirects followed; the rules they lead to apply"
    );
    let loop_hops = to("rloop.test").iter().filter(|p| !p.starts_with("/posts/") && !p.starts_with("/img/")).count();
    assert_eq!(loop_hops, 6, "robots.txt and five redirects, then it counts as unavailable: {:?}", to("rloop.test"));
    assert_eq!(
        to("rbig.test"),
        vec!["/robots.txt", "/posts/1", "/img/1.png"],
        "rules within the first 500 KiB apply; the rest is cut"
    );
    let gaps = web.min_gaps();
    assert!(gaps["rdelay.test"] >= 2000, "Crawl-delay: 2 is honoured: {}", gaps["rdelay.test"]);
    assert_polite(&web, 1000);

    let out = std::process::Command::new(feedhound_bin())
        .args(["status", "--state", "parked", "--data"])
        .arg(data.path())
        .output()
        .unwrap();
    let parked = String::from_utf8_lossy(&out.stdout);
    assert!(
        parked.contains("\"reason\":\"robots_unavailable\"") && parked.contains("\"reason\":\"rate_limited\""),
        "{parked}"
    );
    let out = std::process::Command::new(feedhound_bin())
        .args(["status", "--state", "excluded", "--data"])
        .arg(data.path())
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).matches("\"reason\":\"noindex\"").count(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn three_processes_share_the_dynamodb_leases() {
    use crate::harness::{aws_deps, aws_env, fixture_http};
    let web = fixture(6, 4, false).await;
    let env = aws_env().await;
    let deps = aws_deps(&env, fixture_http(&web));
    let hosts: Vec<String> = (0..6).map(|i| format!("site-{i}.test")).collect();
    for f in feeds(&web, &hosts) {
        feedhound::service::poll::register_feed(&deps, &f, None).await.unwrap();
    }
    assert_eq!(feedhound::service::schedule::enqueue_due_feeds(&deps).await.unwrap(), 6);
    let mut children = Vec::new();
    for _ in 0..3 {
        let child = tokio::process::Command::new(feedhound_bin())
            .args(["work", "--workers", "20", "--stop-when-idle-secs", "15"])
            .env("FEEDHOUND_TABLE", &env.config.table)
            .env("FEEDHOUND_BUCKET", &env.config.bucket)
            .env("FEEDHOUND_QUEUE_PREFIX", &env.config.queue_prefix)
            .env("FEEDHOUND_S3_PATH_STYLE", "true")
            .env("FEEDHOUND_RESOLVE", format!("*:{}:127.0.0.1", web.port()))
            .env("FEEDHOUND_ALLOW_PRIVATE_ADDRESSES", "true")
            .env("FEEDHOUND_LOG", "feedhound=info")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        children.push(child);
    }
    let mut done_per_process = Vec::new();
    for mut child in children {
        let mut stderr = child.stderr.take().unwrap();
        let logs = tokio::spawn(async move {
            let mut buf = Vec::new();
            let _ = tokio::io::AsyncReadExt::read_to_end(&mut stderr, &mut buf).await;
            buf
        });
        let out = match tokio::time::timeout(std::time::Duration::from_secs(120), child.wait_with_output()).await {
            Ok(out) => out.unwrap(),
            Err(_) => {
                let log = String::from_utf8_lossy(&logs.await.unwrap()).into_owned();
                let tail: Vec<&str> = log.lines().rev().take(40).collect();
                panic!(
                    "workers did not stop when idle; requests so far: {}; last log lines:\n{}",
                    web.log().len(),
                    tail.join("\n")
                );
            }
        };
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        done_per_process.push(stats["done"].as_u64().unwrap());
    }
    assert!(done_per_process.iter().all(|n| *n > 0), "every process took work: {done_per_process:?}");
    let c = deps.repos().urls.counts().await.unwrap();
    assert_eq!((c.get("stored"), c.get("excluded")), (Some(&24), Some(&6)), "{c:?}");
    assert_polite(&web, 1000);
    for ((host, path), n) in requests_per_path(&web) {
        assert_eq!(n, 1, "{host}{path} requested {n} times across three processes");
    }
}
