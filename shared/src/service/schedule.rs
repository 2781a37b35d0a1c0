//! Which feeds are due: the scheduled poller run fans out one poll task per due feed.

use super::{Deps, ScanPages, ServiceError, save};
use crate::model::{FeedState, PollFeedTask, Task};
use crate::ports::{Namespace, StateError};

/// Enqueue a poll task for every feed due now, moving each one's next poll forward first
/// so an overlapping run does not enqueue it twice. Returns how many were enqueued.
///
/// # Errors
/// [`ServiceError`] when the store or the queue fails.
pub async fn enqueue_due_feeds(deps: &Deps) -> Result<usize, ServiceError> {
    let now = deps.clock.now();
    let mut count = 0;
    let mut pages = ScanPages::new(deps.state.as_ref(), Namespace::Feed, 100);
    while let Some(page) = pages.next().await? {
        let mut batch = Vec::new();
        for (id, doc) in &page {
            let Ok(mut feed) = serde_json::from_str::<FeedState>(&doc.body) else {
                tracing::error!(id, "unreadable feed state skipped");
                continue;
            };
            if feed.next_poll_at > now {
                continue;
            }
            feed.next_poll_at = now.plus(deps.config.poll_interval);
            match save(deps.state.as_ref(), Namespace::Feed, id, &feed, "feed", Some(doc.version)).await {
                Ok(_) => batch.push(Task::PollFeed(PollFeedTask { feed: feed.url.clone() })),
                Err(StateError::Conflict { .. }) => {}
                Err(e) => return Err(e.into()),
            }
        }
        deps.queue.send_all(&batch, std::time::Duration::ZERO).await?;
        count += batch.len();
    }
    Ok(count)
}
