//! The solver's contract on hand-made positions: answers, limits, modes, colours, variants.
//!
//! Every expected answer here was worked out by hand (the comments say how), and every mate is
//! also checked with the crate's independent replay.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use shogi_mate::verify::{check_mate_line, check_tsume_line};
use shogi_mate::{Length, Limits, Mode, Outcome, Reason, Solver};
use shogi_movegen::{Position, Standard, VariantHooks};
use shogi_types::{Bitboard, Color, Move, Piece, PieceKind, Setup};

fn position<R: VariantHooks>(sfen: &str) -> Position<R> {
    let setup: Setup = sfen.parse().expect("sfen");
    Position::from_setup(setup)
        .or_else(|e| e.ignore_problem_faults())
        .expect("position")
}

fn usi(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

/// A hard problem (将棋図巧 第50番, a mate in 9 that plain df-pn needs ~200 000 nodes for).
const HARD: &str = "9/9/6n2/8n/6+pl1/7Sn/4+pp1k1/7N1/7s+R b R2B4g2s3l15p 1";

#[test]
fn mate_in_one_both_modes() {
    // 頭金: the gold on 5b is guarded by the pawn on 5c; 4a, 6a, 4b, 6b are covered by it.
    let pos = position::<Standard>("4k4/9/4P4/9/9/9/9/9/9 b G 1");
    let mut solver = Solver::new(1);
    for mode in [Mode::AnyMate, Mode::Tsume] {
        let out = solver.solve(&pos, &Limits::default().with_mode(mode));
        let Outcome::Mate { moves, length } = out else {
            panic!("{mode:?}: expected a mate, got {out}");
        };
        assert_eq!(usi(&moves), ["G*5b"]);
        let expected = if mode == Mode::Tsume {
            Length::Exact
        } else {
            Length::UpperBound
        };
        assert_eq!(length, expected);
        assert_eq!(Outcome::Mate { moves, length }.to_string(), "mate 1 G*5b");
    }
}

#[test]
fn tsume_mate_in_three_is_exact() {
    // G*5b is taken by the silver (4a5b or 6a5b); G*4b (or G*6b) then mates: the tokin guards
    // 5b... and no mate in one exists (G*5b alone is taken).
    let pos = position::<Standard>("3sks3/9/4+P4/9/9/9/9/9/9 b 2G 1");
    let mut solver = Solver::new(4);
    let out = solver.solve(&pos, &Limits::default().with_mode(Mode::Tsume));
    let Outcome::Mate { moves, length } = out else {
        panic!("expected a mate, got {out}");
    };
    assert_eq!(length, Length::Exact);
    assert_eq!(moves.len(), 3);
    assert_eq!(check_mate_line(&pos, &moves), Ok(()));
}

#[test]
fn no_mate_is_proved() {
    let mut solver = Solver::new(4);
    // A lone pawn: P*5b is taken by the king, and nothing else checks.
    let pawn = position::<Standard>("4k4/9/9/9/9/9/9/9/9 b P 1");
    assert_eq!(solver.solve(&pawn, &Limits::default()), Outcome::NoMate);
    // A lone rook checks forever but never mates: the repetitions are failures of the attacker.
    let rook = position::<Standard>("8k/R8/9/9/9/9/9/9/9 b - 1");
    for mode in [Mode::AnyMate, Mode::Tsume] {
        solver.clear();
        let out = solver.solve(&rook, &Limits::default().with_mode(mode));
        assert_eq!(out, Outcome::NoMate, "{mode:?}");
        assert_eq!(out.to_string(), "nomate");
    }
    // No check at all.
    let quiet = position::<Standard>("lnsgkgsnl/9/ppppppppp/9/9/9/9/9/9 b RB 1");
    assert_eq!(solver.solve(&quiet, &Limits::default()), Outcome::NoMate);
}

#[test]
fn futile_interpositions_end_a_tsume_line() {
    // 9i9a+ checks along rank a; the gold on 3b covers 2a and 2b, the knight on 2d guards 1b.
    // White can only drop pawns between, each taken with the same mate: in tsume mode the
    // problem is a mate in one; any mate counts the drops.
    let pos = position::<Standard>("8k/6G2/9/7N1/9/9/9/9/R8 b 2p 1");
    let mut solver = Solver::new(4);
    let out = solver.solve(&pos, &Limits::default().with_mode(Mode::Tsume));
    let Outcome::Mate { moves, length } = out else {
        panic!("expected a mate, got {out}");
    };
    assert_eq!(length, Length::Exact);
    assert_eq!(moves.len(), 1);
    assert_eq!(check_tsume_line(&pos, &moves), Ok(()));
    assert!(check_mate_line(&pos, &moves).is_err());
    let any = solver.solve(&pos, &Limits::default().with_mode(Mode::AnyMate));
    let moves = any.mate_line().expect("a mate").to_vec();
    assert!(
        moves.len() >= 5,
        "{moves:?}: the pawn drops are real moves here"
    );
    assert_eq!(check_mate_line(&pos, &moves), Ok(()));
}

#[test]
fn either_colour_attacks() {
    // The same mate in one, as Black and rotated as White (both kings present).
    let black = position::<Standard>("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    let white = position::<Standard>("4k4/9/9/9/9/9/4p4/9/4K4 w g 1");
    let mut solver = Solver::new(4);
    let b = solver.solve(&black, &Limits::default());
    let w = solver.solve(&white, &Limits::default());
    assert_eq!(b.to_string(), "mate 1 G*5b");
    assert_eq!(w.to_string(), "mate 1 G*5h");
}

#[test]
fn node_limit_time_limit_and_stop_flag() {
    let pos = position::<Standard>(HARD);
    let mut solver = Solver::new(16);
    let out = solver.solve(&pos, &Limits::default().with_nodes(200));
    assert_eq!(
        out,
        Outcome::Unknown {
            reason: Reason::Nodes
        }
    );
    assert!(solver.stats().nodes <= 200 + 1, "{:?}", solver.stats());

    solver.clear();
    let t = Instant::now();
    let out = solver.solve(
        &pos,
        &Limits::default().with_time(Duration::from_millis(30)),
    );
    assert_eq!(
        out,
        Outcome::Unknown {
            reason: Reason::Time
        }
    );
    assert!(t.elapsed() < Duration::from_secs(5));

    solver.clear();
    let stop = Arc::new(AtomicBool::new(true));
    let out = solver.solve(&pos, &Limits::default().with_stop_flag(Arc::clone(&stop)));
    assert_eq!(
        out,
        Outcome::Unknown {
            reason: Reason::Stopped
        }
    );

    // Set from another thread while the search runs.
    solver.clear();
    stop.store(false, Ordering::Relaxed);
    let flag = Arc::clone(&stop);
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
    });
    let out = solver.solve(&pos, &Limits::default().with_stop_flag(stop));
    setter.join().expect("setter");
    assert_eq!(
        out,
        Outcome::Unknown {
            reason: Reason::Stopped
        }
    );
}

/// A clock that advances one second each time it is read.
fn fast_clock() -> Duration {
    static READS: AtomicU64 = AtomicU64::new(0);
    Duration::from_secs(READS.fetch_add(1, Ordering::Relaxed))
}

#[test]
fn a_given_clock_measures_the_time() {
    let pos = position::<Standard>(HARD);
    let mut solver = Solver::new(16);
    // 20 seconds by the given clock pass within 20 reads, each 256 nodes apart: the search
    // stops on time long before the wall clock or the node limit would stop it.
    let limits = Limits::default()
        .with_time(Duration::from_secs(20))
        .with_nodes(1_000_000)
        .with_clock(fast_clock);
    let out = solver.solve(&pos, &limits);
    assert_eq!(
        out,
        Outcome::Unknown {
            reason: Reason::Time
        }
    );
    let stats = solver.stats();
    assert!(stats.nodes <= 21 * 256, "{stats:?}");
    assert!(stats.elapsed >= Duration::from_secs(20), "{stats:?}");
}

#[test]
fn max_plies_is_no_proof_of_no_mate() {
    // G*5b 4a5b G*4b is a mate in three: within one ply there is none, but that is no "no mate".
    let pos = position::<Standard>("3sks3/9/4+P4/9/9/9/9/9/9 b 2G 1");
    let mut solver = Solver::new(4);
    let out = solver.solve(&pos, &Limits::default().with_max_plies(1));
    assert_eq!(
        out,
        Outcome::Unknown {
            reason: Reason::MaxPlies
        }
    );
    // A "no mate" that the bound did not cut stays one: after P*1b K*1b (the king's only move)
    // nothing checks.
    let pawn = position::<Standard>("7lk/7p1/9/9/9/9/9/9/9 b P 1");
    let out = solver.solve(&pawn, &Limits::default().with_max_plies(3));
    assert_eq!(out, Outcome::NoMate);
    // With one ply the king's reply is beyond the bound: no proof either way (from an empty
    // table; the one kept from the last call knows better).
    solver.clear();
    let out = solver.solve(&pawn, &Limits::default().with_max_plies(1));
    assert_eq!(
        out,
        Outcome::Unknown {
            reason: Reason::MaxPlies
        }
    );
}

#[test]
fn progress_is_reported() {
    let pos = position::<Standard>(HARD);
    let calls = Arc::new(AtomicU64::new(0));
    let last_line = Arc::new(Mutex::new(Vec::new()));
    let (c, l) = (Arc::clone(&calls), Arc::clone(&last_line));
    let limits =
        Limits::default()
            .with_nodes(20_000)
            .with_progress(Duration::from_millis(1), move |p| {
                c.fetch_add(1, Ordering::Relaxed);
                assert!(p.nodes > 0 && p.table_permille <= 1000);
                *l.lock().expect("lock") = p.line.to_vec();
            });
    let mut solver = Solver::new(4);
    let _ = solver.solve(&pos, &limits);
    assert!(calls.load(Ordering::Relaxed) > 0);
    let line = last_line.lock().expect("lock").clone();
    // The line being searched starts from the root: replaying it is legal.
    let mut p = pos;
    for m in line {
        assert!(p.play(m).is_ok());
    }
}

#[test]
fn table_is_kept_or_cleared() {
    let pos = position::<Standard>("3sks3/9/4+P4/9/9/9/9/9/9 b 2G 1");
    let mut solver = Solver::new(4);
    assert!(solver.solve(&pos, &Limits::default()).is_mate());
    let first = solver.stats().nodes;
    assert!(solver.solve(&pos, &Limits::default()).is_mate());
    assert!(
        solver.stats().nodes <= first,
        "the second search reuses the table"
    );
    solver.clear();
    assert!(solver.solve(&pos, &Limits::default()).is_mate());
}

#[test]
fn memory_that_cannot_be_had_is_reported() {
    let pos = position::<Standard>("4k4/9/4P4/9/9/9/9/9/9 b G 1");
    let mut solver = Solver::new(usize::MAX / 2);
    assert_eq!(
        solver.solve(&pos, &Limits::default()),
        Outcome::Unknown {
            reason: Reason::Memory
        }
    );
}

/// A variant for this test: Black's unpromoted silvers marked `!` cannot be captured (as the
/// untakeable-silver variant of `shogi-variants`, which this crate cannot depend on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
struct ProtectedSilver;

impl VariantHooks for ProtectedSilver {
    type Protected = Bitboard;
    fn can_be_protected(piece: Piece) -> bool {
        piece == Piece::new(Color::Black, PieceKind::Silver)
    }
}

#[test]
fn untakeable_silver_mates_where_a_plain_one_does_not() {
    // 3c2b checks the king on 1a; the knight on 2d covers 1b, the silver covers 2a. A plain
    // silver is taken by the king; an untakeable one mates.
    let plain = position::<Standard>("8k/9/6S2/7N1/9/9/9/9/9 b - 1");
    let marked = position::<ProtectedSilver>("8k/9/6S!2/7N1/9/9/9/9/9 b - 1");
    let mut solver = Solver::new(4);
    assert_eq!(solver.solve(&plain, &Limits::default()), Outcome::NoMate);
    let out = solver.solve(&marked, &Limits::default().with_mode(Mode::Tsume));
    assert_eq!(out.to_string(), "mate 1 3c2b");
    assert_eq!(
        check_mate_line(&marked, out.mate_line().expect("mate")),
        Ok(())
    );
}
