//! Typed access to the state store.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::model::{HostKey, HostState, UrlEntry};
use crate::ports::{Expect, Namespace, StateError, StateStore};

/// Pages through a namespace in id order: `while let Some(page) = pages.next().await? { … }`.
#[derive(Debug)]
pub struct ScanPages<'a> {
    store: &'a dyn StateStore,
    ns: Namespace,
    limit: usize,
    after: Option<String>,
    done: bool,
}

impl<'a> ScanPages<'a> {
    /// Pages of at most `limit` documents.
    pub fn new(store: &'a dyn StateStore, ns: Namespace, limit: usize) -> Self {
        Self { store, ns, limit, after: None, done: false }
    }

    /// The next page (`None` once the namespace is exhausted).
    ///
    /// # Errors
    /// [`StateError`] when the store fails.
    pub async fn next(&mut self) -> Result<Option<Vec<(String, crate::ports::Versioned)>>, StateError> {
        if self.done {
            return Ok(None);
        }
        let (page, more) = self.store.scan(self.ns, self.after.as_deref(), self.limit).await?;
        self.after = page.last().map(|(id, _)| id.clone());
        self.done = !more || self.after.is_none();
        Ok(if page.is_empty() { None } else { Some(page) })
    }
}

/// Read and decode a document with its version.
///
/// # Errors
/// [`StateError`] when the store fails or the document does not decode.
pub async fn load<T: DeserializeOwned>(
    store: &dyn StateStore,
    ns: Namespace,
    id: &str,
) -> Result<Option<(T, u64)>, StateError> {
    let Some(doc) = store.get(ns, id).await? else {
        return Ok(None);
    };
    let value = serde_json::from_str(&doc.body).map_err(|e| StateError::Corrupt {
        ns: ns.as_str(),
        id: id.to_owned(),
        message: e.to_string(),
    })?;
    Ok(Some((value, doc.version)))
}

/// Encode and write a document: insert if `version` is `None`, else compare-and-set.
///
/// # Errors
/// [`StateError::Conflict`] when another writer won.
pub async fn save<T: Serialize>(
    store: &dyn StateStore,
    ns: Namespace,
    id: &str,
    value: &T,
    tag: &str,
    version: Option<u64>,
) -> Result<u64, StateError> {
    let body = serde_json::to_string(value).map_err(|e| StateError::Corrupt {
        ns: ns.as_str(),
        id: id.to_owned(),
        message: e.to_string(),
    })?;
    let expect = version.map_or(Expect::Absent, Expect::Version);
    store.put(ns, id, &body, tag, expect).await
}

/// Write a URL entry, tagged with its state name.
///
/// # Errors
/// As [`save`].
pub async fn save_url(store: &dyn StateStore, entry: &UrlEntry, version: Option<u64>) -> Result<u64, StateError> {
    save(store, Namespace::Url, entry.key.as_str(), entry, entry.state.name(), version).await
}

/// Change a host's state with a compare-and-set loop; returns the state written.
///
/// # Errors
/// [`StateError`] when the store fails (lost races are retried).
pub async fn update_host(
    store: &dyn StateStore,
    host: &HostKey,
    change: impl Fn(&mut HostState),
) -> Result<HostState, StateError> {
    let mut last = None;
    for _ in 0..32 {
        let (mut state, version) = match load::<HostState>(store, Namespace::Host, host.as_str()).await? {
            Some((s, v)) => (s, Some(v)),
            None => (HostState::new(host.clone()), None),
        };
        change(&mut state);
        match save(store, Namespace::Host, host.as_str(), &state, "host", version).await {
            Ok(_) => return Ok(state),
            Err(e @ StateError::Conflict { .. }) => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or(StateError::Conflict { ns: "host", id: host.to_string() }))
}

/// Write a page record (or its draft) as pretty JSON at `location` in the page store.
///
/// # Errors
/// [`super::ServiceError`] when the store fails.
pub async fn put_record(
    pages: &dyn crate::ports::PageStore,
    location: &str,
    record: &crate::model::PageRecord,
) -> Result<(), super::ServiceError> {
    let body = serde_json::to_vec_pretty(record).map_err(|e| super::ServiceError::InvalidTask(e.to_string()))?;
    pages.put(location, bytes::Bytes::from(body), "application/json").await?;
    Ok(())
}
