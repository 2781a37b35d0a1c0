//! The fixture web: many virtual hosts on one loopback listener, chosen by the `Host`
//! header, each with its own robots.txt, feeds, pages, images and scripted behaviour
//! (error statuses, Retry-After, slow and stalled bodies, redirect chains and loops,
//! oversized and gzip-bomb bodies, wrong content types, bad charsets). Every request is
//! logged (time, host, path, method, user agent, status) for tests to assert on.
//!
//! It only ever listens on 127.0.0.1.
#![allow(missing_docs)]

pub mod site;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;
use bytes::Bytes;
use futures::StreamExt;

pub use site::{Route, Site};

/// `GET http://127.0.0.1:PORT/_fixture/log` returns the request log as JSON, so another
/// process (a benchmark) can read it.
pub const LOG_PATH: &str = "/_fixture/log";

/// One request as the fixture web saw it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LoggedRequest {
    /// Milliseconds since the fixture web started.
    pub at_ms: u64,
    /// Host header without the port.
    pub host: String,
    /// Path and query.
    pub path: String,
    /// HTTP method.
    pub method: String,
    /// User-Agent header.
    pub user_agent: String,
    /// Status answered.
    pub status: u16,
}

#[derive(Debug)]
struct Inner {
    started: Instant,
    sites: RwLock<HashMap<String, Site>>,
    log: Mutex<Vec<LoggedRequest>>,
    hits: Mutex<HashMap<(String, String), usize>>,
    /// How long every answer takes, in milliseconds (a real server's response time).
    latency_ms: std::sync::atomic::AtomicU64,
}

/// A running fixture web.
#[derive(Debug, Clone)]
pub struct FixtureWeb {
    addr: SocketAddr,
    inner: Arc<Inner>,
}

impl FixtureWeb {
    /// Start on 127.0.0.1 with an OS-chosen port.
    ///
    /// # Errors
    /// When the listener cannot bind.
    pub async fn start() -> std::io::Result<Self> {
        Self::start_on(0).await
    }

    /// Start on 127.0.0.1:`port`.
    ///
    /// # Errors
    /// When the listener cannot bind.
    pub async fn start_on(port: u16) -> std::io::Result<Self> {
        let inner = Arc::new(Inner {
            started: Instant::now(),
            sites: RwLock::new(HashMap::new()),
            log: Mutex::new(Vec::new()),
            hits: Mutex::new(HashMap::new()),
            latency_ms: std::sync::atomic::AtomicU64::new(0),
        });
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
        let addr = listener.local_addr()?;
        let app = axum::Router::new().fallback(handle).with_state(Arc::clone(&inner));
        tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                tracing::error!(error = %e, "fixture web stopped");
            }
        });
        Ok(Self { addr, inner })
    }

    /// The listener's address.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The port.
    pub fn port(&self) -> u16 {
        self.addr.port()
    }

    /// Make every answer take `latency` (logged at arrival, answered after), as a real
    /// server's response time does.
    pub fn set_latency(&self, latency: std::time::Duration) {
        let ms = u64::try_from(latency.as_millis()).unwrap_or(u64::MAX);
        self.inner.latency_ms.store(ms, std::sync::atomic::Ordering::Relaxed);
    }

    /// Add (or replace) a virtual host.
    pub fn add_site(&self, site: Site) {
        if let Ok(mut sites) = self.inner.sites.write() {
            sites.insert(site.host.clone(), site);
        }
    }

    /// `http://HOST:PORT` for a virtual host.
    pub fn base(&self, host: &str) -> String {
        format!("http://{host}:{}", self.port())
    }

    /// The `--resolve` arguments that send every virtual host here.
    pub fn resolve_args(&self) -> Vec<String> {
        self.hosts().iter().map(|h| format!("{h}:{}:127.0.0.1", self.port())).collect()
    }

    /// Every virtual host name.
    pub fn hosts(&self) -> Vec<String> {
        let mut hosts: Vec<String> = self.inner.sites.read().map(|s| s.keys().cloned().collect()).unwrap_or_default();
        hosts.sort();
        hosts
    }

    /// A copy of the request log.
    pub fn log(&self) -> Vec<LoggedRequest> {
        self.inner.log.lock().map(|l| l.clone()).unwrap_or_default()
    }

    /// Forget the request log.
    pub fn clear_log(&self) {
        if let Ok(mut l) = self.inner.log.lock() {
            l.clear();
        }
    }

    /// The smallest gap between two requests to the same host, per host (hosts with one
    /// request or none are left out).
    pub fn min_gaps(&self) -> HashMap<String, u64> {
        let mut by_host: HashMap<String, Vec<u64>> = HashMap::new();
        for r in self.log() {
            by_host.entry(r.host).or_default().push(r.at_ms);
        }
        by_host
            .into_iter()
            .filter_map(|(h, mut times)| {
                times.sort_unstable();
                times.windows(2).map(|w| w[1] - w[0]).min().map(|g| (h, g))
            })
            .collect()
    }
}

fn host_of(headers: &HeaderMap) -> String {
    headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(|h| h.rsplit_once(':').map_or(h, |(name, _)| name).to_ascii_lowercase())
        .unwrap_or_default()
}

async fn handle(State(inner): State<Arc<Inner>>, req: Request) -> Response {
    let at_ms = u64::try_from(inner.started.elapsed().as_millis()).unwrap_or(u64::MAX);
    let host = host_of(req.headers());
    let path = req.uri().path_and_query().map_or("/".to_owned(), |p| p.as_str().to_owned());
    let user_agent = req.headers().get(header::USER_AGENT).and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
    let method = req.method().to_string();
    let if_none_match = req.headers().get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).map(str::to_owned);
    // The control endpoint, on the bare address (never a virtual host), is not logged.
    if host == "127.0.0.1" && path == LOG_PATH {
        let log = inner.log.lock().map(|l| serde_json::to_vec(&*l).unwrap_or_default()).unwrap_or_default();
        return plain(StatusCode::OK, "application/json", Bytes::from(log));
    }
    let latency = inner.latency_ms.load(std::sync::atomic::Ordering::Relaxed);
    if latency > 0 {
        tokio::time::sleep(std::time::Duration::from_millis(latency)).await;
    }
    let route = inner.sites.read().ok().and_then(|sites| sites.get(&host).and_then(|s| s.route_for(&path).cloned()));
    let nth = {
        let mut hits = inner.hits.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let n = hits.entry((host.clone(), path.clone())).or_insert(0);
        *n += 1;
        *n - 1
    };
    let response = match route {
        None => plain(StatusCode::NOT_FOUND, "text/html", Bytes::from_static(b"<h1>not found</h1>")),
        Some(r) => {
            let r = r.resolve(nth, &method);
            if let Route::Hang { for_duration } = r {
                tokio::time::sleep(*for_duration).await;
            }
            render(r, if_none_match.as_deref(), method == "HEAD")
        }
    };
    if let Ok(mut log) = inner.log.lock() {
        log.push(LoggedRequest { at_ms, host, path, method, user_agent, status: response.status().as_u16() });
    }
    response
}

fn plain(status: StatusCode, content_type: &str, body: Bytes) -> Response {
    let mut r = Response::new(Body::from(body));
    *r.status_mut() = status;
    if let Ok(v) = HeaderValue::from_str(content_type) {
        r.headers_mut().insert(header::CONTENT_TYPE, v);
    }
    r
}

fn render(route: &Route, if_none_match: Option<&str>, head: bool) -> Response {
    match route {
        Route::Static { status, content_type, body, headers, etag } => {
            if let (Some(tag), Some(asked)) = (etag, if_none_match)
                && asked == tag
            {
                let mut r = plain(StatusCode::NOT_MODIFIED, content_type, Bytes::new());
                if let Ok(v) = HeaderValue::from_str(tag) {
                    r.headers_mut().insert(header::ETAG, v);
                }
                return r;
            }
            let status = StatusCode::from_u16(*status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            let mut r = plain(status, content_type, if head { Bytes::new() } else { body.clone() });
            for (k, v) in headers {
                if let (Ok(k), Ok(v)) = (header::HeaderName::from_bytes(k.as_bytes()), HeaderValue::from_str(v)) {
                    r.headers_mut().append(k, v);
                }
            }
            if let Some(tag) = etag.as_deref().and_then(|t| HeaderValue::from_str(t).ok()) {
                r.headers_mut().insert(header::ETAG, tag);
            }
            r
        }
        Route::Redirect { status, location } => {
            let mut r = plain(StatusCode::from_u16(*status).unwrap_or(StatusCode::FOUND), "text/html", Bytes::new());
            if let Ok(v) = HeaderValue::from_str(location) {
                r.headers_mut().insert(header::LOCATION, v);
            }
            r
        }
        Route::Slow { content_type, chunk, chunks, interval } => {
            let (chunk, interval) = (chunk.clone(), *interval);
            let stream = futures::stream::iter(0..*chunks).then(move |_| {
                let c = chunk.clone();
                async move {
                    tokio::time::sleep(interval).await;
                    Ok::<Bytes, std::io::Error>(c)
                }
            });
            let mut r = Response::new(Body::from_stream(stream));
            if let Ok(v) = HeaderValue::from_str(content_type) {
                r.headers_mut().insert(header::CONTENT_TYPE, v);
            }
            r
        }
        Route::Stall { for_duration } => {
            let d = *for_duration;
            let stream = futures::stream::once(async move {
                tokio::time::sleep(d).await;
                Ok::<Bytes, std::io::Error>(Bytes::from_static(b"<p>too late</p>"))
            });
            let mut r = Response::new(Body::from_stream(stream));
            r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html"));
            r
        }
        Route::Hang { .. } => plain(StatusCode::OK, "text/html", Bytes::from_static(b"<p>late</p>")),
        Route::Sequence(_) | Route::ByMethod { .. } => {
            plain(StatusCode::INTERNAL_SERVER_ERROR, "text/plain", Bytes::from_static(b"unresolved route"))
        }
    }
}

/// Bind helper for binaries: a fixture web with `sites` blogs of `articles` pages each.
///
/// # Errors
/// When the listener cannot bind.
pub async fn standard_web(port: u16, sites: usize, articles: usize) -> std::io::Result<FixtureWeb> {
    let web = FixtureWeb::start_on(port).await?;
    for i in 0..sites {
        web.add_site(Site::blog(&format!("site-{i}.test"), web.port(), articles));
    }
    web.add_site(Site::trouble("trouble.test", web.port()));
    for s in Site::trouble_hosts("trouble.test", web.port()) {
        web.add_site(s);
    }
    Ok(web)
}

/// Wait up to `limit` for `check` to hold, polling every 50 ms.
pub async fn eventually(limit: Duration, mut check: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if check() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    check()
}

/// The processes of a deployed function on the emulator, which runs each bootstrap as a
/// local process with the function's name in its environment.
pub fn function_processes(function_name: &str) -> Vec<u32> {
    let wanted = format!("AWS_LAMBDA_FUNCTION_NAME={function_name}");
    let mut pids = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|s| s.parse::<u32>().ok()) else { continue };
        let Ok(environ) = std::fs::read(entry.path().join("environ")) else { continue };
        if environ.split(|b| *b == 0).any(|v| v == wanted.as_bytes()) {
            pids.push(pid);
        }
    }
    pids
}
