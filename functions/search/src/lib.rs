//! The search Lambda, behind a function URL (IAM auth): `GET /?q=WORDS[&year=Y][&limit=N]`
//! answers the JSON list `feedhound search --json` prints (`url`, `title`, `published`,
//! `site`, `snippet`, `score`, ...), best first.
//!
//! It reads the catalog of published indexes from the table (at most once a minute), keeps
//! a copy of each year's bundle under `FEEDHOUND_INDEX_DIR` (default
//! `/tmp/feedhound-search`), fetched again only when the catalog names a new generation,
//! and keeps the indexes open between requests.

use std::time::Duration;

use feedhound::service::Deps;
use feedhound::service::index::PublishedSearch;
use lambda_runtime::{Error, LambdaEvent};
use serde_json::{Value, json};

/// Results per query when the request does not say.
pub const DEFAULT_LIMIT: usize = 10;
/// The most results a query may ask for.
pub const MAX_LIMIT: usize = 100;

/// The searcher of this Lambda instance.
pub fn searcher() -> PublishedSearch {
    let dir: std::path::PathBuf =
        std::env::var_os("FEEDHOUND_INDEX_DIR").map_or_else(|| "/tmp/feedhound-search".into(), Into::into);
    PublishedSearch::new(&dir, Duration::from_secs(60))
}

fn reply(status: u16, body: &Value) -> Value {
    json!({
        "statusCode": status,
        "headers": { "content-type": "application/json" },
        "body": body.to_string(),
        "isBase64Encoded": false,
    })
}

fn bad_request(message: &str) -> Value {
    reply(400, &json!({ "error": message }))
}

/// The query's parameters: `q`, `year` (repeatable or comma-separated), `limit`.
fn parameters(event: &Value) -> Result<(String, Vec<i32>, usize), String> {
    let params = event.get("queryStringParameters").and_then(Value::as_object);
    let param = |name: &str| params.and_then(|p| p.get(name)).and_then(Value::as_str).map(str::trim);
    let query = param("q").filter(|q| !q.is_empty()).ok_or("the query parameter q (the words to find) is missing")?;
    let mut years = Vec::new();
    for y in param("year").unwrap_or("").split(',').map(str::trim).filter(|y| !y.is_empty()) {
        years.push(y.parse::<i32>().map_err(|_| format!("year {y:?} is not a year"))?);
    }
    let limit = match param("limit") {
        None | Some("") => DEFAULT_LIMIT,
        Some(l) => l.parse::<usize>().map_err(|_| format!("limit {l:?} is not a number"))?.clamp(1, MAX_LIMIT),
    };
    Ok((query.to_owned(), years, limit))
}

/// Answer one request.
///
/// # Errors
/// Never for a bad request (a 400 reply) or a failing store (a 500 reply naming it); the
/// `Result` is the runtime's.
pub async fn handle(deps: &Deps, searcher: &PublishedSearch, event: LambdaEvent<Value>) -> Result<Value, Error> {
    let (query, years, limit) = match parameters(&event.payload) {
        Ok(p) => p,
        Err(message) => return Ok(bad_request(&message)),
    };
    let started = std::time::Instant::now();
    let hits = match searcher.search(deps, &query, &years, limit).await {
        Ok(Some(hits)) => hits,
        Ok(None) => return Ok(reply(503, &json!({ "error": "no index is published yet: the indexer has not run" }))),
        Err(e) => {
            tracing::error!(error = %e, "search failed");
            return Ok(reply(500, &json!({ "error": e.to_string() })));
        }
    };
    tracing::info!(hits = hits.len(), ms = started.elapsed().as_millis() as u64, "searched");
    Ok(reply(200, &serde_json::to_value(&hits)?))
}
