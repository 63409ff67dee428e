//! The engine loop (`shogi_usi::serve`), run in-process: commands through a pipe, answers in a
//! shared buffer. Every wait has a timeout, so a hang fails the test instead of hanging it.
#![cfg(feature = "std")]
#![allow(
    clippy::unwrap_used,
    reason = "tests unwrap what they expect to succeed"
)]

use std::io::{self, BufReader, Write};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use shogi_movegen::{Position, Standard};
use shogi_types::Move;
use shogi_usi::EngineMessage;
use shogi_usi::engine_message::BestMove;
use shogi_usi::position::PositionCommand;
use shogi_usi::serve::{self, Engine, Search};

#[allow(dead_code, reason = "the example's `main` is not used here")]
#[path = "../examples/random_engine.rs"]
mod random_engine;

use random_engine::RandomEngine;

const TIMEOUT: Duration = Duration::from_secs(20);

/// A `Write` whose lines the test can wait for.
#[derive(Clone, Default)]
struct Output(Arc<(Mutex<Vec<u8>>, Condvar)>);

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let (bytes, changed) = &*self.0;
        bytes.lock().unwrap().extend_from_slice(buf);
        changed.notify_all();
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Output {
    fn lines(&self) -> Vec<String> {
        let bytes = self.0.0.lock().unwrap();
        String::from_utf8(bytes.clone())
            .unwrap()
            .lines()
            .map(String::from)
            .collect()
    }
}

struct Harness {
    input: Option<io::PipeWriter>,
    output: Output,
    /// Lines already returned by `wait`.
    seen: usize,
    done: mpsc::Receiver<io::Result<()>>,
}

impl Harness {
    fn start(engine: impl Engine) -> Harness {
        let (reader, writer) = io::pipe().unwrap();
        let output = Output::default();
        let (tx, done) = mpsc::channel();
        let out = output.clone();
        thread::spawn(move || {
            let _ = tx.send(serve::run(engine, BufReader::new(reader), out));
        });
        Harness {
            input: Some(writer),
            output,
            seen: 0,
            done,
        }
    }

    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().unwrap();
        input.write_all(line.as_bytes()).unwrap();
        input.write_all(b"\n").unwrap();
    }

    /// Waits for the next line (after those already seen) that satisfies `pred`, and returns
    /// it; the lines before it are returned too, in order.
    fn wait(&mut self, pred: impl Fn(&str) -> bool) -> (Vec<String>, String) {
        let deadline = Instant::now() + TIMEOUT;
        let (bytes, changed) = &*self.output.0;
        let mut guard = bytes.lock().unwrap();
        loop {
            let text = String::from_utf8(guard.clone()).unwrap();
            // Only complete lines.
            let complete = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
            let lines: Vec<&str> = complete.lines().collect();
            if let Some(i) = lines.iter().skip(self.seen).position(|l| pred(l)) {
                let at = self.seen + i;
                let before = lines[self.seen..at].iter().map(|s| s.to_string()).collect();
                self.seen = at + 1;
                return (before, lines[at].to_string());
            }
            let now = Instant::now();
            assert!(now < deadline, "timed out; output so far:\n{text}");
            guard = changed.wait_timeout(guard, deadline - now).unwrap().0;
        }
    }

    fn bestmove(&mut self) -> BestMove {
        let (_, line) = self.wait(|l| l.starts_with("bestmove"));
        parse_bestmove(&line)
    }

    fn ready(&mut self) {
        self.send("isready");
        self.wait(|l| l == "readyok");
    }

    /// No line starting with `prefix` arrives within `ms`.
    fn quiet(&self, prefix: &str, ms: u64) {
        thread::sleep(Duration::from_millis(ms));
        let lines = self.output.lines();
        assert!(
            lines[self.seen.min(lines.len())..]
                .iter()
                .all(|l| !l.starts_with(prefix)),
            "unexpected {prefix}: {lines:?}"
        );
    }

    /// Sends `quit` and waits for `run` to return.
    fn quit(mut self) -> Vec<String> {
        self.send("quit");
        self.end()
    }

    fn end(mut self) -> Vec<String> {
        self.input = None;
        let result = self.done.recv_timeout(TIMEOUT).expect("run did not return");
        result.unwrap();
        self.output.lines()
    }
}

fn position(cmd: &str) -> Position {
    cmd.parse::<PositionCommand>()
        .unwrap()
        .to_position::<Standard>()
        .unwrap()
}

fn seeded() -> RandomEngine {
    let mut e = RandomEngine::default();
    e.set_option("Seed", Some("42"));
    e
}

#[test]
fn handshake() {
    let mut h = Harness::start(seeded());
    h.send("usi");
    let (before, _) = h.wait(|l| l == "usiok");
    assert_eq!(
        before,
        [
            format!("id name RandomEngine {}", env!("CARGO_PKG_VERSION")),
            "id author The shogi-usi authors".to_string(),
            "option name ImpasseRule type combo default 27 var none var 24 var 24-declaration var 27 var try".to_string(),
            "option name Seed type spin default 0 min 0 max 9223372036854775807".to_string(),
        ]
    );
    h.ready();
    h.send("usinewgame");
    h.ready();
    h.quit();
}

fn parse_bestmove(line: &str) -> BestMove {
    match line.parse::<EngineMessage>().unwrap() {
        EngineMessage::BestMove(b) => b,
        other => panic!("{other:?}"),
    }
}

#[test]
fn legal_bestmove_after_moves() {
    let mut h = Harness::start(seeded());
    h.send("usi");
    h.wait(|l| l == "usiok");
    h.ready();
    let cmd = "position startpos moves 7g7f";
    h.send(cmd);
    h.send("go btime 1000 wtime 1000 byoyomi 100");
    let (before, line) = h.wait(|l| l.starts_with("bestmove"));
    let BestMove::Move { best, ponder: None } = parse_bestmove(&line) else {
        panic!("{line}")
    };
    let mut pos = position(cmd);
    assert!(pos.is_legal(best), "{best}");
    // The one info line, with the move as its pv.
    assert_eq!(before.len(), 1, "{before:?}");
    assert!(
        before[0].starts_with("info depth 1 score cp 0 nodes "),
        "{}",
        before[0]
    );
    assert!(before[0].ends_with(&format!(" pv {best}")), "{}", before[0]);
    // Self-play: every answer is a legal move in the position sent.
    let mut moves = vec!["7g7f".to_string()];
    let mut best = best;
    let mut answers = 1;
    for _ in 0..40 {
        pos.play(best).unwrap();
        moves.push(best.to_string());
        let cmd = format!("position startpos moves {}", moves.join(" "));
        h.send(&cmd);
        h.send("go btime 1000 wtime 1000 byoyomi 100");
        answers += 1;
        match h.bestmove() {
            BestMove::Move { best: m, .. } => {
                assert!(pos.is_legal(m), "{cmd}: {m}");
                best = m;
            }
            BestMove::Resign => {
                assert!(pos.legal_moves().is_empty(), "{cmd}");
                break;
            }
            BestMove::Win => break,
        }
    }
    let lines = h.quit();
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        answers
    );
}

#[test]
fn mate_in_one() {
    let mut h = Harness::start(seeded());
    h.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    h.send("go byoyomi 1000");
    let (before, line) = h.wait(|l| l.starts_with("bestmove"));
    assert_eq!(line, "bestmove G*5b");
    assert!(before[0].contains("score mate 1"), "{before:?}");
    h.quit();
}

#[test]
fn resigns_when_mated() {
    let mut h = Harness::start(seeded());
    h.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b");
    h.send("go btime 0 wtime 0 byoyomi 1000");
    assert_eq!(h.bestmove(), BestMove::Resign);
    h.quit();
}

const DECLARE_28: &str = "position sfen +R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 10P 1";

#[test]
fn declaration_position_wins_under_csa27_only() {
    use shogi_rules::{Game, Outcome, RuleSet, WinReason};
    use shogi_types::Color;
    let pos = position(DECLARE_28);
    let verdict = Game::with_rules(pos, RuleSet::csa27()).declare();
    assert_eq!(
        verdict,
        Ok(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Impasse
        })
    );
    assert!(Game::with_rules(pos, RuleSet::none()).declare().is_err());
}

#[test]
fn declares_a_win_under_27() {
    let mut h = Harness::start(seeded());
    h.send(DECLARE_28);
    h.send("go byoyomi 1000");
    assert_eq!(h.bestmove(), BestMove::Win);
    // One point short: no win; the engine plays on.
    h.send("position sfen +R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 9P 1");
    h.send("go byoyomi 1000");
    assert!(matches!(h.bestmove(), BestMove::Move { .. }));
    // Without an impasse rule there is nothing to declare.
    h.send("setoption name ImpasseRule value none");
    h.send(DECLARE_28);
    h.send("go byoyomi 1000");
    assert!(matches!(h.bestmove(), BestMove::Move { .. }));
    h.send("setoption name ImpasseRule value 27");
    h.send(DECLARE_28);
    h.send("go byoyomi 1000");
    assert_eq!(h.bestmove(), BestMove::Win);
    h.quit();
}

#[test]
fn plays_the_try_under_the_try_rule() {
    let mut h = Harness::start(seeded());
    h.send("setoption name ImpasseRule value try");
    // Black's king on 5b: 5a (White's king's start square) wins at once.
    h.send("position sfen 8k/4K4/9/9/9/9/9/9/9 b - 1");
    h.send("go byoyomi 1000");
    assert_eq!(
        h.bestmove(),
        BestMove::Move {
            best: "5b5a".parse().unwrap(),
            ponder: None
        }
    );
    h.quit();
}

#[test]
fn unplayable_position_resigns() {
    let mut h = Harness::start(seeded());
    h.send("position startpos moves 7g7f 7g7f");
    h.send("go byoyomi 100");
    let (before, line) = h.wait(|l| l.starts_with("bestmove"));
    assert_eq!(line, "bestmove resign");
    assert_eq!(before.len(), 1);
    assert!(
        before[0].starts_with("info string cannot play from this position: moves[1] 7g7f: "),
        "{before:?}"
    );
    h.send("position sfen 9/9/9/9/9/9/9/9/9 b - 1");
    h.send("go mate infinite");
    let (before, line) = h.wait(|l| l.starts_with("checkmate"));
    assert_eq!(line, "checkmate nomate");
    assert!(before[0].starts_with("info string cannot play from this position: start: "));
    h.quit();
}

#[test]
fn go_mate_defaults_to_not_implemented() {
    // `Waiter` does not implement `Engine::mate`.
    let mut h = Harness::start(Waiter::new().0);
    h.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    h.send("go mate 1000");
    h.wait(|l| l == "checkmate notimplemented");
    h.quit();
}

/// 将棋図巧 第50番: a mate that takes the solver far longer than these tests wait.
const HARD_MATE: &str = "position sfen 9/9/6n2/8n/6+pl1/7Sn/4+pp1k1/7N1/7s+R b R2B4g2s3l15p 1";

#[test]
fn go_mate_solves_with_the_mate_solver() {
    let mut h = Harness::start(seeded());
    // G*5b is taken by a silver, then G*4b or G*6b mates (the composer's answer: 3 plies).
    h.send("position sfen 3sks3/9/4+P4/9/9/9/9/9/9 b 2G 1");
    h.send("go mate 10000");
    let (before, line) = h.wait(|l| l.starts_with("checkmate"));
    assert!(
        line == "checkmate G*5b 4a5b G*4b" || line == "checkmate G*5b 6a5b G*6b",
        "{line}"
    );
    assert!(
        before.iter().any(|l| l.starts_with("info nodes ")),
        "{before:?}"
    );
    // A lone rook only checks forever: no mate.
    h.send("position sfen 8k/R8/9/9/9/9/9/9/9 b - 1");
    h.send("go mate infinite");
    h.wait(|l| l == "checkmate nomate");
    // Out of time.
    h.send(HARD_MATE);
    h.send("go mate 50");
    h.wait(|l| l == "checkmate timeout");
    // Stopped.
    h.send("go mate infinite");
    thread::sleep(Duration::from_millis(50));
    h.send("stop");
    h.wait(|l| l == "checkmate timeout");
    h.quit();
}

/// What the waiting engine saw.
#[derive(Default, Debug)]
struct Log(Vec<String>);

/// Searches until the loop says to answer (`out_of_time`), logging what it sees.
struct Waiter {
    log: Arc<Mutex<Log>>,
}

impl Waiter {
    fn new() -> (Waiter, Arc<Mutex<Log>>) {
        let log = Arc::new(Mutex::new(Log::default()));
        (
            Waiter {
                log: Arc::clone(&log),
            },
            log,
        )
    }
    fn note(&self, s: String) {
        self.log.lock().unwrap().0.push(s);
    }
}

impl Engine for Waiter {
    fn name(&self) -> String {
        "Waiter".into()
    }
    fn author(&self) -> String {
        "tests".into()
    }
    fn set_option(&mut self, name: &str, value: Option<&str>) {
        self.note(format!("setoption {name} {value:?}"));
    }
    fn new_game(&mut self) {
        self.note("usinewgame".into());
    }
    fn game_over(&mut self, result: shogi_usi::gui_command::GameResult) {
        self.note(format!("gameover {result}"));
    }
    fn go(&mut self, search: &Search<'_>) -> BestMove {
        self.note(format!(
            "go pondering={} deadline={}",
            search.pondering(),
            search.deadline().is_some()
        ));
        let give_up = Instant::now() + TIMEOUT;
        let mut was_pondering = search.pondering();
        while !search.out_of_time() && Instant::now() < give_up {
            if was_pondering && !search.pondering() {
                was_pondering = false;
                self.note(format!(
                    "ponderhit={} deadline={}",
                    search.ponderhit(),
                    search.deadline().is_some()
                ));
            }
            thread::sleep(Duration::from_millis(1));
        }
        self.note(format!("return stopped={}", search.stopped()));
        let best = search.position().legal_moves()[0];
        BestMove::Move { best, ponder: None }
    }
}

#[test]
fn stop_during_infinite_gives_one_bestmove() {
    let (engine, log) = Waiter::new();
    let mut h = Harness::start(engine);
    h.send("position startpos");
    h.send("go infinite");
    h.quiet("bestmove", 150);
    // isready during the search is answered at once.
    h.ready();
    // Options wait for the search to end.
    h.send("setoption name Hash value 16");
    h.quiet("bestmove", 50);
    h.send("stop");
    h.bestmove();
    h.send("stop");
    h.ready();
    let lines = h.quit();
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );
    let log = &log.lock().unwrap().0;
    assert_eq!(
        log,
        &[
            "go pondering=false deadline=false",
            "return stopped=true",
            "setoption Hash Some(\"16\")"
        ]
    );
}

#[test]
fn an_early_answer_to_go_infinite_waits_for_stop() {
    let mut h = Harness::start(seeded());
    h.send("position startpos");
    h.send("go infinite");
    h.quiet("bestmove", 200);
    h.send("stop");
    assert!(matches!(h.bestmove(), BestMove::Move { .. }));
    let lines = h.quit();
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );
}

#[test]
fn ponder_then_ponderhit() {
    let (engine, log) = Waiter::new();
    let mut h = Harness::start(engine);
    h.send("position startpos moves 7g7f 3c3d");
    h.send("go ponder btime 0 wtime 0 byoyomi 300");
    h.quiet("bestmove", 200);
    h.send("ponderhit");
    // The search now has a deadline (300 - 50 ms) and answers by itself.
    h.bestmove();
    h.quit();
    let log = &log.lock().unwrap().0;
    assert_eq!(
        log,
        &[
            "go pondering=true deadline=false",
            "ponderhit=true deadline=true",
            "return stopped=false"
        ]
    );
}

#[test]
fn an_early_answer_to_go_ponder_waits_for_ponderhit_or_stop() {
    let mut h = Harness::start(seeded());
    h.send("position startpos moves 7g7f");
    h.send("go ponder btime 1000 wtime 1000 byoyomi 100");
    h.quiet("bestmove", 200);
    h.send("ponderhit btime 900 wtime 1000 byoyomi 100");
    assert!(matches!(h.bestmove(), BestMove::Move { .. }));
    h.send("go ponder btime 1000 wtime 1000 byoyomi 100");
    h.quiet("bestmove", 200);
    h.send("stop");
    assert!(matches!(h.bestmove(), BestMove::Move { .. }));
    let lines = h.quit();
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        2
    );
}

#[test]
fn deadline_ends_the_search() {
    let (engine, _log) = Waiter::new();
    let mut h = Harness::start(engine);
    h.send("position startpos");
    let start = Instant::now();
    h.send("go btime 0 wtime 0 byoyomi 250");
    h.bestmove();
    let took = start.elapsed();
    assert!(took >= Duration::from_millis(150), "{took:?}");
    h.quit();
}

#[test]
fn commands_between_searches_reach_the_engine_in_order() {
    let (engine, log) = Waiter::new();
    let mut h = Harness::start(engine);
    h.send("setoption name USI_Hash value 256");
    h.send("setoption name Clear Hash");
    h.send("usinewgame");
    h.ready();
    h.send("position startpos");
    h.send("go ponder");
    h.quiet("bestmove", 50);
    // `gameover` stops the ponder search.
    h.send("gameover win");
    h.bestmove();
    h.ready();
    h.quit();
    let log = &log.lock().unwrap().0;
    assert_eq!(
        log,
        &[
            "setoption USI_Hash Some(\"256\")",
            "setoption Clear Hash None",
            "usinewgame",
            "go pondering=true deadline=false",
            "return stopped=true",
            "gameover win",
        ]
    );
}

#[test]
fn garbage_does_not_stop_the_loop() {
    let mut h = Harness::start(seeded());
    for junk in [
        "",
        "   ",
        "hello world",
        // (An unreadable `go` is answered all the same: see `every_go_is_answered`.)
        "ponderhit btime x",
        "position startpos moves 7g7z",
        "setoption",
        "gameover maybe",
        "\u{feff}usi",
    ] {
        h.send(junk);
    }
    h.input
        .as_mut()
        .unwrap()
        .write_all(b"\xff\xfe\x00 junk\n")
        .unwrap();
    h.ready();
    let infos = h.output.lines();
    let strings = infos
        .iter()
        .filter(|l| l.starts_with("info string "))
        .count();
    assert_eq!(strings, 7, "{infos:?}");
    assert!(infos.contains(&"info string ignored an unknown command 'hello'".to_string()));
    h.send("position startpos");
    h.send("go byoyomi 100");
    assert!(matches!(h.bestmove(), BestMove::Move { .. }));
    h.quit();
}

#[test]
fn quit_and_end_of_input_end_run() {
    let h = Harness::start(seeded());
    h.quit();
    // The end of the input, in the middle of a search: the search is stopped and answered.
    let (engine, _) = Waiter::new();
    let mut h = Harness::start(engine);
    h.send("position startpos");
    h.send("go infinite");
    let lines = h.end();
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );
    // `quit` right after `go`: the search still gets its answer.
    let mut h = Harness::start(seeded());
    h.send("usi");
    h.send("position startpos");
    h.send("go byoyomi 100");
    let lines = h.quit();
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );
}

struct Panicker;

impl Engine for Panicker {
    fn name(&self) -> String {
        "Panicker".into()
    }
    fn author(&self) -> String {
        "tests".into()
    }
    fn go(&mut self, _: &Search<'_>) -> BestMove {
        panic!("the search is broken")
    }
}

#[test]
fn a_panicking_engine_resigns_and_the_loop_goes_on() {
    let mut h = Harness::start(Panicker);
    h.send("go");
    let (before, line) = h.wait(|l| l.starts_with("bestmove"));
    assert_eq!(line, "bestmove resign");
    assert_eq!(before, ["info string the engine panicked in go"]);
    h.ready();
    h.quit();
}

#[test]
fn output_errors_end_run() {
    struct Broken;
    impl Write for Broken {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let (reader, mut writer) = io::pipe().unwrap();
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = tx.send(serve::run(seeded(), BufReader::new(reader), Broken));
    });
    writer.write_all(b"usi\n").unwrap();
    let result = rx.recv_timeout(TIMEOUT).expect("run did not return");
    assert_eq!(result.unwrap_err().kind(), io::ErrorKind::BrokenPipe);
    drop(writer);
}

#[test]
fn searchmoves_are_respected() {
    let mut h = Harness::start(seeded());
    h.send("position startpos");
    for _ in 0..5 {
        h.send("go byoyomi 100 searchmoves 2g2f 7g7f");
        match h.bestmove() {
            BestMove::Move { best, .. } => {
                let allowed: [Move; 2] = ["2g2f".parse().unwrap(), "7g7f".parse().unwrap()];
                assert!(allowed.contains(&best), "{best}");
            }
            other => panic!("{other:?}"),
        }
    }
    h.quit();
}

/// Says which `go` it was given (`info string` with the command as the loop read it), then
/// resigns (or answers `checkmate nomate`). Slow to name itself and to get ready, so that an
/// answer written out of turn shows.
struct Echo;

impl Engine for Echo {
    fn name(&self) -> String {
        thread::sleep(Duration::from_millis(50));
        "Echo".into()
    }
    fn author(&self) -> String {
        "tests".into()
    }
    fn ready(&mut self) {
        thread::sleep(Duration::from_millis(50));
    }
    fn go(&mut self, search: &Search<'_>) -> BestMove {
        search.info_string(&search.go().to_string());
        BestMove::Resign
    }
    fn mate(&mut self, search: &Search<'_>) -> shogi_usi::engine_message::Checkmate {
        search.info_string(&search.go().to_string());
        shogi_usi::engine_message::Checkmate::NoMate
    }
}

/// Runs `script` through the loop with `engine` and returns everything it wrote.
fn run_script(engine: impl Engine, script: &str) -> Vec<String> {
    let output = Output::default();
    serve::run(engine, io::Cursor::new(script.to_string()), output.clone()).unwrap();
    output.lines()
}

#[test]
fn answers_come_in_input_order() {
    let lines = run_script(
        Echo,
        "usi\nhello there\nisready\nsetoption\nusinewgame\nisready\nquit\n",
    );
    assert_eq!(
        lines,
        [
            "id name Echo",
            "id author tests",
            "usiok",
            "info string ignored an unknown command 'hello'",
            "readyok",
            "info string ignored a line: usi setoption: missing value of 'setoption' at bytes 0..9, expected 'name'",
            "readyok",
        ]
    );
    // During a search, `isready` and a line that cannot be read are answered at once.
    let (engine, _) = Waiter::new();
    let mut h = Harness::start(engine);
    h.send("go infinite");
    h.quiet("bestmove", 50);
    h.send("hello");
    h.send("isready");
    let (before, _) = h.wait(|l| l == "readyok");
    assert_eq!(before, ["info string ignored an unknown command 'hello'"]);
    h.send("stop");
    h.bestmove();
    h.quit();
}

#[test]
fn every_go_is_answered() {
    let lines = run_script(
        Echo,
        "go btime 99999999999999999999 wtime 0 byoyomi 100\n\
         go depth -1 nodes -5 movestogo 4294967296\n\
         go depth x byoyomi 100\n\
         go btime wtime 5 searchmoves 7g7f 7g7z mate\n\
         go mate soon\n\
         quit\n",
    );
    let skipped = "info string ignored a go parameter, searching with its default: usi go:";
    assert_eq!(
        lines,
        [
            // Numbers out of range are clamped.
            "info string go btime 18446744073709551615 wtime 0 byoyomi 100".to_string(),
            "bestmove resign".into(),
            "info string go depth 0 nodes 0 movestogo 4294967295".into(),
            "bestmove resign".into(),
            // What cannot be read is left out, and said so.
            format!("{skipped} bad number for 'depth' at bytes 9..10, expected plies, 0 to 2^32-1"),
            "info string go byoyomi 100".into(),
            "bestmove resign".into(),
            format!(
                "{skipped} bad number for 'btime' at bytes 9..14, expected milliseconds, 0 to 2^64-1"
            ),
            format!(
                "{skipped} cannot read the move of 'searchmoves' at bytes 34..38: usi move: bad square at byte 2, expected a digit 1-9 and a letter a-i"
            ),
            format!(
                "{skipped} missing value of 'mate' at bytes 39..43, expected milliseconds or 'infinite'"
            ),
            "info string go wtime 5 mate infinite".into(),
            "checkmate nomate".into(),
            format!(
                "{skipped} bad number for 'mate' at bytes 8..12, expected milliseconds or 'infinite'"
            ),
            "info string go mate infinite".into(),
            "checkmate nomate".into(),
        ]
    );
}
