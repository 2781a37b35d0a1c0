//! HTML pages: charset decoding, meta robots and feed links. The article itself (title,
//! text, image, metadata) is read by [`super::article`].

use scraper::{Html, Selector};
use url::Url;

use super::resolve_http as resolve;

/// Decode a body to text once: BOM, then the Content-Type charset, then `<meta charset>`
/// (unless it names a legacy charset and the bytes are UTF-8 with non-ASCII text), then
/// UTF-8 if the bytes are UTF-8, else the encoding chardetng (Firefox's detector) guesses. Never an error: undecodable bytes become replacement characters.
pub fn decode_html(bytes: &[u8], content_type: Option<&str>) -> String {
    if let Some((enc, bom_len)) = encoding_rs::Encoding::for_bom(bytes) {
        return enc.decode_without_bom_handling(&bytes[bom_len..]).0.into_owned();
    }
    let from_header = content_type.and_then(charset_param).and_then(|c| encoding_rs::Encoding::for_label(c.as_bytes()));
    let declared = from_header.or_else(|| sniff_meta_charset(bytes));
    // A legacy charset declared on a body that is valid UTF-8 with non-ASCII text in it: the
    // declaration is stale (a site moved to UTF-8 and kept its old header or <meta>). Text
    // in a legacy multi-byte or Windows charset is almost never valid UTF-8 by accident.
    if declared.is_some_and(|e| e != encoding_rs::UTF_8 && e.is_ascii_compatible())
        && !bytes.is_ascii()
        && std::str::from_utf8(bytes).is_ok()
    {
        return encoding_rs::UTF_8.decode_without_bom_handling(bytes).0.into_owned();
    }
    let enc = declared.unwrap_or_else(|| {
        if std::str::from_utf8(bytes).is_ok() {
            encoding_rs::UTF_8
        } else {
            let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
            detector.feed(bytes, true);
            detector.guess(None, chardetng::Utf8Detection::Allow)
        }
    });
    enc.decode_without_bom_handling(bytes).0.into_owned()
}

pub(crate) fn charset_param(content_type: &str) -> Option<String> {
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

fn sel(s: &str) -> Selector {
    // Selectors here are constants; a typo is caught by the unit tests.
    Selector::parse(s).unwrap_or_else(|_| Selector::parse("*:not(*)").unwrap_or_else(|_| unreachable!()))
}

/// The document's base URL: `<base href>` resolved against the page URL.
fn base_url(doc: &Html, page: Option<&Url>) -> Option<Url> {
    super::document_base(doc.select(&sel("base[href]")).next().and_then(|b| b.value().attr("href")), page)
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

/// The blocks open at a point of the page, counted from their tags as the page is read
/// ([`within_nesting_bound`], and the article's own pass over the page). The HTML parser
/// looks through every open element for each block's start tag (for a `<p>` to close): a
/// broken or hostile page of a hundred thousand nested `<div>`s would take it most of an
/// hour, and Readability weighs each block by all the text it holds. So the tags of a
/// block opened beyond [`Nesting::MAX_OPEN`] are left out, and as many of the blocks' end
/// tags after them.
/// (Only blocks no other tag closes: a `<p>`, `<li>` or `<td>` left open is closed by the
/// next one. A `<table>` is one: a table nests in another's cell, and a hostile page of
/// sixty thousand layout tables, one in each cell of the last, 900 KB, took nine seconds
/// to read, under one with the bound.)
#[derive(Default)]
pub(crate) struct Nesting {
    open: usize,
    /// Start tags left out whose end tags are still to come.
    left_out: usize,
}

impl Nesting {
    /// Four times as deep as the deepest of 940 pages of news, blogs and documentation
    /// (31 blocks).
    pub(crate) const MAX_OPEN: usize = 128;

    /// Reads the tag at `at` in `html` (at its `<`): what of it is to be left out, if
    /// anything. The whole tag, past its `>`, for a block beyond [`Nesting::MAX_OPEN`];
    /// otherwise its attributes beyond [`MAX_ATTRIBUTES`], up to its `>`.
    pub(crate) fn left_out(&mut self, html: &str, at: usize) -> Option<std::ops::Range<usize>> {
        if self.leaves_out(&html[at..]) {
            return html[at..].find('>').map(|e| at..at + e + 1);
        }
        attributes_left_out(html.as_bytes(), at)
    }

    /// Reads the tag `at` opens with (at its `<`): whether it is to be left out.
    fn leaves_out(&mut self, at: &str) -> bool {
        let (end, name) = match at.strip_prefix("</") {
            Some(name) => (true, name),
            None => (false, &at[1..]),
        };
        // The name in lower case, read once (every tag of the page is read: no list is
        // walked). No block's name is longer than ten letters.
        let mut lower = [0u8; 10];
        let mut len = 0;
        for b in name.bytes().take_while(u8::is_ascii_alphanumeric) {
            let Some(l) = lower.get_mut(len) else {
                return false;
            };
            *l = b.to_ascii_lowercase();
            len += 1;
        }
        let block = matches!(
            &lower[..len],
            b"div"
                | b"section"
                | b"article"
                | b"aside"
                | b"nav"
                | b"header"
                | b"footer"
                | b"main"
                | b"blockquote"
                | b"center"
                | b"details"
                | b"dialog"
                | b"dir"
                | b"dl"
                | b"fieldset"
                | b"figure"
                | b"figcaption"
                | b"hgroup"
                | b"menu"
                | b"ol"
                | b"ul"
                | b"search"
                | b"summary"
                | b"address"
                | b"table"
        );
        if !block {
            return false;
        }
        match (end, self.left_out > 0) {
            (false, _) if self.open >= Self::MAX_OPEN => {
                self.left_out += 1;
                true
            }
            (false, _) => {
                self.open += 1;
                false
            }
            (true, true) => {
                self.left_out -= 1;
                true
            }
            (true, false) => {
                self.open = self.open.saturating_sub(1);
                false
            }
        }
    }
}

/// Attributes a start tag keeps at most, as many as Gumbo's HTML parser keeps. The parser
/// checks each attribute against those before it in the tag: a hostile tag of a hundred
/// thousand (1 MB) took three seconds to read. Real tags hold a few dozen.
pub(crate) const MAX_ATTRIBUTES: usize = 400;

/// The attributes of the start tag at `at` (its `<`) beyond [`MAX_ATTRIBUTES`], to the
/// tag's end (its `>`, which stays), if it has so many.
pub(crate) fn attributes_left_out(b: &[u8], at: usize) -> Option<std::ops::Range<usize>> {
    if !b.get(at + 1).is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    // A tag that ends at its first `>` with no quote before it (none of its values can
    // hide a `>`) holds at most one attribute per two bytes (" a").
    let near = memchr::memchr(b'>', &b[at..]).map_or(b.len(), |e| at + e);
    if near - at <= 2 * MAX_ATTRIBUTES && memchr::memchr2(b'"', b'\'', &b[at..near]).is_none() {
        return None;
    }
    let (cut, end) = attributes_beyond_bound(b, at);
    cut.map(|cut| cut..end)
}

/// Where the first end tag `</name` (in any case) at or after `from` starts.
fn closing_tag(b: &[u8], from: usize, name: &[u8]) -> Option<usize> {
    memchr::memmem::find_iter(b.get(from..)?, b"</")
        .map(|i| from + i)
        .find(|&i| b.get(i + 2..i + 2 + name.len()).is_some_and(|n| n.eq_ignore_ascii_case(name)))
}

/// The start tag at `at` (its `<`) read as the HTML tokenizer reads it: where its first
/// attribute beyond [`MAX_ATTRIBUTES`] starts, if it has one, and where the tag ends (its
/// `>`, or the end of the page).
fn attributes_beyond_bound(b: &[u8], at: usize) -> (Option<usize>, usize) {
    let space = |c: u8| matches!(c, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c');
    let skip = |mut i: usize, go_on: &dyn Fn(u8) -> bool| {
        while b.get(i).is_some_and(|c| go_on(*c)) {
            i += 1;
        }
        i
    };
    // The tag's name, then each attribute: its name, and an `=` and a value if it has one.
    let mut i = skip(at + 1, &|c| !space(c) && c != b'/' && c != b'>');
    let (mut count, mut cut) = (0, None);
    loop {
        i = skip(i, &|c| space(c) || c == b'/');
        if i >= b.len() || b[i] == b'>' {
            return (cut, i);
        }
        count += 1;
        if count > MAX_ATTRIBUTES && cut.is_none() {
            cut = Some(i);
        }
        // A name may open with `=`; it ends at a space, `/`, `>` or `=`.
        i = skip(i + 1, &|c| !space(c) && !matches!(c, b'/' | b'>' | b'='));
        let after = skip(i, &space);
        if b.get(after) != Some(&b'=') {
            i = after;
            continue;
        }
        i = skip(after + 1, &space);
        i = match b.get(i) {
            Some(&q @ (b'"' | b'\'')) => memchr::memchr(q, &b[i + 1..]).map_or(b.len(), |e| i + 1 + e + 1),
            _ => skip(i, &|c| !space(c) && c != b'>'),
        };
    }
}

/// A page without the tags of blocks nested beyond [`Nesting::MAX_OPEN`], nor attributes
/// beyond [`MAX_ATTRIBUTES`] in a tag: read so before any parse of a whole page or of
/// outside markup. A script's or style's text holds no tags.
pub(crate) fn within_nesting_bound(html: &str) -> std::borrow::Cow<'_, str> {
    let b = html.as_bytes();
    let mut nesting = Nesting::default();
    let mut out = String::new();
    let (mut at, mut from) = (0, 0);
    while let Some(i) = memchr::memchr(b'<', &b[at..]).map(|i| at + i) {
        at = i + 1;
        if let Some(gone) = nesting.left_out(html, i) {
            out.push_str(&html[from..gone.start]);
            (from, at) = (gone.end, gone.end);
        }
        for raw in [&b"script"[..], b"style"] {
            if b.get(i + 1..i + 1 + raw.len()).is_some_and(|n| n.eq_ignore_ascii_case(raw))
                && !b.get(i + 1 + raw.len()).is_some_and(u8::is_ascii_alphanumeric)
            {
                at = closing_tag(b, at, raw).unwrap_or(b.len());
            }
        }
    }
    if from == 0 {
        return html.into();
    }
    out.push_str(&html[from..]);
    out.into()
}

/// Feed links a page announces, in document order, absolute, without comment feeds, at
/// most `max` (with no page URL, only absolute links and no same-site `<a>` guesses): `<link rel="alternate">` with a feed type (RSS, Atom, RDF, JSON Feed and the
/// variants sites write, parameters such as `; charset=` ignored); only when there are none,
/// `<a href>` links on the same site whose path looks like a feed (`.rss`, `.rdf`, `.atom`,
/// `/feed`, `/rss`, `/atom`, `rss.xml`…) or feedburner links.
pub fn feed_links(html: &str, page_url: Option<&Url>, max: usize) -> Vec<String> {
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
    let doc = Html::parse_document(&within_nesting_bound(html));
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
            && let Some(abs) = resolve(base.as_ref(), href).filter(|a| !out.contains(a))
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
    for a in doc.select(&sel("a[href]")) {
        let href = a.value().attr("href").unwrap_or("");
        let Some(abs) = resolve(base.as_ref(), href).and_then(|a| Url::parse(&a).ok()) else { continue };
        let path = abs.path().to_ascii_lowercase();
        let feedburner = abs.host_str().is_some_and(|h| h.ends_with("feedburner.com"));
        let looks_like_feed =
            [".rss", ".rdf", ".atom", "rss.xml", "atom.xml", "feed.xml", "index.xml"].iter().any(|e| path.ends_with(e))
                || ["/feed", "/rss", "/atom", "/feed/", "/rss/", "/atom/", "/feeds/posts/default"]
                    .iter()
                    .any(|e| path.ends_with(e))
                || abs.query().is_some_and(|q| q.starts_with("feed=rss") || q.starts_with("feed=atom"));
        let text: String = a.text().collect();
        if (feedburner || (looks_like_feed && page_url.is_some_and(|p| crate::model::same_site(&abs, p))))
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

    const PAGE: &str = r#"<html><head><title>River</title>
        <link rel="alternate" type="application/rss+xml" href="/feed">
        <link rel="alternate" type="application/rss+xml" title="Comments" href="/comments/feed">
        </head><body><p>The river was calm.</p></body></html>"#;

    #[test]
    fn pages_nested_without_bound_are_read_within_it() {
        let deep = |n: usize, inner: &str| format!("{}{inner}{}", "<div>".repeat(n), "</div>".repeat(n));
        // A hundred thousand nested blocks round a link to the site's feed (read in about a
        // minute without the bound).
        let page = deep(100_000, r#"<a href="/feed.xml">RSS</a>"#);
        let url = Url::parse("https://news.test/").unwrap();
        assert_eq!(feed_links(&page, Some(&url), 3), vec!["https://news.test/feed.xml"]);
        assert_eq!(crate::parse::markup_text(&deep(100_000, "River <b>news</b>")), "River news");
        // The blocks' tags beyond the bound go, their text stays; within it, nothing changes.
        let bound = Nesting::MAX_OPEN;
        assert_eq!(within_nesting_bound(&deep(bound + 2, "x")), deep(bound, "x"));
        assert_eq!(within_nesting_bound(&deep(bound, "x")), deep(bound, "x"));
        assert_eq!(within_nesting_bound("<div><p>a</p></div><"), "<div><p>a</p></div><");
        // Tables nested in each other's cells: beyond the bound, their rows and cells stand
        // in the last table's cell.
        let tables =
            |n: usize, inner: &str| format!("{}{inner}{}", "<table><tr><td>".repeat(n), "</td></tr></table>".repeat(n));
        let page = tables(bound + 2, "x");
        let bounded = within_nesting_bound(&page);
        assert_eq!(bounded.matches("<table>").count(), bound);
        assert_eq!(bounded.matches("</table>").count(), bound);
        assert_eq!(bounded.matches("<td>").count(), bound + 2);
        assert_eq!(within_nesting_bound(&tables(bound, "x")), tables(bound, "x"));
    }

    #[test]
    fn a_tag_keeps_its_first_attributes_within_the_bound() {
        let max = MAX_ATTRIBUTES;
        let attrs = |n: usize| (0..n).map(|i| format!(" a{i}=\"{i}\"")).collect::<String>();
        // A hundred thousand attributes: the first 400 stay, the tag ends, the text after
        // it stays.
        let page = format!("<p>one</p><div{}>story</div>", attrs(100_000));
        let bounded = format!("<p>one</p><div{} >story</div>", attrs(max));
        assert!(within_nesting_bound(&page) == bounded);
        // A `>` in a quoted value hides nothing; nor does an unquoted value, nor a name alone.
        let tail: String = (0..2 * max).map(|i| format!(" b{i} c{i}=x")).collect();
        let page = format!(r#"<div title=">"{tail}/>x"#);
        // (`title` is the first of the 400.)
        let kept: String = (0..max / 2 - 1).map(|i| format!(" b{i} c{i}=x")).collect();
        let last = max / 2 - 1;
        assert!(within_nesting_bound(&page) == format!(r#"<div title=">"{kept} b{last} >x"#));
        // Within the bound, and in a script's text, nothing changes.
        for page in [
            format!("<div{}>x</div><a href='/a' class=\"b\">c</a>", attrs(max)),
            format!("<SCRIPT>var s = '<b {}';</script><p>x</p>", "c ".repeat(3 * max)),
            "<p>a < b, c<d, e<".to_owned(),
        ] {
            assert!(matches!(within_nesting_bound(&page), std::borrow::Cow::Borrowed(_)), "{page}");
        }
    }

    #[test]
    fn feed_links_skip_comment_feeds() {
        let url = Url::parse("https://news.test/posts/river?x=1").unwrap();
        assert_eq!(feed_links(PAGE, Some(&url), 3), vec!["https://news.test/feed"]);
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
        assert_eq!(feed_links(head, Some(&url), 3), ["https://www.blog.test/feed/", "https://www.blog.test/index.xml"]);
        // No <link> feeds: same-site anchors that look like feeds, and feedburner.
        let body = r#"<body><a href="/about">About</a><a href="https://blog.test/rss.xml">RSS</a>
            <a href="https://elsewhere.test/feed">Other</a><a href="/comments/feed">Comments</a>
            <a href="http://feeds.feedburner.com/blog">Subscribe</a><a href="/atom">Atom</a></body>"#;
        assert_eq!(
            feed_links(body, Some(&url), 3),
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
        // No label anywhere: the bytes are detected (Latin-1 French, Shift_JIS Japanese).
        let french = b"<p>Le caf\xe9 \xe9tait d\xe9j\xe0 ferm\xe9, la cr\xe8me br\xfbl\xe9e aussi.</p>";
        assert!(decode_html(french, None).contains("café était déjà fermé"), "{}", decode_html(french, None));
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("<p>日本語のページです。東京の天気は晴れでした。</p>");
        assert!(decode_html(&sjis, None).contains("東京の天気"), "{}", decode_html(&sjis, None));
        // A stale legacy declaration on a UTF-8 body (a site that moved to UTF-8).
        let moved =
            "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=gb2312\"><p>新电脑已可利用记忆自学</p>";
        assert!(decode_html(moved.as_bytes(), None).contains("新电脑已可利用记忆自学"));
        assert!(decode_html("<p>café</p>".as_bytes(), Some("text/html; charset=iso-8859-1")).contains("café"));
        // A real GBK body with the same declaration is still read as GBK.
        let (gbk, _, _) =
            encoding_rs::GBK.encode("<meta charset=\"gb2312\"><p>新电脑已可利用记忆自学，人工智能迈上新台阶</p>");
        assert!(decode_html(&gbk, None).contains("人工智能迈上新台阶"));
    }

    #[test]
    fn malformed_html_never_panics() {
        for junk in ["", "<", "<<<>>>", "<html><body><p>unclosed", "\0\0\0", "<meta charset=\"x\"><title></title>"] {
            let _ = feed_links(junk, Url::parse("https://x.test/").ok().as_ref(), 3);
            let _ = decode_html(junk.as_bytes(), Some("text/html; charset=bogus"));
        }
    }
}
