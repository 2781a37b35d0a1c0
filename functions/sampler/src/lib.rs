//! The sampler Lambda, on an EventBridge schedule: enqueue re-checks for a sample of
//! stored pages (`detail.size`, default `FEEDHOUND_SAMPLE_SIZE` or 100).

use feedhound::service::Deps;
use lambda_runtime::{Error, LambdaEvent};
use serde_json::{Value, json};

/// Enqueue a sample of re-checks.
///
/// # Errors
/// When the state store or the queue fails.
pub async fn handle(deps: &Deps, event: LambdaEvent<Value>) -> Result<Value, Error> {
    let default = std::env::var("FEEDHOUND_SAMPLE_SIZE").ok().and_then(|v| v.parse().ok()).unwrap_or(100);
    let size = event.payload.pointer("/detail/size").and_then(Value::as_u64).map_or(default, |n| n as usize);
    let enqueued = feedhound::service::recheck::enqueue_sample(deps, size).await?;
    tracing::info!(enqueued, "re-checks enqueued");
    Ok(json!({ "enqueued": enqueued }))
}
