//! The index benchmark: build time and size of a year's full-text index, and query latency.
//!
//! Records are generated: text of about `--text-bytes` bytes drawn from a 30,000-word
//! vocabulary with a Zipf distribution (as natural language is), English, so the stemmed
//! fields are filled as for a real crawl. Prints, per 10,000 records: the build time (every
//! record added, committed and merged to one segment), the index size with and without the
//! stored text (against the raw text's size); then query latency over 1–3-word queries of
//! mid-frequency words, p50 and p99: warm (the index open in the process) and as
//! `feedhound search` runs (opening the index for each query).
//!
//! With `--aws`, the index built here is then published to a deployed stack (bundle and
//! catalog, as the indexer function publishes) and queried through its search function's
//! URL: cold (the function's process killed and its copies in /tmp removed before each, so
//! the request pays the start, the catalog read, the bundle download and the opening) and
//! warm. It needs a stack on
//! the emulator (`bash infra/deploy-local.sh`, then `source target/local-stack/env`).
//!
//!   cargo run --release -p feedhound-tests --bin index-bench
//!   cargo run --release -p feedhound-tests --bin index-bench -- --records 50000
//!   cargo run --release -p feedhound-tests --bin index-bench -- --aws

use std::time::{Duration, Instant};

use anyhow::Result;
use clap::Parser;
use feedhound::model::{PageRecord, RECORD_VERSION, Timestamp, UrlKey, host_key, normalize_url};
use feedhound::search::YearIndexes;

#[derive(Parser, Debug)]
struct Args {
    /// Records to index.
    #[arg(long, default_value_t = 10_000)]
    records: usize,
    /// Bytes of text per record (about).
    #[arg(long, default_value_t = 4_000)]
    text_bytes: usize,
    /// Queries to time.
    #[arg(long, default_value_t = 2_000)]
    queries: usize,
    /// Also publish to the deployed stack and time its search function (see above).
    #[arg(long)]
    aws: bool,
    /// Cold requests to time with --aws.
    #[arg(long, default_value_t = 3)]
    cold: usize,
    /// Warm requests to time with --aws.
    #[arg(long, default_value_t = 200)]
    warm: usize,
}

/// A small deterministic generator (xorshift64*): the same corpus on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    #[allow(clippy::cast_precision_loss)]
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

const SYLLABLES: [&str; 24] = [
    "ka", "to", "ri", "men", "sa", "lo", "ver", "an", "di", "po", "ne", "tra", "shi", "mo", "el", "gu", "ber", "li",
    "os", "qua", "ze", "in", "hal", "dor",
];

fn vocabulary(n: usize) -> Vec<String> {
    (0..n)
        .map(|mut i| {
            let mut w = String::new();
            loop {
                w.push_str(SYLLABLES[i % SYLLABLES.len()]);
                i /= SYLLABLES.len();
                if i == 0 {
                    break;
                }
            }
            w
        })
        .collect()
}

/// Cumulative Zipf weights (exponent 1.07) over `n` ranks.
#[allow(clippy::cast_precision_loss)]
fn zipf(n: usize) -> Vec<f64> {
    let mut acc = 0.0;
    let mut cdf: Vec<f64> = (1..=n)
        .map(|r| {
            acc += 1.0 / (r as f64).powf(1.07);
            acc
        })
        .collect();
    for c in &mut cdf {
        *c /= acc;
    }
    cdf
}

fn draw(cdf: &[f64], rng: &mut Rng) -> usize {
    let u = rng.unit();
    cdf.partition_point(|c| *c < u).min(cdf.len() - 1)
}

fn record(i: usize, words: &[String], cdf: &[f64], text_bytes: usize, rng: &mut Rng) -> PageRecord {
    let url = normalize_url(&format!("https://site-{}.test/posts/{i}", i % 200)).expect("a valid URL");
    let mut text = String::with_capacity(text_bytes + 64);
    let mut sentence = 0;
    while text.len() < text_bytes {
        text.push_str(&words[draw(cdf, rng)]);
        sentence += 1;
        text.push_str(if sentence % 14 == 0 { ". " } else { " " });
    }
    let title = (0..6).map(|_| words[draw(cdf, rng)].as_str()).collect::<Vec<_>>().join(" ");
    PageRecord {
        v: RECORD_VERSION,
        key: UrlKey::of(&url),
        host: host_key(&url).expect("a host"),
        url: url.to_string(),
        canonical: None,
        feed: None,
        fetched_at: Timestamp::from_millis(1_780_000_000_000),
        year: 2026,
        title,
        text,
        image: None,
        published: Some("2026-05-01T10:00:00Z".into()),
        author: None,
        lang: Some("en".into()),
        site_name: Some(format!("Site {}", i % 200)),
        sources: std::collections::BTreeMap::new(),
        flags: vec![],
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, clippy::cast_precision_loss)]
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

#[allow(clippy::cast_precision_loss)]
fn main() -> Result<()> {
    let args = Args::parse();
    let words = vocabulary(30_000);
    let cdf = zipf(words.len());
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let records: Vec<PageRecord> =
        (0..args.records).map(|i| record(i, &words, &cdf, args.text_bytes, &mut rng)).collect();
    let raw: usize = records.iter().map(|r| r.text.len() + r.title.len()).sum();
    let per_10k = 10_000.0 / args.records as f64;
    println!(
        "index-bench: {} records of about {} bytes of text ({:.1} MB raw text), tantivy, 2026 index",
        args.records,
        args.text_bytes,
        raw as f64 / 1e6
    );

    let dir = tempfile::tempdir()?;
    let mut sizes = Vec::new();
    for store_text in [true, false] {
        let root = dir.path().join(if store_text { "stored" } else { "bare" });
        let indexes = YearIndexes::new(&root).storing_text(store_text);
        let started = Instant::now();
        let report = indexes.build(2026, 1, records.iter().cloned(), &[])?;
        let took = started.elapsed().as_secs_f64();
        println!(
            "  build {:<22} {:>7.2} s per 10k records  {:>8.1} MB per 10k  {:.2}× the raw text",
            if store_text { "(text stored)" } else { "(text not stored)" },
            took * per_10k,
            report.bytes as f64 / 1e6 * per_10k,
            report.bytes as f64 / raw as f64
        );
        sizes.push((root, report.bytes));
    }

    // Queries: 1–3 words of mid frequency (ranks 30–3,000), so most have hits.
    let queries: Vec<String> = (0..args.queries)
        .map(|_| {
            let n = 1 + (rng.next() % 3) as usize;
            (0..n).map(|_| words[30 + (rng.next() % 2_970) as usize].clone()).collect::<Vec<_>>().join(" ")
        })
        .collect();
    let indexes = YearIndexes::new(&sizes[0].0);
    let open = indexes.open(2026)?;
    let mut ranking = Vec::with_capacity(queries.len());
    for q in &queries {
        let started = Instant::now();
        let _ = open.rank(q, 10)?;
        ranking.push(started.elapsed());
    }
    ranking.sort();
    let mut warm = Vec::with_capacity(queries.len());
    let mut found = 0usize;
    for q in &queries {
        let started = Instant::now();
        let hits = open.search(q, 10)?;
        warm.push(started.elapsed());
        found += usize::from(!hits.is_empty());
    }
    warm.sort();
    let mut opening = Vec::with_capacity(queries.len().min(500));
    for q in queries.iter().take(500) {
        let started = Instant::now();
        let _ = indexes.search(q, &[2026], 10)?;
        opening.push(started.elapsed());
    }
    opening.sort();
    println!(
        "  query, ranking only (top 10 scores), index open:  p50 {:.3} ms  p99 {:.3} ms",
        percentile(&ranking, 0.5),
        percentile(&ranking, 0.99)
    );
    println!(
        "  query, index open in the process:  p50 {:.3} ms  p99 {:.3} ms  ({} queries, {:.0} % with hits, top 10 with snippets)",
        percentile(&warm, 0.5),
        percentile(&warm, 0.99),
        warm.len(),
        found as f64 * 100.0 / queries.len() as f64
    );
    println!(
        "  query, opening the index each time (as `feedhound search`):  p50 {:.3} ms  p99 {:.3} ms  ({} queries)",
        percentile(&opening, 0.5),
        percentile(&opening, 0.99),
        opening.len()
    );
    println!(
        "  reference measured with tantivy here (issue 12): 2.2 s per 10k 4 KB documents, 0.47× without stored bodies, p50 0.12 ms"
    );
    if args.aws {
        tokio::runtime::Runtime::new()?.block_on(through_the_search_function(&args, &indexes, &queries))?;
    }
    Ok(())
}

/// Where the search function keeps its copies of the bundles (its default).
const LAMBDA_COPIES: &str = "/tmp/feedhound-search";

async fn through_the_search_function(args: &Args, indexes: &YearIndexes, queries: &[String]) -> Result<()> {
    use feedhound::service::index::{catalog, publish_current};
    let (Ok(url), Ok(stack)) = (std::env::var("FEEDHOUND_SEARCH_URL"), std::env::var("FEEDHOUND_STACK")) else {
        anyhow::bail!("--aws needs a deployed stack: bash infra/deploy-local.sh, then source target/local-stack/env");
    };
    let deps = feedhound::lambda::deps_from_sdk_defaults().await?;
    let read = catalog(&deps).await?.map_or((Default::default(), None), |(c, v)| (c, Some(v)));
    let started = Instant::now();
    let (published, _) = publish_current(&deps, indexes, 2026, read, args.records as u64).await?;
    println!(
        "through the search function of stack {stack} (emulator): bundle of {:.1} MB published in {:.2} s",
        published.bytes as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
    let client = feedhound::adapters::aws::FunctionUrlClient::from_env(&url).await.map_err(anyhow::Error::msg)?;
    let function = format!("{stack}-search");
    let mut cold = Vec::new();
    for q in queries.iter().take(args.cold) {
        for pid in feedhound_tests::function_processes(&function) {
            let _ = std::process::Command::new("kill").arg("-9").arg(pid.to_string()).status();
        }
        // A new Lambda instance has an empty /tmp; the emulator's processes share this
        // machine's, where the function keeps its copies.
        let _ = std::fs::remove_dir_all(LAMBDA_COPIES);
        tokio::time::sleep(Duration::from_millis(500)).await;
        let started = Instant::now();
        client.search(q, &[], 10).await.map_err(anyhow::Error::msg)?;
        cold.push(started.elapsed());
    }
    cold.sort();
    let mut warm = Vec::new();
    for q in queries.iter().cycle().skip(args.cold).take(args.warm) {
        let started = Instant::now();
        client.search(q, &[], 10).await.map_err(anyhow::Error::msg)?;
        warm.push(started.elapsed());
    }
    warm.sort();
    println!(
        "  cold (process started, catalog read, bundle fetched and opened):  p50 {:.0} ms  max {:.0} ms  ({} requests)",
        percentile(&cold, 0.5),
        percentile(&cold, 1.0),
        cold.len()
    );
    println!(
        "  warm (signed request through the function URL):  p50 {:.1} ms  p99 {:.1} ms  ({} requests)",
        percentile(&warm, 0.5),
        percentile(&warm, 0.99),
        warm.len()
    );
    Ok(())
}
