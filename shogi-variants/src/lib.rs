#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]

// Layers (each imports only those above it):
// - the variants, independent of each other: `handicap` (standard rules, other starts),
//   `untakeable_silver` (other rules), with `same_start` below, which both use;
// - `any`: one type over every variant, chosen at run time;
// - `presets`: the start positions and rule sets by name, built from all of the above.
mod any;
pub mod handicap;
pub mod presets;
pub mod untakeable_silver;

pub use any::{
    AnyGame, AnyPosition, AnyPositionError, BuiltinVariant, GameVisitor, ParseAnyPositionError,
    Variant, VisitGame,
};
pub use handicap::{Handicap, ParseHandicapError};
pub use presets::Preset;
pub use untakeable_silver::{SilverSetup, UntakeableSilver};

/// Whether two setups hold the same position: board, hands and side to move (the move
/// number is ignored), as the `from_setup` lookups compare start positions.
fn same_start(a: &shogi_types::Setup, b: &shogi_types::Setup) -> bool {
    a.board == b.board
        && a.hands == b.hands
        && a.side_to_move == b.side_to_move
        && a.protected == b.protected
}
