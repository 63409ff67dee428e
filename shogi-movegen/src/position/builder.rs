//! The one way a [`Position`] is made: a [`Builder`] fills one in place (mailbox, bitboards,
//! kings, hands), and [`Builder::board_faults`] is the one check of a board, shared by
//! [`Position::from_setup`] and the packed decoders.

use core::num::NonZeroU32;

use shogi_types::{Bitboard, ByColor, Color, Hand, Piece, PieceKind, Square};

use super::{Position, SLOTS, cell, slot};
use crate::VariantHooks;
use crate::error::{Fault, Faults};
use crate::hooks::ProtectedSet;

/// A position being built in place: an empty board, empty hands and move number 1 to start
/// with, then pieces, hands and marks, then [`Builder::finish`].
///
/// What it holds need not be a valid position: validation is the caller's, with
/// [`Builder::board_faults`] for the board. The one invariant the builder keeps is that the
/// mailbox, the bitboards and the kings describe the same pieces; [`Builder::finish`] checks
/// it (and the Zobrist key) in debug builds.
#[repr(transparent)]
pub(crate) struct Builder<R: VariantHooks>(Position<R>);

/// The board of a [`Builder`], for the decoders that fill it at once: the mailbox (one
/// [`cell`] code per square, 0 empty), the colour bitboards (Black, White) and the kind
/// bitboards (by [`slot`]).
///
/// Whoever writes it leaves the three describing the same pieces, the kings (placed by
/// [`Builder::with_kings`]) where they were.
#[cfg(feature = "packed")]
pub(crate) struct BoardParts<'a> {
    /// One cell code per square.
    pub(crate) cells: &'a mut [u8; 81],
    /// The squares of each colour's pieces.
    pub(crate) colors: &'a mut [Bitboard; 2],
    /// The squares of each kind's pieces, by [`slot`].
    pub(crate) kinds: &'a mut [Bitboard; SLOTS],
}

/// The squares of rank 1 (Black's far rank) and rank 9 (White's).
const FAR: [u128; 2] = [
    Bitboard::relative_ranks(Color::Black, 1, 1).to_bits(),
    Bitboard::relative_ranks(Color::White, 1, 1).to_bits(),
];
/// The far two ranks of Black, then of White.
const FAR_TWO: [u128; 2] = [
    Bitboard::relative_ranks(Color::Black, 1, 2).to_bits(),
    Bitboard::relative_ranks(Color::White, 1, 2).to_bits(),
];

impl<R: VariantHooks> Builder<R> {
    /// An empty board and empty hands, `side` to move, move number 1.
    #[inline(always)]
    pub(crate) fn new(side: Color) -> Builder<R> {
        Builder(Position {
            board: [cell::EMPTY; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; SLOTS],
            hands: ByColor::new(Hand::EMPTY, Hand::EMPTY),
            kings: [None; 2],
            side,
            move_number: NonZeroU32::MIN,
            hash: 0,
            protected: R::Protected::default(),
        })
    }

    /// [`Builder::new`] with Black's king on `kings[0]` and White's on `kings[1]` (two
    /// different squares).
    #[cfg(feature = "packed")]
    #[inline(always)]
    pub(crate) fn with_kings(side: Color, kings: [Square; 2]) -> Builder<R> {
        // Each part made whole, then the position at once: the decoders' stores that follow
        // do not wait for a read-modify-write of each part (measured: putting the kings one
        // at a time slowed the decoding of boards with few pieces by about 8 %).
        let [black, white] = kings;
        let mut board = [cell::EMPTY; 81];
        board[black.index()] = cell::encode(Some(Piece::new(Color::Black, PieceKind::King)));
        board[white.index()] = cell::encode(Some(Piece::new(Color::White, PieceKind::King)));
        let by_color = [Bitboard::from_square(black), Bitboard::from_square(white)];
        let mut by_kind = [Bitboard::EMPTY; SLOTS];
        by_kind[slot(PieceKind::King)] = by_color[0] | by_color[1];
        Builder(Position {
            board,
            by_color,
            by_kind,
            hands: ByColor::new(Hand::EMPTY, Hand::EMPTY),
            kings: [Some(black), Some(white)],
            side,
            move_number: NonZeroU32::MIN,
            hash: 0,
            protected: R::Protected::default(),
        })
    }

    /// Puts `piece` on the empty square `sq`. The first king of each colour is its king.
    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        let pos = &mut self.0;
        pos.board[sq.index()] = cell::encode(Some(piece));
        pos.by_color[piece.color.index()] |= sq;
        pos.by_kind[slot(piece.kind)] |= sq;
        if piece.kind == PieceKind::King && pos.kings[piece.color.index()].is_none() {
            pos.kings[piece.color.index()] = Some(sq);
        }
    }

    /// The board, for a decoder that fills it at once (see [`BoardParts`]).
    #[cfg(feature = "packed")]
    #[inline(always)]
    pub(crate) fn board(&mut self) -> BoardParts<'_> {
        let pos = &mut self.0;
        BoardParts {
            cells: &mut pos.board,
            colors: &mut pos.by_color,
            kinds: &mut pos.by_kind,
        }
    }

    /// Sets `color`'s hand.
    #[inline(always)]
    pub(crate) fn set_hand(&mut self, color: Color, hand: Hand) {
        self.0.hands[color] = hand;
    }

    /// Sets the move number.
    #[inline(always)]
    pub(crate) fn set_move_number(&mut self, move_number: NonZeroU32) {
        self.0.move_number = move_number;
    }

    /// Marks the pieces on `squares` protected (the marks on empty squares are dropped).
    #[inline]
    pub(crate) fn protect(&mut self, squares: Bitboard) {
        let occupied = self.0.occupied();
        self.0.protected.set_squares(squares & occupied);
    }

    /// The position as built so far, to read.
    #[inline(always)]
    pub(crate) fn position(&self) -> &Position<R> {
        &self.0
    }

    /// The faults of the board: pawns, lances and knights with no move left
    /// ([`Fault::StuckPiece`]), two unpromoted pawns of a side on a file
    /// ([`Fault::TwoPawns`]), and the side not to move in check
    /// ([`Fault::OpponentInCheck`]; its first king, if it has one).
    ///
    /// The one board check: [`Position::from_setup`] adds the faults of kings, material and
    /// marks, which the packed formats rule out by construction. (The AVX-512 decoder tests
    /// the same on its cells in registers; a test holds the two equal.)
    #[inline(always)]
    pub(crate) fn board_faults(&self) -> Faults {
        let pos = &self.0;
        let kinds = &pos.by_kind;
        let pawns = kinds[slot(PieceKind::Pawn)].to_bits();
        let lances = kinds[slot(PieceKind::Lance)].to_bits();
        let knights = kinds[slot(PieceKind::Knight)].to_bits();
        let [black, white] = pos.by_color.map(Bitboard::to_bits);
        let stuck = (pawns | lances) & (black & FAR[0] | white & FAR[1]) != 0
            || knights & (black & FAR_TWO[0] | white & FAR_TWO[1]) != 0;
        let two_pawns = two_on_a_file(pawns & black) || two_on_a_file(pawns & white);
        let in_check = pos.kings[(!pos.side).index()]
            .is_some_and(|k| pos.is_attacked_by(k, pos.side, pos.occupied()));
        let mut faults = Faults::NONE;
        if stuck {
            faults = faults.with(Fault::StuckPiece);
        }
        if two_pawns {
            faults = faults.with(Fault::TwoPawns);
        }
        if in_check {
            faults = faults.with(Fault::OpponentInCheck);
        }
        faults
    }

    /// The position, its Zobrist key `hash` (the key of what was put, as
    /// [`Position::zobrist`] defines it).
    #[inline(always)]
    pub(crate) fn finish(mut self, hash: u64) -> Position<R> {
        self.0.hash = hash;
        debug_assert!(self.is_consistent(), "inconsistent build: {:?}", self.0);
        self.0
    }

    /// The position, its Zobrist key computed from what was put.
    #[inline]
    pub(crate) fn finish_hashed(self) -> Position<R> {
        let hash = self.0.compute_hash();
        self.finish(hash)
    }

    /// Whether the mailbox, the bitboards, the kings and the key agree.
    fn is_consistent(&self) -> bool {
        let pos = &self.0;
        let mut colors = [Bitboard::EMPTY; 2];
        let mut kinds = [Bitboard::EMPTY; SLOTS];
        let mut kings = [None; 2];
        for sq in Square::ALL {
            if let Some(p) = pos.piece_at(sq) {
                colors[p.color.index()] |= sq;
                kinds[slot(p.kind)] |= sq;
                if p.kind == PieceKind::King && kings[p.color.index()].is_none() {
                    kings[p.color.index()] = Some(sq);
                }
            } else if pos.board[sq.index()] != cell::EMPTY {
                return false;
            }
        }
        colors == pos.by_color
            && kinds == pos.by_kind
            && kings == pos.kings
            && pos.hash == pos.compute_hash()
    }
}

/// Whether some file of `pawns` (square bits) holds two of them (nifu).
#[inline(always)]
pub(crate) const fn two_on_a_file(pawns: u128) -> bool {
    // The files are 9-bit fields. Taking every other file leaves a free bit above each field,
    // so one subtraction computes `v & (v - 1)` for all fields at once: nonzero iff a field
    // has two bits.
    const FIELDS: [u128; 2] = {
        let mut even = 0u128;
        let mut f = 0;
        while f < 9 {
            even |= 0x1ff << (9 * f);
            f += 2;
        }
        [even, even << 9 & ((1 << 81) - 1)]
    };
    /// The lowest square of each field.
    const LOW: [u128; 2] = {
        let rank1 = Bitboard::relative_ranks(Color::Black, 1, 1).to_bits();
        [FIELDS[0] & rank1, FIELDS[1] & rank1]
    };
    let mut i = 0;
    while i < 2 {
        let v = pawns & FIELDS[i];
        // The guard bit above each field stops the borrow of an empty field.
        if ((v | LOW[i] << 9) - LOW[i]) & v != 0 {
            return true;
        }
        i += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::two_on_a_file;

    /// `two_on_a_file` against counting each file's pawns, on every pair of squares and on
    /// one pawn per file.
    #[test]
    fn two_on_a_file_counts_files() {
        for a in 0..81 {
            for b in 0..81 {
                let pawns = 1u128 << a | 1u128 << b;
                assert_eq!(two_on_a_file(pawns), a != b && a / 9 == b / 9, "{a} {b}");
            }
        }
        let one_per_file = (0..9).fold(0u128, |acc, f| acc | 1 << (9 * f + (f * 4) % 9));
        assert!(!two_on_a_file(one_per_file));
    }
}
