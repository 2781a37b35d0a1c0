//! Every sample event in `events/` is fed to its function's `handle()` against the
//! emulator and the fixture web, and its effect is checked. An event file without a check
//! here fails the suite.

use std::path::Path;
use std::time::Duration;

use bytes::Bytes;
use feedhound::model::{Stage, Task, Timestamp, UrlEntry, UrlKey, UrlState, host_key, normalize_url};
use feedhound::ports::Namespace;
use feedhound::service::Deps;
use lambda_runtime::{Context, LambdaEvent};
use serde_json::Value;

use crate::harness::{AwsEnv, aws_deps, aws_env, fixture, fixture_http, queue_depth, sqs_event};

fn events_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../events")
}

fn fill(text: &str, port: u16, key: &str, receipt: &str) -> String {
    text.replace("__PORT__", &port.to_string()).replace("__KEY__", key).replace("__RECEIPT__", receipt)
}

fn lambda<T>(payload: T) -> LambdaEvent<T> {
    LambdaEvent::new(payload, Context::default())
}

/// Put the event's message body on the real queue and take it back, so the event carries
/// a real receipt handle, as Lambda's would.
async fn real_receipt(deps: &Deps, env: &AwsEnv, stage: Stage, body: &str) -> String {
    let name = format!("{}-{}", env.config.queue_prefix, stage.as_str());
    let url = env.clients.sqs.get_queue_url().queue_name(name).send().await.unwrap().queue_url().unwrap().to_owned();
    env.clients.sqs.send_message().queue_url(url).message_body(body).send().await.unwrap();
    let got = deps.queue.receive(stage, 1, Duration::from_secs(2)).await.unwrap();
    assert_eq!(got.len(), 1);
    got[0].receipt.clone()
}

/// Feed a stage's queue to its handler until `done` holds (bounded).
async fn drive(deps: &Deps, env: &AwsEnv, stage: Stage, limit: Duration, mut done: impl AsyncFnMut() -> bool) -> bool {
    let deadline = std::time::Instant::now() + limit;
    while std::time::Instant::now() < deadline {
        if done().await {
            return true;
        }
        let batch = deps.queue.receive(stage, 10, Duration::from_millis(300)).await.unwrap();
        if batch.is_empty() {
            continue;
        }
        let response = crate::pipeline::handle_stage(deps, stage, sqs_event(env, stage, &batch)).await;
        assert!(response.batch_item_failures.is_empty(), "unexpected failures: {response:?}");
        for d in &batch {
            deps.queue.ack(d).await.unwrap();
        }
    }
    done().await
}

async fn entry(deps: &Deps, key: &UrlKey) -> Option<UrlEntry> {
    deps.repos().urls.get(key.as_str()).await.unwrap().map(|s| s.value)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_sample_event_is_handled() {
    let mut files: Vec<_> = std::fs::read_dir(events_dir()).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(files.len() >= 9, "events/ holds the sample events");
    for file in files {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&file).unwrap();
        check_event(&name, &text).await;
    }
}

async fn check_event(name: &str, text: &str) {
    let web = fixture(2, 3, false).await;
    let env = aws_env().await;
    let deps = aws_deps(&env, fixture_http(&web));
    let port = web.port();
    let page = |host: &str, path: &str| normalize_url(&format!("http://{host}:{port}{path}")).unwrap();
    match name {
        "poller-schedule" => {
            feedhound::service::poll::register_feed(&deps, &format!("{}/feed.xml", web.base("site-0.test")), None)
                .await
                .unwrap();
            let out = poller::handle(&deps, lambda(serde_json::from_str::<Value>(text).unwrap())).await.unwrap();
            assert_eq!(out["enqueued"], 1, "{name}: the due feed is fanned out");
            assert_eq!(queue_depth(&env, Stage::Poll, false).await, 1, "{name}: one poll task queued");
            let again = poller::handle(&deps, lambda(serde_json::from_str::<Value>(text).unwrap())).await.unwrap();
            assert_eq!(again["enqueued"], 0, "{name}: an overlapping run enqueues nothing twice");
        }
        "poller-sqs" => {
            let body = fill(
                serde_json::from_str::<Value>(text).unwrap()["Records"][0]["body"].as_str().unwrap(),
                port,
                "",
                "",
            );
            let receipt = real_receipt(&deps, &env, Stage::Poll, &body).await;
            let event: Value = serde_json::from_str(&fill(text, port, "", &receipt)).unwrap();
            let out = poller::handle(&deps, lambda(event)).await.unwrap();
            assert_eq!(out["batchItemFailures"], serde_json::json!([]), "{name}: {out}");
            let ok = drive(&deps, &env, Stage::Poll, Duration::from_secs(15), async || {
                queue_depth(&env, Stage::Fetch, false).await >= 4
            })
            .await;
            assert!(ok, "{name}: 3 posts and the private page are queued for fetching");
            let log = web.log();
            assert_eq!(log[0].path, "/robots.txt", "{name}: robots.txt comes first: {log:?}");
            let feed_req = log.iter().find(|r| r.path == "/feed.xml").unwrap();
            assert!(feed_req.user_agent.contains("feed reader"), "{name}: the feed UA polls feeds");
        }
        "fetcher-sqs" => {
            let url = page("site-0.test", "/posts/0");
            let key = UrlKey::of(&url);
            let body = fill(
                serde_json::from_str::<Value>(text).unwrap()["Records"][0]["body"].as_str().unwrap(),
                port,
                key.as_str(),
                "",
            );
            let receipt = real_receipt(&deps, &env, Stage::Fetch, &body).await;
            let event = serde_json::from_str(&fill(text, port, key.as_str(), &receipt)).unwrap();
            let out = fetcher::handle(&deps, lambda(event)).await.unwrap();
            assert!(out.batch_item_failures.is_empty(), "{name}: {out:?}");
            let ok = drive(&deps, &env, Stage::Fetch, Duration::from_secs(15), async || {
                matches!(entry(&deps, &key).await.map(|e| e.state), Some(UrlState::Fetched { .. }))
            })
            .await;
            assert!(ok, "{name}: the page is fetched");
            assert_eq!(queue_depth(&env, Stage::Extract, false).await, 1, "{name}: an extract task follows");
            // A page this small travels in the extract task itself, not in the page store.
            let extract = deps.queue.receive(Stage::Extract, 1, Duration::ZERO).await.unwrap();
            let Some(feedhound::model::Task::ExtractPage(t)) = extract.first().and_then(|d| Task::decode(&d.body).ok())
            else {
                panic!("{name}: an extract task: {extract:?}");
            };
            let body = feedhound::model::unpack_body(t.body.as_deref().expect("the body inline"), 1 << 20).unwrap();
            assert!(String::from_utf8_lossy(&body).contains("<article"), "{name}: the page's body");
            assert!(deps.pages.get(&t.raw).await.unwrap().is_none(), "{name}: nothing in the page store");
            let page_req = web.log().into_iter().find(|r| r.path == "/posts/0").unwrap();
            assert!(!page_req.user_agent.contains("feed reader"), "{name}: pages go out with the page UA");
        }
        "fetcher-sqs-poison" => {
            let receipt = real_receipt(&deps, &env, Stage::Fetch, "this is not a task").await;
            let event = serde_json::from_str(&fill(text, port, "", &receipt)).unwrap();
            let out = fetcher::handle(&deps, lambda(event)).await.unwrap();
            assert!(out.batch_item_failures.is_empty(), "{name}: poison is dead-lettered, not retried");
            let dead = deps.queue.receive_dead(Stage::Fetch, 10, Duration::from_secs(2)).await.unwrap();
            assert_eq!(dead.len(), 1, "{name}: the poison message is on the dead-letter queue");
            assert_eq!(dead[0].body, "this is not a task");
            assert!(web.log().is_empty(), "{name}: no request made");
        }
        "extractor-sqs" => {
            let url = page("site-0.test", "/posts/1");
            let key = UrlKey::of(&url);
            let html = feedhound_tests::site::article_html("site-0.test", port, 1);
            deps.pages.put(&format!("raw/{key}.html"), Bytes::from(html), "text/html").await.unwrap();
            let now = Timestamp::from_millis(1_763_712_000_000);
            let e = UrlEntry {
                key: key.clone(),
                url: url.to_string(),
                host: host_key(&url).unwrap(),
                feed: None,
                state: UrlState::Fetched { raw: format!("raw/{key}.html") },
                seen_at: now,
                updated_at: now,
                fetched_at: Some(now),
                checked_at: None,
                missing_since: None,
                year: None,
            };
            deps.repos().urls.insert(&e).await.unwrap();
            let body = fill(
                serde_json::from_str::<Value>(text).unwrap()["Records"][0]["body"].as_str().unwrap(),
                port,
                key.as_str(),
                "",
            );
            let receipt = real_receipt(&deps, &env, Stage::Extract, &body).await;
            let event = serde_json::from_str(&fill(text, port, key.as_str(), &receipt)).unwrap();
            let out = extractor::handle(&deps, lambda(event)).await.unwrap();
            assert!(out.batch_item_failures.is_empty(), "{name}: {out:?}");
            assert!(
                matches!(entry(&deps, &key).await.unwrap().state, UrlState::CheckingImage { .. }),
                "{name}: the record waits for its image check"
            );
            // The image check is the URL's second and last request, on the fetch queue.
            let checked = drive(&deps, &env, Stage::Fetch, Duration::from_secs(20), async || {
                matches!(entry(&deps, &key).await.map(|e| e.state), Some(UrlState::Stored { .. }))
            })
            .await;
            assert!(checked, "{name}: the image check stores the record");
            assert_eq!(web.log().iter().filter(|r| r.path == "/img/1.png").count(), 1, "{name}: one image request");
            let location = format!("pages/2025/site-0.test_{port}/{key}.json");
            let record =
                deps.pages.get(&location).await.unwrap().unwrap_or_else(|| panic!("{name}: record at {location}"));
            let record: feedhound::model::PageRecord = serde_json::from_slice(&record).unwrap();
            assert_eq!(record.title, "Story number 1 from site-0.test");
            assert!(record.text.len() >= 500 && !record.text.contains("First!"), "{name}: main text without comments");
            let image = record.image.as_ref().unwrap();
            assert_eq!((image.width, image.height, image.checked), (Some(640), Some(480), true), "{name}");
            assert_eq!(image.media_type.as_deref(), Some("image/png"));
            assert!(deps.pages.get(&format!("drafts/{key}.json")).await.unwrap().is_none(), "{name}: draft removed");
            assert!(deps.pages.get(&format!("raw/{key}.html")).await.unwrap().is_none(), "{name}: raw body removed");
        }
        "discoverer-sqs" => {
            let body = fill(
                serde_json::from_str::<Value>(text).unwrap()["Records"][0]["body"].as_str().unwrap(),
                port,
                "",
                "",
            );
            let receipt = real_receipt(&deps, &env, Stage::Discover, &body).await;
            let event = serde_json::from_str(&fill(text, port, "", &receipt)).unwrap();
            let out = discoverer::handle(&deps, lambda(event)).await.unwrap();
            assert!(out.batch_item_failures.is_empty(), "{name}: {out:?}");
            let feed = format!("{}/feed.xml", web.base("site-1.test"));
            let ok = drive(&deps, &env, Stage::Discover, Duration::from_secs(15), async || {
                deps.state.get(Namespace::Feed, &feed).await.unwrap().is_some()
            })
            .await;
            let log: Vec<String> = web.log().iter().map(|r| format!("{} {} {}", r.host, r.path, r.status)).collect();
            assert!(ok, "{name}: the homepage's feed is registered; requests: {log:?}");
            assert_eq!(
                queue_depth(&env, Stage::Poll, false).await,
                0,
                "{name}: the validating fetch was its first poll"
            );
            assert_eq!(
                queue_depth(&env, Stage::Fetch, false).await,
                4,
                "{name}: its 3 posts and the private page are queued"
            );
        }
        "indexer-schedule" => {
            for (path, word) in [("a", "walrus"), ("b", "okapi")] {
                let r = feedhound::conformance::word_record(path, word);
                feedhound::service::put_record(deps.pages.as_ref(), &r.location(), &r).await.unwrap();
            }
            let out = indexer::handle(&deps, lambda(serde_json::from_str::<Value>(text).unwrap())).await.unwrap();
            assert_eq!(out["years"]["2026"]["documents"], 2, "{name}: {out}");
            let bundle = out["years"]["2026"]["bundle"].as_str().unwrap();
            assert!(deps.pages.get(bundle).await.unwrap().is_some(), "{name}: the bundle is in the bucket");
            let (catalog, _) = feedhound::service::index::catalog(&deps).await.unwrap().unwrap();
            assert_eq!(catalog.years[&2026].bundle, bundle, "{name}: and the catalog names it");
        }
        "search-url" => {
            let event: Value = serde_json::from_str(text).unwrap();
            let work = tempfile::tempdir().unwrap();
            let searcher = feedhound::service::index::PublishedSearch::new(work.path(), Duration::ZERO);
            let out = search::handle(&deps, &searcher, lambda(event.clone())).await.unwrap();
            assert_eq!(out["statusCode"], 503, "{name}: nothing published yet: {out}");
            for (path, word) in [("a", "walrus"), ("b", "okapi")] {
                let r = feedhound::conformance::word_record(path, word);
                feedhound::service::put_record(deps.pages.as_ref(), &r.location(), &r).await.unwrap();
            }
            let build = tempfile::tempdir().unwrap();
            let indexes = feedhound::search::YearIndexes::new(build.path());
            feedhound::service::index::publish_year(&deps, &indexes, 2026, false).await.unwrap();
            let out = search::handle(&deps, &searcher, lambda(event.clone())).await.unwrap();
            assert_eq!(out["statusCode"], 200, "{name}: {out}");
            let hits: Value = serde_json::from_str(out["body"].as_str().unwrap()).unwrap();
            assert_eq!(hits.as_array().unwrap().len(), 1, "{name}: {hits}");
            assert_eq!(hits[0]["url"], "https://daily.test/a");
            assert!(hits[0]["snippet"].as_str().unwrap().contains("walrus"), "{hits}");
            let mut missing = event;
            missing["queryStringParameters"] = serde_json::json!({});
            let out = search::handle(&deps, &searcher, lambda(missing)).await.unwrap();
            assert_eq!(out["statusCode"], 400, "{name}: a request without words: {out}");
        }
        "sampler-schedule" => {
            let url = page("site-0.test", "/posts/2");
            let now = Timestamp::from_millis(1_763_712_000_000);
            let e = UrlEntry {
                key: UrlKey::of(&url),
                url: url.to_string(),
                host: host_key(&url).unwrap(),
                feed: None,
                state: UrlState::Stored { record: "pages/2026/x.test/y.json".into() },
                seen_at: now,
                updated_at: now,
                fetched_at: Some(now),
                checked_at: None,
                missing_since: None,
                year: Some(2026),
            };
            deps.repos().urls.insert(&e).await.unwrap();
            let out = sampler::handle(&deps, lambda(serde_json::from_str::<Value>(text).unwrap())).await.unwrap();
            assert_eq!(out["enqueued"], 1, "{name}: {out}");
            assert_eq!(queue_depth(&env, Stage::Fetch, false).await, 1);
        }
        other => panic!("events/{other}.json has no check in tests/it/lambda_events.rs"),
    }
}
