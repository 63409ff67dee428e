#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]

// Layers (each imports only those above it):
// - `outcome`: how a game ends (winner and reason), with no rule in it; `clock`: time
//   controls and the clocks of both sides, which only name the side that flagged;
// - the rules that decide endings, independent of each other: `repetition` (sennichite,
//   perpetual check), `impasse` (jishogi: declarations and point counts);
// - `rule_set`: which of those rules a game plays by;
// - `error`: why a move, declaration or undo is refused;
// - `game`: the `Game` that plays moves and applies all of the above;
// - `preview`: the verdicts a game would give, computed without changing it.
pub mod clock;
mod error;
mod game;
pub mod impasse;
mod outcome;
pub mod preview;
pub mod repetition;
mod rule_set;

pub use error::{DeclareError, DrawOfferError, GameOver, PlayError, UndoError};
pub use game::Game;
pub use outcome::{DrawReason, Outcome, ParseOutcomeError, WinReason};
pub use preview::{DeclarationPreview, MoveLimitPreview, RepetitionPreview};
pub use rule_set::{AtLimit, DrawOffers, MoveLimit, RuleSet};
