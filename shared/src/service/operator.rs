//! Operator actions: the blocklist. A block takes effect at every worker's next task (the
//! gate reads the list each time) and at once for URLs already waiting: they end in
//! `excluded(blocked)` now, so parked tasks find them final when they come due.

use super::gate::blocklist;
use super::{Deps, ScanPages, ServiceError, save, save_url};
use crate::model::{UrlEntry, UrlState};
use crate::policy::exclusion::Blocklist;
use crate::ports::{Namespace, StateError};

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

/// Add (`blocked = true`) or remove a domain from the blocklist.
///
/// # Errors
/// [`ServiceError::InvalidTask`] for an empty domain; store failures.
pub async fn set_blocked(deps: &Deps, domain: &str, blocked: bool) -> Result<BlockOutcome, ServiceError> {
    let domain = Blocklist::normalize_domain(domain)
        .ok_or_else(|| ServiceError::InvalidTask(format!("not a domain: {domain:?}")))?;
    let mut changed = false;
    for attempt in 0..16 {
        let (mut list, version) = blocklist(deps).await?;
        changed = if blocked { list.domains.insert(domain.clone()) } else { list.domains.remove(&domain) };
        if !changed {
            break;
        }
        match save(deps.state.as_ref(), Namespace::Operator, Blocklist::ID, &list, "blocklist", version).await {
            Ok(_) => break,
            Err(StateError::Conflict { .. }) if attempt < 15 => continue,
            Err(e) => return Err(e.into()),
        }
    }
    let mut excluded = 0;
    if blocked {
        let mut only = Blocklist::default();
        only.domains.insert(domain.clone());
        let mut pages = ScanPages::new(deps.state.as_ref(), Namespace::Url, 500);
        while let Some(page) = pages.next().await? {
            for (_, doc) in &page {
                if !matches!(doc.tag.as_str(), "queued" | "parked" | "fetched") {
                    continue;
                }
                let Ok(mut entry) = serde_json::from_str::<UrlEntry>(&doc.body) else { continue };
                if only.blocks(entry.host.as_str()) {
                    entry.state = UrlState::Excluded { reason: "blocked".into() };
                    entry.updated_at = deps.clock.now();
                    match save_url(deps.state.as_ref(), &entry, Some(doc.version)).await {
                        Ok(_) => excluded += 1,
                        // Moved on meanwhile; the gate will refuse its next request anyway.
                        Err(StateError::Conflict { .. }) => {}
                        Err(e) => return Err(e.into()),
                    }
                }
            }
        }
    }
    Ok(BlockOutcome { domain, changed, excluded })
}
