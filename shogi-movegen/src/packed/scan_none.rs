//! Without `std` or off x86-64 there is no AVX2 board decoder: the token cannot exist.

use shogi_types::Square;

use super::codec::Tables;
use crate::position::builder::BoardParts;

/// Uninhabited: no processor here is known to have the instructions.
#[derive(Clone, Copy)]
pub(super) enum Scan {}

impl Scan {
    /// Always `None`.
    #[inline(always)]
    pub(super) fn detect() -> Option<Scan> {
        None
    }

    /// Never called, as no `Scan` exists.
    #[inline(always)]
    pub(super) fn decode<R: crate::VariantHooks>(
        self,
        _: &[u8; 32],
        _: &Tables,
        _: bool,
        _: bool,
    ) -> Result<crate::Position<R>, super::UnpackError<R>> {
        match self {}
    }

    /// Never called, as no `Scan` exists.
    #[inline(always)]
    pub(super) fn board(
        self,
        _: &[u8; 32],
        _: &Tables,
        _: [Square; 2],
        _: BoardParts<'_>,
    ) -> (usize, u64, u64) {
        match self {}
    }

    /// Never called, as no `Scan` exists.
    #[inline(always)]
    pub(super) fn hands(self, _: &[u8; 32], _: usize, _: &[[u64; 128]; 2]) -> Option<u128> {
        match self {}
    }
}
