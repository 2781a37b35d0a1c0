//! `feedhound serve` as people use it: in headless Chromium (driven through chromedriver)
//! against a crawled fixture web, and over plain HTTP for what a browser would not send.
//!
//! Needs Chromium and chromedriver (Debian's `chromium` and `chromium-driver`; the test
//! command installs them). `FEEDHOUND_CHROMIUM` / `FEEDHOUND_CHROMEDRIVER` name other
//! binaries.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};
use feedhound_tests::site::{article_html, png_bytes, rss};
use feedhound_tests::{FixtureWeb, Route, Site};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, BufReader};

use crate::harness::{feedhound_bin, fixture, run_crawl};

const OPERATOR_TOKEN: &str = "operator-token-for-tests-0123";
const PAGE_AGENT: &str = "feedhound-webtest/9.1 (+http://bot.example/about)";
const FEED_AGENT: &str = "feedhound-webtest/9.1 (feed reader; +http://bot.example/about)";

const NO_BROWSER: &str = "the browser tests need Chromium and chromedriver: run `bash tests/run.sh` (it installs \
Debian's chromium and chromium-driver), or `apt-get install chromium chromium-driver`, or set FEEDHOUND_CHROMIUM \
and FEEDHOUND_CHROMEDRIVER";

/// A program on PATH (or named by `var`), or a failure that says how to get it.
fn program(var: &str, names: &[&str]) -> PathBuf {
    if let Ok(p) = std::env::var(var) {
        return PathBuf::from(p);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        for name in names {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return candidate;
            }
        }
    }
    panic!("{} not found: {NO_BROWSER}", names.join(" or "));
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A running `feedhound serve`.
struct Served {
    child: tokio::process::Child,
    base: String,
}

impl Served {
    /// Start it on a free port over `data`, reaching every fixture host (with
    /// `reach_loopback`; without, it refuses loopback as it does public sites' addresses).
    async fn start(web: &FixtureWeb, data: &Path, reach_loopback: bool) -> Self {
        let mut cmd = tokio::process::Command::new(feedhound_bin());
        cmd.arg("serve").arg("--data").arg(data).args(["--listen", "127.0.0.1:0", "--index-every-secs", "1"]);
        if reach_loopback {
            cmd.arg("--allow-private-addresses").arg("--resolve").arg(format!("*:{}:127.0.0.1", web.port()));
        }
        cmd.env("FEEDHOUND_OPERATOR_TOKEN", OPERATOR_TOKEN)
            .env("FEEDHOUND_PAGE_USER_AGENT", PAGE_AGENT)
            .env("FEEDHOUND_FEED_USER_AGENT", FEED_AGENT)
            .env("FEEDHOUND_MIN_GAP_MS", "1500")
            .env("FEEDHOUND_CONTACT", "mailto:crawler@bot.example")
            .env("FEEDHOUND_READ_TIMEOUT_MS", "1500")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true);
        let mut child = cmd.spawn().unwrap();
        let stdout = child.stdout.take().unwrap();
        let mut lines = BufReader::new(stdout).lines();
        let first = tokio::time::timeout(Duration::from_secs(60), lines.next_line())
            .await
            .expect("serve prints its address within a minute")
            .unwrap()
            .expect("serve prints its address");
        let base = first
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in {first:?}"))
            .trim_end_matches('/')
            .to_owned();
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        Self { child, base }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Stop it as Ctrl-C does, and wait.
    async fn stop(mut self) {
        if let Some(pid) = self.child.id() {
            let _ = std::process::Command::new("kill").args(["-INT", &pid.to_string()]).status();
        }
        let status =
            tokio::time::timeout(Duration::from_secs(60), self.child.wait()).await.expect("serve stops").unwrap();
        assert!(status.success(), "serve exits cleanly after Ctrl-C: {status}");
    }
}

/// Chromium through chromedriver.
struct Browser {
    driver: std::process::Child,
    client: Client,
}

impl Browser {
    async fn start(fixture_port: u16) -> Self {
        let chromium = program("FEEDHOUND_CHROMIUM", &["chromium", "chromium-browser", "google-chrome"]);
        let chromedriver = program("FEEDHOUND_CHROMEDRIVER", &["chromedriver"]);
        let port = free_port();
        let driver = std::process::Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{}: {e}: {NO_BROWSER}", chromedriver.display()));
        let profile = tempfile::tempdir().unwrap().keep();
        let caps: serde_json::Map<String, Value> = serde_json::from_value(serde_json::json!({
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--window-size=1200,1800",
                    format!("--user-data-dir={}", profile.display()),
                    // The fixture web's hosts live on loopback.
                    format!("--host-resolver-rules=MAP *.test 127.0.0.1, EXCLUDE localhost"),
                ],
            }
        }))
        .unwrap();
        let url = format!("http://127.0.0.1:{port}");
        let mut last = String::new();
        for _ in 0..100 {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            match ClientBuilder::new(connector).capabilities(caps.clone()).connect(&url).await {
                Ok(client) => return Self { driver, client },
                Err(e) => last = e.to_string(),
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        let _ = fixture_port;
        panic!("chromedriver at {url} gave no session: {last}: {NO_BROWSER}");
    }

    async fn text(&self, css: &str) -> String {
        self.client.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}")).text().await.unwrap()
    }

    async fn fill(&self, css: &str, value: &str) {
        let field = self.client.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}"));
        field.clear().await.unwrap();
        field.send_keys(value).await.unwrap();
    }

    /// Click a form's button and wait until the page it leads to has replaced this one.
    async fn click(&self, css: &str) {
        let button = self.client.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}"));
        button.clone().click().await.unwrap();
        for _ in 0..200 {
            // The button of the page before is gone once the next page is in.
            if button.tag_name().await.is_err() {
                self.client.wait().for_element(Locator::Css("main")).await.unwrap();
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("clicking {css} led to no new page within 10 s");
    }

    async fn close(mut self) {
        let _ = self.client.clone().close().await;
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// A blog whose one article's title carries markup: it must be shown as text.
fn hostile_site(port: u16) -> Site {
    let host = "hostile.test";
    let base = format!("http://{host}:{port}");
    let page = article_html(host, port, 0)
        .replace(
            "<title>Story number 0 from hostile.test | The hostile.test Gazette</title>",
            "<title>Quill &lt;script&gt;alert('pwned')&lt;/script&gt; report</title>",
        )
        .replace(
            r#"<meta property="og:title" content="Story number 0 from hostile.test">"#,
            r#"<meta property="og:title" content="Quill &lt;script&gt;alert('pwned')&lt;/script&gt; report">"#,
        );
    Site::new(host)
        .route("/robots.txt", Route::ok("text/plain", "User-agent: *\nAllow: /\n"))
        .route("/feed.xml", Route::ok("application/rss+xml", rss(host, &[format!("{base}/posts/0")])))
        .route("/posts/0", Route::ok("text/html; charset=utf-8", page))
        .route("/img/0.png", Route::ok("image/png", png_bytes(640, 480)))
}

/// The sites that play site owners: one suggested, two opting out.
fn owner_sites(web: &FixtureWeb) {
    web.add_site(Site::blog("suggested.test", web.port(), 2));
    for host in ["optout.test", "noproof.test"] {
        web.add_site(Site::new(host).route("/robots.txt", Route::ok("text/plain", "User-agent: *\nAllow: /\n")));
    }
}

fn shots_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/browser");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn json(url: &str) -> Value {
    feedhound::adapters::http::install_tls_provider();
    serde_json::from_slice(&reqwest::get(url).await.unwrap().bytes().await.unwrap()).unwrap()
}

/// A form body, as a browser encodes it.
fn form(pairs: &[(&str, &str)]) -> String {
    url::form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish()
}

const FORM: &str = "application/x-www-form-urlencoded";

/// Wait (bounded) until `check` holds for the status JSON.
async fn until_status(served: &Served, what: &str, check: impl Fn(&Value) -> bool) -> Value {
    let mut last = Value::Null;
    for _ in 0..120 {
        last = json(&served.url("/api/status")).await;
        if check(&last) {
            return last;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    panic!("{what} within a minute: {last}");
}

/// Ask the bot page for `site`'s opt-out token; the page then offers the check.
async fn opt_out_token(b: &Browser, served: &Served, site: &str) -> String {
    b.client.goto(&served.url("/bot")).await.unwrap();
    b.fill("input[name=site]", site).await;
    b.click("form[action='/opt-out'] button").await;
    let Ok(token) = b.client.find(Locator::Css("#token")).await else {
        panic!("no token shown for {site}: {}", b.text("main").await);
    };
    let token = token.text().await.unwrap();
    assert!(token.starts_with("feedhound-opt-out-"), "{token}");
    token
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn serve_in_a_browser_search_report_bot_page_suggest_and_opt_out() {
    let web = fixture(2, 3, false).await;
    web.add_site(hostile_site(web.port()));
    owner_sites(&web);
    let data = tempfile::tempdir().unwrap();
    let feeds: Vec<String> =
        ["site-0.test", "site-1.test", "hostile.test"].iter().map(|h| format!("{}/feed.xml", web.base(h))).collect();
    let report = run_crawl(&web, data.path(), &feeds, &[]).await;
    assert_eq!(report["status"]["urls"]["stored"], 7, "{report}");

    // What the server and its crawl ask of the sites is checked on its own below.
    web.clear_log();
    let served = Served::start(&web, data.path(), true).await;
    let browser = Browser::start(web.port()).await;
    let b = &browser;

    // Search: the box on the home page finds a crawled article; its link opens it.
    b.client.goto(&served.url("/")).await.unwrap();
    b.fill("input[name=q]", "harbour lantern").await;
    b.click("form.search button").await;
    let hits = b.client.find_all(Locator::Css("article.hit")).await.unwrap();
    assert!(hits.len() >= 3, "crawled articles are found");
    let first = b.client.find(Locator::Css("article.hit h3 a")).await.unwrap();
    let href = first.attr("href").await.unwrap().unwrap();
    assert!(href.starts_with("http://site-") && href.contains(&format!(".test:{}/posts/", web.port())), "{href}");
    assert!(!b.text("article.hit mark").await.is_empty(), "matched words are marked");
    first.click().await.unwrap();
    b.client.wait().for_url(&url::Url::parse(&href).unwrap()).await.unwrap();
    assert_eq!(b.client.current_url().await.unwrap().as_str(), href, "the result's link opens the article");
    assert!(b.text("h1").await.starts_with("Story number"), "the article itself");
    // The JSON beside it is `search --json`'s.
    let api = json(&served.url("/api/search?q=harbour+lantern&limit=3")).await;
    assert_eq!(api.as_array().unwrap().len(), 3);
    assert!(api[0]["url"].as_str().unwrap().contains("/posts/") && api[0]["snippet"].is_string());

    // A title carrying markup is text: no script element, no alert, the words shown.
    b.client.goto(&served.url("/search?q=quill+report")).await.unwrap();
    let title = b.text("article.hit h3").await;
    assert!(title.contains("<script>alert('pwned')</script>"), "the title as text: {title}");
    assert!(b.client.find_all(Locator::Css("main script")).await.unwrap().is_empty(), "no script element");
    assert!(b.client.get_alert_text().await.is_err(), "no alert ran");

    // The report renders its charts; a screenshot is kept.
    b.client.goto(&served.url("/report")).await.unwrap();
    let charts = b.client.find_all(Locator::Css("div.chart svg")).await.unwrap();
    assert_eq!(charts.len(), 5, "five charts");
    let requests = b.client.find(Locator::Css("div.chart:nth-of-type(2) svg")).await;
    assert!(requests.is_ok());
    let png = b.client.screenshot().await.unwrap();
    assert!(png.starts_with(b"\x89PNG") && png.len() > 20_000, "a real screenshot ({} bytes)", png.len());
    std::fs::write(shots_dir().join("report.png"), &png).unwrap();
    let chart_png = charts[1].screenshot().await.unwrap();
    assert!(chart_png.len() > 5_000, "the requests chart has pixels ({} bytes)", chart_png.len());
    std::fs::write(shots_dir().join("report-requests-chart.png"), &chart_png).unwrap();
    let report_text = b.text("main").await;
    assert!(report_text.contains("site-0.test"), "hosts are named");
    assert!(!report_text.contains("BELOW"), "no gap violation");

    // The bot page states the configured user agents and gap.
    b.client.goto(&served.url("/bot")).await.unwrap();
    let bot = b.text("main").await;
    assert!(bot.contains(PAGE_AGENT) && bot.contains(FEED_AGENT), "the configured user agents: {bot}");
    assert!(bot.contains("At least 1500 ms between two requests"), "the configured gap: {bot}");
    assert!(bot.contains("User-agent: feedhound") && bot.contains("mailto:crawler@bot.example"));

    // Suggest a site: queued, then discovered by the running crawl.
    b.fill("input[name=url]", &format!("{}/", web.base("suggested.test"))).await;
    b.click("form[action='/suggest'] button").await;
    assert!(b.text("main").await.contains("is queued"), "{}", b.text("main").await);
    let status = until_status(&served, "the suggested site's feed found", |s| s["sites"]["found"] == 1).await;
    assert_eq!(status["sites"]["found"], 1);
    // The same site again is answered politely.
    b.client.goto(&served.url("/bot")).await.unwrap();
    b.fill("input[name=url]", &format!("{}/", web.base("suggested.test"))).await;
    b.click("form[action='/suggest'] button").await;
    assert!(b.text("main").await.contains("was suggested before"));

    // Opt out without the token in place: nothing is blocked.
    let _ = opt_out_token(b, &served, &web.base("noproof.test")).await;
    b.click("form[action='/opt-out/verify'] button").await;
    let answer = b.text("main").await;
    assert!(answer.contains("Not blocked") && answer.contains("HTTP 404"), "{answer}");

    // With the token in place: blocked at once.
    let token = opt_out_token(b, &served, &web.base("optout.test")).await;
    web.add_site(
        Site::new("optout.test")
            .route("/robots.txt", Route::ok("text/plain", "User-agent: *\nAllow: /\n"))
            .route(feedhound::service::optout::PROOF_PATH, Route::ok("text/plain", format!("{token}\n"))),
    );
    b.click("form[action='/opt-out/verify'] button").await;
    let answer = b.text("main").await;
    assert!(answer.contains("optout.test is blocked"), "{answer}");

    // Operator actions need the token.
    b.client.goto(&served.url("/operator")).await.unwrap();
    b.fill("input[name=token]", "not-the-operator-token").await;
    b.fill("input[name=target]", "evil.example").await;
    b.click("form[action='/operator'] button").await;
    assert!(b.text("main").await.contains("Wrong operator token"));
    b.client.goto(&served.url("/operator")).await.unwrap();
    b.fill("input[name=token]", OPERATOR_TOKEN).await;
    b.fill("input[name=target]", "evil.example").await;
    b.click("form[action='/operator'] button").await;
    let operator = b.text("main").await;
    assert!(operator.contains("Blocked evil.example"), "{operator}");
    assert!(operator.contains("optout.test") && !operator.contains("noproof.test"), "the blocklist: {operator}");

    browser.close().await;
    served.stop().await;

    // The report on a terminal, and as one self-contained page.
    let out =
        std::process::Command::new(feedhound_bin()).arg("report").arg("--data").arg(data.path()).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    for line in
        ["requests: ", "by agent: ", "feed polls answered: 3", "smallest gap granted between two requests to a host: "]
    {
        assert!(text.contains(line), "{line:?} in {text}");
    }
    assert!(!text.contains("BELOW"), "{text}");
    let file = data.path().join("report.html");
    let out = std::process::Command::new(feedhound_bin())
        .args(["report", "--data"])
        .arg(data.path())
        .arg("--html")
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success());
    let page = std::fs::read_to_string(&file).unwrap();
    assert_eq!(page.matches("<svg").count(), 5, "the charts are in the file");
    assert!(
        !page.contains("<script") && !page.contains("<link") && !page.contains(" src="),
        "nothing loaded from elsewhere"
    );

    // The blocklist as the CLI reads it, after the server let go of the data directory.
    let out =
        std::process::Command::new(feedhound_bin()).arg("blocklist").arg("--data").arg(data.path()).output().unwrap();
    let list = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(list.lines().any(|l| l == "optout.test") && !list.contains("noproof.test"), "{list}");

    // Everything the server and its crawl asked of the sites was polite: robots.txt first,
    // gaps of at least the configured 1.5 s, one proof request per check.
    // The browser's own requests (thumbnails, the article it opened) are not feedhound's.
    let log: Vec<_> = web.log().into_iter().filter(|r| r.user_agent.starts_with("feedhound")).collect();
    // A request with the page agent waits the configured gap after any request to its
    // host; discovery's requests (the feed agent) wait discovery's gap, 0.5 s at least.
    let mut by_host: std::collections::BTreeMap<&str, Vec<&feedhound_tests::LoggedRequest>> =
        std::collections::BTreeMap::new();
    for r in &log {
        by_host.entry(r.host.as_str()).or_default().push(r);
    }
    for (host, requests) in by_host {
        for pair in requests.windows(2) {
            let gap = pair[1].at_ms - pair[0].at_ms;
            let least = if pair[1].user_agent == PAGE_AGENT { 1500 } else { 500 };
            assert!(gap >= least, "{} on {host} only {gap} ms after the request before: {log:?}", pair[1].path);
        }
    }
    for host in ["suggested.test", "optout.test", "noproof.test"] {
        let first = log.iter().find(|r| r.host == host).unwrap_or_else(|| panic!("{host} was asked"));
        assert_eq!(first.path, "/robots.txt", "robots.txt first on {host}");
    }
    let proofs = log.iter().filter(|r| r.path == feedhound::service::optout::PROOF_PATH).count();
    assert_eq!(proofs, 2, "one proof request per check: {log:?}");
    assert!(
        log.iter()
            .filter(|r| r.host == "suggested.test")
            .all(|r| r.user_agent == PAGE_AGENT || r.user_agent == FEED_AGENT)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forms_need_the_pages_token_and_suggestions_are_rate_limited() {
    let web = fixture(1, 1, false).await;
    let data = tempfile::tempdir().unwrap();
    let served = Served::start(&web, data.path(), false).await;
    feedhound::adapters::http::install_tls_provider();
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();

    // A form posted without the page's cookie (another site's page) does nothing.
    let forged = http
        .post(served.url("/suggest"))
        .header("content-type", FORM)
        .body(form(&[("form", "0123456789abcdef0123456789abcdef"), ("url", "http://site-0.test/")]))
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), 403);

    // With the cookie the bot page set, and its token.
    let page = http.get(served.url("/bot")).send().await.unwrap();
    for h in ["content-security-policy", "x-content-type-options"] {
        assert!(page.headers().contains_key(h), "{h}");
    }
    let cookie = page.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
    let token = cookie.split('=').nth(1).unwrap().to_owned();
    let body = page.text().await.unwrap();
    assert!(body.contains(&format!("value=\"{token}\"")), "the forms carry the cookie's token");
    let post = |url: String| {
        let (http, cookie, token) = (http.clone(), cookie.clone(), token.clone());
        async move {
            http.post(url)
                .header("cookie", cookie)
                .header("content-type", FORM)
                .body(form(&[("form", token.as_str()), ("url", "http://127.0.0.1/")]))
                .send()
                .await
                .unwrap()
        }
    };
    let refused = post(served.url("/suggest")).await;
    assert_eq!(refused.status(), 422, "a loopback address is not a public site");
    assert!(refused.text().await.unwrap().contains("not a public address"));
    let mut statuses = Vec::new();
    for _ in 0..6 {
        statuses.push(post(served.url("/suggest")).await.status().as_u16());
    }
    assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 2, "five suggestions per ten minutes: {statuses:?}");

    // An opt-out check names no other site's secrets: the token is per domain.
    let token_for = |site: &'static str| {
        let (http, cookie, token, url) = (http.clone(), cookie.clone(), token.clone(), served.url("/opt-out"));
        async move {
            let page = http
                .post(url)
                .header("cookie", cookie)
                .header("content-type", FORM)
                .body(form(&[("form", token.as_str()), ("site", site)]))
                .send()
                .await
                .unwrap();
            let text = page.text().await.unwrap();
            let start = text.find("feedhound-opt-out-").unwrap();
            text[start..start + 50].to_owned()
        }
    };
    assert_ne!(token_for("a.example").await, token_for("b.example").await);
    assert_eq!(token_for("a.example").await, token_for("https://a.example/").await);

    // The data directory is the server's while it runs; the CLI says where to go instead.
    let out =
        std::process::Command::new(feedhound_bin()).arg("status").arg("--data").arg(data.path()).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("in use by `feedhound serve` at http://127.0.0.1:"), "{err}");

    // The pages ask crawlers to keep out; unknown paths are 404.
    assert!(http.get(served.url("/robots.txt")).send().await.unwrap().text().await.unwrap().contains("Disallow: /"));
    assert_eq!(http.get(served.url("/nothing-here")).send().await.unwrap().status(), 404);
    served.stop().await;
}
