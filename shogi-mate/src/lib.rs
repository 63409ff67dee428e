#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]

mod one;
mod short;

pub use one::{is_checkmate, mate_in_one, mating_moves, mating_moves_into};
pub use short::{ShortMate, mate_in};
