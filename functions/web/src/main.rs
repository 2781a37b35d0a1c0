//! Composition root of the web Lambda: logging, configuration, clients and the pages'
//! state once per cold start.

use lambda_http::{Error, run};

#[tokio::main]
async fn main() -> Result<(), Error> {
    feedhound::lambda::init_tracing();
    let deps = feedhound::lambda::deps_from_env(feedhound::lambda::Wiring::SERVING).await?;
    let app = web::app(deps).await?;
    run(app).await
}
