//! The client of function URLs that take IAM auth (the search function's, the web
//! function's operator URL): each request is signed with SigV4 (service `lambda`) with the
//! credentials and region of the SDK's usual chain, or of a Lambda function's environment.

use std::time::{Duration, SystemTime};

use aws_credential_types::provider::{ProvideCredentials, SharedCredentialsProvider};
use aws_sigv4::http_request::{SignableBody, SignableRequest, SigningSettings, sign};
use aws_sigv4::sign::v4;
use url::Url;

use crate::search::Hit;

/// Calls a deployed function through its IAM-authenticated URL.
#[derive(Debug)]
pub struct FunctionUrlClient {
    url: Url,
    region: String,
    credentials: SharedCredentialsProvider,
    http: reqwest::Client,
}

/// Where a function URL is reached: as given on AWS; on an emulator (`endpoint` set) a URL
/// of the form `https://<id>.lambda-url.<region>.on.aws/` is served at
/// `<endpoint>/_aws/lambda-url/<id>/`.
pub fn emulator_route(url: &Url, endpoint: Option<&str>) -> Url {
    let (Some(endpoint), Some(host)) = (endpoint.filter(|e| !e.is_empty()), url.host_str()) else {
        return url.clone();
    };
    let Some((id, _)) = host.split_once(".lambda-url.") else { return url.clone() };
    let Ok(mut routed) = Url::parse(&format!("{}/_aws/lambda-url/{id}/", endpoint.trim_end_matches('/'))) else {
        return url.clone();
    };
    routed.set_query(url.query());
    routed
}

impl FunctionUrlClient {
    /// A client of the function URL `url`, with the SDK's credentials and region (and on
    /// an emulator, `AWS_ENDPOINT_URL`'s route to it).
    ///
    /// # Errors
    /// A message when the URL is not one, or no region or credentials are configured.
    pub async fn from_env(url: &str) -> Result<Self, String> {
        let shared = aws_config::defaults(aws_config::BehaviorVersion::latest())
            .http_client(super::https::sdk_http_client())
            .load()
            .await;
        Self::with_config(url, &shared)
    }

    /// A client of the function URL `url` with the credentials and region of `shared` (a
    /// Lambda function's, from its environment).
    ///
    /// # Errors
    /// As [`FunctionUrlClient::from_env`].
    pub fn with_config(url: &str, shared: &aws_types::SdkConfig) -> Result<Self, String> {
        let url = Url::parse(url).map_err(|e| format!("search URL {url:?}: {e}"))?;
        let region = shared.region().ok_or("no AWS region is configured (set AWS_REGION)")?.to_string();
        let credentials = shared.credentials_provider().ok_or("no AWS credentials are configured")?;
        let endpoint = std::env::var("AWS_ENDPOINT_URL").ok();
        crate::adapters::http::install_tls_provider();
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(60))
            .build()
            .map_err(|e| format!("HTTP client: {e}"))?;
        Ok(Self { url: emulator_route(&url, endpoint.as_deref()), region, credentials, http })
    }

    /// The best `limit` pages for `query` in `years` (every year when empty).
    ///
    /// # Errors
    /// A message when the request fails or the function answers with an error.
    pub async fn search(&self, query: &str, years: &[i32], limit: usize) -> Result<Vec<Hit>, String> {
        self.search_published(query, years, limit)
            .await?
            .ok_or_else(|| "the search function answered 503: no index is published yet".to_owned())
    }

    /// As [`FunctionUrlClient::search`], with `None` when no index is published yet.
    ///
    /// # Errors
    /// A message when the request fails or the function answers with another error.
    // A signature carries the wall-clock time AWS checks it against; no Clock port here.
    #[allow(clippy::disallowed_methods)]
    pub async fn search_published(&self, query: &str, years: &[i32], limit: usize) -> Result<Option<Vec<Hit>>, String> {
        let mut url = self.url.clone();
        {
            let mut q = url.query_pairs_mut();
            q.append_pair("q", query).append_pair("limit", &limit.to_string());
            if !years.is_empty() {
                let years: Vec<String> = years.iter().map(i32::to_string).collect();
                q.append_pair("year", &years.join(","));
            }
        }
        let response = self.signed("GET", url.clone(), Vec::new(), Vec::new()).await?;
        let (status, body) = response;
        if status == 503 {
            return Ok(None);
        }
        if !(200..300).contains(&status) {
            let error = serde_json::from_str::<serde_json::Value>(&body)
                .ok()
                .and_then(|v| v.get("error").and_then(|e| e.as_str()).map(str::to_owned))
                .unwrap_or(body);
            return Err(format!("the search function answered HTTP {status}: {error}"));
        }
        let hits: Vec<Hit> = serde_json::from_str(&body).map_err(|e| format!("the search function's answer: {e}"))?;
        Ok(Some(hits.into_iter().map(Hit::locate_matched).collect()))
    }
}

impl FunctionUrlClient {
    /// A signed POST of a form to `path` under the function's URL (an operator action
    /// through the web function's operator URL); the status and the body.
    ///
    /// # Errors
    /// A message when the request cannot be signed or sent.
    pub async fn post_form(&self, path: &str, pairs: &[(&str, &str)]) -> Result<(u16, String), String> {
        let url = self.url.join(path.trim_start_matches('/')).map_err(|e| format!("{path}: {e}"))?;
        let body = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish().into_bytes();
        let headers = vec![("content-type".to_owned(), "application/x-www-form-urlencoded".to_owned())];
        self.signed("POST", url, headers, body).await
    }

    /// Send a request signed with SigV4 for the `lambda` service, as IAM auth requires.
    // A signature carries the wall-clock time AWS checks it against; no Clock port here.
    #[allow(clippy::disallowed_methods)]
    async fn signed(
        &self,
        method: &str,
        url: Url,
        headers: Vec<(String, String)>,
        body: Vec<u8>,
    ) -> Result<(u16, String), String> {
        let credentials = self.credentials.provide_credentials().await.map_err(|e| format!("AWS credentials: {e}"))?;
        let identity = credentials.into();
        let params = v4::SigningParams::builder()
            .identity(&identity)
            .region(&self.region)
            .name("lambda")
            .time(SystemTime::now())
            .settings(SigningSettings::default())
            .build()
            .map_err(|e| format!("signing: {e}"))?
            .into();
        let signable = SignableRequest::new(
            method,
            url.as_str(),
            headers.iter().map(|(k, v)| (k.as_str(), v.as_str())),
            SignableBody::Bytes(&body),
        )
        .map_err(|e| format!("signing: {e}"))?;
        let (instructions, _) = sign(signable, &params).map_err(|e| format!("signing: {e}"))?.into_parts();
        let method = reqwest::Method::from_bytes(method.as_bytes()).map_err(|e| format!("{method}: {e}"))?;
        let mut request = self.http.request(method, url.clone()).body(body);
        for (name, value) in headers.iter().map(|(k, v)| (k.as_str(), v.as_str())).chain(instructions.headers()) {
            request = request.header(name, value);
        }
        let response = request.send().await.map_err(|e| format!("function URL {url}: {e}"))?;
        let status = response.status().as_u16();
        let text = response.text().await.map_err(|e| format!("function URL {url}: {e}"))?;
        Ok((status, text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn function_urls_are_routed_through_an_emulator() {
        let url = Url::parse("https://abcdefghij0123456789abcdefghij01.lambda-url.us-east-1.on.aws/").unwrap();
        assert_eq!(emulator_route(&url, None), url, "on AWS as given");
        assert_eq!(
            emulator_route(&url, Some("http://127.0.0.1:4566")).as_str(),
            "http://127.0.0.1:4566/_aws/lambda-url/abcdefghij0123456789abcdefghij01/"
        );
        let other = Url::parse("https://search.example/").unwrap();
        assert_eq!(emulator_route(&other, Some("http://127.0.0.1:4566")), other, "not a function URL");
    }
}
