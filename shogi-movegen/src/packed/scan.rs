//! Board and hand decoding with AVX2 and BMI2: the code starts found by an automaton run
//! eight bits per byte shuffle, then every piece placed independently of the others.
//!
//! The walk ([`super::codec`]) finds each code's start from the previous code's length: a
//! dependent table load and shift per piece, the decoder's critical path. Here:
//!
//! 1. A finite automaton reads the board part bit by bit: its state says how many bits of the
//!    current code are left, or which prefix of it has been read, so that "a code starts here"
//!    is "the state before this bit is the start state". For each byte value, a 16-byte table
//!    holds the state after the byte and the byte's start bits, by the state before it; a
//!    byte shuffle (`pshufb`) of that table by the state is one step, so the only dependent
//!    chain is one shuffle per 8 bits, and the table loads run ahead of it.
//! 2. The start of code 80 is the end of the board (`pdep` selects it).
//! 3. Each piece (a start whose first bit is 1) is placed on its own: its square is the
//!    number of starts before it (`popcnt`), looked up in a table of squares with the king
//!    squares stepped over (built per decoding by vector compares), its code the 8 bits from
//!    its start (the stream is read 56 bits at a time, so that they are in the word of the
//!    start), and tables give its cell, the index of its Zobrist key and its material.
//! 4. The colour and kind bitboards are compared out of the mailbox, 32 squares at a time.
//!
//! Setting the bitboards per piece instead (as the walk does) measured slower here: a
//! read-modify-write of memory per piece, and pieces of one kind or colour in a row wait for
//! each other's stores. Counting the material per piece from a table (one load and add)
//! measured faster than comparing it out of the mailbox (seven compares and mask moves per
//! 32 squares). On an AMD EPYC of family 19h without AVX-512 (2.8 GHz, shared) this decodes
//! the starting position with validation in about 150 ns, the walk in about 240; the walk
//! stays faster for boards with few pieces (see [`super::codec`]'s `DENSE`).
//!
//! Long hand parts ([`hands`], see [`super::codec`]'s `HAND_SCAN`) take their code
//! starts from the hand codes' automaton, then each code's counts from a table by its 7 bits,
//! all codes independently; anything unusual (a bad code, codes not ending exactly at bit
//! 256) falls back to the walk, which reports it. Shorter hand parts are walked: there the
//! walk's three codes per lookup are as fast.
//!
//! The bits past the stream read as zeros (empty squares), as in the walk, so an overrun of
//! the board shows as an end past bit 256; the hands and the validation that follow are the
//! walk's. Both give the same result, field for field (a test compares them on random games,
//! random placements of a set from almost empty boards to full ones, and random bytes).

use core::arch::x86_64::{
    __m128i, __m256i, _bzhi_u64, _mm_add_epi8, _mm_alignr_epi8, _mm_cvtsi128_si64, _mm_loadu_si128,
    _mm_or_si128, _mm_set1_epi8, _mm_setzero_si128, _mm_shuffle_epi8, _mm_storeu_si128,
    _mm256_add_epi8, _mm256_and_si256, _mm256_andnot_si256, _mm256_cmpeq_epi8, _mm256_cmpgt_epi8,
    _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_set1_epi8, _mm256_setzero_si256,
    _mm256_storeu_si256, _mm256_sub_epi8, _pdep_u64,
};

use shogi_types::{Bitboard, Square};

use super::codec::{BITS, Tables};
use crate::cpu::{Avx2, avx2_fn};
use crate::position::SLOTS;
use crate::position::builder::BoardParts;
use crate::zobrist;

/// [`super::codec::decode_with`] with this board decoder, in the build with the features (so
/// that the board decoder is inlined into it).
#[inline]
#[allow(unsafe_code)]
pub(super) fn decode<R: crate::VariantHooks>(
    cpu: Avx2,
    bytes: &[u8; 32],
    t: &Tables,
    validate: bool,
    dense: bool,
) -> Result<crate::Position<R>, super::UnpackError<R>> {
    // SAFETY: `cpu` exists, so the processor has the features of `avx2_fn!`.
    unsafe { decode_scan(bytes, t, validate, cpu, dense) }
}

/// Decodes the board part of `bytes` with `t` into `out` (kings included), and returns the
/// bit after the board (past 256 if it overruns, and then nothing else is set), the pieces of
/// each kind of `HAND_ORDER` on the board (one byte each) and the board's Zobrist keys.
#[inline]
#[allow(unsafe_code)]
pub(super) fn board(
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
pub(super) fn hands(_: Avx2, bytes: &[u8; 32], end: usize, inc: &[[u64; 128]; 2]) -> Option<u128> {
    // SAFETY: an `Avx2` exists, so the processor has the features of `avx2_fn!`.
    unsafe { decode_hands(bytes, end, inc) }
}

/// One byte's step of an automaton, by the state before the byte (eight states): bytes
/// 0..8 the state after it, bytes 8..16 its start bits (bit `i` for a code starting at the
/// byte's bit `i`).
#[repr(C, align(16))]
pub(super) struct Step(pub(super) [u8; 16]);

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
        assert!(automaton_code_len(BOARD_NEXT, w) == super::codec::board_code_len(w));
        w += 2;
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

// The hand automaton's code lengths are the walk's.
const _: () = {
    let mut w = 0u64;
    while w < 128 {
        assert!(automaton_code_len(HAND_NEXT, w) == super::codec::hand_code_len(w));
        w += 1;
    }
};

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
            // SAFETY: a step is 16 readable bytes, and so is each of `LANE8`.
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
                // SAFETY: `step` is 16 readable bytes.
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
    fn decode_scan<R: crate::VariantHooks>(
        bytes: &[u8; 32],
        t: &Tables,
        validate: bool,
        cpu: Avx2,
        dense: bool,
    ) -> Result<crate::Position<R>, super::UnpackError<R>> {
        use super::codec::{Via, decode_with};
        if dense {
            decode_with(bytes, t, validate, Via::Scan(cpu))
        } else {
            decode_with(bytes, t, validate, Via::WalkScan(cpu))
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
                // SAFETY: `IOTA` is 32 readable bytes and `out` 32 writable ones.
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
