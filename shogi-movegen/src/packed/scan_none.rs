//! Without `std` or off x86-64 there is no AVX2 board decoder: the token cannot exist.

use shogi_types::Square;

use super::codec::Tables;
use crate::cpu::Avx2;
use crate::position::builder::BoardParts;

/// Never called, as no `Avx2` exists.
#[inline(always)]
pub(super) fn decode<R: crate::VariantHooks>(
    cpu: Avx2,
    _: &[u8; 32],
    _: &Tables,
    _: bool,
    _: bool,
) -> Result<crate::Position<R>, super::UnpackError<R>> {
    cpu.unavailable()
}

/// Never called, as no `Avx2` exists.
#[inline(always)]
pub(super) fn board(
    cpu: Avx2,
    _: &[u8; 32],
    _: &Tables,
    _: [Square; 2],
    _: BoardParts<'_>,
) -> (usize, u64, u64) {
    cpu.unavailable()
}

/// Never called, as no `Avx2` exists.
#[inline(always)]
pub(super) fn hands(cpu: Avx2, _: &[u8; 32], _: usize, _: &[[u64; 128]; 2]) -> Option<u128> {
    cpu.unavailable()
}
