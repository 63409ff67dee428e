//! The board: each square's code looked up in the packed codes, the cells stored, the colour
//! and kind bitboards and the material transposed out of them, the Zobrist keys gathered;
//! and the decoders of boards with few pieces, which keep the cells in vectors ([`Cells`]).

use core::arch::x86_64::{
    __m512i, _bzhi_u64, _mm_cvtsi128_si64, _mm_setzero_si128, _mm_storeu_si128,
    _mm256_storeu_si256, _mm512_add_epi64, _mm512_castsi512_si128, _mm512_castsi512_si256,
    _mm512_cmpge_epu8_mask, _mm512_cmpgt_epu8_mask, _mm512_cvtepi64_epi8, _mm512_cvtepu8_epi32,
    _mm512_cvtepu32_epi64, _mm512_extracti32x4_epi32, _mm512_extracti64x4_epi64,
    _mm512_gf2p8affine_epi64_epi8, _mm512_i32gather_epi64, _mm512_loadu_si512,
    _mm512_mask_blend_epi8, _mm512_mask_expand_epi8, _mm512_mask_set1_epi8, _mm512_mask_sub_epi8,
    _mm512_maskz_compress_epi8, _mm512_maskz_loadu_epi8, _mm512_maskz_permutex2var_epi8,
    _mm512_maskz_shuffle_i64x2, _mm512_or_si512, _mm512_permutex2var_epi8,
    _mm512_permutex2var_epi64, _mm512_permutexvar_epi8, _mm512_popcnt_epi64,
    _mm512_reduce_add_epi64, _mm512_set1_epi8, _mm512_set1_epi64, _mm512_setzero_si512,
    _mm512_shuffle_i64x2, _mm512_slli_epi32, _mm512_srli_epi16, _mm512_storeu_si512,
    _mm512_test_epi8_mask, _pdep_u64,
};

use shogi_types::{Bitboard, Color, PieceKind, Square};

use super::super::automaton::{BOARD, board_part, board_starts, word_starts};
use super::check::passes;
use super::starts::quad_starts;
use super::{Bytes64, bytes64, iota, load, windows};
use crate::cpu::{Avx512, avx512_fn};
use crate::packed::format::BITS;
use crate::position::builder::BoardParts;
use crate::position::{SLOTS, slot};
use crate::zobrist;

/// The positions `64m..64m+64`.
const RAMP: [Bytes64; 4] = [iota(0, 256), iota(64, 256), iota(128, 256), iota(192, 256)];

/// Each cell's flags: from byte 0, a bit for its kind bitboard among the first eight
/// ([`slot`]); from byte 32, bit 0 horse, 1 dragon, 2 Black, 3 White, 4 to 7 the promoted
/// pawn, lance, knight and silver.
const FLAGS: Bytes64 = {
    let mut t = [0u8; 64];
    let mut c = 1;
    while c < 29 {
        let kind = PieceKind::ALL[(c - 1) % 14];
        let s = slot(kind);
        if s < 8 {
            t[c] = 1 << s;
        }
        let k = kind as usize;
        let promoted_minor = if k >= 8 && k < 12 {
            1 << (4 + k - 8)
        } else {
            0
        };
        let big = match kind {
            PieceKind::Horse => 1,
            PieceKind::Dragon => 2,
            _ => 0,
        };
        t[32 + c] = big | promoted_minor | if c < 15 { 4 } else { 8 };
        c += 1;
    }
    bytes64(t)
};

/// The transposition's selectors: byte `i` of each word selects flag `i`.
pub(super) const PLANE_OF: Bytes64 = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = 1 << (i % 8);
        i += 1;
    }
    bytes64(t)
};

/// After the transposition of 64 squares (byte `i` of word `q`: flag `i` of squares
/// `8q..8q+8`): word `i` takes the bytes of flag `i`.
pub(super) const BY_PLANE: Bytes64 = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = ((i % 8) * 8 + i / 8) as u8;
        i += 1;
    }
    bytes64(t)
};

/// The last 17 squares' cells twice, for both flag tables: bytes 0..24 and 32..56 take
/// squares 64..88 (those past 80 empty), the rest an empty byte (63).
const HIGH_TWICE: Bytes64 = {
    let mut t = [63u8; 64];
    let mut i = 0;
    while i < 24 {
        t[i] = i as u8;
        t[32 + i] = i as u8;
        i += 1;
    }
    bytes64(t)
};

/// 32 in the bytes of the second copy: the second flag table.
const HIGH_SECOND: Bytes64 = {
    let mut t = [0u8; 64];
    let mut i = 32;
    while i < 64 {
        t[i] = 32;
        i += 1;
    }
    bytes64(t)
};

/// After the transposition of [`HIGH_TWICE`]'s flags (words 0..3 the first table's, 4..7
/// the second's): 32-bit word `p` takes the three bytes of flag `p` (of the first table for
/// `p` below 8, else of the second), then an empty byte.
const BY_PLANE_HIGH: Bytes64 = {
    let mut t = [0u8; 64];
    let mut p = 0;
    while p < 16 {
        let base = if p < 8 { 0 } else { 32 };
        let mut j = 0;
        while j < 3 {
            t[4 * p + j] = (base + 8 * j + p % 8) as u8;
            j += 1;
        }
        // Word 3 of each half is of empty squares: a zero byte.
        t[4 * p + 3] = (base + 24) as u8;
        p += 1;
    }
    bytes64(t)
};

/// Word indices of the 128-bit pairs `(plane i of the first vector, of the second)` for
/// planes 0 to 3, and 4 to 7.
const PAIRS_LOW: Bytes64 = words([0, 8, 1, 9, 2, 10, 3, 11]);

const PAIRS_HIGH: Bytes64 = words([4, 12, 5, 13, 6, 14, 7, 15]);

/// The even and the odd words of two vectors.
const EVEN: Bytes64 = words([0, 2, 4, 6, 8, 10, 12, 14]);

const ODD: Bytes64 = words([1, 3, 5, 7, 9, 11, 13, 15]);

/// Eight 64-bit words as 64 bytes.
const fn words(w: [u64; 8]) -> Bytes64 {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = (w[i / 8] >> (8 * (i % 8))) as u8;
        i += 1;
    }
    bytes64(t)
}

// Layout: `mailbox` stores the kind bitboards as 176 bytes and the colour bitboards as 32,
// each bitboard a little-endian `u128` of square bits (`Bitboard` is `repr(transparent)`
// over its `u128`).
const _: () = assert!(
    size_of::<Bitboard>() == size_of::<u128>()
        && align_of::<Bitboard>() == align_of::<u128>()
        && size_of::<[Bitboard; SLOTS]>() == 16 * 11
        && size_of::<[Bitboard; 2]>() == 32
        && cfg!(target_endian = "little")
);

avx512_fn! {
    /// Stores the cells `low` (squares 0 to 63) and `high` (64 to 80, zeros after them) into
    /// `board`, sets the colour and kind bitboards from them and returns the pieces of each kind
    /// of `HAND_ORDER` on the board (one byte each).
    #[inline]
    #[allow(unsafe_code)]
    fn mailbox(low: __m512i, high: __m512i, out: BoardParts<'_>) -> u64 {
        let BoardParts {
            cells: board,
            colors,
            kinds,
        } = out;
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
        // Bitboards and material: each square's flags (one byte per table, a bit per bitboard)
        // looked up from its cell, then the bit matrix transposed, eight squares by eight flags
        // at a time (`vgf2p8affineqb` with the flags as the matrix), and the bytes of each flag
        // gathered into one word. The transposition reverses the squares of each byte, which a
        // second affine step undoes.
        let flags = load(&FLAGS);
        let reverse = _mm512_set1_epi64(0x8040_2010_0804_0201_u64 as i64);
        let planes = |v| _mm512_gf2p8affine_epi64_epi8::<0>(load(&PLANE_OF), v);
        let gather = |v, order: &Bytes64| {
            _mm512_gf2p8affine_epi64_epi8::<0>(_mm512_permutexvar_epi8(load(order), v), reverse)
        };
        let low1 = gather(planes(_mm512_permutexvar_epi8(low, flags)), &BY_PLANE);
        let low2 = gather(
            planes(_mm512_permutexvar_epi8(
                _mm512_or_si512(low, _mm512_set1_epi8(32)),
                flags,
            )),
            &BY_PLANE,
        );
        let high_both = _mm512_or_si512(
            _mm512_permutexvar_epi8(load(&HIGH_TWICE), high),
            load(&HIGH_SECOND),
        );
        let high12 = gather(
            planes(_mm512_permutexvar_epi8(high_both, flags)),
            &BY_PLANE_HIGH,
        );
        // Each bitboard as its two words (squares 0..64 in the first, the rest in the second):
        // the 64-square planes beside the last squares' planes widened to words.
        let high_a = _mm512_cvtepu32_epi64(_mm512_castsi512_si256(high12));
        let high_b = _mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64::<1>(high12));
        let pairs_low = load(&PAIRS_LOW);
        let pairs_high = load(&PAIRS_HIGH);
        let v0 = _mm512_permutex2var_epi64(low1, pairs_low, high_a);
        let v1 = _mm512_permutex2var_epi64(low1, pairs_high, high_a);
        let v2 = _mm512_permutex2var_epi64(low2, pairs_low, high_b);
        let v3 = _mm512_permutex2var_epi64(low2, pairs_high, high_b);
        // The promoted minors (planes 12 to 15) together.
        let minors = _mm512_or_si512(v3, _mm512_shuffle_i64x2::<0b00_00_11_10>(v3, v3));
        let minors = _mm512_castsi512_si128(_mm512_or_si512(
            minors,
            _mm512_shuffle_i64x2::<0b00_00_00_01>(minors, minors),
        ));
        // SAFETY: `kinds` is 11 bitboards and `colors` two, 16 bytes each, a `u128` of square
        // bits (the layout assertion above `mailbox`), and every plane holds only bits of
        // squares 0 to 80, as a `Bitboard` must.
        unsafe {
            let kinds = kinds.as_mut_ptr().cast::<u8>();
            _mm512_storeu_si512(kinds.cast(), v0);
            _mm512_storeu_si512(kinds.add(64).cast(), v1);
            _mm256_storeu_si256(kinds.add(128).cast(), _mm512_castsi512_si256(v2));
            _mm_storeu_si128(kinds.add(160).cast(), minors);
            _mm256_storeu_si256(
                colors.as_mut_ptr().cast(),
                _mm512_extracti64x4_epi64::<1>(v2),
            );
        }
        // Material: each kind's pieces with their promoted ones (pawn to silver: v0 with the
        // minors of v3; gold, bishop, rook, king: v1 with the horse and dragon of v2 beside the
        // bishop and rook), counted, the two words of each added, one byte each.
        let first = _mm512_popcnt_epi64(_mm512_or_si512(v0, v3));
        let second = _mm512_popcnt_epi64(_mm512_or_si512(
            v1,
            _mm512_maskz_shuffle_i64x2::<0b00_01_00_00>(0b0011_1100, v2, v2),
        ));
        let counts = _mm512_add_epi64(
            _mm512_permutex2var_epi64(first, load(&EVEN), second),
            _mm512_permutex2var_epi64(first, load(&ODD), second),
        );
        _mm_cvtsi128_si64(_mm512_cvtepi64_epi8(counts)) as u64 & 0x00ff_ffff_ffff_ffff
    }
}

/// The cells of a board being decoded one code after another, in two vectors (squares 0 to
/// 63, then 64 to 80): placing a piece is a masked broadcast, with no store to wait for.
pub(in crate::packed) struct Cells {
    low: __m512i,
    high: __m512i,
}

impl Cells {
    /// The empty board but for the two kings.
    #[inline]
    #[allow(unsafe_code)]
    pub(in crate::packed) fn new(_: Avx512, kings: [Square; 2]) -> Cells {
        // SAFETY: the `Avx512` given shows that the processor has AVX-512 F and BW.
        unsafe {
            let mut cells = Cells {
                low: _mm512_setzero_si512(),
                high: _mm512_setzero_si512(),
            };
            cells.put(kings[0].index(), 8);
            cells.put(kings[1].index(), 22);
            cells
        }
    }

    /// Puts `cell` on square `sq` (below 81).
    #[inline(always)]
    #[allow(unsafe_code)]
    pub(in crate::packed) fn put(&mut self, sq: usize, cell: u8) {
        let bit = 1u64 << (sq & 63);
        // SAFETY: a `Cells` exists only where an `Avx512` did: the processor has AVX-512 F and BW.
        unsafe {
            self.low = _mm512_mask_set1_epi8(self.low, u64::from(sq < 64) * bit, cell as i8);
            self.high = _mm512_mask_set1_epi8(self.high, u64::from(sq >= 64) * bit, cell as i8);
        }
    }

    /// Stores the cells into `out` and sets the bitboards from them, and returns whether the
    /// board, with its `kings` and `side` to move, passes validation ([`passes`]).
    #[inline(always)]
    #[allow(unsafe_code)]
    pub(in crate::packed) fn finish(
        self,
        out: BoardParts<'_>,
        kings: [Square; 2],
        side: Color,
    ) -> bool {
        // SAFETY: a `Cells` exists only where an `Avx512` did: the processor has every feature
        // of `avx512_fn!`.
        unsafe {
            mailbox(self.low, self.high, out);
            passes(self.low, self.high, kings, side)
        }
    }
}

avx512_fn! {
    /// [`sparse`](super::sparse).
    #[inline]
    #[allow(unsafe_code, clippy::too_many_arguments)]
    pub(super) fn decode_sparse(
        cpu: Avx512,
        bytes: &[u8; 32],
        keyed: &[u32; 256],
        kings: [Square; 2],
        side: Color,
        out: BoardParts<'_>,
    ) -> (usize, u64, u64, bool) {
        let part = board_part(bytes);
        // The code starts, a word at a time until the board's 80th.
        let mut state = _mm_setzero_si128();
        let mut starts = [0u64; 4];
        let mut before = [0u32; 4];
        let mut seen = 0u32;
        let mut end = None;
        for (k, (&word, found)) in part.iter().zip(starts.iter_mut()).enumerate() {
            let bits = word_starts(&BOARD, &mut state, word);
            let n = bits.count_ones();
            before[k] = seen;
            if seen + n >= 80 {
                let at = _pdep_u64(1 << (79 - seen), bits).trailing_zeros();
                *found = bits & ((1u64 << at) - 1);
                end = Some(64 * k + at as usize + 15);
                break;
            }
            *found = bits;
            seen += n;
        }
        let Some(end) = end.filter(|&e| e <= BITS) else {
            return (end.unwrap_or(BITS + 1), 0, 0, false);
        };
        let [bk, wk] = kings;
        let (first, second) = (bk.index().min(wk.index()), bk.index().max(wk.index()) - 1);
        let mut cells = Cells::new(cpu, kings);
        let keys = &zobrist::BOARD_KEYS;
        let last_key = keys.len() - 1;
        let mut hash = keys[7 * 81 + bk.index()].wrapping_add(keys[21 * 81 + wk.index()]);
        for k in 0..4 {
            let starts_k = starts[k];
            let mut pieces = starts_k & part[k];
            // The 8 bits from bit `i` are `word >> i | next << (63 - i)` for any `i` below 64.
            let word = part[k];
            let next = part.get(k + 1).map_or(0, |w| w << 1);
            while pieces != 0 {
                let i = pieces.trailing_zeros();
                pieces &= pieces - 1;
                let s = before[k] as usize + _bzhi_u64(starts_k, i).count_ones() as usize;
                let sq = s + usize::from(s >= first) + usize::from(s >= second);
                let code = (word >> i | next << (63 - i)) as u8;
                let e = keyed[usize::from(code)];
                cells.put(sq.min(80), e as u8);
                hash = hash.wrapping_add(keys[((e >> 8) as usize + sq).min(last_key)]);
            }
        }
        let material = mailbox(cells.low, cells.high, out);
        (
            end,
            material,
            hash,
            passes(cells.low, cells.high, kings, side),
        )
    }
}

// Layout: the keys are gathered as 8-byte words at `square * 32 + cell`.
const _: () = assert!(size_of_val(&zobrist::BOARD_KEYS_BY_SQUARE) == 8 * 81 * 32);

avx512_fn! {
    /// [`board`](super::board()).
    #[inline]
    #[allow(unsafe_code)]
    pub(super) fn decode_board(
        bytes: &[u8; 32],
        cells_of: &[u8; 128],
        kings: [Square; 2],
        side: Color,
        out: BoardParts<'_>,
    ) -> (usize, u64, u64, bool) {
        // SAFETY: the 32 bytes of `bytes` are readable; the masked-off bytes are not read.
        let src = unsafe { _mm512_maskz_loadu_epi8(u64::from(u32::MAX), bytes.as_ptr().cast()) };
        // For every bit of the board part (from bit 15), the 8 bits from it.
        let windows = [0, 1, 2, 3].map(|m| windows(src, 15, m));
        // The code starts, by the automaton.
        // The start of code 80 ends the board; the board overruns the stream if there is none
        // in the 256 bits.
        let (starts, before, end) = board_starts(quad_starts(bytes, src));
        let end = end.map_or(BITS + 1, |e| e + 15);
        // The 8 bits at each start, in order: each vector's packed together.
        let packed = [0, 1, 2, 3].map(|m| _mm512_maskz_compress_epi8(starts[m], windows[m]));
        // Each square's code, looked up in the packs: square `s` takes the stream's code `j`
        // (`s` less the king squares before it), which is in the last pack `m` whose first code
        // is at most `j`, at `j - before[m]`; two packs are looked up at once, the second of a
        // pair from 64. (The king squares take some code, replaced below.)
        let [bk, wk] = kings.map(Square::index);
        let (k_min, k_max) = (bk.min(wk) as i8, bk.max(wk) as i8);
        let one = _mm512_set1_epi8(1);
        let code_of = |squares: __m512i| {
            let j = _mm512_mask_sub_epi8(
                squares,
                _mm512_cmpgt_epu8_mask(squares, _mm512_set1_epi8(k_min)),
                squares,
                one,
            );
            let j = _mm512_mask_sub_epi8(
                j,
                _mm512_cmpgt_epu8_mask(squares, _mm512_set1_epi8(k_max)),
                j,
                one,
            );
            let mut index = j;
            let mut second_pair = 0;
            for (m, &count) in before.iter().enumerate().skip(1) {
                // (`count` is at most 79, and `j` below 128.)
                let at = _mm512_cmpge_epu8_mask(j, _mm512_set1_epi8(count as i8));
                let first = count as i32 - if m % 2 == 1 { 64 } else { 0 };
                index = _mm512_mask_sub_epi8(index, at, j, _mm512_set1_epi8(first as i8));
                if m == 2 {
                    second_pair = at;
                }
            }
            _mm512_mask_blend_epi8(
                second_pair,
                _mm512_permutex2var_epi8(packed[0], index, packed[1]),
                _mm512_permutex2var_epi8(packed[2], index, packed[3]),
            )
        };
        // The cells of the codes: those starting with 1 by their other seven bits (the index's
        // eighth bit, shifted in from the next byte, is ignored), the others empty; nothing past
        // square 80.
        let cell_table = [0, 1].map(|k| {
            // SAFETY: `cells_of` has 128 bytes, so 64 from `64 * k`.
            unsafe { _mm512_loadu_si512(cells_of.as_ptr().add(64 * k).cast()) }
        });
        let to_cells = |codes, squares: u64| {
            _mm512_maskz_permutex2var_epi8(
                _mm512_test_epi8_mask(codes, one) & squares,
                cell_table[0],
                _mm512_srli_epi16::<1>(codes),
                cell_table[1],
            )
        };
        let mut low = to_cells(code_of(load(&RAMP[0])), u64::MAX);
        let mut high = to_cells(code_of(load(&RAMP[1])), 0x1_ffff);
        for (i, k) in kings.into_iter().enumerate() {
            let cell = 8 + 14 * i as i8;
            let bit = k.index();
            low = _mm512_mask_set1_epi8(low, (bit < 64) as u64 * (1u64 << (bit & 63)), cell);
            high = _mm512_mask_set1_epi8(high, (bit >= 64) as u64 * (1u64 << (bit & 63)), cell);
        }
        let material = mailbox(low, high, out);
        // The keys of the pieces, kings included: the occupied squares and their cells packed
        // together (zeros after them: index 0, a zero key), 16 at a time widened to key indices
        // `square * 32 + cell`, gathered eight at a time.
        let occupied_low = _mm512_test_epi8_mask(low, low);
        let occupied_high = _mm512_test_epi8_mask(high, high) & 0x1_ffff;
        let n_low = occupied_low.count_ones();
        let n = n_low + occupied_high.count_ones();
        let from = if n_low >= 64 { 0 } else { u64::MAX << n_low };
        let join = |a, b| {
            _mm512_mask_expand_epi8(
                _mm512_maskz_compress_epi8(occupied_low, a),
                from,
                _mm512_maskz_compress_epi8(occupied_high, b),
            )
        };
        let squares = join(load(&RAMP[0]), load(&RAMP[1]));
        let cells = join(low, high);
        let keys = &zobrist::BOARD_KEYS_BY_SQUARE;
        let mut sum = _mm512_setzero_si512();
        let lanes = [
            (
                _mm512_castsi512_si128(squares),
                _mm512_castsi512_si128(cells),
            ),
            (
                _mm512_extracti32x4_epi32::<1>(squares),
                _mm512_extracti32x4_epi32::<1>(cells),
            ),
            (
                _mm512_extracti32x4_epi32::<2>(squares),
                _mm512_extracti32x4_epi32::<2>(cells),
            ),
        ];
        for (g, (sq, cell)) in lanes.into_iter().enumerate() {
            if 16 * g as u32 >= n {
                break;
            }
            let index = _mm512_or_si512(
                _mm512_slli_epi32::<5>(_mm512_cvtepu8_epi32(sq)),
                _mm512_cvtepu8_epi32(cell),
            );
            // SAFETY: every index is below 81 * 32 (squares below 81, cells below 32), and `keys`
            // has that many 8-byte words (the layout assertion above `decode_board`).
            sum = _mm512_add_epi64(sum, unsafe {
                _mm512_i32gather_epi64::<8>(_mm512_castsi512_si256(index), keys.as_ptr().cast())
            });
            if 16 * g as u32 + 8 < n {
                // SAFETY: as above.
                sum = _mm512_add_epi64(sum, unsafe {
                    _mm512_i32gather_epi64::<8>(
                        _mm512_extracti64x4_epi64::<1>(index),
                        keys.as_ptr().cast(),
                    )
                });
            }
        }
        let hash = _mm512_reduce_add_epi64(sum) as u64;
        (end, material, hash, passes(low, high, kings, side))
    }
}
