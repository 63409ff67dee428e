//! The AVX-512 decoder: every board code placed at once, the bitboards transposed out of the
//! cells, the board validated in registers, and long hand parts counted the same way. See
//! `docs/packed-decoder.md` for its design.

mod board;
mod check;
mod hands;
mod starts;

pub(in crate::packed) use board::Cells;
use board::{decode_board, decode_sparse};
use hands::decode_hands;

use core::arch::x86_64::{
    __m512i, _mm512_add_epi8, _mm512_loadu_si512, _mm512_multishift_epi64_epi8,
    _mm512_permutexvar_epi8, _mm512_set1_epi8,
};

use shogi_types::{Color, Square};

use crate::cpu::{Avx512, avx512_fn};
use crate::packed::UnpackError;
use crate::packed::decode::{Via, decode_with};
use crate::packed::format::Tables;
use crate::position::builder::BoardParts;
use crate::{Position, VariantHooks};

/// [`decode_with`] in the build with the features (so that the decoders are
/// inlined into it), the board decoded as `board` says; long hand parts by [`hands()`].
#[inline]
#[allow(unsafe_code)]
pub(in crate::packed) fn decode<R: VariantHooks>(
    cpu: Avx512,
    bytes: &[u8; 32],
    t: &Tables,
    validate: bool,
    board: Board,
) -> Result<Position<R>, UnpackError<R>> {
    // SAFETY: `cpu` exists, so the processor has the features of `avx512_fn!`.
    unsafe { decode_avx512(bytes, t, validate, cpu, board) }
}

/// As [`board()`], for boards with few pieces: the code starts by the automaton up to the end
/// of the board, then each piece on its own (as [`super::avx2`] does), its cell put in
/// vectors; `keyed` is the board codes' cells and key indices, by the code's first 8 bits.
/// Past the end of the stream it returns only the end.
#[inline]
#[allow(unsafe_code)]
pub(in crate::packed) fn sparse(
    cpu: Avx512,
    bytes: &[u8; 32],
    keyed: &[u32; 256],
    kings: [Square; 2],
    side: Color,
    out: BoardParts<'_>,
) -> (usize, u64, u64, bool) {
    // SAFETY: `cpu` exists, so the processor has the features of `avx512_fn!`.
    unsafe { decode_sparse(cpu, bytes, keyed, kings, side, out) }
}

/// Decodes the hand and piece-box codes from bit `end` (below 256) of `bytes` to the end of
/// the stream, with `hand_decode` (the table of [`Tables`]), into their counts
/// in the lanes of the walk's `HAND_INC`; `None` if the codes do not end exactly at bit 256
/// or one is not a code (the walk then finds which).
#[inline]
#[allow(unsafe_code)]
pub(in crate::packed) fn hands(
    _: Avx512,
    bytes: &[u8; 32],
    end: usize,
    hand_decode: &[u8; 128],
) -> Option<u128> {
    // SAFETY: an `Avx512` exists, so the processor has the features of `avx512_fn!`.
    unsafe { decode_hands(bytes, end, hand_decode) }
}

/// Decodes the board part of `bytes` (with `cells_of`, the cell of each board code that
/// starts with 1 by its next seven bits) into `out` (kings included), and returns the bit
/// after the board (past 256 if it overruns), the pieces of each kind of `HAND_ORDER` on the
/// board (one byte each), the board's Zobrist keys and whether the board passes validation
/// with `side` to move ([`check::passes`]).
#[inline]
#[allow(unsafe_code)]
pub(in crate::packed) fn board(
    _: Avx512,
    bytes: &[u8; 32],
    cells_of: &[u8; 128],
    kings: [Square; 2],
    side: Color,
    out: BoardParts<'_>,
) -> (usize, u64, u64, bool) {
    // SAFETY: an `Avx512` exists, so the processor has the features of `avx512_fn!`.
    unsafe { decode_board(bytes, cells_of, kings, side, out) }
}

/// How [`decode`] decodes the board (chosen by how full it looks).
#[derive(Clone, Copy)]
pub(in crate::packed) enum Board {
    /// Every code at once ([`board()`]).
    Full,
    /// The code starts, then each piece on its own ([`sparse`]).
    Sparse,
    /// One code after another, the cells kept in vectors ([`Cells`]).
    Walk,
}

avx512_fn! {
    /// [`decode`].
    fn decode_avx512<R: VariantHooks>(
        bytes: &[u8; 32],
        t: &Tables,
        validate: bool,
        cpu: Avx512,
        board: Board,
    ) -> Result<Position<R>, UnpackError<R>> {
        match board {
            Board::Full => decode_with(bytes, t, validate, Via::Avx512(cpu)),
            Board::Sparse => decode_with(bytes, t, validate, Via::Avx512Sparse(cpu)),
            Board::Walk => decode_with(bytes, t, validate, Via::Avx512Walk(cpu)),
        }
    }
}

/// 64 bytes, aligned for whole-vector loads.
#[repr(C, align(64))]
struct Bytes64([u8; 64]);

// Layout: a `Bytes64` is loaded as one 64-byte vector.
const _: () = assert!(size_of::<Bytes64>() == 64 && align_of::<Bytes64>() == 64);

const fn bytes64(f: [u8; 64]) -> Bytes64 {
    Bytes64(f)
}

avx512_fn! {
    #[inline]
    #[allow(unsafe_code)]
    fn load(b: &Bytes64) -> __m512i {
        // SAFETY: `b` is 64 readable bytes (the layout assertion beside `Bytes64`); the load
        // has no alignment requirement.
        unsafe { _mm512_loadu_si512(b.0.as_ptr().cast()) }
    }
}

/// Byte `i` holds `(offset + i) % wrap`: the index vectors of the lookups below.
const fn iota(offset: usize, wrap: usize) -> Bytes64 {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = ((offset + i) % wrap) as u8;
        i += 1;
    }
    bytes64(t)
}

/// For the vector of bit positions `64m..64m+64` of the stream: the input byte of each byte
/// of each 64-bit lane, so that lane `k` holds the 64 stream bits from bit `64m + 8k`.
const WINDOW_BYTES: [Bytes64; 4] = {
    let mut t = [const { Bytes64([0; 64]) }; 4];
    let mut m = 0;
    while m < 4 {
        let mut i = 0;
        while i < 64 {
            t[m].0[i] = (8 * m + i / 8 + i % 8) as u8;
            i += 1;
        }
        m += 1;
    }
    t
};

avx512_fn! {
    /// The 8 bits from each of the stream's bits `first + 64m .. first + 64m + 64`, the stream
    /// being `src` (32 bytes, then zeros): the lanes of [`WINDOW_BYTES`] moved on by `first / 8`
    /// bytes, each byte's 8 bits taken from bit `first % 8 + j` of its lane (`j` its place in
    /// the lane). The bytes read stay below 64 while `first / 8 + 8m` is at most 49.
    #[inline]
    fn windows(src: __m512i, first: usize, m: usize) -> __m512i {
        let lanes = _mm512_permutexvar_epi8(
            _mm512_add_epi8(
                load(&WINDOW_BYTES[m % 4]),
                _mm512_set1_epi8((first / 8) as i8),
            ),
            src,
        );
        let shift = _mm512_add_epi8(load(&iota(0, 8)), _mm512_set1_epi8((first % 8) as i8));
        _mm512_multishift_epi64_epi8(shift, lanes)
    }
}
