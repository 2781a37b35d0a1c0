//! The politeness benchmark: N hosts × M new pages crawled by 100 workers, embedded and/or
//! through SQS + DynamoDB on the emulator, against the fixture web run as its own process.
//! Prints the total time against the politeness lower bound (the busiest host's requests ×
//! its gap), the smallest gap seen per host, violations, requests per page and crawler CPU
//! per page.
//!
//!   cargo run --release -p feedhound-tests --bin politeness-bench -- --hosts 20 --pages 10
//!   (add `--backend aws` with AWS_ENDPOINT_URL pointing at an emulator)

use std::collections::BTreeMap;
use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::Parser;
use feedhound::adapters::clock::{RandomJitter, SystemClock};
use feedhound::adapters::http::{HttpConfig, ReqwestHttpClient};
use feedhound::config::CrawlConfig;
use feedhound::embedded::{CrawlOptions, Embedded, Progress};
use feedhound_tests::LoggedRequest;

#[derive(Parser, Debug)]
struct Args {
    /// Hosts (blogs) to crawl.
    #[arg(long, default_value_t = 20)]
    hosts: usize,
    /// New pages per host.
    #[arg(long, default_value_t = 10)]
    pages: usize,
    /// Tasks run at once (the crawler's default unless given).
    #[arg(long, default_value_t = feedhound::embedded::DEFAULT_WORKERS)]
    workers: usize,
    /// Connections kept idle across all hosts (the crawler's `FEEDHOUND_MAX_IDLE_CONNECTIONS`).
    #[arg(long, default_value_t = feedhound::adapters::http::DEFAULT_MAX_IDLE_CONNECTIONS)]
    max_idle_connections: usize,
    /// How long the fixture web takes to answer each request, in milliseconds.
    #[arg(long, default_value_t = 0)]
    latency_ms: u64,
    /// `embedded`, `aws` (needs AWS_ENDPOINT_URL) or `both`.
    #[arg(long, default_value = "embedded")]
    backend: String,
}

/// User + system CPU of this process so far.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> =
        stat.rsplit_once(')').map(|(_, rest)| rest.split_whitespace().collect()).unwrap_or_default();
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    // Fields after the command name: utime is the 12th, stime the 13th (0-based 11, 12).
    Duration::from_millis((ticks(11) + ticks(12)) * 10)
}

struct Fixture {
    child: std::process::Child,
    port: u16,
    feeds: Vec<String>,
}

fn start_fixture(args: &Args, dir: &std::path::Path) -> Result<Fixture> {
    let (hosts, pages) = (args.hosts, args.pages);
    let exe = std::env::current_exe()?.with_file_name("fixture-web");
    let feeds_file = dir.join("feeds.txt");
    let mut child = std::process::Command::new(&exe)
        .args(["--port", "0", "--sites", &hosts.to_string(), "--articles", &pages.to_string(), "--feeds-file"])
        .arg(&feeds_file)
        .args(["--latency-ms", &args.latency_ms.to_string()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .with_context(|| format!("starting {} (build it with --bins)", exe.display()))?;
    let stdout = child.stdout.take().context("fixture stdout")?;
    let mut lines = std::io::BufReader::new(stdout).lines();
    let first = lines.next().context("fixture said nothing")??;
    // Keep draining: a closed pipe would kill the fixture at its next line of output.
    std::thread::spawn(move || lines.for_each(drop));
    let port: u16 = first.split("127.0.0.1:").nth(1).and_then(|r| r.split(' ').next()).context("no port")?.parse()?;
    let feeds = std::fs::read_to_string(&feeds_file)?.lines().map(str::to_owned).collect();
    Ok(Fixture { child, port, feeds })
}

async fn fixture_log(port: u16) -> Result<Vec<LoggedRequest>> {
    feedhound::adapters::http::install_tls_provider();
    let body = reqwest::get(format!("http://127.0.0.1:{port}{}", feedhound_tests::LOG_PATH)).await?.bytes().await?;
    Ok(serde_json::from_slice(&body)?)
}

fn http(port: u16, max_idle_connections: usize) -> Result<ReqwestHttpClient> {
    let config = HttpConfig {
        allow_private_addresses: true,
        max_idle_connections,
        resolve: vec![format!("*:{port}:127.0.0.1").parse().map_err(anyhow::Error::msg)?],
        ..HttpConfig::default()
    };
    Ok(ReqwestHttpClient::new(config)?)
}

/// The process's peak resident memory (VmHWM), in MiB.
fn peak_rss_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

/// CPU time the crawl spent extracting, measured apart: every article page the crawl
/// fetched is fetched again from the fixture web (after the crawl, outside its figures)
/// and run through the same decoding and extraction on one thread.
async fn extraction_cpu(port: u16, log: &[LoggedRequest]) -> Result<Duration> {
    use feedhound::ports::HttpClient;
    let client = http(port, feedhound::adapters::http::DEFAULT_MAX_IDLE_CONNECTIONS)?;
    let mut bodies = Vec::new();
    for r in log.iter().filter(|r| r.path.starts_with("/posts/") && r.status == 200 && r.method == "GET") {
        let url = url::Url::parse(&format!("http://{}:{port}{}", r.host, r.path))?;
        let resp = client.fetch(feedhound::ports::HttpRequest::get(url.clone(), feedhound::ports::Agent::Page)).await?;
        bodies.push((url, resp.body, resp.headers));
    }
    let started = std::time::Instant::now();
    for (url, body, headers) in &bodies {
        let ct = headers.iter().find(|(k, _)| k.eq_ignore_ascii_case("content-type")).map(|(_, v)| v.as_str());
        let html = feedhound::parse::html::decode_html(body, ct);
        std::hint::black_box(feedhound::parse::article::extract(&html, Some(url)));
    }
    Ok(started.elapsed())
}

#[allow(clippy::too_many_arguments)]
fn report(
    backend: &str,
    args: &Args,
    log: &[LoggedRequest],
    wall: Duration,
    cpu: Duration,
    stored: u64,
    extraction: Option<Duration>,
    peak_mib: Option<f64>,
) {
    let mut by_host: BTreeMap<&str, Vec<u64>> = BTreeMap::new();
    for r in log {
        by_host.entry(r.host.as_str()).or_default().push(r.at_ms);
    }
    let mut min_gaps = Vec::new();
    let mut all_gaps = Vec::new();
    let mut violations = 0;
    for times in by_host.values_mut() {
        times.sort_unstable();
        let gaps: Vec<u64> = times.windows(2).map(|w| w[1] - w[0]).collect();
        all_gaps.extend(gaps.iter().copied());
        violations += gaps.iter().filter(|g| **g < 1000).count();
        if let Some(g) = gaps.iter().min() {
            min_gaps.push(*g);
        }
    }
    let first = log.iter().map(|r| r.at_ms).min().unwrap_or(0);
    let last = log.iter().map(|r| r.at_ms).max().unwrap_or(0);
    let busiest = by_host.values().map(Vec::len).max().unwrap_or(0);
    let bound = Duration::from_secs(busiest.saturating_sub(1) as u64);
    let span = Duration::from_millis(last - first);
    println!(
        "backend {backend}: {} hosts × {} pages, {} workers, answers take {} ms",
        args.hosts, args.pages, args.workers, args.latency_ms
    );
    println!(
        "  requests            {} ({:.2} per stored page; each host: robots.txt + feed + pages)",
        log.len(),
        log.len() as f64 / stored.max(1) as f64
    );
    println!("  stored pages        {stored}");
    println!("  first→last request  {:.2} s", span.as_secs_f64());
    println!("  lower bound         {:.2} s (busiest host: {busiest} requests × 1 s gap)", bound.as_secs_f64());
    println!("  over the bound      {:+.1} %", (span.as_secs_f64() / bound.as_secs_f64().max(0.001) - 1.0) * 100.0);
    println!("  wall time           {:.2} s (start, idle detection and exit included)", wall.as_secs_f64());
    println!(
        "  smallest gap/host   min {} ms, max {} ms",
        min_gaps.iter().min().unwrap_or(&0),
        min_gaps.iter().max().unwrap_or(&0)
    );
    all_gaps.sort_unstable();
    let pct = |p: f64| all_gaps.get(((all_gaps.len() as f64 - 1.0) * p) as usize).copied().unwrap_or(0);
    println!(
        "  gaps (ms)           p50 {} p90 {} p99 {} max {}",
        pct(0.5),
        pct(0.9),
        pct(0.99),
        all_gaps.last().unwrap_or(&0)
    );
    println!("  violations (< 1 s)  {violations}");
    println!("  requests per second {:.0}", log.len() as f64 / span.as_secs_f64().max(0.001));
    println!(
        "  crawler CPU         {:.1} ms per page ({:.2} s in all)",
        cpu.as_secs_f64() * 1000.0 / stored.max(1) as f64,
        cpu.as_secs_f64()
    );
    let per_request = |d: Duration| d.as_secs_f64() * 1000.0 / log.len().max(1) as f64;
    if let Some(extraction) = extraction {
        println!(
            "  CPU per request     {:.2} ms: extraction {:.2} ms, the rest {:.2} ms",
            per_request(cpu),
            per_request(extraction),
            per_request(cpu.saturating_sub(extraction))
        );
    } else {
        println!("  CPU per request     {:.2} ms", per_request(cpu));
    }
    if let Some(peak) = peak_mib {
        println!("  peak memory         {peak:.0} MiB (the crawler's process, up to the end of the crawl)");
    }
}

async fn embedded(args: &Args) -> Result<()> {
    let dir = tempfile::tempdir()?;
    let mut fixture = start_fixture(args, dir.path())?;
    let data = dir.path().join("data");
    let e = Embedded::open(
        &data,
        Arc::new(http(fixture.port, args.max_idle_connections)?),
        CrawlConfig::default(),
        Arc::new(SystemClock),
        Arc::new(RandomJitter::from_os()),
    )
    .await?;
    for f in &fixture.feeds {
        e.add_feed(f).await?;
    }
    let (cpu0, t0) = (cpu_time(), Instant::now());
    let options = CrawlOptions { workers: args.workers, idle_horizon: Duration::from_secs(2), max_tasks: None };
    e.crawl(&options, Arc::new(Progress::default()), Arc::new(AtomicBool::new(false))).await?;
    let (wall, cpu) = (t0.elapsed(), cpu_time().saturating_sub(cpu0));
    let peak = peak_rss_mib();
    let stored = e.status().await?.urls.get("stored").copied().unwrap_or(0);
    let log = fixture_log(fixture.port).await?;
    let extraction = extraction_cpu(fixture.port, &log).await?;
    let _ = fixture.child.kill();
    report("embedded", args, &log, wall, cpu, stored, Some(extraction), Some(peak));
    Ok(())
}

async fn aws(args: &Args) -> Result<()> {
    use feedhound::adapters::aws::{AwsClients, AwsConfig, DynamoStateStore, S3PageStore, SqsQueue, provision};
    if std::env::var("AWS_ENDPOINT_URL").is_err() {
        bail!("--backend aws needs AWS_ENDPOINT_URL (an emulator; tests/run.sh shows how to start one)");
    }
    let dir = tempfile::tempdir()?;
    let mut fixture = start_fixture(args, dir.path())?;
    let name = format!("bench-{}", std::process::id());
    let config = AwsConfig { table: name.clone(), bucket: name.clone(), queue_prefix: name, s3_path_style: true };
    let clients = AwsClients::from_env(&config).await;
    provision(&clients, &config, 5).await?;
    let deps = feedhound::service::Deps {
        queue: Arc::new(SqsQueue::new(clients.sqs.clone(), config.queue_prefix.clone())),
        state: Arc::new(DynamoStateStore::new(clients.dynamodb.clone(), config.table.clone())),
        pages: Arc::new(S3PageStore::new(clients.s3.clone(), config.bucket.clone())),
        http: Arc::new(http(fixture.port, args.max_idle_connections)?),
        clock: Arc::new(SystemClock),
        jitter: Arc::new(RandomJitter::from_os()),
        config: Arc::new(CrawlConfig::default()),
        gate_local: Arc::default(),
        metrics: Arc::new(feedhound::adapters::metrics::NoMetrics),
        classifier: None,
    };
    for f in &fixture.feeds {
        feedhound::service::poll::register_feed(&deps, f, None).await?;
    }
    let (cpu0, t0) = (cpu_time(), Instant::now());
    feedhound::service::schedule::enqueue_due_feeds(&deps).await?;
    let options = feedhound::service::worker::WorkerOptions {
        workers: args.workers,
        stop_when_idle: Some(Duration::from_secs(8)),
    };
    feedhound::service::worker::run_workers(&deps, &options, Arc::new(AtomicBool::new(false))).await?;
    let (wall, cpu) = (t0.elapsed(), cpu_time().saturating_sub(cpu0));
    let counts = deps.repos().urls.counts().await?;
    let log = fixture_log(fixture.port).await?;
    let _ = fixture.child.kill();
    report(
        "aws (SQS + DynamoDB + S3 on the emulator)",
        args,
        &log,
        wall,
        cpu,
        counts.get("stored").copied().unwrap_or(0),
        None,
        Some(peak_rss_mib()),
    );
    Ok(())
}

#[tokio::main]
async fn main() -> Result<()> {
    let args = Args::parse();
    match args.backend.as_str() {
        "embedded" => embedded(&args).await,
        "aws" => aws(&args).await,
        "both" => {
            embedded(&args).await?;
            aws(&args).await
        }
        other => bail!("unknown backend {other:?}: embedded, aws or both"),
    }
}
