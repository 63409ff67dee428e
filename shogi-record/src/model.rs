//! The game record: the [`Record`] that the KIF, KI2, CSA and JKF readers produce and the writers
//! take, its moves ([`RecordMove`], [`Variation`], [`WrittenMove`]) and header fields
//! ([`Header`], [`HeaderKey`]).
//!
//! A record holds a validated start position (standard shogi, a handicap, a composed problem
//! or the untakeable-silver variant), the header fields, the moves with their times and
//! comments, and how the record ends ([`Ending`]). Every move of a record is legal: the
//! readers check each one against the position, so [`Record::final_position`] cannot fail for
//! a record that a reader returned.
//!
//! The model knows no format and no reader: it imports only [`MoveTime`] and [`Ending`] from
//! the crate; the readers and writers of every format build on it.
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
//! [`Record::moves`]. Any other illegal move makes reading fail with a [`RecordError`](crate::RecordError) that
//! gives the move number, the text and the reason, and keeps the moves read before it
//! ([`RecordError::partial`](crate::RecordError::partial)).
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

use shogi_movegen::{IllegalMove, IllegalMoveKind, Position};
use shogi_rules::{Game, Outcome, WinReason};
use shogi_types::{Color, Move, Setup};
use shogi_variants::{
    AnyGame, AnyPosition, BuiltinVariant, GameVisitor, Handicap, Variant, VisitGame,
};

use shogi_notation::western::WesternOptions;

use crate::ending::Ending;
use crate::time::MoveTime;

#[cfg(doc)]
use crate::ending::Special;

/// A game record: start position, header fields, moves and how it ended.
///
/// Build one with [`Record::new`] and push moves with [`Record::push`] (which checks them), or
/// get one from a reader ([`read`](crate::read), [`crate::kif::read`], [`crate::ki2::read`],
/// [`crate::csa::read`]) or from a game ([`Record::from_game`]).
///
/// ```
/// use shogi_record::{Ending, Record, Special};
/// use shogi_rules::{Outcome, WinReason};
/// use shogi_types::Color;
///
/// let mut rec = Record::start();
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
/// let mut rec = Record::start();
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
        Record::start()
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
    pub fn start() -> Record {
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
            fn visit<R: BuiltinVariant>(self, game: &Game<R>) -> Record {
                let mut rec = Record::new(R::into_any_position(*game.initial_position()));
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

    /// The rules' verdict on the record, without building a game: how many moves of the main
    /// line stand under `rules` (the moves after a mate, a repetition or the move limit are
    /// dropped, and the replay stops at an illegal move of a record edited by hand) and the
    /// outcome, exactly as [`Record::to_game`] would give it: the rules' verdict where the
    /// game ends on the board, else the record's own outcome if every move stands.
    ///
    /// This is what training-data tools ask of every record (`shogi dataset`), so it is
    /// cheap: the moves are replayed on a bare position, and only a record where some
    /// position occurs four times, that reaches the move limit, that is judged under the try
    /// rule, or that has no move from a start without a legal move, is judged by a full
    /// [`AnyGame`].
    ///
    /// ```
    /// use shogi_record as record;
    /// use shogi_rules::{DrawReason, Outcome, RuleSet};
    ///
    /// // The kings step back and forth: the fourth occurrence of the start ends the game, and
    /// // the record's last two moves are dropped.
    /// let rec = record::read_str(
    ///     "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves \
    ///      5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b",
    /// )?;
    /// let judged = rec.judge(RuleSet::none());
    /// assert_eq!(judged.plies, 12);
    /// assert_eq!(judged.outcome, Some(Outcome::Draw { reason: DrawReason::Repetition }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn judge(&self, rules: shogi_rules::RuleSet) -> Judged {
        self.judge_with(rules, |_, _| {})
    }

    /// [`Record::judge`], calling `visit` with the position before each move of the main line
    /// and that move, in order, on the way: what a tool that writes one entry per position
    /// needs, in one replay of the moves instead of two.
    ///
    /// `visit` is called once for each move up to the first illegal one (only a record edited
    /// by hand holds one), which is not visited, whatever the rules say: also for the moves
    /// after a mate, a repetition or the move limit. The moves that stand are the first
    /// [`Judged::plies`] visited, never more than were visited; the caller drops what it made
    /// of the others.
    ///
    /// ```
    /// use shogi_record as record;
    /// use shogi_rules::RuleSet;
    ///
    /// // The last two moves come after the fourth occurrence of the start.
    /// let rec = record::read_str(
    ///     "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves \
    ///      5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b",
    /// )?;
    /// let mut sfens = Vec::new();
    /// let judged = rec.judge_with(RuleSet::none(), |pos, mv| {
    ///     sfens.push(format!("{} {mv}", pos.to_setup()));
    /// });
    /// assert_eq!(sfens.len(), 14);
    /// assert_eq!(judged.plies, 12);
    /// sfens.truncate(judged.plies);
    /// assert_eq!(sfens[1], "4k4/9/9/9/9/9/9/4K4/9 w - 2 5a5b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn judge_with(
        &self,
        rules: shogi_rules::RuleSet,
        mut visit: impl FnMut(&AnyPosition, Move),
    ) -> Judged {
        // The replay on a bare position: it visits every legal move, and gives the verdict
        // itself unless only a game can tell.
        let mut pos = self.start;
        let mut keys = Vec::with_capacity(self.moves.len() + 1);
        keys.push(pos.zobrist());
        for m in &self.moves {
            if !pos.is_legal(m.mv) {
                return self.judge_by_game(rules);
            }
            visit(&pos, m.mv);
            pos.play_unchecked(m.mv);
            keys.push(pos.zobrist());
        }
        let plies = self.moves.len();
        if Record::only_a_game_tells(rules, plies, &mut keys) {
            return self.judge_by_game(rules);
        }
        if !pos.has_legal_move() {
            if plies == 0 {
                return self.judge_by_game(rules);
            }
            // Every position before had a legal move (the one played) and none occurred four
            // times: the game ends here, as a game decides first after a move (rule 1 of
            // `Game`): the side to move has no legal move and loses, mated if in check.
            let reason = if pos.is_check() {
                WinReason::Checkmate
            } else {
                WinReason::NoLegalMoves
            };
            let winner = !pos.side_to_move();
            return Judged {
                plies,
                outcome: Some(Outcome::Win { winner, reason }),
            };
        }
        Judged {
            plies,
            outcome: self.outcome(),
        }
    }

    /// Whether the verdict on a record of `plies` moves, with the Zobrist keys `keys` of its
    /// positions, needs a full game: under the try rule or a move limit that the record
    /// reaches, or when some key occurs four times (equal keys are only a hint: the game
    /// confirms the positions).
    fn only_a_game_tells(rules: shogi_rules::RuleSet, plies: usize, keys: &mut [u64]) -> bool {
        if rules.impasse() == shogi_rules::impasse::ImpasseRule::Try {
            return true;
        }
        if let Some(limit) = rules.move_limit()
            && plies >= usize::try_from(limit.moves()).unwrap_or(usize::MAX)
        {
            return true;
        }
        keys.sort_unstable();
        keys.windows(4).any(|w| w[0] == w[3])
    }

    /// [`Record::judge`] by a full game.
    fn judge_by_game(&self, rules: shogi_rules::RuleSet) -> Judged {
        let mut game = AnyGame::with_rules(self.start, rules);
        let mut plies = 0;
        for m in &self.moves {
            if game.is_over() || game.play(m.mv).is_err() {
                break;
            }
            plies += 1;
        }
        let outcome = game.outcome().or_else(|| {
            (plies == self.moves.len())
                .then(|| self.outcome())
                .flatten()
        });
        Judged { plies, outcome }
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
    pub fn to_position_command(&self) -> shogi_usi::position::PositionCommand {
        use shogi_usi::position::{PositionCommand, StartPosition};
        let setup = self.start.to_setup();
        let start = if setup == Setup::start() {
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
    use crate::ending::Special;

    #[test]
    fn records_push_replay_and_judge() {
        let mut rec = Record::start();
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
}

/// The rules' verdict on a record ([`Record::judge`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Judged {
    /// How many moves of the main line stand: all of them, unless the rules ended the game
    /// earlier (or a move of a record edited by hand is illegal).
    pub plies: usize,
    /// The rules' verdict if the game ends on the board within those moves, else the
    /// record's own outcome ([`Record::outcome`]) when every move stands; `None` if neither
    /// says.
    pub outcome: Option<Outcome>,
}
