//! JKF (JSON棋譜フォーマット, JSON Kifu Format) records: a JSON object with the header fields,
//! the start position and the moves, each with its time, comments and variations (`forks`).
//!
//! ```
//! use shogi_record::{jkf, HeaderKey, Special};
//! use shogi_types::Color;
//!
//! let text = r#"{
//!   "header": {"先手": "Sente", "後手": "Gote"},
//!   "moves": [
//!     {"comments": ["an opening"]},
//!     {"move": {"from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "color": 0, "piece": "FU"}},
//!     {"move": {"from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "color": 1, "piece": "FU"},
//!      "time": {"now": {"m": 0, "s": 5}, "total": {"h": 0, "m": 0, "s": 5}}},
//!     {"move": {"from": {"x": 8, "y": 8}, "to": {"x": 2, "y": 2}, "color": 0, "piece": "KA",
//!               "capture": "KA", "promote": true}},
//!     {"move": {"from": {"x": 3, "y": 1}, "to": {"x": 2, "y": 2}, "color": 1, "piece": "GI",
//!               "capture": "UM", "same": true}},
//!     {"special": "TORYO"}
//!   ]
//! }"#;
//! let rec = jkf::read(text)?;
//! assert_eq!(rec.player(Color::Black), Some("Sente"));
//! assert_eq!(rec.start_comments, ["an opening"]);
//! assert_eq!(rec.usi_moves(), ["7g7f".parse()?, "3c3d".parse()?, "8h2b+".parse()?, "3a2b".parse()?]);
//! assert_eq!(rec.ending.as_ref().map(|e| &e.special), Some(&Special::Resign));
//!
//! // Writing and reading again gives the same record.
//! let written = jkf::write(&rec);
//! assert!(written.contains(r#""to":{"x":2,"y":2},"piece":"GI","same":true,"capture":"UM""#));
//! assert_eq!(jkf::read(&written)?, rec);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The format is json-kifu-format's (na2hiro, version 1.0 of the format as its README defines
//! it, and its JSON Schema `specification/json-kifu-format.schema.json`, draft 2020-12). What
//! [`write()`] writes is valid against that schema (checked in the repository's CI, together
//! with tsshogi 2.2.0 and json-kifu-format 5.5.0 reading it).
//!
//! # Reading
//! [`read`] takes the JSON text (UTF-8; a byte-order mark is skipped) and checks every move
//! against the position, like the other readers:
//! - **`header`**: each key is read with [`HeaderKey::from_kif_key`] (JKF uses the Japanese
//!   KIF keys: `先手`, `下手`, `棋戦`, …), in the order written; every value must be a string.
//!   `手合割` is not kept (the start is `initial`'s), and `#SFEN` gives the start of a variant
//!   record (see below).
//! - **`initial`**: absent or `null` is the standard start; `preset` names a handicap (table
//!   below) or is `OTHER`, whose `data` gives `board` (`board[x-1][y-1]` is the square of file
//!   `x`, rank `y`: `{"color": 0|1, "kind": "FU"}` or `{}`; an empty object `{}` for an empty
//!   board), `color` (the side to move) and `hands` (one object per colour, Black first, with
//!   counts of `FU KY KE GI KI KA HI`; missing kinds are 0). Composed problems may break rules
//!   that play never breaks, as in the other formats (see [`Record`]).
//! - **`moves`**: entry 0 holds the start comments (it may hold no `move`); entry *n* is move
//!   *n*. A `move` gives `to` (or `same: true`: the destination of the previous move), `piece`
//!   (the kind before the move, as in CSA: `KA` for a bishop that promotes), `from` (absent
//!   for a drop), `promote` and `color` (if given, it must be the side to move). With `from`,
//!   the piece on it must be `piece`; without it, the move is a drop, or (JKF converted from
//!   KI2 without normalising it) the board move that `piece`, `relative` (`L`, `C`, `R`, `U`,
//!   `M`, `D`, `H` as 左, 直, 右, 上, 寄, 引, 打) and `promote` name, as Japanese notation
//!   resolves it. `capture` is not needed and not checked. `time` gives
//!   [`crate::MoveTime`] (`now` the time spent, `total` the player's total, `h`
//!   optional). `comments` are kept one entry per string. An entry with neither `move` nor
//!   `special` adds its comments to the move before it.
//! - **`special`**: the ending of the line (table below), with its `time` and `comments`; the
//!   entries after it are ignored. `ILLEGAL_ACTION` without a sign (what json-kifu-format's KIF
//!   parser gives for 反則勝ち before it knows the side) is [`Special::IllegalWin`].
//! - **`forks`**: the variations of the move that holds them ([`RecordMove::variations`]): each
//!   fork is a line of entries whose first move replaces that move. Forks on the first move of
//!   a fork are alternatives to the same move, so they become the variations that follow it in
//!   the list. Forks on a `special` entry or on an entry without a move replace no move and are
//!   skipped.
//! - **Illegal moves**: a main-line move that cannot be played, followed by a foul ending
//!   (`ILLEGAL_MOVE`, `±ILLEGAL_ACTION`, `ILLEGAL_ACTION`), is kept in
//!   [`Record::illegal_move`] (in a fork, it is dropped and the ending kept); any other is an
//!   error ([`RecordErrorKind::IllegalMove`], its text written CSA-style, `+7776FU`).
//! - **The shape of JKF**: an object with `moves` and either `header` or `initial` (JKF's
//!   own fields; json-kifu-format's schema requires `header`), or a `moves` array with at least
//!   one `move` or `special` entry. Any other JSON object (`{"moves": []}` of another program)
//!   is no record: [`SyntaxError::Jkf`] at `(top)`, not an empty game.
//! - **Unknown fields** are ignored; a value of the wrong shape is an error
//!   ([`SyntaxError::Jkf`], with its path), and text that is not JSON is
//!   [`RecordErrorKind::Json`] (with its line and column). Only that error has a line
//!   ([`RecordError::line`]); the others are 0 and say where by their path or move number. No
//!   input makes the reader panic.
//!
//! # Writing
//! [`write()`] writes the JSON text with one entry of `moves` per line. Each move gets `color`,
//! `from` (not for drops), `to`, `piece`, `same` (when the previous move went to the same
//! square), `promote` (`true` when it promotes, `false` when it could and does not, absent
//! otherwise), `capture` (the kind taken) and `relative` (the JSA disambiguation of
//! [`shogi_notation::japanese::describe`]: `L`/`C`/`R` for 左/直/右, then `U`/`M`/`D` for
//! 上/寄/引, or `H` for a drop that needs 打), as json-kifu-format's normalizer fills them.
//! Headers are written with the KIF keys ([`HeaderKey::kif_key`]; `下手`/`上手` for the players
//! of a handicap game, as in KIF), but `手合割` and `#SFEN`, which the start gives; a key
//! written twice keeps its first value only, since a JSON object holds each key once.
//!
//! | start | `initial` |
//! |---|---|
//! | 平手 | `{"preset": "HIRATE"}` |
//! | 香落ち, 右香落ち, 角落ち, 飛車落ち, 飛香落ち | `KY`, `KY_R`, `KA`, `HI`, `HIKY` |
//! | 二枚落ち, 三枚落ち (the 1a lance: [`Handicap::ThreePiece`]), 四枚落ち | `2`, `3`, `4` |
//! | 五枚落ち, 左五枚落ち, 六枚落ち, 左七枚落ち, 右七枚落ち, 八枚落ち, 十枚落ち | `5`, `5_L`, `6`, `7_L`, `7_R`, `8`, `10` |
//! | any other (the other handicaps, problems, variant starts) | `OTHER` with `data` |
//!
//! The presets are those of json-kifu-format's player (shogi.js `presets`), whose `3` lacks the
//! 1a lance; [`Handicap::ThreePieceRightLance`] is written as `OTHER`. (tsshogi 2.2.0 reads
//! no `3`, `5`, `5_L`, `7_L` or `7_R`.)
//!
//! | [`Special`] | `special` |
//! |---|---|
//! | `Resign`, `Interrupt`, `Repetition`, `Impasse` | `TORYO`, `CHUDAN`, `SENNICHITE`, `JISHOGI` |
//! | `EnteringKingWin`, `EnteringKingDraw`, `TimeUp`, `IllegalLoss` | `KACHI`, `HIKIWAKE`, `TIME_UP`, `ILLEGAL_MOVE` |
//! | `IllegalAction(Black)`, `IllegalAction(White)` | `+ILLEGAL_ACTION`, `-ILLEGAL_ACTION` |
//! | `Mate`, `NoMate`, `Error`, `Other("MATTA")` | `TSUMI`, `FUZUMI`, `ERROR`, `MATTA` |
//! | `IllegalWin`, `ForfeitWin` | `±ILLEGAL_ACTION` of the side not to move, and a comment `ENDING:反則勝ち` / `ENDING:不戦勝` |
//! | `Try`, `ForfeitLoss` | `TORYO`, and `ENDING:トライ` / `ENDING:不戦敗` |
//! | `MaxMoves` | `HIKIWAKE` (a draw: the schema has no `MAX_MOVES`, which the reader takes too), and `ENDING:最大手数` |
//! | `Sealed` | `CHUDAN`, and `ENDING:封じ手` |
//! | `Other(word)` | no `special`: the last comment of the last move (or of the start) is `ENDING:<word>` |
//!
//! The stand-ins give other programs the same winner; the `ENDING:` comment, as the KIF writer
//! writes it, gives this reader the exact word back. JKF has no place for the rest of the
//! model either, which the writer keeps in comments of the `special` entry that the reader
//! takes back: [`Ending::outcome`] as `RESULT:<outcome>` (as in KIF), and the kept
//! [`Record::illegal_move`] (after a foul ending, the only one after which readers keep it) as
//! `ILLEGAL:<usi> <text>` (`-` for an unknown move), which other programs show as comments and
//! do not play.
//!
//! What JKF cannot hold, so that reading [`write()`]'s text gives another record: the order of
//! duplicate header keys (only the first of each key is written), header keys that
//! [`HeaderKey::from_kif_key`] reads as another key (a CSA `$` key written in Japanese), times
//! below the second (written truncated), a total time the record does not give (JKF needs it:
//! the writer sums the player's times, as the KIF writer does), the move number of the start
//! (JKF has none), and the time and comments of an [`Special::Other`] ending.
//!
//! # Variant records
//! A start of the untakeable-silver variant is written as `OTHER` (its board, which other
//! programs read as standard shogi) and a header field `#SFEN` with the marked SFEN
//! (`S!`), from which the reader rebuilds the variant.

use core::fmt::{self, Write as _};
use std::time::Duration;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use shogi_notation::ResolveError;
use shogi_notation::japanese::{self, Destination, JapaneseMove, Motion, Relative};
use shogi_types::{ByColor, Color, Hand, Move, Piece, PieceKind, Setup, Square};
use shogi_variants::{AnyPosition, Handicap, Variant};

use crate::builder::{
    Builder, illegal_comment, illegal_kind, kind_from_code, piece_code, take_illegal_comment,
};
use crate::ending::{ENDING, Ending, Special, UNKNOWN_WORD, ending_comment_word, exact_word};
use crate::error::{JsonProblem, MoveProblem, RecordError, RecordErrorKind, SyntaxError};
use crate::model::{Header, HeaderKey, Record, RecordMove, Variation, WrittenMove};
use crate::time::MoveTime;

/// The comment prefix that keeps [`Record::illegal_move`].
/// The comment prefix of [`Ending::outcome`].
const RESULT: &str = crate::ending::RESULT;
/// The header key of a variant start's marked SFEN.
const SFEN_KEY: &str = "#SFEN";

mod json;
mod read;
mod write;

use json::*;
pub use read::read;
use read::*;
pub use write::write;
use write::*;
