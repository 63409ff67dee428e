//! `Position::is_legal` decides one move on its own (without generating the legal moves), so
//! it is checked here against the generator over every move that can be written: every
//! from-to pair with and without promotion and every drop of every kind on every square
//! (13,689 moves), in the positions of the published perft tables and along random walks with
//! edits (standard rules and protected silvers). `play` must agree as well.

use std::collections::BTreeSet;

use shogi_movegen::{Position, Standard, VariantHooks};
use shogi_testkit::walk;
use shogi_testkit::{Rng, perft};
use shogi_types::{Move, PieceKind, Square};

/// Every move that can be written.
fn every_move() -> Vec<Move> {
    let mut out = Vec::with_capacity(81 * 81 * 2 + 7 * 81);
    for from in Square::ALL {
        for to in Square::ALL {
            for promote in [false, true] {
                out.push(Move::Normal { from, to, promote });
            }
        }
    }
    for kind in PieceKind::HAND_KINDS {
        for to in Square::ALL {
            out.push(Move::Drop { kind, to });
        }
    }
    out
}

/// Checks every move in `pos`; returns how many were legal.
fn check<R: VariantHooks>(pos: &Position<R>, moves: &[Move]) -> usize {
    let legal: BTreeSet<Move> = pos.legal_moves().iter().copied().collect();
    for &m in moves {
        let expected = legal.contains(&m);
        assert_eq!(
            pos.is_legal(m),
            expected,
            "{}: is_legal({m})",
            pos.to_setup()
        );
        let mut after = *pos;
        assert_eq!(
            after.play(m).is_ok(),
            expected,
            "{}: play({m})",
            pos.to_setup()
        );
    }
    legal.len()
}

/// Random walks with edits from `start`, every `every`-th position checked.
fn walks<R: VariantHooks>(start: Position<R>, seed: u64, walks_n: usize, moves: &[Move]) -> usize {
    let mut rng = Rng::new(seed);
    let mut checked = 0;
    for _ in 0..walks_n {
        let len = 20 + rng.below(140);
        let choices: Vec<u64> = (0..len).map(|_| rng.next_u64()).collect();
        let every = 9 + rng.below(7);
        let mut i = 0;
        let Ok(_) = walk::walk(start, &choices, |pos, _| {
            i += 1;
            if i % every == 0 {
                check(pos, moves);
                checked += 1;
            }
            Ok::<(), std::convert::Infallible>(())
        });
    }
    checked
}

#[test]
fn is_legal_agrees_with_the_generator_on_every_move_of_the_perft_positions() {
    let moves = every_move();
    let mut sfens: Vec<String> = perft::entries(&perft::standard())
        .into_iter()
        .map(|e| e.sfen)
        .collect();
    sfens.sort();
    sfens.dedup();
    assert!(!sfens.is_empty());
    let mut legal = 0;
    for sfen in &sfens {
        let setup: shogi_types::Setup = sfen.parse().unwrap_or_else(|e| panic!("{sfen}: {e}"));
        let pos = Position::<Standard>::from_setup(setup)
            .or_else(|e| e.ignore_soft())
            .unwrap_or_else(|e| panic!("{sfen}: {e:?}"));
        legal += check(&pos, &moves);
    }
    assert!(
        legal > 100,
        "only {legal} legal moves in {} positions",
        sfens.len()
    );
}

#[test]
fn is_legal_agrees_with_the_generator_on_every_move_along_walks() {
    let moves = every_move();
    let standard = walks(Position::<Standard>::default(), 0x1e9a_1001, 60, &moves);
    let silver = walks(walk::silver_start(), 0x1e9a_1002, 30, &moves);
    assert!(
        standard > 300 && silver > 100,
        "{standard} and {silver} positions checked"
    );
}
