//! Article extraction: title, text, images and metadata of a page.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // With the page's address, or without it (offline, where its canonical link is read).
    let page = url::Url::parse("https://s.test/posts/1").ok().filter(|_| data.len() % 2 == 0);
    let text = feedhound::parse::html::decode_html(data, None);
    let _ = feedhound::parse::article::extract(&text, page.as_ref());
});
