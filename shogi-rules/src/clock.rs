//! Game clocks: sudden death, main time with byo-yomi periods, Fischer increments, a fixed time
//! per move, and their combinations.
//!
//! A [`Clock`] holds both sides' remaining time under a [`TimeControl`] each. It reads no
//! system clock: the caller measures how long each move took and passes that
//! [`Duration`] to [`Clock::record_move`], so the same clock runs on a server, in a browser
//! and in a test. When a side runs out, the clock says who flagged and after how long
//! ([`Flag`]); the caller ends the game with [`Game::lose_on_time`](crate::Game::lose_on_time).
//!
//! ```
//! use std::time::Duration;
//!
//! use shogi_movegen::Position;
//! use shogi_rules::Game;
//! use shogi_rules::clock::{Clock, TimeControl};
//! use shogi_types::Color;
//!
//! // 10 minutes, then 3 periods of 30 seconds.
//! let secs = Duration::from_secs;
//! let mut clock = Clock::new(TimeControl::byoyomi(secs(600), secs(30), 3));
//! let mut game: Game = Game::new(Position::start());
//!
//! game.play("7g7f".parse()?)?;
//! clock.record_move(secs(650))?; // main time gone, and one period (50 s into byo-yomi)
//! assert_eq!(clock.periods_left(Color::Black), 2);
//! game.play("3c3d".parse()?)?;
//! clock.record_move(secs(5))?;
//!
//! // Black now has two periods of 30 s: 61 s is too long.
//! assert_eq!(clock.time_left(Color::Black), secs(60));
//! let flag = clock.record_move(secs(61)).unwrap_err();
//! assert_eq!((flag.color, flag.after), (Color::Black, secs(60)));
//! game.lose_on_time(flag.color)?;
//! assert!(game.is_over());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The rules of the clock
//! - **Main time** is spent first. A move that ends exactly when a side's time reaches zero is
//!   on time; the side flags only when it needs more time than it has.
//! - **Byo-yomi** starts when the main time is gone: each move must be made within one period.
//!   A period that runs out is used up and the next one starts; a move made within its period
//!   keeps that period for the next move. When the last period runs out, the side flags. With
//!   one period this is the common single byo-yomi; with no main time, it is a fixed time per
//!   move ([`TimeControl::per_move`], a host's "30 or 60 seconds a move").
//! - **Fischer increment**: at the start of each of its turns a side's main time grows by the
//!   increment, so a move may use the remaining time plus the increment, as USI engines read
//!   `btime` and `binc`. Servers that add it after the move instead (the CSA protocol's
//!   `Increment`) give one increment less at every move; start such a clock with the main time
//!   minus one increment to match them.
//! - **Grace**: a move that overruns its time by at most [`TimeControl::grace`] is on time and
//!   costs what the side had left, as servers that allow for network delay do (the `shogi match`
//!   runner allows one second).
//! - **Pauses** are the caller's: only the durations it passes count. A server that keeps a
//!   disconnected player's clock running passes the whole time; one that stops it passes the
//!   time before the disconnection and after the return.
//!
//! Sources: the Japan Shogi Association's tournament rules (秒読み: a move within the period;
//! 考慮時間 spent a period at a time), the CSA server protocol 1.2.1 (`Total_Time`, `Byoyomi`,
//! `Increment`), and the USI protocol's `go btime wtime byoyomi binc winc`.

use core::time::Duration;

use shogi_types::{ByColor, Color};

/// One side's time control: main time, byo-yomi periods, an increment and a grace for delays.
///
/// The fields may be combined freely (floodgate plays 600 s + 10 s increments; an Internet
/// site plays 5 minutes then 3 periods of 30 s). A byo-yomi of zero means no byo-yomi,
/// whatever `periods` says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TimeControl {
    /// The main time (持ち時間).
    pub main: Duration,
    /// The length of one byo-yomi period (秒読み).
    pub byoyomi: Duration,
    /// How many byo-yomi periods a side has (1 for the usual single byo-yomi).
    pub periods: u32,
    /// The Fischer increment, added to the main time at the start of each turn.
    pub increment: Duration,
    /// How long a move may overrun its time and still be on time (for transmission delays).
    pub grace: Duration,
}

impl TimeControl {
    /// Main time only: the side that uses it up loses.
    #[must_use]
    pub const fn sudden_death(main: Duration) -> TimeControl {
        TimeControl {
            main,
            byoyomi: Duration::ZERO,
            periods: 0,
            increment: Duration::ZERO,
            grace: Duration::ZERO,
        }
    }

    /// Main time, then `periods` byo-yomi periods of `period` each.
    #[must_use]
    pub const fn byoyomi(main: Duration, period: Duration, periods: u32) -> TimeControl {
        TimeControl {
            byoyomi: period,
            periods,
            ..TimeControl::sudden_death(main)
        }
    }

    /// Main time with a Fischer increment per move.
    #[must_use]
    pub const fn fischer(main: Duration, increment: Duration) -> TimeControl {
        TimeControl {
            increment,
            ..TimeControl::sudden_death(main)
        }
    }

    /// A fixed time for every move and no main time (one byo-yomi period).
    #[must_use]
    pub const fn per_move(time: Duration) -> TimeControl {
        TimeControl::byoyomi(Duration::ZERO, time, 1)
    }

    /// The same control with this increment.
    #[must_use]
    pub const fn with_increment(self, increment: Duration) -> TimeControl {
        TimeControl { increment, ..self }
    }

    /// The same control with this grace.
    #[must_use]
    pub const fn with_grace(self, grace: Duration) -> TimeControl {
        TimeControl { grace, ..self }
    }

    /// The periods that count: none when the byo-yomi is zero.
    const fn usable_periods(&self) -> u32 {
        if self.byoyomi.is_zero() {
            0
        } else {
            self.periods
        }
    }
}

/// A side ran out of time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{color:?} ran out of time {after:?} into its move")]
pub struct Flag {
    /// The side that flagged.
    pub color: Color,
    /// How long into its move it flagged: the time it had left, grace included.
    pub after: Duration,
}

/// Both sides' clocks, the side to move, and the flag if one fell. See the
/// [module docs](self) for the rules.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Clock {
    controls: ByColor<TimeControl>,
    main_left: ByColor<Duration>,
    periods_left: ByColor<u32>,
    side_to_move: Color,
    flag: Option<Flag>,
}

/// The clock fields of a USI `go` command, in milliseconds (`btime`, `wtime`, `byoyomi`,
/// `binc`, `winc`), as [`Clock::usi_times`] gives them and [`Clock::from_usi_times`] reads them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct UsiTimes {
    /// Black's remaining main time.
    pub btime: u64,
    /// White's remaining main time.
    pub wtime: u64,
    /// The byo-yomi of the side to move, if it has one.
    pub byoyomi: Option<u64>,
    /// Black's increment, if any.
    pub binc: Option<u64>,
    /// White's increment, if any.
    pub winc: Option<u64>,
}

/// Milliseconds, saturated.
fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl Clock {
    /// A clock with the same control for both sides, Black to move.
    #[must_use]
    pub fn new(control: TimeControl) -> Clock {
        Clock::with_controls(ByColor::new(control, control))
    }

    /// A clock with a control per side (a handicap match may give them different times),
    /// Black to move.
    #[must_use]
    pub fn with_controls(controls: ByColor<TimeControl>) -> Clock {
        Clock {
            controls,
            main_left: ByColor::new(controls[Color::Black].main, controls[Color::White].main),
            periods_left: ByColor::new(
                controls[Color::Black].usable_periods(),
                controls[Color::White].usable_periods(),
            ),
            side_to_move: Color::Black,
            flag: None,
        }
    }

    /// The same clock with `color` to move (White starts a handicap game).
    #[must_use]
    pub fn starting_with(mut self, color: Color) -> Clock {
        self.side_to_move = color;
        self
    }

    /// A clock as a USI `go` command describes it, `side` to move: each side's main time is
    /// its `btime`/`wtime`, its increment `binc`/`winc`, and the side to move has one period
    /// of `byoyomi` (USI sends no count of periods, nor the other side's byo-yomi, taken as
    /// the same).
    #[must_use]
    pub fn from_usi_times(times: UsiTimes, side: Color) -> Clock {
        let byoyomi = Duration::from_millis(times.byoyomi.unwrap_or(0));
        let control = |time: u64, inc: Option<u64>| {
            TimeControl::byoyomi(Duration::from_millis(time), byoyomi, 1)
                .with_increment(Duration::from_millis(inc.unwrap_or(0)))
        };
        Clock::with_controls(ByColor::new(
            control(times.btime, times.binc),
            control(times.wtime, times.winc),
        ))
        .starting_with(side)
    }

    /// The side whose clock runs.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// The time control of `color`.
    #[must_use]
    pub fn control(&self, color: Color) -> TimeControl {
        self.controls[color]
    }

    /// The main time `color` has left (before the increment of its next turn).
    #[must_use]
    pub fn main_left(&self, color: Color) -> Duration {
        self.main_left[color]
    }

    /// The byo-yomi periods `color` has left.
    #[must_use]
    pub fn periods_left(&self, color: Color) -> u32 {
        self.periods_left[color]
    }

    /// Whether `color` has used its main time and moves in byo-yomi.
    #[must_use]
    pub fn in_byoyomi(&self, color: Color) -> bool {
        self.main_left[color].is_zero()
            && self.controls[color].increment.is_zero()
            && self.periods_left[color] > 0
    }

    /// The longest `color` may think on its next move without flagging: its main time, its
    /// increment, its periods and the grace.
    #[must_use]
    pub fn time_left(&self, color: Color) -> Duration {
        let c = &self.controls[color];
        self.allowance(color).saturating_add(c.grace)
    }

    /// [`Self::time_left`] without the grace.
    fn allowance(&self, color: Color) -> Duration {
        let c = &self.controls[color];
        self.main_left[color]
            .saturating_add(c.increment)
            .saturating_add(c.byoyomi.saturating_mul(self.periods_left[color]))
    }

    /// The flag, if a side ran out of time.
    #[must_use]
    pub fn flag(&self) -> Option<Flag> {
        self.flag
    }

    /// Whether the side to move, `elapsed` into its move, has flagged already (for a server
    /// that watches a clock while it waits). Does not change the clock.
    #[must_use]
    pub fn flag_after(&self, elapsed: Duration) -> Option<Flag> {
        if let Some(flag) = self.flag {
            return Some(flag);
        }
        let color = self.side_to_move;
        let limit = self.time_left(color);
        (elapsed > limit).then_some(Flag {
            color,
            after: limit,
        })
    }

    /// Charges `elapsed` to the side to move and passes the move to the other side.
    ///
    /// # Errors
    /// The [`Flag`] if the side to move needed more than [`Self::time_left`]; the clock then
    /// stops, and every later call returns the same flag.
    pub fn record_move(&mut self, elapsed: Duration) -> Result<(), Flag> {
        if let Some(flag) = self.flag_after(elapsed) {
            self.flag = Some(flag);
            return Err(flag);
        }
        let color = self.side_to_move;
        let c = self.controls[color];
        // A move in its grace costs what the side had left.
        let spent = elapsed.min(self.allowance(color));
        let main = self.main_left[color].saturating_add(c.increment);
        if spent <= main {
            self.main_left[color] = main - spent;
        } else {
            self.main_left[color] = Duration::ZERO;
            let over = spent - main;
            // Periods that ran out before the move: over in (k·b, (k+1)·b] uses k.
            if !c.byoyomi.is_zero() {
                let used = over.as_nanos().div_ceil(c.byoyomi.as_nanos()) - 1;
                let used = u32::try_from(used).unwrap_or(u32::MAX);
                self.periods_left[color] = self.periods_left[color].saturating_sub(used);
            }
        }
        self.side_to_move = !color;
        Ok(())
    }

    /// The clock fields of the USI `go` command for the side to move.
    #[must_use]
    pub fn usi_times(&self) -> UsiTimes {
        let side = self.controls[self.side_to_move];
        let inc = |color: Color| {
            let inc = self.controls[color].increment;
            (!inc.is_zero()).then(|| millis(inc))
        };
        UsiTimes {
            btime: millis(self.main_left[Color::Black]),
            wtime: millis(self.main_left[Color::White]),
            byoyomi: (self.periods_left[self.side_to_move] > 0).then(|| millis(side.byoyomi)),
            binc: inc(Color::Black),
            winc: inc(Color::White),
        }
    }
}
