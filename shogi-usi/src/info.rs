//! The `info` message: what the engine is searching.
//!
//! ```
//! use shogi_usi::EngineMessage;
//! use shogi_usi::info::{Bound, Mate, ScoreValue, Sign};
//!
//! let msg: EngineMessage = "info depth 8 nodes 5000000000 score cp -30 lowerbound pv 7g7f 3c3d".parse()?;
//! let EngineMessage::Info(info) = &msg else { unreachable!() };
//! assert_eq!(info.nodes, Some(5_000_000_000));
//! let score = info.score.expect("a score");
//! assert_eq!((score.value, score.bound), (ScoreValue::Cp(-30), Some(Bound::Lower)));
//! assert_eq!(info.pv.as_ref().map(|pv| pv.moves.len()), Some(2));
//!
//! // `mate -` : the engine is mated, in a number of moves it does not know.
//! let msg: EngineMessage = "info score mate -".parse()?;
//! let EngineMessage::Info(info) = &msg else { unreachable!() };
//! assert_eq!(info.score.map(|s| s.value), Some(ScoreValue::Mate(Mate::Unknown(Sign::Minus))));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use shogi_types::Move;

use crate::error::ParseUsiMessageError as E;
use crate::lex::{Cursor, Tok, number_like};

/// The fields an `info` line knows.
pub(crate) const INFO_FIELDS: &str = "depth, seldepth, time, nodes, nps, hashfull, multipv, \
                                      tbhits, currmove, currmovenumber, score, pv or string";

fn is_info_keyword(text: &str) -> bool {
    matches!(
        text,
        "depth"
            | "seldepth"
            | "time"
            | "nodes"
            | "nps"
            | "hashfull"
            | "multipv"
            | "tbhits"
            | "currmove"
            | "currmovenumber"
            | "score"
            | "pv"
            | "string"
    )
}

/// An `info` message. Every field is optional; counters are `u64`, so node counts above 2^32
/// read.
///
/// `Display` writes `info` and the fields in the order of this struct (the order Stockfish
/// uses), except that the unknown fields come just before `score`. `pv` and `string` come last:
/// `pv` takes the words up to the next field, `string` the rest of the line.
///
/// The lenient reader keeps a field it does not know in [`unknown`](Info::unknown): a name
/// (a word that does not look like a number) and its value, the words after it that look like
/// numbers (start with a digit, `+` or `-`), joined by single spaces. A word that looks like a
/// number where a field name is expected joins the value of the previous unknown field, or
/// starts one. So `info cpuload 500 foo bar 3` keeps `[("cpuload", "500"), ("foo", ""), ("bar",
/// "3")]`. Unknown fields read this way always write back to the same fields.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Info {
    /// `depth <plies>`.
    pub depth: Option<u32>,
    /// `seldepth <plies>`.
    pub seldepth: Option<u32>,
    /// `multipv <n>`: the rank of this line, from 1.
    pub multipv: Option<u32>,
    /// `score ...`.
    pub score: Option<Score>,
    /// `nodes <n>`: nodes searched.
    pub nodes: Option<u64>,
    /// `nps <n>`: nodes per second.
    pub nps: Option<u64>,
    /// `hashfull <permille>`.
    pub hashfull: Option<u32>,
    /// `tbhits <n>`: tablebase hits (sent by fairy-stockfish).
    pub tbhits: Option<u64>,
    /// `time <ms>`: time searched.
    pub time: Option<u64>,
    /// `currmove <move>`: the move being searched.
    pub currmove: Option<Move>,
    /// `currmovenumber <n>`: its number, from 1.
    pub currmovenumber: Option<u32>,
    /// `pv <move>... [resign|win]`: the principal variation.
    pub pv: Option<Pv>,
    /// `string <text>`: free text, the rest of the line (its words as they stand in the line).
    pub string: Option<String>,
    /// Fields the lenient reader does not know: `(name, value)`, the value possibly empty.
    pub unknown: Vec<(String, String)>,
}

/// A score: a value and whether it is only a bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Score {
    /// `cp <n>` or `mate <x>`.
    pub value: ScoreValue,
    /// `lowerbound` or `upperbound` after the value.
    pub bound: Option<Bound>,
}

/// The value of a score, from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScoreValue {
    /// `cp <n>`: centipawns (hundredths of a pawn).
    Cp(i32),
    /// `mate <x>`.
    Mate(Mate),
}

/// A mate score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mate {
    /// `mate <n>` / `mate +<n>` (the side to move mates in `plies`) or `mate -<n>` (it is
    /// mated). The sign is kept apart from the number, so `+0` and `-0` differ. A plus sign is
    /// written without the `+` (`mate 0`, `mate 5`), a minus sign with it (`mate -0`).
    Plies {
        /// The number of plies.
        plies: u32,
        /// Who mates: `Plus` the side to move, `Minus` its opponent.
        sign: Sign,
    },
    /// `mate +` or `mate -`: a mate is found, its length is unknown.
    Unknown(Sign),
}

/// The sign of a mate score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sign {
    /// The side to move mates.
    Plus,
    /// The side to move is mated.
    Minus,
}

/// A bound on a score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bound {
    /// `lowerbound`: the score is at least this.
    Lower,
    /// `upperbound`: the score is at most this.
    Upper,
}

/// A principal variation.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Pv {
    /// The moves.
    pub moves: Vec<Move>,
    /// A trailing `resign` or `win` some engines append.
    pub end: Option<PvEnd>,
}

/// The word that may end a principal variation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PvEnd {
    /// `resign`.
    Resign,
    /// `win` (a winning impasse declaration).
    Win,
}

pub(crate) fn parse_info(c: &mut Cursor<'_, '_>) -> Result<Info, E> {
    let mut info = Info::default();
    let mut pv_seen = false;
    while let Some(t) = c.next() {
        match t.text {
            "depth" => {
                let v = c.number(t, "depth", "plies, 0 to 2^32-1")?;
                c.set(&mut info.depth, v, t, "depth")?;
            }
            "seldepth" => {
                let v = c.number(t, "seldepth", "plies, 0 to 2^32-1")?;
                c.set(&mut info.seldepth, v, t, "seldepth")?;
            }
            "time" => {
                let v = c.number(t, "time", "milliseconds, 0 to 2^64-1")?;
                c.set(&mut info.time, v, t, "time")?;
            }
            "nodes" => {
                let v = c.number(t, "nodes", "a count, 0 to 2^64-1")?;
                c.set(&mut info.nodes, v, t, "nodes")?;
            }
            "nps" => {
                let v = c.number(t, "nps", "a count, 0 to 2^64-1")?;
                c.set(&mut info.nps, v, t, "nps")?;
            }
            "hashfull" => {
                let v = c.number(t, "hashfull", "permille, 0 to 2^32-1")?;
                c.set(&mut info.hashfull, v, t, "hashfull")?;
            }
            "multipv" => {
                let v = c.number(t, "multipv", "a rank, 0 to 2^32-1")?;
                c.set(&mut info.multipv, v, t, "multipv")?;
            }
            "tbhits" => {
                let v = c.number(t, "tbhits", "a count, 0 to 2^64-1")?;
                c.set(&mut info.tbhits, v, t, "tbhits")?;
            }
            "currmovenumber" => {
                let v = c.number(t, "currmovenumber", "a number, 0 to 2^32-1")?;
                c.set(&mut info.currmovenumber, v, t, "currmovenumber")?;
            }
            "currmove" => {
                let m = c.value(t, "currmove", "a move")?;
                let m = c.parse_move(m, "currmove")?;
                c.set(&mut info.currmove, m, t, "currmove")?;
            }
            "score" => {
                let s = parse_score(c, t)?;
                c.set(&mut info.score, s, t, "score")?;
            }
            "pv" => {
                if pv_seen && !c.lenient {
                    return Err(E::Duplicate {
                        context: "info",
                        field: "pv",
                        start: t.start,
                        end: t.end(),
                    });
                }
                pv_seen = true;
                let words = c.take_until(is_info_keyword);
                info.pv = Some(parse_pv(c, words)?);
            }
            "string" => {
                let rest = c.take_rest();
                info.string = Some(String::from(c.text(rest)));
            }
            _ if c.lenient => {
                if number_like(t.text)
                    && let Some((_, value)) = info.unknown.last_mut()
                {
                    if !value.is_empty() {
                        value.push(' ');
                    }
                    value.push_str(t.text);
                    continue;
                }
                let mut value = String::new();
                while let Some(v) = c.peek().filter(|v| number_like(v.text)) {
                    c.next();
                    if !value.is_empty() {
                        value.push(' ');
                    }
                    value.push_str(v.text);
                }
                info.unknown.push((String::from(t.text), value));
            }
            _ => return Err(c.unknown(t, INFO_FIELDS)),
        }
    }
    Ok(info)
}

fn parse_score(c: &mut Cursor<'_, '_>, key: Tok<'_>) -> Result<Score, E> {
    let kind = c.value(key, "score", "'cp' or 'mate'")?;
    let value = match kind.text {
        "cp" => ScoreValue::Cp(c.number(kind, "cp", "centipawns, -2^31 to 2^31-1")?),
        "mate" => {
            const EXPECTED: &str = "plies with an optional sign, or a bare '+' or '-'";
            let v = c.value(kind, "mate", EXPECTED)?;
            let (sign, digits) = match v.text.as_bytes().first() {
                Some(b'+') => (Sign::Plus, v.text.get(1..).unwrap_or_default()),
                Some(b'-') => (Sign::Minus, v.text.get(1..).unwrap_or_default()),
                _ => (Sign::Plus, v.text),
            };
            if digits.is_empty() && v.text.len() == 1 {
                ScoreValue::Mate(Mate::Unknown(sign))
            } else if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                let plies = digits
                    .parse()
                    .map_err(|_| c.bad_number(v, "mate", EXPECTED))?;
                ScoreValue::Mate(Mate::Plies { plies, sign })
            } else {
                return Err(c.bad_number(v, "mate", EXPECTED));
            }
        }
        _ => return Err(c.bad_value(kind, "score", "'cp' or 'mate'")),
    };
    let bound = match c.peek().map(|t| t.text) {
        Some("lowerbound") => Some(Bound::Lower),
        Some("upperbound") => Some(Bound::Upper),
        _ => None,
    };
    if bound.is_some() {
        c.next();
    }
    Ok(Score { value, bound })
}

fn parse_pv(c: &Cursor<'_, '_>, words: &[Tok<'_>]) -> Result<Pv, E> {
    let mut pv = Pv::default();
    let (last, moves) = match words.split_last() {
        Some((last, init)) => match last.text {
            "resign" => (Some(PvEnd::Resign), init),
            "win" => (Some(PvEnd::Win), init),
            _ => (None, words),
        },
        None => (None, words),
    };
    pv.end = last;
    pv.moves = moves
        .iter()
        .map(|m| c.parse_move(*m, "pv"))
        .collect::<Result<_, _>>()?;
    Ok(pv)
}

impl fmt::Display for Mate {
    /// Writes `5`, `-5`, `-0`, `+` or `-` (the value after `mate`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Mate::Plies {
                plies,
                sign: Sign::Plus,
            } => write!(f, "{plies}"),
            Mate::Plies {
                plies,
                sign: Sign::Minus,
            } => write!(f, "-{plies}"),
            Mate::Unknown(Sign::Plus) => f.write_str("+"),
            Mate::Unknown(Sign::Minus) => f.write_str("-"),
        }
    }
}

impl fmt::Display for Score {
    /// Writes `cp <n>` or `mate <x>`, then the bound if any (without the word `score`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value {
            ScoreValue::Cp(cp) => write!(f, "cp {cp}")?,
            ScoreValue::Mate(m) => write!(f, "mate {m}")?,
        }
        match self.bound {
            Some(Bound::Lower) => f.write_str(" lowerbound"),
            Some(Bound::Upper) => f.write_str(" upperbound"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Pv {
    /// Writes the moves and the ending word, separated by spaces (without the word `pv`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = "";
        for m in &self.moves {
            write!(f, "{sep}{m}")?;
            sep = " ";
        }
        match self.end {
            Some(PvEnd::Resign) => write!(f, "{sep}resign"),
            Some(PvEnd::Win) => write!(f, "{sep}win"),
            None => Ok(()),
        }
    }
}

fn write_opt(f: &mut fmt::Formatter<'_>, key: &str, v: Option<impl fmt::Display>) -> fmt::Result {
    match v {
        Some(v) => write!(f, " {key} {v}"),
        None => Ok(()),
    }
}

impl fmt::Display for Info {
    /// Writes the canonical `info` line (see [`Info`] for the order).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        write_opt(f, "depth", self.depth)?;
        write_opt(f, "seldepth", self.seldepth)?;
        write_opt(f, "multipv", self.multipv)?;
        for (name, value) in &self.unknown {
            write!(f, " {name}")?;
            if !value.is_empty() {
                write!(f, " {value}")?;
            }
        }
        write_opt(f, "score", self.score)?;
        write_opt(f, "nodes", self.nodes)?;
        write_opt(f, "nps", self.nps)?;
        write_opt(f, "hashfull", self.hashfull)?;
        write_opt(f, "tbhits", self.tbhits)?;
        write_opt(f, "time", self.time)?;
        write_opt(f, "currmove", self.currmove)?;
        write_opt(f, "currmovenumber", self.currmovenumber)?;
        if let Some(pv) = &self.pv {
            f.write_str(" pv")?;
            if !pv.moves.is_empty() || pv.end.is_some() {
                write!(f, " {pv}")?;
            }
        }
        if let Some(s) = &self.string {
            f.write_str(" string")?;
            if !s.is_empty() {
                write!(f, " {s}")?;
            }
        }
        Ok(())
    }
}
