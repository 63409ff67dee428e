//! `Position::has_legal_move` against `!legal_moves().is_empty()`: on random walks (standard
//! rules and rules with protected silvers) with every child of every position reached, and on
//! every position of the depth-2 trees of the perft data (depth 1 where a root has more than
//! 100 moves) (`shogi-movegen/tests/data/*.perft`), which hold
//! mates, the position with no legal move and uchifuzume edges.

use proptest::prop_assert_eq;
use proptest::test_runner::TestCaseError;
use shogi_movegen::{Position, Standard, VariantHooks};
use shogi_testkit::{perft, walk};
use shogi_types::Setup;

/// Counts of the positions compared: all of them, and those without a legal move.
#[derive(Default)]
struct Seen {
    positions: u64,
    without_moves: u64,
}

/// Compares the two answers on `pos` and on each of its children.
fn check<R: VariantHooks>(pos: &Position<R>, seen: &mut Seen) -> Result<(), TestCaseError> {
    let mut all = vec![*pos];
    pos.for_each_legal_move(|m| {
        let mut child = *pos;
        child.play_unchecked(m);
        all.push(child);
    });
    for p in &all {
        let expected = !p.legal_moves().is_empty();
        prop_assert_eq!(p.has_legal_move(), expected, "{}", p);
        seen.positions += 1;
        seen.without_moves += u64::from(!expected);
    }
    Ok(())
}

#[test]
fn random_walks() {
    let mut seen = Seen::default();
    walk::run(40, walk::choices(150), |choices| {
        walk::walk(Position::<Standard>::start(), &choices, |pos, _| {
            check(pos, &mut seen)
        })?;
        Ok(())
    });
    eprintln!(
        "has_legal_move: {} positions, {} without a legal move",
        seen.positions, seen.without_moves
    );
    assert!(seen.without_moves > 0, "the walks reach mates");
}

#[test]
fn random_walks_with_protected_silvers() {
    let mut seen = Seen::default();
    walk::run(15, walk::choices(150), |choices| {
        walk::walk(walk::silver_start(), &choices, |pos, _| {
            check(pos, &mut seen)
        })?;
        Ok(())
    });
    eprintln!(
        "has_legal_move (protected silvers): {} positions, {} without a legal move",
        seen.positions, seen.without_moves
    );
}

/// Every distinct SFEN of the perft data files.
fn data_positions() -> Vec<Position> {
    let mut out: Vec<Position> = Vec::new();
    for text in [perft::standard(), perft::handicaps()] {
        for line in text.lines() {
            let line = line.split('#').next().unwrap_or("").trim();
            if let Some(sfen) = line.strip_prefix("sfen ") {
                let setup: Setup = sfen.parse().expect("perft sfen");
                let pos = Position::<Standard>::from_setup(setup)
                    .or_else(|e| e.ignore_soft())
                    .expect("valid perft position");
                if !out.contains(&pos) {
                    out.push(pos);
                }
            }
        }
    }
    out
}

#[test]
fn perft_data_trees() {
    let mut seen = Seen::default();
    for pos in data_positions() {
        let mut children = Vec::new();
        pos.for_each_legal_move(|m| {
            let mut child = pos;
            child.play_unchecked(m);
            children.push(child);
        });
        check(&pos, &mut seen).expect("the root");
        // Two plies deep where the tree stays small (a debug build compares about 20,000
        // positions a second).
        if children.len() <= 100 {
            for child in &children {
                check(child, &mut seen).expect("a child");
            }
        }
    }
    eprintln!(
        "has_legal_move (perft data): {} positions, {} without a legal move",
        seen.positions, seen.without_moves
    );
    assert!(seen.without_moves > 0);
}

/// The hand-picked endings: mate by a board move, the published position with no legal move
/// (not in check), a mate a pawn drop would give (illegal, so the drop is not a reply) and
/// double check.
#[test]
fn endings() {
    for (sfen, has) in [
        ("4k4/9/9/9/9/9/4p4/4g4/4K4 b - 1", false),
        (
            "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200",
            false,
        ),
        ("7lk/9/8S/9/9/9/9/7L1/8K b P 1", true),
        ("8k/9/8P/9/9/9/9/9/8K w - 1", true),
    ] {
        let setup: Setup = sfen.parse().expect("sfen");
        let pos = Position::<Standard>::from_setup(setup)
            .or_else(|e| e.ignore_soft())
            .expect("valid");
        assert_eq!(pos.has_legal_move(), has, "{sfen}");
        assert_eq!(
            pos.has_legal_move(),
            !pos.legal_moves().is_empty(),
            "{sfen}"
        );
    }
}
