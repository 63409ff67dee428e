//! `shogi mate [--mode any|tsume] [--nodes N] [--time-ms MS] [--hash MB] < positions`: solves
//! mate problems read from stdin.
//!
//! Each input line is an SFEN (`startpos` too), or a USI position command
//! (`position startpos|sfen … [moves …]`) whose side to move after the moves attacks. The
//! output is one line per input line:
//!
//! - `mate <plies> <usi moves…>`: a forced mate, replayed before it is printed;
//! - `nomate`: proved to have none;
//! - `unknown <reason>`: `nodes`, `time`, `stopped`, `memory`, `max-plies` or `unverified`;
//! - `error: <message>`: the line is no position.
//!
//! It never stops on a bad line. Mate problems (only White's king), more material than one
//! set, pawns stacked on a file and pieces that cannot move are accepted: those faults of
//! composed problems are waived explicitly. An SFEN with `S!` marks is a position of the
//! untakeable-silver variant. `--nodes` and `--time-ms` limit each position; the table
//! (`--hash`, default 256 MB) is cleared before each one, so answers do not depend on the
//! order of the lines. While a search runs, its progress is shown on stderr if stderr is a
//! terminal.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Duration;

use shogi_kit::contract;
use shogi_kit::mate::{Limits, Mode, Solver};

use crate::lines::{Flush, answer_each, or_error};

/// Solve mate problems read from stdin: one SFEN or USI position command a line.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `any`: the first mate found (for engines); `tsume`: the composer's answer, shortest
    /// mate against the longest defence, futile interpositions not counted, length proved.
    #[arg(long, value_name = "any|tsume", default_value = "any", value_parser = contract::mate_mode)]
    mode: Mode,
    /// The most nodes to search per position.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// The most time to spend per position, in milliseconds.
    #[arg(long, value_name = "MS")]
    time_ms: Option<u64>,
    /// The size of the transposition table in megabytes.
    #[arg(long, value_name = "MB", default_value_t = 256)]
    hash: usize,
}

/// Runs the subcommand.
pub fn run(args: &Args) -> ExitCode {
    let mut limits = Limits::default().with_mode(args.mode);
    limits.nodes = args.nodes;
    limits.time = args.time_ms.map(Duration::from_millis);
    if std::io::stderr().is_terminal() {
        limits = limits.with_progress(Duration::from_secs(1), |p| {
            let line: Vec<String> = p.line.iter().take(12).map(ToString::to_string).collect();
            eprint!(
                "\r\x1b[K{} nodes, {} nodes/s, table {}‰, {:.1} s: {}",
                p.nodes,
                p.nodes_per_second,
                p.table_permille,
                p.elapsed.as_secs_f64(),
                line.join(" ")
            );
        });
    }
    let progress = limits.progress.is_some();
    let mut solver = Solver::new(args.hash);
    answer_each("mate", Flush::EachLine, |text| {
        let answer = or_error(contract::mate_with(&mut solver, text, &limits));
        if progress {
            eprint!("\r\x1b[K");
        }
        answer
    })
}
