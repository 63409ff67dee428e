use core::fmt;
use core::str::FromStr;

use crate::{PieceKind, Square};

/// A move, carrying exactly what a USI move carries.
///
/// A `Move` does not know which piece moves or whether it captures: that depends on the
/// position. `Display` and `FromStr` write and read USI (`7g7f`, `8h2b+`, `P*5e`).
///
/// ```
/// use shogi_types::{Move, PieceKind, Square};
/// let m: Move = "8h2b+".parse()?;
/// assert_eq!(m, Move::Normal { from: Square::SQ_8H, to: Square::SQ_2B, promote: true });
/// let d: Move = "P*5e".parse()?;
/// assert_eq!(d, Move::Drop { kind: PieceKind::Pawn, to: Square::SQ_5E });
/// assert_eq!(d.to_string(), "P*5e");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Move {
    /// A piece moves on the board from `from` to `to`, promoting if `promote` is set.
    Normal {
        /// The origin square.
        from: Square,
        /// The destination square.
        to: Square,
        /// Whether the piece promotes (成, nari) with this move.
        promote: bool,
    },
    /// A piece of `kind` is dropped (打, utsu) from the hand onto `to`.
    Drop {
        /// The kind dropped, always an unpromoted hand kind in a legal move.
        kind: PieceKind,
        /// The destination square.
        to: Square,
    },
}

impl Move {
    /// The destination square.
    #[inline]
    #[must_use]
    pub const fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::Drop { to, .. } => to,
        }
    }

    /// The origin square, or `None` for a drop.
    #[inline]
    #[must_use]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }

    /// Whether the move is a drop.
    #[inline]
    #[must_use]
    pub const fn is_drop(self) -> bool {
        matches!(self, Move::Drop { .. })
    }

    /// Whether the move promotes.
    #[inline]
    #[must_use]
    pub const fn is_promotion(self) -> bool {
        matches!(self, Move::Normal { promote: true, .. })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal { from, to, promote } => {
                write!(f, "{from}{to}")?;
                if promote {
                    f.write_str("+")?;
                }
                Ok(())
            }
            Move::Drop { kind, to } => write!(f, "{}*{to}", kind.base_letter()),
        }
    }
}

/// The error returned when a USI move cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// The text is empty.
    #[error("usi move: empty")]
    Empty,
    /// The text has the wrong length (4 or 5 for a board move, 4 for a drop).
    #[error("usi move: expected 4 or 5 characters such as 7g7f, 8h2b+ or P*5e")]
    BadLength,
    /// A square is malformed; `offset` is its byte offset (0 or 2).
    #[error("usi move: bad square at byte {offset}, expected a digit 1-9 and a letter a-i")]
    BadSquare {
        /// Byte offset of the square in the move text.
        offset: usize,
    },
    /// The drop letter is not one of `P L N S G B R` (uppercase).
    #[error("usi move: bad drop piece, expected one of P L N S G B R")]
    BadDropPiece,
    /// The fifth character of a board move is not `+`.
    #[error("usi move: unexpected character at byte 4, expected '+' or the end")]
    BadSuffix,
}

fn parse_square(b: &[u8], offset: usize) -> Result<Square, ParseMoveError> {
    let err = ParseMoveError::BadSquare { offset };
    let (f, r) = (b[offset], b[offset + 1]);
    if !(b'1'..=b'9').contains(&f) || !(b'a'..=b'i').contains(&r) {
        return Err(err);
    }
    Square::from_file_rank(f - b'0', r - b'a' + 1).ok_or(err)
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let b = s.as_bytes();
        if b.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        if b.len() < 4 || b.len() > 5 {
            return Err(ParseMoveError::BadLength);
        }
        if b[1] == b'*' {
            if b.len() != 4 {
                return Err(ParseMoveError::BadLength);
            }
            let kind = match b[0] {
                b'P' => PieceKind::Pawn,
                b'L' => PieceKind::Lance,
                b'N' => PieceKind::Knight,
                b'S' => PieceKind::Silver,
                b'G' => PieceKind::Gold,
                b'B' => PieceKind::Bishop,
                b'R' => PieceKind::Rook,
                _ => return Err(ParseMoveError::BadDropPiece),
            };
            let to = parse_square(b, 2)?;
            return Ok(Move::Drop { kind, to });
        }
        let from = parse_square(b, 0)?;
        let to = parse_square(b, 2)?;
        let promote = match b.get(4) {
            None => false,
            Some(b'+') => true,
            Some(_) => return Err(ParseMoveError::BadSuffix),
        };
        Ok(Move::Normal { from, to, promote })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        d.deserialize_str(crate::serde_impl::FromStrVisitor::<Move>::new(
            "a USI move such as 7g7f or P*5e",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn bad_moves() {
        assert_eq!("".parse::<Move>(), Err(ParseMoveError::Empty));
        assert_eq!("7g7".parse::<Move>(), Err(ParseMoveError::BadLength));
        assert_eq!(
            "0j7f".parse::<Move>(),
            Err(ParseMoveError::BadSquare { offset: 0 })
        );
        assert_eq!(
            "7g0j".parse::<Move>(),
            Err(ParseMoveError::BadSquare { offset: 2 })
        );
        assert_eq!("K*5e".parse::<Move>(), Err(ParseMoveError::BadDropPiece));
        assert_eq!("p*5e".parse::<Move>(), Err(ParseMoveError::BadDropPiece));
        assert_eq!("7g7f=".parse::<Move>(), Err(ParseMoveError::BadSuffix));
        assert_eq!("P*5e+".parse::<Move>(), Err(ParseMoveError::BadLength));
        assert!("７g7f".parse::<Move>().is_err());
    }

    #[test]
    fn round_trip_all_shapes() {
        for from in Square::ALL {
            for to in [Square::SQ_1A, Square::SQ_5E, Square::SQ_9I] {
                for promote in [false, true] {
                    let m = Move::Normal { from, to, promote };
                    assert_eq!(m.to_string().parse::<Move>(), Ok(m));
                }
            }
        }
        for kind in PieceKind::HAND_KINDS {
            let m = Move::Drop {
                kind,
                to: Square::SQ_3C,
            };
            assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        }
    }
}
