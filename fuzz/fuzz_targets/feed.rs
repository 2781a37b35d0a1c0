//! Feeds: parse (with the repair pass), with and without a base URL or a served charset,
//! and schedule hints.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let base = url::Url::parse("https://s.test/dir/feed.xml").ok();
    let _ = feedhound::parse::feed::parse_feed(data, base.as_ref());
    let _ = feedhound::parse::feed::parse_served_feed(data, None, Some("text/xml; charset=x-mac-cyrillic"));
    let _ = feedhound::parse::feed::schedule_hints(data);
});
