//! Feeds (RSS 0.9x/1.0/2.0, Atom 1.0, JSON Feed 1.1) through feed-rs, reduced to what
//! feedhound needs: the entries' links.

use serde::Serialize;
use sha2::{Digest, Sha256};
use url::Url;

use super::feed_markup;
use feed_rs::model as feedrs;

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
    /// Entries in document order (empty for a new blog or a podcast channel with no
    /// episodes yet: the crawler flags that, see [`ParsedFeed::is_empty`]).
    pub items: Vec<FeedItem>,
    /// What a reader should know: the feed is empty, or was read after a repair.
    pub warnings: Vec<String>,
}

impl ParsedFeed {
    /// Whether the feed has no entries. A parsed feed may be empty; a crawler treats an
    /// empty answer to a poll as a problem to show, never as silently fine.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// The warning of a feed with no entries.
pub const EMPTY_FEED: &str = "empty: the feed has no entries";

/// Why bytes are not a usable feed.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum FeedError {
    /// Not a feed at all.
    #[error("not a parseable feed: {0}")]
    Unparseable(String),
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

/// The body with its `<rss ...>` root given `version="2.0"` when the version is missing,
/// malformed (`version=`, curly quotes) or not one feed-rs knows; `None` when there is no
/// such root, or its version is fine. Works on bytes and splits only at ASCII, so any
/// input is safe.
fn with_rss_version(bytes: &[u8]) -> Option<Vec<u8>> {
    const KNOWN: [&[u8]; 4] = [b"0.90", b"0.91", b"0.92", b"2.0"];
    let (start, end) = rss_start_tag(bytes)?;
    let mut attrs = Vec::with_capacity(end - start);
    let mut version_ok = false;
    for a in attributes(&bytes[start + 4..end]) {
        if a.name == b"version" {
            version_ok = a.value.is_some_and(|v| KNOWN.contains(&v));
        } else {
            attrs.push(b' ');
            attrs.extend_from_slice(a.whole);
        }
    }
    if version_ok {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len() + 16);
    out.extend_from_slice(&bytes[..start]);
    out.extend_from_slice(b"<rss version=\"2.0\"");
    out.extend_from_slice(&attrs);
    out.extend_from_slice(&bytes[end..]);
    Some(out)
}

/// The body with the default namespace its `<rss ...>` root declares (`xmlns="…"`, e.g.
/// UserLand's `http://backend.userland.com/rss2`) taken off: RSS 2.0 has no namespace, and
/// a reader that goes by namespaces sees none of the channel's elements under one. `None`
/// when there is no such root or it declares none (an empty `xmlns=""` is none).
fn without_rss_default_namespace(bytes: &[u8]) -> Option<Vec<u8>> {
    let (start, end) = rss_start_tag(bytes)?;
    let attrs = attributes(&bytes[start + 4..end]);
    if !attrs.iter().any(|a| a.name == b"xmlns" && a.value.is_none_or(|v| !v.trim_ascii().is_empty())) {
        return None;
    }
    let mut out = retagged_without_xmlns(bytes, (start, end), &attrs, b"<rss");
    out.extend_from_slice(&bytes[end..]);
    Some(out)
}

/// What comes before the start tag at `start..end` (its `>`), then the tag rewritten as
/// `head` and its `attrs` other than `xmlns`, as written; the caller writes the rest.
fn retagged_without_xmlns(bytes: &[u8], (start, end): (usize, usize), attrs: &[Attribute<'_>], head: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + 64);
    out.extend_from_slice(&bytes[..start]);
    out.extend_from_slice(head);
    for a in attrs.iter().filter(|a| a.name != b"xmlns") {
        out.push(b' ');
        out.extend_from_slice(a.whole);
    }
    if bytes[..end].ends_with(b"/") {
        out.push(b'/');
    }
    out
}

/// Where the `<rss ...>` start tag begins and where its `>` is.
pub(super) fn rss_start_tag(bytes: &[u8]) -> Option<(usize, usize)> {
    start_tag(bytes, b"rss")
}

/// Where the first start tag of element `name` begins and where its `>` is.
fn start_tag(bytes: &[u8], name: &[u8]) -> Option<(usize, usize)> {
    let mut from = 0;
    loop {
        let start = from + find(&bytes[from..], b"<")?;
        if opens_tag(bytes, start, name) {
            return Some((start, start + find(&bytes[start..], b">")?));
        }
        from = start + 1;
    }
}

/// Whether the `<` at `at` opens a start tag of element `name`.
fn opens_tag(bytes: &[u8], at: usize, name: &[u8]) -> bool {
    bytes[at + 1..].starts_with(name)
        && bytes.get(at + 1 + name.len()).is_some_and(|&c| c.is_ascii_whitespace() || c == b'>' || c == b'/')
}

/// The first position of `needle` in `hay`.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// One attribute of a start tag as written: its name, the whole attribute, and its value
/// when properly quoted.
struct Attribute<'a> {
    name: &'a [u8],
    whole: &'a [u8],
    value: Option<&'a [u8]>,
}

/// The attributes of a start tag's inside, as written, however malformed. A trailing `/`
/// is dropped.
fn attributes(tag: &[u8]) -> Vec<Attribute<'_>> {
    let mut out = Vec::new();
    let mut i = 0;
    let n = tag.len();
    let skip_ws = |mut i: usize| {
        while i < n && tag[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    };
    loop {
        i = skip_ws(i);
        if i >= n {
            return out;
        }
        let start = i;
        while i < n && !tag[i].is_ascii_whitespace() && tag[i] != b'=' && tag[i] != b'/' {
            i += 1;
        }
        if i == start {
            i += 1; // a stray `/` or `=`
            continue;
        }
        let name = &tag[start..i];
        let mut value = None;
        let j = skip_ws(i);
        if j < n && tag[j] == b'=' {
            i = skip_ws(j + 1);
            match tag.get(i) {
                Some(&q) if q == b'"' || q == b'\'' => {
                    match tag[i + 1..].iter().position(|b| *b == q) {
                        Some(p) => {
                            value = Some(&tag[i + 1..i + 1 + p]);
                            i += p + 2;
                        }
                        // An unclosed quote: the attribute is broken, whatever it says.
                        None => i = n,
                    }
                }
                _ => {
                    while i < n && !tag[i].is_ascii_whitespace() {
                        i += 1;
                    }
                }
            }
        }
        out.push(Attribute { name, whole: &tag[start..i], value });
    }
}

/// The body made well-formed where real feeds commonly break XML, or `None` when there is
/// nothing to repair: junk before the document (a BOM, blank lines, a PHP warning), bytes
/// that are not UTF-8 in a feed that declares (or defaults to) UTF-8 (read as Windows-1252,
/// the usual culprit), bare `&` outside CDATA sections, and a body cut off mid-entry (kept
/// up to the last whole element of that entry).
fn repaired_xml(bytes: &[u8]) -> Option<Vec<u8>> {
    let head = &bytes[..bytes.len().min(4096)];
    let start = head.windows(5).position(|w| w == b"<?xml").or_else(|| bytes.iter().position(|b| *b == b'<'))?;
    let body = &bytes[start..];
    let head = String::from_utf8_lossy(&body[..body.len().min(200)]).to_ascii_lowercase();
    let declared = between(&head, "encoding=", "?>").map(|e| e.trim_matches(['"', '\'', ' ']).to_owned());
    // A declaration of a 16- or 32-bit encoding read here one byte a character cannot be
    // true (that `<?xml` would be `<\0?\0…`): the body is in an ASCII-compatible encoding,
    // read as UTF-8 like an undeclared one, and declared so.
    let wide = ["utf-16", "utf16", "utf-32", "utf32", "ucs-2", "ucs2", "ucs-4", "unicode"];
    let false_wide =
        body.starts_with(b"<?xml") && declared.as_deref().is_some_and(|e| wide.iter().any(|w| e.starts_with(w)));
    let utf8 = false_wide || declared.as_deref().is_none_or(|e| e == "utf-8" || e == "utf8");
    let text: std::borrow::Cow<'_, str> = match std::str::from_utf8(body) {
        Ok(s) => s.into(),
        Err(_) if utf8 => mixed_utf8(body).into(),
        // A declared legacy charset: only the prefix is repaired; feed-rs decodes the rest.
        Err(_) => return (start > 0).then(|| body.to_vec()),
    };
    // A comment never closed (a template's trailer cut off, `<!-- generated in`) runs to the
    // end and holds nothing a reader needs: it goes.
    let text: std::borrow::Cow<'_, str> = match text.rfind("<!--") {
        Some(open) if !text[open..].contains("-->") => text[..open].to_owned().into(),
        _ => text,
    };
    let mut fixed = escape_bare_specials(&text).into_owned();
    if false_wide {
        fixed = super::feed_charset::declared_utf8(&fixed);
    }
    if let Some(closed) = closed_after_last_entry(&fixed) {
        fixed = closed;
    }
    (start > 0 || fixed != text.as_ref() || matches!(text, std::borrow::Cow::Owned(_))).then(|| fixed.into_bytes())
}

/// A `<feed>` root in a namespace from before Atom 1.0, which feed-rs does not know (Atom
/// 0.3's `http://purl.org/atom/ns#`, the drafts' Echo, Pie and Necho names), read as Atom
/// 1.0 as feed readers do: the namespace, and 0.3's `issued` and `modified` dates by their
/// 1.0 names. Byte for byte, so a feed in a legacy charset keeps it.
fn pre_atom_as_atom(bytes: &[u8]) -> Option<Vec<u8>> {
    const ATOM: &[u8] = b"http://www.w3.org/2005/Atom";
    const RENAMES: [(&[u8], &[u8]); 4] = [
        (b"<issued>", b"<published>"),
        (b"</issued>", b"</published>"),
        (b"<modified>", b"<updated>"),
        (b"</modified>", b"</updated>"),
    ];
    let (start, end) = start_tag(bytes, b"feed")?;
    let attrs = attributes(&bytes[start + "<feed".len()..end]);
    let namespace = attrs.iter().find(|a| a.name == b"xmlns")?.value?.trim_ascii();
    if namespace.is_empty() || namespace == ATOM {
        return None;
    }
    let mut out = retagged_without_xmlns(bytes, (start, end), &attrs, b"<feed xmlns=\"http://www.w3.org/2005/Atom\"");
    let mut rest = &bytes[end..];
    'bytes: while let Some((first, tail)) = rest.split_first() {
        for (from, to) in RENAMES {
            if let Some(after) = rest.strip_prefix(from) {
                out.extend_from_slice(to);
                rest = after;
                continue 'bytes;
            }
        }
        out.push(*first);
        rest = tail;
    }
    Some(out)
}

/// A document cut off before its root closes, ended after its last whole entry, or the
/// whole elements of the entry it was cut off in (or, cut inside the root's end tag, with
/// that tag finished).
fn closed_after_last_entry(text: &str) -> Option<String> {
    let roots = [("<rss", "</channel></rss>"), ("<feed", "</feed>"), ("<rdf:RDF", "</rdf:RDF>")];
    let (open, closers) =
        roots.iter().filter_map(|(o, c)| text.find(o).map(|i| (i, *o, *c))).min().map(|(_, o, c)| (o, c))?;
    let root_close = format!("</{}>", &open[1..]);
    let trimmed = text.trim_end();
    if trimmed.ends_with(&root_close) {
        return None;
    }
    let end = ["</item>", "</entry>"].iter().filter_map(|c| text.rfind(c).map(|i| i + c.len())).max();
    // Cut off inside the root's own end tag (`</feed`) with no entry left open: that tag,
    // finished.
    let open_entry = last_entry_start(text).filter(|(s, _)| Some(*s) >= end);
    if let Some(cut) = (3..root_close.len()).rev().find(|k| trimmed.ends_with(&root_close[..*k]))
        && open_entry.is_none()
    {
        return Some(format!("{trimmed}{}", &root_close[cut..]));
    }
    // An entry cut off keeps its whole elements (a title, a link), as feed readers keep
    // what they read of it; one cut inside its start tag goes.
    if let Some((start, name)) = open_entry {
        return Some(match last_whole_child_end(text, start) {
            Some(kept) => format!("{}</{name}>{closers}", &text[..kept]),
            None => format!("{}{closers}", &text[..start]),
        });
    }
    // Cut off before any entry opens (in the first one's start tag, or in the channel's
    // own elements): the feed without entries, less a tag left unfinished.
    let end = match end {
        Some(end) => end,
        None if !text.contains(&root_close) => {
            text.rfind('<').filter(|&i| !text[i..].contains('>')).unwrap_or(text.len())
        }
        None => return None,
    };
    Some(format!("{}{closers}", &text[..end]))
}

/// Where the last `<item>` or `<entry>` start tag opens in `text`, and its name.
fn last_entry_start(text: &str) -> Option<(usize, &'static str)> {
    let b = text.as_bytes();
    memchr::memrchr_iter(b'<', b)
        .find_map(|i| ["item", "entry"].into_iter().find(|name| opens_tag(b, i, name.as_bytes())).map(|name| (i, name)))
}

/// In an entry that opens at `start` and is cut off before it closes, where its last whole
/// child element ends, or its start tag if no child is whole; `None` if that tag is cut.
fn last_whole_child_end(text: &str, start: usize) -> Option<usize> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(&text[start..]);
    reader.config_mut().check_end_names = false;
    let (mut depth, mut kept) = (0_usize, None);
    loop {
        match reader.read_event() {
            Ok(Event::Start(_)) => depth += 1,
            Ok(Event::End(_)) => depth = depth.checked_sub(1)?,
            Ok(Event::Empty(_)) => {}
            Ok(Event::Eof) | Err(_) => break,
            Ok(_) => continue,
        }
        // The entry's start tag read, or a child of it ended.
        if depth == 1 {
            kept = Some(reader.buffer_position());
        }
    }
    kept.and_then(|k| usize::try_from(k).ok()).map(|k| start + k)
}

/// UTF-8 text where each invalid byte is read as Windows-1252.
pub(super) fn mixed_utf8(mut bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 16);
    loop {
        match std::str::from_utf8(bytes) {
            Ok(s) => {
                out.push_str(s);
                return out;
            }
            Err(e) => {
                let (good, rest) = bytes.split_at(e.valid_up_to());
                out.push_str(std::str::from_utf8(good).unwrap_or_default());
                let bad = e.error_len().unwrap_or(rest.len()).min(rest.len());
                out.push_str(&encoding_rs::WINDOWS_1252.decode_without_bom_handling(&rest[..bad]).0);
                bytes = &rest[bad..];
            }
        }
    }
}

/// `&` that does not start an entity or character reference, as `&amp;`, and `<` that does
/// not start markup, as `&lt;`: before a space or a digit (`A < B`, `<3`), or before a
/// letter where another `<` cuts the tag it would start before its `>` (`if a<b then
/// c</title>`). CDATA and comments are left alone.
fn escape_bare_specials(text: &str) -> std::borrow::Cow<'_, str> {
    /// Whether a start tag, read from past its `<`, ends at a `>` of its own before any
    /// other `<`: "b then c Harbour</title>" does not. One that another `<` seems to cut is
    /// read again with its quoted values (`<item title="<b>x</b>">`); one that runs past 512
    /// bytes so is taken as the tag it says it is (each `<` costs at most that much reading,
    /// however many a hostile body holds).
    fn closes(after: &str) -> bool {
        const READ: usize = 512;
        let head = &after.as_bytes()[..after.len().min(READ)];
        if memchr::memchr2(b'>', b'<', head).is_none_or(|i| head[i] == b'>') {
            return true;
        }
        let mut quote = None;
        for &b in head {
            match (quote, b) {
                (Some(q), _) if b == q => quote = None,
                (Some(_), _) => {}
                (None, b'"' | b'\'') => quote = Some(b),
                (None, b'>') => return true,
                (None, b'<') => return false,
                _ => {}
            }
        }
        true
    }
    fn opens_markup(after: &str) -> bool {
        let starts_tag = after.starts_with(|c: char| c.is_alphabetic() || matches!(c, '_' | ':'));
        (starts_tag && closes(after)) || after.starts_with(['!', '?', '/'])
    }
    fn is_reference(rest: &str) -> bool {
        let Some(end) = rest.get(1..rest.len().min(34)).and_then(|r| r.find(';')) else { return false };
        let name = &rest[1..=end];
        match name.strip_prefix('#') {
            Some(num) => match num.strip_prefix(['x', 'X']) {
                Some(hex) => !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit()),
                None => super::is_digits(num),
            },
            None => {
                name.starts_with(|c: char| c.is_ascii_alphabetic()) && name.chars().all(|c| c.is_ascii_alphanumeric())
            }
        }
    }
    if !text.contains('&') && text.match_indices('<').all(|(i, _)| opens_markup(&text[i + 1..])) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 64);
    let mut rest = text;
    while let Some(i) = rest.find(['&', '<']) {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        if rest.starts_with("<![CDATA[") {
            let end = rest.find("]]>").map_or(rest.len(), |e| e + 3);
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        } else if rest.starts_with("<!--") {
            let end = rest.find("-->").map_or(rest.len(), |e| e + 3);
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        } else if rest.starts_with('<') {
            out.push_str(if opens_markup(&rest[1..]) { "<" } else { "&lt;" });
            rest = &rest[1..];
        } else if rest.starts_with("&#X") && is_reference(rest) {
            // XML spells a hexadecimal reference with a small x only.
            out.push_str("&#x");
            rest = &rest[3..];
        } else {
            out.push_str(if is_reference(rest) { "&" } else { "&amp;" });
            rest = &rest[1..];
        }
    }
    out.push_str(rest);
    out.into()
}

/// CDATA sections ended early by a `]]>` inside what they carry (a script's own `//<![CDATA[
/// … //]]>` in a post's HTML, a section nested in another, a `]]>` written as text), which
/// leaves the rest of that text and a stray `]]>` outside the section, and the element
/// unable to close: each read whole, up to the last stray `]]>` before the element's end
/// tag, its inner `]]>` written as XML writes one inside a section (`]]]]><![CDATA[>`).
/// Only a section that opens its element (`<description><![CDATA[…`) is read so, and only
/// to that element's own end tag; sections side by side (`<![CDATA[a]]><![CDATA[b]]>`) are
/// well-formed and stay as they are. Byte for byte, so a feed in a legacy charset keeps it.
pub(super) fn with_whole_cdata_sections(body: &[u8]) -> Option<Vec<u8>> {
    const OPEN: &[u8] = b"<![CDATA[";
    const CLOSE: &[u8] = b"]]>";
    let find = |hay: &[u8], needle: &[u8]| memchr::memmem::find(hay, needle);
    // The last `]]>` in `text` that no section of its own opens.
    let last_stray = |text: &[u8]| {
        let (mut at, mut stray) = (0, None);
        while let Some(close) = find(&text[at..], CLOSE).map(|c| at + c) {
            match find(&text[at..close], OPEN) {
                // A section of its own: it ends at the first `]]>` past its opening.
                Some(open) => match find(&text[at + open + OPEN.len()..], CLOSE) {
                    Some(end) => at += open + OPEN.len() + end + CLOSE.len(),
                    None => break,
                },
                None => {
                    stray = Some(close);
                    at = close + CLOSE.len();
                }
            }
        }
        stray
    };
    let mut out: Vec<u8> = Vec::new();
    let (mut copied, mut at) = (0, 0);
    while let Some(start) = find(&body[at..], OPEN).map(|s| at + s) {
        let content = start + OPEN.len();
        let Some(end) = find(&body[content..], CLOSE).map(|e| content + e) else { break };
        at = end + CLOSE.len();
        // The element the section opens: its start tag ends right before it.
        let before = body[..start].trim_ascii_end();
        let Some(tag) = before.strip_suffix(b">").and_then(|b| memchr::memrchr(b'<', b).map(|lt| &b[lt + 1..])) else {
            continue;
        };
        let name_len = tag.iter().position(|b| b.is_ascii_whitespace() || *b == b'/').unwrap_or(tag.len());
        let name = &tag[..name_len];
        if name.is_empty() || !name[0].is_ascii_alphabetic() || tag.ends_with(b"/") {
            continue;
        }
        let end_tag = [b"</", name].concat();
        let Some(element_end) = find(&body[at..], &end_tag).map(|e| at + e) else { continue };
        let Some(stray) = last_stray(&body[at..element_end]).map(|s| at + s) else { continue };
        out.extend_from_slice(&body[copied..content]);
        let mut inner = &body[content..stray];
        while let Some(c) = find(inner, CLOSE) {
            out.extend_from_slice(&inner[..c]);
            out.extend_from_slice(b"]]]]><![CDATA[>");
            inner = &inner[c + CLOSE.len()..];
        }
        out.extend_from_slice(inner);
        copied = stray;
        at = stray + CLOSE.len();
    }
    if copied == 0 {
        return None;
    }
    out.extend_from_slice(&body[copied..]);
    Some(out)
}

/// Attribute values whose closing quote is missing (`<enclosure url="https://s.test/a.mp3
/// length="1"/>` with one quote too few, `<item class="a>`), which run the value on to the
/// end of the document: XML allows no `<` in a value, so the first `<` met inside one shows
/// it was never closed, and it is closed where its tag ends, at the last `>` before that
/// `<`. Comments, CDATA sections, processing instructions and the DOCTYPE are passed over.
/// Byte for byte, so a feed in a legacy charset keeps it.
fn with_closed_attribute_quotes(body: &[u8]) -> Option<Vec<u8>> {
    let find = |from: usize, needle: &[u8]| memchr::memmem::find(&body[from..], needle).map(|i| from + i);
    // (where the value's quote opened, the quote) of the tag being read.
    let mut quote: Option<(usize, u8)> = None;
    let mut in_tag = false;
    let mut inserts: Vec<(usize, u8)> = Vec::new();
    let mut i = 0;
    while i < body.len() {
        let b = body[i];
        match (in_tag, quote) {
            (true, Some((opened, q))) => {
                if b == q {
                    quote = None;
                } else if b == b'<' {
                    // Never closed: close it at the tag's last `>` before here (before a `/>`).
                    let gt = memchr::memrchr(b'>', &body[opened..i]).map(|g| opened + g)?;
                    let at = if gt > opened && body[gt - 1] == b'/' { gt - 1 } else { gt };
                    inserts.push((at, q));
                    quote = None;
                    in_tag = false;
                    continue;
                }
            }
            (true, None) => match b {
                b'"' | b'\'' => quote = Some((i, b)),
                b'>' | b'<' => in_tag = false,
                _ => {}
            },
            (false, _) if b == b'<' => {
                let rest = &body[i + 1..];
                let skip_to = |end: &[u8]| find(i, end).map(|e| e + end.len());
                let past = if rest.starts_with(b"!--") {
                    skip_to(b"-->")
                } else if rest.starts_with(b"![CDATA[") {
                    skip_to(b"]]>")
                } else if rest.starts_with(b"?") {
                    skip_to(b"?>")
                } else if rest.starts_with(b"!") {
                    // A DOCTYPE, past its internal subset where it has one.
                    let end = body[i..].iter().position(|c| *c == b'[' || *c == b'>').map(|p| i + p);
                    match end {
                        Some(e) if body[e] == b'[' => skip_to(b"]>"),
                        Some(e) => Some(e + 1),
                        None => None,
                    }
                } else {
                    in_tag = rest.first().is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_' || *c == b':');
                    Some(i + 1)
                };
                i = past.unwrap_or(body.len());
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    if inserts.is_empty() {
        return None;
    }
    let mut out = Vec::with_capacity(body.len() + inserts.len());
    let mut copied = 0;
    for (at, q) in inserts {
        out.extend_from_slice(&body[copied..at]);
        out.push(q);
        copied = at;
    }
    out.extend_from_slice(&body[copied..]);
    Some(out)
}

/// What the raw XML says of each entry that feed-rs does not keep, in document order:
/// feedburner's `origLink` (the publisher's URL behind a tracking link), and whether the
/// only URL is a `guid` marked `isPermaLink="false"` (not a link, as RSS 2.0 says).
#[derive(Debug, Default)]
struct RawEntry {
    orig_link: Option<String>,
    guid_not_permalink: bool,
    /// Whether the only URL is a `guid` marked `isPermaLink="true"`: a link even when
    /// written relative to the feed (`/2024/05/post`).
    guid_permalink: bool,
    /// The `xml:base` in force on the item, as written on the `<rss>`, the `<channel>` and
    /// the item itself (each relative to the one before), for a relative permalink.
    xml_base: Vec<String>,
    /// The first date element's text, for dates feed-rs could not read.
    date: Option<String>,
    /// A Dublin Core title, else a Media RSS title, for an item whose own title is missing
    /// (feed-rs reads neither on a bare item).
    dc_title: Option<String>,
}

/// The entries of the raw XML, `<item>` and `<entry>` whether written with a namespace
/// prefix or not (`<rss:item>` in an RSS 1.0 feed that declares no default namespace);
/// their dates are read only when `dated`.
fn raw_entries(bytes: &[u8], dated: bool) -> Vec<RawEntry> {
    let text = String::from_utf8_lossy(bytes);
    let mut out = Vec::new();
    // The xml:base of the document's <rss> and <channel> start tags, read for the first
    // relative permalink (most feeds have none).
    let outer_base: std::cell::OnceCell<Vec<String>> = std::cell::OnceCell::new();
    let outer_base = || {
        outer_base.get_or_init(|| {
            ["<rss", "<channel"]
                .iter()
                .filter_map(|tag| {
                    let at = text.find(tag)?;
                    xml_base(&text[at..at + text[at..].find('>')?])
                })
                .collect()
        })
    };
    let mut rest: &str = &text;
    while let Some(i) = rest.find('<') {
        rest = &rest[i + 1..];
        let name_len = rest.find(|c: char| c == '>' || c == '/' || c.is_ascii_whitespace()).unwrap_or(rest.len());
        let name = &rest[..name_len];
        let local = name.rsplit_once(':').map_or(name, |(_, local)| local);
        if !(local == "item" || local == "entry") || rest[name_len..].starts_with('/') {
            continue;
        }
        let close = format!("</{name}>");
        let end = rest.find(&close).unwrap_or(rest.len());
        let block = &rest[..end];
        let orig_link = between(block, "origLink>", "</")
            .map(xml_text)
            .filter(|l| l.starts_with("http://") || l.starts_with("https://"));
        let only_guid = !block.contains("<link") && block.contains("<guid");
        let guid_not_permalink =
            only_guid && (block.contains("isPermaLink=\"false\"") || block.contains("isPermaLink='false'"));
        let guid_permalink =
            only_guid && (block.contains("isPermaLink=\"true\"") || block.contains("isPermaLink='true'"));
        let date = if dated { raw_date(block).map(str::to_owned) } else { None };
        let dc_title = element_text(block, "dc:title").or_else(|| element_text(block, "media:title"));
        let xml_base = if guid_permalink {
            let own = block.find('>').and_then(|end| xml_base(&block[..end]));
            outer_base().iter().cloned().chain(own).collect()
        } else {
            Vec::new()
        };
        out.push(RawEntry { orig_link, guid_not_permalink, guid_permalink, xml_base, date, dc_title });
        rest = &rest[end..];
    }
    out
}

/// The `xml:base` attribute of a start tag (`<rss xml:base="…"`), its references decoded.
fn xml_base(start_tag: &str) -> Option<String> {
    let at = start_tag.find("xml:base=")? + "xml:base=".len();
    let quoted = &start_tag[at..];
    let quote = quoted.chars().next().filter(|q| *q == '"' || *q == '\'')?;
    let value = &quoted[1..];
    Some(xml_text(&value[..value.find(quote)?]))
}

/// An element's text as the raw XML writes it, read: a CDATA section as it stands, else
/// its character and entity references decoded (`&amp;from=rss` is `&from=rss`); trimmed.
fn xml_text(raw: &str) -> String {
    let raw = raw.trim();
    match raw.strip_prefix("<![CDATA[").and_then(|r| r.strip_suffix("]]>")) {
        Some(cdata) => cdata.trim().to_owned(),
        None => quick_xml::escape::unescape(raw).map_or_else(|_| raw.to_owned(), |t| t.trim().to_owned()),
    }
}

/// The text of an entry's date element, in one pass over its tags: the first `pubDate`,
/// else `dc:date`, `published`, `dcterms:issued`, `issued`, `dcterms:created`, `created`,
/// `updated`, `dcterms:modified`, `modified`, each written `<name>`. An Atom entry's
/// `<source>` is passed over: it dates the feed the entry was copied from.
fn raw_date(block: &str) -> Option<&str> {
    const NAMES: [&str; 10] = [
        "pubDate",
        "dc:date",
        "published",
        "dcterms:issued",
        "issued",
        "dcterms:created",
        "created",
        "updated",
        "dcterms:modified",
        "modified",
    ];
    let mut best: Option<(usize, usize)> = None;
    let mut at = 0;
    while let Some(i) = block[at..].find('<') {
        let start = at + i + 1;
        let rest = &block[start..];
        let name_len = rest.find(|c: char| c == '>' || c == '/' || c.is_ascii_whitespace()).unwrap_or(rest.len());
        let name = &rest[..name_len];
        at = start;
        if name == "source" {
            match rest.find("</source>") {
                Some(end) => at = start + end,
                None => break,
            }
            continue;
        }
        if !rest[name_len..].starts_with('>') {
            continue;
        }
        if let Some(rank) = NAMES.iter().position(|n| *n == name)
            && best.is_none_or(|(r, _)| rank < r)
        {
            best = Some((rank, start + name_len + 1));
        }
    }
    let (_, text) = best?;
    let end = text + block[text..].find("</")?;
    Some(block[text..end].trim())
}

/// Feed text as plain text: markup stripped, HTML entities (`&nbsp;`, `&eacute;`, which
/// XML leaves alone) decoded, whitespace collapsed.
fn plain_text(s: &str) -> String {
    super::collapse(&super::markup_text(s))
}

/// `href` as an absolute web address (`http` or `https`), resolved against `base` when
/// relative; `None` for any other scheme (`mailto:`, `javascript:`, `tag:`).
fn web_address(href: &str, base: Option<&Url>) -> Option<String> {
    let href = href.trim();
    if href.is_empty() {
        return None;
    }
    let url = match Url::parse(href) {
        Ok(u) => u,
        Err(_) => base?.join(href).ok()?,
    };
    matches!(url.scheme(), "http" | "https").then(|| url.to_string())
}

/// The page an entry stands for, read as feedparser reads it: its first link to a web page
/// (see [`is_page_link`]; a `mailto:` or `javascript:` one is passed over), else its id
/// when that is a web address (an RSS `guid` is a permalink unless it says otherwise).
/// Nothing else: an entry whose only links are its comments, its comment feed, a podcast's
/// audio or an edit address has no page, where taking its first link had the crawler
/// fetch those as the article.
fn entry_link(entry: &feed_rs::model::Entry, base: Option<&Url>) -> Option<String> {
    entry
        .links
        .iter()
        .filter(|l| is_page_link(l))
        .find_map(|l| web_address(&l.href, base))
        .or_else(|| web_address(&entry.id, None))
}

/// A link to the page itself: an Atom `alternate` (the default `rel`), an RSS `<link>` or a
/// JSON Feed `url`, of no declared type or an HTML one. Not an RSS `<comments>` or
/// `wfw:commentRss` (feed-rs gives those a target and no `rel`), not `self`, `enclosure`,
/// `edit`, `replies`, `related` or `via`, and not a JSON Feed attachment (typed, no `rel`).
fn is_page_link(link: &feed_rs::model::Link) -> bool {
    const ALTERNATE_IRI: &str = "http://www.iana.org/assignments/relation/alternate";
    let alternate =
        link.rel.as_deref().map(str::trim).is_none_or(|r| {
            r.is_empty() || r.eq_ignore_ascii_case("alternate") || r.eq_ignore_ascii_case(ALTERNATE_IRI)
        });
    let html = link.media_type.as_deref().is_none_or(|t| {
        let t = t.split(';').next().unwrap_or("").trim();
        ["", "text/html", "application/xhtml+xml", "html", "xhtml"].iter().any(|h| t.eq_ignore_ascii_case(h))
    });
    link.target.is_none() && alternate && html
}

/// A channel's Dublin Core title, read before its first item, for a feed without a title.
fn channel_dc_title(body: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(&body[..body.len().min(64 * 1024)]);
    let head = text.split("<item").next().unwrap_or(&text);
    element_text(head, "dc:title").map(|t| plain_text(&t)).filter(|t| !t.is_empty())
}

/// The text of the first element `name` in `text` (attributes allowed, CDATA unwrapped).
fn element_text(text: &str, name: &str) -> Option<String> {
    let open = format!("<{name}");
    let mut from = 0;
    while let Some(i) = text[from..].find(&open).map(|i| i + from) {
        let rest = &text[i + open.len()..];
        if rest.starts_with(|c: char| c == '>' || c.is_ascii_whitespace()) {
            let start = rest.find('>')? + 1;
            let inner = between(&rest[start..], "", &format!("</{name}>"))?;
            return Some(inner.trim().trim_start_matches("<![CDATA[").trim_end_matches("]]>").to_owned());
        }
        from = i + open.len();
    }
    None
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

/// A repair of a feed body: the repaired body, or `None` when it changes nothing.
type Repair = fn(&[u8]) -> Option<Vec<u8>>;

/// The repairs tried, in order, on a feed that fails to parse or reads empty. Each works
/// on what the ones before it produced, and says what it did.
const REPAIRS: [(Repair, &str); 15] = [
    (repaired_xml, "repaired: the body was not well-formed XML"),
    (with_whole_cdata_sections, "repaired: a CDATA section ended early by a `]]>` inside it was read whole"),
    (
        with_closed_attribute_quotes,
        "repaired: an attribute value left without its closing quote was closed at its tag's end",
    ),
    (feed_markup::with_balanced_tags, "repaired: elements left open or closed without opening were balanced"),
    // Markup in a text element read as HTML once its tags are balanced (it is read so before
    // the first attempt too, where the tags were balanced as written).
    (feed_markup::with_markup_as_text, MARKUP_NOTE),
    (pre_atom_as_atom, "repaired: a feed in a namespace from before Atom 1.0 (0.3, Echo) read as Atom 1.0"),
    (with_rss_version, "repaired: <rss> had no usable version; read as RSS 2.0"),
    (without_rss_default_namespace, "repaired: <rss> declared a default namespace; read without it"),
    (feed_markup::without_rss_prefix, "repaired: <rss> was written with a prefix; its elements read without it"),
    (
        feed_markup::with_rss_names_in_their_case,
        "repaired: RSS element names written in another case read as RSS spells them",
    ),
    (feed_markup::with_rss_channel, "repaired: <rss> had no <channel>; its content read as one"),
    (feed_markup::with_known_text_types, BASE64_NOTE),
    (feed_markup::cdf_as_atom, "repaired: a CDF channel read as Atom"),
    (feed_markup::rdf_as_rss1, "repaired: an RDF feed outside RSS 1.0's namespace (RSS 0.90) read as RSS 1.0"),
    (feed_markup::with_rdf_item_links, "repaired: RSS 1.0 items without <link> read at their rdf:about"),
];

const TIME_NOTE: &str = "repaired: a time (itunes:duration, a Media RSS time) written with digits that are not ASCII \
                         or too many was rewritten";

const CONTACT_NOTE: &str =
    "repaired: an e-mail address in a contact touched a character that is not ASCII; a space put between";

const MARKUP_NOTE: &str = "repaired: markup written unescaped inside a title or description read as HTML";

const BASE64_NOTE: &str = "repaired: text of a type feed readers do not know, or base64, read as text";

/// How much of a feed a parse read, to choose between parses with no entries.
fn richness(f: &feedrs::Feed) -> (usize, bool, bool) {
    (f.entries.len(), f.title.is_some(), !f.links.is_empty())
}

const JSON_NOTE: &str =
    "repaired: a JSON Feed written loosely (JSON as templates write it, values of unexpected types) read as meant";

/// Each repaired body (cumulative) with the notes of the repairs that made it, made as
/// they are asked for: the caller stops at the first that reads. A JSON Feed has its own
/// repair; the XML ones would cut it at its first `<`.
fn repaired_candidates(bytes: &[u8]) -> impl Iterator<Item = (Vec<u8>, Vec<&'static str>)> + '_ {
    let json = super::feed_json::repaired_json_feed(bytes).map(|fixed| (fixed, vec![JSON_NOTE]));
    let mut xml_repairs = if json.is_some() { REPAIRS[..0].iter() } else { REPAIRS.iter() };
    let mut last: Option<(Vec<u8>, Vec<&'static str>)> = None;
    json.into_iter().chain(std::iter::from_fn(move || {
        for (repair, note) in xml_repairs.by_ref() {
            let current = last.as_ref().map_or(bytes, |(b, _)| b.as_slice());
            if let Some(fixed) = repair(current) {
                let mut notes = last.take().map(|(_, n)| n).unwrap_or_default();
                notes.push(note);
                last = Some((fixed, notes));
                return last.clone();
            }
        }
        None
    }))
}

/// Whether an XML declaration names an encoding other than the one feed-rs's reader is
/// decoding in (UTF-8, or what a declaration at the start named) where the reader can no
/// longer switch to it, and asserts rather than refusing: after the start of the
/// document (junk such as a PHP warning before it, or a second document), or ending past
/// the first 64 bytes the reader decodes (a declaration too long, or blank lines before
/// it, where the bytes kept [`feed_charset`](super::feed_charset) from rewriting it).
fn has_declaration_feed_rs_asserts_on(body: &[u8]) -> bool {
    const READ_FIRST: usize = 64;
    let lead = body.strip_prefix(b"\xef\xbb\xbf").unwrap_or(body);
    let start = body.len() - lead.trim_ascii_start().len();
    let named = |value: &[u8]| encoding_rs::Encoding::for_label(value);
    // The encoding the reader decodes in: UTF-8, or what a declaration it read in time named.
    let mut current = encoding_rs::UTF_8;
    memchr::memmem::find_iter(body, b"<?xml").any(|at| {
        let rest = &body[at + "<?xml".len()..];
        let len = memchr::memmem::find(rest, b"?>").unwrap_or(rest.len());
        if !rest.first().is_some_and(u8::is_ascii_whitespace) {
            return false;
        }
        let decl = &rest[..len];
        let late = at != start || at + "<?xml".len() + len + "?>".len() > READ_FIRST;
        if !late {
            current =
                super::feed_charset::encoding_value(decl).and_then(|(f, t)| named(&decl[f..t])).unwrap_or(current);
            return false;
        }
        // Any `encoding="…"` in it: one inside another attribute's value may be what the
        // reader takes, when the declaration is broken.
        super::feed_charset::encoding_values(decl)
            .any(|(from, to)| named(&decl[from..to]).is_some_and(|e| e != current))
    })
}

/// Parse a feed body. `base` resolves relative links (normally the feed's own URL).
///
/// A feed with no entries parses (with a warning in [`ParsedFeed::warnings`]); callers
/// that poll decide what an empty feed means.
///
/// # Errors
/// [`FeedError`] when the body is not a feed, even after the repair pass.
pub fn parse_feed(bytes: &[u8], base: Option<&Url>) -> Result<ParsedFeed, FeedError> {
    parse_served_feed(bytes, base, None)
}

/// [`parse_feed`] for a body a server sent with this `Content-Type`, whose `charset` is
/// how a feed that declares no encoding is read.
///
/// # Errors
/// [`FeedError`] when the body is not a feed, even after the repair pass.
pub fn parse_served_feed(
    bytes: &[u8],
    base: Option<&Url>,
    content_type: Option<&str>,
) -> Result<ParsedFeed, FeedError> {
    parse_served::<true>(bytes, base, content_type)
}

/// [`parse_served_feed`] as a crawl reads a feed: the poller and the discoverer follow
/// each entry's link and read nothing else of it, so entries are not dated (`published`
/// is `None`). The date readers are then not in their Lambda bootstraps, which have a size
/// budget (see the README's Deployment).
///
/// # Errors
/// [`FeedError`] when the body is not a feed, even after the repair pass.
pub fn parse_served_feed_for_crawl(
    bytes: &[u8],
    base: Option<&Url>,
    content_type: Option<&str>,
) -> Result<ParsedFeed, FeedError> {
    parse_served::<false>(bytes, base, content_type)
}

/// The parse, with entries dated when `DATED`.
fn parse_served<const DATED: bool>(
    bytes: &[u8],
    base: Option<&Url>,
    content_type: Option<&str>,
) -> Result<ParsedFeed, FeedError> {
    // A feed-rs parser keeps state across calls and can assert on it after a failed parse,
    // so every attempt gets a fresh one, and a panic inside it is an unparseable feed.
    let spaced_contacts = std::cell::Cell::new(false);
    let rewritten_times = std::cell::Cell::new(false);
    let parse = |body: &[u8]| {
        if has_declaration_feed_rs_asserts_on(body) {
            // feed-rs's reader asserts on it; the repair pass cuts what comes before it.
            return Err(feed_rs::parser::ParseFeedError::ParseError(feed_rs::parser::ParseErrorKind::NoFeedRoot));
        }
        // Contacts and times feed-rs panics on, mended in every body it is given, repaired
        // or not.
        let spaced = feed_markup::with_contacts_feed_rs_reads(body)
            .or_else(|| super::feed_json::with_contacts_feed_rs_reads(body));
        spaced_contacts.set(spaced_contacts.get() || spaced.is_some());
        let body = spaced.as_deref().unwrap_or(body);
        let timed = feed_markup::with_times_feed_rs_reads(body);
        rewritten_times.set(rewritten_times.get() || timed.is_some());
        let body = timed.as_deref().unwrap_or(body);
        let parser = feed_rs::parser::Builder::new().base_uri(base.map(Url::as_str)).id_generator(stable_id).build();
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| parser.parse(body)))
            .unwrap_or(Err(feed_rs::parser::ParseFeedError::ParseError(feed_rs::parser::ParseErrorKind::NoFeedRoot)))
    };
    let mut warnings = Vec::new();
    // UTF-16 and UTF-32, encodings declared by names feed-rs does not know, and legacy
    // bodies that declare none, as UTF-8.
    let charset = content_type.and_then(super::html::charset_param);
    let transcoded = super::feed_charset::as_utf8(bytes, charset.as_deref());
    let bytes = match transcoded {
        Some((ref body, ref note)) => {
            warnings.extend(note.clone());
            body.as_slice()
        }
        None => bytes,
    };
    let mut repaired = None;
    // Entities the document declares itself, which feed-rs leaves as written.
    let expanded = memchr::memmem::find(bytes, b"<!ENTITY").and_then(|_| feed_markup::with_internal_entities(bytes));
    let bytes = expanded.as_deref().unwrap_or(bytes);
    // Two repairs run before the first attempt, as what they mend parses but reads wrong:
    // base64 text reads as its encoding, and a title holding markup as its first words.
    let mut decoded =
        if bytes.windows(6).any(|w| w == b"base64") { feed_markup::with_known_text_types(bytes) } else { None };
    if decoded.is_some() {
        warnings.push(BASE64_NOTE.to_owned());
    }
    if let Some(unmarked) = feed_markup::with_markup_as_text(decoded.as_deref().unwrap_or(bytes)) {
        decoded = Some(unmarked);
        warnings.push(MARKUP_NOTE.to_owned());
    }
    let original = decoded.as_deref().unwrap_or(bytes);
    let feed = match parse(original) {
        Ok(f) if !f.entries.is_empty() => f,
        // Real feeds break XML in a few common ways, and omit or garble `version` on <rss>
        // (read as RSS 2.0). Repairs are tried only when a feed fails or reads empty, so
        // valid feeds pay nothing. The first repair that yields entries wins; when none
        // does, the parse that reads most of the feed (its title and link) stands.
        first => {
            let mut best: Option<(feedrs::Feed, Vec<u8>, Vec<&'static str>)> = None;
            let first_ok = first.as_ref().ok().map(richness);
            for (body, notes) in repaired_candidates(original) {
                let Ok(f) = parse(&body) else { continue };
                if !f.entries.is_empty() {
                    best = Some((f, body, notes));
                    break;
                }
                let better_than_best = best.as_ref().is_none_or(|(b, _, _)| richness(&f) > richness(b));
                if better_than_best && first_ok.is_none_or(|r| richness(&f) > r) {
                    best = Some((f, body, notes));
                }
            }
            match (best, first) {
                (Some((f, body, notes)), _) => {
                    // The text repair may have run before the first attempt already.
                    for note in notes {
                        if !warnings.iter().any(|w| w == note) {
                            warnings.push(note.to_owned());
                        }
                    }
                    repaired = Some(body);
                    f
                }
                (None, Ok(f)) => f,
                (None, Err(e)) => return Err(FeedError::Unparseable(e.to_string())),
            }
        }
    };
    if spaced_contacts.get() {
        warnings.push(CONTACT_NOTE.to_owned());
    }
    if rewritten_times.get() {
        warnings.push(TIME_NOTE.to_owned());
    }
    let repaired = repaired.or(decoded);
    // The raw scan costs a pass over the body; only feeds that need it pay for it.
    let body = repaired.as_deref().unwrap_or(bytes);
    let has = |needle: &[u8]| body.windows(needle.len()).any(|w| w == needle);
    let needs_raw = feed.feed_type != feed_rs::model::FeedType::JSON
        && (has(b"origLink")
            || has(b"isPermaLink")
            || feed
                .entries
                .iter()
                .any(|e| (DATED && e.published.is_none() && e.updated.is_none()) || e.title.is_none()));
    let raw = if needs_raw { raw_entries(body, DATED) } else { Vec::new() };
    // Matched by position only when the scan saw exactly the entries feed-rs did.
    let raw = if raw.len() == feed.entries.len() { raw } else { Vec::new() };
    let format = match feed.feed_type {
        feed_rs::model::FeedType::Atom => "atom",
        feed_rs::model::FeedType::JSON => "json",
        feed_rs::model::FeedType::RSS0 => "rss0",
        feed_rs::model::FeedType::RSS1 => "rss1",
        feed_rs::model::FeedType::RSS2 => "rss2",
    };
    // With no address of the feed's own to read relative links against (an offline parse),
    // the channel's own link names the site: a relative entry link is read against it, as
    // against the feed's, rather than left out.
    let channel_link = || feed.links.iter().filter(|l| is_page_link(l)).find_map(|l| web_address(&l.href, None));
    let site = if base.is_none() { channel_link().and_then(|l| Url::parse(&l).ok()) } else { None };
    let base = base.or(site.as_ref());
    let items: Vec<FeedItem> = feed
        .entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let quirks = raw.get(i);
            let link = match quirks {
                Some(RawEntry { orig_link: Some(orig), .. }) => Some(orig.clone()),
                Some(RawEntry { guid_not_permalink: true, .. }) => None,
                // A relative permalink is resolved against the feed, as a link is.
                Some(RawEntry { guid_permalink: true, xml_base, .. }) => entry_link(e, base).or_else(|| {
                    // Each xml:base relative to the one before, from the feed's own URL.
                    let mut within = base.cloned();
                    for b in xml_base {
                        within = match &within {
                            Some(at) => at.join(b).ok(),
                            None => Url::parse(b).ok(),
                        };
                    }
                    web_address(&e.id, within.as_ref().or(base))
                }),
                _ => entry_link(e, base),
            };
            // An item without a title of its own: its Dublin Core title, else its media's.
            let title = e
                .title
                .as_ref()
                .map(|t| plain_text(&t.content))
                .or_else(|| quirks.and_then(|q| q.dc_title.as_deref()).map(plain_text))
                .filter(|t| !t.is_empty())
                .or_else(|| {
                    e.media
                        .iter()
                        .filter_map(|m| m.title.as_ref())
                        .map(|t| plain_text(&t.content))
                        .find(|t| !t.is_empty())
                });
            FeedItem {
                title,
                link,
                id: e.id.clone(),
                published: if DATED {
                    e.published
                        .or(e.updated)
                        .or_else(|| quirks.and_then(|q| q.date.as_deref()).and_then(super::feed_date::loose_date))
                        .map(|d| d.to_rfc3339())
                } else {
                    None
                },
            }
        })
        .collect();
    if items.is_empty() {
        warnings.push(EMPTY_FEED.to_owned());
    }
    Ok(ParsedFeed {
        format,
        title: feed.title.map(|t| plain_text(&t.content)).filter(|t| !t.is_empty()).or_else(|| channel_dc_title(body)),
        link: feed.links.iter().filter(|l| is_page_link(l)).find_map(|l| web_address(&l.href, base)),
        items,
        warnings,
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
    fn relative_links_without_a_feed_url_resolve_against_the_channel_link() {
        let body = br#"<rss version="2.0"><channel><title>T</title><link>https://s.test/blog/</link><item><title>A</title><link>/2024/a</link></item><item><title>B</title><link>b.html</link></item></channel></rss>"#;
        let links: Vec<_> = parse_feed(body, None).unwrap().items.into_iter().map(|i| i.link).collect();
        assert_eq!(links, [Some("https://s.test/2024/a".to_owned()), Some("https://s.test/blog/b.html".to_owned())]);
        // The feed's own address, when given, is what they are read against.
        let base = Url::parse("https://feeds.s.test/main.xml").unwrap();
        let links: Vec<_> = parse_feed(body, Some(&base)).unwrap().items.into_iter().map(|i| i.link).collect();
        assert_eq!(links[0].as_deref(), Some("https://feeds.s.test/2024/a"));
        // A channel link that is relative too resolves nothing.
        let both = br#"<rss version="2.0"><channel><title>T</title><link>/</link><item><title>A</title><link>/2024/a</link></item></channel></rss>"#;
        assert_eq!(parse_feed(both, None).unwrap().items[0].link, None);
    }

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
    fn a_json_feed_written_loosely_is_read() {
        let base = Url::parse("https://j.test/feed.json").unwrap();
        let loose = "\u{feff}{\"version\":\"1\",\"title\":\"J\",\"items\":[{\"id\":41,\"url\":\"/a\",\"title\":\"A\",
            \"author\":\"Jo\",\"tags\":\"x\",\"content_html\":null}]}";
        let f = parse_feed(loose.as_bytes(), Some(&base)).unwrap();
        assert_eq!((f.format, f.title.as_deref()), ("json", Some("J")));
        assert_eq!((f.items[0].id.as_str(), f.items[0].link.as_deref()), ("41", Some("https://j.test/a")));
        assert!(f.warnings.iter().any(|w| w.contains("JSON Feed")), "{:?}", f.warnings);
        // Not a feed, however it is mended.
        assert!(parse_feed(br#"{"name":"package","version":"1.0.0"}"#, None).is_err());
    }

    #[test]
    fn a_contact_whose_address_touches_a_wide_character_is_read() {
        // feed-rs 3.0 cuts the name one byte before or after the address, inside « or （.
        let contacts = [
            "Jean Dupont «jean@exemple.fr»",
            "编辑（bianji@s.test）",
            "jo@s.test—Jo Smith, the editor",
            "<![CDATA[Jean Dupont «jean@exemple.fr»]]>",
            "Jean Dupont &#171;jean@exemple.fr&#xBB;",
        ];
        for contact in contacts {
            let body = format!(
                r#"<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title>
                <managingEditor>{contact}</managingEditor><item><title>A &amp; B</title><link>https://s.test/a</link>
                <author>{contact}</author><dc:creator>{contact}</dc:creator></item></channel></rss>"#
            );
            let f = parse_feed(body.as_bytes(), None).unwrap_or_else(|e| panic!("{contact}: {e}"));
            let item = (f.items[0].title.as_deref(), f.items[0].link.as_deref());
            assert_eq!(item, (Some("A & B"), Some("https://s.test/a")), "{contact}");
            assert!(f.warnings.iter().any(|w| w.contains("contact")), "{contact}: {:?}", f.warnings);
        }
        // Also where the feed needs another repair first (a bare `&` in a title).
        let broken = "<rss version=\"2.0\"><channel><title>T</title><item><title>A & B</title>
            <link>https://s.test/a</link><author>Jo «jo@s.test»</author></item></channel></rss>";
        assert_eq!(parse_feed(broken.as_bytes(), None).unwrap().items.len(), 1);
        // A JSON Feed's author, named in the object or loosely as a bare string.
        for author in [
            r#"{"name":"Jean «jean@exemple.fr»"}"#,
            r#""Jean «jean@exemple.fr»""#,
            r#"{"name":"Jean \u00abjean@exemple.fr\u00bb"}"#,
        ] {
            let json = format!(
                r#"{{"version":"https://jsonfeed.org/version/1.1","title":"J","authors":[{{"name":"编辑（bianji@s.test）"}}],
                "items":[{{"id":"1","url":"https://s.test/j1","author":{author}}}]}}"#
            );
            let f = parse_feed(json.as_bytes(), None).unwrap_or_else(|e| panic!("{author}: {e}"));
            assert_eq!(f.items[0].link.as_deref(), Some("https://s.test/j1"), "{author}");
        }
        // The same address beside ASCII, or in a description, is left as written.
        let plain = r#"<rss version="2.0"><channel><title>T</title><managingEditor>jo@s.test (Jo)</managingEditor>
            <item><title>A</title><link>https://s.test/a</link><description>Écrivez «jo@s.test»</description></item></channel></rss>"#;
        let f = parse_feed(plain.as_bytes(), None).unwrap();
        assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    }

    #[test]
    fn a_time_written_in_wide_or_too_many_digits_is_read() {
        // feed-rs 3.0 unwraps an ASCII parse of a Unicode `\d+`, and adds its numbers unchecked.
        for duration in ["３６０", "٣٠", "99999999999999999999999", "18446744073709551615.9", "&#65297;"] {
            let body = format!(
                r#"<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss/">
                <channel><title>T</title><item><title>A</title><link>https://s.test/a</link>
                <itunes:duration>{duration}</itunes:duration><media:thumbnail url="https://s.test/t.jpg" time="{duration}"/>
                </item></channel></rss>"#
            );
            let f = parse_feed(body.as_bytes(), None).unwrap_or_else(|e| panic!("{duration}: {e}"));
            assert_eq!(f.items[0].link.as_deref(), Some("https://s.test/a"), "{duration}");
            assert!(f.warnings.iter().any(|w| w.contains("time")), "{duration}: {:?}", f.warnings);
        }
    }

    #[test]
    fn an_item_left_open_is_closed_by_the_next() {
        let body = b"<rss version=\"2.0\"><channel><title>T</title><item><title>A</title><link>https://s.test/a</link>
            <item><title>B</title><link>https://s.test/b</link></item></div></channel></rss>";
        let f = parse_feed(body, None).unwrap();
        assert_eq!(f.items.iter().map(|i| i.title.as_deref()).collect::<Vec<_>>(), [Some("A"), Some("B")]);
        assert!(f.warnings.iter().any(|w| w.contains("balanced")), "{:?}", f.warnings);
        // End tags of markup never opened, inside an entry's text, as many as the elements
        // open around them: the reader's own count of open elements must not run out.
        // Tags left open inside a text element that must hold text alone (Media RSS's), read as
        // its HTML once balanced.
        let body = br#"<rss xmlns:media="http://search.yahoo.com/mrss/"><channel><item><link>https://s.test/a</link><media:title><br><p>x bar</media:title></item></channel></rss>"#;
        assert_eq!(parse_feed(body, None).unwrap().items[0].link.as_deref(), Some("https://s.test/a"));
        let body = b"<rss version=\"2.0\"><channel><title>T</title><item><title>A</p></div></span></title>\
            <link>https://s.test/a</p></div></link></item><item><title>B</title><link>https://s.test/b</link></item>\
            </channel></rss>";
        let f = parse_feed(body, None).unwrap();
        let items: Vec<_> = f.items.iter().map(|i| (i.title.as_deref(), i.link.as_deref())).collect();
        assert_eq!(items, [(Some("A"), Some("https://s.test/a")), (Some("B"), Some("https://s.test/b"))]);
    }

    #[test]
    fn rss_names_written_in_another_case_are_read() {
        let body = br#"<rss version="2.0"><Channel><TiTlE>T</TiTlE><Item><Title>A</Title><LINK>https://s.test/a</LINK></Item></Channel></rss>"#;
        let f = parse_feed(body, None).unwrap();
        assert_eq!((f.title.as_deref(), f.items[0].link.as_deref()), (Some("T"), Some("https://s.test/a")));
        assert!(f.warnings.iter().any(|w| w.contains("another case")), "{:?}", f.warnings);
    }

    #[test]
    fn atom_0_3_and_older_drafts_are_read_as_atom_1_and_said_so() {
        let body = r#"<?xml version="1.0"?><feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>T</title>
            <entry><title>A</title><link rel="alternate" href="https://a.test/1"/><id>1</id>
            <issued>2004-01-01T00:00:00Z</issued></entry></feed>"#;
        let f = parse_feed(body.as_bytes(), None).unwrap();
        assert_eq!(f.items[0].published.as_deref(), Some("2004-01-01T00:00:00+00:00"));
        assert_eq!(f.warnings.len(), 1, "{:?}", f.warnings);
        assert!(f.warnings[0].contains("before Atom 1.0"), "{:?}", f.warnings);
        for namespace in ["http://purl.org/echo/", "http://purl.org/pie/", "http://example.com/necho"] {
            let body = format!(r#"<feed version="0.3" xmlns="{namespace}"><title>Echo</title></feed>"#);
            assert_eq!(parse_feed(body.as_bytes(), None).unwrap().title.as_deref(), Some("Echo"), "{namespace}");
        }
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
    fn prefixed_roots_rss_090_and_markup_in_titles_are_read() {
        let base = Url::parse("https://s.test/feed").ok();
        let prefixed = r#"<r:rss xmlns:r="http://backend.userland.com/rss2" version="2.0"><r:channel><r:title>P</r:title>
            <r:item><r:title>One</r:title><r:link>/1</r:link></r:item></r:channel></r:rss>"#;
        let f = parse_feed(prefixed.as_bytes(), base.as_ref()).unwrap();
        assert_eq!((f.title.as_deref(), f.items.len()), (Some("P"), 1));
        assert_eq!(f.items[0].link.as_deref(), Some("https://s.test/1"));
        // Also after a comment never closed at the end, which the prefix repair cannot read
        // past (the entries were lost).
        let trailer = format!("{prefixed}\n<!-- generated in");
        assert_eq!(parse_feed(trailer.as_bytes(), base.as_ref()).unwrap().items.len(), 1);
        let rss090 = r#"<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://my.netscape.com/rdf/simple/0.9/">
            <channel><title>Old</title><link>https://s.test/</link></channel>
            <item><title>First</title><link>https://s.test/first</link></item></rdf:RDF>"#;
        let f = parse_feed(rss090.as_bytes(), None).unwrap();
        assert_eq!((f.title.as_deref(), f.items.len()), (Some("Old"), 1));
        for ns in [r#"xmlns="http://channel.netscape.com/rdf/simple/0.9/""#, ""] {
            let other = rss090.replace(r#"xmlns="http://my.netscape.com/rdf/simple/0.9/""#, ns);
            let f = parse_feed(other.as_bytes(), None).unwrap();
            assert_eq!((f.title.as_deref(), f.items.len()), (Some("Old"), 1), "{ns}");
            assert_eq!(f.items[0].link.as_deref(), Some("https://s.test/first"), "{ns}");
        }
        let mixed = r#"<feed xmlns="http://www.w3.org/2005/Atom"><title type="html">&lt;p&gt;<b>F</b>eed &amp;amp; Title<![CDATA[</p>]]><!-- c --></title>
            <entry><title>e</title><link href="https://s.test/e"/></entry></feed>"#;
        assert_eq!(parse_feed(mixed.as_bytes(), None).unwrap().title.as_deref(), Some("Feed & Title"));
        let marked = r#"<rss version="2.0"><channel><title>Site <b>news</b></title>
            <item><title>An <em>emphatic</em> story &amp; more</title><link>https://s.test/2</link></item></channel></rss>"#;
        let f = parse_feed(marked.as_bytes(), None).unwrap();
        assert_eq!(f.title.as_deref(), Some("Site news"));
        assert_eq!(f.items[0].title.as_deref(), Some("An emphatic story & more"));
        assert!(f.warnings.iter().any(|w| w.contains("markup")), "{:?}", f.warnings);
    }

    #[test]
    fn rss_with_a_default_namespace_is_read_without_it() {
        let item = "<item><title>a</title><link>https://s.test/a</link></item>";
        for root in [
            r#"<rss version="2.0" xmlns="http://backend.userland.com/rss2">"#,
            r#"<rss xmlns='http://purl.org/rss/2.0/' xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">"#,
        ] {
            let body = format!("<?xml version=\"1.0\"?>{root}<channel><title>t</title>{item}</channel></rss>");
            let f = parse_feed(body.as_bytes(), None).unwrap();
            assert_eq!(f.title.as_deref(), Some("t"), "{root}");
            assert_eq!(f.items.len(), 1, "{root}");
            assert!(f.warnings.iter().any(|w| w.contains("default namespace")), "{root}: {:?}", f.warnings);
        }
        // No default namespace (or an empty one): nothing to repair.
        assert_eq!(without_rss_default_namespace(br#"<rss version="2.0" xmlns=""><channel/></rss>"#), None);
        assert_eq!(without_rss_default_namespace(br#"<rss version="2.0" xmlns:a="b"><channel/></rss>"#), None);
    }

    #[test]
    fn a_false_utf16_declaration_is_read_as_utf8() {
        for decl in [r#"encoding="UTF-16""#, "encoding='utf-16le'", r#"encoding = "UTF-32""#] {
            let body = format!(
                "<?xml version=\"1.0\" {decl}?><rss version=\"2.0\"><channel><title>caf\u{e9}</title>\
                 <item><title>a</title><link>https://s.test/a</link></item></channel></rss>"
            );
            let f = parse_feed(body.as_bytes(), None).unwrap_or_else(|e| panic!("{decl}: {e}"));
            assert_eq!(f.title.as_deref(), Some("caf\u{e9}"), "{decl}");
            assert_eq!(f.items.len(), 1, "{decl}");
        }
    }

    #[test]
    fn a_declaration_feed_rs_would_assert_on_is_cut_or_refused() {
        let feed = r#"<?xml version="1.0" encoding="euc-kr"?><rss version="2.0"><channel><title>t</title><item><title>a</title><link>https://s.test/a</link></item></channel></rss>"#;
        assert!(!has_declaration_feed_rs_asserts_on(feed.as_bytes()));
        assert!(!has_declaration_feed_rs_asserts_on(format!("\u{feff}\n {feed}").as_bytes()));
        assert!(!has_declaration_feed_rs_asserts_on(
            b"<?xml version=\"1.0\"?><?xml-stylesheet href=\"encoding.xsl\"?><rss/>"
        ));
        // Late, but UTF-8 (or a name no encoding has): the reader has nothing to switch.
        let long = format!("<?xml version=\"1.0\"{}encoding=\"UTF-8\"?><rss/>", " ".repeat(60));
        assert!(!has_declaration_feed_rs_asserts_on(long.as_bytes()));
        assert!(!has_declaration_feed_rs_asserts_on(long.replace("UTF-8", "bogus").as_bytes()));
        assert!(has_declaration_feed_rs_asserts_on(long.replace("UTF-8", "koi8-r").as_bytes()));
        // A PHP warning before the declaration, and a second declaration in the document.
        for body in [format!("Warning: include(x.php)\n{feed}"), format!("<rss verss{feed}")] {
            assert!(has_declaration_feed_rs_asserts_on(body.as_bytes()), "{body}");
            let f = parse_feed(body.as_bytes(), None).unwrap_or_else(|e| panic!("{body}: {e}"));
            assert_eq!(f.items[0].link.as_deref(), Some("https://s.test/a"), "{body}");
        }
        let value = |decl: &'static [u8]| super::super::feed_charset::encoding_value(decl).map(|(f, t)| &decl[f..t]);
        assert_eq!(value(b" version='1.0' encoding = 'x-y' "), Some(&b"x-y"[..]));
        assert_eq!(value(b" version='1.0' encoding=x-y"), None);
        // `encoding` written inside another attribute's value is not the declaration's.
        assert_eq!(value(b" version=\"1 encoding == 'big0' \" encoding=\"big5\""), Some(&b"big5"[..]));
        assert_eq!(value(b" version=\"1 encoding='koi8-r'\" encoding=\"big5\""), Some(&b"big5"[..]));
        // quick-xml reads that one too, and asserts on it past the first 64 bytes (fuzzing).
        let hidden = format!("<?xml version=\"1 encoding == 'big0{}'\" encoding=\"big5\"?>", "y".repeat(60))
            + feed.split_once("?>").map_or(feed, |(_, rss)| rss);
        assert!(has_declaration_feed_rs_asserts_on(hidden.as_bytes()));
        assert!(parse_feed(hidden.as_bytes(), None).is_ok_and(|f| f.items.len() == 1));
        // A second declaration naming UTF-8 after a first that named Latin-1: a switch too
        // (fuzzing); the same encoding twice is none.
        let body = feed.split_once("?>").map_or(feed, |(_, rss)| rss);
        let second = |first: &str, then: &str| {
            format!(
                "<?xml version=\"1.0\" encoding=\"{first}\"?><!-- x --> <?xml version=\"1.0\" encoding=\"{then}\"?>{body}"
            )
        };
        assert!(has_declaration_feed_rs_asserts_on(second("iso-8859-1", "utf-8").as_bytes()));
        assert!(!has_declaration_feed_rs_asserts_on(second("iso-8859-1", "windows-1252").as_bytes()));
        assert!(parse_feed(second("iso-8859-1", "utf-8").as_bytes(), None).is_ok_and(|f| f.items.len() == 1));
    }

    #[test]
    fn feeds_in_utf16_utf32_and_encodings_named_otherwise_are_read() {
        let feed = "<?xml version=\"1.0\" encoding=\"utf-16\"?><rss version=\"2.0\"><channel><title>\u{41f}\u{440}\u{438}\u{432}\u{435}\u{442}</title>\
            <item><title>\u{20ac}</title><link>https://s.test/a</link></item></channel></rss>";
        let le16: Vec<u8> = [0xff, 0xfe].into_iter().chain(feed.encode_utf16().flat_map(u16::to_le_bytes)).collect();
        let be16: Vec<u8> = feed.encode_utf16().flat_map(u16::to_be_bytes).collect();
        let be32: Vec<u8> = feed.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect();
        let cyrillic = feed.replace("utf-16", "windows_1251");
        let (cp1251, _, _) = encoding_rs::WINDOWS_1251.encode(&cyrillic);
        for (name, body) in
            [("utf-16le", le16), ("utf-16be", be16), ("utf-32be", be32), ("windows_1251", cp1251.into_owned())]
        {
            let f = parse_feed(&body, None).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(f.title.as_deref(), Some("\u{41f}\u{440}\u{438}\u{432}\u{435}\u{442}"), "{name}");
            assert_eq!(f.items[0].link.as_deref(), Some("https://s.test/a"), "{name}");
            assert!(f.warnings.is_empty(), "{name}: {:?}", f.warnings);
        }
        // A DOS code page is decoded; one feedhound cannot decode keeps its links and ASCII
        // text, and the feed says so.
        let legacy = |label: &str| {
            let doc = format!(
                "<?xml version=\"1.0\" encoding=\"{label}\"?><rss version=\"2.0\"><channel>\
                 <item><title>Caf\u{0}</title><link>https://s.test/a</link></item></channel></rss>"
            );
            let (head, tail) = doc.split_once('\u{0}').unwrap();
            parse_feed(&[head.as_bytes(), b"\x82", tail.as_bytes()].concat(), None)
                .unwrap_or_else(|e| panic!("{label}: {e}"))
        };
        let f = legacy("cp437");
        assert_eq!((f.items[0].title.as_deref(), f.warnings.is_empty()), (Some("Caf\u{e9}"), true), "{:?}", f.warnings);
        let f = legacy("koi8-t");
        assert_eq!(f.items[0].link.as_deref(), Some("https://s.test/a"));
        assert!(f.warnings.iter().any(|w| w.contains("koi8-t")), "{:?}", f.warnings);
    }

    #[test]
    fn entities_declared_in_the_doctype_are_read() {
        let body = br#"<!DOCTYPE rss [ <!ENTITY site "https://s.test/"> <!ENTITY name "Caf&#233;"> ]>
<rss version="2.0"><channel><title>&name; news</title><item><title>One</title><link>&site;a</link></item></channel></rss>"#;
        let f = parse_feed(body, None).expect("parses");
        assert_eq!(f.title.as_deref(), Some("Caf\u{e9} news"));
        assert_eq!(f.items[0].link.as_deref(), Some("https://s.test/a"));
        assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    }

    #[test]
    fn atom_text_typed_base64_is_decoded() {
        let body =
            br#"<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title type="base64">VGl0bGU=</title>
            <id>urn:x</id><updated>2024-01-01T00:00:00Z</updated><entry><title type="base64">SGVsbG8gd29ybGQ=</title>
            <id>urn:e</id><link href="https://s.test/e"/><updated>2024-01-01T00:00:00Z</updated></entry></feed>"#;
        let f = parse_feed(body, None).unwrap();
        assert_eq!(f.title.as_deref(), Some("Title"));
        assert_eq!(f.items[0].title.as_deref(), Some("Hello world"));
    }

    fn item_links(body: &[u8]) -> Vec<Option<String>> {
        let base = Url::parse("https://s.test/feed").unwrap();
        parse_feed(body, Some(&base)).unwrap_or_else(|e| panic!("{e}")).items.into_iter().map(|i| i.link).collect()
    }

    #[test]
    fn feedburner_orig_link_and_guid_rules() {
        let body = br#"<rss version="2.0" xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0"><channel><title>t</title>
            <item><link>https://feeds.feedburner.test/~r/x/~3/abc/</link><feedburner:origLink>https://s.test/real</feedburner:origLink></item>
            <item><link>https://feeds.feedburner.test/~r/x/~3/def/</link><feedburner:origLink>https://s.test/article.pl?sid=7&amp;from=rss</feedburner:origLink></item>
            <item><link>https://feeds.feedburner.test/~r/x/~3/ghi/</link><feedburner:origLink><![CDATA[https://s.test/a?b=1&c=2]]></feedburner:origLink></item>
            <item><guid>https://s.test/perma</guid></item>
            <item><guid isPermaLink="false">https://s.test/?p=4</guid></item>
            <item><guid isPermaLink="false">tag:4</guid><link>/five</link></item>
            <item><guid isPermaLink="true">/2024/05/six</guid></item>
            <item><guid>7</guid></item>
            </channel></rss>"#;
        // A relative permalink under xml:base, as podcastparser's test feed writes it.
        let based = br#"<rss xml:base="https://p.test/podcast/"><channel><title>t</title>
            <item><guid isPermaLink="true">episode/1/</guid></item>
            <item xml:base="/other/"><guid isPermaLink="true">2</guid></item></channel></rss>"#;
        assert_eq!(
            item_links(based),
            [Some("https://p.test/podcast/episode/1/".to_owned()), Some("https://p.test/other/2".to_owned())]
        );
        let want = [
            Some("https://s.test/real"),
            Some("https://s.test/article.pl?sid=7&from=rss"),
            Some("https://s.test/a?b=1&c=2"),
            Some("https://s.test/perma"),
            None,
            Some("https://s.test/five"),
            // A permalink written relative to the feed; an id that only says it is one is none.
            Some("https://s.test/2024/05/six"),
            None,
        ];
        assert_eq!(item_links(body), want.map(|l| l.map(str::to_owned)));
    }

    #[test]
    fn an_entry_is_linked_to_its_page_never_to_its_comments_or_media() {
        let rss = br#"<rss version="2.0" xmlns:wfw="http://wellformedweb.org/CommentAPI/"><channel><title>t</title>
            <item><title>comments first</title><comments>https://s.test/one#comments</comments><link>https://s.test/one</link></item>
            <item><title>only comments</title><comments>https://s.test/two#comments</comments><wfw:commentRss>https://s.test/two/feed</wfw:commentRss></item>
            <item><title>audio and a permalink</title><enclosure url="https://s.test/3.mp3" type="audio/mpeg" length="9"/><guid>https://s.test/three</guid></item>
            </channel></rss>"#;
        assert_eq!(
            item_links(rss),
            [Some("https://s.test/one".to_owned()), None, Some("https://s.test/three".to_owned())]
        );
        let schemes = br#"<rss version="2.0"><channel><title>t</title><link>javascript:void(0)</link>
            <item><title>mail</title><link>mailto:a@s.test</link><guid>https://s.test/a</guid></item>
            <item><title>script</title><link> javascript:go() </link></item>
            <item><title>scheme-relative</title><link>//cdn.s.test/b</link></item>
            </channel></rss>"#;
        assert_eq!(
            item_links(schemes),
            [Some("https://s.test/a".to_owned()), None, Some("https://cdn.s.test/b".to_owned())]
        );
        assert_eq!(parse_feed(schemes, None).unwrap().link, None);
        let atom = br#"<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><id>urn:f</id>
            <link rel="self" href="https://s.test/feed"/><link rel="related" href="https://elsewhere.test/"/><link href="https://s.test/"/>
            <entry><title>a</title><id>urn:a</id><link rel="enclosure" type="audio/mpeg" href="https://s.test/a.mp3"/><link rel="replies" href="https://s.test/a/comments"/><link rel="Alternate" type="text/html; charset=utf-8" href="/a"/></entry>
            <entry><title>b</title><id>urn:b</id><link rel="enclosure" href="https://s.test/b.mp3"/><link rel="edit" href="https://s.test/b/edit"/><link rel="alternate" type="application/pdf" href="https://s.test/b.pdf"/></entry>
            <entry><title>c</title><id>https://s.test/c</id><link rel="license" href="https://licence.test/"/></entry>
            </feed>"#;
        assert_eq!(item_links(atom), [Some("https://s.test/a".to_owned()), None, Some("https://s.test/c".to_owned())]);
        let base = Url::parse("https://s.test/feed").unwrap();
        assert_eq!(parse_feed(atom, Some(&base)).unwrap().link.as_deref(), Some("https://s.test/"));
        let json = br#"{"version":"https://jsonfeed.org/version/1.1","title":"t","items":[
            {"id":"1","url":"https://s.test/1","attachments":[{"url":"https://s.test/1.mp3","mime_type":"audio/mpeg"}]},
            {"id":"2","attachments":[{"url":"https://s.test/2.mp3","mime_type":"audio/mpeg"}]}]}"#;
        assert_eq!(item_links(json), [Some("https://s.test/1".to_owned()), None]);
    }

    #[test]
    fn an_attribute_value_left_unclosed_is_closed_at_its_tags_end() {
        let body = br#"<?xml version="1.0"?><!-- a "quoted" comment --><rss version="2.0"><channel><title>T</title>
            <item class="a><title>A</title><link>https://s.test/a</link><enclosure url="https://s.test/a.mp3 type="audio/mpeg"/></item>
            <item><title>B</title><link>https://s.test/b</link><description><![CDATA[<a href="x>y</a>]]></description></item></channel></rss>"#;
        assert!(feed_rs::parser::parse(&body[..]).is_err(), "feed-rs alone refuses it");
        let f = parse_feed(body, None).unwrap();
        let items: Vec<_> = f.items.iter().map(|i| (i.title.as_deref(), i.link.as_deref())).collect();
        assert_eq!(items, [(Some("A"), Some("https://s.test/a")), (Some("B"), Some("https://s.test/b"))]);
        // A value holding a `>` is well-formed, and a CDATA section is text: nothing to mend.
        let fine = br#"<rss version="2.0"><channel><item title="a>b"><link>https://s.test/a</link><description><![CDATA[<a href="x>y</a>]]></description></item></channel></rss>"#;
        assert_eq!(with_closed_attribute_quotes(fine), None);
    }

    #[test]
    fn a_cdata_section_ended_early_is_read_whole() {
        let feed = |description: &str| {
            format!(
                "<rss version=\"2.0\"><channel><title>T</title><item><title>a</title><link>https://s.test/a</link>\
                 <description>{description}</description></item><item><title>b</title><link>https://s.test/b</link>\
                 <description><![CDATA[<p>b</p>]]><![CDATA[<p>c</p>]]></description></item></channel></rss>"
            )
        };
        for (description, read) in [
            // A post's script, whose own section ends the feed's.
            (
                "<![CDATA[<p>Text</p><script>//<![CDATA[\nvar x = 1;\n//]]></script><p>More</p>]]>",
                "<p>Text</p><script>//<![CDATA[\nvar x = 1;\n//]]></script><p>More</p>",
            ),
            // A section nested in another, and a `]]>` written as text.
            ("<![CDATA[<p>a <![CDATA[b]]></p>]]>", "<p>a <![CDATA[b]]></p>"),
            ("<![CDATA[<p>a ]]> b</p>]]>", "<p>a ]]> b</p>"),
        ] {
            let body = feed(description);
            assert!(feed_rs::parser::parse(body.as_bytes()).is_err(), "{description}: feed-rs alone refuses it");
            let f = parse_feed(body.as_bytes(), None).unwrap_or_else(|e| panic!("{description}: {e}"));
            let links: Vec<_> = f.items.iter().map(|i| i.link.as_deref()).collect();
            assert_eq!(links, [Some("https://s.test/a"), Some("https://s.test/b")], "{description}");
            assert!(f.warnings.iter().any(|w| w.contains("CDATA")), "{description}: {:?}", f.warnings);
            let fixed = with_whole_cdata_sections(body.as_bytes()).unwrap();
            let entries = feed_rs::parser::parse(fixed.as_slice()).unwrap().entries;
            let summary = entries[0].summary.as_ref().map(|s| s.content.as_str());
            assert_eq!(summary, Some(read), "{description}");
            // Sections side by side, in the second item, stay as they were.
            assert_eq!(entries[1].summary.as_ref().map(|s| s.content.as_str()), Some("<p>b</p><p>c</p>"));
        }
        // Nothing to mend in well-formed sections.
        assert_eq!(with_whole_cdata_sections(feed("<![CDATA[<p>a</p>]]>").as_bytes()), None);
    }

    #[test]
    fn broken_xml_of_real_feeds_is_repaired() {
        let item = "<item><title>a</title><link>https://s.test/a?x=1&y=2</link></item>";
        let cases: Vec<(&str, Vec<u8>)> = vec![
            ("bom and blank lines", format!("\u{feff}\n\n <?xml version=\"1.0\"?><rss version=\"2.0\"><channel>{item}</channel></rss>").into_bytes()),
            ("php warning first", format!("<b>Warning</b>: x\n<?xml version=\"1.0\"?><rss version=\"2.0\"><channel>{item}</channel></rss>").into_bytes()),
            ("cut off", format!("<rss version=\"2.0\"><channel>{item}<it").into_bytes()),
            ("cut off in the root's end tag", format!("<rss version=\"2.0\"><channel>{item}</channel></rs").into_bytes()),
            ("atom cut off in the root's end tag", br#"<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>a</title><link href="https://s.test/a?x=1&amp;y=2"/><id>1</id></entry></feed"#.to_vec()),
            ("latin-1 in utf-8", ["<?xml version=\"1.0\" encoding=\"utf-8\"?><rss version=\"2.0\"><channel><title>caf".as_bytes(), b"\xe9", format!("</title>{item}</channel></rss>").as_bytes()].concat()),
            ("atom 0.3", br#"<feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>o</title><entry><title>a</title><link rel="alternate" href="https://s.test/a?x=1&amp;y=2"/><id>1</id><issued>2005-01-01T00:00:00Z</issued></entry></feed>"#.to_vec()),
        ];
        for (name, body) in cases {
            let f = parse_feed(&body, None).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(f.items.len(), 1, "{name}");
            assert_eq!(f.items[0].link.as_deref(), Some("https://s.test/a?x=1&y=2"), "{name}");
        }
        // An entry cut off keeps its whole elements (one cut in a CDATA section keeps those
        // before it; one cut in its first is kept empty, as feedparser keeps it).
        let first = "<item><title>a</title><link>https://s.test/a</link></item>";
        for (cut, kept) in [
            (
                "<item><title>b</title><link>https://s.test/b</link><description>Second sto",
                (Some("b"), Some("https://s.test/b")),
            ),
            (
                "<item><title>b</title><link>https://s.test/b</link><description><![CDATA[<p>x</p> <p>y",
                (Some("b"), Some("https://s.test/b")),
            ),
            ("<item><title>b</title><link>https://s.te", (Some("b"), None)),
            ("<item><title>b</ti", (None, None)),
        ] {
            let f = parse_feed(format!("<rss version=\"2.0\"><channel>{first}{cut}").as_bytes(), None).unwrap();
            let items: Vec<_> = f.items.iter().map(|i| (i.title.as_deref(), i.link.as_deref())).collect();
            assert_eq!(items, [(Some("a"), Some("https://s.test/a")), kept], "{cut}");
        }
        // Cut in its only entry's start tag, or before it: the channel, without entries.
        for cut in ["<item class=\"x", "<ite", "<link>https://s.test/</link><descr", "<description>A b"] {
            let f = parse_feed(format!("<rss version=\"2.0\"><channel><title>T</title>{cut}").as_bytes(), None)
                .unwrap_or_else(|e| panic!("{cut}: {e}"));
            assert_eq!((f.title.as_deref(), f.items.len()), (Some("T"), 0), "{cut}");
        }
        let atom = r#"<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>a</title><link href="https://s.test/a"/><id>1</id></entry><entry><title>b</title><link href="https://s.test/b"/><summ"#;
        let links: Vec<_> = parse_feed(atom.as_bytes(), None).unwrap().items.into_iter().map(|i| i.link).collect();
        assert_eq!(links, [Some("https://s.test/a".to_owned()), Some("https://s.test/b".to_owned())]);
        // A CDATA section keeps its ampersand as written.
        let cdata = br#"<rss version="2.0"><channel><item><title><![CDATA[A & B]]></title><link>https://s.test/?a&b</link></item></channel></rss>"#;
        assert_eq!(parse_feed(cdata, None).unwrap().items[0].title.as_deref(), Some("A & B"));
        // A `<` that starts no markup is text; the item keeps its link.
        let angle = br#"<rss version="2.0"><channel><item><title>A < B <3</title><link>https://s.test/a</link></item></channel></rss>"#;
        let f = parse_feed(angle, None).unwrap();
        assert_eq!(
            (f.items[0].title.as_deref(), f.items[0].link.as_deref()),
            (Some("A < B <3"), Some("https://s.test/a"))
        );
        // Nor does one before a letter that another `<` cuts before any `>`: the items after
        // it are not read as its content (titles are read as HTML, where "<b then c" is a tag
        // cut off: "If a", as feedparser's "If a<b>"). Each item was lost.
        let letter = br#"<rss version="2.0"><channel><title>If a<b then c</title><item><title>x<y</title><link>https://s.test/a</link></item><item><title>B</title><link>https://s.test/b</link></item></channel></rss>"#;
        let f = parse_feed(letter, None).unwrap();
        assert_eq!(f.title.as_deref(), Some("If a"));
        let items: Vec<_> = f.items.iter().map(|i| (i.title.as_deref(), i.link.as_deref())).collect();
        assert_eq!(items, [(Some("x"), Some("https://s.test/a")), (Some("B"), Some("https://s.test/b"))]);
        assert!(f.warnings.iter().any(|w| w.contains("not well-formed")), "{:?}", f.warnings);
        // A hexadecimal reference with a capital X, which XML does not allow.
        let upper = br#"<rss version="2.0"><channel><item><title>&#X41;&#x42;</title><link>https://s.test/a</link></item></channel></rss>"#;
        assert_eq!(parse_feed(upper, None).unwrap().items[0].title.as_deref(), Some("AB"));
    }

    #[test]
    fn titles_are_plain_text_and_odd_dates_are_read() {
        let body = br#"<rss version="2.0"><channel><title>T &amp;amp; co</title>
            <item><title>One&nbsp;two &eacute;t&eacute; &lt;b&gt;bold&lt;/b&gt;</title><link>https://s.test/1</link><pubDate>2024-01-02 10:00:00</pubDate></item>
            <item><title>x</title><link>https://s.test/2</link><pubDate>Tue, 02 Jan 2024 10:00:00 CEST</pubDate></item>
            <item><title>y</title><link>https://s.test/3</link><pubDate>not a date</pubDate></item>
            <item><title>z</title><link>https://s.test/4</link><pubDate>06.05.2024 10:00</pubDate></item>
            </channel></rss>"#;
        let f = parse_feed(body, None).unwrap();
        assert_eq!(f.title.as_deref(), Some("T & co"));
        assert_eq!(f.items[0].title.as_deref(), Some("One two été bold"));
        let dates: Vec<_> = f.items.iter().map(|i| i.published.as_deref()).collect();
        assert_eq!(
            dates,
            [
                Some("2024-01-02T10:00:00+00:00"),
                Some("2024-01-02T08:00:00+00:00"),
                None,
                Some("2024-05-06T10:00:00+00:00")
            ]
        );
        // Control characters are no part of a title.
        let body = b"<rss version=\"2.0\"><channel><item><title>A\x0b\x01B</title><link>https://s.test/1</link></item></channel></rss>";
        assert_eq!(parse_feed(body, None).unwrap().items[0].title.as_deref(), Some("A B"));
    }

    #[test]
    fn an_entry_is_dated_by_its_own_dates_in_any_form_feeds_write() {
        let rss = br#"<rss version="2.0" xmlns:dcterms="http://purl.org/dc/terms/"><channel><title>t</title>
            <item><title>a</title><link>https://s.test/a</link><dcterms:issued>2003-12-31T10:14:55Z</dcterms:issued></item>
            <item><title>b</title><link>https://s.test/b</link><pubDate>Sat, Dec 16 2023 02:02:33 PM</pubDate></item>
            <item><title>c</title><link>https://s.test/c</link><pubDate>Mon, 26 January 2004 16:31:00 ET</pubDate></item>
            </channel></rss>"#;
        let dates: Vec<_> = parse_feed(rss, None).unwrap().items.into_iter().map(|i| i.published).collect();
        let want = ["2003-12-31T10:14:55+00:00", "2023-12-16T14:02:33+00:00", "2004-01-26T21:31:00+00:00"];
        assert_eq!(dates, want.map(|d| Some(d.to_owned())));
        // The date of the feed an entry was copied from is not the entry's.
        let atom = br#"<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><id>urn:f</id>
            <entry><title>a</title><id>urn:a</id><link href="https://s.test/a"/><source><updated>2003-12-31T10:14:55Z</updated></source></entry>
            <entry><title>b</title><id>urn:b</id><link href="https://s.test/b"/><source><id>urn:s</id></source><created>Thu, 01 Jan 2004 19:48:21 GMT</created></entry>
            </feed>"#;
        let dates: Vec<_> = parse_feed(atom, None).unwrap().items.into_iter().map(|i| i.published).collect();
        assert_eq!(dates, [None, Some("2004-01-01T19:48:21+00:00".to_owned())]);
        // RSS 1.0 written with prefixed names, its items `<rss:item>`.
        let rdf = br#"<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rss="http://purl.org/rss/1.0/" xmlns:dcterms="http://purl.org/dc/terms/">
            <rss:channel rdf:about="https://s.test/"><rss:title>t</rss:title><rss:link>https://s.test/</rss:link></rss:channel>
            <rss:item rdf:about="https://s.test/a"><rss:title>a</rss:title><rss:link>https://s.test/a</rss:link><dcterms:created>2002-09-28T20:01:19Z</dcterms:created></rss:item>
            <rss:item rdf:about="https://s.test/b"><rss:title>b</rss:title><rss:link>https://s.test/b</rss:link></rss:item>
            </rdf:RDF>"#;
        let dates: Vec<_> = parse_feed(rdf, None).unwrap().items.into_iter().map(|i| i.published).collect();
        assert_eq!(dates, [Some("2002-09-28T20:01:19+00:00".to_owned()), None]);
    }

    #[test]
    fn a_crawl_reads_the_same_entries_undated() {
        let body = br#"<rss version="2.0" xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0"><channel><title>t</title>
            <item><title>a</title><link>/a</link><pubDate>Sat, Dec 16 2023 02:02:33 PM</pubDate></item>
            <item><guid isPermaLink="false">x</guid><title>b</title><pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate></item>
            <item><link>https://feeds.test/~r/1</link><feedburner:origLink>https://s.test/c</feedburner:origLink><pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate></item>
            </channel></rss>"#;
        let base = Url::parse("https://s.test/feed").unwrap();
        let full = parse_served_feed(body, Some(&base), None).unwrap();
        let crawl = parse_served_feed_for_crawl(body, Some(&base), None).unwrap();
        assert!(full.items.iter().all(|i| i.published.is_some()));
        let undated = ParsedFeed {
            items: full.items.iter().map(|i| FeedItem { published: None, ..i.clone() }).collect(),
            ..full.clone()
        };
        assert_eq!(crawl, undated);
        let links: Vec<_> = crawl.items.iter().map(|i| i.link.as_deref()).collect();
        assert_eq!(links, [Some("https://s.test/a"), None, Some("https://s.test/c")]);
    }

    #[test]
    fn a_parser_failure_never_poisons_the_next_parse() {
        // feed-rs asserted on state left by a failed parse; each attempt now has its own parser.
        let bad = b"<rss version=\"2.0\"><channel><item><title>x</title><link>https://s.test/a?a&b</link></item></channel></rss>";
        for _ in 0..3 {
            assert_eq!(item_links(bad), [Some("https://s.test/a?a&b".to_owned())]);
        }
    }

    #[test]
    fn garbage_and_empty_feeds_are_errors() {
        assert!(matches!(parse_feed(b"<html><body>hi</body></html>", None), Err(FeedError::Unparseable(_))));
        assert!(matches!(parse_feed(b"\x00\xff\xfe", None), Err(FeedError::Unparseable(_))));
    }

    #[test]
    fn an_empty_feed_parses_with_a_warning() {
        let empty = parse_feed(br#"<rss version="2.0"><channel><title>T</title></channel></rss>"#, None).unwrap();
        assert_eq!((empty.title.as_deref(), empty.items.len()), (Some("T"), 0));
        assert!(empty.is_empty());
        assert_eq!(empty.warnings, [EMPTY_FEED]);
        let full = parse_feed(RSS.as_bytes(), None).unwrap();
        assert!(full.warnings.is_empty(), "{:?}", full.warnings);
    }

    #[test]
    fn a_malformed_rss_version_never_panics_and_reads_as_rss2() {
        // Both once panicked: a slice past the end, and one inside a multi-byte quote.
        for root in ["<rss version=>", "<rss version=\u{201c}2.0\u{201d}>", "<rss version='>", "<rss version=\"2.0>"] {
            let body = format!("{root}<channel><title>x</title></channel></rss>");
            let f = parse_feed(body.as_bytes(), None).unwrap_or_else(|e| panic!("{root}: {e}"));
            assert_eq!((f.title.as_deref(), f.items.len()), (Some("x"), 0), "{root}");
            let with_item =
                format!("{root}<channel><title>x</title><item><link>https://s.test/a</link></item></channel></rss>");
            let f = parse_feed(with_item.as_bytes(), None).unwrap_or_else(|e| panic!("{root}: {e}"));
            assert_eq!(f.items[0].link.as_deref(), Some("https://s.test/a"), "{root}");
        }
        for odd in [&b"<rss"[..], b"<rss ", b"<rss version", b"<rss version=\xe2\x80>", b"<rss \xff=\"\">"] {
            let _ = parse_feed(odd, None);
            let _ = with_rss_version(odd);
        }
    }

    #[test]
    fn content_of_an_xml_media_type_is_read_as_inline_xml() {
        let body = br#"<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
            <entry><title>A</title><id>urn:a</id><link href="https://s.test/a"/><content type="application/xml"><foo xmlns="urn:x"><bar>1</bar></foo></content></entry>
            <entry><title>B</title><id>urn:b</id><link href="https://s.test/b"/><content type="image/svg+xml"><svg xmlns="http://www.w3.org/2000/svg"/></content></entry></feed>"#;
        assert!(feed_rs::parser::parse(&body[..]).is_err(), "feed-rs alone refuses it");
        let links: Vec<_> = parse_feed(body, None).unwrap().items.into_iter().map(|i| i.link).collect();
        assert_eq!(links, [Some("https://s.test/a".to_owned()), Some("https://s.test/b".to_owned())]);
    }

    #[test]
    fn text_of_unknown_types_and_base64_reads_as_plain_text() {
        let atom = r#"<feed xmlns="http://www.w3.org/2005/Atom"><title type="TEXT">Feed</title>
            <entry><title type="application/octet-stream">RXhhbXBsZSA8Yj5BdG9tPC9iPg==</title><link href="/1"/></entry>
            <entry><title type="">evil</title><link href="/2"/></entry>
            <entry><title type="application/xhtml+xml"><div xmlns="http://www.w3.org/1999/xhtml">A &amp; <b>B</b></div></title>
              <link href="/3"/><content type="base64">eA==</content></entry></feed>"#;
        let base = Url::parse("https://b.test/feed").unwrap();
        let f = parse_feed(atom.as_bytes(), Some(&base)).unwrap();
        let titles: Vec<_> = f.items.iter().map(|i| i.title.as_deref().unwrap_or("")).collect();
        assert_eq!(titles, ["Example Atom", "evil", "A & B"]);
        assert_eq!(f.items[2].link.as_deref(), Some("https://b.test/3"));
        assert_eq!(f.title.as_deref(), Some("Feed"));
        // Atom 0.3's mode="base64" parses without a repair, as its encoding: it is decoded first.
        let old = r#"<feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry>
            <title type="text/plain" mode="base64">SGVsbG8=</title><link rel="alternate" href="https://b.test/h"/></entry></feed>"#;
        assert_eq!(parse_feed(old.as_bytes(), None).unwrap().items[0].title.as_deref(), Some("Hello"));
    }

    #[test]
    fn a_cdf_channel_and_an_rss_without_channel_are_read() {
        let cdf = r#"<CHANNEL HREF="http://c.test/" BASE="http://c.test/news/"><TITLE>News</TITLE>
            <ITEM HREF="a.html" LASTMOD="2004-04-06T23:05:43-05:00"><TITLE>A</TITLE></ITEM></CHANNEL>"#;
        let f = parse_feed(cdf.as_bytes(), None).unwrap();
        assert_eq!((f.title.as_deref(), f.link.as_deref()), (Some("News"), Some("http://c.test/")));
        assert_eq!(f.items[0].link.as_deref(), Some("http://c.test/news/a.html"));
        assert_eq!(f.items[0].published.as_deref(), Some("2004-04-07T04:05:43+00:00"));
        let bare = "<rss version=\"2.0\">\n<item><title>I</title><link>https://r.test/i</link></item>\n</rss>";
        let f = parse_feed(bare.as_bytes(), None).unwrap();
        assert_eq!(f.items[0].link.as_deref(), Some("https://r.test/i"));
        assert!(f.warnings.iter().any(|w| w.contains("no <channel>")), "{:?}", f.warnings);
    }

    #[test]
    fn an_item_without_a_title_takes_its_dublin_core_or_media_title() {
        let body = br#"<?xml version="1.0"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"
            xmlns:media="http://search.yahoo.com/mrss/"><channel><title>T</title>
            <item><dc:title>Harbour &amp; wall</dc:title><link>https://s.test/a/1</link></item>
            <item><media:content url="https://s.test/v.mp4"><media:title><![CDATA[The <b>video</b>]]></media:title></media:content><link>https://s.test/a/2</link></item>
            <item><title>Own title</title><dc:title>Not this</dc:title><link>https://s.test/a/3</link></item>
            <item><link>https://s.test/a/4</link></item>
            <item><media:title type="plain">Bare media title</media:title><link>https://s.test/a/5</link></item>
            </channel></rss>"#;
        let f = parse_feed(body, None).unwrap();
        let titles: Vec<Option<&str>> = f.items.iter().map(|i| i.title.as_deref()).collect();
        assert_eq!(
            titles,
            [Some("Harbour & wall"), Some("The video"), Some("Own title"), None, Some("Bare media title")]
        );
        let channel = br#"<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><dc:title>The channel</dc:title>
            <item><title>x</title><link>https://s.test/a/1</link></item></channel></rss>"#;
        assert_eq!(parse_feed(channel, None).unwrap().title.as_deref(), Some("The channel"));
    }

    #[test]
    fn rss1_items_without_a_link_are_read_at_their_rdf_about() {
        let body = br#"<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
            <channel rdf:about="https://s.test/index.rdf"><title>T</title><link>https://s.test/</link></channel>
            <item rdf:about="https://s.test/1"><title>One</title></item>
            <item rdf:about='https://s.test/2?a=1&amp;b=2'><title>Two</title></item>
            </rdf:RDF>"#;
        let f = parse_feed(body, None).unwrap();
        let items: Vec<(Option<&str>, Option<&str>)> =
            f.items.iter().map(|i| (i.title.as_deref(), i.link.as_deref())).collect();
        assert_eq!(items, [(Some("One"), Some("https://s.test/1")), (Some("Two"), Some("https://s.test/2?a=1&b=2"))]);
        assert!(f.warnings.iter().any(|w| w.contains("rdf:about")), "{:?}", f.warnings);
    }

    #[test]
    fn titles_leave_out_scripts_and_styles() {
        let rss = r#"<rss version="2.0"><channel><item><link>https://s.test/a</link>
            <title>safe&lt;script&gt;alert(1)&lt;/script&gt; &lt;style&gt;p{}&lt;/style&gt;title</title></item></channel></rss>"#;
        assert_eq!(parse_feed(rss.as_bytes(), None).unwrap().items[0].title.as_deref(), Some("safe title"));
    }
}
