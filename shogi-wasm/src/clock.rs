//! The `Clock` class: both sides' time under a time control.

use shogi_kit::rules::clock::{self, Flag, TimeControl};
use shogi_kit::types::{ByColor, Color};
use wasm_bindgen::prelude::*;

use crate::js::{self, JsResult, Obj};

/// A game clock: main time, byo-yomi periods, Fischer increments and a grace for delays, per
/// side. It reads no system clock: the page measures each move (`performance.now()`) and
/// passes the milliseconds to `recordMove`. Times are milliseconds.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct Clock {
    inner: clock::Clock,
}

/// A time control from `{main, byoyomi, periods, increment, grace}` (milliseconds; `periods`
/// defaults to 1 when a byo-yomi is given).
fn control(options: &JsValue) -> JsResult<TimeControl> {
    let byoyomi = js::option_millis(options, "byoyomi")?;
    let periods = js::option_u32(options, "periods")?.unwrap_or(u32::from(!byoyomi.is_zero()));
    Ok(TimeControl {
        main: js::option_millis(options, "main")?,
        byoyomi,
        periods,
        increment: js::option_millis(options, "increment")?,
        grace: js::option_millis(options, "grace")?,
    })
}

/// `{color, after}` of a flag.
fn flag(flag: Flag) -> JsValue {
    Obj::new()
        .set("color", js::color_name(flag.color))
        .set("after", js::to_millis(flag.after))
        .build()
}

#[wasm_bindgen]
impl Clock {
    /// A clock with the time control `black` for Black and `white` (the same as Black's when
    /// missing) for White: `{main, byoyomi, periods, increment, grace}` in milliseconds, as
    /// `{main: 300000, byoyomi: 30000, periods: 3}` (5 minutes, then three periods of 30 s).
    /// `first`: the side whose clock runs first (`"black"`; `"white"` in handicap games).
    ///
    /// @throws {Error} what is wrong with an option.
    #[wasm_bindgen(constructor)]
    pub fn new(
        black: crate::js::TimeControlArg,
        white: Option<crate::js::TimeControlArg>,
        first: Option<String>,
    ) -> JsResult<Clock> {
        let b = control(&black.into())?;
        let w = match white {
            None => b,
            Some(white) => control(&white.into())?,
        };
        let first = match first {
            Some(text) => js::parse_color(&text)?,
            None => Color::Black,
        };
        Ok(Clock {
            inner: clock::Clock::with_controls(ByColor::new(b, w)).starting_with(first),
        })
    }

    /// The side whose clock runs.
    #[wasm_bindgen(js_name = sideToMove)]
    pub fn side_to_move(&self) -> String {
        js::color_name(self.inner.side_to_move()).to_owned()
    }

    /// The time `color` has for its current or next move: main time left plus one period (or
    /// what the grace adds), in milliseconds.
    ///
    /// @throws {Error} when `color` is not `"black"` or `"white"`.
    #[wasm_bindgen(js_name = timeLeft)]
    pub fn time_left(&self, color: &str) -> JsResult<f64> {
        Ok(js::to_millis(self.inner.time_left(js::parse_color(color)?)))
    }

    /// The main time `color` has left, in milliseconds.
    ///
    /// @throws {Error} when `color` is not `"black"` or `"white"`.
    #[wasm_bindgen(js_name = mainLeft)]
    pub fn main_left(&self, color: &str) -> JsResult<f64> {
        Ok(js::to_millis(self.inner.main_left(js::parse_color(color)?)))
    }

    /// The byo-yomi periods `color` has left.
    ///
    /// @throws {Error} when `color` is not `"black"` or `"white"`.
    #[wasm_bindgen(js_name = periodsLeft)]
    pub fn periods_left(&self, color: &str) -> JsResult<u32> {
        Ok(self.inner.periods_left(js::parse_color(color)?))
    }

    /// Whether `color` has used its main time and plays in byo-yomi.
    ///
    /// @throws {Error} when `color` is not `"black"` or `"white"`.
    #[wasm_bindgen(js_name = inByoyomi)]
    pub fn in_byoyomi(&self, color: &str) -> JsResult<bool> {
        Ok(self.inner.in_byoyomi(js::parse_color(color)?))
    }

    /// The side to move made its move after `elapsed` milliseconds: the time is charged and
    /// the other clock starts. Returns `{color, after}` if the side ran out of time (the
    /// clock stops; end the game with `Game.loseOnTime`), else `null`.
    ///
    /// @throws {Error} when `elapsed` is negative or not a number.
    #[wasm_bindgen(js_name = recordMove, unchecked_return_type = "Flag | null")]
    pub fn record_move(&mut self, elapsed: f64) -> JsResult<JsValue> {
        let elapsed = js::millis(elapsed)
            .ok_or_else(|| js::error("elapsed: expected milliseconds from 0"))?;
        Ok(match self.inner.record_move(elapsed) {
            Ok(()) => JsValue::NULL,
            Err(f) => flag(f),
        })
    }

    /// Whether the side to move would have run out of time after `elapsed` milliseconds of
    /// thinking: `{color, after}` or `null` (for a page's ticking display).
    ///
    /// @throws {Error} when `elapsed` is negative or not a number.
    #[wasm_bindgen(js_name = flagAfter, unchecked_return_type = "Flag | null")]
    pub fn flag_after(&self, elapsed: f64) -> JsResult<JsValue> {
        let elapsed = js::millis(elapsed)
            .ok_or_else(|| js::error("elapsed: expected milliseconds from 0"))?;
        Ok(self.inner.flag_after(elapsed).map_or(JsValue::NULL, flag))
    }

    /// The flag that fell, or `null`.
    #[wasm_bindgen(unchecked_return_type = "Flag | null")]
    pub fn flag(&self) -> JsValue {
        self.inner.flag().map_or(JsValue::NULL, flag)
    }

    /// The clock fields of a USI `go` command: `{btime, wtime, byoyomi, binc, winc}` in
    /// milliseconds (`byoyomi`, `binc`, `winc` are `null` when absent).
    #[wasm_bindgen(js_name = usiTimes, unchecked_return_type = "UsiTimes")]
    pub fn usi_times(&self) -> JsValue {
        let t = self.inner.usi_times();
        let opt = |v: Option<u64>| v.map_or(JsValue::NULL, |ms| JsValue::from_f64(ms as f64));
        Obj::new()
            .set("btime", t.btime as f64)
            .set("wtime", t.wtime as f64)
            .set("byoyomi", opt(t.byoyomi))
            .set("binc", opt(t.binc))
            .set("winc", opt(t.winc))
            .build()
    }
}
