//! Operator actions: the blocklist. A block takes effect at every worker's next task (the
//! gate goes by a list read at most `gate::BLOCKLIST_MAX_AGE` ago) and at once for URLs
//! already waiting: they end in
//! `excluded(blocked)` now, so parked tasks find them final when they come due.

use super::{Deps, ServiceError};
use crate::model::UrlState;
use crate::policy::exclusion::Blocklist;

/// What a block or unblock did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockOutcome {
    /// The domain as stored.
    pub domain: String,
    /// Whether the list changed.
    pub changed: bool,
    /// Waiting URLs moved to `excluded(blocked)`.
    pub excluded: usize,
}

/// Waiting URLs moved per page.
const PAGE: usize = 500;

/// Add (`blocked = true`) or remove a domain from the blocklist.
///
/// # Errors
/// [`ServiceError::InvalidTask`] for an empty domain; store failures.
pub async fn set_blocked(deps: &Deps, domain: &str, blocked: bool) -> Result<BlockOutcome, ServiceError> {
    let domain = Blocklist::normalize_domain(domain)
        .ok_or_else(|| ServiceError::InvalidTask(format!("not a domain: {domain:?}")))?;
    let repos = deps.repos();
    let changed = repos
        .blocklist
        .change(|list| if blocked { list.domains.insert(domain.clone()) } else { list.domains.remove(&domain) })
        .await?;
    deps.gate_local.forget_blocklist();
    let mut excluded = 0;
    if blocked {
        // Only the domain's waiting URLs are read (the host index), never the whole index.
        let mut after: Option<String> = None;
        loop {
            let (page, more) = repos.urls.under_domain(&domain, after.as_deref(), PAGE).await?;
            after = page.last().map(|s| s.value.key.to_string());
            for s in &page {
                let moved = repos
                    .urls
                    .transition(&s.value.key, deps.clock.now(), |e| {
                        let waiting = matches!(
                            e.state,
                            UrlState::Queued { .. } | UrlState::Parked { .. } | UrlState::Fetched { .. }
                        );
                        if waiting {
                            e.state = UrlState::Excluded { reason: "blocked".into() };
                        }
                        waiting
                    })
                    .await?;
                // Moved on meanwhile: the gate refuses its next request anyway.
                excluded += usize::from(moved.is_some());
            }
            if !more || after.is_none() {
                break;
            }
        }
    }
    Ok(BlockOutcome { domain, changed, excluded })
}
