//! Feed polling on the fixture web: conditional GET, shared entries, every format.

use feedhound_tests::site::{article_html, png_bytes};
use feedhound_tests::{FixtureWeb, Route, Site};

use crate::harness::{counts, run_crawl};

fn host_with_posts(web: &FixtureWeb, host: &str, n: usize) -> Site {
    let mut s = Site::new(host).route("/robots.txt", Route::ok("text/plain", "User-agent: *\nAllow: /\n"));
    for i in 0..n {
        s = s
            .route(&format!("/posts/{i}"), Route::ok("text/html", article_html(host, web.port(), i)))
            .route(&format!("/img/{i}.png"), Route::ok("image/png", png_bytes(640, 480)));
    }
    s
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_unchanged_feed_costs_one_304_and_nothing_more() {
    let web = crate::harness::fixture(1, 2, false).await;
    let data = tempfile::tempdir().unwrap();
    let feed = format!("{}/feed.xml", web.base("site-0.test"));
    // The first run polls with the default 8 h interval; the second says 1 ms, so the
    // feed is due again (its next poll is computed at scheduling time).
    let first = crate::harness::run_crawl_env(
        &web,
        data.path(),
        std::slice::from_ref(&feed),
        &[],
        &[("FEEDHOUND_POLL_INTERVAL_MS", "1")],
    )
    .await;
    assert_eq!(counts(&first)["stored"], 2);
    let before = web.log().len();
    let second =
        crate::harness::run_crawl_env(&web, data.path(), &[], &[], &[("FEEDHOUND_POLL_INTERVAL_MS", "1")]).await;
    assert_eq!(counts(&second)["stored"], 2);
    let new: Vec<_> = web.log().into_iter().skip(before).collect();
    assert_eq!(new.len(), 1, "only the feed is asked again: {new:?}");
    assert_eq!((new[0].path.as_str(), new[0].status), ("/feed.xml", 304), "with its ETag, unchanged");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_feeds_sharing_entries_fetch_each_page_once() {
    let web = FixtureWeb::start().await.unwrap();
    let port = web.port();
    web.add_site(host_with_posts(&web, "shared.test", 3));
    let links: Vec<String> = (0..3).map(|i| format!("http://shared.test:{port}/posts/{i}")).collect();
    for hub in ["hub-a.test", "hub-b.test"] {
        web.add_site(
            Site::new(hub)
                .route("/robots.txt", Route::ok("text/plain", ""))
                .route("/feed.xml", Route::ok("application/rss+xml", feedhound_tests::site::rss(hub, &links))),
        );
    }
    let data = tempfile::tempdir().unwrap();
    let feeds = vec![format!("{}/feed.xml", web.base("hub-a.test")), format!("{}/feed.xml", web.base("hub-b.test"))];
    let report = run_crawl(&web, data.path(), &feeds, &[]).await;
    assert_eq!((counts(&report)["stored"], report["status"]["total_urls"].as_u64()), (3, Some(3)), "{report}");
    for i in 0..3 {
        let n = web.log().iter().filter(|r| r.host == "shared.test" && r.path == format!("/posts/{i}")).count();
        assert_eq!(n, 1, "/posts/{i} fetched {n} times");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_feed_format_yields_its_entries() {
    let web = FixtureWeb::start().await.unwrap();
    let port = web.port();
    // Page 6 is also at a Cyrillic address, which a feed gives in Mac Cyrillic: a charset its
    // bytes alone do not show (they read as Windows-1251), so only its server's word reads it.
    let cyrillic = "/posts/%D1%81%D1%82%D0%B0%D1%82%D1%8C%D1%8F";
    web.add_site(
        host_with_posts(&web, "pages.test", 7)
            .route(cyrillic, Route::ok("text/html", article_html("pages.test", port, 6))),
    );
    let link = |i: usize| format!("http://pages.test:{port}/posts/{i}");
    let formats = [
        (
            "rss091.test",
            "application/rss+xml",
            format!(
                r#"<?xml version="1.0"?><rss version="0.91"><channel><title>t</title><link>http://rss091.test/</link><description>d</description><item><title>a</title><link>{}</link></item></channel></rss>"#,
                link(0)
            ),
        ),
        (
            "rss1.test",
            "application/rdf+xml",
            format!(
                r#"<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel rdf:about="x"><title>t</title><link>http://rss1.test/</link><description>d</description></channel><item rdf:about="{0}"><title>a</title><link>{0}</link></item></rdf:RDF>"#,
                link(1)
            ),
        ),
        (
            "rss2.test",
            "text/xml",
            format!(
                r#"<rss><channel><title>t</title><item><title>a</title><guid isPermaLink="true">{}</guid></item></channel></rss>"#,
                link(2)
            ),
        ),
        (
            "atom.test",
            "application/atom+xml",
            format!(
                r#"<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><id>urn:x</id><updated>2026-01-01T00:00:00Z</updated><entry><title>a</title><id>urn:a</id><updated>2026-01-01T00:00:00Z</updated><link rel="alternate" href="{}"/></entry></feed>"#,
                link(3)
            ),
        ),
        (
            "json.test",
            "application/feed+json",
            format!(
                r#"{{"version":"https://jsonfeed.org/version/1.1","title":"t","items":[{{"id":"1","url":"{}"}}]}}"#,
                link(4)
            ),
        ),
    ];
    let utf16 = format!(
        r#"<?xml version="1.0" encoding="UTF-16"?><rss version="2.0"><channel><title>t</title><item><title>€</title><link>{}</link></item></channel></rss>"#,
        link(5)
    );
    let utf16: Vec<u8> = [0xff, 0xfe].into_iter().chain(utf16.encode_utf16().flat_map(u16::to_le_bytes)).collect();
    let undeclared = format!(
        r#"<rss version="2.0"><channel><title>Новости</title><item><title>Статья</title><link>http://pages.test:{port}/posts/статья</link></item></channel></rss>"#
    );
    let (mac, _, _) = encoding_rs::X_MAC_CYRILLIC.encode(&undeclared);
    let formats = formats.into_iter().map(|(host, ty, body)| (host, ty, body.into_bytes())).chain([
        ("utf16.test", "application/rss+xml", utf16),
        ("mac.test", "text/xml; charset=x-mac-cyrillic", mac.into_owned()),
    ]);
    let mut feeds = Vec::new();
    for (host, ty, body) in formats {
        web.add_site(
            Site::new(host).route("/robots.txt", Route::ok("text/plain", "")).route("/feed", Route::ok(ty, body)),
        );
        feeds.push(format!("{}/feed", web.base(host)));
    }
    let data = tempfile::tempdir().unwrap();
    let report = run_crawl(&web, data.path(), &feeds, &[]).await;
    assert_eq!(
        counts(&report)["stored"],
        7,
        "one page from each of RSS 0.91, RSS 1.0, RSS 2.0 (permalink guid, no version), Atom, JSON Feed, \
         RSS in UTF-16, and RSS in the Mac Cyrillic its server names (its link a Cyrillic path): {report}"
    );
    assert!(
        web.log().iter().any(|r| r.path == cyrillic && r.status == 200),
        "the Cyrillic address read in its charset"
    );
}
