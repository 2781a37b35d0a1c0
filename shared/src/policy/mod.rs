//! Pure decisions. Time and randomness are arguments; nothing here does I/O.

pub mod exclusion;
pub mod filter;
pub mod politeness;
pub mod schedule;
