//! Rule presets: named [`RuleSet`]s, and [`Preset`]s that tie a start position to its rules.
//!
//! | preset | start | impasse | handicap credit | move limit |
//! |---|---|---|---|---|
//! | [`STANDARD_JSA24`] / [`Preset::StandardJsa24`] | even game | 24-point rule | — | 400 moves, decided by the 24-point count |
//! | [`STANDARD_CSA27`] / [`Preset::StandardCsa27`] | even game | 27-point declaration | — | none |
//! | [`HANDICAP_JSA24`] / [`Preset::HandicapJsa24`] | a [`Handicap`] | 24-point rule | on | 400 moves, decided by the count (with the credit) |
//! | [`HANDICAP_CSA27`] / [`Preset::HandicapCsa27`] | a [`Handicap`] | 27-point declaration | on | none |
//! | [`UNTAKEABLE_SILVER`] / [`Preset::UntakeableSilver`] | a [`SilverSetup`] | none | — | optional, a draw |
//!
//! Under every preset, as under every [`RuleSet`]: checkmate wins, a player without a legal
//! move loses, the 4th occurrence of a position is a draw (千日手, sennichite) and perpetual
//! check loses for the checker (see [`shogi_rules::repetition`] for the rule and its sources).
//!
//! The handicap credit gives the handicap giver the points of the pieces removed at the start
//! (`shogi_rules::impasse::handicap_credit`): White in a handicap game, Black (the silver
//! side) in the untakeable-silver variant if an impasse rule is switched on there.
//!
//! ```
//! use shogi_rules::impasse::ImpasseRule;
//! use shogi_variants::presets::{self, Preset};
//! use shogi_variants::{Handicap, Variant};
//!
//! assert_eq!(presets::HANDICAP_CSA27.impasse(), ImpasseRule::Csa27);
//! assert!(presets::HANDICAP_CSA27.handicap_credit());
//!
//! let game = Preset::HandicapCsa27(Handicap::TwoPiece).game();
//! assert_eq!(game.variant(), Variant::Standard);
//! assert_eq!(game.handicap_credit().white, 10); // rook and bishop
//! ```

use core::fmt;
use core::num::NonZeroU32;

use shogi_rules::impasse::ImpasseRule;
use shogi_rules::{AtLimit, MoveLimit, RuleSet};

use crate::{AnyGame, AnyPosition, Handicap, SilverSetup};

/// Standard shogi under the 24-point rule, with a 400-move limit decided by the 24-point count
/// ([`RuleSet::jsa24_limit400`]).
pub const STANDARD_JSA24: RuleSet = RuleSet::jsa24_limit400();

/// Standard shogi under the 27-point declaration rule of CSA tournaments, no move limit
/// ([`RuleSet::csa27`]).
pub const STANDARD_CSA27: RuleSet = RuleSet::csa27();

/// [`STANDARD_JSA24`] with the handicap credit, for handicap games.
pub const HANDICAP_JSA24: RuleSet = RuleSet::jsa24_limit400().with_handicap_credit(true);

/// [`STANDARD_CSA27`] with the handicap credit, for handicap games.
pub const HANDICAP_CSA27: RuleSet = RuleSet::csa27().with_handicap_credit(true);

/// The untakeable-silver variant: checkmate, no-legal-move loss, sennichite draw, perpetual
/// check loss; no impasse rule and no move limit ([`RuleSet::none`]). See
/// [`untakeable_silver_with_limit`] for the house rule of a move limit.
pub const UNTAKEABLE_SILVER: RuleSet = RuleSet::none();

/// [`UNTAKEABLE_SILVER`] with a move limit of `moves` moves (a house rule): reaching it is a
/// draw.
#[must_use]
pub const fn untakeable_silver_with_limit(moves: NonZeroU32) -> RuleSet {
    UNTAKEABLE_SILVER.with_move_limit(Some(MoveLimit::new(moves, AtLimit::Draw)))
}

/// A start position tied to its rules: what an application offers as "a new game of ...".
///
/// ```
/// use shogi_variants::presets::Preset;
/// use shogi_variants::{SilverSetup, Variant};
///
/// let preset = Preset::UntakeableSilver { setup: SilverSetup::NinePiece, move_limit: None };
/// let game = preset.game();
/// assert_eq!(game.variant(), Variant::UntakeableSilver);
/// assert_eq!(game.position().legal_moves().len(), 17);
/// assert_eq!(preset.to_string(), "Untakeable Silver (nine-piece)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Preset {
    /// The even game under [`STANDARD_JSA24`].
    StandardJsa24,
    /// The even game under [`STANDARD_CSA27`].
    StandardCsa27,
    /// A handicap game under [`HANDICAP_JSA24`].
    HandicapJsa24(Handicap),
    /// A handicap game under [`HANDICAP_CSA27`].
    HandicapCsa27(Handicap),
    /// The untakeable-silver variant from one of its setups, under [`UNTAKEABLE_SILVER`] with
    /// an optional move limit (a draw when reached).
    UntakeableSilver {
        /// The start setup.
        setup: SilverSetup,
        /// The move limit, if the players agreed on one.
        move_limit: Option<NonZeroU32>,
    },
}

impl Preset {
    /// The rule set.
    #[must_use]
    pub const fn rules(self) -> RuleSet {
        match self {
            Preset::StandardJsa24 => STANDARD_JSA24,
            Preset::StandardCsa27 => STANDARD_CSA27,
            Preset::HandicapJsa24(_) => HANDICAP_JSA24,
            Preset::HandicapCsa27(_) => HANDICAP_CSA27,
            Preset::UntakeableSilver {
                move_limit: None, ..
            } => UNTAKEABLE_SILVER,
            Preset::UntakeableSilver {
                move_limit: Some(n),
                ..
            } => untakeable_silver_with_limit(n),
        }
    }

    /// The start position.
    #[must_use]
    pub fn start(self) -> AnyPosition {
        match self {
            Preset::StandardJsa24 | Preset::StandardCsa27 => AnyPosition::default(),
            Preset::HandicapJsa24(h) | Preset::HandicapCsa27(h) => h.position().into(),
            Preset::UntakeableSilver { setup, .. } => setup.position().into(),
        }
    }

    /// A new game from the start position under the rules.
    #[must_use]
    pub fn game(self) -> AnyGame {
        AnyGame::with_rules(self.start(), self.rules())
    }

    /// The impasse rule of the preset.
    #[must_use]
    pub const fn impasse(self) -> ImpasseRule {
        self.rules().impasse()
    }
}

impl fmt::Display for Preset {
    /// Writes the start position's English name and, for standard shogi, the impasse rule:
    /// `"Even, 24-point rule"`, `"Bishop, 27-point rule"`, `"Untakeable Silver (six-piece)"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Preset::StandardJsa24 => f.write_str("Even, 24-point rule"),
            Preset::StandardCsa27 => f.write_str("Even, 27-point rule"),
            Preset::HandicapJsa24(h) => write!(f, "{h}, 24-point rule"),
            Preset::HandicapCsa27(h) => write!(f, "{h}, 27-point rule"),
            Preset::UntakeableSilver { setup, move_limit } => {
                write!(f, "{setup}")?;
                match move_limit {
                    Some(n) => write!(f, ", {n}-move limit"),
                    None => Ok(()),
                }
            }
        }
    }
}
