//! The engine driver against real engines (fairy-stockfish, gpsusi: skipped when missing,
//! unless `CI` is set) and against misbehaving engines written as small `sh` scripts.

#![cfg(feature = "std")]

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use shogi_movegen::{Position, Standard};
use shogi_types::Color;
use shogi_usi::driver::{DriverError, EngineProcess, SearchResult, time_limit};
use shogi_usi::engine_message::{BestMove, Checkmate};
use shogi_usi::gui_command::{Go, MateLimit};
use shogi_usi::position::PositionCommand;

const SETUP: Duration = Duration::from_secs(30);

/// The engine at `path`, or `None` (and a note) when it is not installed; on CI it must be.
fn installed(path: &str) -> Option<&str> {
    if Path::new(path).exists() {
        return Some(path);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{path} is not installed (needed on CI)"
    );
    eprintln!("skipped: {path} is not installed");
    None
}

fn byoyomi(ms: u64) -> Go {
    Go {
        btime: Some(0),
        wtime: Some(0),
        byoyomi: Some(ms),
        ..Go::default()
    }
}

/// Checks that the search answered a legal move in `position`.
fn assert_legal(position: &PositionCommand, result: &SearchResult) {
    let pos: Position = position.to_position::<Standard>().expect("valid position");
    let BestMove::Move { best, .. } = result.best else {
        panic!("no move: {:?}", result.best);
    };
    assert!(pos.is_legal(best), "{best} is illegal in {position}");
}

fn pos(text: &str) -> PositionCommand {
    text.parse().expect("position command")
}

#[test]
fn fairy_stockfish() {
    let Some(path) = installed("/usr/games/fairy-stockfish") else {
        return;
    };
    let mut engine = EngineProcess::spawn_shell(path).expect("spawn");
    let info = engine.handshake(SETUP).expect("handshake");
    assert!(info.name.contains("Fairy-Stockfish"), "{info:?}");
    assert!(!info.options.is_empty());
    assert!(info.option("hash").is_some());
    // The banner it prints first is kept, not fatal.
    assert!(engine.garbage_count() >= 1);
    assert!(engine.garbage()[0].line.starts_with("Fairy-Stockfish"));
    assert_eq!(engine.garbage()[0].error, None);

    engine.set_option("Hash", Some("16")).expect("setoption");
    engine.is_ready(SETUP).expect("isready");
    engine.new_game().expect("usinewgame");

    let start = pos("position startpos");
    engine.position(&start).expect("position");
    let go = byoyomi(100);
    let limit = time_limit(&go, Color::Black).expect("a clock") + Duration::from_secs(2);
    let result = engine.go(&go, limit).expect("bestmove");
    assert_legal(&start, &result);
    assert!(!result.infos.is_empty());
    assert!(
        result
            .infos
            .iter()
            .any(|i| i.depth.is_some() && i.pv.is_some())
    );
    assert!(result.elapsed < limit);

    // Pondering: go ponder, ponderhit, bestmove.
    let after = pos("position startpos moves 7g7f 3c3d");
    engine.position(&after).expect("position");
    engine
        .start_go(&Go {
            ponder: true,
            ..byoyomi(100)
        })
        .expect("go ponder");
    assert!(engine.is_searching());
    assert_eq!(engine.new_game(), Err(DriverError::Searching));
    std::thread::sleep(Duration::from_millis(100));
    engine.ponder_hit(None).expect("ponderhit");
    let result = engine.wait_bestmove(limit).expect("bestmove");
    assert_legal(&after, &result);

    // Infinite analysis, stopped.
    engine.position(&start).expect("position");
    engine
        .start_go(&Go {
            infinite: true,
            ..Go::default()
        })
        .expect("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    engine.is_ready(SETUP).expect("isready during a search");
    let result = engine.stop(Duration::from_secs(5)).expect("bestmove");
    assert_legal(&start, &result);
    assert!(!result.infos.is_empty());
    assert!(!engine.is_searching());
    assert_eq!(
        engine.stop(Duration::from_secs(1)).unwrap_err(),
        DriverError::NoSearch
    );

    let status = engine.quit(Duration::from_secs(5)).expect("exit");
    assert!(status.success());
}

#[test]
fn gpsusi() {
    let Some(path) = installed("/usr/games/gpsusi") else {
        return;
    };
    let mut command = Command::new(path);
    command.stderr(Stdio::null());
    let mut engine = EngineProcess::spawn(&mut command).expect("spawn");
    let info = engine.handshake(SETUP).expect("handshake");
    assert!(info.name.contains("gpsshogi"), "{info:?}");
    assert!(!info.options.is_empty());
    // It loads its books and tables now.
    engine.is_ready(SETUP).expect("isready");
    engine.new_game().expect("usinewgame");

    let start = pos("position startpos");
    engine.position(&start).expect("position");
    let go = byoyomi(100);
    let limit = time_limit(&go, Color::Black).expect("a clock") + Duration::from_secs(3);
    let result = engine.go(&go, limit).expect("bestmove");
    assert_legal(&start, &result);

    // gpsusi answers `go infinite` at once from its book; `stop` then sends nothing more.
    let after = pos("position startpos moves 2g2f 8c8d");
    engine.position(&after).expect("position");
    engine
        .start_go(&Go {
            infinite: true,
            ..Go::default()
        })
        .expect("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let result = engine.stop(Duration::from_secs(10)).expect("bestmove");
    assert_legal(&after, &result);

    engine.quit(Duration::from_secs(10)).expect("exit");
}

/// A fake engine: `sh -c <script>`.
fn script(body: &str) -> EngineProcess {
    EngineProcess::spawn(Command::new("sh").arg("-c").arg(body)).expect("spawn sh")
}

/// Answers the handshake and `isready`, never `go`.
const SILENT_SEARCH: &str = r#"
while read -r line; do
  case "$line" in
    usi) echo "id name Silent"; echo usiok ;;
    isready) echo readyok ;;
    quit) exit 0 ;;
  esac
done
"#;

#[test]
fn no_bestmove_is_a_timeout() {
    let started = Instant::now();
    let mut engine = script(SILENT_SEARCH);
    let info = engine.handshake(Duration::from_secs(5)).expect("handshake");
    assert_eq!(info.name, "Silent");
    assert_eq!(info.author, "");
    engine.is_ready(Duration::from_secs(5)).expect("isready");
    engine
        .position(&pos("position startpos"))
        .expect("position");
    let timeout = Duration::from_millis(300);
    let t = Instant::now();
    let err = engine.go(&byoyomi(100), timeout).unwrap_err();
    assert_eq!(
        err,
        DriverError::Timeout {
            waiting_for: "bestmove",
            after: timeout
        }
    );
    assert_eq!(err.to_string(), "no bestmove after 300ms");
    assert!(t.elapsed() >= timeout && t.elapsed() < Duration::from_secs(2));
    // The search is forgotten: the engine can be used (and quit) again.
    assert!(!engine.is_searching());
    engine.is_ready(Duration::from_secs(5)).expect("isready");
    assert!(engine.quit(Duration::from_secs(5)).expect("exit").success());
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn late_bestmove_is_skipped() {
    // The first `go` answers after a second, the next ones at once.
    let mut engine = script(
        r#"
n=0
while read -r line; do
  case "$line" in
    usi) echo usiok ;;
    isready) echo readyok ;;
    go*) n=$((n+1)); if [ $n = 1 ]; then sleep 1; echo "bestmove 2g2f"; else echo "info depth 1 pv 7g7f"; echo "bestmove 7g7f"; fi ;;
  esac
done
"#,
    );
    engine.handshake(Duration::from_secs(5)).expect("handshake");
    let err = engine
        .go(&byoyomi(100), Duration::from_millis(200))
        .unwrap_err();
    assert!(matches!(err, DriverError::Timeout { .. }), "{err}");
    // The late `bestmove 2g2f` comes while waiting for readyok, and is skipped.
    engine.is_ready(Duration::from_secs(5)).expect("isready");
    let result = engine
        .go(&byoyomi(100), Duration::from_secs(5))
        .expect("bestmove");
    assert_eq!(result.best.to_string(), "7g7f");
    assert_eq!(result.infos.len(), 1);
}

#[test]
fn exit_after_usi() {
    let mut engine = script("read -r line; exit 3");
    let err = engine.handshake(Duration::from_secs(5)).unwrap_err();
    assert_eq!(
        err,
        DriverError::Exited {
            status: Some(3),
            waiting_for: "usiok"
        }
    );
    assert_eq!(
        err.to_string(),
        "the engine exited with status 3 while waiting for usiok"
    );
    // Every later call fails the same way, at once.
    let err = engine.is_ready(Duration::from_secs(5)).unwrap_err();
    assert!(matches!(err, DriverError::Exited { .. }), "{err}");
    assert!(engine.quit(Duration::from_secs(1)).is_ok());
}

#[test]
fn crash_during_search() {
    let mut engine = script(
        r#"
while read -r line; do
  case "$line" in
    usi) echo usiok ;;
    go*) echo "info depth 1"; exit 1 ;;
  esac
done
"#,
    );
    engine.handshake(Duration::from_secs(5)).expect("handshake");
    let err = engine
        .go(&Go::default(), Duration::from_secs(5))
        .unwrap_err();
    assert_eq!(
        err,
        DriverError::Exited {
            status: Some(1),
            waiting_for: "bestmove"
        }
    );
}

#[test]
fn garbage_then_usiok() {
    let mut engine = script(
        r#"
read -r line
printf 'Junk Engine 1.0 by nobody\n\377\376 binary\n\ninfo depth x\nbestmove ??\nid name Junk\r\nusiok\n'
while read -r line; do
  case "$line" in
    isready) echo "what?"; echo readyok ;;
  esac
done
"#,
    );
    let info = engine.handshake(Duration::from_secs(5)).expect("handshake");
    assert_eq!(info.name, "Junk");
    assert!(info.options.is_empty());
    let lines: Vec<_> = engine.garbage().iter().map(|g| g.line.as_str()).collect();
    assert_eq!(
        lines,
        [
            "Junk Engine 1.0 by nobody",
            "\u{fffd}\u{fffd} binary",
            "info depth x",
            "bestmove ??"
        ]
    );
    assert_eq!(engine.garbage_count(), 4);
    assert!(engine.garbage()[0].error.is_none());
    assert!(engine.garbage()[2].error.is_some());
    assert!(engine.garbage()[3].error.is_some());
    engine.is_ready(Duration::from_secs(5)).expect("isready");
    assert_eq!(engine.garbage_count(), 5);
    // Dropping the engine kills it (it does not know `quit`).
}

#[test]
fn no_usiok_is_a_timeout() {
    let mut engine = script("while :; do read -r line || sleep 1; done");
    let t = Instant::now();
    let err = engine.handshake(Duration::from_millis(300)).unwrap_err();
    assert_eq!(
        err,
        DriverError::Timeout {
            waiting_for: "usiok",
            after: Duration::from_millis(300)
        }
    );
    assert!(t.elapsed() < Duration::from_secs(2));
    // It does not know `quit` either: it is killed.
    let err = engine.quit(Duration::from_millis(200)).unwrap_err();
    assert!(
        matches!(
            err,
            DriverError::Timeout {
                waiting_for: "exit",
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn bestmove_out_of_turn() {
    let mut engine = script("read -r line; echo 'bestmove 7g7f'; echo usiok; sleep 5");
    let err = engine.handshake(Duration::from_secs(5)).unwrap_err();
    assert_eq!(
        err,
        DriverError::Protocol {
            line: "bestmove 7g7f".into(),
            waiting_for: "usiok"
        }
    );
    assert_eq!(
        err.to_string(),
        "unexpected `bestmove 7g7f` while waiting for usiok"
    );
}

#[test]
fn mate_search() {
    let mut engine = script(
        r#"
while read -r line; do
  case "$line" in
    usi) echo usiok ;;
    "go mate"*) echo "checkmate nomate" ;;
    go*) echo "bestmove resign" ;;
  esac
done
"#,
    );
    // No deadline at all: `Duration::MAX` does not overflow.
    engine.handshake(Duration::MAX).expect("handshake");
    let result = engine
        .mate(MateLimit::Time(1000), Duration::from_secs(5))
        .expect("checkmate");
    assert_eq!(result.answer, Checkmate::NoMate);
    let result = engine
        .go(&byoyomi(100), Duration::from_secs(5))
        .expect("bestmove");
    assert_eq!(result.best, BestMove::Resign);
}

#[test]
fn missing_program() {
    let err = EngineProcess::spawn_shell("/no/such/engine --threads 2").unwrap_err();
    let DriverError::Spawn {
        program,
        kind,
        message: _,
    } = &err
    else {
        panic!("{err:?}");
    };
    assert_eq!(program, "/no/such/engine");
    assert_eq!(*kind, std::io::ErrorKind::NotFound);
    assert!(
        err.to_string()
            .starts_with("cannot start `/no/such/engine`: ")
    );
    assert!(matches!(
        EngineProcess::spawn_shell(""),
        Err(DriverError::Spawn { .. })
    ));
}

/// Where a test script writes a process id: a file in the temporary directory, unique to this
/// test process and `name`.
#[cfg(target_os = "linux")]
fn pid_file(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("shogi-usi-{}-{name}.pid", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// The process id a script wrote to `path` (waiting up to 5 s for the whole line).
#[cfg(target_os = "linux")]
fn read_pid(path: &Path) -> u32 {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        if let Ok(text) = std::fs::read_to_string(path)
            && let Some(line) = text.strip_suffix('\n')
        {
            let _ = std::fs::remove_file(path);
            return line.parse().expect("a process id");
        }
        assert!(Instant::now() < deadline, "no pid in {}", path.display());
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Whether process `pid` ends within 5 s: it has no `/proc` entry any more, or it is a zombie
/// (dead, only waiting for its parent to collect its status).
#[cfg(target_os = "linux")]
fn ends(pid: u32) -> bool {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"));
        // The state is the first field after the command name in parentheses.
        let state = stat
            .as_deref()
            .ok()
            .and_then(|s| s.rsplit_once(") "))
            .map(|(_, rest)| &rest[..1]);
        match state {
            None | Some("Z" | "X") => return true,
            Some(_) if Instant::now() >= deadline => return false,
            Some(_) => std::thread::sleep(Duration::from_millis(10)),
        }
    }
}

/// A script that starts `sleep 100` in the background, writes its own pid and the sleeper's,
/// then runs `rest`. The sleeper keeps the script's output open unless `detach`.
#[cfg(target_os = "linux")]
fn with_sleeper(name: &str, detach: bool, rest: &str) -> (EngineProcess, u32, u32) {
    let (own, child) = (
        pid_file(&format!("{name}-sh")),
        pid_file(&format!("{name}-sleep")),
    );
    let redirect = if detach {
        " </dev/null >/dev/null 2>&1"
    } else {
        ""
    };
    let body = format!(
        "echo $$ > {own}.tmp; mv {own}.tmp {own}; sleep 100{redirect} & echo $! > {child}.tmp; mv {child}.tmp {child}; {rest}",
        own = own.display(),
        child = child.display()
    );
    let engine = script(&body);
    let (sh, sleep) = (read_pid(&own), read_pid(&child));
    assert!(!ends_now(sleep), "the sleeper runs");
    (engine, sh, sleep)
}

/// Whether process `pid` has already ended (see [`ends`]), without waiting.
#[cfg(target_os = "linux")]
fn ends_now(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            s.rsplit_once(") ")
                .map(|(_, rest)| matches!(&rest[..1], "Z" | "X"))
        })
        .unwrap_or(true)
}

#[test]
#[cfg(target_os = "linux")]
fn a_silent_engine_and_its_children_die_with_the_handle() {
    // The report: `sleep 100` run by a shell outlived the driver after `no usiok`.
    let (mut engine, sh, sleep) = with_sleeper("drop", false, "wait");
    let err = engine.handshake(Duration::from_millis(200)).unwrap_err();
    assert!(
        matches!(
            err,
            DriverError::Timeout {
                waiting_for: "usiok",
                ..
            }
        ),
        "{err}"
    );
    drop(engine);
    assert!(ends(sh), "the engine's shell {sh} is still running");
    assert!(ends(sleep), "the engine's child {sleep} is still running");
}

#[test]
#[cfg(target_os = "linux")]
fn quit_kills_a_silent_engine_and_its_children() {
    let (mut engine, sh, sleep) = with_sleeper("quit", false, "wait");
    assert!(engine.handshake(Duration::from_millis(200)).is_err());
    let err = engine.quit(Duration::from_millis(200)).unwrap_err();
    assert!(
        matches!(
            err,
            DriverError::Timeout {
                waiting_for: "exit",
                ..
            }
        ),
        "{err}"
    );
    assert!(ends(sh), "the engine's shell {sh} is still running");
    assert!(ends(sleep), "the engine's child {sleep} is still running");
}

#[test]
#[cfg(target_os = "linux")]
fn what_an_exited_engine_left_running_is_killed() {
    // The engine exits before `usiok`, leaving a child that does not hold its output: the
    // driver sees the exit (the output closes), and the child is killed with it, before the
    // handle is dropped.
    let (mut engine, _, sleep) = with_sleeper("exit", true, "read -r line; exit 3");
    let err = engine.handshake(Duration::from_secs(5)).unwrap_err();
    assert_eq!(
        err,
        DriverError::Exited {
            status: Some(3),
            waiting_for: "usiok"
        }
    );
    assert!(ends(sleep), "the engine's child {sleep} is still running");
    // A graceful `quit` too.
    let (mut engine, sh, sleep) = with_sleeper(
        "graceful",
        true,
        "while read -r line; do case \"$line\" in usi) echo usiok ;; quit) exit 0 ;; esac; done",
    );
    engine.handshake(Duration::from_secs(5)).expect("handshake");
    assert!(engine.quit(Duration::from_secs(5)).expect("exit").success());
    assert!(ends(sh));
    assert!(ends(sleep), "the engine's child {sleep} is still running");
}
