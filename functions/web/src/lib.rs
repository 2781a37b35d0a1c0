//! The web Lambda: feedhound's pages ([`feedhound::web`]: search, the crawl report, the
//! page for site owners with its suggestion and opt-out forms, operator actions) behind two
//! function URLs of one function. The public URL (no auth) serves everyone; the operator
//! URL (IAM auth, on the function's `live` alias) is the only way in as an operator: a
//! request that came through it may act without the operator token.
//!
//! Searches go to the search function's URL, signed with this function's role (its
//! indexes stay in one function's `/tmp`); the years offered come from the catalog in the
//! table. The report reads the table (counts, hosts held); its time series are the
//! functions' CloudWatch metrics.

use std::sync::Arc;

use async_trait::async_trait;
use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use feedhound::adapters::aws::FunctionUrlClient;
use feedhound::search::Hit;
use feedhound::service::Deps;
use feedhound::web::guard::ClientAddr;
use feedhound::web::{OperatorAuthenticated, SearchIndex, Web, WebSettings};
use lambda_http::RequestExt;
use lambda_http::request::RequestContext;

/// The most results the search function gives for one query.
pub const MAX_SEARCH_LIMIT: usize = 100;

/// Searches through the deployed search function.
#[derive(Debug)]
pub struct SearchFunction {
    client: FunctionUrlClient,
    deps: Deps,
}

#[async_trait]
impl SearchIndex for SearchFunction {
    async fn years(&self) -> Result<Vec<i32>, String> {
        let catalog = feedhound::service::index::catalog(&self.deps).await.map_err(|e| e.to_string())?;
        Ok(catalog.map(|(c, _)| c.years.keys().rev().copied().collect()).unwrap_or_default())
    }

    async fn search(&self, query: &str, years: &[i32], limit: usize) -> Result<Option<Vec<Hit>>, String> {
        self.client.search_published(query, years, limit.min(MAX_SEARCH_LIMIT)).await
    }
}

/// Who called, from the function URL's request context: the address it saw, and whether
/// the request came through the operator URL. There AWS checked the caller's IAM signature
/// before invoking: the context names the caller (`authorizer.iam`; an emulator may only
/// give the caller's account), where the public URL's context says `anonymous`.
pub fn caller(context: Option<&RequestContext>) -> (Option<ClientAddr>, bool) {
    let Some(RequestContext::ApiGatewayV2(ctx)) = context else { return (None, false) };
    let addr = ctx.http.source_ip.clone().map(ClientAddr);
    let iam = ctx.authorizer.as_ref().and_then(|a| a.iam.as_ref()).is_some();
    let account = ctx.account_id.as_deref().is_some_and(|a| !a.is_empty() && a != "anonymous");
    (addr, iam || account)
}

async fn mark_caller(mut request: Request, next: Next) -> Response {
    let (addr, operator) = caller(request.request_context_ref());
    if let Some(addr) = addr {
        request.extensions_mut().insert(addr);
    }
    if operator {
        request.extensions_mut().insert(OperatorAuthenticated);
    }
    next.run(request).await
}

/// The pages over `deps`, searching through the function named by `FEEDHOUND_SEARCH_URL`.
///
/// # Errors
/// A message naming a bad variable, or the store failing while reading the signing key.
pub async fn app(deps: Deps) -> Result<axum::Router, lambda_http::Error> {
    let lookup = |k: &str| std::env::var(k).ok();
    let url = lookup("FEEDHOUND_SEARCH_URL").filter(|u| !u.is_empty()).ok_or("FEEDHOUND_SEARCH_URL is not set")?;
    let shared = feedhound::adapters::aws::lambda_sdk_config(&lookup)?;
    let client = FunctionUrlClient::with_config(&url, &shared)?;
    let http = feedhound::config::http_config_from_lookup(&lookup)?;
    let mut settings = WebSettings::from_lookup(&lookup, &http)?;
    settings.secure_cookies = true;
    settings.operator_note = Some(
        "In AWS, operator actions come through the stack's WebOperatorUrl (IAM auth: requests signed with \
         credentials allowed lambda:InvokeFunctionUrl on it), or `feedhound block --aws`; the public URL takes them \
         only with FEEDHOUND_OPERATOR_TOKEN."
            .to_owned(),
    );
    settings.report_note = Some(
        "In AWS the time series (requests, polls, gaps, holds, re-checks) are the functions' CloudWatch metrics, \
         namespace feedhound, dimension Stack; this page shows the table's counts and the holds in force."
            .to_owned(),
    );
    let search = Arc::new(SearchFunction { client, deps: deps.clone() });
    let web = Web::new(deps.clone(), search, None, settings, None).await?;
    let flushed = deps;
    Ok(web
        .router()
        .layer(axum::middleware::from_fn(move |request: Request, next: Next| {
            let deps = flushed.clone();
            // Count changes (a suggested site, a block) are written once per request.
            async move { feedhound::lambda::flushing(&deps, next.run(request)).await }
        }))
        .layer(axum::middleware::from_fn(mark_caller)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context(json: &str) -> RequestContext {
        RequestContext::ApiGatewayV2(serde_json::from_str(json).unwrap())
    }

    #[test]
    fn only_the_operator_url_makes_an_operator() {
        let public = context(
            r#"{"accountId":"anonymous","http":{"method":"GET","path":"/","protocol":"HTTP/1.1","sourceIp":"203.0.113.9"}}"#,
        );
        assert_eq!(caller(Some(&public)), (Some(ClientAddr("203.0.113.9".into())), false));
        let signed = context(
            r#"{"accountId":"123456789012","authorizer":{"iam":{"accessKey":"AKIA","accountId":"123456789012","callerId":"AIDA","userArn":"arn:aws:iam::123456789012:user/ops","userId":"AIDA"}},"http":{"method":"POST","path":"/operator","protocol":"HTTP/1.1","sourceIp":"198.51.100.2"}}"#,
        );
        assert!(caller(Some(&signed)).1);
        assert_eq!(caller(None), (None, false));
    }
}
