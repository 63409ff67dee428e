//! The GUI side of USI: driving an engine process.
//!
//! [`EngineProcess`] starts a program, talks USI to it through its standard input and output, and
//! turns every answer the caller waits for into a typed value or a [`DriverError`]: an engine
//! that never answers is a [`Timeout`](DriverError::Timeout), one that crashes is
//! [`Exited`](DriverError::Exited), one that answers out of turn is a
//! [`Protocol`](DriverError::Protocol) error. No call waits longer than the timeout it is
//! given, and no call panics.
//!
//! The shape follows python-chess's `chess.engine`: one method per request (`handshake`,
//! `is_ready`, `go`, ...), each sending a command and waiting for its answer, and a
//! non-blocking search (`start_go`, then `ponder_hit`, `stop` or `wait_bestmove`) for
//! pondering and infinite analysis.
//!
//! # How it works
//!
//! - A reader thread reads the engine's standard output line by line (invalid UTF-8 is replaced,
//!   a line is cut at 1 MiB) and reads each with [`EngineMessage::parse_lenient`]. Lines that
//!   are not USI messages (a banner, junk, a message whose arguments cannot be read) are kept
//!   as [`Garbage`] ([`EngineProcess::garbage`]); they are never fatal by themselves.
//! - The engine's standard error is whatever the [`Command`] says: inherited by default
//!   (call `command.stderr(Stdio::null())` to discard it).
//! - `info` lines that arrive during a search are collected into its result; `info` lines at
//!   any other time are dropped.
//! - When a search times out, the driver sends `stop` and forgets the search: its late
//!   `bestmove` is skipped, so the next search does not take it for its own answer.
//! - Dropping an [`EngineProcess`] kills the process if it is still running; [`EngineProcess::quit`] asks it
//!   to exit first (see [Ending](#ending)).
//!
//! # Ending
//!
//! Every engine the driver starts is killed (if it has not exited) and reaped by the time its
//! [`EngineProcess`] is dropped or [`EngineProcess::quit`] returns, whatever happened before: a failed
//! handshake, a timeout, a crash, an error while playing. The engine is not left running,
//! nor as a zombie.
//!
//! On Unix the engine leads a process group of its own, and the driver kills the whole group:
//! so an engine started through a shell (`sh -c 'engine --fast'`, a script that never answers
//! while a `sleep` runs) dies with everything it started, not just the shell. When the engine
//! exits by itself (after `quit`, or a crash), whatever it left running in its group is
//! killed as soon as the driver sees the exit. Processes that leave the group (daemons,
//! `setsid`) are not followed. Being in its own group, the engine does not get the
//! terminal's Ctrl-C: it sees its input close when the program driving it exits, and USI
//! engines exit then. Elsewhere only the process itself is killed.
//!
//! # Timeouts
//!
//! The caller gives every timeout. For a search under a clock, [`time_limit`] gives the most
//! the side to move may think (its remaining time plus its byoyomi or increment); the
//! `shogi match` runner waits `byoyomi + 1 s` and counts a longer search as a loss on time.
//!
//! # Examples
//!
//! ```no_run
//! use std::time::Duration;
//!
//! use shogi_usi::position::PositionCommand;
//! use shogi_usi::driver::EngineProcess;
//! use shogi_usi::engine_message::BestMove;
//! use shogi_usi::gui_command::Go;
//!
//! let mut engine = EngineProcess::spawn_shell("/usr/games/fairy-stockfish")?;
//! let info = engine.handshake(Duration::from_secs(10))?;
//! println!("{} by {}, {} options", info.name, info.author, info.options.len());
//! engine.set_option("Hash", Some("64"))?;
//! engine.is_ready(Duration::from_secs(30))?;
//! engine.new_game()?;
//!
//! engine.position(&"position startpos moves 7g7f".parse::<PositionCommand>()?)?;
//! let go = Go { btime: Some(0), wtime: Some(0), byoyomi: Some(1000), ..Go::default() };
//! let result = engine.go(&go, Duration::from_secs(3))?;
//! if let BestMove::Move { best, .. } = result.best {
//!     println!("{best} after {:?}, {} info lines", result.elapsed, result.infos.len());
//! }
//!
//! // Infinite analysis, stopped after a second.
//! engine.start_go(&Go { infinite: true, ..Go::default() })?;
//! std::thread::sleep(Duration::from_secs(1));
//! let result = engine.stop(Duration::from_secs(5))?;
//! println!("{}", result.best);
//!
//! engine.quit(Duration::from_secs(5))?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::format;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::string::{String, ToString};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};
use std::vec::Vec;

use shogi_types::Color;

use crate::ParseUsiMessageError;
use crate::engine_message::{BestMove, Checkmate, EngineMessage, Id};
use crate::gui_command::{Clocks, GameResult, Go, GuiCommand, MateLimit};
use crate::info::Info;
use crate::option::OptionDef;
use crate::position::PositionCommand;

/// The longest line kept from the engine; the rest of a longer line is skipped.
const MAX_LINE: usize = 1 << 20;
/// How many [`Garbage`] lines are kept (all are counted).
const MAX_GARBAGE: usize = 1000;
/// How many messages the reader thread may read ahead of the caller.
const CHANNEL: usize = 4096;
/// How long to wait for the exit status once the engine has closed its output.
const REAP: Duration = Duration::from_millis(500);
/// How many characters of a line a [`DriverError::Protocol`] message shows.
const SHOWN: usize = 60;

/// An error of the engine driver.
///
/// Messages are lowercase and name what the driver was waiting for; wrap them with the engine's
/// name when you print them. There is no [`source`](std::error::Error::source): an I/O cause is
/// kept as its [`io::ErrorKind`] and message.
///
/// # Examples
/// ```
/// use std::time::Duration;
///
/// use shogi_usi::driver::DriverError;
///
/// let err = DriverError::Timeout { waiting_for: "bestmove", after: Duration::from_millis(1500) };
/// assert_eq!(err.to_string(), "no bestmove after 1.5s");
/// let err = DriverError::Exited { status: Some(3), waiting_for: "usiok" };
/// assert_eq!(err.to_string(), "the engine exited with status 3 while waiting for usiok");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DriverError {
    /// The program could not be started (not found, not executable, ...).
    #[error("cannot start `{program}`: {message}")]
    Spawn {
        /// The program, as given.
        program: String,
        /// The kind of the I/O error.
        kind: io::ErrorKind,
        /// The I/O error's message.
        message: String,
    },
    /// Reading from or writing to the engine failed while it was still running.
    #[error("engine i/o failed while {doing}: {message}")]
    Io {
        /// What the driver was doing: `"writing go"`, `"reading"`.
        doing: &'static str,
        /// The kind of the I/O error.
        kind: io::ErrorKind,
        /// The I/O error's message.
        message: String,
    },
    /// The engine did not answer in time. After a search times out, the driver has sent
    /// `stop` and forgotten the search.
    #[error("no {waiting_for} after {after:?}")]
    Timeout {
        /// The answer the driver was waiting for: `"usiok"`, `"readyok"`, `"bestmove"`,
        /// `"checkmate"`, `"exit"` (after `quit`).
        waiting_for: &'static str,
        /// The timeout.
        after: Duration,
    },
    /// The engine closed its output (it exited or crashed) before answering.
    #[error(
        "the engine exited{} while waiting for {waiting_for}",
        match status { Some(code) => format!(" with status {code}"), None => String::new() }
    )]
    Exited {
        /// The exit code; `None` when it was killed by a signal, or has closed its output but
        /// not yet exited.
        status: Option<i32>,
        /// The answer the driver was waiting for, or the command it was writing.
        waiting_for: &'static str,
    },
    /// The engine sent a message that makes no sense now: a `bestmove` with no search
    /// running, a `checkmate` for `go` without `mate`.
    #[error("unexpected `{}` while waiting for {waiting_for}", shorten(line))]
    Protocol {
        /// The message, as the driver read it (its canonical line).
        line: String,
        /// The answer the driver was waiting for.
        waiting_for: &'static str,
    },
    /// The call needs a running search ([`EngineProcess::start_go`]) and there is none.
    #[error("no search is running")]
    NoSearch,
    /// The call cannot be made while a search is running: collect its result first
    /// ([`EngineProcess::stop`], [`EngineProcess::wait_bestmove`]).
    #[error("a search is running")]
    Searching,
}

fn shorten(line: &str) -> String {
    match line.char_indices().nth(SHOWN) {
        Some((i, _)) => format!("{}...", &line[..i]),
        None => line.to_string(),
    }
}

/// A line from the engine that is not a USI message the driver could use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Garbage {
    /// The line, without its line ending (invalid UTF-8 replaced by U+FFFD, cut at 1 MiB).
    pub line: String,
    /// Why it could not be read: `None` when its first word is not a message (a banner, a
    /// warning, junk), else the error of [`EngineMessage::parse_lenient`].
    pub error: Option<ParseUsiMessageError>,
}

/// What the engine says about itself in answer to `usi`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EngineInfo {
    /// `id name`; empty if the engine sent none.
    pub name: String,
    /// `id author`; empty if the engine sent none.
    pub author: String,
    /// The options, in the order the engine declared them.
    pub options: Vec<OptionDef>,
}

impl EngineInfo {
    /// The option called `name`, compared ignoring ASCII case (engines and GUIs disagree on
    /// case: `USI_Hash`, `USI_hash`).
    ///
    /// # Examples
    /// ```
    /// use shogi_usi::EngineMessage;
    /// use shogi_usi::driver::EngineInfo;
    ///
    /// let EngineMessage::Option(def) = "option name USI_Hash type spin default 256".parse()?
    /// else {
    ///     unreachable!()
    /// };
    /// let info = EngineInfo { options: vec![def], ..EngineInfo::default() };
    /// assert!(info.option("usi_hash").is_some());
    /// assert!(info.option("Threads").is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn option(&self, name: &str) -> Option<&OptionDef> {
        self.options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }
}

/// The answer to `go`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The `bestmove`.
    pub best: BestMove,
    /// The `info` lines sent during the search, in order.
    pub infos: Vec<Info>,
    /// From sending `go` (or `ponderhit`) to reading `bestmove`.
    pub elapsed: Duration,
}

/// The answer to `go mate`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MateResult {
    /// The `checkmate` answer.
    pub answer: Checkmate,
    /// The `info` lines sent during the search, in order.
    pub infos: Vec<Info>,
    /// From sending `go mate` to reading `checkmate`.
    pub elapsed: Duration,
}

/// The most the side to move may think under the clock sent with `go`: its remaining time
/// (`btime` or `wtime`) plus `byoyomi`, or plus its increment (`binc` or `winc`); `movetime`
/// when there is no clock. `None` when the search has no time limit (`infinite`, `ponder`,
/// `mate infinite`, or only `depth`/`nodes`). `go mate <ms>` gives its time.
///
/// Add a margin for the engine's reaction and the pipe: the `shogi match` runner waits the
/// limit plus 1 s.
///
/// # Examples
/// ```
/// use std::time::Duration;
///
/// use shogi_types::Color;
/// use shogi_usi::driver::time_limit;
/// use shogi_usi::gui_command::Go;
///
/// let go = Go { btime: Some(60_000), wtime: Some(0), byoyomi: Some(10_000), ..Go::default() };
/// assert_eq!(time_limit(&go, Color::Black), Some(Duration::from_secs(70)));
/// assert_eq!(time_limit(&go, Color::White), Some(Duration::from_secs(10)));
/// assert_eq!(time_limit(&Go { infinite: true, ..Go::default() }, Color::Black), None);
/// ```
#[must_use]
pub fn time_limit(go: &Go, side: Color) -> Option<Duration> {
    if go.infinite || go.ponder {
        return None;
    }
    if let Some(limit) = go.mate {
        return match limit {
            MateLimit::Time(ms) => Some(Duration::from_millis(ms)),
            MateLimit::Infinite => None,
        };
    }
    let (time, inc) = match side {
        Color::Black => (go.btime, go.binc),
        Color::White => (go.wtime, go.winc),
    };
    match go.usi_times() {
        // The side to move's main time, increment and one period.
        Some(times) if time.is_some() || inc.is_some() || go.byoyomi.is_some() => {
            Some(shogi_rules::clock::Clock::from_usi_times(times, side).time_left(side))
        }
        _ => go.movetime.map(Duration::from_millis),
    }
}

/// What the reader thread sends.
enum Event {
    Message(EngineMessage),
    Garbage(Garbage),
    /// The output ended; `Some` if reading failed.
    End(Option<io::Error>),
}

/// The search's answer.
enum Answer {
    Best(BestMove),
    Mate(Checkmate),
}

/// A running search.
struct Search {
    started: Instant,
    infos: Vec<Info>,
    answer: Option<(Answer, Instant)>,
    stop_sent: bool,
}

/// A running USI engine process (see the [module docs](self)).
///
/// Every method that waits takes a timeout and returns a [`DriverError`] rather than wait
/// longer. Commands that only send (`set_option`, `new_game`, `position`, `game_over`) fail
/// only if the engine cannot be written to.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    program: String,
    events: Receiver<Event>,
    garbage: Vec<Garbage>,
    garbage_count: usize,
    search: Option<Search>,
    /// Searches given up after a timeout whose `bestmove` has not come yet.
    abandoned: usize,
    /// The output has ended (with the read error, if any).
    closed: Option<Option<(io::ErrorKind, String)>>,
    /// The exit status, once reaped.
    status: Option<ExitStatus>,
}

impl std::fmt::Debug for EngineProcess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineProcess")
            .field("program", &self.program)
            .field("pid", &self.child.id())
            .field("searching", &self.search.is_some())
            .field("garbage_count", &self.garbage_count)
            .field("closed", &self.closed.is_some())
            .field("status", &self.status)
            .finish_non_exhaustive()
    }
}

impl EngineProcess {
    /// Starts `command` with piped standard input and output (standard error is left as the
    /// command says: inherited by default) and starts the reader thread. Nothing is sent: call
    /// [`handshake`](EngineProcess::handshake) next.
    ///
    /// On Unix the process starts in a process group of its own (the driver sets
    /// [`process_group(0)`](std::os::unix::process::CommandExt::process_group) on `command`),
    /// so that whatever it starts (the engine run by a `sh -c` wrapper, a helper process) is
    /// killed with it: see [Ending](self#ending).
    ///
    /// # Errors
    /// [`DriverError::Spawn`] if the program cannot be started.
    ///
    /// # Examples
    /// ```no_run
    /// use std::process::{Command, Stdio};
    ///
    /// use shogi_usi::driver::EngineProcess;
    ///
    /// let mut command = Command::new("/usr/games/gpsusi");
    /// command.current_dir("/tmp").stderr(Stdio::null());
    /// let engine = EngineProcess::spawn(&mut command)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn spawn(command: &mut Command) -> Result<EngineProcess, DriverError> {
        let program = command.get_program().to_string_lossy().into_owned();
        let spawn_error = |e: io::Error, program: String| DriverError::Spawn {
            program,
            kind: e.kind(),
            message: e.to_string(),
        };
        #[cfg(unix)]
        group::isolate(command);
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| spawn_error(e, program.clone()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            // Both are piped above, so this does not happen; clean up all the same.
            kill_and_wait(&mut child);
            return Err(spawn_error(
                io::Error::other("no pipe to the engine"),
                program,
            ));
        };
        let (tx, events) = mpsc::sync_channel(CHANNEL);
        let reader = thread::Builder::new()
            .name(format!("usi reader {}", child.id()))
            .spawn(move || read_lines(stdout, &tx));
        if let Err(e) = reader {
            kill_and_wait(&mut child);
            return Err(spawn_error(e, program));
        }
        Ok(EngineProcess {
            child,
            stdin: Some(stdin),
            program,
            events,
            garbage: Vec::new(),
            garbage_count: 0,
            search: None,
            abandoned: 0,
            closed: None,
            status: None,
        })
    }

    /// Starts a command line split on ASCII whitespace: the first word is the program, the
    /// others its arguments. No shell is involved, so there is no quoting, and a program path
    /// cannot contain spaces; for those, build a [`Command`] and call
    /// [`spawn`](EngineProcess::spawn) (for example `sh -c '...'`).
    ///
    /// # Errors
    /// [`DriverError::Spawn`] if the line is blank or the program cannot be started.
    ///
    /// # Examples
    /// ```
    /// use shogi_usi::driver::{DriverError, EngineProcess};
    ///
    /// let err = EngineProcess::spawn_shell("/no/such/engine --fast").unwrap_err();
    /// assert!(matches!(err, DriverError::Spawn { kind: std::io::ErrorKind::NotFound, .. }));
    /// assert!(matches!(EngineProcess::spawn_shell("  "), Err(DriverError::Spawn { .. })));
    /// ```
    pub fn spawn_shell(command_line: &str) -> Result<EngineProcess, DriverError> {
        let mut words = command_line.split_ascii_whitespace();
        let Some(program) = words.next() else {
            return Err(DriverError::Spawn {
                program: String::new(),
                kind: io::ErrorKind::InvalidInput,
                message: "empty command line".into(),
            });
        };
        EngineProcess::spawn(Command::new(program).args(words))
    }

    /// The process id.
    #[must_use]
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// The lines read so far that were not USI messages (the first 1000 of them; see
    /// [`garbage_count`](EngineProcess::garbage_count)). Lines still in the pipe are read only when
    /// the driver waits for something.
    #[must_use]
    pub fn garbage(&self) -> &[Garbage] {
        &self.garbage
    }

    /// How many lines read so far were not USI messages.
    #[must_use]
    pub fn garbage_count(&self) -> usize {
        self.garbage_count
    }

    /// Whether a search started by [`start_go`](EngineProcess::start_go) (or
    /// [`start_mate`](EngineProcess::start_mate)) still waits for its result to be collected.
    #[must_use]
    pub fn is_searching(&self) -> bool {
        self.search.is_some()
    }

    /// Sends one command as it is. The methods below are built on it; use it for commands
    /// they do not cover. It does not change the driver's idea of the engine's state, so do
    /// not send `go`, `stop` or `ponderhit` with it.
    ///
    /// # Errors
    /// [`DriverError::Exited`] if the engine has exited, [`DriverError::Io`] if writing fails
    /// otherwise.
    pub fn send(&mut self, command: &GuiCommand) -> Result<(), DriverError> {
        let (word, doing) = command_words(command);
        self.write_line(&command.to_string(), word, doing)
    }

    /// Sends `usi` and reads `id name`, `id author` and `option` lines until `usiok`.
    ///
    /// # Errors
    /// [`DriverError::Timeout`] (`"usiok"`) if `usiok` does not come within `timeout`,
    /// [`DriverError::Exited`] if the engine exits first, [`DriverError::Protocol`] for a
    /// `bestmove` or `checkmate`, [`DriverError::Searching`] during a search.
    pub fn handshake(&mut self, timeout: Duration) -> Result<EngineInfo, DriverError> {
        self.idle()?;
        self.send(&GuiCommand::Usi)?;
        let deadline = deadline_after(timeout);
        let mut info = EngineInfo::default();
        loop {
            match self.next_message(deadline, timeout, "usiok")? {
                Some(EngineMessage::Id(Id::Name(name))) => info.name = name,
                Some(EngineMessage::Id(Id::Author(author))) => info.author = author,
                Some(EngineMessage::Option(def)) => info.options.push(def),
                Some(EngineMessage::UsiOk) => return Ok(info),
                _ => {}
            }
        }
    }

    /// Sends `setoption name <name> [value <value>]` (no value for a button). The name is sent
    /// as given, whether or not the engine declared it.
    ///
    /// # Errors
    /// [`DriverError::Searching`] during a search; see [`send`](EngineProcess::send).
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), DriverError> {
        self.idle()?;
        let line = match value {
            Some(value) => format!("setoption name {name} value {value}"),
            None => format!("setoption name {name}"),
        };
        self.write_line(&line, "setoption", "writing setoption")
    }

    /// Sends `isready` and waits for `readyok`. Allowed during a search (its `info` lines are
    /// collected; a `bestmove` is kept for [`wait_bestmove`](EngineProcess::wait_bestmove)).
    ///
    /// # Errors
    /// [`DriverError::Timeout`] (`"readyok"`), [`DriverError::Exited`],
    /// [`DriverError::Protocol`] for a `bestmove` with no search running.
    pub fn is_ready(&mut self, timeout: Duration) -> Result<(), DriverError> {
        self.send(&GuiCommand::IsReady)?;
        let deadline = deadline_after(timeout);
        loop {
            if let Some(EngineMessage::ReadyOk) = self.next_message(deadline, timeout, "readyok")? {
                return Ok(());
            }
        }
    }

    /// Sends `usinewgame`.
    ///
    /// # Errors
    /// [`DriverError::Searching`] during a search; see [`send`](EngineProcess::send).
    pub fn new_game(&mut self) -> Result<(), DriverError> {
        self.idle()?;
        self.send(&GuiCommand::UsiNewGame)
    }

    /// Sends `position ...`.
    ///
    /// # Errors
    /// [`DriverError::Searching`] during a search; see [`send`](EngineProcess::send).
    pub fn position(&mut self, position: &PositionCommand) -> Result<(), DriverError> {
        self.idle()?;
        self.write_line(&position.to_string(), "position", "writing position")
    }

    /// Sends `go` and waits for `bestmove`: [`start_go`](EngineProcess::start_go) then
    /// [`wait_bestmove`](EngineProcess::wait_bestmove). For `go ponder` or `go infinite`, which
    /// answer only after `ponderhit` or `stop`, use those.
    ///
    /// # Errors
    /// [`DriverError::Timeout`] (`"bestmove"`) after `timeout` (the driver then sends `stop`
    /// and forgets the search), [`DriverError::Exited`], [`DriverError::Protocol`] for a
    /// `checkmate`, [`DriverError::Searching`] if a search is already running.
    pub fn go(&mut self, go: &Go, timeout: Duration) -> Result<SearchResult, DriverError> {
        self.start_go(go)?;
        self.wait_bestmove(timeout)
    }

    /// Sends `go` and returns at once; collect the result with
    /// [`wait_bestmove`](EngineProcess::wait_bestmove) or [`stop`](EngineProcess::stop), after
    /// [`ponder_hit`](EngineProcess::ponder_hit) for `go ponder`.
    ///
    /// # Errors
    /// [`DriverError::Searching`] if a search is already running; see [`send`](EngineProcess::send).
    pub fn start_go(&mut self, go: &Go) -> Result<(), DriverError> {
        self.idle()?;
        self.send(&GuiCommand::Go(go.clone()))?;
        self.search = Some(Search {
            started: Instant::now(),
            infos: Vec::new(),
            answer: None,
            stop_sent: false,
        });
        Ok(())
    }

    /// Sends `ponderhit` (with `clocks` if given): the opponent played the expected move, and
    /// the ponder search goes on as a normal one. The result's
    /// [`elapsed`](SearchResult::elapsed) then counts from here.
    ///
    /// # Errors
    /// [`DriverError::NoSearch`] with no search running; see [`send`](EngineProcess::send).
    pub fn ponder_hit(&mut self, clocks: Option<Clocks>) -> Result<(), DriverError> {
        if self.search.is_none() {
            return Err(DriverError::NoSearch);
        }
        self.send(&GuiCommand::PonderHit(clocks))?;
        if let Some(search) = &mut self.search {
            search.started = Instant::now();
        }
        Ok(())
    }

    /// Sends `stop` (unless the engine has already answered) and waits for `bestmove`.
    ///
    /// # Errors
    /// As [`wait_bestmove`](EngineProcess::wait_bestmove).
    pub fn stop(&mut self, timeout: Duration) -> Result<SearchResult, DriverError> {
        self.stop_search()?;
        self.wait_bestmove(timeout)
    }

    /// Waits for the `bestmove` of the running search.
    ///
    /// # Errors
    /// [`DriverError::NoSearch`] with no search running; [`DriverError::Timeout`]
    /// (`"bestmove"`) after `timeout` (the driver then sends `stop` and forgets the search);
    /// [`DriverError::Exited`]; [`DriverError::Protocol`] if the engine answers `checkmate`.
    pub fn wait_bestmove(&mut self, timeout: Duration) -> Result<SearchResult, DriverError> {
        match self.wait_answer(timeout, "bestmove")? {
            (Answer::Best(best), infos, elapsed) => Ok(SearchResult {
                best,
                infos,
                elapsed,
            }),
            (Answer::Mate(answer), _, _) => Err(DriverError::Protocol {
                line: EngineMessage::Checkmate(answer).to_string(),
                waiting_for: "bestmove",
            }),
        }
    }

    /// Sends `go mate <limit>` (a tsume search) and returns at once; collect the answer with
    /// [`wait_checkmate`](EngineProcess::wait_checkmate) (or stop it with `stop_mate`).
    ///
    /// # Errors
    /// [`DriverError::Searching`] if a search is already running; see [`send`](EngineProcess::send).
    pub fn start_mate(&mut self, limit: MateLimit) -> Result<(), DriverError> {
        self.start_go(&Go {
            mate: Some(limit),
            ..Go::default()
        })
    }

    /// Sends `go mate <limit>` and waits for `checkmate`.
    ///
    /// # Errors
    /// As [`start_mate`](EngineProcess::start_mate) and [`wait_checkmate`](EngineProcess::wait_checkmate).
    pub fn mate(&mut self, limit: MateLimit, timeout: Duration) -> Result<MateResult, DriverError> {
        self.start_mate(limit)?;
        self.wait_checkmate(timeout)
    }

    /// Sends `stop` (unless the engine has already answered) and waits for `checkmate`.
    ///
    /// # Errors
    /// As [`wait_checkmate`](EngineProcess::wait_checkmate).
    pub fn stop_mate(&mut self, timeout: Duration) -> Result<MateResult, DriverError> {
        self.stop_search()?;
        self.wait_checkmate(timeout)
    }

    /// Waits for the `checkmate` answer of the running search.
    ///
    /// # Errors
    /// As [`wait_bestmove`](EngineProcess::wait_bestmove), waiting for `"checkmate"`; a `bestmove`
    /// answer is a [`DriverError::Protocol`] error.
    pub fn wait_checkmate(&mut self, timeout: Duration) -> Result<MateResult, DriverError> {
        match self.wait_answer(timeout, "checkmate")? {
            (Answer::Mate(answer), infos, elapsed) => Ok(MateResult {
                answer,
                infos,
                elapsed,
            }),
            (Answer::Best(best), _, _) => Err(DriverError::Protocol {
                line: EngineMessage::BestMove(best).to_string(),
                waiting_for: "checkmate",
            }),
        }
    }

    /// Sends `gameover win|lose|draw` (the result from the engine's point of view).
    ///
    /// # Errors
    /// [`DriverError::Searching`] during a search (stop it first); see [`send`](EngineProcess::send).
    pub fn game_over(&mut self, result: GameResult) -> Result<(), DriverError> {
        self.idle()?;
        self.send(&GuiCommand::GameOver(result))
    }

    /// Sends `quit` and waits for the process to exit; if it does not within `timeout`, kills
    /// it. Either way the process is gone (and reaped) when this returns, and so is whatever it
    /// left running in its process group (see [Ending](self#ending)); later calls fail with
    /// [`DriverError::Exited`].
    ///
    /// # Errors
    /// [`DriverError::Timeout`] (`"exit"`) if the engine had to be killed.
    pub fn quit(&mut self, timeout: Duration) -> Result<ExitStatus, DriverError> {
        if let Some(status) = self.status {
            return Ok(status);
        }
        // An engine that has already exited cannot be written to: that is fine here.
        let _ = self.send(&GuiCommand::Quit);
        self.stdin = None;
        let deadline = deadline_after(timeout);
        loop {
            if let Some(status) = self.try_reap() {
                return Ok(status);
            }
            if Instant::now() >= deadline {
                break;
            }
            thread::sleep(Duration::from_millis(5));
        }
        self.kill();
        Err(DriverError::Timeout {
            waiting_for: "exit",
            after: timeout,
        })
    }

    fn idle(&self) -> Result<(), DriverError> {
        match self.search {
            Some(_) => Err(DriverError::Searching),
            None => Ok(()),
        }
    }

    fn stop_search(&mut self) -> Result<(), DriverError> {
        let Some(search) = &self.search else {
            return Err(DriverError::NoSearch);
        };
        if search.answer.is_some() || search.stop_sent {
            return Ok(());
        }
        // Read what has come already: the engine may have answered (a book move).
        self.drain()?;
        let answered = self.search.as_ref().is_none_or(|s| s.answer.is_some());
        if !answered {
            self.send(&GuiCommand::Stop)?;
            if let Some(search) = &mut self.search {
                search.stop_sent = true;
            }
        }
        Ok(())
    }

    /// Handles what the reader has already sent, without waiting.
    fn drain(&mut self) -> Result<(), DriverError> {
        loop {
            match self.events.try_recv() {
                Ok(event) => {
                    if let Some(msg) = self.event(event)? {
                        self.filter(msg, "bestmove")?;
                    }
                }
                Err(TryRecvError::Empty) => return Ok(()),
                Err(TryRecvError::Disconnected) => {
                    if self.closed.is_none() {
                        self.closed = Some(None);
                    }
                    return Ok(());
                }
            }
        }
    }

    fn wait_answer(
        &mut self,
        timeout: Duration,
        waiting_for: &'static str,
    ) -> Result<(Answer, Vec<Info>, Duration), DriverError> {
        if self.search.is_none() {
            return Err(DriverError::NoSearch);
        }
        let deadline = deadline_after(timeout);
        loop {
            if let Some(search) = self.search.take_if(|s| s.answer.is_some())
                && let Some((answer, at)) = search.answer
            {
                let elapsed = at.saturating_duration_since(search.started);
                return Ok((answer, search.infos, elapsed));
            }
            match self.next_message(deadline, timeout, waiting_for) {
                Ok(_) => {}
                Err(e @ DriverError::Timeout { .. }) => {
                    let stop_sent = self.search.take().is_some_and(|s| s.stop_sent);
                    self.abandoned += 1;
                    if !stop_sent {
                        let _ = self.send(&GuiCommand::Stop);
                    }
                    return Err(e);
                }
                Err(e) => {
                    if matches!(e, DriverError::Exited { .. } | DriverError::Io { .. }) {
                        self.search = None;
                    }
                    return Err(e);
                }
            }
        }
    }

    /// The next message the caller may want, or `None` once the running search has its
    /// answer: garbage is stored, `info`, `bestmove` and `checkmate` go to the search.
    fn next_message(
        &mut self,
        deadline: Instant,
        timeout: Duration,
        waiting_for: &'static str,
    ) -> Result<Option<EngineMessage>, DriverError> {
        loop {
            if let Some(closed) = &self.closed {
                return Err(match closed {
                    Some((kind, message)) => DriverError::Io {
                        doing: "reading",
                        kind: *kind,
                        message: message.clone(),
                    },
                    None => DriverError::Exited {
                        status: self.reap(),
                        waiting_for,
                    },
                });
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let event = match self.events.recv_timeout(left) {
                Ok(event) => event,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(DriverError::Timeout {
                        waiting_for,
                        after: timeout,
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.closed = Some(None);
                    continue;
                }
            };
            if let Some(msg) = self.event(event)? {
                match self.filter(msg, waiting_for)? {
                    Some(msg) => return Ok(Some(msg)),
                    None if self.search.as_ref().is_some_and(|s| s.answer.is_some()) => {
                        return Ok(None);
                    }
                    None => {}
                }
            }
        }
    }

    /// Stores garbage and the end of the output; returns a message.
    fn event(&mut self, event: Event) -> Result<Option<EngineMessage>, DriverError> {
        match event {
            Event::Message(EngineMessage::Unknown(line)) => {
                self.push_garbage(Garbage { line, error: None });
                Ok(None)
            }
            Event::Message(msg) => Ok(Some(msg)),
            Event::Garbage(g) => {
                self.push_garbage(g);
                Ok(None)
            }
            Event::End(error) => {
                self.closed = Some(error.map(|e| (e.kind(), e.to_string())));
                Ok(None)
            }
        }
    }

    /// Gives search messages to the search; returns the others.
    fn filter(
        &mut self,
        msg: EngineMessage,
        waiting_for: &'static str,
    ) -> Result<Option<EngineMessage>, DriverError> {
        let answer = match msg {
            EngineMessage::Info(info) => {
                if let Some(search) = &mut self.search
                    && search.answer.is_none()
                    && self.abandoned == 0
                {
                    search.infos.push(info);
                }
                return Ok(None);
            }
            EngineMessage::BestMove(best) => Answer::Best(best),
            EngineMessage::Checkmate(answer) => Answer::Mate(answer),
            other => return Ok(Some(other)),
        };
        if self.abandoned > 0 {
            // The late answer of a search given up after a timeout.
            self.abandoned -= 1;
            return Ok(None);
        }
        match &mut self.search {
            Some(search) if search.answer.is_none() => {
                search.answer = Some((answer, Instant::now()));
                Ok(None)
            }
            _ => Err(DriverError::Protocol {
                line: match answer {
                    Answer::Best(b) => EngineMessage::BestMove(b).to_string(),
                    Answer::Mate(c) => EngineMessage::Checkmate(c).to_string(),
                },
                waiting_for,
            }),
        }
    }

    fn push_garbage(&mut self, g: Garbage) {
        self.garbage_count += 1;
        if self.garbage.len() < MAX_GARBAGE {
            self.garbage.push(g);
        }
    }

    /// The exit code once the output has closed, waiting a little for the process to end.
    fn reap(&mut self) -> Option<i32> {
        let deadline = Instant::now() + REAP;
        while self.try_reap().is_none() && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(5));
        }
        self.status.and_then(|s| s.code())
    }

    /// The exit status if the process has ended, without waiting. An ended process is reaped,
    /// and on Unix whatever is left in its process group is killed first (while the process is
    /// not yet reaped, its id, which is also the group's, cannot be reused).
    fn try_reap(&mut self) -> Option<ExitStatus> {
        if self.status.is_some() {
            return self.status;
        }
        #[cfg(unix)]
        match group::has_ended(self.child.id()) {
            Some(true) => group::kill(self.child.id()),
            Some(false) => return None,
            // Not known (someone else may have reaped it): ask the `Child`.
            None => {}
        }
        if let Ok(Some(status)) = self.child.try_wait() {
            self.status = Some(status);
        }
        self.status
    }

    /// Kills the process (and on Unix its process group) unless it has been reaped, and reaps
    /// it.
    fn kill(&mut self) {
        if self.status.is_none() {
            self.status = kill_and_wait(&mut self.child);
        }
    }

    fn write_line(
        &mut self,
        line: &str,
        word: &'static str,
        doing: &'static str,
    ) -> Result<(), DriverError> {
        let result = match &mut self.stdin {
            Some(stdin) => {
                let mut buf = String::with_capacity(line.len() + 1);
                buf.push_str(line);
                buf.push('\n');
                stdin.write_all(buf.as_bytes()).and_then(|()| stdin.flush())
            }
            None => Err(io::Error::from(io::ErrorKind::BrokenPipe)),
        };
        match result {
            Ok(()) => Ok(()),
            Err(e) => {
                if self.try_reap().is_some() {
                    return Err(DriverError::Exited {
                        status: self.reap(),
                        waiting_for: word,
                    });
                }
                if e.kind() == io::ErrorKind::BrokenPipe {
                    // The engine closed its input; it is probably exiting.
                    let status = self.reap();
                    if self.status.is_some() {
                        return Err(DriverError::Exited {
                            status,
                            waiting_for: word,
                        });
                    }
                }
                Err(DriverError::Io {
                    doing,
                    kind: e.kind(),
                    message: e.to_string(),
                })
            }
        }
    }
}

impl Drop for EngineProcess {
    /// Kills the process if it is still running, with its process group on Unix, and reaps it
    /// (see [Ending](self#ending)).
    fn drop(&mut self) {
        self.stdin = None;
        self.kill();
    }
}

/// Kills a child that has not been reaped (on Unix, its whole process group first) and waits
/// for it; returns its exit status.
fn kill_and_wait(child: &mut Child) -> Option<ExitStatus> {
    #[cfg(unix)]
    group::kill(child.id());
    let _ = child.kill();
    child.wait().ok()
}

/// The engine's process group (Unix): the engine leads a group of its own, so that the driver
/// can kill everything it started, which `Child::kill` alone would leave running (the engine
/// under a `sh -c` wrapper, or a helper).
#[cfg(unix)]
mod group {
    use std::os::unix::process::CommandExt;
    use std::process::Command;

    /// Makes the process `command` starts the leader of a new process group, whose id is the
    /// process's own.
    pub(super) fn isolate(command: &mut Command) {
        command.process_group(0);
    }

    /// Whether the child `pid` has ended, without reaping it; `None` if that cannot be known
    /// (it is not our child, or was reaped elsewhere).
    #[allow(
        unsafe_code,
        reason = "waitid(2): std cannot look at a child without reaping it"
    )]
    pub(super) fn has_ended(pid: u32) -> Option<bool> {
        let id = libc::id_t::try_from(pid).ok()?;
        let mut info = core::mem::MaybeUninit::<libc::siginfo_t>::zeroed();
        // SAFETY: `info` points to a `siginfo_t` that lives through the call, and a zeroed
        // `siginfo_t` (integers and pointers only) is a valid value to read afterwards. With
        // WNOHANG the call does not block, and WNOWAIT leaves the child unreaped.
        let (rc, info) = unsafe {
            let rc = libc::waitid(
                libc::P_PID,
                id,
                info.as_mut_ptr(),
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            );
            (rc, info.assume_init())
        };
        // With no ended child, the signal number stays 0; else it is SIGCHLD.
        (rc == 0).then_some(info.si_signo != 0)
    }

    /// Sends SIGKILL to the process group `pgid`, if it is a possible child's id (never 0 or
    /// 1: `kill(0)` and `kill(-1)` would reach this process's own group or every process).
    ///
    /// Call it only while the group's leader, the child, is not yet reaped: its id then cannot
    /// belong to another group.
    #[allow(unsafe_code, reason = "kill(2): std cannot signal a process group")]
    pub(super) fn kill(pgid: u32) {
        let Ok(pgid) = libc::pid_t::try_from(pgid) else {
            return;
        };
        if pgid > 1 {
            // SAFETY: kill(2) takes two integers and touches no memory of this process.
            unsafe {
                libc::kill(-pgid, libc::SIGKILL);
            }
        }
    }
}

/// `now + timeout`, or the latest instant that can be represented (a timeout of
/// [`Duration::MAX`] means "wait for ever", and must not overflow).
fn deadline_after(timeout: Duration) -> Instant {
    let now = Instant::now();
    [
        timeout,
        Duration::from_secs(100 * 365 * 86_400),
        Duration::from_secs(86_400),
    ]
    .into_iter()
    .find_map(|t| now.checked_add(t))
    .unwrap_or(now)
}

/// The command's first word, and what writing it is called in an error.
fn command_words(command: &GuiCommand) -> (&'static str, &'static str) {
    match command {
        GuiCommand::Usi => ("usi", "writing usi"),
        GuiCommand::IsReady => ("isready", "writing isready"),
        GuiCommand::SetOption { .. } => ("setoption", "writing setoption"),
        GuiCommand::UsiNewGame => ("usinewgame", "writing usinewgame"),
        GuiCommand::Position(_) => ("position", "writing position"),
        GuiCommand::Go(_) => ("go", "writing go"),
        GuiCommand::Stop => ("stop", "writing stop"),
        GuiCommand::PonderHit(_) => ("ponderhit", "writing ponderhit"),
        GuiCommand::GameOver(_) => ("gameover", "writing gameover"),
        GuiCommand::Quit => ("quit", "writing quit"),
        GuiCommand::Unknown(_) => ("a command", "writing a command"),
    }
}

/// The reader thread: one event per line, then `End`.
fn read_lines(stdout: impl Read, tx: &SyncSender<Event>) {
    let mut reader = BufReader::new(stdout);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let event = match read_line_capped(&mut reader, &mut buf) {
            Ok(0) => {
                let _ = tx.send(Event::End(None));
                return;
            }
            Ok(_) => {
                let text = String::from_utf8_lossy(&buf);
                let line = text.trim_end_matches(['\n', '\r']);
                if line.trim().is_empty() {
                    continue;
                }
                match EngineMessage::parse_lenient(line) {
                    Ok(msg) => Event::Message(msg),
                    Err(error) => Event::Garbage(Garbage {
                        line: line.to_string(),
                        error: Some(error),
                    }),
                }
            }
            Err(e) => {
                let _ = tx.send(Event::End(Some(e)));
                return;
            }
        };
        if tx.send(event).is_err() {
            // The engine value is gone.
            return;
        }
    }
}

/// Reads one line into `buf`, keeping at most [`MAX_LINE`] bytes of it; returns the number of
/// bytes read (0 at the end).
fn read_line_capped(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<usize> {
    let mut total = 0;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(total);
        }
        let (used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = MAX_LINE.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..used.min(room)]);
        reader.consume(used);
        total += used;
        if done {
            return Ok(total);
        }
    }
}
