//! Raw page → record: meta robots, title, text, image, validity; the record is written
//! to the page store and the URL's index entry points at it.

use bytes::Bytes;
use url::Url;

use super::{Deps, ServiceError, load, save_url};
use crate::model::{ExtractPageTask, ImageRef, PageRecord, RECORD_VERSION, UrlEntry, UrlState};
use crate::parse::html::{decode_html, extract_page as extract_html, forbids_index};
use crate::ports::Namespace;

/// What became of an extract task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExtractOutcome {
    /// A record is stored.
    Stored {
        /// Where.
        record: String,
    },
    /// Not a valid page.
    Invalid {
        /// Why.
        reasons: Vec<String>,
    },
    /// Meta robots / X-Robots-Tag forbid indexing.
    Excluded {
        /// Why.
        reason: String,
    },
    /// The fetcher queues this task just before it records the page as fetched; a task
    /// that overtakes that write waits a moment.
    Deferred {
        /// When to look again.
        until: crate::model::Timestamp,
    },
    /// A duplicate delivery.
    AlreadyDone,
}

/// Build the record of a page from its HTML, without any network: the offline extractor.
pub fn build_record(
    html: &str,
    url: &Url,
    task: &ExtractPageTask,
    host: crate::model::HostKey,
) -> (PageRecord, Vec<String>) {
    let e = extract_html(html, url);
    let mut flags: Vec<String> = e.robots.iter().map(|d| format!("meta_robots:{d}")).collect();
    flags.extend(task.x_robots_tag.iter().map(|d| format!("x_robots_tag:{}", d.trim().to_ascii_lowercase())));
    let year = task.fetched_at.year();
    let record = PageRecord {
        v: RECORD_VERSION,
        key: task.key.clone(),
        url: task.url.clone(),
        canonical: e.canonical.clone(),
        feed: task.feed.clone(),
        host,
        fetched_at: task.fetched_at,
        year,
        title: e.title.clone().unwrap_or_default(),
        text: e.text.clone(),
        image: e.image.clone().map(|u| ImageRef {
            url: u,
            width: None,
            height: None,
            media_type: None,
            checked: false,
        }),
        published: e.published.clone(),
        author: e.author.clone(),
        lang: e.lang.clone(),
        site_name: e.site_name.clone(),
        sources: e.sources.clone(),
        flags,
    };
    let mut directives = e.robots;
    directives.extend(task.x_robots_tag.iter().cloned());
    (record, directives)
}

/// Why a record is not a valid page (empty when it is).
pub fn invalid_reasons(record: &PageRecord, min_text_chars: usize) -> Vec<String> {
    let mut reasons = Vec::new();
    if record.title.trim().is_empty() {
        reasons.push("no_title".to_owned());
    }
    if record.text.chars().count() < min_text_chars {
        reasons.push("text_too_short".to_owned());
    }
    reasons
}

/// Extract one fetched page.
///
/// # Errors
/// [`ServiceError`] when a store fails.
pub async fn extract_page(deps: &Deps, task: &ExtractPageTask) -> Result<ExtractOutcome, ServiceError> {
    let Some((mut entry, version)) = load::<UrlEntry>(deps.state.as_ref(), Namespace::Url, task.key.as_str()).await?
    else {
        return Err(ServiceError::InvalidTask(format!("no index entry for {}", task.key)));
    };
    // The fetcher queues this task just before it records the page as fetched; a page
    // still waiting for its fetch (queued, or parked for a retry) is not done, only early.
    if matches!(entry.state, UrlState::Queued { .. } | UrlState::Parked { .. }) {
        return Ok(ExtractOutcome::Deferred { until: deps.clock.now().plus(std::time::Duration::from_millis(250)) });
    }
    if !matches!(entry.state, UrlState::Fetched { .. }) {
        deps.pages.delete(&task.raw).await?;
        return Ok(ExtractOutcome::AlreadyDone);
    }
    let url = Url::parse(&task.final_url).map_err(|e| ServiceError::InvalidTask(e.to_string()))?;
    let Some(raw) = deps.pages.get(&task.raw).await? else {
        return Err(ServiceError::InvalidTask(format!("raw body {} is missing", task.raw)));
    };
    let html = decode_html(&raw, task.content_type.as_deref());
    let (record, directives) = build_record(&html, &url, task, entry.host.clone());
    let now = deps.clock.now();
    let (state, outcome) = if forbids_index(&directives) {
        (UrlState::Excluded { reason: "noindex".into() }, ExtractOutcome::Excluded { reason: "noindex".into() })
    } else {
        let reasons = invalid_reasons(&record, deps.config.min_text_chars);
        if reasons.is_empty() {
            let location = record.location();
            let body = serde_json::to_vec_pretty(&record).map_err(|e| ServiceError::InvalidTask(e.to_string()))?;
            deps.pages.put(&location, Bytes::from(body), "application/json").await?;
            entry.year = Some(record.year);
            (UrlState::Stored { record: location.clone() }, ExtractOutcome::Stored { record: location })
        } else {
            (UrlState::Invalid { reasons: reasons.clone() }, ExtractOutcome::Invalid { reasons })
        }
    };
    entry.state = state;
    entry.updated_at = now;
    entry.fetched_at = Some(task.fetched_at);
    save_url(deps.state.as_ref(), &entry, Some(version)).await?;
    deps.pages.delete(&task.raw).await?;
    Ok(outcome)
}
