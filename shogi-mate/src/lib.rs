#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]

// Layers (each imports only those above it):
// - `one`: the mate in one and the exact checkmate test, on the check generator of
//   `shogi-movegen`;
// - `short`: the short exhaustive searches, whose last ply is `one`'s.
mod one;
mod short;

pub use one::{is_checkmate, mate_in_one, mating_moves, mating_moves_into};
pub use short::{ShortMate, mate_in};
