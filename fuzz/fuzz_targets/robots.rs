//! robots.txt: the normaliser, the matcher and Crawl-delay. The first line of the input is
//! the path asked about, the rest the file.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|b| *b == b'\n').unwrap_or(data.len());
    let (path, body) = data.split_at(split);
    let rules = feedhound::parse::robots::RobotsRules::parse(body, "feedhound");
    let _ = rules.allowed_path(&String::from_utf8_lossy(path));
    if let Ok(u) = url::Url::parse("https://s.test/").and_then(|b| b.join(&String::from_utf8_lossy(path))) {
        let _ = rules.allowed(&u);
    }
    let _ = rules.crawl_delay();
});
