//! The time of one search: the system's monotonic clock, or the clock given in
//! [`Limits::clock`](crate::Limits::clock).
//!
//! `wasm32-unknown-unknown` has no clock in `std` (`Instant::now` panics there), so on that
//! target the solver reads time only from [`Limits::clock`](crate::Limits::clock): without
//! one, the elapsed time stays zero.

use std::time::Duration;

use crate::limits::Limits;

/// Whether `std::time::Instant` works on this target.
const HAS_SYSTEM_CLOCK: bool = !cfg!(all(target_arch = "wasm32", target_os = "unknown"));

/// A start time and the clock it was read from.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Clock {
    /// The system's monotonic clock.
    System(std::time::Instant),
    /// A clock given by the caller, and its reading at the start.
    Given(fn() -> Duration, Duration),
    /// No clock: the elapsed time is always zero.
    None,
}

impl Clock {
    /// Starts the clock `limits` asks for.
    pub(crate) fn start(limits: &Limits) -> Clock {
        match limits.clock {
            Some(f) => Clock::Given(f, f()),
            None if HAS_SYSTEM_CLOCK => Clock::System(std::time::Instant::now()),
            None => Clock::None,
        }
    }

    /// The time since the start.
    pub(crate) fn elapsed(&self) -> Duration {
        match *self {
            Clock::System(start) => start.elapsed(),
            Clock::Given(f, start) => f().saturating_sub(start),
            Clock::None => Duration::ZERO,
        }
    }
}
