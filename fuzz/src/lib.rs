//! The checks behind the fuzz targets in `fuzz_targets/`.
//!
//! Each fuzz target is one line that calls a `check_*` function here, so the same checks run
//! under `cargo fuzz` (nightly or `-s none` on stable) and under plain `cargo test`
//! (`tests/replay.rs` replays the seeds, the corpus and the regressions, and feeds
//! deterministic pseudo-random bytes). A check returns quietly for input it cannot use and
//! panics, with a message naming the broken property, when the library breaks its contract.
//!
//! The contract checked everywhere: no input makes the library panic; every writer's output
//! reads back to the same value and the same text; a `Position` is always valid
//! (`Position::from_setup(pos.to_setup()) == Ok(pos)`) and its incremental Zobrist key equals
//! the key computed from scratch; `is_legal` agrees with `legal_moves`; `play` accepts every
//! generated move and rejects every other move without changing the position; a `Game`
//! refuses what it must without changing, keeps its outcome until an undo, and always equals
//! the replay of its moves; the mate solver's answers replay, and it ends within its limits.

mod game;
mod mate;
mod notation;
mod packed;
mod position;
mod records;
mod usi_messages;
mod variant;

pub use game::check_adjudicate_sequence;
pub use mate::check_mate_search;
pub use notation::{check_japanese_parse, check_western_parse};
pub use packed::check_packed_decode;
pub use position::{
    check_legals_are_legal, check_play_sequence, check_position_command, check_sfen_roundtrip,
    check_usi_move_roundtrip,
};
pub use records::{
    check_csa_parse, check_jkf_parse, check_ki2_parse, check_kif_parse, check_record_generated,
};
pub use usi_messages::check_usi_message_parse;
pub use variant::check_variant_play_sequence;

/// A check: panics if the library breaks its contract on this input.
pub type Check = fn(&[u8]);

/// Every fuzz target by name, with its check (for the replay test).
pub const TARGETS: [(&str, Check); 17] = [
    ("sfen_roundtrip", check_sfen_roundtrip),
    ("usi_move_roundtrip", check_usi_move_roundtrip),
    ("position_command", check_position_command),
    ("legals_are_legal", check_legals_are_legal),
    ("play_sequence", check_play_sequence),
    ("adjudicate_sequence", check_adjudicate_sequence),
    ("western_parse", check_western_parse),
    ("japanese_parse", check_japanese_parse),
    ("variant_play_sequence", check_variant_play_sequence),
    ("kif_parse", check_kif_parse),
    ("ki2_parse", check_ki2_parse),
    ("csa_parse", check_csa_parse),
    ("record_generated", check_record_generated),
    ("usi_message_parse", check_usi_message_parse),
    ("packed_decode", check_packed_decode),
    ("jkf_parse", check_jkf_parse),
    ("mate_search", check_mate_search),
];

/// The Rust example of the workspace README, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct WorkspaceReadme;
