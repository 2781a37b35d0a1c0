//! Operator controls: exclusions (path and URL prefixes) and the blocklist of domains.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use url::Url;

/// URLs an operator never wants requested: path prefixes (`/text/`) for every host, and
/// URL prefixes (`http://www.example.com/text/`) for one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Exclusions {
    paths: Vec<String>,
    urls: Vec<String>,
}

impl Exclusions {
    /// Parse a list: entries starting with `/` are path prefixes, the rest URL prefixes.
    ///
    /// # Errors
    /// The first entry that is neither.
    pub fn parse<'a>(entries: impl IntoIterator<Item = &'a str>) -> Result<Self, String> {
        let mut out = Self::default();
        for e in entries.into_iter().map(str::trim).filter(|e| !e.is_empty()) {
            if e.starts_with('/') {
                out.paths.push(e.to_owned());
            } else {
                let u = crate::model::normalize_url(e).map_err(|err| format!("exclusion {e:?}: {err}"))?;
                // Keep the operator's prefix as normalised, without a trailing slash added
                // to a bare host by the parser.
                let text = if e.trim_end().ends_with('/') {
                    u.to_string()
                } else {
                    u.to_string().trim_end_matches('/').to_owned()
                };
                out.urls.push(text);
            }
        }
        Ok(out)
    }

    /// Whether nothing is excluded.
    pub fn is_empty(&self) -> bool {
        self.paths.is_empty() && self.urls.is_empty()
    }

    /// Whether `url` is excluded.
    pub fn excludes(&self, url: &Url) -> bool {
        let path = url.path();
        self.paths.iter().any(|p| path.starts_with(p.as_str()))
            || self.urls.iter().any(|p| url.as_str().starts_with(p.as_str()))
    }
}

/// Hosts and domains never to be contacted; a domain blocks its subdomains. Stored as one
/// document in the state store, so every worker sees a change at its next task.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Blocklist {
    /// Lower-case domains.
    pub domains: BTreeSet<String>,
}

impl Blocklist {
    /// The state store id of the blocklist document.
    pub const ID: &'static str = "blocklist";

    /// A domain as stored: lower case, no trailing dot, no port, no scheme.
    pub fn normalize_domain(domain: &str) -> Option<String> {
        let d = domain.trim().trim_end_matches('.').to_ascii_lowercase();
        let d = d.split("://").last().unwrap_or(&d).split(['/', ':']).next().unwrap_or("").to_owned();
        (!d.is_empty() && !d.contains(char::is_whitespace)).then_some(d)
    }

    /// Whether `host` (a host name, with or without port) is blocked.
    pub fn blocks(&self, host: &str) -> bool {
        let name = host.split(':').next().unwrap_or(host).trim_end_matches('.').to_ascii_lowercase();
        let mut rest = name.as_str();
        loop {
            if self.domains.contains(rest) {
                return true;
            }
            match rest.split_once('.') {
                Some((_, parent)) => rest = parent,
                None => return false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exclusions_match_paths_and_url_prefixes() {
        let e = Exclusions::parse(["/text/", "http://www.example.com/private", " "]).unwrap();
        let u = |s: &str| Url::parse(s).unwrap();
        assert!(e.excludes(&u("https://any.test/text/a")));
        assert!(!e.excludes(&u("https://any.test/texts")));
        assert!(e.excludes(&u("http://www.example.com/private/x")));
        assert!(e.excludes(&u("http://www.example.com/privateer")));
        assert!(!e.excludes(&u("http://example.com/private/x")));
        assert!(Exclusions::parse(["not a url"]).is_err());
        assert!(Exclusions::parse(Vec::<&str>::new()).unwrap().is_empty());
    }

    #[test]
    fn a_domain_blocks_its_subdomains_only() {
        let mut b = Blocklist::default();
        b.domains.insert(Blocklist::normalize_domain("Example.COM.").unwrap());
        assert!(b.blocks("example.com"));
        assert!(b.blocks("www.example.com:8080"));
        assert!(b.blocks("a.b.example.com"));
        assert!(!b.blocks("notexample.com"));
        assert!(!b.blocks("example.org"));
        assert_eq!(Blocklist::normalize_domain("https://x.test:80/a").as_deref(), Some("x.test"));
        assert_eq!(Blocklist::normalize_domain("  "), None);
    }
}
