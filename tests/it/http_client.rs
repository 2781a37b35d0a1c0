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
