//! The error of the USI message readers.

use crate::position::ParseUsiError;
use shogi_types::ParseMoveError;

/// The error returned when a USI message (either direction) cannot be read.
///
/// Every variant but [`Empty`](ParseUsiMessageError::Empty) carries the byte span
/// `start..end` of the offending word in the line given to the reader (for a missing value,
/// the span of the word that needs it). `context` names the command being read (`"go"`,
/// `"info"`, `"option"`, ...), `field` the word whose value is wrong, and `expected` what would
/// have been accepted. A wrapped cause (a move, a `position` command) is shown in the message,
/// and [`source`](core::error::Error::source) is `None`. Messages never repeat the whole line.
///
/// ```
/// use shogi_usi::{EngineMessage, ParseUsiMessageError};
///
/// let err = "info depth 3 pv 7g7f 3c3x".parse::<EngineMessage>().unwrap_err();
/// assert_eq!(err.span(), (21, 25));
/// assert_eq!(
///     err.to_string(),
///     "usi info: cannot read the move of 'pv' at bytes 21..25: \
///      usi move: bad square at byte 2, expected a digit 1-9 and a letter a-i"
/// );
/// assert!(matches!(err, ParseUsiMessageError::BadMove { field: "pv", .. }));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseUsiMessageError {
    /// The line holds nothing but whitespace.
    #[error("usi: empty line, expected a command")]
    Empty,
    /// The first word is not a command of this direction (strict reading only; the lenient
    /// reader keeps the line as `Unknown`).
    #[error("usi: unknown command at bytes {start}..{end}, expected {expected}")]
    UnknownCommand {
        /// Start of the word.
        start: usize,
        /// End of the word.
        end: usize,
        /// The commands this direction knows.
        expected: &'static str,
    },
    /// A word that is not a field of this command (strict reading only, except where there is
    /// nowhere to keep it).
    #[error("usi {context}: unknown field at bytes {start}..{end}, expected {expected}")]
    UnknownField {
        /// The command being read.
        context: &'static str,
        /// Start of the word.
        start: usize,
        /// End of the word.
        end: usize,
        /// The fields this command knows.
        expected: &'static str,
    },
    /// A field, or the command itself, is missing a value it needs.
    #[error(
        "usi {context}: missing value of '{field}' at bytes {start}..{end}, expected {expected}"
    )]
    MissingValue {
        /// The command being read.
        context: &'static str,
        /// The word that needs a value.
        field: &'static str,
        /// Start of that word.
        start: usize,
        /// End of that word.
        end: usize,
        /// What the value should be.
        expected: &'static str,
    },
    /// A number cannot be read (not a number, out of range, or negative where it must not be).
    #[error("usi {context}: bad number for '{field}' at bytes {start}..{end}, expected {expected}")]
    BadNumber {
        /// The command being read.
        context: &'static str,
        /// The field whose value it is.
        field: &'static str,
        /// Start of the number.
        start: usize,
        /// End of the number.
        end: usize,
        /// The accepted range, in words.
        expected: &'static str,
    },
    /// A word value is not one of the accepted words.
    #[error("usi {context}: bad value for '{field}' at bytes {start}..{end}, expected {expected}")]
    BadValue {
        /// The command being read.
        context: &'static str,
        /// The field whose value it is.
        field: &'static str,
        /// Start of the value.
        start: usize,
        /// End of the value.
        end: usize,
        /// The accepted words.
        expected: &'static str,
    },
    /// A move cannot be read.
    #[error("usi {context}: cannot read the move of '{field}' at bytes {start}..{end}: {error}")]
    BadMove {
        /// The command being read.
        context: &'static str,
        /// The field the move belongs to (`pv`, `bestmove`, `searchmoves`, ...).
        field: &'static str,
        /// Start of the move.
        start: usize,
        /// End of the move.
        end: usize,
        /// Why it cannot be read (its offsets count from the start of the move).
        error: ParseMoveError,
    },
    /// The `position` command cannot be read. The message is that of the
    /// [`ParseUsiError`], which names the command (`usi position: …`) or the move list
    /// (`usi: cannot read moves[1] …`) and where reading failed, in the line.
    #[error("{error}")]
    BadPosition {
        /// Start of the word where reading failed.
        start: usize,
        /// End of that word.
        end: usize,
        /// Why (its offsets count from the start of the line, like `start`).
        error: ParseUsiError,
    },
    /// A field is given twice (strict reading only; the lenient reader keeps the last).
    #[error("usi {context}: '{field}' given twice, again at bytes {start}..{end}")]
    Duplicate {
        /// The command being read.
        context: &'static str,
        /// The repeated field.
        field: &'static str,
        /// Start of the second occurrence.
        start: usize,
        /// End of the second occurrence.
        end: usize,
    },
    /// Text after a complete command (strict reading only).
    #[error("usi {context}: unexpected text at bytes {start}..{end}, expected the end of the line")]
    Trailing {
        /// The command being read.
        context: &'static str,
        /// Start of the first extra word.
        start: usize,
        /// End of the last extra word.
        end: usize,
    },
}

impl ParseUsiMessageError {
    /// The byte span `(start, end)` of the offending word in the line given to the reader
    /// (`(0, 0)` for [`Empty`](ParseUsiMessageError::Empty)).
    #[must_use]
    pub const fn span(&self) -> (usize, usize) {
        match *self {
            ParseUsiMessageError::Empty => (0, 0),
            ParseUsiMessageError::UnknownCommand { start, end, .. }
            | ParseUsiMessageError::UnknownField { start, end, .. }
            | ParseUsiMessageError::MissingValue { start, end, .. }
            | ParseUsiMessageError::BadNumber { start, end, .. }
            | ParseUsiMessageError::BadValue { start, end, .. }
            | ParseUsiMessageError::BadMove { start, end, .. }
            | ParseUsiMessageError::BadPosition { start, end, .. }
            | ParseUsiMessageError::Duplicate { start, end, .. }
            | ParseUsiMessageError::Trailing { start, end, .. } => (start, end),
        }
    }
}
