//! The test kit of the shogi workspace: helpers that several crates' tests need, kept once.
//!
//! This crate is never published (`publish = false`) and is named by path only, so packaging
//! a published crate never needs it. For the same reason no file that a published crate ships
//! (its `src`, `tests`, `examples`, `benches`) uses it: the package check builds each
//! `.crate`'s own tests from what it ships, without this crate. The tests that need the kit,
//! the ones that compare a generator with the reference or span several crates, live in this
//! crate's `tests/` folder instead; `fuzz/` uses it too.
//!
//! | module | what |
//! |---|---|
//! | [`reference`](mod@reference) | a deliberately simple legal move generator on a plain `Setup`, the oracle of the differential tests; it shares no code with `shogi-movegen` |
//! | [`compare_with_reference`] | the one comparison of a position's legal moves with the reference |
//! | [`walk`] | random legal walks (moves that prefer captures, drops, checks and promotions, and edits of the setup kept only when valid) and the proptest configuration of the property tests |
//! | [`Rng`] | the one seeded random number generator |
//! | [`perft`] | the perft files of the workspace and their reader |
//! | [`shared`] | where the shared data folder is, and the skip-or-fail rule when it is missing |
//! | [`mv`], [`setup`], [`position`] | a USI move, an SFEN setup, a standard position, from text |
//!
//! Every helper panics on bad input with the input in the message: its inputs are test data.
//!
//! ```
//! use shogi_testkit::{mv, position, reference};
//!
//! let pos = position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
//! assert!(pos.is_legal(mv("7g7f")));
//! assert_eq!(reference::legal_moves(&pos.to_setup()).len(), 30);
//! ```

pub mod perft;
pub mod reference;
mod rng;
pub mod shared;
pub mod walk;

pub use rng::Rng;

use shogi_movegen::{Position, Standard, VariantHooks};
use shogi_types::{Move, Setup};

/// The move of the USI text `usi` (`7g7f`, `8h2b+`, `P*5e`).
///
/// # Panics
/// If `usi` is not a USI move.
#[must_use]
pub fn mv(usi: &str) -> Move {
    match usi.parse() {
        Ok(m) => m,
        Err(e) => panic!("{usi:?}: {e}"),
    }
}

/// The setup of the SFEN `sfen` (with its protection marks, if any), not validated.
///
/// # Panics
/// If `sfen` is not an SFEN.
#[must_use]
pub fn setup(sfen: &str) -> Setup {
    match sfen.parse() {
        Ok(s) => s,
        Err(e) => panic!("{sfen:?}: {e}"),
    }
}

/// The standard-shogi position of the SFEN `sfen`.
///
/// # Panics
/// If `sfen` is not an SFEN of a valid standard position.
#[must_use]
pub fn position(sfen: &str) -> Position<Standard> {
    match Position::from_setup(setup(sfen)) {
        Ok(p) => p,
        Err(e) => panic!("{sfen:?}: {e}"),
    }
}

/// The legal moves of `pos` by the [reference](mod@reference) generator (with `pos`'s
/// protected squares), sorted, after checking that the fast generator of `shogi-movegen`
/// gives the same moves (through `for_each_legal_move`, which has no capacity limit).
///
/// # Errors
/// A message naming the moves one generator gives and the other does not, with both counts.
pub fn compare_with_reference<R: VariantHooks>(pos: &Position<R>) -> Result<Vec<Move>, String> {
    let protected = reference::protected_array(pos.protected());
    let mut expected = reference::legal_moves_protected(&pos.to_setup(), &protected);
    expected.sort();
    let mut fast = walk::all_moves(pos);
    fast.sort();
    if fast == expected {
        return Ok(expected);
    }
    let usi = |from: &[Move], without: &[Move]| -> Vec<String> {
        from.iter()
            .filter(|m| !without.contains(m))
            .map(ToString::to_string)
            .collect()
    };
    Err(format!(
        "the fast generator differs from the reference: missing {:?}, extra {:?} ({} moves, \
         reference {})",
        usi(&expected, &fast),
        usi(&fast, &expected),
        fast.len(),
        expected.len(),
    ))
}
