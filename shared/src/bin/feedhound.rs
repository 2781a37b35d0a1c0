//! The feedhound command line: crawl embedded, inspect state, and the offline tools.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand};
use feedhound::adapters::clock::{RandomJitter, SystemClock};
use feedhound::adapters::http::{ReqwestHttpClient, ResolveOverride};
use feedhound::config::{CrawlConfig, PRODUCT_TOKEN, http_config_from_lookup};
use feedhound::embedded::{CrawlOptions, Embedded, FeedStatus, Progress, SiteStatusLine, StatusReport};
use feedhound::model::normalize_url;
use feedhound::parse::robots::RobotsRules;
use url::Url;

const EXAMPLES: &str = "Examples:
  feedhound crawl --feed https://example.org/feed.xml     crawl one feed until idle
  feedhound crawl --feeds feeds.txt                        one feed URL per line
  feedhound add-site https://example.org/ && feedhound crawl
  feedhound status                                         URLs per state
  feedhound status --state parked                          which URLs wait, why, until when";

/// A polite, feed-driven web crawler.
///
/// feedhound finds new pages through RSS, Atom and JSON feeds, fetches them at most one
/// request per second per host (obeying robots.txt and backing off on 403/429/5xx), and
/// stores each page's title, main text and main image as a JSON record.
#[derive(Parser, Debug)]
#[command(name = "feedhound", version, about, long_about, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    #[command(flatten)]
    Online(Online),
    #[command(flatten)]
    Offline(Offline),
}

/// The commands that crawl, serve or read a deployment (on an async runtime).
#[derive(Subcommand, Debug)]
enum Online {
    /// Crawl in this process until idle: poll due feeds, fetch new pages, store records.
    Crawl(CrawlArgs),
    /// Work the AWS queues (SQS, DynamoDB, S3) from this machine until idle or Ctrl-C:
    /// what the Lambdas do, as a long-running process.
    Work {
        /// Concurrent workers.
        #[arg(long, default_value_t = 16)]
        workers: usize,
        /// Stop after every queue has been empty this many seconds (0: never).
        #[arg(long, default_value_t = 0)]
        stop_when_idle_secs: u64,
        /// Enqueue a poll of every due feed first (what the schedule does).
        #[arg(long)]
        schedule: bool,
    },
    /// Serve the web pages (search, the crawl report, the page for site owners with the
    /// suggestion and opt-out forms, operator actions) and keep crawling: feeds are polled
    /// when due, suggested sites discovered, the index updated as pages are stored.
    Serve(ServeArgs),
    /// Print the crawl report (requests, answers, gaps, holds, pages, dead links), or
    /// write it as one self-contained HTML page with its charts.
    Report {
        #[command(flatten)]
        data: DataArg,
        /// The window, days back from now.
        #[arg(long, default_value_t = feedhound::web::DEFAULT_REPORT_DAYS)]
        days: u64,
        /// Write the HTML page (charts included) to this file.
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
        /// Print the report's data as JSON.
        #[arg(long, conflicts_with = "html")]
        json: bool,
    },
    /// Show how many URLs are in each state.
    Status {
        #[command(flatten)]
        target: OperatorArgs,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// List the URLs in this state (e.g. parked, invalid) with their details.
        #[arg(long, value_name = "STATE", conflicts_with_all = ["feeds", "sites"])]
        state: Option<String>,
        /// List every feed: its condition (ok, not_modified, problem, excluded, held, new)
        /// with the reason, last and next poll, entries last seen.
        #[arg(long, conflicts_with = "sites")]
        feeds: bool,
        /// List every site submitted for discovery, with what discovery made of it.
        #[arg(long)]
        sites: bool,
    },
    /// Submit a feed and queue its first poll now (run `crawl` to carry it out, or with
    /// `--aws` the deployment polls it).
    AddFeed {
        /// The feed's URL (RSS, Atom or JSON Feed).
        url: String,
        #[command(flatten)]
        target: OperatorArgs,
    },
    /// Queue discovery of a site's feeds (run `crawl` to carry it out, or with `--aws` the
    /// deployment discovers it).
    AddSite {
        /// The site's homepage.
        url: String,
        /// Discover again even if the site's feeds are known.
        #[arg(long)]
        rescan: bool,
        #[command(flatten)]
        target: OperatorArgs,
    },
    /// Block a host or domain (and its subdomains): no request to it from the next task on.
    Block {
        /// The domain, e.g. example.com.
        domain: String,
        #[command(flatten)]
        target: OperatorArgs,
    },
    /// Remove a domain from the blocklist.
    Unblock {
        /// The domain.
        domain: String,
        #[command(flatten)]
        target: OperatorArgs,
    },
    /// List the blocked domains.
    Blocklist {
        #[command(flatten)]
        target: OperatorArgs,
    },
    /// Build or update the full-text index of the stored pages, one index per year (the
    /// year a page was processed): the current year's (pages stored since added, pages
    /// removed since deleted), and every year's that has none yet. A search sees the new
    /// index at once; the one it replaces stays readable until it is replaced too.
    Index {
        #[command(flatten)]
        data: DataArg,
        /// Only this year.
        #[arg(long)]
        year: Option<i32>,
        /// Rebuild from every stored record instead of updating, for every year that has
        /// stored pages (or the one --year names).
        #[arg(long)]
        rebuild: bool,
        /// Print a JSON line per year.
        #[arg(long)]
        json: bool,
    },
    /// Queue re-checks of a random sample of stored pages, spread across hosts: the next
    /// `crawl` (or with `--aws` the deployment) asks each page again, politely, and
    /// removes the ones that are gone (410 at once; 404 only when it answers 404 again a
    /// day later); `index` then drops them from search.
    Sample {
        /// How many pages.
        #[arg(long, default_value_t = 100)]
        size: usize,
        #[command(flatten)]
        target: OperatorArgs,
    },
    /// Search the indexed pages: every word must appear, in the title or the text, in any
    /// form the page language's stemmer folds together. Best first.
    Search {
        /// The words to find.
        #[arg(required = true, num_args = 1..)]
        query: Vec<String>,
        #[command(flatten)]
        data: DataArg,
        /// Only this year's index (default: every year).
        #[arg(long)]
        year: Option<i32>,
        /// How many results.
        #[arg(long, default_value_t = 10)]
        limit: usize,
        /// Print a JSON list of {url, title, published, site, snippet, score, ...}.
        #[arg(long)]
        json: bool,
        /// Ask the deployment's search function (its URL in FEEDHOUND_SEARCH_URL, the
        /// stack's SearchUrl output; requests are signed with the AWS credentials).
        #[arg(long)]
        aws: bool,
    },
}

/// The offline tools: they read saved files and need no runtime.
#[derive(Subcommand, Debug)]
enum Offline {
    /// Offline: print the record extracted from a saved HTML page, as JSON.
    Extract {
        /// The HTML file, or a gzip of it (not with --jsonl).
        #[arg(required_unless_present = "jsonl")]
        file: Option<PathBuf>,
        /// The URL the page was served from (resolves relative image and canonical links).
        #[arg(long)]
        url: Option<String>,
        /// The `Content-Type` it was served with, whose `charset` reads a document that
        /// declares none (with --jsonl, a request's `"content_type"`).
        #[arg(long)]
        content_type: Option<String>,
        /// Read `{"id","file","url"}` lines on stdin (`url` optional; the page itself as
        /// `"content"` or `"html"` instead of a file); write one JSON line each, with its id.
        #[arg(long)]
        jsonl: bool,
        /// With --jsonl: requests worked on at once (default: one per core). Answers come
        /// in the order of the requests whatever the number.
        #[arg(long, requires = "jsonl", value_parser = clap::value_parser!(u16).range(1..))]
        threads: Option<u16>,
    },
    /// Offline: parse a saved feed; prints {"format","title","link","items":[...],"warnings":[...]}
    /// (an empty feed is printed, with a warning).
    ParseFeed {
        /// The feed file, or a gzip of it (not with --jsonl).
        #[arg(required_unless_present = "jsonl")]
        file: Option<PathBuf>,
        /// The feed's URL (resolves relative links).
        #[arg(long)]
        url: Option<String>,
        /// The `Content-Type` it was served with, whose `charset` reads a document that
        /// declares none (with --jsonl, a request's `"content_type"`).
        #[arg(long)]
        content_type: Option<String>,
        /// Read `{"id","file","url"}` lines on stdin (the feed itself as `"content"` instead
        /// of a file); write one JSON line each, with its id.
        #[arg(long)]
        jsonl: bool,
        /// With --jsonl: requests worked on at once (default: one per core). Answers come
        /// in the order of the requests whatever the number.
        #[arg(long, requires = "jsonl", value_parser = clap::value_parser!(u16).range(1..))]
        threads: Option<u16>,
    },
    /// Offline: print the feeds a saved homepage links to, as {"feeds":[...]}.
    Discover {
        /// The HTML file, or a gzip of it (not with --jsonl).
        #[arg(long, required_unless_present = "jsonl")]
        html: Option<PathBuf>,
        /// The URL the page was served from (resolves relative feed links).
        #[arg(long)]
        url: Option<String>,
        /// The `Content-Type` it was served with, whose `charset` reads a document that
        /// declares none (with --jsonl, a request's `"content_type"`).
        #[arg(long)]
        content_type: Option<String>,
        /// Read `{"id","file","url"}` lines on stdin (the page itself as `"content"` or
        /// `"html"` instead of a file); write `{"id","feeds"}` lines.
        #[arg(long)]
        jsonl: bool,
        /// With --jsonl: requests worked on at once (default: one per core). Answers come
        /// in the order of the requests whatever the number.
        #[arg(long, requires = "jsonl", value_parser = clap::value_parser!(u16).range(1..))]
        threads: Option<u16>,
    },
    /// Offline: is a URL allowed by a robots.txt file? Prints `allowed` or `disallowed`.
    Robots {
        /// The robots.txt file (not with --jsonl).
        #[arg(required_unless_present = "jsonl")]
        file: Option<PathBuf>,
        /// The user agent; a full UA string is matched on its product token.
        #[arg(long, default_value = PRODUCT_TOKEN)]
        agent: String,
        /// The URL to check.
        #[arg(long, required_unless_present = "jsonl")]
        url: Option<String>,
        /// Read `{"id","robots_txt","user_agent","url"}` lines on stdin, write `{"id","allowed"}` lines.
        #[arg(long)]
        jsonl: bool,
    },
}

#[derive(Args, Debug)]
struct DataArg {
    /// The data directory (state database and page records).
    #[arg(long = "data", env = "FEEDHOUND_DATA", default_value = "./feedhound-data")]
    dir: PathBuf,
}

/// Where an operator command acts: the local data directory, or the AWS deployment.
#[derive(Args, Debug)]
struct OperatorArgs {
    #[command(flatten)]
    data: DataArg,
    /// Act on the AWS deployment (FEEDHOUND_TABLE, AWS_* variables) instead of --data.
    #[arg(long)]
    aws: bool,
}

#[derive(Args, Debug)]
struct CrawlArgs {
    #[command(flatten)]
    data: DataArg,
    /// A feed to crawl (repeatable).
    #[arg(long = "feed", value_name = "URL")]
    feeds: Vec<String>,
    /// A file with one feed URL per line (# comments allowed).
    #[arg(long = "feeds", value_name = "FILE")]
    feeds_file: Option<PathBuf>,
    /// Tasks run at once (politeness is per host, whatever this is; a crawl of many hosts
    /// needs about requests per second × a request's time).
    #[arg(long, default_value_t = feedhound::embedded::DEFAULT_WORKERS)]
    workers: usize,
    #[command(flatten)]
    fetch: FetchArgs,
    /// Stop when nothing is due within this many seconds.
    #[arg(long, default_value_t = 300)]
    idle_horizon_secs: u64,
    /// Print the final report as JSON.
    #[arg(long)]
    json: bool,
}

/// How a crawling command reaches the web.
#[derive(Args, Debug)]
struct FetchArgs {
    /// Resolve HOST:PORT to ADDR, as curl does (repeatable).
    #[arg(long, value_name = "HOST:PORT:ADDR")]
    resolve: Vec<ResolveOverride>,
    /// Allow loopback and private addresses (for testing against local servers).
    #[arg(long)]
    allow_private_addresses: bool,
    /// Never request URLs under this path prefix (`/text/`) or URL prefix (repeatable).
    #[arg(long, value_name = "PREFIX")]
    exclude: Vec<String>,
    /// The image nudity model (an ONNX file such as nudenet's 320n.onnx), for builds with
    /// the `image-model` feature; also FEEDHOUND_IMAGE_MODEL.
    #[arg(long, value_name = "PATH")]
    image_model: Option<std::path::PathBuf>,
}

#[derive(Args, Debug)]
struct ServeArgs {
    #[command(flatten)]
    data: DataArg,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: std::net::SocketAddr,
    /// Only serve the pages: do not crawl (feeds are not polled, suggestions wait).
    #[arg(long)]
    no_crawl: bool,
    /// Tasks run at once by the crawl.
    #[arg(long, default_value_t = feedhound::embedded::DEFAULT_WORKERS)]
    workers: usize,
    /// Update the search index at most this often while pages are stored, seconds.
    #[arg(long, default_value_t = 300)]
    index_every_secs: u64,
    #[command(flatten)]
    fetch: FetchArgs,
}

/// The log filter without `FEEDHOUND_LOG`: our warnings; the HTML parsers' notes on the
/// markup they repair ("foster parenting not implemented"…) are chatter about the page,
/// not about feedhound, and stay below it.
const DEFAULT_LOG: &str = "warn,html5ever=error,markup5ever=error,selectors=error,dom_query=error,dom_smoothie=error";

/// Logging for the command line, filtered by `FEEDHOUND_LOG` ([`log_filter`]).
fn init_tracing() {
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let (filter, complaint) = log_filter(std::env::var("FEEDHOUND_LOG").ok().as_deref());
    if let Some(complaint) = complaint {
        eprintln!("{complaint}");
    }
    let fmt = tracing_subscriber::fmt::layer().with_writer(std::io::stderr);
    tracing_subscriber::registry().with(filter).with(fmt).init();
}

/// The log filter `wanted` asks for (a level, `target=level` directives, or both:
/// `info,feedhound=debug`), else [`DEFAULT_LOG`], with what is wrong with `wanted` when it
/// does not parse. A target filter, as the Lambdas use: tracing-subscriber's regex-based
/// `EnvFilter` switched on full DFAs in every regex of a workspace build, the Lambda
/// bootstraps' included.
fn log_filter(wanted: Option<&str>) -> (tracing_subscriber::filter::Targets, Option<String>) {
    use tracing_subscriber::filter::Targets;
    let default =
        || DEFAULT_LOG.parse::<Targets>().unwrap_or_else(|_| Targets::new().with_default(tracing::Level::WARN));
    match wanted.map(str::trim).filter(|w| !w.is_empty()) {
        None => (default(), None),
        Some(w) => match w.parse::<Targets>() {
            Ok(filter) => (filter, None),
            Err(e) => {
                (default(), Some(format!("FEEDHOUND_LOG={w:?} is not a log filter ({e}); using {DEFAULT_LOG:?}")))
            }
        },
    }
}

async fn open(dir: &std::path::Path, resolve: Vec<ResolveOverride>, allow_private: bool) -> Result<Embedded> {
    open_with(dir, resolve, allow_private, &[], None).await
}

async fn open_with(
    dir: &std::path::Path,
    resolve: Vec<ResolveOverride>,
    allow_private: bool,
    exclude: &[String],
    image_model: Option<&std::path::Path>,
) -> Result<Embedded> {
    let lookup = |k: &str| std::env::var(k).ok();
    let mut config = CrawlConfig::from_lookup(&lookup)?;
    if let Some(path) = image_model {
        config.image_model = Some(path.to_owned());
    }
    if !exclude.is_empty() {
        let mut all: Vec<String> = exclude.to_vec();
        if let Some(env) = lookup("FEEDHOUND_EXCLUDE") {
            all.extend(env.split(',').map(str::to_owned));
        }
        config.exclusions = feedhound::policy::exclusion::Exclusions::parse(all.iter().map(String::as_str))
            .map_err(anyhow::Error::msg)?;
    }
    let mut http = http_config_from_lookup(&lookup)?;
    http.resolve.extend(resolve);
    http.allow_private_addresses |= allow_private;
    if !config.respect_robots {
        tracing::warn!("FEEDHOUND_RESPECT_ROBOTS is off: robots.txt will not be obeyed");
    }
    let client = ReqwestHttpClient::new(http)?;
    match Embedded::open(dir, Arc::new(client), config, Arc::new(SystemClock), Arc::new(RandomJitter::from_os())).await
    {
        Ok(e) => Ok(e),
        Err(e @ feedhound::adapters::embedded::EmbeddedError::Database { .. }) => match serving_at(dir) {
            Some(url) => bail!(
                "{} is in use by `feedhound serve` at {url}, which crawls it itself: use its pages (/report, \
                 /operator, /api/status) or stop it first",
                dir.display()
            ),
            None => Err(e.into()),
        },
        Err(e) => Err(e.into()),
    }
}

/// The file `feedhound serve` names its address in while it runs.
fn serving_file(dir: &std::path::Path) -> PathBuf {
    dir.join("serving.url")
}

/// The address of the `feedhound serve` holding `dir`, if one says so.
fn serving_at(dir: &std::path::Path) -> Option<String> {
    std::fs::read_to_string(serving_file(dir)).ok().map(|s| s.trim().to_owned()).filter(|s| !s.is_empty())
}

async fn open_fetching(dir: &std::path::Path, fetch: &FetchArgs) -> Result<Embedded> {
    open_with(dir, fetch.resolve.clone(), fetch.allow_private_addresses, &fetch.exclude, fetch.image_model.as_deref())
        .await
}

fn counts_line(counts: &std::collections::BTreeMap<String, u64>) -> String {
    let parts: Vec<String> = counts.iter().filter(|(_, n)| **n > 0).map(|(k, n)| format!("{k} {n}")).collect();
    if parts.is_empty() { String::new() } else { format!(" ({})", parts.join(", ")) }
}

fn print_status(s: &StatusReport) {
    println!("URLs: {}", s.total_urls);
    for (state, n) in &s.urls {
        if *n > 0 {
            println!("  {state:<14} {n}");
        }
    }
    println!("feeds: {}{}", s.feeds, counts_line(&s.feed_states));
    let sites: u64 = s.sites.values().sum();
    if sites > 0 {
        println!("sites: {sites}{}", counts_line(&s.sites));
    }
    println!("queued tasks: {}  dead-lettered tasks: {}", s.queued_tasks, s.dead_tasks);
}

/// A feed's line in `status --feeds` and the end-of-crawl summary.
fn feed_line(f: &FeedStatus) -> String {
    use feedhound::model::FeedCondition as C;
    let detail = match &f.condition {
        C::Problem { reason } | C::Excluded { reason } => format!(": {reason}"),
        C::Held { reason, until } => format!(" until {} ({reason})", until.to_rfc3339()),
        C::New | C::Ok | C::NotModified => String::new(),
    };
    format!("{} {}{detail}", f.url, f.condition.name())
}

/// A site's line in `status --sites` and the end-of-crawl summary.
fn site_line(s: &SiteStatusLine) -> String {
    use feedhound::model::SiteStatus as S;
    let what = match &s.status {
        S::Discovering => "discovering".to_owned(),
        S::Found { feeds } => format!("found {}", feeds.join(" ")),
        S::NoFeeds => "no_feeds".to_owned(),
        S::Failed { reason } => format!("failed: {reason}"),
        S::Excluded { reason } => format!("excluded: {reason}"),
    };
    let retry = s.retry_at.as_deref().map(|t| format!(" (tried again at {t})")).unwrap_or_default();
    format!("{} {what}{retry}", s.url)
}

/// After a crawl: every feed and site that yields nothing as things stand, with why, on
/// stderr (ten lines at most, then a count).
fn print_problems(feeds: &[FeedStatus], sites: &[SiteStatusLine]) {
    const SHOWN: usize = 10;
    let lines: Vec<String> = feeds
        .iter()
        .filter(|f| !f.condition.is_healthy())
        .map(|f| format!("feed {}", feed_line(f)))
        .chain(sites.iter().filter(|s| !s.found()).map(|s| format!("site {}", site_line(s))))
        .collect();
    for l in lines.iter().take(SHOWN) {
        eprintln!("{l}");
    }
    if lines.len() > SHOWN {
        eprintln!(
            "… and {} more feeds or sites that yield nothing; `feedhound status --feeds` and `--sites` list them all",
            lines.len() - SHOWN
        );
    }
}

async fn crawl(args: CrawlArgs) -> Result<()> {
    let mut feeds = args.feeds.clone();
    if let Some(file) = &args.feeds_file {
        let text = std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
        feeds.extend(text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(str::to_owned));
    }
    for f in &feeds {
        normalize_url(f).with_context(|| format!("feed {f:?}"))?;
    }
    let embedded = open_fetching(&args.data.dir, &args.fetch).await?;
    for f in &feeds {
        embedded.add_feed(f).await?;
    }
    let progress = Arc::new(Progress::default());
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = Arc::clone(&stop);
        tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_ok() {
                eprintln!("stopping: finishing tasks in flight (nothing is lost)");
                stop.store(true, Ordering::SeqCst);
            }
        });
    }
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.enable_steady_tick(Duration::from_millis(120));
        bar
    });
    let ticker = bar.clone().map(|bar| {
        let p = Arc::clone(&progress);
        tokio::spawn(async move {
            loop {
                bar.set_message(format!(
                    "tasks {}  stored {}  retries {}  dead {}",
                    p.tasks.load(Ordering::Relaxed),
                    p.stored.load(Ordering::Relaxed),
                    p.failures.load(Ordering::Relaxed),
                    p.dead.load(Ordering::Relaxed)
                ));
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        })
    });
    let options = CrawlOptions {
        workers: args.workers,
        idle_horizon: Duration::from_secs(args.idle_horizon_secs),
        max_tasks: None,
    };
    let report = embedded.crawl(&options, progress, stop).await;
    if let Some(t) = ticker {
        t.abort();
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let report = report?;
    let status = embedded.status().await?;
    if args.json {
        println!("{}", serde_json::json!({ "report": report, "status": status }));
    } else {
        println!("crawl finished: {} tasks", report.tasks);
        if let Some(r) = &report.rechecks {
            println!(
                "re-checked {} pages: {} alive, {} removed, {} missing (removed if still missing in a day), {} \
                 unclear (kept); dead-link rate {:.1}%",
                r.checked,
                r.alive,
                r.removed,
                r.missing,
                r.unknown,
                r.dead_link_rate * 100.0
            );
        }
        print_status(&status);
    }
    print_problems(&embedded.feeds().await?, &embedded.sites().await?);
    Ok(())
}

/// Update the data directory's search index (the current year's, and any year without
/// one); quiet unless it fails.
async fn update_index(embedded: &Embedded) {
    use feedhound::service::index;
    let indexes = year_indexes(&DataArg { dir: embedded.dir().to_owned() });
    let deps = embedded.deps();
    let years = match index::years_to_index(deps, &indexes, None, false).await {
        Ok(y) => y,
        Err(e) => {
            tracing::warn!(error = %e, "could not tell which years to index");
            return;
        }
    };
    for year in years {
        match index::index_year(deps, &indexes, year, false).await {
            Ok(r) => {
                tracing::info!(year, documents = r.documents, added = r.added, removed = r.removed, "index updated")
            }
            Err(e) => tracing::warn!(year, error = %e, "index update failed; the search keeps the index before it"),
        }
    }
}

async fn serve(args: ServeArgs) -> Result<()> {
    use feedhound::web::{LocalIndexes, Web, WebSettings};
    let embedded = open_fetching(&args.data.dir, &args.fetch).await?;
    let lookup = |k: &str| std::env::var(k).ok();
    let mut http = http_config_from_lookup(&lookup)?;
    http.resolve.extend(args.fetch.resolve.iter().cloned());
    let settings = WebSettings::from_lookup(&lookup, &http)?;
    if settings.operator_token.is_none() {
        eprintln!("operator actions are off: set FEEDHOUND_OPERATOR_TOKEN (16 characters or more) to use /operator");
    }
    let wake = Arc::new(tokio::sync::Notify::new());
    let web = Web::new(
        embedded.deps().clone(),
        Arc::new(LocalIndexes::new(embedded.dir())),
        Some(embedded.stats_log()),
        settings,
        Some(Arc::clone(&wake)),
    )
    .await?;
    let listener =
        tokio::net::TcpListener::bind(args.listen).await.with_context(|| format!("listening on {}", args.listen))?;
    let addr = listener.local_addr()?;
    update_index(&embedded).await;

    let stop = Arc::new(AtomicBool::new(false));
    let progress = Arc::new(Progress::default());
    let crawler = (!args.no_crawl).then(|| {
        let (embedded, progress, stop, wake) =
            (embedded.clone(), Arc::clone(&progress), Arc::clone(&stop), Arc::clone(&wake));
        let options = CrawlOptions { workers: args.workers, idle_horizon: Duration::from_secs(60), max_tasks: None };
        tokio::spawn(async move { embedded.crawl_until_stopped(&options, progress, stop, wake).await })
    });
    let indexer = {
        let (embedded, progress, stop) = (embedded.clone(), Arc::clone(&progress), Arc::clone(&stop));
        let every = Duration::from_secs(args.index_every_secs.max(1));
        tokio::spawn(async move {
            let mut seen = progress.tasks.load(Ordering::SeqCst);
            while !stop.load(Ordering::SeqCst) {
                tokio::time::sleep(every).await;
                let now = progress.tasks.load(Ordering::SeqCst);
                if now != seen {
                    seen = now;
                    update_index(&embedded).await;
                }
            }
        })
    };
    let _ = std::fs::write(serving_file(embedded.dir()), format!("http://{addr}/\n"));
    println!("serving http://{addr}/  (search; /report: the crawl report; /bot: for site owners; /operator)");
    if args.no_crawl {
        println!("not crawling (--no-crawl): suggestions and rescans wait for the next `feedhound crawl`");
    }
    let _ = std::io::stdout().flush();
    let shutdown = {
        let (stop, wake) = (Arc::clone(&stop), Arc::clone(&wake));
        async move {
            let _ = tokio::signal::ctrl_c().await;
            eprintln!("stopping: finishing tasks in flight (nothing is lost)");
            stop.store(true, Ordering::SeqCst);
            wake.notify_one();
        }
    };
    axum::serve(listener, web.router().into_make_service_with_connect_info::<std::net::SocketAddr>())
        .with_graceful_shutdown(shutdown)
        .await
        .context("serving")?;
    stop.store(true, Ordering::SeqCst);
    wake.notify_one();
    indexer.abort();
    if let Some(crawler) = crawler {
        match crawler.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => eprintln!("the crawl stopped with an error: {e}"),
            Err(e) => eprintln!("the crawl stopped: {e}"),
        }
    }
    update_index(&embedded).await;
    embedded.flush_stats().await;
    let _ = std::fs::remove_file(serving_file(embedded.dir()));
    Ok(())
}

async fn report_cmd(data: &DataArg, days: u64, html: Option<&std::path::Path>, json: bool) -> Result<bool> {
    if !data.dir.join("state.redb").exists() {
        bail!("no data directory at {} (run `feedhound crawl` first)", data.dir.display());
    }
    let embedded = open(&data.dir, Vec::new(), false).await?;
    let window = i64::try_from(days.saturating_mul(24 * 3600 * 1000)).unwrap_or(i64::MAX / 2);
    let now = embedded.deps().clock.now();
    let since = feedhound::model::Timestamp::from_millis(now.as_millis().saturating_sub(window));
    let log = embedded.stats_log();
    let report = feedhound::report::gather(embedded.deps(), Some(&log), since).await?;
    if let Some(path) = html {
        let page = feedhound::web::pages::report(&report, None).into_string();
        std::fs::write(path, page).with_context(|| format!("writing {}", path.display()))?;
        println!("wrote {}", path.display());
        return Ok(true);
    }
    if json {
        println!("{}", safe_json(&serde_json::to_string(&report)?));
        return Ok(true);
    }
    print_report(&report);
    Ok(true)
}

fn print_report(r: &feedhound::report::Report) {
    let t = &r.totals;
    println!("crawl report, {} to {}", r.since.to_rfc3339(), r.generated_at.to_rfc3339());
    let states: std::collections::BTreeMap<String, u64> = r.status.urls.clone();
    println!("URLs: {}{}", r.status.total_urls, counts_line(&states));
    println!("requests: {}{}", t.request_count(), counts_line(&t.requests));
    if !t.agents.is_empty() {
        let agents: Vec<String> = t.agents.iter().map(|(a, n)| format!("{a} {n}")).collect();
        println!("  by agent: {}", agents.join(", "));
    }
    match t.not_modified_ratio() {
        Some(ratio) => {
            println!("feed polls answered: {}, 304 Not Modified: {} ({:.1}%)", t.polls, t.not_modified, 100.0 * ratio)
        }
        None => println!("feed polls answered: 0"),
    }
    match t.min_gap_ms {
        Some(g) => println!(
            "smallest gap granted between two requests to a host: {g:.0} ms (configured now: {} ms){}",
            r.configured_gap_ms,
            if r.gap_violated() {
                format!("; BELOW THE GAP CONFIGURED THEN in {} minutes", r.totals.gap_violations)
            } else {
                String::new()
            }
        ),
        None => println!("smallest gap granted: no host was asked twice"),
    }
    if !t.holds.is_empty() {
        println!("holds begun:{}", counts_line(&t.holds));
    }
    let held = r.held();
    println!("hosts held now: {}", held.len());
    for h in held.iter().take(10) {
        println!(
            "  {} until {} ({})",
            h.host,
            h.held_until.map(feedhound::model::Timestamp::to_rfc3339).unwrap_or_default(),
            h.hold_reason.as_deref().unwrap_or("")
        );
    }
    let list =
        |title: &str, rows: Vec<&feedhound::report::HostLine>, value: fn(&feedhound::report::HostLine) -> u64| {
            if !rows.is_empty() {
                println!("{title}:");
                for h in rows {
                    println!("  {:>6}  {}", value(h), h.host);
                }
            }
        };
    list("top hosts by pages stored", r.top_by_pages(10), |h| h.stored);
    list("top hosts by errors", r.top_by_errors(10), |h| h.errors);
    if !r.runs.is_empty() {
        println!("sampler runs:");
        for run in &r.runs {
            println!(
                "  {}  {} re-checked, {} gone or missing ({:.1}%)",
                run.at,
                run.checked,
                run.dead,
                100.0 * run.dead_link_rate
            );
        }
    }
}

/// What `status` lists.
enum StatusList {
    /// Counts of URLs, feeds and sites.
    Summary,
    /// The URLs in one state.
    Urls(String),
    /// Every feed.
    Feeds,
    /// Every site.
    Sites,
}

/// The state of a crawl: the data directory's, or with `--aws` the deployment's. The
/// summary reads the store's counters (never the URLs); `--json` adds the feeds and sites;
/// `--state` reads every URL (an operator's full read).
async fn status(target: &OperatorArgs, json: bool, list: StatusList) -> Result<bool> {
    use feedhound::embedded::{feed_list, site_list, status_report};
    if !target.aws && !target.data.dir.join("state.redb").exists() {
        bail!("no data directory at {} (run `feedhound crawl` first)", target.data.dir.display());
    }
    let deps = operator_deps(target).await?;
    match list {
        StatusList::Urls(wanted) => {
            if !feedhound::model::UrlState::NAMES.contains(&wanted.as_str()) {
                bail!("unknown state {wanted:?}; states are {}", feedhound::model::UrlState::NAMES.join(", "));
            }
            for entry in deps.repos().urls.all().await?.into_iter().filter(|u| u.state.name() == wanted) {
                println!("{}", safe_json(&serde_json::to_string(&entry)?));
            }
        }
        StatusList::Feeds => {
            for f in feed_list(&deps).await? {
                println!("{}", if json { safe_json(&serde_json::to_string(&f)?) } else { feed_line(&f) });
            }
        }
        StatusList::Sites => {
            for s in site_list(&deps).await? {
                println!("{}", if json { safe_json(&serde_json::to_string(&s)?) } else { site_line(&s) });
            }
        }
        StatusList::Summary if json => {
            let mut v = serde_json::to_value(status_report(&deps).await?)?;
            v["feed_list"] = serde_json::to_value(feed_list(&deps).await?)?;
            v["site_list"] = serde_json::to_value(site_list(&deps).await?)?;
            println!("{}", safe_json(&v.to_string()));
        }
        StatusList::Summary => print_status(&status_report(&deps).await?),
    }
    Ok(true)
}

/// An offline tool: the bytes of a file and its URL (if any) in, a JSON object out, with
/// what the reader should know in its `"warnings"` list.
/// An offline tool: a saved document's bytes, the URL it came from, and the `Content-Type`
/// it was served with (its `charset` reads a document that declares none).
type FileTool = fn(&[u8], Option<&Url>, Option<&str>) -> Result<serde_json::Value, String>;

/// The URL an offline request names: none when it is missing or empty; an unusable one is
/// left out with a warning, never an error (the tools work without a URL).
fn request_url(url: Option<&str>, warnings: &mut Vec<String>) -> Option<Url> {
    let url = url.map(str::trim).filter(|u| !u.is_empty())?;
    match normalize_url(url) {
        Ok(u) => Some(u),
        Err(e) => {
            warnings.push(format!("URL {url:?} not used ({e}); relative links are left out"));
            None
        }
    }
}

fn extract_json(bytes: &[u8], url: Option<&Url>, content_type: Option<&str>) -> Result<serde_json::Value, String> {
    let html = feedhound::parse::html::decode_html(bytes, content_type);
    let a = feedhound::parse::article::extract(&html, url);
    let mut warnings = Vec::new();
    if url.is_none() {
        warnings.push(
            "no URL: relative image and canonical links are read against the page's canonical link or og:url, \
             else left out"
                .to_owned(),
        );
    }
    Ok(serde_json::json!({
        "title": a.title, "text": a.text, "image": a.images.first().map(|i| &i.url),
        "canonical": a.canonical, "published": a.published, "author": a.author,
        "lang": a.lang, "site_name": a.site_name, "sources": a.sources, "warnings": warnings,
    }))
}

fn parse_feed_json(bytes: &[u8], url: Option<&Url>, content_type: Option<&str>) -> Result<serde_json::Value, String> {
    let feed = feedhound::parse::feed::parse_served_feed(bytes, url, content_type).map_err(|e| e.to_string())?;
    serde_json::to_value(feed).map_err(|e| e.to_string())
}

fn discover_json(bytes: &[u8], url: Option<&Url>, content_type: Option<&str>) -> Result<serde_json::Value, String> {
    let text = feedhound::parse::html::decode_html(bytes, content_type);
    let mut warnings = Vec::new();
    if url.is_none() {
        warnings.push("no URL: only absolute feed links are found".to_owned());
    }
    Ok(serde_json::json!({ "feeds": feedhound::parse::html::feed_links(&text, url, 3), "warnings": warnings }))
}

/// Run `tool`, adding the URL's warnings to its answer's `"warnings"`; with `to_stderr`
/// (one file, not `--jsonl`) they are also printed there.
fn run_tool(
    tool: FileTool,
    bytes: &[u8],
    (url, content_type): (Option<&str>, Option<&str>),
    to_stderr: bool,
) -> Result<serde_json::Value, String> {
    let mut warnings = Vec::new();
    let url = request_url(url, &mut warnings);
    // A bug in a parser fails this request, never the batch.
    let mut value = std::panic::catch_unwind(|| tool(bytes, url.as_ref(), content_type))
        .unwrap_or_else(|p| Err(format!("internal error: {}", feedhound::panic_message(p.as_ref()))))?;
    if let Some(map) = value.as_object_mut() {
        let list = map.entry("warnings").or_insert_with(|| serde_json::Value::Array(Vec::new()));
        if let Some(list) = list.as_array_mut() {
            for w in warnings.into_iter().rev() {
                list.insert(0, w.into());
            }
            for w in list.iter().filter_map(serde_json::Value::as_str).filter(|_| to_stderr) {
                eprintln!("warning: {w}");
            }
        }
        // The list is there when there is something to say.
        if map.get("warnings").and_then(serde_json::Value::as_array).is_some_and(Vec::is_empty) {
            map.remove("warnings");
        }
    }
    Ok(value)
}

/// The largest document an offline tool reads out of a gzip file.
const GUNZIP_LIMIT: u64 = 256 * 1024 * 1024;

/// A saved document's bytes; a gzip file (a saved `page.html.gz`) is read uncompressed.
fn saved_file(path: &std::path::Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let bytes = std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return Ok(bytes);
    }
    let mut out = Vec::new();
    flate2::read::MultiGzDecoder::new(bytes.as_slice())
        .take(GUNZIP_LIMIT + 1)
        .read_to_end(&mut out)
        .map_err(|e| format!("reading {}: broken gzip: {e}", path.display()))?;
    if out.len() as u64 > GUNZIP_LIMIT {
        return Err(format!("reading {}: more than {GUNZIP_LIMIT} bytes uncompressed", path.display()));
    }
    Ok(out)
}

/// Run an offline tool on one file (exit 1 with `{"error"}` when it fails), or on every
/// `{"id","file","url"}` line of stdin (`{"id","error"}` for a line that fails); a line
/// may carry the document itself as `"content"` (or `"html"`) instead of a `"file"`. Lines
/// are answered on `threads` threads (one per core when `None`), in the order they came.
fn file_tool(
    file: Option<&std::path::Path>,
    served: (Option<&str>, Option<&str>),
    jsonl: bool,
    threads: Option<usize>,
    tool: FileTool,
) -> Result<bool> {
    if !jsonl {
        let mut out = std::io::stdout().lock();
        let file = file.context("a FILE is needed")?;
        let bytes = saved_file(file).map_err(anyhow::Error::msg)?;
        return Ok(match run_tool(tool, &bytes, served, true) {
            Ok(v) => {
                writeln!(out, "{}", safe_json(&v.to_string()))?;
                true
            }
            Err(e) => {
                writeln!(out, "{}", serde_json::json!({ "error": e }))?;
                false
            }
        });
    }
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    answer_in_order(std::io::stdin().lines(), threads, std::io::stdout(), |n, line| answer_request(tool, n, line))
        .context("answering requests on stdin")?;
    Ok(true)
}

/// The JSON line that answers request line `n` (counted from 0) of a `--jsonl` run.
fn answer_request(tool: FileTool, n: usize, line: &str) -> String {
    let reply = match serde_json::from_str::<serde_json::Value>(line) {
        Err(e) => serde_json::json!({ "id": null, "error": format!("line {}: {e}", n + 1) }),
        Ok(req) => {
            let id = req.get("id").cloned().unwrap_or(serde_json::Value::Null);
            let field = |k: &str| req.get(k).and_then(serde_json::Value::as_str).map(str::to_owned);
            let document = match (field("file"), field("content").or_else(|| field("html"))) {
                (Some(f), _) => saved_file(std::path::Path::new(&f)),
                (None, Some(content)) => Ok(content.into_bytes()),
                (None, None) => Err("no \"file\" (or \"content\") field".to_owned()),
            };
            let (url, content_type) = (field("url"), field("content_type"));
            let result = document.and_then(|b| run_tool(tool, &b, (url.as_deref(), content_type.as_deref()), false));
            match result {
                Ok(serde_json::Value::Object(mut map)) => {
                    map.insert("id".into(), id);
                    serde_json::Value::Object(map)
                }
                Ok(other) => serde_json::json!({ "id": id, "result": other }),
                Err(e) => serde_json::json!({ "id": id, "error": e }),
            }
        }
    };
    safe_json(&reply.to_string())
}

/// Answers the non-empty `lines` on `threads` threads at once and writes each answer as a
/// line of `out`, in the order of the lines: a slow line holds back the answers after it,
/// never the work on them. At most four lines a thread are read ahead of the last answer
/// written, so a batch of any length takes the memory of a few pages. `answer` is given
/// each line's number among all lines, counted from 0; a panic in it answers that line
/// with an `{"error"}` and the others go on. Stops at the first error reading a line or
/// writing an answer, and returns it once the answers to the lines read are written.
fn answer_in_order<W: Write + Send>(
    lines: impl Iterator<Item = std::io::Result<String>>,
    threads: usize,
    mut out: W,
    answer: impl Fn(usize, &str) -> String + Sync,
) -> std::io::Result<()> {
    use std::sync::{Mutex, mpsc};
    let threads = threads.max(1);
    let ahead = 4 * threads;
    // A ticket for each line read and not yet answered in `out`; the writer hands them back.
    let (hand_back, tickets) = mpsc::sync_channel::<()>(ahead);
    for _ in 0..ahead {
        let _ = hand_back.send(());
    }
    let (to_work, work) = mpsc::sync_channel::<(usize, usize, String)>(ahead);
    let work = Arc::new(Mutex::new(work));
    let (to_write, answers) = mpsc::channel::<(usize, String)>();
    std::thread::scope(|s| {
        for _ in 0..threads {
            let (work, to_write, answer) = (Arc::clone(&work), to_write.clone(), &answer);
            s.spawn(move || {
                loop {
                    let job = work.lock().map_err(drop).and_then(|w| w.recv().map_err(drop));
                    let Ok((seq, n, line)) = job else { break };
                    let text = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| answer(n, &line)))
                        .unwrap_or_else(|p| {
                            let error =
                                format!("line {}: internal error: {}", n + 1, feedhound::panic_message(p.as_ref()));
                            serde_json::json!({ "id": null, "error": error }).to_string()
                        });
                    if to_write.send((seq, text)).is_err() {
                        break;
                    }
                }
            });
        }
        // The workers hold the only ends left: when they stop, the reader and the writer
        // are told.
        drop((work, to_write));
        let writer = s.spawn(move || -> std::io::Result<()> {
            let mut waiting = std::collections::BTreeMap::new();
            let mut next = 0;
            for (seq, text) in answers {
                waiting.insert(seq, text);
                while let Some(text) = waiting.remove(&next) {
                    writeln!(out, "{text}")?;
                    next += 1;
                    let _ = hand_back.send(());
                }
            }
            out.flush()
        });
        let mut read = Ok(());
        let mut seq = 0;
        for (n, line) in lines.enumerate() {
            let line = match line {
                Ok(line) => line,
                Err(e) => {
                    read = Err(e);
                    break;
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            if tickets.recv().is_err() || to_work.send((seq, n, line)).is_err() {
                break;
            }
            seq += 1;
        }
        drop(to_work);
        let written = writer.join().unwrap_or_else(|_| Err(std::io::Error::other("the writer stopped")));
        read.and(written)
    })
}

async fn work(workers: usize, idle_secs: u64, schedule: bool) -> Result<bool> {
    let deps = feedhound::lambda::deps_from_sdk_defaults().await?;
    if schedule {
        let n = feedhound::service::schedule::enqueue_due_feeds(&deps).await?;
        eprintln!("enqueued {n} due feeds");
    }
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = Arc::clone(&stop);
        tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_ok() {
                stop.store(true, Ordering::SeqCst);
            }
        });
    }
    {
        // Tasks parked beyond SQS's 15-minute delay come back when due.
        let (deps, stop) = (deps.clone(), Arc::clone(&stop));
        tokio::spawn(async move {
            while !stop.load(Ordering::SeqCst) {
                if let Err(e) = feedhound::service::park::release_due(&deps).await {
                    tracing::warn!(error = %e, "sweeping parked tasks failed; will retry");
                }
                tokio::time::sleep(Duration::from_secs(30)).await;
            }
        });
    }
    let options = feedhound::service::worker::WorkerOptions {
        workers,
        stop_when_idle: (idle_secs > 0).then(|| Duration::from_secs(idle_secs)),
    };
    let stats = feedhound::service::worker::run_workers(&deps, &options, stop).await?;
    println!(
        "{}",
        serde_json::json!({ "done": stats.done.load(Ordering::SeqCst), "failed": stats.failed.load(Ordering::SeqCst) })
    );
    Ok(true)
}

async fn operator_deps(target: &OperatorArgs) -> Result<feedhound::service::Deps> {
    if target.aws {
        return Ok(feedhound::lambda::deps_from_sdk_defaults().await?);
    }
    Ok(open(&target.data.dir, Vec::new(), false).await?.deps().clone())
}

fn year_indexes(data: &DataArg) -> feedhound::search::YearIndexes {
    feedhound::search::YearIndexes::new(&data.dir.join("index"))
}

async fn index_cmd(data: &DataArg, year: Option<i32>, rebuild: bool, json: bool) -> Result<bool> {
    use feedhound::service::index;
    let embedded = open(&data.dir, Vec::new(), false).await?;
    let deps = embedded.deps();
    let indexes = year_indexes(data);
    let years = index::years_to_index(deps, &indexes, year, rebuild).await?;
    for y in years {
        let report = index::index_year(deps, &indexes, y, rebuild).await?;
        if json {
            println!(
                "{}",
                serde_json::json!({
                    "year": report.year, "documents": report.documents, "added": report.added,
                    "removed": report.removed, "bytes": report.bytes,
                })
            );
        } else {
            println!(
                "{}: {} pages indexed ({} added, {} removed; {} KB)",
                report.year,
                report.documents,
                report.added,
                report.removed,
                report.bytes.div_ceil(1000)
            );
        }
    }
    Ok(true)
}

async fn search_cmd(
    data: &DataArg,
    query: &str,
    year: Option<i32>,
    limit: usize,
    json: bool,
    aws: bool,
) -> Result<bool> {
    let years: Vec<i32> = year.into_iter().collect();
    let hits = if aws {
        let Some(url) = std::env::var("FEEDHOUND_SEARCH_URL").ok().filter(|u| !u.is_empty()) else {
            bail!(
                "FEEDHOUND_SEARCH_URL is not set: set it to the stack's SearchUrl output (`source \
                 target/local-stack/env` after infra/deploy-local.sh)"
            );
        };
        let client = feedhound::adapters::aws::FunctionUrlClient::from_env(&url).await.map_err(anyhow::Error::msg)?;
        client.search(query, &years, limit).await.map_err(anyhow::Error::msg)?
    } else {
        let indexes = year_indexes(data);
        if indexes.years()?.is_empty() {
            anyhow::bail!("no index in {}: run `feedhound index` first", data.dir.display());
        }
        indexes.search(query, &years, limit)?
    };
    if json {
        println!("{}", serde_json::to_string(&hits)?);
        return Ok(true);
    }
    if hits.is_empty() {
        println!("no page matches {query:?}");
    }
    for (i, h) in hits.iter().enumerate() {
        println!("{}. {}", i + 1, h.title);
        println!("   {}", h.url);
        let about: Vec<&str> = [h.published.as_deref(), h.site.as_deref()].into_iter().flatten().collect();
        if !about.is_empty() {
            println!("   {}", about.join(" · "));
        }
        println!("   {}", h.marked_snippet("*", "*"));
    }
    Ok(true)
}

/// What carries out a queued task: the deployment, or a local crawl.
fn next_step(target: &OperatorArgs) -> &'static str {
    if target.aws { "; the deployment carries it out" } else { "; run `feedhound crawl` to carry it out" }
}

async fn block_cmd(target: &OperatorArgs, domain: Option<&str>, block: bool) -> Result<bool> {
    let deps = operator_deps(target).await?;
    match domain {
        None => {
            for d in &feedhound::service::gate::blocklist(&deps).await?.domains {
                println!("{d}");
            }
        }
        Some(d) => {
            let out = feedhound::service::operator::set_blocked(&deps, d, block).await?;
            let verb = if block { "blocked" } else { "unblocked" };
            let note = if out.changed { "" } else { " (no change)" };
            println!("{verb} {}{note}; {} waiting URLs excluded", out.domain, out.excluded);
        }
    }
    Ok(true)
}

/// The token robots.txt groups are matched on: a full user agent (`Name/1.0 (...)`)
/// gives its product token; anything else is used as given.
fn robots_token(agent: &str) -> String {
    let agent = agent.trim();
    if agent.contains('/') { feedhound::parse::robots::product_token(agent).to_owned() } else { agent.to_owned() }
}

fn robots_allowed(body: &[u8], agent: &str, url: &str) -> bool {
    let rules = RobotsRules::parse(body, &robots_token(agent));
    match url::Url::parse(url) {
        Ok(u) => rules.allowed(&u),
        Err(_) => rules.allowed_path(url),
    }
}

fn robots_cmd(file: Option<&std::path::Path>, agent: &str, url: Option<&str>, jsonl: bool) -> Result<bool> {
    if !jsonl {
        let file = file.context("a robots.txt FILE is needed")?;
        let body = saved_file(file).map_err(anyhow::Error::msg)?;
        let allowed = robots_allowed(&body, agent, url.context("--url is needed")?);
        println!("{}", if allowed { "allowed" } else { "disallowed" });
        return Ok(true);
    }
    let mut out = std::io::stdout().lock();
    for (n, line) in std::io::stdin().lines().enumerate() {
        let line = line.context("reading stdin")?;
        if line.trim().is_empty() {
            continue;
        }
        let reply = match serde_json::from_str::<serde_json::Value>(&line) {
            Ok(v) => {
                let field = |k: &str| v.get(k).and_then(serde_json::Value::as_str).unwrap_or_default().to_owned();
                let allowed = robots_allowed(field("robots_txt").as_bytes(), &field("user_agent"), &field("url"));
                serde_json::json!({ "id": v.get("id").cloned().unwrap_or(serde_json::Value::Null), "allowed": allowed })
            }
            Err(e) => serde_json::json!({ "id": null, "error": format!("line {}: {e}", n + 1) }),
        };
        writeln!(out, "{reply}")?;
    }
    Ok(true)
}

/// JSON for line-based readers: U+2028, U+2029 and U+0085 escaped.
fn safe_json(s: &str) -> String {
    s.replace('\u{2028}', "\\u2028").replace('\u{2029}', "\\u2029").replace('\u{85}', "\\u0085")
}

fn main() -> std::process::ExitCode {
    init_tracing();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Offline(tool) => offline(&tool),
        // Only these start the async runtime and its threads.
        Command::Online(command) => tokio::runtime::Runtime::new()
            .context("starting the async runtime")
            .and_then(|rt| rt.block_on(run(command))),
    };
    let _ = std::io::stdout().flush();
    match result {
        Ok(true) => std::process::ExitCode::SUCCESS,
        Ok(false) => std::process::ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::from(2)
        }
    }
}

/// Runs an offline tool.
fn offline(tool: &Offline) -> Result<bool> {
    match tool {
        Offline::Extract { file, url, content_type, jsonl, threads } => file_tool(
            file.as_deref(),
            (url.as_deref(), content_type.as_deref()),
            *jsonl,
            threads.map(usize::from),
            extract_json,
        ),
        Offline::ParseFeed { file, url, content_type, jsonl, threads } => file_tool(
            file.as_deref(),
            (url.as_deref(), content_type.as_deref()),
            *jsonl,
            threads.map(usize::from),
            parse_feed_json,
        ),
        Offline::Discover { html, url, content_type, jsonl, threads } => file_tool(
            html.as_deref(),
            (url.as_deref(), content_type.as_deref()),
            *jsonl,
            threads.map(usize::from),
            discover_json,
        ),
        Offline::Robots { file, agent, url, jsonl } => robots_cmd(file.as_deref(), agent, url.as_deref(), *jsonl),
    }
}

/// Runs a command that crawls, serves or reads a deployment.
async fn run(command: Online) -> Result<bool> {
    match command {
        Online::Crawl(args) => crawl(args).await.map(|()| true),
        Online::Serve(args) => serve(args).await.map(|()| true),
        Online::Report { data, days, html, json } => report_cmd(&data, days, html.as_deref(), json).await,
        Online::Status { target, json, state, feeds, sites } => {
            let list = match (state, feeds, sites) {
                (Some(s), _, _) => StatusList::Urls(s),
                (None, true, _) => StatusList::Feeds,
                (None, false, true) => StatusList::Sites,
                (None, false, false) => StatusList::Summary,
            };
            status(&target, json, list).await
        }
        Online::AddSite { url, rescan, target } => {
            async {
                normalize_url(&url)?;
                let deps = operator_deps(&target).await?;
                match feedhound::service::discover::add_site(&deps, &url, rescan).await? {
                    feedhound::service::discover::AddSite::Queued => {
                        println!("queued discovery of {url}{}", next_step(&target));
                    }
                    feedhound::service::discover::AddSite::AlreadyKnown(status) => {
                        println!(
                            "{url} is known: {}; pass --rescan to discover it again",
                            serde_json::to_string(&status)?
                        );
                    }
                }
                Ok(true)
            }
            .await
        }
        Online::AddFeed { url, target } => {
            async {
                normalize_url(&url)?;
                let deps = operator_deps(&target).await?;
                match feedhound::service::poll::add_feed(&deps, &url).await? {
                    feedhound::service::poll::AddFeed::Queued => {
                        println!("queued a poll of {url}{}", next_step(&target));
                    }
                    feedhound::service::poll::AddFeed::AlreadyKnown => {
                        println!("{url} is known and polled on its schedule; `status --feeds` shows when");
                    }
                }
                Ok(true)
            }
            .await
        }
        Online::Sample { size, target } => {
            async {
                let deps = operator_deps(&target).await?;
                let n = feedhound::service::recheck::enqueue_sample(&deps, size).await?;
                println!("queued re-checks of {n} stored pages{}", next_step(&target));
                Ok(true)
            }
            .await
        }
        Online::Index { data, year, rebuild, json } => index_cmd(&data, year, rebuild, json).await,
        Online::Search { query, data, year, limit, json, aws } => {
            search_cmd(&data, &query.join(" "), year, limit, json, aws).await
        }
        Online::Work { workers, stop_when_idle_secs, schedule } => work(workers, stop_when_idle_secs, schedule).await,
        Online::Block { domain, target } => block_cmd(&target, Some(&domain), true).await,
        Online::Unblock { domain, target } => block_cmd(&target, Some(&domain), false).await,
        Online::Blocklist { target } => block_cmd(&target, None, false).await,
    }
}

#[cfg(test)]
mod tests {
    use tracing::Level;

    use super::*;

    /// Lines as stdin gives them.
    fn lines_of(lines: &[&str]) -> impl Iterator<Item = std::io::Result<String>> {
        lines.iter().map(|l| Ok((*l).to_owned())).collect::<Vec<_>>().into_iter()
    }

    #[test]
    fn batch_answers_come_in_the_order_of_the_requests_whatever_finishes_first() {
        // The first lines take longest: on four threads the later ones finish first.
        let lines: Vec<String> = (0..40).map(|i| if i % 7 == 3 { String::new() } else { format!("r{i}") }).collect();
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let mut out = Vec::new();
        answer_in_order(lines_of(&refs), 4, &mut out, |n, line| {
            std::thread::sleep(Duration::from_millis(40u64.saturating_sub(n as u64)));
            format!("{n}:{line}")
        })
        .unwrap();
        let want: Vec<String> =
            lines.iter().enumerate().filter(|(_, l)| !l.is_empty()).map(|(n, l)| format!("{n}:{l}")).collect();
        assert_eq!(String::from_utf8(out).unwrap().lines().collect::<Vec<_>>(), want);
    }

    #[test]
    fn a_panic_in_one_batch_answer_fails_that_line_and_the_rest_are_answered() {
        let mut out = Vec::new();
        answer_in_order(lines_of(&["a", "boom", "c"]), 2, &mut out, |_, line| {
            assert_ne!(line, "boom", "a parser bug");
            line.to_uppercase()
        })
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        let got: Vec<&str> = text.lines().collect();
        assert_eq!(got.len(), 3, "{text}");
        assert_eq!((got[0], got[2]), ("A", "C"));
        let error: serde_json::Value = serde_json::from_str(got[1]).unwrap();
        let said = error["error"].as_str().unwrap();
        assert!(said.starts_with("line 2: internal error") && said.contains("a parser bug"), "{said}");
    }

    #[test]
    fn a_batch_reads_only_a_few_lines_ahead_of_its_answers() {
        use std::sync::atomic::AtomicUsize;
        // Counts the answers written, so the reader can be held to its bound.
        struct Counted<'a>(&'a AtomicUsize);
        impl Write for Counted<'_> {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.0.fetch_add(buf.iter().filter(|&&b| b == b'\n').count(), Ordering::SeqCst);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let (read, written, most_ahead) = (AtomicUsize::new(0), AtomicUsize::new(0), AtomicUsize::new(0));
        let lines = (0..200).map(|i| {
            let ahead = read.fetch_add(1, Ordering::SeqCst) + 1 - written.load(Ordering::SeqCst);
            most_ahead.fetch_max(ahead, Ordering::SeqCst);
            Ok(format!("{i}"))
        });
        answer_in_order(lines, 2, Counted(&written), |_, line| {
            std::thread::sleep(Duration::from_micros(300));
            line.to_owned()
        })
        .unwrap();
        assert_eq!(written.load(Ordering::SeqCst), 200);
        // Eight tickets for two threads, and the line read while waiting for one.
        let most = most_ahead.load(Ordering::SeqCst);
        assert!((2..=9).contains(&most), "{most} lines read ahead of their answers");
    }

    #[test]
    fn a_batch_whose_answers_cannot_be_written_stops_with_the_error() {
        // Takes three answers, then its reader is gone.
        struct Closing(usize);
        impl Write for Closing {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                if self.0 == 0 {
                    return Err(std::io::Error::new(std::io::ErrorKind::BrokenPipe, "reader gone"));
                }
                self.0 -= buf.iter().filter(|&&b| b == b'\n').count().min(self.0);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let endless = (0..).map(|i| Ok(format!("{i}")));
        let error = answer_in_order(endless, 2, Closing(3), |_, line| line.to_owned()).unwrap_err();
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe);
    }

    #[test]
    fn a_batch_that_cannot_read_its_requests_answers_those_read_and_says_why() {
        let lines = vec![Ok("a".to_owned()), Err(std::io::Error::other("disk gone")), Ok("c".to_owned())];
        let mut out = Vec::new();
        let error = answer_in_order(lines.into_iter(), 3, &mut out, |_, line| line.to_owned()).unwrap_err();
        assert_eq!(error.to_string(), "disk gone");
        assert_eq!(String::from_utf8(out).unwrap(), "a\n");
    }

    #[test]
    fn the_log_filter_reads_levels_and_targets_and_says_what_it_cannot_read() {
        let (default, complaint) = log_filter(None);
        assert!(complaint.is_none());
        assert!(default.would_enable("feedhound::service", &Level::WARN));
        assert!(!default.would_enable("feedhound::service", &Level::INFO));
        assert!(!default.would_enable("html5ever::tree_builder", &Level::WARN));
        let (wanted, complaint) = log_filter(Some("info,feedhound=debug"));
        assert!(complaint.is_none());
        assert!(wanted.would_enable("feedhound::web", &Level::DEBUG));
        assert!(wanted.would_enable("reqwest", &Level::INFO));
        assert!(!wanted.would_enable("reqwest", &Level::DEBUG));
        let (fallback, complaint) = log_filter(Some("feedhound=loud"));
        assert!(complaint.is_some_and(|c| c.contains("feedhound=loud")));
        assert!(fallback.would_enable("feedhound", &Level::WARN) && !fallback.would_enable("feedhound", &Level::INFO));
    }
}
