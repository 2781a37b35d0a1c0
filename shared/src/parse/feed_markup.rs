//! Repairs of feed markup that is well-formed XML but that feed-rs refuses, done on the
//! XML events (quick-xml, the reader feed-rs itself uses) so the document is otherwise
//! written back byte for byte:
//! - Atom and Media RSS text whose `type` feed-rs does not know (`text/plain`, `TEXT`,
//!   `application/xhtml+xml`, an empty type) or that is base64 (`mode="base64"`, or a
//!   non-text media type, which the Atom specification defines as base64);
//! - a channel in Microsoft's Channel Definition Format (CDF), read as Atom;
//! - an `<rss>` root whose items are not wrapped in a `<channel>`;
//! - RSS 0.90 (an RDF root in a namespace other than RSS 1.0's), read as RSS 1.0;
//! - an RSS root written with a prefix (`<rss:rss xmlns:rss="…">`), its elements read
//!   without it;
//! - a contact whose e-mail address touches a character that is not ASCII
//!   (`Jean Dupont «jean@exemple.fr»`), on which feed-rs panics, spaced;
//! - a time whose digits are not ASCII or too many (`<itunes:duration>３６０`), on
//!   which feed-rs panics, rewritten;
//! - markup written unescaped inside RSS text or an Atom text construct that is not
//!   `xhtml` (`<title>An <em>emphatic</em> story</title>`), read as the escaped HTML it
//!   stands for (feed-rs would keep only the text before the first tag).
//!
//! Each returns `None` when it has nothing to change, or when the body is not UTF-8 XML
//! it can read (the caller then keeps the body it had).

use base64::Engine;
use quick_xml::events::{BytesEnd, BytesStart, BytesText, Event};
use quick_xml::name::{Namespace, ResolveResult};
use quick_xml::reader::NsReader;
use quick_xml::writer::Writer;

const ATOM: &str = "http://www.w3.org/2005/Atom";
const ATOM_03: &str = "http://purl.org/atom/ns#";
const MEDIA: [&str; 2] = ["http://search.yahoo.com/mrss/", "http://search.yahoo.com/mrss"];

/// The text elements of Atom (1.0, and 0.3's names) that carry a `type`.
const ATOM_TEXT: [&str; 8] = ["title", "subtitle", "summary", "rights", "content", "tagline", "copyright", "info"];

/// What a text element's declared type means, as feed-rs can read it.
#[derive(Debug, PartialEq, Eq)]
enum Retype {
    /// Leave the element alone.
    Keep,
    /// Declare this type instead (`None`: drop the attribute).
    To(Option<&'static str>),
    /// The content is base64: decode it and declare this type.
    Base64(&'static str),
}

/// How an Atom text element's `type` and `mode` should read. feed-rs knows `text`,
/// `html`, `text/html` and `xhtml` on text constructs, and any media type on `content`.
fn atom_retype(local: &str, ty: Option<&str>, mode: Option<&str>) -> Retype {
    let declared = ty.map(|t| t.trim().to_ascii_lowercase());
    let html_like = declared.as_deref().is_some_and(|t| t.contains("html") && !t.contains("xhtml"));
    if mode.is_some_and(|m| m.trim().eq_ignore_ascii_case("base64")) {
        return Retype::Base64(if html_like { "html" } else { "text" });
    }
    // `type="base64"`: the encoding given as the type, of text of no stated kind.
    if declared.as_deref() == Some("base64") {
        return Retype::Base64("text");
    }
    let Some(t) = declared.as_deref() else { return Retype::Keep };
    if ty.is_some_and(|raw| ["text", "html", "text/html", "xhtml"].contains(&raw)) {
        return Retype::Keep;
    }
    let content = local == "content";
    let to = match t {
        "" | "text" | "plain" | "text/plain" => "text",
        "html" | "text/html" | "escaped" => "html",
        "xhtml" | "application/xhtml+xml" => "xhtml",
        // Content of an XML media type is inline XML (RFC 4287), which feed-rs refuses
        // whole, with the feed: read as XHTML is, as markup.
        _ if content && (t.ends_with("+xml") || t.ends_with("/xml")) => "xhtml",
        // feed-rs reads other media types on content itself (inline text or base64).
        _ if content && is_media_type(t) => return Retype::Keep,
        _ if t.starts_with("text/") => "text",
        _ if t.ends_with("+xml") || t.ends_with("/xml") => "xhtml",
        // "Otherwise, a base64 encoded document of the indicated media type" (RFC 4287).
        _ if is_media_type(t) => return Retype::Base64("text"),
        _ => "text",
    };
    Retype::To(Some(to))
}

/// Media RSS `<media:title>` and `<media:description>`: feed-rs knows `plain` and `html`.
fn media_retype(ty: Option<&str>) -> Retype {
    match ty {
        None | Some("plain" | "html") => Retype::Keep,
        Some(t) => match t.trim().to_ascii_lowercase().as_str() {
            "html" | "text/html" => Retype::To(Some("html")),
            _ => Retype::To(None),
        },
    }
}

fn is_media_type(t: &str) -> bool {
    t.split_once('/').is_some_and(|(a, b)| !a.is_empty() && !b.is_empty() && !t.contains(char::is_whitespace))
}

/// The body with the text elements feed-rs refuses rewritten as described in the module
/// documentation.
pub(super) fn with_known_text_types(body: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(body).ok()?;
    if !text.contains("type=") && !text.contains("mode=") {
        return None;
    }
    let mut reader = NsReader::from_str(text);
    let mut out = Writer::new(Vec::with_capacity(text.len() + 64));
    let mut changed = false;
    loop {
        let (ns, event) = reader.read_resolved_event().ok()?;
        let fix = match &event {
            Event::Start(e) | Event::Empty(e) => retype_for(&ns, e),
            _ => Retype::Keep,
        };
        let is_start = matches!(event, Event::Start(_));
        match (event, fix) {
            (Event::Eof, _) => break,
            (event, Retype::Keep) => out.write_event(event).ok()?,
            (Event::Start(e) | Event::Empty(e), Retype::To(to)) => {
                changed = true;
                let start = with_type(&e, to)?;
                out.write_event(if is_start { Event::Start(start) } else { Event::Empty(start) }).ok()?;
            }
            (Event::Start(e), Retype::Base64(to)) => {
                changed = true;
                let end = e.to_end().into_owned();
                let inner = read_inner(&mut reader, &end)?;
                match decoded_base64(&inner) {
                    Some(decoded) => {
                        out.write_event(Event::Start(with_type(&e, Some(to))?)).ok()?;
                        out.write_event(Event::Text(BytesText::new(&decoded))).ok()?;
                    }
                    // Not base64 after all: keep the text, declared as text.
                    None => {
                        out.write_event(Event::Start(with_type(&e, Some("text"))?)).ok()?;
                        for ev in inner {
                            out.write_event(ev).ok()?;
                        }
                    }
                }
                out.write_event(Event::End(end)).ok()?;
            }
            (Event::Empty(e), Retype::Base64(_)) => {
                changed = true;
                out.write_event(Event::Empty(with_type(&e, Some("text"))?)).ok()?;
            }
            (event, Retype::To(_) | Retype::Base64(_)) => out.write_event(event).ok()?,
        }
    }
    changed.then(|| out.into_inner())
}

fn retype_for(ns: &ResolveResult<'_>, e: &BytesStart<'_>) -> Retype {
    let ResolveResult::Bound(Namespace(uri)) = ns else { return Retype::Keep };
    let local = e.local_name().into_inner();
    let attr = |name: &str| e.attributes().flatten().find(|a| a.key.0 == name).map(|a| a.value.into_owned());
    if (*uri == ATOM || *uri == ATOM_03) && ATOM_TEXT.contains(&local) {
        atom_retype(local, attr("type").as_deref(), attr("mode").as_deref())
    } else if MEDIA.contains(uri) && ["title", "description"].contains(&local) {
        media_retype(attr("type").as_deref())
    } else {
        Retype::Keep
    }
}

/// The start tag with `type` set to `to` (or removed) and `mode` removed.
fn with_type(e: &BytesStart<'_>, to: Option<&str>) -> Option<BytesStart<'static>> {
    let mut start = BytesStart::new(e.name().0.to_owned());
    for a in e.attributes() {
        let a = a.ok()?;
        if a.key.0 != "type" && a.key.0 != "mode" {
            start.push_attribute(a);
        }
    }
    if let Some(t) = to {
        start.push_attribute(("type", t));
    }
    Some(start)
}

/// The events up to the end tag matching `end` (consumed, not returned).
fn read_inner<'a>(reader: &mut NsReader<&'a [u8]>, end: &BytesEnd<'_>) -> Option<Vec<Event<'a>>> {
    let mut depth = 0usize;
    let mut inner = Vec::new();
    loop {
        let ev = reader.read_event().ok()?;
        match &ev {
            Event::Eof => return None,
            Event::Start(_) => depth += 1,
            Event::End(e) if depth == 0 && e.name() == end.name() => return Some(inner),
            Event::End(_) => depth = depth.saturating_sub(1),
            _ => {}
        }
        inner.push(ev);
    }
}

/// Text and CDATA events read as base64 into UTF-8 text; `None` when they hold markup,
/// are not base64, or do not decode to text.
fn decoded_base64(events: &[Event<'_>]) -> Option<String> {
    let mut encoded = String::new();
    for ev in events {
        match ev {
            Event::Text(t) => encoded.push_str(&t.xml10_content()),
            Event::CData(c) => encoded.push_str(&c.xml10_content()),
            _ => return None,
        }
    }
    encoded.retain(|c| !c.is_ascii_whitespace());
    let bytes = base64::engine::general_purpose::STANDARD.decode(encoded).ok()?;
    String::from_utf8(bytes).ok()
}

/// A Channel Definition Format document (a `<CHANNEL>` root) as an Atom feed: `ITEM`s are
/// entries, `TITLE` and `ABSTRACT` their title and summary, `HREF` their link (resolved
/// against the channel's `BASE`), `LASTMOD` their updated date. Everything else (logos,
/// schedules, usage hints) is dropped, and nested channels are flattened.
pub(super) fn cdf_as_atom(body: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(body).ok()?;
    let mut reader = NsReader::from_str(text);
    reader.config_mut().check_end_names = false;
    let mut out = Writer::new(Vec::with_capacity(text.len() + 256));
    let mut base: Option<url::Url> = None;
    let mut root_seen = false;
    // Open CDF elements, and the Atom element each became (`None`: dropped).
    let mut open: Vec<Option<&'static str>> = Vec::new();
    loop {
        let event = reader.read_event().ok()?;
        match event {
            Event::Eof => break,
            Event::Start(ref e) | Event::Empty(ref e) => {
                let empty = matches!(event, Event::Empty(_));
                let name = e.local_name().into_inner().to_ascii_uppercase();
                let parent_kept = open.iter().all(Option::is_some);
                let attr = |key: &str| {
                    e.attributes().flatten().find(|a| a.key.0.eq_ignore_ascii_case(key)).map(|a| a.value.into_owned())
                };
                let became = match name.as_str() {
                    "CHANNEL" if !root_seen => {
                        root_seen = true;
                        base = attr("BASE").and_then(|b| url::Url::parse(b.trim()).ok());
                        out.write_event(Event::Start(
                            BytesStart::new("feed").with_attributes([("xmlns", "http://www.w3.org/2005/Atom")]),
                        ))
                        .ok()?;
                        Some("feed")
                    }
                    _ if !root_seen => return None,
                    "CHANNEL" if parent_kept => Some(""),
                    "ITEM" if parent_kept => {
                        out.write_event(Event::Start(BytesStart::new("entry"))).ok()?;
                        Some("entry")
                    }
                    "TITLE" if parent_kept => Some("title"),
                    "ABSTRACT" if parent_kept => Some("summary"),
                    _ => None,
                };
                match became {
                    Some("feed" | "entry") => {
                        if let Some(href) = attr("HREF") {
                            let href = match &base {
                                Some(b) => b.join(href.trim()).map(String::from).unwrap_or(href),
                                None => href,
                            };
                            out.write_event(Event::Empty(
                                BytesStart::new("link").with_attributes([("href", href.as_str())]),
                            ))
                            .ok()?;
                        }
                        if let Some(lastmod) = attr("LASTMOD") {
                            out.write_event(Event::Start(BytesStart::new("updated"))).ok()?;
                            out.write_event(Event::Text(BytesText::new(lastmod.trim()))).ok()?;
                            out.write_event(Event::End(BytesEnd::new("updated"))).ok()?;
                        }
                    }
                    Some(el @ ("title" | "summary")) => out.write_event(Event::Start(BytesStart::new(el))).ok()?,
                    _ => {}
                }
                if empty {
                    close(&mut out, became)?;
                } else {
                    open.push(became);
                }
            }
            Event::End(_) => {
                let became = open.pop()?;
                close(&mut out, became)?;
            }
            // Text only inside a title or summary whose ancestors are all kept.
            ev @ (Event::Text(_) | Event::CData(_) | Event::GeneralRef(_))
                if matches!(open.last(), Some(Some("title" | "summary"))) && open.iter().all(Option::is_some) =>
            {
                out.write_event(ev).ok()?;
            }
            ev @ Event::Decl(_) => out.write_event(ev).ok()?,
            _ => {}
        }
    }
    root_seen.then(|| out.into_inner())
}

fn close(out: &mut Writer<Vec<u8>>, became: Option<&'static str>) -> Option<()> {
    match became {
        Some(el) if !el.is_empty() => out.write_event(Event::End(BytesEnd::new(el))).ok(),
        _ => Some(()),
    }
}

/// An `<rss>` root with no `<channel>`: its content wrapped in one.
pub(super) fn with_rss_channel(body: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(body).ok()?;
    let (_, tag_end) = super::feed::rss_start_tag(body)?;
    if text.contains("<channel") {
        return None;
    }
    let mut out = String::with_capacity(text.len() + 32);
    if text[..tag_end].ends_with('/') {
        // `<rss .../>`: an empty feed.
        out.push_str(&text[..tag_end - 1]);
        out.push_str("><channel></channel></rss>");
        out.push_str(&text[tag_end + 1..]);
        return Some(out.into_bytes());
    }
    let close = text.rfind("</rss>").filter(|c| *c > tag_end)?;
    out.push_str(&text[..=tag_end]);
    out.push_str("<channel>");
    out.push_str(&text[tag_end + 1..close]);
    out.push_str("</channel>");
    out.push_str(&text[close..]);
    Some(out.into_bytes())
}

/// RSS 0.90 and 1.0 items that name their page only in `rdf:about` (feed-rs drops an item
/// without `<link>`): each gets a `<link>` of that address.
pub(super) fn with_rdf_item_links(body: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(body).ok()?;
    if !text.contains("22-rdf-syntax-ns#") {
        return None;
    }
    let mut out = String::with_capacity(text.len() + 256);
    let mut at = 0;
    let mut changed = false;
    while let Some(i) = text[at..].find("<item").map(|i| i + at) {
        let after = &text[i + "<item".len()..];
        let Some(tag_len) = after.find('>').filter(|_| after.starts_with(|c: char| c.is_ascii_whitespace())) else {
            out.push_str(&text[at..i + 1]);
            at = i + 1;
            continue;
        };
        let tag = &after[..tag_len];
        let tag_end = i + "<item".len() + tag_len + 1;
        let end = text[tag_end..].find("</item>").map_or(text.len(), |e| tag_end + e);
        let about = tag.find("about=").and_then(|a| {
            let v = &tag[a + "about=".len()..];
            let q = v.chars().next().filter(|q| *q == '"' || *q == '\'')?;
            v[1..].find(q).map(|e| &v[1..=e])
        });
        out.push_str(&text[at..tag_end]);
        if let Some(about) = about.filter(|a| !a.trim().is_empty() && !tag.ends_with('/'))
            && !text[tag_end..end].contains("<link")
        {
            out.push_str("<link>");
            out.push_str(about.trim());
            out.push_str("</link>");
            changed = true;
        }
        at = tag_end;
    }
    out.push_str(&text[at..]);
    changed.then(|| out.into_bytes())
}

/// An RSS root with a prefix (`<p:rss xmlns:p="…">`): every element with that prefix
/// written without it, as RSS 2.0 has no namespace.
pub(super) fn without_rss_prefix(body: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(body).ok()?;
    let mut reader = NsReader::from_str(text);
    let mut out = Writer::new(Vec::with_capacity(text.len()));
    let mut prefix: Option<String> = None;
    loop {
        let event = reader.read_event().ok()?;
        let unprefixed = |name: &str, p: &Option<String>| {
            let p = p.as_deref()?;
            name.strip_prefix(p).and_then(|n| n.strip_prefix(':')).map(str::to_owned)
        };
        match event {
            Event::Eof => break,
            Event::Start(ref e) | Event::Empty(ref e) => {
                if prefix.is_none() {
                    // The root decides: `x:rss` or nothing to do.
                    let (name, local) = (e.name().into_inner(), e.local_name().into_inner());
                    if local != "rss" || name == local {
                        return None;
                    }
                    prefix = Some(name[..name.len() - local.len() - 1].to_owned());
                }
                let mut renamed = e.to_owned();
                if let Some(local) = unprefixed(e.name().into_inner(), &prefix) {
                    renamed.set_name(&local);
                }
                let empty = matches!(event, Event::Empty(_));
                out.write_event(if empty { Event::Empty(renamed) } else { Event::Start(renamed) }).ok()?;
            }
            Event::End(ref e) => match unprefixed(e.name().into_inner(), &prefix) {
                Some(local) => out.write_event(Event::End(BytesEnd::new(local))).ok()?,
                None => out.write_event(event).ok()?,
            },
            ev => out.write_event(ev).ok()?,
        }
    }
    prefix.map(|_| out.into_inner())
}

/// RSS element names written in another case (`<Item>`, `<TITLE>`; iTunes reads them so)
/// spelled as RSS spells them, in an `<rss>` document only. Prefixed names (another
/// namespace's) are left alone.
pub(super) fn with_rss_names_in_their_case(body: &[u8]) -> Option<Vec<u8>> {
    const NAMES: [&str; 33] = [
        "rss",
        "channel",
        "item",
        "title",
        "link",
        "description",
        "language",
        "copyright",
        "managingEditor",
        "webMaster",
        "pubDate",
        "lastBuildDate",
        "category",
        "generator",
        "docs",
        "cloud",
        "ttl",
        "image",
        "url",
        "width",
        "height",
        "rating",
        "textInput",
        "name",
        "skipHours",
        "hour",
        "skipDays",
        "day",
        "author",
        "comments",
        "enclosure",
        "guid",
        "source",
    ];
    let respelled = |name: &str| NAMES.iter().find(|n| n.eq_ignore_ascii_case(name) && **n != name).copied();
    let text = std::str::from_utf8(body).ok()?;
    let mut reader = quick_xml::Reader::from_str(text);
    reader.config_mut().check_end_names = false;
    let mut out = Writer::new(Vec::with_capacity(text.len()));
    let (mut root_seen, mut changed) = (false, false);
    loop {
        match reader.read_event().ok()? {
            Event::Eof => break,
            ev @ (Event::Start(_) | Event::Empty(_)) => {
                let empty = matches!(ev, Event::Empty(_));
                let (Event::Start(mut e) | Event::Empty(mut e)) = ev else { continue };
                if !root_seen && !e.name().into_inner().eq_ignore_ascii_case("rss") {
                    return None;
                }
                root_seen = true;
                if let Some(name) = respelled(e.name().into_inner()) {
                    changed = true;
                    e.set_name(name);
                }
                out.write_event(if empty { Event::Empty(e) } else { Event::Start(e) }).ok()?;
            }
            Event::End(e) => match respelled(e.name().into_inner()) {
                Some(name) => {
                    changed = true;
                    out.write_event(Event::End(BytesEnd::new(name))).ok()?;
                }
                None => out.write_event(Event::End(e)).ok()?,
            },
            ev => out.write_event(ev).ok()?,
        }
    }
    changed.then(|| out.into_inner())
}

/// Elements left open or closed without being opened (`<item>` with no `</item>` before
/// the next, a stray `</p>`), balanced as an HTML parser would: an end tag closes the open
/// elements down to its own, one that matches none is dropped, and what is open at the
/// end is closed there. Entries never nest: an `<item>` or `<entry>` closes one left open.
pub(super) fn with_balanced_tags(body: &[u8]) -> Option<Vec<u8>> {
    /// Writes the end tags of the open elements from `depth` up, innermost first.
    fn close_from(out: &mut Writer<Vec<u8>>, open: &mut Vec<String>, depth: usize) -> Option<()> {
        for unclosed in open.drain(depth..).rev() {
            out.write_event(Event::End(BytesEnd::new(unclosed.as_str()))).ok()?;
        }
        Some(())
    }
    let text = std::str::from_utf8(body).ok()?;
    let mut reader = quick_xml::Reader::from_str(text);
    // The balance is kept here: the reader's own, which a stray end tag unwinds, must not
    // refuse the document's real end tags once it has run out of open elements.
    reader.config_mut().check_end_names = false;
    reader.config_mut().allow_unmatched_ends = true;
    let mut out = Writer::new(Vec::with_capacity(text.len() + 64));
    let mut open: Vec<String> = Vec::new();
    let mut changed = false;
    loop {
        match reader.read_event().ok()? {
            Event::Eof => break,
            Event::Start(e) => {
                let name = e.name().into_inner().to_owned();
                let entry = matches!(e.local_name().into_inner(), "item" | "entry");
                if let Some(depth) = open.iter().rposition(|o| *o == name).filter(|_| entry) {
                    changed = true;
                    close_from(&mut out, &mut open, depth)?;
                }
                open.push(name);
                out.write_event(Event::Start(e)).ok()?;
            }
            Event::End(e) => match open.iter().rposition(|o| o == e.name().into_inner()) {
                Some(depth) => {
                    changed |= depth + 1 != open.len();
                    close_from(&mut out, &mut open, depth)?;
                }
                None => changed = true,
            },
            ev => out.write_event(ev).ok()?,
        }
    }
    changed |= !open.is_empty();
    close_from(&mut out, &mut open, 0)?;
    changed.then(|| out.into_inner())
}

/// Whether any `<title>`, `<description>` or `<summary>` (or Media RSS's, as its usual
/// prefix writes them) holds a tag (other than CDATA or its own end) before its end: the cheap test, run on every feed, before
/// [`with_markup_as_text`] reads the events.
fn may_hold_markup(body: &[u8]) -> bool {
    // One pass a name: each is an element's when `<` or `<media:` is written before it.
    [&b"title"[..], b"description", b"summary"].iter().any(|name| {
        memchr::memmem::find_iter(body, name).any(|i| {
            let before = &body[..i];
            if !(before.ends_with(b"<") || before.ends_with(b"<media:")) {
                return false;
            }
            let rest = &body[i + name.len()..];
            if !rest.first().is_some_and(|c| *c == b'>' || c.is_ascii_whitespace()) {
                return false;
            }
            let Some(tag_end) = memchr::memchr(b'>', rest) else { return false };
            let inner = &rest[tag_end + 1..];
            memchr::memchr(b'<', inner)
                .is_some_and(|lt| !inner[lt..].starts_with(b"</") && !inner[lt..].starts_with(b"<![CDATA["))
        })
    })
}

/// Whether an element is text that markup inside should be read as HTML: RSS's `title`
/// and `description` (no namespace, or RSS 0.90's and 1.0's), Atom's `title`, `subtitle`
/// and `summary` unless declared `xhtml`, and Media RSS's text (`media:title`,
/// `media:description`, …).
fn is_text_element(ns: &ResolveResult<'_>, e: &BytesStart<'_>) -> bool {
    const RSS_NS: [&str; 2] = ["http://purl.org/rss/1.0/", "http://my.netscape.com/rdf/simple/0.9/"];
    let local = e.local_name().into_inner();
    match ns {
        ResolveResult::Unbound => local == "title" || local == "description",
        ResolveResult::Bound(Namespace(uri)) if RSS_NS.contains(uri) => local == "title" || local == "description",
        // Media RSS text, which feed-rs refuses whole (the feed with it) when it holds an
        // element.
        ResolveResult::Bound(Namespace(uri)) if MEDIA.contains(uri) => {
            ["title", "description", "text", "credit", "copyright", "keywords"].contains(&local)
        }
        ResolveResult::Bound(Namespace(uri)) if *uri == ATOM || *uri == ATOM_03 => {
            let xhtml = e.attributes().flatten().any(|a| {
                a.key.0 == "type" && (a.value.as_ref() == "xhtml" || a.value.as_ref() == "application/xhtml+xml")
            });
            !xhtml && ["title", "subtitle", "summary"].contains(&local)
        }
        _ => false,
    }
}

/// Text elements ([`is_text_element`]) holding unescaped markup: the markup written as
/// escaped text, which is how a feed carries HTML in them.
pub(super) fn with_markup_as_text(body: &[u8]) -> Option<Vec<u8>> {
    if !may_hold_markup(body) {
        return None;
    }
    let text = std::str::from_utf8(body).ok()?;
    let mut reader = NsReader::from_str(text);
    let mut out = Writer::new(Vec::with_capacity(text.len() + 64));
    let mut changed = false;
    loop {
        let (ns, event) = reader.read_resolved_event().ok()?;
        match event {
            Event::Eof => break,
            Event::Start(e) if is_text_element(&ns, &e) => {
                let end = e.to_end().into_owned();
                let inner = read_inner(&mut reader, &end)?;
                out.write_event(Event::Start(e)).ok()?;
                if inner.iter().any(|ev| matches!(ev, Event::Start(_) | Event::Empty(_))) {
                    changed = true;
                    let html = html_source(inner)?;
                    out.write_event(Event::Text(BytesText::new(&html))).ok()?;
                } else {
                    for ev in inner {
                        out.write_event(ev).ok()?;
                    }
                }
                out.write_event(Event::End(end)).ok()?;
            }
            ev => out.write_event(ev).ok()?,
        }
    }
    changed.then(|| out.into_inner())
}

/// The HTML that text holding markup stands for, as a feed reader reads such text as HTML:
/// the tags as written, the text with XML's own escapes undone (`&lt;p&gt;` is a tag, as
/// in the escaped HTML a feed usually carries) and CDATA as written; comments go.
fn html_source(events: Vec<Event<'_>>) -> Option<String> {
    let mut markup = Writer::new(Vec::new());
    for ev in events {
        match ev {
            Event::Text(t) => markup.get_mut().extend_from_slice(t.as_bytes()),
            Event::CData(c) => markup.get_mut().extend_from_slice(c.as_bytes()),
            Event::GeneralRef(r) => {
                let predefined = match r.as_ref() {
                    "lt" => Some("<"),
                    "gt" => Some(">"),
                    "amp" => Some("&"),
                    "quot" => Some("\""),
                    "apos" => Some("'"),
                    _ => None,
                };
                match predefined {
                    Some(c) => markup.get_mut().extend_from_slice(c.as_bytes()),
                    // A character or an HTML entity (`&nbsp;`): HTML reads it the same.
                    None => markup.write_event(Event::GeneralRef(r)).ok()?,
                }
            }
            Event::Comment(_) => {}
            ev => markup.write_event(ev).ok()?,
        }
    }
    String::from_utf8(markup.into_inner()).ok()
}

/// An RDF root whose default namespace is not RSS 1.0's (RSS 0.90's, which feed-rs does
/// not know, in any of the forms it was published under, another, or none) read as RSS 1.0,
/// RSS 0.90's successor with the same elements.
pub(super) fn rdf_as_rss1(body: &[u8]) -> Option<Vec<u8>> {
    const RSS_1: &str = "http://purl.org/rss/1.0/";
    let text = std::str::from_utf8(body).ok()?;
    let mut reader = quick_xml::reader::Reader::from_str(text);
    let (start, root, empty) = loop {
        let start = usize::try_from(reader.buffer_position()).ok()?;
        match reader.read_event().ok()? {
            Event::Start(e) => break (start, e, false),
            Event::Empty(e) => break (start, e, true),
            Event::Eof => return None,
            _ => {}
        }
    };
    let end = usize::try_from(reader.buffer_position()).ok()?;
    if root.local_name().into_inner() != "RDF" {
        return None;
    }
    let mut tag = format!("<{} xmlns=\"{RSS_1}\"", root.name().into_inner());
    for a in root.attributes().with_checks(false) {
        let a = a.ok()?;
        let (key, value) = (a.key.into_inner(), a.value);
        if key == "xmlns" {
            if value.trim() == RSS_1 {
                return None;
            }
            continue;
        }
        let quote = if value.contains('"') { '\'' } else { '"' };
        tag.push_str(&format!(" {key}={quote}{value}{quote}"));
    }
    tag.push_str(if empty { "/>" } else { ">" });
    // RSS 0.90's namespace bound elsewhere (to a prefix, or again on an element) too.
    let rss_090 = ["http://my.netscape.com/rdf/simple/0.9/", "http://channel.netscape.com/rdf/simple/0.9/"];
    let doc = [&text[..start], &tag, &text[end..]].concat();
    Some(rss_090.iter().fold(doc, |doc, ns| doc.replace(ns, RSS_1)).into_bytes())
}

/// A document whose DOCTYPE declares entities of its own (`<!ENTITY site "Example">`), with
/// each reference to one (`&site;`) after the DOCTYPE replaced by its text, as an XML
/// parser that reads the internal subset does; feed-rs leaves `&site;` as written. Parameter
/// and external entities are not read; CDATA sections are left alone. One level only, and
/// at most a megabyte of text added: no entity bomb.
pub(super) fn with_internal_entities(body: &[u8]) -> Option<Vec<u8>> {
    const PREDEFINED: [&str; 5] = ["amp", "lt", "gt", "quot", "apos"];
    let text = std::str::from_utf8(body).ok()?;
    let doctype = text.find("<!DOCTYPE")?;
    // The internal subset opens before the DOCTYPE's own `>`, or there is none.
    let open = doctype + text[doctype..].find(['[', '>']).filter(|at| text[doctype + at..].starts_with('['))?;
    let close = open + text[open..].find(']')?;
    let body_start = close + text[close..].find('>')? + 1;
    let mut entities: Vec<(&str, &str)> = Vec::new();
    for decl in text[open..close].split("<!ENTITY").skip(1) {
        let decl = decl.trim_start();
        let Some((name, rest)) = decl.split_once(|c: char| c.is_ascii_whitespace()) else { continue };
        let rest = rest.trim_start();
        let Some(quote) = rest.chars().next().filter(|q| *q == '"' || *q == '\'') else { continue };
        let Some((value, _)) = rest[1..].split_once(quote) else { continue };
        if name != "%" && !PREDEFINED.contains(&name) {
            entities.push((name, value));
        }
    }
    if entities.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..body_start]);
    let mut budget = 1usize << 20;
    let tail = &text[body_start..];
    // How much of `tail` is copied, and where its next CDATA section starts: found once per
    // section, not once per `&` (a search to the end for each would make a long feed
    // quadratic).
    let mut at = 0;
    let mut cdata = tail.find("<![CDATA[");
    loop {
        let amp = tail[at..].find('&').map(|i| at + i);
        match (amp, cdata) {
            (_, Some(c)) if amp.is_none_or(|a| c < a) => {
                let end = tail[c..].find("]]>").map_or(tail.len(), |e| c + e + 3);
                out.push_str(&tail[at..end]);
                at = end;
                cdata = tail[at..].find("<![CDATA[").map(|i| at + i);
            }
            (Some(a), _) => {
                out.push_str(&tail[at..a]);
                let after = &tail[a + 1..];
                // A name is at most 64 bytes: the `;` is looked for that far, no further.
                let named = after.as_bytes()[..after.len().min(65)]
                    .iter()
                    .position(|b| *b == b';')
                    .and_then(|e| entities.iter().find(|(n, _)| *n == &after[..e]).map(|(_, v)| (e, *v)));
                match named {
                    Some((e, value)) if value.len() <= budget => {
                        out.push_str(value);
                        budget -= value.len();
                        at = a + 1 + e + 1;
                    }
                    _ => {
                        out.push('&');
                        at = a + 1;
                    }
                }
            }
            _ => break,
        }
    }
    out.push_str(&tail[at..]);
    Some(out.into_bytes())
}

/// Bytes that can be part of what feed-rs takes for an e-mail address in a contact
/// (`Jo (mailto:jo@s.test)`): the address, `mailto:` and the brackets round it.
fn in_address(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"._%+-@:<[(>])".contains(&b)
}

/// A contact's text with a space put between each e-mail address and a character next to
/// it that is not ASCII (`Jean Dupont «jean@exemple.fr»`, `编辑（bianji@s.test）`), or
/// `None` when there is none. feed-rs 3.0 cuts the name from such a contact one byte
/// before or after the address and panics inside the character (the whole feed is then
/// lost); with a space there, it reads the contact.
pub(super) fn spaced_contact(text: &str) -> Option<String> {
    // Spaces go between ASCII and another byte, at char boundaries: still UTF-8.
    spaced_addresses(text.as_bytes(), |_| true).and_then(|b| String::from_utf8(b).ok())
}

/// The run of address bytes round the `@` at `i` ([`in_address`]): its start and end.
fn address_run(body: &[u8], i: usize) -> (usize, usize) {
    let start = body[..i].iter().rposition(|b| !in_address(*b)).map_or(0, |p| p + 1);
    let end = body[i..].iter().position(|b| !in_address(*b)).map_or(body.len(), |p| i + p);
    (start, end)
}

/// Whether an address run ([`address_run`]) from `start` to `end` touches a character that
/// is not ASCII, written as it is or as a character reference (`&#171;`), before it and
/// after it.
fn touches_wide(body: &[u8], start: usize, end: usize) -> (bool, bool) {
    // The longest character reference looked for: `&#x10FFFF;`.
    const REFERENCE: usize = 10;
    let wide = |reference: &[u8]| char_reference(reference).is_some_and(|c| !c.is_ascii());
    let before = start > 0
        && (!body[start - 1].is_ascii()
            || body[start - 1] == b';' && {
                let from = start.saturating_sub(REFERENCE);
                memchr::memrchr(b'&', &body[from..start - 1]).is_some_and(|a| wide(&body[from + a + 1..start - 1]))
            });
    let after = end < body.len()
        && (!body[end].is_ascii()
            || body[end] == b'&'
                && memchr::memchr(b';', &body[end..body.len().min(end + REFERENCE)])
                    .is_some_and(|s| wide(&body[end + 1..end + s])));
    (before, after)
}

/// The character a numeric character reference stands for; `reference` is what lies
/// between `&` and `;` (`#171`, `#xBB`).
fn char_reference(reference: &[u8]) -> Option<char> {
    let number = match reference {
        [b'#', b'x' | b'X', hex @ ..] => u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok(),
        [b'#', dec @ ..] => std::str::from_utf8(dec).ok()?.parse::<u32>().ok(),
        _ => None,
    };
    number.and_then(char::from_u32)
}

/// The local name of the tag that the `<` at `t` opens (`thumbnail` of `<media:thumbnail …`).
fn local_name_at(body: &[u8], t: usize) -> &[u8] {
    let name = &body[t + 1..];
    let name =
        &name[..name.iter().position(|b| *b == b'>' || *b == b'/' || b.is_ascii_whitespace()).unwrap_or(name.len())];
    name.rsplit(|b| *b == b':').next().unwrap_or(name)
}

/// Whether the `@` at `i` is in the text of a contact element ([`CONTACTS`]), directly or
/// in a CDATA section: the element the last `<` before it opens.
fn in_contact(body: &[u8], i: usize) -> bool {
    let mut tag = memchr::memrchr(b'<', &body[..i]);
    if let Some(t) = tag.filter(|t| body[*t..].starts_with(b"<![CDATA[")) {
        tag = memchr::memrchr(b'<', &body[..t]);
    }
    tag.is_some_and(|t| CONTACTS.iter().any(|c| c.as_bytes() == local_name_at(body, t)))
}

/// The elements whose text feed-rs reads as a person with an e-mail address: RSS's
/// `author`, `managingEditor` and `webMaster`, Dublin Core's `creator`, iTunes' `author` and
/// its owner's `name`.
const CONTACTS: [&str; 5] = ["author", "managingEditor", "webMaster", "creator", "name"];

/// Contacts ([`CONTACTS`]) whose e-mail address touches a character that is not ASCII,
/// written as it is or as a character reference (`Jean Dupont «jean@exemple.fr»`,
/// `&#171;jean@exemple.fr&#187;`), with a space between, so that feed-rs reads them instead
/// of panicking ([`spaced_contact`]). Done on the bytes as written, so it mends a body
/// whatever else is wrong with it; `None` when there is no such contact.
pub(super) fn with_contacts_feed_rs_reads(body: &[u8]) -> Option<Vec<u8>> {
    spaced_addresses(body, |i| in_contact(body, i))
}

/// Whether any e-mail address in `body` touches a character that is not ASCII
/// ([`touches_wide`]), or a backslash (JSON's `\u00ab`): the cheap test before a JSON Feed
/// is read for its authors.
pub(super) fn may_touch_wide(body: &[u8]) -> bool {
    memchr::memchr_iter(b'@', body).any(|i| {
        let (start, end) = address_run(body, i);
        let (before, after) = touches_wide(body, start, end);
        before || after || (start > 0 && body[start - 1] == b'\\') || body.get(end) == Some(&b'\\')
    })
}

/// `body` with a space put between each e-mail address whose `@` `wanted` says is to be
/// looked at and a character beside it that is not ASCII ([`touches_wide`]); `None` when
/// there is none.
fn spaced_addresses(body: &[u8], wanted: impl Fn(usize) -> bool) -> Option<Vec<u8>> {
    let mut out: Option<Vec<u8>> = None;
    let mut copied = 0;
    let mut at = 0;
    while let Some(i) = memchr::memchr(b'@', &body[at..]).map(|i| at + i) {
        let (start, end) = address_run(body, i);
        at = end.max(i + 1);
        let (before, after) = touches_wide(body, start, end);
        if (before || after) && wanted(i) {
            let o = out.get_or_insert_with(|| Vec::with_capacity(body.len() + 8));
            o.extend_from_slice(&body[copied..start]);
            if before {
                o.push(b' ');
            }
            o.extend_from_slice(&body[start..end]);
            if after {
                o.push(b' ');
            }
            copied = end;
        }
    }
    out.map(|mut o| {
        o.extend_from_slice(&body[copied..]);
        o
    })
}

/// A time as feed-rs reads it (iTunes' `duration`, Media RSS's `time`, `start` and `end`:
/// `1:02:03.5`, `3723`) rewritten so that feed-rs does not panic on it, or `None` when it
/// need not be. feed-rs 3.0 reads its numbers with a Unicode `\d` and unwraps the parse as
/// ASCII, and adds them up unchecked: full-width digits (`３６０`, common in Japanese
/// feeds) become ASCII ones, other digits that are not ASCII go, and a number of more
/// than nine digits (a time of no use, which would overflow) empties the value.
fn npt_feed_rs_reads(value: &str) -> Option<String> {
    // The most digits a number in a time keeps: 999,999,999 hours still fit.
    const MOST_DIGITS: usize = 9;
    let decoded = if value.contains("&#") { decoded_char_refs(value) } else { value.to_owned() };
    let mut mapped = String::with_capacity(decoded.len());
    let mut run = 0;
    let mut too_long = false;
    for c in decoded.chars() {
        let c = match c {
            '０'..='９' => char::from_u32(u32::from(c) - u32::from('０') + u32::from('0')).unwrap_or('0'),
            c if c.is_numeric() && !c.is_ascii_digit() => continue,
            c => c,
        };
        run = if c.is_ascii_digit() { run + 1 } else { 0 };
        too_long |= run > MOST_DIGITS;
        mapped.push(c);
    }
    if too_long {
        return Some(String::new());
    }
    (mapped != value).then_some(mapped)
}

/// Text with its numeric character references to characters that are not ASCII
/// (`&#65297;`, `&#xFF11;`) written as those characters; any other `&` left as it is.
fn decoded_char_refs(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let wide = after
            .find(';')
            .filter(|s| *s <= 10)
            .and_then(|s| Some((char_reference(&after.as_bytes()[..s]).filter(|c| !c.is_ascii())?, s)));
        match wide {
            Some((c, s)) => {
                out.push(c);
                rest = &after[s + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The times feed-rs reads as numbers ([`npt_feed_rs_reads`]): the text of a `duration`
/// element (iTunes'), and the `time`, `start` and `end` attributes of a `thumbnail` or
/// `text` element (Media RSS's), rewritten where feed-rs would panic on them. Done on the
/// bytes as written; `None` when none needs it.
pub(super) fn with_times_feed_rs_reads(body: &[u8]) -> Option<Vec<u8>> {
    // Places to look at, found cheaply: an element's name, or an attribute's.
    const ELEMENT: &[u8] = b"duration>";
    const ATTRIBUTES: [&[u8]; 3] = [b"time=", b"start=", b"end="];
    // Each (start, end) of a value to rewrite, and what it becomes.
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    // The value from `start` to `end` as it must be written, when it must be rewritten.
    let rewritten = |start: usize, end: usize| {
        let v = &body[start..end];
        let needs_look = v.iter().any(|b| !b.is_ascii() || *b == b'&') || v.len() > 9;
        needs_look.then(|| std::str::from_utf8(v).ok().and_then(npt_feed_rs_reads)).flatten().map(|f| (start, end, f))
    };
    for at in memchr::memmem::find_iter(body, ELEMENT) {
        let opens = body[..at]
            .iter()
            .rposition(|b| *b == b'<' || !(b.is_ascii_alphanumeric() || *b == b':' || *b == b'-' || *b == b'_'));
        if opens.is_none_or(|o| body[o] != b'<') {
            continue;
        }
        let start = at + ELEMENT.len();
        let end = memchr::memmem::find(&body[start..], b"</").map_or(body.len(), |e| start + e);
        edits.extend(rewritten(start, end));
    }
    for name in ATTRIBUTES {
        for at in memchr::memmem::find_iter(body, name) {
            let quote = body.get(at + name.len()).copied().filter(|q| *q == b'"' || *q == b'\'');
            let (Some(quote), true) = (quote, at > 0 && body[at - 1].is_ascii_whitespace()) else { continue };
            let start = at + name.len() + 1;
            let Some(end) = memchr::memchr(quote, &body[start..]).map(|e| start + e) else { continue };
            let element = memchr::memrchr(b'<', &body[..at]).map(|o| local_name_at(body, o));
            if element.is_some_and(|e| e == b"thumbnail" || e == b"text") {
                edits.extend(rewritten(start, end));
            }
        }
    }
    if edits.is_empty() {
        return None;
    }
    edits.sort_unstable_by_key(|e| e.0);
    let mut out = Vec::with_capacity(body.len());
    let mut copied = 0;
    for (start, end, fixed) in edits {
        if start < copied {
            continue;
        }
        out.extend_from_slice(&body[copied..start]);
        out.extend_from_slice(fixed.as_bytes());
        copied = end;
    }
    out.extend_from_slice(&body[copied..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(b: Option<Vec<u8>>) -> String {
        String::from_utf8(b.expect("a repair")).unwrap()
    }

    #[test]
    fn an_address_is_spaced_only_from_a_wide_character_next_to_it() {
        let cases = [
            ("Jean Dupont «jean@exemple.fr»", Some("Jean Dupont « jean@exemple.fr »")),
            ("编辑（bianji@s.test）", Some("编辑（ bianji@s.test ）")),
            ("José (mailto:jo@s.test)é", Some("José (mailto:jo@s.test) é")),
            ("a«b@s.test c@s.test»", Some("a« b@s.test c@s.test »")),
            ("jo@s.test (Jo Smith)", None),
            ("Jo Smith <jo@s.test>", None),
            ("«Jo» jo@s.test", None),
            ("no address «here»", None),
            ("@", None),
        ];
        for (contact, spaced) in cases {
            assert_eq!(spaced_contact(contact).as_deref(), spaced, "{contact}");
        }
    }

    #[test]
    fn times_feed_rs_would_panic_on_are_rewritten() {
        let cases = [
            ("３６０", Some("360")),
            ("１:０２:０３", Some("1:02:03")),
            ("&#65299;&#x30;", Some("3&#x30;")),
            ("٣٠", Some("")),
            ("99999999999999999999999", Some("")),
            ("1.99999999999999999999", Some("")),
            ("01:02:03.500", None),
            ("3723", None),
        ];
        for (time, rewritten) in cases {
            assert_eq!(npt_feed_rs_reads(time).as_deref(), rewritten, "{time}");
        }
        let body = "<item><itunes:duration>３６０</itunes:duration><duration>12</duration>\
                    <media:thumbnail url=\"https://s.test/t.jpg\" time=\"１２\"/><media:text start='&#65297;' end=\"99999999999\">x</media:text>\
                    <event start=\"１\"/><title>３６０ tracks, time=\"１\"</title></item>";
        assert_eq!(
            s(with_times_feed_rs_reads(body.as_bytes())),
            "<item><itunes:duration>360</itunes:duration><duration>12</duration>\
             <media:thumbnail url=\"https://s.test/t.jpg\" time=\"12\"/><media:text start='1' end=\"\">x</media:text>\
             <event start=\"１\"/><title>３６０ tracks, time=\"１\"</title></item>"
        );
        assert!(with_times_feed_rs_reads(b"<itunes:duration>01:02:03</itunes:duration>").is_none());
    }

    #[test]
    fn contacts_are_spaced_and_the_rest_written_as_it_was() {
        let body = "<rss version=\"2.0\"><channel><title>«jo@s.test»</title><managingEditor>Jo &amp; co «jo@s.test»</managingEditor>\
                    <itunes:owner xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\"><itunes:name>Jo«jo@s.test»</itunes:name></itunes:owner></channel></rss>";
        assert_eq!(
            s(with_contacts_feed_rs_reads(body.as_bytes())),
            "<rss version=\"2.0\"><channel><title>«jo@s.test»</title><managingEditor>Jo &amp; co « jo@s.test »</managingEditor>\
             <itunes:owner xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\"><itunes:name>Jo« jo@s.test »</itunes:name></itunes:owner></channel></rss>"
        );
        // Written as references, or in CDATA; XML's own escapes are ASCII.
        assert_eq!(
            s(with_contacts_feed_rs_reads(
                "<author>Jo &#171;jo@s.test&#xbb;</author><dc:creator><![CDATA[Jo«jo@s.test]]>".as_bytes()
            )),
            "<author>Jo &#171; jo@s.test &#xbb;</author><dc:creator><![CDATA[Jo« jo@s.test]]>"
        );
        // Nothing to do: an address beside ASCII or an escape, or outside a contact.
        for body in [
            "<rss><channel><title>«jo@s.test»</title><description>Écrivez «jo@s.test»</description></channel></rss>",
            "<author>jo@s.test (Jo)</author><author>Jo &lt;jo@s.test&gt;</author><author>«Jo» jo@s.test</author>",
        ] {
            assert!(with_contacts_feed_rs_reads(body.as_bytes()).is_none(), "{body}");
        }
    }

    #[test]
    fn entities_the_doctype_declares_are_replaced_by_their_text() {
        let body = br#"<?xml version="1.0"?>
<!DOCTYPE rss [
  <!ENTITY id "tag:example.com,">
  <!ENTITY co 'AT&amp;T'>
  <!ENTITY % lat1 PUBLIC "-//W3C//ENTITIES Latin 1 for XHTML//EN" "xhtml-lat1.ent">
  <!ENTITY ext SYSTEM "ext.xml">
  %lat1;
]>
<rss version="2.0"><channel><title>&co; &amp; &ext; &eacute;</title>
<item><guid>&id;2006</guid><description><![CDATA[&id; as written]]></description></item></channel></rss>"#;
        let out = String::from_utf8(with_internal_entities(body).expect("entities")).unwrap();
        let after = &out[out.find("]>").unwrap()..];
        assert!(after.contains("<title>AT&amp;T &amp; &ext; &eacute;</title>"), "{after}");
        assert!(after.contains("<guid>tag:example.com,2006</guid>"), "{after}");
        assert!(after.contains("<![CDATA[&id; as written]]>"), "{after}");
        assert_eq!(with_internal_entities(b"<rss version=\"2.0\"><channel/></rss>"), None);
        // No internal subset: declarations quoted in the content are not the document's.
        let quoted = b"<!DOCTYPE rss><rss><title><![CDATA[<!ENTITY a 'b'> &a;]]></title></rss>";
        assert_eq!(with_internal_entities(quoted), None);
        // An entity bomb adds at most a megabyte.
        let bomb = format!("<!DOCTYPE r [<!ENTITY a \"{}\">]><r>{}</r>", "x".repeat(1 << 16), "&a;".repeat(64));
        let out = with_internal_entities(bomb.as_bytes()).unwrap();
        assert!(out.len() < bomb.len() + (1 << 20) + 1, "{}", out.len());
    }

    #[test]
    fn atom_types_map_to_those_feed_rs_reads() {
        assert_eq!(atom_retype("title", Some("text"), None), Retype::Keep);
        assert_eq!(atom_retype("title", None, None), Retype::Keep);
        assert_eq!(atom_retype("title", Some("TEXT"), None), Retype::To(Some("text")));
        assert_eq!(atom_retype("title", Some(""), None), Retype::To(Some("text")));
        assert_eq!(atom_retype("title", Some("text/plain"), None), Retype::To(Some("text")));
        assert_eq!(atom_retype("title", Some("Html"), None), Retype::To(Some("html")));
        assert_eq!(atom_retype("title", Some("application/xhtml+xml"), None), Retype::To(Some("xhtml")));
        assert_eq!(atom_retype("title", Some("text/markdown"), None), Retype::To(Some("text")));
        assert_eq!(atom_retype("title", Some("application/octet-stream"), None), Retype::Base64("text"));
        assert_eq!(atom_retype("title", Some("text/html"), Some("base64")), Retype::Base64("html"));
        assert_eq!(atom_retype("content", Some("image/png"), None), Retype::Keep);
        assert_eq!(atom_retype("content", Some("base64"), None), Retype::Base64("text"));
        assert_eq!(atom_retype("title", Some(" Base64 "), None), Retype::Base64("text"));
        assert_eq!(media_retype(Some("text")), Retype::To(None));
        assert_eq!(media_retype(Some("text/html")), Retype::To(Some("html")));
    }

    #[test]
    fn base64_text_is_decoded_and_the_rest_written_back_as_it_was() {
        let feed = "<?xml version=\"1.0\"?>\n<!-- c --><feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"en\">\
            <entry><title type=\"application/octet-stream\">\n  RXhhbXBsZSA8Yj5BdG9tPC9iPg==\n</title>\
            <link href=\"https://b.test/1?a=1&amp;b=2\"/><summary type=\"TEXT\">a &lt; b</summary></entry></feed>";
        let out = s(with_known_text_types(feed.as_bytes()));
        assert_eq!(
            out,
            "<?xml version=\"1.0\"?>\n<!-- c --><feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"en\">\
            <entry><title type=\"text\">Example &lt;b&gt;Atom&lt;/b&gt;</title>\
            <link href=\"https://b.test/1?a=1&amp;b=2\"/><summary type=\"text\">a &lt; b</summary></entry></feed>"
        );
    }

    #[test]
    fn text_types_outside_atom_and_media_are_left_alone() {
        let rss = r#"<rss version="2.0"><channel><title type="weird">t</title></channel></rss>"#;
        assert_eq!(with_known_text_types(rss.as_bytes()), None);
        let broken = r#"<feed xmlns="http://www.w3.org/2005/Atom"><title type="TEXT">t</feed>"#;
        assert_eq!(with_known_text_types(broken.as_bytes()), None);
        assert_eq!(with_known_text_types(&[0xff, 0xfe, b'<']), None);
    }

    #[test]
    fn a_cdf_channel_reads_as_atom() {
        let cdf = r#"<CHANNEL BASE="http://base.test/" HREF="http://www.test/" LASTMOD="2004-04-06T23:05:43-05:00">
            <TITLE>channel &amp; title</TITLE><LOGO HREF="x.gif" STYLE="IMAGE"/><SCHEDULE><INTERVALTIME DAY="1"/></SCHEDULE>
            <ITEM HREF="/item/1" LASTMOD="2004-04-06T23:05:43-05:00"><TITLE>item</TITLE><ABSTRACT>about</ABSTRACT></ITEM>
            <ITEM HREF="http://other.test/2"/></CHANNEL>"#;
        let out = s(cdf_as_atom(cdf.as_bytes()));
        assert!(
            out.starts_with(r#"<feed xmlns="http://www.w3.org/2005/Atom"><link href="http://www.test/"/>"#),
            "{out}"
        );
        assert!(out.contains("<title>channel &amp; title</title>"), "{out}");
        assert!(
            out.contains(r#"<entry><link href="http://base.test/item/1"/><updated>2004-04-06T23:05:43-05:00</updated><title>item</title><summary>about</summary></entry>"#),
            "{out}"
        );
        assert!(out.contains(r#"<entry><link href="http://other.test/2"/></entry>"#), "{out}");
        assert!(!out.contains("LOGO") && !out.contains("INTERVAL"), "{out}");
        assert_eq!(cdf_as_atom(br#"<rss version="2.0"></rss>"#), None);
    }

    #[test]
    fn rss_items_without_a_channel_get_one() {
        assert_eq!(
            s(with_rss_channel(b"<rss version=\"2.0\">\n<item><title>a</title></item>\n</rss>")),
            "<rss version=\"2.0\"><channel>\n<item><title>a</title></item>\n</channel></rss>"
        );
        assert_eq!(s(with_rss_channel(b"<rss version=\"2.0\"/>")), "<rss version=\"2.0\"><channel></channel></rss>");
        assert_eq!(with_rss_channel(b"<rss version=\"2.0\"><channel></channel></rss>"), None);
        assert_eq!(with_rss_channel(b"<rssfeed></rssfeed>"), None);
        assert_eq!(with_rss_channel(b"<rss version=\"2.0\">"), None);
    }

    #[test]
    fn rss_names_in_another_case_are_spelled_as_rss_spells_them() {
        let body = r#"<RSS version="2.0" xmlns:itunes="x"><Channel><TiTlE>T</title><ITEM><PUBDATE>d</PUBDATE>
            <itunes:Author>a</itunes:Author></ITEM></Channel></RSS>"#;
        assert_eq!(
            s(with_rss_names_in_their_case(body.as_bytes())),
            r#"<rss version="2.0" xmlns:itunes="x"><channel><title>T</title><item><pubDate>d</pubDate>
            <itunes:Author>a</itunes:Author></item></channel></rss>"#
        );
        assert_eq!(with_rss_names_in_their_case(b"<feed><Title>T</Title></feed>"), None);
        assert_eq!(with_rss_names_in_their_case(b"<rss><channel><title>T</title></channel></rss>"), None);
    }

    #[test]
    fn tags_left_open_or_closed_twice_are_balanced() {
        let body = "<rss><channel><item><title>A</title><item><title>B</title></item></p></channel></rss>";
        assert_eq!(
            s(with_balanced_tags(body.as_bytes())),
            "<rss><channel><item><title>A</title></item><item><title>B</title></item></channel></rss>"
        );
        assert_eq!(
            s(with_balanced_tags(b"<feed><entry><title>A</title>")),
            "<feed><entry><title>A</title></entry></feed>"
        );
        assert_eq!(with_balanced_tags(b"<rss><channel><title>A &amp; B</title></channel></rss>"), None);
    }

    #[test]
    fn an_rdf_root_outside_rss_1_reads_as_rss_1() {
        const RDF: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
        for ns in [
            r#" xmlns="http://my.netscape.com/rdf/simple/0.9/""#,
            r#" xmlns='http://channel.netscape.com/rdf/simple/0.9/'"#,
            "",
        ] {
            let feed =
                format!("<?xml version=\"1.0\"?>\n<!-- c -->\n<rdf:RDF xmlns:rdf=\"{RDF}\"{ns}>\n<channel/></rdf:RDF>");
            assert_eq!(
                s(rdf_as_rss1(feed.as_bytes())),
                format!(
                    "<?xml version=\"1.0\"?>\n<!-- c -->\n<rdf:RDF xmlns=\"http://purl.org/rss/1.0/\" xmlns:rdf=\"{RDF}\">\n<channel/></rdf:RDF>"
                ),
                "{ns}"
            );
        }
        let rss1 = format!(r#"<rdf:RDF xmlns:rdf="{RDF}" xmlns="http://purl.org/rss/1.0/"><channel/></rdf:RDF>"#);
        assert_eq!(rdf_as_rss1(rss1.as_bytes()), None);
        assert_eq!(rdf_as_rss1(b"<rss version=\"2.0\"/>"), None);
        assert_eq!(rdf_as_rss1(b"<rdf:RDF"), None);
        let prefixed = format!(
            r#"<rdf:RDF xmlns:rdf="{RDF}" xmlns:n="http://my.netscape.com/rdf/simple/0.9/"><n:channel/></rdf:RDF>"#
        );
        assert_eq!(
            s(rdf_as_rss1(prefixed.as_bytes())),
            format!(
                r#"<rdf:RDF xmlns="http://purl.org/rss/1.0/" xmlns:rdf="{RDF}" xmlns:n="http://purl.org/rss/1.0/"><n:channel/></rdf:RDF>"#
            )
        );
    }

    #[test]
    fn a_prefixed_rss_root_reads_without_its_prefix() {
        let feed = r#"<?xml version="1.0"?><r:rss xmlns:r="http://backend.userland.com/rss2" version="2.0"><r:channel><r:title>T</r:title><r:item><r:link>http://a.test/1</r:link><r:enclosure url="http://a.test/1.mp3"/></r:item></r:channel></r:rss>"#;
        assert_eq!(
            s(without_rss_prefix(feed.as_bytes())),
            r#"<?xml version="1.0"?><rss xmlns:r="http://backend.userland.com/rss2" version="2.0"><channel><title>T</title><item><link>http://a.test/1</link><enclosure url="http://a.test/1.mp3"/></item></channel></rss>"#
        );
        assert_eq!(without_rss_prefix(br#"<rss version="2.0"><channel/></rss>"#), None);
        assert_eq!(without_rss_prefix(br#"<a:feed xmlns:a="http://www.w3.org/2005/Atom"/>"#), None);
    }

    #[test]
    fn markup_inside_text_is_read_as_escaped_html() {
        let feed = "<rss version=\"2.0\"><channel><title>Plain &amp; simple</title><item>\
            <title>An <em>emphatic</em> story &amp; more</title><description><p>Hi</p></description></item></channel></rss>";
        assert_eq!(
            s(with_markup_as_text(feed.as_bytes())),
            "<rss version=\"2.0\"><channel><title>Plain &amp; simple</title><item>\
            <title>An &lt;em&gt;emphatic&lt;/em&gt; story &amp; more</title><description>&lt;p&gt;Hi&lt;/p&gt;</description></item></channel></rss>"
        );
        // Escaped markup, CDATA and comments beside the tags: the HTML they spell together.
        let mixed = r#"<feed xmlns="http://www.w3.org/2005/Atom"><title type="html">&lt;p&gt;<b>F</b>eed &amp;amp; Title&#33;<![CDATA[</p>]]><!-- c --></title></feed>"#;
        assert_eq!(
            s(with_markup_as_text(mixed.as_bytes())),
            r#"<feed xmlns="http://www.w3.org/2005/Atom"><title type="html">&lt;p&gt;&lt;b&gt;F&lt;/b&gt;eed &amp;amp; Title&amp;#33;&lt;/p&gt;</title></feed>"#
        );
        // XHTML is Atom's own way of carrying markup; CDATA and plain text need nothing.
        let atom = r#"<feed xmlns="http://www.w3.org/2005/Atom"><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">A <b>b</b></div></title></feed>"#;
        assert_eq!(with_markup_as_text(atom.as_bytes()), None);
        assert_eq!(with_markup_as_text(b"<rss><channel><title><![CDATA[A <b>b</b>]]></title></channel></rss>"), None);
        assert_eq!(with_markup_as_text(b"<rss><channel><title>A</title><link>x</link></channel></rss>"), None);
        // Media RSS's text, which feed-rs refuses (and the whole feed with it) when it holds
        // an element.
        let media = r#"<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>T</title><item><title>A</title><link>https://s.test/a</link><media:content url="https://s.test/a.jpg"><media:title type="html">A <b>wall</b></media:title><media:description>Waves<br>over it</media:description></media:content></item></channel></rss>"#;
        assert!(feed_rs::parser::parse(media.as_bytes()).is_err(), "feed-rs alone refuses it");
        let f = crate::parse::feed::parse_feed(media.as_bytes(), None).unwrap();
        assert_eq!(f.items[0].link.as_deref(), Some("https://s.test/a"));
    }
}
