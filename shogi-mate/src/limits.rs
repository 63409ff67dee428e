//! The limits and options of one search, and the progress reports it sends.

use core::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use shogi_types::Move;

/// Which answer a search looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// Any forced mate, found as fast as possible (for engines): the line is a mate, its length
    /// an upper bound ([`Length::UpperBound`](crate::Length::UpperBound)).
    #[default]
    AnyMate,
    /// The answer a problem composer expects (詰将棋, tsume shogi): the attacker's shortest
    /// mate against the defender's longest defence, futile interpositions not counted, ties
    /// broken by the usual conventions; the length proved exact by a shortening post-search.
    /// See the crate documentation for the conventions and their sources.
    #[doc(alias = "tsume")]
    Tsume,
}

/// A progress callback: called from the searching thread, so it must be `Send + Sync`.
pub type ProgressFn = Arc<dyn Fn(&Progress<'_>) + Send + Sync>;

/// The limits and options of one [`Solver::solve`](crate::Solver::solve) call.
///
/// Every limit is off by default: set the fields, or chain the builder methods.
///
/// ```
/// use std::sync::Arc;
/// use std::sync::atomic::AtomicBool;
/// use std::time::Duration;
/// use shogi_mate::{Limits, Mode};
///
/// let stop = Arc::new(AtomicBool::new(false));
/// let limits = Limits::default()
///     .with_nodes(1_000_000)
///     .with_time(Duration::from_secs(10))
///     .with_stop_flag(Arc::clone(&stop))
///     .with_mode(Mode::Tsume);
/// assert_eq!(limits.nodes, Some(1_000_000));
/// ```
#[derive(Clone, Default)]
#[non_exhaustive]
pub struct Limits {
    /// The most nodes to search (each node is one expanded position). Once a mate is proved,
    /// reading its line back may take as many nodes again (at least 100 000, at most
    /// 2 000 000), whatever the limits: a proved mate is returned with its line.
    pub nodes: Option<u64>,
    /// The most time to spend, wall clock.
    pub time: Option<Duration>,
    /// The longest mate to look for, in plies. Lines longer than this are not searched: a
    /// search that needed them answers [`Reason::MaxPlies`](crate::Reason::MaxPlies), never
    /// [`Outcome::NoMate`](crate::Outcome::NoMate). Default (`None`): 4000 plies, the most
    /// the solver searches.
    pub max_plies: Option<u32>,
    /// A flag another thread may set to stop the search; it answers
    /// [`Reason::Stopped`](crate::Reason::Stopped) (or the mate, if one was already proved and
    /// its line is extracted).
    pub stop: Option<Arc<AtomicBool>>,
    /// Which answer to look for.
    pub mode: Mode,
    /// Called about every [`Limits::progress_interval`] with the search's progress.
    pub progress: Option<ProgressFn>,
    /// How often to call [`Limits::progress`]; default (zero): once a second.
    pub progress_interval: Duration,
    /// The clock to measure time with: a function returning the time since any fixed
    /// moment, never going back. Default (`None`): the system's monotonic clock
    /// (`std::time::Instant`). Give one on targets whose `std` has no clock
    /// (`wasm32-unknown-unknown`, where a JavaScript host can give `performance.now()`):
    /// there, without one, the elapsed time reads zero, so a time limit never stops the
    /// search and progress is reported only at the start.
    pub clock: Option<fn() -> Duration>,
}

impl Limits {
    /// The limits with a node limit.
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Limits {
        self.nodes = Some(nodes);
        self
    }

    /// The limits with a time limit.
    #[must_use]
    pub fn with_time(mut self, time: Duration) -> Limits {
        self.time = Some(time);
        self
    }

    /// The limits with a maximum mate length in plies.
    #[must_use]
    pub fn with_max_plies(mut self, plies: u32) -> Limits {
        self.max_plies = Some(plies);
        self
    }

    /// The limits with a stop flag.
    #[must_use]
    pub fn with_stop_flag(mut self, stop: Arc<AtomicBool>) -> Limits {
        self.stop = Some(stop);
        self
    }

    /// The limits with a mode.
    #[must_use]
    pub fn with_mode(mut self, mode: Mode) -> Limits {
        self.mode = mode;
        self
    }

    /// The limits with a clock (see [`Limits::clock`]).
    #[must_use]
    pub fn with_clock(mut self, clock: fn() -> Duration) -> Limits {
        self.clock = Some(clock);
        self
    }

    /// The limits with a progress callback, called about every `interval` (zero: every
    /// second).
    #[must_use]
    pub fn with_progress(
        mut self,
        interval: Duration,
        f: impl Fn(&Progress<'_>) + Send + Sync + 'static,
    ) -> Limits {
        self.progress = Some(Arc::new(f));
        self.progress_interval = interval;
        self
    }
}

impl fmt::Debug for Limits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Limits")
            .field("nodes", &self.nodes)
            .field("time", &self.time)
            .field("max_plies", &self.max_plies)
            .field("stop", &self.stop)
            .field("mode", &self.mode)
            .field("progress", &self.progress.as_ref().map(|_| "callback"))
            .field("progress_interval", &self.progress_interval)
            .field("clock", &self.clock.map(|_| "function"))
            .finish()
    }
}

/// A progress report, passed to [`Limits::progress`].
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Progress<'a> {
    /// Nodes searched so far in this call.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nodes_per_second: u64,
    /// How full the transposition table is, in permille (as USI `hashfull`).
    pub table_permille: u32,
    /// Time since the call began.
    pub elapsed: Duration,
    /// The line being searched: the moves from the root to the node the search is at, best
    /// first at each ply.
    pub line: &'a [Move],
}
