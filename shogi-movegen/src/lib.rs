#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]
// Without `alloc`, `PositionError` keeps the built position inline (about 460 bytes) so that
// soft faults can be waived without validating again; with `alloc` it is boxed.
#![cfg_attr(not(feature = "alloc"), allow(clippy::result_large_err))]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "arbitrary")]
mod arbitrary_impl;
pub mod attacks;
mod checks;
mod cpu;
mod error;
mod generate;
mod hooks;
mod movelist;
#[cfg(feature = "packed")]
#[cfg_attr(docsrs, doc(cfg(feature = "packed")))]
pub mod packed;
mod perft;
#[cfg(feature = "std")]
mod perft_hashed;
mod position;
mod promotion;
#[cfg(feature = "proptest")]
#[cfg_attr(docsrs, doc(cfg(feature = "proptest")))]
pub mod strategy;
#[doc(hidden)]
pub mod testing;
mod visit;
mod zobrist;

pub use error::{Fault, Faults, IllegalMove, IllegalMoveKind, ParsePositionError, PositionError};
pub use hooks::{ProtectedSet, Standard, VariantHooks};
pub use movelist::MoveList;
#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
pub use perft_hashed::PerftOptions;
pub use position::Position;
pub use promotion::PromotionChoice;
pub use shogi_types;
pub use visit::{PositionVisitor, VisitPosition};
