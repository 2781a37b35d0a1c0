//! The cost and footprint bench: the deployed functions' own bootstraps (what `sam build`
//! built) crawl a fixture web through the emulator, and every AWS request they make is
//! counted on the way. The bench plays the Lambda service: it serves each function the
//! Lambda runtime API on loopback, starts its bootstrap as a process, and drives it as the
//! queue triggers and schedules would (SQS batches of up to 10, partial batch failures,
//! the poll schedule). Between the functions and the emulator sits a counting proxy.
//!
//! It prints, per function, invocations, billed GB-seconds (at the template's memory
//! sizes), bootstrap size, cold start (process start to its first request for work) and
//! peak memory; then the requests by service, and the AWS cost per 1,000 and per 1,000,000
//! new pages with each list price beside its line.
//!
//!   bash tests/run.sh                  # or: sam build, and an emulator on AWS_ENDPOINT_URL
//!   cargo run --release -p feedhound-tests --bin cost-bench -- --hosts 10 --pages 20
//!
//! DynamoDB capacity is estimated from the item bytes the proxy sees (1 write unit per KB
//! written, 1 read unit per 4 KB read strongly, half that eventually consistent), and the
//! queue triggers' own polling while queues are empty is not counted (see the README).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use axum::body::Body;
use axum::extract::{Path as UrlPath, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use bytes::Bytes;
use clap::Parser;
use feedhound::adapters::aws::{AwsClients, AwsConfig, DynamoStateStore, S3PageStore, SqsQueue, provision};
use feedhound::model::Stage;
use feedhound::ports::{Delivery, PageStore, Queue};
use feedhound_tests::{FixtureWeb, Site};
use tokio::sync::{mpsc, oneshot};

#[derive(Parser, Debug)]
struct Args {
    /// Hosts (blogs) to crawl.
    #[arg(long, default_value_t = 10)]
    hosts: usize,
    /// New pages per host.
    #[arg(long, default_value_t = 20)]
    pages: usize,
    /// Where `sam build` put the bootstraps.
    #[arg(long, default_value = ".aws-sam/build")]
    build: PathBuf,
    /// Give up after this many seconds.
    #[arg(long, default_value_t = 900)]
    limit_secs: u64,
}

// List prices (us-east-1, on demand, as published; no free tier).
/// Lambda requests, per million.
const LAMBDA_REQUEST: f64 = 0.20;
/// Lambda duration, per GB-second, arm64 (the template's default architecture).
const LAMBDA_GB_S: f64 = 0.000_013_333_4;
/// Lambda duration, per GB-second, x86_64 (for the line printed beside the total).
const LAMBDA_GB_S_X86: f64 = 0.000_016_666_7;
/// SQS standard queue requests, per million (a request carries up to 10 messages).
const SQS_REQUEST: f64 = 0.40;
/// DynamoDB on-demand write request units, per million.
const DYNAMO_WRU: f64 = 0.625;
/// DynamoDB on-demand read request units, per million.
const DYNAMO_RRU: f64 = 0.125;
/// S3 Standard PUT, COPY, POST, LIST requests, per thousand.
const S3_PUT: f64 = 0.005;
/// S3 Standard GET and other requests, per thousand.
const S3_GET: f64 = 0.0004;
/// EventBridge Scheduler invocations, per million.
const SCHEDULER: f64 = 1.00;

/// The functions: template name, memory in MB (as the template sets it), stage.
const FUNCTIONS: [(&str, u32, Option<Stage>); 4] = [
    ("poller", 128, Some(Stage::Poll)),
    ("discoverer", 128, Some(Stage::Discover)),
    ("fetcher", 128, Some(Stage::Fetch)),
    ("extractor", 256, Some(Stage::Extract)),
];

// ---------------------------------------------------------------- the counting proxy

#[derive(Debug, Default)]
struct Counts {
    ops: Mutex<BTreeMap<String, u64>>,
    /// Estimated DynamoDB units, in thousandths.
    wru_milli: AtomicU64,
    rru_milli: AtomicU64,
}

impl Counts {
    fn add(&self, op: &str, n: u64) {
        if let Ok(mut ops) = self.ops.lock() {
            *ops.entry(op.to_owned()).or_default() += n;
        }
    }

    fn get(&self, prefix: &str) -> u64 {
        self.ops.lock().map(|o| o.iter().filter(|(k, _)| k.starts_with(prefix)).map(|(_, v)| v).sum()).unwrap_or(0)
    }
}

struct Proxy {
    upstream: String,
    client: reqwest::Client,
    counts: Arc<Counts>,
}

/// Units for `bytes` at `per` bytes a unit, in thousandths (at least one unit).
fn units_milli(bytes: usize, per: usize) -> u64 {
    u64::try_from(bytes.div_ceil(per).max(1)).unwrap_or(u64::MAX) * 1000
}

/// An item's index keys (`gsi1pk`, `gsi1sk`), if it has them.
fn index_keys(item: Option<&serde_json::Value>) -> Option<(String, String)> {
    let item = item?;
    Some((item["gsi1pk"]["S"].as_str()?.to_owned(), item["gsi1sk"]["S"].as_str()?.to_owned()))
}

/// Index writes of a change from `old` to `new` index keys.
fn index_writes(old: Option<&(String, String)>, new: Option<&(String, String)>) -> u64 {
    match (old, new) {
        (None, None) => 0,
        (Some(o), Some(n)) if o == n => 0,
        (Some(_), Some(_)) => 2,
        _ => 1,
    }
}

fn json_len(v: Option<&serde_json::Value>) -> usize {
    v.map_or(0, |v| v.to_string().len())
}

/// Count one request: its operation, and for DynamoDB its estimated capacity.
fn count(counts: &Counts, headers: &HeaderMap, method: &str, path: &str, request: &[u8], response: &[u8]) {
    let target = headers.get("x-amz-target").and_then(|v| v.to_str().ok()).unwrap_or("");
    if let Some(op) = target.strip_prefix("DynamoDB_20120810.") {
        counts.add(&format!("dynamodb:{op}"), 1);
        let req: serde_json::Value = serde_json::from_slice(request).unwrap_or_default();
        // Which kind of document: the partition key is `<namespace>#<id>`.
        let pk = req["Item"]["pk"]["S"].as_str().or_else(|| req["Key"]["pk"]["S"].as_str()).unwrap_or("");
        if let Some((ns, _)) = pk.split_once('#') {
            counts.add(&format!("by document: {op} {ns}"), 1);
        }
        let resp: serde_json::Value = serde_json::from_slice(response).unwrap_or_default();
        let strong = req["ConsistentRead"].as_bool() == Some(true);
        let read = |bytes: usize| units_milli(bytes, 4096) / if strong { 1 } else { 2 };
        // The index (keys only) is written when an item's index keys come, go or change:
        // one write per entry put or removed; a write that keeps them costs the index nothing.
        let old_keys = index_keys(resp.get("Attributes"));
        match op {
            "PutItem" => {
                let item = json_len(req.get("Item"));
                let index = index_writes(old_keys.as_ref(), index_keys(req.get("Item")).as_ref());
                counts.wru_milli.fetch_add(units_milli(item, 1024) + index * 1000, Ordering::Relaxed);
            }
            "UpdateItem" => {
                let item = json_len(req.get("ExpressionAttributeValues")).max(json_len(resp.get("Attributes")));
                let values = &req["ExpressionAttributeValues"];
                let new_keys = match (values[":gpk"]["S"].as_str(), values[":gsk"]["S"].as_str()) {
                    (Some(p), Some(k)) => Some((p.to_owned(), k.to_owned())),
                    // Counter updates never touch the index; put_any without keys removes them.
                    _ if req["UpdateExpression"].as_str().is_some_and(|e| e.contains("REMOVE")) => None,
                    _ => old_keys.clone(),
                };
                let index = index_writes(old_keys.as_ref(), new_keys.as_ref());
                counts.wru_milli.fetch_add(units_milli(item, 1024) + index * 1000, Ordering::Relaxed);
            }
            "DeleteItem" => {
                let item = json_len(resp.get("Attributes"));
                let index = index_writes(old_keys.as_ref(), None);
                counts.wru_milli.fetch_add(units_milli(item, 1024) + index * 1000, Ordering::Relaxed);
            }
            "TransactWriteItems" => {
                let items = req["TransactItems"].as_array().map_or(1, Vec::len);
                counts
                    .wru_milli
                    .fetch_add(2 * units_milli(request.len() / items.max(1), 1024) * items as u64, Ordering::Relaxed);
            }
            "GetItem" => {
                counts.rru_milli.fetch_add(read(json_len(resp.get("Item"))), Ordering::Relaxed);
            }
            "Query" | "Scan" => {
                counts.rru_milli.fetch_add(read(json_len(resp.get("Items"))), Ordering::Relaxed);
            }
            "BatchGetItem" => {
                counts.rru_milli.fetch_add(read(json_len(resp.get("Responses"))), Ordering::Relaxed);
            }
            _ => {}
        }
    } else if let Some(op) = target.strip_prefix("AmazonSQS.") {
        counts.add(&format!("sqs:{op}"), 1);
    } else {
        // S3, path-style: /bucket or /bucket/key.
        let has_key = path
            .trim_start_matches('/')
            .split_once('/')
            .is_some_and(|(_, k)| !k.split('?').next().unwrap_or("").is_empty());
        let op = match (method, has_key) {
            ("PUT" | "POST", _) => "s3:put",
            ("GET", false) => "s3:list",
            ("DELETE", _) => "s3:delete",
            _ => "s3:get",
        };
        counts.add(op, 1);
    }
}

async fn forward(State(p): State<Arc<Proxy>>, req: Request) -> Response {
    let (parts, body) = req.into_parts();
    let Ok(request) = axum::body::to_bytes(body, 256 << 20).await else {
        return status(StatusCode::BAD_REQUEST);
    };
    let path = parts.uri.path_and_query().map_or("/", |p| p.as_str()).to_owned();
    let mut upstream = p.client.request(parts.method.clone(), format!("{}{path}", p.upstream));
    for (k, v) in &parts.headers {
        if k != "host" && k != "content-length" {
            upstream = upstream.header(k, v);
        }
    }
    let Ok(resp) = upstream.body(request.clone()).send().await else {
        return status(StatusCode::BAD_GATEWAY);
    };
    let code = resp.status();
    let headers = resp.headers().clone();
    let response = resp.bytes().await.unwrap_or_default();
    count(&p.counts, &parts.headers, parts.method.as_str(), &path, &request, &response);
    let mut out = Response::new(Body::from(response));
    *out.status_mut() = code;
    for (k, v) in &headers {
        if k != "content-length" && k != "transfer-encoding" && k != "connection" {
            out.headers_mut().append(k, v.clone());
        }
    }
    out
}

fn status(code: StatusCode) -> Response {
    let mut r = Response::new(Body::empty());
    *r.status_mut() = code;
    r
}

async fn start_proxy(upstream: &str, counts: Arc<Counts>) -> Result<String> {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?;
    let addr = listener.local_addr()?;
    let proxy =
        Arc::new(Proxy { upstream: upstream.trim_end_matches('/').to_owned(), client: reqwest::Client::new(), counts });
    let app = axum::Router::new().fallback(forward).with_state(proxy);
    tokio::spawn(async move { axum::serve(listener, app).await });
    Ok(format!("http://{addr}"))
}

// ---------------------------------------------------------------- the Lambda runtime API

type Invocation = (String, oneshot::Sender<Result<String, String>>);

/// One function's runtime API: the bench hands it events, its bootstrap takes them.
struct Runtime {
    next: tokio::sync::Mutex<mpsc::Receiver<Invocation>>,
    pending: Mutex<BTreeMap<String, oneshot::Sender<Result<String, String>>>>,
    first_poll: Mutex<Option<Instant>>,
    ids: AtomicU64,
}

async fn next_invocation(State(rt): State<Arc<Runtime>>) -> Response {
    if let Ok(mut first) = rt.first_poll.lock() {
        first.get_or_insert_with(Instant::now);
    }
    let Some((event, reply)) = rt.next.lock().await.recv().await else {
        return status(StatusCode::GONE);
    };
    let id = format!("req-{}", rt.ids.fetch_add(1, Ordering::Relaxed));
    if let Ok(mut p) = rt.pending.lock() {
        p.insert(id.clone(), reply);
    }
    #[allow(clippy::disallowed_methods)]
    let deadline =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() + 300_000);
    let mut r = Response::new(Body::from(event));
    let h = r.headers_mut();
    for (k, v) in [
        ("lambda-runtime-aws-request-id", id.clone()),
        ("lambda-runtime-deadline-ms", deadline.to_string()),
        ("lambda-runtime-invoked-function-arn", "arn:aws:lambda:us-east-1:000000000000:function:bench".to_owned()),
        ("lambda-runtime-trace-id", "Root=1-00000000-000000000000000000000000".to_owned()),
    ] {
        if let Ok(v) = v.parse() {
            h.insert(k, v);
        }
    }
    r
}

async fn invocation_reply(
    State(rt): State<Arc<Runtime>>,
    UrlPath((id, kind)): UrlPath<(String, String)>,
    body: Bytes,
) -> Response {
    let reply = rt.pending.lock().ok().and_then(|mut p| p.remove(&id));
    if let Some(reply) = reply {
        let text = String::from_utf8_lossy(&body).into_owned();
        let _ = reply.send(if kind == "response" { Ok(text) } else { Err(text) });
    }
    status(StatusCode::ACCEPTED)
}

async fn init_error(body: Bytes) -> Response {
    eprintln!("a function failed to start: {}", String::from_utf8_lossy(&body));
    status(StatusCode::ACCEPTED)
}

/// A running function: its bootstrap process and the channel to invoke it.
struct Function {
    name: &'static str,
    memory_mb: u32,
    child: tokio::process::Child,
    invoke: mpsc::Sender<Invocation>,
    runtime: Arc<Runtime>,
    started: Instant,
    invocations: u64,
    billed_ms: u64,
    bootstrap_bytes: u64,
}

impl Function {
    async fn start(name: &'static str, memory_mb: u32, bootstrap: &Path, env: &[(String, String)]) -> Result<Self> {
        let (tx, rx) = mpsc::channel(1);
        let runtime = Arc::new(Runtime {
            next: tokio::sync::Mutex::new(rx),
            pending: Mutex::new(BTreeMap::new()),
            first_poll: Mutex::new(None),
            ids: AtomicU64::new(0),
        });
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?;
        let addr = listener.local_addr()?;
        let app = axum::Router::new()
            .route("/2018-06-01/runtime/invocation/next", axum::routing::get(next_invocation))
            .route("/2018-06-01/runtime/invocation/{id}/{kind}", axum::routing::post(invocation_reply))
            .route("/2018-06-01/runtime/init/error", axum::routing::post(init_error))
            .with_state(Arc::clone(&runtime));
        tokio::spawn(async move { axum::serve(listener, app).await });
        let bootstrap_bytes = std::fs::metadata(bootstrap).with_context(|| format!("{}", bootstrap.display()))?.len();
        let started = Instant::now();
        let child = tokio::process::Command::new(bootstrap)
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .env("AWS_LAMBDA_RUNTIME_API", addr.to_string())
            .env("AWS_LAMBDA_FUNCTION_NAME", format!("bench-{name}"))
            .env("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", memory_mb.to_string())
            .env("AWS_LAMBDA_FUNCTION_VERSION", "$LATEST")
            .env("AWS_LAMBDA_LOG_GROUP_NAME", format!("/aws/lambda/bench-{name}"))
            .env("AWS_LAMBDA_LOG_STREAM_NAME", "bench")
            .env("AWS_LAMBDA_LOG_FORMAT", "JSON")
            .env("AWS_LAMBDA_LOG_LEVEL", "WARN")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting {}", bootstrap.display()))?;
        Ok(Self { name, memory_mb, child, invoke: tx, runtime, started, invocations: 0, billed_ms: 0, bootstrap_bytes })
    }

    /// Invoke with `event`; returns the function's response.
    async fn call(&mut self, event: &serde_json::Value) -> Result<serde_json::Value> {
        let (reply, answer) = oneshot::channel();
        let began = Instant::now();
        self.invoke.send((event.to_string(), reply)).await.context("the function's runtime API is gone")?;
        let out = tokio::time::timeout(Duration::from_secs(300), answer).await.context("invocation timed out")??;
        let ms = u64::try_from(began.elapsed().as_millis()).unwrap_or(u64::MAX).max(1);
        self.invocations += 1;
        self.billed_ms += ms;
        match out {
            Ok(text) => Ok(serde_json::from_str(&text).unwrap_or(serde_json::Value::Null)),
            Err(e) => bail!("{} failed: {e}", self.name),
        }
    }

    fn cold_start(&self) -> Option<Duration> {
        self.runtime.first_poll.lock().ok().and_then(|f| f.map(|t| t.duration_since(self.started)))
    }

    fn peak_rss_kb(&self) -> Option<u64> {
        let pid = self.child.id()?;
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
    }

    fn gb_seconds(&self) -> f64 {
        f64::from(self.memory_mb) / 1024.0 * self.billed_ms as f64 / 1000.0
    }
}

fn sqs_event(stage: Stage, deliveries: &[Delivery], seq: &mut u64) -> serde_json::Value {
    let records: Vec<serde_json::Value> = deliveries
        .iter()
        .map(|d| {
            *seq += 1;
            serde_json::json!({
                "messageId": format!("bench-{seq}"),
                "receiptHandle": d.receipt,
                "body": d.body,
                "attributes": { "ApproximateReceiveCount": d.receive_count.to_string() },
                "messageAttributes": {},
                "eventSource": "aws:sqs",
                "eventSourceARN": format!("arn:aws:sqs:us-east-1:000000000000:bench-{}", stage.as_str()),
                "awsRegion": "us-east-1",
            })
        })
        .collect();
    serde_json::json!({ "Records": records })
}

#[tokio::main(flavor = "multi_thread", worker_threads = 4)]
#[allow(clippy::too_many_lines, clippy::cast_precision_loss)]
async fn main() -> Result<()> {
    let args = Args::parse();
    feedhound::adapters::http::install_tls_provider();
    let Ok(endpoint) = std::env::var("AWS_ENDPOINT_URL") else {
        bail!(
            "AWS_ENDPOINT_URL is not set: start the emulator (bash infra/deploy-local.sh starts one, or tests/run.sh)"
        );
    };
    for (k, v) in [("AWS_REGION", "us-east-1"), ("AWS_ACCESS_KEY_ID", "test"), ("AWS_SECRET_ACCESS_KEY", "test")] {
        if std::env::var(k).is_err() {
            bail!("{k} is not set (use {k}={v} for the emulator)");
        }
    }
    let bootstrap = |f: &str| {
        let mut name = f.to_owned();
        name[..1].make_ascii_uppercase();
        args.build.join(format!("{name}Function")).join("bootstrap")
    };
    for (f, _, _) in FUNCTIONS {
        if !bootstrap(f).exists() {
            bail!(
                "{} is missing: run `sam build` first (tests/run.sh and infra/deploy-local.sh do)",
                bootstrap(f).display()
            );
        }
    }

    // The web and the resources.
    let web = FixtureWeb::start().await?;
    let hosts: Vec<String> = (0..args.hosts).map(|i| format!("site-{i}.test")).collect();
    for h in &hosts {
        web.add_site(Site::blog(h, web.port(), args.pages));
    }
    #[allow(clippy::disallowed_methods)]
    let name =
        format!("cost-{}", std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_secs() % 1_000_000);
    let config =
        AwsConfig { table: name.clone(), bucket: name.clone(), queue_prefix: name.clone(), s3_path_style: true };
    let clients = AwsClients::from_env(&config).await;
    provision(&clients, &config, 5).await?;
    let queue = SqsQueue::new(clients.sqs.clone(), name.clone());
    let pages = S3PageStore::new(clients.s3.clone(), name.clone());
    let state = Arc::new(DynamoStateStore::new(clients.dynamodb.clone(), name.clone()));

    let counts = Arc::new(Counts::default());
    let proxy = start_proxy(&endpoint, Arc::clone(&counts)).await?;
    let env: Vec<(String, String)> = [
        ("AWS_ENDPOINT_URL", proxy.as_str()),
        ("AWS_REGION", "us-east-1"),
        ("AWS_ACCESS_KEY_ID", "test"),
        ("AWS_SECRET_ACCESS_KEY", "test"),
        ("FEEDHOUND_TABLE", &name),
        ("FEEDHOUND_BUCKET", &name),
        ("FEEDHOUND_QUEUE_PREFIX", &name),
        ("FEEDHOUND_STACK", &name),
        ("FEEDHOUND_ALLOW_PRIVATE_ADDRESSES", "true"),
        ("FEEDHOUND_RESOLVE", &web.resolve_args().join(",")),
    ]
    .iter()
    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
    .collect();

    let mut functions = Vec::new();
    for (f, mb, _) in FUNCTIONS {
        functions.push(Function::start(f, mb, &bootstrap(f), &env).await?);
    }
    // Wait for every function's first request for work: its cold start.
    let deadline = Instant::now() + Duration::from_secs(30);
    while functions.iter().any(|f| f.cold_start().is_none()) {
        if Instant::now() > deadline {
            bail!("a function did not start within 30 s");
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }

    // The work: every blog's feed registered, then the poll schedule fires once.
    let deps_state: Arc<dyn feedhound::ports::StateStore> = state.clone();
    let repos = feedhound::repo::Repos::new(&deps_state);
    #[allow(clippy::disallowed_methods)]
    let now = feedhound::model::Timestamp::from_millis(i64::try_from(
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_millis(),
    )?);
    for h in &hosts {
        let feed = feedhound::model::FeedState::new(format!("{}/feed.xml", web.base(h)), None, now);
        repos.feeds.insert(&feed).await?;
    }
    let started = Instant::now();
    let schedule = serde_json::json!({ "detail-type": "Scheduled Event", "source": "aws.scheduler", "detail": {} });
    let poller = functions.iter_mut().find(|f| f.name == "poller").context("poller")?;
    let out = poller.call(&schedule).await?;
    let mut scheduler_invocations = 1u64;
    println!("poll schedule: {out}");

    // The queue triggers: batches of up to 10 until every queue stays empty.
    let (mut receives, mut deletes, mut seq, mut idle_rounds) = (0u64, 0u64, 0u64, 0);
    let limit = Duration::from_secs(args.limit_secs);
    while idle_rounds < 3 {
        if started.elapsed() > limit {
            bail!("not idle after {limit:?}");
        }
        let mut worked = false;
        for function in &mut functions {
            let Some(stage) = FUNCTIONS.iter().find(|f| f.0 == function.name).and_then(|f| f.2) else { continue };
            let batch = queue.receive(stage, 10, Duration::ZERO).await?;
            receives += 1;
            if batch.is_empty() {
                continue;
            }
            worked = true;
            let response = function.call(&sqs_event(stage, &batch, &mut seq)).await?;
            let failed: Vec<String> = response["batchItemFailures"]
                .as_array()
                .map(|a| a.iter().filter_map(|f| f["itemIdentifier"].as_str().map(str::to_owned)).collect())
                .unwrap_or_default();
            let first = seq - batch.len() as u64;
            for (i, d) in batch.iter().enumerate() {
                if !failed.contains(&format!("bench-{}", first + i as u64 + 1)) {
                    queue.ack(d).await?;
                }
            }
            // The trigger deletes a batch's successes in one request.
            deletes += 1;
        }
        if worked {
            idle_rounds = 0;
        } else {
            idle_rounds += 1;
            // Delayed messages (host gaps) come back within seconds.
            tokio::time::sleep(Duration::from_millis(1500)).await;
            let sizes = queue.sizes().await?;
            if sizes.waiting > 0 {
                idle_rounds = 0;
            }
        }
    }
    let took = started.elapsed();
    let stored = pages.list("pages/").await?.len() as u64;
    if stored == 0 {
        bail!("no page was stored; see the functions' errors above");
    }

    // ---------------------------------------------------------------- the report
    println!(
        "\ncost-bench: {} hosts × {} pages, {stored} pages stored in {:.0} s",
        args.hosts,
        args.pages,
        took.as_secs_f64()
    );
    println!(
        "\n{:<11} {:>8} {:>12} {:>9} {:>11} {:>10} {:>10}",
        "function", "memory", "invocations", "GB-s", "bootstrap", "cold start", "peak RSS"
    );
    let (mut invocations, mut gb_s) = (scheduler_invocations, 0.0);
    for f in &functions {
        invocations += f.invocations;
        gb_s += f.gb_seconds();
        println!(
            "{:<11} {:>5} MB {:>12} {:>9.2} {:>8.1} MB {:>7} ms {:>7.1} MB",
            f.name,
            f.memory_mb,
            f.invocations,
            f.gb_seconds(),
            f.bootstrap_bytes as f64 / 1e6,
            f.cold_start().map_or(0, |d| d.as_millis()),
            f.peak_rss_kb().unwrap_or(0) as f64 / 1024.0,
        );
    }
    for extra in ["indexer", "sampler", "search", "web"] {
        if let Ok(m) = std::fs::metadata(bootstrap(extra)) {
            println!(
                "{extra:<11} {:>8} {:>12} {:>9} {:>8.1} MB   (scheduled or on request; not part of a crawl)",
                "",
                "",
                "",
                m.len() as f64 / 1e6
            );
        }
    }
    scheduler_invocations = scheduler_invocations.max(1);
    let sqs_function = counts.get("sqs:");
    let sqs = sqs_function + receives + deletes;
    let (wru, rru) = (
        counts.wru_milli.load(Ordering::Relaxed) as f64 / 1000.0,
        counts.rru_milli.load(Ordering::Relaxed) as f64 / 1000.0,
    );
    // S3 DELETE requests are free.
    let (s3_put, s3_get) = (counts.get("s3:put") + counts.get("s3:list"), counts.get("s3:get"));
    println!("\nrequests: {:?}", counts.ops.lock().map(|o| o.clone()).unwrap_or_default());
    println!(
        "queue triggers (bench): {receives} receives ({} empty), {deletes} batch deletes",
        receives - functions.iter().map(|f| f.invocations).sum::<u64>().min(receives)
    );

    let lines: [(&str, f64, f64, &str); 8] = [
        ("Lambda requests", invocations as f64, LAMBDA_REQUEST / 1e6, "$0.20 per million"),
        ("Lambda duration (GB-s)", gb_s, LAMBDA_GB_S, "$0.0000133334 per GB-s (arm64, the template's default)"),
        ("SQS requests", sqs as f64, SQS_REQUEST / 1e6, "$0.40 per million"),
        ("DynamoDB write units (est.)", wru, DYNAMO_WRU / 1e6, "$0.625 per million WRU"),
        ("DynamoDB read units (est.)", rru, DYNAMO_RRU / 1e6, "$0.125 per million RRU"),
        ("S3 PUT/LIST", s3_put as f64, S3_PUT / 1e3, "$0.005 per 1,000"),
        ("S3 GET", s3_get as f64, S3_GET / 1e3, "$0.0004 per 1,000 (DELETE is free)"),
        ("Scheduler invocations", scheduler_invocations as f64, SCHEDULER / 1e6, "$1.00 per million"),
    ];
    let total: f64 = lines.iter().map(|(_, n, p, _)| n * p).sum();
    println!("\n{:<28} {:>12} {:>14} {:>16}  list price", "line", "per page", "$ per 1,000", "$ per 1,000,000");
    let per_page = |n: f64| n / stored as f64;
    let mut dominant = ("", 0.0);
    for (name, n, price, label) in lines {
        let cost = per_page(n) * price;
        if cost > dominant.1 {
            dominant = (name, cost);
        }
        println!("{name:<28} {:>12.3} {:>14.5} {:>16.2}  {label}", per_page(n), cost * 1e3, cost * 1e6);
    }
    println!("{:<28} {:>12} {:>14.5} {:>16.2}", "total", "", total / stored as f64 * 1e3, total / stored as f64 * 1e6);
    let x86 = total + gb_s * (LAMBDA_GB_S_X86 - LAMBDA_GB_S);
    println!(
        "{:<28} {:>12} {:>14.5} {:>16.2}  (durations as measured here, on x86_64)",
        "total with x86_64 functions",
        "",
        x86 / stored as f64 * 1e3,
        x86 / stored as f64 * 1e6
    );
    println!(
        "\nlargest line: {} ({:.0} % of the total). Not counted: CloudWatch Logs ingestion, S3 storage, \
data transfer, the queue triggers' polling of empty queues.",
        dominant.0,
        dominant.1 / (total / stored as f64) * 100.0
    );
    for f in &mut functions {
        let _ = f.child.kill().await;
    }
    Ok(())
}
