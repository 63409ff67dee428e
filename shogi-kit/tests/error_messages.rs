//! Every error message of the workspace says each of its prefixes once (STYLE §5: a wrapper
//! shows its cause in its message, so `println!("{e}")` says what, where and why, once).
//!
//! The errors are made by the public readers and checks of every crate from bad input, the
//! wrappers among them (a USI `position` line inside a GUI command, an SFEN inside a record, a
//! move inside a list, a position inside a packed record) with every kind of cause they can
//! hold. A message is split at `": "`; every part but the last is a label (`usi position`,
//! `sfen board`, `line 3`, `cannot read the sfen at byte 9`). No known prefix (a format or a
//! reader: `usi position`, `sfen`, `kif`, `line`, ...) may start two labels of one message.

#![allow(
    clippy::unwrap_used,
    reason = "the helpers unwrap the fixed inputs they expect to be valid"
)]

use shogi_kit::movegen::packed::{Hcp, Hcpe, Move16, Psv};
use shogi_kit::movegen::{Position, Standard};
use shogi_kit::notation::{japanese, western};
use shogi_kit::record::{self, Record};
use shogi_kit::rules::{Game, Outcome, RuleSet};
use shogi_kit::types::{Color, Move, Piece, Setup, Square};
use shogi_kit::usi::position::{self as usi, PositionCommand};
use shogi_kit::usi::{EngineMessage, GuiCommand};
use shogi_kit::variants::{AnyPosition, Handicap, SilverSetup, Variant};

/// Prefixes that must start at most one label of a message (compared in lower case, at word
/// boundaries). `usi` alone is a prefix only as the whole label `usi`: `usi info: … usi move:`
/// names two different things.
const PREFIXES: &[&str] = &[
    "usi position",
    "usi move",
    "usi info",
    "usi go",
    "usi bestmove",
    "sfen",
    "kif",
    "ki2",
    "csa",
    "jkf",
    "json",
    "japanese",
    "western",
    "packed position",
    "invalid position",
    "illegal move",
    "move16",
    "hcpe",
    "psv",
    "line",
    "start",
    "outcome",
    "impasse rule",
    "handicap",
    "hand",
    "board diagram",
    "square",
    "piece",
];

/// The labels of a message: its parts before each `": "`, in lower case.
fn labels(message: &str) -> Vec<String> {
    let mut parts: Vec<&str> = message.split(": ").collect();
    parts.pop();
    parts.iter().map(|p| p.trim().to_lowercase()).collect()
}

/// Whether `label` starts with `prefix` at a word boundary.
fn starts_with_word(label: &str, prefix: &str) -> bool {
    label
        .strip_prefix(prefix)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '[']))
}

/// The prefixes that start more than one label of `message` (the label `usi` counts as
/// itself only).
fn repeated_prefixes(message: &str) -> Vec<String> {
    let labels = labels(message);
    let mut repeated = Vec::new();
    for prefix in PREFIXES {
        let n = labels
            .iter()
            .filter(|l| starts_with_word(l, prefix))
            .count();
        if n > 1 {
            repeated.push((*prefix).to_owned());
        }
    }
    if labels.iter().filter(|l| l.as_str() == "usi").count() > 1 {
        repeated.push("usi".to_owned());
    }
    repeated
}

/// Collects messages, each with where it came from.
#[derive(Default)]
struct Messages {
    messages: Vec<(String, String)>,
    /// Inputs that were expected to fail but did not.
    accepted: Vec<String>,
}

impl Messages {
    fn add<T, E: std::error::Error>(&mut self, what: &str, result: Result<T, E>) {
        match result {
            Ok(_) => self.accepted.push(what.to_owned()),
            Err(e) => self.messages.push((what.to_owned(), e.to_string())),
        }
    }
}

fn all_messages() -> Messages {
    let mut m = Messages::default();

    // shogi-types.
    for sfen in [
        "",
        "9/9/9 b - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN+G b - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN+ b - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 0P 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b K 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b PP 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 more",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
    ] {
        m.add(sfen, sfen.parse::<Setup>());
    }
    for mv in ["", "7g7", "7g7x", "7g7f*", "K*5e", "7g7f++"] {
        m.add(mv, mv.parse::<Move>());
    }
    m.add("square", "0z".parse::<Square>());
    m.add("piece", "x".parse::<Piece>());

    // shogi-movegen: positions, moves, packed formats.
    for sfen in [
        "9/9/9/9/9/9/9/9/9 b - 1",
        "4k4/9/9/9/9/9/9/9/9 b G 1",
        "P3k4/9/9/9/9/9/9/9/4K4 b - 1",
        "4k4/4R4/9/9/9/9/9/9/4K4 b - 1",
        "8k/9/8S!/9/9/9/9/9/K6R1 b - 1",
    ] {
        let setup: Setup = sfen.parse().expect("an sfen");
        m.add(sfen, Position::<Standard>::from_setup(setup));
    }
    let mut pos = Position::<Standard>::start();
    for mv in ["7g7e", "5e5d", "P*5e", "8h2b", "7g7f+"] {
        m.add(mv, pos.play(mv.parse().expect("a move")));
    }
    let one_king = Position::<Standard>::from_setup("4k4/9/9/9/9/9/9/9/9 b G 1".parse().unwrap())
        .or_else(|e| e.ignore_soft())
        .expect("soft faults only");
    m.add("hcp of a mate problem", one_king.to_hcp());
    m.add(
        "hcp of protected silvers",
        SilverSetup::SixPiece.position().to_hcp(),
    );
    let start_hcp = Position::<Standard>::start().to_hcp().expect("encodes");
    let mut bytes = start_hcp.to_bytes();
    bytes[0] = 0xff;
    m.add(
        "hcp with a bad king",
        Hcp::from_bytes(bytes).to_position::<Standard>(),
    );
    m.add(
        "hcp of zeros",
        Hcp::from_bytes([0; 32]).to_position::<Standard>(),
    );
    // An HCP that decodes to an invalid position: White to move in check from the pawn on
    // 5b, with the side-to-move bit (the first) turned to Black.
    let checked =
        Position::<Standard>::from_setup("4k4/4P4/9/9/9/9/9/9/4K4 w - 1".parse().unwrap())
            .expect("valid");
    let mut bytes = checked.to_hcp().expect("encodes").to_bytes();
    bytes[0] ^= 1;
    m.add(
        "hcp of an invalid position",
        Hcp::from_bytes(bytes).to_position::<Standard>(),
    );
    m.add("hcpe result", Hcpe::from_bytes(&[0xff; 38]));
    m.add("psv result", Psv::from_bytes(&[0x7f; 40]));
    m.add(
        "move16",
        Move16::from_move("5e5d".parse().unwrap())
            .expect("encodes")
            .to_move(&Position::<Standard>::start()),
    );

    // shogi-notation.
    for text in ["7g7f 3c3x", "resign", "7g7f win"] {
        m.add(text, usi::parse_moves(text));
    }
    m.add("parse_move", usi::parse_move("7z7f"));
    for text in [
        "",
        "position",
        "position foo",
        "position sfen 9/9/9 b - 1",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 7g7f",
        "position startpos foo 7g7f",
        "position startpos moves 7g7f 3c3x",
        "position startpos moves 7g7f resign",
    ] {
        m.add(text, text.parse::<PositionCommand>());
    }
    for text in [
        "position sfen 9/9/9/9/9/9/9/9/9 b - 1",
        "position startpos moves 7g7f 7g7f",
    ] {
        let cmd: PositionCommand = text.parse().expect("readable");
        m.add(text, cmd.to_position::<Standard>());
    }
    for text in ["", "７六", "▲７六歩打打", "７六歩(7)", "７歩"] {
        m.add(text, japanese::parse(text));
    }
    for text in ["", "P-7", "P*7f=", "K*5e", "P7g*7f", "Z-7f"] {
        m.add(text, western::parse(text));
    }
    let start = Position::<Standard>::start();
    m.add(
        "同 without a previous move",
        japanese::parse("同歩")
            .expect("reads")
            .resolve(&start, None),
    );
    m.add(
        "no such move",
        japanese::parse("５五歩")
            .expect("reads")
            .resolve(&start, None),
    );
    m.add(
        "ambiguous",
        japanese::parse("５八金").expect("reads").resolve(
            &Position::<Standard>::from_setup("8k/9/9/9/9/9/9/9/K2G1G3 b - 1".parse().unwrap())
                .unwrap(),
            None,
        ),
    );
    m.add(
        "strict",
        western::parse("P-2c").expect("reads").resolve_strict(
            &Position::<Standard>::from_setup("4k4/9/9/7P1/9/9/9/9/4K4 b - 1".parse().unwrap())
                .unwrap(),
        ),
    );

    // shogi-rules.
    let mut game = Game::default();
    m.add("undo", game.undo());
    m.add("declare", game.declare());
    game.resign(Color::Black).expect("ongoing");
    m.add("play after the end", game.play("7g7f".parse().unwrap()));
    m.add("resign after the end", game.resign(Color::White));
    m.add("undo past a resignation", game.undo());
    let mut game = Game::with_rules(Position::default(), RuleSet::jsa24_limit400());
    m.add("declare out of camp", game.declare());
    m.add("illegal", game.play("7g7e".parse().unwrap()));
    m.add("outcome", "lose black".parse::<Outcome>());
    m.add("outcome reason", "win black nothing".parse::<Outcome>());

    // shogi-variants.
    m.add("handicap", "飛車角落ち香".parse::<Handicap>());
    m.add(
        "any position",
        AnyPosition::from_setup(Variant::UntakeableSilver, Setup::empty()),
    );
    m.add("any sfen", AnyPosition::from_sfen("9/9 b - 1"));
    m.add(
        "any sfen position",
        AnyPosition::from_sfen("8k/9/8s!/9/9/9/9/9/K6R1 b - 1"),
    );

    // shogi-record: every reader, and the wrapped errors of other crates.
    for text in [
        "#SFEN：9/9/9 b - 1\n手合割：平手\n",
        "#SFEN：9/9/9/9/9/9/9/9/9 b - 1\n手合割：平手\n   1 ７六歩(77)\n",
        "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 ８八飛(82)\n",
        "手合割：平手\n   1 ７六歩(77)\n   2 ３x歩(33)\n",
        "手合割：平手\n   1 ５五歩\n",
        "手合割：平手\n▲７六歩 △３四歩 ▲７七歩\n",
        "手合割：平手\n▲５八金\n",
        "先手の持駒：歩x\n手合割：平手\n   1 ７六歩(77)\n",
        "V2.2\nPI\n+\n+7776FU\n-3334FU\n+2726FU\n-2231KA\n",
        "V2.2\nPI\n+\n+7776F\n",
        "V2.2\nPI\n+\n+7776FU\n-3334FU\n+\n",
        "V2.2\nP1-KY-KE-GI-KI-OU-KI-GI-KE\n+\n",
        "V2.2\n'SFEN:9/9 b - 1\n+\n",
        "position startpos moves 7g7f 3c3x",
        "position sfen 9/9/9 b - 1",
        "position startpos moves 7g7f 7g7f",
        "{\"header\":{}, \"moves\":[{},{\"move\":{\"to\":{\"x\":7,\"y\":6}}}]",
        "{\"header\":{}, \"moves\":[{},{\"move\":{\"to\":{\"x\":\"7\",\"y\":6}}}]}",
        "hello",
    ] {
        m.add(text, record::read_str(text));
    }
    m.add("bytes", record::read(b"\xff\xff\xff"));
    m.add("read_all", Record::read_all(b"hello"));

    // shogi-usi: GUI commands and engine messages, with the wrapped position command.
    for line in [
        "",
        "foo",
        "position sfen 9/9/9 b - 1",
        "position foo",
        "position startpos moves 7g7f 3c3x",
        "position startpos foo",
        "position",
        "go btime x",
        "go searchmoves 7g7x",
        "go btime 1 btime 2",
        "setoption value 1",
        "isready now",
    ] {
        m.add(line, line.parse::<GuiCommand>());
    }
    for line in [
        "bestmove 7g7x",
        "info depth x",
        "info pv 7g7f 3c3x",
        "info score foo",
        "checkmate 7g7x",
        "id foo",
    ] {
        m.add(line, line.parse::<EngineMessage>());
    }
    m
}

#[test]
fn the_prefix_check_finds_what_it_looks_for() {
    assert_eq!(
        repeated_prefixes(
            "usi position: cannot read the command at bytes 14..21: usi position: cannot read the sfen at byte 9: sfen board: expected 9 ranks"
        ),
        ["usi position"]
    );
    assert_eq!(
        repeated_prefixes("line 1: SFEN line: sfen board: expected 9 ranks"),
        ["sfen"]
    );
    assert_eq!(
        repeated_prefixes("usi: cannot read the move at byte 0: usi: bad"),
        ["usi"]
    );
    assert!(
        repeated_prefixes(
            "usi info: cannot read the move of 'pv' at bytes 21..25: usi move: bad square"
        )
        .is_empty()
    );
    assert!(
        repeated_prefixes("usi position: cannot read the sfen at byte 9: sfen board: rank 3")
            .is_empty()
    );
}

#[test]
fn every_message_says_each_prefix_once() {
    let all = all_messages();
    assert!(all.accepted.is_empty(), "no error for {:?}", all.accepted);
    assert!(all.messages.len() > 100, "{} messages", all.messages.len());
    let mut bad = Vec::new();
    for (what, message) in &all.messages {
        let repeated = repeated_prefixes(message);
        if !repeated.is_empty() {
            bad.push(format!("{what:?}: {message:?} repeats {repeated:?}"));
        }
        assert!(!message.is_empty(), "{what:?}: empty message");
        assert!(
            !message.ends_with('.'),
            "{what:?}: {message:?} ends with a full stop"
        );
    }
    assert!(
        bad.is_empty(),
        "messages that repeat a prefix:\n{}",
        bad.join("\n")
    );
}
