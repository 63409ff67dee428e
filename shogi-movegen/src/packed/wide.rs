//! Board decoding with AVX-512: every code boundary at once instead of one code after another.
//!
//! The board codes are a chain: where a code starts depends on the lengths of all before it,
//! so decoding them one after another costs a dependent table load per piece (about 90 ns for
//! the starting position on a 3.5 GHz Zen 4, whatever else the decoder does). This build
//! breaks the chain:
//!
//! 1. For **every** bit of the board part of the stream, the 8 bits from it (`vpmultishiftqb`)
//!    and from them the length of a board code starting there (`vpermb`), as if one did.
//! 2. `next[p] = p + len[p]` for every bit `p` is a function on 256 bit positions; composing it
//!    with itself (a 256-entry byte table lookup of 256 indices: two `vpermi2b` and a blend)
//!    gives the bit 2, 4, 8 and 16 codes on from any bit.
//! 3. The starts of all codes by doubling: codes `[2^k, 2^(k+1))` are `2^k` codes on from codes
//!    `[0, 2^k)` up to 16, then 16 codes on at a time: eight lookups give the starts of the 79
//!    codes and the end of the board.
//! 4. The cells of the codes (a lookup of the 8 bits at each start), the king squares put in
//!    (`vpexpandb`), and the colour and kind bitboards and the material compared out of the
//!    cells in registers; the Zobrist keys gathered (`vpgatherdq`) for the occupied squares.
//!
//! Bit positions are bytes counted from the first board bit (bit 15): the board part is at
//! most 241 bits long, so a position plus a code length passes 255 only past the end of the
//! stream, where the saturating add keeps it; the bits past 256 read as zeros (empty squares),
//! as in the walk. The hands and the validation that follow are the walk's.
//!
//! The walk is faster for boards with few pieces (see [`super::codec`]'s `DENSE`); both give
//! the same result, field for field (a test compares them on random games and random bytes).

use core::arch::x86_64::{
    __m512i, _mm_cvtsi128_si32, _mm256_add_epi32, _mm256_cvtepu8_epi32, _mm256_min_epu32,
    _mm256_mullo_epi32, _mm256_set1_epi32, _mm256_sub_epi32, _mm512_add_epi64, _mm512_adds_epu8,
    _mm512_castsi512_si128, _mm512_cmpeq_epi8_mask, _mm512_cmpgt_epu8_mask, _mm512_cmplt_epu8_mask,
    _mm512_i32gather_epi64, _mm512_loadu_si512, _mm512_mask_blend_epi8,
    _mm512_mask_permutexvar_epi8, _mm512_mask_set1_epi8, _mm512_maskz_compress_epi8,
    _mm512_maskz_expand_epi8, _mm512_maskz_loadu_epi8, _mm512_movepi8_mask,
    _mm512_multishift_epi64_epi8, _mm512_permutex2var_epi8, _mm512_permutexvar_epi8,
    _mm512_reduce_add_epi64, _mm512_set1_epi8, _mm512_setzero_si512, _mm512_storeu_si512,
    _mm512_test_epi8_mask,
};
use core::sync::atomic::{AtomicU8, Ordering};

use shogi_types::{Bitboard, PieceKind, Square};

use super::codec::{CELL_ORDER, board_code_len};
use crate::position::{SLOTS, slot};
use crate::zobrist;

/// Proof that the processor has AVX-512 F, BW, VBMI and VBMI2, POPCNT and BMI1.
///
/// Its field is private and [`Wide::detect`] its only maker, so holding one means the
/// detection succeeded.
#[derive(Clone, Copy)]
pub(super) struct Wide(());

/// The detection's answer: 0 not asked yet, 1 no, 2 yes.
static DETECTED: AtomicU8 = AtomicU8::new(0);

impl Wide {
    /// The token, if the processor has the features (asked once, then remembered).
    #[inline(always)]
    pub(super) fn detect() -> Option<Wide> {
        match DETECTED.load(Ordering::Relaxed) {
            2 => Some(Wide(())),
            1 => None,
            _ => Wide::ask(),
        }
    }

    /// Asks the processor, and remembers the answer.
    #[cold]
    #[inline(never)]
    fn ask() -> Option<Wide> {
        let found = std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vbmi")
            && std::is_x86_feature_detected!("avx512vbmi2")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1");
        DETECTED.store(if found { 2 } else { 1 }, Ordering::Relaxed);
        found.then_some(Wide(()))
    }

    /// [`super::codec::decode_with`] with this board decoder, in the build with the
    /// features (so that the board decoder is inlined into it).
    #[inline]
    #[allow(unsafe_code)]
    pub(super) fn decode<R: crate::VariantHooks>(
        self,
        bytes: &[u8; 32],
        t: &super::codec::Tables,
        validate: bool,
    ) -> Result<crate::Position<R>, super::UnpackError<R>> {
        // SAFETY: `self` exists, so `detect` found every feature `decode_wide` enables.
        unsafe { decode_wide(bytes, t, validate, self) }
    }

    /// Decodes the board part of `bytes` (with `cells_of`, the cell of each first 8 bits of
    /// a board code) into `board` (kings included) and its bitboards, and
    /// returns the bit after the board (past 256 if it overruns), the pieces of each kind of
    /// `HAND_ORDER` on the board (one byte each) and the board's Zobrist keys.
    #[inline]
    #[allow(unsafe_code)]
    pub(super) fn board(
        self,
        bytes: &[u8; 32],
        cells_of: &[u8; 256],
        kings: [Square; 2],
        board: &mut [u8; 81],
        colors: &mut [Bitboard; 2],
        kinds: &mut [Bitboard; SLOTS],
    ) -> (usize, u64, u64) {
        // SAFETY: `self` exists, so `detect` found every feature `board` enables.
        unsafe { decode_board(bytes, cells_of, kings, board, colors, kinds) }
    }
}

/// 64 bytes, aligned for whole-vector loads.
#[repr(C, align(64))]
struct Bytes64([u8; 64]);

const fn bytes64(f: [u8; 64]) -> Bytes64 {
    Bytes64(f)
}

/// For the vector of bit positions `64m..64m+64`: the input byte of each byte of each
/// 64-bit lane, so that lane `k` holds the 64 stream bits from bit `64m + 8k + 8`.
const WINDOW_BYTES: [Bytes64; 4] = {
    let mut t = [const { Bytes64([0; 64]) }; 4];
    let mut m = 0;
    while m < 4 {
        let mut i = 0;
        while i < 64 {
            // Bytes past 31 are zeros in the source vector (indices below 64).
            t[m].0[i] = (8 * m + i / 8 + 1 + i % 8) as u8;
            i += 1;
        }
        m += 1;
    }
    t
};

/// The bit offset in its lane of the 8 bits of each position: position `64m + 8k + j` is
/// stream bit `64m + 8k + j + 15`, which is bit `j + 7` of lane `k`.
const WINDOW_SHIFT: Bytes64 = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = (i % 8 + 7) as u8;
        i += 1;
    }
    bytes64(t)
};

/// The length of the board code whose first 6 bits are the index (both formats): 1 for an
/// empty square, else the walk's [`board_code_len`] (4, 6 or 8).
const LENGTH: Bytes64 = {
    let mut t = [1u8; 64];
    let mut x = 1;
    while x < 64 {
        t[x] = board_code_len(x as u64) as u8;
        x += 2;
    }
    bytes64(t)
};

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

/// The positions `64m..64m+64`.
const RAMP: [Bytes64; 4] = [iota(0, 256), iota(64, 256), iota(128, 256), iota(192, 256)];

/// For doubling step `k`: byte `i` takes byte `i - 2^k` (wrapping; only bytes `[2^k, 2^(k+1))`
/// are taken).
const SHIFT: [Bytes64; 4] = [iota(63, 64), iota(62, 64), iota(60, 64), iota(56, 64)];

/// Byte `i` takes byte `i - 16`, that is `i + 48` (wrapping).
const SHIFT16: Bytes64 = iota(48, 64);

/// For key chunk `j`: bytes `8j..8j+8` to the bottom.
const CHUNK: [Bytes64; 5] = [
    iota(0, 64),
    iota(8, 64),
    iota(16, 64),
    iota(24, 64),
    iota(32, 64),
];

/// The kind bitboard ([`slot`]) of each mailbox cell, 255 for empty and unused cells.
const SLOT_OF: Bytes64 = {
    let mut t = [255u8; 64];
    let mut c = 1;
    while c < 29 {
        t[c] = slot(PieceKind::ALL[(c - 1) % 14]) as u8;
        c += 1;
    }
    bytes64(t)
};

/// The walk's [`CELL_ORDER`] as a vector: the index in `HAND_ORDER` of the unpromoted kind of
/// each mailbox cell, 7 for empty squares and kings.
const ORDER_OF: Bytes64 = {
    let mut t = [7u8; 64];
    let mut c = 0;
    while c < 32 {
        t[c] = CELL_ORDER[c];
        c += 1;
    }
    bytes64(t)
};

#[inline]
#[allow(unsafe_code)]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,popcnt,bmi1")]
fn load(b: &Bytes64) -> __m512i {
    // SAFETY: `b` is 64 readable bytes; the load has no alignment requirement.
    unsafe { _mm512_loadu_si512(b.0.as_ptr().cast()) }
}

/// `t[idx]` for each byte of `idx`, `t` being 256 bytes in four vectors.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,popcnt,bmi1")]
fn lookup(t: &[__m512i; 4], idx: __m512i) -> __m512i {
    let low = _mm512_permutex2var_epi8(t[0], idx, t[1]);
    let high = _mm512_permutex2var_epi8(t[2], idx, t[3]);
    _mm512_mask_blend_epi8(_mm512_movepi8_mask(idx), low, high)
}

/// The bitboard of the squares whose bytes are set in `low` (squares 0 to 63) and `high`
/// (64 to 80).
#[inline(always)]
fn bitboard(low: u64, high: u64) -> Bitboard {
    Bitboard::from_bits_truncate(u128::from(low) | u128::from(high) << 64)
}

/// [`Wide::decode`].
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,popcnt,bmi1")]
fn decode_wide<R: crate::VariantHooks>(
    bytes: &[u8; 32],
    t: &super::codec::Tables,
    validate: bool,
    wide: Wide,
) -> Result<crate::Position<R>, super::UnpackError<R>> {
    super::codec::decode_with(bytes, t, validate, super::codec::Via::Wide(wide))
}

/// [`Wide::board`].
#[inline]
#[allow(unsafe_code)]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,popcnt,bmi1")]
fn decode_board(
    bytes: &[u8; 32],
    cells_of: &[u8; 256],
    kings: [Square; 2],
    board: &mut [u8; 81],
    colors: &mut [Bitboard; 2],
    kinds: &mut [Bitboard; SLOTS],
) -> (usize, u64, u64) {
    // SAFETY: the 32 bytes of `bytes` are readable; the masked-off bytes are not read.
    let src = unsafe { _mm512_maskz_loadu_epi8(u64::from(u32::MAX), bytes.as_ptr().cast()) };
    let length = load(&LENGTH);
    let shift = load(&WINDOW_SHIFT);
    let mut windows = [src; 4];
    let mut next = [src; 4];
    for m in 0..4 {
        let lanes = _mm512_permutexvar_epi8(load(&WINDOW_BYTES[m]), src);
        windows[m] = _mm512_multishift_epi64_epi8(shift, lanes);
        let len = _mm512_permutexvar_epi8(windows[m], length);
        next[m] = _mm512_adds_epu8(load(&RAMP[m]), len);
    }
    // The start of code `i` in byte `i` of `starts` (codes 0 to 63); `jump` is `next`
    // composed with itself `2^k` times.
    let mut starts = _mm512_set1_epi8(0);
    let mut jump = next;
    for (k, shift) in SHIFT.iter().enumerate() {
        let on = lookup(&jump, starts);
        let taken = ((1u64 << (2 << k)) - 1) & !((1u64 << (1 << k)) - 1);
        starts = _mm512_mask_permutexvar_epi8(starts, taken, load(shift), on);
        jump = jump.map(|j| lookup(&jump, j));
    }
    // `jump` is now 16 codes on: codes 16 to 63, then 64 to 79, 16 at a time.
    for j in 1..4 {
        let on = lookup(&jump, starts);
        starts = _mm512_mask_permutexvar_epi8(starts, 0xffff << (16 * j), load(&SHIFT16), on);
    }
    let starts_high = _mm512_permutexvar_epi8(load(&SHIFT16), lookup(&jump, starts));
    let cell_table = [0, 1, 2, 3].map(|k| {
        // SAFETY: `cells_of` has 256 bytes, so 64 from `64 * k`.
        unsafe { _mm512_loadu_si512(cells_of.as_ptr().add(64 * k).cast()) }
    });
    // The cells of the codes: the 8 bits at each start, then their cell.
    let stream_low = lookup(&cell_table, lookup(&windows, starts));
    let stream_high = lookup(&cell_table, lookup(&windows, starts_high));
    // Code 79's start is the end of the board.
    let end = usize::from(
        (_mm_cvtsi128_si32(_mm512_castsi512_si128(_mm512_permutexvar_epi8(
            _mm512_set1_epi8(15),
            starts_high,
        ))) & 0xff) as u8,
    ) + 15;
    // The stream's cells on the board, leaving the king squares.
    let king_bits = 1u128 << kings[0].index() | 1u128 << kings[1].index();
    let mask_low = !(king_bits as u64);
    let mask_high = !((king_bits >> 64) as u64) & 0x1_ffff;
    let mut low = _mm512_maskz_expand_epi8(mask_low, stream_low);
    let used = mask_low.count_ones() as i8;
    let rest = _mm512_permutex2var_epi8(
        stream_low,
        _mm512_adds_epu8(load(&RAMP[0]), _mm512_set1_epi8(used)),
        stream_high,
    );
    let mut high = _mm512_maskz_expand_epi8(mask_high, rest);
    for (i, k) in kings.into_iter().enumerate() {
        let cell = 8 + 14 * i as i8;
        let bit = k.index();
        low = _mm512_mask_set1_epi8(low, (bit < 64) as u64 * (1u64 << (bit & 63)), cell);
        high = _mm512_mask_set1_epi8(high, (bit >= 64) as u64 * (1u64 << (bit & 63)), cell);
    }
    // The last 17 squares through a whole-vector store (a masked store is slow on some
    // processors).
    let mut last = Bytes64([0; 64]);
    // SAFETY: `board` has 64 writable bytes from its start, `last` 64.
    unsafe {
        _mm512_storeu_si512(board.as_mut_ptr().cast(), low);
        _mm512_storeu_si512(last.0.as_mut_ptr().cast(), high);
    }
    if let (Some(to), Some(from)) = (board.get_mut(64..), last.0.get(..17)) {
        to.copy_from_slice(from);
    }
    // Bitboards and material, compared out of the cells.
    let fifteen = _mm512_set1_epi8(15);
    let white = |v| _mm512_cmpgt_epu8_mask(v, _mm512_set1_epi8(14));
    let occupied = |v| _mm512_test_epi8_mask(v, v);
    colors[1] = bitboard(white(low), white(high));
    colors[0] = bitboard(
        occupied(low) & _mm512_cmplt_epu8_mask(low, fifteen),
        occupied(high) & _mm512_cmplt_epu8_mask(high, fifteen),
    );
    let slot_of = load(&SLOT_OF);
    let (slot_low, slot_high) = (
        _mm512_permutexvar_epi8(low, slot_of),
        _mm512_permutexvar_epi8(high, slot_of),
    );
    for (s, bits) in kinds.iter_mut().enumerate() {
        let s = _mm512_set1_epi8(s as i8);
        *bits = bitboard(
            _mm512_cmpeq_epi8_mask(slot_low, s),
            _mm512_cmpeq_epi8_mask(slot_high, s),
        );
    }
    let order_of = load(&ORDER_OF);
    let (order_low, order_high) = (
        _mm512_permutexvar_epi8(low, order_of),
        _mm512_permutexvar_epi8(high, order_of),
    );
    let mut material = 0u64;
    for i in 0..7 {
        let k = _mm512_set1_epi8(i as i8);
        let n = _mm512_cmpeq_epi8_mask(order_low, k).count_ones()
            + (_mm512_cmpeq_epi8_mask(order_high, k) & 0x1_ffff).count_ones();
        material |= u64::from(n) << (8 * i);
    }
    // The keys of the pieces, kings included: the occupied squares and their cells packed
    // together (zeros after them), 8 at a time widened to key indices
    // `(cell - 1) * 81 + square`, the zeros' clamped to the zero key past the table, gathered.
    let keys = &zobrist::BOARD_KEYS;
    let mut sum = _mm512_setzero_si512();
    for (cells, occupied, base) in [
        (low, occupied(low), &RAMP[0]),
        (high, occupied(high) & 0x1_ffff, &RAMP[1]),
    ] {
        let n = occupied.count_ones() as usize;
        let squares = _mm512_maskz_compress_epi8(occupied, load(base));
        let cells = _mm512_maskz_compress_epi8(occupied, cells);
        for (chunk, pick) in CHUNK.iter().enumerate() {
            if 8 * chunk >= n {
                break;
            }
            let pick = load(pick);
            let sq = _mm256_cvtepu8_epi32(_mm512_castsi512_si128(_mm512_permutexvar_epi8(
                pick, squares,
            )));
            let c =
                _mm256_cvtepu8_epi32(_mm512_castsi512_si128(_mm512_permutexvar_epi8(pick, cells)));
            let index = _mm256_min_epu32(
                _mm256_add_epi32(
                    _mm256_mullo_epi32(c, _mm256_set1_epi32(81)),
                    _mm256_sub_epi32(sq, _mm256_set1_epi32(81)),
                ),
                _mm256_set1_epi32(28 * 81),
            );
            // SAFETY: every index is at most 28 * 81 (clamped), in `keys`.
            let found = unsafe { _mm512_i32gather_epi64::<8>(index, keys.as_ptr().cast()) };
            sum = _mm512_add_epi64(sum, found);
        }
    }
    let hash = _mm512_reduce_add_epi64(sum) as u64;
    (end, material, hash)
}
