//! What stands between a request and an action: the form token (CSRF), rate limits per
//! client and per domain, the client's address, and the operator token.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::Duration;

use axum::http::{HeaderMap, HeaderValue, header};

use crate::model::Timestamp;

/// The cookie that carries the form token.
pub const CSRF_COOKIE: &str = "feedhound_form";

/// A form token: random, kept by the browser in a cookie only this site's pages send
/// (`SameSite=Strict`, `HttpOnly`), and copied into every form. A POST whose form token is
/// not the cookie's came from another site's page (the double-submit pattern): another
/// site can make a browser post a form, but can neither read nor set our cookie.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormToken {
    /// The token.
    pub value: String,
    /// Set when the browser had none: the `Set-Cookie` value to send.
    pub set_cookie: Option<HeaderValue>,
}

fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim())
}

fn is_token(value: &str) -> bool {
    value.len() == 32 && value.bytes().all(|b| b.is_ascii_hexdigit())
}

/// `n` random bytes, from a generator seeded by the operating system.
pub fn random_bytes(n: usize) -> Vec<u8> {
    use rand::{RngCore, SeedableRng};
    let mut buf = vec![0u8; n];
    rand::rngs::StdRng::from_os_rng().fill_bytes(&mut buf);
    buf
}

/// `n` random bytes, as hex.
pub fn random_hex(n: usize) -> String {
    random_bytes(n).iter().map(|b| format!("{b:02x}")).collect()
}

/// The browser's form token, or a new one to set.
pub fn form_token(headers: &HeaderMap, secure: bool) -> FormToken {
    if let Some(value) = cookie(headers, CSRF_COOKIE).filter(|v| is_token(v)) {
        return FormToken { value: value.to_owned(), set_cookie: None };
    }
    let value = random_hex(16);
    let secure = if secure { "; Secure" } else { "" };
    let set = format!("{CSRF_COOKIE}={value}; Path=/; HttpOnly; SameSite=Strict{secure}");
    FormToken { set_cookie: HeaderValue::from_str(&set).ok(), value }
}

/// Whether a posted form's token is the browser's.
pub fn form_token_ok(headers: &HeaderMap, posted: &str) -> bool {
    cookie(headers, CSRF_COOKIE).is_some_and(|c| is_token(c) && constant_time_eq(c.as_bytes(), posted.as_bytes()))
}

/// Equality that takes as long whatever the first difference (tokens compared to secrets).
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The address a request came from: set by the Lambda adapter from the function URL's
/// request context, else the connection's peer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClientAddr(pub String);

impl ClientAddr {
    /// From a connection's peer address.
    pub fn of_peer(peer: SocketAddr) -> Self {
        Self(peer.ip().to_string())
    }
}

/// At most `max` events per key in each window of `window`: a fixed window, restarted by
/// the first event after it ends. Keys whose window has ended are forgotten as the map
/// grows, so a flood of keys costs bounded memory.
#[derive(Debug)]
pub struct RateLimit {
    max: u32,
    window: Duration,
    seen: Mutex<HashMap<String, (Timestamp, u32)>>,
}

/// Keys kept before ended windows are swept out.
const SWEEP_AT: usize = 10_000;

impl RateLimit {
    /// `max` events per `window` per key.
    pub fn new(max: u32, window: Duration) -> Self {
        Self { max, window, seen: Mutex::new(HashMap::new()) }
    }

    /// Count an event for `key` at `now`; whether it is allowed.
    pub fn allow(&self, key: &str, now: Timestamp) -> bool {
        let Ok(mut seen) = self.seen.lock() else { return false };
        if seen.len() >= SWEEP_AT {
            let window = self.window;
            seen.retain(|_, (start, _)| now.since(*start) < window);
        }
        let entry = seen.entry(key.to_owned()).or_insert((now, 0));
        if now.since(entry.0) >= self.window {
            *entry = (now, 0);
        }
        if entry.1 >= self.max {
            return false;
        }
        entry.1 += 1;
        true
    }
}

/// Every limit the pages apply.
#[derive(Debug)]
pub struct Limits {
    /// Site suggestions per client.
    pub suggest: RateLimit,
    /// Opt-out verifications per client.
    pub verify_client: RateLimit,
    /// Opt-out verifications per domain: each is a request to the site.
    pub verify_domain: RateLimit,
    /// Operator actions with a wrong token, per client.
    pub operator_failures: RateLimit,
}

impl Default for Limits {
    fn default() -> Self {
        let ten_minutes = Duration::from_secs(600);
        Self {
            suggest: RateLimit::new(5, ten_minutes),
            verify_client: RateLimit::new(5, ten_minutes),
            verify_domain: RateLimit::new(3, ten_minutes),
            operator_failures: RateLimit::new(10, ten_minutes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_allows_max_then_refuses_until_it_ends() {
        let limit = RateLimit::new(2, Duration::from_secs(60));
        let t = Timestamp::from_millis(1_000_000);
        assert!(limit.allow("a", t));
        assert!(limit.allow("a", t.plus(Duration::from_secs(1))));
        assert!(!limit.allow("a", t.plus(Duration::from_secs(2))), "a third in the window");
        assert!(limit.allow("b", t.plus(Duration::from_secs(2))), "per key");
        assert!(limit.allow("a", t.plus(Duration::from_secs(61))), "a new window");
    }

    #[test]
    fn a_flood_of_keys_is_swept() {
        let limit = RateLimit::new(1, Duration::from_secs(1));
        let t = Timestamp::from_millis(0);
        for i in 0..SWEEP_AT {
            limit.allow(&i.to_string(), t);
        }
        assert!(limit.allow("late", t.plus(Duration::from_secs(5))));
        assert!(limit.seen.lock().unwrap().len() < 10, "ended windows are forgotten");
    }

    #[test]
    fn form_tokens_come_from_the_cookie_or_are_made() {
        let fresh = form_token(&HeaderMap::new(), false);
        assert!(is_token(&fresh.value));
        let cookie = fresh.set_cookie.clone().unwrap();
        let cookie = cookie.to_str().unwrap();
        assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && !cookie.contains("Secure"));
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, HeaderValue::from_str(&format!("x=1; {CSRF_COOKIE}={}", fresh.value)).unwrap());
        let again = form_token(&headers, false);
        assert_eq!(again.value, fresh.value);
        assert!(again.set_cookie.is_none());
        assert!(form_token_ok(&headers, &fresh.value));
        assert!(!form_token_ok(&headers, "0123456789abcdef0123456789abcdef"));
        assert!(!form_token_ok(&HeaderMap::new(), &fresh.value), "no cookie, no action");
        assert!(form_token(&HeaderMap::new(), true).set_cookie.unwrap().to_str().unwrap().contains("Secure"));
    }
}
