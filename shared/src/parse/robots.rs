//! robots.txt (RFC 9309) through texting_robots, behind our own type.
//!
//! texting_robots does the grouping and the longest-match rule. A normalisation pass
//! before it closes the gaps between it and the reference behaviour (Google's parser and
//! the RFC), each covered by the ported conformance cases in `tests/robots_conformance.rs`:
//! - a `User-agent` value is matched on its product token (`FOO BAR`, `Foo/2.1` → `foo`);
//! - a line longer than 16,663 bytes is cut there, not dropped or kept whole;
//! - a directive missing its colon (`disallow /`) is read as if it had one;
//! - `Allow: /dir/index.html` also allows `/dir/`;
//! - a UTF-8 byte order mark (whole or partial) is skipped; CR, LF and CRLF all end lines;
//! - a rule texting_robots cannot compile is dropped alone, not the whole file.

use std::time::Duration;

use texting_robots::Robot;
use url::Url;

/// Longest line kept (Google's reference parser keeps 8 × 2083 bytes with the terminator).
const MAX_LINE: usize = 8 * 2083 - 1;

/// What a host's robots.txt allows us.
#[derive(Debug)]
pub enum RobotsRules {
    /// Parsed rules for our product token.
    Rules(Box<Robot>),
    /// No usable rules (a 4xx, or nothing for us in the file): everything is allowed.
    AllowAll,
    /// Nothing allowed (a 5xx or an unreachable robots.txt, until it is fetched again).
    DisallowAll,
}

const DIRECTIVES: [&str; 5] = ["user-agent", "allow", "disallow", "crawl-delay", "sitemap"];

/// The product token of a user-agent value: its leading `[a-zA-Z_-]` characters.
pub fn product_token(value: &str) -> &str {
    let v = value.trim();
    if v.starts_with('*') {
        return "*";
    }
    let end = v.find(|c: char| !(c.is_ascii_alphabetic() || c == '_' || c == '-')).unwrap_or(v.len());
    &v[..end]
}

fn cut(line: &[u8]) -> &[u8] {
    if line.len() <= MAX_LINE {
        return line;
    }
    let mut end = MAX_LINE;
    // Keep valid UTF-8 valid: back off to a character boundary.
    while end > 0 && (line[end] & 0xC0) == 0x80 {
        end -= 1;
    }
    &line[..end]
}

/// Rewrite a robots.txt body into the dialect texting_robots reads the reference way.
pub fn normalize(body: &[u8]) -> Vec<u8> {
    let body = body
        .strip_prefix(b"\xEF\xBB\xBF")
        .or_else(|| body.strip_prefix(b"\xEF\xBB"))
        .or_else(|| body.strip_prefix(b"\xEF"))
        .unwrap_or(body);
    let mut out = Vec::with_capacity(body.len() + 64);
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < body.len() {
        if body[i] == b'\n' || body[i] == b'\r' {
            lines.push(&body[start..i]);
            if body[i] == b'\r' && body.get(i + 1) == Some(&b'\n') {
                i += 1;
            }
            start = i + 1;
        }
        i += 1;
    }
    lines.push(&body[start..]);
    for raw in lines {
        let line = cut(raw);
        let text = String::from_utf8_lossy(line);
        let content = text.split('#').next().unwrap_or("").trim();
        let (name, value) = match content.split_once(':') {
            Some((n, v)) if DIRECTIVES.contains(&n.trim().to_ascii_lowercase().as_str()) => {
                (n.trim().to_ascii_lowercase(), v.trim())
            }
            _ => match content.split_once(char::is_whitespace) {
                Some((n, v)) if DIRECTIVES.contains(&n.to_ascii_lowercase().as_str()) => {
                    (n.to_ascii_lowercase(), v.trim())
                }
                _ => {
                    out.extend_from_slice(line);
                    out.push(b'\n');
                    continue;
                }
            },
        };
        let value = if name == "user-agent" { product_token(value) } else { value };
        out.extend_from_slice(format!("{name}: {value}\n").as_bytes());
        if name == "allow"
            && let Some(dir) = value.strip_suffix("index.html").filter(|d| d.ends_with('/'))
        {
            out.extend_from_slice(format!("allow: {dir}$\n").as_bytes());
        }
    }
    out
}

/// Drop the rule lines texting_robots cannot compile, keeping the rest.
fn without_bad_rules(normalized: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(normalized.len());
    for line in normalized.split(|b| *b == b'\n') {
        let is_rule = line.starts_with(b"allow:") || line.starts_with(b"disallow:");
        let mut probe = b"user-agent: *\n".to_vec();
        probe.extend_from_slice(line);
        if !is_rule || Robot::new("probe", &probe).is_ok() {
            out.extend_from_slice(line);
            out.push(b'\n');
        }
    }
    out
}

impl RobotsRules {
    /// Parse a 2xx body for `token`, our product token (never the full user agent).
    pub fn parse(body: &[u8], token: &str) -> Self {
        let normalized = normalize(body);
        let token = token.trim().to_ascii_lowercase();
        let robot = Robot::new(&token, &normalized).or_else(|_| Robot::new(&token, &without_bad_rules(&normalized)));
        match robot {
            Ok(robot) => RobotsRules::Rules(Box::new(robot)),
            Err(e) => {
                tracing::warn!(error = %e, "robots.txt unreadable; treating as no rules");
                RobotsRules::AllowAll
            }
        }
    }

    /// Whether `url` may be fetched. robots.txt itself always may.
    pub fn allowed(&self, url: &Url) -> bool {
        let mut path = url.path().to_owned();
        if let Some(q) = url.query() {
            path.push('?');
            path.push_str(q);
        }
        self.allowed_path(&path)
    }

    /// Whether a path (with query, percent-encoded) may be fetched.
    pub fn allowed_path(&self, path: &str) -> bool {
        let path = if path.is_empty() { "/" } else { path };
        match self {
            RobotsRules::Rules(r) => path == "/robots.txt" || r.allowed(path),
            RobotsRules::AllowAll => true,
            RobotsRules::DisallowAll => false,
        }
    }

    /// The Crawl-delay for our token, if any.
    pub fn crawl_delay(&self) -> Option<Duration> {
        match self {
            RobotsRules::Rules(r) => r
                .delay
                .filter(|d| d.is_finite() && *d > 0.0)
                .map(|d| Duration::from_secs_f64(f64::from(d).min(86_400.0))),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_apply_to_our_token() {
        let body = b"User-agent: feedhound\nDisallow: /private/\nCrawl-delay: 2\n\nUser-agent: *\nDisallow: /\n";
        let r = RobotsRules::parse(body, "feedhound");
        assert!(r.allowed(&Url::parse("https://a.test/post/1").unwrap()));
        assert!(!r.allowed(&Url::parse("https://a.test/private/x").unwrap()));
        assert_eq!(r.crawl_delay(), Some(Duration::from_secs(2)));
        let other = RobotsRules::parse(body, "otherbot");
        assert!(!other.allowed(&Url::parse("https://a.test/post/1").unwrap()));
        assert!(!RobotsRules::DisallowAll.allowed(&Url::parse("https://a.test/").unwrap()));
    }

    #[test]
    fn product_tokens() {
        assert_eq!(product_token("FOO BAR"), "FOO");
        assert_eq!(product_token("Googlebot/2.1 (+http://x)"), "Googlebot");
        assert_eq!(product_token("foo_bar-baz"), "foo_bar-baz");
        assert_eq!(product_token("*"), "*");
        assert_eq!(product_token("ツ"), "");
    }

    #[test]
    fn garbage_never_panics() {
        for junk in [&b""[..], b"\xff\xfe\x00", b"Disallow: /[", b"User-agent: *\nDisallow: /a\x00b", b"\r\r\r\n\n"] {
            let r = RobotsRules::parse(junk, "feedhound");
            let _ = r.allowed(&Url::parse("https://a.test/x").unwrap());
        }
    }
}
