//! The crawl's own record of what it did, for the crawl report (`feedhound report`,
//! `/report`): every metric the services record, summed per minute, with the figures per
//! host and per sampler run that are too fine for published metrics, and a count of URLs
//! per state now and then. [`StatsRecorder`] is the [`Metrics`] adapter that collects them
//! in memory; [`StatsLog`] appends them as JSON lines to `<data>/stats/<YYYY-MM-DD>.jsonl`
//! and reads them back. A minute written twice (two flushes in one minute, two processes)
//! is merged when read.
//!
//! The log is advisory: a process killed between flushes loses the minutes it had not
//! written, never a page or a task.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use crate::model::Timestamp;
use crate::ports::{Clock, Metrics, Unit};

/// Milliseconds in a minute.
const MINUTE_MS: i64 = 60_000;

/// One metric under one set of dimensions, within a minute.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Figure {
    /// Values recorded.
    pub n: u64,
    /// Their sum.
    pub sum: f64,
    /// The smallest.
    pub min: f64,
    /// The largest.
    pub max: f64,
}

impl Figure {
    fn of(value: f64) -> Self {
        Self { n: 1, sum: value, min: value, max: value }
    }

    fn add(&mut self, other: &Figure) {
        if self.n == 0 {
            *self = other.clone();
            return;
        }
        self.n += other.n;
        self.sum += other.sum;
        self.min = self.min.min(other.min);
        self.max = self.max.max(other.max);
    }
}

/// A metric's name and dimensions, in the order recorded.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Series {
    /// The metric (`Requests`, `Tasks`...).
    pub name: String,
    /// Its dimensions (`Class` = `2xx`...).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dims: Vec<(String, String)>,
}

impl Series {
    /// The value of dimension `key`.
    pub fn dim(&self, key: &str) -> Option<&str> {
        self.dims.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
}

/// Everything recorded in one minute.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Minute {
    /// The minute's first instant.
    pub at: Timestamp,
    /// Each metric under each set of dimensions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub figures: Vec<(Series, Figure)>,
    /// Figures per key (a host, a sampler run): name → key → figure.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub details: BTreeMap<String, BTreeMap<String, Figure>>,
    /// URLs per state as last counted in this minute.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub urls: Option<BTreeMap<String, u64>>,
    /// The smallest gap between two requests to a host that the process writing this
    /// minute was configured with, milliseconds (the smallest, when two wrote it): what
    /// the gaps granted in this minute are held to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gap_floor_ms: Option<f64>,
}

impl Minute {
    fn new(at: Timestamp) -> Self {
        Self { at, ..Self::default() }
    }

    /// Add what `other` recorded (the same minute, written twice).
    pub fn merge(&mut self, other: &Minute) {
        for (series, figure) in &other.figures {
            self.add_figure(series, figure);
        }
        for (name, keys) in &other.details {
            let mine = self.details.entry(name.clone()).or_default();
            for (key, figure) in keys {
                mine.entry(key.clone()).or_default().add(figure);
            }
        }
        if other.urls.is_some() {
            self.urls.clone_from(&other.urls);
        }
        self.gap_floor_ms = match (self.gap_floor_ms, other.gap_floor_ms) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }

    fn add_figure(&mut self, series: &Series, figure: &Figure) {
        match self.figures.iter_mut().find(|(s, _)| s == series) {
            Some((_, mine)) => mine.add(figure),
            None => self.figures.push((series.clone(), figure.clone())),
        }
    }

    /// The sum of `name`'s values whose dimensions include every one of `having`.
    pub fn sum(&self, name: &str, having: &[(&str, &str)]) -> f64 {
        self.matching(name, having).map(|f| f.sum).sum()
    }

    /// The smallest of `name`'s values (durations), if any was recorded.
    pub fn min(&self, name: &str) -> Option<f64> {
        self.matching(name, &[]).map(|f| f.min).reduce(f64::min)
    }

    fn matching<'a>(&'a self, name: &'a str, having: &'a [(&str, &str)]) -> impl Iterator<Item = &'a Figure> {
        self.figures
            .iter()
            .filter(move |(s, _)| s.name == name && having.iter().all(|(k, v)| s.dim(k) == Some(v)))
            .map(|(_, f)| f)
    }
}

/// The minute `at` falls in.
fn minute_of(at: Timestamp) -> Timestamp {
    Timestamp::from_millis(at.as_millis().div_euclid(MINUTE_MS) * MINUTE_MS)
}

/// Collects what the services record, per minute, until taken.
#[derive(Debug)]
pub struct StatsRecorder {
    clock: Arc<dyn Clock>,
    gap_floor: std::time::Duration,
    pending: Mutex<BTreeMap<Timestamp, Minute>>,
}

impl StatsRecorder {
    /// A recorder that buckets by `clock`, for a process configured with `gap_floor`
    /// between two requests to a host.
    pub fn new(clock: Arc<dyn Clock>, gap_floor: std::time::Duration) -> Self {
        Self { clock, gap_floor, pending: Mutex::new(BTreeMap::new()) }
    }

    fn with_minute(&self, f: impl FnOnce(&mut Minute)) {
        let at = minute_of(self.clock.now());
        if let Ok(mut pending) = self.pending.lock() {
            let minute = pending.entry(at).or_insert_with(|| Minute {
                gap_floor_ms: Some(self.gap_floor.as_secs_f64() * 1000.0),
                ..Minute::new(at)
            });
            f(minute);
        }
    }

    /// Note the URLs per state counted now.
    pub fn urls(&self, counts: BTreeMap<String, u64>) {
        self.with_minute(|m| m.urls = Some(counts));
    }

    /// Everything recorded since the last call, oldest minute first.
    pub fn take(&self) -> Vec<Minute> {
        self.pending.lock().map(|mut p| std::mem::take(&mut *p).into_values().collect()).unwrap_or_default()
    }
}

impl Metrics for StatsRecorder {
    fn record(&self, name: &'static str, _: Unit, value: f64, dims: &[(&'static str, &str)]) {
        let series = Series {
            name: name.to_owned(),
            dims: dims.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect(),
        };
        self.with_minute(|m| m.add_figure(&series, &Figure::of(value)));
    }

    fn record_detail(&self, name: &'static str, _: Unit, key: &str, value: f64) {
        self.with_minute(|m| {
            m.details.entry(name.to_owned()).or_default().entry(key.to_owned()).or_default().add(&Figure::of(value));
        });
    }
}

/// Where a data directory keeps its stats: one JSON-lines file per UTC day.
#[derive(Clone, Debug)]
pub struct StatsLog {
    dir: PathBuf,
}

/// Failures of the stats log (never of the crawl).
#[derive(Debug, thiserror::Error)]
#[error("stats log {path}: {source}")]
pub struct StatsError {
    /// The file or directory.
    pub path: PathBuf,
    /// What went wrong.
    #[source]
    pub source: std::io::Error,
}

impl StatsLog {
    /// The log under `data_dir/stats`.
    pub fn new(data_dir: &Path) -> Self {
        Self { dir: data_dir.join("stats") }
    }

    fn day_file(&self, at: Timestamp) -> PathBuf {
        let day = chrono::DateTime::from_timestamp_millis(at.as_millis())
            .map_or_else(|| "1970-01-01".to_owned(), |t| t.format("%Y-%m-%d").to_string());
        self.dir.join(format!("{day}.jsonl"))
    }

    /// Append `minutes` (one line each, to their day's file).
    ///
    /// # Errors
    /// [`StatsError`] when a file cannot be written.
    pub fn append(&self, minutes: &[Minute]) -> Result<(), StatsError> {
        if minutes.is_empty() {
            return Ok(());
        }
        let err = |path: &Path| {
            let path = path.to_owned();
            move |source| StatsError { path, source }
        };
        std::fs::create_dir_all(&self.dir).map_err(err(&self.dir))?;
        let mut by_file: BTreeMap<PathBuf, String> = BTreeMap::new();
        for m in minutes {
            let line = serde_json::to_string(m).map_err(|e| StatsError {
                path: self.dir.clone(),
                source: std::io::Error::new(std::io::ErrorKind::InvalidData, e),
            })?;
            let text = by_file.entry(self.day_file(m.at)).or_default();
            text.push_str(&line);
            text.push('\n');
        }
        for (path, mut text) in by_file {
            let mut file =
                std::fs::OpenOptions::new().create(true).append(true).read(true).open(&path).map_err(err(&path))?;
            if !ends_a_line(&mut file).map_err(err(&path))? {
                // A line cut short by a crash: the new lines start on a line of their own.
                text.insert(0, '\n');
            }
            file.write_all(text.as_bytes()).map_err(err(&path))?;
        }
        Ok(())
    }

    /// Every minute recorded from `since` on, merged, oldest first. A line that does not
    /// parse (a write cut short by a crash) is skipped.
    ///
    /// # Errors
    /// [`StatsError`] when the directory or a file cannot be read.
    pub fn read(&self, since: Timestamp) -> Result<Vec<Minute>, StatsError> {
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(source) => return Err(StatsError { path: self.dir.clone(), source }),
        };
        let first_file = self.day_file(since);
        let mut files: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "jsonl") && *p >= first_file)
            .collect();
        files.sort();
        let mut minutes: BTreeMap<Timestamp, Minute> = BTreeMap::new();
        for path in files {
            let file = std::fs::File::open(&path).map_err(|source| StatsError { path: path.clone(), source })?;
            for line in std::io::BufReader::new(file).lines() {
                let line = line.map_err(|source| StatsError { path: path.clone(), source })?;
                let Ok(m) = serde_json::from_str::<Minute>(&line) else { continue };
                if m.at >= minute_of(since) {
                    minutes.entry(m.at).or_insert_with(|| Minute::new(m.at)).merge(&m);
                }
            }
        }
        Ok(minutes.into_values().collect())
    }
}

/// Whether `file` is empty or ends with a newline.
fn ends_a_line(file: &mut std::fs::File) -> std::io::Result<bool> {
    use std::io::{Read, Seek, SeekFrom};
    if file.metadata()?.len() == 0 {
        return Ok(true);
    }
    file.seek(SeekFrom::End(-1))?;
    let mut last = [0u8; 1];
    file.read_exact(&mut last)?;
    Ok(last[0] == b'\n')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adapters::clock::ManualClock;

    #[test]
    fn minutes_are_summed_written_and_merged_when_read() {
        let clock = Arc::new(ManualClock::new(Timestamp::from_millis(1_700_000_000_000)));
        let rec = StatsRecorder::new(clock.clone(), std::time::Duration::from_secs(1));
        rec.record("Requests", Unit::Count, 1.0, &[("Class", "2xx")]);
        rec.record("Requests", Unit::Count, 1.0, &[("Class", "2xx")]);
        rec.record("Requests", Unit::Count, 1.0, &[("Class", "429")]);
        rec.record("GrantedGapMs", Unit::Milliseconds, 1040.0, &[]);
        rec.record("GrantedGapMs", Unit::Milliseconds, 1003.0, &[]);
        rec.record_detail("HostGapMs", Unit::Milliseconds, "a.test", 1200.0);
        rec.record_detail("HostGapMs", Unit::Milliseconds, "a.test", 1001.0);
        let dir = tempfile::tempdir().unwrap();
        let log = StatsLog::new(dir.path());
        log.append(&rec.take()).unwrap();
        assert!(rec.take().is_empty(), "taken once");
        // The same minute again, then the next one.
        rec.record("Requests", Unit::Count, 1.0, &[("Class", "2xx")]);
        log.append(&rec.take()).unwrap();
        clock.advance(std::time::Duration::from_secs(60));
        rec.urls(BTreeMap::from([("stored".to_owned(), 3)]));
        log.append(&rec.take()).unwrap();
        // A torn line is skipped.
        let file = std::fs::read_dir(dir.path().join("stats")).unwrap().next().unwrap().unwrap().path();
        std::fs::OpenOptions::new().append(true).open(&file).unwrap().write_all(b"{\"at\":17").unwrap();

        // A line written after it is kept.
        rec.record("Requests", Unit::Count, 1.0, &[("Class", "5xx")]);
        log.append(&rec.take()).unwrap();

        let minutes = log.read(Timestamp::from_millis(0)).unwrap();
        assert_eq!(minutes.len(), 2);
        assert_eq!(minutes[1].sum("Requests", &[("Class", "5xx")]), 1.0);
        let first = &minutes[0];
        assert_eq!(first.sum("Requests", &[("Class", "2xx")]), 3.0);
        assert_eq!(first.sum("Requests", &[]), 4.0);
        assert_eq!(first.min("GrantedGapMs"), Some(1003.0));
        assert_eq!(first.details["HostGapMs"]["a.test"].min, 1001.0);
        assert_eq!(minutes[1].urls.as_ref().unwrap()["stored"], 3);
        assert_eq!(first.gap_floor_ms, Some(1000.0), "the floor in force is kept with the minute");
        assert!(log.read(minutes[1].at).unwrap().len() == 1, "read from a minute on");
    }

    #[test]
    fn no_log_reads_as_nothing() {
        let dir = tempfile::tempdir().unwrap();
        assert!(StatsLog::new(dir.path()).read(Timestamp::from_millis(0)).unwrap().is_empty());
    }
}
