//! Pure parsers over bytes: feeds, HTML pages, robots.txt.

pub mod article;
pub mod feed;
pub mod html;
pub mod robots;

use url::Url;

/// Whitespace runs as single spaces, ends trimmed.
pub(crate) fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The text of a string that may carry markup and HTML entities (feed titles, JSON-LD
/// values): tags stripped, entities decoded, whitespace kept as written.
pub(crate) fn markup_text(s: &str) -> String {
    if s.contains(['<', '&']) { scraper::Html::parse_fragment(s).root_element().text().collect() } else { s.to_owned() }
}

/// `href` resolved against `base`, if the result is an http(s) URL (empty and `data:`
/// references are not links).
pub(crate) fn resolve_http(base: &Url, href: &str) -> Option<String> {
    let href = href.trim();
    if href.is_empty() || href.starts_with("data:") {
        return None;
    }
    base.join(href).ok().filter(|u| matches!(u.scheme(), "http" | "https")).map(|u| u.to_string())
}
