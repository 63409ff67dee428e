//! Verdicts shown before they happen: what a declaration would give now, what the move limit
//! would give and when, and how close the position is to a repetition.
//!
//! Each preview is computed from the game as it stands and changes nothing; a site shows it
//! next to the button that would act ("Declare": both counts and the result before the user
//! confirms).
//!
//! ```
//! use shogi_movegen::Position;
//! use shogi_rules::{Game, Outcome, RuleSet, WinReason};
//! use shogi_types::{Color, Setup};
//!
//! // Black: 10 pieces in the camp, 27 points; the CSA rule asks 28 of Black.
//! let setup: Setup = "+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 9P 1".parse()?;
//! let game: Game = Game::with_rules(Position::from_setup(setup)?, RuleSet::csa27());
//! let preview = game.declaration_preview();
//! assert_eq!(preview.points.declaration.black, 27);
//! assert_eq!(preview.points.pieces_in_camp.black, 10);
//! assert!(preview.points.king_in_camp.black && !preview.in_check);
//! assert_eq!(
//!     preview.verdict,
//!     Ok(Outcome::Win { winner: Color::White, reason: WinReason::Impasse }),
//! );
//! assert!(!game.is_over());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use shogi_movegen::VariantHooks;
use shogi_types::{ByColor, Color};

use crate::impasse::{ImpasseRule, Points};
use crate::outcome::Outcome;
use crate::repetition;
use crate::{DeclareError, Game, MoveLimit};

/// What a declaration by the side to move would give now ([`Game::declaration_preview`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct DeclarationPreview {
    /// The side that would declare: the side to move.
    pub declarer: Color,
    /// The impasse rule of the game.
    pub rule: ImpasseRule,
    /// Both sides' counts: total and declaration points, pieces in the camp, kings in the
    /// camp (without the credit).
    pub points: Points,
    /// The handicap credit added to the counts (zero unless the rule set gives it).
    pub credit: ByColor<u32>,
    /// Whether the declarer is in check.
    pub in_check: bool,
    /// The verdict [`Game::declare`] would record, or why it would refuse.
    pub verdict: Result<Outcome, DeclareError>,
}

/// What the move limit would give ([`Game::move_limit_preview`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct MoveLimitPreview {
    /// The limit of the rule set.
    pub limit: MoveLimit,
    /// The moves played in the game so far.
    pub moves_played: u32,
    /// The moves left before the limit ends the game (0 once it is reached).
    pub moves_left: u32,
    /// The outcome the limit would give if it were reached in the current position: a draw,
    /// or under [`AtLimit::Count`](crate::AtLimit::Count) with both kings in their camps the
    /// 24-point count.
    pub outcome_now: Outcome,
}

/// How close the current position is to ending the game by repetition
/// ([`Game::repetition_preview`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct RepetitionPreview {
    /// How many times the current position has occurred, this time included (by Zobrist key,
    /// as [`Game::repetitions`]).
    pub occurrences: u32,
    /// Whether the next occurrence of this position would end the game (this is its third).
    pub next_ends_game: bool,
    /// The outcome of that next occurrence if the moves since the previous occurrence are
    /// played again (the same checks): a draw, or a loss for a side that checked with every
    /// move since the first occurrence. `None` unless `next_ends_game`.
    pub if_repeated: Option<Outcome>,
}

impl<R: VariantHooks> Game<R> {
    /// What a declaration by the side to move would give now, with both sides' counts,
    /// without changing the game (see [`Game::judge_declaration`]).
    #[must_use]
    pub fn declaration_preview(&self) -> DeclarationPreview {
        let pos = self.position();
        DeclarationPreview {
            declarer: pos.side_to_move(),
            rule: self.rules().impasse(),
            points: crate::impasse::points(pos),
            credit: self.handicap_credit(),
            in_check: pos.is_check(),
            verdict: self.judge_declaration(),
        }
    }

    /// What the move limit would give now, and how many moves remain; `None` without a limit.
    #[must_use]
    pub fn move_limit_preview(&self) -> Option<MoveLimitPreview> {
        let limit = self.rules().move_limit()?;
        let moves_played = u32::try_from(self.moves().len()).unwrap_or(u32::MAX);
        Some(MoveLimitPreview {
            limit,
            moves_played,
            moves_left: limit.moves().saturating_sub(moves_played),
            outcome_now: self.limit_outcome(limit),
        })
    }

    /// How many times the current position has occurred, and what its next occurrence would
    /// do.
    #[doc(alias = "sennichite")]
    #[must_use]
    pub fn repetition_preview(&self) -> RepetitionPreview {
        let occurrences = self.repetitions();
        let occurrences_to_end = u32::try_from(repetition::OCCURRENCES).unwrap_or(u32::MAX);
        let next_ends_game = occurrences + 1 >= occurrences_to_end;
        let if_repeated = if next_ends_game {
            self.occurrence_plies().and_then(|plies| {
                let (first, last) = (*plies.first()?, *plies.last()?);
                let ply = self.moves().len();
                // The checks from the first occurrence to now, then those since the last
                // earlier occurrence again.
                let mut checks = self.checks().get(first + 1..=ply)?.to_vec();
                checks.extend_from_slice(self.checks().get(last + 1..=ply)?);
                Some(repetition::judge(self.position().side_to_move(), &checks))
            })
        } else {
            None
        };
        RepetitionPreview {
            occurrences,
            next_ends_game,
            if_repeated,
        }
    }
}
