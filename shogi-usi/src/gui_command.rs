//! Commands from the GUI to the engine.
//!
//! ```
//! use shogi_usi::gui_command::{GuiCommand, Go};
//!
//! let cmd: GuiCommand = "go btime 60000 wtime 50000 byoyomi 10000".parse()?;
//! let GuiCommand::Go(go) = &cmd else { unreachable!() };
//! assert_eq!((go.btime, go.wtime, go.byoyomi), (Some(60000), Some(50000), Some(10000)));
//! assert_eq!(cmd.to_string(), "go btime 60000 wtime 50000 byoyomi 10000");
//!
//! // Some GUIs send a negative time when a clock has run out: the lenient reader reads 0,
//! // and clamps a number too large to the largest value.
//! assert!("go btime -20 wtime 0".parse::<GuiCommand>().is_err());
//! let go = GuiCommand::parse_lenient("go btime -20 wtime 99999999999999999999")?;
//! assert_eq!(go, GuiCommand::Go(Go { btime: Some(0), wtime: Some(u64::MAX), ..Go::default() }));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::position::PositionCommand;
use shogi_types::Move;

use crate::error::ParseUsiMessageError as E;
use crate::lex::{Cursor, Tok, tokens, trim};

const COMMANDS: &str =
    "usi, isready, setoption, usinewgame, position, go, stop, ponderhit, gameover or quit";

/// A command sent by the GUI to the engine ([USI spec](http://shogidokoro.starfree.jp/usi.html)).
///
/// [`FromStr`] reads strictly; [`parse_lenient`](GuiCommand::parse_lenient) keeps unknown
/// commands as [`Unknown`](GuiCommand::Unknown) and forgives what GUIs get wrong. `Display`
/// writes the canonical line (no line ending), which reads back to the same value.
///
/// Text fields (`SetOption`'s name and value) must not start or end with whitespace, and the
/// name must not be empty nor contain the word `value`; every value the readers return is so.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum GuiCommand {
    /// `usi`: the engine answers with `id`, `option` and `usiok`.
    Usi,
    /// `isready`: the engine answers `readyok` when it can search.
    IsReady,
    /// `setoption name <name> [value <value>]`. The name runs from after `name` to before the
    /// word `value` (so it may contain spaces: `Clear Hash`); the value is the rest of the
    /// line. A button option has no value.
    SetOption {
        /// The option's name, as the engine declared it.
        name: String,
        /// The new value, `None` for a button.
        value: Option<String>,
    },
    /// `usinewgame`: a new game starts.
    UsiNewGame,
    /// `position (startpos | sfen <sfen>) [moves <move>...]`.
    Position(PositionCommand),
    /// `go ...`: start searching.
    Go(Go),
    /// `stop`: stop searching and answer `bestmove`.
    Stop,
    /// `ponderhit`: the opponent played the expected move. Some GUIs add the clocks
    /// (`ponderhit btime <ms> wtime <ms> [byoyomi <ms> | binc <ms> winc <ms>]`).
    PonderHit(Option<Clocks>),
    /// `gameover win|lose|draw`, from the engine's point of view.
    GameOver(GameResult),
    /// `quit`: the engine should exit.
    Quit,
    /// A line whose first word is not a command (lenient reading only), without its
    /// surrounding whitespace.
    Unknown(String),
}

/// The result sent with `gameover`, from the engine's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `win`.
    Win,
    /// `lose`.
    Lose,
    /// `draw`.
    Draw,
}

impl GameResult {
    /// The USI word: `win`, `lose` or `draw`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::Win => "win",
            GameResult::Lose => "lose",
            GameResult::Draw => "draw",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How long `go mate` may search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MateLimit {
    /// `go mate <ms>`.
    Time(u64),
    /// `go mate infinite`.
    Infinite,
}

/// The clocks sent with `ponderhit` (an extension some GUIs use), in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Clocks {
    /// Black's (sente's) remaining time.
    pub btime: u64,
    /// White's (gote's) remaining time.
    pub wtime: u64,
    /// The byoyomi.
    pub byoyomi: Option<u64>,
    /// Black's increment (Fischer clock).
    pub binc: Option<u64>,
    /// White's increment (Fischer clock).
    pub winc: Option<u64>,
}

/// The parameters of `go`. Times are milliseconds.
///
/// The standard parameters are `ponder`, `btime`, `wtime`, `byoyomi`, `binc`, `winc`,
/// `infinite` and `mate`; `depth`, `nodes`, `movetime`, `movestogo`, `rtime` and `searchmoves`
/// are extensions (from UCI, and `rtime` from YaneuraOu) that many engines accept.
///
/// A number out of its range is an error when read strictly and clamped when read leniently:
/// a negative one (`btime -200`: some GUIs send one when a clock has run out, `depth -1`)
/// reads as `0`, one too large (`btime 99999999999999999999`) as the largest value of the
/// field.
/// `Display` writes the fields in the order of this struct, `searchmoves` last.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Go {
    /// `ponder`: search on the opponent's time, until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Black's (sente's) remaining time.
    pub btime: Option<u64>,
    /// White's (gote's) remaining time.
    pub wtime: Option<u64>,
    /// The byoyomi.
    pub byoyomi: Option<u64>,
    /// Black's increment.
    pub binc: Option<u64>,
    /// White's increment.
    pub winc: Option<u64>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `mate <ms>|infinite`: search for a mate (tsume), answered by `checkmate`.
    pub mate: Option<MateLimit>,
    /// `depth <plies>` (extension).
    pub depth: Option<u32>,
    /// `nodes <n>` (extension).
    pub nodes: Option<u64>,
    /// `movetime <ms>` (extension).
    pub movetime: Option<u64>,
    /// `movestogo <n>` (extension).
    pub movestogo: Option<u32>,
    /// `rtime <ms>` (extension, YaneuraOu): a randomised time.
    pub rtime: Option<u64>,
    /// `searchmoves <move>...` (extension): search only these moves.
    pub searchmoves: Vec<Move>,
}

const GO_FIELDS: &str = "ponder, btime, wtime, byoyomi, binc, winc, infinite, mate, depth, \
                         nodes, movetime, movestogo, rtime or searchmoves";

fn is_go_keyword(text: &str) -> bool {
    matches!(
        text,
        "ponder"
            | "btime"
            | "wtime"
            | "byoyomi"
            | "binc"
            | "winc"
            | "infinite"
            | "mate"
            | "depth"
            | "nodes"
            | "movetime"
            | "movestogo"
            | "rtime"
            | "searchmoves"
    )
}

impl GuiCommand {
    /// Reads a line leniently: an unknown command becomes [`Unknown`](GuiCommand::Unknown),
    /// unknown `go` and `ponderhit` parameters and extra words after a complete command are
    /// skipped, a repeated parameter keeps its last value, and a number of `go` or `ponderhit`
    /// out of its range is clamped (a negative one reads as `0`, one too large as the field's
    /// largest value).
    ///
    /// # Errors
    /// A [`ParseUsiMessageError`](crate::ParseUsiMessageError) for an empty line or a known
    /// command whose arguments cannot be read (a bad number, a bad move, a bad `position`).
    ///
    /// # Examples
    /// ```
    /// use shogi_usi::GuiCommand;
    ///
    /// assert!("register later".parse::<GuiCommand>().is_err());
    /// let cmd = GuiCommand::parse_lenient("register later\r\n")?;
    /// assert_eq!(cmd, GuiCommand::Unknown("register later".into()));
    /// assert_eq!(cmd.to_string(), "register later");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_lenient(s: &str) -> Result<GuiCommand, E> {
        parse(s, true)
    }
}

impl FromStr for GuiCommand {
    type Err = E;

    /// Reads a line strictly (see [`GuiCommand`]); surrounding whitespace, including a
    /// trailing `\r`, is ignored.
    ///
    /// # Errors
    /// A [`ParseUsiMessageError`](crate::ParseUsiMessageError) with the span of the first
    /// problem: an unknown command or parameter, a missing or bad value, a repeated parameter,
    /// extra words.
    fn from_str(s: &str) -> Result<GuiCommand, E> {
        parse(s, false)
    }
}

fn parse(s: &str, lenient: bool) -> Result<GuiCommand, E> {
    let toks = tokens(s);
    let Some((first, rest)) = toks.split_first() else {
        return Err(E::Empty);
    };
    let simple = |cmd: GuiCommand, context: &'static str| {
        Cursor::new(s, rest, context, lenient)
            .finish()
            .map(|()| cmd)
    };
    match first.text {
        "usi" => simple(GuiCommand::Usi, "usi"),
        "isready" => simple(GuiCommand::IsReady, "isready"),
        "usinewgame" => simple(GuiCommand::UsiNewGame, "usinewgame"),
        "stop" => simple(GuiCommand::Stop, "stop"),
        "quit" => simple(GuiCommand::Quit, "quit"),
        "setoption" => parse_setoption(&mut Cursor::new(s, rest, "setoption", lenient), *first),
        "position" => parse_position(s, *first).map(GuiCommand::Position),
        "go" => parse_go(&mut Cursor::new(s, rest, "go", lenient), None).map(GuiCommand::Go),
        "ponderhit" => {
            if rest.is_empty() {
                Ok(GuiCommand::PonderHit(None))
            } else {
                let mut c = Cursor::new(s, rest, "ponderhit", lenient);
                parse_clocks(&mut c, *first).map(|k| GuiCommand::PonderHit(Some(k)))
            }
        }
        "gameover" => {
            let mut c = Cursor::new(s, rest, "gameover", lenient);
            const EXPECTED: &str = "win, lose or draw";
            let t = c.value(*first, "gameover", EXPECTED)?;
            let result = match t.text {
                "win" => GameResult::Win,
                "lose" => GameResult::Lose,
                "draw" => GameResult::Draw,
                _ => return Err(c.bad_value(t, "gameover", EXPECTED)),
            };
            c.finish()?;
            Ok(GuiCommand::GameOver(result))
        }
        _ if lenient => Ok(GuiCommand::Unknown(String::from(trim(s)))),
        _ => Err(E::UnknownCommand {
            start: first.start,
            end: first.end(),
            expected: COMMANDS,
        }),
    }
}

fn parse_setoption(c: &mut Cursor<'_, '_>, key: Tok<'_>) -> Result<GuiCommand, E> {
    let name_key = c.value(key, "setoption", "'name'")?;
    if name_key.text != "name" {
        return Err(c.bad_value(name_key, "setoption", "'name'"));
    }
    let name_toks = c.take_until(|t| t == "value");
    if name_toks.is_empty() {
        return Err(E::MissingValue {
            context: "setoption",
            field: "name",
            start: name_key.start,
            end: name_key.end(),
            expected: "the option's name",
        });
    }
    let name = String::from(c.text(name_toks));
    let value = c.next().map(|_| {
        let rest = c.take_rest();
        String::from(c.text(rest))
    });
    Ok(GuiCommand::SetOption { name, value })
}

fn parse_position(s: &str, key: Tok<'_>) -> Result<PositionCommand, E> {
    // `position` is the first word of the line, so the command reader sees the same words in
    // the whole line, and its offsets count from the start of the line.
    debug_assert!(s.bytes().take(key.start).all(|b| b.is_ascii_whitespace()));
    s.parse().map_err(|error: crate::position::ParseUsiError| {
        let start = error.offset();
        let bytes = s.as_bytes();
        let mut end = start;
        while bytes.get(end).is_some_and(|b| !b.is_ascii_whitespace()) {
            end += 1;
        }
        E::BadPosition { start, end, error }
    })
}

/// Reads the parameters of `go`. With `skipped`, a parameter whose value cannot be read is
/// left out (its error pushed there, and a value word that is a parameter name read again as
/// one) and reading goes on; an unreadable `mate` limit is then `mate infinite`, so that the
/// search is still a mate search. Without `skipped`, it is the error.
fn parse_go(c: &mut Cursor<'_, '_>, mut skipped: Option<&mut Vec<E>>) -> Result<Go, E> {
    let mut go = Go::default();
    let mut searchmoves_seen = false;
    while let Some(t) = c.next() {
        let Err(e) = parse_go_param(c, t, &mut go, &mut searchmoves_seen) else {
            continue;
        };
        let Some(skipped) = skipped.as_deref_mut() else {
            return Err(e);
        };
        skipped.push(e);
        if t.text == "mate" && go.mate.is_none() {
            go.mate = Some(MateLimit::Infinite);
        }
        // The word taken as the value may be the next parameter (`go btime wtime 100`).
        if c.pos >= 2
            && c.toks.get(c.pos - 1).is_some_and(|v| is_go_keyword(v.text))
            && c.toks.get(c.pos - 2).is_some_and(|k| k.start == t.start)
        {
            c.pos -= 1;
        }
    }
    Ok(go)
}

/// Reads one parameter of `go`, whose name `t` has just been read.
fn parse_go_param(
    c: &mut Cursor<'_, '_>,
    t: Tok<'_>,
    go: &mut Go,
    searchmoves_seen: &mut bool,
) -> Result<(), E> {
    match t.text {
        "ponder" => go.ponder = true,
        "infinite" => go.infinite = true,
        "btime" => {
            let v = c.time(t, "btime")?;
            c.set(&mut go.btime, v, t, "btime")?;
        }
        "wtime" => {
            let v = c.time(t, "wtime")?;
            c.set(&mut go.wtime, v, t, "wtime")?;
        }
        "byoyomi" => {
            let v = c.time(t, "byoyomi")?;
            c.set(&mut go.byoyomi, v, t, "byoyomi")?;
        }
        "binc" => {
            let v = c.time(t, "binc")?;
            c.set(&mut go.binc, v, t, "binc")?;
        }
        "winc" => {
            let v = c.time(t, "winc")?;
            c.set(&mut go.winc, v, t, "winc")?;
        }
        "mate" => {
            const EXPECTED: &str = "milliseconds or 'infinite'";
            let limit = if c.peek().is_some_and(|v| v.text == "infinite") {
                c.next();
                MateLimit::Infinite
            } else {
                MateLimit::Time(c.clamped(t, "mate", EXPECTED, u64::MAX)?)
            };
            c.set(&mut go.mate, limit, t, "mate")?;
        }
        "depth" => {
            let v = c.clamped(t, "depth", "plies, 0 to 2^32-1", u32::MAX)?;
            c.set(&mut go.depth, v, t, "depth")?;
        }
        "nodes" => {
            let v = c.clamped(t, "nodes", "a count, 0 to 2^64-1", u64::MAX)?;
            c.set(&mut go.nodes, v, t, "nodes")?;
        }
        "movetime" => {
            let v = c.clamped(t, "movetime", "milliseconds, 0 to 2^64-1", u64::MAX)?;
            c.set(&mut go.movetime, v, t, "movetime")?;
        }
        "movestogo" => {
            let v = c.clamped(t, "movestogo", "a count, 0 to 2^32-1", u32::MAX)?;
            c.set(&mut go.movestogo, v, t, "movestogo")?;
        }
        "rtime" => {
            let v = c.clamped(t, "rtime", "milliseconds, 0 to 2^64-1", u64::MAX)?;
            c.set(&mut go.rtime, v, t, "rtime")?;
        }
        "searchmoves" => {
            if *searchmoves_seen && !c.lenient {
                return Err(E::Duplicate {
                    context: "go",
                    field: "searchmoves",
                    start: t.start,
                    end: t.end(),
                });
            }
            *searchmoves_seen = true;
            let moves = c.take_until(is_go_keyword);
            go.searchmoves = moves
                .iter()
                .map(|m| c.parse_move(*m, "searchmoves"))
                .collect::<Result<_, _>>()?;
        }
        _ if c.lenient => {}
        _ => return Err(c.unknown(t, GO_FIELDS)),
    }
    Ok(())
}

/// Reads a `go` line that [`GuiCommand::parse_lenient`] refuses, leaving out the parameters
/// whose values cannot be read (see [`parse_go`]); returns the `go` and their errors, or
/// `None` if the line is not a `go` command. (Only the engine loop, a `std` part, needs it.)
#[cfg(feature = "std")]
pub(crate) fn parse_go_skipping(s: &str) -> Option<(Go, Vec<E>)> {
    let toks = tokens(s);
    let (first, rest) = toks.split_first()?;
    if first.text != "go" {
        return None;
    }
    let mut skipped = Vec::new();
    let go = parse_go(&mut Cursor::new(s, rest, "go", true), Some(&mut skipped)).ok()?;
    Some((go, skipped))
}

fn parse_clocks(c: &mut Cursor<'_, '_>, key: Tok<'_>) -> Result<Clocks, E> {
    let (mut btime, mut wtime) = (None, None);
    let mut k = Clocks::default();
    while let Some(t) = c.next() {
        match t.text {
            "btime" => {
                let v = c.time(t, "btime")?;
                c.set(&mut btime, v, t, "btime")?;
            }
            "wtime" => {
                let v = c.time(t, "wtime")?;
                c.set(&mut wtime, v, t, "wtime")?;
            }
            "byoyomi" => {
                let v = c.time(t, "byoyomi")?;
                c.set(&mut k.byoyomi, v, t, "byoyomi")?;
            }
            "binc" => {
                let v = c.time(t, "binc")?;
                c.set(&mut k.binc, v, t, "binc")?;
            }
            "winc" => {
                let v = c.time(t, "winc")?;
                c.set(&mut k.winc, v, t, "winc")?;
            }
            _ if c.lenient => {}
            _ => return Err(c.unknown(t, "btime, wtime, byoyomi, binc or winc")),
        }
    }
    let missing = |field| E::MissingValue {
        context: "ponderhit",
        field,
        start: key.start,
        end: key.end(),
        expected: "both 'btime' and 'wtime' when clocks are given",
    };
    k.btime = btime.ok_or_else(|| missing("btime"))?;
    k.wtime = wtime.ok_or_else(|| missing("wtime"))?;
    Ok(k)
}

fn write_opt(f: &mut fmt::Formatter<'_>, key: &str, v: Option<impl fmt::Display>) -> fmt::Result {
    match v {
        Some(v) => write!(f, " {key} {v}"),
        None => Ok(()),
    }
}

impl fmt::Display for Go {
    /// Writes `go` and its parameters in canonical order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("go")?;
        if self.ponder {
            f.write_str(" ponder")?;
        }
        write_opt(f, "btime", self.btime)?;
        write_opt(f, "wtime", self.wtime)?;
        write_opt(f, "byoyomi", self.byoyomi)?;
        write_opt(f, "binc", self.binc)?;
        write_opt(f, "winc", self.winc)?;
        if self.infinite {
            f.write_str(" infinite")?;
        }
        match self.mate {
            Some(MateLimit::Time(ms)) => write!(f, " mate {ms}")?,
            Some(MateLimit::Infinite) => f.write_str(" mate infinite")?,
            None => {}
        }
        write_opt(f, "depth", self.depth)?;
        write_opt(f, "nodes", self.nodes)?;
        write_opt(f, "movetime", self.movetime)?;
        write_opt(f, "movestogo", self.movestogo)?;
        write_opt(f, "rtime", self.rtime)?;
        if !self.searchmoves.is_empty() {
            f.write_str(" searchmoves")?;
            for m in &self.searchmoves {
                write!(f, " {m}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for Clocks {
    /// Writes `btime <ms> wtime <ms>` and the optional fields.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "btime {} wtime {}", self.btime, self.wtime)?;
        write_opt(f, "byoyomi", self.byoyomi)?;
        write_opt(f, "binc", self.binc)?;
        write_opt(f, "winc", self.winc)
    }
}

impl fmt::Display for GuiCommand {
    /// Writes the canonical line, without a line ending.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GuiCommand::Usi => f.write_str("usi"),
            GuiCommand::IsReady => f.write_str("isready"),
            GuiCommand::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value {
                    Some(v) if v.is_empty() => f.write_str(" value"),
                    Some(v) => write!(f, " value {v}"),
                    None => Ok(()),
                }
            }
            GuiCommand::UsiNewGame => f.write_str("usinewgame"),
            GuiCommand::Position(p) => write!(f, "{p}"),
            GuiCommand::Go(go) => write!(f, "{go}"),
            GuiCommand::Stop => f.write_str("stop"),
            GuiCommand::PonderHit(None) => f.write_str("ponderhit"),
            GuiCommand::PonderHit(Some(k)) => write!(f, "ponderhit {k}"),
            GuiCommand::GameOver(r) => write!(f, "gameover {r}"),
            GuiCommand::Quit => f.write_str("quit"),
            GuiCommand::Unknown(s) => f.write_str(s),
        }
    }
}

/// The clock of a game ([`shogi_rules::clock::Clock`]) in `go`'s fields, and back.
#[cfg(feature = "std")]
impl Go {
    /// A `go` with the clock's times for the side to move (`btime`, `wtime`, `byoyomi` when
    /// it has periods left, `binc`/`winc` when there are increments) and nothing else.
    ///
    /// ```
    /// use std::time::Duration;
    ///
    /// use shogi_rules::clock::{Clock, TimeControl};
    /// use shogi_usi::gui_command::Go;
    ///
    /// let clock = Clock::new(TimeControl::byoyomi(Duration::from_secs(60), Duration::from_secs(10), 1));
    /// assert_eq!(Go::from_clock(&clock).to_string(), "go btime 60000 wtime 60000 byoyomi 10000");
    /// ```
    #[must_use]
    pub fn from_clock(clock: &shogi_rules::clock::Clock) -> Go {
        let t = clock.usi_times();
        Go {
            btime: Some(t.btime),
            wtime: Some(t.wtime),
            byoyomi: t.byoyomi,
            binc: t.binc,
            winc: t.winc,
            ..Go::default()
        }
    }

    /// The clock fields, if the `go` has any of `btime`, `wtime`, `byoyomi`, `binc`, `winc`
    /// (a missing time reads as 0), for [`Clock::from_usi_times`](shogi_rules::clock::Clock::from_usi_times).
    #[must_use]
    pub fn usi_times(&self) -> Option<shogi_rules::clock::UsiTimes> {
        let any = self.btime.is_some()
            || self.wtime.is_some()
            || self.byoyomi.is_some()
            || self.binc.is_some()
            || self.winc.is_some();
        any.then(|| shogi_rules::clock::UsiTimes {
            btime: self.btime.unwrap_or(0),
            wtime: self.wtime.unwrap_or(0),
            byoyomi: self.byoyomi,
            binc: self.binc,
            winc: self.winc,
        })
    }
}
