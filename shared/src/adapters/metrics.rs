//! Metrics adapters: [`NoMetrics`] (dropped) and [`EmfMetrics`], CloudWatch's embedded
//! metric format: JSON lines on stdout that CloudWatch Logs turns into metrics, with no API
//! call (and no cost beyond the log bytes) from the function.
//!
//! Values are aggregated in memory and written at [`Metrics::flush`], one line per metric
//! and set of dimensions: counts summed, durations as a list of values (at most 100 a
//! line, as the format allows), so CloudWatch computes minimums and percentiles.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::Mutex;

use crate::ports::{Metrics, Unit};

/// Metrics dropped (the embedded crawl, the CLI, tests).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoMetrics;

impl Metrics for NoMetrics {
    fn record(&self, _: &'static str, _: Unit, _: f64, _: &[(&'static str, &str)]) {}
}

/// One recorded value: name, value, dimensions.
type Recorded = (&'static str, f64, Vec<(&'static str, String)>);

/// Metrics kept in memory, for tests and benches to read back.
#[derive(Debug, Default)]
pub struct RecordedMetrics {
    values: Mutex<Vec<Recorded>>,
}

impl RecordedMetrics {
    /// The sum of `name`'s values whose dimensions include every one of `having`.
    pub fn sum(&self, name: &str, having: &[(&str, &str)]) -> f64 {
        self.values(name, having).iter().sum()
    }

    /// `name`'s values whose dimensions include every one of `having`.
    pub fn values(&self, name: &str, having: &[(&str, &str)]) -> Vec<f64> {
        let Ok(all) = self.values.lock() else { return Vec::new() };
        all.iter()
            .filter(|(n, _, dims)| *n == name && having.iter().all(|h| dims.iter().any(|(k, v)| *k == h.0 && v == h.1)))
            .map(|(_, v, _)| *v)
            .collect()
    }
}

impl Metrics for RecordedMetrics {
    fn record(&self, name: &'static str, _: Unit, value: f64, dims: &[(&'static str, &str)]) {
        if let Ok(mut all) = self.values.lock() {
            all.push((name, value, dims.iter().map(|(k, v)| (*k, (*v).to_owned())).collect()));
        }
    }
}

type Key = (&'static str, Unit, Vec<(&'static str, String)>);

/// Embedded-metric-format lines, every metric with the dimension `Stack` (the alarms of
/// the template select on it) plus its own.
pub struct EmfMetrics {
    namespace: String,
    stack: String,
    pending: Mutex<BTreeMap<Key, Vec<f64>>>,
    out: Mutex<Box<dyn Write + Send>>,
}

impl std::fmt::Debug for EmfMetrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EmfMetrics").field("namespace", &self.namespace).field("stack", &self.stack).finish()
    }
}

/// Values per line, the format's limit.
const MAX_VALUES: usize = 100;

impl EmfMetrics {
    /// Lines to stdout (what Lambda sends to CloudWatch Logs).
    pub fn stdout(namespace: &str, stack: &str) -> Self {
        Self::to_writer(namespace, stack, Box::new(std::io::stdout()))
    }

    /// Lines to any writer.
    pub fn to_writer(namespace: &str, stack: &str, out: Box<dyn Write + Send>) -> Self {
        Self {
            namespace: namespace.to_owned(),
            stack: stack.to_owned(),
            pending: Mutex::new(BTreeMap::new()),
            out: Mutex::new(out),
        }
    }

    fn line(&self, (name, unit, dims): &Key, values: &[f64], now_ms: i64) -> serde_json::Value {
        let mut names = vec!["Stack"];
        names.extend(dims.iter().map(|(k, _)| *k));
        let mut line = serde_json::json!({
            "_aws": {
                "Timestamp": now_ms,
                "CloudWatchMetrics": [{
                    "Namespace": self.namespace,
                    "Dimensions": [names],
                    "Metrics": [{ "Name": name, "Unit": unit.as_str() }],
                }],
            },
            "Stack": self.stack,
        });
        for (k, v) in dims {
            line[*k] = v.as_str().into();
        }
        line[*name] = match unit {
            Unit::Count => values.iter().sum::<f64>().into(),
            Unit::Milliseconds => values.to_vec().into(),
        };
        line
    }
}

impl Metrics for EmfMetrics {
    fn record(&self, name: &'static str, unit: Unit, value: f64, dims: &[(&'static str, &str)]) {
        let key = (name, unit, dims.iter().map(|(k, v)| (*k, (*v).to_owned())).collect());
        if let Ok(mut p) = self.pending.lock() {
            p.entry(key).or_default().push(value);
        }
    }

    fn flush(&self) {
        let pending = match self.pending.lock() {
            Ok(mut p) => std::mem::take(&mut *p),
            Err(_) => return,
        };
        if pending.is_empty() {
            return;
        }
        #[allow(clippy::disallowed_methods)] // a log line's own timestamp, not crawl time
        let now_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
        let mut text = String::new();
        for (key, values) in &pending {
            let chunks: Vec<&[f64]> =
                if key.1 == Unit::Count { vec![values.as_slice()] } else { values.chunks(MAX_VALUES).collect() };
            for chunk in chunks {
                text.push_str(&self.line(key, chunk, now_ms).to_string());
                text.push('\n');
            }
        }
        if let Ok(mut out) = self.out.lock() {
            // Metrics never fail a task: a lost line is a gap in a graph.
            let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);
    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn lines_follow_the_embedded_metric_format() {
        let buf = Shared::default();
        let m = EmfMetrics::to_writer("feedhound", "prod", Box::new(buf.clone()));
        m.record("Tasks", Unit::Count, 1.0, &[("Outcome", "fetch:fetched")]);
        m.record("Tasks", Unit::Count, 1.0, &[("Outcome", "fetch:fetched")]);
        m.record("Tasks", Unit::Count, 1.0, &[("Outcome", "fetch:gone")]);
        for i in 0..150 {
            m.record("GrantedGapMs", Unit::Milliseconds, f64::from(1000 + i), &[]);
        }
        assert!(buf.0.lock().unwrap().is_empty(), "nothing is written before the flush");
        m.flush();
        let text = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines.len(), 4, "two count lines, the 150 gaps in lines of 100 and 50: {text}");
        let fetched = lines.iter().find(|l| l["Outcome"] == "fetch:fetched").unwrap();
        assert_eq!(fetched["Tasks"], 2.0, "counts are summed");
        assert_eq!(fetched["Stack"], "prod");
        let def = &fetched["_aws"]["CloudWatchMetrics"][0];
        assert_eq!(def["Namespace"], "feedhound");
        assert_eq!(def["Dimensions"], serde_json::json!([["Stack", "Outcome"]]));
        assert_eq!(def["Metrics"], serde_json::json!([{ "Name": "Tasks", "Unit": "Count" }]));
        assert!(fetched["_aws"]["Timestamp"].as_i64().unwrap() > 0);
        let gaps: Vec<usize> = lines.iter().filter_map(|l| l["GrantedGapMs"].as_array().map(Vec::len)).collect();
        assert_eq!(gaps, vec![100, 50]);
        m.flush();
        assert_eq!(String::from_utf8(buf.0.lock().unwrap().clone()).unwrap(), text, "a flush writes each value once");
    }
}
