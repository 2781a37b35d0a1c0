//! The indexer Lambda, on an EventBridge schedule: rebuild the per-year index of stored
//! records. The event's `detail.years` names the years (default: the current one).

use feedhound::service::Deps;
use lambda_runtime::{Error, LambdaEvent};
use serde_json::{Value, json};

/// Rebuild the index of the years the event names.
///
/// # Errors
/// When the page store fails.
pub async fn handle(deps: &Deps, event: LambdaEvent<Value>) -> Result<Value, Error> {
    let years: Vec<i32> = event
        .payload
        .pointer("/detail/years")
        .and_then(|v| serde_json::from_value(v.clone()).ok())
        .unwrap_or_else(|| vec![deps.clock.now().year()]);
    let mut rebuilt = serde_json::Map::new();
    for year in years {
        let n = feedhound::service::index::rebuild_year(deps, year).await?;
        tracing::info!(year, records = n, "index rebuilt");
        rebuilt.insert(year.to_string(), json!(n));
    }
    Ok(json!({ "records": rebuilt }))
}
