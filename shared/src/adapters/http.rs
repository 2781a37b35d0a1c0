//! The HTTP client: reqwest with rustls, no automatic redirects, a body cap enforced while
//! streaming (after decompression, so a gzip bomb costs at most the cap), bounded
//! timeouts, and an address guard that refuses non-public addresses after DNS resolution.
//!
//! Bodies are decoded here (gzip, deflate, brotli), not by reqwest: reqwest's decoders,
//! once built in, sit in every client of a build, the AWS SDK's too, and so in every
//! Lambda; here they are linked only into the functions that crawl (the extractor,
//! indexer, sampler and search functions are about 0.2 MB smaller).
//!
//! The guard sits in the DNS resolver, so it sees every connection reqwest makes; URLs
//! with an IP literal skip DNS and are checked before sending. Redirects come back to the
//! caller, which requests the next hop through the same guard.

use std::collections::{HashMap, VecDeque};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_compression::tokio::bufread::{BrotliDecoder, DeflateDecoder, GzipDecoder, ZlibDecoder};
use async_trait::async_trait;
use bytes::Bytes;
use futures::TryStreamExt;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt};
use tokio_util::io::StreamReader;

use crate::ports::{Agent, Excess, HttpClient, HttpError, HttpRequest, HttpResponse, Method};

/// Whether an address is one a public crawler may connect to: not loopback, private,
/// link-local (which holds the cloud metadata address 169.254.169.254), shared, multicast,
/// documentation or otherwise reserved.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_public_v4(v4);
            }
            let seg = v6.segments();
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (seg[0] & 0xfe00) == 0xfc00 // unique local, incl. fd00:ec2::254 metadata
                || (seg[0] & 0xffc0) == 0xfe80 // link-local
                || (seg[0] == 0x2001 && seg[1] == 0x0db8) // documentation
                || (seg[0] == 0x64 && seg[1] == 0xff9b)) // NAT64 can reach private v4
        }
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    !(ip.is_private()
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT)
        || (a == 192 && b == 0) // IETF protocol assignments
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || a >= 240)
}

/// A `--resolve HOST:PORT:ADDR` override (curl's syntax); HOST `*` matches every name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolveOverride {
    /// Host name (lower case).
    pub host: String,
    /// Port (informational: the URL's port is used to connect).
    pub port: u16,
    /// The address to connect to.
    pub addr: IpAddr,
}

impl std::str::FromStr for ResolveOverride {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut parts = s.splitn(3, ':');
        let (Some(host), Some(port), Some(addr)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(format!("expected HOST:PORT:ADDR, got {s:?}"));
        };
        let port = port.parse().map_err(|_| format!("bad port in {s:?}"))?;
        let addr = addr.trim_start_matches('[').trim_end_matches(']');
        let addr = addr.parse().map_err(|_| format!("bad address in {s:?}"))?;
        if host.is_empty() {
            return Err(format!("empty host in {s:?}"));
        }
        Ok(Self { host: host.to_ascii_lowercase(), port, addr })
    }
}

/// Settings of the HTTP client.
#[derive(Clone, Debug)]
pub struct HttpConfig {
    /// User agent for feeds and discovery.
    pub feed_user_agent: String,
    /// User agent for pages, images, re-checks and robots.txt.
    pub page_user_agent: String,
    /// Default body cap, bytes.
    pub max_body_bytes: usize,
    /// Connect timeout.
    pub connect_timeout: Duration,
    /// Timeout between reads.
    pub read_timeout: Duration,
    /// Cap on a whole request, so a slow drip cannot hold a worker forever.
    pub total_timeout: Duration,
    /// Allow loopback/private addresses (testing only).
    pub allow_private_addresses: bool,
    /// Name overrides.
    pub resolve: Vec<ResolveOverride>,
    /// How many connections may wait idle for their host's next request, across all
    /// hosts. Beyond it a request asks the server to close its connection after the answer
    /// (`Connection: close`), so a crawl of many hosts holds a bounded number of sockets
    /// and buffers (about 20 KB each) instead of one per host it asked in the last seconds.
    pub max_idle_connections: usize,
}

impl Default for HttpConfig {
    fn default() -> Self {
        Self {
            feed_user_agent: crate::config::DEFAULT_FEED_USER_AGENT.to_owned(),
            page_user_agent: crate::config::DEFAULT_PAGE_USER_AGENT.to_owned(),
            max_body_bytes: 5 * 1024 * 1024,
            connect_timeout: Duration::from_secs(10),
            read_timeout: Duration::from_secs(10),
            total_timeout: Duration::from_secs(60),
            allow_private_addresses: false,
            resolve: Vec::new(),
            max_idle_connections: DEFAULT_MAX_IDLE_CONNECTIONS,
        }
    }
}

/// The default of [`HttpConfig::max_idle_connections`]: about 10 MB of buffers at most.
pub const DEFAULT_MAX_IDLE_CONNECTIONS: usize = 512;

/// Which hosts may have a connection idle in the pool: those answered within the pool's
/// idle timeout while the budget had room (the pool keeps one idle connection per host).
/// An estimate kept beside the pool, which does not say what it holds: a connection the
/// server closed early still counts until its time is up, so the budget errs on the side
/// of fewer idle connections, never more.
#[derive(Debug)]
struct IdleBudget {
    limit: usize,
    /// Host (with port) → when its connection was last handed back to the pool.
    kept: HashMap<String, Instant>,
    /// The same, oldest first, to forget expired hosts in order (entries a later use
    /// superseded are skipped).
    order: VecDeque<(Instant, String)>,
}

impl IdleBudget {
    fn new(limit: usize) -> Self {
        Self { limit, kept: HashMap::new(), order: VecDeque::new() }
    }

    /// Whether a request to `host` at `now` may keep its connection open afterwards: yes
    /// when the host already has one counted, or the budget has room.
    fn keep_alive(&mut self, host: &str, now: Instant) -> bool {
        while let Some((at, h)) = self.order.front() {
            if now.duration_since(*at) < POOL_IDLE {
                break;
            }
            if self.kept.get(h) == Some(at) {
                self.kept.remove(h);
            }
            self.order.pop_front();
        }
        if !self.kept.contains_key(host) && self.kept.len() >= self.limit {
            return false;
        }
        self.stamp(host, now);
        true
    }

    /// The answer to `host` came at `now`: its connection's idle time starts again.
    fn answered(&mut self, host: &str, now: Instant) {
        if self.kept.contains_key(host) {
            self.stamp(host, now);
        }
    }

    fn stamp(&mut self, host: &str, now: Instant) {
        self.kept.insert(host.to_owned(), now);
        self.order.push_back((now, host.to_owned()));
    }
}

#[derive(Debug, thiserror::Error)]
#[error("address {addr} of {host} is not public")]
struct Refused {
    host: String,
    addr: IpAddr,
}

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct DnsFailed(String);

#[derive(Debug, Clone)]
struct GuardedResolver {
    overrides: Arc<HashMap<String, IpAddr>>,
    allow_private: bool,
}

/// Why a name cannot be connected to.
#[derive(Debug)]
enum LookupFailure {
    Dns(DnsFailed),
    Refused(Refused),
}

impl GuardedResolver {
    /// The addresses of `host` (an override, or DNS), all of them public unless private
    /// ones are allowed.
    async fn lookup(&self, host: &str) -> Result<Vec<SocketAddr>, LookupFailure> {
        let host = host.to_ascii_lowercase();
        let fixed = self.overrides.get(&host).or_else(|| self.overrides.get("*")).copied();
        let addrs: Vec<SocketAddr> = match fixed {
            Some(ip) => vec![SocketAddr::new(ip, 0)],
            None => tokio::net::lookup_host((host.as_str(), 0))
                .await
                .map_err(|e| LookupFailure::Dns(DnsFailed(e.to_string())))?
                .collect(),
        };
        if !self.allow_private
            && let Some(bad) = addrs.iter().find(|a| !is_public(a.ip()))
        {
            return Err(LookupFailure::Refused(Refused { host, addr: bad.ip() }));
        }
        if addrs.is_empty() {
            return Err(LookupFailure::Dns(DnsFailed("no addresses".into())));
        }
        Ok(addrs)
    }
}

impl reqwest::dns::Resolve for GuardedResolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let this = self.clone();
        Box::pin(async move {
            match this.lookup(name.as_str()).await {
                Ok(addrs) => Ok(Box::new(addrs.into_iter()) as reqwest::dns::Addrs),
                Err(LookupFailure::Dns(e)) => Err(Box::new(e) as Box<dyn std::error::Error + Send + Sync>),
                Err(LookupFailure::Refused(e)) => Err(Box::new(e) as Box<dyn std::error::Error + Send + Sync>),
            }
        })
    }
}

/// Make ring the process's TLS crypto provider. reqwest is built without one of its own
/// (the AWS clients use ring too, so one crypto library is linked); call this before
/// building any other `reqwest::Client`. Installing twice is harmless: the first stays.
pub fn install_tls_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// How long an idle connection to a host is kept: long enough for the host's next request
/// a gap later (a page's image check, the next page), short enough that a crawl of many
/// hosts does not hold a socket for each.
const POOL_IDLE: Duration = Duration::from_secs(3);

/// [`HttpClient`] over reqwest.
#[derive(Debug, Clone)]
pub struct ReqwestHttpClient {
    client: reqwest::Client,
    config: Arc<HttpConfig>,
    idle: Arc<Mutex<IdleBudget>>,
    resolver: GuardedResolver,
}

impl ReqwestHttpClient {
    /// Build the client.
    ///
    /// # Errors
    /// When the TLS backend cannot be initialised.
    pub fn new(config: HttpConfig) -> Result<Self, HttpError> {
        let resolver = GuardedResolver {
            overrides: Arc::new(config.resolve.iter().map(|o| (o.host.clone(), o.addr)).collect()),
            allow_private: config.allow_private_addresses,
        };
        install_tls_provider();
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .retry(reqwest::retry::never())
            .no_proxy()
            .connect_timeout(config.connect_timeout)
            .read_timeout(config.read_timeout)
            .timeout(config.total_timeout)
            // A host is asked at most about once a second: one idle connection per host
            // covers it, and closing it after a few seconds keeps the sockets a crawl of
            // thousands of hosts holds near its request rate × that, not one per host seen.
            .pool_max_idle_per_host(1)
            .pool_idle_timeout(POOL_IDLE)
            .dns_resolver(Arc::new(resolver.clone()))
            .build()
            .map_err(|e| HttpError::Other { url: String::new(), message: format!("building HTTP client: {e}") })?;
        let idle = Arc::new(Mutex::new(IdleBudget::new(config.max_idle_connections)));
        Ok(Self { client, config: Arc::new(config), idle, resolver })
    }

    fn map_error(&self, url: &str, e: &reqwest::Error) -> HttpError {
        let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
        while let Some(s) = source {
            if let Some(r) = s.downcast_ref::<Refused>() {
                return HttpError::AddressRefused { host: r.host.clone(), addr: r.addr.to_string() };
            }
            if let Some(d) = s.downcast_ref::<DnsFailed>() {
                let host = url::Url::parse(url).ok().and_then(|u| u.host_str().map(str::to_owned)).unwrap_or_default();
                return HttpError::Dns { host, message: d.0.clone() };
            }
            source = s.source();
        }
        if e.is_timeout() {
            HttpError::Timeout { url: url.to_owned() }
        } else if e.is_connect() || e.is_request() || e.is_body() {
            HttpError::Connect { url: url.to_owned(), message: crate::error_chain(e) }
        } else {
            HttpError::Other { url: url.to_owned(), message: crate::error_chain(e) }
        }
    }
}

#[async_trait]
impl HttpClient for ReqwestHttpClient {
    async fn check_host(&self, host: &str) -> Result<(), HttpError> {
        let literal = host.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>().ok();
        if let Some(ip) = literal {
            return if self.config.allow_private_addresses || is_public(ip) {
                Ok(())
            } else {
                Err(HttpError::AddressRefused { host: host.to_owned(), addr: ip.to_string() })
            };
        }
        match self.resolver.lookup(host).await {
            Ok(_) => Ok(()),
            Err(LookupFailure::Dns(e)) => Err(HttpError::Dns { host: host.to_owned(), message: e.0 }),
            Err(LookupFailure::Refused(r)) => Err(HttpError::AddressRefused { host: r.host, addr: r.addr.to_string() }),
        }
    }

    async fn fetch(&self, request: HttpRequest) -> Result<HttpResponse, HttpError> {
        let url_text = request.url.to_string();
        if !self.config.allow_private_addresses {
            let literal = match request.url.host() {
                Some(url::Host::Ipv4(ip)) => Some(IpAddr::V4(ip)),
                Some(url::Host::Ipv6(ip)) => Some(IpAddr::V6(ip)),
                _ => None,
            };
            if let Some(ip) = literal.filter(|ip| !is_public(*ip)) {
                return Err(HttpError::AddressRefused { host: ip.to_string(), addr: ip.to_string() });
            }
        }
        let (agent, accept) = match request.agent {
            Agent::Feed => (
                &self.config.feed_user_agent,
                "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.8",
            ),
            Agent::Page => (&self.config.page_user_agent, "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8"),
        };
        let method = match request.method {
            Method::Get => reqwest::Method::GET,
            Method::Head => reqwest::Method::HEAD,
        };
        let mut builder = self
            .client
            .request(method, request.url.clone())
            .header(reqwest::header::USER_AGENT, agent.as_str())
            .header(reqwest::header::ACCEPT, accept)
            .header(reqwest::header::ACCEPT_ENCODING, ACCEPT_ENCODING);
        for (k, v) in &request.headers {
            builder = builder.header(k.as_str(), v.as_str());
        }
        let authority =
            format!("{}:{}", request.url.host_str().unwrap_or(""), request.url.port_or_known_default().unwrap_or(0));
        // A poisoned lock only means another request panicked mid-update: the estimate
        // inside is still usable.
        let budget = || self.idle.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if !budget().keep_alive(&authority, Instant::now()) {
            builder = builder.header(reqwest::header::CONNECTION, "close");
        }
        let response = builder.send().await.map_err(|e| self.map_error(&url_text, &e))?;
        let limit = request.max_bytes.unwrap_or(self.config.max_body_bytes);
        let status = response.status().as_u16();
        let coding = Coding::of(response.headers());
        let headers: Vec<(String, String)> = response
            .headers()
            .iter()
            // A decoded body's length and coding are no longer the ones served.
            .filter(|(k, _)| {
                coding.is_none() || (*k != reqwest::header::CONTENT_ENCODING && *k != reqwest::header::CONTENT_LENGTH)
            })
            .map(|(k, v)| (k.as_str().to_ascii_lowercase(), String::from_utf8_lossy(v.as_bytes()).into_owned()))
            .collect();
        let final_url = response.url().clone();
        let mut body = read_body(response, coding, limit).await.map_err(|e| {
            match e.get_ref().and_then(|inner| inner.downcast_ref::<reqwest::Error>()) {
                Some(e) => self.map_error(&url_text, e),
                None => HttpError::Other {
                    url: url_text.clone(),
                    message: format!("its {} body does not decode: {e}", coding.map_or("served", Coding::name)),
                },
            }
        })?;
        if body.len() > limit {
            if request.excess == Excess::Fail {
                return Err(HttpError::TooLarge { url: url_text, limit });
            }
            body.truncate(limit);
        }
        budget().answered(&authority, Instant::now());
        Ok(HttpResponse { status, url: final_url, headers, body: Bytes::from(body) })
    }
}

/// The content codings the crawler asks for; it decodes each one itself ([`read_body`]).
const ACCEPT_ENCODING: &str = "gzip, deflate, br";

/// A content coding the crawler decodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Coding {
    Gzip,
    Deflate,
    Brotli,
}

impl Coding {
    /// The coding of a response's body: the one its `Content-Encoding` names. None for
    /// none, for a coding the crawler did not ask for and for several stacked: such a body
    /// is kept as served, as it was sent.
    fn of(headers: &reqwest::header::HeaderMap) -> Option<Self> {
        let mut values = headers.get_all(reqwest::header::CONTENT_ENCODING).iter();
        let value = values.next()?.to_str().ok()?.trim();
        if values.next().is_some() {
            return None;
        }
        match value.to_ascii_lowercase().as_str() {
            "gzip" | "x-gzip" => Some(Self::Gzip),
            "deflate" => Some(Self::Deflate),
            "br" => Some(Self::Brotli),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Self::Gzip => "gzip",
            Self::Deflate => "deflate",
            Self::Brotli => "brotli",
        }
    }
}

/// A response's body, decoded, read up to one byte past `limit` (so a body over the cap,
/// or a compression bomb, costs at most the cap). An error that came from reqwest (a
/// timeout, a reset) carries it inside the `io::Error`; any other is the decoder's.
async fn read_body(response: reqwest::Response, coding: Option<Coding>, limit: usize) -> std::io::Result<Vec<u8>> {
    let mut raw = StreamReader::new(response.bytes_stream().map_err(std::io::Error::other));
    // An empty body (a HEAD's, a 304's) is empty whatever its headers say.
    let head = raw.fill_buf().await?;
    if head.is_empty() {
        return Ok(Vec::new());
    }
    let reader: std::pin::Pin<Box<dyn AsyncRead + Send + '_>> = match coding {
        None => Box::pin(raw),
        Some(Coding::Gzip) => {
            let mut decoder = GzipDecoder::new(raw);
            // Members written one after another are one body (RFC 1952).
            decoder.multiple_members(true);
            Box::pin(decoder)
        }
        // "deflate" is a zlib stream (RFC 9110), but some servers send bare DEFLATE
        // data, which browsers read too.
        Some(Coding::Deflate) if is_zlib_header(head) => Box::pin(ZlibDecoder::new(raw)),
        Some(Coding::Deflate) => Box::pin(DeflateDecoder::new(raw)),
        Some(Coding::Brotli) => Box::pin(BrotliDecoder::new(raw)),
    };
    let mut body = Vec::new();
    reader.take(u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1)).read_to_end(&mut body).await?;
    Ok(body)
}

/// Whether a body opens with a zlib header (RFC 1950): the DEFLATE method, a window of
/// at most 32 KiB, and a check that makes the first two bytes a multiple of 31.
fn is_zlib_header(head: &[u8]) -> bool {
    match head {
        [cmf, flg, ..] => cmf & 0x0f == 8 && cmf >> 4 <= 7 && (u16::from(*cmf) << 8 | u16::from(*flg)) % 31 == 0,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_idle_budget_frees_a_host_once_its_connection_would_have_closed() {
        let t0 = Instant::now();
        let mut budget = IdleBudget::new(1);
        assert!(budget.keep_alive("a:80", t0));
        assert!(!budget.keep_alive("b:80", t0), "the budget of one is taken by a");
        assert!(budget.keep_alive("a:80", t0 + Duration::from_secs(1)), "a's own connection is reused");
        budget.answered("a:80", t0 + Duration::from_secs(2));
        let within = t0 + Duration::from_secs(2) + POOL_IDLE - Duration::from_millis(1);
        assert!(!budget.keep_alive("b:80", within), "a's idle time restarted at its answer");
        assert!(budget.keep_alive("b:80", t0 + Duration::from_secs(2) + POOL_IDLE), "a's connection timed out");
        assert_eq!(budget.kept.len(), 1);
        budget.answered("c:80", t0 + Duration::from_secs(9));
        assert!(!budget.kept.contains_key("c:80"), "an answer on a closed connection is not counted");
    }

    #[test]
    fn guard_knows_public_from_private() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "::1",
            "fd00:ec2::254",
            "fe80::1",
            "::ffff:127.0.0.1",
            "224.0.0.1",
        ] {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
        for public in ["93.184.216.34", "1.1.1.1", "2606:4700::1111", "8.8.8.8"] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }

    #[test]
    fn resolve_override_parses_curl_syntax() {
        let o: ResolveOverride = "Site-A.test:8080:127.0.0.1".parse().unwrap();
        assert_eq!((o.host.as_str(), o.port, o.addr.to_string().as_str()), ("site-a.test", 8080, "127.0.0.1"));
        let v6: ResolveOverride = "h:80:[::1]".parse().unwrap();
        assert_eq!(v6.addr.to_string(), "::1");
        assert!("nope".parse::<ResolveOverride>().is_err());
        assert_eq!("*:8080:127.0.0.1".parse::<ResolveOverride>().unwrap().host, "*");
        assert!("h:x:127.0.0.1".parse::<ResolveOverride>().is_err());
    }
}
