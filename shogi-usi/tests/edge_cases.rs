//! Reported edge cases: hand-written lines with the values they must read to.

use shogi_types::Move;
use shogi_usi::engine_message::{Checkmate, Id};
use shogi_usi::gui_command::{Clocks, Go, MateLimit};
use shogi_usi::info::{Bound, Info, Mate, Pv, PvEnd, Score, ScoreValue, Sign};
use shogi_usi::option::{OptionDef, OptionKind};
use shogi_usi::position::ParseUsiError;
use shogi_usi::{EngineMessage, GuiCommand, ParseUsiMessageError};

fn mv(s: &str) -> Move {
    s.parse().expect("move")
}

fn engine(s: &str) -> EngineMessage {
    let msg: EngineMessage = s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"));
    assert_eq!(msg.to_string().parse::<EngineMessage>(), Ok(msg.clone()));
    assert_eq!(EngineMessage::parse_lenient(s), Ok(msg.clone()));
    msg
}

fn gui(s: &str) -> GuiCommand {
    let cmd: GuiCommand = s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"));
    assert_eq!(cmd.to_string().parse::<GuiCommand>(), Ok(cmd.clone()));
    assert_eq!(GuiCommand::parse_lenient(s), Ok(cmd.clone()));
    cmd
}

fn info(s: &str) -> Info {
    match engine(s) {
        EngineMessage::Info(i) => i,
        other => panic!("{other:?}"),
    }
}

fn go(s: &str) -> Go {
    match gui(s) {
        GuiCommand::Go(g) => g,
        other => panic!("{other:?}"),
    }
}

fn score(s: &str) -> Score {
    info(s).score.expect("a score")
}

#[test]
fn mate_scores() {
    let mate = |s| score(s).value;
    assert_eq!(
        mate("info score mate +"),
        ScoreValue::Mate(Mate::Unknown(Sign::Plus))
    );
    assert_eq!(
        mate("info score mate -"),
        ScoreValue::Mate(Mate::Unknown(Sign::Minus))
    );
    assert_eq!(
        mate("info score mate -0"),
        ScoreValue::Mate(Mate::Plies {
            plies: 0,
            sign: Sign::Minus
        })
    );
    assert_eq!(
        mate("info score mate +0"),
        ScoreValue::Mate(Mate::Plies {
            plies: 0,
            sign: Sign::Plus
        })
    );
    assert_eq!(
        mate("info score mate 7"),
        ScoreValue::Mate(Mate::Plies {
            plies: 7,
            sign: Sign::Plus
        })
    );
    assert_eq!(
        engine("info score mate -0").to_string(),
        "info score mate -0"
    );
    assert_eq!(engine("info score mate +").to_string(), "info score mate +");
    assert_eq!(
        engine("info score mate +3").to_string(),
        "info score mate 3"
    );
    assert!("info score mate ++3".parse::<EngineMessage>().is_err());
    assert!("info score mate x".parse::<EngineMessage>().is_err());
}

#[test]
fn bounds() {
    assert_eq!(
        score("info score cp -30 lowerbound"),
        Score {
            value: ScoreValue::Cp(-30),
            bound: Some(Bound::Lower)
        }
    );
    assert_eq!(
        score("info depth 3 score mate 5 upperbound nodes 10").bound,
        Some(Bound::Upper)
    );
}

#[test]
fn pv_endings() {
    assert_eq!(
        info("info pv 7g7f resign").pv,
        Some(Pv {
            moves: vec![mv("7g7f")],
            end: Some(PvEnd::Resign)
        })
    );
    assert_eq!(
        info("info pv win").pv,
        Some(Pv {
            moves: vec![],
            end: Some(PvEnd::Win)
        })
    );
    assert!("info pv resign 7g7f".parse::<EngineMessage>().is_err());
}

#[test]
fn options() {
    let opt = |s| match engine(s) {
        EngineMessage::Option(o) => o,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        opt("option name SyzygyPath type string default <empty>"),
        OptionDef {
            name: "SyzygyPath".into(),
            kind: OptionKind::String {
                default: Some(String::new())
            }
        }
    );
    assert_eq!(
        opt("option name Book File type filename default <empty>").kind,
        OptionKind::Filename {
            default: Some(String::new())
        }
    );
    assert_eq!(
        opt("option name Debug Log File type string default ").name,
        "Debug Log File"
    );
    assert_eq!(
        opt("option name Clear Hash type button"),
        OptionDef {
            name: "Clear Hash".into(),
            kind: OptionKind::Button
        }
    );
    assert_eq!(
        opt("option name Style type combo default Normal var Solid var Normal var <empty>").kind,
        OptionKind::Combo {
            default: Some("Normal".into()),
            vars: vec!["Solid".into(), "Normal".into(), String::new()]
        }
    );
    assert_eq!(
        opt("option name Eval Dir type string default C:\\eval files\\nn").kind,
        OptionKind::String {
            default: Some("C:\\eval files\\nn".into())
        }
    );
    assert_eq!(
        opt("option name USI_Ponder type check").kind,
        OptionKind::Check { default: None }
    );
    assert!(
        "option name X type check default maybe"
            .parse::<EngineMessage>()
            .is_err()
    );
    assert!(
        "option name X type wobble"
            .parse::<EngineMessage>()
            .is_err()
    );
    assert!("option name type spin".parse::<EngineMessage>().is_err());
    assert!("option name X".parse::<EngineMessage>().is_err());
}

#[test]
fn setoption() {
    assert_eq!(
        gui("setoption name USI_Hash value 256"),
        GuiCommand::SetOption {
            name: "USI_Hash".into(),
            value: Some("256".into())
        }
    );
    assert_eq!(
        gui("setoption name USI Hash value 256"),
        GuiCommand::SetOption {
            name: "USI Hash".into(),
            value: Some("256".into())
        }
    );
    assert_eq!(
        gui("setoption name Clear Hash"),
        GuiCommand::SetOption {
            name: "Clear Hash".into(),
            value: None
        }
    );
    assert_eq!(
        gui("setoption name Book File value C:\\my books\\a.db"),
        GuiCommand::SetOption {
            name: "Book File".into(),
            value: Some("C:\\my books\\a.db".into())
        }
    );
    assert!("setoption name".parse::<GuiCommand>().is_err());
    assert!("setoption Hash value 3".parse::<GuiCommand>().is_err());
}

#[test]
fn go_times() {
    let g = go("go btime 1000 wtime 2000 byoyomi 100");
    assert_eq!(
        (g.btime, g.wtime, g.byoyomi),
        (Some(1000), Some(2000), Some(100))
    );
    // Missing times are None.
    let g = go("go byoyomi 5000");
    assert_eq!((g.btime, g.wtime, g.byoyomi), (None, None, Some(5000)));
    assert_eq!(go("go"), Go::default());
    // Negative times: refused strictly, 0 leniently.
    let e = "go btime -5 wtime 100".parse::<GuiCommand>().unwrap_err();
    assert!(matches!(
        e,
        ParseUsiMessageError::BadNumber {
            field: "btime",
            start: 9,
            end: 11,
            ..
        }
    ));
    assert_eq!(
        GuiCommand::parse_lenient("go btime -5 wtime 100 binc -1 winc -999999999999999999999"),
        Ok(GuiCommand::Go(Go {
            btime: Some(0),
            wtime: Some(100),
            binc: Some(0),
            winc: Some(0),
            ..Go::default()
        }))
    );
    assert!(GuiCommand::parse_lenient("go btime -x").is_err());
    let g = go("go ponder btime 10 wtime 20 binc 1 winc 2");
    assert!(g.ponder);
    assert_eq!((g.binc, g.winc), (Some(1), Some(2)));
}

#[test]
fn go_limits() {
    assert_eq!(go("go mate infinite").mate, Some(MateLimit::Infinite));
    assert_eq!(go("go mate 30000").mate, Some(MateLimit::Time(30000)));
    assert!(go("go infinite").infinite);
    let g = go("go depth 12 nodes 5000000000 movetime 300 movestogo 40 rtime 50");
    assert_eq!(
        (g.depth, g.nodes, g.movetime, g.movestogo, g.rtime),
        (Some(12), Some(5_000_000_000), Some(300), Some(40), Some(50))
    );
    assert_eq!(
        go("go searchmoves 7g7f 2g2f depth 3").searchmoves,
        vec![mv("7g7f"), mv("2g2f")]
    );
    assert!("go mate".parse::<GuiCommand>().is_err());
    assert!("go depth 3 depth 4".parse::<GuiCommand>().is_err());
    assert_eq!(
        GuiCommand::parse_lenient("go depth 3 depth 4 wobble"),
        Ok(GuiCommand::Go(Go {
            depth: Some(4),
            ..Go::default()
        }))
    );
}

#[test]
fn go_numbers_out_of_range_are_clamped_leniently() {
    // Reported: `go btime 99999999999999999999 ...` and `go depth -1` were not answered.
    let lines = [
        "go btime 99999999999999999999 wtime 0 byoyomi 100",
        "go depth -1 nodes -5 movetime +7 movestogo 4294967296 rtime 18446744073709551616",
        "go mate 99999999999999999999",
        "go mate -1",
        "ponderhit btime 99999999999999999999 wtime -3 winc 1",
    ];
    let expected = [
        GuiCommand::Go(Go {
            btime: Some(u64::MAX),
            wtime: Some(0),
            byoyomi: Some(100),
            ..Go::default()
        }),
        GuiCommand::Go(Go {
            depth: Some(0),
            nodes: Some(0),
            movetime: Some(7),
            movestogo: Some(u32::MAX),
            rtime: Some(u64::MAX),
            ..Go::default()
        }),
        GuiCommand::Go(Go {
            mate: Some(MateLimit::Time(u64::MAX)),
            ..Go::default()
        }),
        GuiCommand::Go(Go {
            mate: Some(MateLimit::Time(0)),
            ..Go::default()
        }),
        GuiCommand::PonderHit(Some(Clocks {
            btime: u64::MAX,
            wtime: 0,
            byoyomi: None,
            binc: None,
            winc: Some(1),
        })),
    ];
    for (line, cmd) in lines.iter().zip(expected) {
        assert_eq!(GuiCommand::parse_lenient(line), Ok(cmd), "{line}");
        // Strict reading refuses them (but `+7`, which is in range).
        assert!(line.parse::<GuiCommand>().is_err(), "{line}");
    }
    // What is not a number is still not read.
    for line in [
        "go depth x",
        "go depth -",
        "go nodes 1e9",
        "go mate soon",
        "go btime --5",
    ] {
        assert!(GuiCommand::parse_lenient(line).is_err(), "{line}");
    }
}

#[test]
fn big_counters() {
    let i = info("info nodes 5000000000 nps 18446744073709551615 time 5000000000");
    assert_eq!(i.nodes, Some(5_000_000_000));
    assert_eq!(i.nps, Some(u64::MAX));
    assert!(
        "info nodes 18446744073709551616"
            .parse::<EngineMessage>()
            .is_err()
    );
    assert!("info depth -1".parse::<EngineMessage>().is_err());
}

#[test]
fn ponderhit() {
    assert_eq!(gui("ponderhit"), GuiCommand::PonderHit(None));
    assert_eq!(
        gui("ponderhit btime 1000 wtime 2000 byoyomi 100"),
        GuiCommand::PonderHit(Some(Clocks {
            btime: 1000,
            wtime: 2000,
            byoyomi: Some(100),
            binc: None,
            winc: None
        }))
    );
    assert!("ponderhit btime 1000".parse::<GuiCommand>().is_err());
}

#[test]
fn checkmate() {
    assert_eq!(
        engine("checkmate nomate"),
        EngineMessage::Checkmate(Checkmate::NoMate)
    );
    assert_eq!(
        engine("checkmate 7g7f 3c3d"),
        EngineMessage::Checkmate(Checkmate::Moves(vec![mv("7g7f"), mv("3c3d")]))
    );
    assert_eq!(
        engine("checkmate timeout"),
        EngineMessage::Checkmate(Checkmate::Timeout)
    );
    assert_eq!(
        engine("checkmate notimplemented"),
        EngineMessage::Checkmate(Checkmate::NotImplemented)
    );
    assert!("checkmate".parse::<EngineMessage>().is_err());
}

#[test]
fn unknown_commands() {
    let e = "  wobble 1 2\r".parse::<GuiCommand>().unwrap_err();
    assert!(matches!(
        e,
        ParseUsiMessageError::UnknownCommand {
            start: 2,
            end: 8,
            ..
        }
    ));
    assert!(!e.to_string().contains("1 2"));
    assert_eq!(
        GuiCommand::parse_lenient("  wobble 1 2\r"),
        Ok(GuiCommand::Unknown("wobble 1 2".into()))
    );
    assert!("wobble".parse::<EngineMessage>().is_err());
    assert_eq!(
        EngineMessage::parse_lenient("wobble\t 1"),
        Ok(EngineMessage::Unknown("wobble\t 1".into()))
    );
    // Extra words: strict refuses, lenient ignores.
    assert!("isready now".parse::<GuiCommand>().is_err());
    assert_eq!(
        GuiCommand::parse_lenient("isready now"),
        Ok(GuiCommand::IsReady)
    );
    assert_eq!("".parse::<GuiCommand>(), Err(ParseUsiMessageError::Empty));
    assert_eq!(
        EngineMessage::parse_lenient(" \r\n"),
        Err(ParseUsiMessageError::Empty)
    );
}

#[test]
fn unknown_info_fields() {
    let line = "info depth 5 cpuload 500 currline 7g7f 3c3d score cp 10";
    let e = line.parse::<EngineMessage>().unwrap_err();
    assert!(matches!(
        e,
        ParseUsiMessageError::UnknownField {
            context: "info",
            start: 13,
            end: 20,
            ..
        }
    ));
    let Ok(EngineMessage::Info(i)) = EngineMessage::parse_lenient(line) else {
        panic!("lenient")
    };
    assert_eq!(i.depth, Some(5));
    assert_eq!(
        i.unknown,
        vec![
            ("cpuload".to_string(), "500".to_string()),
            ("currline".to_string(), "7g7f 3c3d".to_string())
        ]
    );
    assert_eq!(i.score.map(|s| s.value), Some(ScoreValue::Cp(10)));
    let written = EngineMessage::Info(i.clone()).to_string();
    assert_eq!(
        written,
        "info depth 5 cpuload 500 currline 7g7f 3c3d score cp 10"
    );
    assert_eq!(
        EngineMessage::parse_lenient(&written),
        Ok(EngineMessage::Info(i))
    );
}

#[test]
fn info_string_takes_the_rest() {
    let i = info("info depth 3 string hello  world depth 9 pv x");
    assert_eq!(i.depth, Some(3));
    assert_eq!(i.string.as_deref(), Some("hello  world depth 9 pv x"));
    assert_eq!(info("info string").string.as_deref(), Some(""));
    assert_eq!(engine("info string a b").to_string(), "info string a b");
}

#[test]
fn ids_and_simple() {
    assert_eq!(
        engine("id name gpsshogi (smp) vm r3033"),
        EngineMessage::Id(Id::Name("gpsshogi (smp) vm r3033".into()))
    );
    assert_eq!(engine("usiok"), EngineMessage::UsiOk);
    assert_eq!(engine("readyok\r"), EngineMessage::ReadyOk);
    assert_eq!(gui("usinewgame"), GuiCommand::UsiNewGame);
    assert_eq!(gui("gameover lose").to_string(), "gameover lose");
    assert!("gameover maybe".parse::<GuiCommand>().is_err());
}

#[test]
fn position_errors_point_into_the_line() {
    let e = "position startpos moves 7g7f 3c3x"
        .parse::<GuiCommand>()
        .unwrap_err();
    assert!(matches!(
        e,
        ParseUsiMessageError::BadPosition {
            start: 29,
            end: 33,
            ..
        }
    ));
    // The message is the command reader's, with offsets in the line: each prefix once.
    assert_eq!(
        e.to_string(),
        "usi: cannot read moves[1] at byte 29: \
         usi move: bad square at byte 2, expected a digit 1-9 and a letter a-i"
    );
    let line = "  position sfen 9/9/9 b - 1";
    let e = line.parse::<GuiCommand>().unwrap_err();
    assert!(matches!(
        e,
        ParseUsiMessageError::BadPosition {
            start: 16,
            end: 21,
            error: ParseUsiError::Sfen { offset: 16, .. },
        }
    ));
    assert_eq!(
        e.to_string(),
        "usi position: cannot read the sfen at byte 16: \
         sfen board: expected 9 ranks separated by '/', found 3"
    );
    let e = "position startpos foo".parse::<GuiCommand>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "usi position: expected 'moves' or the end at byte 18"
    );
    assert_eq!(e.span(), (18, 21));
    let GuiCommand::Position(p) = gui("position startpos moves 7g7f") else {
        panic!()
    };
    assert_eq!(p.moves, vec![mv("7g7f")]);
}
