//! Board and hand decoding with AVX-512: every code placed at once instead of one code after
//! another.
//!
//! The board codes are a chain: where a code starts depends on the lengths of all before it,
//! so decoding them one after another costs a dependent table load per piece. Here:
//!
//! 1. The code starts are found by [`super::scan`]'s automaton in two passes: the state
//!    before each byte, a byte shuffle per 8 bits (each byte and its step loaded straight
//!    from memory, the state kept the same in every lane and put in its byte's place by a
//!    bitwise select: four instructions a byte, of which one shuffle), then the start bits
//!    of all bytes at once, by two 128-byte lookups (`vpermi2b`) of the state with each
//!    nibble ([`TwoPass`]); the end of the board is the 80th start (`pdep`).
//! 2. For every bit of the board part, the 8 bits from it (`vpmultishiftqb`); those at the
//!    starts are packed together (`vpcompressb`, one vector of 64 bits at a time), and each
//!    square's code is looked up in the four packs (`vpermi2b`, two packs at a time) at an
//!    index computed from the square, the king squares and the count of codes before each
//!    pack; a lookup of its last seven bits (`vpermi2b`) gives its cell.
//! 3. The kings' cells are put in, and the colour and kind bitboards and the
//!    material come out of the cells by a bit-matrix transposition: each square's flags (a
//!    bit per bitboard) looked up, transposed eight squares by eight flags at a time
//!    (`vgf2p8affineqb` with the flags as the matrix), each flag's bytes gathered into a
//!    word, then counted (`vpopcntq`) for the material.
//! 4. The Zobrist keys of the occupied squares are gathered (`vpgatherdq`).
//!
//! Boards with few pieces ([`sparse`], see [`super::codec`]'s `DENSE_WIDE`) take the
//! code starts from the automaton up to the end of the board only, then place each piece on
//! its own as [`super::scan`] does, its cell put in vectors ([`Cells`]: a masked broadcast per
//! piece), the bitboards then transposed out of them as above. Boards with almost none are
//! walked one code after another, also with the cells in vectors.
//!
//! Long hand parts (see `HAND_VECTOR`) are decoded the same way: the code starts by an
//! automaton of the hand codes from the end of the board, the 8 bits at each taken as for the
//! board, the codes packed and looked up, and each owner's pieces counted by kind with
//! the same transposition. Anything unusual (a bad code, codes not ending exactly at bit
//! 256) falls back to the walk, which reports it.
//!
//! Bit positions are counted from the first board bit (bit 15): the board part is at most
//! 241 bits long; the bits past 256 read as zeros (empty squares), as in the walk. The
//! board's part of validation is made on the cells while they are still in registers
//! ([`passes`]), beside the bitboards rather than after them: pieces without a move and two
//! pawns on a file by byte lookups and compares, and the side not to move in check by
//! reading the cells on the eight rays from its king at once and testing each ray's first
//! piece ([`attacked`]). All decoders give the same result, field for field (a test compares
//! them on random games, random placements and random bytes).
//!
//! On a Sapphire Rapids Xeon (2.6 GHz, shared) this decodes the starting position with
//! validation in about 62 to 70 ns (the walk: 160), a middle game in about 80 to 90 (155),
//! the ranges being those of different days on the shared machine.

use core::arch::x86_64::{
    __m128i, __m512i, _bzhi_u64, _mm_cvtsi32_si128, _mm_cvtsi128_si32, _mm_cvtsi128_si64,
    _mm_extract_epi64, _mm_loadl_epi64, _mm_loadu_si128, _mm_or_si128, _mm_set1_epi8,
    _mm_setzero_si128, _mm_shuffle_epi8, _mm_storeu_si128, _mm_ternarylogic_epi64,
    _mm256_storeu_si256, _mm512_add_epi8, _mm512_add_epi64, _mm512_and_si512,
    _mm512_castsi512_si128, _mm512_castsi512_si256, _mm512_cmpeq_epi8_mask, _mm512_cmpge_epu8_mask,
    _mm512_cmpgt_epu8_mask, _mm512_cvtepi64_epi8, _mm512_cvtepu8_epi32, _mm512_cvtepu32_epi64,
    _mm512_extracti32x4_epi32, _mm512_extracti64x4_epi64, _mm512_gf2p8affine_epi64_epi8,
    _mm512_i32gather_epi64, _mm512_inserti32x4, _mm512_loadu_si512, _mm512_mask_blend_epi8,
    _mm512_mask_cmpeq_epi8_mask, _mm512_mask_expand_epi8, _mm512_mask_mov_epi8,
    _mm512_mask_set1_epi8, _mm512_mask_sub_epi8, _mm512_maskz_compress_epi8,
    _mm512_maskz_expand_epi8, _mm512_maskz_loadu_epi8, _mm512_maskz_permutex2var_epi8,
    _mm512_maskz_permutexvar_epi8, _mm512_maskz_shuffle_i64x2, _mm512_multishift_epi64_epi8,
    _mm512_or_si512, _mm512_permutex2var_epi8, _mm512_permutex2var_epi64, _mm512_permutexvar_epi8,
    _mm512_popcnt_epi64, _mm512_reduce_add_epi64, _mm512_set1_epi8, _mm512_set1_epi16,
    _mm512_set1_epi64, _mm512_setzero_si512, _mm512_shuffle_i64x2, _mm512_slli_epi32,
    _mm512_srli_epi16, _mm512_storeu_si512, _mm512_ternarylogic_epi64, _mm512_test_epi8_mask,
    _mm512_zextsi128_si512, _pdep_u64, _pext_u64,
};

use shogi_types::{Bitboard, Color, PieceKind, Square};

use super::codec::BITS;
use super::scan::{
    BOARD, BOARD_NEXT, HAND, HAND_NEXT, Step, board_part, board_starts, word_starts,
};
use crate::cpu::{Avx512, avx512_fn};
use crate::position::builder::BoardParts;
use crate::position::slot;
use crate::zobrist;

/// [`super::codec::decode_with`] in the build with the features (so that the decoders are
/// inlined into it), the board decoded as `board` says; long hand parts by [`hands`].
#[inline]
#[allow(unsafe_code)]
pub(super) fn decode<R: crate::VariantHooks>(
    cpu: Avx512,
    bytes: &[u8; 32],
    t: &super::codec::Tables,
    validate: bool,
    board: Board,
) -> Result<crate::Position<R>, super::UnpackError<R>> {
    // SAFETY: `cpu` exists, so the processor has the features of `avx512_fn!`.
    unsafe { decode_wide(bytes, t, validate, cpu, board) }
}

/// As [`board`], for boards with few pieces: the code starts by the automaton up to the end
/// of the board, then each piece on its own (as [`super::scan`] does), its cell put in
/// vectors; `keyed` is the board codes' cells and key indices, by the code's first 8 bits.
/// Past the end of the stream it returns only the end.
#[inline]
#[allow(unsafe_code)]
pub(super) fn sparse(
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
/// the stream, with `hand_decode` (the table of [`super::codec::Tables`]), into their counts
/// in the lanes of the walk's `HAND_INC`; `None` if the codes do not end exactly at bit 256
/// or one is not a code (the walk then finds which).
#[inline]
#[allow(unsafe_code)]
pub(super) fn hands(
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
/// with `side` to move ([`passes`]).
#[inline]
#[allow(unsafe_code)]
pub(super) fn board(
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

// The eight ray directions of the attack tables, as (file, rank) steps: lanes `8d..8d+8` of
// `RAY_CELLS` walk direction `d`.
use crate::attacks::DIRS as DIRECTIONS;

/// By square: lane `8d + j` the square `j + 1` steps away in direction `d`, or 127 (an
/// empty cell) off the board.
static RAY_CELLS: [Bytes64; 81] = {
    let mut t = [const { Bytes64([127; 64]) }; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut d = 0;
        while d < 8 {
            let (file, rank) = ((sq / 9) as i8, (sq % 9) as i8);
            let mut j = 0;
            while j < 8 {
                let f = file + DIRECTIONS[d].0 * (j as i8 + 1);
                let r = rank + DIRECTIONS[d].1 * (j as i8 + 1);
                if f >= 0 && f < 9 && r >= 0 && r < 9 {
                    t[sq].0[8 * d + j] = (f * 9 + r) as u8;
                }
                j += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// Whether a piece of `kind` (of Black) steps (`slide` false, by the attack tables' step
/// lists) or slides (true) by `step`.
const fn moves_by(kind: PieceKind, step: (i8, i8), slide: bool) -> bool {
    use crate::attacks::{GOLD_STEPS, KING_STEPS, PAWN_STEPS, SILVER_STEPS};
    const fn has(steps: &[(i8, i8)], step: (i8, i8)) -> bool {
        let mut i = 0;
        while i < steps.len() {
            if steps[i].0 == step.0 && steps[i].1 == step.1 {
                return true;
            }
            i += 1;
        }
        false
    }
    let (f, r) = step;
    let orthogonal = (f == 0) != (r == 0);
    let diagonal = f != 0 && r != 0;
    if slide {
        return match kind {
            PieceKind::Lance => f == 0 && r == -1,
            PieceKind::Bishop | PieceKind::Horse => diagonal,
            PieceKind::Rook | PieceKind::Dragon => orthogonal,
            _ => false,
        };
    }
    match kind {
        PieceKind::Pawn => has(PAWN_STEPS, step),
        PieceKind::Silver => has(SILVER_STEPS, step),
        PieceKind::Gold
        | PieceKind::ProPawn
        | PieceKind::ProLance
        | PieceKind::ProKnight
        | PieceKind::ProSilver => has(GOLD_STEPS, step),
        PieceKind::King | PieceKind::Horse | PieceKind::Dragon => has(KING_STEPS, step),
        _ => false,
    }
}

/// By attacking colour and `slide`: by cell, bit `d` if the piece of the cell, standing in
/// direction `d` of a king, attacks it by a step (`slide` false: next to it) or along the
/// ray (true); zero for the other colour's pieces and the empty cell.
static RAY_ATTACKS: [[Bytes64; 2]; 2] = {
    let mut t = [const { [const { Bytes64([0; 64]) }, const { Bytes64([0; 64]) }] }; 2];
    let mut by = 0;
    while by < 2 {
        let mut cell = 1;
        while cell < 29 {
            let kind = PieceKind::ALL[(cell - 1) % 14];
            if (cell - 1) / 14 == by {
                let mut d = 0;
                while d < 8 {
                    // From the piece to the king, as Black sees it.
                    let sign = if by == 0 { -1 } else { 1 };
                    let step = (DIRECTIONS[d].0 * sign, DIRECTIONS[d].1 * sign);
                    if moves_by(kind, step, false) {
                        t[by][0].0[cell] |= 1 << d;
                    }
                    if moves_by(kind, step, true) {
                        t[by][1].0[cell] |= 1 << d;
                    }
                    d += 1;
                }
            }
            cell += 1;
        }
        by += 1;
    }
    t
};

/// By attacking colour and square: the two squares from which a knight of that colour
/// attacks the square (127 where off the board).
static KNIGHT_FROM: [[[u8; 2]; 81]; 2] = {
    let mut t = [[[127u8; 2]; 81]; 2];
    let mut by = 0;
    while by < 2 {
        let mut sq = 0;
        while sq < 81 {
            let (file, rank) = ((sq / 9) as i8, (sq % 9) as i8);
            // A knight of Black moves by (±1, -2), so it attacks from (∓1, +2).
            let dr = if by == 0 { 2 } else { -2 };
            let mut i = 0;
            while i < 2 {
                let f = file + if i == 0 { 1 } else { -1 };
                let r = rank + dr;
                if f >= 0 && f < 9 && r >= 0 && r < 9 {
                    t[by][sq][i] = (f * 9 + r) as u8;
                }
                i += 1;
            }
            sq += 1;
        }
        by += 1;
    }
    t
};

/// Lanes `8d` (the first square of each ray).
const RAY_FIRST: u64 = 0x0101_0101_0101_0101;

/// By lane `8d + j`: bit `d`.
const RAY_BIT: Bytes64 = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = 1 << (i / 8);
        i += 1;
    }
    bytes64(t)
};

avx512_fn! {
    /// Whether the king of colour `!by` on `king` is attacked by a piece of `by`, on the board of
    /// cells `low` (squares 0 to 63) and `high` (64 to 80, empty cells after them): the cells on
    /// the eight rays from the king looked up at once (`vpermi2b`), each ray's first piece
    /// tested for an attack along it, and the two knight squares looked up.
    #[inline]
    fn attacked(low: __m512i, high: __m512i, king: Square, by: Color) -> bool {
        let k = king.index();
        let by = by.index();
        // The cells on the rays, nearest first.
        let rays = _mm512_permutex2var_epi8(low, load(&RAY_CELLS[k]), high);
        let occupied = _mm512_test_epi8_mask(rays, rays);
        // The squares behind a piece on their ray (a prefix or within each eight lanes).
        let mut behind = occupied;
        behind |= (behind << 1) & !RAY_FIRST;
        behind |= (behind << 2) & !(RAY_FIRST * 3);
        behind |= (behind << 4) & !(RAY_FIRST * 15);
        let behind = (behind << 1) & !RAY_FIRST;
        // The attacks of each cell along its ray, and by a step next to the king.
        let along = _mm512_permutexvar_epi8(rays, load(&RAY_ATTACKS[by][1]));
        let next = _mm512_or_si512(
            along,
            _mm512_permutexvar_epi8(rays, load(&RAY_ATTACKS[by][0])),
        );
        let attacks = _mm512_mask_mov_epi8(along, RAY_FIRST, next);
        let ray_hit = _mm512_test_epi8_mask(attacks, load(&RAY_BIT)) & !behind != 0;
        let knight = 1 + 2 + 14 * by as u8;
        let [a, b] = KNIGHT_FROM[by][k];
        // (Off the board, index 127 reads an empty cell of `high`.)
        let from = _mm512_permutex2var_epi8(low, _mm512_set1_epi16(i16::from_le_bytes([a, b])), high);
        let knights = _mm512_mask_cmpeq_epi8_mask(0b11, from, _mm512_set1_epi8(knight as i8)) != 0;
        ray_hit || knights
    }
}

/// By cell: bit 0 for a Black pawn or lance, 1 a Black knight, 2 a White pawn or lance, 3 a
/// White knight.
const STUCK_FLAGS: Bytes64 = {
    let mut t = [0u8; 64];
    let mut color = 0;
    while color < 2 {
        let base = 1 + 14 * color;
        t[base + PieceKind::Pawn as usize] = 1 << (2 * color);
        t[base + PieceKind::Lance as usize] = 1 << (2 * color);
        t[base + PieceKind::Knight as usize] = 2 << (2 * color);
        color += 1;
    }
    bytes64(t)
};

/// By square from `64 * half`: the [`STUCK_FLAGS`] of the pieces that cannot stand there
/// (with no move left: the side's far rank, and the far two ranks for a knight).
const STUCK_ON: [Bytes64; 2] = {
    let mut t = [const { Bytes64([0; 64]) }; 2];
    let mut c = 0;
    while c < 2 {
        let color = Color::ALL[c];
        let far = Bitboard::relative_ranks(color, 1, 1).to_bits();
        let far_two = Bitboard::relative_ranks(color, 1, 2).to_bits();
        let mut sq = 0;
        while sq < 81 {
            if far >> sq & 1 != 0 {
                t[sq / 64].0[sq % 64] |= 1 << (2 * c);
            }
            if far_two >> sq & 1 != 0 {
                t[sq / 64].0[sq % 64] |= 2 << (2 * c);
            }
            sq += 1;
        }
        c += 1;
    }
    t
};

avx512_fn! {
    /// Whether the board of cells `low` (squares 0 to 63) and `high` (64 to 80, empty cells
    /// after them), with its `kings` and `side` to move, passes the board's part of validation,
    /// as the walk's `is_valid` tests it on the bitboards: no pawn, lance or knight without a
    /// move, no two unpromoted pawns of a side on a file, and the side not to move not in check.
    #[inline]
    fn passes(low: __m512i, high: __m512i, kings: [Square; 2], side: Color) -> bool {
        let flags = load(&STUCK_FLAGS);
        let stuck = _mm512_test_epi8_mask(_mm512_permutexvar_epi8(low, flags), load(&STUCK_ON[0]))
            | _mm512_test_epi8_mask(_mm512_permutexvar_epi8(high, flags), load(&STUCK_ON[1]));
        let pawns = |cell: u8| {
            let cell = _mm512_set1_epi8(cell as i8);
            u128::from(_mm512_cmpeq_epi8_mask(low, cell))
                | u128::from(_mm512_cmpeq_epi8_mask(high, cell) & 0x1_ffff) << 64
        };
        let two_pawns = crate::position::builder::two_on_a_file(pawns(1 + PieceKind::Pawn as u8))
            || crate::position::builder::two_on_a_file(pawns(1 + 14 + PieceKind::Pawn as u8));
        let in_check = attacked(low, high, kings[(!side).index()], side);
        !(stuck != 0 || two_pawns || in_check)
    }
}

/// How [`decode`] decodes the board (chosen by how full it looks).
#[derive(Clone, Copy)]
pub(super) enum Board {
    /// Every code at once ([`board`]).
    Full,
    /// The code starts, then each piece on its own ([`sparse`]).
    Sparse,
    /// One code after another, the cells kept in vectors ([`Cells`]).
    Walk,
}

/// 64 bytes, aligned for whole-vector loads.
#[repr(C, align(64))]
struct Bytes64([u8; 64]);

const fn bytes64(f: [u8; 64]) -> Bytes64 {
    Bytes64(f)
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

/// An automaton of [`super::scan`] run in two passes: first the state before each byte, a
/// byte shuffle per byte (the only serial part), then the start bits of every byte at once
/// from its state and value, by two table lookups of 128 bytes (state and low nibble, then
/// the state after the low nibble and the high nibble).
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
    let (one, two) = (super::scan::automaton(BOARD_NEXT), two_pass(BOARD_NEXT));
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
    /// The start bits of the board codes in the stream `src` (its 32 bytes `bytes` as a vector,
    /// zeros after them), by the automaton `a` from the board's first code at bit 15, in the
    /// board part's words (bit `i` for stream bit `15 + i`; a start at bit 256, where the stream
    /// ends, is the board part's bit 241, and none is marked after it).
    ///
    /// The first pass reads each byte and its step straight from memory (a load each, no
    /// shifting of words), and keeps the state the same in every lane, so that the state
    /// before each byte is put in its place by a bitwise select rather than a shuffle: the byte
    /// shuffles of the chain are its only shuffles.
    #[inline]
    #[allow(unsafe_code)]
    fn quad_starts(a: &TwoPass, bytes: &[u8; 32], src: __m512i) -> [u64; 4] {
        // Bit 15 starts the board's first code; the state after it, before byte 2.
        let after_first = BOARD_NEXT[0][usize::from(bytes[1] >> 7)] * 17;
        let mut state = _mm_set1_epi8(after_first as i8);
        // The states before the bytes of `half` (from its byte `from`), each in its lane.
        let mut pass = |half: &[u8; 16], from: usize| {
            let mut acc = _mm_setzero_si128();
            for (j, &v) in half.iter().enumerate().skip(from) {
                // SAFETY: `LANE_BYTE` entries are 16 readable bytes, `steps` entries 8.
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
        // SAFETY: `w` is 64 writable bytes.
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
const PLANE_OF: Bytes64 = {
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
const BY_PLANE: Bytes64 = {
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

avx512_fn! {
    #[inline]
    #[allow(unsafe_code)]
    fn load(b: &Bytes64) -> __m512i {
        // SAFETY: `b` is 64 readable bytes; the load has no alignment requirement.
        unsafe { _mm512_loadu_si512(b.0.as_ptr().cast()) }
    }
}

avx512_fn! {
    /// [`decode`].
    fn decode_wide<R: crate::VariantHooks>(
        bytes: &[u8; 32],
        t: &super::codec::Tables,
        validate: bool,
        cpu: Avx512,
        board: Board,
    ) -> Result<crate::Position<R>, super::UnpackError<R>> {
        use super::codec::{Via, decode_with};
        match board {
            Board::Full => decode_with(bytes, t, validate, Via::Wide(cpu)),
            Board::Sparse => decode_with(bytes, t, validate, Via::WideSparse(cpu)),
            Board::Walk => decode_with(bytes, t, validate, Via::WalkWide(cpu)),
        }
    }
}

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
    /// [`hands`].
    #[inline]
    #[allow(unsafe_code)]
    fn decode_hands(bytes: &[u8; 32], end: usize, hand_decode: &[u8; 128]) -> Option<u128> {
        let bits = super::codec::BITS;
        let len = bits.checked_sub(end).filter(|&l| l > 0 && l < 192)?;
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
    fn hand_starts<const N: usize>(bytes: &[u8; 32], end: usize) -> [u64; 3] {
        let (first, r) = (end / 8 % 32, end % 8);
        let head = HAND_FIRST[r][usize::from(bytes[first])];
        let mut state = _mm_set1_epi8((head >> 8) as i8);
        let eight = _mm_set1_epi8(8);
        // Byte `j` of the bytes from `first` (byte 0 its first), into `acc`'s lane `j % 16`.
        let mut step = |acc: __m128i, j: usize| {
            let at = first + j;
            // (Past the stream, a zero byte, without a branch.)
            let v = bytes[at % 32] & 0u8.wrapping_sub(u8::from(at < 32));
            // SAFETY: a step and a `LANE_BYTE` entry are 16 readable bytes.
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
        // SAFETY: `Bitboard` is a transparent `u128`, so `kinds` is 11 and `colors` two of them,
        // 16 bytes each, and every plane holds only bits of squares 0 to 80.
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
pub(super) struct Cells {
    low: __m512i,
    high: __m512i,
}

impl Cells {
    /// The empty board but for the two kings.
    #[inline]
    #[allow(unsafe_code)]
    pub(super) fn new(_: Avx512, kings: [Square; 2]) -> Cells {
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
    pub(super) fn put(&mut self, sq: usize, cell: u8) {
        let bit = 1u64 << (sq & 63);
        // SAFETY: a `Cells` exists only where an `Avx512` did: the processor has AVX-512 F and BW.
        unsafe {
            self.low = _mm512_mask_set1_epi8(self.low, u64::from(sq < 64) * bit, cell as i8);
            self.high = _mm512_mask_set1_epi8(self.high, u64::from(sq >= 64) * bit, cell as i8);
        }
    }

    /// Stores the cells into `board` and sets the bitboards from them.
    #[inline(always)]
    #[allow(unsafe_code)]
    pub(super) fn finish(self, out: BoardParts<'_>) {
        // SAFETY: a `Cells` exists only where an `Avx512` did: the processor has every feature
        // `mailbox` enables.
        unsafe { mailbox(self.low, self.high, out) };
    }
}

avx512_fn! {
    /// [`sparse`].
    #[inline]
    #[allow(unsafe_code, clippy::too_many_arguments)]
    fn decode_sparse(
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

avx512_fn! {
    /// [`board`].
    #[inline]
    #[allow(unsafe_code)]
    fn decode_board(
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
        let (starts, before, end) = board_starts(quad_starts(&BOARD_TWO, bytes, src));
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
            // SAFETY: every index is below 81 * 32 (squares below 81, cells below 32), in `keys`.
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
