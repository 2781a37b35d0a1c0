//! The deployed stack, end to end: the SAM template built by `sam build` (cargo-lambda) is
//! deployed to the emulator by `infra/deploy-local.sh`, which runs each function's
//! bootstrap as a process, fires the schedules and drives the queue triggers. Work is
//! submitted through the user command (`feedhound add-feed --aws`, `add-site --aws`), and
//! written to the table directly where a schedule must find it; then the test waits,
//! bounded, until the crawl is idle and checks the bucket, the table and the fixture web's
//! request log. Midway, the fetcher's process is killed while it reads a page.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use feedhound::adapters::aws::{AwsClients, AwsConfig};
use feedhound::model::{PollFeedTask, Stage, Task};
use feedhound::service::Deps;
use feedhound_tests::{FixtureWeb, Route, Site};

use crate::harness::{AwsEnv, aws_deps, feedhound_bin, fixture_http, queue_depth, require_emulator, unique};

/// How long the whole crawl may take once submitted: schedules fire every minute, and a
/// message whose function was killed comes back after the queue's visibility timeout.
const CRAWL_LIMIT: Duration = Duration::from_secs(300);
/// The slow page's body comes this long after its headers: time to kill the fetcher.
const SLOW_BODY: Duration = Duration::from_secs(4);

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_owned()
}

/// A deployed stack: its name and the environment the CLI needs for it.
struct Stack {
    name: String,
    env: Vec<(String, String)>,
}

impl Stack {
    fn var(&self, key: &str) -> &str {
        self.env.iter().find(|(k, _)| k == key).map_or("", |(_, v)| v.as_str())
    }

    async fn aws(&self) -> AwsEnv {
        let config = AwsConfig {
            table: self.var("FEEDHOUND_TABLE").to_owned(),
            bucket: self.var("FEEDHOUND_BUCKET").to_owned(),
            queue_prefix: self.var("FEEDHOUND_QUEUE_PREFIX").to_owned(),
            s3_path_style: true,
        };
        assert!(
            !config.table.is_empty() && !config.bucket.is_empty(),
            "the stack's outputs name its resources: {:?}",
            self.env
        );
        AwsEnv { clients: AwsClients::from_env(&config).await, config }
    }

    /// Run `feedhound ARGS --aws` against this stack; returns stdout.
    async fn feedhound(&self, args: &[&str]) -> String {
        let out = tokio::process::Command::new(feedhound_bin())
            .args(args)
            .arg("--aws")
            .envs(self.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .output()
            .await
            .unwrap();
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "feedhound {args:?} --aws failed: {stdout}{stderr}");
        stdout.into_owned()
    }
}

/// `bash infra/deploy-local.sh --no-build` for the fixture web, with minute schedules.
async fn deploy(web: &FixtureWeb) -> Stack {
    let name = unique("fh-e2e");
    let stack = deploy_as(web, &name).await;
    // Run again with nothing changed, as a user who runs the command twice: the stack is
    // up to date and the script succeeds (an empty change set is not an error).
    let again = deploy_as(web, &name).await;
    assert_eq!(again.var("FEEDHOUND_TABLE"), stack.var("FEEDHOUND_TABLE"), "the same stack, deployed again");
    stack
}

async fn deploy_as(web: &FixtureWeb, name: &str) -> Stack {
    let endpoint = require_emulator();
    let built = workspace().join(".aws-sam/build/template.yaml");
    assert!(
        built.exists(),
        "{} is missing: the deployed-stack test deploys what `sam build` built; run `bash tests/run.sh`, which builds it",
        built.display()
    );
    let name = name.to_owned();
    let env_file = std::env::temp_dir().join(format!("{name}.env"));
    let mut cmd = tokio::process::Command::new("bash");
    cmd.current_dir(workspace())
        .arg("infra/deploy-local.sh")
        .args(["--no-build", "--stack", &name, "--allow-private-addresses"])
        .arg("--env-file")
        .arg(&env_file);
    for r in web.resolve_args() {
        cmd.args(["--resolve", &r]);
    }
    for p in [
        "PollSchedule=rate(1 minute)",
        "SweepSchedule=rate(1 minute)",
        "IndexSchedule=rate(1 minute)",
        "FunctionTimeout=20",
        "QueueVisibilityTimeout=30",
    ] {
        cmd.args(["--param", p]);
    }
    cmd.env("AWS_ENDPOINT_URL", &endpoint).kill_on_drop(true);
    let out = tokio::time::timeout(Duration::from_secs(300), cmd.output())
        .await
        .expect("deploy-local.sh finishes within 5 minutes")
        .unwrap();
    let log = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "deploy-local.sh failed:\n{log}");
    let text = std::fs::read_to_string(&env_file).unwrap_or_else(|e| panic!("{}: {e}\n{log}", env_file.display()));
    let env = text
        .lines()
        .filter_map(|l| l.strip_prefix("export ")?.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
    Stack { name, env }
}

fn kill_hard(pid: u32) {
    let status = std::process::Command::new("kill").arg("-9").arg(pid.to_string()).status().unwrap();
    assert!(status.success(), "kill -9 {pid}");
}

/// The sites: four blogs (each reached a different way), a page served slowly (the
/// fetcher is killed while reading it) and a host that answers 429.
fn web_sites(web: &FixtureWeb) {
    let port = web.port();
    for i in 0..4 {
        web.add_site(Site::blog(&format!("site-{i}.test"), port, 3));
    }
    // Site owners, on the web function's pages at the end: one suggested, one opting out.
    web.add_site(Site::blog("suggested.test", port, 1));
    web.add_site(Site::new("optout.test").route("/robots.txt", Route::ok("text/plain", "User-agent: *\nAllow: /\n")));
    let allow = || Route::ok("text/plain", "User-agent: *\nAllow: /\n");
    let article = |host: &str| feedhound_tests::site::article_html(host, port, 1).replace("/posts/1\"", "/page\"");
    for (host, page) in [
        (
            "slow.test",
            Route::Slow {
                content_type: "text/html; charset=utf-8".into(),
                chunk: article("slow.test").into(),
                chunks: 1,
                interval: SLOW_BODY,
            },
        ),
        ("limited.test", Route::status_with(429, &[("retry-after", "3600")])),
    ] {
        let feed = feedhound_tests::site::rss(host, &[format!("http://{host}:{port}/page")]);
        web.add_site(
            Site::new(host)
                .route("/robots.txt", allow())
                .route("/feed.xml", Route::ok("application/rss+xml", feed))
                .route("/page", page)
                .route("/img/1.png", Route::ok("image/png", feedhound_tests::site::png_bytes(640, 480))),
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_deployed_stack_crawls_through_schedules_queues_and_a_killed_function() {
    let web = FixtureWeb::start().await.unwrap();
    web_sites(&web);
    let stack = deploy(&web).await;
    let aws = stack.aws().await;
    let deps: Deps = aws_deps(&aws, fixture_http(&web));

    // Through the user command: two feeds and a site whose feed discovery finds. The 429
    // host's feed comes once the fetcher has been killed: a process killed between a 429
    // and the hold it writes would lose the hold, and its task, back after the queue's
    // visibility timeout, would ask once more (the README says so). The test kills the
    // fetcher to see its slow page come back, not to land in that window.
    for host in ["site-0.test", "slow.test"] {
        let out = stack.feedhound(&["add-feed", &format!("{}/feed.xml", web.base(host))]).await;
        assert!(out.contains("queued a poll"), "{out}");
    }
    let out = stack.feedhound(&["add-site", &format!("{}/", web.base("site-1.test"))]).await;
    assert!(out.contains("queued discovery"), "{out}");
    // Only a schedule can find these: a feed due in the table that no queue ever saw (the
    // poll schedule's fan-out), and a task parked until now (released by the sweep).
    feedhound::service::poll::register_feed(&deps, &format!("{}/feed.xml", web.base("site-2.test")), None)
        .await
        .unwrap();
    let parked = Task::PollFeed(PollFeedTask { feed: format!("{}/feed.xml", web.base("site-3.test")) });
    feedhound::service::park::park(&deps, &parked, 0, deps.clock.now()).await.unwrap();

    let started = Instant::now();
    let mut killed: Vec<u32> = Vec::new();
    let mut report = String::new();
    let mut last_check = Instant::now();
    let idle = loop {
        assert!(started.elapsed() < CRAWL_LIMIT, "the deployed crawl did not finish in {CRAWL_LIMIT:?}: {report}");
        tokio::time::sleep(Duration::from_millis(200)).await;
        // Kill the fetcher while it reads the slow page: its message must come back.
        if killed.is_empty() && web.log().iter().any(|r| r.host == "slow.test" && r.path == "/page") {
            killed = feedhound_tests::function_processes(&format!("{}-fetcher", stack.name));
            assert!(!killed.is_empty(), "the fetcher's process is found while it reads the slow page");
            for pid in &killed {
                kill_hard(*pid);
            }
            eprintln!(
                "{:>5.1} s: killed the fetcher ({killed:?}) while it read the slow page",
                started.elapsed().as_secs_f64()
            );
            let out = stack.feedhound(&["add-feed", &format!("{}/feed.xml", web.base("limited.test"))]).await;
            assert!(out.contains("queued a poll"), "{out}");
        }
        if last_check.elapsed() < Duration::from_secs(2) {
            continue;
        }
        last_check = Instant::now();
        let entries = deps.repos().urls.all().await.unwrap();
        let counts = deps.repos().urls.counts().await.unwrap();
        let mut waiting = 0;
        for stage in Stage::ALL {
            waiting += queue_depth(&aws, stage, false).await;
        }
        let in_flight = entries.iter().filter(|e| !e.state.is_final()).count();
        let parked_tasks = deps.repos().parked.all().await.unwrap().len();
        let odd: Vec<String> = entries
            .iter()
            .filter(|e| !matches!(e.state.name(), "stored" | "excluded"))
            .map(|e| format!("{} {:?}", e.url, e.state))
            .collect();
        let now = format!(
            "urls {counts:?}, {in_flight} in flight, {waiting} queued, {parked_tasks} parked tasks, killed {killed:?}; {odd:?}"
        );
        if now != report {
            eprintln!("{:>5.1} s: {now}", started.elapsed().as_secs_f64());
            report = now;
        }
        // 4 blogs × 3 posts + the slow page, stored; the 429 page parked on its host.
        if counts.get("stored") == Some(&13) && in_flight == 0 && waiting == 0 && !killed.is_empty() {
            break entries;
        }
    };

    // Every URL in exactly one final state: the posts and the slow page stored, the
    // robots-disallowed pages excluded, the 429 page parked on its host's hold.
    let mut states: BTreeMap<String, usize> = BTreeMap::new();
    for e in &idle {
        *states.entry(e.state.name().to_owned()).or_default() += 1;
    }
    assert_eq!(states.get("stored"), Some(&13), "{states:?}");
    assert_eq!(states.get("excluded"), Some(&4), "the /private/ page of each blog: {states:?}");
    assert_eq!(states.get("parked"), Some(&1), "the 429 page waits out its host's hold: {states:?}");
    assert_eq!(idle.len(), 18, "no other URL: {states:?}");

    // Nothing stored twice: one record per stored URL, each naming its own URL.
    let locations = deps.pages.list("pages/").await.unwrap();
    assert_eq!(locations.len(), 13, "one record per stored page: {locations:?}");
    let mut urls = std::collections::HashSet::new();
    for l in &locations {
        let record = feedhound::service::get_record(deps.pages.as_ref(), l).await.unwrap().expect("record readable");
        assert!(urls.insert(record.url.clone()), "{} stored twice", record.url);
    }
    for i in 0..4 {
        for p in 0..3 {
            let url = format!("{}/posts/{p}", web.base(&format!("site-{i}.test")));
            assert!(
                urls.contains(&url),
                "{url} is stored (feeds reached by add-feed, add-site, the poll schedule and the sweep)"
            );
        }
    }
    assert!(urls.contains(&format!("{}/page", web.base("slow.test"))), "the page whose fetcher was killed is stored");

    // The request log: polite throughout.
    // Gaps: a page-agent request (pages, images, robots.txt) at least 1 s after the host's
    // previous request of any kind; a feed-agent one (polls, discovery) at least 0.5 s.
    let mut log = web.log();
    log.sort_by_key(|r| r.at_ms);
    let mut by_host: HashMap<&str, Vec<&feedhound_tests::LoggedRequest>> = HashMap::new();
    for r in &log {
        by_host.entry(r.host.as_str()).or_default().push(r);
    }
    for (host, requests) in &by_host {
        for w in requests.windows(2) {
            let gap = w[1].at_ms - w[0].at_ms;
            let least = if w[1].user_agent.contains("feed reader") { 500 } else { 1000 };
            assert!(gap >= least, "{host}: {} only {gap} ms after {} (at least {least})", w[1].path, w[0].path);
        }
        assert_eq!(requests[0].path, "/robots.txt", "robots.txt is {host}'s first request: {requests:?}");
        if let Some(i) = requests.iter().position(|r| r.status == 429) {
            assert_eq!(i + 1, requests.len(), "nothing is sent to {host} after its 429: {requests:?}");
        }
        let mut per_path: HashMap<&str, usize> = HashMap::new();
        for r in requests.iter().filter(|r| r.path != "/robots.txt") {
            *per_path.entry(r.path.as_str()).or_default() += 1;
        }
        for (path, n) in per_path {
            let seen: Vec<String> = requests
                .iter()
                .filter(|r| r.path == path)
                .map(|r| format!("{} ms {} ({})", r.at_ms, r.status, r.user_agent))
                .collect();
            assert!(n <= 2, "{host}{path} requested {n} times: {seen:?}");
        }
    }
    assert!(!log.iter().any(|r| r.path.starts_with("/private/")), "a disallowed path is never requested");
    let slow = log.iter().filter(|r| r.host == "slow.test" && r.path == "/page").count();
    assert_eq!(slow, 2, "the slow page is fetched again after its fetcher was killed, and no more");

    let status = stack.feedhound(&["status", "--json"]).await;
    let status: serde_json::Value = serde_json::from_str(&status).unwrap();
    assert_eq!(status["urls"]["stored"], 13, "status --aws reads the deployment: {status}");

    // Search: the index schedule publishes the current year's index (a bundle in the
    // bucket, named by the catalog in the table), and `search --aws` asks the search
    // function through its URL.
    let published = |documents: u64| {
        let deps = &deps;
        async move {
            let deadline = Instant::now() + Duration::from_secs(180);
            loop {
                let catalog = feedhound::service::index::catalog(deps).await.unwrap();
                if catalog.is_some_and(|(c, _)| c.years.values().any(|p| p.documents == documents)) {
                    return;
                }
                assert!(Instant::now() < deadline, "no index of {documents} pages published in 3 minutes");
                tokio::time::sleep(Duration::from_secs(2)).await;
            }
        }
    };
    published(13).await;
    let search = |words: &'static str| {
        let stack = &stack;
        async move {
            let mut args = vec!["search"];
            args.extend(words.split(' '));
            args.push("--json");
            let out = stack.feedhound(&args).await;
            let hits: Vec<serde_json::Value> = serde_json::from_str(&out).unwrap();
            hits.iter().map(|h| h["url"].as_str().unwrap().to_owned()).collect::<Vec<_>>()
        }
    };
    let post = |p: usize| format!("{}/posts/{p}", web.base("site-0.test"));
    // Every title "Story number N from site-M.test" with a 0 in it: posts 0, and site-0's.
    let mut found = search("story number 0").await;
    found.sort();
    assert!(found.contains(&post(0)) && found.contains(&post(1)), "the search function finds titles: {found:?}");

    // The sampler: a page taken down (410) is re-checked through the deployed fetcher,
    // removed from the table and the bucket, and the next index run drops it from search.
    web.add_site(Site::blog("site-0.test", web.port(), 3).route("/posts/0", Route::status(410)));
    let before = web.log().len();
    let out = stack.feedhound(&["sample", "--size", "20"]).await;
    assert!(out.contains("queued re-checks of 13 stored pages"), "{out}");
    let gone_key = feedhound::model::UrlKey::of(&feedhound::model::normalize_url(&post(0)).unwrap());
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let entry = deps.repos().urls.get(gone_key.as_str()).await.unwrap().map(|s| s.value.state);
        let mut waiting = 0;
        for stage in Stage::ALL {
            waiting += queue_depth(&aws, stage, false).await;
        }
        if matches!(entry, Some(feedhound::model::UrlState::Gone { status: 410 })) && waiting == 0 {
            break;
        }
        assert!(Instant::now() < deadline, "the 410 page was not removed in 2 minutes: {entry:?}, {waiting} queued");
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    assert_eq!(deps.pages.list("pages/").await.unwrap().len(), 12, "its record is deleted from the bucket");
    published(12).await;
    // The search function reads the catalog at most once a minute.
    found.retain(|u| *u != post(0));
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        let mut after = search("story number 0").await;
        after.sort();
        if after == found {
            break;
        }
        assert!(Instant::now() < deadline, "still found 90 s after the index without it was published: {after:?}");
        tokio::time::sleep(Duration::from_secs(3)).await;
    }
    let mut rechecks = web.log().split_off(before);
    rechecks.sort_by_key(|r| r.at_ms);
    assert!(rechecks.iter().filter(|r| r.method == "HEAD").count() >= 13, "every sampled page asked: {rechecks:?}");
    for host in web.hosts() {
        let times: Vec<u64> = rechecks.iter().filter(|r| r.host == host).map(|r| r.at_ms).collect();
        for w in times.windows(2) {
            assert!(w[1] - w[0] >= 1000, "{host}: re-checks only {} ms apart", w[1] - w[0]);
        }
    }

    web_pages(&stack, &web, &deps).await;

    // Best effort: the emulator is stopped by the test command anyway.
    let _ = tokio::process::Command::new("bash")
        .current_dir(workspace())
        .args(["infra/deploy-local.sh", "--delete", "--stack", &stack.name])
        .output()
        .await;
}

/// A form body, as a browser encodes it.
fn form(pairs: &[(&str, &str)]) -> String {
    url::form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish()
}

/// The web function, deployed: its public pages through its URL (searches through the search
/// function's), a suggested site found by the deployed discoverer, an opt-out proven and
/// the domain blocked, and operator actions taken only through the IAM-authenticated URL.
async fn web_pages(stack: &Stack, web: &FixtureWeb, deps: &Deps) {
    let endpoint = url::Url::parse(&require_emulator()).unwrap();
    let public =
        url::Url::parse(stack.var("FEEDHOUND_WEB_URL")).unwrap_or_else(|e| panic!("WebUrl: {e}: {:?}", stack.env));
    // The emulator serves a function URL at <id>.lambda-url.<region>.<its host>, as AWS
    // does at <id>.lambda-url.<region>.on.aws, so the pages' own links work.
    let id = public.host_str().unwrap().split('.').next().unwrap().to_owned();
    let host = format!("{id}.lambda-url.us-east-1.localhost");
    let port = endpoint.port().unwrap();
    feedhound::adapters::http::install_tls_provider();
    let http = reqwest::Client::builder()
        .resolve(&host, std::net::SocketAddr::from(([127, 0, 0, 1], port)))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let base = format!("http://{host}:{port}");
    let get = |path: &str| {
        let (http, url) = (http.clone(), format!("{base}{path}"));
        async move {
            let r = http.get(&url).send().await.unwrap();
            let cookie =
                r.headers().get("set-cookie").map(|c| c.to_str().unwrap().split(';').next().unwrap().to_owned());
            (r.status().as_u16(), cookie, r.text().await.unwrap())
        }
    };

    // The page for site owners states the deployment's user agent and gap, and sets the
    // forms' token.
    let (status, cookie, bot) = get("/bot").await;
    assert_eq!(status, 200, "{bot}");
    assert!(
        bot.contains("feedhound/0.1 (+https://github.com/feedhound/feedhound)") && bot.contains("At least"),
        "{bot}"
    );
    let cookie = cookie.expect("the page sets the forms' token");
    let token = cookie.split('=').nth(1).unwrap().to_owned();
    let post = |path: &str, pairs: Vec<(&'static str, String)>| {
        let (http, url, cookie, token) = (http.clone(), format!("{base}{path}"), cookie.clone(), token.clone());
        async move {
            let mut all: Vec<(&str, &str)> = vec![("form", token.as_str())];
            all.extend(pairs.iter().map(|(k, v)| (*k, v.as_str())));
            let r = http
                .post(&url)
                .header("cookie", cookie)
                .header("content-type", "application/x-www-form-urlencoded")
                .body(form(&all))
                .send()
                .await
                .unwrap();
            (r.status().as_u16(), r.text().await.unwrap())
        }
    };

    // Search, through the search function's URL (signed with the web function's role).
    let (status, _, found) = get("/search?q=story+number+1").await;
    assert_eq!(status, 200);
    assert!(found.contains(&format!("{}/posts/1", web.base("site-1.test"))), "the public search page finds: {found}");
    // The report: the table's counts, and where the time series are.
    let (status, _, report) = get("/report").await;
    assert!(status == 200 && report.contains("Crawl report") && report.contains("CloudWatch"), "{report}");

    // A suggested site is discovered by the deployed discoverer.
    let site = format!("{}/", web.base("suggested.test"));
    let (status, answer) = post("/suggest", vec![("url", site.clone())]).await;
    assert!(status == 200 && answer.contains("is queued"), "{status} {answer}");
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let known = deps.repos().sites.get(&site).await.unwrap().map(|s| s.value.status);
        if matches!(known, Some(feedhound::model::SiteStatus::Found { .. })) {
            break;
        }
        assert!(Instant::now() < deadline, "the suggested site's feed was not found in 2 minutes: {known:?}");
        tokio::time::sleep(Duration::from_secs(1)).await;
    }

    // An opt-out: the token, placed on the site, read once, the domain blocked.
    let (status, page) = post("/opt-out", vec![("site", web.base("optout.test"))]).await;
    assert_eq!(status, 200, "{page}");
    let start = page.find("feedhound-opt-out-").expect("the page shows the token");
    let proof = page[start..start + "feedhound-opt-out-".len() + 32].to_owned();
    web.add_site(
        Site::new("optout.test")
            .route("/robots.txt", Route::ok("text/plain", "User-agent: *\nAllow: /\n"))
            .route(feedhound::service::optout::PROOF_PATH, Route::ok("text/plain", proof)),
    );
    let (status, answer) = post("/opt-out/verify", vec![("site", web.base("optout.test"))]).await;
    assert!(status == 200 && answer.contains("optout.test is blocked"), "{status} {answer}");
    let blocked = || async { deps.repos().blocklist.current().await.unwrap().domains.contains("optout.test") };
    assert!(blocked().await, "the domain is on the blocklist");
    let proofs = web.log().iter().filter(|r| r.path == feedhound::service::optout::PROOF_PATH).count();
    assert_eq!(proofs, 1, "the proof is read once");

    // Operator actions: refused on the public URL without the token; taken through the
    // operator URL, whose requests AWS authenticates (signed here with the test's keys).
    let (status, answer) = post(
        "/operator",
        vec![("token", "guess".into()), ("action", "unblock".into()), ("target", "optout.test".into())],
    )
    .await;
    assert!(status == 403 && answer.contains("Wrong operator token"), "{status} {answer}");
    assert!(blocked().await, "still blocked");
    let operator =
        feedhound::adapters::aws::FunctionUrlClient::from_env(stack.var("FEEDHOUND_WEB_OPERATOR_URL")).await.unwrap();
    let (status, answer) =
        operator.post_form("operator", &[("action", "unblock"), ("target", "optout.test")]).await.unwrap();
    assert!(status == 200 && answer.contains("Unblocked optout.test"), "{status} {answer}");
    assert!(!blocked().await, "unblocked through the operator URL");
}
