//! The hand and piece-box codes: their starts by the hand automaton, the codes packed and
//! looked up, each owner's pieces counted by kind with the board's transposition.

use core::arch::x86_64::{
    _mm_cvtsi128_si64, _mm512_and_si512, _mm512_cvtepi64_epi8, _mm512_gf2p8affine_epi64_epi8,
    _mm512_loadu_si512, _mm512_maskz_compress_epi8, _mm512_maskz_expand_epi8,
    _mm512_maskz_loadu_epi8, _mm512_maskz_permutex2var_epi8, _mm512_maskz_permutexvar_epi8,
    _mm512_or_si512, _mm512_permutexvar_epi8, _mm512_popcnt_epi64, _mm512_set1_epi8,
    _mm512_test_epi8_mask, _pext_u64,
};

use super::board::{BY_PLANE, PLANE_OF};
use super::starts::hand_starts;
use super::{Bytes64, bytes64, load, windows};
use crate::cpu::avx512_fn;
use crate::packed::format::BITS;

/// By hand symbol (`kind index | owner << 3`, owner 0 Black, 1 White, 2 the box): from byte
/// 0, a bit for the kind if Black's; from byte 32, if White's.
const HAND_FLAGS: Bytes64 = {
    let mut t = [0u8; 64];
    let mut k = 0;
    while k < 7 {
        t[k] = 1 << k;
        t[32 + 8 + k] = 1 << k;
        k += 1;
    }
    bytes64(t)
};

/// As [`HAND_FLAGS`], for the piece box.
const BOX_FLAGS: Bytes64 = {
    let mut t = [0u8; 64];
    let mut k = 0;
    while k < 7 {
        t[16 + k] = 1 << k;
        k += 1;
    }
    bytes64(t)
};

avx512_fn! {
    /// [`hands`](super::hands()).
    #[inline]
    #[allow(unsafe_code)]
    pub(super) fn decode_hands(
        bytes: &[u8; 32],
        end: usize,
        hand_decode: &[u8; 128],
    ) -> Option<u128> {
        let len = BITS.checked_sub(end).filter(|&l| l > 0 && l < 192)?;
        // SAFETY: the 32 bytes of `bytes` are readable; the masked-off bytes are not read.
        let src = unsafe { _mm512_maskz_loadu_epi8(u64::from(u32::MAX), bytes.as_ptr().cast()) };
        // The code starts from bit `end`, by the automaton run over the bytes up to the first
        // past the stream (read as zeros), in as many steps as the longest hand part from the
        // same byte needs.
        let first = end / 8;
        let starts = if first >= 19 {
            hand_starts::<14>(bytes, end)
        } else if first >= 15 {
            hand_starts::<18>(bytes, end)
        } else {
            hand_starts::<22>(bytes, end)
        };
        // The codes must end exactly at the stream's end: a code starts at bit `len`.
        if starts[len / 64] >> (len % 64) & 1 == 0 {
            return None;
        }
        let below = |i: usize| {
            if 64 * i + 64 <= len {
                u64::MAX
            } else if 64 * i >= len {
                0
            } else {
                (1u64 << (len - 64 * i)) - 1
            }
        };
        let masks = [0, 1, 2].map(|i| starts[i] & below(i));
        let n = masks.map(u64::count_ones);
        let total = n[0] + n[1] + n[2];
        if total > 63 {
            return None;
        }
        // The 8 bits at each code start, in order.
        let chunk = |i: usize| _mm512_maskz_compress_epi8(masks[i], windows(src, end, i));
        let above = |p: u32| if p >= 64 { 0 } else { u64::MAX << p };
        // (A chunk is zeros after its codes, so the joins are independent expands or-ed
        // together.)
        let codes = _mm512_or_si512(
            chunk(0),
            _mm512_or_si512(
                _mm512_maskz_expand_epi8(above(n[0]), chunk(1)),
                _mm512_maskz_expand_epi8(above(n[0] + n[1]), chunk(2)),
            ),
        );
        let valid = (1u64 << total) - 1;
        // SAFETY: `hand_decode` has 128 bytes, so 64 from 0 and from 64.
        let (low, high) = unsafe {
            (
                _mm512_loadu_si512(hand_decode.as_ptr().cast()),
                _mm512_loadu_si512(hand_decode.as_ptr().add(64).cast()),
            )
        };
        // Each code's `kind index | owner << 3 | len << 5` (0 for no code), by its 7 bits.
        let symbols = _mm512_maskz_permutex2var_epi8(valid, low, codes, high);
        if _mm512_test_epi8_mask(symbols, symbols) != valid {
            return None;
        }
        let symbols = _mm512_and_si512(symbols, _mm512_set1_epi8(31));
        // Each owner's codes as a bit per kind, counted by kind: transposed eight codes by
        // eight kinds at a time, each kind's bytes gathered into a word and counted.
        let count = |flags| {
            let planes = _mm512_gf2p8affine_epi64_epi8::<0>(load(&PLANE_OF), flags);
            let by_kind = _mm512_permutexvar_epi8(load(&BY_PLANE), planes);
            _mm_cvtsi128_si64(_mm512_cvtepi64_epi8(_mm512_popcnt_epi64(by_kind))) as u64
        };
        let hand_flags = load(&HAND_FLAGS);
        let black = count(_mm512_maskz_permutexvar_epi8(valid, symbols, hand_flags));
        let white = count(_mm512_maskz_permutexvar_epi8(
            valid,
            _mm512_or_si512(symbols, _mm512_set1_epi8(32)),
            hand_flags,
        ));
        let boxed = count(_mm512_maskz_permutexvar_epi8(
            valid,
            symbols,
            load(&BOX_FLAGS),
        ));
        // Six bits a count, as the walk's lanes.
        const LANES: u64 = 0x003f_3f3f_3f3f_3f3f;
        let lanes = |v: u64| u128::from(_pext_u64(v, LANES));
        Some(lanes(black) | lanes(white) << 42 | lanes(black + white + boxed) << 84)
    }
}
