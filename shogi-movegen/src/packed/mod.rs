//! Fixed-size binary positions and moves of the machine-learning tools (feature `packed`):
//! Apery's and cshogi's HuffmanCodedPos (HCP, 32 bytes) with its HCPE training entry (38
//! bytes), and YaneuraOu's PackedSfen (32 bytes) with its PackedSfenValue entry (PSV, 40
//! bytes), bit-exact with cshogi 1.1.0 (`Board.to_hcp`/`set_hcp`, `Board.to_psfen`/
//! `set_psfen`, the numpy dtypes `HuffmanCodedPosAndEval` and `PackedSfenValue`), and the two
//! 16-bit move encodings they use: [`Move16`] (cshogi's `move16`, in HCPE) and [`PsvMove16`]
//! (YaneuraOu's, in PSV).
//!
//! | item | what it is |
//! |---|---|
//! | [`Hcp`], [`PackedSfen`] | a position in 32 bytes; `Position::{to,from}_{hcp,packed_sfen}` |
//! | [`Hcpe`], [`Psv`] | a training entry: position, evaluation, best move, result |
//! | [`HcpeResult`], [`PsvResult`] | the result of an entry: absolute, or for the side to move |
//! | [`Move16`], [`PsvMove16`] | the 16-bit moves of HCPE and of PSV |
//! | [`Entries`], [`FixedEntry`] | the entries of a buffer (a `.hcpe` or `.bin` file), in order |
//! | [`PackError`], [`UnpackError`], [`EntryError`], [`Move16Error`] | why a write or read failed |
//!
//! ```
//! use shogi_movegen::packed::{Hcp, Hcpe, HcpeResult, Move16, PackedSfen, Psv, PsvResult};
//! use shogi_movegen::Position;
//! use shogi_types::Move;
//!
//! let pos = Position::default();
//! let hcp: Hcp = pos.to_hcp()?;
//! assert_eq!(Position::from_hcp(&hcp)?, pos);
//!
//! // A training entry: position, evaluation, best move and the winner.
//! let m: Move = "7g7f".parse()?;
//! let best_move = Move16::from_move(m)?;
//! let entry = Hcpe { hcp, eval: 35, best_move, result: HcpeResult::BlackWin };
//! let bytes = entry.to_bytes();
//! let back = Hcpe::from_bytes(&bytes)?;
//! let pos2: Position = back.hcp.to_position()?;
//! assert_eq!(back.best_move.to_move(&pos2)?, m);
//!
//! // YaneuraOu's entry carries the game ply; the result is from the side to move.
//! let psv = Psv::new(&pos, 35, m, PsvResult::Win)?;
//! let again = Psv::from_bytes(&psv.to_bytes())?;
//! assert_eq!(again.to_position::<shogi_movegen::Standard>()?, pos);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What can be written
//! Both position formats spend a fixed number of bits on every piece of one set, wherever it
//! is: on the board, in a hand, or in neither (cshogi's "piece box", for handicap positions).
//! So a position must have both kings and at most one set of each kind
//! ([`PackError::MissingKing`], [`PackError::TooMuchMaterial`]); protected pieces (the
//! untakeable-silver marks) have no code ([`PackError::Protected`]). Nothing is ever dropped
//! silently.
//!
//! # Reading
//! Reading validates fully: the bit stream must be exactly 256 bits of valid codes holding
//! one set (board, hands and piece box together), and the setup it gives must pass
//! [`Position::from_setup`] with no fault waived. The hand and piece-box codes may come in any
//! order (cshogi and YaneuraOu write different orders); this crate writes cshogi's: Black's
//! hand, then White's, each pawn, lance, knight, silver, gold, bishop, rook, then the piece
//! box in the same order. So `to_hcp(from_hcp(b)) == b` for every `b` cshogi writes, and for
//! any other `b` that decodes the two differ at most in the order of those trailing codes.
//!
//! # Speed
//! Encoding and validated decoding each take well under 100 ns a position on a recent x86-64
//! processor. With `std` on x86-64, the decoder finds where the codes start by an automaton
//! and places the pieces with AVX-512 or AVX2 where the processor has them (asked once, at
//! the first decoding), and walks the codes one after another elsewhere; every path gives the
//! same position, or the same error.
//!
//! # Move numbers
//! HCP and PackedSfen carry no move number: decoded positions have move number 1 (as in
//! cshogi), and writing ignores the move number. A PSV entry carries the game ply
//! separately ([`Psv::game_ply`]); [`Psv::new`] takes it from the position's move number and
//! [`Psv::to_position`] gives it back (a ply of 0 reads as move number 1).
//!
//! Sources: the layouts are those of Apery (HuffmanCodedPos, by Hiraoka Takuya) and of
//! YaneuraOu (PackedSfen and PackedSfenValue, by yaneurao), as implemented by cshogi (Tadao
//! Yamaoka), which also defines the piece-box codes and the HCPE entry.

mod decode;
mod encode;
mod entries;
mod format;
mod moves;
mod simd;

use core::num::NonZeroU32;

use shogi_types::{Color, PieceKind, Setup, Square};

pub use entries::{
    Entries, EntryError, EntryErrorKind, FixedEntry, Hcpe, HcpeResult, Psv, PsvResult,
};
pub use moves::{Move16, Move16Error, Move16ErrorKind, PsvMove16};

use crate::{Position, PositionError, VariantHooks};

/// Why a position (or move) cannot be written in a packed format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PackError {
    /// A side has no king (a mate problem): the formats store both kings' squares.
    #[error("packed position: {color:?} has no king, and both kings are required")]
    MissingKing {
        /// The side without a king (Black if neither has one).
        color: Color,
    },
    /// Board and hands hold more of a kind than one set.
    #[error("packed position: more {kind:?} pieces than one set holds")]
    TooMuchMaterial {
        /// The first such kind, in the order pawn, lance, knight, silver, gold, bishop, rook.
        kind: PieceKind,
    },
    /// A piece is protected (the untakeable-silver variant), which the formats cannot mark.
    #[error("packed position: the piece on {square} is protected, which cannot be written")]
    Protected {
        /// The first protected square.
        square: Square,
    },
    /// A drop of a kind that cannot be in hand has no 16-bit code.
    #[error("move16: a drop of {kind:?} cannot be encoded")]
    BadDrop {
        /// The dropped kind.
        kind: PieceKind,
    },
    /// A PSV entry holds the game ply in 16 bits.
    #[error("psv: move number {move_number} does not fit the 16-bit game ply")]
    MoveNumberTooLarge {
        /// The move number of the position.
        move_number: NonZeroU32,
    },
}

/// Why 32 bytes do not decode to a valid position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UnpackError<R: VariantHooks = crate::Standard> {
    /// A king's 7-bit square index is 81 or more, or both kings share a square.
    #[error("packed position: {color:?} king square index {index} is not a free square")]
    BadKingSquare {
        /// The king.
        color: Color,
        /// The index read.
        index: u8,
    },
    /// No code starts with the bits at this offset.
    #[error("packed position: no piece code starts at bit {bit}")]
    BadCode {
        /// The bit offset in the 256-bit stream.
        bit: u16,
    },
    /// The last code runs past bit 256.
    #[error("packed position: a code runs past the end of the 256 bits")]
    Overrun,
    /// Board, hands and piece box together do not hold exactly one set of a kind.
    #[error("packed position: {count} {kind:?} pieces in all, expected one set")]
    WrongMaterial {
        /// The kind, unpromoted.
        kind: PieceKind,
        /// How many were found on the board, in hands and in the piece box.
        count: u8,
    },
    /// The decoded setup is not a valid position (every fault, none waived).
    #[error("packed position: {0}")]
    Position(PositionError<R>),
}

/// Apery's HuffmanCodedPos (HCP): a position in 32 bytes, as cshogi's `Board.to_hcp` writes it
/// and `Board.set_hcp` reads it (numpy dtype `cshogi.HuffmanCodedPos`).
///
/// The value is the raw bytes; [`Hcp::to_position`] decodes and validates them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hcp([u8; 32]);

/// YaneuraOu's PackedSfen: a position in 32 bytes, as cshogi's `Board.to_psfen` writes it and
/// `Board.set_psfen` reads it (numpy dtype `cshogi.PackedSfen`).
///
/// The layout is that of [`Hcp`] with other codes. It carries no move number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PackedSfen([u8; 32]);

macro_rules! packed_position {
    ($ty:ident, $tables:expr, $to:ident, $from:ident, $name:literal) => {
        impl $ty {
            /// The size in bytes.
            pub const LEN: usize = 32;

            /// The value holding `bytes` (unchecked; decoding checks them).
            #[must_use]
            pub const fn from_bytes(bytes: [u8; 32]) -> $ty {
                $ty(bytes)
            }

            /// The raw bytes.
            #[must_use]
            pub const fn to_bytes(self) -> [u8; 32] {
                self.0
            }

            /// The raw bytes, borrowed.
            #[must_use]
            pub const fn as_bytes(&self) -> &[u8; 32] {
                &self.0
            }

            #[doc = concat!("Encodes `pos` (its move number is not stored); the same as [`Position::", stringify!($to), "`].")]
            ///
            /// # Errors
            /// [`PackError`] if the position has one king, more than one set of a kind, or
            /// protected pieces.
            pub fn from_position<R: VariantHooks>(pos: &Position<R>) -> Result<$ty, PackError> {
                encode::encode(pos, &$tables).map($ty)
            }

            #[doc = concat!("Decodes and validates the position (move number 1); the same as [`Position::", stringify!($from), "`].")]
            ///
            /// # Errors
            /// [`UnpackError`] if the bits are not a valid stream of codes holding one set,
            /// or the position they give is invalid.
            pub fn to_position<R: VariantHooks>(&self) -> Result<Position<R>, UnpackError<R>> {
                decode::decode_position(&self.0, &$tables)
            }

            /// Decodes the bytes into an unchecked setup (move number 1), without validating it
            /// as a position; [`Self::to_position`] validates.
            ///
            /// # Errors
            /// [`UnpackError`] (never its `Position` variant) if the bits are not a valid
            /// stream of codes holding one set.
            pub fn to_setup(&self) -> Result<Setup, UnpackError> {
                decode::decode_setup(&self.0, &$tables)
            }
        }

        impl From<[u8; 32]> for $ty {
            fn from(bytes: [u8; 32]) -> $ty {
                $ty(bytes)
            }
        }

        impl From<$ty> for [u8; 32] {
            fn from(value: $ty) -> [u8; 32] {
                value.0
            }
        }

        impl<R: VariantHooks> Position<R> {
            #[doc = concat!("Encodes the position as ", $name, " (the move number is not stored).")]
            ///
            /// # Errors
            /// [`PackError`] if the position has one king, more than one set of a kind, or
            /// protected pieces.
            pub fn $to(&self) -> Result<$ty, PackError> {
                $ty::from_position(self)
            }

            #[doc = concat!("Decodes and validates ", $name, " (the position gets move number 1).")]
            ///
            /// # Errors
            /// [`UnpackError`] if the bits are not a valid stream of codes holding one set,
            /// or the position they give is invalid.
            pub fn $from(packed: &$ty) -> Result<Position<R>, UnpackError<R>> {
                packed.to_position()
            }
        }
    };
}

packed_position!(Hcp, format::HCP, to_hcp, from_hcp, "an HCP");
packed_position!(
    PackedSfen,
    format::PSFEN,
    to_packed_sfen,
    from_packed_sfen,
    "a PackedSfen"
);
