#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

// Layers (each imports only those above it):
// - the vocabulary, independent of one another: `square`, `color`, `piece`, `hand`, `bitboard`,
//   `mv` (and `serde_impl`, their serde forms);
// - the unchecked position built from them: `setup`, and `sfen`, its text.
mod bitboard;
mod color;
mod hand;
mod mv;
mod piece;
#[cfg(feature = "serde")]
mod serde_impl;
mod setup;
pub mod sfen;
mod square;

pub use bitboard::{Bitboard, BitboardIter};
pub use color::{ByColor, Color};
pub use hand::Hand;
pub use mv::{Move, ParseMoveError};
pub use piece::{ParsePieceError, Piece, PieceKind};
pub use setup::Setup;
pub use square::{File, ParseSquareError, Rank, Square};
