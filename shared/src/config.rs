//! Typed configuration, parsed once from an injectable variable lookup. Every variable is
//! documented in the README's configuration table; a bad value is reported with its name,
//! and all bad values are reported together.

use std::time::Duration;

use crate::adapters::http::{HttpConfig, ResolveOverride};

/// The token robots.txt rules and meta tags are matched on.
pub const PRODUCT_TOKEN: &str = "feedhound";
/// Default user agent for feeds and discovery.
pub const DEFAULT_FEED_USER_AGENT: &str = "feedhound/0.1 (feed reader; +https://github.com/feedhound/feedhound)";
/// Default user agent for pages, images and robots.txt.
pub const DEFAULT_PAGE_USER_AGENT: &str = "feedhound/0.1 (+https://github.com/feedhound/feedhound)";

/// Every variable that failed to parse.
#[derive(Debug, thiserror::Error)]
#[error("invalid configuration: {}", .problems.join("; "))]
pub struct ConfigError {
    /// One line per bad variable, naming it.
    pub problems: Vec<String>,
}

/// Reads variables and collects problems.
struct Reader<'a> {
    lookup: &'a dyn Fn(&str) -> Option<String>,
    problems: Vec<String>,
}

impl Reader<'_> {
    fn raw(&self, name: &str) -> Option<String> {
        (self.lookup)(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
    }

    fn parse<T: std::str::FromStr>(&mut self, name: &str, default: T) -> T
    where
        T::Err: std::fmt::Display,
    {
        match self.raw(name) {
            None => default,
            Some(v) => v.parse().unwrap_or_else(|e| {
                self.problems.push(format!("{name}={v:?}: {e}"));
                default
            }),
        }
    }

    fn millis(&mut self, name: &str, default: Duration) -> Duration {
        let default_ms = u64::try_from(default.as_millis()).unwrap_or(u64::MAX);
        Duration::from_millis(self.parse(name, default_ms))
    }

    fn flag(&mut self, name: &str, default: bool) -> bool {
        match self.raw(name).map(|v| v.to_ascii_lowercase()) {
            None => default,
            Some(v) if ["1", "true", "yes", "on"].contains(&v.as_str()) => true,
            Some(v) if ["0", "false", "no", "off"].contains(&v.as_str()) => false,
            Some(v) => {
                self.problems.push(format!("{name}={v:?}: expected true or false"));
                default
            }
        }
    }

    fn string(&self, name: &str, default: &str) -> String {
        self.raw(name).unwrap_or_else(|| default.to_owned())
    }

    fn finish<T>(self, value: T) -> Result<T, ConfigError> {
        if self.problems.is_empty() { Ok(value) } else { Err(ConfigError { problems: self.problems }) }
    }
}

/// How the crawl behaves: politeness, budgets, validity.
#[derive(Clone, Debug, PartialEq)]
pub struct CrawlConfig {
    /// Smallest gap between two requests to one host (`FEEDHOUND_MIN_GAP_MS`, 1000).
    pub min_gap: Duration,
    /// Cap on a robots.txt Crawl-delay (`FEEDHOUND_MAX_CRAWL_DELAY_MS`, 60000).
    pub max_crawl_delay: Duration,
    /// Added to every gap so that a slow state write between the lease and the request
    /// never lets the server see less than the gap (`FEEDHOUND_LEASE_MARGIN_MS`, 50).
    pub lease_margin: Duration,
    /// Redirects followed per page (`FEEDHOUND_MAX_REDIRECTS`, 2).
    pub max_redirects: usize,
    /// Minimum main-text length of a valid page (`FEEDHOUND_MIN_TEXT_CHARS`, 500).
    pub min_text_chars: usize,
    /// Feed polling interval (`FEEDHOUND_POLL_INTERVAL_MS`, 8 h: about 3 times a day).
    pub poll_interval: Duration,
    /// Hold after 403/429 (`FEEDHOUND_HOLD_FORBIDDEN_MS`, 72 h).
    pub hold_forbidden: Duration,
    /// Hold after repeated 5xx (`FEEDHOUND_HOLD_SERVER_ERRORS_MS`, 48 h).
    pub hold_server_errors: Duration,
    /// Pause after a network failure (`FEEDHOUND_PAUSE_UNREACHABLE_MS`, 24 h).
    pub pause_unreachable: Duration,
    /// First retry delay after a 5xx, doubled each time (`FEEDHOUND_RETRY_BASE_MS`, 60000).
    pub retry_base: Duration,
    /// 5xx answers for one page before the host is held (`FEEDHOUND_MAX_SERVER_ERRORS`, 3).
    pub max_server_errors: u32,
    /// How long a robots.txt is trusted (`FEEDHOUND_ROBOTS_TTL_MS`, 24 h).
    pub robots_ttl: Duration,
    /// A re-checked page answering 404 is removed only when it answers 404 again at
    /// least this long after the first one, with no success in between
    /// (`FEEDHOUND_GONE_CONFIRM_MS`, 24 h). A 410 removes it at once.
    pub gone_confirm: Duration,
    /// Obey robots.txt (`FEEDHOUND_RESPECT_ROBOTS`, true). Off logs a warning at start-up.
    pub respect_robots: bool,
    /// Deliveries before a failing task is dead-lettered (`FEEDHOUND_MAX_RECEIVES`, 5).
    pub max_receives: u32,
    /// With SQS (whole-second delays), waits up to this long happen in the worker rather
    /// than through the queue (`FEEDHOUND_INLINE_WAIT_MS`, 1500; 0 = always the queue).
    pub inline_wait: Duration,
    /// Crawling time per host per cycle; the cycle is the poll interval
    /// (`FEEDHOUND_SITE_BUDGET_MS`, 1 h).
    pub site_budget: Duration,
    /// How soon a robots.txt that answered 5xx is tried again (`FEEDHOUND_ROBOTS_RETRY_MS`, 1 h).
    pub robots_retry: Duration,
    /// Operator exclusions (`FEEDHOUND_EXCLUDE`: comma list of `/path/` and URL prefixes).
    pub exclusions: crate::policy::exclusion::Exclusions,
    /// Check each page's main image with a second request, and require a valid one
    /// (`FEEDHOUND_CHECK_IMAGES`, true). Off: text-only records, one request per page.
    pub check_images: bool,
    /// Smallest width of a valid page's image (`FEEDHOUND_MIN_IMAGE_WIDTH`, 200).
    pub min_image_width: u32,
    /// Smallest height of a valid page's image (`FEEDHOUND_MIN_IMAGE_HEIGHT`, 100).
    pub min_image_height: u32,
    /// The content filter: extra terms (`FEEDHOUND_FILTER_TERMS`, comma list), the score
    /// threshold (`FEEDHOUND_FILTER_THRESHOLD`, 4) and hosts (`FEEDHOUND_FILTER_HOSTS`).
    pub filter: crate::policy::filter::ContentFilter,
    /// The image nudity model file (`FEEDHOUND_IMAGE_MODEL`); needs a build with the
    /// `image-model` feature. Unset: images are not classified.
    pub image_model: Option<std::path::PathBuf>,
}

impl Default for CrawlConfig {
    fn default() -> Self {
        const H: u64 = 3600;
        Self {
            min_gap: Duration::from_millis(1000),
            max_crawl_delay: Duration::from_secs(60),
            lease_margin: Duration::from_millis(50),
            max_redirects: 2,
            min_text_chars: 500,
            poll_interval: Duration::from_secs(8 * H),
            hold_forbidden: Duration::from_secs(72 * H),
            hold_server_errors: Duration::from_secs(48 * H),
            pause_unreachable: Duration::from_secs(24 * H),
            retry_base: Duration::from_secs(60),
            max_server_errors: 3,
            robots_ttl: Duration::from_secs(24 * H),
            gone_confirm: Duration::from_secs(24 * H),
            respect_robots: true,
            max_receives: 5,
            inline_wait: Duration::from_millis(1500),
            site_budget: Duration::from_secs(H),
            robots_retry: Duration::from_secs(H),
            exclusions: crate::policy::exclusion::Exclusions::default(),
            check_images: true,
            min_image_width: 200,
            min_image_height: 100,
            filter: crate::policy::filter::ContentFilter::default(),
            image_model: None,
        }
    }
}

impl CrawlConfig {
    /// Parse from variables (`std::env::var` in binaries, a map in tests).
    ///
    /// # Errors
    /// [`ConfigError`] naming every variable with a bad value.
    pub fn from_lookup(lookup: &dyn Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let d = Self::default();
        let mut r = Reader { lookup, problems: Vec::new() };
        let c = Self {
            min_gap: r.millis("FEEDHOUND_MIN_GAP_MS", d.min_gap),
            max_crawl_delay: r.millis("FEEDHOUND_MAX_CRAWL_DELAY_MS", d.max_crawl_delay),
            lease_margin: r.millis("FEEDHOUND_LEASE_MARGIN_MS", d.lease_margin),
            max_redirects: r.parse("FEEDHOUND_MAX_REDIRECTS", d.max_redirects),
            min_text_chars: r.parse("FEEDHOUND_MIN_TEXT_CHARS", d.min_text_chars),
            poll_interval: r.millis("FEEDHOUND_POLL_INTERVAL_MS", d.poll_interval),
            hold_forbidden: r.millis("FEEDHOUND_HOLD_FORBIDDEN_MS", d.hold_forbidden),
            hold_server_errors: r.millis("FEEDHOUND_HOLD_SERVER_ERRORS_MS", d.hold_server_errors),
            pause_unreachable: r.millis("FEEDHOUND_PAUSE_UNREACHABLE_MS", d.pause_unreachable),
            retry_base: r.millis("FEEDHOUND_RETRY_BASE_MS", d.retry_base),
            max_server_errors: r.parse("FEEDHOUND_MAX_SERVER_ERRORS", d.max_server_errors),
            robots_ttl: r.millis("FEEDHOUND_ROBOTS_TTL_MS", d.robots_ttl),
            gone_confirm: r.millis("FEEDHOUND_GONE_CONFIRM_MS", d.gone_confirm),
            respect_robots: r.flag("FEEDHOUND_RESPECT_ROBOTS", d.respect_robots),
            max_receives: r.parse("FEEDHOUND_MAX_RECEIVES", d.max_receives),
            inline_wait: r.millis("FEEDHOUND_INLINE_WAIT_MS", d.inline_wait),
            site_budget: r.millis("FEEDHOUND_SITE_BUDGET_MS", d.site_budget),
            robots_retry: r.millis("FEEDHOUND_ROBOTS_RETRY_MS", d.robots_retry),
            exclusions: match r.raw("FEEDHOUND_EXCLUDE") {
                None => d.exclusions.clone(),
                Some(list) => crate::policy::exclusion::Exclusions::parse(list.split(',')).unwrap_or_else(|e| {
                    r.problems.push(format!("FEEDHOUND_EXCLUDE: {e}"));
                    d.exclusions.clone()
                }),
            },
            check_images: r.flag("FEEDHOUND_CHECK_IMAGES", d.check_images),
            min_image_width: r.parse("FEEDHOUND_MIN_IMAGE_WIDTH", d.min_image_width),
            min_image_height: r.parse("FEEDHOUND_MIN_IMAGE_HEIGHT", d.min_image_height),
            filter: {
                let list = |name: &str| -> Vec<String> {
                    r.raw(name)
                        .map(|v| v.split(',').map(|t| t.trim().to_owned()).filter(|t| !t.is_empty()).collect())
                        .unwrap_or_default()
                };
                let (terms, hosts) = (list("FEEDHOUND_FILTER_TERMS"), list("FEEDHOUND_FILTER_HOSTS"));
                let threshold = r.parse("FEEDHOUND_FILTER_THRESHOLD", d.filter.threshold);
                crate::policy::filter::ContentFilter::new(&terms, threshold, &hosts)
            },
            image_model: r.raw("FEEDHOUND_IMAGE_MODEL").map(std::path::PathBuf::from),
        };
        if c.min_gap < Duration::from_millis(1000) {
            r.problems.push(format!(
                "FEEDHOUND_MIN_GAP_MS={}: below the 1000 ms floor feedhound promises site owners",
                c.min_gap.as_millis()
            ));
        }
        r.finish(c)
    }

    /// Defaults with short holds, for tests (the 1 s gap stays: it is a promise).
    pub fn for_tests() -> Self {
        Self { retry_base: Duration::from_millis(200), ..Self::default() }
    }
}

/// Parse the HTTP client's settings.
///
/// # Errors
/// [`ConfigError`] naming every variable with a bad value.
pub fn http_config_from_lookup(lookup: &dyn Fn(&str) -> Option<String>) -> Result<HttpConfig, ConfigError> {
    let d = HttpConfig::default();
    let mut r = Reader { lookup, problems: Vec::new() };
    let mut resolve = Vec::new();
    if let Some(list) = r.raw("FEEDHOUND_RESOLVE") {
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            match item.parse::<ResolveOverride>() {
                Ok(o) => resolve.push(o),
                Err(e) => r.problems.push(format!("FEEDHOUND_RESOLVE: {e}")),
            }
        }
    }
    let c = HttpConfig {
        feed_user_agent: r.string("FEEDHOUND_FEED_USER_AGENT", &d.feed_user_agent),
        page_user_agent: r.string("FEEDHOUND_PAGE_USER_AGENT", &d.page_user_agent),
        max_body_bytes: r.parse("FEEDHOUND_MAX_BODY_BYTES", d.max_body_bytes),
        connect_timeout: r.millis("FEEDHOUND_CONNECT_TIMEOUT_MS", d.connect_timeout),
        read_timeout: r.millis("FEEDHOUND_READ_TIMEOUT_MS", d.read_timeout),
        total_timeout: r.millis("FEEDHOUND_TOTAL_TIMEOUT_MS", d.total_timeout),
        allow_private_addresses: r.flag("FEEDHOUND_ALLOW_PRIVATE_ADDRESSES", d.allow_private_addresses),
        resolve,
        max_idle_connections: r.parse("FEEDHOUND_MAX_IDLE_CONNECTIONS", d.max_idle_connections),
    };
    r.finish(c)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn lookup(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        move |k| map.get(k).cloned()
    }

    #[test]
    fn defaults_without_variables() {
        assert_eq!(CrawlConfig::from_lookup(&lookup(&[])).unwrap(), CrawlConfig::default());
    }

    #[test]
    fn names_every_bad_variable() {
        let err = CrawlConfig::from_lookup(&lookup(&[
            ("FEEDHOUND_MIN_GAP_MS", "fast"),
            ("FEEDHOUND_RESPECT_ROBOTS", "maybe"),
            ("FEEDHOUND_MAX_REDIRECTS", "3"),
        ]))
        .unwrap_err();
        let text = err.to_string();
        assert!(text.contains("FEEDHOUND_MIN_GAP_MS"), "{text}");
        assert!(text.contains("FEEDHOUND_RESPECT_ROBOTS"), "{text}");
        assert!(!text.contains("FEEDHOUND_MAX_REDIRECTS"), "{text}");
    }

    #[test]
    fn refuses_a_gap_below_one_second() {
        let err = CrawlConfig::from_lookup(&lookup(&[("FEEDHOUND_MIN_GAP_MS", "200")])).unwrap_err();
        assert!(err.to_string().contains("1000 ms floor"));
    }

    #[test]
    fn http_overrides_and_flags() {
        let c = http_config_from_lookup(&lookup(&[
            ("FEEDHOUND_RESOLVE", "a.test:80:127.0.0.1, b.test:80:127.0.0.2"),
            ("FEEDHOUND_ALLOW_PRIVATE_ADDRESSES", "true"),
        ]))
        .unwrap();
        assert_eq!(c.resolve.len(), 2);
        assert!(c.allow_private_addresses);
        assert!(http_config_from_lookup(&lookup(&[("FEEDHOUND_RESOLVE", "bad")])).is_err());
    }
}
