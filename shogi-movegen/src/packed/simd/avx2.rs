//! The AVX2 decoder: the code starts by the automaton, then every piece placed on its own,
//! and long hand parts counted the same way. See `docs/packed-decoder.md` for its design.

use core::arch::x86_64::{
    __m256i, _bzhi_u64, _mm_setzero_si128, _mm256_add_epi8, _mm256_and_si256, _mm256_andnot_si256,
    _mm256_cmpeq_epi8, _mm256_cmpgt_epi8, _mm256_loadu_si256, _mm256_movemask_epi8,
    _mm256_set1_epi8, _mm256_setzero_si256, _mm256_storeu_si256, _mm256_sub_epi8,
};

use shogi_types::{Bitboard, Square};

use super::automaton::{
    BOARD, HAND, board_part, board_starts, code_starts, stream_words, word_starts,
};
use crate::cpu::{Avx2, avx2_fn};
use crate::packed::UnpackError;
use crate::packed::decode::{Via, decode_with};
use crate::packed::format::{BITS, Tables};
use crate::position::SLOTS;
use crate::position::builder::BoardParts;
use crate::zobrist;
use crate::{Position, VariantHooks};

/// [`decode_with`] with this board decoder, in the build with the features (so
/// that the board decoder is inlined into it).
#[inline]
#[allow(unsafe_code)]
pub(in crate::packed) fn decode<R: VariantHooks>(
    cpu: Avx2,
    bytes: &[u8; 32],
    t: &Tables,
    validate: bool,
    dense: bool,
) -> Result<Position<R>, UnpackError<R>> {
    // SAFETY: `cpu` exists, so the processor has the features of `avx2_fn!`.
    unsafe { decode_avx2(bytes, t, validate, cpu, dense) }
}

/// Decodes the board part of `bytes` with `t` into `out` (kings included), and returns the
/// bit after the board (past 256 if it overruns, and then nothing else is set), the pieces of
/// each kind of `HAND_ORDER` on the board (one byte each) and the board's Zobrist keys.
#[inline]
#[allow(unsafe_code)]
pub(in crate::packed) fn board(
    _: Avx2,
    bytes: &[u8; 32],
    t: &Tables,
    kings: [Square; 2],
    out: BoardParts<'_>,
) -> (usize, u64, u64) {
    // SAFETY: an `Avx2` exists, so the processor has the features of `avx2_fn!`.
    unsafe { decode_board(bytes, t, kings, out) }
}

/// The pieces of each kind in the hand and piece-box codes from bit `end` to the end of the
/// stream, in the lanes of the walk's `HAND_INC`, by the table `inc` (the lanes of the code at
/// the bottom of each 7 bits; zeros for a bad code); `None` if the codes are not all valid or
/// do not end exactly at bit 256 (the walk then reports what is wrong).
#[inline]
#[allow(unsafe_code)]
pub(in crate::packed) fn hands(
    _: Avx2,
    bytes: &[u8; 32],
    end: usize,
    inc: &[[u64; 128]; 2],
) -> Option<u128> {
    // SAFETY: an `Avx2` exists, so the processor has the features of `avx2_fn!`.
    unsafe { decode_hands(bytes, end, inc) }
}

avx2_fn! {
    /// [`hands`].
    #[inline]
    fn decode_hands(bytes: &[u8; 32], end: usize, inc: &[[u64; 128]; 2]) -> Option<u128> {
        let len = BITS.checked_sub(end).filter(|&l| l > 0 && l < 192)?;
        // The stream from bit `end`, zeros after it.
        let w = stream_words(bytes);
        let bits = |at: usize| {
            let (k, off) = (at / 64, (at % 64) as u32);
            let word = |i: usize| w.get(i).copied().unwrap_or(0);
            word(k) >> off | (word(k + 1) << 1) << (63 - off)
        };
        let part = [0, 64, 128].map(|i| bits(end + i));
        // The code starts, a word at a time up to bit `len`.
        let mut starts = [0u64; 4];
        let mut state = _mm_setzero_si128();
        for (i, (found, &v)) in starts.iter_mut().zip(&part).enumerate() {
            if 64 * i > len {
                break;
            }
            *found = word_starts(&HAND, &mut state, v);
        }
        // The codes must end exactly at the stream's end: a code starts at bit `len`.
        if starts[len / 64] >> (len % 64) & 1 == 0 {
            return None;
        }
        starts[len / 64] &= (1 << (len % 64)) - 1;
        // 56 bits at a time, so that the 7 bits of a code are in the same word as its start.
        let mut codes = 0;
        let (mut low, mut high) = (0u64, 0u64);
        for k in 0..4 {
            let (q, r) = (56 * k / 64, 56 * k % 64);
            let mut m = starts[q] >> r & ((1 << 56) - 1);
            if r > 8 {
                m |= starts[q + 1] << (64 - r) & ((1 << 56) - 1);
            }
            let word = bits(end + 56 * k);
            codes += m.count_ones();
            while m != 0 {
                let j = m.trailing_zeros();
                m &= m - 1;
                let code = (word >> j & 0x7f) as usize;
                let (sum, carry) = low.overflowing_add(inc[0][code]);
                low = sum;
                high = high
                    .wrapping_add(inc[1][code])
                    .wrapping_add(u64::from(carry));
            }
        }
        let counts = u128::from(low) | u128::from(high) << 64;
        // Every code counts once among the pieces off the board (lanes 14 to 20, six bits each,
        // none above 54): their sum is the number of valid codes.
        const ONES: u64 = 0x0010_4104_1041;
        let off_board = (counts >> 84) as u64;
        let valid = (off_board.wrapping_mul(ONES) >> 36) & 63;
        (valid == u64::from(codes)).then_some(counts)
    }
}

avx2_fn! {
    /// [`decode`].
    fn decode_avx2<R: VariantHooks>(
        bytes: &[u8; 32],
        t: &Tables,
        validate: bool,
        cpu: Avx2,
        dense: bool,
    ) -> Result<Position<R>, UnpackError<R>> {
        if dense {
            decode_with(bytes, t, validate, Via::Avx2(cpu))
        } else {
            decode_with(bytes, t, validate, Via::Avx2Hands(cpu))
        }
    }
}

/// `1 +` the kind of each kind bitboard ([`crate::position::slot`]) that holds one kind:
/// the eight unpromoted kinds, horse and dragon.
const ONE_KIND: [i8; 10] = [1, 2, 3, 4, 5, 6, 7, 8, 13, 14];

/// 32 bytes, aligned for whole-vector loads.
#[repr(C, align(32))]
struct Bytes32([u8; 32]);

/// 128 bytes, aligned for whole-vector stores.
#[repr(C, align(32))]
struct Bytes32x4([[u8; 32]; 4]);

// Layout: both are read and written as whole 32-byte vectors.
const _: () = assert!(size_of::<Bytes32>() == 32 && align_of::<Bytes32>() == 32);
const _: () = assert!(size_of::<Bytes32x4>() == 128 && align_of::<Bytes32x4>() == 32);

/// 0 to 31.
const IOTA: Bytes32 = {
    let mut t = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        t[i] = i as u8;
        i += 1;
    }
    Bytes32(t)
};

avx2_fn! {
    /// [`board`].
    #[inline]
    #[allow(unsafe_code)]
    fn decode_board(
        bytes: &[u8; 32],
        t: &Tables,
        kings: [Square; 2],
        out: BoardParts<'_>,
    ) -> (usize, u64, u64) {
        let BoardParts {
            cells: board,
            colors,
            kinds,
        } = out;
        let part = board_part(bytes);
        let mut stream = [0u8; 32];
        for (chunk, word) in stream.chunks_exact_mut(8).zip(part) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        let starts = code_starts(&stream, &BOARD);
        let (board_starts, _, end) = board_starts(starts);
        let Some(end) = end else {
            return (BITS + 1, 0, 0);
        };
        if end + 15 > BITS {
            return (end + 15, 0, 0);
        }
        let [bk, wk] = kings;
        let (first, second) = (bk.index().min(wk.index()), bk.index().max(wk.index()) - 1);
        // The board square of the stream's `s`-th code: `s` plus one for each king square up to
        // it (by vector compares, then read a byte at a time).
        let mut square_of = Bytes32x4([[0; 32]; 4]);
        {
            let first = _mm256_set1_epi8(first as i8 - 1);
            let second = _mm256_set1_epi8(second as i8 - 1);
            for (c, out) in square_of.0.iter_mut().enumerate() {
                // SAFETY: `IOTA` is 32 readable bytes and `out` 32 writable ones (the layout
                // assertions beside `Bytes32`).
                unsafe {
                    let s = _mm256_add_epi8(
                        _mm256_loadu_si256(IOTA.0.as_ptr().cast::<__m256i>()),
                        _mm256_set1_epi8(32 * c as i8),
                    );
                    let sq = _mm256_sub_epi8(
                        _mm256_sub_epi8(s, _mm256_cmpgt_epi8(s, first)),
                        _mm256_cmpgt_epi8(s, second),
                    );
                    _mm256_storeu_si256(out.as_mut_ptr().cast::<__m256i>(), sq);
                }
            }
        }
        let square_of = square_of.0.as_flattened();
        // The mailbox, and past it zeros: room for any index of a byte.
        let mut cells = [0u8; 256];
        cells[bk.index()] = 8;
        cells[wk.index()] = 22;
        let keys = &zobrist::BOARD_KEYS;
        let last_key = keys.len() - 1;
        let mut hash = keys[7 * 81 + bk.index()].wrapping_add(keys[21 * 81 + wk.index()]);
        // 56 bits at a time, so that the 8 bits of a code are in the same word as its start.
        let chunk = |w: &[u64; 4], k: usize| {
            let (q, r) = (56 * k / 64, 56 * k % 64);
            let high = match w.get(q + 1) {
                Some(&next) if r > 0 => next << (64 - r),
                _ => 0,
            };
            w[q] >> r | high
        };
        let mut seen = 0;
        let mut material = 0u64;
        for k in 0..5 {
            let starts = chunk(&board_starts, k) & ((1 << 56) - 1);
            let word = chunk(&part, k);
            let mut pieces = starts & word;
            let before = seen;
            seen += starts.count_ones() as usize;
            while pieces != 0 {
                let i = pieces.trailing_zeros();
                pieces &= pieces - 1;
                let s = before + _bzhi_u64(starts, i).count_ones() as usize;
                let sq = square_of[s & 127];
                let code = usize::from((word >> i) as u8);
                let e = t.board_keyed[code];
                material = material.wrapping_add(t.board_material[code]);
                cells[usize::from(sq)] = e as u8;
                hash = hash.wrapping_add(keys[((e >> 8) as usize + usize::from(sq)).min(last_key)]);
            }
        }
        if let Some(from) = cells.first_chunk::<81>() {
            *board = *from;
        }
        // Bitboards compared out of the cells: white from 15; the kind of a cell from
        // `cell - 14 * white`, 1 + kind.
        let mut masks = [[0u32; 3]; 2 + SLOTS];
        for (j, chunk) in cells[..96].chunks_exact(32).enumerate() {
            // SAFETY: `chunk` is 32 readable bytes.
            let v = unsafe { _mm256_loadu_si256(chunk.as_ptr().cast::<__m256i>()) };
            let white = _mm256_cmpgt_epi8(v, _mm256_set1_epi8(14));
            let kind = _mm256_sub_epi8(v, _mm256_and_si256(white, _mm256_set1_epi8(14)));
            let occupied = _mm256_cmpgt_epi8(v, _mm256_setzero_si256());
            let mask = |m: __m256i| _mm256_movemask_epi8(m) as u32;
            masks[0][j] = mask(_mm256_andnot_si256(white, occupied));
            masks[1][j] = mask(white);
            for (slot, &kind_plus_one) in ONE_KIND.iter().enumerate() {
                masks[2 + slot][j] = mask(_mm256_cmpeq_epi8(kind, _mm256_set1_epi8(kind_plus_one)));
            }
            // Promoted minors: kinds 8 to 11.
            masks[2 + 10][j] = mask(_mm256_andnot_si256(
                _mm256_cmpgt_epi8(kind, _mm256_set1_epi8(12)),
                _mm256_cmpgt_epi8(kind, _mm256_set1_epi8(8)),
            ));
        }
        let bitboard = |m: [u32; 3]| {
            Bitboard::from_bits_truncate(
                u128::from(m[0]) | u128::from(m[1]) << 32 | u128::from(m[2]) << 64,
            )
        };
        for (color, m) in colors.iter_mut().zip(&masks) {
            *color = bitboard(*m);
        }
        for (kind, m) in kinds.iter_mut().zip(&masks[2..]) {
            *kind = bitboard(*m);
        }
        (end + 15, material, hash)
    }
}
