//! feedhound: a polite, feed-driven web crawler. All behaviour lives in this crate; the
//! Lambda crates and the CLI only translate events into tasks.
//!
//! Module map (dependencies point inward):
//! - [`model`]: pure data — URL keys, task messages, records, host and feed state.
//! - [`policy`]: pure decisions — the host lease, holds, backoff.
//! - [`parse`]: pure parsers — feeds, HTML, robots.txt.
//! - [`ports`]: the traits services use: queue, state store, page store, HTTP, clock.
//! - [`repo`]: typed repositories over the state store: documents, keys, tags, retries.
//! - [`service`]: use cases over ports — poll, fetch, extract, discover, recheck, index.
//! - [`adapters`]: memory, embedded (redb + files), reqwest, AWS (feature `aws`).
//! - [`embedded`]: the in-process driver behind `feedhound crawl`.
//! - [`lambda`]: the SQS batch helper shared by the Lambda functions (feature `aws`).
//! - [`config`]: typed configuration from environment variables.
//! - [`conformance`]: the port conformance suites, run against every adapter.
//! - [`report`]: the crawl report: what the crawler did over a window of time.
//! - [`web`]: the web pages of `feedhound serve` and of the web function: search, report, bot page.
#![warn(missing_docs)]

pub mod adapters;
pub mod config;
#[cfg(any(test, feature = "conformance"))]
pub mod conformance;
pub mod embedded;
#[cfg(feature = "aws")]
pub mod lambda;
pub mod model;
pub mod parse;
pub mod policy;
pub mod ports;
pub mod repo;
pub mod report;
pub mod search;
pub mod service;
pub mod web;

/// An error and its chain of sources on one line, for logs and stored reasons.
pub(crate) fn error_chain(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        out.push_str(": ");
        out.push_str(&s.to_string());
        source = s.source();
    }
    out
}

/// The message of a caught panic's payload (`panic!` with a string, or a formatted one).
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic with no message".to_owned())
}
