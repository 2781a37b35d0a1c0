//! Extraction on the fixture web: the image check (the second and last request), validity,
//! the content filter and canonical duplicates, each asserting the URL's final state and
//! the exact requests made.

use std::collections::BTreeMap;

use feedhound::model::{UrlEntry, UrlState};
use feedhound_tests::site::{png_bytes, prose, rss};
use feedhound_tests::{FixtureWeb, Route, Site};

use crate::harness::{feedhound_bin, records, run_crawl_env};

/// An article whose image, canonical URL and extra head markup are given.
fn article(title: &str, image: &str, canonical: Option<&str>, head: &str, paragraphs: usize) -> Route {
    article_with(title, image, canonical, head, "", paragraphs)
}

fn article_with(title: &str, image: &str, canonical: Option<&str>, head: &str, lead: &str, paragraphs: usize) -> Route {
    let canonical = canonical.map(|c| format!("<link rel=\"canonical\" href=\"{c}\">")).unwrap_or_default();
    let body: String = (0..paragraphs).map(|i| format!("<p>{}</p>", prose(i, 4))).collect();
    Route::ok(
        "text/html; charset=utf-8",
        format!(
            "<html lang=\"en\"><head><title>{title} | Fixture Times</title><meta property=\"og:title\" content=\"{title}\">\
             <meta property=\"og:image\" content=\"{image}\">{canonical}{head}</head><body><article><h1>{title}</h1>{lead}{body}\
             </article><div id=\"comments\"><p>Nice one! This comment is not text.</p></div></body></html>"
        ),
    )
}

fn states(data: &std::path::Path) -> BTreeMap<String, UrlState> {
    let mut out = BTreeMap::new();
    for state in feedhound::model::UrlState::NAMES {
        let o = std::process::Command::new(feedhound_bin())
            .args(["status", "--state", state, "--data"])
            .arg(data)
            .output()
            .unwrap();
        for line in String::from_utf8_lossy(&o.stdout).lines() {
            let e: UrlEntry = serde_json::from_str(line).unwrap();
            let path = url::Url::parse(&e.url).unwrap().path().to_owned();
            out.insert(path, e.state);
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn image_check_validity_filter_and_duplicates() {
    let web = FixtureWeb::start().await.unwrap();
    let host = "news.test";
    let b = web.base(host);
    let img = |p: &str| format!("{b}{p}");
    let terms = "<p>porn xxx porn video, erotic fetish porn, nude photos and xxx again.</p>";
    let site = Site::new(host)
        .route("/robots.txt", Route::ok("text/plain", "User-agent: *\nAllow: /\n"))
        .route("/posts/ok", article("A good story", &img("/img/big.png"), Some("/posts/ok"), "", 3))
        .route("/posts/small", article("A small picture", &img("/img/small.png"), None, "", 3))
        .route("/posts/html", article("A page for an image", &img("/img/page"), None, "", 3))
        .route("/posts/missing", article("A missing image", &img("/img/gone.png"), None, "", 3))
        .route("/posts/short", article("Too short", &img("/img/big.png"), None, "", 0))
        .route(
            "/posts/rated",
            article("Rated", &img("/img/big.png"), None, "<meta name=\"rating\" content=\"adult\">", 3),
        )
        .route("/posts/terms", article_with("Terms", &img("/img/big.png"), None, "", terms, 3))
        .route("/posts/canon", article("A canonical story", &img("/img/big.png"), Some("/posts/original"), "", 3))
        .route("/posts/dup", article("The same good story", &img("/img/big.png"), Some("/posts/ok"), "", 3))
        .route("/img/big.png", Route::ok("image/png", png_bytes(640, 480)))
        .route("/img/small.png", Route::ok("image/png", png_bytes(100, 50)))
        .route("/img/page", Route::ok("text/html", "<html><body>not an image</body></html>"))
        .route("/img/gone.png", Route::status(404));
    let first: Vec<String> = ["ok", "small", "html", "missing", "short", "rated", "terms", "canon"]
        .iter()
        .map(|p| format!("{b}/posts/{p}"))
        .collect();
    let second: Vec<String> = ["dup", "original"].iter().map(|p| format!("{b}/posts/{p}")).collect();
    web.add_site(
        site.route("/feed.xml", Route::ok("application/rss+xml", rss(host, &first)))
            .route("/feed2.xml", Route::ok("application/rss+xml", rss(host, &second))),
    );
    web.add_site(
        Site::new("listed.test")
            .route("/robots.txt", Route::ok("text/plain", "User-agent: *\nAllow: /\n"))
            .route("/feed.xml", Route::ok("application/rss+xml", rss("l", &[format!("{}/p", web.base("listed.test"))])))
            .route("/p", article("Listed", &format!("{}/img.png", web.base("listed.test")), None, "", 3)),
    );

    let data = tempfile::tempdir().unwrap();
    let env = [("FEEDHOUND_FILTER_HOSTS", "listed.test")];
    let feeds = vec![format!("{b}/feed.xml"), format!("{}/feed.xml", web.base("listed.test"))];
    run_crawl_env(&web, data.path(), &feeds, &[], &env).await;
    // A second crawl, after the first stored its pages: a page whose canonical URL is one
    // already stored is a duplicate, and a URL claimed as a canonical is never fetched.
    run_crawl_env(&web, data.path(), &[format!("{b}/feed2.xml")], &[], &env).await;

    let s = states(data.path());
    let invalid = |p: &str| match &s[p] {
        UrlState::Invalid { reasons } => reasons.clone(),
        other => panic!("{p}: {other:?}"),
    };
    assert!(matches!(s["/posts/ok"], UrlState::Stored { .. }), "{s:?}");
    assert!(matches!(s["/posts/canon"], UrlState::Stored { .. }), "{s:?}");
    assert_eq!(invalid("/posts/small"), ["no_valid_image", "image_too_small:100x50"]);
    assert_eq!(invalid("/posts/html"), ["no_valid_image", "image_not_an_image:text/html"]);
    assert_eq!(invalid("/posts/missing"), ["no_valid_image", "image_http_404"]);
    assert_eq!(invalid("/posts/short"), ["text_too_short"]);
    assert!(matches!(&s["/posts/rated"], UrlState::Filtered { reason } if reason == "rating:adult"), "{s:?}");
    assert!(
        matches!(&s["/posts/terms"], UrlState::Filtered { reason } if reason.to_string().starts_with("terms:en")),
        "{s:?}"
    );
    assert!(matches!(&s["/p"], UrlState::Filtered { reason } if reason == "host:listed.test"), "{s:?}");
    assert!(matches!(&s["/posts/dup"], UrlState::Duplicate { .. }), "{s:?}");
    assert!(matches!(&s["/posts/original"], UrlState::Duplicate { .. }), "{s:?}");

    // Requests: one page request each; one image request only for pages valid so far.
    let log = web.log();
    let count = |path: &str| log.iter().filter(|r| r.host == host && r.path == path).count();
    for p in ["ok", "small", "html", "missing", "short", "rated", "terms", "canon", "dup"] {
        assert_eq!(count(&format!("/posts/{p}")), 1, "/posts/{p} fetched once");
    }
    assert_eq!(count("/posts/original"), 0, "a claimed canonical URL is not fetched");
    assert_eq!(count("/img/big.png"), 2, "ok and canon: the only pages valid before their image check");
    for p in ["/img/small.png", "/img/page", "/img/gone.png"] {
        assert_eq!(count(p), 1, "{p}: one image request, never a third request for the page");
    }
    let image_ua = log.iter().find(|r| r.path == "/img/big.png").unwrap().user_agent.clone();
    let page_ua = log.iter().find(|r| r.path == "/posts/ok").unwrap().user_agent.clone();
    assert_eq!(image_ua, page_ua, "the image goes out with the page user agent");
    for (h, gap) in web.min_gaps() {
        assert!(gap >= 1000, "image requests keep the host's gap too: {h} {gap} ms");
    }

    let recs = records(data.path());
    assert_eq!(recs.len(), 2, "records only for valid pages");
    let ok = recs.iter().find(|r| r.url.ends_with("/posts/ok")).unwrap();
    let image = ok.image.as_ref().unwrap();
    assert_eq!((image.width, image.height, image.checked), (Some(640), Some(480), true));
    assert_eq!(image.media_type.as_deref(), Some("image/png"));
    assert_eq!(ok.title, "A good story");
    assert!(!ok.text.contains("Nice one"), "comments are never text");
    assert_eq!(ok.lang.as_deref(), Some("en"));
    let drafts = data.path().join("drafts");
    let left = std::fs::read_dir(&drafts).map(|d| d.count()).unwrap_or(0);
    assert_eq!(left, 0, "no draft is left behind");
}
