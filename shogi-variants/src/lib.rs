#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]

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
