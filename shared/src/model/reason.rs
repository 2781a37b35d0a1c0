//! Why a URL ended where it did, as types. Each serialises to the short text users see in
//! `status` and in stored state (`image_too_small:100x50`, `retry:http_503`,
//! `terms:en:7`…), so data written before these types existed keeps loading, and a reason
//! this version does not know (written by a newer one) is kept as it is (`Other`).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::HoldReason;

/// Serialise as the display text; deserialise from it (never failing: unknown text is `Other`).
macro_rules! text_serde {
    ($t:ty) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                Ok(Self::from(String::deserialize(d)?.as_str()))
            }
        }

        impl PartialEq<&str> for $t {
            fn eq(&self, other: &&str) -> bool {
                *self == **other
            }
        }

        impl PartialEq<str> for $t {
            fn eq(&self, other: &str) -> bool {
                self.to_string().as_str() == other
            }
        }
    };
}

/// Why a page was kept out by rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExcludedReason {
    /// robots.txt disallows it.
    Robots,
    /// Meta robots or X-Robots-Tag say `noindex` (or `none`).
    Noindex,
    /// An operator exclusion (path or URL prefix).
    Exclusion,
    /// The host is on the blocklist.
    Blocked,
    /// The address guard refused the host's address (loopback, private…).
    AddressRefused,
    /// Written by another version.
    Other(String),
}

impl fmt::Display for ExcludedReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Robots => "robots",
            Self::Noindex => "noindex",
            Self::Exclusion => "exclusion",
            Self::Blocked => "blocked",
            Self::AddressRefused => "address_refused",
            Self::Other(s) => s,
        })
    }
}

impl From<&str> for ExcludedReason {
    fn from(s: &str) -> Self {
        match s {
            "robots" => Self::Robots,
            "noindex" => Self::Noindex,
            "exclusion" => Self::Exclusion,
            "blocked" => Self::Blocked,
            "address_refused" => Self::AddressRefused,
            other => Self::Other(other.to_owned()),
        }
    }
}

text_serde!(ExcludedReason);

/// Why a page's main image does not qualify it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImageProblem {
    /// Smaller than the minimum.
    TooSmall {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
    /// The image request answered this status.
    Http(u16),
    /// Not an image (the declared type, when there was one).
    NotAnImage(Option<String>),
    /// An image whose size could not be read.
    SizeUnreadable,
    /// The request failed (the error).
    Unreachable(String),
    /// Not requested, by rule.
    Excluded(ExcludedReason),
    /// Not a usable URL.
    BadUrl,
}

impl fmt::Display for ImageProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooSmall { width, height } => write!(f, "image_too_small:{width}x{height}"),
            Self::Http(status) => write!(f, "image_http_{status}"),
            Self::NotAnImage(None) => f.write_str("image_not_an_image"),
            Self::NotAnImage(Some(t)) => write!(f, "image_not_an_image:{t}"),
            Self::SizeUnreadable => f.write_str("image_size_unreadable"),
            Self::Unreachable(e) => write!(f, "image_unreachable:{e}"),
            Self::Excluded(r) => write!(f, "image_excluded:{r}"),
            Self::BadUrl => f.write_str("image_bad_url"),
        }
    }
}

impl ImageProblem {
    fn parse(s: &str) -> Option<Self> {
        let rest = s.strip_prefix("image_")?;
        Some(if let Some(size) = rest.strip_prefix("too_small:") {
            let (w, h) = size.split_once('x')?;
            Self::TooSmall { width: w.parse().ok()?, height: h.parse().ok()? }
        } else if let Some(status) = rest.strip_prefix("http_") {
            Self::Http(status.parse().ok()?)
        } else if rest == "not_an_image" {
            Self::NotAnImage(None)
        } else if let Some(t) = rest.strip_prefix("not_an_image:") {
            Self::NotAnImage(Some(t.to_owned()))
        } else if rest == "size_unreadable" {
            Self::SizeUnreadable
        } else if let Some(e) = rest.strip_prefix("unreachable:") {
            Self::Unreachable(e.to_owned())
        } else if let Some(r) = rest.strip_prefix("excluded:") {
            Self::Excluded(ExcludedReason::from(r))
        } else if rest == "bad_url" {
            Self::BadUrl
        } else {
            return None;
        })
    }
}

/// Why a fetched page is not a valid page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InvalidReason {
    /// No title found.
    NoTitle,
    /// Main text shorter than the minimum.
    TextTooShort,
    /// No image candidate at all.
    NoImage,
    /// The best image candidate failed its check (an [`InvalidReason::Image`] follows).
    NoValidImage,
    /// How the image check failed.
    Image(ImageProblem),
    /// Not HTML (the Content-Type).
    NotHtml(String),
    /// Larger than the body cap.
    TooLarge,
    /// The answer could not be read.
    BadResponse,
    /// A redirect without a Location header.
    RedirectWithoutLocation,
    /// A redirect back to a URL already requested.
    RedirectLoop,
    /// More redirects than allowed.
    TooManyRedirects,
    /// An answer with this status that is neither a page nor a reason to retry.
    Http(u16),
    /// The record waiting for its image check was gone.
    DraftMissing,
    /// Written by another version.
    Other(String),
}

impl fmt::Display for InvalidReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoTitle => f.write_str("no_title"),
            Self::TextTooShort => f.write_str("text_too_short"),
            Self::NoImage => f.write_str("no_image"),
            Self::NoValidImage => f.write_str("no_valid_image"),
            Self::Image(p) => p.fmt(f),
            Self::NotHtml(t) => write!(f, "not_html:{t}"),
            Self::TooLarge => f.write_str("too_large"),
            Self::BadResponse => f.write_str("bad_response"),
            Self::RedirectWithoutLocation => f.write_str("redirect_without_location"),
            Self::RedirectLoop => f.write_str("redirect_loop"),
            Self::TooManyRedirects => f.write_str("too_many_redirects"),
            Self::Http(status) => write!(f, "http_{status}"),
            Self::DraftMissing => f.write_str("draft_missing"),
            Self::Other(s) => f.write_str(s),
        }
    }
}

impl From<&str> for InvalidReason {
    fn from(s: &str) -> Self {
        match s {
            "no_title" => Self::NoTitle,
            "text_too_short" => Self::TextTooShort,
            "no_image" => Self::NoImage,
            "no_valid_image" => Self::NoValidImage,
            "too_large" => Self::TooLarge,
            "bad_response" => Self::BadResponse,
            "redirect_without_location" => Self::RedirectWithoutLocation,
            "redirect_loop" => Self::RedirectLoop,
            "too_many_redirects" => Self::TooManyRedirects,
            "draft_missing" => Self::DraftMissing,
            other => {
                if let Some(t) = other.strip_prefix("not_html:") {
                    Self::NotHtml(t.to_owned())
                } else if let Some(status) = other.strip_prefix("http_").and_then(|n| n.parse().ok()) {
                    Self::Http(status)
                } else if let Some(p) = ImageProblem::parse(other) {
                    Self::Image(p)
                } else {
                    Self::Other(other.to_owned())
                }
            }
        }
    }
}

text_serde!(InvalidReason);

/// Why a page was kept out by the content filter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FilterReason {
    /// A rating label (`adult`, `mature`, `rta-…`).
    Rating(String),
    /// The host (or a parent domain) is on the filter's host list.
    Host(String),
    /// The term lists scored at or above the threshold: the languages (`en+it`) and score.
    Terms {
        /// The lists that matched, joined by `+`.
        langs: String,
        /// The score.
        score: u32,
    },
    /// The image model found explicit content: the label and its score (`female_breast_exposed:0.83`).
    Image(String),
    /// Written by another version.
    Other(String),
}

impl fmt::Display for FilterReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Rating(r) => write!(f, "rating:{r}"),
            Self::Host(h) => write!(f, "host:{h}"),
            Self::Terms { langs, score } => write!(f, "terms:{langs}:{score}"),
            Self::Image(l) => write!(f, "image:{l}"),
            Self::Other(s) => f.write_str(s),
        }
    }
}

impl From<&str> for FilterReason {
    fn from(s: &str) -> Self {
        let terms = || {
            let (langs, score) = s.strip_prefix("terms:")?.rsplit_once(':')?;
            Some(Self::Terms { langs: langs.to_owned(), score: score.parse().ok()? })
        };
        if let Some(r) = s.strip_prefix("rating:") {
            Self::Rating(r.to_owned())
        } else if let Some(h) = s.strip_prefix("host:") {
            Self::Host(h.to_owned())
        } else if let Some(t) = terms() {
            t
        } else if let Some(l) = s.strip_prefix("image:") {
            Self::Image(l.to_owned())
        } else {
            Self::Other(s.to_owned())
        }
    }
}

text_serde!(FilterReason);

/// Why a page's fetch waits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParkReason {
    /// Its host is held (or its robots.txt unavailable, or its budget spent).
    Hold(HoldReason),
    /// A server error; the fetch is retried with backoff (the status).
    Retry(u16),
    /// Written by another version.
    Other(String),
}

impl fmt::Display for ParkReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Hold(h) => f.write_str(h.as_str()),
            Self::Retry(status) => write!(f, "retry:http_{status}"),
            Self::Other(s) => f.write_str(s),
        }
    }
}

impl From<&str> for ParkReason {
    fn from(s: &str) -> Self {
        if let Some(status) = s.strip_prefix("retry:http_").and_then(|n| n.parse().ok()) {
            return Self::Retry(status);
        }
        HoldReason::ALL.iter().find(|h| h.as_str() == s).map_or_else(|| Self::Other(s.to_owned()), |h| Self::Hold(*h))
    }
}

text_serde!(ParkReason);

#[cfg(test)]
mod tests {
    use super::*;

    /// Every reason text in use reads back as itself, and as the variant it names.
    #[test]
    fn reasons_round_trip_through_their_text() {
        let invalid = [
            "no_title",
            "text_too_short",
            "no_image",
            "no_valid_image",
            "image_too_small:100x50",
            "image_http_404",
            "image_not_an_image",
            "image_not_an_image:text/html",
            "image_size_unreadable",
            "image_unreachable:request to x timed out",
            "image_excluded:robots",
            "image_bad_url",
            "not_html:application/pdf",
            "too_large",
            "bad_response",
            "redirect_without_location",
            "redirect_loop",
            "too_many_redirects",
            "http_401",
            "draft_missing",
            "something_newer",
        ];
        for text in invalid {
            assert_eq!(InvalidReason::from(text).to_string(), text);
        }
        assert_eq!(
            InvalidReason::from("image_too_small:100x50"),
            InvalidReason::Image(ImageProblem::TooSmall { width: 100, height: 50 })
        );
        assert_eq!(InvalidReason::from("http_401"), InvalidReason::Http(401));
        assert!(matches!(InvalidReason::from("something_newer"), InvalidReason::Other(_)));
        for text in ["robots", "noindex", "exclusion", "blocked", "address_refused", "else"] {
            assert_eq!(ExcludedReason::from(text).to_string(), text);
        }
        for text in ["rating:adult", "host:bad.test", "terms:en+it:7", "image:female_breast_exposed:0.83", "x"] {
            assert_eq!(FilterReason::from(text).to_string(), text);
        }
        assert_eq!(FilterReason::from("terms:en:7"), FilterReason::Terms { langs: "en".into(), score: 7 });
        for text in [
            "forbidden",
            "rate_limited",
            "server_errors",
            "unreachable",
            "robots_unavailable",
            "budget",
            "retry:http_503",
            "odd",
        ] {
            assert_eq!(ParkReason::from(text).to_string(), text);
        }
        assert_eq!(ParkReason::from("retry:http_503"), ParkReason::Retry(503));
        assert_eq!(ParkReason::from("budget"), ParkReason::Hold(HoldReason::Budget));
        let json = serde_json::to_string(&vec![InvalidReason::NoValidImage, InvalidReason::Http(410)]).unwrap();
        assert_eq!(json, r#"["no_valid_image","http_410"]"#);
    }
}
