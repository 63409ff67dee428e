//! proptest: every message writes to a line that reads back to the same message, strictly and
//! leniently (and `Unknown` lines leniently).

use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use shogi_types::Move;
use shogi_usi::engine_message::{BestMove, Checkmate, Id};
use shogi_usi::gui_command::{Clocks, GameResult, Go, MateLimit};
use shogi_usi::info::{Bound, Info, Mate, Pv, PvEnd, Score, ScoreValue, Sign};
use shogi_usi::option::{OptionDef, OptionKind};
use shogi_usi::position::{PositionCommand, StartPosition};
use shogi_usi::{EngineMessage, GuiCommand};

/// Words no generated text uses: every keyword of either direction.
const RESERVED: &[&str] = &[
    "name",
    "value",
    "type",
    "default",
    "min",
    "max",
    "var",
    "usi",
    "isready",
    "setoption",
    "usinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "gameover",
    "quit",
    "id",
    "option",
    "usiok",
    "readyok",
    "bestmove",
    "checkmate",
    "info",
    "depth",
    "seldepth",
    "time",
    "nodes",
    "nps",
    "hashfull",
    "multipv",
    "tbhits",
    "currmove",
    "currmovenumber",
    "score",
    "pv",
    "string",
    "lowerbound",
    "upperbound",
    "author",
];

fn word() -> impl Strategy<Value = String> {
    "[A-Za-z][A-Za-z0-9_:.\\\\()]{0,7}"
        .prop_filter("not a keyword", |w| !RESERVED.contains(&w.as_str()))
}

fn text() -> impl Strategy<Value = String> {
    vec(word(), 1..4).prop_map(|w| w.join(" "))
}

fn text_or_empty() -> impl Strategy<Value = String> {
    prop_oneof![Just(String::new()), text()]
}

fn mv() -> impl Strategy<Value = Move> {
    prop_oneof!["[1-9][a-i][1-9][a-i]\\+?", "[PLNSGBR]\\*[1-9][a-i]"]
        .prop_filter_map("a move", |s| s.parse().ok())
}

fn go() -> impl Strategy<Value = Go> {
    (
        (
            any::<bool>(),
            option::of(any::<u64>()),
            option::of(any::<u64>()),
            option::of(any::<u64>()),
            option::of(any::<u64>()),
            option::of(any::<u64>()),
            any::<bool>(),
        ),
        (
            option::of(prop_oneof![
                any::<u64>().prop_map(MateLimit::Time),
                Just(MateLimit::Infinite)
            ]),
            option::of(any::<u32>()),
            option::of(any::<u64>()),
            option::of(any::<u64>()),
            option::of(any::<u32>()),
            option::of(any::<u64>()),
            vec(mv(), 0..4),
        ),
    )
        .prop_map(
            |(
                (ponder, btime, wtime, byoyomi, binc, winc, infinite),
                (mate, depth, nodes, movetime, movestogo, rtime, searchmoves),
            )| Go {
                ponder,
                btime,
                wtime,
                byoyomi,
                binc,
                winc,
                infinite,
                mate,
                depth,
                nodes,
                movetime,
                movestogo,
                rtime,
                searchmoves,
            },
        )
}

fn gui_command() -> impl Strategy<Value = GuiCommand> {
    prop_oneof![
        Just(GuiCommand::Usi),
        Just(GuiCommand::IsReady),
        (text(), option::of(text_or_empty()))
            .prop_map(|(name, value)| GuiCommand::SetOption { name, value }),
        Just(GuiCommand::UsiNewGame),
        vec(mv(), 0..8)
            .prop_map(|m| GuiCommand::Position(PositionCommand::new(StartPosition::Startpos, m))),
        go().prop_map(GuiCommand::Go),
        Just(GuiCommand::Stop),
        option::of((
            any::<u64>(),
            any::<u64>(),
            option::of(any::<u64>()),
            option::of(any::<u64>()),
            option::of(any::<u64>())
        ))
        .prop_map(|c| GuiCommand::PonderHit(c.map(
            |(btime, wtime, byoyomi, binc, winc)| Clocks {
                btime,
                wtime,
                byoyomi,
                binc,
                winc
            }
        ))),
        prop_oneof![
            Just(GameResult::Win),
            Just(GameResult::Lose),
            Just(GameResult::Draw)
        ]
        .prop_map(GuiCommand::GameOver),
        Just(GuiCommand::Quit),
    ]
}

fn sign() -> impl Strategy<Value = Sign> {
    prop_oneof![Just(Sign::Plus), Just(Sign::Minus)]
}

fn score() -> impl Strategy<Value = Score> {
    (
        prop_oneof![
            any::<i32>().prop_map(ScoreValue::Cp),
            (any::<u32>(), sign())
                .prop_map(|(plies, sign)| ScoreValue::Mate(Mate::Plies { plies, sign })),
            sign().prop_map(|s| ScoreValue::Mate(Mate::Unknown(s))),
        ],
        option::of(prop_oneof![Just(Bound::Lower), Just(Bound::Upper)]),
    )
        .prop_map(|(value, bound)| Score { value, bound })
}

fn info() -> impl Strategy<Value = Info> {
    let unknown = vec(
        (
            word(),
            vec("[0-9]{1,4}|-[0-9]{1,3}|[1-9][a-i][1-9][a-i]", 0..3).prop_map(|v| v.join(" ")),
        ),
        0..3,
    );
    (
        (
            option::of(any::<u32>()),
            option::of(any::<u32>()),
            option::of(any::<u32>()),
            option::of(score()),
            option::of(any::<u64>()),
            option::of(any::<u64>()),
            option::of(any::<u32>()),
        ),
        (
            option::of(any::<u64>()),
            option::of(any::<u64>()),
            option::of(mv()),
            option::of(any::<u32>()),
            option::of((
                vec(mv(), 0..6),
                option::of(prop_oneof![Just(PvEnd::Resign), Just(PvEnd::Win)]),
            )),
            option::of(prop_oneof![
                text_or_empty(),
                Just("depth 3 pv 7g7f  x".to_string())
            ]),
            unknown,
        ),
    )
        .prop_map(
            |(
                (depth, seldepth, multipv, score, nodes, nps, hashfull),
                (tbhits, time, currmove, currmovenumber, pv, string, unknown),
            )| Info {
                depth,
                seldepth,
                multipv,
                score,
                nodes,
                nps,
                hashfull,
                tbhits,
                time,
                currmove,
                currmovenumber,
                pv: pv.map(|(moves, end)| Pv { moves, end }),
                string,
                unknown,
            },
        )
}

fn option_kind() -> impl Strategy<Value = OptionKind> {
    prop_oneof![
        option::of(any::<bool>()).prop_map(|default| OptionKind::Check { default }),
        (
            option::of(any::<i64>()),
            option::of(any::<i64>()),
            option::of(any::<i64>())
        )
            .prop_map(|(default, min, max)| OptionKind::Spin { default, min, max }),
        (option::of(text_or_empty()), vec(text_or_empty(), 0..4))
            .prop_map(|(default, vars)| OptionKind::Combo { default, vars }),
        Just(OptionKind::Button),
        option::of(prop_oneof![
            text_or_empty(),
            Just("a var b default  c".to_string())
        ])
        .prop_map(|default| OptionKind::String { default }),
        option::of(text_or_empty()).prop_map(|default| OptionKind::Filename { default }),
    ]
}

fn engine_message() -> impl Strategy<Value = EngineMessage> {
    prop_oneof![
        text_or_empty().prop_map(|s| EngineMessage::Id(Id::Name(s))),
        text_or_empty().prop_map(|s| EngineMessage::Id(Id::Author(s))),
        (text(), option_kind())
            .prop_map(|(name, kind)| EngineMessage::Option(OptionDef { name, kind })),
        Just(EngineMessage::UsiOk),
        Just(EngineMessage::ReadyOk),
        prop_oneof![
            (mv(), option::of(mv())).prop_map(|(best, ponder)| BestMove::Move { best, ponder }),
            Just(BestMove::Resign),
            Just(BestMove::Win),
        ]
        .prop_map(EngineMessage::BestMove),
        prop_oneof![
            vec(mv(), 1..6).prop_map(Checkmate::Moves),
            Just(Checkmate::NoMate),
            Just(Checkmate::Timeout),
            Just(Checkmate::NotImplemented),
        ]
        .prop_map(EngineMessage::Checkmate),
        info().prop_map(EngineMessage::Info),
    ]
}

proptest! {
    #[test]
    fn gui_commands_round_trip(cmd in gui_command()) {
        let line = cmd.to_string();
        prop_assert_eq!(line.parse::<GuiCommand>(), Ok(cmd.clone()), "{}", line);
        prop_assert_eq!(GuiCommand::parse_lenient(&line), Ok(cmd.clone()), "{}", line);
        prop_assert_eq!(GuiCommand::parse_lenient(&format!(" {line}\r\n")), Ok(cmd));
    }

    #[test]
    fn engine_messages_round_trip(msg in engine_message()) {
        let line = msg.to_string();
        let lenient = EngineMessage::parse_lenient(&line);
        prop_assert_eq!(&lenient, &Ok(msg.clone()), "{}", line);
        // Strict reading refuses unknown info fields and nothing else.
        let has_unknown = matches!(&msg, EngineMessage::Info(i) if !i.unknown.is_empty());
        if !has_unknown {
            prop_assert_eq!(line.parse::<EngineMessage>(), Ok(msg), "{}", line);
        }
    }

    #[test]
    fn unknown_lines_round_trip(first in word(), rest in text_or_empty()) {
        let line = format!("{first} {rest}");
        let line = line.trim_end();
        let gui = GuiCommand::parse_lenient(line);
        prop_assert_eq!(&gui, &Ok(GuiCommand::Unknown(line.to_string())));
        prop_assert_eq!(GuiCommand::parse_lenient(&gui.unwrap().to_string()), Ok(GuiCommand::Unknown(line.to_string())));
        let eng = EngineMessage::parse_lenient(line);
        prop_assert_eq!(&eng, &Ok(EngineMessage::Unknown(line.to_string())));
        prop_assert!(line.parse::<GuiCommand>().is_err());
        prop_assert!(line.parse::<EngineMessage>().is_err());
    }

    #[test]
    fn lenient_reading_is_stable(line in "[ -~]{0,60}") {
        if let Ok(msg) = EngineMessage::parse_lenient(&line) {
            prop_assert_eq!(EngineMessage::parse_lenient(&msg.to_string()), Ok(msg));
        }
        if let Ok(cmd) = GuiCommand::parse_lenient(&line) {
            prop_assert_eq!(GuiCommand::parse_lenient(&cmd.to_string()), Ok(cmd));
        }
    }
}
