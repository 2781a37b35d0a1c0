//! Composition root of the search Lambda: logging, configuration, clients and the cache of
//! open indexes once per cold start.

use lambda_runtime::{Error, run, service_fn};

#[tokio::main]
async fn main() -> Result<(), Error> {
    feedhound::lambda::init_tracing();
    let deps = feedhound::lambda::deps_from_env(feedhound::lambda::Wiring::INDEXING).await?;
    let searcher = search::searcher();
    let (deps, searcher) = (&deps, &searcher);
    run(service_fn(move |event| feedhound::lambda::flushing(deps, search::handle(deps, searcher, event)))).await
}
