//! `shogi legal < positions.txt`: prints the legal moves of positions read from stdin.
//!
//! Reads one SFEN per line (`startpos` is also accepted) and writes one line per input line:
//! the legal moves in USI, sorted by byte order and separated by single spaces (an empty line
//! when there are none), or `error: <reason>` when the SFEN or the position is invalid. It
//! never stops on a bad line. Positions with more material than one set or with only White's
//! king (mate problems) are accepted: the soft faults are waived explicitly. An SFEN with
//! pieces marked `!` (`S!`) is a position of the untakeable-silver variant, and its moves are
//! those of that variant (`AnyPosition::from_sfen` chooses it).

use std::process::ExitCode;

use shogi_kit::variants::{AnyPosition, AnyPositionError, ParseAnyPositionError};

use crate::lines::Flush;

/// Print the legal moves of each position read from stdin (one SFEN or `startpos` a line).
#[derive(Debug, clap::Args)]
pub struct Args {}

/// The output line for one input line.
fn legal_line(line: &str) -> String {
    let text = line.trim();
    if text == "startpos" {
        return moves_line(Ok(AnyPosition::default()));
    }
    match AnyPosition::from_sfen(text) {
        Ok(pos) => moves_line(Ok(pos)),
        Err(ParseAnyPositionError::Position(e)) => moves_line(Err(e)),
        Err(e) => format!("error: {e}"),
    }
}

/// The sorted legal moves of the validated position (soft faults waived), or the error.
fn moves_line(pos: Result<AnyPosition, AnyPositionError>) -> String {
    match pos.or_else(AnyPositionError::ignore_soft) {
        Ok(pos) => {
            let mut moves = Vec::new();
            pos.for_each_legal_move(|m| moves.push(m.to_string()));
            moves.sort();
            moves.join(" ")
        }
        Err(e) => format!("error: {e}"),
    }
}

/// Runs the subcommand.
pub fn run(_: &Args) -> ExitCode {
    crate::lines::answer_each("legal", Flush::AtEnd, legal_line)
}
