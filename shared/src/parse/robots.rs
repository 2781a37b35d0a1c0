//! robots.txt through texting_robots, behind our own type.

use std::time::Duration;

use texting_robots::Robot;
use url::Url;

/// What a host's robots.txt allows us.
#[derive(Debug)]
pub enum RobotsRules {
    /// Parsed rules for our product token.
    Rules(Box<Robot>),
    /// No usable rules (4xx): everything is allowed.
    AllowAll,
    /// 5xx or unreachable: nothing is allowed until it can be fetched.
    DisallowAll,
}

impl RobotsRules {
    /// Parse a 2xx body for `token` (the product token, never the full user agent). A body
    /// texting_robots cannot read at all is treated as no rules, as RFC 9309 asks for
    /// unparseable lines.
    pub fn parse(body: &[u8], token: &str) -> Self {
        match Robot::new(token, body) {
            Ok(robot) => RobotsRules::Rules(Box::new(robot)),
            Err(e) => {
                tracing::warn!(error = %e, "robots.txt unreadable; treating as no rules");
                RobotsRules::AllowAll
            }
        }
    }

    /// Whether `url` may be fetched.
    pub fn allowed(&self, url: &Url) -> bool {
        match self {
            RobotsRules::Rules(r) => url.path() == "/robots.txt" || r.allowed(url.as_str()),
            RobotsRules::AllowAll => true,
            RobotsRules::DisallowAll => false,
        }
    }

    /// The Crawl-delay for our token, if any.
    pub fn crawl_delay(&self) -> Option<Duration> {
        match self {
            RobotsRules::Rules(r) => {
                r.delay.filter(|d| d.is_finite() && *d > 0.0).map(|d| Duration::from_secs_f64(f64::from(d)))
            }
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
}
