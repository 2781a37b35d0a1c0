//! The web pages, for the people who run feedhound and the people whose sites it visits:
//! `feedhound serve` on one machine, the web function in AWS (the same router behind a
//! function URL).
//!
//! - `/search` (and `/api/search`, the JSON of `feedhound search --json`): ranked results
//!   with snippets, paging and a year filter.
//! - `/report` (and `/api/report`): the crawl report with its charts.
//! - `/bot`: what feedhound fetches, its user agents, the limits in force, robots.txt and
//!   server examples, generated from the running configuration; the opt-out and
//!   suggestion forms.
//! - `POST /suggest`: a site to discover (validated, rate-limited, queued once).
//! - `POST /opt-out`, `POST /opt-out/verify`: the token, then its proof and the block.
//! - `/operator`: block, unblock and rescan, behind the operator token.
//!
//! Every page is server-rendered HTML without scripts, every value escaped; forms carry a
//! token checked against a `SameSite=Strict` cookie; a Content-Security-Policy forbids
//! scripts, frames and forms to other sites.

pub mod charts;
pub mod guard;
pub mod pages;

use std::fmt::Debug;
use std::sync::Arc;

use async_trait::async_trait;
use axum::extract::{ConnectInfo, FromRequestParts, Query, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use maud::Markup;
use serde::Deserialize;

use crate::adapters::stats::StatsLog;
use crate::config::ConfigError;
use crate::search::{Hit, YearIndexes};
use crate::service::discover::Suggestion;
use crate::service::optout::{self, OptOutOutcome};
use crate::service::{Deps, ServiceError};
use guard::{ClientAddr, Limits};

/// Results per search page.
pub const PER_PAGE: usize = 10;
/// The deepest result a search page reaches.
const MAX_RESULTS: usize = 500;
/// Results an API call returns at most.
const MAX_API_LIMIT: usize = 100;
/// The report's window unless the request names one, days.
pub const DEFAULT_REPORT_DAYS: u64 = 7;

/// Where searches go: the data directory's indexes, or the published ones in AWS.
#[async_trait]
pub trait SearchIndex: Send + Sync + Debug {
    /// The years indexed.
    async fn years(&self) -> Result<Vec<i32>, String>;

    /// The best `limit` pages for `query` in `years` (every year when empty); `None` when
    /// nothing is indexed yet.
    async fn search(&self, query: &str, years: &[i32], limit: usize) -> Result<Option<Vec<Hit>>, String>;
}

/// The indexes of a data directory (`<data>/index`).
#[derive(Clone, Debug)]
pub struct LocalIndexes(Arc<YearIndexes>);

impl LocalIndexes {
    /// The indexes under `data_dir/index`.
    pub fn new(data_dir: &std::path::Path) -> Self {
        Self(Arc::new(YearIndexes::new(&data_dir.join("index"))))
    }
}

#[async_trait]
impl SearchIndex for LocalIndexes {
    async fn years(&self) -> Result<Vec<i32>, String> {
        let indexes = Arc::clone(&self.0);
        tokio::task::spawn_blocking(move || indexes.years())
            .await
            .map_err(|e| e.to_string())?
            .map_err(|e| e.to_string())
    }

    async fn search(&self, query: &str, years: &[i32], limit: usize) -> Result<Option<Vec<Hit>>, String> {
        let (indexes, query, years) = (Arc::clone(&self.0), query.to_owned(), years.to_vec());
        tokio::task::spawn_blocking(move || {
            if indexes.years()?.is_empty() {
                return Ok(None);
            }
            indexes.search(&query, &years, limit).map(Some)
        })
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())
    }
}

/// The pages' settings, from variables.
#[derive(Clone)]
pub struct WebSettings {
    /// The token operator actions need (`FEEDHOUND_OPERATOR_TOKEN`, at least 16
    /// characters); none: operator actions are off.
    pub operator_token: Option<String>,
    /// Where site owners write to the operator (`FEEDHOUND_CONTACT`: an address or URL).
    pub contact: Option<String>,
    /// The feed user agent, as the bot page states it.
    pub feed_user_agent: String,
    /// The page user agent.
    pub page_user_agent: String,
    /// Cookies only over HTTPS (behind a function URL).
    pub secure_cookies: bool,
    /// Said on the report page (where a deployment keeps what the page cannot show).
    pub report_note: Option<String>,
    /// Said on the operator page (how a deployment lets operators in).
    pub operator_note: Option<String>,
}

impl Debug for WebSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebSettings")
            .field("operator_token", &self.operator_token.as_ref().map(|_| "(set)"))
            .field("contact", &self.contact)
            .finish_non_exhaustive()
    }
}

/// The shortest operator token accepted.
pub const MIN_OPERATOR_TOKEN: usize = 16;

impl WebSettings {
    /// Parse from variables; the user agents are the HTTP client's.
    ///
    /// # Errors
    /// [`ConfigError`] for an operator token shorter than 16 characters.
    pub fn from_lookup(
        lookup: &dyn Fn(&str) -> Option<String>,
        http: &crate::adapters::http::HttpConfig,
    ) -> Result<Self, ConfigError> {
        let value = |k: &str| lookup(k).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let operator_token = value("FEEDHOUND_OPERATOR_TOKEN");
        if let Some(t) = &operator_token
            && t.chars().count() < MIN_OPERATOR_TOKEN
        {
            return Err(ConfigError {
                problems: vec![format!(
                    "FEEDHOUND_OPERATOR_TOKEN: {} characters; at least {MIN_OPERATOR_TOKEN} are needed",
                    t.chars().count()
                )],
            });
        }
        Ok(Self {
            operator_token,
            contact: value("FEEDHOUND_CONTACT"),
            feed_user_agent: http.feed_user_agent.clone(),
            page_user_agent: http.page_user_agent.clone(),
            secure_cookies: false,
            report_note: None,
            operator_note: None,
        })
    }
}

/// Set on a request by an adapter that authenticated its caller as an operator (IAM in
/// AWS): operator actions need no token then.
#[derive(Clone, Copy, Debug)]
pub struct OperatorAuthenticated;

/// The pages' state: the ports, the search, the stats and the limits.
#[derive(Clone, Debug)]
pub struct Web(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    deps: Deps,
    search: Arc<dyn SearchIndex>,
    stats: Option<StatsLog>,
    settings: WebSettings,
    limits: Limits,
    key: Vec<u8>,
    wake: Option<Arc<tokio::sync::Notify>>,
}

impl Web {
    /// The pages over `deps`. `stats`: the stats log the report reads (none in AWS);
    /// `wake`: notified when a page queued work (a crawl waiting for work starts at once).
    ///
    /// # Errors
    /// [`ServiceError`] when the signing key cannot be read or made.
    pub async fn new(
        deps: Deps,
        search: Arc<dyn SearchIndex>,
        stats: Option<StatsLog>,
        settings: WebSettings,
        wake: Option<Arc<tokio::sync::Notify>>,
    ) -> Result<Self, ServiceError> {
        let key = deps.repos().web_secret.get_or_make(&guard::random_bytes(32)).await?.key();
        Ok(Self(Arc::new(Inner { deps, search, stats, settings, limits: Limits::default(), key, wake })))
    }

    /// Every route.
    pub fn router(&self) -> Router {
        Router::new()
            .route("/", get(home))
            .route("/search", get(search_page))
            .route("/api/search", get(search_api))
            .route("/report", get(report_page))
            .route("/api/report", get(report_api))
            .route("/api/status", get(status_api))
            .route("/bot", get(bot_page))
            .route("/suggest", post(suggest))
            .route("/opt-out", post(opt_out))
            .route("/opt-out/verify", post(opt_out_verify))
            .route("/operator", get(operator_page).post(operator_post))
            .route("/robots.txt", get(robots_txt))
            .fallback(not_found)
            .layer(axum::middleware::map_response(security_headers))
            .with_state(self.clone())
    }

    async fn report(&self, days: u64) -> Result<crate::report::Report, ServiceError> {
        let window = i64::try_from(days.saturating_mul(24 * 3600 * 1000)).unwrap_or(i64::MAX / 2);
        let since = crate::model::Timestamp::from_millis(self.0.deps.clock.now().as_millis().saturating_sub(window));
        crate::report::gather(&self.0.deps, self.0.stats.as_ref(), since).await
    }

    fn woke(&self) {
        if let Some(w) = &self.0.wake {
            w.notify_one();
        }
    }
}

/// Headers every answer carries: no scripts, frames, plugins, or forms to other sites.
async fn security_headers(mut response: Response) -> Response {
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; form-action 'self'; \
             frame-ancestors 'none'; base-uri 'none'",
        ),
    );
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}

/// The client's address: the one an adapter set, else the connection's peer.
#[derive(Debug)]
struct Client(String);

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        if let Some(ClientAddr(a)) = parts.extensions.get::<ClientAddr>() {
            return Ok(Self(a.clone()));
        }
        if let Some(ConnectInfo(peer)) = parts.extensions.get::<ConnectInfo<std::net::SocketAddr>>() {
            return Ok(Self(ClientAddr::of_peer(*peer).0));
        }
        Ok(Self("unknown".to_owned()))
    }
}

fn html(status: StatusCode, markup: &Markup, cookie: Option<HeaderValue>) -> Response {
    let mut r =
        (status, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], markup.clone().into_string()).into_response();
    if let Some(c) = cookie {
        r.headers_mut().append(header::SET_COOKIE, c);
    }
    r
}

fn json_error(status: StatusCode, message: &str) -> Response {
    (status, Json(serde_json::json!({ "error": message }))).into_response()
}

fn server_error(e: &dyn std::error::Error) -> Response {
    tracing::error!(error = %crate::error_chain(e), "page failed");
    html(
        StatusCode::INTERNAL_SERVER_ERROR,
        &pages::message("Something went wrong", "bad", "The page could not be made; the log says why.", "/"),
        None,
    )
}

async fn not_found() -> Response {
    html(StatusCode::NOT_FOUND, &pages::message("Not found", "bad", "There is no such page.", "/"), None)
}

/// These pages are for people: crawlers are asked to keep out.
async fn robots_txt() -> Response {
    ([(header::CONTENT_TYPE, "text/plain")], "User-agent: *\nDisallow: /\n").into_response()
}

async fn home(State(web): State<Web>) -> Response {
    let years = web.0.search.years().await.unwrap_or_default();
    let note = if years.is_empty() {
        "Nothing is indexed yet: pages are searchable once the crawl has stored some and the index has been updated."
            .to_owned()
    } else {
        format!("Indexed years: {}.", years.iter().map(ToString::to_string).collect::<Vec<_>>().join(", "))
    };
    html(StatusCode::OK, &pages::home(&years, &note), None)
}

#[derive(Debug, Deserialize)]
struct SearchParams {
    #[serde(default)]
    q: String,
    #[serde(default)]
    year: String,
    #[serde(default)]
    page: Option<String>,
}

/// A year parameter: empty is every year.
fn year_param(year: &str) -> Result<Option<i32>, String> {
    let year = year.trim();
    if year.is_empty() {
        return Ok(None);
    }
    year.parse::<i32>().map(Some).map_err(|_| format!("year {year:?} is not a year"))
}

async fn search_page(State(web): State<Web>, Query(p): Query<SearchParams>) -> Response {
    let query = p.q.trim().chars().take(500).collect::<String>();
    let years = web.0.search.years().await.unwrap_or_default();
    let mut view = pages::SearchView { query: &query, years: &years, ..pages::SearchView::default() };
    match year_param(&p.year) {
        Ok(y) => view.year = y,
        Err(e) => view.notice = Some(e),
    }
    view.page = p.page.as_deref().and_then(|n| n.trim().parse::<usize>().ok()).unwrap_or(1).max(1) - 1;
    let hits;
    if !query.is_empty() && view.notice.is_none() {
        let offset = (view.page * PER_PAGE).min(MAX_RESULTS);
        let wanted: Vec<i32> = view.year.into_iter().collect();
        match web.0.search.search(&query, &wanted, offset + PER_PAGE + 1).await {
            Ok(Some(mut found)) => {
                view.more = found.len() > offset + PER_PAGE && offset + PER_PAGE < MAX_RESULTS;
                found.truncate(offset + PER_PAGE);
                hits = found.split_off(offset.min(found.len()));
                view.hits = &hits;
            }
            Ok(None) => view.notice = Some("Nothing is indexed yet.".to_owned()),
            Err(e) => {
                tracing::error!(error = %e, "search failed");
                view.notice = Some("The search failed; the log says why.".to_owned());
            }
        }
    }
    html(StatusCode::OK, &pages::search(&view, PER_PAGE), None)
}

#[derive(Debug, Deserialize)]
struct ApiSearchParams {
    #[serde(default)]
    q: String,
    #[serde(default)]
    year: String,
    #[serde(default)]
    limit: Option<usize>,
    #[serde(default)]
    offset: Option<usize>,
}

async fn search_api(State(web): State<Web>, Query(p): Query<ApiSearchParams>) -> Response {
    let query = p.q.trim();
    if query.is_empty() {
        return json_error(StatusCode::BAD_REQUEST, "the query parameter q (the words to find) is missing");
    }
    let year = match year_param(&p.year) {
        Ok(y) => y,
        Err(e) => return json_error(StatusCode::BAD_REQUEST, &e),
    };
    let limit = p.limit.unwrap_or(PER_PAGE).clamp(1, MAX_API_LIMIT);
    let offset = p.offset.unwrap_or(0).min(MAX_RESULTS);
    let years: Vec<i32> = year.into_iter().collect();
    match web.0.search.search(query, &years, offset + limit).await {
        Ok(Some(mut hits)) => Json(hits.split_off(offset.min(hits.len()))).into_response(),
        Ok(None) => json_error(StatusCode::SERVICE_UNAVAILABLE, "nothing is indexed yet"),
        Err(e) => {
            tracing::error!(error = %e, "search failed");
            json_error(StatusCode::INTERNAL_SERVER_ERROR, "the search failed")
        }
    }
}

#[derive(Debug, Deserialize)]
struct ReportParams {
    #[serde(default)]
    days: Option<u64>,
}

async fn report_page(State(web): State<Web>, Query(p): Query<ReportParams>) -> Response {
    match web.report(p.days.unwrap_or(DEFAULT_REPORT_DAYS).clamp(1, 366)).await {
        Ok(r) => html(StatusCode::OK, &pages::report(&r, web.0.settings.report_note.as_deref()), None),
        Err(e) => server_error(&e),
    }
}

async fn report_api(State(web): State<Web>, Query(p): Query<ReportParams>) -> Response {
    match web.report(p.days.unwrap_or(DEFAULT_REPORT_DAYS).clamp(1, 366)).await {
        Ok(r) => Json(r).into_response(),
        Err(e) => json_error(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
    }
}

async fn status_api(State(web): State<Web>) -> Response {
    match crate::embedded::status_report(&web.0.deps).await {
        Ok(s) => Json(s).into_response(),
        Err(e) => json_error(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
    }
}

async fn bot_page(State(web): State<Web>, headers: HeaderMap) -> Response {
    let token = guard::form_token(&headers, web.0.settings.secure_cookies);
    let s = &web.0.settings;
    let facts = pages::BotFacts {
        feed_user_agent: &s.feed_user_agent,
        page_user_agent: &s.page_user_agent,
        config: &web.0.deps.config,
        contact: s.contact.as_deref(),
        form_token: &token.value,
    };
    html(StatusCode::OK, &pages::bot(&facts), token.set_cookie)
}

/// The answer to a form whose token is not the browser's.
fn bad_form() -> Response {
    html(
        StatusCode::FORBIDDEN,
        &pages::message(
            "Form expired",
            "bad",
            "This form did not come from this site's page, or its page is too old: open the page again and resend.",
            "/bot",
        ),
        None,
    )
}

fn too_many(back: &str) -> Response {
    html(
        StatusCode::TOO_MANY_REQUESTS,
        &pages::message(
            "Too many requests",
            "bad",
            "Too many of these from your address: try again in ten minutes.",
            back,
        ),
        None,
    )
}

#[derive(Debug, Deserialize)]
struct SuggestForm {
    #[serde(default)]
    form: String,
    #[serde(default)]
    url: String,
}

async fn suggest(
    State(web): State<Web>,
    Client(client): Client,
    headers: HeaderMap,
    Form(f): Form<SuggestForm>,
) -> Response {
    if !guard::form_token_ok(&headers, &f.form) {
        return bad_form();
    }
    if !web.0.limits.suggest.allow(&client, web.0.deps.clock.now()) {
        return too_many("/bot#suggest");
    }
    let url = f.url.trim();
    match crate::service::discover::suggest_site(&web.0.deps, url).await {
        Ok(Suggestion::Queued) => {
            web.woke();
            tracing::info!(url, client, "site suggested");
            html(
                StatusCode::OK,
                &pages::message(
                    "Thank you",
                    "good",
                    &format!("{url} is queued: feedhound will look for its feeds, politely."),
                    "/bot#suggest",
                ),
                None,
            )
        }
        Ok(Suggestion::Known) => html(
            StatusCode::OK,
            &pages::message(
                "Already known",
                "good",
                &format!("Thank you: {url} was suggested before, and needs nothing more."),
                "/bot#suggest",
            ),
            None,
        ),
        Ok(Suggestion::Refused(why)) => html(
            StatusCode::UNPROCESSABLE_ENTITY,
            &pages::message("Not queued", "bad", &format!("{url}: {why}."), "/bot#suggest"),
            None,
        ),
        Err(e) => server_error(&e),
    }
}

#[derive(Debug, Deserialize)]
struct OptOutForm {
    #[serde(default)]
    form: String,
    #[serde(default)]
    site: String,
}

/// The site an opt-out form names, as an origin and its domain, or the page saying why not.
fn opt_out_site(site: &str) -> Result<(url::Url, String), Box<Response>> {
    let not_a_site = |why: &str| {
        Box::new(html(
            StatusCode::UNPROCESSABLE_ENTITY,
            &pages::message("Not a site", "bad", why, "/bot#opt-out"),
            None,
        ))
    };
    let origin = optout::site_origin(site).map_err(|e| not_a_site(&e))?;
    let domain = optout::domain_of(&origin).ok_or_else(|| not_a_site("No domain in that address."))?;
    Ok((origin, domain))
}

async fn opt_out(State(web): State<Web>, headers: HeaderMap, Form(f): Form<OptOutForm>) -> Response {
    if !guard::form_token_ok(&headers, &f.form) {
        return bad_form();
    }
    let (origin, domain) = match opt_out_site(&f.site) {
        Ok(s) => s,
        Err(page) => return *page,
    };
    let token = optout::token(&web.0.key, &domain);
    html(StatusCode::OK, &pages::opt_out_token(&domain, origin.as_str(), &token, &f.form), None)
}

async fn opt_out_verify(
    State(web): State<Web>,
    Client(client): Client,
    headers: HeaderMap,
    Form(f): Form<OptOutForm>,
) -> Response {
    if !guard::form_token_ok(&headers, &f.form) {
        return bad_form();
    }
    let (origin, domain) = match opt_out_site(&f.site) {
        Ok(s) => s,
        Err(page) => return *page,
    };
    let now = web.0.deps.clock.now();
    if !web.0.limits.verify_client.allow(&client, now) || !web.0.limits.verify_domain.allow(&domain, now) {
        return too_many("/bot#opt-out");
    }
    match optout::verify(&web.0.deps, &web.0.key, &origin).await {
        Ok(outcome) => {
            let status = match outcome {
                OptOutOutcome::Blocked { .. } | OptOutOutcome::AlreadyBlocked { .. } => StatusCode::OK,
                _ => StatusCode::UNPROCESSABLE_ENTITY,
            };
            html(status, &pages::opt_out_result(&outcome), None)
        }
        Err(e) => server_error(&e),
    }
}

async fn operator_page(
    State(web): State<Web>,
    headers: HeaderMap,
    authenticated: Option<axum::Extension<OperatorAuthenticated>>,
) -> Response {
    let token = guard::form_token(&headers, web.0.settings.secure_cookies);
    let enabled = web.0.settings.operator_token.is_some() || authenticated.is_some();
    let note = web.0.settings.operator_note.as_deref().map(|n| ("", n));
    html(StatusCode::OK, &pages::operator(&token.value, enabled, None, note), token.set_cookie)
}

#[derive(Debug, Deserialize)]
struct OperatorForm {
    #[serde(default)]
    form: String,
    #[serde(default)]
    token: String,
    #[serde(default)]
    action: String,
    #[serde(default)]
    target: String,
}

async fn operator_post(
    State(web): State<Web>,
    Client(client): Client,
    headers: HeaderMap,
    authenticated: Option<axum::Extension<OperatorAuthenticated>>,
    Form(f): Form<OperatorForm>,
) -> Response {
    // A request the operator URL let in was signed (SigV4): no browser sent it, so no other
    // site's page can have made it post.
    if authenticated.is_none() && !guard::form_token_ok(&headers, &f.form) {
        return bad_form();
    }
    let enabled = web.0.settings.operator_token.is_some() || authenticated.is_some();
    let page = |status: StatusCode, tone: &str, text: &str, blocked: Option<&[String]>| {
        html(status, &pages::operator(&f.form, enabled, blocked, Some((tone, text))), None)
    };
    let token_ok = web
        .0
        .settings
        .operator_token
        .as_deref()
        .is_some_and(|t| guard::constant_time_eq(t.as_bytes(), f.token.trim().as_bytes()));
    if !(token_ok || authenticated.is_some()) {
        // Count only failures: a wrong token is what an attacker sends.
        if !web.0.limits.operator_failures.allow(&client, web.0.deps.clock.now()) {
            return too_many("/operator");
        }
        tracing::warn!(client, "operator action with a wrong token");
        return page(StatusCode::FORBIDDEN, "bad", "Wrong operator token: nothing was done.", None);
    }
    let deps = &web.0.deps;
    let target = f.target.trim();
    let done: Result<String, ServiceError> = async {
        match f.action.as_str() {
            "block" | "unblock" => {
                let block = f.action == "block";
                let out = crate::service::operator::set_blocked(deps, target, block).await?;
                Ok(format!(
                    "{} {}{}; {} waiting URLs excluded.",
                    if block { "Blocked" } else { "Unblocked" },
                    out.domain,
                    if out.changed { "" } else { " (no change)" },
                    out.excluded
                ))
            }
            "rescan" => {
                let with_scheme = if target.contains("://") { target.to_owned() } else { format!("https://{target}") };
                crate::service::discover::add_site(deps, &with_scheme, true).await?;
                web.woke();
                Ok(format!("Discovery of {with_scheme} queued."))
            }
            other => Err(ServiceError::InvalidTask(format!("unknown action {other:?}"))),
        }
    }
    .await;
    let blocked: Vec<String> = match crate::service::gate::blocklist(deps).await {
        Ok(list) => list.domains.iter().cloned().collect(),
        Err(e) => return server_error(&e),
    };
    match done {
        Ok(text) => {
            tracing::info!(action = %f.action, target, client, "operator action");
            page(StatusCode::OK, "good", &text, Some(&blocked))
        }
        Err(ServiceError::InvalidTask(why)) => page(StatusCode::UNPROCESSABLE_ENTITY, "bad", &why, Some(&blocked)),
        Err(e) => server_error(&e),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::adapters::clock::{FixedJitter, SystemClock};
    use crate::adapters::memory::{MemoryPageStore, MemoryQueue, MemoryStateStore};

    /// `n` results for any query, best first.
    #[derive(Debug)]
    struct Scripted(usize);

    #[async_trait]
    impl SearchIndex for Scripted {
        async fn years(&self) -> Result<Vec<i32>, String> {
            Ok(vec![2026, 2025])
        }

        async fn search(&self, query: &str, years: &[i32], limit: usize) -> Result<Option<Vec<Hit>>, String> {
            Ok(Some(
                (0..self.0.min(limit))
                    .map(|i| Hit {
                        score: 1.0 / (i as f32 + 1.0),
                        year: years.first().copied().unwrap_or(2026),
                        key: format!("k{i}"),
                        url: format!("https://site.test/{i}"),
                        title: format!("Result number {i} for {query}"),
                        host: "site.test".into(),
                        site: None,
                        published: None,
                        lang: None,
                        image: Some("javascript:alert(1)".into()),
                        snippet: format!("about {query} and more"),
                        matched: vec![query.to_owned()],
                        highlighted: std::iter::once(6..6 + query.len()).collect(),
                    })
                    .collect(),
            ))
        }
    }

    async fn serve(results: usize) -> String {
        let clock: Arc<dyn crate::ports::Clock> = Arc::new(SystemClock);
        let deps = Deps {
            queue: Arc::new(MemoryQueue::new(clock.clone())),
            state: Arc::new(MemoryStateStore::new()),
            pages: Arc::new(MemoryPageStore::new()),
            http: Arc::new(crate::adapters::unwired::Unwired),
            clock,
            jitter: Arc::new(FixedJitter(0.5)),
            config: Arc::new(crate::config::CrawlConfig::for_tests()),
            gate_local: Arc::default(),
            metrics: Arc::new(crate::adapters::metrics::NoMetrics),
            classifier: None,
        };
        let settings = WebSettings::from_lookup(&|_| None, &crate::adapters::http::HttpConfig::default()).unwrap();
        let web = Web::new(deps, Arc::new(Scripted(results)), None, settings, None).await.unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, web.router()).await });
        format!("http://{addr}")
    }

    async fn get(url: &str) -> (u16, String) {
        crate::adapters::http::install_tls_provider();
        let r = reqwest::Client::new().get(url).timeout(Duration::from_secs(10)).send().await.unwrap();
        (r.status().as_u16(), r.text().await.unwrap())
    }

    #[tokio::test]
    async fn search_pages_page_and_the_api_takes_offset_and_limit() {
        let base = serve(25).await;
        let (status, first) = get(&format!("{base}/search?q=harbour")).await;
        assert_eq!(status, 200);
        assert_eq!(first.matches("<article class=\"hit\">").count(), 10);
        assert!(first.contains("Results 1–10") && first.contains("page=2") && !first.contains("rel=\"prev\""));
        assert!(first.contains("<mark>harbour</mark>"), "matched words marked");
        assert!(!first.contains("javascript:"), "only http(s) images and links are written");
        let (_, third) = get(&format!("{base}/search?q=harbour&page=3")).await;
        assert_eq!(third.matches("<article class=\"hit\">").count(), 5);
        assert!(third.contains("Results 21–25") && third.contains("page=2") && !third.contains("rel=\"next\""));
        assert!(third.contains("Result number 20 for harbour"));
        let (_, year) = get(&format!("{base}/search?q=harbour&year=2025")).await;
        assert!(year.contains("<option value=\"2025\" selected>"), "the year filter keeps its choice");
        let (_, bad) = get(&format!("{base}/search?q=harbour&year=soon")).await;
        assert!(bad.contains("is not a year"));

        let (status, json) = get(&format!("{base}/api/search?q=harbour&limit=4&offset=8")).await;
        assert_eq!(status, 200);
        let hits: Vec<Hit> = serde_json::from_str(&json).unwrap();
        assert_eq!(hits.iter().map(|h| h.key.as_str()).collect::<Vec<_>>(), ["k8", "k9", "k10", "k11"]);
        assert_eq!(get(&format!("{base}/api/search?q=")).await.0, 400);
        assert_eq!(get(&format!("{base}/api/search?q=x&year=soon")).await.0, 400);
    }
}
