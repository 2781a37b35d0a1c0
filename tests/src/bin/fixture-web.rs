//! Serve the fixture web on loopback, for trying feedhound offline.
//!
//! `fixture-web --port 8080 --sites 3 --articles 5` writes `feeds.txt` (one feed per line)
//! and prints the `feedhound crawl` command that crawls it.

use clap::Parser;

/// Serve a web of fixture sites on 127.0.0.1.
#[derive(Parser, Debug)]
struct Args {
    /// Port on 127.0.0.1.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Blogs to serve (site-0.test, site-1.test, ...).
    #[arg(long, default_value_t = 3)]
    sites: usize,
    /// Articles per blog.
    #[arg(long, default_value_t = 5)]
    articles: usize,
    /// Where to write the feed list.
    #[arg(long, default_value = "feeds.txt")]
    feeds_file: std::path::PathBuf,
    /// How long every answer takes, in milliseconds (a real server's response time).
    #[arg(long, default_value_t = 0)]
    latency_ms: u64,
    /// Also list the trouble host's feed (error statuses, slow bodies, bombs, loops).
    #[arg(long)]
    trouble: bool,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt().with_writer(std::io::stderr).init();
    let args = Args::parse();
    let web = feedhound_tests::standard_web(args.port, args.sites, args.articles).await?;
    web.set_latency(std::time::Duration::from_millis(args.latency_ms));
    let mut feeds: Vec<String> =
        (0..args.sites).map(|i| format!("{}/feed.xml", web.base(&format!("site-{i}.test")))).collect();
    if args.trouble {
        feeds.push(format!("{}/feed.xml", web.base("trouble.test")));
    }
    std::fs::write(&args.feeds_file, feeds.join("\n") + "\n")?;
    println!(
        "fixture web on http://127.0.0.1:{} ({} hosts); feeds in {}",
        web.port(),
        web.hosts().len(),
        args.feeds_file.display()
    );
    println!(
        "crawl it with:\n  feedhound crawl --feeds {} --allow-private-addresses --resolve '*:{}:127.0.0.1'",
        args.feeds_file.display(),
        web.port()
    );
    tokio::signal::ctrl_c().await?;
    let log = web.log();
    println!("served {} requests; smallest gap per host (ms): {:?}", log.len(), web.min_gaps());
    Ok(())
}
