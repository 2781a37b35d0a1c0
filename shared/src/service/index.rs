//! The per-year index: a manifest of the stored record locations of a year
//! (`index/<year>/manifest.json` in the page store), and the full-text index of those
//! records ([`crate::search`]), rebuilt from the page store so deleted pages drop out.

use bytes::Bytes;
use serde::{Deserialize, Serialize};

use super::{Deps, ServiceError};
use crate::model::location;
use crate::search::{BuildReport, YearIndexes};

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
    Ok(write_manifest(deps, year).await?.records.len())
}

async fn write_manifest(deps: &Deps, year: i32) -> Result<YearManifest, ServiceError> {
    let records = deps.pages.list(&location::records_of_year(year)).await?;
    let manifest = YearManifest { year, records };
    let body = serde_json::to_vec(&manifest).map_err(|e| ServiceError::InvalidTask(e.to_string()))?;
    deps.pages.put(&location::year_manifest(year), Bytes::from(body), "application/json").await?;
    Ok(manifest)
}

/// The years the page store holds records of, oldest first.
///
/// # Errors
/// [`ServiceError`] when the page store fails.
pub async fn stored_years(deps: &Deps) -> Result<Vec<i32>, ServiceError> {
    let mut years: Vec<i32> = deps
        .pages
        .list(location::RECORDS_PREFIX)
        .await?
        .iter()
        .filter_map(|l| l.strip_prefix(location::RECORDS_PREFIX)?.split('/').next()?.parse().ok())
        .collect();
    years.sort_unstable();
    years.dedup();
    Ok(years)
}

/// Rebuild the manifest and the full-text index of `year` from the records in the page
/// store; the new index replaces the old one at once. A record that cannot be read is
/// left out and logged (the others are indexed).
///
/// # Errors
/// [`ServiceError`] when the page store or the index fails.
pub async fn index_year(deps: &Deps, indexes: &YearIndexes, year: i32) -> Result<BuildReport, ServiceError> {
    let manifest = write_manifest(deps, year).await?;
    let mut records = Vec::with_capacity(manifest.records.len());
    for l in &manifest.records {
        match super::get_record(deps.pages.as_ref(), l).await {
            Ok(Some(r)) => records.push(r),
            Ok(None) => {}
            Err(e) => tracing::warn!(location = %l, error = %e, "record left out of the index"),
        }
    }
    let stamp = deps.clock.now().as_millis();
    let indexes = indexes.clone();
    tokio::task::spawn_blocking(move || indexes.build(year, stamp, records))
        .await
        .map_err(|e| ServiceError::Panicked(format!("index build: {e}")))?
        .map_err(|e| ServiceError::Index(e.to_string()))
}
