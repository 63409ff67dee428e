//! Without `std` or off x86-64 there is no AVX-512 decoder: the token cannot exist.

use shogi_types::{Color, Square};

use crate::position::builder::BoardParts;

/// How the board would be decoded (as in the AVX-512 build).
#[derive(Clone, Copy)]
pub(super) enum Board {
    /// Every code at once.
    Full,
    /// The code starts, then each piece on its own.
    Sparse,
    /// One code after another.
    Walk,
}

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
        _: Board,
    ) -> Result<crate::Position<R>, super::UnpackError<R>> {
        match self {}
    }

    /// Never called, as no `Wide` exists.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn board(
        self,
        _: &[u8; 32],
        _: &[u8; 128],
        _: [Square; 2],
        _: Color,
        _: BoardParts<'_>,
    ) -> (usize, u64, u64, bool) {
        match self {}
    }

    /// Never called, as no `Wide` exists.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn sparse(
        self,
        _: &[u8; 32],
        _: &[u32; 256],
        _: [Square; 2],
        _: Color,
        _: BoardParts<'_>,
    ) -> (usize, u64, u64, bool) {
        match self {}
    }

    /// Never called, as no `Wide` exists.
    #[inline(always)]
    pub(super) fn hands(self, _: &[u8; 32], _: usize, _: &[u8; 128]) -> Option<u128> {
        match self {}
    }
}

/// Never made, as no `Wide` exists.
pub(super) struct Cells(());

impl Cells {
    /// Never called, as no `Wide` exists.
    #[inline(always)]
    pub(super) fn new(wide: Wide, _: [Square; 2]) -> Cells {
        match wide {}
    }

    /// Never called, as no `Cells` exists.
    #[inline(always)]
    pub(super) fn put(&mut self, _: usize, _: u8) {}

    /// Never called, as no `Cells` exists.
    #[inline(always)]
    pub(super) fn finish(self, _: BoardParts<'_>) {}
}
