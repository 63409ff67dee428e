//! The automata that find where codes start: a state per bit, stepped a byte at a time by a
//! byte shuffle of a 16-byte table per byte value. Shared by both vector decoders (the AVX2
//! steps here; the AVX-512 decoder has its own board pass in [`super::avx512`]).

use core::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_alignr_epi8, _mm_cvtsi128_si64, _mm_loadu_si128, _mm_or_si128,
    _mm_set1_epi8, _mm_setzero_si128, _mm_shuffle_epi8, _mm_storeu_si128, _pdep_u64,
};

use super::super::format::{board_code_len, hand_code_len};
use crate::cpu::avx2_fn;

/// One byte's step of an automaton, by the state before the byte (eight states): bytes
/// 0..8 the state after it, bytes 8..16 its start bits (bit `i` for a code starting at the
/// byte's bit `i`).
#[repr(C, align(16))]
pub(super) struct Step(pub(super) [u8; 16]);

// Layout: a `Step` is loaded as one 16-byte vector.
const _: () = assert!(size_of::<Step>() == 16 && align_of::<Step>() == 16);

/// The steps of the automaton whose transitions are `next[state][bit]`, state 0 being "a code
/// starts here", by byte value.
pub(super) const fn automaton(next: [[u8; 2]; 8]) -> [Step; 256] {
    let mut t = [const { Step([0; 16]) }; 256];
    let mut v = 0;
    while v < 256 {
        let mut s = 0;
        while s < 8 {
            let (mut state, mut starts) = (s as u8, 0u8);
            let mut i = 0;
            while i < 8 {
                if state == 0 {
                    starts |= 1 << i;
                }
                state = next[state as usize][(v >> i) & 1];
                i += 1;
            }
            t[v].0[s] = state;
            t[v].0[8 + s] = starts;
            s += 1;
        }
        v += 1;
    }
    t
}

/// The board codes' automaton (both formats): 0 start, 1 read `1`, 2 read `11`, 3 read
/// `111`, 4 read `1111`, 5 to 7 one to three bits left. After a start, `0` is an empty
/// square; `10` a pawn (two bits left); `110`, `1110` and `11110` six-bit codes; `11111` an
/// eight-bit one.
pub(super) static BOARD: [Step; 256] = automaton(BOARD_NEXT);

/// The board automaton's transitions, `[state][bit]`.
pub(super) const BOARD_NEXT: [[u8; 2]; 8] = [
    [0, 1],
    [6, 2],
    [7, 3],
    [6, 4],
    [5, 7],
    [0, 0],
    [5, 5],
    [6, 6],
];

/// The length of the code at the bottom of `w` by the automaton of transitions `next`: the
/// bits read from a start until the next start.
pub(super) const fn automaton_code_len(next: [[u8; 2]; 8], w: u64) -> usize {
    let (mut state, mut len) = (next[0][(w & 1) as usize], 1);
    while state != 0 {
        state = next[state as usize][(w >> len & 1) as usize];
        len += 1;
    }
    len
}

// The automaton's code lengths are the walk's.
const _: () = {
    let mut w = 1u64;
    while w < 256 {
        assert!(automaton_code_len(BOARD_NEXT, w) == board_code_len(w));
        w += 2;
    }
};

// The hand automaton's code lengths are the walk's.
const _: () = {
    let mut w = 0u64;
    while w < 128 {
        assert!(automaton_code_len(HAND_NEXT, w) == hand_code_len(w));
        w += 1;
    }
};

/// The hand codes' automaton (both formats): 0 start, 1 read `1`, 2 read `11`, 3 read
/// `111`, 4 to 6 one to three bits left. After a start, `0` begins a three-bit code (pawns),
/// `1111` a seven-bit one (bishops, rooks), anything else a five-bit one.
pub(super) static HAND: [Step; 256] = automaton(HAND_NEXT);

/// The hand automaton's transitions, `[state][bit]` (state 7 unused).
pub(super) const HAND_NEXT: [[u8; 2]; 8] = [
    [5, 1],
    [6, 2],
    [5, 3],
    [4, 6],
    [0, 0],
    [4, 4],
    [5, 5],
    [0, 0],
];

/// By byte `b` of a word: the shuffle indices that take a step's start bits (`8 | state`)
/// into lane `b` and zeros into the others, once or-ed with the state.
const LANE8: [Step; 8] = {
    let mut t = [const { Step([0x80; 16]) }; 8];
    let mut b = 0;
    while b < 8 {
        t[b].0[b] = 8;
        b += 1;
    }
    t
};

avx2_fn! {
    /// The start bits of the codes in the 64 bits of `word` (bit `i` of the stream in bit `i`),
    /// by the automaton of `steps` from `state`, which is left as after the word.
    #[inline]
    #[allow(unsafe_code)]
    pub(super) fn word_starts(steps: &[Step; 256], state: &mut __m128i, word: u64) -> u64 {
        let mut acc = _mm_setzero_si128();
        for (b, lane) in word.to_le_bytes().iter().zip(&LANE8) {
            // SAFETY: a step is 16 readable bytes, and so is each of `LANE8` (the layout
            // assertion beside `Step`).
            let (step, lane) = unsafe {
                (
                    _mm_loadu_si128(steps[usize::from(*b)].0.as_ptr().cast()),
                    _mm_loadu_si128(lane.0.as_ptr().cast()),
                )
            };
            acc = _mm_or_si128(acc, _mm_shuffle_epi8(step, _mm_or_si128(*state, lane)));
            *state = _mm_shuffle_epi8(step, *state);
        }
        _mm_cvtsi128_si64(acc) as u64
    }
}

/// The stream `bytes` in four little-endian words.
#[inline(always)]
pub(super) fn stream_words(bytes: &[u8; 32]) -> [u64; 4] {
    let mut w = [0u64; 4];
    for (word, chunk) in w.iter_mut().zip(bytes.chunks_exact(8)) {
        let mut b = [0u8; 8];
        b.copy_from_slice(chunk);
        *word = u64::from_le_bytes(b);
    }
    w
}

/// The board part of the stream `bytes`, from its first bit (bit 15), in four words: at most
/// 241 bits, then zeros.
#[inline(always)]
pub(super) fn board_part(bytes: &[u8; 32]) -> [u64; 4] {
    let w = stream_words(bytes);
    [
        w[0] >> 15 | w[1] << 49,
        w[1] >> 15 | w[2] << 49,
        w[2] >> 15 | w[3] << 49,
        w[3] >> 15,
    ]
}

avx2_fn! {
    /// The start bits of the codes in `stream` (32 bytes, bit `i` of the stream being bit
    /// `i % 8` of byte `i / 8`), reading from a start at bit 0 with `steps`.
    #[inline]
    #[allow(unsafe_code)]
    pub(super) fn code_starts(stream: &[u8; 32], steps: &[Step; 256]) -> [u64; 4] {
        let eight = _mm_set1_epi8(8);
        // The state before the byte, in every lane.
        let mut state = _mm_setzero_si128();
        let mut halves = [_mm_setzero_si128(); 2];
        for (half, bytes) in halves.iter_mut().zip(stream.chunks_exact(16)) {
            for &v in bytes {
                let step = &steps[usize::from(v)];
                // SAFETY: `step` is 16 readable bytes (the layout assertion beside `Step`).
                let step = unsafe { _mm_loadu_si128(step.0.as_ptr().cast::<__m128i>()) };
                let starts = _mm_shuffle_epi8(step, _mm_add_epi8(state, eight));
                state = _mm_shuffle_epi8(step, state);
                // Shift the byte in at the top: after 16, byte `i` is the start bits of byte `i`.
                *half = _mm_alignr_epi8::<1>(starts, *half);
            }
        }
        let mut out = [0u64; 4];
        for (pair, half) in out.chunks_exact_mut(2).zip(halves) {
            let mut b = [0u8; 16];
            // SAFETY: `b` is 16 writable bytes.
            unsafe { _mm_storeu_si128(b.as_mut_ptr().cast::<__m128i>(), half) };
            for (word, chunk) in pair.iter_mut().zip(b.chunks_exact(8)) {
                let mut w = [0u8; 8];
                w.copy_from_slice(chunk);
                *word = u64::from_le_bytes(w);
            }
        }
        out
    }
}

avx2_fn! {
    /// The board's part of the code starts `starts` (the automaton's, from bit 15): the starts
    /// before the 80th, the number of the board's codes before each word (79 for the words
    /// after the board), and where the 80th start is, the end of the board, counted from bit 15
    /// (`None` if the 256 bits hold fewer than 80 starts).
    #[inline]
    pub(super) fn board_starts(starts: [u64; 4]) -> ([u64; 4], [u32; 4], Option<usize>) {
        let mut board = [0u64; 4];
        let mut before = [79u32; 4];
        let mut seen = 0u32;
        for k in 0..4 {
            let n = starts[k].count_ones();
            before[k] = seen;
            if seen + n >= 80 {
                let at = _pdep_u64(1 << (79 - seen), starts[k]).trailing_zeros();
                board[k] = starts[k] & ((1u64 << at) - 1);
                return (board, before, Some(64 * k + at as usize));
            }
            board[k] = starts[k];
            seen += n;
        }
        (board, before, None)
    }
}
