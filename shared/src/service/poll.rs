//! Feeds → new URLs. Conditional GET, parse, insert each entry into the seen set
//! (insert-if-absent) *before* enqueueing, and enqueue only what is new.

use std::time::Duration;

use super::gate::{Gate, RequestKind, gate, hold_host};
use super::{Deps, ServiceError};
use crate::model::{
    EXCLUDED_PREFIX, ExcludedReason, FeedState, FetchPageTask, HoldReason, PollFeedTask, Task, Timestamp, UrlEntry,
    UrlKey, UrlState, Waiting, host_key, normalize_url,
};
use crate::parse::feed::parse_served_feed_for_crawl;
use crate::policy::politeness::backoff;
use crate::ports::{Agent, HttpError, HttpRequest};
use crate::repo::{Change, Stored};

/// What became of a poll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PollOutcome {
    /// Parsed; `new` URLs enqueued out of `entries`.
    Polled {
        /// Entries in the feed.
        entries: usize,
        /// New URLs enqueued.
        new: usize,
    },
    /// 304: nothing changed.
    NotModified,
    /// The poll failed; the feed backs off.
    Failed {
        /// Why.
        reason: String,
    },
    /// robots.txt forbids the feed.
    Excluded,
    /// Waiting for the host lease or a hold.
    Deferred {
        /// When.
        until: Timestamp,
    },
}

/// Register a feed (insert-if-absent); returns whether it was new.
///
/// # Errors
/// [`ServiceError`] when the store fails.
pub async fn register_feed(deps: &Deps, feed_url: &str, site: Option<String>) -> Result<bool, ServiceError> {
    let url = normalize_url(feed_url).map_err(|e| ServiceError::InvalidTask(e.to_string()))?;
    let feed = FeedState::new(url.to_string(), site, deps.clock.now());
    Ok(deps.repos().feeds.insert(&feed).await?.is_some())
}

/// What `add_feed` did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddFeed {
    /// A poll is queued now (a new feed, or an excluded one given another chance).
    Queued,
    /// Already known and on its schedule; nothing sent.
    AlreadyKnown,
}

/// Submit a feed: register it and queue its first poll at once, claiming it the way the
/// scheduled fan-out does (its next poll moves forward first) so no run polls it twice.
/// A known, excluded feed is given another chance; any other known feed keeps its schedule.
///
/// # Errors
/// [`ServiceError`] for a bad URL or a store/queue failure.
pub async fn add_feed(deps: &Deps, feed_url: &str) -> Result<AddFeed, ServiceError> {
    let url = normalize_url(feed_url).map_err(|e| ServiceError::InvalidTask(e.to_string()))?;
    if !register_feed(deps, url.as_str(), None).await? {
        rearm_excluded(deps, url.as_str()).await?;
    }
    let now = deps.clock.now();
    let next = now.plus(deps.config.poll_interval);
    let claimed = deps
        .repos()
        .feeds
        .update(url.as_str(), |current| match current {
            Some(mut feed) if feed.next_poll_at <= now => {
                feed.next_poll_at = next;
                (Change::Put(feed), true)
            }
            _ => (Change::Keep, false),
        })
        .await?;
    if !claimed {
        return Ok(AddFeed::AlreadyKnown);
    }
    deps.queue.send(&Task::PollFeed(PollFeedTask { feed: url.to_string() }), Duration::ZERO).await?;
    Ok(AddFeed::Queued)
}

/// Make an excluded feed due now (a no-op for any other feed).
///
/// # Errors
/// [`ServiceError`] for a bad URL or a store failure.
pub async fn rearm_excluded(deps: &Deps, feed_url: &str) -> Result<(), ServiceError> {
    let url = normalize_url(feed_url).map_err(|e| ServiceError::InvalidTask(e.to_string()))?;
    let now = deps.clock.now();
    deps.repos()
        .feeds
        .update(url.as_str(), |current| match current {
            Some(mut feed)
                if matches!(feed.condition(now), crate::model::FeedCondition::Excluded { .. })
                    && feed.next_poll_at > now =>
            {
                feed.next_poll_at = now;
                (Change::Put(feed), ())
            }
            _ => (Change::Keep, ()),
        })
        .await?;
    Ok(())
}

/// Poll one feed.
///
/// # Errors
/// [`ServiceError`] when a store or the queue fails.
pub async fn poll_feed(deps: &Deps, task: &PollFeedTask) -> Result<PollOutcome, ServiceError> {
    let url = normalize_url(&task.feed).map_err(|e| ServiceError::InvalidTask(e.to_string()))?;
    let host = host_key(&url).ok_or_else(|| ServiceError::InvalidTask(format!("no host in {url}")))?;
    // This poll claims the feed the way the scheduled fan-out does: a feed it registers, or
    // finds due, has its next poll moved forward first, so a fan-out running meanwhile does
    // not send a second poll of it.
    let feeds = deps.repos().feeds;
    let now = deps.clock.now();
    let claimed_until = now.plus(deps.config.poll_interval);
    let mut feed = feeds
        .update(url.as_str(), |current| {
            let mut feed = current.unwrap_or_else(|| FeedState::new(url.to_string(), None, now));
            if feed.next_poll_at <= now {
                feed.next_poll_at = claimed_until;
                (Change::Put(feed.clone()), feed)
            } else {
                (Change::Keep, feed)
            }
        })
        .await?;
    let slot = match gate(deps, &url, &host, RequestKind::Regular).await? {
        Gate::Go(slot) => slot,
        Gate::Wait { until, held: None } => return Ok(PollOutcome::Deferred { until }),
        Gate::Wait { until, held: Some(reason) } => {
            // Shown by `status` while it lasts.
            let waiting = Some(Waiting { reason: reason.as_str().to_owned(), until });
            if feed.waiting != waiting {
                feeds.change(&feed.url, |f| f.waiting.clone_from(&waiting)).await?;
            }
            return Ok(PollOutcome::Deferred { until });
        }
        Gate::Refused { reason, detail } => {
            return exclude(deps, &feed.url, reason, detail).await;
        }
    };
    feed.waiting = None;
    let gap = slot.gap();
    let mut req = HttpRequest::get(url.clone(), Agent::Feed);
    if let Some(etag) = &feed.etag {
        req.headers.push(("if-none-match".into(), etag.clone()));
    }
    if let Some(lm) = &feed.last_modified {
        req.headers.push(("if-modified-since".into(), lm.clone()));
    }
    let Some(response) = slot.fetch(deps, req).await else {
        return Ok(PollOutcome::Deferred { until: deps.clock.now() });
    };
    let now = deps.clock.now();
    let fresh_for = response
        .as_ref()
        .ok()
        .and_then(|r| crate::policy::schedule::server_freshness(r.header("cache-control"), r.header("expires"), now));
    feed.last_polled_at = Some(now);
    let outcome = match response {
        Ok(r) if r.status == 304 => {
            feed.last_status = Some(304);
            feed.error_streak = 0;
            PollOutcome::NotModified
        }
        Ok(r) if (200..300).contains(&r.status) => {
            feed.last_status = Some(r.status);
            match parse_served_feed_for_crawl(&r.body, Some(&url), r.header("content-type")) {
                Ok(parsed) => {
                    let (entries, new) = ingest(deps, &mut feed, &r, parsed, gap).await?;
                    PollOutcome::Polled { entries, new }
                }
                Err(e) => {
                    feed.error_streak += 1;
                    feed.problem = Some(e.to_string());
                    PollOutcome::Failed { reason: e.to_string() }
                }
            }
        }
        Ok(r) if r.status == 403 || r.status == 429 => {
            // The host refuses us: every request to it stops, not only this feed's.
            let hold = if r.status == 403 { HoldReason::Forbidden } else { HoldReason::RateLimited };
            let until = hold_host(deps, &host, hold, deps.config.hold_forbidden, r.header("retry-after")).await?;
            feed.last_status = Some(r.status);
            feed.error_streak += 1;
            feed.waiting = Some(Waiting { reason: hold.as_str().to_owned(), until });
            let reason = format!("http_{}", r.status);
            feed.problem = Some(reason.clone());
            PollOutcome::Failed { reason }
        }
        Ok(r) => {
            feed.last_status = Some(r.status);
            feed.error_streak += 1;
            let reason = format!("http_{}", r.status);
            feed.problem = Some(reason.clone());
            PollOutcome::Failed { reason }
        }
        Err(e @ HttpError::AddressRefused { .. }) => {
            return exclude(deps, &feed.url, ExcludedReason::AddressRefused, Some(e.to_string())).await;
        }
        Err(e) => {
            feed.last_status = Some(0);
            feed.error_streak += 1;
            feed.problem = Some(e.to_string());
            PollOutcome::Failed { reason: e.to_string() }
        }
    };
    feed.next_poll_at = match outcome {
        PollOutcome::Failed { .. } => now
            .plus(
                backoff(Duration::from_secs(3600), feed.error_streak, deps.jitter.unit())
                    .max(deps.config.poll_interval),
            )
            .max(feed.waiting.as_ref().map_or(now, |w| w.until)),
        _ => crate::policy::schedule::next_poll(
            now,
            deps.config.poll_interval,
            &feed.hints.clone().unwrap_or_default(),
            fresh_for,
            feed.last_new_entry_at.map(|t| now.since(t)),
        ),
    };
    // The poll's answer replaces the polling state, onto whatever was written meanwhile
    // (the fan-out moving the next poll): no second request for a lost race.
    feeds
        .change(&feed.url.clone(), |f| {
            let site = f.site.take();
            *f = feed.clone();
            f.site = f.site.take().or(site);
        })
        .await?;
    Ok(outcome)
}

/// A feed that is never to be polled as things stand (robots.txt, an operator rule, the
/// blocklist, the address guard): recorded with its reason, looked at again a cycle later.
async fn exclude(
    deps: &Deps,
    url: &str,
    reason: ExcludedReason,
    detail: Option<String>,
) -> Result<PollOutcome, ServiceError> {
    let detail = detail.map(|d| format!(": {d}")).unwrap_or_default();
    let next = deps.clock.now().plus(deps.config.poll_interval);
    deps.repos()
        .feeds
        .change(url, |feed| {
            feed.problem = Some(format!("{EXCLUDED_PREFIX}{reason}{detail}"));
            feed.waiting = None;
            feed.next_poll_at = next;
        })
        .await?;
    Ok(PollOutcome::Excluded)
}

/// Take a feed's 200 answer: keep its validators, enqueue its new entries, spaced so each
/// reaches the fetcher when its host is free (see [`spacing`]; `gap` is the host's gap as
/// the feed's request left it). Returns the entries and how many were new. (Discovery uses
/// it too, so a feed it validates is not fetched again for its first poll.)
///
/// # Errors
/// [`ServiceError`] when the store or the queue fails.
pub async fn ingest(
    deps: &Deps,
    feed: &mut FeedState,
    response: &crate::ports::HttpResponse,
    parsed: crate::parse::feed::ParsedFeed,
    gap: Duration,
) -> Result<(usize, usize), ServiceError> {
    feed.last_status = Some(response.status);
    feed.etag = response.header("etag").map(str::to_owned);
    feed.last_modified = response.header("last-modified").map(str::to_owned);
    feed.error_streak = 0;
    // An empty feed is read (a new blog has no posts yet) but shown as a problem.
    feed.problem = parsed.is_empty().then(|| format!("empty: no entries in a {}-byte body", response.body.len()));
    feed.last_entries = u32::try_from(parsed.items.len()).unwrap_or(u32::MAX);
    feed.hints = Some(crate::parse::feed::schedule_hints(&response.body));
    let links: Vec<String> = parsed.items.into_iter().filter_map(|i| i.link).collect();
    let new = enqueue_new(deps, &feed.url, &links, spacing(gap, deps.config.check_images)).await?;
    if new > 0 {
        feed.last_new_entry_at = Some(deps.clock.now());
    }
    Ok((links.len(), new))
}

/// When each of a feed's new pages should reach the fetcher: a host's `n`-th (from 0)
/// after `first + n × every`. A feed lists a host's pages together, and sending them all at once
/// makes all but one wait for the host's lease (each wait a wasted delivery, lease read and
/// queue round trip); spaced, each arrives as its host becomes free. A page costs two
/// requests when its image is checked (the image check follows one gap after the page),
/// so pages are two gaps apart then. The lease still decides: this only avoids waiting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spacing {
    /// Before the first page: the gap the feed's own request left.
    pub first: Duration,
    /// Between pages.
    pub every: Duration,
}

impl Spacing {
    /// The delay of the `n`-th page (from 0).
    pub fn delay(self, n: usize) -> Duration {
        self.first + self.every * u32::try_from(n).unwrap_or(u32::MAX)
    }
}

/// The [`Spacing`] of a host whose requests are `gap` apart.
pub fn spacing(gap: Duration, check_images: bool) -> Spacing {
    Spacing { first: gap, every: if check_images { gap * 2 } else { gap } }
}

/// Insert each link into the seen set and enqueue the new ones, spaced as `spacing` says;
/// returns how many.
///
/// A link already seen is enqueued again only if this feed inserted it and its task was
/// never marked sent (a poll that died between the insert and the send).
async fn enqueue_new(deps: &Deps, feed_url: &str, links: &[String], spacing: Spacing) -> Result<usize, ServiceError> {
    let now = deps.clock.now();
    let urls = deps.repos().urls;
    let mut to_send: Vec<(UrlEntry, u64)> = Vec::new();
    for link in links {
        let Ok(url) = normalize_url(link) else {
            continue;
        };
        let Some(host) = host_key(&url) else { continue };
        let key = UrlKey::of(&url);
        if to_send.iter().any(|(e, _)| e.key == key) {
            continue;
        }
        let entry = UrlEntry::new_queued(key.clone(), url.to_string(), host, Some(feed_url.to_owned()), false, now);
        match urls.insert(&entry).await? {
            Some(v) => to_send.push((entry, v)),
            None => {
                if let Some(Stored { value: existing, version }) = urls.get(key.as_str()).await?
                    && existing.state == (UrlState::Queued { enqueued: false })
                    && existing.feed.as_deref() == Some(feed_url)
                {
                    to_send.push((existing, version));
                }
            }
        }
    }
    // Spaced per host: a feed may list pages of several hosts.
    let mut per_host: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let tasks: Vec<(Task, Duration)> = to_send
        .iter()
        .map(|(e, _)| {
            let n = per_host.entry(e.host.as_str()).or_default();
            let delay = spacing.delay(*n);
            *n += 1;
            let task = Task::FetchPage(FetchPageTask {
                key: e.key.clone(),
                url: e.url.clone(),
                feed: e.feed.clone(),
                hops: Vec::new(),
                attempt: 0,
            });
            (task, delay)
        })
        .collect();
    deps.queue.send_spread(&tasks).await?;
    for (mut entry, version) in to_send.iter().cloned() {
        entry.state = UrlState::Queued { enqueued: true };
        // A fetch may already have moved it on; that write wins.
        urls.replace(&entry, version).await?;
    }
    Ok(to_send.len())
}
