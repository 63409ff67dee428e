//! KI2 reader and writer: hand-written cases for each feature, and random games written and
//! read back.

mod common;

use common::mv;
use common::records::{self, Style, Times, assert_same_game};
use proptest::prelude::*;
use shogi_movegen::IllegalMoveKind;
use shogi_notation::ResolveError;
use shogi_record::{
    self as record, Ending, Format, Header, HeaderKey, MoveProblem, Record, RecordErrorKind,
    RecordMove, Special, Variation,
};
use shogi_record::{ki2, kif};
use shogi_rules::{DrawReason, Outcome, WinReason};
use shogi_types::Color;
use shogi_types::Setup;
use shogi_variants::{AnyPosition, Handicap, Variant};

type TestResult = Result<(), Box<dyn std::error::Error>>;

fn win(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

#[test]
fn reads_moves_with_and_without_separators() -> TestResult {
    let spaced = "手合割：平手\n\n▲７六歩    △３四歩    ▲２二角成  △同　銀\n▲４五角    △６二銀\n";
    let joined = "▲７六歩△３四歩▲２二角成▽同　銀▲４五角打☖６二銀";
    let expected = [
        mv("7g7f"),
        mv("3c3d"),
        mv("8h2b+"),
        mv("3a2b"),
        mv("B*4e"),
        mv("7a6b"),
    ];
    let rec = ki2::read(spaced)?;
    assert_eq!(rec.usi_moves(), expected);
    assert_eq!(Format::detect(joined), Some(Format::Ki2));
    let rec2 = ki2::read(joined)?;
    assert_eq!(rec2.usi_moves(), rec.usi_moves());
    Ok(())
}

#[test]
fn reads_japanese_words() -> TestResult {
    // 右/左/上/寄/引/直, 不成, 打 and an origin suffix.
    let text = "▲７六歩 △３四歩 ▲２二角不成 △同　銀 ▲７七桂 △８四歩 ▲６五桂 △８五歩 ▲５三桂生\n";
    let rec = ki2::read(text)?;
    assert_eq!(rec.usi_moves()[2], mv("8h2b"));
    assert_eq!(rec.usi_moves()[8], mv("6e5c"));
    let with_origin = "▲７六歩(77) △３四歩(33)\n";
    assert_eq!(
        ki2::read(with_origin)?.usi_moves(),
        [mv("7g7f"), mv("3c3d")]
    );
    Ok(())
}

#[test]
fn summary_lines_and_terminal_words() -> TestResult {
    use Color::{Black, White};
    let cases = [
        ("まで2手で後手の勝ち", win(White, WinReason::Resignation)),
        ("まで2手で中断", Some(Outcome::Unfinished)),
        (
            "まで2手で千日手",
            Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            }),
        ),
        (
            "まで2手で持将棋",
            Some(Outcome::Draw {
                reason: DrawReason::Impasse,
            }),
        ),
        ("まで2手詰", win(White, WinReason::Checkmate)),
        ("まで2手で封じ手", None),
        (
            "まで2手で後手の反則勝ち",
            win(White, WinReason::IllegalMove(None)),
        ),
        ("▲投了", win(White, WinReason::Resignation)),
        ("▲入玉勝ち", win(Black, WinReason::Impasse)),
        ("▲反則負け", win(White, WinReason::IllegalMove(None))),
    ];
    for (line, outcome) in cases {
        let text = format!("▲７六歩    △３四歩\n{line}\n");
        let rec = ki2::read(&text)?;
        assert_eq!(rec.moves.len(), 2, "{line}");
        assert!(rec.ending.is_some(), "{line}");
        assert_eq!(rec.outcome(), outcome, "{line}");
    }
    // A terminal word on the move line; later moves and summaries are ignored.
    let rec = ki2::read("▲７六歩△投了▲２六歩\nまで1手で中断\n")?;
    assert_eq!(rec.usi_moves(), [mv("7g7f")]);
    assert_eq!(rec.ending.map(|e| e.special), Some(Special::Resign));
    Ok(())
}

#[test]
fn handicap_and_diagram_starts() -> TestResult {
    let rec =
        ki2::read("手合割：八枚落ち\n下手：S\n上手：U\n\n△７二金    ▲７六歩\nまで2手で封じ手\n")?;
    assert_eq!(rec.handicap(), Some(Handicap::EightPiece));
    assert_eq!(rec.usi_moves(), [mv("6a7b"), mv("7g7f")]);
    assert_eq!(rec.player(Color::White), Some("U"));
    assert_eq!(
        rec.ending.as_ref().map(|e| &e.special),
        Some(&Special::Sealed)
    );
    let written = ki2::write(&rec);
    assert!(
        written
            .contains("手合割：八枚落ち\n下手：S\n上手：U\n△７二金    ▲７六歩\nまで2手で封じ手\n"),
        "{written}"
    );
    assert_eq!(ki2::read(&written)?, rec);
    // A tsume board diagram, with a 手数 header.
    let text = "手数：3\n後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n| ・ ・ ・ ・ ・ ・ ・ ・v玉|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ 歩 ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n+---------------------------+\n先手の持駒：金二\n▲１二金    △同　玉    ▲１三金打\nまで3手詰\n";
    let rec = ki2::read(text)?;
    assert_eq!(rec.usi_moves(), [mv("G*1b"), mv("1a1b"), mv("G*1c")]);
    assert_eq!(rec.outcome(), win(Color::Black, WinReason::Checkmate));
    assert_eq!(rec.header(&HeaderKey::Other("手数".to_string())), Some("3"));
    let again = ki2::read(&ki2::write(&rec))?;
    assert_eq!(again.start, rec.start);
    assert_eq!(again.usi_moves(), rec.usi_moves());
    assert_eq!(again.outcome(), rec.outcome());
    Ok(())
}

#[test]
fn comments_and_variations() -> TestResult {
    let text = "*start\n▲７六歩\n*after move 1\n△３四歩    ▲２六歩\n*after move 3\nまで3手で先手の勝ち\n*after the end\n\n変化：   3手\n▲７五歩\nまで3手で中断\n";
    let rec = ki2::read(text)?;
    assert_eq!(rec.start_comments, ["start"]);
    assert_eq!(rec.moves[0].comments, ["after move 1"]);
    assert!(rec.moves[1].comments.is_empty());
    assert_eq!(rec.moves[2].comments, ["after move 3"]);
    let ending = rec.ending.as_ref().ok_or("ending")?;
    assert_eq!(ending.special, Special::Resign);
    assert_eq!(ending.comments, ["after the end"]);
    let written = ki2::write(&rec);
    assert_eq!(ki2::read(&written)?, rec, "{written}");
    // A malformed variation header is an error.
    let err = ki2::read(&text.replace("変化：   3手", "変化：   3手です")).expect_err("bad");
    assert!(matches!(err.kind(), RecordErrorKind::Syntax(_)), "{err}");
    Ok(())
}

/// The moves of a line as USI text.
fn usi(moves: &[RecordMove]) -> Vec<String> {
    moves.iter().map(|m| m.mv.to_string()).collect()
}

/// The special of a variation's ending.
fn special(v: &Variation) -> Option<&Special> {
    v.ending.as_ref().map(|e| &e.special)
}

#[test]
fn variations_are_kept() -> TestResult {
    let text = "手合割：平手

▲７六歩    △３四歩    ▲２二角成  △同　銀
▲４五角
まで5手で中断

変化：   4手
△同　飛    ▲８八銀
*in A
△投了

変化：   5手
▲７七桂
まで5手で中断

変化：   2手
△８四歩    ▲６八銀
*C
まで3手で持将棋
*after C

変化：   3手
▲２六歩    △８五歩
";
    let rec = ki2::read(text)?;
    assert_eq!(usi(&rec.moves), ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
    // Move 4: a line starting with 同 (the square of move 3), ending in a terminal word, with
    // a comment, and a variation of its move 5 ending in a まで line.
    let [a] = rec.moves[3].variations.as_slice() else {
        panic!("move 4: {:?}", rec.moves[3].variations)
    };
    assert_eq!(usi(&a.moves), ["8b2b", "7i8h"]);
    assert_eq!(a.moves[1].comments, ["in A"]);
    assert_eq!(special(a), Some(&Special::Resign));
    let [a5] = a.moves[1].variations.as_slice() else {
        panic!("move 5 of the line of move 4")
    };
    assert_eq!(usi(&a5.moves), ["8i7g"]);
    assert_eq!(special(a5), Some(&Special::Interrupt));
    // Move 2: a line whose move 3 has a variation; comments before and after its まで line.
    let [c] = rec.moves[1].variations.as_slice() else {
        panic!("move 2")
    };
    assert_eq!(usi(&c.moves), ["8c8d", "7i6h"]);
    assert_eq!(c.moves[1].comments, ["C"]);
    let ending = c.ending.as_ref().ok_or("ending")?;
    assert_eq!(
        (&ending.special, &ending.comments),
        (&Special::Impasse, &vec!["after C".to_string()])
    );
    let [c3] = c.moves[1].variations.as_slice() else {
        panic!("move 3 of the line of move 2")
    };
    assert_eq!(usi(&c3.moves), ["2g2f", "8d8e"]);
    assert_eq!(special(c3), None);
    assert!(rec.moves[0].variations.is_empty() && rec.moves[2].variations.is_empty());

    // Written back (KI2 and KIF), the tree is the same.
    let written = ki2::write(&rec);
    assert!(
        written.contains("\n\n変化：   4手\n△同　飛    ▲８八銀\n*in A\n"),
        "{written}"
    );
    assert_eq!(ki2::read(&written)?, rec, "{written}");
    assert_eq!(kif::read(&kif::write(&rec))?, rec);

    // An illegal move in a variation is an error naming it; before a foul ending it is dropped.
    let bad = text.replace("▲７七桂", "▲７七桂    △１一飛");
    let err = ki2::read(&bad).expect_err("illegal");
    match err.kind() {
        RecordErrorKind::IllegalMove {
            ply: 6,
            text,
            problem: MoveProblem::Resolve(ResolveError::NoMatchingMove),
        } => assert_eq!(text, "△１一飛"),
        other => panic!("{other}"),
    }
    assert_eq!(err.line(), 13);
    assert_eq!(err.partial().usi_moves(), rec.usi_moves());
    let foul = text.replace(
        "▲７七桂\nまで5手で中断",
        "▲７七桂    △１一飛\nまで6手で後手の反則負け",
    );
    let rec = ki2::read(&foul)?;
    let a5 = &rec.moves[3].variations[0].moves[1].variations[0];
    assert_eq!(usi(&a5.moves), ["8i7g"]);
    assert_eq!(special(a5), Some(&Special::IllegalLoss));
    Ok(())
}

#[test]
fn illegal_moves() -> TestResult {
    // Kept before a foul ending; the move is known when the origin is written.
    let text = "▲７六歩    △３四歩    ▲７五金(76)\nまで3手で後手の勝ち\n";
    let err = ki2::read(text).expect_err("no foul");
    assert!(matches!(
        err.kind(),
        RecordErrorKind::IllegalMove { ply: 3, .. }
    ));
    let text = "▲７六歩    △３四歩    ▲７五金(76)\nまで3手で先手の反則負け\n";
    let rec = ki2::read(text)?;
    let illegal = rec.illegal_move.as_ref().ok_or("kept")?;
    assert_eq!(illegal.text, "▲７五金(76)");
    assert_eq!(illegal.mv, Some(mv("7f7e")));
    assert_eq!(illegal.kind, Some(IllegalMoveKind::NoSuchPiece));
    let again = ki2::read(&ki2::write(&rec))?;
    assert_eq!(again.illegal_move, rec.illegal_move);
    assert_eq!(again.outcome(), rec.outcome());
    // Without an origin the move is not known.
    let rec = ki2::read("▲７六歩    △３四歩    ▲５五飛\n▲反則負け\n")?;
    let illegal = rec.illegal_move.as_ref().ok_or("kept")?;
    assert_eq!((illegal.ply, illegal.mv, illegal.kind), (3, None, None));
    assert_eq!(
        rec.outcome(),
        win(Color::White, WinReason::IllegalMove(None))
    );
    for written in [ki2::write(&rec), kif::write(&rec)] {
        let again = record::read_str(&written)?;
        assert_eq!(again.illegal_move, rec.illegal_move, "{written}");
        assert_eq!(again.outcome(), rec.outcome());
    }
    // A move that names no legal move and no foul ending: an error with the moves before it.
    let err = ki2::read("▲７六歩    △３四歩    ▲５五飛\n").expect_err("unresolved");
    match err.kind() {
        RecordErrorKind::IllegalMove {
            ply: 3,
            text,
            problem: MoveProblem::Resolve(ResolveError::NoMatchingMove),
        } => assert_eq!(text, "▲５五飛"),
        other => panic!("{other}"),
    }
    assert_eq!(err.partial().moves.len(), 2);
    // A mark for the wrong side.
    let err = ki2::read("△７六歩\n").expect_err("wrong side");
    assert!(matches!(
        err.kind(),
        RecordErrorKind::IllegalMove {
            problem: MoveProblem::Resolve(ResolveError::WrongSide { .. }),
            ..
        }
    ));
    // Text that is no move.
    let err = ki2::read("▲７六歩    △３十歩\n").expect_err("syntax");
    assert!(matches!(
        err.kind(),
        RecordErrorKind::IllegalMove {
            ply: 2,
            problem: MoveProblem::Syntax(_),
            ..
        }
    ));
    Ok(())
}

#[test]
fn writes_six_moves_a_line() -> TestResult {
    let mut rec = Record::start();
    for m in [
        "7g7f", "3c3d", "2g2f", "4c4d", "2f2e", "2b3c", "3i4h", "3a2b", "5i6h", "8b4b",
    ] {
        rec.push(mv(m))?;
    }
    rec.ending = Some(Ending::new(Special::Resign));
    let written = ki2::write(&rec);
    assert!(
        written.ends_with(
            "▲７六歩    △３四歩    ▲２六歩    △４四歩    ▲２五歩    △３三角\n▲４八銀    △２二銀    ▲６八玉    △４二飛\nまで10手で後手の勝ち\n"
        ),
        "{written}"
    );
    Ok(())
}

#[test]
fn every_ending_keeps_its_outcome() -> TestResult {
    for moves in [0usize, 1] {
        for special in Special::KNOWN {
            let mut rec = Record::start();
            if moves == 1 {
                rec.push(mv("7g7f"))?;
            }
            rec.ending = Some(Ending::new(special.clone()));
            let written = ki2::write(&rec);
            let again = record::read_str(&written)?;
            assert_eq!(again.outcome(), rec.outcome(), "{special:?}\n{written}");
            assert_eq!(again.usi_moves(), rec.usi_moves());
        }
    }
    Ok(())
}

#[test]
fn variant_start_round_trip() -> TestResult {
    let sfen: Setup = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1".parse()?;
    let mut rec = Record::new(AnyPosition::from_setup(Variant::UntakeableSilver, sfen)?);
    rec.push(mv("3i3h"))?;
    rec.push(mv("8b3b"))?;
    rec.ending = Some(Ending::new(Special::Interrupt));
    let written = ki2::write(&rec);
    assert!(
        written.contains("#SFEN：lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1\n")
    );
    let again = ki2::read(&written)?;
    assert_eq!(again.variant(), Variant::UntakeableSilver);
    assert_eq!(again, rec);
    Ok(())
}

#[test]
fn odd_input_does_not_panic() {
    for text in [
        "▲",
        "△△",
        "▲同",
        "▲同　",
        "▲７",
        "▲７六",
        "▲７六歩(",
        "▲７六歩(7",
        "▲７六歩（７７",
        "▲７六歩打",
        "▲７六玉打",
        "まで",
        "まで９手で",
        "変化：",
        "▲\u{3000}",
        "▲ ",
    ] {
        let _ = ki2::read(text);
        let _ = record::read_str(text);
    }
}

// ---------------------------------------------------------------------------------------------
// Random games
// ---------------------------------------------------------------------------------------------

/// A random game (see [`records::random_record`]) with variations, no times and headers.
fn random_record(seed: u64, plies: usize) -> Record {
    let style = Style {
        times: Times::None,
        variations: true,
    };
    let mut rec = records::random_record(seed, plies, style);
    rec.headers.push(Header::new(HeaderKey::Event, "棋戦"));
    rec.headers.push(Header::new(HeaderKey::Black, "黒"));
    rec.headers.push(Header::new(HeaderKey::White, "白"));
    rec
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_round_trip(seed in any::<u64>(), plies in 0usize..150) {
        let rec = random_record(seed, plies);
        let written = ki2::write(&rec);
        let again = record::read_str(&written)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{written}")))?;
        assert_same_game(&rec, &again, false);
        // Writing the record read back gives the same text.
        prop_assert_eq!(ki2::write(&again), written);
    }
}
