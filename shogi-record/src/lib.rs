#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]

pub mod csa;
mod kakinoki;
pub mod ki2;
pub mod kif;
mod lines;
mod record;

pub use record::*;
