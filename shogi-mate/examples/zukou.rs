//! Solves mate problems from a JSON-lines file (one object a line with `id`, `sfen` and,
//! optionally, `solution_moves`, the reference length) and prints one line per problem and a
//! summary; exits non-zero if a problem is not solved or a length differs where it must not.
//!
//! ```text
//! cargo run --release -p shogi-mate --example zukou -- FILE [--mode any|tsume] [--nodes N]
//!     [--time-ms MS] [--hash MB] [--only ID,ID…] [--max-ref-plies N] [--flagged ID,ID…]
//!     [--flag-from-notes] [--skip-flagged] [--require-all] [--json]
//! ```
//!
//! It fails (exit status 1) on a wrong answer: an error, `NoMate` or `Unverified` for a problem
//! that has a mate, and in `tsume` mode an exact length that differs from the reference for a
//! problem not listed in `--flagged` (those whose reference the data set's notes doubt). A
//! problem left unsolved by the limits is reported and counted; `--flag-from-notes` flags every
//! problem whose `notes` doubt the reference (any note but the data set's three standard ones,
//! the bibliographic note and the check of futile drops left at the end: a solver's different
//! length, a shorter mate, a doubtful transcription), and `--skip-flagged` leaves the problems
//! flagged by their notes out (those named by `--flagged` still run, their length tolerated); with `--require-all` it fails
//! the run too. `--json` prints one JSON object per problem instead of the table (for
//! `.ci/interop/mate`). Times are wall-clock times of the search thread, which runs alone: on
//! an otherwise idle core, its CPU time.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use shogi_mate::{Length, Limits, Mode, Outcome, Solver};
use shogi_movegen::{Position, Standard};
use shogi_types::Setup;

struct Args {
    file: String,
    mode: Mode,
    nodes: Option<u64>,
    time: Option<Duration>,
    hash: usize,
    only: Option<Vec<String>>,
    max_ref: Option<u32>,
    flagged: Vec<String>,
    require_all: bool,
    json: bool,
    flag_from_notes: bool,
    skip_flagged: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut it = std::env::args().skip(1);
    let mut a = Args {
        file: String::new(),
        mode: Mode::AnyMate,
        nodes: None,
        time: None,
        hash: 256,
        only: None,
        max_ref: None,
        flagged: Vec::new(),
        require_all: false,
        json: false,
        flag_from_notes: false,
        skip_flagged: false,
    };
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--mode" => {
                a.mode = match value()?.as_str() {
                    "any" => Mode::AnyMate,
                    "tsume" => Mode::Tsume,
                    m => return Err(format!("unknown mode {m}")),
                }
            }
            "--nodes" => a.nodes = Some(value()?.parse().map_err(|e| format!("--nodes: {e}"))?),
            "--time-ms" => {
                a.time = Some(Duration::from_millis(
                    value()?.parse().map_err(|e| format!("--time-ms: {e}"))?,
                ));
            }
            "--hash" => a.hash = value()?.parse().map_err(|e| format!("--hash: {e}"))?,
            "--only" => a.only = Some(value()?.split(',').map(str::to_owned).collect()),
            "--max-ref-plies" => {
                a.max_ref = Some(
                    value()?
                        .parse()
                        .map_err(|e| format!("--max-ref-plies: {e}"))?,
                );
            }
            "--flagged" => a.flagged = value()?.split(',').map(str::to_owned).collect(),
            "--require-all" => a.require_all = true,
            "--json" => a.json = true,
            "--flag-from-notes" => a.flag_from_notes = true,
            "--skip-flagged" => a.skip_flagged = true,
            _ if a.file.is_empty() => a.file = arg,
            _ => return Err(format!("unexpected argument {arg}")),
        }
    }
    if a.file.is_empty() {
        return Err("usage: zukou FILE [options]".into());
    }
    Ok(a)
}

/// Whether the problem's notes doubt its reference: any note but the data set's standard ones
/// (the reference KIF's length, the transcription note, the summary), the bibliographic note
/// and the check of futile drops left at the end.
fn notes_doubt(v: &serde_json::Value) -> bool {
    v["notes"].as_array().is_some_and(|notes| {
        notes.iter().filter_map(|n| n.as_str()).any(|n| {
            !(n.starts_with("参考KIF")
                || n.starts_with("本レコード")
                || n.starts_with("解説")
                || n.starts_with("原典書誌")
                || n.contains("futile_analysis"))
        })
    })
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let text = match std::fs::read_to_string(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e}", args.file);
            return ExitCode::FAILURE;
        }
    };
    let mut solver = Solver::new(args.hash);
    let (mut solved, mut exact_ok, mut total, mut failures, mut unsolved) = (0, 0, 0, 0, 0);
    let mut nodes_total = 0u64;
    let all = Instant::now();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("bad line: {e}");
                return ExitCode::FAILURE;
            }
        };
        let id = v["id"].as_str().unwrap_or("?").to_owned();
        let sfen = v["sfen"].as_str().unwrap_or("");
        let reference = v["solution_moves"].as_u64().map(|n| n as usize);
        if args.only.as_ref().is_some_and(|o| !o.contains(&id)) {
            continue;
        }
        if let (Some(max), Some(r)) = (args.max_ref, reference)
            && r > max as usize
        {
            continue;
        }
        let doubted = args.flag_from_notes && notes_doubt(&v);
        if args.skip_flagged && doubted {
            continue;
        }
        let flagged = doubted || args.flagged.contains(&id);
        total += 1;
        let pos = match sfen
            .parse::<Setup>()
            .map_err(|e| e.to_string())
            .and_then(|s| {
                Position::<Standard>::from_setup(s)
                    .or_else(|e| e.ignore_problem_faults())
                    .map_err(|e| e.to_string())
            }) {
            Ok(p) => p,
            Err(e) => {
                println!("{id} error: {e}");
                failures += 1;
                continue;
            }
        };
        solver.clear();
        let mut limits = Limits::default().with_mode(args.mode);
        limits.nodes = args.nodes;
        limits.time = args.time;
        let t = Instant::now();
        let outcome = solver.solve(&pos, &limits);
        let took = t.elapsed();
        let stats = solver.stats();
        nodes_total += stats.nodes;
        let verdict = match (&outcome, reference) {
            (Outcome::Mate { moves, length }, r) => {
                solved += 1;
                let matches = r == Some(moves.len());
                let exact = *length == Length::Exact;
                if matches {
                    exact_ok += 1;
                }
                if args.mode == Mode::Tsume && !flagged && exact && !matches {
                    failures += 1;
                    "LENGTH"
                } else if flagged {
                    "flagged"
                } else {
                    "ok"
                }
            }
            (Outcome::Unknown { reason }, _) if *reason != shogi_mate::Reason::Unverified => {
                unsolved += 1;
                if args.require_all {
                    failures += 1;
                }
                "unsolved"
            }
            _ => {
                failures += 1;
                "WRONG"
            }
        };
        if args.json {
            let (result, plies, exact, moves) = match &outcome {
                Outcome::Mate { moves, length } => (
                    "mate",
                    moves.len(),
                    *length == Length::Exact,
                    moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
                ),
                Outcome::NoMate => ("nomate", 0, false, Vec::new()),
                Outcome::Unknown { .. } => ("unknown", 0, false, Vec::new()),
            };
            println!(
                "{}",
                serde_json::json!({
                    "id": id,
                    "result": result,
                    "plies": plies,
                    "exact": exact,
                    "reference": reference,
                    "nodes": stats.nodes,
                    "seconds": took.as_secs_f64(),
                    "verdict": verdict,
                    "moves": moves,
                })
            );
            continue;
        }
        let len = match &outcome {
            Outcome::Mate { moves, length } => format!(
                "mate {} ({})",
                moves.len(),
                if *length == Length::Exact {
                    "exact"
                } else {
                    "bound"
                }
            ),
            other => other.to_string(),
        };
        println!(
            "{id} ref {:>3} {len:<22} {verdict:<8} {:>10} nodes {:>8.2} s {:>8} nps",
            reference.map_or("?".into(), |r| r.to_string()),
            stats.nodes,
            took.as_secs_f64(),
            stats.nodes_per_second(),
        );
    }
    let summary = format!(
        "summary: {solved}/{total} solved, {unsolved} unsolved, {exact_ok} with the reference length, {failures} failures, {nodes_total} nodes, {:.1} s",
        all.elapsed().as_secs_f64()
    );
    if args.json {
        eprintln!("{summary}");
    } else {
        println!("{summary}");
    }
    if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
