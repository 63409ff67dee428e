//! Without `std` or off x86-64 there is no AVX-512 board decoder: the token cannot exist.

use shogi_types::{Bitboard, Square};

use crate::position::SLOTS;

/// Uninhabited: no processor here is known to have the instructions.
#[derive(Clone, Copy)]
pub(super) enum Wide {}

impl Wide {
    /// Always `None`.
    #[inline(always)]
    pub(super) fn detect() -> Option<Wide> {
        None
    }

    /// Never called, as no `Wide` exists.
    #[inline(always)]
    pub(super) fn decode<R: crate::VariantHooks>(
        self,
        _: &[u8; 32],
        _: &super::codec::Tables,
        _: bool,
    ) -> Result<crate::Position<R>, super::UnpackError<R>> {
        match self {}
    }

    /// Never called, as no `Wide` exists.
    #[inline(always)]
    pub(super) fn board(
        self,
        _: &[u8; 32],
        _: &[u8; 256],
        _: [Square; 2],
        _: &mut [u8; 81],
        _: &mut [Bitboard; 2],
        _: &mut [Bitboard; SLOTS],
    ) -> (usize, u64, u64) {
        match self {}
    }
}
