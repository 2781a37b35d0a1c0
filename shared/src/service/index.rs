//! The per-year index. For now a manifest of stored record locations per year
//! (`index/<year>/manifest.json`), rebuilt from the page store, dropping deleted pages.
//! The full-text index is built on this by later work.

use bytes::Bytes;
use serde::{Deserialize, Serialize};

use super::{Deps, ServiceError};
use crate::model::location;

/// The manifest of one year.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct YearManifest {
    /// The year.
    pub year: i32,
    /// Record locations, sorted.
    pub records: Vec<String>,
}

/// Rebuild the manifest of `year`; returns how many records it lists.
///
/// # Errors
/// [`ServiceError`] when the page store fails.
pub async fn rebuild_year(deps: &Deps, year: i32) -> Result<usize, ServiceError> {
    let records = deps.pages.list(&location::records_of_year(year)).await?;
    let manifest = YearManifest { year, records };
    let body = serde_json::to_vec(&manifest).map_err(|e| ServiceError::InvalidTask(e.to_string()))?;
    deps.pages.put(&location::year_manifest(year), Bytes::from(body), "application/json").await?;
    Ok(manifest.records.len())
}
