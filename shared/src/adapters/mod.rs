//! Implementations of the [ports](crate::ports).
//!
//! - [`clock`]: the system clock, a manual clock for tests, random and fixed jitter.
//! - [`memory`]: in-process queue, state store and page store for unit tests.
//! - [`embedded`]: the durable single-machine store (redb + files) behind `feedhound crawl`.
//! - [`http`]: the reqwest client with the address guard and the body cap.
//! - [`aws`]: SQS, DynamoDB and S3 (feature `aws`).

#[cfg(feature = "aws")]
pub mod aws;
pub mod clock;
pub mod embedded;
pub mod http;
pub mod memory;
