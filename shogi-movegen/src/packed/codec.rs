//! The Huffman codes shared by HCP and PackedSfen, and the bit-level reader and writer.
//!
//! Both formats are a little-endian bit stream of 256 bits: bit `i` is bit `i % 8` of byte
//! `i / 8`. The stream holds the side to move (1 bit), the squares of Black's and White's
//! kings (7 bits each, the square index of [`Square`]), one code for each other square in
//! index order (1a, 1b, ..., 9i), then one code for each piece in hand and for each piece in
//! neither place (the "piece box"), so that a full set always takes exactly 256 bits.

use shogi_types::{Color, Hand, Piece, PieceKind, Setup, Square};

use super::{PackError, UnpackError};
use crate::position::cell;
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

/// A 256-bit stream under construction.
struct Writer {
    words: [u64; 5],
    pos: usize,
}

impl Writer {
    #[inline(always)]
    fn put(&mut self, code: Code) {
        let word = (self.pos >> 6) & 3;
        let off = self.pos & 63;
        let bits = u64::from(code.bits);
        self.words[word] |= bits << off;
        if off + usize::from(code.len) > 64 {
            self.words[word + 1] |= bits >> (64 - off);
        }
        self.pos += usize::from(code.len);
    }

    fn finish(self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (chunk, w) in out.chunks_exact_mut(8).zip(self.words) {
            chunk.copy_from_slice(&w.to_le_bytes());
        }
        out
    }
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
    // Pieces of each kind of HAND_ORDER still to place: the piece box is what remains.
    let mut left = SET.map(i16::from);
    let mut w = Writer {
        words: [0; 5],
        pos: 0,
    };
    w.put(c(pos.side_to_move() as u8, 1));
    w.put(c(bk as u8, 7));
    w.put(c(wk as u8, 7));
    for &cell_code in &pos.board {
        let code = t.board[usize::from(cell_code) % 29];
        w.put(code);
        if let Some(p) = cell::decode(cell_code) {
            if let Some(n) = left.get_mut(usize::from(ORDER_OF[p.kind.unpromote().index()])) {
                *n -= 1;
            }
        }
    }
    let hands = pos.hands();
    for (i, kind) in HAND_ORDER.into_iter().enumerate() {
        left[i] -= i16::from(hands.black.count(kind)) + i16::from(hands.white.count(kind));
        if left[i] < 0 {
            return Err(PackError::TooMuchMaterial { kind });
        }
    }
    // The board took at most 15 + 79 * 8 bits, and the material fits a set: exactly 256 bits
    // follow once the hands and the box are written.
    for color in Color::ALL {
        let hand = hands[color];
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
    debug_assert_eq!(w.pos, BITS);
    Ok(w.finish())
}

/// What decoding found, before validation as a position.
pub(super) struct Decoded {
    pub(super) setup: Setup,
}

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

/// Decodes `bytes` with `t` into an unchecked setup (move number 1).
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
    let mut setup = Setup::empty();
    setup.side_to_move = side;
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
    let mut board = [None; 81];
    board[kings[0].index()] = Some(Piece::new(Color::Black, PieceKind::King));
    board[kings[1].index()] = Some(Piece::new(Color::White, PieceKind::King));
    let mut count = [0u8; 7];
    let mut pos = 15usize;
    for (i, slot) in board.iter_mut().enumerate() {
        if i == kings[0].index() || i == kings[1].index() {
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
        if let Some(p) = cell::decode((entry & 31) as u8) {
            *slot = Some(p);
            count[usize::from(ORDER_OF[p.kind.unpromote().index()]) % 7] += 1;
        }
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
        let kind = HAND_ORDER[i];
        let owner = usize::from(entry >> 3 & 3);
        if let Some(hand) = hands.get_mut(owner) {
            // A stream of 256 bits holds at most 85 hand codes: no count overflows.
            *hand = hand.checked_add(kind).unwrap_or(*hand);
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
    setup.board = board;
    setup.hands = shogi_types::ByColor::new(hands[0], hands[1]);
    Ok(Decoded { setup })
}
