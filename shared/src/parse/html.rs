//! HTML pages: charset decoding, metadata (title, image, canonical, meta robots, feed
//! links) and a first main-text extractor.
//!
//! This is the walking skeleton's extractor: Open Graph and `<title>` for the title,
//! `og:image` then the first content image for the image, and the paragraphs of the
//! most article-like container for the text, with comments and navigation left out.

use std::collections::BTreeMap;

use scraper::{ElementRef, Html, Selector};
use url::Url;

use crate::model::FieldSource;

/// Decode a body to text once: BOM, then the Content-Type charset, then `<meta charset>`,
/// then UTF-8 (with replacement characters for invalid bytes, never an error).
pub fn decode_html(bytes: &[u8], content_type: Option<&str>) -> String {
    if let Some((enc, bom_len)) = encoding_rs::Encoding::for_bom(bytes) {
        return enc.decode_without_bom_handling(&bytes[bom_len..]).0.into_owned();
    }
    let from_header = content_type.and_then(charset_param).and_then(|c| encoding_rs::Encoding::for_label(c.as_bytes()));
    let enc = from_header.or_else(|| sniff_meta_charset(bytes)).unwrap_or(encoding_rs::UTF_8);
    enc.decode_without_bom_handling(bytes).0.into_owned()
}

fn charset_param(content_type: &str) -> Option<String> {
    content_type.split(';').skip(1).find_map(|p| {
        let (k, v) = p.split_once('=')?;
        k.trim().eq_ignore_ascii_case("charset").then(|| v.trim().trim_matches('"').to_owned())
    })
}

fn sniff_meta_charset(bytes: &[u8]) -> Option<&'static encoding_rs::Encoding> {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(2048)]).to_ascii_lowercase();
    let at = head.find("charset=")? + "charset=".len();
    let label: String = head[at..]
        .trim_start_matches(['"', '\''])
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    encoding_rs::Encoding::for_label(label.as_bytes())
}

/// What the extractor found in a page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageExtract {
    /// Clean title.
    pub title: Option<String>,
    /// Main text, paragraphs separated by blank lines.
    pub text: String,
    /// Absolute main image URL.
    pub image: Option<String>,
    /// Canonical URL, absolute.
    pub canonical: Option<String>,
    /// Meta robots directives for us, lower case (`noindex`, `nofollow`, ...).
    pub robots: Vec<String>,
    /// `<html lang>`.
    pub lang: Option<String>,
    /// `og:site_name`.
    pub site_name: Option<String>,
    /// `article:published_time` and friends.
    pub published: Option<String>,
    /// Author meta.
    pub author: Option<String>,
    /// Which source gave each field.
    pub sources: BTreeMap<String, FieldSource>,
}

fn sel(s: &str) -> Selector {
    // Selectors here are constants; a typo is caught by the unit tests.
    Selector::parse(s).unwrap_or_else(|_| Selector::parse("*:not(*)").unwrap_or_else(|_| unreachable!()))
}

fn meta(doc: &Html, attr: &str, name: &str) -> Option<String> {
    let s = sel(&format!("meta[{attr}]"));
    doc.select(&s)
        .find(|e| e.value().attr(attr).is_some_and(|v| v.trim().eq_ignore_ascii_case(name)))
        .and_then(|e| e.value().attr("content"))
        .map(|c| c.trim().to_owned())
        .filter(|c| !c.is_empty())
}

fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn resolve(base: &Url, href: &str) -> Option<String> {
    base.join(href.trim()).ok().filter(|u| matches!(u.scheme(), "http" | "https")).map(|u| u.to_string())
}

/// The document's base URL: `<base href>` resolved against the page URL.
fn base_url(doc: &Html, page: &Url) -> Url {
    doc.select(&sel("base[href]"))
        .next()
        .and_then(|b| b.value().attr("href"))
        .and_then(|h| page.join(h.trim()).ok())
        .unwrap_or_else(|| page.clone())
}

/// Elements whose text is never main text.
const NOISE: &str = "script, style, noscript, nav, header, footer, aside, form, iframe, template, \
    #comments, .comments, .comment, .comment-list, #respond, #disqus_thread, .disqus, .sharedaddy, .related";

fn is_noise(el: &ElementRef<'_>, noise: &Selector) -> bool {
    el.ancestors().filter_map(ElementRef::wrap).any(|a| noise.matches(&a))
}

fn paragraphs(root: ElementRef<'_>, noise: &Selector) -> Vec<String> {
    let blocks = sel("p, h2, h3, h4, li, blockquote, pre");
    root.select(&blocks)
        .filter(|e| !noise.matches(e) && !is_noise(e, noise))
        // A block inside another block is already counted by its parent.
        .filter(|e| {
            !e.ancestors().filter_map(ElementRef::wrap).take_while(|a| a.id() != root.id()).any(|a| blocks.matches(&a))
        })
        .map(|e| collapse(&e.text().collect::<String>()))
        .filter(|t| !t.is_empty())
        .collect()
}

fn main_text(doc: &Html) -> String {
    let noise = sel(NOISE);
    let candidates =
        sel("[itemprop=articleBody], .entry-content, article, main, [role=main], #content, .post-content, body");
    let best = doc
        .select(&candidates)
        .filter(|e| !is_noise(e, &noise))
        .map(|e| {
            let ps = paragraphs(e, &noise);
            let len: usize = ps.iter().map(String::len).sum();
            (len, ps)
        })
        // Prefer the first (most specific selector order is document order here) of the
        // longest: a container holding at least 80 % of the best text wins by being smaller.
        .fold((0usize, Vec::new()), |(bl, bp), (l, p)| if l > bl { (l, p) } else { (bl, bp) });
    best.1.join("\n\n")
}

fn clean_title(title: &str, site_name: Option<&str>) -> String {
    let t = collapse(title);
    for sep in [" | ", " - ", " — ", " – ", " :: ", " · "] {
        if let Some((head, tail)) = t.rsplit_once(sep) {
            let is_site =
                site_name.is_some_and(|s| tail.eq_ignore_ascii_case(s.trim())) || tail.split_whitespace().count() <= 3;
            if is_site && head.len() >= 10 {
                return head.trim().to_owned();
            }
        }
    }
    t
}

/// Extract title, text, image and metadata from a page served at `page_url`.
pub fn extract_page(html: &str, page_url: &Url) -> PageExtract {
    let doc = Html::parse_document(html);
    let base = base_url(&doc, page_url);
    let mut out = PageExtract { site_name: meta(&doc, "property", "og:site_name"), ..PageExtract::default() };

    let og_title = meta(&doc, "property", "og:title");
    let tw_title = meta(&doc, "name", "twitter:title");
    let html_title = doc.select(&sel("title")).next().map(|t| t.text().collect::<String>());
    let h1 = doc.select(&sel("h1")).next().map(|t| t.text().collect::<String>());
    let title = og_title
        .map(|t| (t, FieldSource::OpenGraph))
        .or_else(|| tw_title.map(|t| (t, FieldSource::TwitterCard)))
        .or_else(|| html_title.filter(|t| !t.trim().is_empty()).map(|t| (t, FieldSource::Html)))
        .or_else(|| h1.map(|t| (t, FieldSource::Html)));
    if let Some((t, src)) = title {
        let t = clean_title(&t, out.site_name.as_deref());
        if !t.is_empty() {
            out.title = Some(t);
            out.sources.insert("title".into(), src);
        }
    }

    let og_image = meta(&doc, "property", "og:image:secure_url").or_else(|| meta(&doc, "property", "og:image"));
    let tw_image = meta(&doc, "name", "twitter:image");
    let noise = sel(NOISE);
    let first_img = doc
        .select(&sel("article img[src], main img[src], .entry-content img[src], body img[src]"))
        .find(|e| !is_noise(e, &noise))
        .and_then(|e| e.value().attr("src").map(str::to_owned));
    let image = og_image
        .map(|i| (i, FieldSource::OpenGraph))
        .or_else(|| tw_image.map(|i| (i, FieldSource::TwitterCard)))
        .or_else(|| first_img.map(|i| (i, FieldSource::Html)));
    if let Some((src, source)) = image
        && let Some(abs) = resolve(&base, &src)
    {
        out.image = Some(abs);
        out.sources.insert("image".into(), source);
    }

    out.text = main_text(&doc);
    if !out.text.is_empty() {
        out.sources.insert("text".into(), FieldSource::Html);
    }

    out.canonical = doc
        .select(&sel("link[rel][href]"))
        .find(|l| {
            l.value().attr("rel").is_some_and(|r| r.split_whitespace().any(|t| t.eq_ignore_ascii_case("canonical")))
        })
        .and_then(|l| l.value().attr("href"))
        .and_then(|h| resolve(&base, h))
        .or_else(|| meta(&doc, "property", "og:url").and_then(|h| resolve(&base, &h)));

    for name in ["robots", crate::config::PRODUCT_TOKEN] {
        if let Some(content) = meta(&doc, "name", name) {
            out.robots.extend(content.split(',').map(|d| d.trim().to_ascii_lowercase()).filter(|d| !d.is_empty()));
        }
    }
    out.lang = doc.root_element().value().attr("lang").map(str::to_owned);
    out.published =
        meta(&doc, "property", "article:published_time").or_else(|| meta(&doc, "itemprop", "datePublished"));
    out.author = meta(&doc, "name", "author").or_else(|| meta(&doc, "property", "article:author"));
    out
}

/// Whether meta robots or X-Robots-Tag values forbid indexing.
pub fn forbids_index(directives: &[String]) -> bool {
    directives.iter().any(|d| {
        let d = d.trim().to_ascii_lowercase();
        // X-Robots-Tag may carry an agent prefix: "otherbot: noindex" is not for us.
        let d = match d.split_once(':') {
            Some((agent, rest)) if !agent.contains(' ') => {
                if agent.trim() != crate::config::PRODUCT_TOKEN {
                    return false;
                }
                rest.trim().to_owned()
            }
            _ => d,
        };
        d.split(',').any(|t| matches!(t.trim(), "noindex" | "none"))
    })
}

/// A comment feed, by its URL or its title (in the languages WordPress ships most).
fn is_comment_feed(href: &str, title: &str) -> bool {
    let href = href.to_ascii_lowercase();
    let title = title.to_lowercase();
    href.contains("comments/feed")
        || href.contains("/comments.")
        || href.contains("commentsrss")
        || ["comment", "komment", "coment", "reactie"].iter().any(|w| title.contains(w))
}

/// Feed links a page announces, in document order, absolute, without comment feeds, at
/// most `max`: `<link rel="alternate">` with a feed type (RSS, Atom, RDF, JSON Feed and the
/// variants sites write, parameters such as `; charset=` ignored); only when there are none,
/// `<a href>` links on the same site whose path looks like a feed (`.rss`, `.rdf`, `.atom`,
/// `/feed`, `/rss`, `/atom`, `rss.xml`…) or feedburner links.
pub fn feed_links(html: &str, page_url: &Url, max: usize) -> Vec<String> {
    const TYPES: [&str; 15] = [
        "application/rss+xml",
        "application/atom+xml",
        "application/feed+json",
        "application/json",
        "application/rdf+xml",
        "application/rss",
        "application/atom",
        "application/rdf",
        "application/x.atom+xml",
        "application/x-atom+xml",
        "application/x-rss+xml",
        "application/xml",
        "text/xml",
        "text/rss+xml",
        "text/atom+xml",
    ];
    let doc = Html::parse_document(html);
    let base = base_url(&doc, page_url);
    let mut out: Vec<String> = Vec::new();
    for l in doc.select(&sel("link[rel][href]")) {
        let v = l.value();
        let alternate =
            v.attr("rel").is_some_and(|r| r.split_whitespace().any(|t| t.eq_ignore_ascii_case("alternate")));
        let ty = v.attr("type").unwrap_or("").split(';').next().unwrap_or("").trim().to_ascii_lowercase();
        let href = v.attr("href").unwrap_or("");
        // WordPress announces its REST API and oEmbed as JSON alternates; they are not feeds.
        let api = href.contains("/wp-json/") || href.contains("oembed");
        if alternate
            && TYPES.contains(&ty.as_str())
            && !api
            && !is_comment_feed(href, v.attr("title").unwrap_or(""))
            && let Some(abs) = resolve(&base, href).filter(|a| !out.contains(a))
        {
            out.push(abs);
        }
        if out.len() >= max {
            return out;
        }
    }
    if !out.is_empty() {
        return out;
    }
    let site = |u: &Url| u.host_str().map(|h| h.trim_start_matches("www.").to_ascii_lowercase());
    for a in doc.select(&sel("a[href]")) {
        let href = a.value().attr("href").unwrap_or("");
        let Some(abs) = resolve(&base, href).and_then(|a| Url::parse(&a).ok()) else { continue };
        let path = abs.path().to_ascii_lowercase();
        let feedburner = abs.host_str().is_some_and(|h| h.ends_with("feedburner.com"));
        let looks_like_feed =
            [".rss", ".rdf", ".atom", "rss.xml", "atom.xml", "feed.xml", "index.xml"].iter().any(|e| path.ends_with(e))
                || ["/feed", "/rss", "/atom", "/feed/", "/rss/", "/atom/", "/feeds/posts/default"]
                    .iter()
                    .any(|e| path.ends_with(e))
                || abs.query().is_some_and(|q| q.starts_with("feed=rss") || q.starts_with("feed=atom"));
        let text: String = a.text().collect();
        if (feedburner || (looks_like_feed && site(&abs) == site(page_url)))
            && !is_comment_feed(abs.as_str(), &text)
            && !out.contains(&abs.to_string())
        {
            out.push(abs.to_string());
            if out.len() >= max {
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = r#"<!doctype html><html lang="en"><head>
        <title>A day at the river | Riverside News</title>
        <meta property="og:site_name" content="Riverside News">
        <meta property="og:image" content="/img/river.jpg">
        <link rel="canonical" href="/posts/river">
        <meta name="robots" content="index, FOLLOW">
        <link rel="alternate" type="application/rss+xml" href="/feed">
        <link rel="alternate" type="application/rss+xml" title="Comments" href="/comments/feed">
        </head><body><nav><p>Home About Contact</p></nav>
        <article><h1>A day at the river</h1><p>The river was calm.</p><p>We sat by it all day.</p></article>
        <div id="comments"><p>Great post!</p></div><footer><p>(c) 2024</p></footer></body></html>"#;

    #[test]
    fn takes_metadata_and_leaves_comments_out() {
        let url = Url::parse("https://news.test/posts/river?x=1").unwrap();
        let e = extract_page(PAGE, &url);
        assert_eq!(e.title.as_deref(), Some("A day at the river"));
        assert_eq!(e.image.as_deref(), Some("https://news.test/img/river.jpg"));
        assert_eq!(e.canonical.as_deref(), Some("https://news.test/posts/river"));
        assert_eq!(e.text, "The river was calm.\n\nWe sat by it all day.");
        assert_eq!(e.robots, vec!["index", "follow"]);
        assert_eq!(e.lang.as_deref(), Some("en"));
        assert_eq!(e.sources.get("title"), Some(&FieldSource::Html));
        assert_eq!(e.sources.get("image"), Some(&FieldSource::OpenGraph));
        assert!(!forbids_index(&e.robots));
        assert_eq!(feed_links(PAGE, &url, 3), vec!["https://news.test/feed"]);
    }

    #[test]
    fn feed_links_take_the_types_sites_write_and_skip_apis_and_comments() {
        let url = Url::parse("https://www.blog.test/post/1").unwrap();
        let head = r#"<head>
            <link rel="alternate" type="application/json" href="/wp-json/wp/v2/posts/1">
            <link rel="alternate" type="application/json+oembed" href="/oembed?url=x">
            <link rel="Alternate" type="application/RSS+XML; charset=UTF-8" href="/feed/">
            <link rel="alternate" type="application/rss+xml" title="Blog &raquo; Feed dei commenti" href="/c/feed/">
            <link rel="alternate" type="text/xml" href="/index.xml">
            <link rel="alternate" type="application/atom+xml" href="/feed/">
            </head>"#;
        assert_eq!(feed_links(head, &url, 3), ["https://www.blog.test/feed/", "https://www.blog.test/index.xml"]);
        // No <link> feeds: same-site anchors that look like feeds, and feedburner.
        let body = r#"<body><a href="/about">About</a><a href="https://blog.test/rss.xml">RSS</a>
            <a href="https://elsewhere.test/feed">Other</a><a href="/comments/feed">Comments</a>
            <a href="http://feeds.feedburner.com/blog">Subscribe</a><a href="/atom">Atom</a></body>"#;
        assert_eq!(
            feed_links(body, &url, 3),
            ["https://blog.test/rss.xml", "http://feeds.feedburner.com/blog", "https://www.blog.test/atom"]
        );
    }

    #[test]
    fn noindex_from_meta_and_header() {
        assert!(forbids_index(&["NOINDEX, nofollow".into()]));
        assert!(forbids_index(&["none".into()]));
        assert!(forbids_index(&["feedhound: noindex".into()]));
        assert!(!forbids_index(&["otherbot: noindex".into()]));
    }

    #[test]
    fn charsets_are_decoded_once() {
        let latin1 = b"<html><head><meta charset=\"iso-8859-1\"></head><body><p>caf\xe9</p></body></html>";
        assert!(decode_html(latin1, None).contains("café"));
        assert!(decode_html(b"<p>caf\xe9</p>", Some("text/html; charset=windows-1252")).contains("café"));
        assert!(decode_html("\u{feff}<p>ok</p>".as_bytes(), None).starts_with("<p>ok"));
        assert!(decode_html(b"<p>\xff\xfe broken</p>", None).contains("broken"));
    }

    #[test]
    fn malformed_html_never_panics() {
        for junk in ["", "<", "<<<>>>", "<html><body><p>unclosed", "\0\0\0", "<meta charset=\"x\"><title></title>"] {
            let _ = extract_page(junk, &Url::parse("https://x.test/").unwrap());
        }
    }
}
