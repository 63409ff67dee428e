//! 将棋図巧 (Shogi Zuko, 1755): the short problems of the shared set, solved in a debug build.
//!
//! The problems are third-party data (the CC0 "Open Tsume" transcription); they are read from
//! the shared folder beside the clone and never copied into the repository. When the folder is
//! missing (a plain clone) the test says so and passes; with `CI` set it fails.
//!
//! This test takes the problems that a debug build solves in seconds; the whole set, in both
//! modes, is the `zukou` example, which CI runs with the release build.

use std::path::{Path, PathBuf};

use shogi_mate::verify::check_mate_line;
use shogi_mate::{Limits, Mode, Outcome, Solver};
use shogi_movegen::{Position, Standard};
use shogi_types::{Move, Setup};

/// The shared problem file, or `None` (after saying why on stderr) when it is missing outside
/// CI. With `CI` set to anything but `false` or `0`, a missing file fails the test.
fn zukou_file(test: &str) -> Option<PathBuf> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/tsume/zukou.jsonl");
    if file.is_file() {
        return Some(file);
    }
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    assert!(!ci, "{test}: {} is missing, and CI is set", file.display());
    eprintln!(
        "{test}: skipped: the shared problem file {} is missing (a plain clone); set CI=true \
         to make this an error",
        file.display()
    );
    None
}

struct Problem {
    id: String,
    position: Position<Standard>,
    reference: Vec<Move>,
}

fn problems(file: &Path) -> Vec<Problem> {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("json line");
            let id = v["id"].as_str().expect("id").to_owned();
            let setup: Setup = v["sfen"].as_str().expect("sfen").parse().expect("setup");
            let position = Position::from_setup(setup)
                .or_else(|e| e.ignore_problem_faults())
                .unwrap_or_else(|e| panic!("{id}: {e}"));
            let reference = v["solution_usi"]
                .as_array()
                .expect("solution_usi")
                .iter()
                .map(|m| m.as_str().expect("move").parse().expect("usi move"))
                .collect();
            Problem {
                id,
                position,
                reference,
            }
        })
        .collect()
}

/// Problems a debug build solves in a few thousand nodes (measured: each under 10 000).
const QUICK: [&str; 10] = [
    "zukou-002",
    "zukou-005",
    "zukou-016",
    "zukou-018",
    "zukou-030",
    "zukou-034",
    "zukou-036",
    "zukou-076",
    "zukou-082",
    "zukou-085",
];

#[test]
fn reference_lines_replay() {
    let Some(file) = zukou_file("reference_lines_replay") else {
        return;
    };
    let all = problems(&file);
    assert_eq!(all.len(), 100);
    // The data set's lines are mates, except three that end where only futile drops remain.
    for p in &all {
        let plain = check_mate_line(&p.position, &p.reference);
        let tsume = shogi_mate::verify::check_tsume_line(&p.position, &p.reference);
        match p.id.as_str() {
            "zukou-026" | "zukou-073" | "zukou-093" => {
                assert!(plain.is_err(), "{}", p.id);
                assert_eq!(tsume, Ok(()), "{}", p.id);
            }
            _ => assert_eq!(plain, Ok(()), "{}", p.id),
        }
    }
}

#[test]
fn quick_problems_are_solved() {
    let Some(file) = zukou_file("quick_problems_are_solved") else {
        return;
    };
    let mut solver = Solver::new(32);
    for p in problems(&file)
        .into_iter()
        .filter(|p| QUICK.contains(&p.id.as_str()))
    {
        solver.clear();
        let out = solver.solve(
            &p.position,
            &Limits::default()
                .with_nodes(50_000)
                .with_mode(Mode::AnyMate),
        );
        let Outcome::Mate { moves, .. } = &out else {
            panic!("{}: {out}", p.id);
        };
        assert_eq!(check_mate_line(&p.position, moves), Ok(()), "{}", p.id);
    }
}
