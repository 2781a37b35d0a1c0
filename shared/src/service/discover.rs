//! Site → feeds: robots.txt first (through the gate), the homepage once, and up to three
//! feeds from `<link rel="alternate">`; each found feed is registered and polled.
//! (Fallback paths and validation by parsing come with the feeds work.)

use std::time::Duration;

use super::gate::{Gate, RequestKind, gate};
use super::poll::register_feed;
use super::{Deps, ServiceError};
use crate::model::{DiscoverSiteTask, PollFeedTask, Task, Timestamp, host_key, normalize_url};
use crate::parse::html::{decode_html, feed_links};
use crate::ports::{Agent, HttpRequest};

/// What became of a discovery.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiscoverOutcome {
    /// Feeds found and registered.
    Found {
        /// The feeds.
        feeds: Vec<String>,
    },
    /// The homepage names no feed.
    NoFeeds,
    /// The homepage could not be fetched.
    Failed {
        /// Why.
        reason: String,
    },
    /// robots.txt forbids the homepage.
    Excluded,
    /// Waiting for the host lease or a hold.
    Deferred {
        /// When.
        until: Timestamp,
    },
}

/// Discover a site's feeds.
///
/// # Errors
/// [`ServiceError`] when a store or the queue fails.
pub async fn discover_site(deps: &Deps, task: &DiscoverSiteTask) -> Result<DiscoverOutcome, ServiceError> {
    let url = normalize_url(&task.site).map_err(|e| ServiceError::InvalidTask(e.to_string()))?;
    let host = host_key(&url).ok_or_else(|| ServiceError::InvalidTask(format!("no host in {url}")))?;
    let slot = match gate(deps, &url, &host, RequestKind::Discovery).await? {
        Gate::Go(slot) => slot,
        Gate::Wait { until, .. } => return Ok(DiscoverOutcome::Deferred { until }),
        Gate::Refused { .. } => return Ok(DiscoverOutcome::Excluded),
    };
    let Some(response) = slot.fetch(deps, HttpRequest::get(url.clone(), Agent::Feed)).await else {
        return Ok(DiscoverOutcome::Deferred { until: deps.clock.now() });
    };
    let resp = match response {
        Ok(r) if (200..300).contains(&r.status) => r,
        Ok(r) => {
            return Ok(DiscoverOutcome::Failed { reason: format!("http_{}", r.status) });
        }
        Err(e) => {
            return Ok(DiscoverOutcome::Failed { reason: e.to_string() });
        }
    };
    let html = decode_html(&resp.body, resp.header("content-type"));
    let feeds = feed_links(&html, &url, 3);
    if feeds.is_empty() {
        return Ok(DiscoverOutcome::NoFeeds);
    }
    let mut polls = Vec::new();
    for f in &feeds {
        if register_feed(deps, f, Some(url.to_string())).await? {
            polls.push(Task::PollFeed(PollFeedTask { feed: f.clone() }));
        }
    }
    deps.queue.send_all(&polls, Duration::ZERO).await?;
    Ok(DiscoverOutcome::Found { feeds })
}
