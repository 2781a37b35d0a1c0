use async_trait::async_trait;
use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, AttributeValue, BillingMode, KeySchemaElement, KeyType, ReturnValue, ScalarAttributeType,
};

use super::{ProvisionError, sdk_message};
use crate::ports::{Expect, Namespace, StateError, StateStore, Versioned};

/// Partition key: the namespace (`host`, `url`, `feed`).
pub const ATTR_NS: &str = "ns";
/// Sort key: the document id.
pub const ATTR_ID: &str = "id";
/// The JSON document.
pub const ATTR_BODY: &str = "body";
/// The label counted by `status` (a URL's state name).
pub const ATTR_TAG: &str = "tag";
/// The version, +1 on every write: the compare-and-set token.
pub const ATTR_VERSION: &str = "version";

/// The state store on one DynamoDB table keyed by (`ns`, `id`), so a namespace is read
/// in id order with a Query. Conditional writes give insert-if-absent and compare-and-set.
#[derive(Debug, Clone)]
pub struct DynamoStateStore {
    client: Client,
    table: String,
}

fn retryable<E: aws_sdk_dynamodb::error::ProvideErrorMetadata, R>(e: &aws_sdk_dynamodb::error::SdkError<E, R>) -> bool {
    use aws_sdk_dynamodb::error::SdkError;
    match e {
        SdkError::TimeoutError(_) | SdkError::DispatchFailure(_) | SdkError::ResponseError(_) => true,
        SdkError::ServiceError(s) => matches!(
            s.err().code(),
            Some(
                "ProvisionedThroughputExceededException"
                    | "ThrottlingException"
                    | "RequestLimitExceeded"
                    | "InternalServerError"
            )
        ),
        _ => false,
    }
}

fn backend<E, R>(op: &'static str) -> impl Fn(aws_sdk_dynamodb::error::SdkError<E, R>) -> StateError
where
    E: aws_sdk_dynamodb::error::ProvideErrorMetadata + std::error::Error + 'static,
    R: std::fmt::Debug + 'static,
{
    move |e| StateError::Backend { op, retryable: retryable(&e), message: sdk_message(&e) }
}

fn string_attr(item: &std::collections::HashMap<String, AttributeValue>, name: &str) -> String {
    item.get(name).and_then(|v| v.as_s().ok()).cloned().unwrap_or_default()
}

fn to_versioned(
    ns: Namespace,
    item: &std::collections::HashMap<String, AttributeValue>,
) -> Result<Versioned, StateError> {
    let version = item.get(ATTR_VERSION).and_then(|v| v.as_n().ok()).and_then(|n| n.parse().ok()).ok_or_else(|| {
        StateError::Corrupt { ns: ns.as_str(), id: string_attr(item, ATTR_ID), message: "no version".into() }
    })?;
    Ok(Versioned { body: string_attr(item, ATTR_BODY), tag: string_attr(item, ATTR_TAG), version })
}

impl DynamoStateStore {
    /// The store on `table`.
    pub fn new(client: Client, table: impl Into<String>) -> Self {
        Self { client, table: table.into() }
    }
}

#[async_trait]
impl StateStore for DynamoStateStore {
    async fn get(&self, ns: Namespace, id: &str) -> Result<Option<Versioned>, StateError> {
        let out = self
            .client
            .get_item()
            .table_name(&self.table)
            .key(ATTR_NS, AttributeValue::S(ns.as_str().to_owned()))
            .key(ATTR_ID, AttributeValue::S(id.to_owned()))
            .consistent_read(true)
            .send()
            .await
            .map_err(backend("get_item"))?;
        out.item().map(|i| to_versioned(ns, i)).transpose()
    }

    async fn put(&self, ns: Namespace, id: &str, body: &str, tag: &str, expect: Expect) -> Result<u64, StateError> {
        let (condition, version) = match expect {
            Expect::Absent => ("attribute_not_exists(#id)", 1),
            Expect::Version(v) => ("#version = :expected", v + 1),
        };
        let mut req = self
            .client
            .put_item()
            .table_name(&self.table)
            .item(ATTR_NS, AttributeValue::S(ns.as_str().to_owned()))
            .item(ATTR_ID, AttributeValue::S(id.to_owned()))
            .item(ATTR_BODY, AttributeValue::S(body.to_owned()))
            .item(ATTR_TAG, AttributeValue::S(tag.to_owned()))
            .item(ATTR_VERSION, AttributeValue::N(version.to_string()))
            .condition_expression(condition);
        req = match expect {
            Expect::Absent => req.expression_attribute_names("#id", ATTR_ID),
            Expect::Version(v) => req
                .expression_attribute_names("#version", ATTR_VERSION)
                .expression_attribute_values(":expected", AttributeValue::N(v.to_string())),
        };
        match req.send().await {
            Ok(_) => Ok(version),
            Err(e) if e.as_service_error().is_some_and(|s| s.is_conditional_check_failed_exception()) => {
                Err(StateError::Conflict { ns: ns.as_str(), id: id.to_owned() })
            }
            Err(e) => Err(backend("put_item")(e)),
        }
    }

    async fn put_any(&self, ns: Namespace, id: &str, body: &str, tag: &str) -> Result<u64, StateError> {
        let out = self
            .client
            .update_item()
            .table_name(&self.table)
            .key(ATTR_NS, AttributeValue::S(ns.as_str().to_owned()))
            .key(ATTR_ID, AttributeValue::S(id.to_owned()))
            .update_expression("SET #body = :body, #tag = :tag ADD #version :one")
            .expression_attribute_names("#body", ATTR_BODY)
            .expression_attribute_names("#tag", ATTR_TAG)
            .expression_attribute_names("#version", ATTR_VERSION)
            .expression_attribute_values(":body", AttributeValue::S(body.to_owned()))
            .expression_attribute_values(":tag", AttributeValue::S(tag.to_owned()))
            .expression_attribute_values(":one", AttributeValue::N("1".into()))
            .return_values(ReturnValue::UpdatedNew)
            .send()
            .await
            .map_err(backend("update_item"))?;
        out.attributes()
            .and_then(|a| a.get(ATTR_VERSION))
            .and_then(|v| v.as_n().ok())
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| StateError::Backend {
                op: "update_item",
                message: "no version returned".into(),
                retryable: false,
            })
    }

    async fn delete(&self, ns: Namespace, id: &str) -> Result<(), StateError> {
        self.client
            .delete_item()
            .table_name(&self.table)
            .key(ATTR_NS, AttributeValue::S(ns.as_str().to_owned()))
            .key(ATTR_ID, AttributeValue::S(id.to_owned()))
            .send()
            .await
            .map_err(backend("delete_item"))?;
        Ok(())
    }

    async fn scan(
        &self,
        ns: Namespace,
        after: Option<&str>,
        limit: usize,
    ) -> Result<(Vec<(String, Versioned)>, bool), StateError> {
        let mut req = self
            .client
            .query()
            .table_name(&self.table)
            .key_condition_expression("#ns = :ns")
            .expression_attribute_names("#ns", ATTR_NS)
            .expression_attribute_values(":ns", AttributeValue::S(ns.as_str().to_owned()))
            .consistent_read(true)
            .limit(i32::try_from(limit.clamp(1, 1000)).unwrap_or(1000));
        if let Some(a) = after {
            req = req
                .exclusive_start_key(ATTR_NS, AttributeValue::S(ns.as_str().to_owned()))
                .exclusive_start_key(ATTR_ID, AttributeValue::S(a.to_owned()));
        }
        let out = req.send().await.map_err(backend("query"))?;
        let mut page = Vec::new();
        for item in out.items() {
            page.push((string_attr(item, ATTR_ID), to_versioned(ns, item)?));
        }
        // DynamoDB may return a LastEvaluatedKey on an exactly full last page; the next
        // call then returns nothing, which callers handle.
        let more = out.last_evaluated_key().is_some_and(|k| !k.is_empty());
        Ok((page, more))
    }
}

/// Create the table (on-demand billing) and wait until it is active.
pub(super) async fn create_table(client: &Client, table: &str) -> Result<(), ProvisionError> {
    let perr = |m: String| ProvisionError { resource: format!("table {table}"), message: m };
    let attr = |n: &str| {
        AttributeDefinition::builder()
            .attribute_name(n)
            .attribute_type(ScalarAttributeType::S)
            .build()
            .map_err(|e| perr(e.to_string()))
    };
    let key = |n: &str, t: KeyType| {
        KeySchemaElement::builder().attribute_name(n).key_type(t).build().map_err(|e| perr(e.to_string()))
    };
    let created = client
        .create_table()
        .table_name(table)
        .attribute_definitions(attr(ATTR_NS)?)
        .attribute_definitions(attr(ATTR_ID)?)
        .key_schema(key(ATTR_NS, KeyType::Hash)?)
        .key_schema(key(ATTR_ID, KeyType::Range)?)
        .billing_mode(BillingMode::PayPerRequest)
        .send()
        .await;
    if let Err(e) = created
        && !e.as_service_error().is_some_and(|s| s.is_resource_in_use_exception())
    {
        return Err(perr(sdk_message(&e)));
    }
    for _ in 0..100 {
        let d = client.describe_table().table_name(table).send().await.map_err(|e| perr(sdk_message(&e)))?;
        if d.table().and_then(|t| t.table_status()).is_some_and(|s| *s == aws_sdk_dynamodb::types::TableStatus::Active)
        {
            return Ok(());
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    Err(perr("table did not become active in 20 s".into()))
}
