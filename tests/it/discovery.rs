//! Discovery of a site's feeds on the fixture web, asserting the exact requests per host.

use feedhound_tests::site::{article_html, png_bytes, rss};
use feedhound_tests::{FixtureWeb, Route, Site};

use crate::harness::{counts, feedhound_bin, run_crawl};

fn home(feeds: &[&str]) -> Route {
    let links: String =
        feeds.iter().map(|f| format!("<link rel=\"alternate\" type=\"application/rss+xml\" href=\"{f}\">")).collect();
    Route::ok("text/html", format!("<html><head><title>home</title>{links}</head><body><p>hi</p></body></html>"))
}

fn site(web: &FixtureWeb, host: &str) -> Site {
    let port = web.port();
    Site::new(host)
        .route("/robots.txt", Route::ok("text/plain", "User-agent: *\nAllow: /\n"))
        .route("/posts/0", Route::ok("text/html", article_html(host, port, 0)))
        .route("/img/0.png", Route::ok("image/png", png_bytes(640, 480)))
}

fn feed_route(web: &FixtureWeb, host: &str) -> Route {
    Route::ok("application/rss+xml", rss(host, &[format!("http://{host}:{}/posts/0", web.port())]))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn each_discovery_path_makes_exactly_the_requests_it_needs() {
    let web = FixtureWeb::start().await.unwrap();
    let f = |h: &str| feed_route(&web, h);
    web.add_site(
        site(&web, "links.test").route("/", home(&["/feed.xml", "/comments/feed"])).route("/feed.xml", f("links.test")),
    );
    web.add_site(site(&web, "fallback.test").route("/", home(&[])).route("/rss", f("fallback.test")));
    web.add_site(site(&web, "last.test").route("/", home(&[])).route("/rss.xml", f("last.test")));
    web.add_site(site(&web, "nofeed.test").route("/", home(&[])));
    web.add_site(
        site(&web, "redir.test")
            .route("/", Route::Redirect { status: 301, location: "/home".into() })
            .route("/home", home(&["/feed.xml"]))
            .route("/feed.xml", f("redir.test")),
    );
    web.add_site(
        site(&web, "loop.test")
            .route("/", Route::Redirect { status: 302, location: "/a".into() })
            .route("/a", Route::Redirect { status: 302, location: "/".into() }),
    );
    web.add_site(site(&web, "forbidden.test").route("/", Route::status(403)));
    web.add_site(site(&web, "broken.test").route("/", Route::status(503)));
    web.add_site(
        Site::new("disallowed.test").route("/robots.txt", Route::ok("text/plain", "User-agent: *\nDisallow: /\n")),
    );
    web.add_site(
        site(&web, "badlink.test")
            .route("/", home(&["/bad.xml", "/feed"]))
            .route("/bad.xml", Route::ok("text/html", "<p>not a feed</p>"))
            .route("/feed", f("badlink.test")),
    );

    let data = tempfile::tempdir().unwrap();
    let hosts =
        ["links", "fallback", "last", "nofeed", "redir", "loop", "forbidden", "broken", "disallowed", "badlink"];
    for h in hosts {
        let out = std::process::Command::new(feedhound_bin())
            .args(["add-site", &format!("{}/", web.base(&format!("{h}.test"))), "--data"])
            .arg(data.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let again = std::process::Command::new(feedhound_bin())
        .args(["add-site", &format!("{}/", web.base("links.test")), "--data"])
        .arg(data.path())
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&again.stdout).contains("is known"), "a site is queued once unless --rescan");

    let report = run_crawl(&web, data.path(), &[], &[]).await;
    let c = counts(&report);
    assert_eq!(c["stored"], 5, "one post each from the five sites whose feed was found: {report}");
    assert_eq!(report["status"]["feeds"], 5, "{report}");

    let log = web.log();
    let paths =
        |h: &str| log.iter().filter(|r| r.host == format!("{h}.test")).map(|r| r.path.clone()).collect::<Vec<_>>();
    let expect = [
        ("links", vec!["/robots.txt", "/", "/feed.xml", "/posts/0", "/img/0.png"]),
        ("fallback", vec!["/robots.txt", "/", "/feed", "/feed/atom", "/rss", "/posts/0", "/img/0.png"]),
        (
            "last",
            vec!["/robots.txt", "/", "/feed", "/feed/atom", "/rss", "/?feed=rss", "/rss.xml", "/posts/0", "/img/0.png"],
        ),
        ("nofeed", vec!["/robots.txt", "/", "/feed", "/feed/atom", "/rss", "/?feed=rss", "/rss.xml"]),
        ("redir", vec!["/robots.txt", "/", "/home", "/feed.xml", "/posts/0", "/img/0.png"]),
        ("loop", vec!["/robots.txt", "/", "/a"]),
        ("forbidden", vec!["/robots.txt", "/"]),
        ("broken", vec!["/robots.txt", "/"]),
        ("disallowed", vec!["/robots.txt"]),
        ("badlink", vec!["/robots.txt", "/", "/bad.xml", "/feed", "/posts/0", "/img/0.png"]),
    ];
    for (h, want) in expect {
        assert_eq!(paths(h), want, "requests to {h}.test");
    }
    for r in
        log.iter().filter(|r| r.path != "/robots.txt" && !r.path.starts_with("/posts/") && !r.path.starts_with("/img/"))
    {
        assert!(r.user_agent.contains("feed reader"), "discovery goes out with the feed UA: {} {}", r.host, r.path);
    }
    for (host, gap) in web.min_gaps() {
        assert!(gap >= 500, "discovery gaps are at least 500 ms: {host} {gap}");
    }
}
