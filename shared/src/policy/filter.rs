//! The content filter: adult, offensive or harmful pages are kept out (state `filtered`).
//!
//! Signals, cheapest first: the site's own rating labels (RTA, `rating` adult/mature), an
//! operator host list (a listed domain covers its subdomains), and term lists for English
//! and Italian scored over title and text. An image classifier, when one is configured,
//! is applied by the image check (see [`ImageClassifier`]).

use std::collections::HashSet;

use crate::model::FilterReason;

/// Terms that mark adult content in English. Whole words; a phrase matches as a phrase.
pub const TERMS_EN: &[&str] = &[
    "porn",
    "porno",
    "pornographic",
    "pornography",
    "xxx",
    "hardcore sex",
    "sex video",
    "sex tape",
    "nude photos",
    "naked photos",
    "nudes",
    "camgirl",
    "webcam girls",
    "escort service",
    "escorts",
    "erotic",
    "erotica",
    "fetish",
    "milf",
    "hentai",
    "onlyfans leak",
    "adult dating",
    "gore video",
    "beheading video",
];

/// Terms that mark adult content in Italian.
pub const TERMS_IT: &[&str] = &[
    "porno",
    "pornografico",
    "pornografia",
    "video hard",
    "film hard",
    "sesso esplicito",
    "video porno",
    "foto nude",
    "ragazze nude",
    "donne nude",
    "incontri per adulti",
    "incontri erotici",
    "erotico",
    "erotica",
    "escort",
    "pornostar",
    "feticismo",
    "video gore",
];

/// Rating values sites use to label adult content (`<meta name="rating">` and the RTA label).
const ADULT_RATINGS: &[&str] = &["adult", "mature", "restricted", "rta-5042-1996-1400-1577-rta", "18+", "xxx"];

/// A nudity check over image bytes, for builds with an image model.
pub trait ImageClassifier: Send + Sync + std::fmt::Debug {
    /// Whether the image shows exposed nudity, with the label that decided it.
    ///
    /// # Errors
    /// A message when the bytes are not a decodable image.
    fn exposed(&self, image: &[u8]) -> Result<Option<String>, String>;
}

/// The filter's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct ContentFilter {
    terms: Vec<(String, &'static str)>,
    /// Score at which a page is filtered: each term hit in the text counts 1, in the title 3.
    pub threshold: u32,
    hosts: HashSet<String>,
}

impl Default for ContentFilter {
    fn default() -> Self {
        Self::new(&[], 4, &[])
    }
}

/// Lower case, every non-alphanumeric run as two spaces and the ends padded, so a term
/// written as `" a  b "` matches whole words only, and adjacent repeats each count.
fn words(s: &str) -> String {
    let mut out = String::with_capacity(s.len() * 2 + 4);
    out.push_str("  ");
    let mut space = true;
    for c in s.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() || c == '+' {
            out.push(c);
            space = false;
        } else if !space {
            out.push_str("  ");
            space = true;
        }
    }
    if !space {
        out.push_str("  ");
    }
    out
}

fn term(s: &str) -> String {
    format!(" {} ", words(s).trim())
}

impl ContentFilter {
    /// The built-in English and Italian lists plus `extra_terms`, a threshold, and blocked hosts.
    pub fn new(extra_terms: &[String], threshold: u32, hosts: &[String]) -> Self {
        let mut terms: Vec<(String, &'static str)> = TERMS_EN.iter().map(|t| (term(t), "en")).collect();
        let it = TERMS_IT.iter().map(|t| (term(t), "it"));
        let operator = extra_terms.iter().map(|t| (term(t), "operator")).filter(|(t, _)| !t.trim().is_empty());
        for (term, lang) in it.chain(operator).collect::<Vec<_>>() {
            // A term in two lists counts once.
            if !terms.iter().any(|(t, _)| *t == term) {
                terms.push((term, lang));
            }
        }
        let hosts = hosts.iter().map(|h| h.trim().trim_start_matches("www.").to_ascii_lowercase()).collect();
        Self { terms, threshold: threshold.max(1), hosts }
    }

    /// Why a page is filtered, or `None` when it passes.
    pub fn check(&self, host: &str, title: &str, text: &str, ratings: &[String]) -> Option<FilterReason> {
        if let Some(r) = ratings.iter().find(|r| {
            let r = r.trim().to_ascii_lowercase();
            ADULT_RATINGS.iter().any(|a| r == *a || r.contains("rta-5042-1996-1400-1577-rta"))
        }) {
            return Some(FilterReason::Rating(r.trim().to_ascii_lowercase()));
        }
        let host = host.split(':').next().unwrap_or(host).trim_start_matches("www.").to_ascii_lowercase();
        let mut parent = host.as_str();
        loop {
            if self.hosts.contains(parent) {
                return Some(FilterReason::Host(parent.to_owned()));
            }
            match parent.split_once('.') {
                Some((_, rest)) if rest.contains('.') => parent = rest,
                _ => break,
            }
        }
        let (title, text) = (words(title), words(text));
        let mut score = 0u32;
        let mut langs = Vec::new();
        for (term, lang) in &self.terms {
            let hits = 3 * title.matches(term.as_str()).count() + text.matches(term.as_str()).count();
            if hits > 0 {
                score += u32::try_from(hits).unwrap_or(u32::MAX);
                if !langs.contains(lang) {
                    langs.push(*lang);
                }
            }
        }
        (score >= self.threshold).then(|| FilterReason::Terms { langs: langs.join("+"), score })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_hosts_and_terms() {
        let f = ContentFilter::new(&["casino bonus".into()], 4, &["adult.test".into()]);
        assert_eq!(f.check("news.test", "t", "x", &["adult".into()]), Some("rating:adult".into()));
        assert_eq!(
            f.check("news.test", "t", "x", &["RTA-5042-1996-1400-1577-RTA".into()]),
            Some("rating:rta-5042-1996-1400-1577-rta".into())
        );
        assert_eq!(f.check("news.test", "t", "x", &["general".into()]), None);
        assert_eq!(f.check("www.cdn.adult.test:8080", "t", "x", &[]), Some("host:adult.test".into()));
        assert_eq!(f.check("notadult.test", "t", "x", &[]), None);
        // Whole words only: "sussex" and "pornography" are different words from "sex" / "porn".
        assert_eq!(f.check("n.test", "Travels in Sussex", "Essex and Sussex are counties.", &[]), None);
        assert_eq!(f.check("n.test", "Porn", "text with porn once", &[]), Some("terms:en:4".into()));
        assert_eq!(
            f.check("n.test", "Notizie", "video porno, foto nude e video hard: escort", &[]),
            Some("terms:en+it:5".into())
        );
        assert_eq!(
            f.check("n.test", "A", "casino bonus casino bonus casino bonus casino bonus", &[]),
            Some("terms:operator:4".into())
        );
        // One passing mention in a long text stays below the threshold.
        assert_eq!(f.check("n.test", "Law", "The court ruled on a law about pornography online.", &[]), None);
    }
}
