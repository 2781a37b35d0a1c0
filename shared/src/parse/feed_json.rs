//! Repair of a JSON Feed that feed-rs refuses. feed-rs reads JSON
//! Feed strictly, into typed structures: one value of an unexpected type fails the whole
//! feed. Real feeds are written looser than the specification, and a reader is expected to
//! take them (feedparser does):
//! - a byte-order mark before the `{` (feed-rs only reads JSON that starts with it);
//! - JSON as a template writes it: trailing commas, comments, line breaks and other
//!   control characters raw inside strings, a server's warning or a JSONP call around it;
//! - a `version` that is missing, not a URL (`"1.1"`), or `http://` rather than `https://`;
//! - a missing `title` or `items`;
//! - numbers where strings belong (`"id": 1234`, a numeric title);
//! - `null` for a field left out;
//! - an author written as a bare name (`"author": "Jo"`), and tags as one string;
//! - an attachment without a `mime_type`, or with a size that is not a whole number;
//! - an author's name whose e-mail address touches a character that is not ASCII, on
//!   which feed-rs panics ([`super::feed_markup::spaced_contact`]).
//!
//! The repair rewrites the document into the shape feed-rs reads and changes nothing it
//! did not have to. A JSON value that does not look like a feed (no `items` list, and no
//! `version` naming JSON Feed) is left alone: a random JSON file is not an empty feed.

use serde_json::{Map, Value};

/// The version written when a feed's own is one feed-rs does not read.
const VERSION: &str = "https://jsonfeed.org/version/1.1";

/// What feed-rs requires a version to start with.
const READ_VERSIONS: &str = "https://jsonfeed.org/version/1";

/// Top-level fields feed-rs types as strings.
const FEED_STRINGS: [&str; 7] = ["title", "home_page_url", "feed_url", "language", "description", "icon", "favicon"];

/// Item fields feed-rs types as strings.
const ITEM_STRINGS: [&str; 9] = [
    "id",
    "url",
    "external_url",
    "title",
    "content_html",
    "content_text",
    "summary",
    "date_published",
    "date_modified",
];

/// The body as a JSON Feed feed-rs reads, or `None` when it is not JSON, not a feed, or
/// already as feed-rs wants it.
pub(super) fn repaired_json_feed(bytes: &[u8]) -> Option<Vec<u8>> {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let start = body.iter().position(|b| !b.is_ascii_whitespace())?;
    // JSON as a template writes it: read as it was meant, when it is not JSON as written.
    let (original, loosened): (Value, bool) = match serde_json::from_slice(&body[start..]) {
        Ok(v) if body[start] == b'{' => (v, false),
        Ok(_) => return None,
        Err(_) => (serde_json::from_slice(&loosened_json(body)?).ok()?, true),
    };
    let Value::Object(mut feed) = original.clone() else { return None };
    let names_json_feed = feed.get("version").and_then(Value::as_str).is_some_and(|v| v.contains("jsonfeed"));
    if !names_json_feed && !feed.get("items").is_some_and(Value::is_array) {
        return None;
    }
    let version_read = feed.get("version").and_then(Value::as_str).is_some_and(|v| v.starts_with(READ_VERSIONS));
    if !version_read {
        feed.insert("version".into(), VERSION.into());
    }
    strings(&mut feed, &FEED_STRINGS);
    if !feed.get("title").is_some_and(Value::is_string) {
        feed.insert("title".into(), String::new().into());
    }
    people(&mut feed);
    // One item written alone, not in a list, is a list of one.
    let items = match feed.remove("items") {
        Some(Value::Array(items)) => items,
        Some(one @ Value::Object(_)) => vec![one],
        _ => Vec::new(),
    };
    let items = items
        .into_iter()
        .filter_map(|item| match item {
            Value::Object(mut item) => {
                strings(&mut item, &ITEM_STRINGS);
                people(&mut item);
                tags(&mut item);
                attachments(&mut item);
                Some(Value::Object(item))
            }
            _ => None,
        })
        .collect();
    feed.insert("items".into(), Value::Array(items));
    let feed = Value::Object(feed);
    // A body feed-rs refused for another reason, with nothing to mend, stays as it was.
    (loosened || feed != original || start > 0 || body.len() != bytes.len())
        .then(|| serde_json::to_vec(&feed).ok())
        .flatten()
}

/// JSON written loosely, as templates write a feed, made strict: one object, from its first
/// `{` to its last `}` (past a server's warning before it, a JSONP call around it), its
/// comments (`//`, `/* */`) and trailing commas (`[1, 2,]`) left out, and control
/// characters written raw inside its strings (a line break in `content_html`) escaped.
/// `None` when there is no object to read, or nothing to loosen.
fn loosened_json(body: &[u8]) -> Option<Vec<u8>> {
    let start = body.iter().position(|b| *b == b'{')?;
    let end = body.iter().rposition(|b| *b == b'}')? + 1;
    let json = body.get(start..end)?;
    let mut out = Vec::with_capacity(json.len() + 16);
    let (mut i, mut in_string) = (0, false);
    // The index past white space and comments from `i`.
    let skip_blank = |mut i: usize| loop {
        while json.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        match json.get(i..i + 2) {
            Some(b"//") => i = json[i..].iter().position(|b| *b == b'\n').map_or(json.len(), |n| i + n),
            Some(b"/*") => i = memchr::memmem::find(&json[i + 2..], b"*/").map_or(json.len(), |n| i + 2 + n + 2),
            _ => return i,
        }
    };
    while let Some(&b) = json.get(i) {
        if in_string {
            match b {
                b'\\' => {
                    out.extend_from_slice(json.get(i..i + 2).unwrap_or(&json[i..]));
                    i += 2;
                    continue;
                }
                b'"' => in_string = false,
                b'\n' => out.extend_from_slice(b"\\n"),
                b'\r' => out.extend_from_slice(b"\\r"),
                b'\t' => out.extend_from_slice(b"\\t"),
                0..0x20 => out.extend_from_slice(format!("\\u{b:04x}").as_bytes()),
                _ => {}
            }
            if b >= 0x20 || b == b'"' {
                out.push(b);
            }
            i += 1;
            continue;
        }
        match b {
            b'"' => {
                in_string = true;
                out.push(b);
                i += 1;
            }
            b'/' if matches!(json.get(i + 1), Some(b'/' | b'*')) => i = skip_blank(i),
            b',' if matches!(json.get(skip_blank(i + 1)), Some(b'}' | b']')) => i += 1,
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    (out.as_slice() != body).then_some(out)
}

/// A scalar as text: a number or a boolean written out, a string as it is.
fn as_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Each of `fields` a string: a number or boolean written out; `null`, a list or an
/// object dropped.
fn strings(object: &mut Map<String, Value>, fields: &[&str]) {
    for field in fields {
        if let Some(v) = object.get(*field) {
            match as_text(v) {
                Some(s) => object.insert((*field).to_owned(), s.into()),
                None => object.remove(*field),
            };
        }
    }
}

/// A person as feed-rs reads one: an object with a string `name` and `url`; a bare name
/// becomes one.
fn person(v: &Value) -> Option<Value> {
    match v {
        Value::Object(p) => {
            let mut p = p.clone();
            strings(&mut p, &["name", "url", "avatar"]);
            if let Some(spaced) = p.get("name").and_then(Value::as_str).and_then(super::feed_markup::spaced_contact) {
                p.insert("name".into(), spaced.into());
            }
            Some(Value::Object(p))
        }
        other => as_text(other)
            .map(|name| super::feed_markup::spaced_contact(&name).unwrap_or(name))
            .map(|name| serde_json::json!({ "name": name })),
    }
}

/// `author` one person and `authors` a list of them.
fn people(object: &mut Map<String, Value>) {
    if let Some(p) = object.remove("author").as_ref().and_then(person) {
        object.insert("author".into(), p);
    }
    if let Some(v) = object.remove("authors") {
        let list: Vec<Value> = match &v {
            Value::Array(list) => list.iter().filter_map(person).collect(),
            other => person(other).into_iter().collect(),
        };
        object.insert("authors".into(), Value::Array(list));
    }
}

/// Each author's `name` of a feed or an item spaced from an e-mail address it holds
/// ([`super::feed_markup::spaced_contact`]); whether any was.
fn spaced_names(object: &mut Map<String, Value>) -> bool {
    let mut changed = false;
    let mut space = |person: &mut Value| {
        if let Some(spaced) = person.get("name").and_then(Value::as_str).and_then(super::feed_markup::spaced_contact) {
            person["name"] = spaced.into();
            changed = true;
        }
    };
    if let Some(p) = object.get_mut("author").filter(|p| p.is_object()) {
        space(p);
    }
    if let Some(Value::Array(list)) = object.get_mut("authors") {
        list.iter_mut().filter(|p| p.is_object()).for_each(&mut space);
    }
    changed
}

/// A JSON Feed whose authors' names hold an e-mail address next to a character that is
/// not ASCII, with a space between, so that feed-rs reads it instead of panicking; `None`
/// when it has none (or is no JSON object).
pub(super) fn with_contacts_feed_rs_reads(bytes: &[u8]) -> Option<Vec<u8>> {
    if !super::feed_markup::may_touch_wide(bytes) {
        return None;
    }
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes).trim_ascii_start();
    if body.first() != Some(&b'{') {
        return None;
    }
    let Value::Object(mut feed) = serde_json::from_slice(body).ok()? else { return None };
    let mut changed = spaced_names(&mut feed);
    if let Some(Value::Array(items)) = feed.get_mut("items") {
        for item in items.iter_mut().filter_map(Value::as_object_mut) {
            changed |= spaced_names(item);
        }
    }
    changed.then(|| serde_json::to_vec(&Value::Object(feed)).ok()).flatten()
}

/// `tags` a list of strings: one string is a list of one.
fn tags(item: &mut Map<String, Value>) {
    if let Some(v) = item.remove("tags") {
        let list: Vec<Value> = match &v {
            Value::Array(list) => list.iter().filter_map(as_text).map(Value::from).collect(),
            other => as_text(other).map(Value::from).into_iter().collect(),
        };
        item.insert("tags".into(), Value::Array(list));
    }
}

/// `attachments` a list of objects each with a string `url` and `mime_type` (unknown
/// when not given) and a whole-number size or none.
fn attachments(item: &mut Map<String, Value>) {
    let Some(v) = item.remove("attachments") else { return };
    let list: Vec<Value> = match v {
        Value::Array(list) => list,
        Value::Object(one) => vec![Value::Object(one)],
        _ => Vec::new(),
    };
    let list: Vec<Value> = list
        .into_iter()
        .filter_map(|a| {
            let Value::Object(mut a) = a else { return None };
            strings(&mut a, &["url", "mime_type", "title"]);
            a.get("url")?;
            if !a.contains_key("mime_type") {
                a.insert("mime_type".into(), "application/octet-stream".into());
            }
            if !a.get("size_in_bytes").is_some_and(Value::is_u64) {
                a.remove("size_in_bytes");
            }
            Some(Value::Object(a))
        })
        .collect();
    item.insert("attachments".into(), Value::Array(list));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repaired(json: &str) -> Value {
        serde_json::from_slice(&repaired_json_feed(json.as_bytes()).expect("a repair")).unwrap()
    }

    #[test]
    fn loose_values_take_the_types_feed_readers_expect() {
        let v = repaired(
            r#"{"title":7,"items":[{"id":12,"title":null,"author":"Jo","tags":"news",
                "attachments":[{"url":"https://s.test/a.mp3","size_in_bytes":"12"},{"title":"no url"}]}, 3]}"#,
        );
        assert_eq!(v["version"], VERSION);
        assert_eq!(v["title"], "7");
        let item = &v["items"][0];
        assert_eq!(item["id"], "12");
        assert!(item.get("title").is_none());
        assert_eq!(item["author"]["name"], "Jo");
        assert_eq!(item["tags"], serde_json::json!(["news"]));
        assert_eq!(item["attachments"].as_array().map(Vec::len), Some(1));
        assert_eq!(item["attachments"][0]["mime_type"], "application/octet-stream");
        assert!(item["attachments"][0].get("size_in_bytes").is_none());
        assert_eq!(v["items"].as_array().map(Vec::len), Some(1), "a number is not an item");
        let one =
            repaired(r#"{"version":"https://jsonfeed.org/version/1.1","items":{"id":"1","url":"https://s.test/a"}}"#);
        assert_eq!(one["items"][0]["url"], "https://s.test/a", "one item alone is a list of one");
    }

    #[test]
    fn a_byte_order_mark_and_a_missing_version_are_mended() {
        let body = "\u{feff}{\"items\":[{\"id\":\"1\",\"url\":\"https://s.test/1\"}],\"title\":\"T\"}";
        let v = repaired(body);
        assert_eq!((v["version"].as_str(), v["items"][0]["id"].as_str()), (Some(VERSION), Some("1")));
        assert_eq!(repaired(r#"{"version":"1.1","title":"T","items":[]}"#)["version"], VERSION);
    }

    #[test]
    fn json_written_loosely_by_a_template_is_read_as_meant() {
        let feed = r#"{"version": "https://jsonfeed.org/version/1.1", "title": "T", "items": [
            {"id": "1", "url": "https://s.test/a", "content_html": "<p>one</p>
<p>two	three</p>",},
            {"id": "2", "url": "https://s.test/b", /* the last */ "title": "B // not a comment"},
        ],}"#;
        for body in [
            feed.to_owned(),
            format!("<br />\n<b>Warning</b>: feed.php on line 3<br />\n{feed}"),
            format!("callback({feed});"),
            format!("// generated\n{feed}"),
        ] {
            assert!(serde_json::from_str::<Value>(&body).is_err(), "not JSON as written: {body}");
            let v = repaired(&body);
            assert_eq!(v["items"][0]["content_html"], "<p>one</p>\n<p>two\tthree</p>");
            assert_eq!(v["items"][1]["title"], "B // not a comment");
            let links = crate::parse::feed::parse_feed(body.as_bytes(), None).unwrap().items;
            let links: Vec<_> = links.iter().map(|i| i.link.as_deref()).collect();
            assert_eq!(links, [Some("https://s.test/a"), Some("https://s.test/b")]);
        }
    }

    #[test]
    fn what_is_not_a_feed_or_needs_nothing_is_left_alone() {
        for body in [
            r#"{"name":"a package","dependencies":{}}"#,
            "[1, 2]",
            "<rss/>",
            "{ not json",
            r#"{"version":"https://jsonfeed.org/version/1","title":"T","items":[{"id":"1"}]}"#,
        ] {
            assert_eq!(repaired_json_feed(body.as_bytes()), None, "{body}");
        }
    }
}
