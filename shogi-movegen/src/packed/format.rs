//! The Huffman codes shared by HCP and PackedSfen, and the tables that write and read them.
//!
//! Both formats are a little-endian bit stream of 256 bits: bit `i` is bit `i % 8` of byte
//! `i / 8`. The stream holds the side to move (1 bit), the squares of Black's and White's
//! kings (7 bits each, the square index of [`Square`](shogi_types::Square)), one code for
//! each other square in index order (1a, 1b, ..., 9i), then one code for each piece in hand
//! and for each piece in neither place (the "piece box"), so that a full set always takes
//! exactly 256 bits.

use shogi_types::PieceKind;

use crate::position::slot;

/// One code: its bits (the first bit of the stream in bit 0) and its length.
#[derive(Clone, Copy)]
pub(super) struct Code {
    pub(super) bits: u8,
    pub(super) len: u8,
}

const fn c(bits: u8, len: u8) -> Code {
    Code { bits, len }
}

/// The code tables of one format.
pub(super) struct Tables {
    /// Board codes by mailbox cell (0 empty, 1 + colour * 14 + kind; 29.. unused); kings have
    /// length 0.
    pub(super) board: [Code; 32],
    /// The codes of two consecutive cells `a`, `b`, at `a | b << 5`.
    pub(super) board_pairs: [PairCode; 1024],
    /// Hand codes by hand kind (in [`HAND_ORDER`]) and colour.
    pub(super) hand: [[Code; 2]; 7],
    /// Piece-box codes by hand kind (in [`HAND_ORDER`]).
    pub(super) piece_box: [Code; 7],
    /// Board decoding: the next 8 bits to `cell | len << 8 | slot << 16 | colour << 20 |
    /// 8 * order << 24`, where `slot` is the kind bitboard ([`slot`]) and `order` the index in
    /// [`HAND_ORDER`] of the unpromoted kind (0 for no code).
    pub(super) board_decode: [u32; 256],
    /// The steps of the codes that start a byte, by the byte.
    pub(super) board_pieces: [BoardStep; 256],
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
    pub(super) board_steps: [BoardStep; 1024],
    /// Hand decoding: the next 7 bits to `kind index | owner << 3 | len << 5`, where owner is
    /// 0 Black, 1 White, 2 the piece box (0 for no code).
    pub(super) hand_decode: [u8; 128],
    /// Hand decoding of the whole codes (up to three) in the next 10 bits: `len | n << 4 |
    /// symbols << 8`, each symbol 5 bits (`kind index | owner << 3`; 31 for none), `len` their
    /// total length and `n` how many.
    pub(super) hand_multi: [u32; 1024],
    /// The counts of the codes of `hand_multi`, as the sum of their [`HAND_INC`].
    pub(super) hand_multi_inc: [u128; 1024],
    /// The counts of the hand or piece-box code at the bottom of each 7 bits, as its
    /// [`HAND_INC`] (0 for no code): its low word, then its high word.
    #[cfg_attr(not(all(feature = "std", target_arch = "x86_64")), allow(dead_code))]
    pub(super) hand_inc: [[u64; 128]; 2],
}

/// The codes of two consecutive board cells, for writing.
#[derive(Clone, Copy)]
pub(super) struct PairCode {
    /// The first cell's code, then the second's.
    pub(super) bits: u32,
    /// Their total length.
    pub(super) len: u32,
    /// Their pieces, as [`CELL_MATERIAL`] counts them.
    pub(super) material: u64,
}

/// What one step of board decoding does: skip `skip` empty squares, then put the piece of a
/// code on the next square, having read `bits` bits in all. Each part is ready to use.
#[derive(Clone, Copy)]
pub(super) struct BoardStep {
    /// The index of the piece's first key in the flattened Zobrist board table:
    /// `(cell - 1) * 81`.
    pub(super) zob: u16,
    pub(super) bits: u8,
    pub(super) skip: u8,
    pub(super) cell: u8,
    /// The kind bitboard ([`slot`]).
    pub(super) slot: u8,
    /// 8 times the index in [`HAND_ORDER`] of the unpromoted kind: the byte that counts it.
    pub(super) mat_shift: u8,
    pub(super) color: u8,
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
pub(super) const SET: [u8; 7] = [18, 4, 4, 4, 4, 2, 2];

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

/// The number of bits of both formats.
pub(super) const BITS: usize = 256;

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
/// it, and then the lanes no longer add up to the total (`encode`'s `board_material`).
pub(super) const CELL_MATERIAL: [u64; 32] = {
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

/// [`SET`] as one counter per byte (byte `i` for kind `i` of [`HAND_ORDER`]).
pub(super) const SET_PACKED: u64 = {
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
pub(super) const HAND_INC: [u128; 32] = {
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
