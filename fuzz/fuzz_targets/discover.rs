//! Discovery from a homepage: charset decoding (with and without a declared charset), then
//! the feed links.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let page = url::Url::parse("https://s.test/blog/").ok();
    let text = feedhound::parse::html::decode_html(data, None);
    let _ = feedhound::parse::html::feed_links(&text, page.as_ref(), 3);
    let latin = feedhound::parse::html::decode_html(data, Some("text/html; charset=windows-1252"));
    let _ = feedhound::parse::html::feed_links(&latin, None, 3);
});
