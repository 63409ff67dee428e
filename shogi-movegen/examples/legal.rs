//! Prints the legal moves of positions of standard shogi read from stdin.
//!
//! ```text
//! cargo run --release -p shogi-movegen --example legal < positions.txt
//! ```
//!
//! Reads one SFEN per line (`startpos` is also accepted) and writes one line per input line: the
//! legal moves in USI, sorted by byte order and separated by single spaces (an empty line when
//! there are none), or `error: <reason>` when the SFEN or the position is invalid. It never
//! stops on a bad line. Positions with more material than one set or with only White's king
//! (mate problems) are accepted: the example waives those soft faults explicitly.
//!
//! The example uses `shogi-movegen` alone and plays standard shogi only. An SFEN that marks
//! protected pieces (`S!`, the untakeable-silver variant) gets an `error:` line too, and a
//! message on stderr; the exit code is then 2 once all input is read (0 otherwise, 1 on an I/O
//! error). The full command, with the variants, is `shogi legal` of the `shogi-cli` crate.

use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;

use shogi_movegen::{Position, PositionError, Standard};
use shogi_types::Setup;

/// What became of one input line.
enum Line {
    /// The moves or the error, as written to stdout.
    Done(String),
    /// A setup with protection marks, which only a variant can play.
    Variant,
}

fn legal_line(line: &str) -> Line {
    let text = line.trim();
    if text == "startpos" {
        return Line::Done(moves_line(Ok(Position::start())));
    }
    match text.parse::<Setup>() {
        Err(e) => Line::Done(format!("error: {e}")),
        Ok(setup) if setup.protected.is_nonempty() => Line::Variant,
        Ok(setup) => Line::Done(moves_line(Position::from_setup(setup))),
    }
}

/// The sorted legal moves of the validated position (soft faults waived), or the error.
fn moves_line(pos: Result<Position, PositionError<Standard>>) -> String {
    match pos.or_else(PositionError::ignore_soft) {
        Ok(pos) => {
            let mut moves = Vec::new();
            pos.for_each_legal_move(|m| moves.push(m.to_string()));
            moves.sort();
            moves.join(" ")
        }
        Err(e) => format!("error: {e}"),
    }
}

fn run() -> std::io::Result<bool> {
    let stdin = std::io::stdin();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut variant = false;
    for (number, line) in (1u64..).zip(stdin.lock().split(b'\n')) {
        let bytes = line?;
        let text = String::from_utf8_lossy(&bytes);
        let text = text.strip_suffix('\r').unwrap_or(&text);
        match legal_line(text) {
            Line::Done(moves) => writeln!(out, "{moves}")?,
            Line::Variant => {
                variant = true;
                writeln!(out, "error: protection marks (`!`) need a variant")?;
                eprintln!(
                    "error: line {number}: the SFEN marks protected pieces (`!`), which only a \
                     variant has; this example plays standard shogi only (for variants use \
                     `shogi legal` of shogi-cli)"
                );
            }
        }
    }
    out.flush()?;
    Ok(variant)
}

fn main() -> ExitCode {
    match run() {
        Ok(false) => ExitCode::SUCCESS,
        Ok(true) => ExitCode::from(2),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
