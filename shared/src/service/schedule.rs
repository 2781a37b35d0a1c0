//! Which feeds are due: the scheduled poller run fans out one poll task per due feed. It
//! reads only the feeds that are due (the state store's due index), never every feed.

use super::{Deps, ServiceError};
use crate::model::{PollFeedTask, Task};
use crate::repo::Change;

/// Due feeds read per page.
const PAGE: usize = 500;
/// Pages per run: a run enqueues at most `PAGE × MAX_PAGES` feeds; the rest are due at the
/// next run.
const MAX_PAGES: usize = 100;

/// Enqueue a poll task for every feed due now, moving each one's next poll forward first
/// so an overlapping run does not enqueue it twice. Returns how many were enqueued.
///
/// # Errors
/// [`ServiceError`] when the store or the queue fails.
pub async fn enqueue_due_feeds(deps: &Deps) -> Result<usize, ServiceError> {
    let feeds = deps.repos().feeds;
    let now = deps.clock.now();
    let next = now.plus(deps.config.poll_interval);
    let mut count = 0;
    for _ in 0..MAX_PAGES {
        let due = feeds.due(now, PAGE).await?;
        let mut batch = Vec::new();
        for stored in &due {
            let claimed = feeds
                .update(&stored.value.url, |current| match current {
                    // Still due on a fresh read (the index may lag a write): claim it.
                    Some(mut feed) if feed.next_poll_at <= now => {
                        feed.next_poll_at = next;
                        (Change::Put(feed), true)
                    }
                    _ => (Change::Keep, false),
                })
                .await?;
            if claimed {
                batch.push(Task::PollFeed(PollFeedTask { feed: stored.value.url.clone() }));
            }
        }
        deps.queue.send_all(&batch, std::time::Duration::ZERO).await?;
        count += batch.len();
        // A short page is the last; a page of nothing new means the index lags this run's
        // own writes, and the next run picks up the rest.
        if due.len() < PAGE || batch.is_empty() {
            break;
        }
    }
    Ok(count)
}
