//! The state store on one DynamoDB table. Its key design (also written down in
//! `infra/STORAGE.md`):
//!
//! - **Partition key `pk` = `<namespace>#<id>`**: one item per URL key, host, feed, site,
//!   parked task, so traffic spreads over as many partitions as there are items. Items
//!   also carry `ns`, `id`, `body` (the JSON document), `tag`, `version`.
//! - **One sparse, overloaded global secondary index `gsi1`** (`gsi1pk`, `gsi1sk`,
//!   keys only) serves the periodic jobs. An item is in it only while it carries one of
//!   the [`IndexKeys`]:
//!   - due feeds and parked tasks: `due#<ns>#<shard>`, sort key the due time (15 digits);
//!   - URLs with work pending, by host: `host#<ns>#<shard>`, sort key the reversed host
//!     (`com.example.www.`), so a domain and its subdomains are one `begins_with`;
//!   - stored pages for the sampler: `sample#<ns>#<shard>`, sort key a random number.
//!
//!   The shard (0–15, a hash of the id) spreads each pattern over 16 index partitions; a
//!   job queries all 16 and reads only matching keys, then the items themselves.
//! - **Counters** `count#<ns>#<shard>` hold documents per tag (`n_<tag>`), moved on every
//!   write that changes a tag (the old tag comes back from the write itself). They are
//!   updated after the write, not in a transaction: a crash between the two leaves a
//!   count off, which `status` shows as it is (documented, cheap; a transaction would
//!   double every write's cost). A store made [`DynamoStateStore::batching_counts`] (the
//!   Lambdas') adds the changes up in the process and writes them with one `UpdateItem`
//!   per namespace at `flush` (the end of each invocation), instead of one per change.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, AttributeValue, BillingMode, GlobalSecondaryIndex, KeySchemaElement, KeyType,
    KeysAndAttributes, Projection, ProjectionType, ReturnValue, ScalarAttributeType,
};

use super::{ProvisionError, boxed};
use crate::model::Timestamp;
use crate::ports::{Doc, DocPage, Expect, IndexKeys, Namespace, StateError, StateStore, Versioned, reversed_host};

/// Partition key: `<ns>#<id>`.
pub const ATTR_PK: &str = "pk";
/// The namespace (for operator scans of one namespace).
pub const ATTR_NS: &str = "ns";
/// The document id.
pub const ATTR_ID: &str = "id";
/// The JSON document.
pub const ATTR_BODY: &str = "body";
/// The label counted per namespace (a URL's state name).
pub const ATTR_TAG: &str = "tag";
/// The version, +1 on every write: the compare-and-set token.
pub const ATTR_VERSION: &str = "version";
/// The index's partition key: `<pattern>#<ns>#<shard>`.
pub const ATTR_GSI_PK: &str = "gsi1pk";
/// The index's sort key: due time, reversed host or sample number.
pub const ATTR_GSI_SK: &str = "gsi1sk";
/// The index's name.
pub const GSI: &str = "gsi1";
/// Shards per index pattern and per counter.
pub const SHARDS: u32 = 16;

/// The state store on one DynamoDB table.
#[derive(Debug, Clone)]
pub struct DynamoStateStore {
    client: Client,
    table: String,
    /// Count changes held until `flush`, when batching: (namespace, tag) → change.
    pending: Option<Arc<Mutex<PendingCounts>>>,
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
    E: aws_sdk_dynamodb::error::ProvideErrorMetadata + std::error::Error + Send + Sync + 'static,
    R: std::fmt::Debug + Send + Sync + 'static,
{
    move |e| StateError::Backend { op, retryable: retryable(&e), source: boxed(e) }
}

type Item = HashMap<String, AttributeValue>;

/// Count changes held in the process: (namespace, tag) → change.
type PendingCounts = BTreeMap<(Namespace, String), i64>;

/// How long a batching store holds count changes at most.
pub const COUNT_FLUSH_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// The counter shard the next batched flush writes to (in turn, so concurrent functions
/// spread their counter writes).
static NEXT_SHARD: AtomicU32 = AtomicU32::new(0);

fn poisoned() -> StateError {
    StateError::Backend { op: "count", retryable: false, source: "the pending counts lock is poisoned".into() }
}

fn s(v: impl Into<String>) -> AttributeValue {
    AttributeValue::S(v.into())
}

fn n(v: impl ToString) -> AttributeValue {
    AttributeValue::N(v.to_string())
}

fn string_attr(item: &Item, name: &str) -> String {
    item.get(name).and_then(|v| v.as_s().ok()).cloned().unwrap_or_default()
}

fn number_attr(item: &Item, name: &str) -> Option<i64> {
    item.get(name).and_then(|v| v.as_n().ok()).and_then(|n| n.parse().ok())
}

fn pk(ns: Namespace, id: &str) -> String {
    format!("{}#{id}", ns.as_str())
}

/// The shard of an id: FNV-1a, stable across processes and versions.
fn shard(id: &str) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for b in id.bytes() {
        h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    h % SHARDS
}

fn due_sk(t: Timestamp) -> String {
    format!("{:015}", t.as_millis().max(0))
}

fn sample_sk(n: u32) -> String {
    format!("{n:010}")
}

/// The index attributes of a document: at most one pattern (a document is due, or
/// waiting on a host, or sampled), in that order of precedence.
fn gsi_attrs(ns: Namespace, id: &str, keys: &IndexKeys) -> Option<(String, String)> {
    let shard = shard(id);
    let ns = ns.as_str();
    if let Some(due) = keys.due {
        return Some((format!("due#{ns}#{shard}"), due_sk(due)));
    }
    if let Some(host) = &keys.host {
        return Some((format!("host#{ns}#{shard}"), reversed_host(host)));
    }
    keys.sample.map(|sample| (format!("sample#{ns}#{shard}"), sample_sk(sample)))
}

fn to_versioned(ns: Namespace, item: &Item) -> Result<(String, Versioned), StateError> {
    let id = string_attr(item, ATTR_ID);
    let version = number_attr(item, ATTR_VERSION).and_then(|v| u64::try_from(v).ok()).ok_or_else(|| {
        StateError::Corrupt { ns: ns.as_str(), id: id.clone(), source: "the item has no version".into() }
    })?;
    Ok((id, Versioned { body: string_attr(item, ATTR_BODY), tag: string_attr(item, ATTR_TAG), version }))
}

impl DynamoStateStore {
    /// The store on `table`.
    pub fn new(client: Client, table: impl Into<String>) -> Self {
        Self { client, table: table.into(), pending: None }
    }

    /// The same store, holding count changes in the process for at most
    /// [`COUNT_FLUSH_EVERY`] (or until [`StateStore::flush`], which callers run at the end
    /// of each unit of work: a Lambda invocation): one counter write per namespace per
    /// flush instead of one per state change. Changes not yet written when the process
    /// dies are lost to the counts (at most the last second's).
    ///
    /// Call it within a tokio runtime (the periodic flush is a task of it).
    #[must_use]
    pub fn batching_counts(mut self) -> Self {
        let pending: Arc<Mutex<PendingCounts>> = Arc::default();
        self.pending = Some(Arc::clone(&pending));
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            let store = Self { client: self.client.clone(), table: self.table.clone(), pending: None };
            let weak = Arc::downgrade(&pending);
            runtime.spawn(async move {
                let mut tick = tokio::time::interval(COUNT_FLUSH_EVERY);
                tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
                loop {
                    tick.tick().await;
                    // The store is gone: so is the work.
                    let Some(pending) = weak.upgrade() else { return };
                    let flusher = Self { pending: Some(pending), ..store.clone() };
                    if let Err(e) = flusher.flush_counts().await {
                        tracing::debug!(error = %crate::error_chain(&e), "count flush failed; retried next tick");
                    }
                }
            });
        }
        self
    }

    fn item(ns: Namespace, id: &str, doc: &Doc, version: u64) -> Item {
        let mut item: Item = [
            (ATTR_PK.to_owned(), s(pk(ns, id))),
            (ATTR_NS.to_owned(), s(ns.as_str())),
            (ATTR_ID.to_owned(), s(id)),
            (ATTR_BODY.to_owned(), s(&doc.body)),
            (ATTR_TAG.to_owned(), s(&doc.tag)),
            (ATTR_VERSION.to_owned(), n(version)),
        ]
        .into_iter()
        .collect();
        if let Some((gpk, gsk)) = gsi_attrs(ns, id, &doc.keys) {
            item.insert(ATTR_GSI_PK.to_owned(), s(gpk));
            item.insert(ATTR_GSI_SK.to_owned(), s(gsk));
        }
        item
    }

    /// Move the per-tag counters after a write that replaced `old` (a tag, if any) with
    /// `new` (if any).
    async fn count(&self, ns: Namespace, id: &str, old: Option<&str>, new: Option<&str>) -> Result<(), StateError> {
        if old == new {
            return Ok(());
        }
        if let Some(pending) = &self.pending {
            let mut pending = pending.lock().map_err(|_| poisoned())?;
            for (tag, change) in [(old, -1), (new, 1)] {
                if let Some(tag) = tag {
                    *pending.entry((ns, tag.to_owned())).or_default() += change;
                }
            }
            return Ok(());
        }
        let mut req = self
            .client
            .update_item()
            .table_name(&self.table)
            .key(ATTR_PK, s(format!("count#{}#{}", ns.as_str(), shard(id))));
        let mut adds = Vec::new();
        if let Some(o) = old {
            adds.push("#old :minus");
            req = req.expression_attribute_names("#old", format!("n_{o}")).expression_attribute_values(":minus", n(-1));
        }
        if let Some(t) = new {
            adds.push("#new :plus");
            req = req.expression_attribute_names("#new", format!("n_{t}")).expression_attribute_values(":plus", n(1));
        }
        req.update_expression(format!("ADD {}", adds.join(", "))).send().await.map_err(backend("update_item"))?;
        Ok(())
    }

    /// Write the held count changes: one `UpdateItem` per namespace, on a shard chosen in
    /// turn (any shard serves: `counts` adds them all up). What fails to be written is
    /// held again for the next flush.
    async fn flush_counts(&self) -> Result<(), StateError> {
        let Some(pending) = &self.pending else { return Ok(()) };
        let taken = std::mem::take(&mut *pending.lock().map_err(|_| poisoned())?);
        let mut by_ns: BTreeMap<Namespace, Vec<(String, i64)>> = BTreeMap::new();
        for ((ns, tag), change) in taken {
            if change != 0 {
                by_ns.entry(ns).or_default().push((tag, change));
            }
        }
        let mut result = Ok(());
        for (ns, changes) in by_ns {
            let shard = NEXT_SHARD.fetch_add(1, Ordering::Relaxed) % SHARDS;
            let mut req = self
                .client
                .update_item()
                .table_name(&self.table)
                .key(ATTR_PK, s(format!("count#{}#{shard}", ns.as_str())));
            let mut adds = Vec::new();
            for (i, (tag, change)) in changes.iter().enumerate() {
                adds.push(format!("#t{i} :v{i}"));
                req = req
                    .expression_attribute_names(format!("#t{i}"), format!("n_{tag}"))
                    .expression_attribute_values(format!(":v{i}"), n(change));
            }
            if let Err(e) = req.update_expression(format!("ADD {}", adds.join(", "))).send().await {
                // Held again: the next flush tries them once more.
                if let Ok(mut p) = pending.lock() {
                    for (tag, change) in changes {
                        *p.entry((ns, tag)).or_default() += change;
                    }
                }
                result = Err(backend("update_item")(e));
            }
        }
        result
    }

    /// The items of `keys` (consistent reads), in no particular order; missing ones left out.
    async fn get_many(&self, ns: Namespace, ids: &[String]) -> Result<Vec<(String, Versioned)>, StateError> {
        let mut out = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(100) {
            let mut pending: Vec<Item> = chunk.iter().map(|id| [(ATTR_PK.to_owned(), s(pk(ns, id)))].into()).collect();
            // Unprocessed keys (throttling) are asked again, a bounded number of times.
            for _ in 0..8 {
                if pending.is_empty() {
                    break;
                }
                let request = KeysAndAttributes::builder()
                    .set_keys(Some(std::mem::take(&mut pending)))
                    .consistent_read(true)
                    .build()
                    .map_err(|e| StateError::Backend { op: "batch_get_item", retryable: false, source: boxed(e) })?;
                let got = self
                    .client
                    .batch_get_item()
                    .request_items(&self.table, request)
                    .send()
                    .await
                    .map_err(backend("batch_get_item"))?;
                for item in got.responses().and_then(|r| r.get(&self.table)).into_iter().flatten() {
                    out.push(to_versioned(ns, item)?);
                }
                pending = got
                    .unprocessed_keys()
                    .and_then(|u| u.get(&self.table))
                    .map(|k| k.keys().to_vec())
                    .unwrap_or_default();
            }
            if !pending.is_empty() {
                return Err(StateError::Backend {
                    op: "batch_get_item",
                    retryable: true,
                    source: format!("{} keys left unprocessed", pending.len()).into(),
                });
            }
        }
        Ok(out)
    }

    /// Query one pattern over every shard: `(sort key, id)` of each matching index entry.
    async fn query_index(
        &self,
        pattern: &str,
        ns: Namespace,
        condition: &str,
        value: &str,
        per_shard: Option<usize>,
    ) -> Result<Vec<(String, String)>, StateError> {
        let prefix = format!("{}#", ns.as_str());
        let mut found = Vec::new();
        for shard in 0..SHARDS {
            let mut start: Option<Item> = None;
            let mut taken = 0;
            loop {
                let mut req = self
                    .client
                    .query()
                    .table_name(&self.table)
                    .index_name(GSI)
                    .key_condition_expression(format!("#gpk = :gpk AND {condition}"))
                    .expression_attribute_names("#gpk", ATTR_GSI_PK)
                    .expression_attribute_names("#gsk", ATTR_GSI_SK)
                    .expression_attribute_values(":gpk", s(format!("{pattern}#{}#{shard}", ns.as_str())))
                    .expression_attribute_values(":v", s(value))
                    .set_exclusive_start_key(start.take());
                if let Some(limit) = per_shard {
                    req = req.limit(i32::try_from(limit.saturating_sub(taken).clamp(1, 1000)).unwrap_or(1000));
                }
                let out = req.send().await.map_err(backend("query"))?;
                for item in out.items() {
                    let key = string_attr(item, ATTR_PK);
                    if let Some(id) = key.strip_prefix(&prefix) {
                        found.push((string_attr(item, ATTR_GSI_SK), id.to_owned()));
                        taken += 1;
                    }
                }
                start = out.last_evaluated_key().filter(|k| !k.is_empty()).cloned();
                if start.is_none() || per_shard.is_some_and(|l| taken >= l) {
                    break;
                }
            }
        }
        Ok(found)
    }
}

#[async_trait]
impl StateStore for DynamoStateStore {
    async fn get(&self, ns: Namespace, id: &str) -> Result<Option<Versioned>, StateError> {
        let out = self
            .client
            .get_item()
            .table_name(&self.table)
            .key(ATTR_PK, s(pk(ns, id)))
            .consistent_read(true)
            .send()
            .await
            .map_err(backend("get_item"))?;
        out.item().map(|i| to_versioned(ns, i).map(|(_, v)| v)).transpose()
    }

    async fn put(&self, ns: Namespace, id: &str, doc: &Doc, expect: Expect) -> Result<u64, StateError> {
        let (condition, version) = match expect {
            Expect::Absent => ("attribute_not_exists(#pk)", 1),
            Expect::Version(v) => ("#version = :expected", v + 1),
        };
        let mut req = self
            .client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(Self::item(ns, id, doc, version)))
            .condition_expression(condition)
            .return_values(ReturnValue::AllOld);
        req = match expect {
            Expect::Absent => req.expression_attribute_names("#pk", ATTR_PK),
            Expect::Version(v) => {
                req.expression_attribute_names("#version", ATTR_VERSION).expression_attribute_values(":expected", n(v))
            }
        };
        let old = match req.send().await {
            Ok(out) => out.attributes().map(|a| string_attr(a, ATTR_TAG)),
            Err(e) if e.as_service_error().is_some_and(|s| s.is_conditional_check_failed_exception()) => {
                return Err(StateError::Conflict { ns: ns.as_str(), id: id.to_owned() });
            }
            Err(e) => return Err(backend("put_item")(e)),
        };
        self.count(ns, id, old.as_deref(), Some(&doc.tag)).await?;
        Ok(version)
    }

    async fn put_any(&self, ns: Namespace, id: &str, doc: &Doc) -> Result<u64, StateError> {
        let mut req = self
            .client
            .update_item()
            .table_name(&self.table)
            .key(ATTR_PK, s(pk(ns, id)))
            .expression_attribute_names("#ns", ATTR_NS)
            .expression_attribute_names("#id", ATTR_ID)
            .expression_attribute_names("#body", ATTR_BODY)
            .expression_attribute_names("#tag", ATTR_TAG)
            .expression_attribute_names("#version", ATTR_VERSION)
            .expression_attribute_names("#gpk", ATTR_GSI_PK)
            .expression_attribute_names("#gsk", ATTR_GSI_SK)
            .expression_attribute_values(":ns", s(ns.as_str()))
            .expression_attribute_values(":id", s(id))
            .expression_attribute_values(":body", s(&doc.body))
            .expression_attribute_values(":tag", s(&doc.tag))
            .expression_attribute_values(":one", n(1))
            .return_values(ReturnValue::AllOld);
        let set = "SET #ns = :ns, #id = :id, #body = :body, #tag = :tag";
        req = match gsi_attrs(ns, id, &doc.keys) {
            Some((gpk, gsk)) => req
                .update_expression(format!("{set}, #gpk = :gpk, #gsk = :gsk ADD #version :one"))
                .expression_attribute_values(":gpk", s(gpk))
                .expression_attribute_values(":gsk", s(gsk)),
            None => req.update_expression(format!("{set} REMOVE #gpk, #gsk ADD #version :one")),
        };
        let out = req.send().await.map_err(backend("update_item"))?;
        let old = out.attributes().filter(|a| !a.is_empty());
        let version = old.and_then(|a| number_attr(a, ATTR_VERSION)).map_or(1, |v| v.max(0).unsigned_abs() + 1);
        let old_tag = old.map(|a| string_attr(a, ATTR_TAG));
        self.count(ns, id, old_tag.as_deref(), Some(&doc.tag)).await?;
        Ok(version)
    }

    async fn delete(&self, ns: Namespace, id: &str) -> Result<(), StateError> {
        let out = self
            .client
            .delete_item()
            .table_name(&self.table)
            .key(ATTR_PK, s(pk(ns, id)))
            .return_values(ReturnValue::AllOld)
            .send()
            .await
            .map_err(backend("delete_item"))?;
        let old = out.attributes().filter(|a| !a.is_empty()).map(|a| string_attr(a, ATTR_TAG));
        self.count(ns, id, old.as_deref(), None).await
    }

    async fn due(&self, ns: Namespace, until: Timestamp, limit: usize) -> Result<Vec<(String, Versioned)>, StateError> {
        let mut keys = self.query_index("due", ns, "#gsk <= :v", &due_sk(until), Some(limit)).await?;
        keys.sort();
        keys.truncate(limit);
        let order: HashMap<String, usize> = keys.iter().enumerate().map(|(i, (_, id))| (id.clone(), i)).collect();
        let ids: Vec<String> = keys.into_iter().map(|(_, id)| id).collect();
        let mut docs = self.get_many(ns, &ids).await?;
        docs.sort_by_key(|(id, _)| order.get(id).copied().unwrap_or(usize::MAX));
        Ok(docs)
    }

    async fn under_domain(
        &self,
        ns: Namespace,
        domain: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<DocPage, StateError> {
        let keys = self.query_index("host", ns, "begins_with(#gsk, :v)", &reversed_host(domain), None).await?;
        let mut ids: Vec<String> =
            keys.into_iter().map(|(_, id)| id).filter(|id| after.is_none_or(|a| id.as_str() > a)).collect();
        ids.sort();
        ids.dedup();
        let more = ids.len() > limit;
        ids.truncate(limit);
        let mut docs = self.get_many(ns, &ids).await?;
        docs.sort_by(|a, b| a.0.cmp(&b.0));
        Ok((docs, more))
    }

    async fn sample(&self, ns: Namespace, from: u32, limit: usize) -> Result<Vec<(String, Versioned)>, StateError> {
        let mut keys = self.query_index("sample", ns, "#gsk >= :v", &sample_sk(from), Some(limit)).await?;
        keys.sort();
        keys.truncate(limit);
        let order: HashMap<String, usize> = keys.iter().enumerate().map(|(i, (_, id))| (id.clone(), i)).collect();
        let ids: Vec<String> = keys.into_iter().map(|(_, id)| id).collect();
        let mut docs = self.get_many(ns, &ids).await?;
        docs.sort_by_key(|(id, _)| order.get(id).copied().unwrap_or(usize::MAX));
        Ok(docs)
    }

    async fn counts(&self, ns: Namespace) -> Result<BTreeMap<String, u64>, StateError> {
        // This process's own changes first, so it reads what it wrote.
        self.flush_counts().await?;
        let mut out = BTreeMap::new();
        for shard in 0..SHARDS {
            let got = self
                .client
                .get_item()
                .table_name(&self.table)
                .key(ATTR_PK, s(format!("count#{}#{shard}", ns.as_str())))
                .consistent_read(true)
                .send()
                .await
                .map_err(backend("get_item"))?;
            for (name, value) in got.item().into_iter().flatten() {
                if let (Some(tag), Some(v)) =
                    (name.strip_prefix("n_"), value.as_n().ok().and_then(|v| v.parse::<i64>().ok()))
                {
                    *out.entry(tag.to_owned()).or_insert(0i64) += v;
                }
            }
        }
        Ok(out.into_iter().filter(|(_, v)| *v > 0).map(|(k, v)| (k, v.unsigned_abs())).collect())
    }

    async fn flush(&self) -> Result<(), StateError> {
        self.flush_counts().await
    }

    async fn scan(&self, ns: Namespace, after: Option<&str>, limit: usize) -> Result<DocPage, StateError> {
        // A full-table read, for operators only: a filtered Scan, continued until the page
        // is full or the table ends.
        let mut start: Option<Item> = after.map(|a| [(ATTR_PK.to_owned(), s(pk(ns, a)))].into());
        let mut page = Vec::new();
        loop {
            let out = self
                .client
                .scan()
                .table_name(&self.table)
                .filter_expression("#ns = :ns")
                .expression_attribute_names("#ns", ATTR_NS)
                .expression_attribute_values(":ns", s(ns.as_str()))
                .consistent_read(true)
                .limit(i32::try_from(limit.saturating_sub(page.len()).clamp(1, 1000)).unwrap_or(1000))
                .set_exclusive_start_key(start.take())
                .send()
                .await
                .map_err(backend("scan"))?;
            for item in out.items() {
                page.push(to_versioned(ns, item)?);
            }
            start = out.last_evaluated_key().filter(|k| !k.is_empty()).cloned();
            if start.is_none() || page.len() >= limit {
                break;
            }
        }
        // Resuming after the last returned id re-reads what the scan evaluated past it.
        let more = start.is_some();
        Ok((page, more))
    }
}

/// Create the table (on-demand billing, with its index) and wait until it is active.
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
    let index = GlobalSecondaryIndex::builder()
        .index_name(GSI)
        .key_schema(key(ATTR_GSI_PK, KeyType::Hash)?)
        .key_schema(key(ATTR_GSI_SK, KeyType::Range)?)
        .projection(Projection::builder().projection_type(ProjectionType::KeysOnly).build())
        .build()
        .map_err(|e| perr(e.to_string()))?;
    let created = client
        .create_table()
        .table_name(table)
        .attribute_definitions(attr(ATTR_PK)?)
        .attribute_definitions(attr(ATTR_GSI_PK)?)
        .attribute_definitions(attr(ATTR_GSI_SK)?)
        .key_schema(key(ATTR_PK, KeyType::Hash)?)
        .global_secondary_indexes(index)
        .billing_mode(BillingMode::PayPerRequest)
        .send()
        .await;
    if let Err(e) = created
        && !e.as_service_error().is_some_and(|s| s.is_resource_in_use_exception())
    {
        return Err(perr(super::sdk_message(&e)));
    }
    for _ in 0..100 {
        let d = client.describe_table().table_name(table).send().await.map_err(|e| perr(super::sdk_message(&e)))?;
        if d.table().and_then(|t| t.table_status()).is_some_and(|s| *s == aws_sdk_dynamodb::types::TableStatus::Active)
        {
            return Ok(());
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    Err(perr("table did not become active in 20 s".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_document_is_in_one_pattern_spread_over_shards() {
        let keys =
            IndexKeys { due: Some(Timestamp::from_millis(42)), host: Some("a.example.com".into()), sample: None };
        let (gpk, gsk) = gsi_attrs(Namespace::Feed, "x", &keys).unwrap();
        assert!(gpk.starts_with("due#feed#"), "{gpk}");
        assert_eq!(gsk, "000000000000042");
        let host = IndexKeys { host: Some("www.example.com:8080".into()), ..IndexKeys::default() };
        assert_eq!(gsi_attrs(Namespace::Url, "x", &host).unwrap().1, "com.example.www.");
        assert_eq!(gsi_attrs(Namespace::Url, "x", &IndexKeys::default()), None);
        let shards: std::collections::BTreeSet<u32> = (0..200).map(|i| shard(&format!("id-{i}"))).collect();
        assert_eq!(shards.len(), SHARDS as usize, "ids spread over every shard");
    }
}
