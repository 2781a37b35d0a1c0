//! What every Lambda shares: building the ports from the environment once, and the SQS
//! batch handler with partial batch failures.
//!
//! Each record is decoded by us (never `SqsEventObj`, where one bad body fails the whole
//! batch) and settled by the delivery policy every driver shares
//! ([`crate::service::delivery`]): a body that is not a task goes to the dead-letter queue
//! with its error; a deferred task is re-sent with its delay and counts as done, so
//! waiting never moves a message toward the dead-letter queue; a failing task (a panic
//! included) is released with a backoff and reported as a batch item failure until its
//! last allowed delivery, when we dead-letter it ourselves so the URL ends in a visible
//! state.

use std::sync::Arc;

use aws_lambda_events::event::sqs::{BatchItemFailure, SqsBatchResponse, SqsEvent, SqsMessage};
use futures::StreamExt;

use crate::adapters::aws::{
    AwsClients, AwsConfig, DynamoStateStore, S3PageStore, SqsQueue, lambda_sdk_config, s3_client,
};
use crate::adapters::clock::{RandomJitter, SystemClock};
use crate::adapters::http::ReqwestHttpClient;
use crate::adapters::unwired::Unwired;
use crate::config::{CrawlConfig, http_config_from_lookup};
use crate::model::Stage;
use crate::ports::{Delivery, HttpClient, PageStore, Queue, StateStore};
use crate::service::delivery::{self, Acks, Received};
use crate::service::{Deps, Runner};

/// Records handled at once within one batch.
const CONCURRENCY: usize = 8;

/// Errors building the Lambda's ports.
#[derive(Debug, thiserror::Error)]
pub enum InitError {
    /// A configuration variable is bad.
    #[error(transparent)]
    Config(#[from] crate::config::ConfigError),
    /// The HTTP client could not be built.
    #[error(transparent)]
    Http(#[from] crate::ports::HttpError),
    /// The configured image model cannot be used.
    #[error("{0}")]
    ImageModel(String),
}

/// Which of the optional ports a function's bootstrap has. Each is built by a function the
/// composition root names, so a function that leaves one out (`None`) does not link its
/// code: the S3 client (about 1.5 MB of a bootstrap with its checksum tables) where no page
/// is read or written, the SQS client where nothing is queued, reqwest where nothing is
/// fetched. What is left out is
/// [`Unwired`]: reaching it is an error naming the port.
#[derive(Clone, Copy, Debug)]
pub struct Wiring {
    /// The page store (S3): robots.txt copies, raw bodies, records, index bundles.
    pub pages: Option<BuildPages>,
    /// The task queues (SQS).
    pub queue: Option<BuildQueue>,
    /// The HTTP client that crawls (through the gate: feeds, robots.txt, pages, re-checks).
    pub http: Option<BuildHttp>,
}

/// Builds the task queues from the SDK configuration.
pub type BuildQueue = fn(&aws_types::SdkConfig, &AwsConfig) -> Arc<dyn Queue>;

/// Builds the page store from the SDK configuration.
pub type BuildPages = fn(&aws_types::SdkConfig, &AwsConfig) -> Arc<dyn PageStore>;
/// Builds the HTTP client from configuration variables.
pub type BuildHttp = fn(&dyn Fn(&str) -> Option<String>) -> Result<Arc<dyn HttpClient>, InitError>;

impl Wiring {
    /// Every port: the fetcher (pages, images and re-checks through the gate; raw bodies,
    /// drafts and records in the page store).
    pub const CRAWLING: Self = Self { pages: Some(s3_pages), queue: Some(sqs_queue), http: Some(crawling_http) };
    /// Queues and the network, no page store: the poller and the discoverer (they go
    /// through the gate, whose robots.txt copies are in the table).
    pub const READING_FEEDS: Self = Self { pages: None, queue: Some(sqs_queue), http: Some(crawling_http) };
    /// Pages and queues, no fetching: the extractor.
    pub const EXTRACTING: Self = Self { pages: Some(s3_pages), queue: Some(sqs_queue), http: None };
    /// Pages only: the indexer and the search function.
    pub const INDEXING: Self = Self { pages: Some(s3_pages), queue: None, http: None };
    /// The table and the queues: the sampler.
    pub const SAMPLING: Self = Self { pages: None, queue: Some(sqs_queue), http: None };
    /// The table, the queues and the network, no page store: the web function (its
    /// suggestions are queued, its opt-out proofs fetched through the gate; searches go to
    /// the search function).
    pub const SERVING: Self = Self { pages: None, queue: Some(sqs_queue), http: Some(crawling_http) };
}

/// The SQS task queues of [`Wiring::queue`].
pub fn sqs_queue(shared: &aws_types::SdkConfig, aws: &AwsConfig) -> Arc<dyn Queue> {
    Arc::new(SqsQueue::new(aws_sdk_sqs::Client::new(shared), aws.queue_prefix.clone()))
}

/// The S3 page store of [`Wiring::pages`].
pub fn s3_pages(shared: &aws_types::SdkConfig, aws: &AwsConfig) -> Arc<dyn PageStore> {
    Arc::new(S3PageStore::new(s3_client(shared, aws), aws.bucket.clone()))
}

/// The crawling HTTP client of [`Wiring::http`], configured from `FEEDHOUND_*` variables.
///
/// # Errors
/// [`InitError`] naming bad variables.
pub fn crawling_http(lookup: &dyn Fn(&str) -> Option<String>) -> Result<Arc<dyn HttpClient>, InitError> {
    Ok(Arc::new(ReqwestHttpClient::new(http_config_from_lookup(lookup)?)?))
}

/// Build a Lambda function's ports from its environment, the optional ones as `wiring`
/// says: SDK clients once per cold start, with the credentials Lambda gives the function
/// (see [`lambda_sdk_config`]).
///
/// # Errors
/// [`InitError`] naming bad variables.
pub async fn deps_from_env(wiring: Wiring) -> Result<Deps, InitError> {
    let lookup = |k: &str| std::env::var(k).ok();
    let aws = AwsConfig::from_lookup(&lookup)?;
    let shared = lambda_sdk_config(&lookup)?;
    let pages = match wiring.pages {
        Some(build) => build(&shared, &aws),
        None => Arc::new(Unwired),
    };
    let http = match wiring.http {
        Some(build) => build(&lookup)?,
        None => Arc::new(Unwired),
    };
    let queue = match wiring.queue {
        Some(build) => build(&shared, &aws),
        None => Arc::new(Unwired),
    };
    // Count changes are written once per invocation (see `flushing`).
    let state = DynamoStateStore::new(aws_sdk_dynamodb::Client::new(&shared), aws.table.clone()).batching_counts();
    deps_with(&aws, queue, Arc::new(state), pages, http)
}

/// The same ports for a command run by a person (`feedhound … --aws`, `feedhound work`):
/// every one, and the SDK's whole provider chain, so profiles, SSO and assumed roles work.
///
/// # Errors
/// [`InitError`] naming bad variables.
pub async fn deps_from_sdk_defaults() -> Result<Deps, InitError> {
    let lookup = |k: &str| std::env::var(k).ok();
    let aws = AwsConfig::from_lookup(&lookup)?;
    let clients = AwsClients::from_env(&aws).await;
    let queue = SqsQueue::new(clients.sqs, aws.queue_prefix.clone());
    let state = DynamoStateStore::new(clients.dynamodb, aws.table.clone());
    let pages = S3PageStore::new(clients.s3, aws.bucket.clone());
    deps_with(&aws, Arc::new(queue), Arc::new(state), Arc::new(pages), crawling_http(&lookup)?)
}

fn deps_with(
    aws: &AwsConfig,
    queue: Arc<dyn Queue>,
    state: Arc<dyn StateStore>,
    pages: Arc<dyn PageStore>,
    http: Arc<dyn HttpClient>,
) -> Result<Deps, InitError> {
    let lookup = |k: &str| std::env::var(k).ok();
    let config = CrawlConfig::from_lookup(&lookup)?;
    let classifier = crate::adapters::load_classifier(config.image_model.as_deref()).map_err(InitError::ImageModel)?;
    // Embedded-metric-format lines only where CloudWatch reads them: in a Lambda. The CLI's
    // `--aws` commands build the same ports and must keep stdout for their own output.
    let metrics: Arc<dyn crate::ports::Metrics> = match lookup("AWS_LAMBDA_FUNCTION_NAME") {
        Some(_) => {
            let stack = lookup("FEEDHOUND_STACK").unwrap_or_else(|| aws.queue_prefix.clone());
            Arc::new(crate::adapters::metrics::EmfMetrics::stdout(METRICS_NAMESPACE, &stack))
        }
        None => Arc::new(crate::adapters::metrics::NoMetrics),
    };
    if !config.respect_robots {
        tracing::warn!("FEEDHOUND_RESPECT_ROBOTS is off: robots.txt will not be obeyed");
    }
    Ok(Deps {
        queue,
        state,
        pages,
        http,
        clock: Arc::new(SystemClock),
        jitter: Arc::new(RandomJitter::from_os()),
        config: Arc::new(config),
        gate_local: Arc::default(),
        classifier,
        metrics,
    })
}

/// The CloudWatch namespace of feedhound's metrics (the template's alarms use it).
pub const METRICS_NAMESPACE: &str = "feedhound";

/// Run one invocation's `work`, then write out the count changes and the metrics it
/// recorded. Counts that cannot be written are kept for the next invocation (a count is
/// never worth failing a batch over).
pub async fn flushing<T>(deps: &Deps, work: impl std::future::Future<Output = T>) -> T {
    let out = work.await;
    if let Err(e) = deps.state.flush().await {
        tracing::warn!(error = %crate::error_chain(&e), "could not write the count changes; kept for the next invocation");
    }
    deps.metrics.flush();
    out
}

/// A batch that cannot be handled record by record.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// A record has no message id, so its failure could not be reported: the whole batch
    /// fails (and SQS delivers it again) rather than risk acknowledging it.
    #[error("an SQS record has no message id; failing the whole batch so nothing is acknowledged unseen")]
    MissingMessageId,
}

/// Handle an SQS batch of `stage`'s queue with that stage's `runner` (e.g.
/// [`crate::service::fetch_stage`]): returns the messages to be redelivered.
///
/// # Errors
/// [`BatchError`] when a record cannot be reported on; nothing of the batch is handled.
pub async fn handle_sqs_batch(
    deps: &Deps,
    stage: Stage,
    runner: Runner,
    event: SqsEvent,
) -> Result<SqsBatchResponse, BatchError> {
    if event.records.iter().any(|r| r.message_id.as_deref().is_none_or(str::is_empty)) {
        return Err(BatchError::MissingMessageId);
    }
    let failures: Vec<BatchItemFailure> = futures::stream::iter(event.records)
        .map(|record| async move {
            let id = record.message_id.clone().unwrap_or_default();
            match handle_record(deps, stage, runner, record).await {
                Ok(()) => None,
                Err(()) => {
                    let mut f = BatchItemFailure::default();
                    f.item_identifier = id;
                    Some(f)
                }
            }
        })
        .buffer_unordered(CONCURRENCY)
        .filter_map(std::future::ready)
        .collect()
        .await;
    let mut response = SqsBatchResponse::default();
    response.batch_item_failures = failures;
    Ok(response)
}

async fn handle_record(deps: &Deps, stage: Stage, runner: Runner, record: SqsMessage) -> Result<(), ()> {
    use tracing::Instrument;
    let message_id = record.message_id.clone().unwrap_or_default();
    let span = tracing::info_span!("message", message_id = %message_id, stage = stage.as_str());
    settle_record(deps, stage, runner, record).instrument(span).await
}

async fn settle_record(deps: &Deps, stage: Stage, runner: Runner, record: SqsMessage) -> Result<(), ()> {
    let Some(receipt) = record.receipt_handle.clone() else {
        tracing::error!("SQS record without a receipt handle; reporting it as failed");
        return Err(());
    };
    let receive_count = record.attributes.get("ApproximateReceiveCount").and_then(|v| v.parse().ok()).unwrap_or(1);
    let body = record.body.clone().unwrap_or_default();
    let received = Received::decode(Delivery { stage, receipt, body, receive_count });
    let (_, settlement) = delivery::handle(deps, &received, deps.config.inline_wait, runner).await;
    match delivery::apply(deps, &received, &settlement, Acks::ByRuntime).await {
        Ok(false) => Ok(()),
        // A retry: reported as failed, SQS delivers it again when its visibility ends.
        Ok(true) => Err(()),
        Err(e) => {
            tracing::warn!(error = %crate::error_chain(&e), settlement = settlement.name(), "could not settle the message; SQS will redeliver it");
            Err(())
        }
    }
}

/// Logging for a Lambda function, as Lambda's advanced logging controls expect: the level
/// from `AWS_LAMBDA_LOG_LEVEL`, else `RUST_LOG` (a level or `target=level,...`), else
/// `info`; JSON lines when `AWS_LAMBDA_LOG_FORMAT=JSON`; no timestamps (CloudWatch adds
/// them). A target filter rather than the regex-based `EnvFilter` keeps the regex engine
/// out of the bootstraps.
pub fn init_tracing() {
    use tracing_subscriber::filter::Targets;
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let lookup = |k: &str| std::env::var(k).ok().filter(|v| !v.trim().is_empty());
    let wanted = lookup("AWS_LAMBDA_LOG_LEVEL").or_else(|| lookup("RUST_LOG"));
    let filter = wanted
        .as_deref()
        .map(|w| w.to_ascii_lowercase().parse::<Targets>())
        .and_then(Result::ok)
        .unwrap_or_else(|| Targets::new().with_default(tracing::Level::INFO));
    let json = lookup("AWS_LAMBDA_LOG_FORMAT").is_some_and(|f| f.eq_ignore_ascii_case("json"));
    let fmt = tracing_subscriber::fmt::layer().with_target(false).without_time().with_writer(std::io::stdout);
    let registry = tracing_subscriber::registry().with(filter);
    // A second init (tests) keeps the first subscriber.
    let _ = if json { registry.with(fmt.json()).try_init() } else { registry.with(fmt).try_init() };
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::adapters::clock::{FixedJitter, SystemClock};
    use crate::adapters::memory::{MemoryPageStore, MemoryQueue, MemoryStateStore};
    use crate::ports::Queue;

    #[tokio::test]
    async fn a_record_without_a_message_id_fails_the_batch_unhandled() {
        let clock = Arc::new(SystemClock);
        let queue = Arc::new(MemoryQueue::new(clock.clone()));
        let deps = Deps {
            queue: queue.clone(),
            state: Arc::new(MemoryStateStore::new()),
            pages: Arc::new(MemoryPageStore::new()),
            http: Arc::new(ReqwestHttpClient::new(crate::adapters::http::HttpConfig::default()).unwrap()),
            clock,
            jitter: Arc::new(FixedJitter(0.0)),
            config: Arc::new(CrawlConfig::for_tests()),
            gate_local: Arc::default(),
            metrics: Arc::new(crate::adapters::metrics::NoMetrics),
            classifier: None,
        };
        let event: SqsEvent = serde_json::from_value(serde_json::json!({ "Records": [
            { "messageId": "m-1", "receiptHandle": "1", "body": "not a task", "attributes": {}, "messageAttributes": {} },
            { "receiptHandle": "2", "body": "{}", "attributes": {}, "messageAttributes": {} }
        ]}))
        .unwrap();
        let out = handle_sqs_batch(&deps, Stage::Fetch, crate::service::fetch_stage, event).await;
        assert!(matches!(out, Err(BatchError::MissingMessageId)), "{out:?}");
        assert!(queue.receive_dead(Stage::Fetch, 10, Duration::ZERO).await.unwrap().is_empty(), "nothing was handled");

        // A task of another stage on this function's queue is dead-lettered, never run.
        let poll = crate::model::Task::PollFeed(crate::model::PollFeedTask { feed: "https://a.test/feed".into() });
        let event: SqsEvent = serde_json::from_value(serde_json::json!({ "Records": [
            { "messageId": "m-2", "receiptHandle": "3", "body": poll.encode().unwrap(), "attributes": {}, "messageAttributes": {} }
        ]}))
        .unwrap();
        let out = handle_sqs_batch(&deps, Stage::Fetch, crate::service::fetch_stage, event).await.unwrap();
        assert!(out.batch_item_failures.is_empty(), "settled: {out:?}");
        let dead = queue.receive_dead(Stage::Fetch, 10, Duration::ZERO).await.unwrap();
        assert_eq!(dead.len(), 1, "dead-lettered");
        assert!(deps.repos().feeds.all().await.unwrap().is_empty(), "the poll never ran");
    }
}
