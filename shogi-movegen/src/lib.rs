#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod attacks;
mod error;
mod generate;
mod movelist;
mod perft;
mod position;
mod rules;
mod zobrist;

pub use error::{Fault, Faults, IllegalMove, IllegalMoveKind, PositionError};
pub use movelist::MoveList;
pub use position::Position;
pub use rules::{ProtectedSet, Rules, Standard};
pub use shogi_types;
