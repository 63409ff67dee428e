//! The attacker's checking moves.
//!
//! A stand-in until `shogi-movegen` generates checks itself: the legal moves, filtered by
//! whether they give check. A move that neither attacks the king with the moved piece nor
//! leaves a line from one of the mover's long-range pieces to the king is no check; the
//! others are played and tested.

use shogi_movegen::attacks::{attacks, between};
use shogi_movegen::{MoveList, Position, VariantHooks};
use shogi_types::{Bitboard, Move, PieceKind};

/// Fills `list` with every legal move of `pos` that gives check.
pub(crate) fn checks_into<R: VariantHooks>(pos: &Position<R>, list: &mut MoveList) {
    list.clear();
    let us = pos.side_to_move();
    let Some(ksq) = pos.king(!us) else {
        return;
    };
    let occ = pos.occupied();
    // Our pieces that stand alone between the king and one of our long-range pieces.
    let mut discoverers = Bitboard::EMPTY;
    for kind in [
        PieceKind::Lance,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Dragon,
        PieceKind::Horse,
    ] {
        for s in pos.pieces(us, kind) {
            if !attacks(us, kind, s, Bitboard::EMPTY).has(ksq) {
                continue;
            }
            let b = between(ksq, s) & occ;
            if let Some(single) = b.single()
                && pos.pieces_of_color(us).has(single)
            {
                discoverers |= single;
            }
        }
    }
    pos.for_each_legal_move(|m| {
        let gives_check = match m {
            Move::Drop { kind, to } => attacks(us, kind, to, occ).has(ksq),
            Move::Normal { from, to, promote } => {
                if discoverers.has(from) {
                    let mut after = *pos;
                    after.play_unchecked(m);
                    after.is_check()
                } else {
                    match pos.piece_at(from) {
                        Some(p) => {
                            let kind = if promote {
                                p.kind.promote().unwrap_or(p.kind)
                            } else {
                                p.kind
                            };
                            attacks(us, kind, to, occ.without(from).with(to)).has(ksq)
                        }
                        None => false,
                    }
                }
            }
        };
        if gives_check {
            list.push(m);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use shogi_movegen::Standard;

    /// The naive filter: play each legal move, keep those after which the mover checks.
    fn naive(pos: &Position<Standard>) -> Vec<Move> {
        let mut out: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| {
                let mut p = *pos;
                p.play_unchecked(m);
                p.is_check()
            })
            .collect();
        out.sort_by_key(ToString::to_string);
        out
    }

    fn fast(pos: &Position<Standard>) -> Vec<Move> {
        let mut list = MoveList::new();
        checks_into(pos, &mut list);
        let mut out = list.as_slice().to_vec();
        out.sort_by_key(ToString::to_string);
        out
    }

    proptest! {
        #[test]
        fn equals_naive_filter(pos in shogi_movegen::strategy::position()) {
            prop_assert_eq!(fast(&pos), naive(&pos));
        }
    }

    #[test]
    fn discovered_and_drop_checks() {
        for sfen in [
            "4k4/9/4P4/9/4L4/9/9/9/4K4 b - 1",
            "4k4/9/9/9/4N4/9/9/9/4R3K b GSP 1",
            "8k/7P1/6B2/9/9/9/9/9/K8 b RL 1",
        ] {
            let setup: shogi_types::Setup = sfen.parse().expect("sfen");
            let pos = Position::<Standard>::from_setup(setup).expect("position");
            assert_eq!(fast(&pos), naive(&pos), "{sfen}");
            assert!(!fast(&pos).is_empty(), "{sfen}");
        }
    }
}
