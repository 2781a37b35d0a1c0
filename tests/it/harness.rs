//! Shared set-up: the emulator, uniquely named AWS resources, the fixture web, clients.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use aws_lambda_events::event::sqs::SqsEvent;
use feedhound::adapters::aws::{AwsClients, AwsConfig, DynamoStateStore, S3PageStore, SqsQueue, provision};
use feedhound::adapters::clock::{RandomJitter, SystemClock};
use feedhound::adapters::http::{HttpConfig, ReqwestHttpClient};
use feedhound::config::CrawlConfig;
use feedhound::model::{PageRecord, Stage};
use feedhound::ports::{Delivery, HttpClient};
use feedhound::service::Deps;
use feedhound_tests::FixtureWeb;
use serde_json::Value;

const HOW_TO_START: &str = "the integration tests need the AWS emulator. Run `bash tests/run.sh` (it installs and \
starts ministack), or start an emulator yourself and export AWS_ENDPOINT_URL=http://127.0.0.1:4566 \
AWS_REGION=us-east-1 AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test";

/// The emulator's endpoint; fails the test loudly when there is none.
pub fn require_emulator() -> String {
    let endpoint =
        std::env::var("AWS_ENDPOINT_URL").unwrap_or_else(|_| panic!("AWS_ENDPOINT_URL is not set: {HOW_TO_START}"));
    let url = url::Url::parse(&endpoint)
        .unwrap_or_else(|e| panic!("AWS_ENDPOINT_URL={endpoint:?} is not a URL ({e}): {HOW_TO_START}"));
    let host = url.host_str().unwrap_or("127.0.0.1").to_owned();
    let port = url.port_or_known_default().unwrap_or(4566);
    std::net::TcpStream::connect_timeout(
        &std::net::ToSocketAddrs::to_socket_addrs(&(host.as_str(), port)).unwrap().next().unwrap(),
        Duration::from_secs(2),
    )
    .unwrap_or_else(|e| panic!("no emulator answers at {endpoint} ({e}): {HOW_TO_START}"));
    for (k, v) in [("AWS_REGION", "us-east-1"), ("AWS_ACCESS_KEY_ID", "test"), ("AWS_SECRET_ACCESS_KEY", "test")] {
        assert!(std::env::var(k).is_ok(), "{k} is not set (use {k}={v} for the emulator): {HOW_TO_START}");
    }
    endpoint
}

/// AWS clients and a set of resources of this test's own.
pub struct AwsEnv {
    pub clients: AwsClients,
    pub config: AwsConfig,
}

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A name no other test (or earlier run) uses.
#[allow(clippy::disallowed_methods)]
pub fn unique(prefix: &str) -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
    format!("{prefix}-{}-{}-{}", std::process::id(), COUNTER.fetch_add(1, Ordering::SeqCst), nanos % 100_000)
}

/// Provision fresh queues, table and bucket on the emulator.
pub async fn aws_env() -> AwsEnv {
    require_emulator();
    let name = unique("fh");
    let config = AwsConfig { table: name.clone(), bucket: name.clone(), queue_prefix: name, s3_path_style: true };
    let clients = AwsClients::from_env(&config).await;
    provision(&clients, &config, 5).await.unwrap();
    AwsEnv { clients, config }
}

/// An HTTP client that reaches every virtual host of `web` on loopback.
pub fn fixture_http(web: &FixtureWeb) -> Arc<dyn HttpClient> {
    let mut config = HttpConfig { allow_private_addresses: true, ..HttpConfig::default() };
    config.resolve = web.resolve_args().iter().map(|r| r.parse().unwrap()).collect();
    config.read_timeout = Duration::from_secs(2);
    config.total_timeout = Duration::from_secs(5);
    Arc::new(ReqwestHttpClient::new(config).unwrap())
}

/// The production ports on the emulator, with the fixture web as the internet.
pub fn aws_deps(env: &AwsEnv, http: Arc<dyn HttpClient>) -> Deps {
    Deps {
        queue: Arc::new(SqsQueue::new(env.clients.sqs.clone(), env.config.queue_prefix.clone())),
        state: Arc::new(DynamoStateStore::new(env.clients.dynamodb.clone(), env.config.table.clone())),
        pages: Arc::new(S3PageStore::new(env.clients.s3.clone(), env.config.bucket.clone())),
        http,
        clock: Arc::new(SystemClock),
        jitter: Arc::new(RandomJitter::seeded(7)),
        config: Arc::new(CrawlConfig::for_tests()),
        gate_local: Arc::default(),
        metrics: Arc::new(feedhound::adapters::metrics::NoMetrics),
        classifier: None,
    }
}

/// An SQS event as Lambda would deliver these messages.
pub fn sqs_event(env: &AwsEnv, stage: Stage, deliveries: &[Delivery]) -> SqsEvent {
    let records: Vec<serde_json::Value> = deliveries
        .iter()
        .enumerate()
        .map(|(i, d)| {
            serde_json::json!({
                "messageId": format!("m-{i}-{}", d.receipt.len()),
                "receiptHandle": d.receipt,
                "body": d.body,
                "attributes": { "ApproximateReceiveCount": d.receive_count.to_string() },
                "messageAttributes": {},
                "eventSource": "aws:sqs",
                "eventSourceARN": format!("arn:aws:sqs:us-east-1:000000000000:{}-{}", env.config.queue_prefix, stage.as_str()),
                "awsRegion": "us-east-1"
            })
        })
        .collect();
    serde_json::from_value(serde_json::json!({ "Records": records })).unwrap()
}

/// Messages waiting on a stage's queue (visible and delayed), from the queue's attributes.
pub async fn queue_depth(env: &AwsEnv, stage: Stage, dead: bool) -> u64 {
    use aws_sdk_sqs::types::QueueAttributeName as A;
    let name = format!("{}-{}{}", env.config.queue_prefix, stage.as_str(), if dead { "-dlq" } else { "" });
    let url = env.clients.sqs.get_queue_url().queue_name(name).send().await.unwrap().queue_url().unwrap().to_owned();
    let attrs = env
        .clients
        .sqs
        .get_queue_attributes()
        .queue_url(url)
        .attribute_names(A::ApproximateNumberOfMessages)
        .attribute_names(A::ApproximateNumberOfMessagesDelayed)
        .attribute_names(A::ApproximateNumberOfMessagesNotVisible)
        .send()
        .await
        .unwrap();
    let a = attrs.attributes().unwrap();
    [A::ApproximateNumberOfMessages, A::ApproximateNumberOfMessagesDelayed, A::ApproximateNumberOfMessagesNotVisible]
        .iter()
        .map(|k| a.get(k).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0))
        .sum()
}

/// The `feedhound` binary built by `cargo build --workspace --bins`.
pub fn feedhound_bin() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().and_then(|d| d.parent()).unwrap().to_owned();
    let bin = dir.join("feedhound");
    assert!(
        bin.exists(),
        "{} is missing: run `cargo build --workspace --bins` first (tests/run.sh does)",
        bin.display()
    );
    bin
}

/// A fixture web with `sites` blogs of `articles` posts (and optionally the trouble hosts).
pub async fn fixture(sites: usize, articles: usize, trouble: bool) -> FixtureWeb {
    let web = FixtureWeb::start().await.unwrap();
    for i in 0..sites {
        web.add_site(feedhound_tests::Site::blog(&format!("site-{i}.test"), web.port(), articles));
    }
    if trouble {
        web.add_site(feedhound_tests::Site::trouble("trouble.test", web.port()));
        for s in feedhound_tests::Site::trouble_hosts("trouble.test", web.port()) {
            web.add_site(s);
        }
    }
    web
}

/// Assert the politeness promise on the fixture web's log: no two requests to one host
/// less than `gap_ms` apart.
pub fn assert_polite(web: &FixtureWeb, gap_ms: u64) {
    for (host, gap) in web.min_gaps() {
        assert!(
            gap >= gap_ms,
            "two requests to {host} only {gap} ms apart (log: {:?})",
            web.log().iter().filter(|r| r.host == host).collect::<Vec<_>>()
        );
    }
}

/// The `feedhound crawl` command for a fixture web, with `extra` arguments.
pub fn crawl_command(
    web: &FixtureWeb,
    data: &std::path::Path,
    feeds: &[String],
    extra: &[&str],
) -> tokio::process::Command {
    let mut cmd = tokio::process::Command::new(feedhound_bin());
    cmd.arg("crawl")
        .arg("--data")
        .arg(data)
        .arg("--allow-private-addresses")
        .arg("--json")
        .arg("--idle-horizon-secs")
        .arg("20");
    for f in feeds {
        cmd.arg("--feed").arg(f);
    }
    cmd.args(extra);
    for r in web.resolve_args() {
        cmd.arg("--resolve").arg(r);
    }
    cmd.env("FEEDHOUND_RETRY_BASE_MS", "300")
        .env("FEEDHOUND_READ_TIMEOUT_MS", "1500")
        .env("FEEDHOUND_TOTAL_TIMEOUT_MS", "5000")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    cmd
}

/// Run a crawl to its end and return its `--json` report.
pub async fn run_crawl(web: &FixtureWeb, data: &std::path::Path, feeds: &[String], extra: &[&str]) -> Value {
    run_crawl_env(web, data, feeds, extra, &[]).await
}

/// [`run_crawl`] with extra environment variables for the child.
pub async fn run_crawl_env(
    web: &FixtureWeb,
    data: &std::path::Path,
    feeds: &[String],
    extra: &[&str],
    envs: &[(&str, &str)],
) -> Value {
    let mut cmd = crawl_command(web, data, feeds, extra);
    cmd.envs(envs.iter().copied());
    let child = cmd.spawn().unwrap();
    let out = tokio::time::timeout(Duration::from_secs(180), child.wait_with_output())
        .await
        .expect("crawl finishes")
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "crawl failed: {stderr}");
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("crawl --json output: {e}: {}", String::from_utf8_lossy(&out.stdout)))
}

/// URL counts per state from a report.
pub fn counts(report: &Value) -> BTreeMap<String, u64> {
    serde_json::from_value(report["status"]["urls"].clone()).unwrap()
}

/// Every record under a data directory.
pub fn records(data: &std::path::Path) -> Vec<PageRecord> {
    let mut out = Vec::new();
    let mut stack = vec![data.join("pages")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "json") {
                out.push(serde_json::from_slice(&std::fs::read(&p).unwrap()).unwrap());
            }
        }
    }
    out
}
