//! Counts the leaves of the legal move tree of a position.
//!
//! ```text
//! cargo run --release -p shogi-movegen --example perft -- <depth> [startpos | <sfen>] [--divide]
//! ```
//!
//! The SFEN may be one argument or its four words. With `--divide`, one line `<usi-move> <count>`
//! per legal move, sorted by the USI text. The last line of stdout is always the total node
//! count. Time and nodes per second go to stderr. Positions with more material than one set or
//! with only White's king (mate problems) are accepted: the example waives those soft faults
//! explicitly.
//!
//! An SFEN with untakeable silvers marked `S!` is a position of the untakeable-silver variant
//! (`shogi_variants::untakeable_silver`): it is read with `shogi_notation::sfen::MarkedSfen` and
//! counted under that variant's rules, with the same output.

use std::process::ExitCode;
use std::time::Instant;

use shogi_movegen::{Position, Rules, Standard};
use shogi_notation::sfen::MarkedSfen;
use shogi_variants::UntakeableSilver;

const USAGE: &str = "usage: perft <depth> [startpos | <sfen>] [--divide]";

/// A position of standard shogi or of the untakeable-silver variant.
enum Start {
    Standard(Position<Standard>),
    UntakeableSilver(Position<UntakeableSilver>),
}

fn position(words: &[String]) -> Result<Start, String> {
    if words.is_empty() || (words.len() == 1 && words[0] == "startpos") {
        return Ok(Start::Standard(Position::start()));
    }
    let text = words.join(" ");
    let sfen: MarkedSfen = text.parse().map_err(|e| format!("{e}"))?;
    if sfen.marked().is_nonempty() {
        return match sfen.to_position() {
            Ok(pos) => Ok(Start::UntakeableSilver(pos)),
            Err(e) => e
                .ignore_soft()
                .map(Start::UntakeableSilver)
                .map_err(|e| e.to_string()),
        };
    }
    match Position::from_setup(sfen.into_setup()) {
        Ok(pos) => Ok(Start::Standard(pos)),
        Err(e) => e
            .ignore_soft()
            .map(Start::Standard)
            .map_err(|e| e.to_string()),
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let divide = args.iter().any(|a| a == "--divide");
    let rest: Vec<String> = args.into_iter().filter(|a| a != "--divide").collect();
    let (depth, words) = rest.split_first().ok_or_else(|| USAGE.to_string())?;
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("depth must be a non-negative integer\n{USAGE}"))?;
    match position(words)? {
        Start::Standard(pos) => count(&pos, depth, divide),
        Start::UntakeableSilver(pos) => count(&pos, depth, divide),
    }
    Ok(())
}

/// Prints the perft of `pos` (split by first move with `divide`), then the time to stderr.
fn count<R: Rules>(pos: &Position<R>, depth: u32, divide: bool) {
    let start = Instant::now();
    let total = if divide && depth > 0 {
        let mut lines: Vec<(String, u64)> = pos
            .perft_divide(depth)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect();
        lines.sort();
        for (m, n) in &lines {
            println!("{m} {n}");
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        pos.perft(depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("{total}");
    eprintln!(
        "time {:.3} s, {:.1} M nodes/s",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
