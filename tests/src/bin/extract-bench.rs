//! The extraction benchmark and scorer, over saved pages.
//!
//! Input: a JSON-lines file, one page per line: `{"id","file","url"}` plus, to score,
//! any of `"title"`, `"text"`, `"text_start"`, `"image"` (the known answers; `text_start`
//! is the known opening of the text, where a test set gives no more). Prints pages per second,
//! milliseconds per page and the process's peak memory; with answers, the mean text
//! precision / recall / F1 over word tokens (as public article-extraction benchmarks count
//! them), and how often the title and the image are right.
//!
//!   cargo run --release -p feedhound-tests --bin extract-bench -- pages.jsonl [--show-misses]
//!
//! With `--score OUTPUT`, another tool's output on the same pages (a JSON line per page:
//! `id`, `title`, `text`, `image`, and `ms`, the time it took) is scored instead, by the
//! same rules: `tests/accuracy.sh` compares the established extractors so.

use std::collections::HashMap;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::Parser;
use feedhound::parse::article::extract;
use feedhound::parse::html::decode_html;

#[derive(Parser, Debug)]
struct Args {
    /// The JSON-lines file of pages.
    pages: std::path::PathBuf,
    /// Passes over the corpus for the speed figure.
    #[arg(long, default_value_t = 3)]
    passes: usize,
    /// Print each page whose title, image or text (F1 < 0.8) is wrong.
    #[arg(long)]
    show_misses: bool,
    /// Print each paragraph of the extracted text that is mostly not in the known text
    /// (what lowers precision), and each known paragraph mostly missing (recall).
    #[arg(long)]
    show_extra: bool,
    /// Score text over shingles of this many consecutive words (1: single words; the
    /// public news benchmark counts 4).
    #[arg(long, default_value_t = 1)]
    shingles: usize,
    /// Write what was extracted, a JSON line per page (`id`, `title`, `text`, `image`), to
    /// this file: to compare with another tool's output or test a rule over it.
    #[arg(long)]
    dump: Option<std::path::PathBuf>,
    /// Score this output of another tool (a JSON line per page: `id`, `title`, `text`,
    /// `image`, `ms`) instead of extracting; the pages' speed is the `ms` given.
    #[arg(long)]
    score: Option<std::path::PathBuf>,
    /// Leave images unscored (a tool that gives none).
    #[arg(long)]
    no_images: bool,
    /// The name the last line (`summary:`) gives the figures.
    #[arg(long, default_value = "feedhound")]
    name: String,
}

/// What a tool read of a page.
#[derive(serde::Deserialize, Default)]
struct Output {
    id: String,
    title: Option<String>,
    #[serde(default)]
    text: Option<String>,
    image: Option<String>,
    /// Milliseconds the tool took on the page (another tool's output).
    ms: Option<f64>,
}

#[derive(serde::Deserialize)]
struct Page {
    id: String,
    file: std::path::PathBuf,
    #[serde(default)]
    url: String,
    title: Option<String>,
    text: Option<String>,
    text_start: Option<String>,
    image: Option<String>,
}

/// The words of a text, lower case, punctuation left out.
fn words(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

/// Whether a text holds the known opening (its first 50 words, in order) and whether it
/// starts with it (its first 10 words are the text's first).
fn opening(text: &str, known: &str) -> (bool, bool) {
    let (text, known) = (words(text), words(known));
    let held = &known[..known.len().min(50)];
    let first = &known[..known.len().min(10)];
    let holds = !held.is_empty() && text.windows(held.len()).any(|w| w == held);
    (holds, !first.is_empty() && text.starts_with(first))
}

fn tokens(s: &str) -> HashMap<String, usize> {
    shingles(s, 1)
}

/// The multiset of runs of `n` consecutive words, lower case (a text shorter than `n`
/// words is one run).
fn shingles(s: &str, n: usize) -> HashMap<String, usize> {
    let words: Vec<String> =
        s.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
    let mut out = HashMap::new();
    for run in words.windows(n.clamp(1, words.len().max(1))) {
        *out.entry(run.join(" ")).or_insert(0) += 1;
    }
    out
}

/// Precision, recall and F1 of the multiset of `n`-word shingles of `got` against `want`.
fn prf(got: &str, want: &str, n: usize) -> (f64, f64, f64) {
    let (g, w) = (shingles(got, n), shingles(want, n));
    let common: usize = g.iter().map(|(k, n)| (*n).min(w.get(k).copied().unwrap_or(0))).sum();
    let (gn, wn) = (g.values().sum::<usize>(), w.values().sum::<usize>());
    if gn == 0 && wn == 0 {
        return (1.0, 1.0, 1.0);
    }
    let p = if gn == 0 { 0.0 } else { common as f64 / gn as f64 };
    let r = if wn == 0 { 0.0 } else { common as f64 / wn as f64 };
    let f = if p + r == 0.0 { 0.0 } else { 2.0 * p * r / (p + r) };
    (p, r, f)
}

/// The paragraphs of `text` (lines) of which fewer than half the words are in `other`.
fn unmatched<'a>(text: &'a str, other: &str) -> Vec<&'a str> {
    let known = tokens(other);
    text.lines()
        .filter(|l| {
            let words = tokens(l);
            let n: usize = words.values().sum();
            let found: usize = words.iter().map(|(w, c)| (*c).min(known.get(w).copied().unwrap_or(0))).sum();
            n > 0 && found * 2 < n
        })
        .collect()
}

fn same_title(a: &str, b: &str) -> bool {
    let n = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
    n(a) == n(b)
}

fn same_image(a: &str, b: &str) -> bool {
    let n = |s: &str| s.trim().trim_start_matches("https:").trim_start_matches("http:").to_owned();
    n(a) == n(b)
}

fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status.lines().find(|l| l.starts_with("VmHWM:"))?.split_whitespace().nth(1)?.parse().ok()
}

fn main() -> Result<()> {
    let args = Args::parse();
    let list = std::fs::read_to_string(&args.pages).with_context(|| format!("reading {}", args.pages.display()))?;
    let mut pages = Vec::new();
    for (i, line) in list.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let p: Page = serde_json::from_str(line).with_context(|| format!("line {}", i + 1))?;
        let bytes = std::fs::read(&p.file).with_context(|| format!("reading {}", p.file.display()))?;
        // A page with no usable URL is still extracted (relative references left out).
        let url = url::Url::parse(&p.url).ok();
        pages.push((p, bytes, url));
    }
    let (results, median) = match &args.score {
        Some(path) => read_output(path, &pages)?,
        None => extract_all(&pages, &args)?,
    };
    let (mut f_sum, mut p_sum, mut r_sum, mut scored) = (0.0, 0.0, 0.0, 0usize);
    let (mut titles, mut titles_right, mut images, mut images_right) = (0, 0, 0, 0);
    let (mut openings, mut openings_held, mut openings_first) = (0, 0, 0);
    for ((page, _, _), a) in pages.iter().zip(&results) {
        let text = a.text.as_deref().unwrap_or("");
        let image = a.image.as_deref().filter(|i| !i.is_empty());
        let mut misses = Vec::new();
        if let Some(want) = &page.text {
            let (p, r, f) = prf(text, want, args.shingles);
            (p_sum, r_sum, f_sum, scored) = (p_sum + p, r_sum + r, f_sum + f, scored + 1);
            if f < 0.8 {
                misses.push(format!("text F1 {f:.2} (P {p:.2} R {r:.2})"));
            }
            if args.show_extra {
                println!("  {}: text P {p:.3} R {r:.3} F1 {f:.3}", page.id);
                let cut = |p: &str| p.chars().take(160).collect::<String>();
                for para in unmatched(text, want) {
                    println!("  {} extra: {}", page.id, cut(para));
                }
                for para in unmatched(want, text) {
                    println!("  {} missing: {}", page.id, cut(para));
                }
            }
        }
        if let Some(want) = page.text_start.as_ref().filter(|w| !w.trim().is_empty()) {
            let (holds, first) = opening(text, want);
            (openings, openings_held, openings_first) =
                (openings + 1, openings_held + usize::from(holds), openings_first + usize::from(first));
            if !first {
                let start: String = text.chars().take(80).collect();
                misses.push(format!(
                    "text {} the known opening; starts {start:?}",
                    if holds { "holds, not at its start," } else { "misses" }
                ));
            }
        }
        if let Some(want) = &page.title {
            titles += 1;
            // No title is right where the page's known title is empty.
            if same_title(a.title.as_deref().unwrap_or(""), want) {
                titles_right += 1;
            } else {
                misses.push(format!("title {:?} want {want:?}", a.title));
            }
        }
        if let Some(want) = page.image.as_ref().filter(|w| !w.is_empty() && !args.no_images) {
            images += 1;
            if image.is_some_and(|i| same_image(i, want)) {
                images_right += 1;
            } else {
                misses.push(format!("image {image:?} want {want:?}"));
            }
        }
        if args.show_misses && !misses.is_empty() {
            println!("  {}: {}", page.id, misses.join("; "));
        }
    }
    if scored > 0 {
        let k = scored as f64;
        println!(
            "  text: F1 {:.3}, precision {:.3}, recall {:.3} over {scored} pages ({}-word shingles)",
            f_sum / k,
            p_sum / k,
            r_sum / k,
            args.shingles.max(1)
        );
    }
    if openings > 0 {
        println!("  text openings: held {openings_held}/{openings}, at the start {openings_first}/{openings}");
    }
    if titles > 0 {
        println!("  titles right: {titles_right}/{titles}");
    }
    if images > 0 {
        println!("  images right: {images_right}/{images}");
    }
    // One line of every figure, for a table of tools side by side.
    let share = |right: usize, of: usize| if of == 0 { "-".to_owned() } else { format!("{right}/{of}") };
    let mean = |sum: f64| if scored == 0 { "-".to_owned() } else { format!("{:.3}", sum / scored as f64) };
    println!(
        "summary: {} | F1 {} | P {} | R {} | titles {} | images {} | openings at the start {} | median {median:.2} ms",
        args.name,
        mean(f_sum),
        mean(p_sum),
        mean(r_sum),
        share(titles_right, titles),
        share(images_right, images),
        share(openings_first, openings),
    );
    Ok(())
}

type Loaded = (Page, Vec<u8>, Option<url::Url>);

/// Every page extracted by feedhound, `args.passes` times over; its output and the median
/// of each page's fastest pass (the figure least moved by a noisy machine).
fn extract_all(pages: &[Loaded], args: &Args) -> Result<(Vec<Output>, f64)> {
    let before = peak_memory_kib();
    let started = Instant::now();
    let mut results = Vec::new();
    let mut fastest = vec![f64::MAX; pages.len()];
    for pass in 0..args.passes.max(1) {
        for (i, (page, bytes, url)) in pages.iter().enumerate() {
            let t = Instant::now();
            let html = decode_html(bytes, None);
            let a = extract(&html, url.as_ref());
            fastest[i] = fastest[i].min(t.elapsed().as_secs_f64() * 1000.0);
            if pass == 0 {
                results.push(Output {
                    id: page.id.clone(),
                    title: a.title,
                    text: Some(a.text),
                    image: a.images.into_iter().next().map(|i| i.url),
                    ms: None,
                });
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let mid = median(fastest);
    let n = pages.len() * args.passes.max(1);
    let bytes: usize = pages.iter().map(|(_, b, _)| b.len()).sum();
    println!(
        "extraction: {} pages ({} KiB), {:.0} pages/s, {:.2} ms/page (one thread, {} passes)",
        pages.len(),
        bytes / 1024,
        n as f64 / secs,
        secs * 1000.0 / n as f64,
        args.passes.max(1)
    );
    println!("  median {mid:.2} ms/page (each page's fastest pass)");
    println!(
        "  peak memory (VmHWM): {} KiB, {} KiB before extracting (the corpus itself is loaded)",
        peak_memory_kib().unwrap_or(0),
        before.unwrap_or(0)
    );
    if let Some(path) = &args.dump {
        let mut out = String::new();
        for r in &results {
            let line = serde_json::json!({ "id": r.id, "title": r.title, "text": r.text, "image": r.image });
            out.push_str(&line.to_string());
            out.push('\n');
        }
        std::fs::write(path, out).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok((results, mid))
}

/// Another tool's output on the pages, in the pages' order (a page it has no line for
/// read as nothing), and the median of its times.
fn read_output(path: &std::path::Path, pages: &[Loaded]) -> Result<(Vec<Output>, f64)> {
    let list = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let mut by_id = HashMap::new();
    for (i, line) in list.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let o: Output = serde_json::from_str(line).with_context(|| format!("{} line {}", path.display(), i + 1))?;
        by_id.insert(o.id.clone(), o);
    }
    let results: Vec<Output> = pages.iter().map(|(p, _, _)| by_id.remove(&p.id).unwrap_or_default()).collect();
    let times: Vec<f64> = results.iter().filter_map(|o| o.ms).collect();
    println!(
        "scored: {} ({} pages, {} with an answer)",
        path.display(),
        pages.len(),
        pages.len() - results.iter().filter(|o| o.id.is_empty()).count()
    );
    Ok((results, median(times)))
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(0.0)
}
