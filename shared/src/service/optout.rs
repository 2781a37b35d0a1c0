//! Opting out: a site owner asks for their domain to be blocklisted, and proves that they
//! control it by placing a token feedhound shows them at [`PROOF_PATH`] on their site.
//!
//! The token is a keyed digest of the domain ([`token`]): nothing is stored until the
//! proof is found, and the same domain always gets the same token. The proof is one GET
//! through the host's lease, like every request feedhound makes (robots.txt first when it
//! is not cached, the gap, holds); an answer that holds the token blocks the domain at
//! once (the operator blocklist: every worker's next task, and the URLs waiting for it).
//! Without the token nothing is blocked, and the answer says only what the request saw.

use std::time::Duration;

use hmac::{Hmac, KeyInit, Mac};
use url::Url;

use super::gate::{Gate, RequestKind, gate};
use super::{Deps, ServiceError};
use crate::model::{HoldReason, Timestamp, host_key};
use crate::policy::exclusion::Blocklist;
use crate::ports::{Agent, Excess, HttpRequest};

/// Where the token goes on the site.
pub const PROOF_PATH: &str = "/.well-known/feedhound-opt-out.txt";

/// How much of the proof file is read.
const PROOF_MAX_BYTES: usize = 4096;

/// How long a verification waits for the host's next slot before answering "not now".
pub const MAX_WAIT: Duration = Duration::from_secs(15);

/// What a verification found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptOutOutcome {
    /// The token was there: the domain is blocked.
    Blocked {
        /// The domain as blocked.
        domain: String,
        /// Waiting URLs of the domain moved to `excluded(blocked)`.
        excluded: usize,
    },
    /// The domain was blocked already: no request was made.
    AlreadyBlocked {
        /// The domain.
        domain: String,
    },
    /// The site answered, without the token.
    NoProof {
        /// What the answer was (`HTTP 404`, `the file does not hold the token`).
        detail: String,
    },
    /// The request failed (DNS, connection, timeout).
    Unreachable {
        /// What failed.
        detail: String,
    },
    /// The host may not be asked now: held (after a 403, 429...), or its next slot is too
    /// far away.
    NotNow {
        /// When to try again.
        until: Timestamp,
        /// Why, when the host is held.
        held: Option<HoldReason>,
    },
    /// feedhound may not request the proof: robots.txt disallows it, or the address is not
    /// one it may connect to.
    Refused {
        /// Why.
        reason: String,
    },
}

/// The opt-out token for `domain` under `key`.
pub fn token(key: &[u8], domain: &str) -> String {
    let Ok(mut mac) = Hmac::<sha2::Sha256>::new_from_slice(key) else {
        // HMAC takes a key of any length; this is never reached.
        return String::new();
    };
    mac.update(b"feedhound opt-out\n");
    mac.update(domain.as_bytes());
    let digest = mac.finalize().into_bytes();
    let hex: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("feedhound-opt-out-{hex}")
}

/// The site a person names, as the origin the proof is read from: `example.com`,
/// `https://example.com/` or `http://example.com:8080` (no scheme means https).
///
/// # Errors
/// A message for a site that is not an http(s) origin with a host name.
pub fn site_origin(site: &str) -> Result<Url, String> {
    let site = site.trim();
    let with_scheme = if site.contains("://") { site.to_owned() } else { format!("https://{site}") };
    let url = Url::parse(&with_scheme).map_err(|e| format!("{site:?} is not a site address: {e}"))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(format!("{site:?}: only http and https sites"));
    }
    let Some(host) = url.host_str().filter(|h| !h.is_empty()) else {
        return Err(format!("{site:?} names no host"));
    };
    if host.parse::<std::net::IpAddr>().is_ok() || host.starts_with('[') {
        return Err(format!("{site:?}: a domain name is needed, not an address"));
    }
    let mut origin = url.clone();
    origin.set_path("/");
    origin.set_query(None);
    origin.set_fragment(None);
    Ok(origin)
}

/// The domain an origin's proof blocks: its host name.
pub fn domain_of(origin: &Url) -> Option<String> {
    Blocklist::normalize_domain(origin.host_str()?)
}

/// Read the proof at `origin` and block its domain when it holds the token.
///
/// # Errors
/// [`ServiceError`] when the store fails.
pub async fn verify(deps: &Deps, key: &[u8], origin: &Url) -> Result<OptOutOutcome, ServiceError> {
    let domain = domain_of(origin).ok_or_else(|| ServiceError::InvalidTask(format!("no domain in {origin}")))?;
    if super::gate::blocklist(deps).await?.blocks(&domain) {
        return Ok(OptOutOutcome::AlreadyBlocked { domain });
    }
    let mut url = origin.clone();
    url.set_path(PROOF_PATH);
    let host = host_key(&url).ok_or_else(|| ServiceError::InvalidTask(format!("no host in {url}")))?;
    let started = deps.clock.now();
    let slot = loop {
        match gate(deps, &url, &host, RequestKind::Regular).await? {
            Gate::Go(slot) => break slot,
            Gate::Refused { reason, detail } => {
                let why = match detail {
                    Some(d) => format!("{reason}: {d}"),
                    None => reason.to_string(),
                };
                return Ok(OptOutOutcome::Refused { reason: why });
            }
            Gate::Wait { until, held: Some(reason) } => return Ok(OptOutOutcome::NotNow { until, held: Some(reason) }),
            Gate::Wait { until, held: None } => {
                let now = deps.clock.now();
                if until.since(started) > MAX_WAIT {
                    return Ok(OptOutOutcome::NotNow { until, held: None });
                }
                tokio::time::sleep(until.since(now)).await;
            }
        }
    };
    let mut request = HttpRequest::get(url.clone(), Agent::Page);
    request.max_bytes = Some(PROOF_MAX_BYTES);
    request.excess = Excess::Truncate;
    let Some(response) = slot.fetch(deps, request).await else {
        return Ok(OptOutOutcome::NotNow { until: deps.clock.now().plus(deps.config.min_gap), held: None });
    };
    super::recheck::count_toward_host(deps, &host, &response, false).await?;
    let response = match response {
        Ok(r) => r,
        Err(e) => return Ok(OptOutOutcome::Unreachable { detail: e.to_string() }),
    };
    if response.status != 200 {
        return Ok(OptOutOutcome::NoProof { detail: format!("{url} answered HTTP {}", response.status) });
    }
    let wanted = token(key, &domain);
    if !String::from_utf8_lossy(&response.body).contains(&wanted) {
        return Ok(OptOutOutcome::NoProof { detail: format!("{url} does not hold the token") });
    }
    let out = super::operator::set_blocked(deps, &domain, true).await?;
    tracing::info!(domain = %out.domain, excluded = out.excluded, "opt-out proven: domain blocked");
    Ok(OptOutOutcome::Blocked { domain: out.domain, excluded: out.excluded })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_per_domain_and_per_key() {
        let a = token(b"key one", "example.com");
        assert_eq!(a, token(b"key one", "example.com"), "the same domain always gets the same token");
        assert_ne!(a, token(b"key one", "example.org"));
        assert_ne!(a, token(b"key two", "example.com"));
        assert!(a.starts_with("feedhound-opt-out-") && a.len() == "feedhound-opt-out-".len() + 32);
    }

    #[test]
    fn sites_are_origins_with_a_host_name() {
        assert_eq!(site_origin("Example.com").unwrap().as_str(), "https://example.com/");
        assert_eq!(site_origin("http://a.test:8080/some/page?x=1").unwrap().as_str(), "http://a.test:8080/");
        assert!(site_origin("ftp://a.test/").is_err());
        assert!(site_origin("http://127.0.0.1/").is_err());
        assert!(site_origin("http://[::1]/").is_err());
        assert!(site_origin("").is_err());
        assert_eq!(domain_of(&site_origin("http://Blog.Example.com:81").unwrap()).as_deref(), Some("blog.example.com"));
    }
}
