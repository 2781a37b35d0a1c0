//! Nothing that reads outside bytes may panic. Every parser is fed arbitrary bytes and
//! structured mutations of real documents (cut, duplicated, with stray quotes, `<`, `&`,
//! NULs, invalid UTF-8, huge attributes): feeds and their repair, discovery from HTML,
//! article extraction, images, robots.txt, charset decoding, task messages, HTTP header
//! values and configuration. A parser may refuse its input with an error; it may not panic.
//!
//! The case count is modest so the test command stays quick; raise it with
//! `PROPTEST_CASES=5000 cargo test -p feedhound --test no_panic`. The fuzz targets in
//! `fuzz/` cover the same entry points for hours at a time.

use std::time::Duration;

use feedhound::config::CrawlConfig;
use feedhound::model::{FieldSource, Task, Timestamp, normalize_url};
use feedhound::parse::{article, feed, html, image, robots::RobotsRules};
use feedhound::policy::{exclusion::Blocklist, politeness::retry_after, schedule::server_freshness};
use proptest::prelude::*;
use proptest::test_runner::Config;
use url::Url;

const RSS: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
 xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">
<channel><title>News &amp; views</title><link>https://s.test/</link><ttl>60</ttl><sy:updatePeriod>hourly</sy:updatePeriod>
<skipHours><hour>1</hour></skipHours><skipDays><day>Sunday</day></skipDays>
<item><title><![CDATA[One & <b>two</b>]]></title><link>/a/1?x=1&amp;y=2</link><pubDate>Tue, 02 Jan 2024 10:00:00 CEST</pubDate>
<guid isPermaLink="false">tag:1</guid><feedburner:origLink>https://s.test/real</feedburner:origLink></item>
<item><title>Two&nbsp;three</title><guid>https://s.test/a/2</guid><dc:date>2024-01-02 10:00:00</dc:date></item>
</channel></rss>"#;

const ATOM: &str = r#"<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://s.test/blog/">
<title type="html">A &lt;i&gt;blog&lt;/i&gt;</title><id>urn:x</id><updated>2024-01-01T00:00:00Z</updated>
<entry><title>E</title><id>e1</id><link rel="alternate" href="e1"/><updated>2024-01-01T00:00:00Z</updated>
<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>x</p></div></content></entry></feed>"#;

const RDF: &str = r#"<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
<channel rdf:about="https://s.test/"><title>R</title><link>https://s.test/</link></channel>
<item rdf:about="https://s.test/r1"><title>r1</title><link>https://s.test/r1</link></item></rdf:RDF>"#;

const JSON_FEED: &str = r#"{"version":"https://jsonfeed.org/version/1.1","title":"J","home_page_url":"https://s.test/",
"items":[{"id":"1","url":"https://s.test/j1","title":"j","date_published":"2024-01-01T00:00:00Z"},{"id":"2","external_url":"/j2"}]}"#;

const ROBOTS: &str = "# comment\nUser-agent: feedhound\nAllow: /public/\nDisallow: /private/*.html$\nCrawl-delay: 2.5\n\n\
User-agent: *\nDisallow: /\nSitemap: https://s.test/sitemap.xml\n";

const TASK: &str =
    r#"{"v":1,"type":"fetch_page","key":"abc","url":"https://s.test/a","hops":["https://s.test/b"],"attempt":1}"#;

fn pages() -> Vec<&'static str> {
    vec![
        include_str!("pages/opengraph.html"),
        include_str!("pages/jsonld-graph.html"),
        include_str!("pages/microdata-nested.html"),
        include_str!("pages/wordpress.html"),
        include_str!("pages/fallback.html"),
    ]
}

fn seeds() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> =
        [RSS, ATOM, RDF, JSON_FEED, ROBOTS, TASK].iter().map(|s| s.as_bytes().to_vec()).collect();
    out.extend(pages().iter().map(|p| p.as_bytes().to_vec()));
    // Feeds in UTF-16 (with a byte-order mark) and UTF-32 (without), and in a legacy
    // encoding declared by a name encoding_rs does not know.
    out.push(
        [0xff, 0xfe]
            .into_iter()
            .chain(RSS.replace("utf-8", "utf-16").encode_utf16().flat_map(u16::to_le_bytes))
            .collect(),
    );
    out.push(ATOM.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect());
    let legacy = RSS.replace("utf-8", "windows_1251").replace("News", "N\u{0}ws");
    out.push(legacy.into_bytes().into_iter().map(|b| if b == 0 { 0xcf } else { b }).collect());
    // Entities the DOCTYPE declares.
    out.push(
        RSS.replacen(
            "<rss",
            "<!DOCTYPE rss [<!ENTITY s \"https://s.test/\"><!ENTITY % p SYSTEM \"p.ent\"> %p;]>\n<rss",
            1,
        )
        .replace("https://s.test/", "&s;")
        .into_bytes(),
    );
    // A DOS code page, and EBCDIC (code page 500; a character it lacks as `?`).
    let dos = RSS.replace("utf-8", "cp437").replace("News", "N\u{0}ws");
    out.push(dos.into_bytes().into_iter().map(|b| if b == 0 { 0x82 } else { b }).collect());
    let ebcdic = RSS.replace("utf-8", "ibm500");
    let mut encoder = anyxml_encoding::IBM500Encoder;
    out.push(
        ebcdic
            .chars()
            .map(|c| {
                let mut byte = [0x6f];
                let _ = anyxml_encoding::Encoder::encode(&mut encoder, c.encode_utf8(&mut [0; 4]), &mut byte, true);
                byte[0]
            })
            .collect(),
    );
    out
}

/// Pieces that break documents in the ways real ones break.
const STRAY: [&[u8]; 22] = [
    b"\"",
    b"'",
    b"<",
    b">",
    b"&",
    b"\0",
    b"\xff\xfe",
    b"\xe2\x80",
    b"\xc3",
    "\u{201c}".as_bytes(),
    b"]]>",
    b"<![CDATA[",
    b"<!--",
    b"&#x110000;",
    b"&#0;",
    b"<rss version=>",
    b"<rss version=\xe2\x80\x9c2.0\xe2\x80\x9d>",
    b"<item>",
    b"</channel></rss>",
    b"<?xml version=\"1.0\" encoding=\"windows-1252\"?>",
    b"<meta charset=\"shift_jis\">",
    b"{\"@context\":\"https://schema.org\",\"@type\":\"NewsArticle\",\"headline\":",
];

#[derive(Clone, Debug)]
enum Mutation {
    /// Keep the first part (a body cut off).
    Cut(usize),
    /// Repeat a slice (a duplicated block).
    Duplicate(usize, usize),
    /// Insert one of [`STRAY`].
    Insert(usize, usize),
    /// Drop a slice.
    Remove(usize, usize),
    /// Insert an attribute of `n` KiB.
    HugeAttribute(usize, usize),
    /// Overwrite a byte.
    Byte(usize, u8),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::Cut),
        (any::<usize>(), 1usize..200).prop_map(|(a, n)| Mutation::Duplicate(a, n)),
        (any::<usize>(), 0..STRAY.len()).prop_map(|(a, i)| Mutation::Insert(a, i)),
        (any::<usize>(), 1usize..100).prop_map(|(a, n)| Mutation::Remove(a, n)),
        (any::<usize>(), 1usize..256).prop_map(|(a, n)| Mutation::HugeAttribute(a, n)),
        (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Mutation::Byte(a, b)),
    ]
}

fn apply(mut doc: Vec<u8>, mutations: &[Mutation]) -> Vec<u8> {
    for m in mutations {
        let len = doc.len();
        let at = |i: usize| if len == 0 { 0 } else { i % (len + 1) };
        match *m {
            Mutation::Cut(i) => doc.truncate(at(i)),
            Mutation::Duplicate(i, n) => {
                let s = at(i);
                let piece = doc[s..(s + n).min(len)].to_vec();
                doc.splice(s..s, piece);
            }
            Mutation::Insert(i, k) => {
                let s = at(i);
                doc.splice(s..s, STRAY[k].iter().copied());
            }
            Mutation::Remove(i, n) => {
                let s = at(i);
                doc.drain(s..(s + n).min(len));
            }
            Mutation::HugeAttribute(i, kib) => {
                let s = at(i);
                let mut attr = b" data-x=\"".to_vec();
                attr.extend(std::iter::repeat_n(b'a', kib * 1024));
                attr.push(b'"');
                doc.splice(s..s, attr);
            }
            Mutation::Byte(i, b) => {
                if len > 0 {
                    let s = i % len;
                    doc[s] = b;
                }
            }
        }
    }
    doc
}

fn documents() -> impl Strategy<Value = Vec<u8>> {
    let seeds = seeds();
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..2048),
        (0..seeds.len(), proptest::collection::vec(mutation(), 1..6))
            .prop_map(move |(i, ms)| apply(seeds[i].clone(), &ms)),
    ]
}

/// Every entry point that reads a document, on one input.
fn read_everything(bytes: &[u8]) {
    let base = Url::parse("https://s.test/dir/feed.xml").ok();
    let _ = feed::parse_feed(bytes, base.as_ref());
    let _ = feed::parse_feed(bytes, None);
    let _ = feed::parse_served_feed(bytes, None, Some("application/rss+xml; charset=koi8-r"));
    let _ = feed::schedule_hints(bytes);
    let text = html::decode_html(bytes, Some("text/html; charset=\"iso-8859-1\""));
    let text_any = html::decode_html(bytes, None);
    let _ = html::feed_links(&text_any, base.as_ref(), 3);
    let _ = html::feed_links(&text, None, 3);
    let _ = article::extract(&text_any, base.as_ref());
    let _ = image::image_verdict(Some("image/png"), bytes, (200, 100));
    let _ = image::image_verdict(None, bytes, (1, 1));
    let rules = RobotsRules::parse(bytes, "feedhound");
    if let Some(u) = &base {
        let _ = rules.allowed(u);
    }
    let _ = rules.allowed_path(&text_any);
    let _ = rules.crawl_delay();
    let _ = Task::decode(&String::from_utf8_lossy(bytes));
}

/// Every entry point that reads a header value or a configuration value, on one string.
fn read_value(value: &str) {
    let now = Timestamp::from_millis(1_700_000_000_000);
    let _ = retry_after(value, now);
    let _ = server_freshness(Some(value), Some(value), now);
    let _ = server_freshness(None, Some(value), now);
    let _ = html::decode_html(b"<p>x</p>", Some(value));
    let _ = html::forbids_index(&[value.to_owned()]);
    let _ = image::image_verdict(Some(value), b"\x89PNG\r\n\x1a\n", (1, 1));
    let _ = feedhound::parse::robots::product_token(value);
    let _ = normalize_url(value);
    let candidate = |url: String| article::ImageCandidate { url, source: FieldSource::Html, declared: None };
    let _ = article::rank_images(
        vec![candidate(value.to_owned()), candidate(format!("https://s.test/{value}"))],
        (200, 100),
    );
    let _ = article::url_declared_size(&format!("https://s.test/{value}"));
    let _ = Blocklist::normalize_domain(value);
    let _ = value.parse::<feedhound::adapters::http::ResolveOverride>();
    let _ = CrawlConfig::from_lookup(&|_| Some(value.to_owned()));
    let _ = feedhound::config::http_config_from_lookup(&|_| Some(value.to_owned()));
}

fn cases() -> Config {
    let d = Config::default();
    if std::env::var_os("PROPTEST_CASES").is_some() { d } else { Config { cases: 48, ..d } }
}

proptest! {
    #![proptest_config(cases())]

    #[test]
    fn no_document_makes_a_parser_panic(doc in documents()) {
        read_everything(&doc);
    }

    #[test]
    fn no_header_or_config_value_makes_a_parser_panic(
        value in prop_oneof![
            any::<String>(),
            "[0-9a-zA-Z ,:=;\"'+-]{0,80}",
            Just("Thu, 01 Jan 1970 00:00:00 GMT".to_owned()),
            Just("max-age=99999999999999999999, s-maxage=-1".to_owned()),
            Just("18446744073709551616".to_owned()),
            Just("text/html; charset=".to_owned()),
            Just("feedhound: noindex, nofollow".to_owned()),
        ]
    ) {
        read_value(&value);
    }
}

/// Inputs that once crashed a parser, kept as regression tests (see the fuzz targets).
#[test]
fn inputs_that_once_panicked() {
    let found: [&[u8]; 5] = [
        b"<rss version=><channel><title>x</title></channel></rss>",
        "<rss version=\u{201c}2.0\u{201d}><channel><title>x</title></channel></rss>".as_bytes(),
        b"<rss version=\xe2\x80>",
        b"<rss version='",
        // A UTF-16 declaration, then a second XML declaration: quick-xml (inside feed-rs)
        // asserts on it; parse_feed's catch_unwind makes it an unparseable feed.
        b"<?xml version=\"1.0\" encoding=\"UTF-16\"\x01><rss versio<?xml version=.\"10\"?><rss versin=\"2.0\"><channelo><titleU=<>T</title><item><titlen=\"2.0\" xmlns:atom=\"http://www.w>Ep 1</title><link>https://s.test/1</l3ink></i.or",
    ];
    for bytes in found {
        read_everything(bytes);
    }
    let f = feed::parse_feed(found[1], None).expect("a curly-quoted version is repaired");
    assert_eq!(f.title.as_deref(), Some("x"));
}

/// Feeds that once made feed-rs's reader assert, which parse_feed caught, and a page that
/// made dom_smoothie (the Readability pass) panic, which extract caught: they no longer
/// reach the crate's faulty code. Any panic on this thread, caught or not, is counted.
#[test]
fn inputs_third_party_parsers_panicked_on_do_not_reach_them() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static PANICS: AtomicUsize = AtomicUsize::new(0);
    let feed = r#"<rss version="2.0"><channel><title>t</title><item><title>a</title><link>https://s.test/a</link></item></channel></rss>"#;
    let podcast = feed.replace("<rss ", r#"<rss xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" "#);
    let inputs: Vec<Vec<u8>> = vec![
        // A declaration naming an encoding after the document started (found by fuzzing).
        b"<rss verss versi1<`\xffxml\n?><?xml version=\"1.0\" encoding=\"euc-kr\"?>\n<rss version=\"1.0\">\n<channel>\n\
          <item>\n<dxscription>&lt;img i&mn=\"salt=\"\xb3\xe2\" /></description>\n</item>\ni<\xa8\x00 <x0s></cs\r>xhuannel>\n</r"
            .to_vec(),
        // A declaration ending past the first 64 bytes, naming a legacy encoding (fuzzing).
        format!("<?xml version=\"1.{}0\" encoding=\"mac\"?>\n<!--\n-->\n</feed>", "\n".repeat(40)).into_bytes(),
        // The same, with bytes that are not UTF-8 inside the declaration (fuzzing).
        [&b"<?xml v\xb4\x00si"[..], &[0xff; 80], b"on=\"1.0\" encoding=\"macintosh\"?>\n<title>\x80</title>\n</feed>"].concat(),
        // A PHP warning before the declaration.
        format!("Warning: x.php line 3\n<?xml version=\"1.0\" encoding=\"utf-8\"?>{feed}").into_bytes(),
        // UTF-16, with and without a byte-order mark.
        [0xff, 0xfe]
            .into_iter()
            .chain(
                format!("<?xml version=\"1.0\" encoding=\"utf-16\"?>{feed}").encode_utf16().flat_map(u16::to_le_bytes),
            )
            .collect(),
        format!("<?xml version=\"1.0\" encoding=\"utf-16\"?>{feed}")
            .encode_utf16()
            .flat_map(u16::to_be_bytes)
            .collect(),
        // A contact whose address touches a two-byte character: feed-rs 3.0 slices the name
        // inside it (found by fuzzing the feed target seeded with feedparser's tests).
        feed.replace("<title>t</title>", "<title>t</title><managingEditor>Jean Dupont «jean@exemple.fr»</managingEditor>")
            .into_bytes(),
        r#"{"version":"https://jsonfeed.org/version/1.1","title":"t","items":[{"id":"1","url":"https://s.test/a","authors":[{"name":"Jean «jean@exemple.fr»"}]}]}"#
            .as_bytes()
            .to_vec(),
        // A declaration whose `encoding` is written inside its version's value too, ending
        // past the first 64 bytes: quick-xml switches to the real one and asserts (fuzzing).
        format!("<?xml version=\"1 encoding == 'big0{}'\" encoding=\"big5\"?>{feed}", "y".repeat(60)).into_bytes(),
        // A second declaration naming UTF-8 after one naming Latin-1 that a byte in its
        // attribute's name kept from being rewritten (fuzzing).
        [
            &b"<?xml vers\xffon=\"1.0\" encoding=\"iso-8859-1\"?>\n<!-- x -->\n <?xml version=\"1.0\" encoding=\"utf-8\"?>"[..],
            feed.as_bytes(),
        ]
        .concat(),
        // Times feed-rs 3.0 unwraps an ASCII parse of: full-width digits, and too many.
        podcast.replace("</link>", "</link><itunes:duration>３６０</itunes:duration>").into_bytes(),
        podcast.replace("</link>", "</link><itunes:duration>99999999999999999999999</itunes:duration>").into_bytes(),
    ];
    let me = std::thread::current().id();
    let earlier = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().id() == me {
            PANICS.fetch_add(1, Ordering::SeqCst);
        }
        eprintln!("{info}");
    }));
    let parsed: Vec<bool> =
        inputs.iter().map(|b| feed::parse_feed(b, None).is_ok_and(|f| f.items.len() == 1)).collect();
    // An embedded player whose address has a three-byte character right before a video
    // host: dom_smoothie 0.19 slices the address inside the character (found by fuzzing).
    let story = "<p>The council approved the new harbour wall on Tuesday, after three years of debate.</p>".repeat(8);
    let page = format!(
        "<html><body><article>{story}<iframe src=\"\u{20ac}youtube.com/embed/1\"></iframe></article></body></html>"
    );
    let text = article::extract(&page, None).text;
    drop(std::panic::take_hook());
    std::panic::set_hook(earlier);
    assert_eq!(PANICS.load(Ordering::SeqCst), 0, "a panic inside a parser, caught or not");
    assert!(text.contains("harbour wall"), "{text}");
    // All read but the one whose first declaration holds a byte no name may hold: refused,
    // with an error, and no panic.
    let expected = [true, true, true, true, true, true, false, true, true];
    assert_eq!(parsed[3..], expected, "the warning cut, UTF-16 read, the contacts, the declarations and the times");
}

#[test]
fn huge_retry_after_and_max_age_saturate() {
    let now = Timestamp::from_millis(0);
    assert_eq!(retry_after("18446744073709551615", now), Some(Duration::from_secs(u64::MAX)));
    let _ = server_freshness(Some("max-age=18446744073709551615"), None, now);
}
