#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

// Layers (each imports only those above it):
// - `resolve`: finding the one legal move a written move names, shared by both notations;
// - the notations, independent of each other: `western`, `japanese`.
pub mod japanese;
mod resolve;
pub mod western;

pub use resolve::ResolveError;
