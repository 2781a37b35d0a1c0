//! AWS adapters: [`SqsQueue`], [`DynamoStateStore`], [`S3PageStore`], plus [`provision`]
//! which creates the queues, table and bucket (for tests, emulators and first setup; the
//! SAM template owns them in a real deployment).
//!
//! Endpoints come from the SDK's own settings (`AWS_ENDPOINT_URL`, `AWS_ENDPOINT_URL_SQS`,
//! ...), so the same code talks to AWS, LocalStack or ministack.

mod dynamo;
mod https;
mod s3;
mod search_url;
mod sqs;

pub use dynamo::DynamoStateStore;
pub use s3::S3PageStore;
pub use search_url::{FunctionUrlClient, emulator_route};
pub use sqs::SqsQueue;

use crate::config::ConfigError;

/// Names of the AWS resources.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AwsConfig {
    /// DynamoDB table (`FEEDHOUND_TABLE`, `feedhound-state`).
    pub table: String,
    /// S3 bucket (`FEEDHOUND_BUCKET`, `feedhound-pages`).
    pub bucket: String,
    /// Queue name prefix: queues are `<prefix>-<stage>` and `<prefix>-<stage>-dlq`
    /// (`FEEDHOUND_QUEUE_PREFIX`, `feedhound`).
    pub queue_prefix: String,
    /// Path-style S3 addressing (`FEEDHOUND_S3_PATH_STYLE`; default on when an endpoint
    /// override is set, as emulators need it).
    pub s3_path_style: bool,
}

impl AwsConfig {
    /// Parse from variables.
    ///
    /// # Errors
    /// [`ConfigError`] for a bad `FEEDHOUND_S3_PATH_STYLE`.
    pub fn from_lookup(lookup: &dyn Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let get = |k: &str, d: &str| lookup(k).filter(|v| !v.trim().is_empty()).unwrap_or_else(|| d.to_owned());
        let endpoint_set = lookup("AWS_ENDPOINT_URL").is_some_and(|v| !v.is_empty())
            || lookup("AWS_ENDPOINT_URL_S3").is_some_and(|v| !v.is_empty());
        let s3_path_style = match lookup("FEEDHOUND_S3_PATH_STYLE").map(|v| v.to_ascii_lowercase()) {
            None => endpoint_set,
            Some(v) if v == "true" || v == "1" => true,
            Some(v) if v == "false" || v == "0" => false,
            Some(v) => {
                return Err(ConfigError {
                    problems: vec![format!("FEEDHOUND_S3_PATH_STYLE={v:?}: expected true or false")],
                });
            }
        };
        Ok(Self {
            table: get("FEEDHOUND_TABLE", "feedhound-state"),
            bucket: get("FEEDHOUND_BUCKET", "feedhound-pages"),
            queue_prefix: get("FEEDHOUND_QUEUE_PREFIX", "feedhound"),
            s3_path_style,
        })
    }
}

/// The three SDK clients, built once from the environment.
#[derive(Clone, Debug)]
pub struct AwsClients {
    /// SQS.
    pub sqs: aws_sdk_sqs::Client,
    /// DynamoDB.
    pub dynamodb: aws_sdk_dynamodb::Client,
    /// S3.
    pub s3: aws_sdk_s3::Client,
}

impl AwsClients {
    /// Load the SDK configuration from the environment (region, credentials, endpoints).
    pub async fn from_env(config: &AwsConfig) -> Self {
        let shared = aws_config::defaults(aws_config::BehaviorVersion::latest())
            .http_client(https::sdk_http_client())
            .load()
            .await;
        Self::from_shared(&shared, config)
    }
}

/// The SDK configuration of a Lambda function, from the variables Lambda sets:
/// `AWS_REGION`, the function role's `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY` /
/// `AWS_SESSION_TOKEN`, and `AWS_ENDPOINT_URL` where an emulator runs the function. Nothing
/// else of the SDK's default provider chain (profiles, SSO, web identity through STS,
/// instance metadata) is used in a Lambda, and leaving it out keeps about 1 MB of code out
/// of every bootstrap. Retries and timeouts are the SDK's standard ones.
///
/// # Errors
/// [`ConfigError`] when no region is set.
pub fn lambda_sdk_config(lookup: &dyn Fn(&str) -> Option<String>) -> Result<aws_types::SdkConfig, ConfigError> {
    use aws_sdk_sqs::config::{BehaviorVersion, Region, SharedAsyncSleep, SharedCredentialsProvider};
    let set = |k: &str| lookup(k).filter(|v| !v.trim().is_empty());
    let region = set("AWS_REGION").or_else(|| set("AWS_DEFAULT_REGION")).ok_or_else(|| ConfigError {
        problems: vec!["AWS_REGION is not set (Lambda sets it; set it to run a function elsewhere)".into()],
    })?;
    let mut shared = aws_types::SdkConfig::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new(region))
        .credentials_provider(SharedCredentialsProvider::new(
            aws_config::environment::EnvironmentVariableCredentialsProvider::new(),
        ))
        .http_client(https::sdk_http_client())
        .retry_config(aws_config::retry::RetryConfig::standard())
        .timeout_config(
            aws_config::timeout::TimeoutConfig::builder()
                .connect_timeout(std::time::Duration::from_millis(3100))
                .build(),
        );
    if let Some(sleep) = aws_smithy_async::rt::sleep::default_async_sleep() {
        shared = shared.sleep_impl(SharedAsyncSleep::new(sleep));
    }
    if let Some(endpoint) = set("AWS_ENDPOINT_URL") {
        shared = shared.endpoint_url(endpoint);
    }
    Ok(shared.build())
}

/// The S3 client, path-style where the configuration asks for it (emulators).
pub fn s3_client(shared: &aws_types::SdkConfig, config: &AwsConfig) -> aws_sdk_s3::Client {
    aws_sdk_s3::Client::from_conf(
        aws_sdk_s3::config::Builder::from(shared).force_path_style(config.s3_path_style).build(),
    )
}

impl AwsClients {
    fn from_shared(shared: &aws_types::SdkConfig, config: &AwsConfig) -> Self {
        Self {
            sqs: aws_sdk_sqs::Client::new(shared),
            dynamodb: aws_sdk_dynamodb::Client::new(shared),
            s3: s3_client(shared, config),
        }
    }
}

/// Errors creating resources.
#[derive(Debug, thiserror::Error)]
#[error("provisioning {resource} failed: {message}")]
pub struct ProvisionError {
    /// What was being created.
    pub resource: String,
    /// Why it failed.
    pub message: String,
}

/// Create (idempotently) the queues with their dead-letter queues, the table and the bucket.
///
/// # Errors
/// [`ProvisionError`] naming the resource that could not be created.
pub async fn provision(clients: &AwsClients, config: &AwsConfig, max_receives: u32) -> Result<(), ProvisionError> {
    sqs::create_queues(&clients.sqs, &config.queue_prefix, max_receives).await?;
    dynamo::create_table(&clients.dynamodb, &config.table).await?;
    s3::create_bucket(&clients.s3, &config.bucket).await
}

fn sdk_message<E: std::error::Error + 'static>(e: &E) -> String {
    crate::error_chain(e)
}

/// An SDK error as the source of ours.
fn boxed<E: std::error::Error + Send + Sync + 'static>(e: E) -> crate::ports::BoxError {
    Box::new(e)
}

/// Whether an SDK failure is worth retrying: transport trouble and throttling are; a
/// request the service rejected is not.
fn sdk_retryable<E, R>(e: &aws_sdk_sqs::error::SdkError<E, R>) -> bool {
    use aws_sdk_sqs::error::SdkError;
    matches!(e, SdkError::TimeoutError(_) | SdkError::DispatchFailure(_) | SdkError::ResponseError(_))
}
