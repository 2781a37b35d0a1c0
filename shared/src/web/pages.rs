//! The HTML of every page, with maud: every value is escaped where it is written (a
//! crawled title holding `<script>` is shown as text), and no page needs a script.

use std::time::Duration;

use maud::{DOCTYPE, Markup, PreEscaped, html};

use crate::report::Report;
use crate::search::Hit;
use crate::service::optout::OptOutOutcome;

use super::charts;

/// The style every page carries inline (pages and the report file stand alone).
const STYLE: &str = r"
body{font:16px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
header{background:#1b3a4b;padding:.6rem 1.2rem;display:flex;flex-wrap:wrap;gap:1.2rem;align-items:baseline}
header a{color:#fff;text-decoration:none}header a.brand{font-weight:700;font-size:1.25rem}
main{max-width:62rem;margin:0 auto;padding:1rem 1.2rem 3rem}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem}
form.search{display:flex;flex-wrap:wrap;gap:.5rem;margin:1rem 0}
form.search input[type=search]{flex:1;min-width:14rem;font-size:1.1rem;padding:.4rem .6rem}
input,select,button{font:inherit;padding:.35rem .6rem}
.hit{display:flex;gap:1rem;padding:.9rem 0;border-bottom:1px solid #e0e0e0}
.hit img{width:112px;height:84px;object-fit:cover;flex:none;background:#eee}
.hit h3{margin:0;font-size:1.1rem}.hit .url{color:#2e7d32;font-size:.85rem;word-break:break-all}
.hit .about{color:#666;font-size:.85rem}mark{background:#fff3a0}
table{border-collapse:collapse;margin:.5rem 0}td,th{padding:.25rem .7rem;border-bottom:1px solid #ddd;text-align:left}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.chart svg{max-width:100%;height:auto;border:1px solid #e0e0e0;background:#fff}
.notice{padding:.6rem 1rem;border-left:4px solid #1565c0;background:#e3f2fd;margin:1rem 0}
.notice.bad{border-color:#c62828;background:#ffebee}.notice.good{border-color:#2e7d32;background:#e8f5e9}
pre,code{background:#eef0f2;border-radius:3px}pre{padding:.6rem .8rem;overflow-x:auto}code{padding:0 .2rem}
.figures{display:flex;flex-wrap:wrap;gap:1rem}.figure{background:#fff;border:1px solid #e0e0e0;padding:.5rem 1rem}
.figure b{display:block;font-size:1.4rem}.pager{display:flex;gap:1rem;margin-top:1rem}
";

/// The frame of every page.
pub fn layout(title: &str, body: &Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex";
                title { (title) " · feedhound" }
                style { (PreEscaped(STYLE)) }
            }
            body {
                header {
                    a.brand href="/" { "feedhound" }
                    a href="/search" { "Search" }
                    a href="/report" { "Crawl report" }
                    a href="/bot" { "For site owners" }
                }
                main { (body) }
            }
        }
    }
}

/// A link target that is safe to write into `href`/`src`: http(s) URLs only.
fn web_url(url: &str) -> Option<&str> {
    let lower = url.get(..8).unwrap_or(url).to_ascii_lowercase();
    (lower.starts_with("http://") || lower.starts_with("https://")).then_some(url)
}

/// A snippet with its matched words marked, every part escaped.
fn snippet(hit: &Hit) -> Markup {
    let mut at = 0;
    let mut parts: Vec<(bool, &str)> = Vec::new();
    for r in &hit.highlighted {
        if r.start < at || hit.snippet.get(r.clone()).is_none() {
            continue;
        }
        parts.push((false, &hit.snippet[at..r.start]));
        parts.push((true, &hit.snippet[r.clone()]));
        at = r.end;
    }
    parts.push((false, hit.snippet.get(at..).unwrap_or_default()));
    html! {
        @for (marked, text) in parts {
            @if marked { mark { (text) } } @else { (text) }
        }
    }
}

/// What the search form shows.
#[derive(Debug, Default)]
pub struct SearchView<'a> {
    /// The words searched.
    pub query: &'a str,
    /// The year chosen (none: every year).
    pub year: Option<i32>,
    /// The years indexed.
    pub years: &'a [i32],
    /// The page's results.
    pub hits: &'a [Hit],
    /// The page (0-based).
    pub page: usize,
    /// Whether a next page exists.
    pub more: bool,
    /// Something to say instead of results (no index yet, an error).
    pub notice: Option<String>,
}

fn search_form(v: &SearchView<'_>) -> Markup {
    html! {
        form.search method="get" action="/search" role="search" {
            input type="search" name="q" value=(v.query) placeholder="Words to find" aria-label="Words to find" autofocus;
            select name="year" aria-label="Year" {
                option value="" selected[v.year.is_none()] { "Every year" }
                @for y in v.years {
                    option value=(y) selected[v.year == Some(*y)] { (y) }
                }
            }
            button type="submit" { "Search" }
        }
    }
}

/// The home page: the search box and where to go.
pub fn home(years: &[i32], documents_note: &str) -> Markup {
    let view = SearchView { years, ..SearchView::default() };
    layout(
        "Search",
        &html! {
            h1 { "Search the crawled pages" }
            (search_form(&view))
            p { (documents_note) }
            p {
                "How the crawl is going: the " a href="/report" { "crawl report" } ". "
                "Run a website? " a href="/bot" { "What feedhound fetches, how to limit it or opt out" } "."
            }
        },
    )
}

/// The search page.
pub fn search(v: &SearchView<'_>, per_page: usize) -> Markup {
    let year_param = v.year.map(|y| y.to_string()).unwrap_or_default();
    let link = |page: usize| {
        let mut u = url::Url::parse("http://x/search").unwrap_or_else(|_| unreachable!("a fixed URL parses"));
        u.query_pairs_mut()
            .append_pair("q", v.query)
            .append_pair("year", &year_param)
            .append_pair("page", &(page + 1).to_string());
        format!("/search?{}", u.query().unwrap_or_default())
    };
    let title = if v.query.is_empty() { "Search".to_owned() } else { format!("{} – search", v.query) };
    layout(
        &title,
        &html! {
            (search_form(v))
            @if let Some(n) = &v.notice {
                p.notice { (n) }
            } @else if !v.query.is_empty() {
                @if v.hits.is_empty() {
                    p.notice { "No page holds every one of these words." }
                } @else {
                    p.about { "Results " (v.page * per_page + 1) "–" (v.page * per_page + v.hits.len()) }
                }
                @for hit in v.hits {
                    article.hit {
                        @if let Some(img) = hit.image.as_deref().and_then(web_url) {
                            img src=(img) alt="" loading="lazy" referrerpolicy="no-referrer";
                        }
                        div {
                            h3 {
                                @if let Some(u) = web_url(&hit.url) { a href=(u) { (hit.title) } } @else { (hit.title) }
                            }
                            div.url { (hit.url) }
                            div.about {
                                @if let Some(p) = &hit.published { (p) " · " }
                                (hit.site.as_deref().unwrap_or(&hit.host))
                            }
                            p { (snippet(hit)) }
                        }
                    }
                }
                div.pager {
                    @if v.page > 0 { a href=(link(v.page - 1)) rel="prev" { "← Previous" } }
                    @if v.more { a href=(link(v.page + 1)) rel="next" { "Next →" } }
                }
            }
        },
    )
}

fn millis(ms: u64) -> String {
    if ms.is_multiple_of(1000) { format!("{} s", ms / 1000) } else { format!("{ms} ms") }
}

fn human(d: Duration) -> String {
    let plural = |n: u64, unit: &str| if n == 1 { format!("1 {unit}") } else { format!("{n} {unit}s") };
    let s = d.as_secs();
    if s >= 24 * 3600 && s.is_multiple_of(24 * 3600) {
        plural(s / (24 * 3600), "day")
    } else if s >= 3600 && s.is_multiple_of(3600) {
        plural(s / 3600, "hour")
    } else if s >= 60 && s.is_multiple_of(60) {
        plural(s / 60, "minute")
    } else {
        millis(u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    }
}

/// How often, in words: "a day", "every 12 hours".
fn once_per(d: Duration) -> String {
    let h = human(d);
    match h.strip_prefix("1 ") {
        Some(unit) => format!("a {unit}"),
        None => format!("every {h}"),
    }
}

fn ts(t: crate::model::Timestamp) -> String {
    chrono::DateTime::from_timestamp_millis(t.as_millis())
        .map(|t| t.format("%Y-%m-%d %H:%M UTC").to_string())
        .unwrap_or_default()
}

fn figure(label: &str, value: &str) -> Markup {
    html! { div.figure { b { (value) } (label) } }
}

fn hosts_table(rows: &[&crate::report::HostLine], columns: &[&str]) -> Markup {
    html! {
        table {
            tr {
                th { "host" }
                @for c in columns { th.n { (c) } }
            }
            @for h in rows {
                tr {
                    td { (h.host) }
                    @for c in columns {
                        td.n {
                            @match *c {
                                "requests" => (h.requests),
                                "errors" => (h.errors),
                                "pages" => (h.stored),
                                "smallest gap" => (h.min_gap_ms.map(|g| format!("{g:.0} ms")).unwrap_or_default()),
                                "held until" => (h.held_until.map(ts).unwrap_or_default()),
                                "why" => (h.hold_reason.clone().unwrap_or_default()),
                                _ => "",
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The crawl report's body (the page and the `report --html` file), with a deployment's
/// `note` on what it cannot show.
pub fn report(r: &Report, note: Option<&str>) -> Markup {
    let t = &r.totals;
    let pct = |x: Option<f64>| x.map_or_else(|| "–".to_owned(), |v| format!("{:.1}%", 100.0 * v));
    let errors: u64 =
        t.requests.iter().filter(|(c, _)| !matches!(c.as_str(), "2xx" | "3xx" | "304")).map(|(_, n)| n).sum();
    let stored = r.status.urls.get("stored").copied().unwrap_or(0);
    layout(
        "Crawl report",
        &html! {
            h1 { "Crawl report" }
            p { "From " (ts(r.since)) " to " (ts(r.generated_at)) "; charts in buckets of " (human(Duration::from_secs(r.bucket_secs))) "." }
            @if let Some(n) = note { p.notice { (n) } }
            @if r.gap_violated() {
                p.notice.bad { "In " (r.totals.gap_violations) " minutes of this window a gap below the one configured then was granted: see the smallest-gap chart." }
            }
            div.figures {
                (figure("pages stored (all time)", &stored.to_string()))
                (figure("URLs known", &r.status.total_urls.to_string()))
                (figure("feeds", &r.status.feeds.to_string()))
                (figure("requests in the window", &t.request_count().to_string()))
                (figure("of which errors", &errors.to_string()))
                (figure("polls answered 304", &pct(t.not_modified_ratio())))
                (figure("smallest gap granted", &t.min_gap_ms.map_or_else(|| "–".to_owned(), |g| format!("{g:.0} ms"))))
                (figure("hosts held now", &r.held().len().to_string()))
            }
            h2 { "Pages by state" }
            div.chart { (PreEscaped(charts::urls_by_state(r))) }
            table {
                @for (state, n) in r.status.urls.iter().filter(|(_, n)| **n > 0) {
                    tr { td { (state) } td.n { (n) } }
                }
            }
            h2 { "Requests" }
            div.chart { (PreEscaped(charts::requests_by_class(r))) }
            p { "By agent: "
                @for (i, (agent, n)) in t.agents.iter().enumerate() {
                    @if i > 0 { ", " } (agent) " " (n)
                }
            }
            h2 { "Politeness" }
            div.chart { (PreEscaped(charts::smallest_gap(r))) }
            h3 { "Hosts closest to the gap" }
            @let close = r.closest_gaps(10);
            @if close.is_empty() { p { "No host was asked twice in this window." } } @else { (hosts_table(&close, &["smallest gap", "requests"])) }
            h3 { "Hosts held now" }
            @let held = r.held();
            @if held.is_empty() { p { "None." } } @else { (hosts_table(&held, &["held until", "why"])) }
            @if !t.holds.is_empty() {
                p { "Holds begun in the window: "
                    @for (i, (why, n)) in t.holds.iter().enumerate() { @if i > 0 { ", " } (why) " " (n) }
                }
            }
            h2 { "Feed polls" }
            div.chart { (PreEscaped(charts::not_modified_ratio(r))) }
            p { (t.polls) " polls answered, " (t.not_modified) " of them 304 Not Modified (" (pct(t.not_modified_ratio())) "): an unchanged feed costs its site one short answer." }
            h2 { "Top hosts" }
            h3 { "By pages stored" }
            @let by_pages = r.top_by_pages(10);
            @if by_pages.is_empty() { p { "No page stored in this window." } } @else { (hosts_table(&by_pages, &["pages", "requests"])) }
            h3 { "By errors" }
            @let by_errors = r.top_by_errors(10);
            @if by_errors.is_empty() { p { "No errors in this window." } } @else { (hosts_table(&by_errors, &["errors", "requests"])) }
            h2 { "Dead links" }
            div.chart { (PreEscaped(charts::dead_link_rate(r))) }
            @if !r.runs.is_empty() {
                table {
                    tr { th { "sample drawn" } th.n { "re-checked" } th.n { "gone or missing" } th.n { "dead-link rate" } }
                    @for run in &r.runs {
                        tr { td { (run.at) } td.n { (run.checked) } td.n { (run.dead) } td.n { (format!("{:.1}%", 100.0 * run.dead_link_rate)) } }
                    }
                }
            }
        },
    )
}

/// What the bot page states: the configuration in force.
#[derive(Debug)]
pub struct BotFacts<'a> {
    /// The user agent of feeds and discovery.
    pub feed_user_agent: &'a str,
    /// The user agent of pages, images, robots.txt and re-checks.
    pub page_user_agent: &'a str,
    /// The crawl settings.
    pub config: &'a crate::config::CrawlConfig,
    /// Where to write to the operator.
    pub contact: Option<&'a str>,
    /// The form token.
    pub form_token: &'a str,
}

/// The page for site owners.
pub fn bot(f: &BotFacts<'_>) -> Markup {
    let c = f.config;
    let token = crate::config::PRODUCT_TOKEN;
    let proof = crate::service::optout::PROOF_PATH;
    layout(
        "For site owners",
        &html! {
            h1 { "feedhound, for site owners" }
            p { "feedhound is a polite crawler that reads the RSS, Atom and JSON feeds sites publish, and fetches each new page a feed announces, once, to keep its title, main text and main image for a search index. It follows no links inside pages. Everything on this page is generated from the configuration the crawler runs with now." }
            @if !c.respect_robots {
                p.notice.bad { "The operator of this crawler has switched robots.txt off. Write to the operator (below) or opt out on this page: the blocklist is obeyed whatever robots.txt says." }
            }
            h2 { "User agents" }
            table {
                tr { th { "requests" } th { "User-Agent" } }
                tr { td { "feeds, and looking for a site's feeds" } td { code { (f.feed_user_agent) } } }
                tr { td { "pages, their main image, robots.txt, re-checks" } td { code { (f.page_user_agent) } } }
            }
            p { "Both carry the product token " code { (token) } ", which robots.txt groups are matched on." }
            h2 { "What it fetches, and how often" }
            ul {
                li { "Each feed about every " (human(c.poll_interval)) " (later when the feed says so: Cache-Control, " code { "<ttl>" } ", " code { "sy:updatePeriod" } "), with " code { "If-None-Match" } " / " code { "If-Modified-Since" } ", so an unchanged feed costs one 304." }
                li { "Each page a feed announces: once. " @if c.check_images { "Its main image: one request, reading at most the first 256 KiB. " } "At most 2 requests per new page." }
                li { "robots.txt before anything else, and at most once " (once_per(c.robots_ttl)) " per host." }
                li { "A small random sample of the stored pages is asked again now and then (HEAD, or a GET of at most 16 KiB), to drop pages that are gone." }
                li { "Looking for a site's feeds (only for sites someone submitted): robots.txt, the homepage, up to 3 feeds it links to, or a few usual feed paths." }
            }
            h2 { "Limits in force" }
            ul {
                li { "At least " b { (millis(u64::try_from(c.min_gap.as_millis()).unwrap_or(u64::MAX))) } " between two requests to one host, from every worker together." }
                li { "A robots.txt " code { "Crawl-delay" } " is obeyed, up to " (human(c.max_crawl_delay)) "." }
                li { "A 403 or 429 answer stops all requests to the host for " (human(c.hold_forbidden)) " (longer if " code { "Retry-After" } " asks)." }
                li { "Server errors: retried after " (human(c.retry_base)) ", doubling; " (c.max_server_errors) " in a row stop the host for " (human(c.hold_server_errors)) "." }
                li { "A host that cannot be reached is paused for " (human(c.pause_unreachable)) " and checked once before anything else." }
                li { "At most " (human(c.site_budget)) " of crawling per site per " (human(c.poll_interval)) "." }
                li { code { "<meta name=\"robots\" content=\"noindex\">" } " and " code { "X-Robots-Tag: noindex" } " keep a page out." }
            }
            h2 { "Limiting it with robots.txt" }
            p { "The whole site:" }
            pre { "User-agent: " (token) "\nDisallow: /" }
            p { "Feeds only (no pages):" }
            pre { "User-agent: " (token) "\nAllow: /feed\nAllow: /rss.xml\nDisallow: /" }
            p { "One path:" }
            pre { "User-agent: " (token) "\nDisallow: /private/" }
            p { "Slower:" }
            pre { "User-agent: " (token) "\nCrawl-delay: 10" }
            h2 { "Refusing it in the server" }
            p { "Every request carries " code { (token) } " in its User-Agent. A 403 makes feedhound stop asking the host for " (human(c.hold_forbidden)) ", and ask again after that; robots.txt or the opt-out below stops it for good." }
            p { "nginx:" }
            pre { "if ($http_user_agent ~* \"" (token) "\") {\n    return 403;\n}" }
            p { "Apache:" }
            pre { "RewriteEngine On\nRewriteCond %{HTTP_USER_AGENT} " (token) " [NC]\nRewriteRule .* - [F,L]" }
            h2 #opt-out { "Opt out" }
            p { "Ask for your domain (and its subdomains) to be blocked: feedhound shows you a token to place at " code { (proof) } " on your site, fetches it once, and blocks the domain at once. Nothing is blocked without the token." }
            form method="post" action="/opt-out" {
                input type="hidden" name="form" value=(f.form_token);
                label { "Your site " input type="text" name="site" placeholder="example.com or https://example.com" required; }
                " " button type="submit" { "Get my token" }
            }
            h2 #suggest { "Suggest a site" }
            p { "A site with a feed we should read? feedhound looks for its feeds politely (robots.txt first)." }
            form method="post" action="/suggest" {
                input type="hidden" name="form" value=(f.form_token);
                label { "Site " input type="url" name="url" placeholder="https://example.com/" required; }
                " " button type="submit" { "Suggest" }
            }
            h2 { "Contact" }
            @if let Some(c) = f.contact {
                p { "The operator of this crawler: " @if let Some(u) = web_url(c) { a href=(u) { (c) } } @else { (c) } "." }
            } @else {
                p { "The operator has not published a contact; the opt-out above works without one." }
            }
        },
    )
}

/// A page with one message and a way back.
pub fn message(title: &str, tone: &str, text: &str, back: &str) -> Markup {
    layout(
        title,
        &html! {
            h1 { (title) }
            p class=(format!("notice {tone}")) { (text) }
            p { a href=(back) { "Back" } }
        },
    )
}

/// The opt-out's second step: the token and where to put it.
pub fn opt_out_token(domain: &str, origin: &str, token: &str, form_token: &str) -> Markup {
    let proof_url = format!("{}{}", origin.trim_end_matches('/'), crate::service::optout::PROOF_PATH);
    layout(
        "Opt out",
        &html! {
            h1 { "Opt out " (domain) }
            p { "Place this token in a file served at" }
            pre { (proof_url) }
            p { "The file's content:" }
            pre #token { (token) }
            p { "Then ask feedhound to check. It fetches that file once, and blocks " b { (domain) } " and its subdomains at once if the token is there." }
            form method="post" action="/opt-out/verify" {
                input type="hidden" name="form" value=(form_token);
                input type="hidden" name="site" value=(origin);
                button type="submit" { "Check and block" }
            }
        },
    )
}

/// The opt-out's answer.
pub fn opt_out_result(outcome: &OptOutOutcome) -> Markup {
    let (title, tone, text) = match outcome {
        OptOutOutcome::Blocked { domain, .. } => {
            ("Blocked", "good", format!("{domain} is blocked: feedhound sends it no more requests, from now on."))
        }
        OptOutOutcome::AlreadyBlocked { domain } => {
            ("Blocked", "good", format!("{domain} is on the blocklist: feedhound sends it no request."))
        }
        OptOutOutcome::NoProof { detail } => {
            ("Not blocked", "bad", format!("The token was not found: {detail}. Nothing was blocked."))
        }
        OptOutOutcome::Unreachable { detail } => {
            ("Not blocked", "bad", format!("Your site could not be reached: {detail}. Nothing was blocked."))
        }
        OptOutOutcome::NotNow { until, held } => (
            "Not now",
            "bad",
            match held {
                Some(r) => format!(
                    "feedhound is holding off your site ({}) until {}; ask again then. Nothing was blocked.",
                    r.as_str(),
                    ts(*until)
                ),
                None => {
                    format!("Your site's next request slot is at {}; ask again then. Nothing was blocked.", ts(*until))
                }
            },
        ),
        OptOutOutcome::Refused { reason } => (
            "Not blocked",
            "bad",
            format!(
                "feedhound may not fetch the token ({reason}). If your robots.txt disallows feedhound, it already stays out; to be blocklisted as well, allow the token's path."
            ),
        ),
    };
    message(title, tone, &text, "/bot#opt-out")
}

/// The operator page: actions behind the operator token.
/// The blocklist is shown only after an action with the right token.
pub fn operator(form_token: &str, enabled: bool, blocked: Option<&[String]>, notice: Option<(&str, &str)>) -> Markup {
    layout(
        "Operator",
        &html! {
            h1 { "Operator" }
            @if let Some((tone, text)) = notice { p class=(format!("notice {tone}")) { (text) } }
            @if !enabled {
                p.notice.bad { "Operator actions are off here: no operator token is configured (FEEDHOUND_OPERATOR_TOKEN)." }
            }
            form method="post" action="/operator" {
                input type="hidden" name="form" value=(form_token);
                p { label { "Operator token " input type="password" name="token" autocomplete="off" required; } }
                p {
                    select name="action" aria-label="Action" {
                        option value="block" { "Block a domain" }
                        option value="unblock" { "Unblock a domain" }
                        option value="rescan" { "Discover a site's feeds again" }
                    }
                    " " input type="text" name="target" placeholder="example.com or https://example.com/" required;
                    " " button type="submit" { "Do it" }
                }
            }
            @if let Some(blocked) = blocked {
                h2 { "Blocked domains" }
                @if blocked.is_empty() { p { "None." } } @else { ul { @for d in blocked { li { (d) } } } }
            }
        },
    )
}
