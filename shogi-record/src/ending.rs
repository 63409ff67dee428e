//! How a record ends: the terminal word ([`Special`]: `投了`, `%TORYO`, …) and the
//! [`Ending`] that carries it with its time, its comments and, when the word alone does not
//! give it, the exact [`Outcome`].
//!
//! It imports only [`MoveTime`] from the rest of the crate; the model ([`crate::Record`]) and
//! every format build on it.

use shogi_rules::{DrawReason, Outcome, WinReason};
use shogi_types::Color;

use crate::time::MoveTime;

/// How a record ends: the terminal word and its time and comments, and the outcome when the
/// word alone does not give it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// The terminal word.
    pub special: Special,
    /// The outcome, when it is not the one the word gives ([`Special::outcome`]): a game that
    /// ended by a resignation or a loss on time of the side *not* to move, by perpetual check,
    /// by a failed impasse declaration, by the 24-point count at the move limit, … (see
    /// [`Ending::from_outcome`]). [`Record::outcome`](crate::Record::outcome) returns it when it is set.
    ///
    /// The writers keep it in a comment `RESULT:<outcome>` after the terminal word (`*` in
    /// KIF and KI2, `'` in CSA; the outcome as [`Outcome`]'s `Display` writes it:
    /// `RESULT:win white resignation`), which the readers take back here; other programs see
    /// the word, chosen to name the right winner, and a comment.
    pub outcome: Option<Outcome>,
    /// The time the record gives for it (KIF writes one for `投了`; CSA may add a `T` line).
    pub time: Option<MoveTime>,
    /// Comments after the terminal word.
    pub comments: Vec<String>,
}

/// The comment prefix that keeps an [`Ending::outcome`] (`RESULT:win white resignation`).
pub(crate) const RESULT: &str = "RESULT:";

// The comment conventions every format shares (KIF, KI2 and CSA write them as comments, JKF
// as comments of its `special` entry), so that no format imports another.

/// The comment prefix of the exact ending word behind a stand-in word, or of an ending a
/// format has no word for (`ENDING:最大手数` after `持将棋`, `ENDING:%ERROR` after the last
/// move, `ENDING:封じ手` in CSA).
pub(crate) const ENDING: &str = "ENDING:";

/// The word kept for an unusable [`Special::Other`] word (one that would read back as another
/// ending, or holds a line end): read back as [`Special::Other`], with no outcome like it.
pub(crate) const UNKNOWN_WORD: &str = "その他";

/// The ending word of an `ENDING:` comment: a KIF word, `%` and a known CSA word, or any other
/// word as written ([`Special::Other`], `%` included).
pub(crate) fn ending_comment_word(word: &str) -> Special {
    let known = match word.strip_prefix('%') {
        Some(csa) => Some(Special::from_csa_word(csa)).filter(|s| !matches!(s, Special::Other(_))),
        None => Special::from_kif_word(word),
    };
    known.unwrap_or_else(|| Special::Other(word.to_string()))
}

/// The word of an `ENDING:` comment for `special`, which [`ending_comment_word`] reads back:
/// the KIF word, else `%` and the CSA word.
pub(crate) fn exact_word(special: &Special) -> String {
    match (special.kif_word(), special.csa_word()) {
        (Some(kif), _) => kif.to_string(),
        (None, Some(csa)) => format!("%{csa}"),
        (None, None) => String::new(),
    }
}

impl Ending {
    /// An ending with no time and no comments.
    #[must_use]
    pub fn new(special: Special) -> Ending {
        Ending {
            special,
            outcome: None,
            time: None,
            comments: Vec::new(),
        }
    }

    /// The ending that records `outcome` when `mover` is the side to move at the end: the word
    /// of [`Special::from_outcome`], which always names the right winner, and the outcome
    /// itself in [`Ending::outcome`] when the word gives another reason.
    ///
    /// ```
    /// use shogi_record::{Ending, Special};
    /// use shogi_rules::{Outcome, WinReason};
    /// use shogi_types::Color;
    ///
    /// // White resigns while Black is to move (during Black's thinking time).
    /// let resigned = Outcome::Win { winner: Color::Black, reason: WinReason::Resignation };
    /// let ending = Ending::from_outcome(resigned, Color::Black);
    /// assert_eq!(ending.special, Special::IllegalAction(Color::White));
    /// assert_eq!(ending.outcome, Some(resigned));
    ///
    /// // Black resigns on its own move: 投了 says it all.
    /// let ending = Ending::from_outcome(resigned, Color::White);
    /// assert_eq!((ending.special, ending.outcome), (Special::Resign, None));
    /// ```
    #[must_use]
    pub fn from_outcome(outcome: Outcome, mover: Color) -> Ending {
        let special = Special::from_outcome(outcome, mover);
        let exact = special.outcome(mover) == Some(outcome);
        Ending {
            outcome: (!exact).then_some(outcome),
            ..Ending::new(special)
        }
    }

    /// The comments to write after the word: [`Ending::comments`], then the `RESULT:` line of
    /// [`Ending::outcome`], if set.
    pub(crate) fn written_comments(&self) -> Vec<String> {
        let mut out = self.comments.clone();
        if let Some(outcome) = self.outcome {
            out.push(format!("{RESULT}{outcome}"));
        }
        out
    }

    /// Takes a `RESULT:` comment (the last one that reads as an outcome) into
    /// [`Ending::outcome`].
    pub(crate) fn take_result_comment(&mut self) {
        let found = self.comments.iter().rposition(|c| {
            c.strip_prefix(RESULT)
                .is_some_and(|o| o.parse::<Outcome>().is_ok())
        });
        if let Some(i) = found {
            let text = self.comments.remove(i);
            self.outcome = text.strip_prefix(RESULT).and_then(|o| o.parse().ok());
        }
    }
}

/// A terminal word of a record. The meaning of most words depends on the side to move when
/// the word is written (the "mover" below); [`Record::outcome`](crate::Record::outcome) turns them into an
/// [`Outcome`].
///
/// | variant | KIF | CSA | outcome |
/// |---|---|---|---|
/// | `Resign` | 投了 | `%TORYO` | the mover resigned |
/// | `Interrupt` | 中断 | `%CHUDAN` | unfinished: no result ([`Outcome::Unfinished`]) |
/// | `Repetition` | 千日手 | `%SENNICHITE` | draw, repetition |
/// | `Impasse` | 持将棋 | `%JISHOGI` | draw, impasse |
/// | `EnteringKingWin` | 入玉勝ち | `%KACHI` | the mover wins by declaration |
/// | `EnteringKingDraw` | — | `%HIKIWAKE` | draw, impasse |
/// | `TimeUp` | 切れ負け | `%TIME_UP` | the mover lost on time |
/// | `IllegalLoss` | 反則負け | `%ILLEGAL_MOVE` | the mover fouled and loses |
/// | `IllegalWin` | 反則勝ち | — | the mover wins: the previous move was a foul |
/// | `IllegalAction(c)` | — | `%+ILLEGAL_ACTION`, `%-ILLEGAL_ACTION` | `c` fouled and loses |
/// | `Mate` | 詰み | `%TSUMI` | the mover is checkmated |
/// | `NoMate` | 不詰 | `%FUZUMI` | none (problem records) |
/// | `MaxMoves` | 最大手数 (this crate's word) | `%MAX_MOVES` | draw, move limit |
/// | `Sealed` | 封じ手 | — | none (the game was adjourned) |
/// | `Try` | トライ | — | the previous mover won by the try rule |
/// | `ForfeitWin` | 不戦勝 | — | the mover wins by forfeit |
/// | `ForfeitLoss` | 不戦敗 | — | the mover loses by forfeit |
/// | `Error` | — | `%ERROR` | none |
/// | `Other(word)` | any other word | any other `%` word | none |
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Special {
    /// 投了 / `%TORYO`.
    #[doc(alias("toryo", "投了", "TORYO"))]
    Resign,
    /// 中断 / `%CHUDAN`.
    #[doc(alias("chudan", "中断", "CHUDAN"))]
    Interrupt,
    /// 千日手 / `%SENNICHITE`.
    #[doc(alias("sennichite", "千日手", "SENNICHITE"))]
    Repetition,
    /// 持将棋 / `%JISHOGI`.
    #[doc(alias("jishogi", "持将棋", "JISHOGI"))]
    Impasse,
    /// 入玉勝ち / `%KACHI`.
    #[doc(alias("nyugyoku", "入玉勝ち", "KACHI"))]
    EnteringKingWin,
    /// `%HIKIWAKE`.
    #[doc(alias("HIKIWAKE"))]
    EnteringKingDraw,
    /// 切れ負け (also 時間切れ, `Time-up`) / `%TIME_UP`.
    #[doc(alias("kiremake", "切れ負け", "TIME_UP"))]
    TimeUp,
    /// 反則負け / `%ILLEGAL_MOVE`.
    #[doc(alias("hansokumake", "反則負け", "ILLEGAL_MOVE"))]
    IllegalLoss,
    /// 反則勝ち.
    #[doc(alias("hansokugachi", "反則勝ち"))]
    IllegalWin,
    /// `%+ILLEGAL_ACTION` (Black fouled) or `%-ILLEGAL_ACTION` (White fouled).
    #[doc(alias("ILLEGAL_ACTION"))]
    IllegalAction(Color),
    /// 詰み (also 詰) / `%TSUMI`.
    #[doc(alias("tsumi", "詰み", "TSUMI"))]
    Mate,
    /// 不詰 / `%FUZUMI`.
    #[doc(alias("fuzumi", "不詰", "FUZUMI"))]
    NoMate,
    /// `%MAX_MOVES`.
    #[doc(alias("MAX_MOVES", "最大手数"))]
    MaxMoves,
    /// 封じ手.
    #[doc(alias("fujite", "封じ手"))]
    Sealed,
    /// トライ.
    #[doc(alias("トライ"))]
    Try,
    /// 不戦勝.
    #[doc(alias("fusensho", "不戦勝"))]
    ForfeitWin,
    /// 不戦敗.
    #[doc(alias("fusenpai", "不戦敗"))]
    ForfeitLoss,
    /// `%ERROR`.
    Error,
    /// Any other terminal word, as written (without CSA's `%`).
    Other(String),
}

impl Special {
    /// Every ending word with a fixed meaning, that is every variant but `Other`, in
    /// declaration order.
    pub const KNOWN: [Special; 19] = [
        Special::Resign,
        Special::Interrupt,
        Special::Repetition,
        Special::Impasse,
        Special::EnteringKingWin,
        Special::EnteringKingDraw,
        Special::TimeUp,
        Special::IllegalLoss,
        Special::IllegalWin,
        Special::IllegalAction(Color::Black),
        Special::IllegalAction(Color::White),
        Special::Mate,
        Special::NoMate,
        Special::MaxMoves,
        Special::Sealed,
        Special::Try,
        Special::ForfeitWin,
        Special::ForfeitLoss,
        Special::Error,
    ];

    /// The KIF word (`投了`), or `None` for the endings KIF has no word for.
    #[must_use]
    pub fn kif_word(&self) -> Option<&str> {
        Some(match self {
            Special::Resign => "投了",
            Special::Interrupt => "中断",
            Special::Repetition => "千日手",
            Special::Impasse => "持将棋",
            Special::EnteringKingWin => "入玉勝ち",
            Special::TimeUp => "切れ負け",
            Special::IllegalLoss => "反則負け",
            Special::IllegalWin => "反則勝ち",
            Special::Mate => "詰み",
            Special::NoMate => "不詰",
            Special::Sealed => "封じ手",
            Special::Try => "トライ",
            Special::ForfeitWin => "不戦勝",
            Special::ForfeitLoss => "不戦敗",
            Special::MaxMoves => "最大手数",
            Special::Other(word) => word,
            Special::EnteringKingDraw | Special::IllegalAction(_) | Special::Error => return None,
        })
    }

    /// Reads a KIF terminal word (`投了`, `詰`, `Time-up`, …).
    #[must_use]
    pub fn from_kif_word(word: &str) -> Option<Special> {
        Some(match word {
            "投了" => Special::Resign,
            "中断" => Special::Interrupt,
            "千日手" => Special::Repetition,
            "持将棋" => Special::Impasse,
            "入玉勝ち" | "入玉宣言" => Special::EnteringKingWin,
            "切れ負け" | "時間切れ" | "Time-up" | "time-up" => Special::TimeUp,
            "反則負け" => Special::IllegalLoss,
            "反則勝ち" => Special::IllegalWin,
            "詰み" | "詰" => Special::Mate,
            "不詰" => Special::NoMate,
            "封じ手" => Special::Sealed,
            "トライ" => Special::Try,
            "不戦勝" => Special::ForfeitWin,
            "不戦敗" => Special::ForfeitLoss,
            "最大手数" => Special::MaxMoves,
            _ => return None,
        })
    }

    /// The CSA word without `%` (`TORYO`), or `None` for the endings CSA has no word for.
    #[must_use]
    pub fn csa_word(&self) -> Option<&str> {
        Some(match self {
            Special::Resign => "TORYO",
            Special::Interrupt => "CHUDAN",
            Special::Repetition => "SENNICHITE",
            Special::Impasse => "JISHOGI",
            Special::EnteringKingWin => "KACHI",
            Special::EnteringKingDraw => "HIKIWAKE",
            Special::TimeUp => "TIME_UP",
            Special::IllegalLoss => "ILLEGAL_MOVE",
            Special::IllegalAction(Color::Black) => "+ILLEGAL_ACTION",
            Special::IllegalAction(Color::White) => "-ILLEGAL_ACTION",
            Special::Mate => "TSUMI",
            Special::NoMate => "FUZUMI",
            Special::MaxMoves => "MAX_MOVES",
            Special::Error => "ERROR",
            Special::Other(word) => word,
            Special::IllegalWin
            | Special::Sealed
            | Special::Try
            | Special::ForfeitWin
            | Special::ForfeitLoss => return None,
        })
    }

    /// Reads a CSA special move without its `%` (`TORYO`); unknown words give
    /// [`Special::Other`].
    #[must_use]
    pub fn from_csa_word(word: &str) -> Special {
        match word {
            "TORYO" => Special::Resign,
            "CHUDAN" => Special::Interrupt,
            "SENNICHITE" => Special::Repetition,
            "JISHOGI" => Special::Impasse,
            "KACHI" => Special::EnteringKingWin,
            "HIKIWAKE" => Special::EnteringKingDraw,
            "TIME_UP" => Special::TimeUp,
            "ILLEGAL_MOVE" => Special::IllegalLoss,
            "+ILLEGAL_ACTION" => Special::IllegalAction(Color::Black),
            "-ILLEGAL_ACTION" => Special::IllegalAction(Color::White),
            "TSUMI" => Special::Mate,
            "FUZUMI" => Special::NoMate,
            "MAX_MOVES" => Special::MaxMoves,
            "ERROR" => Special::Error,
            other => Special::Other(other.to_string()),
        }
    }

    /// Whether the word says that a foul decided the game.
    #[must_use]
    pub const fn is_foul(&self) -> bool {
        matches!(
            self,
            Special::IllegalLoss | Special::IllegalWin | Special::IllegalAction(_)
        )
    }

    /// The outcome the word gives when `mover` is the side to move where it is written.
    #[must_use]
    pub fn outcome(&self, mover: Color) -> Option<Outcome> {
        let win = |winner: Color, reason: WinReason| Some(Outcome::Win { winner, reason });
        let draw = |reason: DrawReason| Some(Outcome::Draw { reason });
        match self {
            Special::Resign => win(!mover, WinReason::Resignation),
            Special::Interrupt => Some(Outcome::Unfinished),
            Special::Repetition => draw(DrawReason::Repetition),
            Special::Impasse | Special::EnteringKingDraw => draw(DrawReason::Impasse),
            Special::EnteringKingWin => win(mover, WinReason::Impasse),
            Special::TimeUp => win(!mover, WinReason::TimeForfeit),
            Special::IllegalLoss => win(!mover, WinReason::IllegalMove(None)),
            Special::IllegalWin => win(mover, WinReason::IllegalMove(None)),
            Special::IllegalAction(fouler) => win(!*fouler, WinReason::IllegalMove(None)),
            Special::Mate => win(!mover, WinReason::Checkmate),
            Special::MaxMoves => draw(DrawReason::MoveLimit),
            Special::Try => win(!mover, WinReason::Try),
            Special::ForfeitWin => win(mover, WinReason::Abandonment),
            Special::ForfeitLoss => win(!mover, WinReason::Abandonment),
            Special::NoMate | Special::Sealed | Special::Error | Special::Other(_) => None,
        }
    }

    /// The word that records `outcome` when `mover` is the side to move at the end. The word
    /// always names the right winner ([`Special::outcome`] gives the same winner or a draw),
    /// and where no word names both the winner and the reason, it is the word a player reads
    /// closest to what happened that cshogi and tsshogi still read with the right winner;
    /// [`Ending::from_outcome`] keeps the exact outcome beside such a word:
    ///
    /// | outcome | word |
    /// |---|---|
    /// | no legal move | 詰み (`Mate`) |
    /// | a draw by agreement (and any draw without a word of its own) | 持将棋 (`Impasse`), as ShogiHome writes a draw: the only draw words the other readers know are 千日手 and 持将棋 |
    /// | [`Outcome::Unfinished`] | 中断 (`Interrupt`), which no reader takes for a result |
    /// | the 24-point count at the move limit | 入玉勝ち (`EnteringKingWin`) for the side to move, else 投了 (`Resign`): the count is the impasse count, and 投了 is the plain loss of the side to move |
    /// | a failed impasse declaration | the foul of the declarer: the JSA rules make it a loss like a foul |
    /// | perpetual check | the foul of the checker (連続王手の千日手 is a foul, 反則) |
    /// | a resignation, loss on time or abandonment of the side *not* to move | 反則勝ち/`±ILLEGAL_ACTION` of the side that lost, or 不戦勝 for abandonment: KIF has no word for a loss of the side that just moved, and these are the words of a win of the side to move that every reader takes |
    #[must_use]
    pub fn from_outcome(outcome: Outcome, mover: Color) -> Special {
        let reason = match outcome {
            Outcome::Unfinished => return Special::Interrupt,
            Outcome::Draw { reason } => {
                return match reason {
                    DrawReason::Repetition => Special::Repetition,
                    DrawReason::MoveLimit => Special::MaxMoves,
                    // Agreement, and any draw this crate does not know yet: a draw word.
                    _ => Special::Impasse,
                };
            }
            Outcome::Win { winner, reason } if winner == mover => {
                return match reason {
                    WinReason::Impasse | WinReason::MoveLimit => Special::EnteringKingWin,
                    WinReason::IllegalMove(_) => Special::IllegalWin,
                    WinReason::Abandonment => Special::ForfeitWin,
                    _ => Special::IllegalAction(!winner),
                };
            }
            Outcome::Win { reason, .. } => reason,
        };
        // The mover lost.
        match reason {
            WinReason::Checkmate | WinReason::NoLegalMoves => Special::Mate,
            WinReason::Try => Special::Try,
            WinReason::Resignation | WinReason::MoveLimit => Special::Resign,
            WinReason::TimeForfeit => Special::TimeUp,
            WinReason::IllegalMove(_) => Special::IllegalLoss,
            WinReason::Abandonment => Special::ForfeitLoss,
            _ => Special::IllegalAction(mover),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn special_words_round_trip() {
        for s in Special::KNOWN {
            if let Some(w) = s.kif_word() {
                assert_eq!(Special::from_kif_word(w), Some(s.clone()), "{w}");
            }
            if let Some(w) = s.csa_word() {
                assert_eq!(Special::from_csa_word(w), s, "{w}");
            }
            assert!(s.kif_word().is_some() || s.csa_word().is_some(), "{s:?}");
        }
    }

    /// The words for players: an agreed draw is a draw word (not 中断, which is no result),
    /// the count at the move limit an impasse win or a plain loss (not a foul).
    #[test]
    fn words_players_read_right() {
        use Color::{Black, White};
        let agreed = Outcome::Draw {
            reason: DrawReason::Agreement,
        };
        assert_eq!(Special::from_outcome(agreed, Black), Special::Impasse);
        let count = |winner| Outcome::Win {
            winner,
            reason: WinReason::MoveLimit,
        };
        assert_eq!(
            Special::from_outcome(count(Black), Black),
            Special::EnteringKingWin
        );
        assert_eq!(Special::from_outcome(count(White), Black), Special::Resign);
        assert_eq!(
            Special::from_outcome(Outcome::Unfinished, White),
            Special::Interrupt
        );
        assert_eq!(Special::Interrupt.outcome(Black), Some(Outcome::Unfinished));
    }

    #[test]
    fn outcomes_from_words() {
        use Color::{Black, White};
        let win = |winner, reason| Some(Outcome::Win { winner, reason });
        assert_eq!(
            Special::Resign.outcome(Black),
            win(White, WinReason::Resignation)
        );
        assert_eq!(
            Special::Mate.outcome(White),
            win(Black, WinReason::Checkmate)
        );
        assert_eq!(
            Special::IllegalWin.outcome(White),
            win(White, WinReason::IllegalMove(None))
        );
        assert_eq!(
            Special::IllegalAction(White).outcome(White),
            win(Black, WinReason::IllegalMove(None))
        );
        assert_eq!(
            Special::EnteringKingWin.outcome(Black),
            win(Black, WinReason::Impasse)
        );
        assert_eq!(Special::Sealed.outcome(Black), None);
        // Every outcome written as a word reads back as the same outcome.
        for (outcome, mover) in [
            (
                Outcome::Win {
                    winner: White,
                    reason: WinReason::Resignation,
                },
                Black,
            ),
            (
                Outcome::Win {
                    winner: Black,
                    reason: WinReason::Checkmate,
                },
                White,
            ),
            (
                Outcome::Win {
                    winner: Black,
                    reason: WinReason::TimeForfeit,
                },
                White,
            ),
            (
                Outcome::Win {
                    winner: Black,
                    reason: WinReason::Impasse,
                },
                Black,
            ),
            (
                Outcome::Win {
                    winner: White,
                    reason: WinReason::IllegalMove(None),
                },
                Black,
            ),
            (
                Outcome::Win {
                    winner: White,
                    reason: WinReason::IllegalMove(None),
                },
                White,
            ),
            (
                Outcome::Draw {
                    reason: DrawReason::Repetition,
                },
                Black,
            ),
            (
                Outcome::Draw {
                    reason: DrawReason::Impasse,
                },
                White,
            ),
            (Outcome::Unfinished, White),
        ] {
            assert_eq!(
                Special::from_outcome(outcome, mover).outcome(mover),
                Some(outcome),
                "{outcome}"
            );
        }
    }
}
