//! The per-year index: a manifest of the stored record locations of a year
//! (`index/<year>/manifest.json` in the page store), and the full-text index of those
//! records ([`crate::search`]), rebuilt from the page store so deleted pages drop out.

use std::collections::HashSet;

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

/// The years an index run works on: `only` if given; otherwise the current year (of the
/// clock: a new year starts a new current index), every stored year with no index yet,
/// and with `rebuild` every stored year.
///
/// # Errors
/// [`ServiceError`] when the page store or the index directory cannot be read.
pub async fn years_to_index(
    deps: &Deps,
    indexes: &YearIndexes,
    only: Option<i32>,
    rebuild: bool,
) -> Result<Vec<i32>, ServiceError> {
    if let Some(y) = only {
        return Ok(vec![y]);
    }
    let indexed = indexes.years().map_err(|e| ServiceError::Index(e.to_string()))?;
    let current = deps.clock.now().year();
    let mut years: Vec<i32> =
        stored_years(deps).await?.into_iter().filter(|y| rebuild || *y == current || !indexed.contains(y)).collect();
    if !years.contains(&current) {
        years.push(current);
    }
    Ok(years)
}

/// Bring `year`'s full-text index up to the records in the page store, as a new
/// generation that replaces the current one at once: with `rebuild`, or when the year has
/// no index, every record is read and indexed; otherwise only what changed since the
/// current index was built (records stored since are added, records removed since are
/// deleted). A record rewritten at the same location keeps its old text until a rebuild.
/// A record that cannot be read is left out and logged (the others are indexed).
///
/// # Errors
/// [`ServiceError`] when the page store or the index fails.
pub async fn index_year(
    deps: &Deps,
    indexes: &YearIndexes,
    year: i32,
    rebuild: bool,
) -> Result<BuildReport, ServiceError> {
    let manifest = write_manifest(deps, year).await?;
    let failed = |e: crate::search::SearchError| ServiceError::Index(e.to_string());
    let previous = if rebuild { None } else { indexes.indexed_locations(year).map_err(failed)? };
    let (to_read, removed): (Vec<&String>, Vec<String>) = match &previous {
        None => (manifest.records.iter().collect(), Vec::new()),
        Some(before) => {
            let before: HashSet<&str> = before.iter().map(String::as_str).collect();
            let now: HashSet<&str> = manifest.records.iter().map(String::as_str).collect();
            let added = manifest.records.iter().filter(|l| !before.contains(l.as_str())).collect();
            let removed = before
                .iter()
                .filter(|l| !now.contains(*l))
                .filter_map(|l| location::key_of_record(l))
                .map(str::to_owned)
                .collect();
            (added, removed)
        }
    };
    let mut records = Vec::with_capacity(to_read.len());
    for l in to_read {
        match super::get_record(deps.pages.as_ref(), l).await {
            Ok(Some(r)) => records.push(r),
            Ok(None) => {}
            Err(e) => tracing::warn!(location = %l, error = %e, "record left out of the index"),
        }
    }
    let stamp = deps.clock.now().as_millis();
    let indexes = indexes.clone();
    let incremental = previous.is_some();
    tokio::task::spawn_blocking(move || {
        if incremental {
            indexes.update(year, stamp, records, &removed, &manifest.records)
        } else {
            indexes.build(year, stamp, records, &manifest.records)
        }
    })
    .await
    .map_err(|e| ServiceError::Panicked(format!("index build: {e}")))?
    .map_err(failed)
}
