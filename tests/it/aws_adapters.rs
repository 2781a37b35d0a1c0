//! The port conformance suites against the AWS adapters on the emulator.

use std::sync::Arc;
use std::time::Duration;

use feedhound::adapters::aws::{DynamoStateStore, S3PageStore, SqsQueue};
use feedhound::conformance::{page_store_suite, queue_suite, state_suite};

use crate::harness::{aws_env, unique};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqs_queue_conforms() {
    let env = aws_env().await;
    let q = Arc::new(SqsQueue::new(env.clients.sqs.clone(), env.config.queue_prefix.clone()));
    queue_suite(q, &unique("q"), |d| tokio::time::sleep(d + Duration::from_millis(200))).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dynamo_state_store_conforms() {
    let env = aws_env().await;
    state_suite(Arc::new(DynamoStateStore::new(env.clients.dynamodb.clone(), env.config.table.clone())), &unique("s"))
        .await;
}

/// The Lambdas' store, which holds count changes until a flush, keeps the same contract.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dynamo_state_store_batching_counts_conforms() {
    let env = aws_env().await;
    let store = DynamoStateStore::new(env.clients.dynamodb.clone(), env.config.table.clone()).batching_counts();
    state_suite(Arc::new(store), &unique("b")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn s3_page_store_conforms() {
    let env = aws_env().await;
    page_store_suite(Arc::new(S3PageStore::new(env.clients.s3.clone(), env.config.bucket.clone())), &unique("p")).await;
}
