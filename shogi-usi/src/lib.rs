#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

// Layers (each imports only those above it):
// - `lex` (words of a line) and `error` (`ParseUsiMessageError`);
// - `position`: the `position` command and its replay (no_std);
// - the parts of messages: `info` (search information), `option` (option definitions);
// - the two directions: `gui_command` (what a GUI sends), `engine_message` (what an engine
//   sends);
// - with `std`, the two ends of the pipe: `driver` (a GUI driving an engine process) and
//   `serve` (an engine answering a GUI).
#[cfg(feature = "std")]
pub mod driver;
pub mod engine_message;
mod error;
pub mod gui_command;
pub mod info;
mod lex;
pub mod option;
pub mod position;
#[cfg(feature = "std")]
pub mod serve;

pub use engine_message::EngineMessage;
pub use error::ParseUsiMessageError;
pub use gui_command::GuiCommand;
pub use position::{ParseUsiError, PositionCommand, ReplayError, StartPosition};
