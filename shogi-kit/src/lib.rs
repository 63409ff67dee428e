#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]

/// Squares, pieces, hands, bitboards, moves in USI text, and the unchecked [`Setup`] with its
/// SFEN text form: the [`shogi_types`] crate.
///
/// [`Setup`]: shogi_types::Setup
// One re-export per crate, each behind its feature (`types` and `movegen` always), then a
// prelude of the names most programs use. No code of its own.
#[doc(inline)]
pub use shogi_types as types;

/// The always-valid [`Position`](shogi_movegen::Position): legal moves, play, Zobrist keys,
/// perft: the [`shogi_movegen`] crate.
#[doc(inline)]
pub use shogi_movegen as movegen;

/// [`Game`](shogi_rules::Game) and every ending of a game (checkmate, sennichite, impasse
/// rules, move limits): the [`shogi_rules`] crate.
#[cfg(feature = "rules")]
#[cfg_attr(docsrs, doc(cfg(feature = "rules")))]
#[doc(inline)]
pub use shogi_rules as rules;

/// Handicaps, the untakeable-silver variant, rule presets and the run-time choice of variant
/// ([`AnyPosition`](shogi_variants::AnyPosition), [`AnyGame`](shogi_variants::AnyGame)): the
/// [`shogi_variants`] crate.
#[cfg(feature = "variants")]
#[cfg_attr(docsrs, doc(cfg(feature = "variants")))]
#[doc(inline)]
pub use shogi_variants as variants;

/// Western and Japanese move notation: the [`shogi_notation`] crate.
#[cfg(feature = "notation")]
#[cfg_attr(docsrs, doc(cfg(feature = "notation")))]
#[doc(inline)]
pub use shogi_notation as notation;

/// The USI protocol: the `position` command ([`PositionCommand`](shogi_usi::PositionCommand))
/// and every other message between GUIs and engines, in both directions
/// ([`GuiCommand`](shogi_usi::GuiCommand), [`EngineMessage`](shogi_usi::EngineMessage)): the
/// [`shogi_usi`] crate.
#[cfg(feature = "usi")]
#[cfg_attr(docsrs, doc(cfg(feature = "usi")))]
#[doc(inline)]
pub use shogi_usi as usi;

/// Mate search: the df-pn tsume solver [`Solver`](shogi_mate::Solver), its answers and the
/// independent replay of mating lines: the [`shogi_mate`] crate.
#[cfg(feature = "mate")]
#[cfg_attr(docsrs, doc(cfg(feature = "mate")))]
#[doc(inline)]
pub use shogi_mate as mate;

/// Game records (KIF, KI2, CSA), their encodings and format detection: the [`shogi_record`]
/// crate.
#[cfg(feature = "record")]
#[cfg_attr(docsrs, doc(cfg(feature = "record")))]
#[doc(inline)]
pub use shogi_record as record;

/// SVG board diagrams of any setup ([`Diagram`](shogi_svg::Diagram)): highlights, move dots,
/// arrows, hands and coordinates: the [`shogi_svg`] crate.
#[cfg(feature = "svg")]
#[cfg_attr(docsrs, doc(cfg(feature = "svg")))]
#[doc(inline)]
pub use shogi_svg as svg;

#[cfg(all(feature = "variants", feature = "usi"))]
#[cfg_attr(docsrs, doc(cfg(all(feature = "variants", feature = "usi"))))]
pub mod contract;

pub mod prelude {
    //! The types most programs use, to import with `use shogi_kit::prelude::*;`.
    //!
    //! | item | from |
    //! |---|---|
    //! | [`Color`], [`Square`], [`Piece`], [`PieceKind`], [`Hand`], [`Bitboard`], [`Move`], [`Setup`] | [`types`](crate::types) |
    //! | [`Position`], [`Standard`], [`MoveList`], [`Fault`], [`IllegalMoveKind`] | [`movegen`](crate::movegen) |
    //! | [`Game`], [`RuleSet`], [`Outcome`], [`WinReason`], [`DrawReason`], [`ImpasseRule`] | [`rules`](crate::rules) |
    //! | [`Variant`], [`AnyPosition`], [`AnyGame`], [`Handicap`], [`Preset`], [`UntakeableSilver`] | [`variants`](crate::variants) |
    //! | [`PositionCommand`] | [`usi`](crate::usi) |
    //! | [`Record`] | [`record`](crate::record) |

    pub use shogi_movegen::{Fault, IllegalMoveKind, MoveList, Position, Standard};
    #[cfg(feature = "record")]
    pub use shogi_record::Record;
    #[cfg(feature = "rules")]
    pub use shogi_rules::impasse::ImpasseRule;
    #[cfg(feature = "rules")]
    pub use shogi_rules::{DrawReason, Game, Outcome, RuleSet, WinReason};
    pub use shogi_types::{Bitboard, Color, Hand, Move, Piece, PieceKind, Setup, Square};
    #[cfg(feature = "usi")]
    pub use shogi_usi::position::PositionCommand;
    #[cfg(feature = "variants")]
    pub use shogi_variants::{AnyGame, AnyPosition, Handicap, Preset, UntakeableSilver, Variant};
}
