//! The stateless functions that mirror the command-line contracts of `shogi`: the same input
//! gives the same output text, since both answer through `shogi_kit::contract`. Where the
//! command writes `error: <message>`, the function raises with that message (a subclass of
//! `ShogiError` for what was wrong).
//!
//! | function | command |
//! |---|---|
//! | `legal_moves(sfen)` | `shogi legal` (one input line; the moves of its output line) |
//! | `adjudicate(line, ...)` | `shogi adjudicate` (one input line; its output line) |
//! | `convert(text, to, lenient)` | `shogi convert --to TO [--lenient]` (its standard output) |
//! | `perft(sfen, depth)` | `shogi perft DEPTH SFEN` (the last line, the total) |

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;

use shogi_kit::contract::{self, AdjudicateFlags, ConvertTarget};
use shogi_kit::movegen::PerftOptions;

use crate::errors::{self, contract_err, err};
use crate::record::{input, read_one};

/// The legal moves of a position as USI strings sorted by byte order, as `shogi legal` prints
/// them (`sfen` may be `"startpos"`; soft faults are waived).
#[pyfunction]
fn legal_moves(sfen: PyBackedStr) -> PyResult<Vec<String>> {
    contract::legal_moves(&sfen).map_err(contract_err)
}

/// The leaf count of the legal move tree, as the last line of `shogi perft` (`sfen` may be
/// `"startpos"`). `threads` and `hash_mb` are those of `--threads` and `--hash`; the count is
/// the same. The GIL is released while counting.
#[pyfunction]
#[pyo3(signature = (sfen, depth, threads = 1, hash_mb = 0))]
fn perft(
    py: Python<'_>,
    sfen: PyBackedStr,
    depth: u32,
    threads: usize,
    hash_mb: usize,
) -> PyResult<u64> {
    let pos = contract::lenient_position(&sfen).map_err(contract_err)?;
    let options = PerftOptions::new()
        .with_threads(threads.max(1))
        .with_hash_mb(hash_mb);
    Ok(py.detach(move || pos.perft_with(depth, options)))
}

/// Adjudicates one line of `shogi adjudicate` (a USI position command, optionally followed by
/// `declare`) and returns its output line: `ongoing`, `win black <reason>`, `draw <reason>`
/// or `illegal <index> <kind>`. Where the command prints `error: <message>`, this raises.
///
/// The options are those of the command (`--impasse`, `--move-limit`, `--limit-count`,
/// `--handicap-credit`); note that the default impasse rule here is `"27"` (CSA's), where the
/// command's is `none`.
#[pyfunction]
#[pyo3(signature = (line, impasse = None, move_limit = None, limit_count = false, handicap_credit = false))]
fn adjudicate(
    line: PyBackedStr,
    impasse: Option<PyBackedStr>,
    move_limit: Option<u32>,
    limit_count: bool,
    handicap_credit: bool,
) -> PyResult<String> {
    let flags = AdjudicateFlags {
        impasse: contract::impasse_rule(impasse.as_deref().unwrap_or("27"))
            .map_err(contract_err)?,
        move_limit: move_limit.unwrap_or(0),
        limit_count,
        handicap_credit,
    };
    contract::adjudicate(flags, &line).map_err(contract_err)
}

/// Converts one record (`str`, or `bytes` in any detected encoding; KIF, KI2, CSA, JKF or a
/// USI line) to the format `to` (`usi`, `sfen`, `kif`, `ki2`, `csa`, `jkf`, `western`,
/// `japanese`): the standard output of `shogi convert --to TO [--lenient]`. With `lenient`, a
/// record whose moves stop at a bad one is written with the moves before it.
#[pyfunction]
#[pyo3(signature = (text, to, lenient = false))]
fn convert(text: &Bound<'_, PyAny>, to: PyBackedStr, lenient: bool) -> PyResult<String> {
    let data = input(text)?;
    // Checked first, as the command line is before the input is read.
    let target: ConvertTarget = to.parse().map_err(contract_err)?;
    let (rec, _) = read_one(&data, lenient).map_err(err::<errors::RecordError>)?;
    contract::write_record(&rec, target).map_err(contract_err)
}

/// Adds the contract functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(adjudicate, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    Ok(())
}
