//! The indexer Lambda, on EventBridge schedules: update the full-text index of the
//! current year and publish it (about three times a day), or rebuild past years (monthly).
//!
//! The event's `detail` chooses: `years` (a list; default the current year, and in a
//! year's first week the year before as well), `rebuild`
//! (read every record again instead of updating), `archive` (every published year but
//! the current one, rebuilt). The index is built under `FEEDHOUND_INDEX_DIR` (default
//! `/tmp/feedhound-index`, the function's ephemeral storage, kept between warm
//! invocations) and published to the bucket as an immutable bundle that the catalog in
//! the table then names (see `feedhound::service::index::publish_year`).

use feedhound::model::Timestamp;
use feedhound::service::Deps;
use feedhound::service::index::{catalog, publish_year};
use lambda_runtime::{Error, LambdaEvent};
use serde_json::{Value, json};

/// How long into a new year the scheduled run also updates the year before.
pub const NEW_YEAR_OVERLAP: std::time::Duration = std::time::Duration::from_secs(7 * 24 * 3600);

/// The work directory of the index builds.
pub fn work_dir() -> std::path::PathBuf {
    std::env::var_os("FEEDHOUND_INDEX_DIR").map_or_else(|| "/tmp/feedhound-index".into(), Into::into)
}

/// Update (or rebuild) and publish the index of the years the event names.
///
/// # Errors
/// When a store or the index fails, or another writer published a year first.
pub async fn handle(deps: &Deps, event: LambdaEvent<Value>) -> Result<Value, Error> {
    let detail = event.payload.get("detail").cloned().unwrap_or(Value::Null);
    let flag = |name: &str| detail.get(name).and_then(Value::as_bool).unwrap_or(false);
    let current = deps.clock.now().year();
    let (years, rebuild): (Vec<i32>, bool) = if flag("archive") {
        let published: Vec<i32> = catalog(deps).await?.map(|(c, _)| c.years.into_keys().collect()).unwrap_or_default();
        (published.into_iter().filter(|y| *y != current).collect(), true)
    } else {
        let years =
            detail.get("years").and_then(|v| serde_json::from_value::<Vec<i32>>(v.clone()).ok()).unwrap_or_else(|| {
                // In a year's first week the year before is updated too: pages stored after
                // its last run of December get in before the monthly rebuild.
                let now = deps.clock.now();
                let young = Timestamp::start_of_year(current).is_some_and(|start| now.since(start) < NEW_YEAR_OVERLAP);
                if young { vec![current - 1, current] } else { vec![current] }
            });
        (years, flag("rebuild"))
    };
    let indexes = feedhound::search::YearIndexes::new(&work_dir());
    let mut done = serde_json::Map::new();
    for year in years {
        let r = publish_year(deps, &indexes, year, rebuild).await?;
        tracing::info!(
            year,
            documents = r.build.documents,
            added = r.build.added,
            removed = r.build.removed,
            bundle = %r.published.bundle,
            bytes = r.published.bytes,
            "index published"
        );
        done.insert(
            year.to_string(),
            json!({
                "documents": r.build.documents, "added": r.build.added, "removed": r.build.removed,
                "bundle": r.published.bundle, "bytes": r.published.bytes, "removed_bundles": r.removed_bundles,
            }),
        );
    }
    Ok(json!({ "years": done }))
}
