//! Where the codes start: the board automaton in two passes (the states, then every byte's
//! start bits at once), and the hand automaton from the end of the board.

use core::arch::x86_64::{
    __m128i, __m512i, _mm_cvtsi32_si128, _mm_cvtsi128_si32, _mm_cvtsi128_si64, _mm_extract_epi64,
    _mm_loadl_epi64, _mm_loadu_si128, _mm_or_si128, _mm_set1_epi8, _mm_setzero_si128,
    _mm_shuffle_epi8, _mm_ternarylogic_epi64, _mm512_inserti32x4, _mm512_permutex2var_epi8,
    _mm512_set1_epi8, _mm512_srli_epi16, _mm512_storeu_si512, _mm512_ternarylogic_epi64,
    _mm512_zextsi128_si512,
};

use super::super::automaton::{BOARD_NEXT, HAND, HAND_NEXT, Step, automaton};
use super::{Bytes64, load};
use crate::cpu::avx512_fn;

/// An automaton of [`super::super::automaton`] run in two passes: first the state before
/// each byte, a byte shuffle per byte (the only serial part), then the start bits of every
/// byte at once from its state and value, by two table lookups of 128 bytes (state and low
/// nibble, then the state after the low nibble and the high nibble).
struct TwoPass {
    /// By byte value: byte `s`, the state after the byte by the state `s` before it, times
    /// 17 (the state in both nibbles: the low one indexes the next shuffle, the high one the
    /// first table).
    steps: [u64; 256],
    /// By `state << 4 | low nibble`: the nibble's start bits, and the state after it in the
    /// high nibble.
    low: [Bytes64; 2],
    /// By `state << 4 | high nibble`: the nibble's start bits, in the high nibble.
    high: [Bytes64; 2],
}

// Layout: a step of `TwoPass` is loaded as the low 8 bytes of a vector, byte `s` for the state
// `s`, and 64 bytes of start bits are stored as eight little-endian words.
const _: () = assert!(size_of::<u64>() == 8 && cfg!(target_endian = "little"));
const _: () = assert!(size_of::<[u64; 8]>() == 64);

/// The [`TwoPass`] form of the automaton of transitions `next` (state 0 a start).
const fn two_pass(next: [[u8; 2]; 8]) -> TwoPass {
    // The state after `bits` bits of `v` from `state`, and the start bits on the way.
    const fn run(next: &[[u8; 2]; 8], mut state: u8, v: usize, bits: usize) -> (u8, u8) {
        let (mut starts, mut i) = (0u8, 0);
        while i < bits {
            if state == 0 {
                starts |= 1 << i;
            }
            state = next[state as usize][(v >> i) & 1];
            i += 1;
        }
        (state, starts)
    }
    let mut steps = [0u64; 256];
    let mut v = 0;
    while v < 256 {
        let mut s = 0;
        while s < 8 {
            steps[v] |= ((run(&next, s as u8, v, 8).0 * 17) as u64) << (8 * s);
            s += 1;
        }
        v += 1;
    }
    let mut low = [const { Bytes64([0; 64]) }; 2];
    let mut high = [const { Bytes64([0; 64]) }; 2];
    let mut i = 0;
    while i < 128 {
        let (after, starts) = run(&next, (i >> 4) as u8, i & 15, 4);
        low[i / 64].0[i % 64] = starts | after << 4;
        high[i / 64].0[i % 64] = starts << 4;
        i += 1;
    }
    TwoPass { steps, low, high }
}

/// The board codes' automaton in two passes.
static BOARD_TWO: TwoPass = two_pass(BOARD_NEXT);

// The two passes give the one-pass automaton's states and start bits.
const _: () = {
    let (one, two) = (automaton(BOARD_NEXT), two_pass(BOARD_NEXT));
    let mut v = 0;
    while v < 256 {
        let mut s = 0;
        while s < 8 {
            let low = two.low[s / 4].0[(s % 4) << 4 | (v & 15)];
            let i = (low >> 4) as usize * 16 + (v >> 4);
            let high = two.high[i / 64].0[i % 64];
            assert!(low & 15 | high == one[v].0[8 + s]);
            assert!((two.steps[v] >> (8 * s)) as u8 == one[v].0[s] * 17);
            s += 1;
        }
        v += 1;
    }
};

avx512_fn! {
    /// The second pass: the start bits of each byte of `values` (bit `i` of byte `k` for a
    /// code starting at its bit `i`), by the states before them, `states`.
    #[inline]
    fn byte_starts(a: &TwoPass, states: __m512i, values: __m512i) -> __m512i {
        let high_nibbles = _mm512_set1_epi8(0xf0u8 as i8);
        // (`0xca`: the first operand's bits select the second's, the rest the third's.)
        let index = _mm512_ternarylogic_epi64::<0xca>(high_nibbles, states, values);
        let low = _mm512_permutex2var_epi8(load(&a.low[0]), index, load(&a.low[1]));
        let index =
            _mm512_ternarylogic_epi64::<0xca>(high_nibbles, low, _mm512_srli_epi16::<4>(values));
        let high = _mm512_permutex2var_epi8(load(&a.high[0]), index, load(&a.high[1]));
        _mm512_ternarylogic_epi64::<0xca>(high_nibbles, high, low)
    }
}

/// By byte: all ones in that byte of 16, zeros elsewhere.
const LANE_BYTE: [Step; 16] = {
    let mut t = [const { Step([0; 16]) }; 16];
    let mut i = 0;
    while i < 16 {
        t[i].0[i] = 0xff;
        i += 1;
    }
    t
};

avx512_fn! {
    /// The start bits of the board codes in the stream `src` (its 32 bytes `bytes` as a
    /// vector, zeros after them), by the board automaton ([`BOARD_TWO`]) from the board's
    /// first code at bit 15, in the board part's words (bit `i` for stream bit `15 + i`; a
    /// start at bit 256, where the stream ends, is the board part's bit 241, and none is
    /// marked after it).
    ///
    /// The first pass reads each byte and its step straight from memory (a load each, no
    /// shifting of words), and keeps the state the same in every lane, so that the state
    /// before each byte is put in its place by a bitwise select rather than a shuffle: the byte
    /// shuffles of the chain are its only shuffles.
    #[inline]
    #[allow(unsafe_code)]
    pub(super) fn quad_starts(bytes: &[u8; 32], src: __m512i) -> [u64; 4] {
        let a = &BOARD_TWO;
        // Bit 15 starts the board's first code; the state after it, before byte 2.
        let after_first = BOARD_NEXT[0][usize::from(bytes[1] >> 7)] * 17;
        let mut state = _mm_set1_epi8(after_first as i8);
        // The states before the bytes of `half` (from its byte `from`), each in its lane.
        let mut pass = |half: &[u8; 16], from: usize| {
            let mut acc = _mm_setzero_si128();
            for (j, &v) in half.iter().enumerate().skip(from) {
                // SAFETY: `LANE_BYTE` entries are 16 readable bytes, `steps` entries 8 (the layout
                // assertions beside `Step` and `TwoPass`).
                let (lane, step) = unsafe {
                    (
                        _mm_loadu_si128(LANE_BYTE[j].0.as_ptr().cast()),
                        _mm_loadl_epi64(a.steps.as_ptr().add(usize::from(v)).cast()),
                    )
                };
                // (`0xf8`: the first operand, or the second and the third.)
                acc = _mm_ternarylogic_epi64::<0xf8>(acc, state, lane);
                state = _mm_shuffle_epi8(step, state);
            }
            acc
        };
        let (first_half, second_half) = (
            bytes.first_chunk::<16>().unwrap_or(&[0; 16]),
            bytes.last_chunk::<16>().unwrap_or(&[0; 16]),
        );
        let acc = [pass(first_half, 2), pass(second_half, 0)];
        let states = _mm512_inserti32x4::<1>(_mm512_zextsi128_si512(acc[0]), acc[1]);
        let starts = byte_starts(a, states, src);
        let mut w = [0u64; 8];
        // SAFETY: `w` is 64 writable bytes, word `k` from byte `8k` (the layout assertions
        // beside `TwoPass`).
        unsafe { _mm512_storeu_si512(w.as_mut_ptr().cast(), starts) };
        // Bytes 0 and 1 hold no board code but the one starting at bit 15.
        w[0] = w[0] & !0xffff | 1 << 15;
        let ends_at_256 = _mm_cvtsi128_si32(state) as u8 == 0;
        [
            w[0] >> 15 | w[1] << 49,
            w[1] >> 15 | w[2] << 49,
            w[2] >> 15 | w[3] << 49,
            w[3] >> 15 | u64::from(ends_at_256) << 49,
        ]
    }
}

/// By bit offset `r` in a byte and the byte's value `v`: the hand automaton run from a
/// start at bit `r` to the end of the byte, its start bits (from bit `r`) in the low byte
/// and the state after the byte in the high one.
const HAND_FIRST: [[u16; 256]; 8] = {
    let mut t = [[0u16; 256]; 8];
    let mut r = 0;
    while r < 8 {
        let mut v = 0;
        while v < 256 {
            let (mut state, mut starts, mut i) = (0u8, 0u16, r);
            while i < 8 {
                if state == 0 {
                    starts |= 1 << i;
                }
                state = HAND_NEXT[state as usize][(v >> i) & 1];
                i += 1;
            }
            t[r][v] = starts | (state as u16) << 8;
            v += 1;
        }
        r += 1;
    }
    t
};

avx512_fn! {
    /// The start bits of the hand codes from bit `end` (below 256) of the stream `bytes`, bit
    /// `i` for stream bit `end + i`, over the bytes from `end / 8` on, `N` of them (those past
    /// the stream read as zeros).
    ///
    /// The first byte is looked up from `end`'s place in it ([`HAND_FIRST`]); then each byte
    /// and its step are loaded straight from memory and the state, the same in every lane,
    /// gives the byte's start bits in every lane, put in the byte's place by a bitwise select.
    #[inline]
    #[allow(unsafe_code)]
    pub(super) fn hand_starts<const N: usize>(bytes: &[u8; 32], end: usize) -> [u64; 3] {
        let (first, r) = (end / 8 % 32, end % 8);
        let head = HAND_FIRST[r][usize::from(bytes[first])];
        let mut state = _mm_set1_epi8((head >> 8) as i8);
        let eight = _mm_set1_epi8(8);
        // Byte `j` of the bytes from `first` (byte 0 its first), into `acc`'s lane `j % 16`.
        let mut step = |acc: __m128i, j: usize| {
            let at = first + j;
            // (Past the stream, a zero byte, without a branch.)
            let v = bytes[at % 32] & 0u8.wrapping_sub(u8::from(at < 32));
            // SAFETY: a step and a `LANE_BYTE` entry are 16 readable bytes (the layout assertion
            // beside `Step`).
            let (e, lane) = unsafe {
                (
                    _mm_loadu_si128(HAND[usize::from(v)].0.as_ptr().cast()),
                    _mm_loadu_si128(LANE_BYTE[j % 16].0.as_ptr().cast()),
                )
            };
            let found = _mm_shuffle_epi8(e, _mm_or_si128(state, eight));
            state = _mm_shuffle_epi8(e, state);
            // (`0xf8`: the first operand, or the second and the third.)
            _mm_ternarylogic_epi64::<0xf8>(acc, found, lane)
        };
        let mut low = _mm_cvtsi32_si128(i32::from(head as u8));
        for j in 1..16 {
            low = step(low, j);
        }
        let mut high = _mm_setzero_si128();
        for j in 16..N {
            high = step(high, j);
        }
        let words = [
            _mm_cvtsi128_si64(low) as u64,
            _mm_extract_epi64::<1>(low) as u64,
            _mm_cvtsi128_si64(high) as u64,
        ];
        // From bit `end`: `<< 1 <<` keeps the shift below 64 when `r` is 0.
        [
            words[0] >> r | words[1] << 1 << (63 - r),
            words[1] >> r | words[2] << 1 << (63 - r),
            words[2] >> r,
        ]
    }
}
