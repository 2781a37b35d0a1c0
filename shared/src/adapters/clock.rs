//! Clocks and jitter sources.

use std::sync::Mutex;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use rand::{Rng, SeedableRng};

use crate::model::Timestamp;
use crate::ports::{Clock, Jitter};

/// The real wall clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    // The one place the wall clock is read.
    #[allow(clippy::disallowed_methods)]
    fn now(&self) -> Timestamp {
        let ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
        Timestamp::from_millis(ms)
    }
}

/// A clock that moves only when told to.
#[derive(Debug)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    /// A clock standing at `start`.
    pub fn new(start: Timestamp) -> Self {
        Self(AtomicI64::new(start.as_millis()))
    }

    /// Move the clock forward.
    pub fn advance(&self, d: Duration) {
        let ms = i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
        self.0.fetch_add(ms, Ordering::SeqCst);
    }

    /// Set the clock.
    pub fn set(&self, t: Timestamp) {
        self.0.store(t.as_millis(), Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Timestamp {
        Timestamp::from_millis(self.0.load(Ordering::SeqCst))
    }
}

/// The wall clock moved by an offset that can be changed while it runs: time passes at
/// the real rate (so waits between requests are real), and a test can jump a day ahead.
#[derive(Debug, Default)]
pub struct ShiftedClock(AtomicI64);

impl ShiftedClock {
    /// The wall clock, not yet shifted.
    pub fn new() -> Self {
        Self::default()
    }

    /// Move the clock forward by `d` (on top of earlier shifts).
    pub fn advance(&self, d: Duration) {
        let ms = i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for ShiftedClock {
    fn now(&self) -> Timestamp {
        let real = SystemClock.now();
        Timestamp::from_millis(real.as_millis().saturating_add(self.0.load(Ordering::SeqCst)))
    }
}

/// Jitter from a seeded generator (seed from the OS when not given).
#[derive(Debug)]
pub struct RandomJitter(Mutex<rand::rngs::StdRng>);

impl RandomJitter {
    /// Seeded from the operating system.
    pub fn from_os() -> Self {
        Self(Mutex::new(rand::rngs::StdRng::from_os_rng()))
    }

    /// Reproducible.
    pub fn seeded(seed: u64) -> Self {
        Self(Mutex::new(rand::rngs::StdRng::seed_from_u64(seed)))
    }
}

impl Jitter for RandomJitter {
    fn unit(&self) -> f64 {
        match self.0.lock() {
            Ok(mut rng) => rng.random::<f64>(),
            Err(poisoned) => poisoned.into_inner().random::<f64>(),
        }
    }
}

/// Always the same value: for tests.
#[derive(Clone, Copy, Debug)]
pub struct FixedJitter(pub f64);

impl Jitter for FixedJitter {
    fn unit(&self) -> f64 {
        self.0.clamp(0.0, 0.999_999)
    }
}
