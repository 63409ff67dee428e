//! The reading façade: [`read`], [`read_lenient`] and [`read_str`] take a record of any
//! format, [`decode`] finds the encoding and [`Format::detect`] the format, and a USI
//! `position` line is read here as a record with no header.
//!
//! This module sits at the top of the crate: it calls the readers of [`crate::kif`],
//! [`crate::ki2`] and [`crate::csa`], and nothing below imports it.
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

use core::fmt;

use crate::builder::Builder;
use crate::error::{MoveProblem, RecordError, RecordErrorKind, SyntaxError};
use crate::model::Record;

/// Reads a record of any format from the bytes of a file: detects the encoding
/// ([`decode`]) and the format ([`Format::detect`]), then reads it. A USI `position` line
/// gives a record with no header.
///
/// For CSA files that hold several games, this reads the first; see [`Record::read_all`] for
/// every game of a file.
///
/// # Errors
/// [`RecordErrorKind::Encoding`], [`RecordErrorKind::UnknownFormat`], or the error of the
/// format's reader.
pub fn read(bytes: &[u8]) -> Result<Record, RecordError> {
    let text = decode(bytes)
        .ok_or_else(|| RecordError::new(0, RecordErrorKind::Encoding, Record::start()))?;
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
    keep_moves_before(read(bytes))
}

/// What [`read_lenient`] makes of one game's result: the record before a move that cannot be
/// read or played (without an ending), with that error; other errors stay errors.
fn keep_moves_before(
    result: Result<Record, RecordError>,
) -> Result<(Record, Option<RecordError>), RecordError> {
    match result {
        Ok(rec) => Ok((rec, None)),
        Err(e) => match e.lenient_record() {
            Some(rec) => Ok((rec, Some(e))),
            None => Err(e),
        },
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
        Some(Format::Jkf) => crate::jkf::read(text),
        None => Err(RecordError::new(
            0,
            RecordErrorKind::UnknownFormat,
            Record::start(),
        )),
    }
}

impl Record {
    /// Reads every game of a file of any format, from its bytes: the encoding and the format
    /// are found as in [`read`], then each game is read on its own, so that one bad game does
    /// not hide the others.
    ///
    /// - CSA: the games separated by `/` lines ([`crate::csa::read_all`]);
    /// - USI: one game per non-blank line (`position …`, `startpos …`, `sfen …`); the error of
    ///   a line gives its line number in the file;
    /// - KIF, KI2 and JKF: the one game of the file.
    ///
    /// This keeps every record: for files of many games, [`Record::games`] reads the same
    /// records one at a time (its docs say what each record costs).
    ///
    /// ```
    /// use shogi_record::Record;
    ///
    /// let usi = "position startpos moves 7g7f\n\nposition startpos moves 7g7f 3c3d 2b2c\n";
    /// let games = Record::read_all(usi.as_bytes())?;
    /// assert_eq!(games.len(), 2);
    /// assert!(games[0].is_ok());
    /// let err = games[1].as_ref().unwrap_err();
    /// assert_eq!(err.line(), 3);
    /// assert_eq!(err.partial().moves.len(), 2);
    ///
    /// let csa = "V2.2\nPI\n+\n+7776FU\n/\nPI\n+\n+2726FU\n%TORYO\n";
    /// let games = Record::read_all(csa.as_bytes())?;
    /// assert_eq!(games.len(), 2);
    /// # Ok::<(), shogi_record::RecordError>(())
    /// ```
    ///
    /// # Errors
    /// For the whole file: [`RecordErrorKind::Encoding`] or [`RecordErrorKind::UnknownFormat`].
    /// Each game's own error is its entry of the list.
    pub fn read_all(bytes: &[u8]) -> Result<Vec<Result<Record, RecordError>>, RecordError> {
        let mut games: Vec<_> = Record::games(bytes)?.collect();
        games.shrink_to_fit();
        Ok(games)
    }

    /// Reads the games of a file of any format one at a time: the same records as
    /// [`Record::read_all`], in the same order, each read when the iterator gets to it.
    ///
    /// ```
    /// use shogi_record::{Format, Record};
    ///
    /// let csa = "V2.2\nPI\n+\n+7776FU\n%TORYO\n/\nPI\n+\n+2726FU\n-9394OU\n/\nPI\n+\n+5756FU\n";
    /// let mut games = Record::games(csa.as_bytes())?;
    /// assert_eq!(games.format(), Format::Csa);
    /// assert_eq!(games.next().map(|g| g.map(|r| r.moves.len())), Some(Ok(1)));
    /// // The second game holds an illegal move: its error, then the third game.
    /// assert_eq!(games.next().and_then(Result::err).map(|e| e.line()), Some(10));
    /// assert_eq!(games.next().map(|g| g.map(|r| r.moves.len())), Some(Ok(1)));
    /// assert!(games.next().is_none());
    /// # Ok::<(), shogi_record::RecordError>(())
    /// ```
    ///
    /// # Memory
    /// The iterator holds the text of the file (the bytes themselves when they are UTF-8,
    /// else their decoded copy) and, while it reads a CSA game, that game's lines; each
    /// record is the caller's to keep or drop. So reading a file of many games this way takes
    /// the memory of the file and of one game, however many games it holds, where
    /// [`Record::read_all`] keeps every record: on a 64-bit target a [`Record`] takes about
    /// 550 bytes, plus about 90 bytes per move (time, comments and variations apart), about 50
    /// per header field and the text of its fields and comments, so a file of short CSA games
    /// (17 bytes a game) takes some 40 times its size to read whole.
    ///
    /// # Errors
    /// For the whole file: [`RecordErrorKind::Encoding`] or [`RecordErrorKind::UnknownFormat`].
    /// Each game's own error is its item.
    pub fn games(bytes: &[u8]) -> Result<Games<'_>, RecordError> {
        let text = decode(bytes)
            .ok_or_else(|| RecordError::new(0, RecordErrorKind::Encoding, Record::start()))?;
        Games::new(text)
    }

    /// Reads every game of a file like [`Record::read_all`], and each game leniently like
    /// [`read_lenient`]: a game whose move cannot be read or played gives the record of the
    /// moves before it (no ending) together with the error, instead of the error alone. A
    /// game's other errors (its start position, a header line) stay errors.
    ///
    /// ```
    /// use shogi_record::Record;
    ///
    /// let usi = "position startpos moves 7g7f\nposition startpos moves 7g7f 3c3d 2b2c\nsfen 9 b - 1\n";
    /// let games = Record::read_all_lenient(usi.as_bytes())?;
    /// assert_eq!(games.len(), 3);
    /// let (first, error) = games[0].as_ref().expect("read");
    /// assert!(error.is_none() && first.moves.len() == 1);
    /// // The third move of the second game is illegal: the two before it are kept.
    /// let (second, error) = games[1].as_ref().expect("moves to keep");
    /// assert_eq!(second.moves.len(), 2);
    /// assert_eq!(error.as_ref().map(|e| e.line()), Some(2));
    /// // The third game has no start position to keep.
    /// assert!(games[2].is_err());
    /// # Ok::<(), shogi_record::RecordError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Record::read_all`]: for the whole file, [`RecordErrorKind::Encoding`] or
    /// [`RecordErrorKind::UnknownFormat`]; each game's own error is its entry of the list.
    #[expect(
        clippy::type_complexity,
        reason = "read_all's list of games with read_lenient's result for each"
    )]
    pub fn read_all_lenient(
        bytes: &[u8],
    ) -> Result<Vec<Result<(Record, Option<RecordError>), RecordError>>, RecordError> {
        Ok(Record::read_all(bytes)?
            .into_iter()
            .map(keep_moves_before)
            .collect())
    }

    /// Reads the games of a text one at a time, as [`Record::games`] reads those of bytes.
    ///
    /// # Errors
    /// [`RecordErrorKind::UnknownFormat`] for the whole text. Each game's own error is its
    /// item.
    pub fn games_str(text: &str) -> Result<Games<'_>, RecordError> {
        Games::new(std::borrow::Cow::Borrowed(text))
    }
}

/// The games of a file, read one at a time: the iterator of [`Record::games`] and
/// [`Record::games_str`]. Each item is a game's record, or the error that stopped reading it
/// (with the record read before it, [`RecordError::partial`]).
#[derive(Clone)]
pub struct Games<'a> {
    /// The text of the file, without its byte-order mark.
    text: std::borrow::Cow<'a, str>,
    format: Format,
    /// Where the games not read yet start in `text`.
    offset: usize,
    /// The number of lines before `offset`.
    line: usize,
    /// Whether the comments on moves are kept ([`Games::without_move_comments`]).
    move_comments: bool,
}

impl<'a> Games<'a> {
    /// The games of `text`, whose format is detected.
    fn new(text: std::borrow::Cow<'a, str>) -> Result<Games<'a>, RecordError> {
        let bom = if text.starts_with('\u{feff}') {
            '\u{feff}'.len_utf8()
        } else {
            0
        };
        let format = Format::detect(&text)
            .ok_or_else(|| RecordError::new(0, RecordErrorKind::UnknownFormat, Record::start()))?;
        Ok(Games {
            text,
            format,
            offset: bom,
            line: 0,
            move_comments: true,
        })
    }

    /// The format of the file.
    #[must_use]
    pub fn format(&self) -> Format {
        self.format
    }

    /// Leaves out the comments on moves: every [`RecordMove::comments`](crate::RecordMove::comments)
    /// of the records read is empty, in the variations too. The comments on the start and on
    /// the ending are kept (the ending's may carry its outcome), and so is everything else.
    ///
    /// For tools that only need the moves and the outcome (training data): CSA files of
    /// engine games carry a comment after every move (the engine's reading), and a CSA game
    /// is read faster when they are skipped rather than kept.
    ///
    /// ```
    /// use shogi_record::Record;
    ///
    /// let csa = "V2.2\n'start\nPI\n+\n+7776FU\n'** 30 -3334FU\n-3334FU\n%TORYO\n'after\n";
    /// let rec = Record::games(csa.as_bytes())?.without_move_comments().next().expect("a game")?;
    /// assert!(rec.moves.iter().all(|m| m.comments.is_empty()));
    /// assert_eq!(rec.start_comments, ["start"]);
    /// assert_eq!(rec.ending.map(|e| e.comments), Some(vec!["after".to_string()]));
    /// # Ok::<(), shogi_record::RecordError>(())
    /// ```
    #[must_use]
    pub fn without_move_comments(mut self) -> Games<'a> {
        self.move_comments = false;
        self
    }
}

/// Empties the comments of `moves` and of their variations.
fn clear_move_comments(moves: &mut [crate::RecordMove]) {
    for m in moves {
        m.comments = Vec::new();
        for v in &mut m.variations {
            clear_move_comments(&mut v.moves);
        }
    }
}

impl fmt::Debug for Games<'_> {
    /// The format and where the games not read yet start, not the text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Games")
            .field("format", &self.format)
            .field("len", &self.text.len())
            .field("offset", &self.offset)
            .field("line", &self.line)
            .finish_non_exhaustive()
    }
}

impl core::iter::FusedIterator for Games<'_> {}

impl Iterator for Games<'_> {
    type Item = Result<Record, RecordError>;

    fn next(&mut self) -> Option<Result<Record, RecordError>> {
        let rest = self.text.get(self.offset..).filter(|r| !r.is_empty())?;
        let (game, after) = match self.format {
            Format::Csa => {
                let mut games = crate::csa::Games::after(rest, self.line);
                let game = games.next();
                let (after, line) = games.position();
                self.line = line;
                let comments = self.move_comments;
                (
                    game.map(|game| crate::csa::read_game(&game, comments)),
                    after,
                )
            }
            Format::Usi => {
                let mut lines = crate::lines::lines(rest);
                let mut game = None;
                for line in lines.by_ref() {
                    self.line += 1;
                    if !line.trim().is_empty() {
                        game = Some(read_usi_line(line, self.line));
                        break;
                    }
                }
                (game, lines.rest())
            }
            Format::Kif => (Some(crate::kif::read(rest)), ""),
            Format::Ki2 => (Some(crate::ki2::read(rest)), ""),
            Format::Jkf => (Some(crate::jkf::read(rest)), ""),
        };
        self.offset = self.text.len() - after.len();
        if self.move_comments {
            return game;
        }
        game.map(|game| {
            game.map(|mut rec| {
                clear_move_comments(&mut rec.moves);
                rec
            })
            .map_err(|mut e| {
                clear_move_comments(&mut e.partial_mut().moves);
                e
            })
        })
    }
}

/// Reads a USI `position` command as a record.
fn read_usi(text: &str) -> Result<Record, RecordError> {
    let (n, line) = crate::lines::lines(text)
        .enumerate()
        .find(|(_, l)| !l.trim().is_empty())
        .unwrap_or((0, ""));
    read_usi_line(line, n + 1)
}

/// Reads the USI `position` command of line `n` as a record.
fn read_usi_line(line: &str, n: usize) -> Result<Record, RecordError> {
    let cmd: shogi_usi::position::PositionCommand = line
        .parse()
        .map_err(|e| RecordError::new(n, SyntaxError::Usi(e).into(), Record::start()))?;
    let mut builder = Builder::from_marked(cmd.start.to_setup())
        .map_err(|e| RecordError::new(n, e, Record::start()))?;
    for (i, &mv) in cmd.moves.iter().enumerate() {
        if let Err(e) = builder.play(mv) {
            return Err(builder.fail(
                n,
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
    /// JKF (JSON Kifu Format): a JSON object ([`crate::jkf`]).
    Jkf,
}

impl Format {
    /// Guesses the format of a record from its text.
    ///
    /// A first line that is the banner of Kakinoki's formats (`#KIF version=2.0 …`,
    /// `#KI2 …`, as this crate's writers, Kifu for Windows and ShogiHome write them) says the
    /// format, whatever follows: a header line after it may look like a CSA statement
    /// (`-0017GI：x`, `P1：x`). Otherwise the first line that only one format has decides:
    /// a USI `position` line is recognised by its first word (`position`, `startpos`, `sfen`);
    /// CSA by a line that is a CSA statement (`V2.2`, `PI`, `P1…`, `+7776FU`, `N+`, `$KEY:`,
    /// `'CSA encoding=`); KIF by a numbered move line (`   1 ７六歩(77)`) or the
    /// `手数----指手` line; KI2 by a line starting with a side mark (`▲`, `△`, `☗`, `☖`, `▼`, `▽`).
    /// KIF and KI2 headers and board diagrams alone (no move) read as KIF. A text whose first
    /// non-blank character is `{` is JKF: no line of the other formats starts so, and the JKF
    /// reader says what is wrong with a text that is no JKF object.
    ///
    /// So every text this crate writes is detected as the format it was written in, whatever
    /// its header fields hold: KIF and KI2 start with their banner, CSA with `V2.2` or
    /// `'CSA encoding=`, JKF with `{`, USI with `position`.
    ///
    /// ```
    /// use shogi_record::Format;
    ///
    /// assert_eq!(Format::detect("#KIF version=2.0 encoding=UTF-8\n-0017GI：x\n"), Some(Format::Kif));
    /// assert_eq!(Format::detect("#KI2 version=2.0 encoding=UTF-8\nP1：x\n"), Some(Format::Ki2));
    /// assert_eq!(Format::detect("-0017GI\n"), Some(Format::Csa));
    /// ```
    #[must_use]
    pub fn detect(text: &str) -> Option<Format> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim_start().starts_with('{') {
            return Some(Format::Jkf);
        }
        let first_line = crate::lines::lines(text).next().unwrap_or("").trim();
        let banner = |name: &str| {
            first_line
                .strip_prefix(name)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace))
        };
        if banner("#KIF") {
            return Some(Format::Kif);
        }
        if banner("#KI2") {
            return Some(Format::Ki2);
        }
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
    /// `kif`, `ki2`, `csa`, `usi` or `jkf`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Kif => "kif",
            Format::Ki2 => "ki2",
            Format::Csa => "csa",
            Format::Usi => "usi",
            Format::Jkf => "jkf",
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

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_movegen::Position;
    use shogi_rules::Game;
    use shogi_types::Color;
    use shogi_variants::Variant;

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
        assert_eq!(Format::detect(" \n{\"header\":{}}"), Some(Format::Jkf));
        assert_eq!(Format::Jkf.to_string(), "jkf");
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
