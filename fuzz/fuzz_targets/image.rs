//! The image check: type and size sniffed from the first bytes of an answer.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = feedhound::parse::image::image_verdict(None, data, (200, 100));
    let _ = feedhound::parse::image::image_verdict(Some("image/jpeg"), data, (1, 1));
});
