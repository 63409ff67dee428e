//! The 16-bit move encodings of cshogi (HCPE) and YaneuraOu (PSV).

use shogi_types::{Move, PieceKind, Square};

use super::PackError;
use crate::{IllegalMoveKind, Position, VariantHooks};

/// The drop codes of both encodings: 1 pawn, 2 lance, 3 knight, 4 silver, 5 bishop, 6 rook,
/// 7 gold (the piece-type numbers of Apery and YaneuraOu).
const fn drop_code(kind: PieceKind) -> Option<u16> {
    Some(match kind {
        PieceKind::Pawn => 1,
        PieceKind::Lance => 2,
        PieceKind::Knight => 3,
        PieceKind::Silver => 4,
        PieceKind::Bishop => 5,
        PieceKind::Rook => 6,
        PieceKind::Gold => 7,
        _ => return None,
    })
}

const DROP_KINDS: [PieceKind; 7] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Gold,
];

/// Why 16 bits are not a legal move in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Move16ErrorKind {
    /// The bits are no move at all: a square index of 81 or more, a drop code out of range, a
    /// promoting drop, a stray high bit, or a move from a square to itself (0, cshogi's and
    /// YaneuraOu's "no move", is one).
    Malformed,
    /// The bits are a move, but it is illegal in the position.
    Illegal {
        /// The move read.
        mv: Move,
        /// Why it is illegal.
        kind: IllegalMoveKind,
    },
}

/// The error of [`Move16::to_move`] and [`PsvMove16::to_move`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{}", Display16(*self))]
pub struct Move16Error {
    /// The bits read.
    pub bits: u16,
    /// Whether the encoding was wrong or the move illegal.
    pub kind: Move16ErrorKind,
}

struct Display16(Move16Error);

impl core::fmt::Display for Display16 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let e = self.0;
        match e.kind {
            Move16ErrorKind::Malformed => write!(f, "move16 {:#06x}: not a move", e.bits),
            Move16ErrorKind::Illegal { mv, kind } => {
                write!(f, "move16 {:#06x}: illegal move {mv}: {kind}", e.bits)
            }
        }
    }
}

fn check<R: VariantHooks>(
    bits: u16,
    mv: Option<Move>,
    pos: &Position<R>,
) -> Result<Move, Move16Error> {
    let Some(mv) = mv.filter(|m| m.from() != Some(m.to())) else {
        return Err(Move16Error {
            bits,
            kind: Move16ErrorKind::Malformed,
        });
    };
    if pos.is_legal(mv) {
        Ok(mv)
    } else {
        Err(Move16Error {
            bits,
            kind: Move16ErrorKind::Illegal {
                mv,
                kind: pos.diagnose(mv),
            },
        })
    }
}

/// cshogi's (and Apery's) 16-bit move, `cshogi.move16(move)`, used by [`Hcpe`](super::Hcpe):
/// bits 0–6 the destination square index, bits 7–13 the origin square index or, for a drop,
/// 80 plus the piece type (81 pawn, 82 lance, 83 knight, 84 silver, 85 bishop, 86 rook, 87
/// gold), bit 14 promotion; bit 15 is 0. Square indices are those of [`Square`] (1a = 0,
/// 1b = 1, ..., 9i = 80).
///
/// ```
/// use shogi_movegen::packed::Move16;
/// use shogi_movegen::Position;
/// use shogi_types::Move;
///
/// let m: Move = "7g7f".parse()?;
/// let m16 = Move16::from_move(m)?;
/// assert_eq!(m16.to_bits(), 7739); // as cshogi.move16
/// assert_eq!(m16.to_psv().to_bits(), 7739);
/// assert_eq!(m16.to_move(&Position::default())?, m);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move16(u16);

/// YaneuraOu's 16-bit move, as in PackedSfenValue (`cshogi.move16_to_psv`): bits 0–6 the
/// destination, bits 7–13 the origin or, for a drop, the piece type (1 pawn, 2 lance, 3
/// knight, 4 silver, 5 bishop, 6 rook, 7 gold), bit 14 drop, bit 15 promotion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PsvMove16(u16);

impl Move16 {
    /// No move (0).
    pub const NONE: Move16 = Move16(0);

    /// The value with these bits (unchecked; [`Move16::to_move`] checks them).
    #[must_use]
    pub const fn from_bits(bits: u16) -> Move16 {
        Move16(bits)
    }

    /// The bits.
    #[must_use]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// Encodes `m` (no position is needed: the encoding does not name the moving piece).
    ///
    /// # Errors
    /// [`PackError::BadDrop`] for a drop of a king or a promoted kind.
    pub const fn from_move(m: Move) -> Result<Move16, PackError> {
        match m {
            Move::Normal { from, to, promote } => Ok(Move16(
                to as u16 | (from as u16) << 7 | if promote { 1 << 14 } else { 0 },
            )),
            Move::Drop { kind, to } => match drop_code(kind) {
                Some(code) => Ok(Move16(to as u16 | (80 + code) << 7)),
                None => Err(PackError::BadDrop { kind }),
            },
        }
    }

    /// The move the bits describe, if any, without a position.
    #[must_use]
    pub fn to_move_unchecked(self) -> Option<Move> {
        let to = Square::from_index((self.0 & 0x7f) as u8)?;
        let from = (self.0 >> 7) & 0x7f;
        let promote = self.0 & (1 << 14) != 0;
        if self.0 & (1 << 15) != 0 {
            return None;
        }
        if from < 81 {
            Some(Move::Normal {
                from: Square::from_index(from as u8)?,
                to,
                promote,
            })
        } else if !promote && (81..=87).contains(&from) {
            Some(Move::Drop {
                kind: DROP_KINDS[usize::from(from - 81) % 7],
                to,
            })
        } else {
            None
        }
    }

    /// Decodes the move and checks that it is legal in `pos` (`Board.move_from_move16`, which
    /// fills in the piece from the position, plus a legality check).
    ///
    /// # Errors
    /// [`Move16Error`] if the bits are no move or the move is illegal in `pos`.
    pub fn to_move<R: VariantHooks>(self, pos: &Position<R>) -> Result<Move, Move16Error> {
        check(self.0, self.to_move_unchecked(), pos)
    }

    /// The same move in YaneuraOu's encoding, bit for bit as `cshogi.move16_to_psv` (any bits
    /// convert; bit 15 is dropped).
    #[must_use]
    pub const fn to_psv(self) -> PsvMove16 {
        let to = self.0 & 0x7f;
        let mut from = (self.0 >> 7) & 0x7f;
        let mut drop = 0;
        if from >= 81 {
            from -= 80;
            drop = 1 << 14;
        }
        let promote = if self.0 & (1 << 14) != 0 { 1 << 15 } else { 0 };
        PsvMove16(to | from << 7 | drop | promote)
    }
}

impl PsvMove16 {
    /// No move (0).
    pub const NONE: PsvMove16 = PsvMove16(0);

    /// The value with these bits (unchecked; [`PsvMove16::to_move`] checks them).
    #[must_use]
    pub const fn from_bits(bits: u16) -> PsvMove16 {
        PsvMove16(bits)
    }

    /// The bits.
    #[must_use]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// Encodes `m`.
    ///
    /// # Errors
    /// [`PackError::BadDrop`] for a drop of a king or a promoted kind.
    pub const fn from_move(m: Move) -> Result<PsvMove16, PackError> {
        match m {
            Move::Normal { from, to, promote } => Ok(PsvMove16(
                to as u16 | (from as u16) << 7 | if promote { 1 << 15 } else { 0 },
            )),
            Move::Drop { kind, to } => match drop_code(kind) {
                Some(code) => Ok(PsvMove16(to as u16 | code << 7 | 1 << 14)),
                None => Err(PackError::BadDrop { kind }),
            },
        }
    }

    /// The move the bits describe, if any, without a position.
    #[must_use]
    pub fn to_move_unchecked(self) -> Option<Move> {
        let to = Square::from_index((self.0 & 0x7f) as u8)?;
        let from = (self.0 >> 7) & 0x7f;
        let promote = self.0 & (1 << 15) != 0;
        if self.0 & (1 << 14) == 0 {
            Some(Move::Normal {
                from: Square::from_index(from as u8)?,
                to,
                promote,
            })
        } else if !promote && (1..=7).contains(&from) {
            Some(Move::Drop {
                kind: DROP_KINDS[usize::from(from - 1) % 7],
                to,
            })
        } else {
            None
        }
    }

    /// Decodes the move and checks that it is legal in `pos`.
    ///
    /// # Errors
    /// [`Move16Error`] if the bits are no move or the move is illegal in `pos`.
    pub fn to_move<R: VariantHooks>(self, pos: &Position<R>) -> Result<Move, Move16Error> {
        check(self.0, self.to_move_unchecked(), pos)
    }

    /// The same move in cshogi's encoding, bit for bit as `cshogi.move16_from_psv` (any bits
    /// convert).
    #[must_use]
    pub const fn to_move16(self) -> Move16 {
        let to = self.0 & 0x7f;
        let mut from = (self.0 >> 7) & 0x7f;
        if self.0 & (1 << 14) != 0 {
            from += 80;
        }
        let promote = if self.0 & (1 << 15) != 0 { 1 << 14 } else { 0 };
        Move16(to | from << 7 | promote)
    }
}
