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

use crate::builder::{Builder, illegal_comment, illegal_kind, take_illegal_comment};
use crate::ending::{ENDING, Ending, Special, UNKNOWN_WORD, ending_comment_word, exact_word};
use crate::error::{JsonProblem, MoveProblem, RecordError, RecordErrorKind, SyntaxError};
use crate::model::{Header, HeaderKey, Record, RecordMove, Variation, WrittenMove};
use crate::time::MoveTime;

/// The comment prefix that keeps [`Record::illegal_move`].
/// The comment prefix of [`Ending::outcome`].
const RESULT: &str = crate::ending::RESULT;
/// The header key of a variant start's marked SFEN.
const SFEN_KEY: &str = "#SFEN";

// ---------------------------------------------------------------------------------------------
// A JSON tree that keeps the order of object keys (the header's order).

/// A JSON value; objects keep their keys in the order written (a repeated key: the last value).
#[derive(Debug)]
enum Json {
    Null,
    Bool(bool),
    /// A non-negative integer.
    Int(u64),
    /// Any other number.
    Number,
    Str(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(fields) => fields
                .iter()
                .rev()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v)
                .filter(|v| !matches!(v, Json::Null)),
            _ => None,
        }
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Json, E> {
        Ok(Json::Bool(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Json, E> {
        Ok(Json::Int(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Json, E> {
        Ok(u64::try_from(v).map_or(Json::Number, Json::Int))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Json, E> {
        // Integers written with a fraction (`5.0`) are integers.
        if v.fract() == 0.0 && (0.0..9.0e15).contains(&v) {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            return Ok(Json::Int(v as u64));
        }
        Ok(Json::Number)
    }
    fn visit_str<E>(self, v: &str) -> Result<Json, E> {
        Ok(Json::Str(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Json, E> {
        Ok(Json::Str(v))
    }
    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_none<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element::<Json>()? {
            out.push(v);
        }
        Ok(Json::Array(out))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut out = Vec::new();
        while let Some((k, v)) = map.next_entry::<String, Json>()? {
            out.push((k, v));
        }
        Ok(Json::Object(out))
    }
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Json, D::Error> {
        deserializer.deserialize_any(JsonVisitor)
    }
}

/// How deep arrays and objects may nest in JKF text: deep enough for the deepest variations
/// the readers keep (each variation nests three levels: its entry, its `forks` and its line),
/// so that every record this crate writes reads back, and shallow enough for the recursion of
/// the JSON parser and of the tree it builds.
const MAX_JSON_DEPTH: usize = 3 * crate::builder::MAX_NESTING + 16;
const _: () = assert!(
    MAX_JSON_DEPTH == 616,
    "say the limit in JsonProblem::TooDeep"
);

/// Where `text` first nests arrays and objects deeper than `limit`: its line and column (both
/// from 1, the column in bytes, as the JSON parser counts them).
fn too_deep(text: &str, limit: usize) -> Option<(usize, usize)> {
    let (mut depth, mut line, mut line_start) = (0usize, 1, 0);
    let (mut in_string, mut escaped) = (false, false);
    for (i, b) in text.bytes().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > limit {
                    return Some((line, i - line_start + 1));
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            b'\n' => {
                line += 1;
                line_start = i + 1;
            }
            _ => {}
        }
    }
    None
}

/// Parses JSON text, or the error with its line (in the error) and column.
fn parse_json(text: &str) -> Result<Json, RecordError> {
    if let Some((line, column)) = too_deep(text, MAX_JSON_DEPTH) {
        return Err(RecordError::new(
            line,
            RecordErrorKind::Json {
                column,
                problem: JsonProblem::TooDeep,
            },
            Record::standard(),
        ));
    }
    let mut de = serde_json::Deserializer::from_str(text);
    // The depth is bounded above, by a limit deeper than the parser's own (128).
    de.disable_recursion_limit();
    let value = Json::deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    value.map_err(|e| {
        let problem = json_problem(&e);
        RecordError::new(
            e.line(),
            RecordErrorKind::Json {
                column: e.column(),
                problem,
            },
            Record::standard(),
        )
    })
}

/// The kind of a JSON syntax error (serde_json says it only in its message).
fn json_problem(e: &serde_json::Error) -> JsonProblem {
    if e.is_eof() {
        return JsonProblem::UnexpectedEnd;
    }
    let message = e.to_string();
    let has = |s: &str| message.contains(s);
    if has("recursion limit") {
        JsonProblem::TooDeep
    } else if has("trailing characters") {
        JsonProblem::TrailingCharacters
    } else if has("expected value") || has("expected ident") {
        JsonProblem::ExpectedValue
    } else if has("number") {
        JsonProblem::Number
    } else if has("escape")
        || has("control character")
        || has("unicode code point")
        || has("surrogate")
        || has("UTF-8")
    {
        JsonProblem::String
    } else {
        JsonProblem::Syntax
    }
}

// ---------------------------------------------------------------------------------------------
// Reading.

/// A shape error at `path`.
fn shape(path: &str, expected: &'static str) -> RecordErrorKind {
    RecordErrorKind::Syntax(SyntaxError::Jkf {
        path: path.to_string(),
        expected,
    })
}

/// `path` cut to a readable length (keys from the input may be long).
fn cut(text: &str) -> String {
    const MAX: usize = 20;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(MAX).collect();
        s.push('…');
        s
    }
}

/// Reads a JKF record.
///
/// # Errors
/// [`RecordErrorKind::Json`] if the text is not JSON; [`RecordErrorKind::Syntax`] with
/// [`SyntaxError::Jkf`] if a value has the wrong shape (the record read up to there is kept in
/// [`RecordError::partial`]); [`RecordErrorKind::InvalidStart`] for a start position that is
/// not valid; [`RecordErrorKind::IllegalMove`] for a move that cannot be played (see the
/// [module docs](self)).
pub fn read(text: &str) -> Result<Record, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let json = parse_json(text)?;
    let fail = |kind| RecordError::new(0, kind, Record::standard());
    let Json::Object(fields) = &json else {
        return Err(fail(shape("(top)", "an object with 'header' and 'moves'")));
    };
    if !has_jkf_shape(fields) {
        return Err(fail(shape(
            "(top)",
            "a JKF record: 'header' or 'initial', and 'moves'",
        )));
    }
    let (headers, sfen) = read_header(&json).map_err(fail)?;
    let mut builder = read_initial(&json, sfen.as_deref()).map_err(fail)?;
    builder.record_mut().headers = headers;
    let Some(Json::Array(entries)) = json.get("moves") else {
        return Err(builder.fail(0, shape("moves", "an array")));
    };
    if let Some(first) = entries.first() {
        if !matches!(first, Json::Object(_)) {
            return Err(builder.fail(0, shape("moves[0]", "an object")));
        }
        if first.get("move").is_some() {
            return Err(builder.fail(0, shape("moves[0].move", "no move (entry 0 is the start)")));
        }
    }
    let mut start_comments = match entries.first() {
        Some(first) => read_comments(first, "moves[0]").map_err(|k| builder_fail(&builder, k))?,
        None => Vec::new(),
    };
    let start = *builder.position();
    let mut reader = LineReader { main: true };
    let line = reader.read_line(
        entries.get(1..).unwrap_or(&[]),
        1,
        "moves",
        start,
        None,
        &mut start_comments,
    );
    let mut rec = builder.finish();
    rec.start_comments = start_comments;
    match line {
        Ok(line) => {
            rec.moves = line.moves;
            rec.ending = line.ending;
            rec.illegal_move = line.illegal;
            crate::builder::shrink(&mut rec);
            Ok(rec)
        }
        Err((kind, moves)) => {
            rec.moves = moves;
            Err(RecordError::new(0, kind, rec))
        }
    }
}

/// Whether a JSON object has the shape of a JKF record, not only a list of moves of another
/// program: a `header` or an `initial` field (JKF's own; `initial` may be `null`), or, for JKF
/// written without them, a `moves` array with a `move` or `special` entry.
fn has_jkf_shape(fields: &[(String, Json)]) -> bool {
    let field = |key: &str| fields.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v);
    if field("header").is_some() || field("initial").is_some() {
        return true;
    }
    match field("moves") {
        Some(Json::Array(entries)) => entries
            .iter()
            .any(|e| e.get("move").is_some() || e.get("special").is_some()),
        // No array: the error is that of `moves`.
        _ => true,
    }
}

/// An error before the first move, with the record read so far.
fn builder_fail(builder: &Builder, kind: RecordErrorKind) -> RecordError {
    RecordError::new(0, kind, builder.record().clone())
}

/// The header fields, and the `#SFEN` value if there is one.
fn read_header(json: &Json) -> Result<(Vec<Header>, Option<String>), RecordErrorKind> {
    let mut headers = Vec::new();
    let mut sfen = None;
    let Some(header) = json.get("header") else {
        return Ok((headers, sfen));
    };
    let Json::Object(fields) = header else {
        return Err(shape("header", "an object of strings"));
    };
    let last: std::collections::HashMap<&str, usize> = fields
        .iter()
        .enumerate()
        .map(|(i, (k, _))| (k.as_str(), i))
        .collect();
    for (i, (key, value)) in fields.iter().enumerate() {
        let Json::Str(value) = value else {
            return Err(shape(&format!("header.{}", cut(key)), "a string"));
        };
        // A repeated key: JSON keeps the last value.
        if last.get(key.as_str()) != Some(&i) {
            continue;
        }
        match key.as_str() {
            "手合割" => {}
            SFEN_KEY => sfen = Some(value.clone()),
            _ => headers.push(Header::new(HeaderKey::from_kif_key(key), value.clone())),
        }
    }
    Ok((headers, sfen))
}

/// The builder of the start position.
fn read_initial(json: &Json, sfen: Option<&str>) -> Result<Builder, RecordErrorKind> {
    if let Some(sfen) = sfen {
        let marked: Setup = sfen
            .trim()
            .parse()
            .map_err(|e| RecordErrorKind::Syntax(SyntaxError::Sfen(e)))?;
        return Builder::from_marked(marked);
    }
    let Some(initial) = json.get("initial") else {
        return Builder::new(Variant::Standard, Setup::standard());
    };
    if !matches!(initial, Json::Object(_)) {
        return Err(shape("initial", "an object or null"));
    }
    let Some(Json::Str(preset)) = initial.get("preset") else {
        return Err(shape(
            "initial.preset",
            "a preset name (HIRATE, KY, …, OTHER)",
        ));
    };
    let setup = if preset == "OTHER" {
        let data = initial
            .get("data")
            .ok_or_else(|| shape("initial.data", "an object for the preset OTHER"))?;
        read_data(data)?
    } else {
        preset_handicap(preset)
            .ok_or_else(|| shape("initial.preset", "a preset name (HIRATE, KY, …, OTHER)"))?
            .setup()
    };
    Builder::new(Variant::Standard, setup)
}

/// The presets and their handicaps, as json-kifu-format's player (shogi.js) sets them up.
const PRESETS: [(&str, Handicap); 16] = [
    ("HIRATE", Handicap::Even),
    ("KY", Handicap::Lance),
    ("KY_R", Handicap::RightLance),
    ("KA", Handicap::Bishop),
    ("HI", Handicap::Rook),
    ("HIKY", Handicap::RookLance),
    ("2", Handicap::TwoPiece),
    ("3", Handicap::ThreePiece),
    ("4", Handicap::FourPiece),
    ("5", Handicap::FivePiece),
    ("5_L", Handicap::LeftFivePiece),
    ("6", Handicap::SixPiece),
    ("7_L", Handicap::LeftSevenPiece),
    ("7_R", Handicap::RightSevenPiece),
    ("8", Handicap::EightPiece),
    ("10", Handicap::TenPiece),
];

fn preset_handicap(name: &str) -> Option<Handicap> {
    PRESETS.iter().find(|(n, _)| *n == name).map(|&(_, h)| h)
}

fn handicap_preset(handicap: Handicap) -> Option<&'static str> {
    PRESETS
        .iter()
        .find(|(_, h)| *h == handicap)
        .map(|&(n, _)| n)
}

/// The two-letter CSA code of a kind, as JKF writes kinds.
const fn kind_code(kind: PieceKind) -> &'static str {
    use PieceKind as K;
    match kind {
        K::Pawn => "FU",
        K::Lance => "KY",
        K::Knight => "KE",
        K::Silver => "GI",
        K::Gold => "KI",
        K::Bishop => "KA",
        K::Rook => "HI",
        K::King => "OU",
        K::ProPawn => "TO",
        K::ProLance => "NY",
        K::ProKnight => "NK",
        K::ProSilver => "NG",
        K::Horse => "UM",
        K::Dragon => "RY",
    }
}

/// The kind of a two-letter code.
fn code_kind(code: &str) -> Option<PieceKind> {
    use PieceKind as K;
    Some(match code {
        "FU" => K::Pawn,
        "KY" => K::Lance,
        "KE" => K::Knight,
        "GI" => K::Silver,
        "KI" => K::Gold,
        "KA" => K::Bishop,
        "HI" => K::Rook,
        "OU" => K::King,
        "TO" => K::ProPawn,
        "NY" => K::ProLance,
        "NK" => K::ProKnight,
        "NG" => K::ProSilver,
        "UM" => K::Horse,
        "RY" => K::Dragon,
        _ => return None,
    })
}

/// The hand kinds in JKF's order.
const HAND_KINDS: [PieceKind; 7] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
];

fn read_color(value: Option<&Json>, path: &str) -> Result<Color, RecordErrorKind> {
    match value {
        Some(Json::Int(0)) => Ok(Color::Black),
        Some(Json::Int(1)) => Ok(Color::White),
        _ => Err(shape(path, "0 (Black) or 1 (White)")),
    }
}

/// The setup of `initial.data`.
fn read_data(data: &Json) -> Result<Setup, RecordErrorKind> {
    if !matches!(data, Json::Object(_)) {
        return Err(shape("initial.data", "an object"));
    }
    let mut setup = Setup::empty();
    setup.side_to_move = read_color(data.get("color"), "initial.data.color")?;
    match data.get("board") {
        Some(Json::Object(fields)) if fields.is_empty() => {}
        Some(Json::Array(files)) if files.len() == 9 => {
            for (x, file) in (1u8..).zip(files) {
                let path = format!("initial.data.board[{}]", x - 1);
                let Json::Array(squares) = file else {
                    return Err(shape(&path, "an array of 9 squares"));
                };
                if squares.len() != 9 {
                    return Err(shape(&path, "an array of 9 squares"));
                }
                for (y, square) in (1u8..).zip(squares) {
                    let path = format!("{path}[{}]", y - 1);
                    if !matches!(square, Json::Object(_)) {
                        return Err(shape(&path, "a square: {\"color\", \"kind\"} or {}"));
                    }
                    let Some(kind) = square.get("kind") else {
                        continue;
                    };
                    let Json::Str(code) = kind else {
                        return Err(shape(&format!("{path}.kind"), "a piece kind (FU … RY)"));
                    };
                    let kind = code_kind(code)
                        .ok_or_else(|| shape(&format!("{path}.kind"), "a piece kind (FU … RY)"))?;
                    let color = read_color(square.get("color"), &format!("{path}.color"))?;
                    if let Some(sq) = Square::from_file_rank(x, y) {
                        setup.set_piece(sq, Some(Piece::new(color, kind)));
                    }
                }
            }
        }
        _ => {
            return Err(shape(
                "initial.data.board",
                "9 files of 9 squares, or {} for an empty board",
            ));
        }
    }
    let Some(Json::Array(hands)) = data.get("hands") else {
        return Err(shape("initial.data.hands", "two hands, Black's first"));
    };
    if hands.len() != 2 {
        return Err(shape("initial.data.hands", "two hands, Black's first"));
    }
    let mut out = [Hand::default(); 2];
    for (i, hand) in hands.iter().enumerate() {
        let path = format!("initial.data.hands[{i}]");
        let Json::Object(fields) = hand else {
            return Err(shape(&path, "an object of counts (FU KY KE GI KI KA HI)"));
        };
        for (code, count) in fields {
            let kind = code_kind(code);
            let count = match count {
                Json::Int(n) => *n,
                Json::Null => 0,
                _ => return Err(shape(&path, "counts that are integers from 0 to 255")),
            };
            match kind {
                Some(kind) if kind.is_hand_kind() => {
                    let count = u8::try_from(count)
                        .map_err(|_| shape(&path, "counts that are integers from 0 to 255"))?;
                    if let Some(slot) = out.get_mut(i) {
                        *slot = slot.with_count(kind, count).unwrap_or(*slot);
                    }
                }
                // tsshogi writes every kind, with 0 for those that cannot be held.
                Some(_) if count == 0 => {}
                _ => return Err(shape(&path, "only the kinds FU KY KE GI KI KA HI")),
            }
        }
    }
    setup.hands = ByColor::new(out[0], out[1]);
    Ok(setup)
}

/// The comments of an entry.
fn read_comments(entry: &Json, path: &str) -> Result<Vec<String>, RecordErrorKind> {
    match entry.get("comments") {
        None => Ok(Vec::new()),
        Some(Json::Array(items)) => items
            .iter()
            .map(|c| match c {
                Json::Str(s) => Ok(s.clone()),
                _ => Err(shape(&format!("{path}.comments"), "an array of strings")),
            })
            .collect(),
        // Some writers give one string.
        Some(Json::Str(s)) => Ok(vec![s.clone()]),
        Some(_) => Err(shape(&format!("{path}.comments"), "an array of strings")),
    }
}

fn read_duration(value: &Json, path: &str) -> Result<Duration, RecordErrorKind> {
    const EXPECTED: &str = "a time {\"h\", \"m\", \"s\"} of non-negative integers";
    if !matches!(value, Json::Object(_)) {
        return Err(shape(path, EXPECTED));
    }
    let mut secs: u64 = 0;
    for (key, scale) in [("h", 3600), ("m", 60), ("s", 1)] {
        match value.get(key) {
            None => {}
            Some(Json::Int(n)) => {
                secs = n
                    .checked_mul(scale)
                    .and_then(|v| secs.checked_add(v))
                    .ok_or_else(|| shape(path, EXPECTED))?;
            }
            Some(_) => return Err(shape(path, EXPECTED)),
        }
    }
    Ok(Duration::from_secs(secs))
}

fn read_time(entry: &Json, path: &str) -> Result<Option<MoveTime>, RecordErrorKind> {
    let Some(time) = entry.get("time") else {
        return Ok(None);
    };
    let path = format!("{path}.time");
    if !matches!(time, Json::Object(_)) {
        return Err(shape(&path, "an object {\"now\", \"total\"}"));
    }
    let Some(now) = time.get("now") else {
        return Err(shape(
            &format!("{path}.now"),
            "a time {\"h\", \"m\", \"s\"}",
        ));
    };
    let spent = read_duration(now, &format!("{path}.now"))?;
    let total = match time.get("total") {
        None => None,
        Some(t) => Some(read_duration(t, &format!("{path}.total"))?),
    };
    Ok(Some(MoveTime { spent, total }))
}

fn read_square(value: &Json, path: &str) -> Result<Square, RecordErrorKind> {
    const EXPECTED: &str = "a square {\"x\", \"y\"} with x and y from 1 to 9";
    let coord = |key: &str| match value.get(key) {
        Some(Json::Int(n)) => u8::try_from(*n).ok(),
        _ => None,
    };
    if !matches!(value, Json::Object(_)) {
        return Err(shape(path, EXPECTED));
    }
    coord("x")
        .zip(coord("y"))
        .and_then(|(x, y)| Square::from_file_rank(x, y))
        .ok_or_else(|| shape(path, EXPECTED))
}

fn read_bool(value: Option<&Json>, path: &str) -> Result<Option<bool>, RecordErrorKind> {
    match value {
        None => Ok(None),
        Some(Json::Bool(b)) => Ok(Some(*b)),
        Some(_) => Err(shape(path, "true, false or null")),
    }
}

/// A `move` object as read, before it is matched against the position.
#[derive(Debug)]
struct JkfMove {
    color: Option<Color>,
    from: Option<Square>,
    to: Option<Square>,
    piece: PieceKind,
    promote: Option<bool>,
    relative: Option<Relative>,
    motion: Option<Motion>,
    drop: bool,
}

impl JkfMove {
    fn parse(value: &Json, path: &str) -> Result<JkfMove, RecordErrorKind> {
        if !matches!(value, Json::Object(_)) {
            return Err(shape(path, "an object"));
        }
        let color = match value.get("color") {
            None => None,
            c => Some(read_color(c, &format!("{path}.color"))?),
        };
        let from = value
            .get("from")
            .map(|f| read_square(f, &format!("{path}.from")))
            .transpose()?;
        let to = value
            .get("to")
            .map(|t| read_square(t, &format!("{path}.to")))
            .transpose()?;
        let piece = match value.get("piece") {
            Some(Json::Str(code)) => code_kind(code),
            _ => None,
        }
        .ok_or_else(|| shape(&format!("{path}.piece"), "a piece kind (FU … RY)"))?;
        let same = read_bool(value.get("same"), &format!("{path}.same"))? == Some(true);
        let promote = read_bool(value.get("promote"), &format!("{path}.promote"))?;
        let (relative, motion, drop) = match value.get("relative") {
            None => (None, None, false),
            Some(Json::Str(text)) => parse_relative(text).ok_or_else(|| {
                shape(
                    &format!("{path}.relative"),
                    "L, C or R, then U, M or D (or one of them), or H",
                )
            })?,
            Some(_) => {
                return Err(shape(
                    &format!("{path}.relative"),
                    "L, C or R, then U, M or D (or one of them), or H",
                ));
            }
        };
        if to.is_none() && !same {
            return Err(shape(&format!("{path}.to"), "a square (or same: true)"));
        }
        Ok(JkfMove {
            color,
            from,
            to,
            piece,
            promote,
            relative,
            motion,
            drop,
        })
    }

    /// The move CSA-style, for messages: `+7776FU`, `-0055KA`, `+00同KA`.
    fn text(&self, mover: Color, previous: Option<Move>) -> String {
        let sign = match self.color.unwrap_or(mover) {
            Color::Black => '+',
            Color::White => '-',
        };
        let sq = |s: Option<Square>| {
            s.map_or_else(
                || "00".to_string(),
                |s| format!("{}{}", s.file().get(), s.rank().get()),
            )
        };
        let to = self.to.or_else(|| previous.map(Move::to));
        format!("{sign}{}{}{}", sq(self.from), sq(to), kind_code(self.piece))
    }

    /// The move this names without a legal move list (by its origin), else as resolved.
    fn named(&self, pos: &AnyPosition, previous: Option<Move>) -> Option<Move> {
        let to = self.to.or_else(|| previous.map(Move::to))?;
        match self.from {
            Some(from) => Some(Move::Normal {
                from,
                to,
                promote: self.promote == Some(true),
            }),
            None => self.resolve(pos, previous).ok(),
        }
    }

    /// The move this names in `pos` (after `previous`).
    fn resolve(&self, pos: &AnyPosition, previous: Option<Move>) -> Result<Move, MoveProblem> {
        let mover = pos.side_to_move();
        if let Some(color) = self.color
            && color != mover
        {
            return Err(MoveProblem::Resolve(ResolveError::WrongSide {
                mark: color,
            }));
        }
        let to = match (self.to, previous) {
            (Some(to), _) => to,
            (None, Some(p)) => p.to(),
            (None, None) => return Err(MoveProblem::Resolve(ResolveError::NoPreviousMove)),
        };
        if let Some(from) = self.from {
            if let Some(found) = pos.piece_at(from)
                && found.color == mover
                && found.kind != self.piece
            {
                return Err(MoveProblem::WrongPiece {
                    square: from,
                    named: self.piece,
                    found: found.kind,
                });
            }
            return Ok(Move::Normal {
                from,
                to,
                promote: self.promote == Some(true),
            });
        }
        let notation = JapaneseMove {
            color: None,
            to: Destination::Square(to),
            piece: self.piece,
            relative: self.relative,
            motion: self.motion,
            promotion: self.promote,
            drop: self.drop,
            from: None,
        };
        notation
            .resolve(pos, previous)
            .map_err(MoveProblem::Resolve)
    }
}

/// Reads a `relative` string: (relative word, motion word, drop).
fn parse_relative(text: &str) -> Option<(Option<Relative>, Option<Motion>, bool)> {
    if text == "H" {
        return Some((None, None, true));
    }
    let mut chars = text.chars();
    let mut relative = None;
    let mut motion = None;
    let mut next = chars.next();
    if let Some(r) = next.and_then(|c| match c {
        'L' => Some(Relative::Left),
        'C' => Some(Relative::Straight),
        'R' => Some(Relative::Right),
        _ => None,
    }) {
        relative = Some(r);
        next = chars.next();
    }
    if let Some(m) = next.and_then(|c| match c {
        'U' => Some(Motion::Up),
        'M' => Some(Motion::Sideways),
        'D' => Some(Motion::Back),
        _ => None,
    }) {
        motion = Some(m);
        next = chars.next();
    }
    (next.is_none() && (relative.is_some() || motion.is_some()))
        .then_some((relative, motion, false))
}

/// A line as read: its moves, ending and kept illegal move.
#[derive(Debug, Default)]
struct Line {
    moves: Vec<RecordMove>,
    ending: Option<Ending>,
    illegal: Option<WrittenMove>,
}

/// The error of a line: why, and the moves read before (of the main line).
type LineError = (RecordErrorKind, Vec<RecordMove>);

#[derive(Debug)]
struct LineReader {
    /// Whether the line being read is the main line (only it keeps an illegal move).
    main: bool,
}

impl LineReader {
    /// Reads the entries of a line whose first entry is move `first_ply`, from `pos` after
    /// `previous`. `before` gets the comments of leading entries with no move (the start
    /// comments, for the main line).
    #[allow(clippy::too_many_lines)]
    fn read_line(
        &mut self,
        entries: &[Json],
        first_ply: usize,
        prefix: &str,
        mut pos: AnyPosition,
        mut previous: Option<Move>,
        before: &mut Vec<String>,
    ) -> Result<Line, LineError> {
        let mut line = Line::default();
        // The index of the first entry in the JSON array of this line.
        let offset = usize::from(self.main);
        let mut ply = first_ply;
        let mut i = 0;
        while let Some(entry) = entries.get(i) {
            let path = format!("{prefix}[{}]", i + offset);
            let err = |kind: RecordErrorKind, line: &Line| (kind, line.moves.clone());
            if !matches!(entry, Json::Object(_)) {
                return Err(err(shape(&path, "an object"), &line));
            }
            let comments = read_comments(entry, &path).map_err(|k| err(k, &line))?;
            let time = read_time(entry, &path).map_err(|k| err(k, &line))?;
            let special = match entry.get("special") {
                None => None,
                Some(Json::Str(word)) => Some(word.as_str()),
                Some(_) => {
                    return Err(err(
                        shape(
                            &format!("{path}.special"),
                            "a special word (TORYO, CHUDAN, …)",
                        ),
                        &line,
                    ));
                }
            };
            if let Some(value) = entry.get("move") {
                let jm =
                    JkfMove::parse(value, &format!("{path}.move")).map_err(|k| err(k, &line))?;
                let mover = pos.side_to_move();
                let text = jm.text(mover, previous);
                let played = jm.resolve(&pos, previous).and_then(|mv| {
                    let mut next = pos;
                    next.play(mv)
                        .map(|()| (mv, next))
                        .map_err(|e| MoveProblem::Illegal(e.kind))
                });
                match played {
                    Ok((mv, next)) => {
                        let mut variations = Vec::new();
                        if let Some(forks) = entry.get("forks") {
                            let Json::Array(forks) = forks else {
                                return Err(err(
                                    shape(&format!("{path}.forks"), "an array of lines"),
                                    &line,
                                ));
                            };
                            let mut sub = LineReader { main: false };
                            for (k, fork) in forks.iter().enumerate() {
                                let fork_path = format!("{path}.forks[{k}]");
                                let Json::Array(fork_entries) = fork else {
                                    return Err(err(
                                        shape(&fork_path, "an array of entries"),
                                        &line,
                                    ));
                                };
                                let read = sub
                                    .read_line(
                                        fork_entries,
                                        ply,
                                        &fork_path,
                                        pos,
                                        previous,
                                        &mut Vec::new(),
                                    )
                                    .map_err(|(k, _)| err(k, &line))?;
                                if read.moves.is_empty() {
                                    continue;
                                }
                                let mut moves = read.moves;
                                // Alternatives to the fork's first move follow it.
                                let nested = moves
                                    .first_mut()
                                    .map(|m| core::mem::take(&mut m.variations))
                                    .unwrap_or_default();
                                variations.push(Variation {
                                    moves,
                                    ending: read.ending,
                                });
                                variations.extend(nested);
                            }
                        }
                        line.moves.push(RecordMove {
                            mv,
                            time,
                            comments,
                            variations,
                        });
                        pos = next;
                        previous = Some(mv);
                        ply += 1;
                    }
                    Err(problem) => {
                        // Kept when a foul ending follows (in this entry or the next).
                        let foul_here = special.map(|w| read_special(w).is_foul());
                        let next_special = entries.get(i + 1).and_then(|e| e.get("special"));
                        let foul_next = match next_special {
                            Some(Json::Str(w)) => read_special(w).is_foul(),
                            _ => false,
                        };
                        if foul_here == Some(true) || (foul_here.is_none() && foul_next) {
                            if self.main {
                                let mv = jm.named(&pos, previous);
                                // The kind as the move gives it (what `ILLEGAL:` gives back).
                                let kind = mv.map_or_else(
                                    || problem.illegal_kind(),
                                    |mv| Some(illegal_kind(&pos, mv, Some(jm.piece))),
                                );
                                line.illegal = Some(WrittenMove {
                                    ply,
                                    text,
                                    mv,
                                    kind,
                                });
                            }
                            if foul_here.is_none() {
                                i += 1;
                            }
                            let Some(end) = entries.get(i) else {
                                return Ok(line);
                            };
                            let end_path = format!("{prefix}[{}]", i + offset);
                            let word = match end.get("special") {
                                Some(Json::Str(w)) => w.as_str(),
                                _ => "",
                            };
                            let comments =
                                read_comments(end, &end_path).map_err(|k| err(k, &line))?;
                            let time = read_time(end, &end_path).map_err(|k| err(k, &line))?;
                            line.ending = Some(self.ending(word, time, comments, &pos, &mut line));
                            return Ok(line);
                        }
                        return Err(err(
                            RecordErrorKind::IllegalMove { ply, text, problem },
                            &line,
                        ));
                    }
                }
                if let Some(word) = special {
                    // A move and a special in one entry: the special follows the move.
                    line.ending = Some(self.ending(word, None, Vec::new(), &pos, &mut line));
                    return Ok(line);
                }
            } else if let Some(word) = special {
                line.ending = Some(self.ending(word, time, comments, &pos, &mut line));
                return Ok(line);
            } else {
                // No move and no special: its comments go to the move before.
                match line.moves.last_mut() {
                    Some(last) => last.comments.extend(comments),
                    None => before.extend(comments),
                }
            }
            i += 1;
        }
        // An `ENDING:` comment last on the line is its ending (an `Other` word).
        let comments = match line.moves.last_mut() {
            Some(last) => &mut last.comments,
            None => before,
        };
        if let Some(word) = comments.last().and_then(|c| c.strip_prefix(ENDING)) {
            let special = ending_comment_word(word);
            if matches!(special, Special::Other(_)) {
                comments.pop();
                line.ending = Some(Ending::new(special));
            }
        }
        Ok(line)
    }

    /// The ending of a `special` entry, with the words and outcome its comments give back, and
    /// (for the main line) the kept illegal move of an `ILLEGAL:` comment.
    fn ending(
        &mut self,
        word: &str,
        time: Option<MoveTime>,
        mut comments: Vec<String>,
        pos: &AnyPosition,
        line: &mut Line,
    ) -> Ending {
        let mover = pos.side_to_move();
        let mut special = read_special(word);
        if self.main && special.is_foul() && line.illegal.is_none() {
            line.illegal = take_illegal_comment(&mut comments, pos, line.moves.len() + 1);
        }
        let mut ending = Ending {
            special: special.clone(),
            outcome: None,
            time,
            comments: Vec::new(),
        };
        // The exact word behind a stand-in: only one that this writer stands in for so.
        if let Some(i) = comments.iter().rposition(|c| {
            c.strip_prefix(ENDING).is_some_and(|w| {
                let exact = ending_comment_word(w);
                exact == special
                    || jkf_special(&exact, mover).is_some_and(|(w, _)| read_special(w) == special)
            })
        }) {
            let text = comments.remove(i);
            special = ending_comment_word(text.strip_prefix(ENDING).unwrap_or_default());
            ending.special = special;
        }
        ending.comments = comments;
        ending.take_result_comment();
        ending
    }
}

/// The ending a `special` word names.
fn read_special(word: &str) -> Special {
    match word {
        "ILLEGAL_ACTION" => Special::IllegalWin,
        other => Special::from_csa_word(other),
    }
}

// ---------------------------------------------------------------------------------------------
// Writing.

/// The `special` word for `special` when `mover` is to move at the end, and whether it stands
/// in for another word (then an `ENDING:` comment follows); `None` for the words JKF cannot
/// write ([`Special::Other`] but `MATTA`).
fn jkf_special(special: &Special, mover: Color) -> Option<(&'static str, bool)> {
    let foul = |c: Color| match c {
        Color::Black => "+ILLEGAL_ACTION",
        Color::White => "-ILLEGAL_ACTION",
    };
    Some(match special {
        Special::Resign => ("TORYO", false),
        Special::Interrupt => ("CHUDAN", false),
        Special::Repetition => ("SENNICHITE", false),
        Special::Impasse => ("JISHOGI", false),
        Special::EnteringKingWin => ("KACHI", false),
        Special::EnteringKingDraw => ("HIKIWAKE", false),
        Special::TimeUp => ("TIME_UP", false),
        Special::IllegalLoss => ("ILLEGAL_MOVE", false),
        Special::IllegalAction(c) => (foul(*c), false),
        Special::Mate => ("TSUMI", false),
        Special::NoMate => ("FUZUMI", false),
        Special::Error => ("ERROR", false),
        Special::IllegalWin | Special::ForfeitWin => (foul(!mover), true),
        Special::Try | Special::ForfeitLoss => ("TORYO", true),
        Special::MaxMoves => ("HIKIWAKE", true),
        Special::Sealed => ("CHUDAN", true),
        Special::Other(word) if word == "MATTA" => ("MATTA", false),
        Special::Other(_) => return None,
    })
}

/// Appends `s` as a JSON string.
fn push_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn push_comments(out: &mut String, comments: &[String]) {
    out.push_str("\"comments\":[");
    for (i, c) in comments.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_str(out, c);
    }
    out.push(']');
}

fn push_square(out: &mut String, sq: Square) {
    let _ = write!(
        out,
        "{{\"x\":{},\"y\":{}}}",
        sq.file().get(),
        sq.rank().get()
    );
}

fn push_time(out: &mut String, spent: Duration, total: Duration) {
    let now = spent.as_secs();
    let total = total.as_secs();
    let _ = write!(
        out,
        "\"time\":{{\"now\":{{\"m\":{},\"s\":{}}},\"total\":{{\"h\":{},\"m\":{},\"s\":{}}}}}",
        now / 60,
        now % 60,
        total / 3600,
        total / 60 % 60,
        total % 60
    );
}

/// The `relative` letters of `mv` in `pos`, as the JSA disambiguation gives them.
fn relative_letters(pos: &AnyPosition, mv: Move, previous: Option<Move>) -> String {
    let Ok(j) = japanese::describe(pos, mv, previous) else {
        return String::new();
    };
    let mut out = String::new();
    if j.drop {
        out.push('H');
        return out;
    }
    if let Some(r) = j.relative {
        out.push(match r {
            Relative::Left => 'L',
            Relative::Straight => 'C',
            Relative::Right => 'R',
        });
    }
    if let Some(m) = j.motion {
        out.push(match m {
            Motion::Up => 'U',
            Motion::Sideways => 'M',
            Motion::Back => 'D',
        });
    }
    out
}

/// Writes the `move` object of `mv` in `pos`.
fn push_move(out: &mut String, pos: &AnyPosition, mv: Move, previous: Option<Move>) {
    let mover = pos.side_to_move();
    let _ = write!(out, "\"move\":{{\"color\":{}", mover.index());
    let to = mv.to();
    match mv {
        Move::Drop { kind, .. } => {
            out.push_str(",\"to\":");
            push_square(out, to);
            let _ = write!(out, ",\"piece\":\"{}\"", kind_code(kind));
        }
        Move::Normal { from, promote, .. } => {
            let kind = pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind);
            out.push_str(",\"from\":");
            push_square(out, from);
            out.push_str(",\"to\":");
            push_square(out, to);
            let _ = write!(out, ",\"piece\":\"{}\"", kind_code(kind));
            if previous.is_some_and(|p| p.to() == to) {
                out.push_str(",\"same\":true");
            }
            if promote {
                out.push_str(",\"promote\":true");
            } else if kind.can_promote()
                && (from.is_promotion_zone(mover) || to.is_promotion_zone(mover))
            {
                out.push_str(",\"promote\":false");
            }
            if let Some(captured) = pos.piece_at(to) {
                let _ = write!(out, ",\"capture\":\"{}\"", kind_code(captured.kind));
            }
        }
    }
    let relative = relative_letters(pos, mv, previous);
    if !relative.is_empty() {
        let _ = write!(out, ",\"relative\":\"{relative}\"");
    }
    out.push('}');
}

/// The state before a move of a line: the position, the previous move and the time each
/// player had used.
#[derive(Debug, Clone, Copy)]
struct Before {
    pos: AnyPosition,
    previous: Option<Move>,
    used: [Duration; 2],
}

/// Writes the entries of a line (comma-separated, each after `sep`); returns the entries'
/// texts joined. `illegal` is the kept illegal move (main line only).
fn write_entries(
    out: &mut String,
    sep: &str,
    moves: &[RecordMove],
    ending: Option<&Ending>,
    illegal: Option<&WrittenMove>,
    mut state: Before,
    trailing_ending_comment: &mut Option<String>,
) {
    // The main line follows the start entry; a fork starts its array.
    let mut first = sep.is_empty();
    let mut begin = |out: &mut String| {
        if !first {
            out.push(',');
        }
        first = false;
        out.push_str(sep);
        out.push('{');
    };
    for (i, m) in moves.iter().enumerate() {
        begin(out);
        push_move(out, &state.pos, m.mv, state.previous);
        let mover = state.pos.side_to_move().index();
        if let Some(t) = m.time {
            let total = t.total.unwrap_or(state.used[mover].saturating_add(t.spent));
            out.push(',');
            push_time(out, t.spent, total);
            state.used[mover] = total;
        }
        let mut comments = m.comments.clone();
        if i + 1 == moves.len()
            && let Some(c) = trailing_ending_comment.take()
        {
            comments.push(c);
        }
        if !comments.is_empty() {
            out.push(',');
            push_comments(out, &comments);
        }
        if !m.variations.is_empty() {
            out.push_str(",\"forks\":[");
            for (k, v) in m.variations.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                out.push('[');
                let mut trailing = other_ending_comment(v.ending.as_ref());
                write_entries(
                    out,
                    "",
                    &v.moves,
                    v.ending.as_ref(),
                    None,
                    state,
                    &mut trailing,
                );
                out.push(']');
            }
            out.push(']');
        }
        out.push('}');
        if state.pos.play(m.mv).is_err() {
            return;
        }
        state.previous = Some(m.mv);
    }
    let Some(ending) = ending else {
        return;
    };
    let mover = state.pos.side_to_move();
    let Some((word, stands_in)) = jkf_special(&ending.special, mover) else {
        return;
    };
    begin(out);
    let _ = write!(out, "\"special\":\"{word}\"");
    if let Some(t) = ending.time {
        let used = state.used[mover.index()];
        out.push(',');
        push_time(
            out,
            t.spent,
            t.total.unwrap_or(used.saturating_add(t.spent)),
        );
    }
    let mut comments = ending.comments.clone();
    // The exact word of a stand-in, last (the reader takes the last); or the word itself when
    // a comment of the ending would read as one.
    if stands_in || comments.iter().any(|c| c.starts_with(ENDING)) {
        comments.push(format!("{ENDING}{}", exact_word(&ending.special)));
    }
    if let Some(outcome) = ending.outcome {
        comments.push(format!("{RESULT}{outcome}"));
    }
    if let Some(illegal) = illegal.filter(|_| ending.special.is_foul()) {
        comments.push(illegal_comment(illegal));
    }
    if !comments.is_empty() {
        out.push(',');
        push_comments(out, &comments);
    }
    out.push('}');
}

/// The `ENDING:` comment of an ending JKF has no word for ([`Special::Other`]).
fn other_ending_comment(ending: Option<&Ending>) -> Option<String> {
    let special = &ending?.special;
    let Special::Other(word) = special else {
        return None;
    };
    if word == "MATTA" {
        return None;
    }
    let keeps = ending_comment_word(word) == *special && !word.contains(['\n', '\r']);
    Some(format!(
        "{ENDING}{}",
        if keeps { word.as_str() } else { UNKNOWN_WORD }
    ))
}

/// Writes `record` as JKF text (UTF-8, one entry of `moves` per line, a final line end).
///
/// See the [module docs](self) for what is written and what JKF cannot hold.
#[must_use]
pub fn write(record: &Record) -> String {
    let mut out = String::from("{\"header\":{");
    let handicap = record.handicap();
    let handicap_game =
        record.variant() == Variant::Standard && handicap.is_some_and(|h| h != Handicap::Even);
    let mut keys: std::collections::HashSet<String> = std::collections::HashSet::new();
    if record.variant() != Variant::Standard {
        keys.insert(SFEN_KEY.to_string());
        push_str(&mut out, SFEN_KEY);
        out.push(':');
        push_str(&mut out, &record.start_sfen().to_string());
    }
    for h in &record.headers {
        let key = match (&h.key, handicap_game) {
            (HeaderKey::Black, true) => "下手",
            (HeaderKey::White, true) => "上手",
            (key, _) => key.kif_key(),
        };
        // `手合割` and `#SFEN` are the start's, which `initial` and the variant line give.
        if keys.contains(key) || key == "手合割" || key == SFEN_KEY {
            continue;
        }
        if !keys.is_empty() {
            out.push(',');
        }
        keys.insert(key.to_string());
        push_str(&mut out, key);
        out.push(':');
        push_str(&mut out, &h.value);
    }
    out.push_str("},\n\"initial\":");
    let preset = handicap
        .filter(|_| record.variant() == Variant::Standard)
        .and_then(handicap_preset);
    match preset {
        Some(name) => {
            let _ = write!(out, "{{\"preset\":\"{name}\"}}");
        }
        None => write_data(&mut out, &record.start.to_setup()),
    }
    out.push_str(",\n\"moves\":[\n{");
    let mut trailing = other_ending_comment(record.ending.as_ref());
    let mut start_comments = record.start_comments.clone();
    if record.moves.is_empty()
        && let Some(c) = trailing.take()
    {
        start_comments.push(c);
    }
    if !start_comments.is_empty() {
        push_comments(&mut out, &start_comments);
    }
    out.push('}');
    let state = Before {
        pos: record.start,
        previous: None,
        used: [Duration::ZERO; 2],
    };
    write_entries(
        &mut out,
        "\n",
        &record.moves,
        record.ending.as_ref(),
        record.illegal_move.as_ref(),
        state,
        &mut trailing,
    );
    out.push_str("\n]}\n");
    out
}

/// Writes `initial` for a start with no preset: `OTHER` and its `data`.
fn write_data(out: &mut String, setup: &Setup) {
    out.push_str("{\"preset\":\"OTHER\",\"data\":{\"board\":[");
    for x in 1..=9u8 {
        if x > 1 {
            out.push(',');
        }
        out.push('[');
        for y in 1..=9u8 {
            if y > 1 {
                out.push(',');
            }
            match Square::from_file_rank(x, y).and_then(|sq| setup.piece_at(sq)) {
                Some(p) => {
                    let _ = write!(
                        out,
                        "{{\"color\":{},\"kind\":\"{}\"}}",
                        p.color.index(),
                        kind_code(p.kind)
                    );
                }
                None => out.push_str("{}"),
            }
        }
        out.push(']');
    }
    let _ = write!(
        out,
        "],\"color\":{},\"hands\":[",
        setup.side_to_move.index()
    );
    for (i, color) in [Color::Black, Color::White].into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('{');
        for (k, kind) in HAND_KINDS.into_iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            let _ = write!(
                out,
                "\"{}\":{}",
                kind_code(kind),
                setup.hands[color].count(kind)
            );
        }
        out.push('}');
    }
    out.push_str("]}}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_letters_read() {
        assert_eq!(parse_relative("H"), Some((None, None, true)));
        assert_eq!(
            parse_relative("LU"),
            Some((Some(Relative::Left), Some(Motion::Up), false))
        );
        assert_eq!(
            parse_relative("C"),
            Some((Some(Relative::Straight), None, false))
        );
        assert_eq!(
            parse_relative("M"),
            Some((None, Some(Motion::Sideways), false))
        );
        for bad in ["", "X", "UL", "LUD", "HH", "RM "] {
            assert_eq!(parse_relative(bad), None, "{bad}");
        }
    }

    #[test]
    fn presets_and_codes_go_both_ways() {
        for (name, handicap) in PRESETS {
            assert_eq!(preset_handicap(name), Some(handicap));
            assert_eq!(handicap_preset(handicap), Some(name));
        }
        assert_eq!(handicap_preset(Handicap::ThreePieceRightLance), None);
        for i in 0..14 {
            let kind = PieceKind::from_index(i).expect("kind");
            assert_eq!(code_kind(kind_code(kind)), Some(kind));
        }
    }

    #[test]
    fn special_words_and_stand_ins() {
        assert_eq!(read_special("ILLEGAL_ACTION"), Special::IllegalWin);
        assert_eq!(read_special("TORYO"), Special::Resign);
        for special in Special::KNOWN {
            for mover in [Color::Black, Color::White] {
                let (word, stands_in) = jkf_special(&special, mover).expect("a word");
                assert_eq!(read_special(word) != special, stands_in, "{special:?}");
                // A stand-in names the same winner.
                let (a, b) = (special.outcome(mover), read_special(word).outcome(mover));
                let winner = |o: Option<shogi_rules::Outcome>| match o {
                    Some(shogi_rules::Outcome::Win { winner, .. }) => Some(winner),
                    _ => None,
                };
                assert_eq!(winner(a), winner(b), "{special:?}");
            }
        }
        assert_eq!(jkf_special(&Special::Other("x".into()), Color::Black), None);
    }

    #[test]
    fn json_strings_are_escaped() {
        let mut out = String::new();
        push_str(&mut out, "a\"b\\c\nd\u{1}");
        assert_eq!(out, r#""a\"b\\c\nd\u0001""#);
        let Ok(Json::Str(s)) = parse_json(&out) else {
            panic!("reads");
        };
        assert_eq!(s, "a\"b\\c\nd\u{1}");
    }
}
