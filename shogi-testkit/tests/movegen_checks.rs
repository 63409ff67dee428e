//! `Position::checking_moves` and `Position::gives_check` against the definition: the legal
//! moves after which the opponent is in check, found by playing every legal move and asking
//! `is_check` of the result.
//!
//! Compared on every position of the perft data of `shogi-movegen` (`tests/data/*.perft`) and their
//! children, on random walks (standard rules and rules with protected silvers, whose positions
//! hold pins, double checks, crowded hands and pawn-drop-mate chances), on positions of the
//! `strategy` module (its feature `proptest`), and on the shared reference corpora beside the
//! clone: the positions of the published perft table (`shared/perft/reference.tsv`) with their
//! children, and every position of the main lines of the real game records
//! (`shared/records/*/*.expected.json`). When that folder is missing (a plain clone) those two
//! tests say that they were skipped and pass; with `CI` set they fail.

use proptest::prop_assert_eq;
use proptest::test_runner::TestCaseError;
use shogi_movegen::{MoveList, Position, Standard, VariantHooks};
use shogi_testkit::{perft, shared, walk};
use shogi_types::{Move, PieceKind, Setup};

/// What the compared positions held, so that the tests show they covered each kind of check.
#[derive(Default, Debug)]
struct Seen {
    positions: u64,
    checks: u64,
    /// Checks by a board move whose piece does not attack the king from its destination.
    discovered: u64,
    /// Checks that exist only because the piece promotes.
    by_promotion: u64,
    drops: u64,
    /// Positions where the side to move is in check and still has a checking move.
    checks_in_check: u64,
    /// Pawn drops on the check square left out because they would mate (uchifuzume).
    pawn_drop_mates_left_out: u64,
}

/// The checking moves by definition: each legal move played, the result asked `is_check`.
fn by_definition<R: VariantHooks>(pos: &Position<R>) -> Vec<Move> {
    let mut out = Vec::new();
    pos.for_each_legal_move(|m| {
        let mut child = *pos;
        child.play_unchecked(m);
        if child.is_check() {
            out.push(m);
        }
    });
    out
}

fn sorted(mut moves: Vec<Move>) -> Vec<String> {
    let mut out: Vec<String> = moves.drain(..).map(|m| m.to_string()).collect();
    out.sort();
    out
}

/// Compares the generator and `gives_check` with the definition on `pos`.
fn check<R: VariantHooks>(pos: &Position<R>, seen: &mut Seen) -> Result<(), TestCaseError> {
    let expected = by_definition(pos);
    let generated = pos.checking_moves();
    prop_assert_eq!(
        sorted(generated.to_vec()),
        sorted(expected.clone()),
        "checking moves of {}",
        pos
    );
    // `checking_moves_into` clears what the list held.
    let mut list = MoveList::new();
    list.extend(pos.legal_moves().iter().copied().take(3));
    pos.checking_moves_into(&mut list);
    prop_assert_eq!(list.as_slice(), generated.as_slice());
    let mut failure = None;
    pos.for_each_legal_move(|m| {
        if failure.is_none() && pos.gives_check(m) != expected.contains(&m) {
            failure = Some(m);
        }
    });
    prop_assert_eq!(failure, None, "gives_check on {}", pos);

    seen.positions += 1;
    seen.checks += expected.len() as u64;
    seen.checks_in_check += u64::from(pos.is_check() && !expected.is_empty());
    let us = pos.side_to_move();
    let king = pos.king(!us);
    for &m in &expected {
        match m {
            Move::Drop { .. } => seen.drops += 1,
            Move::Normal { from, to, promote } => {
                let Some(piece) = pos.piece_at(from) else {
                    continue;
                };
                let after = pos.occupied().without(from).with(to);
                let hits = |kind| {
                    king.is_some_and(|k| {
                        shogi_movegen::attacks::attacks(us, kind, to, after).has(k)
                    })
                };
                let kind = if promote {
                    piece.kind.promote().unwrap_or(piece.kind)
                } else {
                    piece.kind
                };
                if !hits(kind) {
                    seen.discovered += 1;
                } else if promote && !hits(piece.kind) {
                    seen.by_promotion += 1;
                }
            }
        }
    }
    // A pawn drop on the check square that the legal generator leaves out.
    if let Some(k) = king
        && pos.hand(us).has(PieceKind::Pawn)
        && let Some(to) = shogi_movegen::attacks::pawn_attacks(!us, k).first()
        && pos.piece_at(to).is_none()
        && !pos.legal_moves().contains(&Move::Drop {
            kind: PieceKind::Pawn,
            to,
        })
        && { *pos }
            .play(Move::Drop {
                kind: PieceKind::Pawn,
                to,
            })
            .is_err_and(|e| e.kind == shogi_movegen::IllegalMoveKind::DropPawnMate)
    {
        seen.pawn_drop_mates_left_out += 1;
    }
    Ok(())
}

/// `pos` and every child.
fn check_tree<R: VariantHooks>(pos: &Position<R>, seen: &mut Seen) -> Result<(), TestCaseError> {
    check(pos, seen)?;
    let mut children = Vec::new();
    pos.for_each_legal_move(|m| {
        let mut child = *pos;
        child.play_unchecked(m);
        children.push(child);
    });
    for child in &children {
        check(child, seen)?;
    }
    Ok(())
}

fn position(sfen: &str) -> Position {
    let setup: Setup = sfen.parse().expect("sfen");
    Position::<Standard>::from_setup(setup)
        .or_else(|e| e.ignore_problem_faults())
        .expect("valid position")
}

/// Every distinct SFEN of the perft data files of `shogi-movegen`.
fn data_positions() -> Vec<Position> {
    let mut out: Vec<Position> = Vec::new();
    for text in [perft::standard(), perft::handicaps()] {
        for entry in perft::entries(&text) {
            let pos = position(&entry.sfen);
            if !out.contains(&pos) {
                out.push(pos);
            }
        }
    }
    out
}

#[test]
fn hand_picked() {
    let mut seen = Seen::default();
    for sfen in [
        // Discovered check by the king stepping off the rook's file; double check.
        "4k4/9/9/9/4K4/9/9/9/4R4 b G 1",
        // A bishop behind a knight: the knight's jumps unmask it.
        "8k/9/6N2/9/4B4/9/9/9/K8 b - 1",
        // Pawn-drop mate edge (the drop on 1b mates and is illegal); lances, silver.
        "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
        // In check: the capture of the checker by the rook checks too.
        "4k4/9/9/9/4r3R/9/9/9/4K4 b G 1",
        // Promotions near the king: pawn, lance and knight check only as golds.
        "3k5/9/4P4/2L2N3/9/9/9/9/4K4 b - 1",
        // Only White has a king (a mate problem).
        "4k4/9/9/9/9/9/9/9/9 b 16P 1",
    ] {
        check(&position(sfen), &mut seen).expect("hand-picked position");
    }
    eprintln!("checks (hand-picked): {seen:?}");
    assert!(seen.discovered > 0 && seen.by_promotion > 0 && seen.drops > 0);
    assert!(seen.checks_in_check > 0 && seen.pawn_drop_mates_left_out > 0);
}

#[test]
fn perft_data_trees() {
    let mut seen = Seen::default();
    for pos in data_positions() {
        // Two plies deep where the tree stays small (the shared table, below, has every child).
        if pos.count_legal_moves() <= 100 {
            check_tree(&pos, &mut seen).expect("perft data");
        } else {
            check(&pos, &mut seen).expect("perft data");
        }
    }
    eprintln!("checks (perft data): {seen:?}");
    assert!(seen.checks > 1000 && seen.discovered > 0 && seen.by_promotion > 0);
    assert!(seen.pawn_drop_mates_left_out > 0 && seen.checks_in_check > 0);
}

#[test]
fn random_walks() {
    let mut seen = Seen::default();
    walk::run(60, walk::choices(150), |choices| {
        walk::walk(Position::<Standard>::start(), &choices, |pos, _| {
            check(pos, &mut seen)
        })?;
        Ok(())
    });
    eprintln!("checks (random walks): {seen:?}");
    assert!(seen.discovered > 0 && seen.by_promotion > 0 && seen.checks_in_check > 0);
    assert!(seen.pawn_drop_mates_left_out > 0);
}

#[test]
fn random_walks_with_protected_silvers() {
    let mut seen = Seen::default();
    walk::run(30, walk::choices(150), |choices| {
        walk::walk(walk::silver_start(), &choices, |pos, _| {
            check(pos, &mut seen)
        })?;
        Ok(())
    });
    eprintln!("checks (protected silvers): {seen:?}");
    assert!(seen.checks > 0);
}

/// Protected pieces: a check that would capture one is no move, and a pawn drop that mates
/// only because the king cannot take an untakeable silver is no move either.
#[test]
fn protected_pieces() {
    let mut seen = Seen::default();
    let drop_g = |sq: &str| format!("G*{sq}").parse::<Move>().expect("usi");
    // White to move: the rook on 5a could take Black's silver on 5h with check, but the silver
    // is untakeable; the gold drops beside Black's king still check.
    let sfen = "4r3k/9/9/9/9/9/9/4S!4/4K4 w g 1";
    let protected =
        Position::<walk::SilverRules>::from_setup(sfen.parse().expect("sfen")).expect("valid");
    check(&protected, &mut seen).expect("protected silver");
    let checks = protected.checking_moves();
    let capture: Move = "5a5h".parse().expect("usi");
    assert!(!checks.contains(&capture) && checks.contains(&drop_g("4h")));
    let standard = position(&sfen.replace('!', ""));
    assert!(standard.checking_moves().contains(&capture));
    // Black to move: P*1b is guarded by the silver on 2a and the gold on 2c, which also covers
    // 2b. In standard shogi the king escapes by taking the silver, so the drop is a check;
    // with the silver untakeable it would mate, so it is illegal (uchifuzume).
    let sfen = "7S!k/9/7G1/9/9/9/9/9/K8 b P 1";
    let protected =
        Position::<walk::SilverRules>::from_setup(sfen.parse().expect("sfen")).expect("valid");
    check(&protected, &mut seen).expect("protected silver and a pawn drop");
    let pawn: Move = "P*1b".parse().expect("usi");
    assert!(!protected.checking_moves().contains(&pawn));
    assert!(
        position(&sfen.replace('!', ""))
            .checking_moves()
            .contains(&pawn)
    );
    assert_eq!(seen.pawn_drop_mates_left_out, 1);
}

#[test]
fn strategy_positions() {
    let mut seen = Seen::default();
    walk::run(200, shogi_movegen::strategy::position(), |pos| {
        check(&pos, &mut seen)
    });
    eprintln!("checks (strategy positions): {seen:?}");
    assert!(seen.checks > 0);
}

#[test]
fn shared_perft_positions() {
    let Some(dir) = shared::dir("perft", "shared_perft_positions") else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("reference.tsv")).expect("reference.tsv");
    let mut roots: Vec<Position> = Vec::new();
    for row in perft::table(&text) {
        let pos = position(&row.sfen);
        if !roots.contains(&pos) {
            roots.push(pos);
        }
    }
    let mut seen = Seen::default();
    for pos in &roots {
        check_tree(pos, &mut seen).expect("shared perft position");
    }
    eprintln!("checks (shared perft, {} roots): {seen:?}", roots.len());
    assert!(roots.len() >= 10 && seen.checks > 1000);
}

/// The value of the JSON string field `key` of `text`, if present (the expected files are
/// written one field a line, without escapes in SFENs or USI moves).
fn json_string(text: &str, key: &str) -> Option<String> {
    let rest = &text[text.find(&format!("\"{key}\": \""))? + key.len() + 5..];
    Some(rest[..rest.find('"')?].to_string())
}

/// The strings of the JSON array field `key` of `text`.
fn json_strings(text: &str, key: &str) -> Vec<String> {
    let Some(at) = text.find(&format!("\"{key}\": [")) else {
        return Vec::new();
    };
    let rest = &text[at + key.len() + 5..];
    let body = &rest[..rest.find(']').unwrap_or(0)];
    body.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

#[test]
fn real_game_records() {
    let Some(dir) = shared::dir("records", "real_game_records") else {
        return;
    };
    let mut files = Vec::new();
    for folder in ["kif", "ki2", "csa"] {
        for entry in std::fs::read_dir(dir.join(folder)).expect("records folder") {
            let path = entry.expect("entry").path();
            if path.to_string_lossy().ends_with(".expected.json") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut seen = Seen::default();
    let mut games = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).expect("expected.json");
        let Some(sfen) = json_string(&text, "start_sfen") else {
            continue;
        };
        let Ok(setup) = sfen.parse::<Setup>() else {
            continue;
        };
        let Ok(mut pos) =
            Position::<Standard>::from_setup(setup).or_else(|e| e.ignore_problem_faults())
        else {
            continue;
        };
        games += 1;
        check(&pos, &mut seen).expect("record start");
        for usi in json_strings(&text, "moves") {
            let Ok(m) = usi.parse::<Move>() else { break };
            if pos.play(m).is_err() {
                break;
            }
            check(&pos, &mut seen).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
    }
    eprintln!("checks (real records, {games} games): {seen:?}");
    assert!(games >= 40 && seen.positions > 3000 && seen.checks > 1000);
}
