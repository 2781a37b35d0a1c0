//! The reqwest client against the fixture web: the address guard, the body cap (plain and
//! gzip bomb), timeouts, no automatic redirects, user agents.

use std::time::Duration;

use feedhound::adapters::http::{HttpConfig, ReqwestHttpClient};
use feedhound::ports::{Agent, HttpClient, HttpError, HttpRequest};

use crate::harness::{fixture, fixture_http};

fn get(url: &str, agent: Agent) -> HttpRequest {
    HttpRequest::get(url::Url::parse(url).unwrap(), agent)
}

#[tokio::test]
async fn the_guard_refuses_loopback_unless_allowed() {
    let web = fixture(1, 1, false).await;
    let config = HttpConfig {
        resolve: web.resolve_args().iter().map(|r| r.parse().unwrap()).collect(),
        ..HttpConfig::default()
    };
    let guarded = ReqwestHttpClient::new(config).unwrap();
    let err = guarded.fetch(get(&format!("{}/robots.txt", web.base("site-0.test")), Agent::Page)).await.unwrap_err();
    assert!(matches!(err, HttpError::AddressRefused { .. }), "{err}");
    let err = guarded.fetch(get(&format!("http://127.0.0.1:{}/", web.port()), Agent::Page)).await.unwrap_err();
    assert!(matches!(err, HttpError::AddressRefused { .. }), "an IP literal is refused too: {err}");
    for blocked in ["http://169.254.169.254/latest/meta-data/", "http://[::1]:9/", "http://10.0.0.1:9/"] {
        let err = guarded.fetch(get(blocked, Agent::Page)).await.unwrap_err();
        assert!(matches!(err, HttpError::AddressRefused { .. }), "{blocked}: {err}");
    }
    assert!(web.log().is_empty(), "nothing reached the server");

    let open = fixture_http(&web);
    let ok = open.fetch(get(&format!("{}/robots.txt", web.base("site-0.test")), Agent::Page)).await.unwrap();
    assert_eq!(ok.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_bodies_are_capped_and_stalls_time_out() {
    let web = fixture(0, 0, true).await;
    let http = fixture_http(&web);
    let page = |h: &str| format!("{}/page", web.base(&format!("{h}.trouble.test")));
    let err = http.fetch(get(&page("bomb"), Agent::Page)).await.unwrap_err();
    assert!(matches!(err, HttpError::TooLarge { limit, .. } if limit == 5 * 1024 * 1024), "gzip bomb: {err}");
    let err = http.fetch(get(&page("huge"), Agent::Page)).await.unwrap_err();
    assert!(matches!(err, HttpError::TooLarge { .. }), "huge body: {err}");
    let started = std::time::Instant::now();
    let err = http.fetch(get(&page("stall"), Agent::Page)).await.unwrap_err();
    assert!(matches!(err, HttpError::Timeout { .. }), "stalled body: {err}");
    assert!(started.elapsed() < Duration::from_secs(20), "the stall was cut by the read timeout");
    let slow = http.fetch(get(&page("slow"), Agent::Page)).await.unwrap();
    assert_eq!(slow.status, 200, "a slow but steady body completes");
    let redirect = http.fetch(get(&page("redirect"), Agent::Page)).await.unwrap();
    assert_eq!((redirect.status, redirect.header("location")), (301, Some("/moved")), "redirects are not followed");
    let unknown = http.fetch(get("http://nowhere.invalid/", Agent::Page)).await.unwrap_err();
    assert!(unknown.is_network(), "an unknown host is a network failure: {unknown}");
}

#[tokio::test]
async fn user_agents_differ_by_traffic_class() {
    let web = fixture(1, 1, false).await;
    let http = fixture_http(&web);
    http.fetch(get(&format!("{}/feed.xml", web.base("site-0.test")), Agent::Feed)).await.unwrap();
    http.fetch(get(&format!("{}/posts/0", web.base("site-0.test")), Agent::Page)).await.unwrap();
    let log = web.log();
    assert_eq!(log.len(), 2);
    assert_eq!(log[0].user_agent, feedhound::config::DEFAULT_FEED_USER_AGENT);
    assert_eq!(log[1].user_agent, feedhound::config::DEFAULT_PAGE_USER_AGENT);
    assert!(log.iter().all(|r| r.user_agent.starts_with("feedhound/")), "the product token leads");
}

/// Which connection (the client's port) and `Connection` header each request came with, as a
/// loopback server saw them.
type Seen = std::sync::Arc<std::sync::Mutex<Vec<(String, u16, Option<String>)>>>;

async fn connection_logging_server() -> (u16, Seen) {
    use axum::extract::{ConnectInfo, State};
    use axum::http::HeaderMap;
    let seen: Seen = Seen::default();
    async fn answer(
        State(seen): State<Seen>,
        ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
        headers: HeaderMap,
    ) -> &'static str {
        let header = |k: &str| headers.get(k).and_then(|v| v.to_str().ok()).map(str::to_owned);
        seen.lock().unwrap().push((header("host").unwrap_or_default(), peer.port(), header("connection")));
        "ok"
    }
    let app = axum::Router::new().route("/", axum::routing::get(answer)).with_state(seen.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>()).await.unwrap();
    });
    (port, seen)
}

#[tokio::test]
async fn idle_connections_stay_within_the_budget_across_hosts() {
    let (port, seen) = connection_logging_server().await;
    let config = HttpConfig {
        allow_private_addresses: true,
        resolve: vec![format!("*:{port}:127.0.0.1").parse().unwrap()],
        max_idle_connections: 2,
        ..HttpConfig::default()
    };
    let http = ReqwestHttpClient::new(config).unwrap();
    // Hosts a and b fill the budget of two; c comes after, while both still count.
    for host in ["a", "b", "a", "b", "c", "c", "a"] {
        let response = http.fetch(get(&format!("http://{host}.test:{port}/"), Agent::Page)).await.unwrap();
        assert_eq!(response.status, 200);
    }
    let seen = seen.lock().unwrap().clone();
    let of =
        |h: &str| seen.iter().filter(|(host, ..)| host.starts_with(&format!("{h}.test"))).cloned().collect::<Vec<_>>();
    for kept in ["a", "b"] {
        let requests = of(kept);
        assert!(requests.iter().all(|(_, _, c)| c.is_none()), "{kept} keeps its connection: {requests:?}");
        let ports: std::collections::BTreeSet<u16> = requests.iter().map(|(_, p, _)| *p).collect();
        assert_eq!(ports.len(), 1, "{kept}'s requests share one connection: {requests:?}");
    }
    let over = of("c");
    assert!(over.iter().all(|(_, _, c)| c.as_deref() == Some("close")), "c is over the budget: {over:?}");
    assert_ne!(over[0].1, over[1].1, "each of c's requests had a connection of its own: {over:?}");
}

/// Bodies in each content coding the crawler asks for, served by a loopback server, with
/// the `Accept-Encoding` each request came with.
async fn coding_server(page: Vec<u8>) -> (u16, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
    use std::io::Write;

    use async_compression::tokio::bufread::BrotliEncoder;
    use axum::extract::{Path, State};
    use axum::http::HeaderMap;
    use tokio::io::AsyncReadExt;

    let gzip = |data: &[u8]| {
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        enc.write_all(data).unwrap();
        enc.finish().unwrap()
    };
    let zlib = {
        let mut enc = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        enc.write_all(&page).unwrap();
        enc.finish().unwrap()
    };
    let raw_deflate = {
        let mut enc = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
        enc.write_all(&page).unwrap();
        enc.finish().unwrap()
    };
    let brotli = |data: Vec<u8>| async move {
        let mut out = Vec::new();
        BrotliEncoder::new(data.as_slice()).read_to_end(&mut out).await.unwrap();
        out
    };
    let (half, rest) = page.split_at(page.len() / 2);
    let mut truncated_gzip = gzip(&page);
    truncated_gzip.truncate(truncated_gzip.len() / 2);
    let bodies: std::collections::HashMap<&'static str, (&'static str, Vec<u8>)> = [
        ("gzip", ("gzip", gzip(&page))),
        ("x-gzip", ("X-Gzip", gzip(&page))),
        ("two-members", ("gzip", [gzip(half), gzip(rest)].concat())),
        ("zlib", ("deflate", zlib)),
        ("raw-deflate", ("deflate", raw_deflate)),
        ("br", ("br", brotli(page.clone()).await)),
        ("br-bomb", ("br", brotli(vec![b' '; 12 * 1024 * 1024]).await)),
        ("not-gzip", ("gzip", b"<p>this was never compressed</p>".to_vec())),
        ("truncated", ("gzip", truncated_gzip)),
        ("empty", ("gzip", Vec::new())),
        ("zstd", ("zstd", b"(zstd frames)".to_vec())),
    ]
    .into_iter()
    .collect();
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    type Bodies = std::collections::HashMap<&'static str, (&'static str, Vec<u8>)>;
    type Served = (std::sync::Arc<Bodies>, std::sync::Arc<std::sync::Mutex<Vec<String>>>);
    async fn answer(
        State((bodies, seen)): State<Served>,
        Path(name): Path<String>,
        headers: HeaderMap,
    ) -> axum::response::Response {
        let accept = headers.get("accept-encoding").and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
        seen.lock().unwrap().push(accept);
        let (coding, body) = bodies.get(name.as_str()).cloned().unwrap_or(("identity", Vec::new()));
        axum::response::Response::builder()
            .header("content-type", "text/html")
            .header("content-encoding", coding)
            .body(axum::body::Body::from(body))
            .unwrap()
    }
    let app = axum::Router::new()
        .route("/{name}", axum::routing::get(answer))
        .with_state((std::sync::Arc::new(bodies), seen.clone()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (port, seen)
}

#[tokio::test]
async fn bodies_are_decoded_in_every_coding_asked_for() {
    let page: Vec<u8> = (0..2000).flat_map(|i| format!("<p>Paragraph {i} of the story.</p>\n").into_bytes()).collect();
    let (port, seen) = coding_server(page.clone()).await;
    let http = ReqwestHttpClient::new(HttpConfig { allow_private_addresses: true, ..HttpConfig::default() }).unwrap();
    let url = |name: &str| format!("http://127.0.0.1:{port}/{name}");
    for name in ["gzip", "x-gzip", "two-members", "zlib", "raw-deflate", "br"] {
        let response = http.fetch(get(&url(name), Agent::Page)).await.unwrap();
        assert_eq!(response.status, 200, "{name}");
        assert!(
            response.body == page,
            "{name}: {} bytes decoded, {} served before coding",
            response.body.len(),
            page.len()
        );
        assert_eq!(response.header("content-encoding"), None, "{name}: the decoded body has no coding");
        assert_eq!(response.header("content-length"), None, "{name}: nor the coded body's length");
    }
    let empty = http.fetch(get(&url("empty"), Agent::Page)).await.unwrap();
    assert!(empty.body.is_empty(), "an empty gzip-labelled body is empty");
    let unknown = http.fetch(get(&url("zstd"), Agent::Page)).await.unwrap();
    assert_eq!(&unknown.body[..], b"(zstd frames)", "a coding not asked for is kept as served");
    assert_eq!(unknown.header("content-encoding"), Some("zstd"), "and says so");
    for name in ["not-gzip", "truncated"] {
        let err = http.fetch(get(&url(name), Agent::Page)).await.unwrap_err();
        assert!(matches!(err, HttpError::Other { .. }), "{name}: {err}");
        assert!(err.to_string().contains("gzip body does not decode"), "{name}: {err}");
        assert!(!err.is_network(), "{name}: a bad body is not the host's network failing");
    }
    let err = http.fetch(get(&url("br-bomb"), Agent::Page)).await.unwrap_err();
    assert!(matches!(err, HttpError::TooLarge { limit, .. } if limit == 5 * 1024 * 1024), "brotli bomb: {err}");
    let mut capped = get(&url("br-bomb"), Agent::Page);
    capped.max_bytes = Some(1000);
    capped.excess = feedhound::ports::Excess::Truncate;
    let kept = http.fetch(capped).await.unwrap();
    assert!(
        kept.body.len() == 1000 && kept.body.iter().all(|b| *b == b' '),
        "truncated at the cap: {} bytes",
        kept.body.len()
    );
    let seen = seen.lock().unwrap().clone();
    assert!(seen.iter().all(|a| a == "gzip, deflate, br"), "every request asked for the codings decoded: {seen:?}");
}
