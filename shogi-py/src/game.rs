//! `Outcome` and `Game`: a game with its history and every ending of `shogi-rules` (mate,
//! repetition and perpetual check, impasse rules, move limits, recorded endings), under a rule
//! set or one of the presets of `shogi-variants`.

use std::num::NonZeroU32;

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyList, PyTuple};

use shogi_kit::rules::impasse::ImpasseRule;
use shogi_kit::rules::{AtLimit, MoveLimit, Outcome, PlayError, RuleSet};
use shogi_kit::types::Color;
use shogi_kit::variants::presets::Preset;
use shogi_kit::variants::{AnyGame, Handicap};

use crate::errors::{self, err};
use crate::position::{
    PyMove, PyPosition, color_name, move_arg, move_list, move_object, parse_color, silver_setup,
};

/// How a game ended: a win (`winner` is `"black"` or `"white"`), a draw, or `unfinished` (an
/// interrupted game, 中断). `str()` gives the text of `shogi adjudicate`: `win black
/// checkmate`, `draw repetition`, `unfinished`.
#[pyclass(module = "shogi_kit", name = "Outcome", frozen, eq, hash)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PyOutcome(pub(crate) Outcome);

#[pymethods]
impl PyOutcome {
    /// Reads the text of `str(outcome)` (`"win black checkmate"`).
    #[staticmethod]
    fn from_str(text: PyBackedStr) -> PyResult<PyOutcome> {
        text.parse::<Outcome>()
            .map(PyOutcome)
            .map_err(err::<errors::ShogiError>)
    }

    /// The winner, `"black"` or `"white"`; `None` for a draw or an unfinished game.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.0.winner().map(color_name)
    }

    /// Why the game ended: `checkmate`, `resignation`, `repetition`, `impasse`, ... (the last
    /// word or words of `str()`); `""` for an unfinished game.
    #[getter]
    fn reason(&self) -> String {
        match self.0 {
            Outcome::Win { reason, .. } => reason.to_string(),
            Outcome::Draw { reason } => reason.to_string(),
            Outcome::Unfinished => String::new(),
        }
    }

    /// Whether the game was drawn.
    #[getter]
    fn is_draw(&self) -> bool {
        self.0.is_draw()
    }

    /// Whether the game has a result (a win or a draw).
    #[getter]
    fn is_decided(&self) -> bool {
        self.0.is_decided()
    }

    /// cshogi's game result code: 0 draw, 1 Black won, 2 White won; `None` if unfinished.
    #[getter]
    fn result_code(&self) -> Option<u8> {
        match self.0 {
            Outcome::Win {
                winner: Color::Black,
                ..
            } => Some(1),
            Outcome::Win {
                winner: Color::White,
                ..
            } => Some(2),
            Outcome::Draw { .. } => Some(0),
            Outcome::Unfinished => None,
        }
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Outcome('{}')", self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from_str = py.get_type::<PyOutcome>().getattr("from_str")?;
        PyTuple::new(
            py,
            [
                from_str,
                PyTuple::new(py, [slf.get().0.to_string()])?.into_any(),
            ],
        )
    }
}

/// The impasse rule of a name: `none`, `24`, `24-declaration`, `27` or `try`.
pub(crate) fn impasse_rule(name: &str) -> PyResult<ImpasseRule> {
    ImpasseRule::ALL
        .into_iter()
        .find(|rule| rule.as_str() == name)
        .ok_or_else(|| {
            err::<errors::ShogiError>(format!(
                "unknown impasse rule {name:?}, expected none, 24, 24-declaration, 27 or try"
            ))
        })
}

/// The rule set of the options of `shogi adjudicate` (a move limit of 0 or `None`: none).
pub(crate) fn rule_set(
    impasse: &str,
    move_limit: Option<u32>,
    limit_count: bool,
    handicap_credit: bool,
) -> PyResult<RuleSet> {
    let at_limit = if limit_count {
        AtLimit::Count
    } else {
        AtLimit::Draw
    };
    let move_limit = move_limit
        .and_then(NonZeroU32::new)
        .map(|n| MoveLimit::new(n, at_limit));
    Ok(RuleSet::none()
        .with_impasse(impasse_rule(impasse)?)
        .with_move_limit(move_limit)
        .with_handicap_credit(handicap_credit))
}

/// A game: a start position, the moves played, and the verdicts of the rules.
#[pyclass(module = "shogi_kit", name = "Game")]
#[derive(Debug, Clone)]
pub(crate) struct PyGame {
    pub(crate) game: AnyGame,
}

/// The Python value of an optional outcome.
fn outcome(o: Option<Outcome>) -> Option<PyOutcome> {
    o.map(PyOutcome)
}

#[pymethods]
impl PyGame {
    /// A game from `start` (the even start by default) under a rule set: the impasse rule
    /// (`"none"`, `"24"`, `"24-declaration"`, `"27"`, `"try"`), an optional move limit (with
    /// `limit_count`, the 24-point count decides at the limit when both kings are in their
    /// camps; otherwise it is a draw) and the handicap credit.
    #[new]
    #[pyo3(signature = (start = None, *, impasse = None, move_limit = None, limit_count = false, handicap_credit = false))]
    fn new(
        start: Option<PyRef<'_, PyPosition>>,
        impasse: Option<PyBackedStr>,
        move_limit: Option<u32>,
        limit_count: bool,
        handicap_credit: bool,
    ) -> PyResult<PyGame> {
        let rules = rule_set(
            impasse.as_deref().unwrap_or("none"),
            move_limit,
            limit_count,
            handicap_credit,
        )?;
        let start = start.map(|p| p.pos).unwrap_or_default();
        Ok(PyGame {
            game: AnyGame::with_rules(start, rules),
        })
    }

    /// A new game of a preset: `"standard-jsa24"` (24 points, 400-move limit),
    /// `"standard-csa27"`, `"handicap-jsa24"` and `"handicap-csa27"` (with `handicap`, a
    /// Japanese or English handicap name), or `"untakeable-silver"` (with `setup` and an
    /// optional `move_limit`).
    #[staticmethod]
    #[pyo3(signature = (name, *, handicap = None, setup = None, move_limit = None))]
    fn preset(
        name: PyBackedStr,
        handicap: Option<PyBackedStr>,
        setup: Option<PyBackedStr>,
        move_limit: Option<u32>,
    ) -> PyResult<PyGame> {
        let handicap = || -> PyResult<Handicap> {
            handicap
                .as_deref()
                .ok_or_else(|| {
                    err::<errors::ShogiError>(format!("preset {name}: no handicap given"))
                })?
                .parse()
                .map_err(err::<errors::ShogiError>)
        };
        let name: &str = &name;
        let preset = match name {
            "standard-jsa24" => Preset::StandardJsa24,
            "standard-csa27" => Preset::StandardCsa27,
            "handicap-jsa24" => Preset::HandicapJsa24(handicap()?),
            "handicap-csa27" => Preset::HandicapCsa27(handicap()?),
            "untakeable-silver" => Preset::UntakeableSilver {
                setup: silver_setup(setup.as_deref().unwrap_or("six-piece"))?,
                move_limit: move_limit.and_then(NonZeroU32::new),
            },
            _ => {
                return Err(err::<errors::ShogiError>(format!(
                    "unknown preset {name:?}, expected standard-jsa24, standard-csa27, handicap-jsa24, handicap-csa27 or untakeable-silver"
                )));
            }
        };
        Ok(PyGame {
            game: preset.game(),
        })
    }

    /// The position now.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            pos: self.game.position(),
        }
    }

    /// The start position.
    #[getter]
    fn initial_position(&self) -> PyPosition {
        PyPosition {
            pos: self.game.initial_position(),
        }
    }

    /// The moves played, as `Move` objects.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, self.game.moves().iter().copied())
    }

    /// The outcome, `None` while the game goes on.
    #[getter]
    fn outcome(&self) -> Option<PyOutcome> {
        outcome(self.game.outcome())
    }

    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// How many times the current position occurred before (board, hands, side to move).
    #[getter]
    fn repetitions(&self) -> u32 {
        self.game.repetitions()
    }

    /// The impasse points: `{"total": (black, white), "declaration": (black, white),
    /// "pieces_in_camp": (black, white), "king_in_camp": (black, white)}`.
    fn points<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let p = self.game.points();
        let dict = pyo3::types::PyDict::new(py);
        let pair = |b: &shogi_kit::types::ByColor<u32>| (b[Color::Black], b[Color::White]);
        dict.set_item("total", pair(&p.total))?;
        dict.set_item("declaration", pair(&p.declaration))?;
        dict.set_item("pieces_in_camp", pair(&p.pieces_in_camp))?;
        dict.set_item(
            "king_in_camp",
            (p.king_in_camp[Color::Black], p.king_in_camp[Color::White]),
        )?;
        Ok(dict)
    }

    /// Plays `move` (a `Move`, USI string or move16 int) and returns the outcome if the game
    /// ended with it. An illegal move raises `IllegalMoveError`, a move after the end
    /// `GameError`; the game is then unchanged.
    #[pyo3(signature = (r#move))]
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<Option<PyOutcome>> {
        let m = move_arg(r#move)?;
        match self.game.play(m) {
            Ok(o) => Ok(outcome(o)),
            Err(PlayError::IllegalMove(e)) => Err(err::<errors::IllegalMoveError>(e)),
            Err(e) => Err(err::<errors::GameError>(e)),
        }
    }

    /// Plays `move`; an illegal move loses the game (the arbiter's ruling) instead of raising.
    #[pyo3(signature = (r#move))]
    fn play_or_forfeit(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<Option<PyOutcome>> {
        let m = move_arg(r#move)?;
        self.game
            .play_or_forfeit(m)
            .map(outcome)
            .map_err(err::<errors::GameError>)
    }

    /// Takes the last move back and returns it.
    fn undo<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let m = self.game.undo().map_err(err::<errors::GameError>)?;
        move_object(py, m)
    }

    /// The side to move declares (入玉宣言) under the impasse rule; returns the verdict, which
    /// ends the game.
    fn declare(&mut self) -> PyResult<PyOutcome> {
        self.game
            .declare()
            .map(PyOutcome)
            .map_err(err::<errors::GameError>)
    }

    /// The verdict a declaration would get now, without ending the game.
    fn judge_declaration(&self) -> PyResult<PyOutcome> {
        self.game
            .judge_declaration()
            .map(PyOutcome)
            .map_err(err::<errors::GameError>)
    }

    /// `color` resigns.
    fn resign(&mut self, color: PyBackedStr) -> PyResult<PyOutcome> {
        let c = parse_color(&color)?;
        self.game
            .resign(c)
            .map(PyOutcome)
            .map_err(err::<errors::GameError>)
    }

    /// `color` loses on time.
    fn lose_on_time(&mut self, color: PyBackedStr) -> PyResult<PyOutcome> {
        let c = parse_color(&color)?;
        self.game
            .lose_on_time(c)
            .map(PyOutcome)
            .map_err(err::<errors::GameError>)
    }

    /// `color` abandons the game.
    fn abandon(&mut self, color: PyBackedStr) -> PyResult<PyOutcome> {
        let c = parse_color(&color)?;
        self.game
            .abandon(c)
            .map(PyOutcome)
            .map_err(err::<errors::GameError>)
    }

    /// The players agree to a draw.
    fn agree_draw(&mut self) -> PyResult<PyOutcome> {
        self.game
            .agree_draw()
            .map(PyOutcome)
            .map_err(err::<errors::GameError>)
    }

    /// The game is stopped without a result (中断).
    fn interrupt(&mut self) -> PyResult<PyOutcome> {
        self.game
            .interrupt()
            .map(PyOutcome)
            .map_err(err::<errors::GameError>)
    }

    /// A copy.
    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Game {} moves, {}>",
            self.game.moves().len(),
            self.game
                .outcome()
                .map_or_else(|| "ongoing".to_owned(), |o| o.to_string())
        )
    }
}

/// Adds `Outcome` and `Game` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyOutcome>()?;
    m.add_class::<PyGame>()?;
    Ok(())
}
