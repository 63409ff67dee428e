//! Game records: the [`Record`] that the KIF, KI2 and CSA readers produce and the writers take.
//!
//! A record holds a validated start position (standard shogi, a handicap, a composed problem
//! or the untakeable-silver variant), the header fields, the moves with their times and
//! comments, and how the record ends ([`Ending`]). Every move of a record is legal: the
//! readers check each one against the position, so [`Record::final_position`] cannot fail for
//! a record that a reader returned.
//!
//! # Reading any record
//! [`read`] takes the bytes of a file, detects the encoding (UTF-8 with or without a byte-order
//! mark, Shift_JIS, EUC-JP) and the format ([`Format::detect`]) and calls the right reader.
//!
//! ```
//! use shogi_record::{self as record, Format};
//! use shogi_rules::{Outcome, WinReason};
//! use shogi_types::Color;
//!
//! let csa = "V2.2\nN+Sente\nN-Gote\nPI\n+\n+7776FU\nT3\n-3334FU\nT1\n%TORYO\n";
//! assert_eq!(Format::detect(csa), Some(Format::Csa));
//! let rec = record::read(csa.as_bytes())?;
//! assert_eq!(rec.player(Color::Black), Some("Sente"));
//! assert_eq!(rec.usi_moves(), ["7g7f".parse()?, "3c3d".parse()?]);
//! assert_eq!(
//!     rec.outcome(),
//!     Some(Outcome::Win { winner: Color::White, reason: WinReason::Resignation })
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Start positions
//! Besides the standard and handicap starts, records hold composed problems (詰将棋). Their
//! start positions are accepted even when they break rules that play never breaks: the
//! attacker without a king, more pieces than one set, pawns lined up on a file, pieces that
//! can never move ([`PositionError::ignore_problem_faults`](shogi_movegen::PositionError::ignore_problem_faults)).
//! Every move from the start is still checked.
//!
//! # Illegal moves
//! A record whose own ending says that a foul ended the game (`反則勝ち`, `反則負け`,
//! `%ILLEGAL_MOVE`, `%+ILLEGAL_ACTION`, `%-ILLEGAL_ACTION`) is read up to the illegal move;
//! that move, if written, is kept as written in [`Record::illegal_move`] and is not part of
//! [`Record::moves`]. Any other illegal move makes reading fail with a [`RecordError`] that
//! gives the move number, the text and the reason, and keeps the moves read before it
//! ([`RecordError::partial`]).
//!
//! # Variations
//! KIF and KI2 records may hold variations (変化, henka): lines of moves played instead of a
//! move, written after the main line. The readers keep them as a tree: each [`RecordMove`]
//! holds its alternatives in [`RecordMove::variations`], each a [`Variation`] with its own
//! moves (which may hold variations in turn) and ending. Every variation move is checked like
//! a move of the main line, from the position before the move it replaces; an illegal move in
//! a variation is an error that names its move number and text, unless a foul ending
//! (`反則勝ち`, `反則負け`) follows it in that line, which then ends with no move kept for the
//! foul. The KIF and KI2 writers write the variations back; CSA cannot hold them, so its writer
//! drops them. [`Record::outcome`], [`Record::usi_moves`] and the other methods of [`Record`]
//! look at the main line only.
//!
//! # Variant records
//! A record of the untakeable-silver variant carries its start position as an SFEN with the
//! untakeable silvers marked `S!` (the protection mark of `Setup::protected`) in one header line, which other programs
//! ignore: `#SFEN：<sfen>` in KIF and KI2, and `'SFEN:<sfen>` in CSA (both are comment lines in
//! those formats). The readers of this crate read that line back and rebuild the variant.

use core::fmt;
use std::time::Duration;

use shogi_movegen::{IllegalMove, IllegalMoveKind, Position};
use shogi_rules::{DrawReason, Game, Outcome, WinReason};
use shogi_types::{Color, Move, Setup};
use shogi_variants::{
    AnyGame, AnyPosition, AnyPositionError, GameVisitor, Handicap, UntakeableSilver, Variant,
    VariantRules, VisitGame,
};

use shogi_notation::ResolveError;
use shogi_notation::japanese::JapaneseMove;
use shogi_notation::western::WesternOptions;

/// A game record: start position, header fields, moves and how it ended.
///
/// Build one with [`Record::new`] and push moves with [`Record::push`] (which checks them), or
/// get one from a reader ([`read`], [`crate::kif::read`], [`crate::ki2::read`],
/// [`crate::csa::read`]) or from a game ([`Record::from_game`]).
///
/// ```
/// use shogi_record::{Ending, Record, Special};
/// use shogi_rules::{Outcome, WinReason};
/// use shogi_types::Color;
///
/// let mut rec = Record::standard();
/// rec.push("7g7f".parse()?)?;
/// rec.push("3c3d".parse()?)?;
/// rec.ending = Some(Ending::new(Special::Resign));
/// // Black is to move after two moves, so Black resigned.
/// assert_eq!(
///     rec.outcome(),
///     Some(Outcome::Win { winner: Color::White, reason: WinReason::Resignation })
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The start position (its variant, its untakeable silvers, side to move and hands).
    pub start: AnyPosition,
    /// The header fields in the order they were read (or should be written).
    pub headers: Vec<Header>,
    /// Comments on the start position (before the first move).
    pub start_comments: Vec<String>,
    /// The moves of the main line, in order; each is legal in the position before it. The
    /// variations hang off these moves ([`RecordMove::variations`]).
    pub moves: Vec<RecordMove>,
    /// How the record ends, if it says so: the terminal word (`投了`, `%TORYO`, …).
    pub ending: Option<Ending>,
    /// The illegal move that ended the game, as written, when the ending says a foul decided
    /// the game. It is not part of [`moves`](Record::moves).
    pub illegal_move: Option<WrittenMove>,
}

/// A move of a record with its time, comments and the variations that branch off it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordMove {
    /// The move (always legal in the position before it).
    pub mv: Move,
    /// The time spent on it, if the record gives it.
    pub time: Option<MoveTime>,
    /// Comments after the move, one entry per comment line.
    pub comments: Vec<String>,
    /// Alternatives to this move (変化, henka), in the order written; each line starts with a
    /// move that replaces this one, in the position before it.
    pub variations: Vec<Variation>,
}

impl RecordMove {
    /// A move with no time, no comment and no variation.
    #[must_use]
    pub fn new(mv: Move) -> RecordMove {
        RecordMove {
            mv,
            time: None,
            comments: Vec::new(),
            variations: Vec::new(),
        }
    }
}

/// A variation (変化, henka): a line of moves played instead of a move of the line it branches
/// off ([`RecordMove::variations`]), and how that line ends.
///
/// Its first move replaces the move that holds the variation, in the same position; the other
/// moves follow it, and each may hold variations of its own. Alternatives to the first move of
/// a variation are further entries of the list it is in: the readers never put variations on
/// the first move of a variation, and the writers write such variations as those entries.
///
/// ```
/// use shogi_record::kif;
/// use shogi_record::{Ending, Record, RecordMove, Special, Variation};
///
/// let mut rec = Record::standard();
/// rec.push("7g7f".parse()?)?;
/// rec.push("3c3d".parse()?)?;
/// // Instead of 3c3d: 8c8d, then the game is interrupted.
/// let mut line = Variation::new(vec![RecordMove::new("8c8d".parse()?)]);
/// line.ending = Some(Ending::new(Special::Interrupt));
/// rec.moves[1].variations.push(line);
///
/// let text = kif::write(&rec);
/// assert!(text.contains("   2 ３四歩(33)   +\n"));
/// assert!(text.contains("\n変化：2手\n   2 ８四歩(83)\n   3 中断\n"));
/// assert_eq!(kif::read(&text)?, rec);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Variation {
    /// The moves of the line; the first replaces the move that holds the variation. Each is
    /// legal in the position before it.
    pub moves: Vec<RecordMove>,
    /// How the line ends, if the record says so (`中断`, `投了`, …).
    pub ending: Option<Ending>,
}

impl Variation {
    /// A line of `moves` with no ending.
    #[must_use]
    pub fn new(moves: Vec<RecordMove>) -> Variation {
        Variation {
            moves,
            ending: None,
        }
    }
}

/// The time of a move: spent on the move and, when the record gives it, the total the player
/// had used after it (KIF writes both; CSA only the first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MoveTime {
    /// Time spent on this move.
    pub spent: Duration,
    /// Total time the player had used after this move, if written.
    pub total: Option<Duration>,
}

impl MoveTime {
    /// The time `spent`, with no total.
    #[must_use]
    pub const fn spent(spent: Duration) -> MoveTime {
        MoveTime { spent, total: None }
    }
}

/// A move as it was written in the record, kept when it could not be played.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WrittenMove {
    /// The move number (ply) it was written as: 1 for the first move of the record.
    pub ply: usize,
    /// The move text as written (`４五桂(37)`, `+7776FU`).
    pub text: String,
    /// The move it names, when the text names one without needing a legal move list (KIF and
    /// CSA give the origin square; KI2 usually does not).
    pub mv: Option<Move>,
    /// Why the move is illegal, when [`mv`](WrittenMove::mv) is known.
    pub kind: Option<IllegalMoveKind>,
}

/// How a record ends: the terminal word and its time and comments, and the outcome when the
/// word alone does not give it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// The terminal word.
    pub special: Special,
    /// The outcome, when it is not the one the word gives ([`Special::outcome`]): a game that
    /// ended by a resignation or a loss on time of the side *not* to move, by perpetual check,
    /// by a failed impasse declaration, by the 24-point count at the move limit, … (see
    /// [`Ending::from_outcome`]). [`Record::outcome`] returns it when it is set.
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
/// the word is written (the "mover" below); [`Record::outcome`] turns them into an
/// [`Outcome`].
///
/// | variant | KIF | CSA | outcome |
/// |---|---|---|---|
/// | `Resign` | 投了 | `%TORYO` | the mover resigned |
/// | `Interrupt` | 中断 | `%CHUDAN` | draw, interruption |
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
            Special::Interrupt => draw(DrawReason::Interruption),
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
    /// always names the right winner ([`Special::outcome`] gives the same winner or a draw):
    /// where no word names both the winner and the reason, it is the foul of the loser
    /// ([`Special::IllegalAction`], which names the loser whatever the side to move: 反則負け
    /// or 反則勝ち in KIF), as for a perpetual check, a failed impasse declaration, a win by the
    /// count at the move limit, or a resignation, loss on time or abandonment of the side *not*
    /// to move. No legal move is written as mate, an agreed draw as an interruption.
    /// [`Ending::from_outcome`] keeps the exact outcome beside such a word.
    #[must_use]
    pub fn from_outcome(outcome: Outcome, mover: Color) -> Special {
        let reason = match outcome {
            Outcome::Draw { reason } => {
                return match reason {
                    DrawReason::Repetition => Special::Repetition,
                    DrawReason::Impasse => Special::Impasse,
                    DrawReason::MoveLimit => Special::MaxMoves,
                    DrawReason::Interruption | DrawReason::Agreement => Special::Interrupt,
                    // A draw this crate does not know yet: a word that gives no winner.
                    _ => Special::Interrupt,
                };
            }
            Outcome::Win { winner, reason } if winner == mover => {
                return match reason {
                    WinReason::Impasse => Special::EnteringKingWin,
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
            WinReason::Resignation => Special::Resign,
            WinReason::TimeForfeit => Special::TimeUp,
            WinReason::IllegalMove(_) => Special::IllegalLoss,
            WinReason::Abandonment => Special::ForfeitLoss,
            _ => Special::IllegalAction(mover),
        }
    }
}

/// The key of a header field. The common fields have a variant, so that they carry over
/// between formats; every other key is kept as written in [`HeaderKey::Other`].
///
/// | variant | KIF | CSA |
/// |---|---|---|
/// | `Black` | 先手 (下手 in handicap games) | `N+` |
/// | `White` | 後手 (上手) | `N-` |
/// | `Event` | 棋戦 | `$EVENT` |
/// | `Site` | 場所 | `$SITE` |
/// | `StartTime` | 開始日時 | `$START_TIME` |
/// | `EndTime` | 終了日時 | `$END_TIME` |
/// | `TimeControl` | 持ち時間 | `$TIME_LIMIT` (V2.2) or `$TIME` (V3.0) |
/// | `Opening` | 戦型 | `$OPENING` |
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum HeaderKey {
    /// The Black player (先手, or 下手 in a handicap game).
    Black,
    /// The White player (後手, or 上手 in a handicap game).
    White,
    /// The event or tournament.
    Event,
    /// Where the game was played.
    Site,
    /// When the game started (the text as written).
    StartTime,
    /// When the game ended (the text as written).
    EndTime,
    /// The time control (the text as written in the source format).
    TimeControl,
    /// The opening.
    Opening,
    /// Any other key, as written (a KIF key such as `備考`, or a CSA `$KEY` without `$`).
    Other(String),
}

impl HeaderKey {
    /// The KIF key (`棋戦`); for `Black` and `White`, the name in an even game (`先手`).
    #[must_use]
    pub fn kif_key(&self) -> &str {
        match self {
            HeaderKey::Black => "先手",
            HeaderKey::White => "後手",
            HeaderKey::Event => "棋戦",
            HeaderKey::Site => "場所",
            HeaderKey::StartTime => "開始日時",
            HeaderKey::EndTime => "終了日時",
            HeaderKey::TimeControl => "持ち時間",
            HeaderKey::Opening => "戦型",
            HeaderKey::Other(key) => key,
        }
    }

    /// Reads a KIF key (`先手` and `下手` both give `Black`, `対局日` gives `StartTime`).
    #[must_use]
    pub fn from_kif_key(key: &str) -> HeaderKey {
        match key {
            "先手" | "下手" => HeaderKey::Black,
            "後手" | "上手" => HeaderKey::White,
            "棋戦" => HeaderKey::Event,
            "場所" => HeaderKey::Site,
            "開始日時" | "対局日" => HeaderKey::StartTime,
            "終了日時" => HeaderKey::EndTime,
            "持ち時間" => HeaderKey::TimeControl,
            "戦型" => HeaderKey::Opening,
            other => HeaderKey::Other(other.to_string()),
        }
    }

    /// The CSA `$` key without `$` (`EVENT`), or `None` for the player names (written as
    /// `N+`/`N-`).
    #[must_use]
    pub fn csa_key(&self) -> Option<&str> {
        Some(match self {
            HeaderKey::Black | HeaderKey::White => return None,
            HeaderKey::Event => "EVENT",
            HeaderKey::Site => "SITE",
            HeaderKey::StartTime => "START_TIME",
            HeaderKey::EndTime => "END_TIME",
            HeaderKey::TimeControl => "TIME_LIMIT",
            HeaderKey::Opening => "OPENING",
            HeaderKey::Other(key) => key,
        })
    }

    /// Reads a CSA `$` key without `$` (`TIME` and `TIME_LIMIT` both give `TimeControl`).
    #[must_use]
    pub fn from_csa_key(key: &str) -> HeaderKey {
        match key {
            "EVENT" => HeaderKey::Event,
            "SITE" => HeaderKey::Site,
            "START_TIME" => HeaderKey::StartTime,
            "END_TIME" => HeaderKey::EndTime,
            "TIME_LIMIT" | "TIME" => HeaderKey::TimeControl,
            "OPENING" => HeaderKey::Opening,
            other => HeaderKey::Other(other.to_string()),
        }
    }
}

/// A header field: key and value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Header {
    /// The key.
    pub key: HeaderKey,
    /// The value as written (trimmed).
    pub value: String,
}

impl Header {
    /// A field.
    #[must_use]
    pub fn new(key: HeaderKey, value: impl Into<String>) -> Header {
        Header {
            key,
            value: value.into(),
        }
    }
}

impl Default for Record {
    /// An empty record from the standard start position.
    fn default() -> Record {
        Record::standard()
    }
}

impl Record {
    /// An empty record (no header, no move) from `start`.
    #[must_use]
    pub fn new(start: impl Into<AnyPosition>) -> Record {
        Record {
            start: start.into(),
            headers: Vec::new(),
            start_comments: Vec::new(),
            moves: Vec::new(),
            ending: None,
            illegal_move: None,
        }
    }

    /// An empty record from the standard start position.
    #[must_use]
    pub fn standard() -> Record {
        Record::new(Position::<shogi_movegen::Standard>::start())
    }

    /// A record of `game`, typed ([`Game<R>`]) or chosen at run time ([`AnyGame`]): its start,
    /// moves and, if the game is over, its outcome as an [`Ending`] ([`Ending::from_outcome`],
    /// which names the right winner whoever was to move, and keeps the exact outcome).
    #[must_use]
    pub fn from_game<G: VisitGame + ?Sized>(game: &G) -> Record {
        struct FromGame;
        impl GameVisitor for FromGame {
            type Output = Record;
            fn visit<R: VariantRules>(self, game: &Game<R>) -> Record {
                let mut rec = Record::new(R::into_any_position(*game.start()));
                rec.moves = game.moves().iter().copied().map(RecordMove::new).collect();
                if let Some(outcome) = game.outcome() {
                    let mover = game.position().side_to_move();
                    rec.ending = Some(Ending::from_outcome(outcome, mover));
                }
                rec
            }
        }
        game.visit(FromGame)
    }

    /// The handicap whose start position this record has, if it has one (平手 included).
    #[must_use]
    pub fn handicap(&self) -> Option<Handicap> {
        // Handicaps are positions of standard shogi.
        self.start
            .as_standard()
            .and_then(|pos| Handicap::from_setup(&pos.to_setup()))
    }

    /// The variant of the start position.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.start.variant()
    }

    /// The value of the first header field with `key`.
    #[must_use]
    pub fn header(&self, key: &HeaderKey) -> Option<&str> {
        self.headers
            .iter()
            .find(|h| h.key == *key)
            .map(|h| h.value.as_str())
    }

    /// The name of the player of `color`, if the record gives it.
    #[must_use]
    pub fn player(&self, color: Color) -> Option<&str> {
        self.header(match color {
            Color::Black => &HeaderKey::Black,
            Color::White => &HeaderKey::White,
        })
    }

    /// The moves alone.
    #[must_use]
    pub fn usi_moves(&self) -> Vec<Move> {
        self.moves.iter().map(|m| m.mv).collect()
    }

    /// The side to move after the last move.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        let start = self.start.side_to_move();
        if self.moves.len().is_multiple_of(2) {
            start
        } else {
            !start
        }
    }

    /// Plays `mv` after the last move (with no time and no comment).
    ///
    /// # Errors
    /// [`IllegalMove`] if `mv` is not legal after the last move; the record is unchanged.
    /// Also fails with the first illegal move if [`moves`](Record::moves) was edited to hold
    /// one.
    pub fn push(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let mut pos = self.final_position()?;
        pos.play(mv)?;
        self.moves.push(RecordMove::new(mv));
        Ok(())
    }

    /// The position after the last move.
    ///
    /// # Errors
    /// The first illegal move, which only a record whose [`moves`](Record::moves) were edited
    /// by hand can hold.
    pub fn final_position(&self) -> Result<AnyPosition, IllegalMove> {
        let mut pos = self.start;
        for m in &self.moves {
            pos.play(m.mv)?;
        }
        Ok(pos)
    }

    /// The outcome of the game according to the record's ending, or `None` if the record has
    /// no ending or one that decides nothing (`封じ手`, `不詰`, an unknown word).
    ///
    /// The ending's word is read for the side to move after the last move (see [`Special`]).
    /// When the record keeps an [`illegal_move`](Record::illegal_move), the side that played
    /// it loses whatever the word, with the kind of the illegal move when known.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let ending = self.ending.as_ref()?;
        if ending.outcome.is_some() {
            return ending.outcome;
        }
        if let Some(illegal) = &self.illegal_move
            && ending.special.is_foul()
        {
            return Some(Outcome::Win {
                winner: !self.side_to_move(),
                reason: WinReason::IllegalMove(illegal.kind),
            });
        }
        ending.special.outcome(self.side_to_move())
    }

    /// Replays the record as a game under `rules` (in the variant of its start), so that the
    /// rules judge it: the game ends where the rules end it (mate, repetition, move limit…),
    /// and a record whose moves end without such a verdict gets the record's own outcome
    /// ([`Record::outcome`]), if it has one.
    ///
    /// ```
    /// use shogi_record as record;
    /// use shogi_rules::{Outcome, RuleSet, WinReason};
    /// use shogi_types::Color;
    ///
    /// // A mate problem solved in one move: the record says nothing, the rules see the mate.
    /// let rec = record::read_str("position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b")?;
    /// assert_eq!(rec.outcome(), None);
    /// let game = rec.to_game(RuleSet::default())?;
    /// assert_eq!(
    ///     game.outcome(),
    ///     Some(Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate })
    /// );
    ///
    /// // A resignation: the rules see nothing, the record's outcome is kept.
    /// let rec = record::read_str("V2.2\nPI\n+\n+7776FU\n%TORYO\n")?;
    /// let game = rec.to_game(RuleSet::default())?;
    /// assert_eq!(
    ///     game.outcome(),
    ///     Some(Outcome::Win { winner: Color::Black, reason: WinReason::Resignation })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PlayError`](shogi_rules::PlayError) if a move is illegal (only in a record edited by
    /// hand) or comes after the rules ended the game (a record that plays on after a
    /// repetition, say).
    pub fn to_game(&self, rules: shogi_rules::RuleSet) -> Result<AnyGame, shogi_rules::PlayError> {
        let mut game = AnyGame::with_rules(self.start, rules);
        for m in &self.moves {
            game.play(m.mv)?;
        }
        if !game.is_over()
            && let Some(outcome) = self.outcome()
        {
            game.set_outcome(outcome)?;
        }
        Ok(game)
    }

    /// The moves in Western notation, in the default style (`P-7f`, `Bx2b+`, `G6i-5h`).
    ///
    /// ```
    /// use shogi_record as record;
    ///
    /// let rec = record::read_str("position startpos moves 7g7f 3c3d 8h2b+ 3a2b")?;
    /// assert_eq!(rec.western_moves(), ["P-7f", "P-3d", "Bx2b+", "Sx2b"]);
    /// assert_eq!(rec.japanese_moves(), ["▲７六歩", "△３四歩", "▲２二角成", "△同　銀"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn western_moves(&self) -> Vec<String> {
        self.western_moves_with(WesternOptions::new())
    }

    /// The moves in Western notation in the style of `options`.
    #[must_use]
    pub fn western_moves_with(&self, options: WesternOptions) -> Vec<String> {
        let mut out = Vec::with_capacity(self.moves.len());
        replay(self, |pos, m, _| {
            out.push(western_write(pos, m.mv, options))
        });
        out
    }

    /// The moves in Japanese notation, with the side marks and `同` (`▲７六歩`, `△同　銀`).
    #[must_use]
    pub fn japanese_moves(&self) -> Vec<String> {
        let mut out = Vec::with_capacity(self.moves.len());
        replay(self, |pos, m, previous| {
            out.push(japanese_write(pos, m.mv, previous));
        });
        out
    }

    /// The start as a USI `position` command with the moves (`startpos` for the standard
    /// start; an SFEN with the untakeable silvers marked `S!` for the variant).
    #[must_use]
    pub fn to_position_command(&self) -> shogi_notation::usi::PositionCommand {
        use shogi_notation::usi::{PositionCommand, StartPosition};
        let setup = self.start.to_setup();
        let start = if setup == Setup::standard() {
            StartPosition::Startpos
        } else {
            StartPosition::Sfen(setup)
        };
        PositionCommand::new(start, self.usi_moves())
    }

    /// The start as a setup, whose SFEN (`Display`) marks the untakeable silvers `S!`.
    #[must_use]
    pub fn start_sfen(&self) -> Setup {
        self.start.to_setup()
    }
}

/// A record format that [`read`] can detect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// KIF (Kakinoki): numbered move lines.
    Kif,
    /// KI2: Japanese notation moves (`▲７六歩`).
    Ki2,
    /// CSA: `+7776FU` move lines.
    Csa,
    /// A USI `position` command (`position startpos moves …`, `startpos …` or `sfen …`).
    Usi,
}

impl Format {
    /// Guesses the format of a record from its text.
    ///
    /// A USI `position` line is recognised by its first word (`position`, `startpos`, `sfen`);
    /// CSA by a line that is a CSA statement (`V2.2`, `PI`, `P1…`, `+7776FU`, `N+`, `$KEY:`,
    /// `'CSA encoding=`); KIF by a numbered move line (`   1 ７六歩(77)`) or the
    /// `手数----指手` line; KI2 by a line starting with a side mark (`▲`, `△`, `☗`, `☖`, `▼`, `▽`).
    /// KIF and KI2 headers and board diagrams alone (no move) read as KIF.
    #[must_use]
    pub fn detect(text: &str) -> Option<Format> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let first_word = text.split_whitespace().next()?;
        if matches!(first_word, "position" | "startpos" | "sfen") {
            return Some(Format::Usi);
        }
        let mut kif_like = false;
        for line in crate::lines::lines(text) {
            let line = line.trim_end();
            if line.starts_with("'CSA encoding=") || is_csa_statement(line) {
                return Some(Format::Csa);
            }
            let t = line.trim_start();
            if t.starts_with(['▲', '△', '☗', '☖', '▼', '▽']) {
                return Some(Format::Ki2);
            }
            if t.starts_with("手数-") || t.starts_with("手数－") || is_kif_move_line(t) {
                return Some(Format::Kif);
            }
            if line.contains('：') || line.starts_with('#') || line.starts_with('|') {
                kif_like = true;
            }
        }
        kif_like.then_some(Format::Kif)
    }
}

impl fmt::Display for Format {
    /// `kif`, `ki2`, `csa` or `usi`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Kif => "kif",
            Format::Ki2 => "ki2",
            Format::Csa => "csa",
            Format::Usi => "usi",
        })
    }
}

/// Whether `line` is a CSA statement that no KIF or KI2 line looks like.
fn is_csa_statement(line: &str) -> bool {
    let b = line.as_bytes();
    let is_move = |s: &[u8]| {
        s.len() >= 7
            && (s[0] == b'+' || s[0] == b'-')
            && s[1..5].iter().all(u8::is_ascii_digit)
            && s[5..7].iter().all(u8::is_ascii_uppercase)
    };
    line.starts_with("V2")
        || line.starts_with("V3")
        || line == "PI"
        || (line.starts_with("PI") && b.get(2).is_some_and(u8::is_ascii_digit))
        || (b.len() >= 3 && b[0] == b'P' && (b'1'..=b'9').contains(&b[1]))
        || line.starts_with("P+")
        || line.starts_with("P-")
        || line.starts_with("N+")
        || line.starts_with("N-")
        || (line.starts_with('$') && line.contains(':'))
        || is_move(b)
}

/// Whether `t` (trimmed at the start) is a numbered KIF move line: digits, blanks, then a
/// move or a terminal word.
fn is_kif_move_line(t: &str) -> bool {
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return false;
    }
    let rest = &t[digits..];
    let after = rest.trim_start_matches([' ', '\u{3000}']);
    after.len() < rest.len() && !after.is_empty() && !after.is_ascii()
}

/// Why a record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// The format could not be recognised.
    #[error("the text is not a KIF, KI2, CSA or USI record")]
    UnknownFormat,
    /// The bytes are in no encoding that the reader knows (UTF-8, Shift_JIS, EUC-JP).
    #[error("the text is neither UTF-8, Shift_JIS nor EUC-JP")]
    Encoding,
    /// A line could not be read.
    #[error("{0}")]
    Syntax(String),
    /// The start position is not valid: the message of the position's error (`invalid
    /// position: …`, naming every fault).
    #[error("start: {0}")]
    InvalidStart(String),
    /// A move could not be played.
    #[error("move {ply} '{text}' {problem}")]
    IllegalMove {
        /// The move number (1 for the first move of the record).
        ply: usize,
        /// The move text as written.
        text: String,
        /// Why it could not be played.
        problem: MoveProblem,
    },
    /// A CSA file holds no game.
    #[error("no game in the file")]
    Empty,
}

/// Why a written move could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveProblem {
    /// The text is no move of the format.
    #[error("cannot be read as a move: {0}")]
    Syntax(String),
    /// The move named by the text is illegal.
    #[error("is illegal: {0}")]
    Illegal(IllegalMoveKind),
    /// The text names no legal move, or several.
    #[error("names no single legal move: {0}")]
    Resolve(ResolveError),
    /// The origin square holds a piece of the mover, but of another kind than the text names
    /// (`角` written for a move of a promoted bishop, `KA` for a `UM`).
    #[error("names a {} but {square} holds a {}", kind_name(*named), kind_name(*found))]
    WrongPiece {
        /// The origin square.
        square: shogi_types::Square,
        /// The kind the text names.
        named: shogi_types::PieceKind,
        /// The kind on the square.
        found: shogi_types::PieceKind,
    },
}

impl MoveProblem {
    /// The kind of illegal move this is, when the move is known and illegal: the kind of
    /// [`MoveProblem::Illegal`], and [`IllegalMoveKind::NoSuchPiece`] for
    /// [`MoveProblem::WrongPiece`].
    #[must_use]
    pub fn illegal_kind(&self) -> Option<IllegalMoveKind> {
        match self {
            MoveProblem::Illegal(kind) => Some(*kind),
            MoveProblem::WrongPiece { .. } => Some(IllegalMoveKind::NoSuchPiece),
            MoveProblem::Syntax(_) | MoveProblem::Resolve(_) => None,
        }
    }
}

/// The English name of `kind`, for messages.
fn kind_name(kind: shogi_types::PieceKind) -> &'static str {
    use shogi_types::PieceKind as K;
    match kind {
        K::Pawn => "pawn",
        K::Lance => "lance",
        K::Knight => "knight",
        K::Silver => "silver",
        K::Gold => "gold",
        K::Bishop => "bishop",
        K::Rook => "rook",
        K::King => "king",
        K::ProPawn => "tokin (promoted pawn)",
        K::ProLance => "promoted lance",
        K::ProKnight => "promoted knight",
        K::ProSilver => "promoted silver",
        K::Horse => "horse (promoted bishop)",
        K::Dragon => "dragon (promoted rook)",
    }
}

/// The error of the record readers: where and why reading stopped, and what was read before.
///
/// ```
/// use shogi_record::{self as record, MoveProblem, RecordErrorKind};
/// use shogi_movegen::IllegalMoveKind;
///
/// let csa = "PI\n+\n+7776FU\n-3334FU\n+2726FU\n-2231KA\n";
/// let err = record::read(csa.as_bytes()).unwrap_err();
/// assert_eq!(err.line(), 6);
/// assert!(matches!(
///     err.kind(),
///     RecordErrorKind::IllegalMove { ply: 4, problem: MoveProblem::Illegal(IllegalMoveKind::CaptureOwnPiece), .. }
/// ));
/// assert_eq!(err.partial().moves.len(), 3);
/// assert_eq!(err.to_string(), "line 6: move 4 '-2231KA' is illegal: the destination holds the mover's own piece");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    line: usize,
    kind: RecordErrorKind,
    partial: Box<Record>,
}

impl RecordError {
    /// An error at `line` (1-based; 0 when no line applies) with what was read before it.
    #[must_use]
    pub fn new(line: usize, kind: RecordErrorKind, partial: Record) -> RecordError {
        RecordError {
            line,
            kind,
            partial: Box::new(partial),
        }
    }

    /// The 1-based line where reading stopped (0 when no line applies).
    #[must_use]
    pub fn line(&self) -> usize {
        self.line
    }

    /// Why reading stopped.
    #[must_use]
    pub fn kind(&self) -> &RecordErrorKind {
        &self.kind
    }

    /// The record as read before the error: start, headers, and every move before the one
    /// that failed.
    #[must_use]
    pub fn partial(&self) -> &Record {
        &self.partial
    }

    /// Takes the partial record.
    #[must_use]
    pub fn into_partial(self) -> Record {
        *self.partial
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: {}", self.line, self.kind)
        } else {
            fmt::Display::fmt(&self.kind, f)
        }
    }
}

impl std::error::Error for RecordError {}

/// Reads a record of any format from the bytes of a file: detects the encoding
/// ([`decode`]) and the format ([`Format::detect`]), then reads it. A USI `position` line
/// gives a record with no header.
///
/// For CSA files that hold several games, this reads the first; see [`crate::csa::read_all`].
///
/// # Errors
/// [`RecordErrorKind::Encoding`], [`RecordErrorKind::UnknownFormat`], or the error of the
/// format's reader.
pub fn read(bytes: &[u8]) -> Result<Record, RecordError> {
    let text = decode(bytes)
        .ok_or_else(|| RecordError::new(0, RecordErrorKind::Encoding, Record::standard()))?;
    read_str(&text)
}

/// Reads a record like [`read`], but keeps what can be kept when a move cannot be read or
/// played: the record of the moves before it (start, headers, comments, legal moves; no ending)
/// comes back together with the error, which still says where and why. Other errors (the
/// encoding, the format, the start position, a header line) fail as in [`read`].
///
/// For batch tools: 81Dojo, for one, ends some games with an illegal last move and only a
/// comment (`*反則手にて終局`), which [`read`] rightly refuses.
///
/// ```
/// use shogi_record as record;
///
/// let kif = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 ８八飛(82)\n";
/// assert!(record::read(kif.as_bytes()).is_err());
/// let (rec, error) = record::read_lenient(kif.as_bytes())?;
/// assert_eq!(rec.usi_moves().len(), 3);
/// let error = error.expect("move 4 is illegal");
/// assert_eq!(error.line(), 5);
/// assert!(error.to_string().starts_with("line 5: move 4 '８八飛(82)'"), "{error}");
/// # Ok::<(), record::RecordError>(())
/// ```
///
/// # Errors
/// The error of [`read`] when it is not about a move ([`RecordErrorKind::IllegalMove`]).
pub fn read_lenient(bytes: &[u8]) -> Result<(Record, Option<RecordError>), RecordError> {
    match read(bytes) {
        Ok(rec) => Ok((rec, None)),
        Err(e) if matches!(e.kind, RecordErrorKind::IllegalMove { .. }) => {
            let mut rec = e.partial().clone();
            rec.ending = None;
            Ok((rec, Some(e)))
        }
        Err(e) => Err(e),
    }
}

/// Reads a record of any format from text ([`Format::detect`]).
///
/// # Errors
/// [`RecordErrorKind::UnknownFormat`], or the error of the format's reader.
pub fn read_str(text: &str) -> Result<Record, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match Format::detect(text) {
        Some(Format::Kif) => crate::kif::read(text),
        Some(Format::Ki2) => crate::ki2::read(text),
        Some(Format::Csa) => crate::csa::read(text),
        Some(Format::Usi) => read_usi(text),
        None => Err(RecordError::new(
            0,
            RecordErrorKind::UnknownFormat,
            Record::standard(),
        )),
    }
}

/// Reads a USI `position` command as a record.
fn read_usi(text: &str) -> Result<Record, RecordError> {
    let line = crate::lines::lines(text)
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    let syntax = |e: &dyn fmt::Display| {
        RecordError::new(
            1,
            RecordErrorKind::Syntax(e.to_string()),
            Record::standard(),
        )
    };
    let cmd: shogi_notation::usi::PositionCommand = line.parse().map_err(|e| syntax(&e))?;
    let mut builder = Builder::from_marked(cmd.start.to_setup())
        .map_err(|e| RecordError::new(1, e, Record::standard()))?;
    for (i, &mv) in cmd.moves.iter().enumerate() {
        if let Err(e) = builder.play(mv) {
            return Err(builder.fail(
                1,
                RecordErrorKind::IllegalMove {
                    ply: i + 1,
                    text: mv.to_string(),
                    problem: MoveProblem::Illegal(e.kind),
                },
            ));
        }
    }
    Ok(builder.finish())
}

/// Decodes the bytes of a record file: UTF-8 (a byte-order mark is dropped), else Shift_JIS
/// (code page 932), else EUC-JP. Returns `None` if none of them decodes the bytes without
/// error.
///
/// When both Shift_JIS and EUC-JP decode the bytes, the one that gives no half-width katakana
/// wins (EUC-JP text read as Shift_JIS turns into half-width katakana, which records do not
/// use).
#[must_use]
pub fn decode(bytes: &[u8]) -> Option<std::borrow::Cow<'_, str>> {
    use std::borrow::Cow;
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    if let Ok(s) = core::str::from_utf8(bytes) {
        return Some(Cow::Borrowed(s));
    }
    let sjis = encoding_rs::SHIFT_JIS.decode_without_bom_handling_and_without_replacement(bytes);
    let euc = encoding_rs::EUC_JP.decode_without_bom_handling_and_without_replacement(bytes);
    let halfwidth_kana = |s: &str| s.chars().any(|c| ('\u{ff61}'..='\u{ff9f}').contains(&c));
    match (sjis, euc) {
        (Some(s), Some(e)) if halfwidth_kana(&s) && !halfwidth_kana(&e) => {
            Some(Cow::Owned(e.into_owned()))
        }
        (Some(s), _) => Some(Cow::Owned(s.into_owned())),
        (None, Some(e)) => Some(Cow::Owned(e.into_owned())),
        (None, None) => None,
    }
}

/// Builds a record move by move, checking each: the shared core of the readers.
#[derive(Debug)]
pub(crate) struct Builder {
    record: Record,
    pos: AnyPosition,
}

impl Builder {
    /// A builder from `setup` of `variant`. The faults a composed problem may show (the
    /// attacker's missing king, extra pieces, pawns lined up on a file, pieces that can never
    /// move) are waived.
    pub(crate) fn new(variant: Variant, setup: Setup) -> Result<Builder, RecordErrorKind> {
        let start = AnyPosition::from_setup(variant, setup)
            .or_else(AnyPositionError::ignore_problem_faults)
            .map_err(|e| RecordErrorKind::InvalidStart(e.to_string()))?;
        Ok(Builder::from_position(start))
    }

    /// A builder from a setup read from an SFEN: the untakeable-silver variant if a piece is
    /// marked protected (the only variant with protected pieces), standard shogi otherwise.
    pub(crate) fn from_marked(setup: Setup) -> Result<Builder, RecordErrorKind> {
        if setup.protected.is_empty() {
            return Builder::new(Variant::Standard, setup);
        }
        let pos = Position::<UntakeableSilver>::from_setup(setup)
            .or_else(shogi_movegen::PositionError::ignore_problem_faults)
            .map_err(|e| RecordErrorKind::InvalidStart(e.to_string()))?;
        Ok(Builder::from_position(AnyPosition::from(pos)))
    }

    /// A builder from a validated start.
    pub(crate) fn from_position(start: AnyPosition) -> Builder {
        Builder {
            record: Record::new(start),
            pos: start,
        }
    }

    /// The record so far.
    pub(crate) fn record(&self) -> &Record {
        &self.record
    }

    /// The record so far, to add headers and comments.
    pub(crate) fn record_mut(&mut self) -> &mut Record {
        &mut self.record
    }

    /// The current position.
    pub(crate) fn position(&self) -> &AnyPosition {
        &self.pos
    }

    /// The last move played.
    pub(crate) fn previous(&self) -> Option<Move> {
        self.record.moves.last().map(|m| m.mv)
    }

    /// The number of the next move (1 for the first).
    pub(crate) fn next_ply(&self) -> usize {
        self.record.moves.len() + 1
    }

    /// Plays `mv` and appends it.
    pub(crate) fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.pos.play(mv)?;
        self.record.moves.push(RecordMove::new(mv));
        Ok(())
    }

    /// Where a comment read now belongs: the ending, the last move, or the start.
    pub(crate) fn comments_mut(&mut self) -> &mut Vec<String> {
        if let Some(ending) = &mut self.record.ending {
            &mut ending.comments
        } else if let Some(last) = self.record.moves.last_mut() {
            &mut last.comments
        } else {
            &mut self.record.start_comments
        }
    }

    /// Gives up with `kind` at `line`, keeping what was read.
    pub(crate) fn fail(self, line: usize, kind: RecordErrorKind) -> RecordError {
        RecordError::new(line, kind, self.record)
    }

    /// The record read.
    pub(crate) fn finish(self) -> Record {
        self.record
    }
}

/// Resolves a Japanese move against `pos` (after `previous`), whatever its variant.
pub(crate) fn resolve_japanese(
    pos: &AnyPosition,
    previous: Option<Move>,
    j: &JapaneseMove,
) -> Result<Move, ResolveError> {
    j.resolve(pos, previous)
}

/// Japanese notation of `mv` in `pos` (the USI text if it cannot be written).
pub(crate) fn japanese_write(pos: &AnyPosition, mv: Move, previous: Option<Move>) -> String {
    shogi_notation::japanese::describe(pos, mv, previous)
        .map_or_else(|_| mv.to_string(), |j| j.to_string())
}

/// Western notation of `mv` in `pos` (the USI text if it cannot be written).
pub(crate) fn western_write(pos: &AnyPosition, mv: Move, options: WesternOptions) -> String {
    shogi_notation::western::write_with(pos, mv, options).unwrap_or_else(|_| mv.to_string())
}

/// Calls `f` with the position before each move of `record`, the move and the previous move,
/// stopping at the first illegal move (which only an edited record holds).
pub(crate) fn replay(record: &Record, mut f: impl FnMut(&AnyPosition, &RecordMove, Option<Move>)) {
    let mut pos = record.start;
    let mut previous = None;
    for m in &record.moves {
        f(&pos, m, previous);
        if pos.play(m.mv).is_err() {
            return;
        }
        previous = Some(m.mv);
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
            (
                Outcome::Draw {
                    reason: DrawReason::Interruption,
                },
                White,
            ),
        ] {
            assert_eq!(
                Special::from_outcome(outcome, mover).outcome(mover),
                Some(outcome),
                "{outcome}"
            );
        }
    }

    #[test]
    fn records_push_replay_and_judge() {
        let mut rec = Record::standard();
        for usi in ["7g7f", "3c3d", "8h2b+"] {
            rec.push(usi.parse().unwrap()).unwrap();
        }
        // An illegal move is refused and changes nothing.
        let before = rec.clone();
        assert!(rec.push("2b1a".parse().unwrap()).is_err());
        assert_eq!(rec, before);
        assert_eq!(rec.side_to_move(), Color::White);
        assert_eq!(rec.handicap(), Some(Handicap::Even));
        assert_eq!(rec.variant(), Variant::Standard);
        assert_eq!(rec.western_moves(), ["P-7f", "P-3d", "Bx2b+"]);
        assert_eq!(
            rec.to_position_command().to_string(),
            "position startpos moves 7g7f 3c3d 8h2b+"
        );
        // White resigns.
        rec.ending = Some(Ending::new(Special::Resign));
        assert_eq!(
            rec.outcome(),
            Some(Outcome::Win {
                winner: Color::Black,
                reason: WinReason::Resignation
            })
        );
        // A kept foul move: its player loses, whatever the word says.
        rec.illegal_move = Some(WrittenMove {
            ply: 4,
            text: "-2231KA".to_string(),
            mv: None,
            kind: Some(IllegalMoveKind::NoSuchPiece),
        });
        rec.ending = Some(Ending::new(Special::IllegalWin));
        assert_eq!(
            rec.outcome(),
            Some(Outcome::Win {
                winner: Color::Black,
                reason: WinReason::IllegalMove(Some(IllegalMoveKind::NoSuchPiece))
            })
        );
    }

    #[test]
    fn records_of_games_and_variants() {
        let mut game = Game::new(Position::<shogi_movegen::Standard>::start());
        for usi in ["7g7f", "3c3d"] {
            game.play(usi.parse().unwrap()).unwrap();
        }
        game.resign(Color::Black).unwrap();
        let rec = Record::from_game(&game);
        assert_eq!(rec.moves.len(), 2);
        assert_eq!(rec.outcome(), game.outcome());

        let silver = shogi_variants::SilverSetup::SixPiece.position();
        let mut rec = Record::new(silver);
        assert_eq!(rec.variant(), Variant::UntakeableSilver);
        assert_eq!(rec.handicap(), None);
        rec.push("3i3h".parse().unwrap()).unwrap();
        let cmd = rec.to_position_command();
        assert!(cmd.to_string().contains("S!"), "{cmd}");
        let again = read_str(&cmd.to_string()).unwrap();
        assert_eq!(again.start, rec.start);
        assert_eq!(again.usi_moves(), rec.usi_moves());
    }

    #[test]
    fn usi_lines_read_as_records() {
        let err = read_str("position startpos moves 7g7f 3c3d 2g2f 4a3b 2h2d").unwrap_err();
        assert!(matches!(
            err.kind(),
            RecordErrorKind::IllegalMove { ply: 5, .. }
        ));
        assert_eq!(err.partial().moves.len(), 4);
        assert!(read_str("position startpos moves 7g7x").is_err());
        assert!(matches!(
            read_str("nothing here").unwrap_err().kind(),
            RecordErrorKind::UnknownFormat
        ));
    }

    #[test]
    fn detects_formats() {
        assert_eq!(
            Format::detect("position startpos moves 7g7f"),
            Some(Format::Usi)
        );
        assert_eq!(Format::detect("V2.2\nPI\n+\n"), Some(Format::Csa));
        assert_eq!(Format::detect("+7776FU\n"), Some(Format::Csa));
        assert_eq!(
            Format::detect("手合割：平手\n   1 ７六歩(77)\n"),
            Some(Format::Kif)
        );
        assert_eq!(
            Format::detect("手合割：平手\n▲７六歩 △３四歩\n"),
            Some(Format::Ki2)
        );
        assert_eq!(Format::detect("hello"), None);
        assert_eq!(Format::detect(""), None);
    }

    #[test]
    fn decodes_the_three_encodings() {
        let text = "先手：羽生善治\n";
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(text);
        let (euc, _, _) = encoding_rs::EUC_JP.encode(text);
        assert_eq!(decode(text.as_bytes()).as_deref(), Some(text));
        assert_eq!(decode(&sjis).as_deref(), Some(text));
        assert_eq!(decode(&euc).as_deref(), Some(text));
        let bom = [b"\xef\xbb\xbf".as_slice(), text.as_bytes()].concat();
        assert_eq!(decode(&bom).as_deref(), Some(text));
        assert_eq!(decode(b"\xff\xff\xff"), None);
    }
}
