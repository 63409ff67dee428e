//! The engine side of USI: a loop that talks to the GUI, so that an engine author writes only
//! the search.
//!
//! [`run`] (or [`run_stdio`]) reads the GUI's commands, answers `usi` and `isready`, keeps the
//! position of the last `position` command as a [`Game`] with its history (for repetition and
//! impasse), and calls the [`Engine`] for the rest: [`Engine::go`] for `go`,
//! [`Engine::set_option`] for `setoption`, and so on. The search runs on a worker thread, so
//! the loop keeps reading while it runs: `isready` is answered at once, `stop` and
//! `ponderhit` are seen by the search through [`Search::stopped`] and [`Search::pondering`].
//!
//! # Examples
//!
//! A complete engine that plays the first legal move (see `examples/random_engine.rs` for one
//! with options, mate in one and impasse declarations), driven here by a fixed script:
//!
//! ```
//! use shogi_usi::engine_message::BestMove;
//! use shogi_usi::info::{Info, Pv};
//! use shogi_usi::serve::{self, Engine, Search};
//!
//! struct FirstMove;
//!
//! impl Engine for FirstMove {
//!     fn name(&self) -> String {
//!         "FirstMove".into()
//!     }
//!     fn author(&self) -> String {
//!         "The shogi-usi authors".into()
//!     }
//!     fn go(&mut self, search: &Search<'_>) -> BestMove {
//!         let Some(&best) = search.position().legal_moves().first() else {
//!             return BestMove::Resign;
//!         };
//!         search.info(Info { depth: Some(1), pv: Some(Pv { moves: vec![best], end: None }), ..Info::default() });
//!         BestMove::Move { best, ponder: None }
//!     }
//! }
//!
//! // A real engine calls `serve::run_stdio(FirstMove)` in `main`.
//! let script = "usi\nisready\nposition startpos moves 7g7f\ngo btime 0 wtime 0 byoyomi 1000\nquit\n";
//! # #[derive(Clone, Default)]
//! # struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
//! # impl std::io::Write for Shared {
//! #     fn write(&mut self, b: &[u8]) -> std::io::Result<usize> { self.0.lock().unwrap().extend_from_slice(b); Ok(b.len()) }
//! #     fn flush(&mut self) -> std::io::Result<()> { Ok(()) }
//! # }
//! let output = Shared::default(); // a `Write` whose bytes we can read afterwards
//! serve::run(FirstMove, script.as_bytes(), output.clone())?;
//! let text = String::from_utf8(output.0.lock().unwrap().clone())?;
//! assert_eq!(
//!     text,
//!     "id name FirstMove\nid author The shogi-usi authors\nusiok\nreadyok\n\
//!      info depth 1 pv 5a4b\nbestmove 5a4b\n"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The loop
//!
//! - Answers come in the order of the commands they answer, with one exception: a search
//!   does not hold later answers back (see `isready`), so its `info` lines and `bestmove` may
//!   come after them.
//! - Every line is read with [`GuiCommand::parse_lenient`] (which clamps numbers out of range:
//!   `go depth -1` searches to depth 0). A blank line is skipped; a line that cannot be read,
//!   or an unknown command, is answered with `info string` saying why, and otherwise ignored
//!   (GUIs send junk; the loop never stops for it). A `go` whose parameters cannot all be
//!   read is still a search: each parameter that cannot be read is left out, so it keeps its
//!   default (an unreadable `mate` limit is `mate infinite`), with an `info string` naming it
//!   before the search starts.
//! - `usi`: `id name`, `id author`, one `option` line per [`Engine::options`], `usiok`.
//! - `isready`: `readyok`, once the commands before it have been passed to the engine and
//!   [`Engine::ready`] has returned. During a search (a `go` whose `bestmove` has not been
//!   sent) with nothing else before it still to do, it is answered at once, as USI asks.
//! - `setoption`, `usinewgame`, `gameover`: passed to the engine
//!   ([`Engine::set_option`], [`Engine::new_game`], [`Engine::game_over`]) in order, between
//!   searches: one that arrives during a search waits until the search ends (and so do the
//!   answers to the commands after it). `gameover` also stops a search that is still running
//!   (a ponder search, typically).
//! - `position`: kept. At the next `go` its moves are replayed into a [`Game`] under
//!   [`Engine::rules`] with [`Game::play`], so the game has its history. A start position with
//!   only soft faults (a mate problem without the attacker's king, extra material) is
//!   accepted. A position that cannot be replayed (an invalid start, an illegal move, or a
//!   move after the game ended under those rules, such as after a fourfold repetition) is
//!   reported with `info string` and
//!   answered `bestmove resign` (`checkmate nomate` for `go mate`) without calling the
//!   engine. Before any `position` command, `go` searches the standard start position.
//! - `go`: [`Engine::go`] on the worker thread, then `bestmove` (`go mate`:
//!   [`Engine::mate`], then `checkmate`). Every `go` is answered exactly once, whatever its
//!   parameters.
//! - `go ponder` and `go infinite`: USI forbids `bestmove` while the engine ponders or
//!   searches infinitely, so if the engine returns early, the answer is held back until
//!   `stop` (or, for `go ponder` without `infinite`, `ponderhit`).
//! - `stop`: [`Search::stopped`] becomes true; the answer follows when the engine returns.
//!   Outside a search it does nothing.
//! - `ponderhit` (with or without clocks): [`Search::pondering`] becomes false and the
//!   search's [deadline](Search::deadline) starts.
//! - `quit`, or the end of the input: the running search (and any queued one) is stopped,
//!   its answer written, and [`run`] returns once the engine has returned.
//! - Each output line is written with the message's `Display` (a control character inside a
//!   text, such as a line break, is replaced by a space) and flushed at once. If writing fails the loop ends and [`run`]
//!   returns the error.
//! - A panic in the engine is caught: the loop writes `info string` with the method's name
//!   and answers as if the position could not be replayed (`bestmove resign`).
//!
//! Only standard shogi ([`Standard`]) is served. The engine's answer is sent as it is: the
//! loop does not check that the move is legal.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::panic::AssertUnwindSafe;
use core::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use core::time::Duration;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::Instant;

use crate::position::{PositionCommand, StartPosition};
use shogi_movegen::{Position, Standard};
use shogi_rules::{Game, RuleSet};
use shogi_types::Color;

use crate::engine_message::{BestMove, Checkmate, EngineMessage, Id};
use crate::gui_command::{Clocks, GameResult, Go, GuiCommand, MateLimit, parse_go_skipping};
use crate::info::Info;
use crate::option::OptionDef;

/// What an engine implements to be served by [`run`]: its name, its options, and the search.
///
/// Every method but [`name`](Engine::name), [`author`](Engine::author) and
/// [`go`](Engine::go) has a default. The loop calls the methods one at a time, from one
/// worker thread, never during a search.
///
/// # Examples
///
/// An engine with an option (see the [module docs](self) for a complete program):
///
/// ```
/// use shogi_usi::engine_message::BestMove;
/// use shogi_usi::option::{OptionDef, OptionKind};
/// use shogi_usi::serve::{Engine, Search};
///
/// struct Lazy {
///     resign: bool,
/// }
///
/// impl Engine for Lazy {
///     fn name(&self) -> String {
///         "Lazy".into()
///     }
///     fn author(&self) -> String {
///         "me".into()
///     }
///     fn options(&self) -> Vec<OptionDef> {
///         vec![OptionDef { name: "Resign".into(), kind: OptionKind::Check { default: Some(false) } }]
///     }
///     fn set_option(&mut self, name: &str, value: Option<&str>) {
///         if name.eq_ignore_ascii_case("Resign") {
///             self.resign = value == Some("true");
///         }
///     }
///     fn go(&mut self, search: &Search<'_>) -> BestMove {
///         match search.position().legal_moves().first() {
///             Some(&best) if !self.resign => BestMove::Move { best, ponder: None },
///             _ => BestMove::Resign,
///         }
///     }
/// }
/// ```
pub trait Engine: Send + 'static {
    /// The engine's name, sent as `id name`.
    fn name(&self) -> String;

    /// The engine's author, sent as `id author`.
    fn author(&self) -> String;

    /// The options the engine offers, sent as `option` lines after `id`. None by default.
    fn options(&self) -> Vec<OptionDef> {
        Vec::new()
    }

    /// `setoption name <name> [value <value>]`: the value is `None` for a button. The name is
    /// passed as the GUI sent it; USI says an engine ignores names it does not know, which is
    /// what the default does.
    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let _ = (name, value);
    }

    /// The rules the game is kept under ([`Search::game`]): repetition is always judged, the
    /// impasse rule and move limit are the rule set's. Asked at every `go`, so an option may
    /// change it. [`RuleSet::none`] by default.
    fn rules(&self) -> RuleSet {
        RuleSet::none()
    }

    /// `isready` outside a search: prepare (load files, allocate tables) before `readyok` is
    /// sent. Nothing by default.
    fn ready(&mut self) {}

    /// `usinewgame`: a new game starts. Nothing by default.
    fn new_game(&mut self) {}

    /// `gameover`: the game ended, with this result from the engine's point of view. Nothing
    /// by default.
    fn game_over(&mut self, result: GameResult) {
        let _ = result;
    }

    /// `go`: search the position and return the answer, sent as `bestmove`.
    ///
    /// Return soon after [`Search::stopped`] becomes true (`stop`, `quit`, `gameover`), and
    /// within [`Search::deadline`] if there is one. A search may be stopped before it starts
    /// (a `go` right before `quit`): return a legal move, or `resign`, all the same.
    fn go(&mut self, search: &Search<'_>) -> BestMove;

    /// `go mate`: search for a mate (tsume), sent as `checkmate`. The limit is
    /// [`Go::mate`] in [`Search::go`]. Answers `checkmate notimplemented` by default.
    fn mate(&mut self, search: &Search<'_>) -> Checkmate {
        let _ = search;
        Checkmate::NotImplemented
    }
}

/// The time kept back from every budget ([`time_budget`]) for the GUI's and the pipe's delays:
/// 50 ms.
pub const TIME_MARGIN: Duration = Duration::from_millis(50);

/// How long the side to move may think for this `go`, by a simple rule; `None` if the search
/// has no time limit (`go infinite`, `go mate infinite`, or no clock given).
///
/// - `movetime <ms>` (or `rtime <ms>`, or `go mate <ms>`): that time.
/// - Otherwise, with `t` the side's remaining time, `i` its increment and `b` the byoyomi
///   (each 0 when absent, and `None` if all three are): `t / n + i + b`, where `n` is
///   `movestogo` (30 when absent), but no more than `t + b`, what the clock allows.
///
/// [`TIME_MARGIN`] is then taken off (the budget never goes below zero). The rule is meant for
/// simple engines; a strong engine computes its own from [`Search::go`].
///
/// # Examples
/// ```
/// use std::time::Duration;
/// use shogi_types::Color;
/// use shogi_usi::GuiCommand;
/// use shogi_usi::serve::time_budget;
///
/// let GuiCommand::Go(go) = "go btime 60000 wtime 1000 byoyomi 3000".parse()? else { unreachable!() };
/// assert_eq!(time_budget(&go, Color::Black), Some(Duration::from_millis(60000 / 30 + 3000 - 50)));
/// assert_eq!(time_budget(&go, Color::White), Some(Duration::from_millis(33 + 3000 - 50)));
///
/// let GuiCommand::Go(go) = "go btime 0 wtime 0 binc 2000 winc 2000".parse()? else { unreachable!() };
/// assert_eq!(time_budget(&go, Color::Black), Some(Duration::ZERO)); // the increment comes later
///
/// let GuiCommand::Go(go) = "go infinite".parse()? else { unreachable!() };
/// assert_eq!(time_budget(&go, Color::Black), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn time_budget(go: &Go, side: Color) -> Option<Duration> {
    let margin = TIME_MARGIN.as_millis() as u64;
    let fixed = match go.mate {
        Some(MateLimit::Infinite) => return None,
        Some(MateLimit::Time(ms)) => Some(ms),
        None if go.infinite => return None,
        None => go.movetime.or(go.rtime),
    };
    if let Some(ms) = fixed {
        return Some(Duration::from_millis(ms.saturating_sub(margin)));
    }
    let (time, inc) = match side {
        Color::Black => (go.btime, go.binc),
        Color::White => (go.wtime, go.winc),
    };
    if time.is_none() && inc.is_none() && go.byoyomi.is_none() {
        return None;
    }
    let (time, inc, byoyomi) = (time.unwrap_or(0), inc.unwrap_or(0), go.byoyomi.unwrap_or(0));
    let moves = u64::from(go.movestogo.unwrap_or(30).max(1));
    let share = (time / moves).saturating_add(inc).saturating_add(byoyomi);
    let cap = time.saturating_add(byoyomi);
    Some(Duration::from_millis(share.min(cap).saturating_sub(margin)))
}

/// One search: the game to search, the `go` parameters, and the state the GUI changes while
/// it runs (`stop`, `ponderhit`). Given to [`Engine::go`] and [`Engine::mate`].
pub struct Search<'a> {
    game: &'a Game<Standard>,
    go: &'a Go,
    seq: u64,
    received: Instant,
    shared: &'a Shared,
    out: &'a Out,
}

impl<'a> Search<'a> {
    /// The game of the last `position` command: its start, its moves (replayed with
    /// [`Game::play`], so repetitions are counted) and its rules ([`Engine::rules`]).
    #[must_use]
    pub fn game(&self) -> &'a Game<Standard> {
        self.game
    }

    /// The position to search: [`Game::position`] of [`game`](Search::game).
    #[must_use]
    pub fn position(&self) -> &'a Position<Standard> {
        self.game.position()
    }

    /// The parameters of the `go` command.
    #[must_use]
    pub fn go(&self) -> &'a Go {
        self.go
    }

    /// Whether the search must end now: `stop`, `gameover` or `quit` (or the end of the input)
    /// arrived. Cheap enough to ask often (an atomic load).
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.shared.quitting.load(Ordering::Acquire)
            || self.shared.stop_upto.load(Ordering::Acquire) >= self.seq
    }

    /// Whether `ponderhit` arrived for this `go ponder` search (always false for other
    /// searches).
    #[must_use]
    pub fn ponderhit(&self) -> bool {
        self.go.ponder && self.shared.hit_upto.load(Ordering::Acquire) >= self.seq
    }

    /// Whether the engine is pondering: a `go ponder` search, before `ponderhit` and `stop`.
    /// While it ponders there is no deadline.
    #[must_use]
    pub fn pondering(&self) -> bool {
        self.go.ponder && !self.ponderhit() && !self.stopped()
    }

    /// The time the side to move may use ([`time_budget`] of the `go` command, or of the
    /// clocks sent with `ponderhit` if there were any), counted from
    /// [`started`](Search::started).
    #[must_use]
    pub fn time_budget(&self) -> Option<Duration> {
        let side = self.position().side_to_move();
        match self.hit().and_then(|(_, clocks)| clocks) {
            Some(k) => {
                let go = Go {
                    btime: Some(k.btime),
                    wtime: Some(k.wtime),
                    byoyomi: k.byoyomi,
                    binc: k.binc,
                    winc: k.winc,
                    ..self.go.clone()
                };
                time_budget(&go, side)
            }
            None => time_budget(self.go, side),
        }
    }

    /// When the clock started for this search: when `go` arrived, or for a `go ponder` search
    /// when `ponderhit` arrived (`None` while it ponders).
    #[must_use]
    pub fn started(&self) -> Option<Instant> {
        if !self.go.ponder {
            return Some(self.received);
        }
        self.hit().map(|(at, _)| at)
    }

    /// When the search should answer: [`started`](Search::started) plus the
    /// [`time_budget`](Search::time_budget). `None` while pondering, or if there is no limit.
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        let start = self.started()?;
        let budget = self.time_budget()?;
        start.checked_add(budget)
    }

    /// Whether to answer now: [`stopped`](Search::stopped), or the
    /// [`deadline`](Search::deadline) has passed.
    #[must_use]
    pub fn out_of_time(&self) -> bool {
        self.stopped() || self.deadline().is_some_and(|d| Instant::now() >= d)
    }

    /// Sends an `info` line at once.
    pub fn info(&self, info: Info) {
        self.out.send(&EngineMessage::Info(info));
    }

    /// Sends `info string <text>` at once.
    pub fn info_string(&self, text: &str) {
        self.out.info_string(text);
    }

    fn hit(&self) -> Option<(Instant, Option<Clocks>)> {
        if !self.ponderhit() {
            return None;
        }
        let hit = lock(&self.shared.hit);
        // A later `ponderhit` (for a later search) also releases this one; its time is the
        // best we have.
        Some(hit.unwrap_or((self.received, None)))
    }
}

impl fmt::Debug for Search<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Search")
            .field("position", &self.position().to_setup().to_string())
            .field("go", self.go)
            .field("stopped", &self.stopped())
            .field("pondering", &self.pondering())
            .finish_non_exhaustive()
    }
}

/// Reads USI commands from `input` and serves `engine` until `quit` or the end of the input,
/// writing its answers to `output` (see the [module docs](self) for what the loop does).
///
/// `input` is read on a thread of its own, which ends at `quit`, at the end of the input or at
/// a read error; after an output error it may stay blocked in a read until the input ends.
/// Invalid UTF-8 in a line is replaced (U+FFFD) before the line is read.
///
/// # Errors
/// The first error writing `output` (the loop then ends), a read error on `input`, or an
/// error starting the threads. A line that cannot be read as a command is not an error.
///
/// # Examples
/// ```
/// use shogi_usi::engine_message::BestMove;
/// use shogi_usi::serve::{self, Engine, Search};
///
/// struct Resigner;
/// impl Engine for Resigner {
///     fn name(&self) -> String { "Resigner".into() }
///     fn author(&self) -> String { "me".into() }
///     fn go(&mut self, _: &Search<'_>) -> BestMove { BestMove::Resign }
/// }
///
/// serve::run(Resigner, &b"usi\nbogus\ngo\nquit\n"[..], std::io::sink())?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn run<E: Engine>(
    engine: E,
    input: impl BufRead + Send + 'static,
    output: impl Write + Send + 'static,
) -> io::Result<()> {
    let (events_tx, events) = mpsc::channel::<Event>();
    let out = Arc::new(Out {
        writer: Mutex::new(Box::new(output)),
        error: Mutex::new(None),
        wake: Mutex::new(events_tx.clone()),
    });
    let shared = Arc::new(Shared::default());
    let (jobs_tx, jobs) = mpsc::channel::<Job>();
    let worker = {
        let (shared, out) = (Arc::clone(&shared), Arc::clone(&out));
        thread::Builder::new()
            .name("usi-engine".into())
            .spawn(move || work(engine, &jobs, &shared, &out))?
    };
    let reader = thread::Builder::new()
        .name("usi-reader".into())
        .spawn(move || read_lines(input, &events_tx));
    let mut server = Server {
        jobs: jobs_tx,
        shared: &shared,
        out: &out,
        position: None,
        seq: 0,
    };
    let result = match reader {
        Err(e) => Err(e),
        Ok(_) => loop {
            match events.recv() {
                Ok(Event::Line(line)) => {
                    if server.handle(&line) == Flow::Quit {
                        break Ok(());
                    }
                }
                Ok(Event::End(result)) => break result,
                Ok(Event::OutputFailed) | Err(_) => break Ok(()),
            }
        },
    };
    shared.quit();
    drop(server);
    // The worker ends once the queued jobs are done; a search ends when it sees `stopped`.
    let _ = worker.join();
    match lock(&out.error).take() {
        Some(e) => Err(e),
        None => result,
    }
}

/// [`run`] on the standard input and output: what an engine's `main` calls.
///
/// # Errors
/// As [`run`].
///
/// # Examples
/// ```no_run
/// # use shogi_usi::engine_message::BestMove;
/// # use shogi_usi::serve::{Engine, Search};
/// # struct MyEngine;
/// # impl Engine for MyEngine {
/// #     fn name(&self) -> String { "Mine".into() }
/// #     fn author(&self) -> String { "me".into() }
/// #     fn go(&mut self, _: &Search<'_>) -> BestMove { BestMove::Resign }
/// # }
/// fn main() -> std::io::Result<()> {
///     shogi_usi::serve::run_stdio(MyEngine)
/// }
/// ```
pub fn run_stdio<E: Engine>(engine: E) -> io::Result<()> {
    run(engine, io::BufReader::new(io::stdin()), io::stdout())
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

enum Event {
    Line(String),
    End(io::Result<()>),
    OutputFailed,
}

enum Job {
    Usi,
    Ready,
    /// An `info string` answering a line, written in its turn.
    Say(String),
    SetOption {
        name: String,
        value: Option<String>,
    },
    NewGame,
    GameOver(GameResult),
    Go(Box<GoJob>),
}

struct GoJob {
    seq: u64,
    position: PositionCommand,
    go: Go,
    received: Instant,
    /// `info string` lines to write before the search starts (the parameters left out).
    notes: Vec<String>,
}

/// The state the reader side changes and the search reads.
#[derive(Default)]
struct Shared {
    /// Searches numbered up to this one are stopped.
    stop_upto: AtomicU64,
    /// Searches numbered up to this one had their `ponderhit`.
    hit_upto: AtomicU64,
    /// When the last `ponderhit` arrived, and its clocks.
    hit: Mutex<Option<(Instant, Option<Clocks>)>>,
    quitting: AtomicBool,
    /// `go` commands not yet answered.
    pending: AtomicUsize,
    /// Jobs other than `go` not yet done (their output not yet written).
    queued: AtomicUsize,
    wait: Mutex<()>,
    changed: Condvar,
}

impl Shared {
    fn notify(&self) {
        let _guard = lock(&self.wait);
        self.changed.notify_all();
    }

    fn stop(&self, upto: u64) {
        self.stop_upto.fetch_max(upto, Ordering::AcqRel);
        self.notify();
    }

    fn ponderhit(&self, upto: u64, clocks: Option<Clocks>) {
        *lock(&self.hit) = Some((Instant::now(), clocks));
        self.hit_upto.fetch_max(upto, Ordering::AcqRel);
        self.notify();
    }

    fn quit(&self) {
        self.quitting.store(true, Ordering::Release);
        self.notify();
    }

    /// Holds the answer of a `go ponder` or `go infinite` search back until USI allows it.
    fn hold(&self, search: &Search<'_>) {
        let released = || search.stopped() || (!search.go.infinite && !search.pondering());
        let mut guard = lock(&self.wait);
        while !released() {
            guard = match self.changed.wait_timeout(guard, Duration::from_millis(100)) {
                Ok((g, _)) => g,
                Err(poisoned) => poisoned.into_inner().0,
            };
        }
    }
}

struct Out {
    writer: Mutex<Box<dyn Write + Send>>,
    error: Mutex<Option<io::Error>>,
    wake: Mutex<Sender<Event>>,
}

impl Out {
    fn send(&self, msg: &EngineMessage) {
        let mut line = format!("{msg}");
        if line.contains(char::is_control) {
            line = line.replace(char::is_control, " ");
        }
        line.push('\n');
        let mut w = lock(&self.writer);
        if let Err(e) = w.write_all(line.as_bytes()).and_then(|()| w.flush()) {
            let mut error = lock(&self.error);
            if error.is_none() {
                *error = Some(e);
                let _ = lock(&self.wake).send(Event::OutputFailed);
            }
        }
    }

    fn info_string(&self, text: &str) {
        self.send(&EngineMessage::Info(Info {
            string: Some(text.into()),
            ..Info::default()
        }));
    }
}

#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

struct Server<'a> {
    jobs: Sender<Job>,
    shared: &'a Shared,
    out: &'a Out,
    position: Option<PositionCommand>,
    seq: u64,
}

impl Server<'_> {
    /// Queues a job other than `go`.
    fn job(&self, job: Job) {
        self.shared.queued.fetch_add(1, Ordering::AcqRel);
        // The worker only ends when this sender is dropped.
        let _ = self.jobs.send(job);
    }

    /// Whether an answer may be written now without passing the answer of an earlier command:
    /// every job before it is done, but for searches.
    fn in_turn(&self) -> bool {
        self.shared.queued.load(Ordering::Acquire) == 0
    }

    /// Answers with `info string <text>`, now if that keeps the order, else in its turn.
    fn say(&self, text: String) {
        if self.in_turn() {
            self.out.info_string(&text);
        } else {
            self.job(Job::Say(text));
        }
    }

    fn go(&mut self, go: Go, notes: Vec<String>) {
        self.seq += 1;
        self.shared.pending.fetch_add(1, Ordering::AcqRel);
        let position = self
            .position
            .clone()
            .unwrap_or_else(|| PositionCommand::new(StartPosition::Startpos, Vec::new()));
        // The worker only ends when this sender is dropped.
        let _ = self.jobs.send(Job::Go(Box::new(GoJob {
            seq: self.seq,
            position,
            go,
            received: Instant::now(),
            notes,
        })));
    }

    fn handle(&mut self, line: &str) -> Flow {
        let text = line.trim();
        if text.is_empty() {
            return Flow::Continue;
        }
        let cmd = match GuiCommand::parse_lenient(text) {
            Ok(cmd) => cmd,
            Err(e) => {
                match parse_go_skipping(text) {
                    // A `go` is always answered: without what cannot be read.
                    Some((go, skipped)) => {
                        let notes = skipped
                            .iter()
                            .map(|e| {
                                format!("ignored a go parameter, searching with its default: {e}")
                            })
                            .collect();
                        self.go(go, notes);
                    }
                    None => self.say(format!("ignored a line: {e}")),
                }
                return Flow::Continue;
            }
        };
        match cmd {
            GuiCommand::Usi => self.job(Job::Usi),
            GuiCommand::IsReady => {
                if self.in_turn() && self.shared.pending.load(Ordering::Acquire) > 0 {
                    self.out.send(&EngineMessage::ReadyOk);
                } else {
                    self.job(Job::Ready);
                }
            }
            GuiCommand::SetOption { name, value } => self.job(Job::SetOption { name, value }),
            GuiCommand::UsiNewGame => self.job(Job::NewGame),
            GuiCommand::Position(p) => self.position = Some(p),
            GuiCommand::Go(go) => self.go(go, Vec::new()),
            GuiCommand::Stop => self.shared.stop(self.seq),
            GuiCommand::PonderHit(clocks) => self.shared.ponderhit(self.seq, clocks),
            GuiCommand::GameOver(result) => {
                self.shared.stop(self.seq);
                self.job(Job::GameOver(result));
            }
            GuiCommand::Quit => return Flow::Quit,
            GuiCommand::Unknown(text) => {
                let word = text.split_ascii_whitespace().next().unwrap_or_default();
                self.say(format!("ignored an unknown command '{word}'"));
            }
        }
        Flow::Continue
    }
}

fn read_lines(mut input: impl BufRead, events: &Sender<Event>) {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => {
                let _ = events.send(Event::End(Ok(())));
                return;
            }
            Ok(_) => {
                let line = String::from_utf8_lossy(&buf).into_owned();
                let quit = line.split_ascii_whitespace().next() == Some("quit");
                if events.send(Event::Line(line)).is_err() || quit {
                    return;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                let _ = events.send(Event::End(Err(e)));
                return;
            }
        }
    }
}

/// Calls the engine, catching a panic (reported with `info string`, `None` returned).
fn guard<T>(out: &Out, method: &str, f: impl FnOnce() -> T) -> Option<T> {
    match std::panic::catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => Some(v),
        Err(_) => {
            out.info_string(&format!("the engine panicked in {method}"));
            None
        }
    }
}

fn work<E: Engine>(mut engine: E, jobs: &Receiver<Job>, shared: &Shared, out: &Out) {
    for job in jobs {
        match job {
            Job::Go(job) => {
                for note in &job.notes {
                    out.info_string(note);
                }
                let answer = search(&mut engine, &job, shared, out);
                shared.pending.fetch_sub(1, Ordering::AcqRel);
                out.send(&answer);
                // A search is counted in `pending`, not in `queued`.
                continue;
            }
            Job::Usi => {
                let name = guard(out, "name", || engine.name()).unwrap_or_default();
                let author = guard(out, "author", || engine.author()).unwrap_or_default();
                let options = guard(out, "options", || engine.options()).unwrap_or_default();
                out.send(&EngineMessage::Id(Id::Name(name)));
                out.send(&EngineMessage::Id(Id::Author(author)));
                for def in options {
                    out.send(&EngineMessage::Option(def));
                }
                out.send(&EngineMessage::UsiOk);
            }
            Job::Ready => {
                guard(out, "ready", || engine.ready());
                out.send(&EngineMessage::ReadyOk);
            }
            Job::SetOption { name, value } => {
                guard(out, "set_option", || {
                    engine.set_option(&name, value.as_deref());
                });
            }
            Job::NewGame => {
                guard(out, "new_game", || engine.new_game());
            }
            Job::GameOver(result) => {
                guard(out, "game_over", || engine.game_over(result));
            }
            Job::Say(text) => out.info_string(&text),
        }
        // Done, and its output written.
        shared.queued.fetch_sub(1, Ordering::AcqRel);
    }
}

fn search<E: Engine>(engine: &mut E, job: &GoJob, shared: &Shared, out: &Out) -> EngineMessage {
    let go = &job.go;
    let give_up = if go.mate.is_some() {
        EngineMessage::Checkmate(Checkmate::NoMate)
    } else {
        EngineMessage::BestMove(BestMove::Resign)
    };
    let Some(rules) = guard(out, "rules", || engine.rules()) else {
        return give_up;
    };
    let game = match replay(&job.position, rules) {
        Ok(game) => game,
        Err(why) => {
            out.info_string(&why);
            return give_up;
        }
    };
    let search = Search {
        game: &game,
        go,
        seq: job.seq,
        received: job.received,
        shared,
        out,
    };
    if go.mate.is_some() {
        match guard(out, "mate", || engine.mate(&search)) {
            Some(answer) => EngineMessage::Checkmate(answer),
            None => give_up,
        }
    } else {
        let answer = guard(out, "go", || engine.go(&search));
        shared.hold(&search);
        answer.map_or(give_up, EngineMessage::BestMove)
    }
}

/// The game of a `position` command, or why there is none (for `info string`).
fn replay(cmd: &PositionCommand, rules: RuleSet) -> Result<Game<Standard>, String> {
    let start = match Position::<Standard>::from_setup(cmd.start.to_setup()) {
        Ok(pos) => pos,
        Err(e) => e
            .ignore_soft()
            .map_err(|e| format!("cannot play from this position: start: {e}"))?,
    };
    let mut game = Game::with_rules(start, rules);
    for (index, &m) in cmd.moves.iter().enumerate() {
        game.play(m)
            .map_err(|e| format!("cannot play from this position: moves[{index}] {m}: {e}"))?;
    }
    Ok(game)
}
