//! The errors of the readers: [`RecordError`] says where and why reading stopped and keeps
//! the record read before; [`RecordErrorKind`] says why, [`SyntaxError`] which line could not
//! be read, [`MoveProblem`] why a move could not be played and [`MoveSyntaxError`] why its text
//! could not be read.
//!
//! Every error that another crate reported (an SFEN, a USI `position` line, a Japanese move, a
//! start position, a move that names no legal move) is kept as it is, so that callers can match
//! on it, and its message is part of the error's: `println!("{e}")` says what failed, where and
//! why, once. So [`std::error::Error::source`] is `None` for every error of this module, and a
//! printer that walks the chain of sources does not print a cause twice.

use core::fmt;

use shogi_movegen::IllegalMoveKind;
use shogi_notation::ResolveError;
use shogi_notation::japanese::ParseJapaneseError;
use shogi_types::sfen::ParseSfenError;
use shogi_types::{Color, PieceKind, Square};
use shogi_usi::position::ParseUsiError;
use shogi_variants::AnyPositionError;

use crate::model::Record;

/// Why a record could not be read.
///
/// The cause of [`RecordErrorKind::Syntax`] (the [`SyntaxError`]), of
/// [`RecordErrorKind::InvalidStart`] (the [`AnyPositionError`]) and of
/// [`RecordErrorKind::IllegalMove`] (its `problem`, a [`MoveProblem`]) is part of the message and
/// kept as a typed value to match on; [`source`](std::error::Error::source) is `None`, so a
/// printer that walks the chain does not print it twice.
///
/// ```
/// use std::error::Error as _;
/// use shogi_record::{self as record, RecordErrorKind, SyntaxError};
/// use shogi_types::sfen::ParseSfenError;
///
/// let err = record::read_str("#SFEN：9/9/9 b - 1\n手合割：平手\n").unwrap_err();
/// assert_eq!(err.line(), 1);
/// assert!(matches!(
///     err.kind(),
///     RecordErrorKind::Syntax(SyntaxError::Sfen(ParseSfenError::RankCount { ranks: 3, .. }))
/// ));
/// // The SFEN error is in the message, so it is not also the source.
/// assert_eq!(err.to_string(), "line 1: sfen board: expected 9 ranks separated by '/', found 3");
/// assert!(err.source().is_none());
/// assert!(err.kind().source().is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// The format could not be recognised.
    #[error("the text is not a KIF, KI2, CSA, JKF or USI record")]
    UnknownFormat,
    /// The bytes are in no encoding that the reader knows (UTF-8, Shift_JIS, EUC-JP).
    #[error("the text is neither UTF-8, Shift_JIS nor EUC-JP")]
    Encoding,
    /// A line could not be read. Its message is that of the [`SyntaxError`].
    #[error("{0}")]
    Syntax(SyntaxError),
    /// The start position is not valid: the error of the position, which names every fault
    /// (`start: invalid position: …`).
    #[error("start: {0}")]
    InvalidStart(AnyPositionError),
    /// A move could not be played.
    #[error("move {ply} '{text}' {problem}")]
    IllegalMove {
        /// The move number (1 for the first move of the record).
        ply: usize,
        /// The move text as written.
        text: String,
        /// Why it could not be played (part of the message).
        problem: MoveProblem,
    },
    /// A CSA file holds no game.
    #[error("no game in the file")]
    Empty,
    /// JKF: the text is not JSON. The error's [`line`](RecordError::line) is the line where
    /// the JSON reader stopped, `column` the 1-based column on it.
    #[error("column {column}: {problem}")]
    Json {
        /// The 1-based column (in characters) where the JSON reader stopped.
        column: usize,
        /// What is wrong there.
        problem: JsonProblem,
    },
}

/// Why a JKF text is not JSON: [`RecordErrorKind::Json`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum JsonProblem {
    /// The text ends inside a value (an unclosed string, array or object).
    #[error("json: the text ends before the value does")]
    UnexpectedEnd,
    /// Something that starts no JSON value (a stray character, a bare word).
    #[error("json: expected a value")]
    ExpectedValue,
    /// A number that is not one, or does not fit.
    #[error("json: bad number")]
    Number,
    /// A string with a control character, a bad escape or a bad surrogate.
    #[error("json: bad string")]
    String,
    /// Text after the end of the value.
    #[error("json: text after the end of the value")]
    TrailingCharacters,
    /// Arrays and objects nested more than 616 deep (three levels a variation: deep enough
    /// for the 200 levels of variations the readers keep).
    #[error("json: nested too deep (more than 616 levels)")]
    TooDeep,
    /// Any other syntax error (a missing comma, colon or bracket; a key that is no string).
    #[error("json: syntax error (a missing or stray ',', ':', bracket or brace)")]
    Syntax,
}

/// A line of a record that cannot be read: [`RecordErrorKind::Syntax`].
///
/// The variants that keep the error of another reader ([`SyntaxError::Sfen`] its
/// [`ParseSfenError`], [`SyntaxError::Usi`] its [`ParseUsiError`]) show it in the message and
/// keep it as a typed value to match on; [`source`](std::error::Error::source) is `None`, so a
/// printer that walks the chain does not print it twice. Texts quoted in a message are cut to 20
/// characters.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SyntaxError {
    /// The SFEN of a variant record's start line (`#SFEN：` in KIF and KI2, `'SFEN:` in CSA)
    /// cannot be read. Its message is that of the [`ParseSfenError`] (`sfen board: …`), which
    /// says it is the SFEN, once; the [`RecordError`] gives the line.
    #[error("{0}")]
    Sfen(ParseSfenError),
    /// A USI `position` line cannot be read.
    #[error("{0}")]
    Usi(ParseUsiError),

    /// KIF and KI2: a hand line (`先手の持駒：…`) names no piece that can be held, in this entry.
    #[error("hand: unknown piece in '{0}'")]
    HandPiece(String),
    /// KIF and KI2: a hand entry with a count that is no number (`歩x`).
    #[error("hand: bad count in '{0}'")]
    HandCount(String),
    /// KIF and KI2: a hand entry that gives more pieces than a hand can hold.
    #[error("hand: too many pieces in '{0}'")]
    HandTooMany(String),
    /// KIF and KI2: a board diagram rank line labelled with no rank (`一` to `九`).
    #[error("board diagram: unknown rank '{0}'")]
    DiagramRankLabel(String),
    /// KIF and KI2: a tenth unlabelled rank line in a board diagram.
    #[error("board diagram: more than 9 ranks")]
    DiagramTooManyRanks,
    /// KIF and KI2: a board diagram rank (the number given) with more than nine squares.
    #[error("board diagram: rank {0} has more than 9 squares")]
    DiagramRankTooLong(u8),
    /// KIF and KI2: a board diagram rank with fewer than nine squares.
    #[error("board diagram: rank {rank} has {count} squares, expected 9")]
    DiagramRankLength {
        /// The rank, 1 to 9.
        rank: u8,
        /// The number of squares read.
        count: usize,
    },
    /// KIF and KI2: a letter in a board diagram that is no piece.
    #[error("board diagram: unknown piece '{0}'")]
    DiagramPiece(char),
    /// KIF and KI2: a board diagram that does not give all nine ranks (the number it gives).
    #[error("board diagram: {0} ranks, expected 9")]
    DiagramRanks(u32),
    /// KIF and KI2: a `変化` line that is no `変化：N手` header.
    #[error("variation header '{0}': expected '変化：N手'")]
    VariationHeader(String),

    /// JKF: a value of the wrong shape, at the path given (`moves[3].move.to`; `header.<key>`
    /// cut to 20 characters).
    #[error("jkf {path}: expected {expected}")]
    Jkf {
        /// Where in the JKF object: the field names and array indices from the top, as in
        /// `moves[3].forks[0][1].move.piece`.
        path: String,
        /// What the JKF format wants there.
        expected: &'static str,
    },

    /// CSA: a side-to-move line (`+` or `-`) after the first move.
    #[error("side to move after the first move")]
    CsaSideAfterMoves,
    /// CSA: a position line (`PI`, `P1`…`P9`, `P+`, `P-`) after the first move.
    #[error("position line after the first move")]
    CsaPositionAfterMoves,
    /// CSA: a statement of no known kind.
    #[error("cannot read the statement '{0}'")]
    CsaStatement(String),
    /// CSA: a `T` statement that is no time (the text after `T`).
    #[error("cannot read the time 'T{0}'")]
    CsaTime(String),
    /// CSA: a `%` statement that is no word (the text after `%`).
    #[error("cannot read the special move '%{0}'")]
    CsaSpecial(String),
    /// CSA: a rank line `P1`…`P9` with a cell that is neither `*` nor a sign and a piece code.
    #[error("P{rank}: unknown piece at column {column}")]
    CsaRankPiece {
        /// The rank, 1 to 9.
        rank: u8,
        /// The column of the cell's sign, counting from 1 at the `P`.
        column: usize,
    },
    /// CSA: a rank line `P1`…`P9` with fewer than nine squares.
    #[error("P{rank}: rank has {count} squares, expected 9")]
    CsaRankLength {
        /// The rank, 1 to 9.
        rank: u8,
        /// The number of squares read.
        count: usize,
    },
    /// CSA: a `PI`, `P+` or `P-` line that is no list of four-character groups.
    #[error("{statement}: expected groups of a square and a piece code")]
    CsaGroups {
        /// The statement: `PI`, `P+` or `P-`.
        statement: &'static str,
    },
    /// CSA: a group of a `PI`, `P+` or `P-` line with no square.
    #[error("{statement}: bad square")]
    CsaSquare {
        /// The statement: `PI`, `P+` or `P-`.
        statement: &'static str,
    },
    /// CSA: a group of a `PI`, `P+` or `P-` line with no piece code.
    #[error("{statement}: unknown piece code {code}")]
    CsaPieceCode {
        /// The statement: `PI`, `P+` or `P-`.
        statement: &'static str,
        /// The code as written.
        code: String,
    },
    /// CSA: a `PI` group naming a piece that the even start does not have there.
    #[error("PI: no {code} on {square} to remove")]
    CsaNothingToRemove {
        /// The square.
        square: Square,
        /// The piece code as written.
        code: String,
    },
    /// CSA: a `P+00` or `P-00` group naming a piece that cannot be held.
    #[error("{statement}: {code} cannot be in hand")]
    CsaNotHandPiece {
        /// The statement: `P+` or `P-`.
        statement: &'static str,
        /// The piece code as written.
        code: String,
    },
    /// CSA: more pieces of a kind in a hand than a hand can hold.
    #[error("{statement}: too many pieces in hand")]
    CsaHandFull {
        /// The statement: `P+` or `P-`.
        statement: &'static str,
    },
}

/// Why a written move could not be played.
///
/// The cause of [`MoveProblem::Syntax`] (the [`MoveSyntaxError`]) and of
/// [`MoveProblem::Resolve`] (the [`ResolveError`]) is part of the message and kept as a typed
/// value to match on; [`source`](std::error::Error::source) is `None`, so a printer that walks
/// the chain does not print it twice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveProblem {
    /// The text is no move of the format: the [`MoveSyntaxError`].
    #[error("cannot be read as a move: {0}")]
    Syntax(MoveSyntaxError),
    /// The move named by the text is illegal.
    #[error("is illegal: {0}")]
    Illegal(IllegalMoveKind),
    /// The text names no legal move, or several: the [`ResolveError`].
    #[error("names no single legal move: {0}")]
    Resolve(ResolveError),
    /// The origin square holds a piece of the mover, but of another kind than the text names
    /// (`角` written for a move of a promoted bishop, `KA` for a `UM`).
    #[error("names a {} but {square} holds a {}", kind_name(*named), kind_name(*found))]
    WrongPiece {
        /// The origin square.
        square: Square,
        /// The kind the text names.
        named: PieceKind,
        /// The kind on the square.
        found: PieceKind,
    },
}

/// Why the text of a move cannot be read: [`MoveProblem::Syntax`].
///
/// The cause of [`MoveSyntaxError::Japanese`] (the [`ParseJapaneseError`]) is the message and
/// kept as a typed value to match on; [`source`](std::error::Error::source) is `None`, so a
/// printer that walks the chain does not print it twice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveSyntaxError {
    /// KIF and KI2: the Japanese notation cannot be read: the [`ParseJapaneseError`].
    #[error("{0}")]
    Japanese(ParseJapaneseError),
    /// CSA: not seven characters: a sign, two squares and a piece code.
    #[error("expected a sign, two squares and a piece code, as in +7776FU")]
    CsaShape,
    /// CSA: the last two characters are no piece code.
    #[error("unknown piece code")]
    CsaPieceCode,
    /// CSA: the destination is no square.
    #[error("bad destination square")]
    CsaDestination,
    /// CSA: the origin is neither a square nor `00` (a drop).
    #[error("bad origin square")]
    CsaOrigin,
    /// CSA: the sign is not that of the side to move.
    #[error("wrong sign: {} is to move", side_name(*to_move))]
    CsaWrongSign {
        /// The side to move.
        to_move: Color,
    },
    /// CSA: a drop (`00` origin) of a promoted piece.
    #[error("only an unpromoted piece can be dropped")]
    CsaPromotedDrop,
}

impl From<SyntaxError> for RecordErrorKind {
    /// [`RecordErrorKind::Syntax`].
    fn from(error: SyntaxError) -> RecordErrorKind {
        RecordErrorKind::Syntax(error)
    }
}

/// The side and its CSA sign, for messages.
const fn side_name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black (+)",
        Color::White => "White (-)",
    }
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
fn kind_name(kind: PieceKind) -> &'static str {
    use PieceKind as K;
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
/// Its message is `line N: ` and that of its [`kind`](RecordError::kind) (the kind's alone
/// when no line applies). The cause (the error of the SFEN, USI line, start position or move
/// that failed) is part of the message and kept as a typed value to match on in
/// [`kind`](RecordError::kind); [`source`](std::error::Error::source) is `None`, so a printer
/// that walks the chain does not print it twice.
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

    /// The record a lenient reading keeps for this error ([`read_lenient`](crate::read_lenient),
    /// [`Record::read_all_lenient`]): for a move that cannot be read or played, the moves
    /// before it, without an ending; `None` for any other error (the start position, a header
    /// line, the encoding), which leaves nothing to keep. A reader of
    /// [`Record::games`] can read leniently with it, one game at a time.
    #[must_use]
    pub fn lenient_record(&self) -> Option<Record> {
        matches!(self.kind, RecordErrorKind::IllegalMove { .. }).then(|| Record {
            ending: None,
            ..Record::clone(&self.partial)
        })
    }

    /// The partial record, to change.
    pub(crate) fn partial_mut(&mut self) -> &mut Record {
        &mut self.partial
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

/// The cause is part of the message, so [`source`](std::error::Error::source) is `None`.
impl std::error::Error for RecordError {}
