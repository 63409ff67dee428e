use core::num::NonZeroU32;

use shogi_movegen::{Position, VariantHooks};
use shogi_types::ByColor;

use crate::impasse::{self, ImpasseRule};

/// What happens when the move limit is reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum AtLimit {
    /// The game is drawn ([`DrawReason::MoveLimit`](crate::DrawReason::MoveLimit)).
    #[default]
    Draw,
    /// If both kings stand in their camps, the 24-point count decides (every piece on the
    /// board and in hand, handicap credit included; a side below 24 loses if the other has
    /// 24 or more, see [`ImpasseRule::Jsa24`]); otherwise, or if the count gives no winner,
    /// the game is drawn. The reason is [`WinReason::MoveLimit`](crate::WinReason::MoveLimit)
    /// or [`DrawReason::MoveLimit`](crate::DrawReason::MoveLimit) either way. No published
    /// rule prescribes this conversion; it is an opt-in policy.
    Count,
}

/// A move limit: the game ends when this many moves have been played.
///
/// The moves counted are the moves of the [`Game`](crate::Game), from its start position: a
/// game that starts from an SFEN with move number 124 still has its full limit. (CSA records
/// count `$MAX_MOVES` the same way; the SFEN move number is often missing or wrong in USI.)
/// Limits in use: JSA 500 moves (the 2019 rule, see Wikipedia (ja)
/// [入玉](https://ja.wikipedia.org/wiki/入玉)), lishogi 700 plies (`Game.maxPlies` in
/// WandererXII/lishogi), cshogi's game runner 256 (`cshogi/cli.py`); other values, such as 320
/// or 400, are event settings, not rules of shogi. The JSA's extension of the 500-move rule
/// (play continues while the 500th move and the replies give check) is not implemented: the
/// game ends at the limit.
///
/// The move that reaches the limit is judged first by every other rule: a checkmate, a
/// repetition or a try on that move decides the game instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveLimit {
    moves: NonZeroU32,
    at_limit: AtLimit,
}

impl MoveLimit {
    /// A limit of `moves` moves, with `at_limit` deciding the result.
    ///
    /// ```
    /// use core::num::NonZeroU32;
    /// use shogi_rules::{AtLimit, MoveLimit};
    ///
    /// let limit = NonZeroU32::new(256).map(|n| MoveLimit::new(n, AtLimit::Draw));
    /// assert_eq!(limit.map(MoveLimit::moves), Some(256));
    /// ```
    #[must_use]
    pub const fn new(moves: NonZeroU32, at_limit: AtLimit) -> MoveLimit {
        MoveLimit { moves, at_limit }
    }

    /// The number of moves after which the game ends.
    #[must_use]
    pub const fn moves(self) -> u32 {
        self.moves.get()
    }

    /// What decides the game at the limit.
    #[must_use]
    pub const fn at_limit(self) -> AtLimit {
        self.at_limit
    }
}

/// A limit known at compile time to be positive.
const fn limit(moves: u32, at_limit: AtLimit) -> Option<MoveLimit> {
    match NonZeroU32::new(moves) {
        Some(n) => Some(MoveLimit::new(n, at_limit)),
        None => None,
    }
}

/// The rules a game is adjudicated by, beyond the moves themselves: the impasse rule,
/// handicap credit and the move limit.
///
/// Repetition, perpetual check, checkmate and "no legal move loses" apply under every rule
/// set. A rule set is a small `Copy` value; build one with a named constructor and the
/// `with_*` methods.
///
/// | constructor | impasse | handicap credit | move limit |
/// |---|---|---|---|
/// | [`none`](RuleSet::none) (also `Default`) | none | off | none |
/// | [`jsa24_limit400`](RuleSet::jsa24_limit400) | [24-point](ImpasseRule::Jsa24) | off | 400, [decided by the count](AtLimit::Count) |
/// | [`csa27`](RuleSet::csa27) | [27-point declaration](ImpasseRule::Csa27) | off | none |
/// | [`jsa24_declaration`](RuleSet::jsa24_declaration) | [JSA declaration](ImpasseRule::Jsa24Declaration) | off | 500, draw |
/// | [`try_rule`](RuleSet::try_rule) | [try](ImpasseRule::Try) | off | none |
///
/// ```
/// use shogi_rules::impasse::ImpasseRule;
/// use shogi_rules::RuleSet;
///
/// let rules = RuleSet::csa27().with_handicap_credit(true);
/// assert_eq!(rules.impasse(), ImpasseRule::Csa27);
/// assert!(rules.handicap_credit());
/// assert_eq!(RuleSet::jsa24_limit400().move_limit().map(|l| l.moves()), Some(400));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct RuleSet {
    impasse: ImpasseRule,
    handicap_credit: bool,
    move_limit: Option<MoveLimit>,
    draw_offers: Option<DrawOffers>,
}

/// How many draw offers a game allows ([`RuleSet::with_draw_offers`]): each player may make
/// `per_player`, and both together `per_game`. Game sites limit them so that offers cannot be
/// used to harass; `u32::MAX` is no limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DrawOffers {
    /// The most offers one player may make in a game.
    pub per_player: u32,
    /// The most offers both players together may make in a game.
    pub per_game: u32,
}

impl RuleSet {
    /// No impasse rule, no handicap credit, no move limit.
    #[must_use]
    pub const fn none() -> RuleSet {
        RuleSet {
            impasse: ImpasseRule::None,
            handicap_credit: false,
            move_limit: None,
            draw_offers: None,
        }
    }

    /// The 24-point rule ([`ImpasseRule::Jsa24`]) with a 400-move limit decided by the
    /// 24-point count ([`AtLimit::Count`]).
    #[must_use]
    pub const fn jsa24_limit400() -> RuleSet {
        RuleSet::none()
            .with_impasse(ImpasseRule::Jsa24)
            .with_move_limit(limit(400, AtLimit::Count))
    }

    /// The 27-point declaration rule of CSA tournaments ([`ImpasseRule::Csa27`]), no move
    /// limit.
    #[must_use]
    pub const fn csa27() -> RuleSet {
        RuleSet::none().with_impasse(ImpasseRule::Csa27)
    }

    /// The JSA declaration rule ([`ImpasseRule::Jsa24Declaration`]) with the JSA's 500-move
    /// limit, a draw.
    #[must_use]
    pub const fn jsa24_declaration() -> RuleSet {
        RuleSet::none()
            .with_impasse(ImpasseRule::Jsa24Declaration)
            .with_move_limit(limit(500, AtLimit::Draw))
    }

    /// The try rule ([`ImpasseRule::Try`]), no move limit.
    #[must_use]
    pub const fn try_rule() -> RuleSet {
        RuleSet::none().with_impasse(ImpasseRule::Try)
    }

    /// The rule set with another impasse rule.
    #[must_use]
    pub const fn with_impasse(self, impasse: ImpasseRule) -> RuleSet {
        RuleSet { impasse, ..self }
    }

    /// The rule set with handicap credit on or off: when on, the handicap giver of the game's
    /// start position is credited with the points of the pieces removed, in every impasse
    /// count (see [`impasse::handicap_credit`]).
    #[must_use]
    pub const fn with_handicap_credit(self, on: bool) -> RuleSet {
        RuleSet {
            handicap_credit: on,
            ..self
        }
    }

    /// The rule set with another move limit (`None`: no limit).
    #[must_use]
    pub const fn with_move_limit(self, move_limit: Option<MoveLimit>) -> RuleSet {
        RuleSet { move_limit, ..self }
    }

    /// The rule set with draw offers allowed, as many as `offers` says (`None`, the default of
    /// every preset: no offers; [`Game::agree_draw`](crate::Game::agree_draw) still records an
    /// agreement made elsewhere). See [`Game::offer_draw`](crate::Game::offer_draw).
    #[must_use]
    pub const fn with_draw_offers(self, offers: Option<DrawOffers>) -> RuleSet {
        RuleSet {
            draw_offers: offers,
            ..self
        }
    }

    /// The draw offers allowed, if any.
    #[must_use]
    pub const fn draw_offers(self) -> Option<DrawOffers> {
        self.draw_offers
    }

    /// The impasse rule.
    #[must_use]
    pub const fn impasse(self) -> ImpasseRule {
        self.impasse
    }

    /// Whether handicap credit is on.
    #[must_use]
    pub const fn handicap_credit(self) -> bool {
        self.handicap_credit
    }

    /// The move limit, if any.
    #[must_use]
    pub const fn move_limit(self) -> Option<MoveLimit> {
        self.move_limit
    }

    /// The points credited to each colour in a game that starts from `start`:
    /// [`impasse::handicap_credit`] if handicap credit is on, zero otherwise.
    #[must_use]
    pub fn credit_for<R: VariantHooks>(self, start: &Position<R>) -> ByColor<u32> {
        if self.handicap_credit {
            impasse::handicap_credit(start)
        } else {
            ByColor::new(0, 0)
        }
    }
}
