//! The command-line contract of `shogi`, run through the built binary: arguments, standard
//! input, output and exit codes of every subcommand. Counts come from the published perft
//! tables; the other expectations are the documented outputs of each command.

mod common;

use common::shogi;

/// The stdout of a successful run.
fn ok(args: &[&str], stdin: &str) -> String {
    let (out, err, code) = shogi(args, stdin);
    assert_eq!(code, 0, "shogi {args:?}: {err}");
    out
}

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

#[test]
fn perft_counts_and_divide() {
    // Published counts of the start position.
    for (depth, nodes) in [("0", "1"), ("1", "30"), ("2", "900"), ("3", "25470")] {
        assert_eq!(ok(&["perft", depth], ""), format!("{nodes}\n"));
        assert_eq!(ok(&["perft", depth, "startpos"], ""), format!("{nodes}\n"));
    }
    // The SFEN as one argument or as its four words, `--divide` anywhere.
    let words: Vec<&str> = START.split(' ').collect();
    let mut args = vec!["perft", "2"];
    args.extend(&words);
    args.push("--divide");
    let divided = ok(&args, "");
    let lines: Vec<&str> = divided.lines().collect();
    assert_eq!(lines.len(), 31);
    assert_eq!(lines[30], "900");
    assert!(lines[..30].iter().all(|l| l.ends_with(" 30")));
    let mut sorted = lines[..30].to_vec();
    sorted.sort_unstable();
    assert_eq!(sorted, lines[..30], "sorted by the USI text");
    assert_eq!(ok(&["perft", "--divide", "2", START], ""), divided);
    // Time goes to stderr.
    let (_, err, _) = shogi(&["perft", "1"], "");
    assert!(err.starts_with("time "), "{err}");
    // The 593-move position, and a mate problem (White's king only, soft fault waived):
    // 79 gold drops and the pawn to 5b with and without promotion.
    assert_eq!(
        ok(
            &[
                "perft",
                "1",
                "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"
            ],
            ""
        ),
        "593\n"
    );
    assert_eq!(
        ok(&["perft", "1", "4k4/9/4P4/9/9/9/9/9/9 b G 1"], ""),
        "81\n"
    );
}

#[test]
fn perft_of_the_untakeable_silver_variant() {
    // Marked silvers select the variant: White's king may not take the silver on 1b.
    let standard = ok(&["perft", "1", "8k/8S/9/9/9/9/9/9/K6R1 w - 1"], "");
    let variant = ok(&["perft", "1", "8k/8S!/9/9/9/9/9/9/K6R1 w - 1"], "");
    assert_eq!(standard, "1\n");
    assert_eq!(variant, "0\n");
    // The six-piece start: 9 pawn moves, 3 for each silver, 5 for the king; the knights are
    // blocked by their own pawns.
    let six = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1";
    assert_eq!(ok(&["perft", "1", six], ""), "20\n");
}

#[test]
fn perft_errors() {
    let (out, err, code) = shogi(&["perft", "2", "9/9 b - 1"], "");
    assert_eq!((out.as_str(), code), ("", 1));
    assert!(err.starts_with("error: sfen board"), "{err}");
    // Two White kings: a hard fault.
    let (_, err, code) = shogi(&["perft", "1", "4k4/9/9/9/9/9/9/9/k3K4 b - 1"], "");
    assert_eq!(code, 1);
    assert!(err.starts_with("error: "), "{err}");
    // A bad depth or option is a usage error.
    assert_eq!(shogi(&["perft", "-1"], "").2, 2);
    assert_eq!(shogi(&["perft", "x"], "").2, 2);
    assert_eq!(shogi(&["perft"], "").2, 2);
    assert_eq!(shogi(&["perft", "1", "--verbose"], "").2, 2);
}

#[test]
fn legal_lines() {
    let out = ok(
        &["legal"],
        "startpos\r\n9/9 b - 1\n4k4/9/9/9/9/9/9/9/4K4 w - 1\n\n8k/8S!/9/9/9/9/9/9/K6R1 w - 1\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5);
    let start: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(start.len(), 30);
    let mut sorted = start.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, start, "sorted by byte order");
    assert!(start.contains(&"7g7f") && start.contains(&"2h1h"));
    assert!(lines[1].starts_with("error: sfen board"), "{}", lines[1]);
    // White's king on 5a has its five neighbours.
    assert_eq!(lines[2], "5a4a 5a4b 5a5b 5a6a 5a6b");
    assert!(lines[3].starts_with("error: "), "an empty line is an error");
    // The untakeable silver is checking and cannot be taken: White is mated.
    assert_eq!(lines[4], "");
}

#[test]
fn setups_lines() {
    let out = ok(&["setups"], "");
    let lines: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
    assert!(lines.iter().all(|l| l.len() == 3));
    assert_eq!(lines[0], ["Even", "平手", START]);
    let silver = &lines[lines.len() - 3..];
    assert_eq!(
        silver[0],
        [
            "Untakeable Silver (six-piece)",
            "-",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1"
        ]
    );
    assert_eq!(
        silver[2][2],
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/9/4K1S!2 b - 1"
    );
    assert!(lines.iter().any(|l| l[1] == "二枚落ち"
        && l[2] == "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"));
}

/// Runs `shogi adjudicate <args>` on `lines` and returns one output line per input line.
fn adjudicate(args: &[&str], lines: &[&str]) -> Vec<String> {
    let mut full = vec!["adjudicate"];
    full.extend(args);
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let out = ok(&full, &input);
    let got: Vec<String> = out.lines().map(str::to_owned).collect();
    assert_eq!(got.len(), lines.len(), "{out}");
    got
}

fn adjudicate_one(args: &[&str], line: &str) -> String {
    adjudicate(args, &[line]).remove(0)
}

const S0: &str = "position sfen 9/9/6S1k/9/9/9/9/R8/4K4 b - 1 moves";
const C: &str = "3c2b 1c2d 2b3c 2d1c";
const Q: &str = "9h8h 1c1d 8h9h 1d1c";

#[test]
fn adjudicate_options() {
    for bad in [
        &["--impasse"][..],
        &["--impasse", "26"],
        &["--move-limit", "-1"],
        &["--move-limit", "many"],
        &["--verbose"],
    ] {
        let mut args = vec!["adjudicate"];
        args.extend(bad);
        assert_eq!(shogi(&args, "").2, 2, "{bad:?}");
    }
    let (out, _, _) = shogi(&["adjudicate", "--help"], "");
    assert!(out.contains("none|24|27|24-declaration|try"), "{out}");
}

#[test]
fn adjudicate_games() {
    let cases = [
        ("position startpos", "ongoing"),
        ("position startpos moves 7g7f 3c3d", "ongoing"),
        ("startpos moves 7g7f", "ongoing"),
        (
            "position sfen 7lk/9/7GP/9/9/9/9/9/8K b - 1 moves 1c1b",
            "win black checkmate",
        ),
        (
            "position sfen +R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200",
            "win white no-legal-moves",
        ),
        (
            "position startpos moves 7g7f 3c3d 2h2d",
            "illegal 2 cannot-reach",
        ),
        ("position startpos moves 7f7e", "illegal 0 no-such-piece"),
        (
            "position startpos moves 7g7f 7g7f",
            "illegal 1 no-such-piece",
        ),
        (
            "position startpos moves 7g7f 2g2f",
            "illegal 1 not-your-piece",
        ),
        ("position startpos moves 7i7f", "illegal 0 cannot-reach"),
        (
            "position startpos moves 7g7f 3c3d 5i4i",
            "illegal 2 capture-own-piece",
        ),
        ("position startpos moves 7g7f+", "illegal 0 bad-promotion"),
        ("position startpos moves P*5e", "illegal 0 not-in-hand"),
        (
            "position sfen 7lk/9/8S/9/9/9/9/7L1/8K b P 1 moves P*1b",
            "illegal 0 drop-pawn-mate",
        ),
        (
            "position sfen 7lk/9/7GP/9/9/9/9/9/8K b P 1 moves P*1e",
            "illegal 0 two-pawns",
        ),
        (
            "position sfen 7lk/9/7GP/9/9/9/9/9/8K b P 1 moves P*1c",
            "illegal 0 occupied",
        ),
        (
            "position sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1 moves P*1a",
            "illegal 0 stuck-piece",
        ),
        (
            "position sfen 4k4/9/9/9/9/9/9/3r5/4K4 b - 1 moves 5i6i",
            "illegal 0 leaves-king-in-check",
        ),
        // A mate problem: Black has no king. The soft fault is waived.
        (
            "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b",
            "win black checkmate",
        ),
        ("position sfen 4k4/9/9/9/9/9/9/9/4K4 b 3R 1", "ongoing"),
        ("  position startpos moves 7g7f  \r", "ongoing"),
    ];
    let lines: Vec<&str> = cases.iter().map(|c| c.0).collect();
    let got = adjudicate(&[], &lines);
    for ((line, want), got) in cases.iter().zip(&got) {
        assert_eq!(got, want, "{line}");
    }
    let perpetual = format!("{S0} {C} {C} {C}");
    let repetition = format!("{S0} {Q} {C} {C}");
    let after = format!("{S0} {C} {C} {C} 3c2b");
    assert_eq!(
        adjudicate(&[], &[&perpetual, &repetition, &after]),
        [
            "win white perpetual-check",
            "draw repetition",
            "illegal 12 game-over"
        ]
    );
    for line in [
        "",
        "declare",
        "position",
        "position startpos moves 7g7x",
        "position sfen 9/9/9 b - 1",
        "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 banana",
        "position sfen 4k4/9/9/9/9/9/9/9/k3K4 b - 1",
        // Standard shogi protects no piece: a marked piece is refused, not ignored.
        "position sfen 4k4/9/9/9/9/9/9/9/3S!K4 b - 1",
    ] {
        assert!(adjudicate_one(&[], line).starts_with("error: "), "{line:?}");
    }
}

#[test]
fn adjudicate_declarations_try_and_limits() {
    let row1 = "position sfen +R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 10P 1";
    let row2 = "position sfen +R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 9P 1";
    let declare = |s: &str| format!("{s} declare");
    assert_eq!(
        adjudicate(
            &["--impasse", "27"],
            &[
                &declare(row1),
                &declare(row2),
                row1,
                &format!("{row1} moves 2a3a declare"),
                "position startpos declare",
            ]
        ),
        [
            "win black impasse",
            "win white impasse",
            "ongoing",
            "win black impasse",
            "win white impasse"
        ]
    );
    assert!(
        adjudicate_one(
            &["--impasse", "27"],
            "position sfen 7lk/9/7GP/9/9/9/9/9/8K b - 1 moves 1c1b declare"
        )
        .starts_with("error: ")
    );
    assert_eq!(
        adjudicate_one(&["--impasse", "24-declaration"], &declare(row1)),
        "draw impasse"
    );
    assert_eq!(
        adjudicate_one(&["--impasse", "24"], &declare(row1)),
        "win black impasse"
    );
    assert!(
        adjudicate_one(&["--impasse", "24"], "position startpos declare").starts_with("error: ")
    );
    for args in [&[][..], &["--impasse", "none"], &["--impasse", "try"]] {
        assert!(
            adjudicate_one(args, &declare(row1)).starts_with("error: "),
            "{args:?}"
        );
    }
    let sfen = "position sfen 9/4K4/9/9/9/9/9/9/k8 b - 1 moves 5b5a";
    assert_eq!(adjudicate_one(&["--impasse", "try"], sfen), "win black try");
    assert_eq!(adjudicate_one(&[], sfen), "ongoing");
    let moves = "position startpos moves 7g7f 3c3d 2g2f 8c8d";
    assert_eq!(
        adjudicate_one(&["--move-limit", "4"], moves),
        "draw move-limit"
    );
    assert_eq!(adjudicate_one(&["--move-limit", "5"], moves), "ongoing");
    assert_eq!(
        adjudicate_one(&["--move-limit", "3"], moves),
        "illegal 3 game-over"
    );
    let camps = "position sfen 9/4K4/9/9/9/9/4k4/9/9 b RB14P4g4s4n4l4p 1 moves 5b5c 5g5h";
    assert_eq!(
        adjudicate_one(&["--move-limit", "2", "--limit-count"], camps),
        "win black move-limit"
    );
    assert_eq!(
        adjudicate_one(&["--move-limit", "2"], camps),
        "draw move-limit"
    );
    assert_eq!(
        adjudicate_one(
            &["--move-limit", "2", "--limit-count", "--handicap-credit"],
            camps
        ),
        "draw move-limit"
    );
}

fn convert(to: &str, input: &str) -> String {
    ok(&["convert", "--to", to], input)
}

#[test]
fn convert_move_lists_positions_and_records() {
    let usi = "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e 7a6b 4e3d";
    assert_eq!(
        convert("western", usi),
        "P-7f\nP-3d\nBx2b+\nSx2b\nB*4e\nS-6b\nBx3d\n"
    );
    assert_eq!(
        convert("japanese", usi),
        "▲７六歩\n△３四歩\n▲２二角成\n△同　銀\n▲４五角\n△６二銀\n▲３四角\n"
    );
    assert_eq!(
        convert(
            "western",
            "position sfen 4k4/9/4s1s2/9/9/9/2+B6/9/4K4 b SP 1 moves 7g4d"
        ),
        "+B-4d\n"
    );
    assert_eq!(
        convert(
            "western",
            "position sfen 4k4/9/4S1S2/3p5/9/9/9/9/4K4 b P 1 moves 5c4d"
        ),
        "S5c-4d=\n"
    );
    let usi = "position startpos moves 7g7f 3c3d";
    assert_eq!(convert("usi", usi), format!("{usi}\n"));
    assert_eq!(ok(&["convert", "--to=usi"], usi), format!("{usi}\n"));
    assert_eq!(
        convert("sfen", usi),
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3\n"
    );
    for to in ["kif", "ki2", "csa", "jkf"] {
        let written = convert(to, usi);
        assert_eq!(convert("usi", &written), format!("{usi}\n"), "{to}");
    }
    // A file argument, and the Shift_JIS encoding of a KIF file.
    let dir = std::env::temp_dir().join(format!("shogi-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("game.kif");
    let kif_sjis: Vec<u8> = [
        &b"\x8e\xe8\x8d\x87\x8a\x84\x81\x46\x95\xbd\x8e\xe8\n"[..], // 手合割：平手
        b"   1 \x82\x56\x98\x5a\x95\xe0(77)\n",                     // ７六歩(77)
    ]
    .concat();
    std::fs::write(&path, kif_sjis).expect("write");
    let file = path.to_str().expect("utf-8 path");
    assert_eq!(
        ok(&["convert", "--to", "usi", file], ""),
        "position startpos moves 7g7f\n"
    );
    std::fs::remove_dir_all(&dir).ok();
    // JKF as written by json-kifu-format's documentation: a preset and `move` objects.
    let jkf = r#"{"header":{},"initial":{"preset":"HIRATE"},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"}},{"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"color":1,"piece":"FU"}},{"special":"TORYO"}]}"#;
    assert_eq!(convert("usi", jkf), format!("{usi}\n"));
}

#[test]
fn convert_errors_and_lenient() {
    let (out, err, code) = shogi(
        &["convert", "--to", "usi"],
        "position startpos moves 7g7f 7g7f",
    );
    assert_eq!((out.as_str(), code), ("", 1));
    assert_eq!(
        err,
        "error: line 1: move 2 '7g7f' is illegal: no piece on the origin square\n"
    );
    let kif = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 ８八飛(82)\n*反則手にて終局\n";
    assert_eq!(shogi(&["convert", "--to", "usi"], kif).2, 1);
    let (out, err, code) = shogi(&["convert", "--to", "usi", "--lenient"], kif);
    assert_eq!(code, 0);
    assert_eq!(out, "position startpos moves 7g7f 3c3d 8h2b+\n");
    assert!(err.starts_with("error: line 5"), "{err}");
    // What is not about a move still fails, even leniently.
    assert_eq!(
        shogi(
            &["convert", "--to", "usi", "--lenient"],
            "V2.2\nP1 nonsense\n"
        )
        .2,
        1
    );
    // Usage errors.
    for bad in [
        &["convert", "--to", "pdf"][..],
        &["convert", "--to"],
        &["convert", "game.kif"],
        &["convert", "--to", "kif", "a", "b"],
        &["convert", "--from", "kif"],
    ] {
        assert_eq!(shogi(bad, "").2, 2, "{bad:?}");
    }
    let (_, err, code) = shogi(&["convert", "--to", "kif", "/nonexistent/game.kif"], "");
    assert_eq!(code, 1);
    assert!(err.starts_with("error: /nonexistent/game.kif: "), "{err}");
}

#[test]
fn perft_on_threads_with_a_table() {
    // The plain count (`--threads 1 --hash 0`) and the parallel hashed one agree, with and
    // without `--divide`, for standard shogi and for the untakeable-silver variant.
    let six = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1";
    for position in [START, six] {
        for divide in [false, true] {
            let mut plain = vec!["perft", "4", position, "--hash", "0", "--threads", "1"];
            let mut hashed = vec!["perft", "4", position, "--threads", "2", "--hash", "16"];
            if divide {
                plain.push("--divide");
                hashed.push("--divide");
            }
            let plain = ok(&plain, "");
            assert_eq!(ok(&hashed, ""), plain, "{position} divide {divide}");
            let defaults: &[&str] = if divide {
                &["perft", "4", position, "--divide"]
            } else {
                &["perft", "4", position]
            };
            assert_eq!(ok(defaults, ""), plain, "defaults");
            if position == START {
                assert_eq!(plain.lines().last(), Some("719731"), "{plain}");
            }
        }
    }
    // Another seed of the second key gives the same count.
    assert_eq!(
        ok(
            &["perft", "5", "--hash", "1", "--threads", "2", "--seed", "7"],
            ""
        ),
        "19861490\n"
    );
    // A bad thread count or table size is a usage error.
    assert_eq!(shogi(&["perft", "1", "--threads", "x"], "").2, 2);
    assert_eq!(shogi(&["perft", "1", "--hash", "-1"], "").2, 2);
}
