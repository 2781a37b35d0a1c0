//! The ports a Lambda function leaves out of its bootstrap: the composition root of a
//! function that never reads pages, never queues or never fetches puts [`Unwired`] in
//! their place, so the S3 client, the SQS client or the HTTP client is not linked into it (see
//! [`crate::lambda::Wiring`]). Reaching one is a bug in the wiring, reported as a
//! non-retryable error naming the port, never a panic.

use async_trait::async_trait;
use bytes::Bytes;

use crate::model::Stage;
use crate::ports::QueueSizes;
use crate::ports::{
    Delivery, HttpClient, HttpError, HttpRequest, HttpResponse, Outgoing, PageStore, PageStoreError, Queue, QueueError,
};
use std::time::Duration;

/// A port this function does not have.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unwired;

impl Unwired {
    fn page_error(op: &'static str, location: &str) -> PageStoreError {
        PageStoreError::Backend {
            op,
            location: location.to_owned(),
            retryable: false,
            source: "this function has no page store (see lambda::Wiring)".into(),
        }
    }

    fn queue_error(op: &'static str) -> QueueError {
        QueueError::Backend { op, retryable: false, source: "this function has no queues (see lambda::Wiring)".into() }
    }
}

#[async_trait]
impl PageStore for Unwired {
    async fn put(&self, location: &str, _bytes: Bytes, _content_type: &str) -> Result<(), PageStoreError> {
        Err(Self::page_error("put", location))
    }
    async fn get(&self, location: &str) -> Result<Option<Bytes>, PageStoreError> {
        Err(Self::page_error("get", location))
    }
    async fn delete(&self, location: &str) -> Result<(), PageStoreError> {
        Err(Self::page_error("delete", location))
    }
    async fn list(&self, prefix: &str) -> Result<Vec<String>, PageStoreError> {
        Err(Self::page_error("list", prefix))
    }
}

#[async_trait]
impl Queue for Unwired {
    async fn send_bodies(&self, _stage: Stage, _messages: &[Outgoing]) -> Result<(), QueueError> {
        Err(Self::queue_error("send"))
    }
    async fn release(&self, _delivery: &Delivery, _delay: Duration) -> Result<(), QueueError> {
        Err(Self::queue_error("release"))
    }
    async fn receive(&self, _stage: Stage, _max: usize, _wait: Duration) -> Result<Vec<Delivery>, QueueError> {
        Err(Self::queue_error("receive"))
    }
    async fn ack(&self, _delivery: &Delivery) -> Result<(), QueueError> {
        Err(Self::queue_error("ack"))
    }
    async fn dead_letter(&self, _delivery: &Delivery, _error: &str) -> Result<(), QueueError> {
        Err(Self::queue_error("dead_letter"))
    }
    async fn receive_dead(&self, _stage: Stage, _max: usize, _wait: Duration) -> Result<Vec<Delivery>, QueueError> {
        Err(Self::queue_error("receive_dead"))
    }
    async fn sizes(&self) -> Result<QueueSizes, QueueError> {
        Err(Self::queue_error("sizes"))
    }
}

#[async_trait]
impl HttpClient for Unwired {
    async fn fetch(&self, request: HttpRequest) -> Result<HttpResponse, HttpError> {
        Err(HttpError::Other {
            url: request.url.to_string(),
            message: "this function has no HTTP client (see lambda::Wiring)".into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn every_call_fails_without_retry() {
        let err = Unwired.get("pages/x.json").await.unwrap_err();
        assert!(!err.is_retryable());
        assert!(Unwired.put("a", Bytes::new(), "text/plain").await.is_err());
        assert!(Unwired.list("pages/").await.is_err());
        assert!(Unwired.delete("a").await.is_err());
        let err = Unwired.send_bodies(Stage::Fetch, &[]).await.unwrap_err();
        assert!(!err.is_retryable());
    }
}
