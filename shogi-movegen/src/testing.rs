//! Hooks for the tests of this workspace, not part of the stable API: the Zobrist key computed
//! from scratch, and the portable build of the generator where the CPU has faster
//! instructions (so that the tests cover both builds on x86-64). They are free functions so
//! that `Position`'s methods are only what users call.

use crate::{MoveList, Position, VariantHooks};

/// The Zobrist key of `pos` computed from scratch: always equal to [`Position::zobrist`],
/// which every move updates incrementally.
#[must_use]
pub fn compute_hash<R: VariantHooks>(pos: &Position<R>) -> u64 {
    pos.compute_hash()
}

/// [`Position::legal_moves_into`] in the portable build; the same moves.
pub fn legal_moves_into_portable<R: VariantHooks>(pos: &Position<R>, list: &mut MoveList) {
    pos.legal_moves_into_portable(list);
}

/// [`Position::perft`] in the portable build; the same count.
#[must_use]
pub fn perft_portable<R: VariantHooks>(pos: &Position<R>, depth: u32) -> u64 {
    pos.perft_portable(depth)
}

/// [`Position::count_legal_moves`] in the portable build; the same count.
#[must_use]
pub fn count_legal_moves_portable<R: VariantHooks>(pos: &Position<R>) -> u64 {
    pos.count_legal_moves_portable()
}
