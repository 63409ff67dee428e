//! CSA game records (CSA標準棋譜ファイル形式): V2.2 and V3.0, and the older V1, V2 and V2.1
//! files, which read the same way.
//!
//! ```
//! use shogi_record::csa;
//! use shogi_rules::{Outcome, WinReason};
//! use shogi_types::Color;
//!
//! let text = "V2.2\nN+Sente\nN-Gote\nPI\n+\n+7776FU,T3\n-3334FU\nT1\n'*a quiet move\n%TORYO\n";
//! let rec = csa::read(text)?;
//! assert_eq!(rec.player(Color::White), Some("Gote"));
//! assert_eq!(rec.usi_moves(), ["7g7f".parse()?, "3c3d".parse()?]);
//! assert_eq!(rec.moves[1].comments, ["a quiet move"]);
//! assert_eq!(
//!     rec.outcome(),
//!     Some(Outcome::Win { winner: Color::White, reason: WinReason::Resignation })
//! );
//!
//! let written = csa::write(&rec);
//! assert!(written.starts_with("V2.2\nN+Sente\nN-Gote\nPI\n+\n+7776FU\nT3\n"));
//! assert_eq!(csa::read(&written)?, rec);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! CSA holds no variations: the writer drops them ([`Variation`](crate::Variation)).
//!
//! # Reading
//! [`read`] reads the first game of a text and [`read_all`] every game
//! ([`Record::games`](crate::Record::games) reads them one at a time); games are separated
//! by a line holding only `/`. A game is read statement by statement:
//!
//! - An optional first line `'CSA encoding=…` (or Kifu for Windows' `'encoding=…`) is
//!   skipped: it describes the bytes, which are already decoded. Version lines (`V2.2`,
//!   `V3.0`) are accepted and ignored.
//! - `N+name` and `N-name` give the players ([`HeaderKey::Black`], [`HeaderKey::White`]);
//!   `$KEY:value` lines give the other header fields ([`HeaderKey::from_csa_key`]; unknown
//!   keys are kept as [`HeaderKey::Other`], empty values such as `$END_TIME:` are kept).
//! - The start position is `PI` (the even start; `PI82HI22KA` removes pieces from it), or
//!   the rank lines `P1`…`P9` (blanks may be collapsed, and text after the ninth cell, such
//!   as a stray `.`, is ignored), optionally completed by `P+`/`P-` piece lists (`00` puts a
//!   piece in hand, `00AL` gives that side every piece not placed yet), then `+` or `-` for
//!   the side to move. With no position at all, the game starts from the even start. If a
//!   position is given with no side line, the sign of the first move decides.
//! - Moves `+7776FU` name the piece after the move: a promoted code on an unpromoted piece
//!   (`+8822UM`) is a promotion. The sign must be the side to move's and the origin must hold
//!   the named piece or its unpromoted form. Every move is checked; the first that fails ends
//!   reading with [`RecordErrorKind::IllegalMove`], whose partial record keeps the moves
//!   before it, unless the next statement is a foul ending (see below).
//! - `T12` (or `T12.345`, V3.0) is the time spent on the move before it, or, after the
//!   special move, the time of the [`Ending`].
//! - `%TORYO` and the other special moves end the game ([`Special::from_csa_word`]; unknown
//!   words are kept as [`Special::Other`]). Move and special statements after the first
//!   special are ignored (some programs write `%KACHI` twice); comments are still read.
//!   A comment `'ENDING:<word>` after the last move is an ending that CSA has no special
//!   move for, written by this crate (see [Writing](#writing)): a KIF word (`封じ手`,
//!   [`Special::from_kif_word`]), `%` and a CSA word, or any other word
//!   ([`Special::Other`]). After the special move, it gives the exact word that the special
//!   move stands in for (`%TORYO` then `'ENDING:詰み` is a mate). A comment
//!   `'RESULT:<outcome>` after the special move gives [`Ending::outcome`].
//! - A line may hold several statements separated by `,` (`-3334FU,T6,%TORYO`), padded with
//!   blanks; a field starting with `'` is a comment that runs to the end of the line.
//!
//! # Comments
//! A comment line `'text` is stored without its `'`; the `*` that marks a comment meant for
//! programs (`'*text`) is a marker too and is dropped, so `'*text` and `'text` both give
//! `text`. Only that first `*` is dropped: the engine lines `'** 120 +7776FU` keep their
//! second star and read as `* 120 +7776FU`, so they stay apart from ordinary comments.
//! Comments before the first move belong to the start ([`Record::start_comments`]), later
//! ones to the move before them, and those after the special move to the [`Ending`].
//!
//! # Foul endings
//! When a move cannot be played and the next statement of the game (comments and times
//! apart) is `%ILLEGAL_MOVE`, `%+ILLEGAL_ACTION` or `%-ILLEGAL_ACTION`, the move is the foul
//! that ended the game: it is kept in [`Record::illegal_move`] as written, with the move it
//! names and why it is illegal, and is not part of [`Record::moves`].
//!
//! # Variant records
//! CSA has no way to write which silvers of an untakeable-silver start are protected. The
//! writer adds a comment line `'SFEN:<sfen>` with the start as an SFEN (untakeable
//! silvers marked `S!`) to the ordinary position lines, which other programs read as a plain
//! comment. The reader reads that line back: it defines the start position (and the variant)
//! and overrides the `PI`, `P1`…`P9`, `P±` and side lines. It must come before the first move.
//!
//! # Writing
//! [`write()`] writes V2.2 and [`write_with`] V2.2 or V3.0 ([`CsaOptions`]). The writer puts
//! the players in `N+`/`N-`, the known header fields and the `Other` keys that CSA can hold
//! (an uppercase ASCII letter, then uppercase letters, digits, `_`, `+`, `-`) in `$KEY:value`
//! lines, and any other field as a comment `'*key:value` before the start comments, so
//! nothing is lost (it reads back as a start comment). Comments are written as `'*text`
//! lines. The start is `PI` for the even start, `PI` with the removed pieces for a handicap
//! that only removes pieces, and `P1`…`P9` with `P+00…`/`P-00…` hand lines for anything
//! else. V2.2 times are whole seconds (rounded down), V3.0 times keep the milliseconds.
//!
//! The ending is written so that reading the text back gives the same [`Record::outcome`],
//! and so that cshogi 1.1.0 and tsshogi 2.2.0, which read only the special move, find the same
//! winner (checked against both in the repository's CI). cshogi takes `%TORYO`, `%TIME_UP`
//! and `%ILLEGAL_MOVE` as a loss of the side to move, `%KACHI` as its win, `%±ILLEGAL_ACTION`
//! as a loss of that side, and everything else (`%TSUMI` included) as a draw; tsshogi 2.2.0
//! reads `%±ILLEGAL_ACTION` with the winner reversed (fixed in its 2.3.2). So:
//!
//! | ending | written | then |
//! |---|---|---|
//! | [`Special::Mate`] (詰み) | `%TORYO`, as floodgate and cshogi's match runner write a mate | `'ENDING:詰み` |
//! | [`Special::MaxMoves`] under V2.2 (`%MAX_MOVES` is a V3.0 word) | `%JISHOGI` | `'ENDING:最大手数` |
//! | [`Special::Try`], [`Special::ForfeitLoss`] | `%TORYO` | `'ENDING:トライ`, `'ENDING:不戦敗` |
//! | [`Special::ForfeitWin`] | `%KACHI` | `'ENDING:不戦勝` |
//! | [`Special::IllegalAction`] standing in for another reason ([`Ending::outcome`] set: a perpetual check, a resignation of the side not to move…) | `%TORYO` if the side to move lost, `%KACHI` if it won | `'ENDING:%±ILLEGAL_ACTION` |
//! | [`Special::Sealed`] (no outcome) | nothing | `'ENDING:封じ手` after the last move |
//! | [`Special::Other`] | `%WORD` if a plain uppercase CSA word that reads back as itself | else `'ENDING:<word>`, or `'ENDING:その他` for a word that would read as another ending |
//!
//! [`Ending::outcome`], when set, follows as a comment `'*RESULT:<outcome>`
//! (`'*RESULT:win white resignation`), which other programs show as a comment.
//! - [`Special::IllegalWin`] (the mover wins because the previous move was a foul) is
//!   written as the `%±ILLEGAL_ACTION` of the side that fouled.
//! - A kept [`Record::illegal_move`] is written before a foul ending (as it was written when
//!   it was read from CSA, else made from its move), so that it reads back as kept, with the
//!   same kind.
//! - The time of an ending written only as a comment is not written (another reader would
//!   give it to the last move).

use core::fmt::Write as _;
use std::time::Duration;

use shogi_movegen::IllegalMoveKind;
use shogi_types::{Color, Hand, Move, Piece, PieceKind, Setup, Square};
use shogi_variants::{AnyPosition, Handicap, Variant};

use crate::builder::{self, Builder, kind_from_code};
use crate::ending::{ENDING, Ending, Special, UNKNOWN_WORD, ending_comment_word, exact_word};
use crate::error::{MoveProblem, MoveSyntaxError, RecordError, RecordErrorKind, SyntaxError};
use crate::model::{Header, HeaderKey, Record, WrittenMove};
use crate::time::MoveTime;

/// Reads the first game of a CSA text.
///
/// ```
/// use shogi_record::csa;
/// use shogi_variants::handicap::Handicap;
///
/// let rec = csa::read("PI82HI22KA\n-\n-5142OU\n+7776FU\n")?;
/// assert_eq!(rec.handicap(), Some(Handicap::TwoPiece));
/// assert_eq!(rec.moves.len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`RecordErrorKind::Empty`] if the text holds no game; [`RecordErrorKind::Syntax`]
/// ([`SyntaxError`]) for a line that cannot be read;
/// [`RecordErrorKind::InvalidStart`] (with the position's error) for a start position that is
/// not valid; [`RecordErrorKind::IllegalMove`] for a move that cannot be read or played
/// (unless a foul ending explains it, see the [module docs](self)). The error keeps what was
/// read before it ([`RecordError::partial`]).
pub fn read(text: &str) -> Result<Record, RecordError> {
    match Games::new(text).next() {
        Some(lines) => read_game(&lines),
        None => Err(RecordError::new(
            0,
            RecordErrorKind::Empty,
            Record::standard(),
        )),
    }
}

/// Reads every game of a CSA text; games are separated by a line holding only `/`. Parts
/// that hold nothing but blank lines and comments are no game and are skipped.
///
/// ```
/// use shogi_record::csa;
///
/// let games = csa::read_all("PI\n+\n+7776FU\n%TORYO\n/\nPI\n+\n+2726FU\n-8384FU\n");
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].as_ref().map(|r| r.moves.len()), Ok(2));
/// ```
#[must_use]
pub fn read_all(text: &str) -> Vec<Result<Record, RecordError>> {
    Games::new(text).map(|lines| read_game(&lines)).collect()
}

/// The version of CSA that [`write_with`] writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum CsaVersion {
    /// V2.2: a `V2.2` line, whole seconds.
    #[default]
    V22,
    /// V3.0: a `'CSA encoding=UTF-8` line, a `V3.0` line, and times with milliseconds.
    V30,
}

/// Options of [`write_with`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CsaOptions {
    /// The version written (V2.2 by default).
    pub version: CsaVersion,
}

impl CsaOptions {
    /// Options that write `version`.
    #[must_use]
    pub const fn new(version: CsaVersion) -> CsaOptions {
        CsaOptions { version }
    }
}

/// Writes a record as CSA V2.2 (see the [module docs](self) for what is written and how).
///
/// ```
/// use shogi_record::{Ending, Record, Special, csa};
///
/// let mut rec = Record::standard();
/// rec.push("7g7f".parse()?)?;
/// rec.ending = Some(Ending::new(Special::Interrupt));
/// assert_eq!(csa::write(&rec), "V2.2\nPI\n+\n+7776FU\n%CHUDAN\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn write(record: &Record) -> String {
    write_with(record, CsaOptions::default())
}

/// Writes a record as CSA in the version of `options`.
///
/// ```
/// use std::time::Duration;
/// use shogi_record::{MoveTime, Record, csa::{self, CsaOptions, CsaVersion}};
///
/// let mut rec = Record::standard();
/// rec.push("2g2f".parse()?)?;
/// rec.moves[0].time = Some(MoveTime::spent(Duration::from_millis(12_345)));
/// let text = csa::write_with(&rec, CsaOptions::new(CsaVersion::V30));
/// assert_eq!(text, "'CSA encoding=UTF-8\nV3.0\nPI\n+\n+2726FU\nT12.345\n");
/// assert_eq!(csa::read(&text)?, rec);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn write_with(record: &Record, options: CsaOptions) -> String {
    let mut out = String::new();
    match options.version {
        CsaVersion::V22 => out.push_str("V2.2\n"),
        CsaVersion::V30 => out.push_str("'CSA encoding=UTF-8\nV3.0\n"),
    }
    write_headers(&mut out, record);
    write_comments(&mut out, &record.start_comments);
    write_start(&mut out, &record.start);

    let mut last = record.start;
    crate::model::replay(record, |pos, m, _| {
        out.push_str(&move_text(pos, m.mv, None));
        out.push('\n');
        if let Some(t) = m.time {
            write_time(&mut out, t.spent, options.version);
        }
        write_comments(&mut out, &m.comments);
        last = *pos;
        // On an illegal move (only an edited record holds one) `last` stays before it.
        let _ = last.play(m.mv);
    });
    write_ending(&mut out, record, &last, options.version);
    out
}

// ---------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------

/// A line of the text: its 1-based number and its content without the line break.
type Line<'a> = (usize, &'a str);

/// The games of a text, one at a time: the lines between `/` separators, skipping parts with
/// no statement.
#[derive(Debug, Clone)]
pub(crate) struct Games<'a> {
    /// The text after the games split off.
    rest: &'a str,
    /// The number of lines before `rest`.
    line: usize,
}

impl<'a> Games<'a> {
    /// The games of `text` (a byte-order mark is skipped).
    pub(crate) fn new(text: &'a str) -> Games<'a> {
        Games::after(text.strip_prefix('\u{feff}').unwrap_or(text), 0)
    }

    /// The games of `rest`, the text after line `line` of a file.
    pub(crate) fn after(rest: &'a str, line: usize) -> Games<'a> {
        Games { rest, line }
    }

    /// The text after the games split off, and the number of lines before it.
    pub(crate) fn position(&self) -> (&'a str, usize) {
        (self.rest, self.line)
    }
}

impl<'a> Iterator for Games<'a> {
    type Item = Vec<Line<'a>>;

    fn next(&mut self) -> Option<Vec<Line<'a>>> {
        /// Whether a part holds a statement: a line that is neither blank nor a comment.
        fn has_statement(lines: &[Line<'_>]) -> bool {
            lines.iter().any(|(_, l)| {
                let t = l.trim_start();
                !t.is_empty() && !t.starts_with('\'')
            })
        }
        let mut lines = crate::lines::lines(self.rest);
        let mut current: Vec<Line<'a>> = Vec::new();
        loop {
            let Some(line) = lines.next() else {
                self.rest = "";
                return has_statement(&current).then_some(current);
            };
            self.line += 1;
            let line = line.trim_end_matches('\r');
            if line.trim() == "/" {
                if has_statement(&current) {
                    self.rest = lines.rest();
                    return Some(current);
                }
                current.clear();
            } else {
                current.push((self.line, line));
            }
        }
    }
}

/// One statement of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stmt<'a> {
    /// A comment, without its `'`.
    Comment(&'a str),
    /// `'SFEN:<sfen>`: the start of a variant record.
    Sfen(&'a str),
    /// `'ENDING:<word>`: an ending that CSA has no special move for (a KIF word).
    Ending(&'a str),
    /// `V2.2`, `V3.0`, …
    Version,
    /// `N+name`, `N-name`.
    Name(Color, &'a str),
    /// `$KEY:value`.
    Info(&'a str, &'a str),
    /// `PI…`: the text after `PI`.
    Even(&'a str),
    /// `P1`…`P9`: the rank and the text after it.
    Rank(u8, &'a str),
    /// `P+…`, `P-…`: the colour and the text after it.
    Pieces(Color, &'a str),
    /// `+` or `-` alone.
    Side(Color),
    /// A move statement as written.
    Move(&'a str),
    /// `T…`: the text after `T`.
    Time(&'a str),
    /// `%…`: the word after `%`.
    Special(&'a str),
    /// A statement that is none of the above.
    Unknown(&'a str),
}

/// Splits the lines of a game into statements, each with its line number.
fn statements<'a>(lines: &[Line<'a>]) -> Vec<(usize, Stmt<'a>)> {
    let mut out = Vec::new();
    for (index, &(n, raw)) in lines.iter().enumerate() {
        let line = raw.trim_start();
        if line.trim_end().is_empty() {
            continue;
        }
        if let Some(comment) = line.strip_prefix('\'') {
            let encoding = comment.starts_with("CSA encoding=") || comment.starts_with("encoding=");
            if index == 0 && encoding {
                continue;
            }
            if let Some(sfen) = comment.strip_prefix("SFEN:") {
                out.push((n, Stmt::Sfen(sfen.trim())));
            } else if let Some(word) = comment.strip_prefix(ENDING) {
                out.push((n, Stmt::Ending(word)));
            } else {
                out.push((n, Stmt::Comment(comment)));
            }
            continue;
        }
        if line.starts_with('V') {
            out.push((n, Stmt::Version));
            continue;
        }
        if let Some(rest) = line.strip_prefix('N') {
            let stmt = match rest.as_bytes().first() {
                Some(b'+') => Stmt::Name(Color::Black, rest[1..].trim()),
                Some(b'-') => Stmt::Name(Color::White, rest[1..].trim()),
                _ => Stmt::Unknown(line.trim_end()),
            };
            out.push((n, stmt));
            continue;
        }
        if let Some(rest) = line.strip_prefix('$') {
            let stmt = match rest.split_once(':') {
                Some((key, value)) => Stmt::Info(key.trim(), value.trim()),
                None => Stmt::Unknown(line.trim_end()),
            };
            out.push((n, stmt));
            continue;
        }
        if let Some(rest) = line.strip_prefix('P') {
            let stmt = match rest.as_bytes().first() {
                Some(b'I') => Stmt::Even(rest[1..].trim()),
                Some(b'+') => Stmt::Pieces(Color::Black, rest[1..].trim()),
                Some(b'-') => Stmt::Pieces(Color::White, rest[1..].trim()),
                Some(&d @ b'1'..=b'9') => Stmt::Rank(d - b'0', &rest[1..]),
                _ => Stmt::Unknown(line.trim_end()),
            };
            out.push((n, stmt));
            continue;
        }
        // A line of comma-separated statements; a field starting with `'` is a comment that
        // runs to the end of the line.
        let mut rest = line;
        loop {
            let trimmed = rest.trim_start();
            if let Some(comment) = trimmed.strip_prefix('\'') {
                out.push((n, Stmt::Comment(comment)));
                break;
            }
            let (field, next) = match rest.split_once(',') {
                Some((field, next)) => (field.trim(), Some(next)),
                None => (rest.trim(), None),
            };
            if !field.is_empty() {
                out.push((n, statement(field)));
            }
            match next {
                Some(next) => rest = next,
                None => break,
            }
        }
    }
    out
}

/// One field of a statement line.
fn statement(field: &str) -> Stmt<'_> {
    match field {
        "+" => Stmt::Side(Color::Black),
        "-" => Stmt::Side(Color::White),
        _ if field.starts_with(['+', '-']) => Stmt::Move(field),
        _ => {
            if let Some(t) = field.strip_prefix('T') {
                Stmt::Time(t)
            } else if let Some(word) = field.strip_prefix('%') {
                Stmt::Special(word)
            } else {
                Stmt::Unknown(field)
            }
        }
    }
}

/// Where a `T` statement goes: the thing read just before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    /// Nothing that takes a time.
    Nothing,
    /// The last move.
    Move,
    /// The ending.
    Ending,
}

/// The state of the reader of one game.
struct GameReader {
    headers: Vec<Header>,
    start_comments: Vec<String>,
    /// The board and hands given by the position lines, if any.
    setup: Option<Setup>,
    side: Option<Color>,
    sfen: Option<Setup>,
    builder: Option<Builder>,
    target: Target,
    ended: bool,
}

/// Reads one game: its lines, numbered as in the file.
pub(crate) fn read_game(lines: &[Line<'_>]) -> Result<Record, RecordError> {
    let stmts = statements(lines);
    let mut r = GameReader {
        headers: Vec::new(),
        start_comments: Vec::new(),
        setup: None,
        side: None,
        sfen: None,
        builder: None,
        target: Target::Nothing,
        ended: false,
    };
    // The last move or special move: an `'ENDING:` line after it is the ending.
    let last_play = stmts
        .iter()
        .rposition(|(_, s)| matches!(s, Stmt::Move(_) | Stmt::Special(_)));
    for (i, &(n, stmt)) in stmts.iter().enumerate() {
        match stmt {
            Stmt::Version => {}
            Stmt::Comment(text) => r.comment(text),
            Stmt::Name(color, name) => {
                let key = match color {
                    Color::Black => HeaderKey::Black,
                    Color::White => HeaderKey::White,
                };
                r.header(Header::new(key, name));
            }
            Stmt::Info(key, value) => r.header(Header::new(HeaderKey::from_csa_key(key), value)),
            Stmt::Sfen(text) => r.sfen(n, text)?,
            Stmt::Ending(word) => {
                let special = || ending_comment_word(word);
                if last_play.is_some_and(|j| j > i) {
                    r.comment(&format!("{ENDING}{word}"));
                } else if !r.ended {
                    r.end(n, special())?;
                } else if let Some(ending) = r
                    .builder
                    .as_mut()
                    .and_then(|b| b.record_mut().ending.as_mut())
                {
                    // After the special move: the exact word it stands for (`%TORYO` for a
                    // mate, which other readers take as a win, not a draw).
                    ending.special = special();
                }
            }
            Stmt::Even(rest) => r.position_line(n, |setup| read_even(setup, rest))?,
            Stmt::Rank(rank, rest) => r.position_line(n, |setup| read_rank(setup, rank, rest))?,
            Stmt::Pieces(color, rest) => {
                r.position_line(n, |setup| read_pieces(setup, color, rest))?;
            }
            Stmt::Side(color) => {
                if r.builder.is_some() {
                    return Err(r.fail(n, SyntaxError::CsaSideAfterMoves.into()));
                }
                r.side = Some(color);
            }
            Stmt::Move(text) => r.play(n, text, &stmts[i + 1..])?,
            Stmt::Time(text) => r.time(n, text)?,
            Stmt::Special(word) => r.special(n, word)?,
            Stmt::Unknown(text) => {
                return Err(r.fail(n, SyntaxError::CsaStatement(clip(text)).into()));
            }
        }
    }
    let last = lines.last().map_or(0, |&(n, _)| n);
    r.build(last, None)?;
    match r.builder {
        Some(b) => {
            let mut rec = b.finish();
            if let Some(ending) = &mut rec.ending {
                ending.take_result_comment();
            }
            builder::take_kept_illegal(&mut rec);
            Ok(rec)
        }
        None => Err(RecordError::new(
            last,
            RecordErrorKind::Empty,
            Record::standard(),
        )),
    }
}

/// At most 20 characters of `text`, for error messages.
fn clip(text: &str) -> String {
    text.chars().take(20).collect()
}

impl GameReader {
    /// Adds a header field.
    fn header(&mut self, header: Header) {
        match &mut self.builder {
            Some(b) => b.record_mut().headers.push(header),
            None => self.headers.push(header),
        }
    }

    /// Adds a comment where it belongs.
    fn comment(&mut self, text: &str) {
        let text = text.strip_prefix('*').unwrap_or(text).to_string();
        match &mut self.builder {
            Some(b) => b.comments_mut().push(text),
            None => self.start_comments.push(text),
        }
    }

    /// Reads a `'SFEN:` line.
    fn sfen(&mut self, line: usize, text: &str) -> Result<(), RecordError> {
        if self.builder.is_some() {
            // Too late to define the start: keep it as the comment it also is.
            self.comment(&format!("SFEN:{text}"));
            return Ok(());
        }
        match text.parse::<Setup>() {
            Ok(sfen) => {
                self.sfen = Some(sfen);
                Ok(())
            }
            Err(e) => Err(self.fail(line, SyntaxError::Sfen(e).into())),
        }
    }

    /// Applies a position line to the setup being read.
    fn position_line(
        &mut self,
        line: usize,
        f: impl FnOnce(&mut Setup) -> Result<(), SyntaxError>,
    ) -> Result<(), RecordError> {
        if self.builder.is_some() {
            return Err(self.fail(line, SyntaxError::CsaPositionAfterMoves.into()));
        }
        let setup = self.setup.get_or_insert_with(Setup::empty);
        match f(setup) {
            Ok(()) => Ok(()),
            Err(e) => Err(self.fail(line, e.into())),
        }
    }

    /// Makes the builder from the position read, if not done yet. `hint` is the side of the
    /// first move, used when no side line was given.
    fn builder(&mut self, line: usize, hint: Option<Color>) -> Result<&mut Builder, RecordError> {
        self.build(line, hint)?;
        match self.builder.as_mut() {
            Some(b) => Ok(b),
            None => Err(RecordError::new(
                line,
                RecordErrorKind::Empty,
                Record::standard(),
            )),
        }
    }

    /// Makes the builder from the position read, if not done yet.
    fn build(&mut self, line: usize, hint: Option<Color>) -> Result<(), RecordError> {
        if self.builder.is_none() {
            let built = if let Some(sfen) = self.sfen.take() {
                Builder::from_marked(sfen)
            } else {
                let mut setup = self.setup.take().unwrap_or_else(Setup::standard);
                setup.side_to_move = self.side.or(hint).unwrap_or(Color::Black);
                Builder::new(Variant::Standard, setup)
            };
            let mut b = built.map_err(|kind| self.fail(line, kind))?;
            b.record_mut().headers = core::mem::take(&mut self.headers);
            b.record_mut().start_comments = core::mem::take(&mut self.start_comments);
            self.builder = Some(b);
        }
        Ok(())
    }

    /// Gives up at `line` with `kind`, keeping what was read.
    fn fail(&mut self, line: usize, kind: RecordErrorKind) -> RecordError {
        match self.builder.take() {
            Some(b) => b.fail(line, kind),
            None => {
                let mut partial = Record::standard();
                partial.headers = core::mem::take(&mut self.headers);
                partial.start_comments = core::mem::take(&mut self.start_comments);
                RecordError::new(line, kind, partial)
            }
        }
    }

    /// Reads and plays a move statement; `rest` are the statements after it.
    fn play(
        &mut self,
        line: usize,
        text: &str,
        rest: &[(usize, Stmt<'_>)],
    ) -> Result<(), RecordError> {
        if self.ended {
            self.target = Target::Nothing;
            return Ok(());
        }
        let hint = if text.starts_with('-') {
            Color::White
        } else {
            Color::Black
        };
        let b = self.builder(line, Some(hint))?;
        let ply = b.next_ply();
        let (mv, problem) = match parse_move(text, b.position()) {
            Ok(mv) => match b.play(mv) {
                Ok(()) => {
                    self.target = Target::Move;
                    return Ok(());
                }
                Err(e) => (Some(mv), MoveProblem::Illegal(e.kind)),
            },
            Err((mv, problem)) => (mv, problem),
        };
        if let (Some(mv), Some(kind)) = (mv, problem.illegal_kind())
            && ends_in_foul(rest)
        {
            b.record_mut().illegal_move = Some(WrittenMove {
                ply,
                text: text.to_string(),
                mv: Some(mv),
                kind: Some(kind),
            });
            self.target = Target::Nothing;
            return Ok(());
        }
        let kind = RecordErrorKind::IllegalMove {
            ply,
            text: text.to_string(),
            problem,
        };
        Err(self.fail(line, kind))
    }

    /// Reads a `T` statement.
    fn time(&mut self, line: usize, text: &str) -> Result<(), RecordError> {
        let Some(spent) = parse_time(text) else {
            return Err(self.fail(line, SyntaxError::CsaTime(clip(text)).into()));
        };
        let target = self.target;
        let Some(b) = &mut self.builder else {
            return Ok(());
        };
        let record = b.record_mut();
        match target {
            Target::Nothing => {}
            Target::Move => {
                if let Some(m) = record.moves.last_mut() {
                    m.time = Some(MoveTime::spent(spent));
                }
            }
            Target::Ending => {
                if let Some(e) = &mut record.ending
                    && e.time.is_none()
                {
                    e.time = Some(MoveTime::spent(spent));
                }
            }
        }
        Ok(())
    }

    /// Reads a `%` statement.
    fn special(&mut self, line: usize, word: &str) -> Result<(), RecordError> {
        if self.ended {
            self.target = Target::Nothing;
            return Ok(());
        }
        if word.is_empty() || word.contains(char::is_whitespace) {
            return Err(self.fail(line, SyntaxError::CsaSpecial(clip(word)).into()));
        }
        self.end(line, Special::from_csa_word(word))
    }

    /// Ends the game with `special`.
    fn end(&mut self, line: usize, special: Special) -> Result<(), RecordError> {
        let b = self.builder(line, None)?;
        b.record_mut().ending = Some(Ending::new(special));
        self.ended = true;
        self.target = Target::Ending;
        Ok(())
    }
}

/// Whether the next statement that is not a comment, a time or a header is a foul ending.
fn ends_in_foul(rest: &[(usize, Stmt<'_>)]) -> bool {
    for (_, stmt) in rest {
        match stmt {
            Stmt::Comment(_) | Stmt::Time(_) | Stmt::Name(..) | Stmt::Info(..) => {}
            Stmt::Special(word) => return Special::from_csa_word(word).is_foul(),
            _ => return false,
        }
    }
    false
}

/// Reads a time: whole seconds with an optional fraction (`12`, `12.345`).
fn parse_time(text: &str) -> Option<Duration> {
    let text = text.trim();
    let (whole, frac) = match text.split_once('.') {
        Some((w, f)) => (w, f),
        None => (text, ""),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !frac.bytes().all(|b| b.is_ascii_digit()) || (text.contains('.') && frac.is_empty()) {
        return None;
    }
    let secs: u64 = whole.parse().ok()?;
    let mut nanos: u32 = 0;
    let mut scale: u32 = 100_000_000;
    for b in frac.bytes().take(9) {
        nanos += u32::from(b - b'0') * scale;
        scale /= 10;
    }
    Some(Duration::new(secs, nanos))
}

/// The two-letter CSA code of a piece kind.
const fn code(kind: PieceKind) -> &'static str {
    use PieceKind::*;
    match kind {
        Pawn => "FU",
        Lance => "KY",
        Knight => "KE",
        Silver => "GI",
        Gold => "KI",
        Bishop => "KA",
        Rook => "HI",
        King => "OU",
        ProPawn => "TO",
        ProLance => "NY",
        ProKnight => "NK",
        ProSilver => "NG",
        Horse => "UM",
        Dragon => "RY",
    }
}

/// A square written as two digits, file then rank (`77`); `None` for `00` or anything else.
fn square(digits: &[u8]) -> Option<Square> {
    match digits {
        [f @ b'1'..=b'9', r @ b'1'..=b'9'] => Square::from_file_rank(f - b'0', r - b'0'),
        _ => None,
    }
}

/// Reads a move statement in `pos`: the move, or why it cannot be read (with the move when
/// the text names one).
fn parse_move(text: &str, pos: &AnyPosition) -> Result<Move, (Option<Move>, MoveProblem)> {
    let bad = |e: MoveSyntaxError| Err((None, MoveProblem::Syntax(e)));
    let b = text.as_bytes();
    if b.len() != 7 {
        return bad(MoveSyntaxError::CsaShape);
    }
    let color = if b[0] == b'+' {
        Color::Black
    } else {
        Color::White
    };
    let Some(kind) = kind_from_code(&b[5..7]) else {
        return bad(MoveSyntaxError::CsaPieceCode);
    };
    let Some(to) = square(&b[3..5]) else {
        return bad(MoveSyntaxError::CsaDestination);
    };
    if color != pos.side_to_move() {
        return bad(MoveSyntaxError::CsaWrongSign {
            to_move: pos.side_to_move(),
        });
    }
    if &b[1..3] == b"00" {
        if !kind.is_hand_kind() {
            return bad(MoveSyntaxError::CsaPromotedDrop);
        }
        return Ok(Move::Drop { kind, to });
    }
    let Some(from) = square(&b[1..3]) else {
        return bad(MoveSyntaxError::CsaOrigin);
    };
    let plain = Move::Normal {
        from,
        to,
        promote: false,
    };
    match pos.piece_at(from) {
        Some(p) if p.kind == kind => Ok(plain),
        Some(p) if p.kind.promote() == Some(kind) => Ok(Move::Normal {
            from,
            to,
            promote: true,
        }),
        Some(p) if p.color == pos.side_to_move() => Err((
            Some(plain),
            MoveProblem::WrongPiece {
                square: from,
                named: kind,
                found: p.kind,
            },
        )),
        _ => Err((
            Some(plain),
            MoveProblem::Illegal(IllegalMoveKind::NoSuchPiece),
        )),
    }
}

/// The cells of a rank line: nine `+XX`, `-XX` or `*`, blanks anywhere in between; text
/// after the ninth cell is ignored.
fn read_rank(setup: &mut Setup, rank: u8, rest: &str) -> Result<(), SyntaxError> {
    let b = rest.as_bytes();
    let mut cells: Vec<Option<Piece>> = Vec::with_capacity(9);
    let mut i = 0;
    while cells.len() < 9 {
        match b.get(i) {
            Some(b' ') => i += 1,
            Some(b'*') => {
                cells.push(None);
                i += 1;
            }
            Some(&sign @ (b'+' | b'-')) => {
                let kind = b.get(i + 1..i + 3).and_then(kind_from_code).ok_or(
                    SyntaxError::CsaRankPiece {
                        rank,
                        column: i + 3,
                    },
                )?;
                let color = if sign == b'+' {
                    Color::Black
                } else {
                    Color::White
                };
                cells.push(Some(Piece::new(color, kind)));
                i += 3;
            }
            _ => {
                return Err(SyntaxError::CsaRankLength {
                    rank,
                    count: cells.len(),
                });
            }
        }
    }
    for (cell, file) in cells.into_iter().zip((1..=9).rev()) {
        if let Some(sq) = Square::from_file_rank(file, rank) {
            setup.set_piece(sq, cell);
        }
    }
    Ok(())
}

/// A square and a piece code of a `PI`, `P+` or `P-` line.
type Group<'a> = (&'a [u8], &'a [u8]);

/// Splits a list of 4-character groups (square and piece code).
fn groups<'a>(statement: &'static str, rest: &'a str) -> Result<Vec<Group<'a>>, SyntaxError> {
    let b = rest.as_bytes();
    if !b.len().is_multiple_of(4) {
        return Err(SyntaxError::CsaGroups { statement });
    }
    Ok(b.chunks(4).map(|g| (&g[..2], &g[2..])).collect())
}

/// `PI` with the pieces to remove from the even start.
fn read_even(setup: &mut Setup, rest: &str) -> Result<(), SyntaxError> {
    const PI: &str = "PI";
    *setup = Setup::standard();
    for (sq, code) in groups(PI, rest)? {
        let sq = square(sq).ok_or(SyntaxError::CsaSquare { statement: PI })?;
        let kind = kind_from_code(code).ok_or_else(|| SyntaxError::CsaPieceCode {
            statement: PI,
            code: code_str(code),
        })?;
        match setup.piece_at(sq) {
            Some(p) if p.kind == kind => {
                setup.set_piece(sq, None);
            }
            _ => {
                return Err(SyntaxError::CsaNothingToRemove {
                    square: sq,
                    code: code_str(code),
                });
            }
        }
    }
    Ok(())
}

/// A piece code for a message.
fn code_str(code: &[u8]) -> String {
    String::from_utf8_lossy(code).into_owned()
}

/// `P+` / `P-` with pieces on squares or in hand (`00`), `00AL` for the rest.
fn read_pieces(setup: &mut Setup, color: Color, rest: &str) -> Result<(), SyntaxError> {
    let statement = if color == Color::Black { "P+" } else { "P-" };
    for (sq, code) in groups(statement, rest)? {
        if sq == b"00" {
            if code == b"AL" {
                give_rest(setup, color);
                continue;
            }
            let kind = kind_from_code(code)
                .filter(|k| k.is_hand_kind())
                .ok_or_else(|| SyntaxError::CsaNotHandPiece {
                    statement,
                    code: code_str(code),
                })?;
            let hand = &mut setup.hands[color];
            *hand = hand
                .checked_add(kind)
                .ok_or(SyntaxError::CsaHandFull { statement })?;
        } else {
            let sq = square(sq).ok_or(SyntaxError::CsaSquare { statement })?;
            let kind = kind_from_code(code).ok_or_else(|| SyntaxError::CsaPieceCode {
                statement,
                code: code_str(code),
            })?;
            setup.set_piece(sq, Some(Piece::new(color, kind)));
        }
    }
    Ok(())
}

/// Gives `color` every piece (kings apart) that is neither on the board nor in a hand.
fn give_rest(setup: &mut Setup, color: Color) {
    for kind in PieceKind::HAND_KINDS {
        let on_board = setup
            .pieces()
            .filter(|(_, p)| p.kind.unpromote() == kind)
            .count();
        let in_hands =
            usize::from(setup.hands.black.count(kind)) + usize::from(setup.hands.white.count(kind));
        let missing = usize::from(kind.set_count()).saturating_sub(on_board + in_hands);
        let hand = &mut setup.hands[color];
        let count = usize::from(hand.count(kind)) + missing;
        let count = u8::try_from(count).unwrap_or(Hand::MAX_COUNT);
        if let Some(h) = hand.with_count(kind, count) {
            *hand = h;
        }
    }
}

// ---------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------

/// The text of one line: line breaks replaced by blanks.
fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}

/// Whether `key` can be written as a CSA `$KEY`.
fn is_csa_key(key: &str) -> bool {
    key.as_bytes().first().is_some_and(u8::is_ascii_uppercase)
        && key
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b"_+-".contains(&b))
}

/// Writes the header fields: players, then `$` lines, then the fields CSA cannot hold as
/// `'*key:value` comments (right before the start comments, so that the text read back
/// writes the same).
fn write_headers(out: &mut String, record: &Record) {
    let mut as_comments = Vec::new();
    for h in &record.headers {
        let value = one_line(h.value.trim());
        match &h.key {
            HeaderKey::Black => {
                let _ = writeln!(out, "N+{value}");
            }
            HeaderKey::White => {
                let _ = writeln!(out, "N-{value}");
            }
            HeaderKey::TimeControl => {
                // V3.0's `$TIME:600+10+0` is seconds; V2.2's `$TIME_LIMIT:00:25+00` has a colon.
                let v3 = !value.is_empty()
                    && value
                        .bytes()
                        .all(|b| b.is_ascii_digit() || b == b'+' || b == b'.');
                let key = if v3 { "TIME" } else { "TIME_LIMIT" };
                let _ = writeln!(out, "${key}:{value}");
            }
            key => match key.csa_key() {
                Some(k) if is_csa_key(k) => {
                    let _ = writeln!(out, "${k}:{value}");
                }
                _ => as_comments.push(format!("{}:{value}", one_line(key.kif_key()))),
            },
        }
    }
    write_comments(out, &as_comments);
}

fn write_comments(out: &mut String, comments: &[String]) {
    for c in comments {
        for line in c.split('\n') {
            let _ = writeln!(out, "'*{}", line.trim_end_matches('\r'));
        }
    }
}

fn sign(color: Color) -> char {
    match color {
        Color::Black => '+',
        Color::White => '-',
    }
}

fn write_start(out: &mut String, start: &AnyPosition) {
    let setup = start.to_setup();
    let side = sign(setup.side_to_move);
    if start.variant() != Variant::Standard || !start.protected().is_empty() {
        let _ = writeln!(out, "'SFEN:{setup}");
    } else if let Some(h) = Handicap::from_setup(&setup)
        && h.giver_hand().is_empty()
    {
        out.push_str("PI");
        for &(sq, kind) in h.removed() {
            let _ = write!(out, "{}{}{}", sq.file(), sq.rank().get(), code(kind));
        }
        let _ = writeln!(out, "\n{side}");
        return;
    }
    for rank in 1..=9 {
        let _ = write!(out, "P{rank}");
        for file in (1..=9).rev() {
            match Square::from_file_rank(file, rank).and_then(|sq| setup.piece_at(sq)) {
                Some(p) => {
                    let _ = write!(out, "{}{}", sign(p.color), code(p.kind));
                }
                None => out.push_str(" * "),
            }
        }
        out.push('\n');
    }
    for color in [Color::Black, Color::White] {
        let hand = setup.hands[color];
        if hand.is_empty() {
            continue;
        }
        let _ = write!(out, "P{}", sign(color));
        for kind in PieceKind::HAND_KINDS {
            for _ in 0..hand.count(kind) {
                let _ = write!(out, "00{}", code(kind));
            }
        }
        out.push('\n');
    }
    let _ = writeln!(out, "{side}");
}

/// A move statement (`+7776FU`) for `mv` in `pos`. The piece code is the piece after the
/// move: of `named` (the piece an illegal move was written with) if given, else of the piece
/// on the origin; a move from an empty square (only an illegal move can be one) names a pawn.
fn move_text(pos: &AnyPosition, mv: Move, named: Option<PieceKind>) -> String {
    let side = sign(pos.side_to_move());
    let sq = |s: Square| format!("{}{}", s.file(), s.rank().get());
    match mv {
        Move::Drop { kind, to } => format!("{side}00{}{}", sq(to), code(kind)),
        Move::Normal { from, to, promote } => {
            let kind =
                named.unwrap_or_else(|| pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind));
            let after = if promote {
                kind.promote().unwrap_or(kind)
            } else {
                kind
            };
            format!("{side}{}{}{}", sq(from), sq(to), code(after))
        }
    }
}

/// The statement of a kept illegal move: its text when it is a CSA move statement (read
/// from CSA), else one made from the move.
fn illegal_move_text(pos: &AnyPosition, written: &WrittenMove) -> String {
    let text = written.text.trim();
    let b = text.as_bytes();
    let csa_like = b.len() == 7
        && b[0] == sign(pos.side_to_move()) as u8
        && b[1..5].iter().all(u8::is_ascii_digit)
        && kind_from_code(&b[5..7]).is_some();
    match written.mv {
        Some(_) if csa_like => text.to_string(),
        Some(mv) => move_text(pos, mv, builder::named_piece(text, mv)),
        None => String::new(),
    }
}

fn write_time(out: &mut String, spent: Duration, version: CsaVersion) {
    let millis = spent.subsec_millis();
    match version {
        CsaVersion::V30 if millis != 0 => {
            let _ = writeln!(out, "T{}.{millis:03}", spent.as_secs());
        }
        _ => {
            let _ = writeln!(out, "T{}", spent.as_secs());
        }
    }
}

/// `%TORYO` if `special` is a loss of `mover`, `%KACHI` (without `%`) if a win.
fn toryo_or_kachi(special: &Special, mover: Color) -> String {
    match special.outcome(mover).and_then(|o| o.winner()) {
        Some(winner) if winner == mover => "KACHI",
        _ => "TORYO",
    }
    .to_string()
}

/// Writes the kept illegal move and the ending. `last` is the position after the last move.
fn write_ending(out: &mut String, record: &Record, last: &AnyPosition, version: CsaVersion) {
    let Some(ending) = &record.ending else {
        return;
    };
    let mover = last.side_to_move();
    // The special move, and the exact word as an `'ENDING:` comment when the special move
    // stands in for it.
    let (word, exact): (Option<String>, bool) = match &ending.special {
        // A foul word standing in for another reason (see below).
        special @ Special::IllegalAction(_) if ending.outcome.is_some() => {
            (Some(toryo_or_kachi(special, mover)), true)
        }
        special if special.is_foul() => {
            // A kept illegal move with a foul ending is written before it, so that it reads
            // back as kept (the reader keeps it whatever the foul word); one that names no
            // move is kept in an `'*ILLEGAL:` comment after the word.
            let illegal = record.illegal_move.as_ref();
            let written = illegal.filter(|w| w.mv.is_some());
            if let Some(w) = written {
                out.push_str(&illegal_move_text(last, w));
                out.push('\n');
            }
            let word = match special {
                // After the written move, the foul of the side that played it, whatever the
                // word: other readers play the illegal move, so `%ILLEGAL_MOVE` (a loss of
                // the side to move) would name the other side.
                _ if written.is_some() => format!("{}ILLEGAL_ACTION", sign(mover)),
                // Without a kept move, the mover wins: the previous move, by the other side,
                // was the foul. With one (written or not), the mover played it.
                Special::IllegalWin if illegal.is_none() => {
                    format!("{}ILLEGAL_ACTION", sign(!mover))
                }
                Special::IllegalWin => format!("{}ILLEGAL_ACTION", sign(mover)),
                other => other.csa_word().unwrap_or("ILLEGAL_MOVE").to_string(),
            };
            (Some(word), false)
        }
        // cshogi reads `%TSUMI` as a draw; floodgate and cshogi's own match runner write a
        // mate as `%TORYO`.
        Special::Mate => (Some("TORYO".to_string()), true),
        // `%MAX_MOVES` is a V3.0 word; V2.2 has `%JISHOGI` for a drawn game at the limit.
        Special::MaxMoves if version == CsaVersion::V22 => (Some("JISHOGI".to_string()), true),
        // Decided endings that CSA has no word for, and the foul words that stand in for
        // another reason (Ending::outcome is set): `%TORYO` when the mover lost, `%KACHI` when
        // it won, the only words that cshogi 1.1.0 and tsshogi 2.2.0 both read with that
        // winner (tsshogi 2.2.0 reads `%±ILLEGAL_ACTION` with the winner reversed).
        special @ (Special::Try | Special::ForfeitLoss | Special::ForfeitWin) => {
            (Some(toryo_or_kachi(special, mover)), true)
        }
        Special::Other(word) => {
            let plain =
                Special::from_csa_word(word) == Special::Other(word.clone()) && is_csa_key(word);
            (plain.then(|| word.clone()), false)
        }
        special => (special.csa_word().map(str::to_string), false),
    };
    match word {
        Some(word) => {
            let _ = writeln!(out, "%{word}");
            if let Some(t) = ending.time {
                write_time(out, t.spent, version);
            }
            if exact {
                let word = exact_word(&ending.special);
                let _ = writeln!(out, "'{ENDING}{word}");
            }
        }
        None => match &ending.special {
            Special::Other(word) if ending_comment_word(word) != Special::Other(word.clone()) => {
                // Would read back as another ending: an unknown word, as in KIF.
                let _ = writeln!(out, "'{ENDING}{}", UNKNOWN_WORD);
            }
            Special::Other(word) => {
                let _ = writeln!(out, "'{ENDING}{}", one_line(word));
            }
            special => {
                let word = special.kif_word().unwrap_or_default();
                let _ = writeln!(out, "'{ENDING}{word}");
            }
        },
    }
    let mut comments = ending.written_comments();
    if let Some(w) = &record.illegal_move
        && w.mv.is_none()
        && ending.special.is_foul()
    {
        comments.push(builder::illegal_comment(w));
    }
    write_comments(out, &comments);
}
