#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]

// Layers (each imports only those above it):
// - `one`: the mate in one and the exact checkmate test, on the check generator of
//   `shogi-movegen`;
// - `short`: the short exhaustive searches, whose last ply is `one`'s;
// - the solver's vocabulary, `limits` and `outcome`: what a search is asked and what it
//   answers, no search in it;
// - `verify`: the independent replay of a mating line, by the position's rules alone;
// - the solver's parts: `hand` (packed hands), `key` (keys without hands), `table` (the
//   transposition table), `checks` (the checking moves);
// - `search` (df-pn) and `pv` (the line read back from its table);
// - `solver`: the façade, with its thread, post-search and verification.
mod one;
mod short;

mod clock;
mod limits;
mod outcome;

pub mod verify;

mod checks;
mod hand;
mod key;
mod table;

mod pv;
mod search;

mod solver;

pub use limits::{Limits, Mode, Progress, ProgressFn};
pub use one::{is_checkmate, mate_in_one, mating_moves, mating_moves_into};
pub use outcome::{Length, Outcome, Reason};
pub use short::{ShortMate, mate_in};
pub use solver::{MAX_PLIES, Solver, Stats};
