#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]

mod any;
pub mod handicap;
pub mod presets;
pub mod untakeable_silver;

pub use any::{AnyGame, AnyPosition, AnyPositionError, Variant};
pub use handicap::{Handicap, ParseHandicapError};
pub use presets::Preset;
pub use untakeable_silver::{SilverSetup, UntakeableSilver};
