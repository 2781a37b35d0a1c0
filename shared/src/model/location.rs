//! Every location in the page store (S3 keys, files under the data directory), built here
//! and nowhere else.

use super::{HostKey, UrlKey};

/// A host key as a path segment: a port becomes `_port` for file systems.
fn host_segment(host: &HostKey) -> String {
    host.as_str().replace(':', "_")
}

/// Every stored record, of every year.
pub const RECORDS_PREFIX: &str = "pages/";

/// A stored record: `pages/<year>/<host>/<key>.json`.
pub fn record(year: i32, host: &HostKey, key: &UrlKey) -> String {
    format!("pages/{year}/{}/{key}.json", host_segment(host))
}

/// The URL key in a record's location (its file name), if it is one.
pub fn key_of_record(location: &str) -> Option<&str> {
    location.strip_prefix(RECORDS_PREFIX)?.rsplit('/').next()?.strip_suffix(".json")
}

/// Every record of a year: the prefix of [`record`].
pub fn records_of_year(year: i32) -> String {
    format!("pages/{year}/")
}

/// A record waiting for its image check: `drafts/<key>.json`.
pub fn draft(key: &UrlKey) -> String {
    format!("drafts/{key}.json")
}

/// A fetched body waiting for extraction: `raw/<key>.html`.
pub fn raw(key: &UrlKey) -> String {
    format!("raw/{key}.html")
}

/// A year's index manifest: `index/<year>/manifest.json`.
pub fn year_manifest(year: i32) -> String {
    format!("index/{year}/manifest.json")
}

/// Where a year's published index bundles are: `index/<year>/bundles/`.
pub fn index_bundles(year: i32) -> String {
    format!("index/{year}/bundles/")
}

/// A published index bundle (immutable, one per generation): `index/<year>/bundles/<generation>.tar`.
pub fn index_bundle(year: i32, generation: &str) -> String {
    format!("{}{generation}.tar", index_bundles(year))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_are_plain_relative_paths() {
        let u = url::Url::parse("http://a.test:8080/x").unwrap();
        let (host, key) = (crate::model::host_key(&u).unwrap(), UrlKey::of(&u));
        for loc in [record(2026, &host, &key), draft(&key), raw(&key), year_manifest(2026), index_bundle(2026, "g1")] {
            crate::ports::check_location(&loc).unwrap();
            assert!(!loc.contains(':'), "{loc}");
        }
        assert!(record(2026, &host, &key).starts_with(&records_of_year(2026)));
    }
}
