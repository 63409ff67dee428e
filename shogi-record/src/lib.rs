#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]

// Each layer imports only the layers above it here (see "Inside the crate" in the README).

// The model: what a record is, with no format in it.
mod ending;
mod model;
mod time;

// The errors, and the builder that checks every move for the readers.
mod builder;
mod error;

// The formats (`kakinoki`: what KIF and KI2 share; `lines`: line ends, for every reader).
pub mod csa;
pub mod jkf;
mod kakinoki;
pub mod ki2;
pub mod kif;
mod lines;

// The façade: decoding, format detection, reading a record of any format.
mod read;

// Records to packed training entries.
#[cfg(feature = "packed")]
#[cfg_attr(docsrs, doc(cfg(feature = "packed")))]
pub mod training;

pub use ending::{Ending, Special};
pub use error::{
    JsonProblem, MoveProblem, MoveSyntaxError, RecordError, RecordErrorKind, SyntaxError,
};
pub use model::{Header, HeaderKey, Judged, Record, RecordMove, Variation, WrittenMove};
pub use read::{Format, Games, decode, read, read_lenient, read_str};
pub use time::MoveTime;
