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
mod group_commit;
pub mod http;
pub mod memory;
pub mod metrics;
#[cfg(feature = "image-model")]
pub mod nudity;
pub mod stats;
pub mod unwired;

use std::sync::Arc;

use crate::policy::filter::ImageClassifier;

/// The image classifier for a configured model file, or `None` without one.
///
/// # Errors
/// A message when the model cannot be loaded, or this build has no model support.
pub fn load_classifier(path: Option<&std::path::Path>) -> Result<Option<Arc<dyn ImageClassifier>>, String> {
    let Some(path) = path else { return Ok(None) };
    #[cfg(feature = "image-model")]
    {
        let detector = nudity::NudityDetector::load(path)?;
        Ok(Some(Arc::new(detector)))
    }
    #[cfg(not(feature = "image-model"))]
    {
        Err(format!(
            "an image model is configured ({}), but this build has no image model support: build with `--features image-model`",
            path.display()
        ))
    }
}
