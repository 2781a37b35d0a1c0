//! Article extraction: title, text, images and metadata of a page.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let page = url::Url::parse("https://s.test/posts/1").ok();
    let text = feedhound::parse::html::decode_html(data, None);
    let _ = feedhound::parse::article::extract(&text, page.as_ref());
});
