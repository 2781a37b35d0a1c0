//! The walking skeleton through the Lambda handlers on the emulator: schedule → poll →
//! fetch → extract, with records in S3 and the host lease held across handlers.

use std::time::Duration;

use aws_lambda_events::event::sqs::{SqsBatchResponse, SqsEvent};
use feedhound::model::Stage;
use feedhound::service::Deps;
use lambda_runtime::{Context, LambdaEvent};

use crate::harness::{assert_polite, aws_deps, aws_env, fixture, fixture_http, sqs_event};

/// Hand an SQS batch to the function that owns `stage`.
pub async fn handle_stage(deps: &Deps, stage: Stage, event: SqsEvent) -> SqsBatchResponse {
    let ctx = Context::default();
    match stage {
        Stage::Discover => discoverer::handle(deps, LambdaEvent::new(event, ctx)).await.unwrap(),
        Stage::Fetch => fetcher::handle(deps, LambdaEvent::new(event, ctx)).await.unwrap(),
        Stage::Extract => extractor::handle(deps, LambdaEvent::new(event, ctx)).await.unwrap(),
        Stage::Poll => {
            let payload = serde_json::to_value(event).unwrap();
            let out = poller::handle(deps, LambdaEvent::new(payload, ctx)).await.unwrap();
            serde_json::from_value(out).unwrap()
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn feed_to_records_through_the_lambdas() {
    let web = fixture(2, 3, false).await;
    let env = aws_env().await;
    let deps = aws_deps(&env, fixture_http(&web));
    for i in 0..2 {
        feedhound::service::poll::register_feed(
            &deps,
            &format!("{}/feed.xml", web.base(&format!("site-{i}.test"))),
            None,
        )
        .await
        .unwrap();
    }
    let schedule = serde_json::json!({ "detail-type": "Scheduled Event", "source": "aws.scheduler", "detail": {} });
    let out = poller::handle(&deps, LambdaEvent::new(schedule, Context::default())).await.unwrap();
    assert_eq!(out["enqueued"], 2);

    // Pump the queues as the event source mappings would: batches of up to 10, messages
    // the handler did not report as failed are deleted.
    let deadline = std::time::Instant::now() + Duration::from_secs(90);
    let mut stored = 0;
    while std::time::Instant::now() < deadline {
        let mut idle = true;
        for stage in [Stage::Extract, Stage::Fetch, Stage::Poll] {
            let batch = deps.queue.receive(stage, 10, Duration::ZERO).await.unwrap();
            if batch.is_empty() {
                continue;
            }
            idle = false;
            let response = handle_stage(&deps, stage, sqs_event(&env, stage, &batch)).await;
            assert!(response.batch_item_failures.is_empty(), "no task fails: {response:?}");
            for d in &batch {
                deps.queue.ack(d).await.unwrap();
            }
        }
        stored = deps.pages.list("pages/").await.unwrap().len();
        // Done when every URL has settled: the poll spaces a host's new pages a gap apart,
        // so the robots-disallowed ones may still wait after the others are stored.
        let counts = deps.repos().urls.counts().await.unwrap();
        if stored == 6 && counts.get("excluded") == Some(&2) {
            break;
        }
        if idle {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    assert_eq!(stored, 6, "every post of both blogs is stored as a record in S3");
    let counts = deps.repos().urls.counts().await.unwrap();
    assert_eq!(counts.get("stored"), Some(&6), "{counts:?}");
    assert_eq!(counts.get("excluded"), Some(&2), "the robots-disallowed pages: {counts:?}");
    assert!(!web.log().iter().any(|r| r.path.starts_with("/private/")), "a disallowed path is never requested");
    for host in ["site-0.test", "site-1.test"] {
        let robots = web.log().iter().filter(|r| r.host == host && r.path == "/robots.txt").count();
        assert_eq!(robots, 1, "robots.txt once for {host}");
    }
    assert_polite(&web, 1000);
}
