//! The errors of the readers: [`RecordError`] says where and why reading stopped and keeps
//! the record read before; [`RecordErrorKind`] says why, [`MoveProblem`] why a move could not
//! be played.

use core::fmt;

use shogi_movegen::IllegalMoveKind;
use shogi_notation::ResolveError;

use crate::model::Record;

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
