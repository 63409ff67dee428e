//! `shogi dataset`, run through the built binary on records written here: one entry per position
//! before each move, the results the records and the rules give, the games skipped and counted,
//! bad files named and counted, folders read recursively, and the same output on any number of
//! threads. The packed layouts themselves are checked bit for bit against cshogi elsewhere
//! (`shogi-movegen/tests/packed.rs` and the interop scripts); here the entries are decoded with
//! `shogi_kit::movegen::packed` and compared with positions replayed from the USI moves.

use std::path::{Path, PathBuf};
use std::process::Command;

use shogi_kit::movegen::Position;
use shogi_kit::movegen::packed::{Hcpe, HcpeResult, Psv, PsvResult};
use shogi_kit::types::{Color, Move};

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("dataset-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Runs `shogi dataset <args>`; returns stderr and the exit code.
fn dataset(args: &[&str]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_shogi"))
        .arg("dataset")
        .args(args)
        .output()
        .expect("the shogi binary runs");
    (
        String::from_utf8(out.stderr).expect("utf-8 stderr"),
        out.status.code().unwrap_or(-1),
    )
}

/// The summary line (the last line of stderr).
fn summary(stderr: &str) -> &str {
    stderr.lines().last().unwrap_or("")
}

/// The positions before each of `moves` from the standard start.
fn replay(moves: &[&str]) -> Vec<(Position, Move)> {
    let mut pos = Position::start();
    let mut out = Vec::new();
    for m in moves {
        let mv: Move = m.parse().expect("usi move");
        out.push((pos, mv));
        pos.play(mv).expect("legal move");
    }
    out
}

/// Two CSA games in one file: White resigns after 3 moves; a game interrupted after 2 moves.
const TWO_GAMES: &str =
    "V2.2\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n%TORYO\n/\nV2.2\nPI\n+\n+2726FU\n-8384FU\n%CHUDAN\n";
/// A USI line: Black mates with a gold drop, seen by the rules (no terminal word); move
/// number 7.
const MATE: &str = "position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 7 moves G*5b\n";

#[test]
fn hcpe_has_one_entry_per_position_with_the_result() {
    let dir = scratch("hcpe");
    std::fs::write(dir.join("two.csa"), TWO_GAMES).expect("write");
    let out = dir.join("out.hcpe");
    let (err, code) = dataset(&[
        "--format",
        "hcpe",
        "--out",
        out.to_str().unwrap(),
        dir.join("two.csa").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        summary(&err).starts_with("dataset: 1 files read, 0 files failed, 2 games (1 without a result, 0 not standard, 0 unpackable), 3 positions written, "),
        "{err}"
    );
    let bytes = std::fs::read(&out).expect("output");
    assert_eq!(bytes.len(), 3 * Hcpe::LEN);
    let entries: Vec<Hcpe> = Hcpe::read_all(&bytes)
        .map(|r| r.expect("valid record"))
        .collect();
    for (entry, (pos, mv)) in entries.iter().zip(replay(&["7g7f", "3c3d", "8h2b+"])) {
        assert_eq!(
            entry
                .hcp
                .to_position::<shogi_kit::movegen::Standard>()
                .expect("valid"),
            pos.with_move_number_one()
        );
        assert_eq!(entry.best_move.to_move(&pos).expect("legal"), mv);
        assert_eq!(entry.eval, 0);
        // White resigned: Black won.
        assert_eq!(entry.result, HcpeResult::BlackWin);
    }
}

/// `Position::with_move_number_one` for the comparison with HCP, which holds no move number.
trait MoveNumberOne {
    fn with_move_number_one(self) -> Self;
}

impl MoveNumberOne for Position {
    fn with_move_number_one(self) -> Self {
        let mut setup = self.to_setup();
        setup.move_number = std::num::NonZeroU32::MIN;
        Position::from_setup(setup).expect("valid")
    }
}

#[test]
fn psv_results_are_from_the_side_to_move_and_ply_is_the_move_number() {
    let dir = scratch("psv");
    std::fs::write(dir.join("mate.usi"), MATE).expect("write");
    let out = dir.join("out.psv");
    let (err, code) = dataset(&[
        "--format",
        "psv",
        "--out",
        out.to_str().unwrap(),
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(summary(&err).contains(" 1 positions written"), "{err}");
    let bytes = std::fs::read(&out).expect("output");
    let entries: Vec<Psv> = Psv::read_all(&bytes)
        .map(|r| r.expect("valid record"))
        .collect();
    let pos: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 7"
        .parse::<shogi_kit::types::Setup>()
        .map(|s| Position::from_setup(s).expect("valid"))
        .expect("sfen");
    assert_eq!(entries.len(), 1);
    let entry = &entries[0];
    assert_eq!(
        entry
            .to_position::<shogi_kit::movegen::Standard>()
            .expect("valid"),
        pos
    );
    assert_eq!(entry.game_ply, 7);
    assert_eq!(
        entry.best_move.to_move(&pos).expect("legal"),
        "G*5b".parse().expect("usi")
    );
    // Black, to move, mates: the rules' verdict, as the record says nothing.
    assert_eq!(pos.side_to_move(), Color::Black);
    assert_eq!(entry.result, PsvResult::Win);
    assert_eq!(entry.score, 0);
}

#[test]
fn sfen_lines_keep_games_without_a_result_as_unknown() {
    let dir = scratch("sfen");
    std::fs::write(dir.join("two.csa"), TWO_GAMES).expect("write");
    let out = dir.join("out.txt");
    let (err, code) = dataset(&[
        "--format",
        "sfen",
        "--out",
        out.to_str().unwrap(),
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&out).expect("output");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\t7g7f\twin",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\t3c3d\tloss",
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3\t8h2b+\twin",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\t2g2f\tunknown",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL w - 2\t8c8d\tunknown",
        ]
    );
    assert!(summary(&err).contains("5 positions written"), "{err}");
}

#[test]
fn bad_files_are_named_and_counted_and_lenient_keeps_the_legal_part() {
    let dir = scratch("bad");
    std::fs::create_dir_all(dir.join("sub/deeper")).expect("folders");
    std::fs::write(dir.join("sub/deeper/good.csa"), TWO_GAMES).expect("write");
    std::fs::write(dir.join("sub/noise.csa"), "hello, world\n").expect("write");
    // Move 3 is illegal (the bishop's way is blocked): the KIF reader refuses the record.
    std::fs::write(dir.join("illegal.kif"), "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 ２二角成(88)\n   5 投了\n").expect("write");
    let out = dir.join("out.txt");
    let (err, code) = dataset(&[
        "--format",
        "sfen",
        "--out",
        out.to_str().unwrap(),
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("illegal.kif: "), "{err}");
    assert!(err.contains("noise.csa: "), "{err}");
    assert!(
        summary(&err).starts_with("dataset: 3 files read, 2 files failed, 2 games"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(&out)
            .expect("output")
            .lines()
            .count(),
        5
    );

    let (err, code) = dataset(&[
        "--format",
        "sfen",
        "--lenient",
        "--out",
        out.to_str().unwrap(),
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        summary(&err)
            .starts_with("dataset: 3 files read, 1 files failed, 3 games (2 without a result"),
        "{err}"
    );
    let text = std::fs::read_to_string(&out).expect("output");
    // The three legal moves of illegal.kif (read first: files in path order), then good.csa.
    assert_eq!(text.lines().count(), 3 + 5);
    assert!(
        text.lines().take(3).all(|l| l.ends_with("\tunknown")),
        "{text}"
    );
}

#[test]
fn threads_do_not_change_the_output() {
    let dir = scratch("threads");
    for i in 0..40 {
        let name = if i % 3 == 0 {
            format!("{i:02}.usi")
        } else {
            format!("{i:02}.csa")
        };
        let text = if i % 3 == 0 { MATE } else { TWO_GAMES };
        std::fs::write(dir.join(name), text).expect("write");
    }
    let one = dir.join("one.hcpe");
    let two = dir.join("two.hcpe");
    let (err, code) = dataset(&[
        "--format",
        "hcpe",
        "--threads",
        "1",
        "--out",
        one.to_str().unwrap(),
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (err, code) = dataset(&[
        "--format",
        "hcpe",
        "--threads",
        "2",
        "--out",
        two.to_str().unwrap(),
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (one, two) = (
        std::fs::read(one).expect("one"),
        std::fs::read(two).expect("two"),
    );
    // 14 files of one mate (1 entry), 26 of the two games (3 entries: the second has no result).
    assert_eq!(one.len(), (14 + 26 * 3) * Hcpe::LEN);
    assert_eq!(one, two);
}

#[test]
fn an_unwritable_output_fails_with_status_1() {
    let dir = scratch("unwritable");
    std::fs::write(dir.join("two.csa"), TWO_GAMES).expect("write");
    let out = dir.join("missing-folder/out.hcpe");
    let (err, code) = dataset(&[
        "--format",
        "hcpe",
        "--out",
        out.to_str().unwrap(),
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.starts_with("error: "), "{err}");
}

/// The SFEN of the start and of the position after 7g7f.
const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const AFTER_7G7F: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";

/// Game `k` (from 0) of the large file: Black resigns after two moves, an interrupted game,
/// or a second move that cannot be played.
fn large_game(k: usize) -> &'static str {
    match k % 3 {
        0 => "+7776FU\n-3334FU\n%TORYO\n",
        1 => "+7776FU\n%CHUDAN\n",
        _ => "+7776FU\n-7776FU\n",
    }
}

#[test]
fn a_large_file_is_read_game_by_game_with_the_output_of_small_files() {
    // Over 1 MiB: read one game at a time and encoded in chunks.
    let games = 60_000;
    let dir = scratch("large");
    let text = (0..games).map(large_game).collect::<Vec<_>>().join("/\n");
    assert!(text.len() > 1 << 20);
    std::fs::write(dir.join("large.csa"), &text).expect("write");
    // The same games in small files (read whole, one job each), in the same order.
    let small = dir.join("small");
    std::fs::create_dir_all(&small).expect("folder");
    for (i, part) in (0..games).collect::<Vec<_>>().chunks(games / 6).enumerate() {
        let part: Vec<_> = part.iter().map(|&k| large_game(k)).collect();
        std::fs::write(small.join(format!("{i}.csa")), part.join("/\n")).expect("write");
    }
    let run = |input: &Path, extra: &[&str]| {
        let out = dir.join("out.txt");
        let mut args = vec!["--format", "sfen", "--out", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        args.push(input.to_str().unwrap());
        let (err, code) = dataset(&args);
        assert_eq!(code, 0, "{err}");
        (std::fs::read_to_string(out).expect("output"), err)
    };

    let (large, err) = run(&dir.join("large.csa"), &[]);
    let mut expected = String::new();
    for k in 0..games {
        match k % 3 {
            0 => {
                expected.push_str(&format!("{START}\t7g7f\tloss\n{AFTER_7G7F}\t3c3d\twin\n"));
            }
            1 => expected.push_str(&format!("{START}\t7g7f\tunknown\n")),
            _ => {}
        }
    }
    assert!(large == expected, "the entries differ");
    // Each bad game is named by its number in the file, in order.
    let failures: Vec<&str> = err.lines().filter(|l| l.contains(": game ")).collect();
    assert_eq!(failures.len(), games / 3);
    for (failure, k) in failures.iter().zip((2..games).step_by(3)) {
        // Ten lines for every three games (with the `/` lines); the second move of the third.
        let line = 10 * (k - 2) / 3 + 9;
        assert!(
            failure.ends_with(&format!(
                "large.csa: game {}: line {line}: move 2 '-7776FU' is illegal: no piece on the origin square",
                k + 1
            )),
            "{failure}"
        );
    }
    assert_eq!(
        summary(&err).split(", ").take(5).collect::<Vec<_>>(),
        [
            "dataset: 1 files read",
            "1 files failed",
            "40000 games (20000 without a result",
            "0 not standard",
            "0 unpackable)",
        ]
    );
    let (whole, _) = run(&small, &[]);
    assert!(whole == large, "small files give other entries");

    // Lenient, on one thread: the first move of each bad game too.
    let (lenient, err) = run(&dir.join("large.csa"), &["--lenient", "--threads", "1"]);
    let (whole, _) = run(&small, &["--lenient", "--threads", "2"]);
    assert!(lenient == whole, "small files give other entries");
    assert_eq!(lenient.lines().count(), 4 * games / 3);
    assert!(
        summary(&err).starts_with(
            "dataset: 1 files read, 0 files failed, 60000 games (40000 without a result"
        ),
        "{err}"
    );
}

#[test]
fn folders_give_their_record_files_and_named_files_are_always_read() {
    let dir = scratch("extensions");
    std::fs::create_dir_all(dir.join("sub")).expect("folders");
    // Records under every record extension, in any case.
    std::fs::write(
        dir.join("a.kif"),
        "手合割：平手\n   1 ７六歩(77)\n   2 投了\n",
    )
    .expect("write");
    std::fs::write(dir.join("b.KIFU"), "   1 ７六歩(77)\n").expect("write");
    std::fs::write(dir.join("c.ki2"), "▲７六歩\nまで1手で後手の勝ち\n").expect("write");
    std::fs::write(dir.join("sub/d.ki2u"), "▲７六歩\n").expect("write");
    std::fs::write(dir.join("sub/e.Csa"), TWO_GAMES).expect("write");
    let jkf = r#"{"header":{},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"}}]}"#;
    std::fs::write(dir.join("sub/f.jkf"), jkf).expect("write");
    std::fs::write(dir.join("g.usi"), MATE).expect("write");
    std::fs::write(
        dir.join("h.sfen"),
        "sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b\n",
    )
    .expect("write");
    // Files of folders that are no records: a README whose lines look like KI2 moves, JSON of
    // another program with a list of moves, expected readings beside a record, text.
    std::fs::write(
        dir.join("README.md"),
        "# Games\n\n▲７六歩 is the usual first move.\n",
    )
    .expect("write");
    std::fs::write(dir.join("sub/notes.json"), r#"{"moves":[]}"#).expect("write");
    std::fs::write(dir.join("a.kif.expected.json"), r#"{"moves":["7g7f"]}"#).expect("write");
    std::fs::write(dir.join("sub/list.txt"), "hello\n").expect("write");
    let out = dir.join("out.txt");
    let out = out.to_str().unwrap();

    let (err, code) = dataset(&["--format", "sfen", "--out", out, dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    // 8 files; 1 + 1 + 1 + 1 + 2 + 1 + 1 + 1 games; 1 + 1 + 1 + 1 + 5 + 1 + 1 + 1 positions.
    assert!(
        summary(&err).starts_with("dataset: 8 files read, 0 files failed, 9 games"),
        "{err}"
    );
    assert!(summary(&err).contains(" 12 positions written"), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines[lines.len() - 2],
        "dataset: 4 files skipped in folders (not .kif .kifu .ki2 .ki2u .csa .jkf .usi .sfen; --all-files reads them)"
    );

    // Named, a file is read whatever its name: JSON without the shape of JKF fails.
    let notes = dir.join("sub/notes.json");
    let (err, code) = dataset(&["--format", "sfen", "--out", out, notes.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(
            "notes.json: jkf (top): expected a JKF record: 'header' or 'initial', and 'moves'"
        ),
        "{err}"
    );
    assert!(
        summary(&err).starts_with("dataset: 1 files read, 1 files failed, 0 games"),
        "{err}"
    );

    // --all-files: every file, the four that are no records failing.
    let (err, code) = dataset(&[
        "--format",
        "sfen",
        "--all-files",
        "--out",
        out,
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        summary(&err).starts_with("dataset: 12 files read, 4 files failed, 9 games"),
        "{err}"
    );
    for name in [
        "README.md: ",
        "notes.json: ",
        "a.kif.expected.json: ",
        "list.txt: ",
    ] {
        assert!(err.contains(name), "{name} {err}");
    }
    assert!(!err.contains("skipped"), "{err}");
}

#[test]
fn the_help_lists_the_record_extensions() {
    let out = Command::new(env!("CARGO_BIN_EXE_shogi"))
        .args(["dataset", "--help"])
        .output()
        .expect("the shogi binary runs");
    let help = String::from_utf8(out.stdout).expect("utf-8");
    assert!(help.contains("--all-files"), "{help}");
    assert!(
        help.contains(".kif .kifu .ki2 .ki2u .csa .jkf .usi .sfen"),
        "{help}"
    );
}
