//! Raw page → record: meta robots, title, text, image, validity; the record is written
//! to the page store and the URL's index entry points at it.

use bytes::Bytes;
use url::Url;

use super::{Deps, ServiceError, put_record};

/// The most an inline body may unpack to: above any body the fetcher keeps (5 MiB by
/// default), so only a message that is not ours is refused.
const UNPACKED_MAX: usize = 32 << 20;
use crate::model::{
    CheckImageTask, ExcludedReason, ExtractPageTask, FilterReason, ImageRef, InvalidReason, PageRecord, RECORD_VERSION,
    Task, UrlEntry, UrlKey, UrlState, host_key, location, normalize_url, same_site,
};
use crate::parse::article::{Article, extract as extract_article};
use crate::parse::html::{decode_html, forbids_index};
use crate::repo::Stored;

/// What became of an extract task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExtractOutcome {
    /// Valid so far; the image check is queued.
    CheckingImage,
    /// A record is stored (images not checked: `check_images` is off).
    Stored {
        /// Where.
        record: String,
    },
    /// Kept out by the content filter.
    Filtered {
        /// What matched.
        reason: FilterReason,
    },
    /// The canonical URL's page is already processed.
    Duplicate {
        /// Its key.
        of: UrlKey,
    },
    /// Not a valid page.
    Invalid {
        /// Why.
        reasons: Vec<InvalidReason>,
    },
    /// Meta robots / X-Robots-Tag forbid indexing.
    Excluded {
        /// Why.
        reason: ExcludedReason,
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
/// The record's image is the best-ranked candidate, not yet checked.
pub fn build_record(
    html: &str,
    url: &Url,
    task: &ExtractPageTask,
    host: crate::model::HostKey,
) -> (PageRecord, Article) {
    let a = extract_article(html, Some(url));
    let mut flags: Vec<String> = a.robots.iter().map(|d| format!("meta_robots:{d}")).collect();
    flags.extend(task.x_robots_tag.iter().map(|d| format!("x_robots_tag:{}", d.trim().to_ascii_lowercase())));
    let year = task.fetched_at.year();
    let record = PageRecord {
        v: RECORD_VERSION,
        key: task.key.clone(),
        url: task.url.clone(),
        canonical: a.canonical.clone(),
        feed: task.feed.clone(),
        host,
        fetched_at: task.fetched_at,
        year,
        title: a.title.clone().unwrap_or_default(),
        text: a.text.clone(),
        image: a.images.first().map(|c| ImageRef {
            url: c.url.clone(),
            width: None,
            height: None,
            media_type: None,
            checked: false,
        }),
        published: a.published.clone(),
        author: a.author.clone(),
        lang: a.lang.clone(),
        site_name: a.site_name.clone(),
        sources: a.sources.clone(),
        flags,
    };
    (record, a)
}

/// Why a record cannot become a valid page before its image is checked (empty when it can).
pub fn invalid_reasons(record: &PageRecord, min_text_chars: usize) -> Vec<InvalidReason> {
    let mut reasons = Vec::new();
    if record.title.trim().is_empty() {
        reasons.push(InvalidReason::NoTitle);
    }
    if record.text.chars().count() < min_text_chars {
        reasons.push(InvalidReason::TextTooShort);
    }
    if record.image.is_none() {
        reasons.push(InvalidReason::NoImage);
    }
    reasons
}

/// Extract one fetched page.
///
/// # Errors
/// [`ServiceError`] when a store fails.
pub async fn extract_page(deps: &Deps, task: &ExtractPageTask) -> Result<ExtractOutcome, ServiceError> {
    let urls = deps.repos().urls;
    let Some(read) = urls.get(task.key.as_str()).await? else {
        return Err(ServiceError::InvalidTask(format!("no index entry for {}", task.key)));
    };
    let entry = read.value.clone();
    // The fetcher queues this task just before it records the page as fetched; a page
    // still waiting for its fetch (queued, or parked for a retry) is not done, only early.
    if matches!(entry.state, UrlState::Queued { .. } | UrlState::Parked { .. }) {
        return Ok(ExtractOutcome::Deferred { until: deps.clock.now().plus(std::time::Duration::from_millis(250)) });
    }
    if !matches!(entry.state, UrlState::Fetched { .. }) {
        remove_raw(deps, task).await?;
        return Ok(ExtractOutcome::AlreadyDone);
    }
    let url = Url::parse(&task.final_url).map_err(|e| ServiceError::InvalidTask(e.to_string()))?;
    let raw = match &task.body {
        Some(packed) => {
            Bytes::from(crate::model::unpack_body(packed, UNPACKED_MAX).map_err(ServiceError::InvalidTask)?)
        }
        None => match deps.pages.get(&task.raw).await? {
            Some(raw) => raw,
            None => return Err(ServiceError::InvalidTask(format!("raw body {} is missing", task.raw))),
        },
    };
    let html = decode_html(&raw, task.content_type.as_deref());
    let (mut record, article) = build_record(&html, &url, task, entry.host.clone());
    let mut directives = article.robots.clone();
    directives.extend(task.x_robots_tag.iter().cloned());

    // The canonical URL counts only on the same site; it is normalised like every URL.
    let canonical = record
        .canonical
        .as_deref()
        .and_then(|c| normalize_url(c).ok())
        .filter(|c| same_site(c, &url))
        .map(|c| (UrlKey::of(&c), c));
    record.canonical = canonical.as_ref().map(|(_, c)| c.to_string());
    let duplicate_of = match &canonical {
        Some((ck, _)) if *ck != task.key => match urls.get(ck.as_str()).await? {
            Some(Stored { value: other, .. })
                if matches!(
                    other.state,
                    UrlState::Stored { .. } | UrlState::CheckingImage { .. } | UrlState::Fetched { .. }
                ) =>
            {
                Some(ck.clone())
            }
            _ => None,
        },
        _ => None,
    };

    let (state, outcome) = if forbids_index(&directives) {
        let reason = ExcludedReason::Noindex;
        (UrlState::Excluded { reason: reason.clone() }, ExtractOutcome::Excluded { reason })
    } else if let Some(of) = duplicate_of {
        (UrlState::Duplicate { of: of.clone() }, ExtractOutcome::Duplicate { of })
    } else if let Some(reason) =
        deps.config.filter.check(entry.host.as_str(), &record.title, &record.text, &article.ratings)
    {
        (UrlState::Filtered { reason: reason.clone() }, ExtractOutcome::Filtered { reason })
    } else {
        let mut reasons = invalid_reasons(&record, deps.config.min_text_chars);
        if !deps.config.check_images {
            reasons.retain(|r| *r != InvalidReason::NoImage);
        }
        if reasons.is_empty() && !deps.config.check_images {
            let location = record.location();
            put_record(deps.pages.as_ref(), &location, &record).await?;
            (UrlState::Stored { record: location.clone() }, ExtractOutcome::Stored { record: location })
        } else if reasons.is_empty() {
            let draft = location::draft(&task.key);
            // A small draft travels with the check; a large one waits in the page store.
            let inline = serde_json::to_vec(&record).is_ok_and(|j| j.len() <= crate::model::INLINE_MAX);
            if !inline {
                put_record(deps.pages.as_ref(), &draft, &record).await?;
            }
            let image_url = record.image.as_ref().map(|i| i.url.clone()).unwrap_or_default();
            let check = Task::CheckImage(CheckImageTask {
                key: task.key.clone(),
                image_url,
                draft: inline.then(|| Box::new(record.clone())),
            });
            // Queued to arrive when the host is free again, not to wait for its lease.
            let wait = task.host_free_at.map_or(std::time::Duration::ZERO, |t| t.since(deps.clock.now()));
            deps.queue.send(&check, wait).await?;
            (UrlState::CheckingImage { draft }, ExtractOutcome::CheckingImage)
        } else {
            (UrlState::Invalid { reasons: reasons.clone() }, ExtractOutcome::Invalid { reasons })
        }
    };
    // A page whose canonical URL is another one's: that URL is claimed as this page's
    // duplicate, so a feed that lists it later does not fetch the same page again.
    if let (Some((ck, c)), UrlState::CheckingImage { .. } | UrlState::Stored { .. }) = (&canonical, &state)
        && *ck != task.key
        && let Some(chost) = host_key(c)
    {
        let mut claim =
            UrlEntry::new_queued(ck.clone(), c.to_string(), chost, entry.feed.clone(), true, deps.clock.now());
        claim.state = UrlState::Duplicate { of: task.key.clone() };
        // A URL already known keeps its own state.
        urls.insert(&claim).await?;
    }
    let stored = matches!(state, UrlState::Stored { .. }).then_some(record.year);
    // From the entry as read: no second read for the one write (a lost race reads again).
    let written = urls
        .transition_from(&task.key, deps.clock.now(), Some(read), |e| {
            if !matches!(e.state, UrlState::Fetched { .. }) {
                return false;
            }
            e.state = state.clone();
            e.fetched_at = Some(task.fetched_at);
            e.year = stored.or(e.year);
            true
        })
        .await?;
    if written.is_none() {
        // Another delivery of this task finished first.
        return Ok(ExtractOutcome::AlreadyDone);
    }
    remove_raw(deps, task).await?;
    if stored.is_some() {
        deps.metrics.record_detail("HostStored", crate::ports::Unit::Count, entry.host.as_str(), 1.0);
    }
    Ok(outcome)
}

/// Remove the raw body from the page store, unless it travelled in the message.
async fn remove_raw(deps: &Deps, task: &ExtractPageTask) -> Result<(), ServiceError> {
    if task.body.is_none() {
        deps.pages.delete(&task.raw).await?;
    }
    Ok(())
}
