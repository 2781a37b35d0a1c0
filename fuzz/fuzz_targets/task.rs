//! Queue messages: every body a queue delivers is decoded by us.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(body) = std::str::from_utf8(data)
        && let Ok(task) = feedhound::model::Task::decode(body)
    {
        let _ = task.url_key();
        let body = task.encode().expect("a decoded task encodes");
        let again = feedhound::model::Task::decode(&body);
        assert_eq!(again.ok().as_ref(), Some(&task), "a decoded task encodes to itself");
    }
});
