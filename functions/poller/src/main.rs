//! Composition root of the poller Lambda: logging, configuration and clients once per cold start.

use lambda_runtime::{Error, run, service_fn};

#[tokio::main]
async fn main() -> Result<(), Error> {
    feedhound::lambda::init_tracing();
    let deps = feedhound::lambda::deps_from_env(feedhound::lambda::Wiring::READING_FEEDS).await?;
    let deps = &deps;
    run(service_fn(move |event| feedhound::lambda::flushing(deps, poller::handle(deps, event)))).await
}
