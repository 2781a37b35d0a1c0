//! The per-year index: a manifest of the stored record locations of a year
//! (`index/<year>/manifest.json` in the page store), and the full-text index of those
//! records ([`crate::search`]), rebuilt from the page store so deleted pages drop out.

use std::collections::{BTreeMap, HashSet};

use bytes::Bytes;
use serde::{Deserialize, Serialize};

use super::{Deps, ServiceError};
use crate::model::{Timestamp, location};
use crate::ports::{Doc, Expect, IndexKeys, Namespace, StateError};
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

// ---------------------------------------------------------------------------------------
// Publishing (AWS): the index is built in a work directory (the function's /tmp), then
// published as an immutable bundle in the page store; one document in the state store, the
// catalog, names each year's current bundle and is switched by a conditional write.

/// The catalog's id in the [`Namespace::Operator`] namespace.
pub const CATALOG_ID: &str = "index-catalog";

/// How long a replaced bundle stays for readers that read the catalog before the switch.
pub const BUNDLE_GRACE: std::time::Duration = std::time::Duration::from_secs(3600);

/// One year's published index.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublishedIndex {
    /// The generation (`g<millis>`).
    pub generation: String,
    /// The bundle's location in the page store.
    pub bundle: String,
    /// Pages in it.
    pub documents: u64,
    /// The bundle's size.
    pub bytes: u64,
    /// When it was published.
    pub published_at: Timestamp,
}

/// Every year's published index: what readers look up first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndexCatalog {
    /// By year.
    pub years: BTreeMap<i32, PublishedIndex>,
}

/// The catalog and its version (`None`: nothing published yet).
///
/// # Errors
/// [`ServiceError`] when the state store fails or the catalog does not decode.
pub async fn catalog(deps: &Deps) -> Result<Option<(IndexCatalog, u64)>, ServiceError> {
    let Some(doc) = deps.state.get(Namespace::Operator, CATALOG_ID).await? else { return Ok(None) };
    let catalog = serde_json::from_str(&doc.body).map_err(|e| StateError::Corrupt {
        ns: Namespace::Operator.as_str(),
        id: CATALOG_ID.to_owned(),
        source: Box::new(e),
    })?;
    Ok(Some((catalog, doc.version)))
}

/// Bring the local copy of `year`'s index under `indexes` to the published generation
/// (fetching its bundle when it is another). Returns whether the year has one published.
///
/// # Errors
/// [`ServiceError`] when the bundle cannot be read or installed.
pub async fn fetch_published(
    deps: &Deps,
    indexes: &YearIndexes,
    year: i32,
    published: &PublishedIndex,
) -> Result<bool, ServiceError> {
    let failed = |e: crate::search::SearchError| ServiceError::Index(e.to_string());
    if indexes.current_generation(year).map_err(failed)?.as_deref() == Some(published.generation.as_str()) {
        return Ok(true);
    }
    let Some(bundle) = deps.pages.get(&published.bundle).await? else { return Ok(false) };
    let (indexes, generation) = (indexes.clone(), published.generation.clone());
    tokio::task::spawn_blocking(move || indexes.install(year, &generation, &bundle))
        .await
        .map_err(|e| ServiceError::Panicked(format!("index install: {e}")))?
        .map_err(failed)?;
    Ok(true)
}

/// What a publication did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublishReport {
    /// The build.
    pub build: BuildReport,
    /// The bundle published.
    pub published: PublishedIndex,
    /// Replaced bundles removed (their grace period over).
    pub removed_bundles: usize,
}

/// Update (or with `rebuild`, rebuild) `year`'s index and publish it: the current
/// published generation is fetched into `indexes` (a work directory) unless it is there
/// already, updated with what changed in the page store, packed into a bundle stored at a
/// fresh location, and made current by a conditional write of the catalog. A writer that
/// lost the race to another (the catalog changed since it read it) removes its bundle and
/// fails; the indexer runs one at a time (reserved concurrency 1), so that is a guard, not
/// a plan. Bundles replaced more than [`BUNDLE_GRACE`] ago are removed.
///
/// # Errors
/// [`ServiceError`] when a store or the index fails, or another writer published first.
pub async fn publish_year(
    deps: &Deps,
    indexes: &YearIndexes,
    year: i32,
    rebuild: bool,
) -> Result<PublishReport, ServiceError> {
    let (catalog, version) = catalog(deps).await?.map_or((IndexCatalog::default(), None), |(c, v)| (c, Some(v)));
    let mut rebuild = rebuild;
    if !rebuild {
        match catalog.years.get(&year) {
            Some(p) => rebuild = !fetch_published(deps, indexes, year, p).await?,
            // Nothing published: whatever a work directory holds is not what readers see.
            None => rebuild = true,
        }
    }
    let build = index_year(deps, indexes, year, rebuild).await?;
    let (published, removed_bundles) =
        publish_current(deps, indexes, year, (catalog, version), build.documents).await?;
    Ok(PublishReport { build, published, removed_bundles })
}

/// Publish the index `indexes` holds for `year` as it is: pack it into a bundle at a fresh
/// location, switch the catalog read as `read` (the catalog and its version) to it by a
/// conditional write, and remove the bundles replaced more than [`BUNDLE_GRACE`] ago.
/// Returns what was published and how many old bundles were removed.
///
/// # Errors
/// [`ServiceError`] when a store or the index fails, or the catalog changed since `read`
/// (the bundle is then removed).
pub async fn publish_current(
    deps: &Deps,
    indexes: &YearIndexes,
    year: i32,
    read: (IndexCatalog, Option<u64>),
    documents: u64,
) -> Result<(PublishedIndex, usize), ServiceError> {
    let failed = |e: crate::search::SearchError| ServiceError::Index(e.to_string());
    let (mut catalog, version) = read;
    let (generation, bundle) = {
        let indexes = indexes.clone();
        tokio::task::spawn_blocking(move || indexes.pack(year))
            .await
            .map_err(|e| ServiceError::Panicked(format!("index pack: {e}")))?
            .map_err(failed)?
    };
    let location = location::index_bundle(year, &generation);
    let published = PublishedIndex {
        generation,
        bundle: location.clone(),
        documents,
        bytes: bundle.len() as u64,
        published_at: deps.clock.now(),
    };
    deps.pages.put(&location, Bytes::from(bundle), "application/x-tar").await?;
    catalog.years.insert(year, published.clone());
    let body = serde_json::to_string(&catalog).map_err(|e| ServiceError::InvalidTask(e.to_string()))?;
    let doc = Doc { body, tag: "index_catalog".into(), keys: IndexKeys::default() };
    let expect = version.map_or(Expect::Absent, Expect::Version);
    if let Err(e) = deps.state.put(Namespace::Operator, CATALOG_ID, &doc, expect).await {
        deps.pages.delete(&location).await?;
        return Err(e.into());
    }
    let removed = remove_replaced_bundles(deps, year, &published.generation).await?;
    Ok((published, removed))
}

/// Remove `year`'s bundles other than `current` that were replaced more than
/// [`BUNDLE_GRACE`] ago (a bundle is replaced when the next generation is built; the
/// generation names are their build times).
async fn remove_replaced_bundles(deps: &Deps, year: i32, current: &str) -> Result<usize, ServiceError> {
    let stamp = |g: &str| g.strip_prefix('g').and_then(|n| n.parse::<i64>().ok());
    let mut bundles: Vec<(i64, String)> = deps
        .pages
        .list(&location::index_bundles(year))
        .await?
        .into_iter()
        .filter_map(|l| {
            let g = l.rsplit('/').next()?.strip_suffix(".tar")?;
            Some((stamp(g)?, l))
        })
        .collect();
    bundles.sort();
    let now = deps.clock.now();
    let mut removed = 0;
    for pair in bundles.windows(2) {
        let ((_, old), (replaced_at, _)) = (&pair[0], &pair[1]);
        let is_current = old.ends_with(&format!("/{current}.tar"));
        if !is_current && now.since(Timestamp::from_millis(*replaced_at)) >= BUNDLE_GRACE {
            deps.pages.delete(old).await?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// Search the published indexes: the catalog is read, each year's bundle fetched into a
/// local directory when its generation changed, and the open indexes kept between
/// searches. For the search function (one per warm Lambda instance).
#[derive(Debug)]
pub struct PublishedSearch {
    indexes: YearIndexes,
    /// How long a catalog read is trusted.
    catalog_ttl: std::time::Duration,
    cached: tokio::sync::Mutex<Cached>,
}

#[derive(Debug, Default)]
struct Cached {
    catalog: Option<(std::time::Instant, IndexCatalog)>,
    open: BTreeMap<i32, (String, std::sync::Arc<crate::search::OpenYear>)>,
}

impl PublishedSearch {
    /// Copies of the published indexes go under `root`; the catalog is read again after
    /// `catalog_ttl`.
    pub fn new(root: &std::path::Path, catalog_ttl: std::time::Duration) -> Self {
        Self { indexes: YearIndexes::new(root), catalog_ttl, cached: tokio::sync::Mutex::default() }
    }

    /// The best `limit` pages for `query` in `years` (every published year when empty).
    /// `Ok(None)` when nothing is published yet.
    ///
    /// # Errors
    /// [`ServiceError`] when a store or an index fails.
    pub async fn search(
        &self,
        deps: &Deps,
        query: &str,
        years: &[i32],
        limit: usize,
    ) -> Result<Option<Vec<crate::search::Hit>>, ServiceError> {
        let failed = |e: crate::search::SearchError| ServiceError::Index(e.to_string());
        let mut cached = self.cached.lock().await;
        let fresh = cached.catalog.as_ref().is_some_and(|(at, _)| at.elapsed() < self.catalog_ttl);
        if !fresh {
            let Some((catalog, _)) = catalog(deps).await? else { return Ok(None) };
            cached.catalog = Some((std::time::Instant::now(), catalog));
        }
        let catalog = cached.catalog.as_ref().map(|(_, c)| c.clone()).unwrap_or_default();
        let wanted: Vec<i32> = if years.is_empty() { catalog.years.keys().copied().collect() } else { years.to_vec() };
        let mut hits = Vec::new();
        for year in wanted {
            let Some(published) = catalog.years.get(&year) else { continue };
            let current = cached.open.get(&year).filter(|(g, _)| *g == published.generation).map(|(_, o)| o.clone());
            let open = match current {
                Some(open) => open,
                None => {
                    if !fetch_published(deps, &self.indexes, year, published).await? {
                        tracing::warn!(year, bundle = %published.bundle, "published bundle missing");
                        continue;
                    }
                    let open = std::sync::Arc::new(self.indexes.open(year).map_err(failed)?);
                    cached.open.insert(year, (published.generation.clone(), open.clone()));
                    open
                }
            };
            let (query, open) = (query.to_owned(), open.clone());
            let found = tokio::task::spawn_blocking(move || open.search(&query, limit))
                .await
                .map_err(|e| ServiceError::Panicked(format!("search: {e}")))?
                .map_err(failed)?;
            hits.extend(found);
        }
        hits.sort_by(|a, b| b.score.total_cmp(&a.score));
        hits.truncate(limit);
        Ok(Some(hits))
    }
}
