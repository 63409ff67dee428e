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

use crate::builder::{self, Builder, kind_from_code, piece_code};
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
        Some(game) => read_game(&game, true),
        None => Err(RecordError::new(0, RecordErrorKind::Empty, Record::start())),
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
    Games::new(text)
        .map(|game| read_game(&game, true))
        .collect()
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
/// let mut rec = Record::start();
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
/// let mut rec = Record::start();
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

mod board;
mod lex;
mod read;
mod write;

use board::*;
use lex::*;
use read::*;
use write::*;

pub(crate) use lex::Games;
pub(crate) use read::read_game;
