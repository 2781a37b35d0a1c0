//! The fetcher Lambda: SQS batches of page, image and re-check requests tasks, handed to the shared services.

use aws_lambda_events::event::sqs::{SqsBatchResponse, SqsEvent};
use feedhound::model::Stage;
use feedhound::service::Deps;
use lambda_runtime::{Error, LambdaEvent};

/// Handle one SQS batch; failed records are reported for redelivery.
///
/// # Errors
/// Never for a record's failure (those are batch item failures); the signature is the runtime's.
pub async fn handle(deps: &Deps, event: LambdaEvent<SqsEvent>) -> Result<SqsBatchResponse, Error> {
    Ok(feedhound::lambda::handle_sqs_batch(deps, Stage::Fetch, feedhound::service::fetch_stage, event.payload).await?)
}
