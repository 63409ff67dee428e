use core::num::NonZeroU32;

use crate::{Bitboard, ByColor, Color, Hand, Piece, PieceKind, Square};

/// An unchecked position: board, hands, side to move, move number and protection marks.
///
/// Every parser produces a `Setup`; nothing about it is validated (two kings of one colour,
/// nifu, pieces that can never move are all representable). `shogi-movegen` turns a `Setup`
/// into a validated `Position` and reports everything wrong with it.
///
/// Its text form is SFEN: [`FromStr`](core::str::FromStr) reads it and
/// [`Display`](core::fmt::Display) writes it (see [`crate::sfen`]).
///
/// `Eq` and `Hash` are structural and include the move number and the marks.
///
/// ```
/// use shogi_types::{Color, Piece, PieceKind, Setup, Square};
/// let setup = Setup::start();
/// assert_eq!(setup.piece_at(Square::SQ_5I), Some(Piece::new(Color::Black, PieceKind::King)));
/// assert_eq!(setup.side_to_move, Color::Black);
/// assert_eq!(setup.move_number.get(), 1);
/// assert_eq!(setup.to_string(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
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
    /// The move number of the move about to be played (1 in a start position), as SFEN writes it
    /// (the SFEN *ply* of other programs).
    #[doc(alias = "ply")]
    pub move_number: NonZeroU32,
    /// The squares whose piece is marked *protected* (`!` after the piece in SFEN). The mark is
    /// variant-neutral data: a variant may forbid capturing such pieces (the untakeable-silver
    /// variant of `shogi-variants` marks its untakeable silvers), and a position of standard
    /// shogi refuses any mark (`shogi_movegen::Fault::BadProtection`). Empty in every setup
    /// of standard shogi.
    pub protected: Bitboard,
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
            move_number: NonZeroU32::MIN,
            protected: Bitboard::EMPTY,
        }
    }

    /// The standard start position (平手, hirate): Black to move, move number 1.
    #[must_use]
    pub const fn start() -> Setup {
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

    /// Puts `piece` on `sq` (or empties it with `None`) and returns what was there. The
    /// protection mark of `sq` is left as it is.
    #[inline]
    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>) -> Option<Piece> {
        core::mem::replace(&mut self.board[sq.index()], piece)
    }

    /// Whether the piece on `sq` is marked protected (see [`Setup::protected`]).
    #[inline]
    #[must_use]
    pub const fn is_protected(&self, sq: Square) -> bool {
        self.protected.has(sq)
    }

    /// The squares and pieces of the board, in square index order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::ALL
            .into_iter()
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The setup rotated by 180 degrees with the colours swapped: every piece changes owner and
    /// moves to the flipped square with its mark, the hands swap, and so does the side to move.
    /// Legal play is symmetric under this map.
    #[must_use]
    pub fn flipped(&self) -> Setup {
        let mut out = Setup::empty();
        for (sq, p) in self.pieces() {
            out.board[sq.flip().index()] = Some(Piece::new(!p.color, p.kind));
        }
        out.hands = ByColor::new(self.hands.white, self.hands.black);
        out.side_to_move = !self.side_to_move;
        out.move_number = self.move_number;
        out.protected = self.protected.iter().map(Square::flip).collect();
        out
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Setup {
    /// A plain struct: `board` is the list of the 81 squares in index order, each `null` or a
    /// piece in SFEN form (`"+r"`); `protected`, the list of marked squares, is written only
    /// when it is not empty (and read as empty when it is missing).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let marked = self.protected.is_nonempty();
        let mut st = s.serialize_struct("Setup", 4 + usize::from(marked))?;
        st.serialize_field("board", &self.board[..])?;
        st.serialize_field("hands", &self.hands)?;
        st.serialize_field("side_to_move", &self.side_to_move)?;
        st.serialize_field("move_number", &self.move_number)?;
        if marked {
            st.serialize_field("protected", &SquareList(self.protected))?;
        } else {
            st.skip_field("protected")?;
        }
        st.end()
    }
}

#[cfg(feature = "serde")]
const FIELDS: &[&str] = &["board", "hands", "side_to_move", "move_number", "protected"];

/// The protected squares of a setup, serialized as the list of their names (`["7i", "3i"]`).
/// `Bitboard` itself has no serde form; this is the field's.
#[cfg(feature = "serde")]
struct SquareList(Bitboard);

#[cfg(feature = "serde")]
impl serde::Serialize for SquareList {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for SquareList {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SquareList, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = SquareList;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("a list of squares")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<SquareList, A::Error> {
                let mut set = Bitboard::EMPTY;
                while let Some(sq) = a.next_element::<Square>()? {
                    set |= sq;
                }
                Ok(SquareList(set))
            }
        }
        d.deserialize_seq(V)
    }
}

#[cfg(feature = "serde")]
struct BoardSeed;

#[cfg(feature = "serde")]
impl<'de> serde::de::DeserializeSeed<'de> for BoardSeed {
    type Value = [Option<Piece>; 81];
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = [Option<Piece>; 81];
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("a list of 81 squares")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<Self::Value, A::Error> {
                let mut board = [None; 81];
                for (i, cell) in board.iter_mut().enumerate() {
                    *cell = a
                        .next_element()?
                        .ok_or_else(|| serde::de::Error::invalid_length(i, &self))?;
                }
                if a.next_element::<Option<Piece>>()?.is_some() {
                    return Err(serde::de::Error::invalid_length(82, &self));
                }
                Ok(board)
            }
        }
        d.deserialize_seq(V)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Setup {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Setup, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Setup;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("a setup with board, hands, side_to_move and move_number")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut a: A) -> Result<Setup, A::Error> {
                let mut setup = Setup::empty();
                let mut seen = [false; 4];
                while let Some(key) = a.next_key::<&str>()? {
                    match key {
                        "board" => {
                            setup.board = a.next_value_seed(BoardSeed)?;
                            seen[0] = true;
                        }
                        "hands" => {
                            setup.hands = a.next_value()?;
                            seen[1] = true;
                        }
                        "side_to_move" => {
                            setup.side_to_move = a.next_value()?;
                            seen[2] = true;
                        }
                        "move_number" => {
                            setup.move_number = a.next_value()?;
                            seen[3] = true;
                        }
                        "protected" => setup.protected = a.next_value::<SquareList>()?.0,
                        other => return Err(serde::de::Error::unknown_field(other, FIELDS)),
                    }
                }
                for (field, ok) in FIELDS.iter().copied().zip(seen) {
                    if !ok {
                        return Err(serde::de::Error::missing_field(field));
                    }
                }
                Ok(setup)
            }
        }
        d.deserialize_struct("Setup", FIELDS, V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_symmetric() {
        let s = Setup::start();
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

    #[cfg(feature = "serde")]
    #[test]
    fn serde_round_trip() {
        use std::string::ToString;
        let mut s = Setup::start();
        s.hands.white = Hand::EMPTY.with_count(PieceKind::Pawn, 3).unwrap();
        let json = serde_json::to_string(&s).unwrap();
        assert!(json.contains("\"r\""));
        let back: Setup = serde_json::from_str(&json).unwrap();
        assert_eq!(back, s);
        assert_eq!(serde_json::to_string(&Square::SQ_7F).unwrap(), "\"7f\"");
        let m: crate::Move = serde_json::from_str("\"P*5e\"").unwrap();
        assert_eq!(m.to_string(), "P*5e");
        assert!(serde_json::from_str::<Setup>("{\"board\": []}").is_err());
    }
}
