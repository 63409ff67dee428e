//! `shogi perft <DEPTH> [startpos | <SFEN>] [--divide] [--threads N] [--hash MB]`: counts the
//! leaves of the legal move tree of a position.
//!
//! The SFEN may be one argument or its four words. With `--divide`, one line
//! `<usi-move> <count>` per legal move, sorted by the USI text. The last line of stdout is
//! always the total node count. Time and nodes per second go to stderr. Positions with more
//! material than one set or with only White's king (mate problems) are accepted: the soft
//! faults are waived explicitly. An SFEN with pieces marked `!` (`S!`) is a position of the
//! untakeable-silver variant, the only variant with protected pieces, and is counted under its
//! rules (`AnyPosition::from_sfen` chooses the variant).
//!
//! `--threads N` (default: every core, `std::thread::available_parallelism`) and `--hash MB`
//! (default 256 MiB; `0`: no table) run the count on several threads with a shared
//! transposition table ([`PerftOptions`]); the counts are the same. `--threads 1 --hash 0` is
//! the plain single-threaded perft. The hidden `--seed` changes the second key of the table.

use std::process::ExitCode;
use std::time::Instant;

use shogi_kit::movegen::PerftOptions;
use shogi_kit::variants::{AnyPosition, ParseAnyPositionError};

/// Count the leaves of the legal move tree (perft) of a position.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The depth in plies.
    depth: u32,
    /// `startpos` (the default) or an SFEN, as one argument or its four words.
    position: Vec<String>,
    /// One line `<usi-move> <count>` per legal move before the total.
    #[arg(long)]
    divide: bool,
    /// Threads to count on (default: every core).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Size of the shared transposition table in MiB (0: no table).
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_HASH_MB)]
    hash: usize,
    /// Seed of the table's second key, to check one deep count with another.
    #[arg(long, hide = true)]
    seed: Option<u64>,
}

/// The default `--hash`, in MiB: a table that keeps most subtrees of a depth-7 count of the
/// start position.
const DEFAULT_HASH_MB: usize = 256;

impl Args {
    /// The threads, table size and seed of the count.
    fn options(&self) -> PerftOptions {
        let threads = self.threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        });
        let options = PerftOptions::new()
            .with_threads(threads)
            .with_hash_mb(self.hash);
        match self.seed {
            Some(seed) => options.with_seed(seed),
            None => options,
        }
    }
}

/// The position of the words: the standard start, or the SFEN's position in the variant its
/// marks call for, soft faults waived.
fn position(words: &[String]) -> Result<AnyPosition, String> {
    if words.is_empty() || (words.len() == 1 && words[0] == "startpos") {
        return Ok(AnyPosition::default());
    }
    match AnyPosition::from_sfen(&words.join(" ")) {
        Ok(pos) => Ok(pos),
        Err(ParseAnyPositionError::Position(e)) => e.ignore_soft().map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    }
}

/// Runs the subcommand.
pub fn run(args: &Args) -> ExitCode {
    match position(&args.position) {
        Ok(pos) => count(&pos, args.depth, args.divide, args.options()),
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// Prints the perft of `pos` (split by first move with `divide`), then the time to stderr.
fn count(pos: &AnyPosition, depth: u32, divide: bool, options: PerftOptions) {
    let start = Instant::now();
    let total = if divide && depth > 0 {
        let mut lines: Vec<(String, u64)> = pos
            .perft_divide_with(depth, options)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect();
        lines.sort();
        for (m, n) in &lines {
            println!("{m} {n}");
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        pos.perft_with(depth, options)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("{total}");
    eprintln!(
        "time {:.3} s, {:.1} M nodes/s",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
}
