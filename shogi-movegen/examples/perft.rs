//! Counts the leaves of the legal move tree of a position of standard shogi.
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
//! The example uses `shogi-movegen` alone and plays standard shogi only. An SFEN that marks
//! protected pieces (`S!`, the untakeable-silver variant) is refused with a message on stderr
//! and exit code 2; exit code 1 is any other error. The full command, with the variants, is
//! `shogi perft` of the `shogi-cli` crate.

use std::process::ExitCode;
use std::time::Instant;

use shogi_movegen::Position;
use shogi_types::Setup;

const USAGE: &str = "usage: perft <depth> [startpos | <sfen>] [--divide]";

/// Why the example stops.
enum Error {
    /// Bad arguments, an unreadable SFEN or an invalid position (exit code 1).
    Input(String),
    /// A setup with protection marks, which only a variant can play (exit code 2).
    Variant,
}

fn position(words: &[String]) -> Result<Position, Error> {
    if words.is_empty() || (words.len() == 1 && words[0] == "startpos") {
        return Ok(Position::start());
    }
    let setup: Setup = words
        .join(" ")
        .parse()
        .map_err(|e| Error::Input(format!("{e}")))?;
    if setup.protected.is_nonempty() {
        return Err(Error::Variant);
    }
    Position::from_setup(setup)
        .or_else(|e| e.ignore_soft())
        .map_err(|e| Error::Input(e.to_string()))
}

fn run() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let divide = args.iter().any(|a| a == "--divide");
    let rest: Vec<String> = args.into_iter().filter(|a| a != "--divide").collect();
    let (depth, words) = rest
        .split_first()
        .ok_or_else(|| Error::Input(USAGE.to_string()))?;
    let depth: u32 = depth
        .parse()
        .map_err(|_| Error::Input(format!("depth must be a non-negative integer\n{USAGE}")))?;
    count(&position(words)?, depth, divide);
    Ok(())
}

/// Prints the perft of `pos` (split by first move with `divide`), then the time to stderr.
fn count(pos: &Position, depth: u32, divide: bool) {
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
        Err(Error::Input(e)) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
        Err(Error::Variant) => {
            eprintln!(
                "error: the SFEN marks protected pieces (`!`), which only a variant has; this \
                 example plays standard shogi only (for variants use `shogi perft` of shogi-cli)"
            );
            ExitCode::from(2)
        }
    }
}
