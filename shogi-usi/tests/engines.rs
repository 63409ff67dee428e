//! Real engine output (`tests/data/`) reads leniently, nothing but the banner is `Unknown`,
//! and every message writes back to a line that reads to the same message.

use shogi_usi::EngineMessage;
use shogi_usi::engine_message::{BestMove, Id};
use shogi_usi::info::{Mate, ScoreValue, Sign};
use shogi_usi::option::OptionKind;

fn read(name: &str) -> Vec<(String, EngineMessage)> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("test data");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let msg = EngineMessage::parse_lenient(l).unwrap_or_else(|e| panic!("{l:?}: {e}"));
            (l.to_string(), msg)
        })
        .collect()
}

fn check_all(msgs: &[(String, EngineMessage)], banner: Option<&str>) {
    for (i, (line, msg)) in msgs.iter().enumerate() {
        if let EngineMessage::Unknown(s) = msg {
            assert_eq!(
                (i, Some(s.as_str())),
                (0, banner),
                "unexpected Unknown: {line:?}"
            );
            continue;
        }
        // Known messages read strictly too.
        assert_eq!(line.parse::<EngineMessage>().as_ref(), Ok(msg), "{line:?}");
        let written = msg.to_string();
        assert_eq!(
            written.parse::<EngineMessage>().as_ref(),
            Ok(msg),
            "{written:?}"
        );
        assert_eq!(EngineMessage::parse_lenient(&written).as_ref(), Ok(msg));
    }
}

fn option<'a>(msgs: &'a [(String, EngineMessage)], name: &str) -> &'a OptionKind {
    msgs.iter()
        .find_map(|(_, m)| match m {
            EngineMessage::Option(o) if o.name == name => Some(&o.kind),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no option {name:?}"))
}

#[test]
fn fairy_stockfish() {
    let msgs = read("fairy-stockfish.txt");
    assert_eq!(msgs.len(), 50);
    check_all(&msgs, Some("Fairy-Stockfish 11.1 LB 64 by Fabian Fichter"));
    assert_eq!(
        msgs[1].1,
        EngineMessage::Id(Id::Name("Fairy-Stockfish 11.1 LB 64".into()))
    );
    assert_eq!(
        option(&msgs, "Debug Log File"),
        &OptionKind::String {
            default: Some(String::new())
        }
    );
    assert_eq!(option(&msgs, "Clear Hash"), &OptionKind::Button);
    assert_eq!(
        option(&msgs, "Skill Level"),
        &OptionKind::Spin {
            default: Some(20),
            min: Some(-20),
            max: Some(20)
        }
    );
    assert_eq!(
        option(&msgs, "Ponder"),
        &OptionKind::Check {
            default: Some(false)
        }
    );
    match option(&msgs, "UCI_Variant") {
        OptionKind::Combo { default, vars } => {
            assert_eq!(default.as_deref(), Some("shogi"));
            assert_eq!(vars.len(), 77);
            assert_eq!(vars.first().map(String::as_str), Some("3check"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        option(&msgs, "SyzygyPath"),
        &OptionKind::String {
            default: Some(String::new())
        }
    );
    // `info depth 9 ... pv` with ten moves.
    let deep = msgs
        .iter()
        .find_map(|(_, m)| match m {
            EngineMessage::Info(i) if i.depth == Some(9) => Some(i),
            _ => None,
        })
        .expect("depth 9");
    assert_eq!(deep.pv.as_ref().map(|p| p.moves.len()), Some(10));
    assert_eq!(deep.score.map(|s| s.value), Some(ScoreValue::Cp(166)));
    assert_eq!(
        (deep.nodes, deep.nps, deep.tbhits, deep.time),
        (Some(40209), Some(329581), Some(0), Some(122))
    );
    // The mate in one.
    let mate = msgs
        .iter()
        .rev()
        .find_map(|(_, m)| match m {
            EngineMessage::Info(i) => Some(i),
            _ => None,
        })
        .expect("an info");
    assert_eq!(
        mate.score.map(|s| s.value),
        Some(ScoreValue::Mate(Mate::Plies {
            plies: 1,
            sign: Sign::Plus
        }))
    );
    assert_eq!(
        msgs.last().map(|(_, m)| m),
        Some(&EngineMessage::BestMove(BestMove::Move {
            best: "G*5b".parse().expect("move"),
            ponder: None
        }))
    );
    // Real output is already canonical, except for the trailing space after `default`.
    for (line, msg) in &msgs[1..] {
        if !matches!(msg, EngineMessage::Info(_)) && !line.ends_with("default ") {
            assert_eq!(&msg.to_string(), line);
        }
    }
}

#[test]
fn gpsusi() {
    let msgs = read("gpsusi.txt");
    assert_eq!(msgs.len(), 14);
    check_all(&msgs, None);
    assert_eq!(msgs[1].1, EngineMessage::Id(Id::Author("teamgps".into())));
    assert_eq!(
        option(&msgs, "CSAFile"),
        &OptionKind::String {
            default: Some(String::new())
        }
    );
    assert_eq!(
        option(&msgs, "Thread"),
        &OptionKind::Spin {
            default: Some(2),
            min: Some(1),
            max: Some(2)
        }
    );
    for (line, msg) in &msgs {
        assert_eq!(&msg.to_string(), line);
    }
}

/// Longer searches captured from both engines (fairy-stockfish: `MultiPV 3` to depth 10, `go
/// infinite` on the matsuri position then `stop`, `go movetime 500`; gpsusi: two byoyomi
/// searches): every line is a known message that reads strictly and writes back, each search
/// ends with one `bestmove`, and the multi-pv and pv lines carry what the engines printed.
#[test]
fn longer_searches() {
    for (name, searches) in [("fairy-stockfish-search.txt", 3), ("gpsusi-search.txt", 2)] {
        let msgs = read(name);
        check_all(&msgs, None);
        let bestmoves = msgs
            .iter()
            .filter(|(_, m)| matches!(m, EngineMessage::BestMove(_)))
            .count();
        assert_eq!(bestmoves, searches, "{name}");
        let with_pv = msgs
            .iter()
            .filter(|(_, m)| matches!(m, EngineMessage::Info(i) if i.pv.is_some()))
            .count();
        assert!(with_pv >= 5, "{name}: {with_pv} info lines with a pv");
    }
    let fsf = read("fairy-stockfish-search.txt");
    let third = fsf
        .iter()
        .filter(|(_, m)| matches!(m, EngineMessage::Info(i) if i.multipv == Some(3)))
        .count();
    assert!(third >= 5, "{third} lines of the third pv");
}
