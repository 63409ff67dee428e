use core::num::NonZeroU32;

use crate::{ByColor, Color, Hand, Piece, PieceKind, Square};

/// An unchecked position: board, hands, side to move and move number.
///
/// Every parser produces a `Setup`; nothing about it is validated (two kings of one colour,
/// nifu, pieces that can never move are all representable). `shogi-movegen` turns a `Setup`
/// into a validated `Position` and reports everything wrong with it.
///
/// `Eq` and `Hash` are structural and include the move number.
///
/// ```
/// use shogi_types::{Color, Piece, PieceKind, Setup, Square};
/// let setup = Setup::standard();
/// assert_eq!(setup.piece_at(Square::SQ_5I), Some(Piece::new(Color::Black, PieceKind::King)));
/// assert_eq!(setup.side_to_move, Color::Black);
/// assert_eq!(setup.ply.get(), 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Setup {
    /// The piece on each square, indexed by [`Square::index`].
    pub board: [Option<Piece>; 81],
    /// The pieces in each player's hand.
    pub hands: ByColor<Hand>,
    /// The side to move.
    pub side_to_move: Color,
    /// The move number of the move about to be played (1 in a start position), as SFEN writes it.
    pub ply: NonZeroU32,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::empty()
    }
}

impl Setup {
    /// An empty board, empty hands, Black to move, move number 1.
    #[must_use]
    pub const fn empty() -> Setup {
        Setup {
            board: [None; 81],
            hands: ByColor::new(Hand::EMPTY, Hand::EMPTY),
            side_to_move: Color::Black,
            ply: NonZeroU32::MIN,
        }
    }

    /// The standard start position (平手, hirate): Black to move, move number 1.
    #[must_use]
    pub const fn standard() -> Setup {
        use PieceKind::*;
        let back = [
            Lance, Knight, Silver, Gold, King, Gold, Silver, Knight, Lance,
        ];
        let mut setup = Setup::empty();
        let mut f = 0;
        while f < 9 {
            // File f+1: White's back rank is rank 1 (index f*9), Black's rank 9 (f*9 + 8).
            setup.board[f * 9] = Some(Piece::new(Color::White, back[f]));
            setup.board[f * 9 + 2] = Some(Piece::new(Color::White, Pawn));
            setup.board[f * 9 + 6] = Some(Piece::new(Color::Black, Pawn));
            setup.board[f * 9 + 8] = Some(Piece::new(Color::Black, back[f]));
            f += 1;
        }
        // White: rook 8b, bishop 2b. Black: bishop 8h, rook 2h.
        setup.board[Square::SQ_8B as usize] = Some(Piece::new(Color::White, Rook));
        setup.board[Square::SQ_2B as usize] = Some(Piece::new(Color::White, Bishop));
        setup.board[Square::SQ_8H as usize] = Some(Piece::new(Color::Black, Bishop));
        setup.board[Square::SQ_2H as usize] = Some(Piece::new(Color::Black, Rook));
        setup
    }

    /// The piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub const fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq as usize]
    }

    /// Puts `piece` on `sq` (or empties it with `None`) and returns what was there.
    #[inline]
    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>) -> Option<Piece> {
        core::mem::replace(&mut self.board[sq.index()], piece)
    }

    /// The squares and pieces of the board, in square index order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::ALL
            .into_iter()
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The setup rotated by 180 degrees with the colours swapped: every piece changes owner and
    /// moves to the flipped square, the hands swap, and so does the side to move.
    /// Legal play is symmetric under this map.
    #[must_use]
    pub fn flipped(&self) -> Setup {
        let mut out = Setup::empty();
        for (sq, p) in self.pieces() {
            out.board[sq.flip().index()] = Some(Piece::new(!p.color, p.kind));
        }
        out.hands = ByColor::new(self.hands.white, self.hands.black);
        out.side_to_move = !self.side_to_move;
        out.ply = self.ply;
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_is_symmetric() {
        let s = Setup::standard();
        assert_eq!(s.pieces().count(), 40);
        let mut f = s.flipped();
        f.side_to_move = Color::Black;
        assert_eq!(f, s);
        assert_eq!(
            s.piece_at(Square::SQ_2H),
            Some(Piece::new(Color::Black, PieceKind::Rook))
        );
        assert_eq!(
            s.piece_at(Square::SQ_8B),
            Some(Piece::new(Color::White, PieceKind::Rook))
        );
        assert_eq!(
            s.piece_at(Square::SQ_1A),
            Some(Piece::new(Color::White, PieceKind::Lance))
        );
    }
}
