//! Messages from the engine to the GUI.
//!
//! ```
//! use shogi_usi::engine_message::{BestMove, EngineMessage};
//!
//! let msg: EngineMessage = "bestmove 7g7f ponder 3c3d".parse()?;
//! assert_eq!(
//!     msg,
//!     EngineMessage::BestMove(BestMove::Move { best: "7g7f".parse()?, ponder: Some("3c3d".parse()?) })
//! );
//! assert_eq!(EngineMessage::BestMove(BestMove::Resign).to_string(), "bestmove resign");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use shogi_types::Move;

use crate::error::ParseUsiMessageError as E;
use crate::info::{Info, parse_info};
use crate::lex::{Cursor, tokens, trim};
use crate::option::{OptionDef, parse_option};

const MESSAGES: &str = "id, option, usiok, readyok, bestmove, checkmate or info";

/// A message sent by the engine to the GUI ([USI spec](http://shogidokoro.starfree.jp/usi.html)).
///
/// [`FromStr`] reads strictly; [`parse_lenient`](EngineMessage::parse_lenient) keeps unknown
/// messages as [`Unknown`](EngineMessage::Unknown) and unknown `info` fields in
/// [`Info::unknown`]. `Display` writes the canonical line (no line ending), which reads back to
/// the same value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EngineMessage {
    /// `id name <text>` or `id author <text>`.
    Id(Id),
    /// `option name <name> type <type> ...`.
    Option(OptionDef),
    /// `usiok`: the end of the answer to `usi`.
    UsiOk,
    /// `readyok`: the answer to `isready`.
    ReadyOk,
    /// `bestmove ...`: the answer to `go` (or to `stop`).
    BestMove(BestMove),
    /// `checkmate ...`: the answer to `go mate`.
    Checkmate(Checkmate),
    /// `info ...`.
    Info(Info),
    /// A line whose first word is not a message (lenient reading only), without its
    /// surrounding whitespace: an engine's banner, for example.
    Unknown(String),
}

/// `id name <text>` or `id author <text>`: the text is the rest of the line (it must not start
/// or end with whitespace, and may be empty).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Id {
    /// The engine's name.
    Name(String),
    /// Its author.
    Author(String),
}

/// The engine's answer to `go`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BestMove {
    /// `bestmove <move> [ponder <move>]`.
    Move {
        /// The move to play.
        best: Move,
        /// The expected reply, to ponder on.
        ponder: Option<Move>,
    },
    /// `bestmove resign`.
    Resign,
    /// `bestmove win`: the engine declares a win by impasse (nyugyoku).
    #[doc(alias = "nyugyoku")]
    Win,
}

/// The engine's answer to `go mate`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Checkmate {
    /// `checkmate <move>...`: the mating sequence (at least one move: an empty list is written
    /// `checkmate`, which does not read).
    Moves(Vec<Move>),
    /// `checkmate nomate`: there is no mate.
    NoMate,
    /// `checkmate timeout`: the time ran out.
    Timeout,
    /// `checkmate notimplemented`: the engine does not solve mates.
    NotImplemented,
}

impl EngineMessage {
    /// Reads a line leniently: an unknown message becomes
    /// [`Unknown`](EngineMessage::Unknown), unknown `info` fields go to [`Info::unknown`],
    /// unknown option attributes and extra words after a complete message are skipped, and a
    /// repeated field keeps its last value.
    ///
    /// # Errors
    /// A [`ParseUsiMessageError`](crate::ParseUsiMessageError) for an empty line or a known
    /// message whose arguments cannot be read (a bad number, a bad move, an option without a
    /// name or type).
    ///
    /// # Examples
    /// ```
    /// use shogi_usi::EngineMessage;
    ///
    /// let banner = "Fairy-Stockfish 11.1 LB 64 by Fabian Fichter";
    /// assert_eq!(EngineMessage::parse_lenient(banner)?, EngineMessage::Unknown(banner.into()));
    ///
    /// let msg = EngineMessage::parse_lenient("info depth 3 cpuload 500 pv 7g7f")?;
    /// let EngineMessage::Info(info) = &msg else { unreachable!() };
    /// assert_eq!(info.unknown, [("cpuload".into(), "500".into())]);
    /// assert_eq!(msg.to_string(), "info depth 3 cpuload 500 pv 7g7f");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_lenient(s: &str) -> Result<EngineMessage, E> {
        parse(s, true)
    }
}

impl FromStr for EngineMessage {
    type Err = E;

    /// Reads a line strictly (see [`EngineMessage`]); surrounding whitespace, including a
    /// trailing `\r`, is ignored.
    ///
    /// # Errors
    /// A [`ParseUsiMessageError`](crate::ParseUsiMessageError) with the span of the first
    /// problem: an unknown message or field, a missing or bad value, a repeated field, extra
    /// words.
    fn from_str(s: &str) -> Result<EngineMessage, E> {
        parse(s, false)
    }
}

fn parse(s: &str, lenient: bool) -> Result<EngineMessage, E> {
    let toks = tokens(s);
    let Some((first, rest)) = toks.split_first() else {
        return Err(E::Empty);
    };
    match first.text {
        "usiok" => Cursor::new(s, rest, "usiok", lenient)
            .finish()
            .map(|()| EngineMessage::UsiOk),
        "readyok" => Cursor::new(s, rest, "readyok", lenient)
            .finish()
            .map(|()| EngineMessage::ReadyOk),
        "id" => {
            let mut c = Cursor::new(s, rest, "id", lenient);
            let kind = c.value(*first, "id", "'name' or 'author'")?;
            let text = String::from({
                let rest = c.take_rest();
                c.text(rest)
            });
            match kind.text {
                "name" => Ok(EngineMessage::Id(Id::Name(text))),
                "author" => Ok(EngineMessage::Id(Id::Author(text))),
                _ => Err(c.bad_value(kind, "id", "'name' or 'author'")),
            }
        }
        "option" => {
            let mut c = Cursor::new(s, rest, "option", lenient);
            parse_option(&mut c, *first).map(EngineMessage::Option)
        }
        "info" => {
            let mut c = Cursor::new(s, rest, "info", lenient);
            parse_info(&mut c).map(EngineMessage::Info)
        }
        "bestmove" => {
            let mut c = Cursor::new(s, rest, "bestmove", lenient);
            let t = c.value(*first, "bestmove", "a move, 'resign' or 'win'")?;
            let best = match t.text {
                "resign" => BestMove::Resign,
                "win" => BestMove::Win,
                _ => {
                    let best = c.parse_move(t, "bestmove")?;
                    let ponder = match c.peek() {
                        Some(p) if p.text == "ponder" => {
                            c.next();
                            let m = c.value(p, "ponder", "a move")?;
                            Some(c.parse_move(m, "ponder")?)
                        }
                        _ => None,
                    };
                    BestMove::Move { best, ponder }
                }
            };
            c.finish()?;
            Ok(EngineMessage::BestMove(best))
        }
        "checkmate" => {
            let mut c = Cursor::new(s, rest, "checkmate", lenient);
            let t = c.value(
                *first,
                "checkmate",
                "moves, 'nomate', 'timeout' or 'notimplemented'",
            )?;
            let answer = match t.text {
                "nomate" => Checkmate::NoMate,
                "timeout" => Checkmate::Timeout,
                "notimplemented" => Checkmate::NotImplemented,
                _ => {
                    let mut moves = Vec::new();
                    moves.push(c.parse_move(t, "checkmate")?);
                    while let Some(m) = c.next() {
                        moves.push(c.parse_move(m, "checkmate")?);
                    }
                    Checkmate::Moves(moves)
                }
            };
            c.finish()?;
            Ok(EngineMessage::Checkmate(answer))
        }
        _ if lenient => Ok(EngineMessage::Unknown(String::from(trim(s)))),
        _ => Err(E::UnknownCommand {
            start: first.start,
            end: first.end(),
            expected: MESSAGES,
        }),
    }
}

impl fmt::Display for BestMove {
    /// Writes the answer after the word `bestmove`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BestMove::Move { best, ponder } => {
                write!(f, "{best}")?;
                if let Some(p) = ponder {
                    write!(f, " ponder {p}")?;
                }
                Ok(())
            }
            BestMove::Resign => f.write_str("resign"),
            BestMove::Win => f.write_str("win"),
        }
    }
}

impl fmt::Display for Checkmate {
    /// Writes the answer after the word `checkmate`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Checkmate::Moves(moves) => {
                let mut sep = "";
                for m in moves {
                    write!(f, "{sep}{m}")?;
                    sep = " ";
                }
                Ok(())
            }
            Checkmate::NoMate => f.write_str("nomate"),
            Checkmate::Timeout => f.write_str("timeout"),
            Checkmate::NotImplemented => f.write_str("notimplemented"),
        }
    }
}

impl fmt::Display for EngineMessage {
    /// Writes the canonical line, without a line ending.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineMessage::Id(Id::Name(s)) if s.is_empty() => f.write_str("id name"),
            EngineMessage::Id(Id::Name(s)) => write!(f, "id name {s}"),
            EngineMessage::Id(Id::Author(s)) if s.is_empty() => f.write_str("id author"),
            EngineMessage::Id(Id::Author(s)) => write!(f, "id author {s}"),
            EngineMessage::Option(o) => write!(f, "{o}"),
            EngineMessage::UsiOk => f.write_str("usiok"),
            EngineMessage::ReadyOk => f.write_str("readyok"),
            EngineMessage::BestMove(b) => write!(f, "bestmove {b}"),
            EngineMessage::Checkmate(Checkmate::Moves(m)) if m.is_empty() => {
                f.write_str("checkmate")
            }
            EngineMessage::Checkmate(c) => write!(f, "checkmate {c}"),
            EngineMessage::Info(i) => write!(f, "{i}"),
            EngineMessage::Unknown(s) => f.write_str(s),
        }
    }
}
