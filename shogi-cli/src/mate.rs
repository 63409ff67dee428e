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

use shogi_kit::mate::{Limits, Mode, Solver};
use shogi_kit::usi::position::PositionCommand;
use shogi_kit::variants::{AnyPosition, AnyPositionError, ParseAnyPositionError};

use crate::lines::{Flush, answer_each};

/// Solve mate problems read from stdin: one SFEN or USI position command a line.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `any`: the first mate found (for engines); `tsume`: the composer's answer, shortest
    /// mate against the longest defence, futile interpositions not counted, length proved.
    #[arg(long, value_name = "any|tsume", default_value = "any", value_parser = mode)]
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

fn mode(value: &str) -> Result<Mode, String> {
    match value {
        "any" => Ok(Mode::AnyMate),
        "tsume" => Ok(Mode::Tsume),
        _ => Err(format!("unknown mode {value:?} (expected any or tsume)")),
    }
}

/// The position of one input line, with the faults of composed problems waived.
fn read_position(text: &str) -> Result<AnyPosition, String> {
    let waive = |e: AnyPositionError| e.ignore_problem_faults().map_err(|e| e.to_string());
    if text.starts_with("position") || text.starts_with("sfen ") || text.starts_with("startpos ") {
        let cmd: PositionCommand = text.parse().map_err(|e| format!("{e}"))?;
        let mut pos = AnyPosition::from_marked_setup(cmd.start.to_setup()).or_else(waive)?;
        for (i, &m) in cmd.moves.iter().enumerate() {
            pos.play(m)
                .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
        }
        return Ok(pos);
    }
    if text == "startpos" {
        return Ok(AnyPosition::default());
    }
    match AnyPosition::from_sfen(text) {
        Ok(pos) => Ok(pos),
        Err(ParseAnyPositionError::Position(e)) => waive(e),
        Err(e) => Err(e.to_string()),
    }
}

/// The output line for one input line.
fn mate_line(solver: &mut Solver, limits: &Limits, line: &str) -> String {
    let text = line.trim();
    if text.is_empty() {
        return "error: empty line".to_owned();
    }
    match read_position(text) {
        Ok(pos) => {
            solver.clear();
            solver.solve(&pos, limits).to_string()
        }
        Err(e) => format!("error: {e}"),
    }
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
        let answer = mate_line(&mut solver, &limits, text);
        if progress {
            eprint!("\r\x1b[K");
        }
        answer
    })
}
