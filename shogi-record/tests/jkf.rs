//! JKF: every record of `../shared/records` that our readers read converts to JKF and back to
//! the same record (after the normalisation of what JKF cannot hold, see [`normalise`]), and
//! hand-written JKF reads as it should (presets, custom positions with hands, forks, specials,
//! times, comments, errors).
//!
//! The shared records are third-party files read from the folder beside the clone and never
//! copied into the repository; when it is missing (a plain clone) the law test says so and
//! passes, unless `CI` is set.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use shogi_record::{
    self as record, Ending, Format, Header, HeaderKey, JsonProblem, MoveProblem, MoveTime, Record,
    RecordErrorKind, RecordMove, Special, SyntaxError, Variation, jkf,
};
use shogi_rules::{Outcome, WinReason};
use shogi_types::{Color, Move};
use shogi_variants::Handicap;

/// The record files (not the `.expected.json` files) of every format folder.
fn record_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for folder in ["kif", "ki2", "csa"] {
        let sub = dir.join(folder);
        for entry in fs::read_dir(&sub).unwrap_or_else(|e| panic!("{}: {e}", sub.display())) {
            let path = entry.expect("dir entry").path();
            if !path.to_string_lossy().ends_with(".expected.json") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Truncates a duration to whole seconds (JKF has no fractions).
fn secs(d: Duration) -> Duration {
    Duration::from_secs(d.as_secs())
}

/// Fills the totals the record does not give (JKF needs one: the writer sums the player's
/// times) and truncates every time to the second.
fn normalise_line(
    moves: &mut [RecordMove],
    ending: Option<&mut Ending>,
    mut used: [Duration; 2],
    mut mover: Color,
) {
    for m in moves.iter_mut() {
        let i = mover.index();
        for v in &mut m.variations {
            normalise_line(&mut v.moves, v.ending.as_mut(), used, mover);
        }
        if let Some(t) = &mut m.time {
            let total = t.total.unwrap_or(used[i] + t.spent);
            used[i] = total;
            *t = MoveTime {
                spent: secs(t.spent),
                total: Some(secs(total)),
            };
        }
        mover = !mover;
    }
    if let Some(e) = ending
        && let Some(t) = &mut e.time
    {
        let total = t.total.unwrap_or(used[mover.index()] + t.spent);
        *t = MoveTime {
            spent: secs(t.spent),
            total: Some(secs(total)),
        };
    }
}

/// What JKF cannot hold, normalised: header keys as the KIF key reads back, the first of each
/// key only; times to the second, with totals; the time and comments of an `Other` ending.
fn normalise(mut rec: Record) -> Record {
    let handicap_game = rec.handicap().is_some_and(|h| h != Handicap::Even);
    let mut seen: Vec<String> = Vec::new();
    rec.headers = rec
        .headers
        .into_iter()
        .filter_map(|h| {
            let key = match (&h.key, handicap_game) {
                (HeaderKey::Black, true) => "下手".to_string(),
                (HeaderKey::White, true) => "上手".to_string(),
                (k, _) => k.kif_key().to_string(),
            };
            if seen.contains(&key) || key == "手合割" || key == "#SFEN" {
                return None;
            }
            seen.push(key.clone());
            Some(Header::new(HeaderKey::from_kif_key(&key), h.value))
        })
        .collect();
    let mover = rec.start.side_to_move();
    normalise_line(
        &mut rec.moves,
        rec.ending.as_mut(),
        [Duration::ZERO; 2],
        mover,
    );
    strip_other_endings(&mut rec.moves, rec.ending.as_mut());
    rec
}

fn strip_other_endings(moves: &mut [RecordMove], ending: Option<&mut Ending>) {
    for m in moves.iter_mut() {
        for v in &mut m.variations {
            strip_other_endings(&mut v.moves, v.ending.as_mut());
        }
    }
    if let Some(e) = ending
        && matches!(&e.special, Special::Other(w) if w != "MATTA")
    {
        e.time = None;
        e.comments.clear();
    }
}

#[test]
fn every_shared_record_survives_jkf() {
    let Some(dir) = common::records_dir("jkf") else {
        return;
    };
    let mut checked = 0;
    let mut failures = Vec::new();
    for path in record_files(&dir) {
        let name = path
            .file_name()
            .expect("name")
            .to_string_lossy()
            .to_string();
        let bytes = fs::read(&path).expect("read");
        let Ok(rec) = record::read(&bytes) else {
            continue; // a file our readers refuse (its expected.json says so)
        };
        let text = jkf::write(&rec);
        assert_eq!(Format::detect(&text), Some(Format::Jkf), "{name}");
        match jkf::read(&text) {
            Ok(back) => {
                let want = normalise(rec);
                if back != want {
                    failures.push(format!(
                        "{name}: differs:\n  want {want:?}\n  got  {back:?}"
                    ));
                }
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 40, "only {checked} records read");
    eprintln!("jkf: {checked} shared records written and read back");
}

/// The text of a drop or move entry.
fn mv(x: u8, y: u8, fx: u8, fy: u8, color: u8, piece: &str) -> String {
    format!(
        r#"{{"move":{{"from":{{"x":{fx},"y":{fy}}},"to":{{"x":{x},"y":{y}}},"color":{color},"piece":"{piece}"}}}}"#
    )
}

#[test]
fn presets_give_the_handicaps() {
    for (preset, handicap) in [
        ("HIRATE", Handicap::Even),
        ("KY", Handicap::Lance),
        ("KY_R", Handicap::RightLance),
        ("KA", Handicap::Bishop),
        ("HI", Handicap::Rook),
        ("HIKY", Handicap::RookLance),
        ("2", Handicap::TwoPiece),
        ("3", Handicap::ThreePiece),
        ("4", Handicap::FourPiece),
        ("5", Handicap::FivePiece),
        ("5_L", Handicap::LeftFivePiece),
        ("6", Handicap::SixPiece),
        ("7_L", Handicap::LeftSevenPiece),
        ("7_R", Handicap::RightSevenPiece),
        ("8", Handicap::EightPiece),
        ("10", Handicap::TenPiece),
    ] {
        let text = format!(r#"{{"header":{{}},"initial":{{"preset":"{preset}"}},"moves":[{{}}]}}"#);
        let rec = jkf::read(&text).unwrap_or_else(|e| panic!("{preset}: {e}"));
        assert_eq!(rec.handicap(), Some(handicap), "{preset}");
        let written = jkf::write(&rec);
        assert!(
            written.contains(&format!(r#""preset":"{preset}""#)),
            "{written}"
        );
    }
    // No `initial`, or null: the standard start.
    let rec = jkf::read(r#"{"header":{},"initial":null,"moves":[{}]}"#).unwrap();
    assert_eq!(rec.handicap(), Some(Handicap::Even));
    let rec = jkf::read(r#"{"header":{},"moves":[]}"#).unwrap();
    assert_eq!(rec, Record::start());
    // A handicap game: White moves first, the players are 下手 and 上手.
    let text = format!(
        r#"{{"header":{{"下手":"A","上手":"B"}},"initial":{{"preset":"6"}},"moves":[{{}},{}]}}"#,
        mv(4, 2, 5, 1, 1, "OU")
    );
    let rec = jkf::read(&text).unwrap();
    assert_eq!(rec.player(Color::Black), Some("A"));
    assert_eq!(rec.player(Color::White), Some("B"));
    assert_eq!(rec.usi_moves(), ["5a4b".parse::<Move>().unwrap()]);
    assert!(jkf::write(&rec).contains(r#""下手":"A","上手":"B""#));
    // Three-piece with the 9a lance is no preset.
    let rec = Record::new(Handicap::ThreePieceRightLance.position());
    assert!(jkf::write(&rec).contains(r#""preset":"OTHER""#));
    assert_eq!(jkf::read(&jkf::write(&rec)).unwrap(), rec);
}

#[test]
fn custom_positions_with_hands() {
    // A mate problem: Black has a gold in hand, White only a king at 5a, pawns in White's hand.
    let mut board = vec![vec!["{}".to_string(); 9]; 9];
    board[4][0] = r#"{"color":1,"kind":"OU"}"#.to_string();
    board[4][2] = r#"{"color":0,"kind":"TO"}"#.to_string();
    let board: Vec<String> = board.iter().map(|f| format!("[{}]", f.join(","))).collect();
    let text = format!(
        r#"{{"header":{{"作品名":"一手詰"}},"initial":{{"preset":"OTHER","data":{{"board":[{}],"color":0,"hands":[{{"KI":1}},{{"FU":2,"KY":0}}]}}}},
        "moves":[{{"comments":["a problem"]}},{{"move":{{"to":{{"x":5,"y":2}},"color":0,"piece":"KI"}}}},{{"special":"TSUMI"}}]}}"#,
        board.join(",")
    );
    let rec = jkf::read(&text).unwrap();
    assert_eq!(
        rec.start_sfen().to_string(),
        "4k4/9/4+P4/9/9/9/9/9/9 b G2p 1"
    );
    assert_eq!(rec.usi_moves(), ["G*5b".parse::<Move>().unwrap()]);
    assert_eq!(rec.start_comments, ["a problem"]);
    assert_eq!(
        rec.header(&HeaderKey::Other("作品名".into())),
        Some("一手詰")
    );
    assert_eq!(
        rec.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Checkmate
        })
    );
    let written = jkf::write(&rec);
    assert!(
        written.contains(r#""hands":[{"FU":0,"KY":0,"KE":0,"GI":0,"KI":1,"KA":0,"HI":0},{"FU":2,"#),
        "{written}"
    );
    assert_eq!(jkf::read(&written).unwrap(), rec);
    // An empty board object and tsshogi's zero counts of kinds that cannot be held.
    let err = jkf::read(
        r#"{"header":{},"initial":{"preset":"OTHER","data":{"board":{},"color":0,"hands":[{"OU":0},{}]}},"moves":[{}]}"#,
    )
    .unwrap_err();
    assert!(
        matches!(err.kind(), RecordErrorKind::InvalidStart(_)),
        "{err}"
    );
}

#[test]
fn forks_are_variations() {
    // The fork example of json-kifu-format's README.
    let text = r#"{
      "header": {},
      "moves": [
        {"comments":["分岐の例"]},
        {"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"}},
        {"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"color":1,"piece":"FU"}, "comments":["次の手で二種類が考えられる：７七桂か２二角成である．","２二角成を選ぶと筋違い角となる．"]},
        {"move":{"from":{"x":8,"y":9},"to":{"x":7,"y":7},"color":0,"piece":"KE"}, "forks":[
          [
            {"move":{"from":{"x":8,"y":8},"to":{"x":2,"y":2},"color":0,"piece":"KA","capture":"KA","promote":false}},
            {"move":{"from":{"x":3,"y":1},"to":{"x":2,"y":2},"color":1,"piece":"GI","capture":"KA","same":true}},
            {"move":{"to":{"x":4,"y":5},"color":0,"piece":"KA"}},
            {"special":"CHUDAN"}
          ]
        ]},
        {"move":{"from":{"x":2,"y":2},"to":{"x":7,"y":7},"color":1,"piece":"KA","capture":"KE","promote":true,"same":true}},
        {"move":{"from":{"x":8,"y":8},"to":{"x":7,"y":7},"color":0,"piece":"KA","capture":"UM","same":true}},
        {"move":{"to":{"x":3,"y":3},"color":1,"piece":"KE","relative":"H"}}
      ]
    }"#;
    let rec = jkf::read(text).unwrap();
    let usi: Vec<String> = rec.usi_moves().iter().map(ToString::to_string).collect();
    assert_eq!(usi, ["7g7f", "3c3d", "8i7g", "2b7g+", "8h7g", "N*3c"]);
    assert_eq!(rec.moves[1].comments.len(), 2);
    let fork = &rec.moves[2].variations;
    assert_eq!(fork.len(), 1);
    let fork_usi: Vec<String> = fork[0].moves.iter().map(|m| m.mv.to_string()).collect();
    assert_eq!(fork_usi, ["8h2b", "3a2b", "B*4e"]);
    assert_eq!(fork[0].ending, Some(Ending::new(Special::Interrupt)));
    let written = jkf::write(&rec);
    assert_eq!(jkf::read(&written).unwrap(), rec);
    assert!(
        written.contains(r#""piece":"KA","promote":false,"capture":"KA"}"#),
        "{written}"
    );
    // Alternatives to a fork's first move are further variations of the same move.
    let mut nested = rec.clone();
    let extra = Variation::new(vec![RecordMove::new("2g2f".parse().unwrap())]);
    nested.moves[2].variations.push(extra);
    assert_eq!(jkf::read(&jkf::write(&nested)).unwrap(), nested);
}

#[test]
fn specials_times_and_comments() {
    let first = mv(7, 6, 7, 7, 0, "FU");
    for (word, special) in [
        ("TORYO", Special::Resign),
        ("CHUDAN", Special::Interrupt),
        ("SENNICHITE", Special::Repetition),
        ("TIME_UP", Special::TimeUp),
        ("ILLEGAL_MOVE", Special::IllegalLoss),
        ("+ILLEGAL_ACTION", Special::IllegalAction(Color::Black)),
        ("-ILLEGAL_ACTION", Special::IllegalAction(Color::White)),
        ("ILLEGAL_ACTION", Special::IllegalWin),
        ("JISHOGI", Special::Impasse),
        ("KACHI", Special::EnteringKingWin),
        ("HIKIWAKE", Special::EnteringKingDraw),
        ("MATTA", Special::Other("MATTA".into())),
        ("TSUMI", Special::Mate),
        ("FUZUMI", Special::NoMate),
        ("ERROR", Special::Error),
        ("MAX_MOVES", Special::MaxMoves),
    ] {
        let text = format!(r#"{{"header":{{}},"moves":[{{}},{first},{{"special":"{word}"}}]}}"#);
        let rec = jkf::read(&text).unwrap_or_else(|e| panic!("{word}: {e}"));
        assert_eq!(
            rec.ending.as_ref().map(|e| &e.special),
            Some(&special),
            "{word}"
        );
    }
    // Every ending of the model survives, with its time, comments and exact outcome.
    let mut words: Vec<Special> = Special::KNOWN.to_vec();
    words.push(Special::Other("封じ手なし".into()));
    for special in words {
        let mut rec = Record::start();
        rec.push("7g7f".parse().unwrap()).unwrap();
        rec.moves[0].time = Some(MoveTime {
            spent: Duration::from_secs(75),
            total: Some(Duration::from_secs(3675)),
        });
        rec.moves[0].comments = vec!["good".into(), "line \"two\"\n".into()];
        let mut ending = Ending::new(special.clone());
        if !matches!(special, Special::Other(_)) {
            ending.time = Some(MoveTime {
                spent: Duration::from_secs(3),
                total: Some(Duration::from_secs(3)),
            });
            ending.comments = vec!["over".into()];
        }
        rec.ending = Some(ending);
        let written = jkf::write(&rec);
        assert_eq!(jkf::read(&written).unwrap(), rec, "{special:?}\n{written}");
    }
    // An exact outcome rides in a RESULT comment.
    let mut rec = Record::start();
    rec.push("7g7f".parse().unwrap()).unwrap();
    rec.ending = Some(Ending::from_outcome(
        Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation,
        },
        Color::Black,
    ));
    let written = jkf::write(&rec);
    assert!(
        written.contains(r#""special":"-ILLEGAL_ACTION""#),
        "{written}"
    );
    assert_eq!(jkf::read(&written).unwrap(), rec);
    // Times: `now` and `total` with or without hours.
    let text = r#"{"header":{},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"},"time":{"now":{"m":1,"s":2},"total":{"h":1,"m":2,"s":3}}}]}"#;
    let rec = jkf::read(text).unwrap();
    assert_eq!(
        rec.moves[0].time,
        Some(MoveTime {
            spent: Duration::from_secs(62),
            total: Some(Duration::from_secs(3723))
        })
    );
    assert!(
        jkf::write(&rec).contains(r#""time":{"now":{"m":1,"s":2},"total":{"h":1,"m":2,"s":3}}"#)
    );
}

#[test]
fn written_moves_carry_the_normalised_fields() {
    // Two golds can reach 5h: the JSA disambiguation gives 右 / 左.
    let rec = record::read_str("position sfen 8k/9/9/9/9/9/9/9/K2G1G3 b G 1 moves 4i5h").unwrap();
    let written = jkf::write(&rec);
    assert!(
        written.contains(r#""piece":"KI","relative":"R"}"#),
        "{written}"
    );
    // A drop where a board piece could also go needs 打.
    let rec = record::read_str("position sfen 8k/9/9/9/9/9/9/9/K2G1G3 b G 1 moves G*5h").unwrap();
    assert!(jkf::write(&rec).contains(r#""relative":"H""#));
    assert_eq!(jkf::read(&jkf::write(&rec)).unwrap(), rec);
    // A plain drop needs nothing.
    let rec = record::read_str("position sfen 8k/9/9/9/9/9/9/9/K2G1G3 b G 1 moves G*9a").unwrap();
    assert!(!jkf::write(&rec).contains("relative"));
    // KI2-style JKF (no `from`): the relative letters choose the piece.
    let text = r#"{"header":{},"initial":{"preset":"OTHER","data":{"board":{},"color":0,"hands":[{},{}]}},"moves":[{}]}"#;
    assert!(jkf::read(text).is_err()); // no kings
    let rec0 = record::read_str("position sfen 8k/9/9/9/9/9/9/9/K2G1G3 b G 1").unwrap();
    let mut text = jkf::write(&rec0);
    text = text.replace(
        "\n]}",
        r#",
{"move":{"to":{"x":5,"y":8},"color":0,"piece":"KI","relative":"L"}}
]}"#,
    );
    let rec = jkf::read(&text).unwrap();
    assert_eq!(rec.usi_moves(), ["6i5h".parse::<Move>().unwrap()]);
    let ambiguous = text.replace(r#","relative":"L""#, "");
    let err = jkf::read(&ambiguous).unwrap_err();
    assert!(
        matches!(
            err.kind(),
            RecordErrorKind::IllegalMove {
                ply: 1,
                problem: MoveProblem::Resolve(_),
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn errors_are_typed_and_say_where() {
    let err = jkf::read("{\"header\": {},\n \"moves\": [1, }").unwrap_err();
    assert_eq!(err.line(), 2);
    assert!(
        matches!(
            err.kind(),
            RecordErrorKind::Json {
                problem: JsonProblem::ExpectedValue,
                ..
            }
        ),
        "{err}"
    );
    let err = jkf::read("{\"header\": {").unwrap_err();
    assert!(
        matches!(
            err.kind(),
            RecordErrorKind::Json {
                problem: JsonProblem::UnexpectedEnd,
                ..
            }
        ),
        "{err}"
    );
    let err = jkf::read("{} x").unwrap_err();
    assert!(
        matches!(
            err.kind(),
            RecordErrorKind::Json {
                problem: JsonProblem::TrailingCharacters,
                ..
            }
        ),
        "{err}"
    );
    let deep = format!("{}{}", "[".repeat(700), "]".repeat(700));
    let err = jkf::read(&format!("{{\"moves\":{deep}}}")).unwrap_err();
    assert!(
        matches!(
            err.kind(),
            RecordErrorKind::Json {
                problem: JsonProblem::TooDeep,
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().starts_with("line 1: column "), "{err}");

    let shape_of = |text: &str| match jkf::read(text).unwrap_err().kind() {
        RecordErrorKind::Syntax(SyntaxError::Jkf { path, .. }) => path.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(shape_of("[]"), "(top)");
    assert_eq!(shape_of(r#"{"header":{}}"#), "moves");
    assert_eq!(shape_of(r#"{"header":{"a":1},"moves":[]}"#), "header.a");
    assert_eq!(
        shape_of(r#"{"header":{},"initial":{"preset":"11"},"moves":[]}"#),
        "initial.preset"
    );
    assert_eq!(
        shape_of(
            r#"{"header":{},"moves":[{},{"move":{"to":{"x":0,"y":6},"color":0,"piece":"FU"}}]}"#
        ),
        "moves[1].move.to"
    );
    assert_eq!(
        shape_of(
            r#"{"header":{},"moves":[{},{"move":{"to":{"x":7,"y":6},"color":0,"piece":"XX"}}]}"#
        ),
        "moves[1].move.piece"
    );
    let err = jkf::read(r#"{"header":{},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"},"time":{"now":{"m":-1,"s":0}}}]}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "jkf moves[1].time.now: expected a time {\"h\", \"m\", \"s\"} of non-negative integers"
    );
    assert_eq!(err.partial().moves.len(), 0);

    // Moves that cannot be played.
    let text = format!(
        r#"{{"header":{{}},"moves":[{{}},{},{}]}}"#,
        mv(7, 6, 7, 7, 0, "FU"),
        mv(2, 2, 8, 8, 0, "KA")
    );
    let err = jkf::read(&text).unwrap_err();
    assert!(
        matches!(
            err.kind(),
            RecordErrorKind::IllegalMove {
                ply: 2,
                problem: MoveProblem::Resolve(_),
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(err.partial().moves.len(), 1);
    let text = format!(
        r#"{{"header":{{}},"moves":[{{}},{}]}}"#,
        mv(7, 6, 7, 7, 0, "KY")
    );
    let err = jkf::read(&text).unwrap_err();
    assert!(
        matches!(
            err.kind(),
            RecordErrorKind::IllegalMove {
                ply: 1,
                problem: MoveProblem::WrongPiece { .. },
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "move 1 '+7776KY' names a lance but 7g holds a pawn"
    );
    let text = format!(
        r#"{{"header":{{}},"moves":[{{}},{}]}}"#,
        mv(7, 5, 7, 7, 0, "FU")
    );
    let err = jkf::read(&text).unwrap_err();
    assert!(
        matches!(
            err.kind(),
            RecordErrorKind::IllegalMove {
                problem: MoveProblem::Illegal(_),
                ..
            }
        ),
        "{err}"
    );
    // ... unless a foul ending follows: then it is kept.
    let text = format!(
        r#"{{"header":{{}},"moves":[{{}},{},{{"special":"ILLEGAL_ACTION"}}]}}"#,
        mv(7, 5, 7, 7, 0, "FU")
    );
    let rec = jkf::read(&text).unwrap();
    assert!(rec.moves.is_empty());
    let illegal = rec.illegal_move.clone().unwrap();
    assert_eq!((illegal.ply, illegal.text.as_str()), (1, "+7775FU"));
    assert_eq!(jkf::read(&jkf::write(&rec)).unwrap(), rec);
    // read_lenient keeps the moves before an illegal one.
    let lenient = format!(
        r#"{{"header":{{}},"moves":[{{}},{},{},{{"special":"TORYO"}}]}}"#,
        mv(7, 6, 7, 7, 0, "FU"),
        mv(2, 2, 8, 8, 0, "KA")
    );
    let (kept, error) = record::read_lenient(lenient.as_bytes()).unwrap();
    assert_eq!(kept.moves.len(), 1);
    assert!(error.is_some());
    // And through the façade.
    assert_eq!(record::read_str(&text).unwrap(), rec);
    assert!(matches!(
        record::read(b"  {oops").unwrap_err().kind(),
        RecordErrorKind::Json { .. }
    ));
}

/// The fuzz contract: reading never panics, and what reads is written so that it reads again,
/// to a fixed point after one round (what JKF cannot hold is gone after the first).
fn check(text: &str) {
    let Ok(rec) = jkf::read(text) else {
        return;
    };
    let once = jkf::read(&jkf::write(&rec))
        .unwrap_or_else(|e| panic!("our JKF does not read: {e}\n{text}"));
    let written = jkf::write(&once);
    let twice = jkf::read(&written).expect("reads");
    assert_eq!(once, twice, "{text}");
    assert_eq!(jkf::write(&twice), written);
}

#[test]
fn arbitrary_bytes_never_panic() {
    let mut bases = vec![jkf::write(
        &record::read_str("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e").unwrap(),
    )];
    // Forks, times, comments, a custom start, stand-in endings, a kept illegal move.
    let mut rec =
        record::read_str("position sfen 8k/9/9/9/9/9/9/9/K2G1G3 b G2p 1 moves 4i5h 1a1b G*4i")
            .unwrap();
    rec.moves[0].time = Some(MoveTime {
        spent: Duration::from_millis(1500),
        total: None,
    });
    rec.moves[1].comments = vec!["ENDING:x".into(), "RESULT:draw repetition".into()];
    let mut v = Variation::new(vec![RecordMove::new("6i5h".parse().unwrap())]);
    v.ending = Some(Ending::new(Special::Try));
    rec.moves[0].variations.push(v);
    rec.ending = Some(Ending::new(Special::IllegalWin));
    rec.illegal_move = Some(shogi_record::WrittenMove {
        ply: 4,
        text: "P*5i".into(),
        mv: Some("P*5i".parse().unwrap()),
        kind: Some(shogi_movegen::IllegalMoveKind::NotInHand),
    });
    bases.push(jkf::write(&rec));
    bases.push(r#"{"header":{"a":"1","a":"2","手合割":"香落ち"},"initial":{"preset":"KY"},"moves":[{"comments":"x"},{"move":{"to":{"x":4,"y":2},"piece":"OU","relative":"L"},"special":"TORYO","time":{"now":{"s":3}}},{}]}"#.to_string());
    for base in &bases {
        assert!(jkf::read(base).is_ok(), "{base}");
        check(base);
        let bytes = base.as_bytes();
        // Every prefix, and every single-byte change to a few characters.
        for end in 0..bytes.len() {
            if let Ok(s) = std::str::from_utf8(&bytes[..end]) {
                check(s);
            }
        }
        for i in 0..bytes.len() {
            for c in [b'0', b'9', b'{', b'"', b'-', b'x', b'1', b']', b' '] {
                let mut b = bytes.to_vec();
                b[i] = c;
                if let Ok(s) = std::str::from_utf8(&b) {
                    check(s);
                }
            }
        }
    }
}

#[test]
fn only_json_with_the_shape_of_jkf_is_a_record() {
    let top = |text: &str| match record::read(text.as_bytes()) {
        Err(e) => match e.kind() {
            RecordErrorKind::Syntax(SyntaxError::Jkf { path, .. }) => path.clone(),
            other => panic!("{text}: {other:?}"),
        },
        Ok(rec) => panic!("{text}: read as a record of {} moves", rec.moves.len()),
    };
    // JSON of other programs: a list of moves, but none of JKF's fields.
    for text in [
        r#"{"moves":[]}"#,
        r#"{"moves":[{}]}"#,
        r#"{"id":7,"moves":[{"from":"7g","to":"7f"},{"from":"3c","to":"3d"}]}"#,
        r#"{"name":"game","moves":[{},{"comment":"x"}],"result":"draw"}"#,
        r#"{"expected":{"moves":["7g7f"]},"moves":[]}"#,
    ] {
        assert_eq!(top(text), "(top)", "{text}");
    }
    let err = record::read(br#"{"moves":[]}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "jkf (top): expected a JKF record: 'header' or 'initial', and 'moves'"
    );
    // JKF: a header, an initial position (null is the even start), or moves with `move` or
    // `special` entries.
    for text in [
        r#"{"header":{},"moves":[]}"#.to_string(),
        r#"{"initial":null,"moves":[{}]}"#.to_string(),
        r#"{"initial":{"preset":"HIRATE"},"moves":[{}]}"#.to_string(),
        format!(r#"{{"moves":[{{}},{}]}}"#, mv(7, 6, 7, 7, 0, "FU")),
        r#"{"moves":[{},{"special":"CHUDAN"}]}"#.to_string(),
    ] {
        let rec = record::read(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(rec.start, Record::start().start, "{text}");
    }
}

/// The deepest variations the KIF reader keeps (200 lines, each branching off the one before)
/// read back from our JKF: once the JSON parser's limit of 128 levels stopped at about 42.
#[test]
fn the_deepest_variations_read_back() -> Result<(), Box<dyn std::error::Error>> {
    let rec = record::read_str(&common::deep_variations_kif())?;
    let depth = common::nesting(&rec.moves);
    assert_eq!(depth, 200);
    assert_eq!(jkf::read(&jkf::write(&rec))?, rec);
    Ok(())
}
