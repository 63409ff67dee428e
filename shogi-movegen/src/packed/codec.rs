//! The Huffman codes shared by HCP and PackedSfen, and the bit-level reader and writer.
//!
//! Both formats are a little-endian bit stream of 256 bits: bit `i` is bit `i % 8` of byte
//! `i / 8`. The stream holds the side to move (1 bit), the squares of Black's and White's
//! kings (7 bits each, the square index of [`Square`]), one code for each other square in
//! index order (1a, 1b, ..., 9i), then one code for each piece in hand and for each piece in
//! neither place (the "piece box"), so that a full set always takes exactly 256 bits.

use core::num::NonZeroU32;

use shogi_types::{Bitboard, ByColor, Color, Hand, Piece, PieceKind, Setup, Square};

use super::{PackError, UnpackError};
use crate::position::{SLOTS, cell, slot};
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
    /// Board codes by mailbox cell (0 empty, 1 + colour * 14 + kind); kings have length 0.
    board: [Code; 29],
    /// Hand codes by hand kind (in [`HAND_ORDER`]) and colour.
    hand: [[Code; 2]; 7],
    /// Piece-box codes by hand kind (in [`HAND_ORDER`]).
    piece_box: [Code; 7],
    /// Board decoding: the next 8 bits to `cell | len << 8` (0 for no code).
    board_decode: [u16; 256],
    /// Hand decoding: the next 7 bits to `kind index | owner << 3 | len << 5`, where owner is
    /// 0 Black, 1 White, 2 the piece box (0 for no code).
    hand_decode: [u8; 128],
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
    let mut cells = [c(0, 1); 29];
    let mut i = 0;
    while i < 28 {
        cells[i + 1] = board[i / 14][i % 14];
        i += 1;
    }
    let mut board_decode = [0u16; 256];
    let mut cell_code = 0;
    while cell_code < 29 {
        let code = cells[cell_code];
        if code.len > 0 {
            let mut v = 0usize;
            while v < 256 {
                if v & ((1 << code.len) - 1) == code.bits as usize {
                    board_decode[v] = cell_code as u16 | (code.len as u16) << 8;
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
    Tables {
        board: cells,
        hand,
        piece_box,
        board_decode,
        hand_decode,
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
const BITS: usize = 256;

/// A 256-bit stream under construction: bits collect in `acc` and leave 32 at a time.
struct Writer {
    out: [u8; 32],
    at: usize,
    acc: u64,
    n: u32,
}

impl Writer {
    #[inline(always)]
    fn put(&mut self, code: Code) {
        self.acc |= u64::from(code.bits) << self.n;
        self.n += u32::from(code.len);
        if self.n >= 32 {
            if let Some(dst) = self.out.get_mut(self.at..self.at + 4) {
                dst.copy_from_slice(&(self.acc as u32).to_le_bytes());
            }
            self.at += 4;
            self.acc >>= 32;
            self.n -= 32;
        }
    }
}

/// Per mailbox cell: the index in [`HAND_ORDER`] of its unpromoted kind, 7 for empty and kings.
const CELL_ORDER: [u8; 32] = {
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
    // Pieces of each kind of HAND_ORDER on the board and in hands (index 7: empty, kings).
    let mut used = [0u16; 8];
    for &cell_code in &pos.board {
        used[usize::from(CELL_ORDER[usize::from(cell_code) & 31])] += 1;
    }
    let mut left = [0u8; 7];
    for (i, kind) in HAND_ORDER.into_iter().enumerate() {
        let n = used[i] + u16::from(hands.black.count(kind)) + u16::from(hands.white.count(kind));
        match SET[i].checked_sub(n.min(255) as u8) {
            Some(l) if n <= 255 => left[i] = l,
            _ => return Err(PackError::TooMuchMaterial { kind }),
        }
    }
    // With at most one set, exactly 256 bits follow.
    let mut w = Writer {
        out: [0; 32],
        at: 0,
        acc: pos.side_to_move() as u64 | (bk as u64) << 1 | (wk as u64) << 8,
        n: 15,
    };
    for &cell_code in &pos.board {
        w.put(t.board[usize::from(cell_code) % 29]);
    }
    for color in Color::ALL {
        let hand = hands[color];
        if hand.is_empty() {
            continue;
        }
        for (i, kind) in HAND_ORDER.into_iter().enumerate() {
            for _ in 0..hand.count(kind) {
                w.put(t.hand[i][color.index()]);
            }
        }
    }
    for (i, &n) in left.iter().enumerate() {
        for _ in 0..n {
            w.put(t.piece_box[i]);
        }
    }
    debug_assert_eq!((w.at, w.n), (32, 0));
    Ok(w.out)
}

/// What decoding found: mailbox cells (kings included), hands and side, before validation.
pub(super) struct Decoded {
    board: [u8; 81],
    hands: [Hand; 2],
    side: Color,
    kings: [Square; 2],
}

impl Decoded {
    /// The unchecked setup (move number 1).
    pub(super) fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        setup.board = self.board.map(cell::decode);
        setup.hands = ByColor::new(self.hands[0], self.hands[1]);
        setup.side_to_move = self.side;
        setup
    }

    /// The validated position: the checks of [`Position::from_setup`] done directly on the
    /// decoded data (one king each, no protection and exactly one set are given by the
    /// format), falling back to `from_setup` itself to report the faults of an invalid one.
    pub(super) fn to_position<R: VariantHooks>(&self) -> Result<Position<R>, UnpackError<R>> {
        let mut color_bits = [0u128; 2];
        let mut kind_bits = [0u128; SLOTS];
        let mut hash = 0u64;
        for (i, &cell_code) in self.board.iter().enumerate() {
            if let Some(p) = cell::decode(cell_code)
                && let Some(sq) = Square::from_index(i as u8)
            {
                color_bits[p.color.index()] |= 1 << i;
                kind_bits[slot(p.kind)] |= 1 << i;
                hash = hash.wrapping_add(zobrist::piece_key(p, sq));
            }
        }
        for color in Color::ALL {
            for (kind, n) in self.hands[color.index()].iter() {
                hash = hash.wrapping_add(zobrist::hand_key(color, kind).wrapping_mul(u64::from(n)));
            }
        }
        if self.side == Color::White {
            hash = hash.wrapping_add(zobrist::white_key());
        }
        let pos = Position::<R> {
            board: self.board,
            by_color: color_bits.map(Bitboard::from_bits_truncate),
            by_kind: kind_bits.map(Bitboard::from_bits_truncate),
            hands: ByColor::new(self.hands[0], self.hands[1]),
            kings: [Some(self.kings[0]), Some(self.kings[1])],
            side: self.side,
            move_number: NonZeroU32::MIN,
            hash,
            protected: Default::default(),
        };
        let pawns = kind_bits[slot(PieceKind::Pawn)];
        let lances = kind_bits[slot(PieceKind::Lance)];
        let knights = kind_bits[slot(PieceKind::Knight)];
        let [black, white] = color_bits;
        let stuck = (pawns | lances) & (black & RANKS[0] | white & RANKS[8]) != 0
            || knights & (black & (RANKS[0] | RANKS[1]) | white & (RANKS[7] | RANKS[8])) != 0;
        let two_pawns = [black, white].into_iter().any(|c| {
            let own = Bitboard::from_bits_truncate(pawns & c);
            own.count() != own.fill_files().count() / 9
        });
        let them = self.kings[(!self.side).index()];
        if stuck || two_pawns || pos.is_attacked_by(them, self.side, pos.occupied()) {
            return Position::from_setup(self.to_setup()).map_err(UnpackError::Position);
        }
        Ok(pos)
    }
}

/// The squares of each rank, by rank - 1.
const RANKS: [u128; 9] = {
    let mut t = [0u128; 9];
    let mut i = 0;
    while i < 81 {
        t[i % 9] |= 1 << i;
        i += 1;
    }
    t
};

/// Reads up to 8 bits at bit `pos` of `words` (zeros past the end).
#[inline(always)]
fn peek(words: &[u64; 6], pos: usize) -> u64 {
    let word = (pos >> 6).min(4);
    let off = pos & 63;
    let lo = words[word] >> off;
    if off == 0 {
        lo
    } else {
        lo | words[word + 1] << (64 - off)
    }
}

const BLACK_KING: u8 = cell::encode(Some(Piece::new(Color::Black, PieceKind::King)));
const WHITE_KING: u8 = cell::encode(Some(Piece::new(Color::White, PieceKind::King)));

/// Decodes `bytes` with `t` (no validation as a position yet).
pub(super) fn decode<R: VariantHooks>(
    bytes: &[u8; 32],
    t: &Tables,
) -> Result<Decoded, UnpackError<R>> {
    let mut words = [0u64; 6];
    for (w, chunk) in words.iter_mut().zip(bytes.chunks_exact(8)) {
        let mut b = [0u8; 8];
        b.copy_from_slice(chunk);
        *w = u64::from_le_bytes(b);
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
    if kings[0] == kings[1] {
        return Err(UnpackError::BadKingSquare {
            color: Color::White,
            index: kings[1] as u8,
        });
    }
    let mut board = [cell::EMPTY; 81];
    board[kings[0].index()] = BLACK_KING;
    board[kings[1].index()] = WHITE_KING;
    let mut count = [0u8; 8];
    let mut pos = 15usize;
    for slot in board.iter_mut() {
        if *slot != cell::EMPTY {
            continue;
        }
        let entry = t.board_decode[(peek(&words, pos) & 0xff) as usize];
        if entry == 0 {
            return Err(UnpackError::BadCode { bit: pos as u16 });
        }
        pos += usize::from(entry >> 8);
        if pos > BITS {
            return Err(UnpackError::Overrun);
        }
        let cell_code = (entry & 31) as u8;
        *slot = cell_code;
        count[usize::from(CELL_ORDER[usize::from(cell_code)])] += 1;
    }
    let mut hands = [Hand::EMPTY; 2];
    while pos < BITS {
        let entry = t.hand_decode[(peek(&words, pos) & 0x7f) as usize];
        if entry == 0 {
            return Err(UnpackError::BadCode { bit: pos as u16 });
        }
        pos += usize::from(entry >> 5);
        if pos > BITS {
            return Err(UnpackError::Overrun);
        }
        let i = usize::from(entry & 7) % 7;
        let owner = usize::from(entry >> 3 & 3);
        if let Some(hand) = hands.get_mut(owner) {
            // A stream of 256 bits holds at most 85 hand codes: no count overflows.
            *hand = hand.checked_add(HAND_ORDER[i]).unwrap_or(*hand);
        }
        // At most 85 codes, so this cannot overflow either.
        count[i] = count[i].saturating_add(1);
    }
    // Board, hands and piece box together must hold exactly one set: then the stream is the
    // one the encoder writes (up to the order of the hand and box codes).
    for (i, kind) in HAND_ORDER.into_iter().enumerate() {
        if count[i] != SET[i] {
            return Err(UnpackError::WrongMaterial {
                kind,
                count: count[i],
            });
        }
    }
    Ok(Decoded {
        board,
        hands,
        side,
        kings,
    })
}
