//! Feeds (RSS 0.9x/1.0/2.0, Atom 1.0, JSON Feed 1.1) through feed-rs, reduced to what
//! feedhound needs: the entries' links.

use serde::Serialize;
use sha2::{Digest, Sha256};
use url::Url;

/// One entry of a feed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FeedItem {
    /// Entry title.
    pub title: Option<String>,
    /// Absolute link to the page.
    pub link: Option<String>,
    /// The entry id (deterministic when the feed has none).
    pub id: String,
    /// Published (or updated) date, RFC 3339.
    pub published: Option<String>,
}

/// A parsed feed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ParsedFeed {
    /// `rss0`, `rss1`, `rss2`, `atom` or `json`.
    pub format: &'static str,
    /// Feed title.
    pub title: Option<String>,
    /// The site's link.
    pub link: Option<String>,
    /// Entries in document order.
    pub items: Vec<FeedItem>,
}

/// Why bytes are not a usable feed.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum FeedError {
    /// Not a feed at all.
    #[error("not a parseable feed: {0}")]
    Unparseable(String),
    /// Parsed, but a non-empty body gave no entries: flagged, never silently accepted.
    #[error("feed parsed to zero entries from a {0}-byte body")]
    NoEntries(usize),
}

fn stable_id(links: &[feed_rs::model::Link], title: &Option<feed_rs::model::Text>, uri: Option<&str>) -> String {
    // feed-rs falls back to a random UUID, which would break deduplication.
    let mut h = Sha256::new();
    if let Some(l) = links.first() {
        h.update(l.href.as_bytes());
    } else if let Some(u) = uri {
        h.update(u.as_bytes());
    }
    h.update([0]);
    if let Some(t) = title {
        h.update(t.content.as_bytes());
    }
    h.finalize().iter().take(16).map(|b| format!("{b:02x}")).collect()
}

/// The body with its `<rss ...>` root given `version="2.0"` when the version is missing
/// or not one feed-rs knows; `None` when there is no such root to repair.
fn with_rss_version(bytes: &[u8]) -> Option<Vec<u8>> {
    const KNOWN: [&str; 4] = ["0.90", "0.91", "0.92", "2.0"];
    let start = bytes.windows(4).position(|w| w == b"<rss")?;
    let after = bytes.get(start + 4)?;
    if !(after.is_ascii_whitespace() || *after == b'>') {
        return None;
    }
    let end = start + bytes[start..].iter().position(|b| *b == b'>')?;
    let tag = String::from_utf8_lossy(&bytes[start..end]).into_owned();
    let version =
        tag.split("version=").nth(1).map(|v| v.trim_start_matches(['"', '\'']).split(['"', '\'']).next().unwrap_or(""));
    if version.is_some_and(|v| KNOWN.contains(&v)) {
        return None;
    }
    let attrs = match tag.find("version=") {
        None => tag[4..].to_owned(),
        Some(i) => {
            let rest = &tag[i + "version=".len()..];
            let quote = rest.chars().next().unwrap_or('"');
            let close = rest[1..].find(quote).map_or(rest.len(), |j| j + 2);
            format!("{}{}", &tag[4..i], &rest[close.min(rest.len())..])
        }
    };
    let mut out = Vec::with_capacity(bytes.len() + 16);
    out.extend_from_slice(&bytes[..start]);
    out.extend_from_slice(format!("<rss version=\"2.0\"{attrs}").as_bytes());
    out.extend_from_slice(&bytes[end..]);
    Some(out)
}

fn absolute(href: &str, base: Option<&Url>) -> Option<String> {
    let href = href.trim();
    if href.is_empty() {
        return None;
    }
    match Url::parse(href) {
        Ok(u) => Some(u.to_string()),
        Err(_) => base.and_then(|b| b.join(href).ok()).map(|u| u.to_string()),
    }
}

fn entry_link(entry: &feed_rs::model::Entry, base: Option<&Url>) -> Option<String> {
    let preferred = entry
        .links
        .iter()
        .find(|l| l.rel.as_deref().is_none_or(|r| r.eq_ignore_ascii_case("alternate")))
        .or_else(|| entry.links.first());
    preferred
        .and_then(|l| absolute(&l.href, base))
        .or_else(|| absolute(&entry.id, None).filter(|u| u.starts_with("http://") || u.starts_with("https://")))
}

fn between<'a>(text: &'a str, open: &str, close: &str) -> Option<&'a str> {
    let start = text.find(open)? + open.len();
    let end = text[start..].find(close)? + start;
    Some(&text[start..end])
}

/// What a feed says about its schedule: `<ttl>` (minutes), `sy:updatePeriod` /
/// `sy:updateFrequency`, `<skipHours>` and `<skipDays>`, read from the first 64 KiB.
pub fn schedule_hints(bytes: &[u8]) -> crate::policy::schedule::FeedHints {
    use std::time::Duration;
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(64 * 1024)]);
    let mut hints = crate::policy::schedule::FeedHints {
        ttl: between(&text, "<ttl>", "</ttl>")
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map(|m| Duration::from_secs(m.min(10_080) * 60)),
        ..Default::default()
    };
    let period = between(&text, "updatePeriod>", "</").map(|p| p.trim().to_ascii_lowercase());
    let hours = match period.as_deref() {
        Some("hourly") => Some(1),
        Some("daily") => Some(24),
        Some("weekly") => Some(24 * 7),
        Some("monthly") => Some(24 * 30),
        Some("yearly") => Some(24 * 365),
        _ => None,
    };
    if let Some(h) = hours {
        let per = between(&text, "updateFrequency>", "</")
            .and_then(|f| f.trim().parse::<u64>().ok())
            .filter(|f| *f > 0)
            .unwrap_or(1);
        hints.update_period = Some(Duration::from_secs(h * 3600 / per));
    }
    if let Some(block) = between(&text, "<skipHours>", "</skipHours>") {
        hints.skip_hours = block
            .split("<hour>")
            .skip(1)
            .filter_map(|h| h.split('<').next()?.trim().parse().ok())
            .filter(|h| *h < 24)
            .collect();
    }
    if let Some(block) = between(&text, "<skipDays>", "</skipDays>") {
        const DAYS: [&str; 7] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
        hints.skip_days = block
            .split("<day>")
            .skip(1)
            .filter_map(|d| d.split('<').next())
            .filter_map(|d| DAYS.iter().position(|n| n.eq_ignore_ascii_case(d.trim())))
            .filter_map(|i| u32::try_from(i).ok())
            .collect();
    }
    hints
}

/// Parse a feed body. `base` resolves relative links (normally the feed's own URL).
///
/// # Errors
/// [`FeedError`] when the body is not a feed, or a non-empty one has no entries.
pub fn parse_feed(bytes: &[u8], base: Option<&Url>) -> Result<ParsedFeed, FeedError> {
    let parser = feed_rs::parser::Builder::new().base_uri(base.map(Url::as_str)).id_generator(stable_id).build();
    let feed = match parser.parse(bytes) {
        Ok(f) => f,
        // Real feeds omit or garble `version` on <rss>; read those as RSS 2.0.
        Err(e) => match with_rss_version(bytes) {
            Some(fixed) => parser.parse(fixed.as_slice()).map_err(|_| FeedError::Unparseable(e.to_string()))?,
            None => return Err(FeedError::Unparseable(e.to_string())),
        },
    };
    let format = match feed.feed_type {
        feed_rs::model::FeedType::Atom => "atom",
        feed_rs::model::FeedType::JSON => "json",
        feed_rs::model::FeedType::RSS0 => "rss0",
        feed_rs::model::FeedType::RSS1 => "rss1",
        feed_rs::model::FeedType::RSS2 => "rss2",
    };
    let items: Vec<FeedItem> = feed
        .entries
        .iter()
        .map(|e| FeedItem {
            title: e.title.as_ref().map(|t| t.content.trim().to_owned()),
            link: entry_link(e, base),
            id: e.id.clone(),
            published: e.published.or(e.updated).map(|d| d.to_rfc3339()),
        })
        .collect();
    if items.is_empty() && !bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(FeedError::NoEntries(bytes.len()));
    }
    Ok(ParsedFeed {
        format,
        title: feed.title.map(|t| t.content.trim().to_owned()),
        link: feed.links.iter().find(|l| l.rel.as_deref() != Some("self")).and_then(|l| absolute(&l.href, base)),
        items,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const RSS: &str = r#"<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>https://s.test/</link>
        <item><title>One</title><link>/a/1</link><pubDate>Mon, 02 Jan 2023 10:00:00 GMT</pubDate></item>
        <item><title>Two</title><guid isPermaLink="true">https://s.test/a/2</guid></item>
        </channel></rss>"#;

    #[test]
    fn rss_links_resolve_against_the_feed_url() {
        let base = Url::parse("https://s.test/feed.xml").unwrap();
        let f = parse_feed(RSS.as_bytes(), Some(&base)).unwrap();
        assert_eq!(f.format, "rss2");
        assert_eq!(f.items.len(), 2);
        assert_eq!(f.items[0].link.as_deref(), Some("https://s.test/a/1"));
        assert_eq!(f.items[1].link.as_deref(), Some("https://s.test/a/2"));
        assert!(f.items[0].published.as_deref().unwrap().starts_with("2023-01-02"));
    }

    #[test]
    fn ids_are_deterministic() {
        let a = parse_feed(RSS.as_bytes(), None).unwrap();
        let b = parse_feed(RSS.as_bytes(), None).unwrap();
        assert_eq!(a.items[0].id, b.items[0].id);
    }

    #[test]
    fn atom_and_json_feed() {
        let atom = r#"<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><id>x</id><updated>2024-01-01T00:00:00Z</updated>
            <entry><title>E</title><id>e1</id><link href="https://s.test/e1"/><updated>2024-01-01T00:00:00Z</updated></entry></feed>"#;
        assert_eq!(parse_feed(atom.as_bytes(), None).unwrap().items[0].link.as_deref(), Some("https://s.test/e1"));
        let json = r#"{"version":"https://jsonfeed.org/version/1.1","title":"J","items":[{"id":"1","url":"https://s.test/j1"}]}"#;
        let f = parse_feed(json.as_bytes(), None).unwrap();
        assert_eq!((f.format, f.items[0].link.as_deref()), ("json", Some("https://s.test/j1")));
    }

    #[test]
    fn schedule_hints_are_read_from_the_body() {
        let body = r#"<rss version="2.0" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"><channel><title>t</title>
            <ttl>720</ttl><sy:updatePeriod>daily</sy:updatePeriod><sy:updateFrequency>2</sy:updateFrequency>
            <skipHours><hour>0</hour><hour>23</hour><hour>99</hour></skipHours><skipDays><day>Sunday</day></skipDays>
            <item><link>https://s.test/a</link></item></channel></rss>"#;
        let h = schedule_hints(body.as_bytes());
        assert_eq!(h.ttl, Some(std::time::Duration::from_secs(720 * 60)));
        assert_eq!(h.update_period, Some(std::time::Duration::from_secs(12 * 3600)));
        assert_eq!(h.skip_hours.into_iter().collect::<Vec<_>>(), vec![0, 23]);
        assert_eq!(h.skip_days.into_iter().collect::<Vec<_>>(), vec![6]);
        assert_eq!(schedule_hints(b"{}"), crate::policy::schedule::FeedHints::default());
    }

    #[test]
    fn rss_without_or_with_an_odd_version_is_read_as_rss2() {
        for root in [
            "<rss>",
            "<rss version=\"2.0.1\">",
            "<rss version='5' xmlns:dc=\"http://purl.org/dc/elements/1.1/\">",
            "<rss\nxmlns:a=\"b\">",
        ] {
            let body = format!(
                "{root}<channel><title>t</title><item><title>a</title><link>https://s.test/a</link></item></channel></rss>"
            );
            let f = parse_feed(body.as_bytes(), None).unwrap_or_else(|e| panic!("{root}: {e}"));
            assert_eq!(f.items[0].link.as_deref(), Some("https://s.test/a"), "{root}");
        }
    }

    #[test]
    fn garbage_and_empty_feeds_are_errors() {
        assert!(matches!(parse_feed(b"<html><body>hi</body></html>", None), Err(FeedError::Unparseable(_))));
        assert!(matches!(parse_feed(b"\x00\xff\xfe", None), Err(FeedError::Unparseable(_))));
        let empty = r#"<rss version="2.0"><channel><title>T</title></channel></rss>"#;
        assert!(matches!(parse_feed(empty.as_bytes(), None), Err(FeedError::NoEntries(_))));
    }
}
