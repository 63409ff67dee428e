//! The Huffman codes shared by HCP and PackedSfen, and the bit-level reader and writer.
//!
//! Both formats are a little-endian bit stream of 256 bits: bit `i` is bit `i % 8` of byte
//! `i / 8`. The stream holds the side to move (1 bit), the squares of Black's and White's
//! kings (7 bits each, the square index of [`Square`]), one code for each other square in
//! index order (1a, 1b, ..., 9i), then one code for each piece in hand and for each piece in
//! neither place (the "piece box"), so that a full set always takes exactly 256 bits.

use shogi_types::{Bitboard, Color, Hand, Piece, PieceKind, Setup, Square};

use super::{PackError, UnpackError};
use crate::cpu::{Avx2, Avx512};
use crate::position::builder::{BoardParts, Builder};
use crate::position::slot;
use crate::zobrist;
use crate::{Position, VariantHooks};

/// One code: its bits (the first bit of the stream in bit 0) and its length.
#[derive(Clone, Copy)]
pub(super) struct Code {
    bits: u8,
    len: u8,
}

const fn c(bits: u8, len: u8) -> Code {
    Code { bits, len }
}

/// The code tables of one format.
pub(super) struct Tables {
    /// Board codes by mailbox cell (0 empty, 1 + colour * 14 + kind; 29.. unused); kings have
    /// length 0.
    board: [Code; 32],
    /// The codes of two consecutive cells `a`, `b`, at `a | b << 5`.
    board_pairs: [PairCode; 1024],
    /// Hand codes by hand kind (in [`HAND_ORDER`]) and colour.
    hand: [[Code; 2]; 7],
    /// Piece-box codes by hand kind (in [`HAND_ORDER`]).
    piece_box: [Code; 7],
    /// Board decoding: the next 8 bits to `cell | len << 8 | slot << 16 | colour << 20 |
    /// 8 * order << 24`, where `slot` is the kind bitboard ([`slot`]) and `order` the index in
    /// [`HAND_ORDER`] of the unpromoted kind (0 for no code).
    board_decode: [u32; 256],
    /// The steps of the codes that start a byte, by the byte.
    board_pieces: [BoardStep; 256],
    /// The mailbox cell of the board code in the first bits of each byte that starts with 1
    /// (a piece), by the byte's other seven bits.
    pub(super) board_cells: [u8; 128],
    /// The board code in the first bits of each byte, as `cell | key << 8`: its mailbox cell
    /// and the index of its first key in the flattened Zobrist board table, `(cell - 1) * 81`
    /// (0 for a byte that starts with 0, an empty square).
    #[cfg_attr(not(all(feature = "std", target_arch = "x86_64")), allow(dead_code))]
    pub(super) board_keyed: [u32; 256],
    /// The board code in the first bits of each byte that starts with 1 (a piece), as one in
    /// the byte of its unpromoted kind's index in [`HAND_ORDER`] (0 for an empty square).
    #[cfg_attr(not(all(feature = "std", target_arch = "x86_64")), allow(dead_code))]
    pub(super) board_material: [u64; 256],
    /// The steps wholly inside the next 10 bits, by those bits.
    board_steps: [BoardStep; 1024],
    /// Hand decoding: the next 7 bits to `kind index | owner << 3 | len << 5`, where owner is
    /// 0 Black, 1 White, 2 the piece box (0 for no code).
    pub(super) hand_decode: [u8; 128],
    /// Hand decoding of the whole codes (up to three) in the next 10 bits: `len | n << 4 |
    /// symbols << 8`, each symbol 5 bits (`kind index | owner << 3`; 31 for none), `len` their
    /// total length and `n` how many.
    hand_multi: [u32; 1024],
    /// The counts of the codes of `hand_multi`, as the sum of their [`HAND_INC`].
    hand_multi_inc: [u128; 1024],
    /// The counts of the hand or piece-box code at the bottom of each 7 bits, as its
    /// [`HAND_INC`] (0 for no code): its low word, then its high word.
    #[cfg_attr(not(all(feature = "std", target_arch = "x86_64")), allow(dead_code))]
    pub(super) hand_inc: [[u64; 128]; 2],
}

/// The codes of two consecutive board cells, for writing.
#[derive(Clone, Copy)]
struct PairCode {
    /// The first cell's code, then the second's.
    bits: u32,
    /// Their total length.
    len: u32,
    /// Their pieces, as [`CELL_MATERIAL`] counts them.
    material: u64,
}

/// What one step of board decoding does: skip `skip` empty squares, then put the piece of a
/// code on the next square, having read `bits` bits in all. Each part is ready to use.
#[derive(Clone, Copy)]
struct BoardStep {
    /// The index of the piece's first key in the flattened Zobrist board table:
    /// `(cell - 1) * 81`.
    zob: u16,
    bits: u8,
    skip: u8,
    cell: u8,
    /// The kind bitboard ([`slot`]).
    slot: u8,
    /// 8 times the index in [`HAND_ORDER`] of the unpromoted kind: the byte that counts it.
    mat_shift: u8,
    color: u8,
}

/// No step: the table's bits do not hold a whole one. Its `skip` is past any board, so that
/// one test of the target square finds both.
const NO_STEP: BoardStep = BoardStep {
    zob: 0,
    bits: 0,
    skip: 127,
    cell: 0,
    slot: 0,
    mat_shift: 0,
    color: 0,
};

/// The step of the code at the bottom of `v` (`board_decode`'s entry `e`), after `skip`
/// empty squares.
const fn board_step(e: u32, skip: usize) -> BoardStep {
    let cell = (e & 31) as usize;
    BoardStep {
        zob: if cell == 0 {
            0
        } else {
            ((cell - 1) * 81) as u16
        },
        bits: (skip + (e >> 8 & 15) as usize) as u8,
        skip: skip as u8,
        cell: cell as u8,
        slot: (e >> 16 & 15) as u8,
        mat_shift: (e >> 24 & 63) as u8,
        color: (e >> 20 & 1) as u8,
    }
}

/// The steps of the codes that start a byte (after no empty square), by the byte: every byte
/// whose first bit is 1 starts one.
const fn board_pieces(board_decode: &[u32; 256]) -> [BoardStep; 256] {
    let mut t = [NO_STEP; 256];
    let mut v = 0;
    while v < 256 {
        let e = board_decode[v];
        if e != 0 && e & 31 != 0 {
            t[v] = board_step(e, 0);
        }
        v += 1;
    }
    t
}

/// The whole steps in the next 10 bits: a run of empty squares (0 bits) and the piece code
/// after it, both inside the 10 bits.
const fn board_steps(board_decode: &[u32; 256]) -> [BoardStep; 1024] {
    let mut t = [NO_STEP; 1024];
    let mut v = 1;
    while v < 1024 {
        let skip = (v as u32).trailing_zeros() as usize;
        // The code's bits past the 10 read as zeros here; a code wholly inside the 10 bits
        // does not depend on them, as no code is a prefix of another.
        let e = board_decode[(v >> skip) & 0xff];
        if e != 0 && e & 31 != 0 && skip + (e >> 8 & 15) as usize <= 10 {
            t[v] = board_step(e, skip);
        }
        v += 1;
    }
    t
}

/// The hand kinds in the order both formats write them: pawn, lance, knight, silver, gold,
/// bishop, rook.
pub(super) const HAND_ORDER: [PieceKind; 7] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
];

/// How many pieces of each kind of [`HAND_ORDER`] one set holds.
const SET: [u8; 7] = [18, 4, 4, 4, 4, 2, 2];

/// The position in [`HAND_ORDER`] of each unpromoted kind, by `PieceKind` index (kings: 7).
const ORDER_OF: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
// `PieceKind` orders pawn, lance, knight, silver, gold, bishop, rook: the same as HAND_ORDER.
const _: () = {
    let mut i = 0;
    while i < 7 {
        assert!(HAND_ORDER[i] as usize == ORDER_OF[i] as usize);
        i += 1;
    }
};

/// Board codes in `PieceKind` order (pawn, lance, knight, silver, gold, bishop, rook, king,
/// tokin, promoted lance, knight, silver, horse, dragon), per colour.
const fn tables(board: [[Code; 14]; 2], hand: [[Code; 2]; 7], piece_box: [Code; 7]) -> Tables {
    let mut cells = [c(0, 0); 32];
    cells[0] = c(0, 1);
    let mut i = 0;
    while i < 28 {
        cells[i + 1] = board[i / 14][i % 14];
        i += 1;
    }
    let mut board_pairs = [PairCode {
        bits: 0,
        len: 0,
        material: 0,
    }; 1024];
    let mut pair = 0;
    while pair < 1024 {
        let (a, b) = (cells[pair & 31], cells[pair >> 5]);
        board_pairs[pair] = PairCode {
            bits: a.bits as u32 | (b.bits as u32) << a.len,
            len: (a.len + b.len) as u32,
            material: CELL_MATERIAL[pair & 31] + CELL_MATERIAL[pair >> 5],
        };
        pair += 1;
    }
    let mut board_decode = [0u32; 256];
    let mut cell_code = 0;
    while cell_code < 29 {
        let code = cells[cell_code];
        if code.len > 0 {
            let mut v = 0usize;
            while v < 256 {
                if v & ((1 << code.len) - 1) == code.bits as usize {
                    let (slot, color) = if cell_code == 0 {
                        (0, 0)
                    } else {
                        (
                            slot(PieceKind::ALL[(cell_code - 1) % 14]),
                            (cell_code - 1) / 14,
                        )
                    };
                    board_decode[v] = cell_code as u32
                        | (code.len as u32) << 8
                        | (slot as u32) << 16
                        | (color as u32) << 20
                        | (8 * CELL_ORDER[cell_code] as u32) << 24;
                }
                v += 1;
            }
        }
        cell_code += 1;
    }
    let mut hand_decode = [0u8; 128];
    let mut k = 0;
    while k < 7 {
        let mut owner = 0;
        while owner < 3 {
            let code = if owner < 2 {
                hand[k][owner]
            } else {
                piece_box[k]
            };
            let mut v = 0usize;
            while v < 128 {
                if v & ((1 << code.len) - 1) == code.bits as usize {
                    hand_decode[v] = k as u8 | (owner as u8) << 3 | code.len << 5;
                }
                v += 1;
            }
            owner += 1;
        }
        k += 1;
    }
    let mut hand_multi = [0u32; 1024];
    let mut hand_multi_inc = [0u128; 1024];
    let mut v = 0;
    while v < 1024 {
        let mut entry = 31 << 8 | 31 << 13 | 31 << 18;
        let (mut off, mut n) = (0, 0);
        while n < 3 {
            // The code (if any) wholly inside the 10 bits at `off`.
            let mut found = None;
            let mut sym = 0;
            while sym < 24 {
                let (k, owner) = (sym & 7, sym >> 3);
                if k < 7 {
                    let code = if owner < 2 {
                        hand[k][owner]
                    } else {
                        piece_box[k]
                    };
                    let len = code.len as usize;
                    if off + len <= 10 && (v >> off) & ((1 << len) - 1) == code.bits as usize {
                        found = Some((sym, len));
                    }
                }
                sym += 1;
            }
            let Some((sym, len)) = found else {
                break;
            };
            entry &= !(31 << (8 + 5 * n));
            entry |= (sym as u32) << (8 + 5 * n);
            hand_multi_inc[v] += HAND_INC[sym];
            off += len;
            n += 1;
        }
        hand_multi[v] = entry | off as u32 | (n as u32) << 4;
        v += 1;
    }
    Tables {
        board: cells,
        board_pairs,
        hand,
        piece_box,
        board_decode,
        board_pieces: board_pieces(&board_decode),
        board_cells: {
            let mut cells = [0u8; 128];
            let mut v = 0;
            while v < 128 {
                cells[v] = (board_decode[2 * v + 1] & 31) as u8;
                v += 1;
            }
            cells
        },
        board_keyed: {
            let mut keyed = [0u32; 256];
            let mut v = 0;
            while v < 256 {
                let cell = board_decode[v] & 31;
                if cell != 0 {
                    keyed[v] = cell | ((cell - 1) * 81) << 8;
                }
                v += 1;
            }
            keyed
        },
        board_material: {
            let mut material = [0u64; 256];
            let mut v = 0;
            while v < 256 {
                if board_decode[v] & 31 != 0 {
                    material[v] = 1 << (board_decode[v] >> 24 & 63);
                }
                v += 1;
            }
            material
        },
        board_steps: board_steps(&board_decode),
        hand_inc: {
            let mut inc = [[0u64; 128]; 2];
            let mut v = 0;
            while v < 128 {
                if hand_decode[v] != 0 {
                    let lanes = HAND_INC[(hand_decode[v] & 31) as usize];
                    inc[0][v] = lanes as u64;
                    inc[1][v] = (lanes >> 64) as u64;
                }
                v += 1;
            }
            inc
        },
        hand_decode,
        hand_multi,
        hand_multi_inc,
    }
}

/// Apery's HuffmanCodedPos, as cshogi writes it (with its piece-box codes).
pub(super) static HCP: Tables = tables(
    [
        [
            c(0b1, 4),
            c(0b11, 6),
            c(0b111, 6),
            c(0b1011, 6),
            c(0b1111, 6),
            c(0b11111, 8),
            c(0b111111, 8),
            c(0, 0),
            c(0b1001, 4),
            c(0b100011, 6),
            c(0b100111, 6),
            c(0b101011, 6),
            c(0b10011111, 8),
            c(0b10111111, 8),
        ],
        [
            c(0b101, 4),
            c(0b10011, 6),
            c(0b10111, 6),
            c(0b11011, 6),
            c(0b101111, 6),
            c(0b1011111, 8),
            c(0b1111111, 8),
            c(0, 0),
            c(0b1101, 4),
            c(0b110011, 6),
            c(0b110111, 6),
            c(0b111011, 6),
            c(0b11011111, 8),
            c(0b11111111, 8),
        ],
    ],
    [
        [c(0b0, 3), c(0b100, 3)],
        [c(0b1, 5), c(0b10001, 5)],
        [c(0b11, 5), c(0b10011, 5)],
        [c(0b101, 5), c(0b10101, 5)],
        [c(0b111, 5), c(0b10111, 5)],
        [c(0b11111, 7), c(0b1011111, 7)],
        [c(0b111111, 7), c(0b1111111, 7)],
    ],
    [
        c(0b10, 3),
        c(0b1001, 5),
        c(0b1011, 5),
        c(0b1101, 5),
        c(0b11101, 5),
        c(0b1111, 7),
        c(0b101111, 7),
    ],
);

/// YaneuraOu's PackedSfen, as cshogi writes it (with its piece-box codes).
pub(super) static PSFEN: Tables = tables(
    [
        [
            c(0b1, 4),
            c(0b11, 6),
            c(0b1011, 6),
            c(0b111, 6),
            c(0b1111, 6),
            c(0b11111, 8),
            c(0b111111, 8),
            c(0, 0),
            c(0b101, 4),
            c(0b10011, 6),
            c(0b11011, 6),
            c(0b10111, 6),
            c(0b1011111, 8),
            c(0b1111111, 8),
        ],
        [
            c(0b1001, 4),
            c(0b100011, 6),
            c(0b101011, 6),
            c(0b100111, 6),
            c(0b101111, 6),
            c(0b10011111, 8),
            c(0b10111111, 8),
            c(0, 0),
            c(0b1101, 4),
            c(0b110011, 6),
            c(0b111011, 6),
            c(0b110111, 6),
            c(0b11011111, 8),
            c(0b11111111, 8),
        ],
    ],
    [
        [c(0b0, 3), c(0b100, 3)],
        [c(0b1, 5), c(0b10001, 5)],
        [c(0b101, 5), c(0b10101, 5)],
        [c(0b11, 5), c(0b10011, 5)],
        [c(0b111, 5), c(0b10111, 5)],
        [c(0b1111, 7), c(0b1001111, 7)],
        [c(0b11111, 7), c(0b1011111, 7)],
    ],
    [
        c(0b10, 3),
        c(0b1001, 5),
        c(0b1101, 5),
        c(0b1011, 5),
        c(0b11011, 5),
        c(0b101111, 7),
        c(0b111111, 7),
    ],
);

/// The 1 bits in the first 64 bits of the board from which [`decode`] decodes the board with
/// [`super::scan`] (where the processor has it and not AVX-512): about 10 to 14 pieces on the
/// board. The walk costs a dependent step per piece, the vector decoders a fixed part and
/// then less per piece, so that the walk is faster for boards with few pieces (measured on
/// random placements of every density; the threshold is near the best); all give the same
/// result.
const DENSE: u32 = 16;

/// As [`DENSE`], for [`super::wide`]'s decoder for full boards: about 12 to 20 pieces (its
/// fixed part is smaller than [`super::scan`]'s); below it, down to [`SPARSE_WIDE`],
/// [`super::wide`]'s decoder for few pieces (the automaton, then each piece on its own), and
/// below that the walk, with the cells kept in vectors. Measured on random placements of
/// every density on a Sapphire Rapids Xeon.
const DENSE_WIDE: u32 = 17;

/// See [`DENSE_WIDE`]: a board with almost no pieces (about 3 or fewer) is walked.
const SPARSE_WIDE: u32 = 4;

/// The shortest hand part (in bits, about 30 codes) that [`super::wide`] decodes; shorter
/// ones are decoded a few codes at a time, which measured faster for them (the vector
/// decoder's fixed part waits for the end of the board).
const HAND_VECTOR: usize = 100;

/// The shortest hand part (in bits) that [`super::scan`] decodes: shorter ones are walked
/// (measured: 118 bits, 30 codes, walked about 4 ns faster; 162 bits, 38 codes, about 8 ns
/// slower). All give the same result.
#[cfg_attr(not(all(feature = "std", target_arch = "x86_64")), allow(dead_code))]
const HAND_SCAN: usize = 140;

/// The number of bits of both formats.
pub(super) const BITS: usize = 256;

/// `ONES[len][n]`: `n` copies of the bit pattern `1` spaced `len` bits apart (0 where
/// `len * n` exceeds 63), so that `bits * ONES[len][n]` is a code repeated `n` times.
const ONES: [[u64; 19]; 8] = {
    let mut t = [[0u64; 19]; 8];
    let mut len = 1;
    while len < 8 {
        let mut n = 1;
        while n < 19 && len * n < 64 {
            t[len][n] = t[len][n - 1] | 1 << (len * (n - 1));
            n += 1;
        }
        len += 1;
    }
    t
};

/// A 256-bit stream under construction: bits collect in `acc` (`n` of them, below 64) and
/// leave a whole word at a time.
struct Writer {
    words: [u64; 4],
    at: usize,
    acc: u64,
    n: u32,
}

impl Writer {
    /// Appends the `len` low bits of `bits` (`len` at most 63, no other bits set).
    #[inline(always)]
    fn put(&mut self, bits: u64, len: u32) {
        self.acc |= bits << self.n;
        let total = self.n + len;
        if total >= 64 {
            if let Some(word) = self.words.get_mut(self.at) {
                *word = self.acc;
            }
            self.at += 1;
            // Here `n` is at least 1, as `len` is below 64.
            self.acc = bits >> (64 - self.n);
            self.n = total - 64;
        } else {
            self.n = total;
        }
    }

    /// Appends the 64 bits of `bits`.
    #[inline(always)]
    fn put_word(&mut self, bits: u64) {
        if let Some(word) = self.words.get_mut(self.at) {
            *word = self.acc | bits << self.n;
        }
        self.at += 1;
        // `>> 1 >>` keeps the shift below 64 when `n` is 0.
        self.acc = bits >> 1 >> (63 - self.n);
    }

    /// Appends `code` `count` times (`count * code.len` at most 63).
    #[inline(always)]
    fn put_repeated(&mut self, code: Code, count: u8) {
        let len = usize::from(code.len) & 7;
        let ones = ONES[len][usize::from(count).min(18)];
        self.put(u64::from(code.bits) * ones, len as u32 * u32::from(count));
    }
}

/// Per mailbox cell: the index in [`HAND_ORDER`] of its unpromoted kind, 7 for empty and kings.
pub(super) const CELL_ORDER: [u8; 32] = {
    let mut t = [7u8; 32];
    let mut cell_code = 1;
    while cell_code < 29 {
        let kind = PieceKind::ALL[(cell_code - 1) % 14].unpromote();
        if !matches!(kind, PieceKind::King) {
            t[cell_code] = ORDER_OF[kind as usize];
        }
        cell_code += 1;
    }
    t
};

/// Per mailbox cell: one in the 5-bit lane of its unpromoted kind's index in [`HAND_ORDER`]
/// (lanes 0 to 6) and one in the 7-bit total at bit 35; nothing for empty squares and kings.
/// The total of a board (at most 79) never overflows; a kind's lane overflows only past 31 of
/// it, and then the lanes no longer add up to the total ([`board_material`]).
const CELL_MATERIAL: [u64; 32] = {
    let mut t = [0u64; 32];
    let mut cell_code = 0;
    while cell_code < 32 {
        let order = CELL_ORDER[cell_code];
        if order < 7 {
            t[cell_code] = 1 << (5 * order) | 1 << 35;
        }
        cell_code += 1;
    }
    t
};

/// The pieces of each kind of [`HAND_ORDER`] on `board`, from the sum of the
/// [`CELL_MATERIAL`] of its cells (counted again one cell at a time if a lane overflowed).
#[inline(always)]
fn board_material(material: u64, board: &[u8; 81]) -> [u32; 7] {
    let mut used = [0u32; 7];
    for (i, n) in used.iter_mut().enumerate() {
        *n = (material >> (5 * i)) as u32 & 31;
    }
    if used.iter().sum::<u32>() != (material >> 35) as u32 & 127 {
        used = [0; 7];
        for &cell_code in board {
            if let Some(n) = used.get_mut(usize::from(CELL_ORDER[usize::from(cell_code) & 31])) {
                *n += 1;
            }
        }
    }
    used
}

/// Encodes `pos` with `t`.
pub(super) fn encode<R: VariantHooks>(
    pos: &Position<R>,
    t: &Tables,
) -> Result<[u8; 32], PackError> {
    if let Some(square) = pos.protected().first() {
        return Err(PackError::Protected { square });
    }
    let (Some(bk), Some(wk)) = (pos.king(Color::Black), pos.king(Color::White)) else {
        let color = if pos.king(Color::Black).is_none() {
            Color::Black
        } else {
            Color::White
        };
        return Err(PackError::MissingKing { color });
    };
    let hands = pos.hands();
    // With at most one set, exactly 256 bits follow. With more, the writer drops the bits past
    // the 256 and the material check after the board reports the position.
    let mut w = Writer {
        words: [0; 4],
        at: 0,
        acc: pos.side_to_move() as u64 | (bk as u64) << 1 | (wk as u64) << 8,
        n: 15,
    };
    // Pieces of each kind of HAND_ORDER on the board, in the lanes of CELL_MATERIAL.
    let mut material = 0u64;
    // Squares 0 to 77 six at a time, then the last three.
    for c in 0..13 {
        // The six cells (and two more) in one word.
        let mut word = [0u8; 8];
        if let Some(bytes) = pos.cells().get(6 * c..6 * c + 8) {
            word.copy_from_slice(bytes);
        }
        if u64::from_le_bytes(word) & 0xffff_ffff_ffff == 0 {
            // Six empty squares: six 0 bits.
            w.put(0, 6);
        } else {
            // The three pairs' codes (at most 48 bits) in one write.
            let (mut bits, mut len) = (0u64, 0u32);
            let cells6 = u64::from_le_bytes(word);
            for p in 0..3 {
                // Cells `2p` and `2p + 1` of the word, 5 bits each.
                let x = (cells6 >> (16 * p)) as usize;
                let index = (x & 0x1f) | (x >> 3 & 0x3e0);
                let e = &t.board_pairs[index];
                bits |= u64::from(e.bits) << len;
                len += e.len;
                material += e.material;
            }
            w.put(bits, len);
        }
    }
    for &cell_code in &pos.cells()[78..] {
        let code = t.board[usize::from(cell_code) & 31];
        material += CELL_MATERIAL[usize::from(cell_code) & 31];
        w.put(u64::from(code.bits), u32::from(code.len));
    }
    let used = board_material(material, pos.cells());
    let mut left = [0u8; 7];
    for (i, kind) in HAND_ORDER.into_iter().enumerate() {
        let n = used[i] + u32::from(hands.black.count(kind)) + u32::from(hands.white.count(kind));
        match u32::from(SET[i]).checked_sub(n) {
            Some(l) => left[i] = l as u8,
            None => return Err(PackError::TooMuchMaterial { kind }),
        }
    }
    // The hand part on its own (its chain of writes does not wait for the board's), then
    // joined after the board.
    let mut h = Writer {
        words: [0; 4],
        at: 0,
        acc: 0,
        n: 0,
    };
    for color in Color::ALL {
        let hand = hands[color];
        if hand.is_empty() {
            continue;
        }
        for (i, kind) in HAND_ORDER.into_iter().enumerate() {
            let n = hand.count(kind);
            if n != 0 {
                h.put_repeated(t.hand[i][color.index()], n);
            }
        }
    }
    for (i, &n) in left.iter().enumerate() {
        if n != 0 {
            h.put_repeated(t.piece_box[i], n);
        }
    }
    // The hand part after the board.
    for &word in h.words.iter().take(h.at) {
        w.put_word(word);
    }
    w.put(h.acc, h.n);
    debug_assert_eq!((w.at, w.n), (4, 0));
    let mut out = [0u8; 32];
    for (chunk, word) in out.chunks_exact_mut(8).zip(w.words) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    Ok(out)
}

/// Decodes `bytes` with `t` into an unchecked setup (move number 1).
pub(super) fn decode_setup(bytes: &[u8; 32], t: &Tables) -> Result<Setup, UnpackError> {
    decode::<crate::Standard>(bytes, t, false).map(|pos| pos.to_setup())
}

/// Decodes `bytes` with `t` and validates the position, falling back to
/// [`Position::from_setup`] to report the faults of an invalid one.
#[inline]
pub(super) fn decode_position<R: VariantHooks>(
    bytes: &[u8; 32],
    t: &Tables,
) -> Result<Position<R>, UnpackError<R>> {
    decode::<R>(bytes, t, true)
}

/// The result of decoding an invalid position: [`Position::from_setup`]'s, which reports
/// its faults. Out of line, so that the decoder's own result can be built in place.
#[cold]
#[inline(never)]
fn invalid<R: VariantHooks>(setup: Setup) -> Result<Position<R>, UnpackError<R>> {
    Position::from_setup(setup).map_err(UnpackError::Position)
}

/// The length of the board code at the bottom of `w`, which starts with a 1: in both
/// formats 4 bits if the next is 0 (pawns), 8 if the next four are 1 (bishops, rooks), else 6.
/// Checked against the tables (decoding looks the length up with the rest of the code, which
/// measured faster than computing it).
pub(super) const fn board_code_len(w: u64) -> usize {
    4 + 2 * ((w >> 1) & 1) as usize + 2 * ((w >> 1) & 15 == 15) as usize
}

/// The length of the hand or piece-box code at the bottom of `w`: in both formats 3 bits if
/// it starts with 0 (pawns), 7 if with four 1s (bishops, rooks), else 5.
#[inline(always)]
pub(super) const fn hand_code_len(w: u64) -> usize {
    3 + 2 * (w & 1) as usize + 2 * (w & 15 == 15) as usize
}

// In both formats every byte whose first bit is 1 starts a board code (so board decoding
// never meets a bad code), and the computed lengths agree with every code.
const _: () = {
    let formats = [&HCP, &PSFEN];
    let mut f = 0;
    while f < 2 {
        let t = formats[f];
        let mut v = 0;
        while v < 256 {
            let e = t.board_decode[v];
            assert!(v & 1 == 0 || e != 0 && (e >> 8 & 15) as usize == board_code_len(v as u64));
            if v < 128 {
                let h = t.hand_decode[v];
                assert!(h == 0 || (h >> 5) as usize == hand_code_len(v as u64));
            }
            v += 1;
        }
        f += 1;
    }
};

/// The 64 bits of the stream `words` (four words, then two of zeros) from bit `pos`: zeros
/// past bit 256, wherever `pos` is.
#[inline(always)]
fn peek(words: &[u64; 6], pos: usize) -> u64 {
    let k = (pos >> 6).min(4);
    let off = (pos & 63) as u32;
    // `<< 1 <<` keeps the shift below 64 when `off` is 0.
    words[k] >> off | words[k + 1] << 1 << (63 - off)
}

/// The set of square index `i`, by `i` (a load is cheaper than a variable 128-bit shift; the
/// entries past 80 are empty, so that any index masked to 7 bits is in the table).
const SQUARE_BIT: [Bitboard; 128] = {
    let mut t = [Bitboard::EMPTY; 128];
    let mut i = 0;
    while i < 81 {
        t[i] = Bitboard::from_bits_truncate(1 << i);
        i += 1;
    }
    t
};

/// [`SET`] as one counter per byte (byte `i` for kind `i` of [`HAND_ORDER`]).
const SET_PACKED: u64 = {
    let mut v = 0u64;
    let mut i = 0;
    while i < 7 {
        v |= (SET[i] as u64) << (8 * i);
        i += 1;
    }
    v
};

/// By hand symbol (`kind index | owner << 3`, owner 0 Black, 1 White, 2 the box): one in the
/// 6-bit lane of the kind among the owner's (lanes 0 to 6 Black's, 7 to 13 White's; none for
/// the box) and one in its lane among the pieces off the board (lanes 14 to 20). No lane
/// overflows: the board takes at least 79 bits, so at most 54 hand codes follow.
const HAND_INC: [u128; 32] = {
    let mut t = [0u128; 32];
    let mut k = 0;
    while k < 7 {
        let off = 1 << (6 * (14 + k));
        t[k] = off | 1 << (6 * k);
        t[8 + k] = off | 1 << (6 * (7 + k));
        t[16 + k] = off;
        k += 1;
    }
    t
};

const BLACK_KING: Piece = Piece::new(Color::Black, PieceKind::King);
const WHITE_KING: Piece = Piece::new(Color::White, PieceKind::King);

/// Decodes `bytes` with `t` into a position; if `validate`, validates it, falling back to
/// [`Position::from_setup`] to report the faults of an invalid one.
#[inline(always)]
fn decode<R: VariantHooks>(
    bytes: &[u8; 32],
    t: &Tables,
    validate: bool,
) -> Result<Position<R>, UnpackError<R>> {
    let head = u64::from_le_bytes(*bytes.first_chunk::<8>().unwrap_or(&[0; 8]));
    let next = u64::from_le_bytes(*bytes[8..].first_chunk::<8>().unwrap_or(&[0; 8]));
    let ones = (head >> 15 | next << 49).count_ones();
    if let Some(cpu) = Avx512::detect() {
        let board = if ones >= DENSE_WIDE {
            super::wide::Board::Full
        } else if ones >= SPARSE_WIDE {
            super::wide::Board::Sparse
        } else {
            super::wide::Board::Walk
        };
        return super::wide::decode(cpu, bytes, t, validate, board);
    }
    if let Some(cpu) = Avx2::detect() {
        return super::scan::decode(cpu, bytes, t, validate, ones >= DENSE);
    }
    decode_with(bytes, t, validate, Via::Walk)
}

/// How [`decode_with`] decodes the board.
#[cfg_attr(not(all(feature = "std", target_arch = "x86_64")), allow(dead_code))]
#[derive(Clone, Copy)]
pub(super) enum Via {
    /// One code after another.
    Walk,
    /// Every code boundary at once ([`super::wide`]).
    Wide(Avx512),
    /// The code starts by an automaton, then each piece on its own ([`super::scan`]).
    Scan(Avx2),
    /// One code after another for the board, the hands as [`super::scan`] decodes them.
    WalkScan(Avx2),
    /// One code after another for the board, the hands as [`super::wide`] decodes them.
    WalkWide(Avx512),
    /// The board by [`super::wide`]'s decoder for few pieces, the hands as it decodes them.
    WideSparse(Avx512),
}

/// [`decode`], with the board decoded `via` the given decoder.
#[inline(always)]
pub(super) fn decode_with<R: VariantHooks>(
    bytes: &[u8; 32],
    t: &Tables,
    validate: bool,
    via: Via,
) -> Result<Position<R>, UnpackError<R>> {
    // Whole words, read straight from the input (so each later read is of a whole stored
    // word, which the processor forwards).
    let mut words = [0u64; 6];
    for (word, chunk) in words.iter_mut().zip(bytes.chunks_exact(8)) {
        let mut b = [0u8; 8];
        b.copy_from_slice(chunk);
        *word = u64::from_le_bytes(b);
    }
    let head = words[0];
    let side = if head & 1 == 0 {
        Color::Black
    } else {
        Color::White
    };
    let mut kings = [Square::SQ_1A; 2];
    for (i, color) in Color::ALL.into_iter().enumerate() {
        let index = ((head >> (1 + 7 * i)) & 0x7f) as u8;
        let Some(sq) = Square::from_index(index) else {
            return Err(UnpackError::BadKingSquare { color, index });
        };
        kings[i] = sq;
    }
    let [bk, wk] = kings;
    if bk == wk {
        return Err(UnpackError::BadKingSquare {
            color: Color::White,
            index: wk as u8,
        });
    }
    let mut out = Builder::<R>::with_kings(side, [bk, wk]);
    // The board: every code boundary at once where the processor can (`wide`), else one
    // code after another. Either gives the bit after the board, the pieces of each kind of
    // HAND_ORDER on it (one byte each), its Zobrist keys, and the stream window after it;
    // the vector decoders also whether the board passes validation (tested on the cells in
    // their registers, so that validation need not wait for the stored bitboards).
    let (mut pos, material, mut hash, mut w, mut valid, board_ok) = match via {
        Via::Scan(cpu) => {
            let (end, material, hash) = super::scan::board(cpu, bytes, t, [bk, wk], out.board());
            (end, material, hash, 0, 0, None)
        }
        Via::Wide(cpu) => {
            let (end, material, hash, ok) =
                super::wide::board(cpu, bytes, &t.board_cells, [bk, wk], side, out.board());
            // An empty window: the hands' first step reads the stream from `end`.
            (end, material, hash, 0, 0, Some(ok))
        }
        Via::WideSparse(cpu) => {
            let (end, material, hash, ok) =
                super::wide::sparse(cpu, bytes, &t.board_keyed, [bk, wk], side, out.board());
            (end, material, hash, 0, 0, Some(ok))
        }
        Via::Walk | Via::WalkWide(_) | Via::WalkScan(_) => {
            // The kings are on the board already.
            let BoardParts {
                cells: board,
                colors: by_color,
                kinds: by_kind,
            } = out.board();
            let mut hash =
                zobrist::piece_key(BLACK_KING, bk).wrapping_add(zobrist::piece_key(WHITE_KING, wk));
            // Pieces of each kind of HAND_ORDER on the board, one byte each.
            let mut material = 0u64;
            // The stream from bit `end - valid` is in `w`, of which the low `valid` bits are
            // real (the rest zeros); refilled whenever fewer than 16 are left. Past bit 256 the
            // stream reads as zeros, that is empty squares, so an overrun of the board shows in
            // the final position.
            let mut w = head >> 15;
            let mut end = 64;
            let mut valid = 64 - 15;
            // The stream has a code for each of the 79 squares without a king, in index order:
            // the board square of the stream's `s`-th is `s` plus one for each king square up
            // to it.
            let (first, second) = (bk.index().min(wk.index()), bk.index().max(wk.index()) - 1);
            let square_of = |s: usize| s + usize::from(s >= first) + usize::from(s >= second);
            // With AVX-512 the cells are kept in vectors and the bitboards compared out of
            // them at the end; else each piece is put in the mailbox and its bitboards.
            let mut cells = match via {
                Via::WalkWide(cpu) => Some(super::wide::Cells::new(cpu, [bk, wk])),
                _ => None,
            };
            // A macro rather than a closure, so that the vector cells' code is compiled with
            // the caller's processor features.
            macro_rules! put {
                ($to:expr, $e:expr) => {{
                    let (to, e): (usize, BoardStep) = ($to, $e);
                    let sq = square_of(to);
                    material += 1 << e.mat_shift;
                    hash = hash.wrapping_add(zobrist::board_key(usize::from(e.zob) + sq));
                    if let Some(cells) = &mut cells {
                        cells.put(sq, e.cell);
                    } else {
                        let bit = SQUARE_BIT[sq & 127];
                        if let Some(cell) = board.get_mut(sq) {
                            *cell = e.cell;
                        }
                        by_color[usize::from(e.color & 1)] |= bit;
                        if let Some(b) = by_kind.get_mut(usize::from(e.slot)) {
                            *b |= bit;
                        }
                    }
                }};
            }
            let mut s = 0;
            while s < 79 {
                if valid < 16 {
                    let pos = end - valid;
                    w = peek(&words, pos);
                    end = pos + 64;
                    valid = 64;
                }
                // Most steps (empty squares, then a piece) are wholly in the next 10 bits.
                let e = t.board_steps[(w & 0x3ff) as usize];
                let to = s + usize::from(e.skip);
                if to < 79 {
                    w >>= e.bits;
                    valid -= usize::from(e.bits);
                    put!(to, e);
                    s = to + 1;
                    continue;
                }
                // Every piece code starts with a 1 and an empty square is a single 0, so the
                // trailing zeros are a run of empty squares, perhaps to the end of the board.
                let zeros = w.trailing_zeros() as usize;
                let run = (79 - s).min(valid - 8);
                if zeros >= run {
                    s += run;
                    w >>= run;
                    valid -= run;
                    continue;
                }
                // The code's 8 bits are in the window, and it is a valid code (every byte with
                // its first bit set is one).
                s += zeros;
                w >>= zeros;
                let e = t.board_pieces[(w & 0xff) as usize];
                w >>= e.bits;
                valid -= zeros + usize::from(e.bits);
                put!(s, e);
                s += 1;
            }
            if let Some(cells) = cells {
                cells.finish(BoardParts {
                    cells: board,
                    colors: by_color,
                    kinds: by_kind,
                });
            }
            // Validated afterwards by `is_valid` (for these boards with few pieces, testing
            // the vector cells measured no faster).
            (end - valid, material, hash, w, valid, None)
        }
    };
    if pos > BITS {
        return Err(UnpackError::Overrun);
    }
    // Pieces of each kind of HAND_ORDER in both hands and off the board, in the lanes of
    // [`HAND_INC`].
    let mut counts = 0u128;
    if let Via::Wide(cpu) | Via::WalkWide(cpu) | Via::WideSparse(cpu) = via
        && BITS - pos >= HAND_VECTOR
        && let Some(found) = super::wide::hands(cpu, bytes, pos, &t.hand_decode)
    {
        counts = found;
        pos = BITS;
    }
    if let Via::Scan(cpu) | Via::WalkScan(cpu) = via
        && BITS - pos >= HAND_SCAN
        && let Some(found) = super::scan::hands(cpu, bytes, pos, &t.hand_inc)
    {
        counts = found;
        pos = BITS;
    }
    // Up to three codes at a time while they are whole and end by bit 256; the rest (and any
    // error) one at a time.
    while pos < BITS {
        if valid < 10 {
            w = peek(&words, pos);
            valid = 64;
        }
        let next = (w & 0x3ff) as usize;
        let entry = t.hand_multi[next];
        let len = (entry & 15) as usize;
        if entry >> 4 & 3 == 0 || pos + len > BITS {
            break;
        }
        pos += len;
        w >>= len;
        valid -= len;
        counts = counts.wrapping_add(t.hand_multi_inc[next]);
    }
    while pos < BITS {
        if valid < 8 {
            w = peek(&words, pos);
            valid = 64;
        }
        let entry = t.hand_decode[(w & 0x7f) as usize];
        if entry == 0 {
            return Err(UnpackError::BadCode { bit: pos as u16 });
        }
        let len = hand_code_len(w);
        pos += len;
        w >>= len;
        valid -= len;
        if pos > BITS {
            return Err(UnpackError::Overrun);
        }
        counts = counts.wrapping_add(HAND_INC[usize::from(entry & 31)]);
    }
    // Board, hands and piece box together must hold exactly one set: then the stream is the
    // one the encoder writes (up to the order of the hand and box codes).
    let mut off_board = 0u64;
    for i in 0..7 {
        off_board |= ((counts >> (6 * (14 + i))) as u64 & 63) << (8 * i);
    }
    let total = material.wrapping_add(off_board);
    if total != SET_PACKED {
        for (i, kind) in HAND_ORDER.into_iter().enumerate() {
            let count = (total >> (8 * i)) as u8;
            if count != SET[i] {
                return Err(UnpackError::WrongMaterial { kind, count });
            }
        }
    }
    for color in Color::ALL {
        let held = (counts >> (42 * color.index())) as u64 & ((1 << 42) - 1);
        if held == 0 {
            continue;
        }
        let mut n = [0u8; 7];
        for (i, (count, kind)) in n.iter_mut().zip(HAND_ORDER).enumerate() {
            *count = (held >> (6 * i)) as u8 & 63;
            hash =
                hash.wrapping_add(zobrist::hand_key(color, kind).wrapping_mul(u64::from(*count)));
        }
        out.set_hand(color, Hand::from_counts(n));
    }
    if side == Color::White {
        hash = hash.wrapping_add(zobrist::white_key());
    }
    if validate && !board_ok.unwrap_or_else(|| out.board_faults().is_empty()) {
        return invalid(out.position().to_setup());
    }
    // The position is built in place and returned as it is, so that it need not be copied.
    Ok(out.finish(hash))
}

#[cfg(test)]
mod tests {
    use super::peek;

    /// `peek` against a bit-by-bit reading of the stream: zeros past bit 256 from any start.
    #[test]
    fn peek_reads_the_stream_then_zeros() {
        let words = [
            0x0123_4567_89ab_cdef,
            0xfedc_ba98_7654_3210,
            u64::MAX,
            0xa5a5_5a5a_f00f_0ff0,
            0,
            0,
        ];
        let bit = |i: usize| i < 256 && words[i / 64] >> (i % 64) & 1 == 1;
        for pos in 0..400 {
            let expected = (0..64).fold(0u64, |acc, j| acc | u64::from(bit(pos + j)) << j);
            assert_eq!(peek(&words, pos), expected, "from bit {pos}");
        }
    }

    /// Everything a decoded position holds, for comparing two decoders field by field
    /// (`Position`'s `==` compares only what the position is, not its bitboards and key).
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    fn parts(
        r: &Result<crate::Position, super::UnpackError>,
    ) -> Result<impl PartialEq + core::fmt::Debug, super::UnpackError> {
        r.clone().map(|p| {
            (
                p.board,
                p.by_color,
                p.by_kind,
                p.hands,
                p.kings,
                p.side,
                p.move_number,
                p.hash,
            )
        })
    }

    /// The vector board decoders (those this processor has) against the walk, on the
    /// encodings of the positions of random games (both formats), on those with a bit
    /// flipped, and on random bytes: the same position (every field) or the same error, with
    /// and without validation.
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    #[test]
    fn vector_decoding_agrees_with_the_walk() {
        use super::{HAND_ORDER, HCP, PSFEN, SET, Tables, Via, decode_with, encode};
        use crate::cpu::{Avx2, Avx512};
        use crate::{Position, Standard};

        let decoders = [
            ("AVX-512", Avx512::detect().map(Via::Wide)),
            ("AVX-512 hands", Avx512::detect().map(Via::WalkWide)),
            ("AVX-512 sparse", Avx512::detect().map(Via::WideSparse)),
            ("AVX2", Avx2::detect().map(Via::Scan)),
            ("AVX2 hands", Avx2::detect().map(Via::WalkScan)),
        ];
        for (name, via) in decoders {
            let Some(via) = via else {
                std::eprintln!("{name} decoder skipped: this processor lacks its instructions");
                continue;
            };
            let mut state = 0x9e37_79b9_7f4a_7c15u64;
            let mut random = move || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state
            };
            let mut compared = 0;
            let mut check = |bytes: &[u8; 32], t: &Tables| {
                for validate in [true, false] {
                    let walk = decode_with::<Standard>(bytes, t, validate, Via::Walk);
                    let fast = decode_with::<Standard>(bytes, t, validate, via);
                    assert_eq!(
                        parts(&walk),
                        parts(&fast),
                        "{name}: {bytes:02x?} validate {validate}"
                    );
                }
                compared += 1;
            };
            for t in [&HCP, &PSFEN] {
                for _ in 0..60 {
                    let mut pos = Position::<Standard>::start();
                    for _ in 0..160 {
                        let Ok(bytes) = encode(&pos, t) else { break };
                        check(&bytes, t);
                        for _ in 0..3 {
                            let mut flipped = bytes;
                            flipped[random() as usize % 32] ^= 1 << (random() % 8);
                            check(&flipped, t);
                        }
                        let moves = pos.legal_moves();
                        let Some(&m) = moves.as_slice().get(random() as usize % moves.len().max(1))
                        else {
                            break;
                        };
                        pos.play_unchecked(m);
                    }
                }
                // Random placements of a whole set: from almost empty boards to full ones,
                // kings anywhere, pieces promoted or not, in either hand or in the box.
                for _ in 0..30_000 {
                    let mut setup = shogi_types::Setup::empty();
                    let on_board = random() % 8;
                    let mut free: std::vec::Vec<usize> = (0..81).collect();
                    let mut take = |r: u64| free.swap_remove(r as usize % free.len());
                    for color in shogi_types::Color::ALL {
                        setup.board[take(random())] =
                            Some(shogi_types::Piece::new(color, shogi_types::PieceKind::King));
                    }
                    for (kind, count) in HAND_ORDER.into_iter().zip(SET) {
                        for _ in 0..count {
                            let color = shogi_types::Color::ALL[(random() % 2) as usize];
                            match random() % 8 {
                                place if place < on_board => {
                                    let kind = match kind.promote() {
                                        Some(promoted) if random() % 3 == 0 => promoted,
                                        _ => kind,
                                    };
                                    setup.board[take(random())] =
                                        Some(shogi_types::Piece::new(color, kind));
                                }
                                7 => {}
                                _ => {
                                    let hand = &mut setup.hands[color];
                                    *hand = hand
                                        .with_count(kind, hand.count(kind) + 1)
                                        .unwrap_or(*hand);
                                }
                            }
                        }
                    }
                    setup.side_to_move = shogi_types::Color::ALL[(random() % 2) as usize];
                    if let Ok(pos) = Position::<Standard>::from_setup(setup)
                        && let Ok(bytes) = encode(&pos, t)
                    {
                        check(&bytes, t);
                        // With a bit flipped: bad codes and overruns in long hand parts.
                        let mut flipped = bytes;
                        flipped[random() as usize % 32] ^= 1 << (random() % 8);
                        check(&flipped, t);
                    }
                }
                for _ in 0..20_000 {
                    let mut bytes = [0u8; 32];
                    for chunk in bytes.chunks_exact_mut(8) {
                        chunk.copy_from_slice(&random().to_le_bytes());
                    }
                    check(&bytes, t);
                }
            }
            assert!(compared > 50_000, "{name}: {compared} streams compared");
        }
    }
}
