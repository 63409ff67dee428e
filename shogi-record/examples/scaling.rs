//! Generates a large record of one shape and times reading it, to see that reading costs the
//! same per byte at any size.
//!
//! ```text
//! cargo run --release -p shogi-record --example scaling -- <shape> <N> [all | stream]
//! cargo run --release -p shogi-record --example scaling -- <shape> <N> --write FILE
//! cargo run --release -p shogi-record --example scaling -- read <all | stream | one> FILE
//! ```
//!
//! The shapes (N counts blocks, forks, moves or games) are those of the tests
//! (`tests/common/large.rs`): `kif-siblings` and `ki2-siblings` (a two-move main line and N
//! variation blocks that each replace move 2), `kif-backwards` and `ki2-backwards` (a main line
//! of N moves and one variation per move, the last first), `kif-moves` (N moves, no
//! variation), `jkf-forks` (N forks on one move), `csa-games` (N games of three moves), `csa-short`
//! (N one-move games of 17 bytes), `usi-lines`
//! (N `position` lines).
//!
//! The first form prints the size, the best of three reading times and the time per byte;
//! `all` reads with `Record::read_all` (every game kept), `stream` with `Record::games` (one
//! game at a time), and by default a file is read with `shogi_record::read`. `--write` writes
//! the generated text to FILE instead; `read` reads FILE once (for `/usr/bin/time -v`).

use std::process::ExitCode;
use std::time::Instant;

use shogi_record::Record;

#[path = "../tests/common/large.rs"]
mod large;

use large::Shape;

/// Reads `bytes` the way `how` says; returns how many games (or moves and variations) it read.
fn read(how: &str, bytes: &[u8]) -> usize {
    match how {
        "all" => Record::read_all(bytes).map_or(0, |games| games.len()),
        "stream" => Record::games(bytes).map_or(0, Iterator::count),
        _ => match shogi_record::read(bytes) {
            Ok(rec) => {
                rec.moves.len() + rec.moves.iter().map(|m| m.variations.len()).sum::<usize>()
            }
            Err(e) => {
                eprintln!("error: {e}");
                0
            }
        },
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map_or("", String::as_str);
    if arg(0) == "read" {
        let bytes = match std::fs::read(arg(2)) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("error: {}: {e}", arg(2));
                return ExitCode::FAILURE;
            }
        };
        let started = Instant::now();
        let count = read(arg(1), &bytes);
        println!("{count} read in {:.3} s", started.elapsed().as_secs_f64());
        return ExitCode::SUCCESS;
    }
    let shape = Shape::ALL.into_iter().find(|s| s.name() == arg(0));
    let (Some(shape), Ok(n)) = (shape, arg(1).parse::<usize>()) else {
        eprintln!(
            "usage: scaling <shape> <N> [all | stream | --write FILE]; scaling read <all | stream | one> FILE"
        );
        return ExitCode::from(2);
    };
    let text = large::generate(shape, n);
    if arg(2) == "--write" {
        if let Err(e) = std::fs::write(arg(3), &text) {
            eprintln!("error: {}: {e}", arg(3));
            return ExitCode::FAILURE;
        }
        return ExitCode::SUCCESS;
    }
    let mut best = f64::INFINITY;
    let mut count = 0;
    for _ in 0..3 {
        let started = Instant::now();
        count = read(arg(2), text.as_bytes());
        best = best.min(started.elapsed().as_secs_f64());
    }
    #[allow(clippy::cast_precision_loss)]
    let per_byte = best * 1e9 / text.len() as f64;
    println!(
        "{} N={n}: {} bytes, {count} read, best of 3 {:.3} ms, {per_byte:.1} ns/byte",
        shape.name(),
        text.len(),
        best * 1e3
    );
    ExitCode::SUCCESS
}
