//! The SDK's HTTPS client, on reqwest: the clients of S3, SQS and DynamoDB send their
//! requests through the same HTTP stack the crawler uses (reqwest, hyper, rustls with
//! ring), instead of the SDK's own hyper client. One HTTP/1.1 stack is then linked into a
//! bootstrap, not two, and no HTTP/2 code at all: the AWS APIs feedhound calls speak
//! HTTP/1.1, and so does the crawler. Measured: about 1 MB less per function.
//!
//! This client has no address guard (the AWS endpoint, or an emulator on loopback, must
//! be reachable); the crawler's client ([`crate::adapters::http::ReqwestHttpClient`]) is
//! a separate one.

use std::sync::Mutex;
use std::time::Duration;

use aws_smithy_runtime_api::client::http::{
    HttpClient, HttpConnector, HttpConnectorFuture, HttpConnectorSettings, SharedHttpClient, SharedHttpConnector,
};
use aws_smithy_runtime_api::client::orchestrator::HttpRequest;
use aws_smithy_runtime_api::client::result::ConnectorError;
use aws_smithy_runtime_api::client::runtime_components::RuntimeComponents;
use aws_smithy_runtime_api::http::Response;
use aws_smithy_types::body::SdkBody;

/// Idle connections kept per AWS endpoint.
const IDLE_PER_HOST: usize = 8;

/// The SDK's HTTP client: one reqwest client per distinct pair of timeouts the SDK asks
/// for (in practice one), each with its own connection pool, reused across requests.
#[derive(Debug, Default)]
struct ReqwestSdkClient {
    clients: Mutex<Vec<(Timeouts, reqwest::Client)>>,
}

type Timeouts = (Option<Duration>, Option<Duration>);

/// The SDK's HTTPS client (see the module documentation).
pub fn sdk_http_client() -> SharedHttpClient {
    SharedHttpClient::new(ReqwestSdkClient::default())
}

impl ReqwestSdkClient {
    fn client(&self, timeouts: Timeouts) -> Result<reqwest::Client, ConnectorError> {
        let mut clients =
            self.clients.lock().map_err(|_| ConnectorError::other("client cache poisoned".into(), None))?;
        if let Some((_, c)) = clients.iter().find(|(t, _)| *t == timeouts) {
            return Ok(c.clone());
        }
        crate::adapters::http::install_tls_provider();
        let mut builder = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            // The SDK retries, with its own policy.
            .retry(reqwest::retry::never())
            .pool_max_idle_per_host(IDLE_PER_HOST);
        if let Some(t) = timeouts.0 {
            builder = builder.connect_timeout(t);
        }
        if let Some(t) = timeouts.1 {
            builder = builder.read_timeout(t);
        }
        let client = builder.build().map_err(|e| ConnectorError::other(Box::new(e), None))?;
        clients.push((timeouts, client.clone()));
        Ok(client)
    }
}

impl HttpClient for ReqwestSdkClient {
    fn http_connector(&self, settings: &HttpConnectorSettings, _: &RuntimeComponents) -> SharedHttpConnector {
        let timeouts = (settings.connect_timeout(), settings.read_timeout());
        SharedHttpConnector::new(Connector { client: self.client(timeouts) })
    }
}

#[derive(Debug)]
struct Connector {
    /// The client, or why it could not be built (every request then fails with it).
    client: Result<reqwest::Client, ConnectorError>,
}

/// An SDK request body as reqwest's: bytes as they are, a stream wrapped.
fn request_body(body: SdkBody) -> reqwest::Body {
    match body.bytes() {
        Some(bytes) => reqwest::Body::from(bytes::Bytes::copy_from_slice(bytes)),
        None => reqwest::Body::wrap(body),
    }
}

/// A failure as the SDK's retry policy reads it: timeouts and transport failures are
/// retried, anything else is not.
fn connector_error(e: reqwest::Error) -> ConnectorError {
    if e.is_timeout() {
        ConnectorError::timeout(Box::new(e))
    } else if e.is_connect() || e.is_request() || e.is_body() {
        ConnectorError::io(Box::new(e))
    } else {
        ConnectorError::other(Box::new(e), None)
    }
}

impl HttpConnector for Connector {
    fn call(&self, request: HttpRequest) -> HttpConnectorFuture {
        let client = match &self.client {
            Ok(c) => c.clone(),
            Err(e) => {
                let message = e.to_string();
                return HttpConnectorFuture::ready(Err(ConnectorError::other(message.into(), None)));
            }
        };
        HttpConnectorFuture::new(async move {
            let request = request.try_into_http1x().map_err(|e| ConnectorError::user(Box::new(e)))?;
            let (parts, body) = request.into_parts();
            let response = client
                .request(parts.method, parts.uri.to_string())
                .headers(parts.headers)
                .body(request_body(body))
                .send()
                .await
                .map_err(connector_error)?;
            let response: http::Response<reqwest::Body> = response.into();
            let response = response.map(SdkBody::from_body_1_x);
            Response::try_from(response).map_err(|e| ConnectorError::other(Box::new(e), None))
        })
    }
}
