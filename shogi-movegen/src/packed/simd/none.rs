//! Without `std` or off x86-64 there are no vector decoders: their tokens cannot exist, so
//! these stubs, which take one, are never called.

/// The AVX2 decoder's entry points.
pub(in crate::packed) mod avx2 {
    use shogi_types::Square;

    use crate::cpu::Avx2;
    use crate::packed::UnpackError;
    use crate::packed::format::Tables;
    use crate::position::builder::BoardParts;
    use crate::{Position, VariantHooks};

    /// Never called, as no `Avx2` exists.
    #[inline(always)]
    pub(in crate::packed) fn decode<R: VariantHooks>(
        cpu: Avx2,
        _: &[u8; 32],
        _: &Tables,
        _: bool,
        _: bool,
    ) -> Result<Position<R>, UnpackError<R>> {
        cpu.unavailable()
    }

    /// Never called, as no `Avx2` exists.
    #[inline(always)]
    pub(in crate::packed) fn board(
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
    pub(in crate::packed) fn hands(
        cpu: Avx2,
        _: &[u8; 32],
        _: usize,
        _: &[[u64; 128]; 2],
    ) -> Option<u128> {
        cpu.unavailable()
    }
}

/// The AVX-512 decoder's entry points.
pub(in crate::packed) mod avx512 {
    use shogi_types::{Color, Square};

    use crate::cpu::Avx512;
    use crate::packed::UnpackError;
    use crate::packed::format::Tables;
    use crate::position::builder::BoardParts;
    use crate::{Position, VariantHooks};

    /// How the board would be decoded (as in the AVX-512 build).
    #[derive(Clone, Copy)]
    pub(in crate::packed) enum Board {
        /// Every code at once.
        Full,
        /// The code starts, then each piece on its own.
        Sparse,
        /// One code after another.
        Walk,
    }

    /// Never called, as no `Avx512` exists.
    #[inline(always)]
    pub(in crate::packed) fn decode<R: VariantHooks>(
        cpu: Avx512,
        _: &[u8; 32],
        _: &Tables,
        _: bool,
        _: Board,
    ) -> Result<Position<R>, UnpackError<R>> {
        cpu.unavailable()
    }

    /// Never called, as no `Avx512` exists.
    #[inline(always)]
    pub(in crate::packed) fn board(
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
    pub(in crate::packed) fn sparse(
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
    pub(in crate::packed) fn hands(
        cpu: Avx512,
        _: &[u8; 32],
        _: usize,
        _: &[u8; 128],
    ) -> Option<u128> {
        cpu.unavailable()
    }

    /// Never made, as no `Avx512` exists.
    pub(in crate::packed) struct Cells(());

    impl Cells {
        /// Never called, as no `Avx512` exists.
        #[inline(always)]
        pub(in crate::packed) fn new(cpu: Avx512, _: [Square; 2]) -> Cells {
            cpu.unavailable()
        }

        /// Never called, as no `Cells` exists.
        #[inline(always)]
        pub(in crate::packed) fn put(&mut self, _: usize, _: u8) {}

        /// Never called, as no `Cells` exists.
        #[inline(always)]
        pub(in crate::packed) fn finish(self, _: BoardParts<'_>, _: [Square; 2], _: Color) -> bool {
            false
        }
    }
}
