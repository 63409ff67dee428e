//! Without `std` or off x86-64 there is no AVX-512 decoder: the token cannot exist.

use shogi_types::{Color, Square};

use crate::cpu::Avx512;
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

/// Never called, as no `Avx512` exists.
#[inline(always)]
pub(super) fn decode<R: crate::VariantHooks>(
    cpu: Avx512,
    _: &[u8; 32],
    _: &super::codec::Tables,
    _: bool,
    _: Board,
) -> Result<crate::Position<R>, super::UnpackError<R>> {
    cpu.unavailable()
}

/// Never called, as no `Avx512` exists.
#[inline(always)]
pub(super) fn board(
    cpu: Avx512,
    _: &[u8; 32],
    _: &[u8; 128],
    _: [Square; 2],
    _: Color,
    _: BoardParts<'_>,
) -> (usize, u64, u64, bool) {
    cpu.unavailable()
}

/// Never called, as no `Avx512` exists.
#[inline(always)]
pub(super) fn sparse(
    cpu: Avx512,
    _: &[u8; 32],
    _: &[u32; 256],
    _: [Square; 2],
    _: Color,
    _: BoardParts<'_>,
) -> (usize, u64, u64, bool) {
    cpu.unavailable()
}

/// Never called, as no `Avx512` exists.
#[inline(always)]
pub(super) fn hands(cpu: Avx512, _: &[u8; 32], _: usize, _: &[u8; 128]) -> Option<u128> {
    cpu.unavailable()
}

/// Never made, as no `Avx512` exists.
pub(super) struct Cells(());

impl Cells {
    /// Never called, as no `Avx512` exists.
    #[inline(always)]
    pub(super) fn new(cpu: Avx512, _: [Square; 2]) -> Cells {
        cpu.unavailable()
    }

    /// Never called, as no `Cells` exists.
    #[inline(always)]
    pub(super) fn put(&mut self, _: usize, _: u8) {}

    /// Never called, as no `Cells` exists.
    #[inline(always)]
    pub(super) fn finish(self, _: BoardParts<'_>) {}
}
