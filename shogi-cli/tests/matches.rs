//! `shogi match` with scripted engines (small `sh` programs that answer the USI handshake and
//! then always give the same `bestmove`), so that every adjudication rule is checked exactly:
//! resignation, an illegal move, a declaration the rule refuses or judges, an engine that never
//! answers (time forfeit) and one that exits (abandonment), the alternation of colours, the
//! score line and the records written by `--out`. Games against real engines run in
//! `.ci/usi/run`.

use std::process::Command;

/// A scripted engine named `name` that answers every `go` with `answer`.
fn engine(name: &str, answer: &str) -> String {
    format!(
        "while read -r line; do case \"$line\" in usi) echo \"id name {name}\"; echo usiok;; \
         isready) echo readyok;; go*) {answer};; quit) exit 0;; esac; done"
    )
}

/// Runs `shogi match` and returns stdout and the exit code.
fn shogi_match(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_shogi"))
        .arg("match")
        .args(args)
        .output()
        .expect("the shogi binary runs");
    (
        String::from_utf8(out.stdout).expect("utf-8"),
        String::from_utf8(out.stderr).expect("utf-8"),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn resignations_alternate_colours_and_score() {
    let a = engine("alpha", "echo \"bestmove resign\"");
    let b = engine("beta", "echo \"bestmove resign\"");
    let (out, err, code) = shogi_match(&["--engine", &a, "--engine", &b, "--games", "3"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "game 1: alpha vs beta: win white resignation in 0 moves\n\
         game 2: beta vs alpha: win white resignation in 0 moves\n\
         game 3: alpha vs beta: win white resignation in 0 moves\n\
         score 1-2-0\n"
    );
}

#[test]
fn illegal_moves_and_declarations_lose() {
    // 5i5h is legal for Black; White answers with the same text, which is not its move.
    let mover = engine("mover", "echo \"bestmove 5i5h\"");
    let (out, err, code) = shogi_match(&["--engine", &mover, "--engine", &mover, "--games", "1"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "game 1: mover vs mover: win black illegal-move in 1 moves\nscore 1-0-0\n"
    );
    // A declaration from the start: refused under no impasse rule, lost under the 27-point rule.
    let declarer = engine("declarer", "echo \"bestmove win\"");
    let resigner = engine("resigner", "echo \"bestmove resign\"");
    let (out, _, _) = shogi_match(&[
        "--engine", &declarer, "--engine", &resigner, "--games", "1", "--rules", "none",
    ]);
    assert_eq!(
        out,
        "game 1: declarer vs resigner: win white illegal-move in 0 moves\nscore 0-1-0\n"
    );
    let (out, _, _) = shogi_match(&["--engine", &declarer, "--engine", &resigner, "--games", "1"]);
    assert_eq!(
        out,
        "game 1: declarer vs resigner: win white impasse in 0 moves\nscore 0-1-0\n"
    );
}

#[test]
fn silence_loses_on_time_and_exit_abandons() {
    let silent = engine("silent", "true");
    let resigner = engine("resigner", "echo \"bestmove resign\"");
    let (out, err, code) = shogi_match(&[
        "--engine",
        &silent,
        "--engine",
        &resigner,
        "--games",
        "1",
        "--byoyomi",
        "100",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "game 1: silent vs resigner: win white time-forfeit in 0 moves\nscore 0-1-0\n"
    );
    let quitter = engine("quitter", "exit 0");
    let (out, _, _) = shogi_match(&["--engine", &quitter, "--engine", &resigner, "--games", "1"]);
    assert_eq!(
        out,
        "game 1: quitter vs resigner: win white abandonment in 0 moves\nscore 0-1-0\n"
    );
}

#[test]
fn records_are_written_and_read_back() {
    let dir = std::env::temp_dir().join(format!("shogi-match-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mover = engine("mover", "echo \"bestmove 5i5h\"");
    let resigner = engine("resigner", "echo \"bestmove resign\"");
    let csa = dir.join("games.csa");
    let csa_path = csa.to_str().expect("utf-8 path");
    let (_, err, code) = shogi_match(&[
        "--engine", &mover, "--engine", &resigner, "--games", "2", "--out", csa_path,
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&csa).expect("the CSA file");
    let games = shogi_kit::record::csa::read_all(&text);
    assert_eq!(games.len(), 2);
    let first = games[0].as_ref().expect("game 1 reads");
    assert_eq!(
        first.usi_moves(),
        ["5i5h".parse::<shogi_kit::types::Move>().expect("usi")]
    );
    assert_eq!(
        first.outcome().map(|o| o.to_string()).as_deref(),
        Some("win black resignation")
    );
    let kif = dir.join("games.kif");
    let (_, err, code) = shogi_match(&[
        "--engine",
        &mover,
        "--engine",
        &resigner,
        "--games",
        "2",
        "--out",
        kif.to_str().expect("utf-8 path"),
    ]);
    assert_eq!(code, 0, "{err}");
    for n in 1..=2 {
        let bytes = std::fs::read(dir.join(format!("games-{n}.kif"))).expect("a KIF per game");
        let rec = shogi_kit::record::read(&bytes).expect("reads");
        assert_eq!(rec.moves.len(), usize::from(n == 1), "game {n}");
    }
    // A wrong extension or engine count is refused before any game.
    let (_, _, code) = shogi_match(&["--engine", &mover, "--engine", &resigner, "--out", "x.pgn"]);
    assert_eq!(code, 1);
    let (_, _, code) = shogi_match(&["--engine", &mover]);
    assert_eq!(code, 1);
    std::fs::remove_dir_all(&dir).ok();
}

/// Engines that leave processes behind (a `sleep 100` started by the engine's shell) and
/// `/proc` to see whether those are still alive after `shogi match` has exited.
#[cfg(target_os = "linux")]
mod leftovers {
    use std::path::{Path, PathBuf};
    use std::time::{Duration, Instant};

    use super::{engine, shogi_match};

    /// A fresh file name in the temporary directory for a script to write a process id into.
    fn pid_file(name: &str) -> PathBuf {
        let path =
            std::env::temp_dir().join(format!("shogi-match-{}-{name}.pid", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    /// Shell code that starts `sleep 100` in the background (its standard error closed, so
    /// that the test does not wait for it; its standard output too if `detach`) and writes its
    /// process id to `file`.
    fn sleeper(file: &Path, detach: bool) -> String {
        let redirect = if detach { " </dev/null >/dev/null" } else { "" };
        format!(
            "sleep 100{redirect} 2>/dev/null & echo $! > {f}.tmp; mv {f}.tmp {f}; ",
            f = file.display()
        )
    }

    /// The process id written to `file`.
    fn read_pid(file: &Path) -> u32 {
        let text = std::fs::read_to_string(file).expect("the engine wrote its child's pid");
        let _ = std::fs::remove_file(file);
        text.trim().parse().expect("a process id")
    }

    /// Whether process `pid` ends within 5 s: no `/proc` entry any more, or a zombie (dead,
    /// only waiting for its parent to collect its status).
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

    #[test]
    fn failed_handshakes_leave_no_process() {
        // Answers `usi` with a `bestmove`: refused at once.
        let file = pid_file("protocol");
        let rude = format!(
            "{}read -r line; echo 'bestmove resign'; wait",
            sleeper(&file, false)
        );
        let resigner = engine("resigner", "echo \"bestmove resign\"");
        let (out, err, code) = shogi_match(&["--engine", &rude, "--engine", &resigner]);
        assert_eq!((out.as_str(), code), ("", 1));
        assert!(
            err.ends_with(": unexpected `bestmove resign` while waiting for usiok\n"),
            "{err}"
        );
        let pid = read_pid(&file);
        assert!(ends(pid), "the first engine's child {pid} is still running");

        // The first engine starts; the second exits before `usiok`, leaving a child.
        let (first, second) = (pid_file("first"), pid_file("second"));
        let good = format!(
            "{}{}",
            sleeper(&first, false),
            engine("good", "echo \"bestmove resign\"")
        );
        let quitter = format!("{}read -r line; exit 3", sleeper(&second, true));
        let (out, err, code) = shogi_match(&["--engine", &good, "--engine", &quitter]);
        assert_eq!((out.as_str(), code), ("", 1));
        assert!(
            err.ends_with(": the engine exited with status 3 while waiting for usiok\n"),
            "{err}"
        );
        for (which, file) in [("first", first), ("second", second)] {
            let pid = read_pid(&file);
            assert!(
                ends(pid),
                "the {which} engine's child {pid} is still running"
            );
        }
    }

    #[test]
    fn a_played_match_leaves_no_process() {
        // One engine exits at its first `go` (abandonment), the other quits when asked; both
        // leave a child behind.
        let (first, second) = (pid_file("abandon"), pid_file("quit"));
        let quitter = format!("{}{}", sleeper(&first, true), engine("quitter", "exit 0"));
        let resigner = format!(
            "{}{}",
            sleeper(&second, false),
            engine("resigner", "echo \"bestmove resign\"")
        );
        let (out, err, code) =
            shogi_match(&["--engine", &quitter, "--engine", &resigner, "--games", "2"]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(
            out,
            "game 1: quitter vs resigner: win white abandonment in 0 moves\n\
             game 2: resigner vs quitter: win white resignation in 0 moves\n\
             score 1-1-0\n"
        );
        for (which, file) in [("first", first), ("second", second)] {
            let pid = read_pid(&file);
            assert!(
                ends(pid),
                "the {which} engine's child {pid} is still running"
            );
        }
    }
}
