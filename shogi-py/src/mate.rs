//! Mate search (`shogi_kit.mate`): the mate in one and short searches as `Position` methods,
//! the df-pn solver as the `Solver` class with its answer `MateResult`, and `mate(line, ...)`,
//! the output line of `shogi mate`. Every search releases the GIL.

use std::time::Duration;

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyList;

use shogi_kit::contract::{self, MateFlags};
use shogi_kit::mate::{Length, Limits, Outcome, ShortMate, Solver};
use shogi_kit::movegen::{MoveList, Position, PositionVisitor, VariantHooks, VisitPosition};
use shogi_kit::types::Move;
use shogi_kit::variants::AnyPosition;

use crate::errors::{self, contract_err, err};
use crate::position::{PyMove, PyPosition, move_list, move_object};

/// The deepest `Position.mate_in` searches (that of `shogi_mate::mate_in`).
const SHORT_MATE_MAX_PLIES: u32 = 31;

/// `shogi_mate::mate_in_one` for a position of any variant.
struct MateInOne;

impl PositionVisitor for MateInOne {
    type Output = Option<Move>;
    fn visit<R: VariantHooks>(self, pos: &Position<R>) -> Option<Move> {
        shogi_kit::mate::mate_in_one(pos)
    }
}

/// `shogi_mate::mating_moves` for a position of any variant.
struct MatingMoves;

impl PositionVisitor for MatingMoves {
    type Output = MoveList;
    fn visit<R: VariantHooks>(self, pos: &Position<R>) -> MoveList {
        shogi_kit::mate::mating_moves(pos)
    }
}

/// `shogi_mate::mate_in` for a position of any variant.
struct MateIn {
    plies: u32,
    nodes: u64,
}

impl PositionVisitor for MateIn {
    type Output = ShortMate;
    fn visit<R: VariantHooks>(self, pos: &Position<R>) -> ShortMate {
        shogi_kit::mate::mate_in(pos, self.plies, self.nodes)
    }
}

/// The limits of one search.
fn limits(
    mode: &str,
    nodes: Option<u64>,
    time_ms: Option<u64>,
    max_plies: Option<u32>,
) -> PyResult<Limits> {
    let mut limits = Limits::default().with_mode(contract::mate_mode(mode).map_err(contract_err)?);
    limits.nodes = nodes;
    limits.time = time_ms.map(Duration::from_millis);
    limits.max_plies = max_plies;
    Ok(limits)
}

/// `Position.mate_in_one`.
pub(crate) fn mate_in_one<'py>(
    py: Python<'py>,
    pos: &AnyPosition,
) -> PyResult<Option<Bound<'py, PyMove>>> {
    pos.visit(MateInOne).map(|m| move_object(py, m)).transpose()
}

/// `Position.mating_moves`.
pub(crate) fn mating_moves<'py>(
    py: Python<'py>,
    pos: &AnyPosition,
) -> PyResult<Bound<'py, PyList>> {
    move_list(py, pos.visit(MatingMoves).iter().copied())
}

/// `Position.mate_in`: the GIL released during the search.
pub(crate) fn mate_in<'py>(
    py: Python<'py>,
    pos: AnyPosition,
    plies: u32,
    nodes: u64,
) -> PyResult<Option<Bound<'py, PyList>>> {
    if plies > SHORT_MATE_MAX_PLIES {
        return Err(err::<errors::ShogiError>(format!(
            "mate_in: {plies} plies, expected at most {SHORT_MATE_MAX_PLIES} (Solver searches longer mates)"
        )));
    }
    match py.detach(move || pos.visit(MateIn { plies, nodes })) {
        ShortMate::Mate(line) => move_list(py, line.into_iter()).map(Some),
        ShortMate::NoMate => Ok(None),
        ShortMate::Budget => Err(err::<errors::MateBudgetError>(format!(
            "mate_in: {nodes} nodes did not decide whether there is a mate in {plies}"
        ))),
    }
}

/// The answer of `Solver.solve`: a mate with its line, a proof that
/// there is none, or why the search stopped. `str(result)` is the line `shogi mate` prints:
/// `mate <plies> <usi moves…>`, `nomate` or `unknown <reason>`.
#[pyclass(module = "shogi_kit", name = "MateResult", frozen, eq)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PyMateResult {
    outcome: Outcome,
}

#[pymethods]
impl PyMateResult {
    /// `"mate"`, `"nomate"` or `"unknown"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.outcome {
            Outcome::Mate { .. } => "mate",
            Outcome::NoMate => "nomate",
            Outcome::Unknown { .. } => "unknown",
        }
    }

    /// Whether the side to move mates (`kind == "mate"`).
    #[getter]
    fn is_mate(&self) -> bool {
        self.outcome.is_mate()
    }

    /// Whether it is proved that the side to move has no forced mate (`kind == "nomate"`).
    #[getter]
    fn is_nomate(&self) -> bool {
        self.outcome == Outcome::NoMate
    }

    /// The mating line as `Move` objects (empty unless a mate).
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(
            py,
            self.outcome.mate_line().unwrap_or_default().iter().copied(),
        )
    }

    /// The mating line as USI strings (empty unless a mate).
    #[getter]
    fn usi(&self) -> Vec<String> {
        self.outcome
            .mate_line()
            .unwrap_or_default()
            .iter()
            .map(Move::to_string)
            .collect()
    }

    /// The length of the mate in plies, `None` unless a mate.
    #[getter]
    fn plies(&self) -> Option<usize> {
        self.outcome.mate_line().map(<[Move]>::len)
    }

    /// Whether the length is proved to be the problem's (mode `"tsume"`, post-search not cut
    /// by a limit); `False` when it is an upper bound, or unless a mate.
    #[getter]
    fn exact(&self) -> bool {
        matches!(
            self.outcome,
            Outcome::Mate {
                length: Length::Exact,
                ..
            }
        )
    }

    /// Why the search stopped without an answer (`"nodes"`, `"time"`, `"stopped"`,
    /// `"memory"`, `"max-plies"`, `"unverified"`); `None` for a mate or no mate.
    #[getter]
    fn reason(&self) -> Option<&'static str> {
        match self.outcome {
            Outcome::Unknown { reason } => Some(reason.as_str()),
            _ => None,
        }
    }

    fn __str__(&self) -> String {
        self.outcome.to_string()
    }

    fn __repr__(&self) -> String {
        format!("MateResult('{}')", self.outcome)
    }
}

/// A mate solver (df-pn) with a transposition table of `hash_mb` megabytes, kept between
/// calls until `clear()`.
#[pyclass(module = "shogi_kit", name = "Solver")]
#[derive(Debug)]
pub(crate) struct PySolver {
    solver: Solver,
}

impl PySolver {
    /// Runs one search with the GIL released.
    fn run(&mut self, py: Python<'_>, pos: &AnyPosition, limits: &Limits) -> PyMateResult {
        let solver = &mut self.solver;
        let outcome = py.detach(move || solver.solve(pos, limits));
        PyMateResult { outcome }
    }
}

#[pymethods]
impl PySolver {
    #[new]
    #[pyo3(signature = (hash_mb = 16))]
    fn new(hash_mb: usize) -> PySolver {
        PySolver {
            solver: Solver::new(hash_mb),
        }
    }

    /// Searches for a forced mate by the side to move of `position` (the GIL is released).
    ///
    /// `nodes`, `time_ms` and `max_plies` limit the search (none by default: it runs until it
    /// knows); `mode` is `"any"` (the first mate proved, its length an upper bound) or
    /// `"tsume"` (the composer's answer: shortest mate against the longest defence, futile
    /// interpositions not counted, the length proved exact). A mate is replayed before it is
    /// returned.
    #[pyo3(signature = (position, nodes = None, time_ms = None, max_plies = None, mode = "any"))]
    fn solve(
        &mut self,
        py: Python<'_>,
        position: PyRef<'_, PyPosition>,
        nodes: Option<u64>,
        time_ms: Option<u64>,
        max_plies: Option<u32>,
        mode: &str,
    ) -> PyResult<PyMateResult> {
        let limits = limits(mode, nodes, time_ms, max_plies)?;
        let pos = position.pos;
        drop(position);
        Ok(self.run(py, &pos, &limits))
    }

    /// Empties the table.
    fn clear(&mut self) {
        self.solver.clear();
    }

    /// What the last `solve` did: `(nodes, elapsed_ms, table_permille)`.
    fn stats(&self) -> (u64, f64, u32) {
        let s = self.solver.stats();
        (s.nodes, s.elapsed.as_secs_f64() * 1000.0, s.table_permille)
    }
}

/// Solves one mate problem: the line `shogi mate [--mode M] [--nodes N] [--time-ms MS]
/// [--hash MB]` prints for the input line `line` (an SFEN, `startpos`, or a USI position
/// command whose side to move after the moves attacks): `mate <plies> <usi moves…>`,
/// `nomate` or `unknown <reason>`. Mate problems (one king), extra material, stacked pawns and
/// stuck pieces are accepted. Where the command prints `error: <message>`, this raises a
/// `ShogiError` (of the subclass of what was wrong) with that message. A fresh table of `hash_mb` megabytes each call, as the
/// command clears its table per line (the command's default is `--hash 256`; an answer cut
/// by `nodes` may depend on the table's size). The GIL is released during the search.
#[pyfunction]
#[pyo3(signature = (line, mode = "any", nodes = None, time_ms = None, hash_mb = 16))]
fn mate(
    py: Python<'_>,
    line: PyBackedStr,
    mode: &str,
    nodes: Option<u64>,
    time_ms: Option<u64>,
    hash_mb: usize,
) -> PyResult<String> {
    let flags = MateFlags {
        mode: contract::mate_mode(mode).map_err(contract_err)?,
        nodes,
        time_ms,
        hash_mb,
        ..MateFlags::default()
    };
    let line: &str = &line;
    py.detach(move || contract::mate(line, &flags))
        .map_err(contract_err)
}

/// Adds `Solver`, `MateResult` and `mate` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySolver>()?;
    m.add_class::<PyMateResult>()?;
    m.add_function(wrap_pyfunction!(mate, m)?)?;
    Ok(())
}
