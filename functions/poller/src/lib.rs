//! The poller Lambda. Three triggers:
//! - the poll schedule (about 3 times a day): fan out one poll task per due feed, and
//!   release parked tasks that are due;
//! - the sweep schedule (`{"action":"sweep"}`, every few minutes): release parked tasks;
//! - its SQS queue: poll each feed of the batch.

use aws_lambda_events::event::sqs::SqsEvent;
use feedhound::model::Stage;
use feedhound::service::Deps;
use lambda_runtime::{Error, LambdaEvent};
use serde_json::{Value, json};

/// Handle a schedule event or an SQS batch (told apart by the `Records` field).
///
/// # Errors
/// When the schedule run cannot enqueue (it is retried by EventBridge), or an SQS event
/// does not have the SQS shape.
pub async fn handle(deps: &Deps, event: LambdaEvent<Value>) -> Result<Value, Error> {
    if event.payload.get("Records").is_some() {
        let sqs: SqsEvent = serde_json::from_value(event.payload)?;
        let response =
            feedhound::lambda::handle_sqs_batch(deps, Stage::Poll, feedhound::service::poll_stage, sqs).await?;
        return Ok(serde_json::to_value(response)?);
    }
    let released = feedhound::service::park::release_due(deps).await?;
    if event.payload.get("action").and_then(Value::as_str) == Some("sweep") {
        tracing::info!(released, "parked tasks released");
        return Ok(json!({ "released": released }));
    }
    let enqueued = feedhound::service::schedule::enqueue_due_feeds(deps).await?;
    tracing::info!(enqueued, released, "scheduled poll run");
    Ok(json!({ "enqueued": enqueued, "released": released }))
}
