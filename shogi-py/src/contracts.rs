//! The stateless functions that mirror the command-line contracts of `shogi`: the same input
//! gives the same output text. Where the command writes `error: <message>`, the function
//! raises with that message.
//!
//! | function | command |
//! |---|---|
//! | `legal_moves(sfen)` | `shogi legal` (one input line; the moves of its output line) |
//! | `adjudicate(line, ...)` | `shogi adjudicate` (one input line; its output line) |
//! | `convert(text, to, lenient)` | `shogi convert --to TO [--lenient]` (its standard output) |
//! | `perft(sfen, depth)` | `shogi perft DEPTH SFEN` (the last line, the total) |

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;

use shogi_kit::movegen::{IllegalMoveKind, PerftOptions, Position, Standard};
use shogi_kit::record::{Record, csa, jkf, ki2, kif};
use shogi_kit::rules::{Game, PlayError};
use shogi_kit::usi::position::PositionCommand;
use shogi_kit::variants::{AnyPosition, ParseAnyPositionError};

use crate::errors::{self, err};
use crate::game::rule_set;
use crate::record::{input, read_one};

/// The position of `shogi legal` and `shogi perft`: `startpos`, or the SFEN's position in the
/// variant its marks call for, soft faults waived (`shogi perft` also reads no words as the
/// start, `empty_is_start`).
fn cli_position(text: &str, empty_is_start: bool) -> PyResult<AnyPosition> {
    let text = text.trim();
    if text == "startpos" || (empty_is_start && text.is_empty()) {
        return Ok(AnyPosition::default());
    }
    match AnyPosition::from_sfen(text) {
        Ok(pos) => Ok(pos),
        Err(ParseAnyPositionError::Position(e)) => {
            e.ignore_soft().map_err(err::<errors::PositionError>)
        }
        Err(ParseAnyPositionError::Sfen(e)) => Err(err::<errors::SfenError>(e)),
        Err(e) => Err(err::<errors::ShogiError>(e)),
    }
}

/// The legal moves of a position as USI strings sorted by byte order, as `shogi legal` prints
/// them (`sfen` may be `"startpos"`; soft faults are waived).
#[pyfunction]
fn legal_moves(sfen: PyBackedStr) -> PyResult<Vec<String>> {
    let pos = cli_position(&sfen, false)?;
    let mut moves = Vec::with_capacity(128);
    pos.for_each_legal_move(|m| moves.push(m.to_string()));
    moves.sort();
    Ok(moves)
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
    let pos = cli_position(&sfen, true)?;
    let options = PerftOptions::new()
        .with_threads(threads.max(1))
        .with_hash_mb(hash_mb);
    Ok(py.detach(move || pos.perft_with(depth, options)))
}

/// The word of `shogi adjudicate` for an illegal move kind.
fn kind_word(kind: IllegalMoveKind) -> &'static str {
    match kind {
        IllegalMoveKind::NoSuchPiece => "no-such-piece",
        IllegalMoveKind::NotYourPiece => "not-your-piece",
        IllegalMoveKind::CannotReach => "cannot-reach",
        IllegalMoveKind::CaptureOwnPiece => "capture-own-piece",
        IllegalMoveKind::CaptureProtected => "capture-protected",
        IllegalMoveKind::BadPromotion => "bad-promotion",
        IllegalMoveKind::StuckPiece => "stuck-piece",
        IllegalMoveKind::NotInHand => "not-in-hand",
        IllegalMoveKind::Occupied => "occupied",
        IllegalMoveKind::TwoPawns => "two-pawns",
        IllegalMoveKind::DropPawnMate => "drop-pawn-mate",
        IllegalMoveKind::LeavesKingInCheck => "leaves-king-in-check",
        _ => "illegal",
    }
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
    let rules = rule_set(
        impasse.as_deref().unwrap_or("27"),
        move_limit,
        limit_count,
        handicap_credit,
    )?;
    let text = line.trim();
    let (command, declare) = match text.rsplit_once(|c: char| c.is_ascii_whitespace()) {
        Some((head, "declare")) => (head, true),
        _ if text == "declare" => ("", true),
        _ => (text, false),
    };
    let cmd: PositionCommand = command.parse().map_err(err::<errors::ShogiError>)?;
    let start = match Position::<Standard>::from_setup(cmd.start.to_setup()) {
        Ok(pos) => pos,
        Err(e) => e.ignore_soft().map_err(err::<errors::PositionError>)?,
    };
    let mut game = Game::with_rules(start, rules);
    for (index, &m) in cmd.moves.iter().enumerate() {
        match game.play(m) {
            Ok(_) => {}
            Err(PlayError::IllegalMove(e)) => {
                return Ok(format!("illegal {index} {}", kind_word(e.kind)));
            }
            Err(PlayError::GameOver(_)) => return Ok(format!("illegal {index} game-over")),
            Err(e) => return Err(err::<errors::GameError>(e)),
        }
    }
    if declare {
        game.declare().map_err(err::<errors::GameError>)?;
    }
    Ok(match game.outcome() {
        Some(outcome) => outcome.to_string(),
        None => "ongoing".to_owned(),
    })
}

/// The text of `rec` in the format `to`, as `shogi convert --to TO` writes it.
fn write_as(rec: &Record, to: &str) -> PyResult<String> {
    let lines = |v: Vec<String>| v.iter().map(|l| format!("{l}\n")).collect::<String>();
    Ok(match to {
        "usi" => format!("{}\n", rec.to_position_command()),
        "sfen" => {
            let pos = rec
                .final_position()
                .map_err(err::<errors::IllegalMoveError>)?;
            format!("{}\n", pos.to_setup())
        }
        "kif" => kif::write(rec),
        "ki2" => ki2::write(rec),
        "csa" => csa::write(rec),
        "jkf" => jkf::write(rec),
        "western" => lines(rec.western_moves()),
        "japanese" => lines(rec.japanese_moves()),
        _ => {
            return Err(err::<errors::ShogiError>(format!(
                "convert: unknown format {to:?}, expected usi, sfen, kif, ki2, csa, jkf, western or japanese"
            )));
        }
    })
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
    write_as(&Record::start(), &to)?;
    let (rec, _) = read_one(&data, lenient).map_err(err::<errors::RecordError>)?;
    write_as(&rec, &to)
}

/// Adds the contract functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(adjudicate, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    Ok(())
}
