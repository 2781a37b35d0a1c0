//! HTTP header values and URLs from outside: Retry-After, Cache-Control / Expires,
//! Content-Type (charset), X-Robots-Tag, a user agent's product token, URL normalisation;
//! and a feed's date as written (the reader for dates feed-rs does not know).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let value = String::from_utf8_lossy(data);
    let now = feedhound::model::Timestamp::from_millis(1_700_000_000_000);
    let _ = feedhound::policy::politeness::retry_after(&value, now);
    let _ = feedhound::policy::schedule::server_freshness(Some(&value), Some(&value), now);
    let _ = feedhound::parse::html::decode_html(b"<p>caf\xe9</p>", Some(&value));
    let _ = feedhound::parse::html::forbids_index(&[value.to_string()]);
    let _ = feedhound::parse::robots::product_token(&value);
    let _ = feedhound::parse::feed_date::loose_date(&value);
    if let Ok(u) = feedhound::model::normalize_url(&value) {
        let again = feedhound::model::normalize_url(u.as_str()).expect("a normalised URL normalises");
        assert_eq!(again, u, "normalising twice changes nothing");
    }
});
