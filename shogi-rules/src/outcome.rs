use core::fmt;

use shogi_movegen::IllegalMoveKind;
use shogi_types::Color;

/// How a game ended: a win for one colour, a draw, or a stop without a result.
///
/// Winners are absolute colours, never relative to the side to move. The reasons list side by
/// side what the rules compute ([`WinReason::is_computed`]) and what only a game record can
/// carry (resignation, time, agreement, ...).
///
/// [`Outcome::Unfinished`] is a game that was stopped (中断, chūdan; CSA `%CHUDAN`): it has
/// ended, but with no result, so it is neither a win nor a draw ([`Outcome::is_draw`] is
/// false). Training pipelines and rating systems should skip it, as they skip unfinished
/// games; it is its own variant so that no `match` can take it for a draw by accident.
///
/// `Display` writes the one-line form of the `adjudicate` example: `win black checkmate`,
/// `win white perpetual-check`, `draw repetition`, `unfinished` (see [`WinReason::as_str`]
/// and [`DrawReason::as_str`] for the words).
///
/// ```
/// use shogi_rules::{DrawReason, Outcome, WinReason};
/// use shogi_types::Color;
///
/// let mate = Outcome::Win { winner: Color::White, reason: WinReason::Checkmate };
/// assert_eq!(mate.winner(), Some(Color::White));
/// assert_eq!(mate.loser(), Some(Color::Black));
/// assert_eq!(mate.to_string(), "win white checkmate");
///
/// let draw = Outcome::Draw { reason: DrawReason::Repetition };
/// assert!(draw.is_draw());
/// assert_eq!(draw.to_string(), "draw repetition");
///
/// let stopped = Outcome::Unfinished;
/// assert!(!stopped.is_draw());
/// assert_eq!(stopped.winner(), None);
/// assert_eq!(stopped.to_string(), "unfinished");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[doc(alias = "shohai")]
pub enum Outcome {
    /// `winner` won, for `reason`.
    Win {
        /// The colour that won.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Neither side won, for `reason`.
    Draw {
        /// Why.
        reason: DrawReason,
    },
    /// The game was stopped without a result (中断, chūdan; CSA `%CHUDAN`, JKF `CHUDAN`): no
    /// winner and no draw. It is only ever recorded ([`Game::interrupt`](crate::Game::interrupt),
    /// a record's ending word), never computed.
    #[doc(alias = "chudan")]
    Unfinished,
}

impl Outcome {
    /// The winner, or `None` for a draw or an unfinished game.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } | Outcome::Unfinished => None,
        }
    }

    /// The loser, or `None` for a draw or an unfinished game.
    #[must_use]
    pub const fn loser(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner.flip()),
            Outcome::Draw { .. } | Outcome::Unfinished => None,
        }
    }

    /// Whether the game was drawn. An [unfinished](Outcome::Unfinished) game was not.
    #[must_use]
    pub const fn is_draw(self) -> bool {
        matches!(self, Outcome::Draw { .. })
    }

    /// Whether the game has a result: a win or a draw, not [`Outcome::Unfinished`].
    #[must_use]
    pub const fn is_decided(self) -> bool {
        !matches!(self, Outcome::Unfinished)
    }

    /// Whether a rule of the game decided the outcome (mate, repetition, impasse, try, move
    /// limit), rather than an event recorded from outside (resignation, time, agreement, an
    /// illegal move reported by an arbiter, abandonment, interruption).
    #[must_use]
    pub const fn is_computed(self) -> bool {
        match self {
            Outcome::Win { reason, .. } => reason.is_computed(),
            Outcome::Draw { reason } => reason.is_computed(),
            Outcome::Unfinished => false,
        }
    }
}

/// The error of reading an [`Outcome`] from its [`Display`](fmt::Display) form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseOutcomeError {
    /// The text does not start with `win black `, `win white ` or `draw `, and is not
    /// `unfinished`.
    #[error("outcome: expected 'win black', 'win white', 'draw' or 'unfinished' first")]
    Shape,
    /// The reason word is none of [`WinReason::as_str`] (after `win <colour>`) or
    /// [`DrawReason::as_str`] (after `draw`).
    #[error("outcome: unknown reason word")]
    Reason,
}

impl core::str::FromStr for Outcome {
    type Err = ParseOutcomeError;

    /// Reads the form that `Display` writes: `win black checkmate`, `draw repetition`,
    /// `unfinished`. The
    /// kind of an illegal move is not part of that form: `win white illegal-move` reads as
    /// `WinReason::IllegalMove(None)`.
    ///
    /// ```
    /// use shogi_rules::{DrawReason, Outcome, WinReason};
    /// use shogi_types::Color;
    ///
    /// let o: Outcome = "win white resignation".parse()?;
    /// assert_eq!(o, Outcome::Win { winner: Color::White, reason: WinReason::Resignation });
    /// assert_eq!("draw move-limit".parse::<Outcome>()?.to_string(), "draw move-limit");
    /// assert!("win red checkmate".parse::<Outcome>().is_err());
    /// # Ok::<(), shogi_rules::ParseOutcomeError>(())
    /// ```
    fn from_str(s: &str) -> Result<Outcome, ParseOutcomeError> {
        let mut words = s.split(' ');
        let outcome = match (words.next(), words.next(), words.next(), words.next()) {
            (Some("win"), Some(color), Some(word), None) => {
                let winner = match color {
                    "black" => Color::Black,
                    "white" => Color::White,
                    _ => return Err(ParseOutcomeError::Shape),
                };
                let reason = WinReason::ALL
                    .into_iter()
                    .find(|r| r.as_str() == word)
                    .ok_or(ParseOutcomeError::Reason)?;
                Outcome::Win { winner, reason }
            }
            (Some("draw"), Some(word), None, None) => Outcome::Draw {
                reason: DrawReason::ALL
                    .into_iter()
                    .find(|r| r.as_str() == word)
                    .ok_or(ParseOutcomeError::Reason)?,
            },
            (Some("unfinished"), None, None, None) => Outcome::Unfinished,
            _ => return Err(ParseOutcomeError::Shape),
        };
        Ok(outcome)
    }
}

impl fmt::Display for Outcome {
    /// `win <black|white> <reason>`, `draw <reason>` or `unfinished`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let color = match winner {
                    Color::Black => "black",
                    Color::White => "white",
                };
                write!(f, "win {color} {reason}")
            }
            Outcome::Draw { reason } => write!(f, "draw {reason}"),
            Outcome::Unfinished => f.write_str("unfinished"),
        }
    }
}

/// Why a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WinReason {
    /// Computed: the loser is in check and has no legal move (詰み, tsumi). A pawn drop that
    /// would mate is illegal (打ち歩詰め), so it never produces this.
    #[doc(alias = "tsumi")]
    Checkmate,
    /// Computed: the loser is not in check but has no legal move. Unlike stalemate in chess,
    /// this loses in shogi (so shogiops, scalashogi and Fairy-Stockfish rule too).
    NoLegalMoves,
    /// Computed: the loser gave check with every one of its moves between the first and the
    /// fourth occurrence of a position (連続王手の千日手, renzoku ōte no sennichite); see
    /// [`repetition`](crate::repetition).
    #[doc(alias = "renzoku-ote")]
    PerpetualCheck,
    /// Computed: an impasse declaration decided the game (入玉宣言, nyūgyoku sengen), for the
    /// declarer or against it; see [`impasse`](crate::impasse).
    #[doc(alias = "nyugyoku")]
    Impasse,
    /// Computed: the winner's king legally reached the square where the opponent's king
    /// started, under the try rule (トライルール).
    Try,
    /// Computed: the move limit was reached with both kings in their promotion zones and the
    /// 24-point count decided the game ([`AtLimit::Count`](crate::AtLimit::Count)).
    MoveLimit,
    /// Recorded: the loser resigned (投了, tōryō).
    #[doc(alias = "toryo")]
    Resignation,
    /// Recorded: the loser ran out of time (時間切れ, jikan-gire).
    TimeForfeit,
    /// Recorded: the loser played an illegal move (反則負け, hansoku-make), as an arbiter or a
    /// server rules it, with its kind when known (`None` when a game record says only that
    /// there was a foul). [`Game::play`](crate::Game::play) refuses illegal moves;
    /// [`Game::play_or_forfeit`](crate::Game::play_or_forfeit) records this outcome instead.
    #[doc(alias = "hansoku")]
    IllegalMove(Option<IllegalMoveKind>),
    /// Recorded: the loser abandoned the game (left, disconnected, did not turn up).
    Abandonment,
}

impl WinReason {
    /// Every reason, with `IllegalMove(None)` for the illegal moves of every kind.
    pub const ALL: [WinReason; 10] = [
        WinReason::Checkmate,
        WinReason::NoLegalMoves,
        WinReason::PerpetualCheck,
        WinReason::Impasse,
        WinReason::Try,
        WinReason::MoveLimit,
        WinReason::Resignation,
        WinReason::TimeForfeit,
        WinReason::IllegalMove(None),
        WinReason::Abandonment,
    ];

    /// A stable kebab-case word for the reason: `checkmate`, `no-legal-moves`,
    /// `perpetual-check`, `impasse`, `try`, `move-limit`, `resignation`, `time-forfeit`,
    /// `illegal-move` (whatever the kind) or `abandonment`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            WinReason::Checkmate => "checkmate",
            WinReason::NoLegalMoves => "no-legal-moves",
            WinReason::PerpetualCheck => "perpetual-check",
            WinReason::Impasse => "impasse",
            WinReason::Try => "try",
            WinReason::MoveLimit => "move-limit",
            WinReason::Resignation => "resignation",
            WinReason::TimeForfeit => "time-forfeit",
            WinReason::IllegalMove(_) => "illegal-move",
            WinReason::Abandonment => "abandonment",
        }
    }

    /// Whether a rule computes this reason from the moves (rather than a record carrying it).
    #[must_use]
    pub const fn is_computed(self) -> bool {
        matches!(
            self,
            WinReason::Checkmate
                | WinReason::NoLegalMoves
                | WinReason::PerpetualCheck
                | WinReason::Impasse
                | WinReason::Try
                | WinReason::MoveLimit
        )
    }
}

impl fmt::Display for WinReason {
    /// The word of [`WinReason::as_str`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DrawReason {
    /// Computed: the same position (board, both hands, side to move) occurred for the fourth
    /// time, without perpetual check by one side (千日手, sennichite); see
    /// [`repetition`](crate::repetition). The JSA replays such a game with colours swapped;
    /// that is a tournament matter, not a rule of this crate.
    #[doc(alias = "sennichite")]
    Repetition,
    /// Computed: an impasse declaration or count gave no winner (持将棋, jishōgi); see
    /// [`impasse`](crate::impasse).
    #[doc(alias = "jishogi")]
    Impasse,
    /// Computed: the move limit of the rule set was reached ([`MoveLimit`](crate::MoveLimit)).
    MoveLimit,
    /// Recorded: the players agreed to a draw.
    Agreement,
}

impl DrawReason {
    /// Every reason.
    pub const ALL: [DrawReason; 4] = [
        DrawReason::Repetition,
        DrawReason::Impasse,
        DrawReason::MoveLimit,
        DrawReason::Agreement,
    ];

    /// A stable kebab-case word for the reason: `repetition`, `impasse`, `move-limit` or
    /// `agreement`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            DrawReason::Repetition => "repetition",
            DrawReason::Impasse => "impasse",
            DrawReason::MoveLimit => "move-limit",
            DrawReason::Agreement => "agreement",
        }
    }

    /// Whether a rule computes this reason from the moves (rather than a record carrying it).
    #[must_use]
    pub const fn is_computed(self) -> bool {
        matches!(
            self,
            DrawReason::Repetition | DrawReason::Impasse | DrawReason::MoveLimit
        )
    }
}

impl fmt::Display for DrawReason {
    /// The word of [`DrawReason::as_str`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every outcome's text reads back as itself (the illegal move's kind apart), and the
    /// words are the documented ones.
    #[test]
    fn outcome_text_round_trip() {
        for reason in WinReason::ALL {
            for winner in [Color::Black, Color::White] {
                let o = Outcome::Win { winner, reason };
                assert_eq!(o.to_string().parse::<Outcome>(), Ok(o));
            }
        }
        for reason in DrawReason::ALL {
            let o = Outcome::Draw { reason };
            assert_eq!(o.to_string().parse::<Outcome>(), Ok(o));
        }
        let o = Outcome::Unfinished;
        assert_eq!(o.to_string().parse::<Outcome>(), Ok(o));
        let with_kind = Outcome::Win {
            winner: Color::Black,
            reason: WinReason::IllegalMove(Some(IllegalMoveKind::TwoPawns)),
        };
        assert_eq!(
            with_kind.to_string().parse::<Outcome>(),
            Ok(Outcome::Win {
                winner: Color::Black,
                reason: WinReason::IllegalMove(None)
            })
        );
        for bad in [
            "",
            "win",
            "win black",
            "win black checkmate extra",
            "win Black checkmate",
            "draw",
            "draw checkmate",
            "win black repetition",
            "draw  repetition",
            "lose black checkmate",
            "unfinished interruption",
            "draw interruption",
        ] {
            assert!(bad.parse::<Outcome>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn display_words() {
        let o = Outcome::Win {
            winner: Color::Black,
            reason: WinReason::IllegalMove(Some(IllegalMoveKind::TwoPawns)),
        };
        assert_eq!(o.to_string(), "win black illegal-move");
        assert!(!o.is_computed());
        let o = Outcome::Draw {
            reason: DrawReason::MoveLimit,
        };
        assert_eq!(o.to_string(), "draw move-limit");
        assert!(o.is_computed());
        assert_eq!(o.winner(), None);
        assert_eq!(o.loser(), None);
    }

    /// An interrupted game is no result: not a draw, no winner, not computed.
    #[test]
    fn unfinished_is_no_result() {
        let o = Outcome::Unfinished;
        assert!(!o.is_draw());
        assert!(!o.is_decided());
        assert!(!o.is_computed());
        assert_eq!((o.winner(), o.loser()), (None, None));
        assert!(
            Outcome::Draw {
                reason: DrawReason::Agreement
            }
            .is_decided()
        );
    }
}
