use std::collections::HashMap;
use std::time::Duration;

use async_trait::async_trait;
use aws_sdk_sqs::Client;
use aws_sdk_sqs::types::{MessageSystemAttributeName, QueueAttributeName, SendMessageBatchRequestEntry};
use tokio::sync::Mutex;

use super::{ProvisionError, boxed, sdk_message, sdk_retryable};
use crate::model::Stage;
use crate::ports::{Delivery, Outgoing, Queue, QueueError, QueueSizes};

/// SQS caps a message delay at 15 minutes; a longer deferral is re-deferred on delivery.
const MAX_DELAY: Duration = Duration::from_secs(900);
/// SQS caps a visibility timeout at 12 hours.
const MAX_VISIBILITY_SECS: u64 = 12 * 3600;

/// One SQS queue per stage, `<prefix>-<stage>`, each with `<prefix>-<stage>-dlq`.
#[derive(Debug)]
pub struct SqsQueue {
    client: Client,
    prefix: String,
    urls: Mutex<HashMap<String, String>>,
}

fn queue_name(prefix: &str, stage: Stage, dead: bool) -> String {
    format!("{prefix}-{}{}", stage.as_str(), if dead { "-dlq" } else { "" })
}

fn err<E, R>(op: &'static str) -> impl Fn(aws_sdk_sqs::error::SdkError<E, R>) -> QueueError
where
    E: std::error::Error + Send + Sync + 'static,
    R: std::fmt::Debug + Send + Sync + 'static,
{
    move |e| QueueError::Backend { op, retryable: sdk_retryable(&e), source: boxed(e) }
}

/// Delay in whole seconds, rounded up so a deferral never comes back early.
fn delay_secs(delay: Duration) -> i32 {
    let capped = delay.min(MAX_DELAY);
    let secs = capped.as_secs() + u64::from(capped.subsec_nanos() > 0);
    i32::try_from(secs).unwrap_or(900)
}

impl SqsQueue {
    /// Queues named from `prefix`; URLs are looked up once each, on first use.
    pub fn new(client: Client, prefix: impl Into<String>) -> Self {
        Self { client, prefix: prefix.into(), urls: Mutex::new(HashMap::new()) }
    }

    async fn url(&self, stage: Stage, dead: bool) -> Result<String, QueueError> {
        let name = queue_name(&self.prefix, stage, dead);
        let mut urls = self.urls.lock().await;
        if let Some(u) = urls.get(&name) {
            return Ok(u.clone());
        }
        let out = self.client.get_queue_url().queue_name(&name).send().await.map_err(err("get_queue_url"))?;
        let url = out
            .queue_url()
            .ok_or_else(|| QueueError::Backend {
                op: "get_queue_url",
                source: format!("no URL for {name}").into(),
                retryable: false,
            })?
            .to_owned();
        urls.insert(name, url.clone());
        Ok(url)
    }

    async fn receive_from(
        &self,
        stage: Stage,
        dead: bool,
        max: usize,
        wait: Duration,
    ) -> Result<Vec<Delivery>, QueueError> {
        let url = self.url(stage, dead).await?;
        let out = self
            .client
            .receive_message()
            .queue_url(url)
            .max_number_of_messages(i32::try_from(max.clamp(1, 10)).unwrap_or(10))
            .wait_time_seconds(i32::try_from(wait.as_secs().min(20)).unwrap_or(0))
            .message_system_attribute_names(MessageSystemAttributeName::ApproximateReceiveCount)
            .send()
            .await
            .map_err(err("receive_message"))?;
        Ok(out
            .messages()
            .iter()
            .filter_map(|m| {
                let receipt = m.receipt_handle()?.to_owned();
                let receive_count = m
                    .attributes()
                    .and_then(|a| a.get(&MessageSystemAttributeName::ApproximateReceiveCount))
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(1);
                Some(Delivery { stage, receipt, body: m.body().unwrap_or_default().to_owned(), receive_count })
            })
            .collect())
    }
}

#[async_trait]
impl Queue for SqsQueue {
    fn max_delay(&self) -> Option<Duration> {
        Some(MAX_DELAY)
    }

    async fn send_bodies(&self, stage: Stage, messages: &[Outgoing]) -> Result<(), QueueError> {
        let url = self.url(stage, false).await?;
        if let [one] = messages {
            self.client
                .send_message()
                .queue_url(url)
                .message_body(&one.body)
                .delay_seconds(delay_secs(one.delay))
                .send()
                .await
                .map_err(err("send_message"))?;
            return Ok(());
        }
        for chunk in messages.chunks(10) {
            let mut batch = self.client.send_message_batch().queue_url(&url);
            for (i, m) in chunk.iter().enumerate() {
                let entry = SendMessageBatchRequestEntry::builder()
                    .id(i.to_string())
                    .message_body(&m.body)
                    .delay_seconds(delay_secs(m.delay))
                    .build()
                    .map_err(|e| QueueError::Backend {
                        op: "send_message_batch",
                        retryable: false,
                        source: boxed(e),
                    })?;
                batch = batch.entries(entry);
            }
            let out = batch.send().await.map_err(err("send_message_batch"))?;
            if let Some(f) = out.failed().first() {
                return Err(QueueError::Backend {
                    op: "send_message_batch",
                    retryable: !f.sender_fault(),
                    source: format!(
                        "{} of {} entries failed, first: {} {}",
                        out.failed().len(),
                        chunk.len(),
                        f.code(),
                        f.message().unwrap_or("")
                    )
                    .into(),
                });
            }
        }
        Ok(())
    }

    async fn release(&self, delivery: &Delivery, delay: Duration) -> Result<(), QueueError> {
        // SQS counts the next receive itself; only the visibility changes.
        let url = self.url(delivery.stage, false).await?;
        let secs = i32::try_from(delay.as_secs().min(MAX_VISIBILITY_SECS)).unwrap_or(0);
        self.client
            .change_message_visibility()
            .queue_url(url)
            .receipt_handle(&delivery.receipt)
            .visibility_timeout(secs)
            .send()
            .await
            .map_err(err("change_message_visibility"))?;
        Ok(())
    }

    async fn receive(&self, stage: Stage, max: usize, wait: Duration) -> Result<Vec<Delivery>, QueueError> {
        self.receive_from(stage, false, max, wait).await
    }

    async fn ack(&self, delivery: &Delivery) -> Result<(), QueueError> {
        let url = self.url(delivery.stage, false).await?;
        self.client
            .delete_message()
            .queue_url(url)
            .receipt_handle(&delivery.receipt)
            .send()
            .await
            .map_err(err("delete_message"))?;
        Ok(())
    }

    async fn dead_letter(&self, delivery: &Delivery, error: &str) -> Result<(), QueueError> {
        let dlq = self.url(delivery.stage, true).await?;
        let reason = aws_sdk_sqs::types::MessageAttributeValue::builder()
            .data_type("String")
            .string_value(error.chars().take(1000).collect::<String>())
            .build()
            .map_err(|e| QueueError::Backend { op: "dead_letter", retryable: false, source: boxed(e) })?;
        let body = if delivery.body.is_empty() { "(empty body)".to_owned() } else { delivery.body.clone() };
        self.client
            .send_message()
            .queue_url(dlq)
            .message_body(body)
            .message_attributes("feedhound_error", reason)
            .send()
            .await
            .map_err(err("dead_letter"))?;
        self.ack(delivery).await
    }

    async fn receive_dead(&self, stage: Stage, max: usize, wait: Duration) -> Result<Vec<Delivery>, QueueError> {
        self.receive_from(stage, true, max, wait).await
    }

    async fn sizes(&self) -> Result<QueueSizes, QueueError> {
        use QueueAttributeName as A;
        let mut sizes = QueueSizes::default();
        for stage in Stage::ALL {
            for dead in [false, true] {
                let url = self.url(stage, dead).await?;
                let out = self
                    .client
                    .get_queue_attributes()
                    .queue_url(url)
                    .attribute_names(A::ApproximateNumberOfMessages)
                    .attribute_names(A::ApproximateNumberOfMessagesDelayed)
                    .attribute_names(A::ApproximateNumberOfMessagesNotVisible)
                    .send()
                    .await
                    .map_err(err("get_queue_attributes"))?;
                let n: u64 = out.attributes().into_iter().flatten().filter_map(|(_, v)| v.parse::<u64>().ok()).sum();
                if dead {
                    sizes.dead += n;
                } else {
                    sizes.waiting += n;
                }
            }
        }
        Ok(sizes)
    }
}

/// Create every stage queue with its dead-letter queue and redrive policy.
pub(super) async fn create_queues(client: &Client, prefix: &str, max_receives: u32) -> Result<(), ProvisionError> {
    for stage in Stage::ALL {
        let dlq_name = queue_name(prefix, stage, true);
        let perr = |name: &str| {
            let name = name.to_owned();
            move |e: String| ProvisionError { resource: format!("queue {name}"), message: e }
        };
        let dlq = client
            .create_queue()
            .queue_name(&dlq_name)
            .attributes(QueueAttributeName::MessageRetentionPeriod, "1209600")
            .send()
            .await
            .map_err(|e| perr(&dlq_name)(sdk_message(&e)))?;
        let dlq_url = dlq.queue_url().unwrap_or_default().to_owned();
        let attrs = client
            .get_queue_attributes()
            .queue_url(&dlq_url)
            .attribute_names(QueueAttributeName::QueueArn)
            .send()
            .await
            .map_err(|e| perr(&dlq_name)(sdk_message(&e)))?;
        let arn = attrs.attributes().and_then(|a| a.get(&QueueAttributeName::QueueArn)).cloned().unwrap_or_default();
        let name = queue_name(prefix, stage, false);
        let redrive =
            serde_json::json!({ "deadLetterTargetArn": arn, "maxReceiveCount": max_receives.to_string() }).to_string();
        client
            .create_queue()
            .queue_name(&name)
            .attributes(QueueAttributeName::VisibilityTimeout, "180")
            .attributes(QueueAttributeName::RedrivePolicy, redrive)
            .send()
            .await
            .map_err(|e| perr(&name)(sdk_message(&e)))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_round_up_and_cap() {
        assert_eq!(delay_secs(Duration::ZERO), 0);
        assert_eq!(delay_secs(Duration::from_millis(1)), 1);
        assert_eq!(delay_secs(Duration::from_millis(1500)), 2);
        assert_eq!(delay_secs(Duration::from_secs(72 * 3600)), 900);
        assert_eq!(queue_name("fh", Stage::Fetch, true), "fh-fetch-dlq");
    }
}
