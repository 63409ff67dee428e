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

use shogi_kit::contract;

use crate::lines::{Flush, or_error};

/// Print the legal moves of each position read from stdin (one SFEN or `startpos` a line).
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs the subcommand.
pub fn run(_: &Args) -> ExitCode {
    crate::lines::answer_each("legal", Flush::AtEnd, |line| {
        or_error(contract::legal_moves(line).map(|moves| moves.join(" ")))
    })
}
