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

use std::io::{BufRead, BufWriter, Write};

use shogi_movegen::{Position, Standard};
use shogi_notation::sfen::Sfen;

fn legal_line(line: &str) -> String {
    let text = line.trim();
    let pos: Result<Position<Standard>, String> = if text == "startpos" {
        Ok(Position::start())
    } else {
        text.parse::<Sfen>()
            .map_err(|e| e.to_string())
            .and_then(|sfen| match Position::from_setup(sfen.into_setup()) {
                Ok(pos) => Ok(pos),
                Err(e) => e.ignore_soft().map_err(|e| e.to_string()),
            })
    };
    match pos {
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
