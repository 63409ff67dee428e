//! USI moves and the USI `position` command.
//!
//! A USI move is written `7g7f` (from, to), `8h2b+` (promotion) or `P*5e` (drop, the piece
//! letter always uppercase); [`shogi_types::Move`] reads and writes that form. This module adds
//! errors that say where in a longer text a move failed ([`ParseUsiError`]), lists of moves, and
//! the `position` command that a GUI sends to an engine:
//!
//! ```text
//! position startpos [moves m1 m2 ...]
//! position sfen <board> <side> <hands> <move number> [moves m1 m2 ...]
//! ```
//!
//! Source: the USI protocol specification (shogidokoro.starfree.jp/usi.html). GUIs also paste
//! the line without the leading `position` (`startpos moves 2g2f 3c3d`; YaneuraOu blog,
//! yaneuraou.yaneu.com/?p=5362), so [`PositionCommand`] accepts both.
//!
//! ```
//! use shogi_movegen::Standard;
//! use shogi_usi::position::PositionCommand;
//!
//! let cmd: PositionCommand = "position startpos moves 7g7f 3c3d 8h2b+".parse()?;
//! assert_eq!(cmd.moves.len(), 3);
//! let pos = cmd.to_position::<Standard>()?;
//! assert_eq!(pos.move_number().get(), 4);
//! assert_eq!(cmd.to_string(), "position startpos moves 7g7f 3c3d 8h2b+");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use shogi_movegen::{IllegalMove, Position, PositionError, VariantHooks};
use shogi_types::{Move, ParseMoveError, Setup};

use crate::lex::{Tok, tokens};
use shogi_types::sfen::ParseSfenError;

/// The error returned when USI text (a move, a list of moves or a `position` command) cannot be
/// read.
///
/// Offsets are byte offsets in the text given to the reader. Where the error wraps the error of
/// a part (a move, an SFEN), the outer offset says where that part starts and the inner error's
/// offsets count from there. The message includes the inner error's (so `{e}` says what, where
/// and why), and [`source`](std::error::Error::source) is `None`.
///
/// ```
/// use shogi_usi::position::{self as usi, ParseUsiError};
///
/// let err = usi::parse_moves("7g7f 3c3d 8h2x").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "usi: cannot read moves[2] at byte 10: usi move: bad square at byte 2, expected a digit 1-9 and a letter a-i"
/// );
/// assert!(matches!(err, ParseUsiError::BadMoveInList { index: 2, offset: 10, .. }));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseUsiError {
    /// A single move cannot be read.
    #[error("usi: cannot read the move at byte {offset}: {error}")]
    BadMove {
        /// The byte offset of the move.
        offset: usize,
        /// Why it cannot be read (its offsets count from the start of the move).
        error: ParseMoveError,
    },
    /// A move of a list cannot be read.
    #[error("usi: cannot read moves[{index}] at byte {offset}: {error}")]
    BadMoveInList {
        /// The index of the move in the list, counting from 0.
        index: usize,
        /// The byte offset of the move.
        offset: usize,
        /// Why it cannot be read (its offsets count from the start of the move).
        error: ParseMoveError,
    },
    /// `resign` or `win`: engine answers (`bestmove resign`, `bestmove win`) that end the game
    /// but are not moves.
    #[error("usi: '{word}' at byte {offset} is an engine answer, not a move")]
    NotAMove {
        /// `"resign"` or `"win"`.
        word: &'static str,
        /// The byte offset of the word.
        offset: usize,
    },
    /// The `position` command is empty.
    #[error("usi position: empty, expected 'startpos' or 'sfen'")]
    EmptyCommand,
    /// The start of the command is neither `startpos` nor `sfen` (after an optional `position`).
    #[error("usi position: expected 'startpos' or 'sfen' at byte {offset}")]
    ExpectedStart {
        /// The byte offset of what was found, or the end of the text.
        offset: usize,
    },
    /// The SFEN of a `position sfen` command cannot be read.
    #[error("usi position: cannot read the sfen at byte {offset}: {error}")]
    Sfen {
        /// The byte offset of the SFEN (just after the word `sfen`).
        offset: usize,
        /// Why it cannot be read (its offsets count from the start of the SFEN).
        error: ParseSfenError,
    },
    /// Something other than `moves` follows the start position.
    #[error("usi position: expected 'moves' or the end at byte {offset}")]
    ExpectedMoves {
        /// The byte offset of what was found.
        offset: usize,
    },
}

impl ParseUsiError {
    /// The byte offset, in the text given to the reader, where reading failed (0 for
    /// [`EmptyCommand`](ParseUsiError::EmptyCommand)).
    #[must_use]
    pub const fn offset(&self) -> usize {
        match *self {
            ParseUsiError::EmptyCommand => 0,
            ParseUsiError::BadMove { offset, .. }
            | ParseUsiError::BadMoveInList { offset, .. }
            | ParseUsiError::NotAMove { offset, .. }
            | ParseUsiError::ExpectedStart { offset }
            | ParseUsiError::Sfen { offset, .. }
            | ParseUsiError::ExpectedMoves { offset } => offset,
        }
    }
}

/// Reads the engine answers that look like moves but are not.
fn special_word(text: &str) -> Option<&'static str> {
    match text {
        "resign" => Some("resign"),
        "win" => Some("win"),
        _ => None,
    }
}

/// Reads one USI move (`7g7f`, `8h2b+`, `P*5e`); the text must be exactly the move.
///
/// Unlike [`Move::from_str`], this recognises `resign` and `win` and says they are not moves.
///
/// # Errors
/// [`ParseUsiError::BadMove`] (offset 0) wrapping the [`ParseMoveError`], or
/// [`ParseUsiError::NotAMove`] for `resign` and `win`.
///
/// # Examples
/// ```
/// use shogi_usi::position as usi;
/// use shogi_types::{Move, PieceKind, Square};
///
/// assert_eq!(usi::parse_move("P*5e")?, Move::Drop { kind: PieceKind::Pawn, to: Square::SQ_5E });
/// assert_eq!(
///     usi::parse_move("resign").unwrap_err().to_string(),
///     "usi: 'resign' at byte 0 is an engine answer, not a move"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_move(text: &str) -> Result<Move, ParseUsiError> {
    if let Some(word) = special_word(text) {
        return Err(ParseUsiError::NotAMove { word, offset: 0 });
    }
    text.parse()
        .map_err(|error| ParseUsiError::BadMove { offset: 0, error })
}

/// Reads moves separated by ASCII whitespace, such as the tail of a `position` command
/// (`7g7f 3c3d 8h2b+`). An empty or blank text gives an empty list.
///
/// # Errors
/// [`ParseUsiError::BadMoveInList`] with the index and offset of the first move that cannot be
/// read, or [`ParseUsiError::NotAMove`] for `resign` and `win`.
///
/// # Examples
/// ```
/// use shogi_usi::position as usi;
///
/// let moves = usi::parse_moves("7g7f 3c3d  8h2b+")?;
/// assert_eq!(moves.len(), 3);
/// assert_eq!(moves[2].to_string(), "8h2b+");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_moves(text: &str) -> Result<Vec<Move>, ParseUsiError> {
    read_move_list(tokens(text))
}

fn read_move_list<'a>(toks: impl IntoIterator<Item = Tok<'a>>) -> Result<Vec<Move>, ParseUsiError> {
    toks.into_iter()
        .enumerate()
        .map(|(index, tok)| {
            if let Some(word) = special_word(tok.text) {
                return Err(ParseUsiError::NotAMove {
                    word,
                    offset: tok.start,
                });
            }
            tok.text
                .parse()
                .map_err(|error| ParseUsiError::BadMoveInList {
                    index,
                    offset: tok.start,
                    error,
                })
        })
        .collect()
}

/// Where a `position` command starts: `startpos` or an SFEN.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[allow(
    clippy::large_enum_variant,
    reason = "a command holds one start; boxing the setup would allocate for every `sfen` command"
)]
pub enum StartPosition {
    /// `startpos`: the standard start position (平手, hirate), Black to move, move number 1.
    #[doc(alias = "hirate")]
    Startpos,
    /// `sfen <sfen>`: any position, its protected pieces marked `!` if it has any
    /// ([`Setup::protected`]).
    Sfen(Setup),
}

impl StartPosition {
    /// The setup of the start position.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        match self {
            StartPosition::Startpos => Setup::start(),
            StartPosition::Sfen(setup) => setup.clone(),
        }
    }
}

impl fmt::Display for StartPosition {
    /// Writes `startpos` or `sfen ` followed by the canonical SFEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartPosition::Startpos => f.write_str("startpos"),
            StartPosition::Sfen(setup) => write!(f, "sfen {setup}"),
        }
    }
}

/// The USI `position` command: a start position and the moves played from it.
///
/// # Reading
/// Accepted forms (words separated by runs of ASCII whitespace):
///
/// ```text
/// [position] startpos [moves m1 m2 ...]
/// [position] sfen <board> <side> <hands> [<move number>] [moves m1 m2 ...]
/// ```
///
/// The SFEN is read as by [`Setup`]'s `FromStr` (its move number may be left out) and is not
/// checked against the rules; pieces may carry the protection mark `!` of
/// [`Setup::protected`] (the untakeable silvers of the untakeable-silver variant, `S!`), which
/// [`PositionCommand::to_position`] refuses under rules that cannot protect them. `moves` may be
/// followed by no move at all. The moves are only read here; [`PositionCommand::to_position`]
/// plays them.
///
/// ```
/// use shogi_movegen::{Fault, Standard};
/// use shogi_usi::position::{PositionCommand, ReplayError};
///
/// let cmd: PositionCommand = "position sfen 4k4/9/9/9/9/9/9/9/2S!1K1S!2 b - 1 moves 7i7h".parse()?;
/// assert_eq!(cmd.start.to_setup().protected.count(), 2);
/// assert_eq!(cmd.to_string(), "position sfen 4k4/9/9/9/9/9/9/9/2S!1K1S!2 b - 1 moves 7i7h");
/// // Standard shogi protects no piece.
/// match cmd.to_position::<Standard>() {
///     Err(ReplayError::InvalidStart(e)) => assert!(e.faults().contains(Fault::BadProtection)),
///     other => panic!("unexpected {other:?}"),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Writing
/// The canonical command: `position startpos` or `position sfen <canonical sfen>`, then
/// ` moves` and the moves if there are any. As in USI, the SFEN's move number is the one of the
/// start position; it is not advanced by the moves.
///
/// # Examples
/// ```
/// use shogi_usi::position::{PositionCommand, StartPosition};
///
/// let cmd: PositionCommand = "sfen lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - moves 5a4b 7g7f"
///     .parse()?;
/// assert!(matches!(cmd.start, StartPosition::Sfen(_)));
/// assert_eq!(
///     cmd.to_string(),
///     "position sfen lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5a4b 7g7f"
/// );
///
/// let bare: PositionCommand = "position startpos moves".parse()?;
/// assert!(bare.moves.is_empty());
/// assert_eq!(bare.to_string(), "position startpos");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PositionCommand {
    /// The start position.
    pub start: StartPosition,
    /// The moves played from the start position, in order.
    pub moves: Vec<Move>,
}

impl PositionCommand {
    /// A command for `start` followed by `moves`.
    #[must_use]
    pub fn new(start: StartPosition, moves: Vec<Move>) -> PositionCommand {
        PositionCommand { start, moves }
    }

    /// Builds the start position with the rules `R` and plays every move.
    ///
    /// # Errors
    /// [`ReplayError::InvalidStart`] if the start position fails validation (it keeps the
    /// [`PositionError`], so soft faults can be waived: see
    /// [`play_moves`](PositionCommand::play_moves)), or [`ReplayError::IllegalMove`] with the
    /// index of the first move that is illegal and the reason.
    ///
    /// # Examples
    /// ```
    /// use shogi_movegen::{IllegalMoveKind, Standard};
    /// use shogi_usi::position::{PositionCommand, ReplayError};
    ///
    /// let cmd: PositionCommand = "position startpos moves 7g7f 3c3d 2h2d".parse()?;
    /// match cmd.to_position::<Standard>() {
    ///     Err(ReplayError::IllegalMove { index, error }) => {
    ///         // The rook on 2h is blocked by its own pawn on 2g.
    ///         assert_eq!(index, 2);
    ///         assert_eq!(error.mv.to_string(), "2h2d");
    ///         assert_eq!(error.kind, IllegalMoveKind::CannotReach);
    ///     }
    ///     other => panic!("unexpected {other:?}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_position<R: VariantHooks>(&self) -> Result<Position<R>, ReplayError<R>> {
        let mut pos = Position::<R>::from_setup(self.start.to_setup())
            .map_err(|e| ReplayError::InvalidStart(Box::new(e)))?;
        self.play_moves(&mut pos)?;
        Ok(pos)
    }

    /// Plays the command's moves on `pos`, ignoring the command's start position.
    ///
    /// This is the second half of [`to_position`](PositionCommand::to_position), for starts
    /// that need a waived fault (a mate problem with one king, extra material).
    ///
    /// # Errors
    /// [`ReplayError::IllegalMove`] for the first illegal move; `pos` is then the position
    /// before that move (the moves before it have been played).
    ///
    /// # Examples
    /// ```
    /// use shogi_movegen::{Fault, Position, Standard};
    /// use shogi_usi::position::PositionCommand;
    ///
    /// // A mate problem: Black has no king.
    /// let cmd: PositionCommand = "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b".parse()?;
    /// let err = Position::<Standard>::from_setup(cmd.start.to_setup()).unwrap_err();
    /// let mut pos = err.ignore(Fault::MissingAttackerKing)?;
    /// cmd.play_moves(&mut pos)?;
    /// assert!(pos.legal_moves().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_moves<R: VariantHooks>(&self, pos: &mut Position<R>) -> Result<(), ReplayError<R>> {
        for (index, &mv) in self.moves.iter().enumerate() {
            pos.play(mv)
                .map_err(|error| ReplayError::IllegalMove { index, error })?;
        }
        Ok(())
    }
}

impl FromStr for PositionCommand {
    type Err = ParseUsiError;

    /// Reads a `position` command; see [`PositionCommand`] for what is accepted.
    ///
    /// # Errors
    /// A [`ParseUsiError`] with the byte offset of the first problem: a bad start, an SFEN that
    /// cannot be read, a word other than `moves`, or a move that cannot be read (with its index).
    fn from_str(s: &str) -> Result<PositionCommand, ParseUsiError> {
        let toks = tokens(s);
        let mut rest: &[Tok<'_>] = match toks.split_first() {
            None => return Err(ParseUsiError::EmptyCommand),
            Some((first, rest)) if first.text == "position" => rest,
            Some(_) => &toks,
        };
        let start = match rest.split_first() {
            None => return Err(ParseUsiError::ExpectedStart { offset: s.len() }),
            Some((first, tail)) if first.text == "startpos" => {
                rest = tail;
                StartPosition::Startpos
            }
            Some((first, tail)) if first.text == "sfen" => {
                let n = tail
                    .iter()
                    .position(|t| t.text == "moves")
                    .unwrap_or(tail.len());
                let (fields, after) = tail.split_at(n);
                // Where the SFEN ends: the word `moves`, or the end of the text.
                let end = after.first().map_or(s.len(), |t| t.start);
                let base = fields.first().map_or(end, |t| t.start);
                let text = s.get(base..end).unwrap_or_default();
                let setup = Setup::from_sfen_fields(text).map_err(|source| match source {
                    ParseSfenError::TrailingText { offset } => ParseUsiError::ExpectedMoves {
                        offset: base + offset,
                    },
                    error => ParseUsiError::Sfen {
                        offset: base,
                        error,
                    },
                })?;
                rest = after;
                StartPosition::Sfen(setup)
            }
            Some((first, _)) => {
                return Err(ParseUsiError::ExpectedStart {
                    offset: first.start,
                });
            }
        };
        let moves = match rest.split_first() {
            None => Vec::new(),
            Some((first, tail)) if first.text == "moves" => read_move_list(tail.iter().copied())?,
            Some((first, _)) => {
                return Err(ParseUsiError::ExpectedMoves {
                    offset: first.start,
                });
            }
        };
        Ok(PositionCommand { start, moves })
    }
}

impl fmt::Display for PositionCommand {
    /// Writes the canonical command (see [`PositionCommand`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "position {}", self.start)?;
        if !self.moves.is_empty() {
            f.write_str(" moves")?;
            for mv in &self.moves {
                write!(f, " {mv}")?;
            }
        }
        Ok(())
    }
}

/// The error of [`PositionCommand::to_position`] and [`PositionCommand::play_moves`]: the start
/// position is invalid, or a move is illegal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError<R: VariantHooks> {
    /// The start position fails validation. The [`PositionError`] lists every fault and keeps
    /// the position, so soft faults can be waived. It is boxed because it holds a whole
    /// position.
    #[error("usi position: start: {0}")]
    InvalidStart(Box<PositionError<R>>),
    /// A move is illegal in the position reached before it.
    #[error("usi position: moves[{index}]: {error}")]
    IllegalMove {
        /// The index of the move in [`PositionCommand::moves`], counting from 0.
        index: usize,
        /// The move and why it is illegal.
        error: IllegalMove,
    },
}

#[cfg(test)]
#[allow(
    clippy::unwrap_used,
    reason = "tests unwrap what they expect to succeed"
)]
mod tests {
    use super::*;
    use shogi_types::{PieceKind, Square};
    use std::string::ToString;
    use std::{format, vec};

    fn cmd(s: &str) -> PositionCommand {
        match s.parse() {
            Ok(c) => c,
            Err(e) => panic!("{s:?}: {e}"),
        }
    }

    fn err(s: &str) -> ParseUsiError {
        match s.parse::<PositionCommand>() {
            Ok(c) => panic!("{s:?} was accepted as {c}"),
            Err(e) => e,
        }
    }

    const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

    #[test]
    fn single_moves() {
        assert_eq!(
            parse_move("7g7f"),
            Ok(Move::Normal {
                from: Square::SQ_7G,
                to: Square::SQ_7F,
                promote: false
            })
        );
        assert_eq!(
            parse_move("8h2b+"),
            Ok(Move::Normal {
                from: Square::SQ_8H,
                to: Square::SQ_2B,
                promote: true
            })
        );
        assert_eq!(
            parse_move("G*5b"),
            Ok(Move::Drop {
                kind: PieceKind::Gold,
                to: Square::SQ_5B
            })
        );
        let e = parse_move("7g7j").unwrap_err();
        assert_eq!(
            e,
            ParseUsiError::BadMove {
                offset: 0,
                error: ParseMoveError::BadSquare { offset: 2 }
            }
        );
        assert_eq!(
            e.to_string(),
            "usi: cannot read the move at byte 0: usi move: bad square at byte 2, expected a digit 1-9 and a letter a-i"
        );
        // The cause is in the message, so it is not also the source.
        assert_eq!(std::error::Error::source(&e).map(|s| s.to_string()), None);
        assert_eq!(
            parse_move(""),
            Err(ParseUsiError::BadMove {
                offset: 0,
                error: ParseMoveError::Empty
            })
        );
        assert_eq!(
            parse_move("win"),
            Err(ParseUsiError::NotAMove {
                word: "win",
                offset: 0
            })
        );
        assert!(parse_move("７g7f").is_err());
        assert!(parse_move("7g7f ").is_err());
    }

    #[test]
    fn move_lists() {
        assert_eq!(parse_moves(""), Ok(vec![]));
        assert_eq!(parse_moves("  \n"), Ok(vec![]));
        assert_eq!(parse_moves(" 7g7f\t3c3d ").map(|m| m.len()), Ok(2));
        let e = parse_moves("7g7f 3c3d P*5e+").unwrap_err();
        assert_eq!(
            e,
            ParseUsiError::BadMoveInList {
                index: 2,
                offset: 10,
                error: ParseMoveError::BadLength
            }
        );
        assert_eq!(e.offset(), 10);
        assert_eq!(
            parse_moves("7g7f resign"),
            Err(ParseUsiError::NotAMove {
                word: "resign",
                offset: 5
            })
        );
        // Non-ASCII text never panics.
        assert!(matches!(
            parse_moves("7g7f ７六歩"),
            Err(ParseUsiError::BadMoveInList {
                index: 1,
                offset: 5,
                ..
            })
        ));
    }

    #[test]
    fn startpos_commands() {
        let c = cmd("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e");
        assert_eq!(c.start, StartPosition::Startpos);
        assert_eq!(c.moves.len(), 5);
        assert_eq!(
            c.to_string(),
            "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e"
        );
        assert_eq!(
            cmd("startpos moves 2g2f 3c3d").to_string(),
            "position startpos moves 2g2f 3c3d"
        );
        assert_eq!(cmd("position startpos").moves, vec![]);
        assert_eq!(cmd("startpos").to_string(), "position startpos");
        assert_eq!(
            cmd("  position \t startpos  moves  7g7f \r\n").to_string(),
            "position startpos moves 7g7f"
        );
    }

    #[test]
    fn sfen_commands() {
        let c = cmd(
            "position sfen lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5a4b 7g7f",
        );
        assert_eq!(c.moves.len(), 2);
        assert_eq!(
            c.to_string(),
            "position sfen lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5a4b 7g7f"
        );
        // Without `position`, without a move number, with and without moves.
        let no_number = cmd(&format!("sfen {}", START.trim_end_matches(" 1")));
        assert_eq!(no_number.start.to_setup(), Setup::start());
        assert_eq!(no_number.to_string(), format!("position sfen {START}"));
        let no_number_moves =
            cmd("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - moves 7g7f");
        assert_eq!(
            no_number_moves.to_string(),
            format!("position sfen {START} moves 7g7f")
        );
        // A start SFEN stays an SFEN.
        assert_ne!(
            cmd(&format!("position sfen {START}")),
            cmd("position startpos")
        );
        assert_eq!(
            cmd(&format!("position sfen {START}")).start.to_setup(),
            Setup::start()
        );
    }

    #[test]
    fn bad_commands() {
        assert_eq!(err(""), ParseUsiError::EmptyCommand);
        assert_eq!(err("   "), ParseUsiError::EmptyCommand);
        assert_eq!(err("position"), ParseUsiError::ExpectedStart { offset: 8 });
        assert_eq!(
            err("position start"),
            ParseUsiError::ExpectedStart { offset: 9 }
        );
        assert_eq!(
            err("go startpos"),
            ParseUsiError::ExpectedStart { offset: 0 }
        );
        let e = err("position startpos 7g7f");
        assert_eq!(e, ParseUsiError::ExpectedMoves { offset: 18 });
        assert_eq!(
            e.to_string(),
            "usi position: expected 'moves' or the end at byte 18"
        );
        let e = err("position startpos moves 7g7f 3c3x");
        assert_eq!(
            e,
            ParseUsiError::BadMoveInList {
                index: 1,
                offset: 29,
                error: ParseMoveError::BadSquare { offset: 2 }
            }
        );
        assert_eq!(
            e.to_string(),
            "usi: cannot read moves[1] at byte 29: usi move: bad square at byte 2, expected a digit 1-9 and a letter a-i"
        );
        assert_eq!(
            err("position startpos moves 7g7f resign"),
            ParseUsiError::NotAMove {
                word: "resign",
                offset: 29
            }
        );
    }

    #[test]
    fn bad_sfen_in_commands() {
        let e = err("position sfen");
        assert_eq!(
            e,
            ParseUsiError::Sfen {
                offset: 13,
                error: ParseSfenError::MissingField {
                    field: shogi_types::sfen::SfenField::Board,
                    offset: 0
                }
            }
        );
        assert_eq!(
            e.to_string(),
            "usi position: cannot read the sfen at byte 13: sfen board: missing at byte 0, expected 9 ranks separated by '/'"
        );
        let e = err("position sfen moves 7g7f");
        assert!(matches!(
            e,
            ParseUsiError::Sfen {
                offset: 14,
                error: ParseSfenError::MissingField { offset: 0, .. }
            }
        ));
        let e = err("position sfen 9/9/9/9/9/9/9/9/9 b moves 7g7f");
        assert_eq!(
            e,
            ParseUsiError::Sfen {
                offset: 14,
                error: ParseSfenError::MissingField {
                    field: shogi_types::sfen::SfenField::Hands,
                    offset: 20
                }
            }
        );
        let e = err("position sfen 9/9/9/9/9/9/9/9/9 b - 1 7g7f");
        assert_eq!(e, ParseUsiError::ExpectedMoves { offset: 38 });
        // `!` marks a protected piece, any piece; a stray `!` is an error.
        let marked: PositionCommand = "sfen 9/9/9/9/9/9/9/9/S!8 b - 1".parse().unwrap();
        assert!(
            marked
                .start
                .to_setup()
                .is_protected(shogi_types::Square::SQ_9I)
        );
        let gold: PositionCommand = "sfen 9/9/9/9/9/9/9/9/G!8 b - 1".parse().unwrap();
        assert_eq!(gold.start.to_setup().protected.count(), 1);
        assert!(matches!(
            err("sfen 9/9/9/9/9/9/9/9/!9 b - 1"),
            ParseUsiError::Sfen { offset: 5, .. }
        ));
        let e = err("sfen 9/9/9/9/9/9/9/9/9 b - x moves");
        assert_eq!(
            e,
            ParseUsiError::Sfen {
                offset: 5,
                error: ParseSfenError::BadMoveNumber { offset: 22 }
            }
        );
        // Non-ASCII text.
        assert!(matches!(
            err("sfen 平手 b - 1"),
            ParseUsiError::Sfen { offset: 5, .. }
        ));
        assert_eq!(
            err("position 平手"),
            ParseUsiError::ExpectedStart { offset: 9 }
        );
    }
}
