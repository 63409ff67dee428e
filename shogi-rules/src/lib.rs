#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]

mod error;
mod game;
pub mod impasse;
mod outcome;
pub mod repetition;
mod rule_set;

pub use error::{DeclareError, GameOver, PlayError, UndoError};
pub use game::Game;
pub use outcome::{DrawReason, Outcome, ParseOutcomeError, WinReason};
pub use rule_set::{AtLimit, MoveLimit, RuleSet};
