//! The attacker's checking moves: the check generator of `shogi-movegen`, behind one
//! function so that the search has a single place to ask.

use shogi_movegen::{MoveList, Position, VariantHooks};

/// Fills `list` with every legal move of `pos` that gives check.
#[inline]
pub(crate) fn checks_into<R: VariantHooks>(pos: &Position<R>, list: &mut MoveList) {
    pos.checking_moves_into(list);
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use shogi_movegen::Standard;
    use shogi_types::Move;

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
