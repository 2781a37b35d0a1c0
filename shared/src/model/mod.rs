//! Pure data: URL keys, task messages, page records, per-host and per-feed state.
//!
//! Nothing here performs I/O or reads a clock; every type serialises to the JSON that the
//! queues, the state store and the page store hold, so the Lambdas and embedded mode agree
//! on one wire format.

pub mod location;
mod reason;
mod record;
mod state;
mod task;
mod time;
mod url;

pub use reason::{ExcludedReason, FilterReason, ImageProblem, InvalidReason, ParkReason};
pub use record::{FieldSource, ImageRef, PageRecord, RECORD_VERSION, record_location};
pub use state::{
    EXCLUDED_PREFIX, FeedCondition, FeedState, HoldReason, HostState, RobotsCache, RobotsStatus, SiteState, SiteStatus,
    UrlEntry, UrlState, Waiting,
};
pub use task::{
    CheckImageTask, DecodeError, DiscoverSiteTask, DiscoverStep, EncodeError, ExtractPageTask, FetchPageTask,
    INLINE_MAX, PollFeedTask, RecheckPageTask, Stage, TASK_VERSION, Task, pack_body, pack_body_within, unpack_body,
};
pub use time::Timestamp;
pub use url::{HostKey, UrlError, UrlKey, host_key, normalize_url, same_site};
