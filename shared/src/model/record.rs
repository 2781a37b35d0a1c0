use serde::{Deserialize, Serialize};

use super::{HostKey, Timestamp, UrlKey};

/// The wire version of [`PageRecord`].
pub const RECORD_VERSION: u32 = 1;

/// Where a field's value came from, in order of trust.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FieldSource {
    /// Open Graph meta tags.
    OpenGraph,
    /// schema.org JSON-LD.
    JsonLd,
    /// schema.org Microdata.
    Microdata,
    /// WordPress's standard markup.
    WordPress,
    /// Twitter card meta tags.
    TwitterCard,
    /// `<title>`, `<h1>`, `<img>` and the generic main-text extractor.
    Html,
}

/// The main image of a page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImageRef {
    /// Absolute image URL.
    pub url: String,
    /// Pixel width, once checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    /// Pixel height, once checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
    /// Media type, once checked.
    #[serde(default, rename = "type", skip_serializing_if = "Option::is_none")]
    pub media_type: Option<String>,
    /// Whether one request confirmed it is an image.
    #[serde(default)]
    pub checked: bool,
}

/// The stored result of crawling one page: a JSON object at
/// `pages/<year>/<host>/<key>.json` in S3 or the data directory.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PageRecord {
    /// [`RECORD_VERSION`].
    pub v: u32,
    /// The page's key.
    pub key: UrlKey,
    /// The URL the page was announced by.
    pub url: String,
    /// Its canonical URL, if the page names one on the same site.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub canonical: Option<String>,
    /// The feed that announced it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feed: Option<String>,
    /// Host of `url`.
    pub host: HostKey,
    /// When it was fetched.
    pub fetched_at: Timestamp,
    /// The year partition (of `fetched_at`).
    pub year: i32,
    /// Clean title.
    pub title: String,
    /// Main text, paragraphs separated by blank lines.
    pub text: String,
    /// Main image.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<ImageRef>,
    /// Published date as the page states it (RFC 3339 where parseable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub published: Option<String>,
    /// Author.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// Language tag.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
    /// Site name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub site_name: Option<String>,
    /// Which source gave each field (`title`, `text`, `image`, ...).
    #[serde(default)]
    pub sources: std::collections::BTreeMap<String, FieldSource>,
    /// Flags such as meta robots directives seen.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<String>,
}

impl PageRecord {
    /// The record's location, the same in S3 and in the data directory.
    pub fn location(&self) -> String {
        record_location(self.year, &self.host, &self.key)
    }
}

/// `pages/<year>/<host>/<key>.json` (see [`super::location::record`]).
pub fn record_location(year: i32, host: &HostKey, key: &UrlKey) -> String {
    super::location::record(year, host, key)
}
