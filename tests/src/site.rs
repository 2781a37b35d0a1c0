//! Virtual hosts and their routes, with builders for the usual fixtures.

use std::collections::HashMap;
use std::io::Write;
use std::time::Duration;

use bytes::Bytes;

/// What a path answers.
#[derive(Clone, Debug)]
pub enum Route {
    /// A fixed response. With an `etag`, a matching If-None-Match gets 304.
    Static { status: u16, content_type: String, body: Bytes, headers: Vec<(String, String)>, etag: Option<String> },
    /// A redirect.
    Redirect { status: u16, location: String },
    /// A body sent in `chunks` pieces, one every `interval`.
    Slow { content_type: String, chunk: Bytes, chunks: usize, interval: Duration },
    /// Headers at once, then nothing for `for_duration`.
    Stall { for_duration: Duration },
    /// The n-th request gets the n-th route; the last one repeats.
    Sequence(Vec<Route>),
    /// Nothing at all (not even headers) for `for_duration`, then a 200.
    Hang { for_duration: Duration },
    /// HEAD answered by one route, every other method by another (servers that answer
    /// HEAD wrongly).
    ByMethod { head: Box<Route>, other: Box<Route> },
}

impl Route {
    /// A 200 with a body.
    pub fn ok(content_type: &str, body: impl Into<Bytes>) -> Self {
        Route::Static {
            status: 200,
            content_type: content_type.to_owned(),
            body: body.into(),
            headers: Vec::new(),
            etag: None,
        }
    }

    /// A bare status.
    pub fn status(status: u16) -> Self {
        Route::Static { status, content_type: "text/html".into(), body: Bytes::new(), headers: Vec::new(), etag: None }
    }

    /// A status with extra headers.
    pub fn status_with(status: u16, headers: &[(&str, &str)]) -> Self {
        Route::Static {
            status,
            content_type: "text/html".into(),
            body: Bytes::new(),
            headers: headers.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect(),
            etag: None,
        }
    }

    /// The route for the `nth` request (0-based) with `method`.
    pub fn resolve(&self, nth: usize, method: &str) -> &Route {
        match self {
            Route::Sequence(v) if !v.is_empty() => v[nth.min(v.len() - 1)].resolve(nth, method),
            Route::ByMethod { head, .. } if method == "HEAD" => head.resolve(nth, method),
            Route::ByMethod { other, .. } => other.resolve(nth, method),
            other => other,
        }
    }
}

/// One virtual host.
#[derive(Clone, Debug)]
pub struct Site {
    pub host: String,
    routes: HashMap<String, Route>,
}

const WORDS: &[&str] = &[
    "river", "harbour", "lantern", "meadow", "orchard", "granite", "willow", "compass", "ember", "summit", "valley",
    "thunder", "quill", "marble", "saffron", "beacon", "tide", "cedar", "falcon", "prairie",
];

/// Deterministic prose: `sentences` sentences seeded by `seed`.
pub fn prose(seed: usize, sentences: usize) -> String {
    let mut out = Vec::new();
    for s in 0..sentences {
        let words: Vec<&str> = (0..12).map(|w| WORDS[(seed * 7 + s * 5 + w * 3) % WORDS.len()]).collect();
        let mut sentence = words.join(" ");
        if let Some(first) = sentence.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        out.push(format!("{sentence}."));
    }
    out.join(" ")
}

/// An article page with Open Graph metadata, main text, and a comment section.
pub fn article_html(host: &str, port: u16, i: usize) -> String {
    let base = format!("http://{host}:{port}");
    format!(
        r#"<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Story number {i} from {host} | The {host} Gazette</title>
<meta property="og:title" content="Story number {i} from {host}">
<meta property="og:image" content="{base}/img/{i}.png">
<meta property="og:site_name" content="The {host} Gazette">
<link rel="canonical" href="{base}/posts/{i}">
</head><body>
<nav><ul><li><a href="/">Home</a></li><li><a href="/about">About</a></li></ul></nav>
<article><h1>Story number {i} from {host}</h1>
<p>{p1}</p><p>{p2}</p><p>{p3}</p>
<img src="/img/{i}.png" alt="illustration">
</article>
<section id="comments"><p>First! This comment must never count as text.</p></section>
<footer><p>Copyright The {host} Gazette</p></footer>
</body></html>"#,
        p1 = prose(i, 4),
        p2 = prose(i + 1, 4),
        p3 = prose(i + 2, 4),
    )
}

/// A minimal valid PNG of `w`×`h` pixels' header (enough for type and size sniffing).
pub fn png_bytes(w: u32, h: u32) -> Bytes {
    let mut v = vec![0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, b'I', b'H', b'D', b'R'];
    v.extend_from_slice(&w.to_be_bytes());
    v.extend_from_slice(&h.to_be_bytes());
    v.extend_from_slice(&[8, 2, 0, 0, 0, 0, 0, 0, 0]);
    Bytes::from(v)
}

/// An RSS 2.0 feed linking to `links`.
pub fn rss(title: &str, links: &[String]) -> String {
    let items: String = links
        .iter()
        .enumerate()
        .map(|(i, l)| format!("<item><title>Item {i}</title><link>{l}</link><guid>{l}</guid></item>\n"))
        .collect();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>{title}</title><link>http://example.invalid/</link><description>fixture</description>
{items}</channel></rss>"#
    )
}

fn gzip(data: &[u8]) -> Bytes {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let _ = enc.write_all(data);
    Bytes::from(enc.finish().unwrap_or_default())
}

impl Site {
    /// An empty host.
    pub fn new(host: &str) -> Self {
        Self { host: host.to_ascii_lowercase(), routes: HashMap::new() }
    }

    /// Add a route (path with query).
    pub fn route(mut self, path: &str, route: Route) -> Self {
        self.routes.insert(path.to_owned(), route);
        self
    }

    /// The route of a path.
    pub fn route_for(&self, path: &str) -> Option<&Route> {
        self.routes.get(path)
    }

    /// A blog: robots.txt (with `/private/` disallowed), a homepage announcing `/feed.xml`,
    /// the feed (with an ETag) listing `articles` posts plus one private page, the posts and
    /// their images.
    pub fn blog(host: &str, port: u16, articles: usize) -> Self {
        let base = format!("http://{host}:{port}");
        let mut links: Vec<String> = (0..articles).map(|i| format!("{base}/posts/{i}")).collect();
        links.push(format!("{base}/private/secret"));
        let mut site = Site::new(host)
            .route("/robots.txt", Route::ok("text/plain", "User-agent: *\nDisallow: /private/\n"))
            .route(
                "/",
                Route::ok(
                    "text/html",
                    format!(r#"<html><head><title>{host}</title><link rel="alternate" type="application/rss+xml" href="/feed.xml"></head><body><p>Welcome</p></body></html>"#),
                ),
            )
            .route(
                "/feed.xml",
                Route::Static {
                    status: 200,
                    content_type: "application/rss+xml".into(),
                    body: rss(host, &links).into(),
                    headers: Vec::new(),
                    etag: Some(format!("\"{host}-v1\"")),
                },
            )
            .route("/private/secret", Route::ok("text/html", "<p>secret</p>"));
        for i in 0..articles {
            site = site
                .route(&format!("/posts/{i}"), Route::ok("text/html; charset=utf-8", article_html(host, port, i)))
                .route(&format!("/img/{i}.png"), Route::ok("image/png", png_bytes(640, 480)));
        }
        site
    }

    /// A host whose feed lists one page of every scripted misbehaviour. Each behaviour
    /// lives on a host of its own (`<name>.<host>`), since some hold their whole host.
    pub fn trouble(host: &str, port: u16) -> Self {
        let base = |h: &str| format!("http://{h}.{host}:{port}");
        let pages = [
            "gone",
            "gone410",
            "forbidden",
            "ratelimited",
            "flaky",
            "broken",
            "slow",
            "stall",
            "bomb",
            "huge",
            "pdf",
            "latin1",
            "redirect",
            "loop",
        ];
        let links: Vec<String> = pages.iter().map(|p| format!("{}/page", base(p))).collect();
        Site::new(host)
            .route("/robots.txt", Route::status(404))
            .route("/feed.xml", Route::ok("application/rss+xml", rss("trouble", &links)))
    }

    /// The hosts [`Site::trouble`] points at.
    pub fn trouble_hosts(host: &str, port: u16) -> Vec<Site> {
        let name = |p: &str| format!("{p}.{host}");
        // Each trouble page names itself as canonical; its image is served.
        let article = |h: &str| article_html(h, port, 1).replace("/posts/1\"", "/page\"");
        let allow = || Route::ok("text/plain", "User-agent: *\nAllow: /\n");
        let big = "<p>".to_owned() + &"x".repeat(6 * 1024 * 1024) + "</p>";
        // The Latin-1 bytes sit inside the article, where the extractor reads text.
        let html = article(&name("latin1")).replace("charset=\"utf-8\"", "charset=\"iso-8859-1\"");
        let (head, tail) = html.split_once("</article>").unwrap_or((&html, ""));
        let latin1 = [head.as_bytes(), b"<p>caf\xe9 cr\xe8me br\xfbl\xe9e</p></article>", tail.as_bytes()].concat();
        vec![
            Site::new(&name("gone")).route("/robots.txt", allow()).route("/page", Route::status(404)),
            Site::new(&name("gone410")).route("/robots.txt", allow()).route("/page", Route::status(410)),
            Site::new(&name("forbidden")).route("/robots.txt", allow()).route("/page", Route::status(403)),
            Site::new(&name("ratelimited"))
                .route("/robots.txt", allow())
                .route("/page", Route::status_with(429, &[("retry-after", "3600")])),
            Site::new(&name("flaky")).route("/robots.txt", allow()).route(
                "/page",
                Route::Sequence(vec![Route::status(503), Route::ok("text/html", article(&name("flaky")))]),
            ),
            Site::new(&name("broken")).route("/robots.txt", allow()).route("/page", Route::status(500)),
            Site::new(&name("slow")).route("/robots.txt", allow()).route(
                "/page",
                Route::Slow {
                    content_type: "text/html".into(),
                    chunk: Bytes::from(article(&name("slow"))),
                    chunks: 1,
                    interval: Duration::from_millis(300),
                },
            ),
            Site::new(&name("stall"))
                .route("/robots.txt", allow())
                .route("/page", Route::Stall { for_duration: Duration::from_secs(30) }),
            Site::new(&name("bomb")).route("/robots.txt", allow()).route(
                "/page",
                Route::Static {
                    status: 200,
                    content_type: "text/html".into(),
                    body: gzip(&vec![b' '; 24 * 1024 * 1024]),
                    headers: vec![("content-encoding".into(), "gzip".into())],
                    etag: None,
                },
            ),
            Site::new(&name("huge")).route("/robots.txt", allow()).route("/page", Route::ok("text/html", big)),
            Site::new(&name("pdf"))
                .route("/robots.txt", allow())
                .route("/page", Route::ok("application/pdf", "%PDF-1.4 not html")),
            Site::new(&name("latin1")).route("/robots.txt", allow()).route("/page", Route::ok("text/html", latin1)),
            Site::new(&name("redirect"))
                .route("/robots.txt", allow())
                .route("/page", Route::Redirect { status: 301, location: "/moved".into() })
                .route("/moved", Route::Redirect { status: 302, location: "/final".into() })
                .route("/final", Route::ok("text/html", article(&name("redirect")))),
            Site::new(&name("loop"))
                .route("/robots.txt", allow())
                .route("/page", Route::Redirect { status: 302, location: "/other".into() })
                .route("/other", Route::Redirect { status: 302, location: "/page".into() }),
        ]
        .into_iter()
        .map(|s| s.route("/img/1.png", Route::ok("image/png", png_bytes(640, 480))))
        .collect()
    }
}
