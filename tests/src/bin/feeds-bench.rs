//! The feeds benchmark.
//!
//! 1. Parsing: feeds parsed per second and entries per second, over a generated corpus
//!    (RSS 0.91/1.0/2.0, Atom, JSON Feed, and feeds that need a repair) or over a directory
//!    of saved feeds (`--dir`).
//! 2. Discovery: requests per discovered domain, by `feedhound add-site` + `feedhound crawl`
//!    against the fixture web, on a mix of site layouts (feed linked from the homepage, each
//!    fallback path, no feed at all).
//!
//!   cargo run --release -p feedhound-tests --bin feeds-bench
//!   cargo run --release -p feedhound-tests --bin feeds-bench -- --dir saved-feeds/ --skip-discovery

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::Parser;
use feedhound::parse::feed::parse_feed;
use feedhound_tests::site::{article_html, prose, rss};
use feedhound_tests::{FixtureWeb, Route, Site};

#[derive(Parser, Debug)]
struct Args {
    /// Parse the feeds saved in this directory instead of the generated corpus.
    #[arg(long)]
    dir: Option<std::path::PathBuf>,
    /// Seconds to spend parsing.
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
    /// Sites per discovery layout.
    #[arg(long, default_value_t = 3)]
    sites: usize,
    /// Only measure parsing.
    #[arg(long)]
    skip_discovery: bool,
}

fn entries(n: usize, item: impl Fn(usize, &str) -> String) -> String {
    (0..n).map(|i| item(i, &prose(i, 6))).collect()
}

/// Feeds of the sizes blogs publish (20–50 entries with a summary each).
fn generated_corpus() -> Vec<(String, Vec<u8>)> {
    let rss2 = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Blog</title><link>https://b.test/</link>{}</channel></rss>"#,
        entries(30, |i, p| format!(
            "<item><title>Post {i}</title><link>https://b.test/p/{i}</link><guid>https://b.test/p/{i}</guid><pubDate>Mon, 02 Jan 2023 10:00:00 GMT</pubDate><dc:creator>A</dc:creator><description><![CDATA[<p>{p}</p>]]></description></item>"
        ))
    );
    let rss091 = format!(
        r#"<rss version="0.91"><channel><title>Old</title><link>https://o.test/</link>{}</channel></rss>"#,
        entries(20, |i, p| format!(
            "<item><title>Old {i}</title><link>https://o.test/{i}</link><description>{p}</description></item>"
        ))
    );
    let rss1 = format!(
        r#"<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel rdf:about="https://r.test/"><title>R</title><link>https://r.test/</link></channel>{}</rdf:RDF>"#,
        entries(20, |i, p| format!(
            r#"<item rdf:about="https://r.test/{i}"><title>R {i}</title><link>https://r.test/{i}</link><description>{p}</description></item>"#
        ))
    );
    let atom = format!(
        r#"<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><id>urn:a</id><updated>2024-01-01T00:00:00Z</updated>{}</feed>"#,
        entries(50, |i, p| format!(
            r#"<entry><title>Entry {i}</title><link rel="alternate" href="https://a.test/e/{i}"/><id>urn:a:{i}</id><updated>2024-01-01T00:00:00Z</updated><summary type="html">&lt;p&gt;{p}&lt;/p&gt;</summary></entry>"#
        ))
    );
    let items: Vec<String> = (0..30)
        .map(|i| {
            serde_json::json!({"id": i.to_string(), "url": format!("https://j.test/{i}"), "title": format!("J {i}"),
                "content_text": prose(i, 6), "date_published": "2024-01-01T00:00:00Z"})
            .to_string()
        })
        .collect();
    let json = format!(
        r#"{{"version":"https://jsonfeed.org/version/1.1","title":"J","home_page_url":"https://j.test/","items":[{}]}}"#,
        items.join(",")
    );
    // Real-world breakage that costs a second pass: a bare `&` and a body cut off.
    let broken = rss2.replace("<title>Post 3</title>", "<title>Post 3 & more</title>");
    let truncated = rss2[..rss2.len() * 2 / 3].to_owned();
    vec![
        ("rss2".into(), rss2.into_bytes()),
        ("rss0.91".into(), rss091.into_bytes()),
        ("rss1".into(), rss1.into_bytes()),
        ("atom".into(), atom.into_bytes()),
        ("json".into(), json.into_bytes()),
        ("rss2 with a bare &".into(), broken.into_bytes()),
        ("rss2 cut off".into(), truncated.into_bytes()),
    ]
}

fn saved_corpus(dir: &std::path::Path) -> Result<Vec<(String, Vec<u8>)>> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = e?.path();
        if path.is_file() {
            out.push((path.display().to_string(), std::fs::read(&path)?));
        }
    }
    if out.is_empty() {
        bail!("no files in {}", dir.display());
    }
    Ok(out)
}

fn bench_parsing(corpus: &[(String, Vec<u8>)], seconds: f64) {
    let mut failures = BTreeMap::new();
    let entries_each: Vec<usize> = corpus
        .iter()
        .map(|(name, body)| match parse_feed(body, None) {
            Ok(f) => f.items.len(),
            Err(e) => {
                failures.insert(name.clone(), e.to_string());
                0
            }
        })
        .collect();
    let bytes: usize = corpus.iter().map(|(_, b)| b.len()).sum();
    let started = Instant::now();
    let (mut feeds, mut items, mut read) = (0usize, 0usize, 0usize);
    while started.elapsed().as_secs_f64() < seconds {
        for ((_, body), n) in corpus.iter().zip(&entries_each) {
            let _ = std::hint::black_box(parse_feed(std::hint::black_box(body), None));
            feeds += 1;
            items += n;
            read += body.len();
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!("parsing: {} feeds ({} KiB) in the corpus, {} failed", corpus.len(), bytes / 1024, failures.len());
    for (name, e) in &failures {
        println!("  failed: {name}: {e}");
    }
    println!(
        "  {:.0} feeds/s, {:.0} entries/s, {:.1} MiB/s (one thread, {:.1} s)",
        feeds as f64 / secs,
        items as f64 / secs,
        read as f64 / secs / 1_048_576.0,
        secs
    );
    for ((name, body), n) in corpus.iter().zip(&entries_each).take(12) {
        let t = Instant::now();
        let mut k = 0u32;
        while t.elapsed() < Duration::from_millis(200) {
            let _ = std::hint::black_box(parse_feed(body, None));
            k += 1;
        }
        let per = t.elapsed().as_secs_f64() / f64::from(k);
        println!("  {name:<22} {n:>3} entries {:>6} B  {:>7.1} µs/feed", body.len(), per * 1e6);
    }
}

/// The discovery layouts: (name, expected to find a feed, site builder).
fn layouts(web: &FixtureWeb, host: &str) -> Vec<(&'static str, Site)> {
    let port = web.port();
    let feed = Route::ok("application/rss+xml", rss(host, &[format!("http://{host}:{port}/posts/0")]));
    let home = |links: &[&str]| {
        let l: String =
            links.iter().map(|f| format!(r#"<link rel="alternate" type="application/rss+xml" href="{f}">"#)).collect();
        Route::ok("text/html", format!("<html><head><title>home</title>{l}</head><body><p>hi</p></body></html>"))
    };
    let base = |name: &str| {
        Site::new(&format!("{name}-{host}"))
            .route("/robots.txt", Route::ok("text/plain", "User-agent: *\nAllow: /\n"))
            .route("/posts/0", Route::ok("text/html", article_html(host, port, 0)))
    };
    vec![
        ("linked", base("linked").route("/", home(&["/feed.xml"])).route("/feed.xml", feed.clone())),
        ("/feed", base("feed").route("/", home(&[])).route("/feed", feed.clone())),
        ("/rss", base("rss").route("/", home(&[])).route("/rss", feed.clone())),
        ("/rss.xml", base("rssxml").route("/", home(&[])).route("/rss.xml", feed)),
        ("none", base("none").route("/", home(&[]))),
    ]
}

async fn bench_discovery(per_layout: usize) -> Result<()> {
    let exe = std::env::current_exe()?.with_file_name("feedhound");
    if !exe.exists() {
        bail!("{} is missing: build it first (cargo build --release -p feedhound)", exe.display());
    }
    let web = FixtureWeb::start().await?;
    let mut layout_of = BTreeMap::new();
    for i in 0..per_layout {
        for (name, site) in layouts(&web, &format!("s{i}.test")) {
            layout_of.insert(site.host.clone(), name);
            web.add_site(site);
        }
    }
    let data = tempfile::tempdir()?;
    for host in layout_of.keys() {
        let out = std::process::Command::new(&exe)
            .args(["add-site", &format!("{}/", web.base(host)), "--data"])
            .arg(data.path())
            .output()?;
        if !out.status.success() {
            bail!("add-site {host}: {}", String::from_utf8_lossy(&out.stderr));
        }
    }
    let started = Instant::now();
    let mut crawl = tokio::process::Command::new(&exe);
    crawl.arg("crawl").arg("--data").arg(data.path()).args(["--allow-private-addresses", "--json"]);
    for r in web.resolve_args() {
        crawl.arg("--resolve").arg(r);
    }
    let out = crawl.output().await?;
    if !out.status.success() {
        bail!("crawl: {}", String::from_utf8_lossy(&out.stderr));
    }
    let report: serde_json::Value = serde_json::from_slice(&out.stdout)?;
    // Discovery requests: everything but the pages the found feeds led to.
    let mut per_host: BTreeMap<String, usize> = layout_of.keys().map(|h| (h.clone(), 0)).collect();
    for r in web.log().iter().filter(|r| !r.path.starts_with("/posts/")) {
        *per_host.entry(r.host.clone()).or_default() += 1;
    }
    let mut per_layout: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (host, n) in &per_host {
        per_layout.entry(layout_of.get(host).copied().unwrap_or("?")).or_default().push(*n);
    }
    let found: usize = per_layout.iter().filter(|(l, _)| **l != "none").map(|(_, v)| v.len()).sum();
    let found_requests: usize =
        per_layout.iter().filter(|(l, _)| **l != "none").flat_map(|(_, v)| v.iter()).copied().sum();
    let all: usize = per_host.values().sum();
    println!(
        "discovery: {} sites ({} with a feed), {:.1} s, feeds registered: {}",
        per_host.len(),
        found,
        started.elapsed().as_secs_f64(),
        report["status"]["feeds"]
    );
    println!(
        "  requests per discovered domain: {:.2} (every site: {:.2}; the first poll is the validating fetch)",
        found_requests as f64 / found.max(1) as f64,
        all as f64 / per_host.len().max(1) as f64
    );
    for (layout, v) in &per_layout {
        println!("  {layout:<10} {:?} requests per site", v.iter().collect::<std::collections::BTreeSet<_>>());
    }
    Ok(())
}

#[tokio::main]
async fn main() -> Result<()> {
    let args = Args::parse();
    let corpus = match &args.dir {
        Some(d) => saved_corpus(d)?,
        None => generated_corpus(),
    };
    bench_parsing(&corpus, args.seconds);
    if !args.skip_discovery {
        bench_discovery(args.sites).await?;
    }
    Ok(())
}
