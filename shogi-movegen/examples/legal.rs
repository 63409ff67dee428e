//! Prints the legal moves of positions read from stdin.
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
//! An SFEN with untakeable silvers marked `S!` is a position of the untakeable-silver variant
//! (`shogi_variants::untakeable_silver`): it is read with `shogi_notation::sfen::MarkedSfen` and
//! its moves are those of that variant, with the same output.

use std::io::{BufRead, BufWriter, Write};

use shogi_movegen::{Position, PositionError, Rules, Standard};
use shogi_notation::sfen::MarkedSfen;

fn legal_line(line: &str) -> String {
    let text = line.trim();
    if text == "startpos" {
        return moves_line(Ok(Position::<Standard>::start()));
    }
    match text.parse::<MarkedSfen>() {
        Err(e) => format!("error: {e}"),
        Ok(sfen) if sfen.marked().is_nonempty() => moves_line(sfen.to_position()),
        Ok(sfen) => moves_line(Position::<Standard>::from_setup(sfen.into_setup())),
    }
}

/// The sorted legal moves of the validated position (soft faults waived), or the error.
fn moves_line<R: Rules>(pos: Result<Position<R>, PositionError<R>>) -> String {
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

fn main() -> std::io::Result<()> {
    let stdin = std::io::stdin();
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().split(b'\n') {
        let bytes = line?;
        let text = String::from_utf8_lossy(&bytes);
        let text = text.strip_suffix('\r').unwrap_or(&text);
        writeln!(out, "{}", legal_line(text))?;
    }
    out.flush()
}
