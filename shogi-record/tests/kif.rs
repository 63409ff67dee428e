//! KIF reader and writer: hand-written cases for each feature, and random games written and
//! read back.

mod common;

use std::time::Duration;

use common::mv;
use common::records::{self, Style, Times, assert_same_game};
use proptest::prelude::*;
use shogi_movegen::IllegalMoveKind;
use shogi_record::kif;
use shogi_record::{
    self as record, Ending, Format, Header, HeaderKey, MoveProblem, MoveTime, Record,
    RecordErrorKind, RecordMove, Special, Variation, WrittenMove,
};
use shogi_rules::{DrawReason, Outcome, WinReason};
use shogi_types::Setup;
use shogi_types::{Color, PieceKind, Square};
use shogi_variants::{AnyPosition, Handicap, Variant};

type TestResult = Result<(), Box<dyn std::error::Error>>;

const HEAD: &str = "手合割：平手\n手数----指手---------消費時間--\n";

fn sfen3(rec: &Record) -> String {
    let s = rec.start.to_setup().to_string();
    s.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
}

fn win(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

fn draw(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

#[test]
fn reads_a_plain_game() -> TestResult {
    let text = "#KIF version=2.0 encoding=UTF-8\n開始日時：2024/01/02\n手合割：平手　　\n先手：A\n後手：B\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:16/00:00:16)\n   2 ３四歩(33)   ( 0:02/00:00:02)\n   3 ２二角成(88) ( 0:01/00:00:17)+\n   4 同　銀(31)   ( 0:03/00:00:05)\n   5 ４五角打     ( 0:04/00:00:21)\n   6 投了         ( 0:05/00:00:10)\nまで5手で先手の勝ち\n";
    assert_eq!(Format::detect(text), Some(Format::Kif));
    let rec = kif::read(text)?;
    assert_eq!(
        rec.usi_moves(),
        [mv("7g7f"), mv("3c3d"), mv("8h2b+"), mv("3a2b"), mv("B*4e")]
    );
    assert_eq!(rec.player(Color::Black), Some("A"));
    assert_eq!(rec.player(Color::White), Some("B"));
    assert_eq!(rec.header(&HeaderKey::StartTime), Some("2024/01/02"));
    assert_eq!(
        rec.moves[0].time,
        Some(MoveTime {
            spent: Duration::from_secs(16),
            total: Some(Duration::from_secs(16))
        })
    );
    let ending = rec.ending.as_ref().ok_or("ending")?;
    assert_eq!(ending.special, Special::Resign);
    assert_eq!(ending.time.map(|t| t.spent), Some(Duration::from_secs(5)));
    assert_eq!(rec.outcome(), win(Color::Black, WinReason::Resignation));
    Ok(())
}

#[test]
fn reads_move_forms() -> TestResult {
    // Unpadded numbers, 同 without a space, 竜/龍, 王, 全 圭 杏, a stray 不成, full-width brackets.
    let text =
        "1 ７六歩(77)\n2 ３四歩(33)\n3 ２二角不成(88)\n4 同銀(31)\n5 ５八王(59)\n6 ４四角打\n";
    let rec = kif::read(text)?;
    assert_eq!(
        rec.usi_moves(),
        [
            mv("7g7f"),
            mv("3c3d"),
            mv("8h2b"),
            mv("3a2b"),
            mv("5i5h"),
            mv("B*4d")
        ]
    );
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 b 2S2N2L 1";
    let setup = sfen.parse::<Setup>()?;
    let mut rec = Record::new(AnyPosition::from_setup(Variant::Standard, setup)?);
    for m in ["S*5c", "5a4a", "5c5b+", "4a3a", "5b4a"] {
        rec.push(mv(m))?;
    }
    let written = kif::write(&rec);
    assert!(written.contains("   3 ５二銀成(53)\n"), "{written}");
    assert!(written.contains("   5 ４一成銀(52)\n"), "{written}");
    let edited = written.replace("４一成銀(52)", "４一全(52)");
    assert_eq!(kif::read(&edited)?.usi_moves(), rec.usi_moves());
    Ok(())
}

/// The ending after `1 ７六歩 2 ３四歩` (Black to move) and then `word`.
fn ending_of(word: &str) -> Result<(Special, Option<Outcome>), Box<dyn std::error::Error>> {
    let text = format!("{HEAD}   1 ７六歩(77)\n   2 ３四歩(33)\n   3 {word}\n");
    let rec = kif::read(&text)?;
    assert_eq!(rec.moves.len(), 2);
    let special = rec.ending.as_ref().ok_or("no ending")?.special.clone();
    Ok((special, rec.outcome()))
}

#[test]
fn terminal_words_and_their_outcomes() -> TestResult {
    use Color::{Black, White};
    let cases = [
        ("投了", Special::Resign, win(White, WinReason::Resignation)),
        ("中断", Special::Interrupt, Some(Outcome::Unfinished)),
        ("千日手", Special::Repetition, draw(DrawReason::Repetition)),
        ("持将棋", Special::Impasse, draw(DrawReason::Impasse)),
        (
            "入玉勝ち",
            Special::EnteringKingWin,
            win(Black, WinReason::Impasse),
        ),
        (
            "切れ負け",
            Special::TimeUp,
            win(White, WinReason::TimeForfeit),
        ),
        (
            "時間切れ",
            Special::TimeUp,
            win(White, WinReason::TimeForfeit),
        ),
        (
            "Time-up",
            Special::TimeUp,
            win(White, WinReason::TimeForfeit),
        ),
        (
            "反則負け",
            Special::IllegalLoss,
            win(White, WinReason::IllegalMove(None)),
        ),
        (
            "反則勝ち",
            Special::IllegalWin,
            win(Black, WinReason::IllegalMove(None)),
        ),
        ("詰み", Special::Mate, win(White, WinReason::Checkmate)),
        ("詰", Special::Mate, win(White, WinReason::Checkmate)),
        ("不詰", Special::NoMate, None),
        ("封じ手", Special::Sealed, None),
        ("トライ", Special::Try, win(White, WinReason::Try)),
        (
            "不戦勝",
            Special::ForfeitWin,
            win(Black, WinReason::Abandonment),
        ),
        (
            "不戦敗",
            Special::ForfeitLoss,
            win(White, WinReason::Abandonment),
        ),
        ("最大手数", Special::MaxMoves, draw(DrawReason::MoveLimit)),
        (
            "入玉宣言",
            Special::EnteringKingWin,
            win(Black, WinReason::Impasse),
        ),
    ];
    for (word, special, outcome) in cases {
        let got = ending_of(word)?;
        assert_eq!(got, (special, outcome), "{word}");
    }
    Ok(())
}

/// Only real terminal words end a record: any other text on a numbered line is a move, and
/// one that cannot be read fails with its line, its move number and why, instead of ending
/// the record early (it once read as an unknown ending and dropped the rest).
#[test]
fn unreadable_move_text_is_an_error_not_an_ending() {
    for (line, text) in [
        ("   3 XYZ(77)   ( 0:00/00:00:00)", "XYZ(77)"),
        ("   3 XYZ(77)", "XYZ(77)"),
        ("   3 繧ｽ繝輔ヨ   ( 0:01/00:00:01)", "繧ｽ繝輔ヨ"),
        ("   3 パス", "パス"),
        ("   3 その他", "その他"),
    ] {
        let text_in = format!("{HEAD}   1 ７六歩(77)\n   2 ３四歩(33)\n{line}\n   4 ２六歩(27)\n");
        let err = kif::read(&text_in).expect_err(line);
        assert_eq!(err.line(), 5, "{line}");
        match err.kind() {
            RecordErrorKind::IllegalMove {
                ply: 3,
                text: t,
                problem: MoveProblem::Syntax(_),
            } => assert_eq!(t, text, "{line}"),
            other => panic!("{line}: {other:?}"),
        }
        assert_eq!(err.partial().moves.len(), 2, "{line}");
        assert!(err.to_string().starts_with("line 5: move 3 "), "{err}");
    }
}

#[test]
fn only_the_first_terminal_word_counts() -> TestResult {
    let text =
        format!("{HEAD}   1 ７六歩(77)\n   2 投了\n   3 中断\n   4 ３四歩(33)\nまで1手で中断\n");
    let rec = kif::read(&text)?;
    assert_eq!(rec.moves.len(), 1);
    assert_eq!(rec.ending.map(|e| e.special), Some(Special::Resign));
    Ok(())
}

#[test]
fn summary_lines() -> TestResult {
    use Color::{Black, White};
    // After two moves Black is to move.
    let cases = [
        ("まで2手で後手の勝ち", win(White, WinReason::Resignation)),
        ("まで2手で上手の勝ち", win(White, WinReason::Resignation)),
        ("まで2手で中断", Some(Outcome::Unfinished)),
        ("まで2手で千日手", draw(DrawReason::Repetition)),
        ("まで2手で持将棋", draw(DrawReason::Impasse)),
        ("まで2手詰", win(White, WinReason::Checkmate)),
        ("まで2手で詰", win(White, WinReason::Checkmate)),
        (
            "まで2手で時間切れにより後手の勝ち",
            win(White, WinReason::TimeForfeit),
        ),
        (
            "まで2手で先手の反則負け",
            win(White, WinReason::IllegalMove(None)),
        ),
        (
            "まで2手で後手の反則負け",
            win(Black, WinReason::IllegalMove(None)),
        ),
        (
            "まで2手で先手の反則勝ち",
            win(Black, WinReason::IllegalMove(None)),
        ),
        (
            "まで2手で後手の反則勝ち",
            win(White, WinReason::IllegalMove(None)),
        ),
        ("まで2手で先手の入玉勝ち", win(Black, WinReason::Impasse)),
        ("まで2手で封じ手", None),
        ("まで2手で不詰", None),
    ];
    for (line, outcome) in cases {
        let text = format!("{HEAD}   1 ７六歩(77)\n   2 ３四歩(33)\n{line}\n");
        let rec = kif::read(&text)?;
        assert!(rec.ending.is_some(), "{line}");
        assert_eq!(rec.outcome(), outcome, "{line}");
    }
    let sealed = kif::read(&format!("{HEAD}   1 ７六歩(77)\nまで1手で封じ手\n"))?;
    assert_eq!(sealed.ending.map(|e| e.special), Some(Special::Sealed));
    // A summary that says nothing known is no ending.
    let rec = kif::read(&format!("{HEAD}   1 ７六歩(77)\nまで1手で\n"))?;
    assert_eq!(rec.ending, None);
    Ok(())
}

#[test]
fn handicap_names() -> TestResult {
    for h in Handicap::ALL {
        let Some(name) = h.kif_name() else { continue };
        let rec = kif::read(&format!("手合割：{name}\n"))?;
        assert_eq!(rec.handicap(), Some(h), "{name}");
        assert_eq!(rec.start.to_setup(), h.setup(), "{name}");
        let again = kif::read(&kif::write(&rec))?;
        assert_eq!(again.start, rec.start, "{name}");
    }
    // Every handicap, KIF name or not, writes and reads back (as a board diagram if needed).
    for h in Handicap::ALL {
        let rec = Record::new(h.position());
        let written = kif::write(&rec);
        assert_eq!(
            written.contains("手合割：その他"),
            h.kif_name().is_none(),
            "{h}"
        );
        assert_eq!(kif::read(&written)?.start, rec.start, "{h}");
    }
    // A handicap game's first move is White's.
    let rec = kif::read("手合割：香落ち\n上手：U\n下手：S\n   1 ３四歩(33)\n")?;
    assert_eq!(rec.player(Color::White), Some("U"));
    assert_eq!(rec.player(Color::Black), Some("S"));
    assert_eq!(rec.usi_moves(), [mv("3c3d")]);
    let written = kif::write(&rec);
    assert!(written.contains("上手：U\n"), "{written}");
    // Unknown names do not fail: the standard start, or the board diagram when there is one.
    let rec = kif::read("手合割：トンボ落ち\n   1 ７六歩(77)\n")?;
    assert_eq!(rec.start.to_setup(), shogi_types::Setup::start());
    Ok(())
}

const BOD: &str = "\
手合割：詰将棋
後手の持駒：飛　角　金四　銀三　桂三　香三　歩十七　
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・ ・ ・ ・v桂v香|一
| ・ ・ ・ ・ ・ ・ ・v玉 ・|二
| ・ ・ ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ 玉 ・ ・ ・ 龍|九
+---------------------------+
先手の持駒：銀 歩
後手番
";

#[test]
fn board_diagram_start() -> TestResult {
    let rec = kif::read(BOD)?;
    assert_eq!(sfen3(&rec), "7nl/7k1/9/9/9/9/9/9/4K3+R w SPrb4g3s3n3l17p");
    assert_eq!(rec.start.side_to_move(), Color::White);
    let written = kif::write(&rec);
    assert!(written.contains("手合割：その他\n"), "{written}");
    assert!(written.contains("\n後手番\n"), "{written}");
    assert_eq!(kif::read(&written)?.start, rec.start);
    // 上手/下手 names and an empty hand.
    let other = BOD
        .replace(
            "後手の持駒：飛　角　金四　銀三　桂三　香三　歩十七　",
            "上手の持駒：なし",
        )
        .replace("先手の持駒：銀 歩", "下手の持駒：なし")
        .replace("後手番", "下手番");
    let rec = kif::read(&other)?;
    assert_eq!(sfen3(&rec), "7nl/7k1/9/9/9/9/9/9/4K3+R b -");
    // A board diagram needs nine ranks.
    let short = BOD.replace("| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n", "");
    assert!(matches!(
        kif::read(&format!("{short}   1 １一龍(19)\n")).map_err(|e| e.kind().clone()),
        Err(RecordErrorKind::Syntax(_))
    ));
    // An unknown piece letter is an error.
    let bad = BOD.replace("v玉 ・|二", "vX ・|二");
    assert!(kif::read(&bad).is_err());
    Ok(())
}

/// A record whose variations branch at every depth, written in the order of Kifu for Windows:
/// the variations of the last branching move first, each followed by its own.
const TREE: &str = "\
   1 ７六歩(77)   +
   2 ３四歩(33)   +
   3 ２二角成(88) +
   4 同　銀(31)   +
   5 ４五角打
   6 中断
まで5手で中断

変化：4手
   4 同　飛(82)   +
   5 ８八銀(79)   +
   6 投了
まで5手で先手の勝ち

変化：5手
   5 ７七桂(89)
*in A5
   6 中断
まで5手で中断

変化：4手
   4 ４二銀(31)

変化：3手
   3 ２六歩(27)
*B first
   4 ８四歩(83)
   5 投了
まで4手で後手の勝ち

変化：2手
   2 ８四歩(83)
   3 ２六歩(27)   +
   4 ８五歩(84)

変化：3手
   3 ６八銀(79)
   4 ８五歩(84)   +

変化：4手
   4 ３四歩(33)

変化：1手
   1 ２六歩(27)
   2 ３四歩(33)
   3 投了
";

/// The moves of a line as USI text.
fn usi(moves: &[RecordMove]) -> Vec<String> {
    moves.iter().map(|m| m.mv.to_string()).collect()
}

/// The special of a variation's ending.
fn special(v: &Variation) -> Option<&Special> {
    v.ending.as_ref().map(|e| &e.special)
}

/// The numbers of the `変化：N手` headers of a text, in order.
fn headers(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix("変化："))
        .map(|n| n.trim().to_string())
        .collect()
}

#[test]
fn variations_attach_to_the_right_move() -> TestResult {
    let text = format!("{HEAD}{TREE}");
    let rec = kif::read(&text)?;
    assert_eq!(usi(&rec.moves), ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
    assert_eq!(
        rec.ending.as_ref().map(|e| &e.special),
        Some(&Special::Interrupt)
    );
    // Move 1: one line.
    let [d] = rec.moves[0].variations.as_slice() else {
        panic!("move 1: {:?}", rec.moves[0].variations)
    };
    assert_eq!(usi(&d.moves), ["2g2f", "3c3d"]);
    assert_eq!(special(d), Some(&Special::Resign));
    // Move 2: a line with a variation at its move 3, which has one at its move 4.
    let [c] = rec.moves[1].variations.as_slice() else {
        panic!("move 2")
    };
    assert_eq!(usi(&c.moves), ["8c8d", "2g2f", "8d8e"]);
    assert_eq!(special(c), None);
    assert!(c.moves[0].variations.is_empty() && c.moves[2].variations.is_empty());
    let [c3] = c.moves[1].variations.as_slice() else {
        panic!("move 3 of the line of move 2")
    };
    assert_eq!(usi(&c3.moves), ["7i6h", "8d8e"]);
    let [c34] = c3.moves[1].variations.as_slice() else {
        panic!("three deep")
    };
    assert_eq!(usi(&c34.moves), ["3c3d"]);
    // Move 3: a comment on the first move of a variation, and its ending.
    let [b] = rec.moves[2].variations.as_slice() else {
        panic!("move 3")
    };
    assert_eq!(usi(&b.moves), ["2g2f", "8c8d"]);
    assert_eq!(b.moves[0].comments, ["B first"]);
    assert_eq!(special(b), Some(&Special::Resign));
    // Move 4: two alternatives (the second comes after the variations of the first); the
    // first starts with 同 (the square of move 3) and has a variation of its own.
    let [a, a2] = rec.moves[3].variations.as_slice() else {
        panic!("move 4")
    };
    assert_eq!(usi(&a.moves), ["8b2b", "7i8h"]);
    assert_eq!(special(a), Some(&Special::Resign));
    assert_eq!(usi(&a2.moves), ["3a4b"]);
    assert_eq!(special(a2), None);
    let [a5] = a.moves[1].variations.as_slice() else {
        panic!("move 5 of the line of move 4")
    };
    assert_eq!(usi(&a5.moves), ["8i7g"]);
    assert_eq!(a5.moves[0].comments, ["in A5"]);
    assert_eq!(special(a5), Some(&Special::Interrupt));
    assert!(rec.moves[4].variations.is_empty());

    // Written back, the blocks come in the same order, with `+` on the same lines.
    let written = kif::write(&rec);
    assert_eq!(headers(&written), headers(&text));
    let plus = |t: &str| t.lines().filter(|l| l.ends_with('+')).count();
    assert_eq!(plus(&written), plus(&text), "{written}");
    assert_eq!(kif::read(&written)?, rec, "{written}");
    // KI2 keeps the same tree.
    let ki2_text = shogi_record::ki2::write(&rec);
    assert_eq!(headers(&ki2_text), headers(&text));
    assert_eq!(shogi_record::ki2::read(&ki2_text)?, rec, "{ki2_text}");
    // CSA keeps the main line only.
    let csa = shogi_record::csa::read(&shogi_record::csa::write(&rec))?;
    assert_eq!(csa.usi_moves(), rec.usi_moves());
    assert!(csa.moves.iter().all(|m| m.variations.is_empty()));
    Ok(())
}

#[test]
fn variations_with_times_and_move_numbers() -> TestResult {
    // A variation replays its times from the position it branches off; the move numbers of a
    // record from a later position are kept relative to its first move.
    let text = format!(
        "{HEAD}  11 ７六歩(77)   ( 0:02/00:00:02)\n  12 ３四歩(33)   ( 0:01/00:00:01)+\n  13 中断         ( 0:00/00:00:02)\n\n変化：12手\n  12 ８四歩(83)   ( 0:05/00:00:05)\n  13 ２六歩(27)   ( 0:03/00:00:05)\n"
    );
    let rec = kif::read(&text)?;
    let line = &rec.moves[1].variations[0];
    assert_eq!(usi(&line.moves), ["8c8d", "2g2f"]);
    assert_eq!(
        line.moves[1].time,
        Some(MoveTime {
            spent: Duration::from_secs(3),
            total: Some(Duration::from_secs(5))
        })
    );
    // Written from move 1, with the totals of the line.
    let mut rec = rec;
    for m in &mut rec.moves[1].variations[0].moves {
        m.time = m.time.map(|t| MoveTime::spent(t.spent));
    }
    let written = kif::write(&rec);
    assert!(
        written.contains(
            "\n変化：2手\n   2 ８四歩(83)   ( 0:05/00:00:05)\n   3 ２六歩(27)   ( 0:03/00:00:05)\n"
        ),
        "{written}"
    );
    Ok(())
}

#[test]
fn variation_blocks_that_branch_off_no_move_are_skipped() -> TestResult {
    // Move 4 of the main line is its terminal word: the block replacing it, and the block that
    // branches off that block, are skipped; the next block attaches again.
    let text = format!(
        "{HEAD}   1 ７六歩(77)   +\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 投了\n\n変化：4手\n   4 ８四歩(83)\n   5 ２五歩(26)\n\n変化：5手\n   5 ９九九\n\n変化：1手\n   1 ２六歩(27)\n"
    );
    let rec = kif::read(&text)?;
    assert_eq!(rec.moves.len(), 3);
    assert_eq!(rec.moves[0].variations.len(), 1);
    assert!(rec.moves[1..].iter().all(|m| m.variations.is_empty()));
    // So are variations nested deeper than 200 lines: one block per move, each branching off
    // the second move of the one before.
    let rec = kif::read(&common::deep_variations_kif())?;
    let depth = common::nesting(&rec.moves);
    assert_eq!(depth, 200);
    Ok(())
}

#[test]
fn illegal_moves_in_variations() -> TestResult {
    let main = format!(
        "{HEAD}   1 ７六歩(77)   +\n   2 ３四歩(33)   +\n   3 中断\n\n変化：2手\n   2 ８四歩(83)\n"
    );
    // An illegal move is an error naming its number and text; what was read before is kept.
    let err = kif::read(&format!("{main}   3 ７五歩打\n   4 ８五歩(84)\n")).expect_err("illegal");
    assert_eq!(err.line(), 9);
    match err.kind() {
        RecordErrorKind::IllegalMove {
            ply: 3,
            text,
            problem: MoveProblem::Illegal(IllegalMoveKind::NotInHand),
        } => assert_eq!(text, "７五歩打"),
        other => panic!("{other}"),
    }
    assert_eq!(err.partial().usi_moves(), [mv("7g7f"), mv("3c3d")]);
    assert_eq!(usi(&err.partial().moves[1].variations[0].moves), ["8c8d"]);
    // Also at the end of the text, before another block, or before an ending that is no foul.
    for tail in ["", "\n変化：1手\n   1 ２六歩(27)\n", "   4 投了\n"] {
        let err = kif::read(&format!("{main}   3 ７五歩打\n{tail}")).expect_err(tail);
        assert!(
            matches!(err.kind(), RecordErrorKind::IllegalMove { ply: 3, .. }),
            "{tail}: {err}"
        );
    }
    // A move that cannot be read, or that is not there.
    for (bad, problem) in [("９九九", "syntax"), ("５五歩", "resolve")] {
        let err = kif::read(&format!("{main}   3 {bad}\n")).expect_err(bad);
        match (err.kind(), problem) {
            (
                RecordErrorKind::IllegalMove {
                    ply: 3,
                    problem: MoveProblem::Syntax(_),
                    ..
                },
                "syntax",
            )
            | (
                RecordErrorKind::IllegalMove {
                    ply: 3,
                    problem: MoveProblem::Resolve(_),
                    ..
                },
                "resolve",
            ) => {}
            (other, _) => panic!("{bad}: {other}"),
        }
    }
    // Before a foul ending, the illegal move is dropped and the ending kept.
    let rec = kif::read(&format!("{main}   3 ７五歩打\n*foul\n   4 反則勝ち\n"))?;
    let line = &rec.moves[1].variations[0];
    assert_eq!(usi(&line.moves), ["8c8d"]);
    let ending = line.ending.as_ref().ok_or("ending")?;
    assert_eq!(ending.special, Special::IllegalWin);
    assert_eq!(ending.comments, ["foul"]);
    // A malformed variation header is an error.
    let err = kif::read(&main.replace("変化：2手", "変化：   2手です")).expect_err("bad header");
    assert!(matches!(err.kind(), RecordErrorKind::Syntax(_)), "{err}");
    Ok(())
}

#[test]
fn times() -> TestResult {
    let text = format!(
        "{HEAD}1 ７六歩(77) (0:9/0:19:1)\n2 ３四歩(33)   ( 0:7/)\n3 ２六歩(27)   (00:05/00:07:12)\n4 ８四歩(83)   ( 1:10/ 0:01:17)\n5 ２五歩(26)   (0:x/)\n"
    );
    let rec = kif::read(&text)?;
    let t = |s: u64, total: Option<u64>| {
        Some(MoveTime {
            spent: Duration::from_secs(s),
            total: total.map(Duration::from_secs),
        })
    };
    let times: Vec<_> = rec.moves.iter().map(|m| m.time).collect();
    assert_eq!(
        times,
        [
            t(9, Some(19 * 60 + 1)),
            t(7, None),
            t(5, Some(7 * 60 + 12)),
            t(70, Some(77)),
            None
        ]
    );
    // Totals are summed per player when only the time spent is known.
    let mut rec = Record::start();
    for (m, s) in [("7g7f", 16), ("3c3d", 2), ("2g2f", 75), ("8c8d", 3)] {
        rec.push(mv(m))?;
        if let Some(last) = rec.moves.last_mut() {
            last.time = Some(MoveTime::spent(Duration::from_secs(s)));
        }
    }
    rec.ending = Some(Ending {
        time: Some(MoveTime::spent(Duration::from_secs(4))),
        ..Ending::new(Special::Resign)
    });
    let written = kif::write(&rec);
    for line in [
        "   1 ７六歩(77)   ( 0:16/00:00:16)\n",
        "   2 ３四歩(33)   ( 0:02/00:00:02)\n",
        "   3 ２六歩(27)   ( 1:15/00:01:31)\n",
        "   4 ８四歩(83)   ( 0:03/00:00:05)\n",
        "   5 投了         ( 0:04/00:01:35)\n",
        "まで4手で後手の勝ち\n",
    ] {
        assert!(written.contains(line), "{line}\n{written}");
    }
    let again = kif::read(&written)?;
    assert_eq!(
        again.moves[2].time,
        t(75, Some(91)),
        "the total is read back"
    );
    Ok(())
}

#[test]
fn comments_and_bookmarks() -> TestResult {
    let text = "*before the header\n手合割：平手\n手数----指手---------消費時間--\n*start\n&しおり\n   1 ７六歩(77)\n*first\n** engine line \n*\n   2 投了\n*after the end\n";
    let rec = kif::read(text)?;
    assert_eq!(rec.start_comments, ["before the header", "start"]);
    assert_eq!(rec.moves[0].comments, ["first", "* engine line ", ""]);
    let ending = rec.ending.as_ref().ok_or("ending")?;
    assert_eq!(ending.comments, ["after the end"]);
    let again = kif::read(&kif::write(&rec))?;
    assert_eq!(again.start_comments, rec.start_comments);
    assert_eq!(again.moves, rec.moves);
    assert_eq!(again.ending, rec.ending);
    Ok(())
}

#[test]
fn headers_are_kept_in_order() -> TestResult {
    let text =
        "棋戦：名人戦\n手合割：平手\n先手：A\n後手：B\n備考：note\n戦型：矢倉\n   1 ７六歩(77)\n";
    let rec = kif::read(text)?;
    let keys: Vec<_> = rec.headers.iter().map(|h| h.key.clone()).collect();
    assert_eq!(
        keys,
        [
            HeaderKey::Event,
            HeaderKey::Black,
            HeaderKey::White,
            HeaderKey::Other("備考".to_string()),
            HeaderKey::Opening
        ]
    );
    assert_eq!(kif::read(&kif::write(&rec))?.headers, rec.headers);
    // A line break in a value cannot break the record.
    let mut rec = Record::start();
    rec.headers.push(Header::new(HeaderKey::Event, "a\nb"));
    rec.headers
        .push(Header::new(HeaderKey::Other("手合割".to_string()), "x"));
    let again = kif::read(&kif::write(&rec))?;
    assert_eq!(again.headers, [Header::new(HeaderKey::Event, "a b")]);
    Ok(())
}

#[test]
fn illegal_move_before_a_foul_ending_is_kept() -> TestResult {
    // Move 3 drops a pawn that Black does not have.
    let text = format!(
        "{HEAD}   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７五歩打\n*打てない\n   4 反則勝ち\n*note\nまで3手で後手の勝ち\n"
    );
    let rec = kif::read(&text)?;
    assert_eq!(rec.moves.len(), 2);
    assert_eq!(
        rec.illegal_move,
        Some(WrittenMove {
            ply: 3,
            text: "７五歩打".to_string(),
            mv: Some(mv("P*7e")),
            kind: Some(IllegalMoveKind::NotInHand),
        })
    );
    let ending = rec.ending.as_ref().ok_or("ending")?;
    assert_eq!(ending.comments, ["打てない", "note"]);
    assert_eq!(
        rec.outcome(),
        win(
            Color::White,
            WinReason::IllegalMove(Some(IllegalMoveKind::NotInHand))
        )
    );
    let written = kif::write(&rec);
    assert!(
        written.contains("   3 ７五歩打\n   4 反則勝ち\n"),
        "{written}"
    );
    let again = kif::read(&written)?;
    assert_eq!(again.illegal_move, rec.illegal_move);
    assert_eq!(again.outcome(), rec.outcome());

    // A summary line can be the foul ending too; a wrong piece name is NoSuchPiece.
    let text = format!(
        "{HEAD}   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７五金(76)\nまで3手で先手の反則負け\n"
    );
    let rec = kif::read(&text)?;
    let illegal = rec.illegal_move.as_ref().ok_or("kept")?;
    assert_eq!(illegal.kind, Some(IllegalMoveKind::NoSuchPiece));
    assert_eq!(illegal.mv, Some(mv("7f7e")));
    assert_eq!(
        rec.outcome(),
        win(
            Color::White,
            WinReason::IllegalMove(Some(IllegalMoveKind::NoSuchPiece))
        )
    );
    let again = kif::read(&kif::write(&rec))?;
    assert_eq!(again.outcome(), rec.outcome());
    Ok(())
}

#[test]
fn other_illegal_moves_are_errors() -> TestResult {
    // No ending: the error names the move, and the partial record keeps the moves before it.
    let text = format!(
        "{HEAD}   1 ７六歩(77)   (0:4/0:0:4)\n   2 ３四歩(33)\n   3 ５三角打   (0:24/0:20:33)\n*反則手にて終局\n"
    );
    let err = kif::read(&text).expect_err("illegal");
    assert_eq!(err.line(), 5);
    match err.kind() {
        RecordErrorKind::IllegalMove {
            ply: 3,
            text,
            problem: MoveProblem::Illegal(IllegalMoveKind::NotInHand),
        } => assert_eq!(text, "５三角打"),
        other => panic!("{other}"),
    }
    assert_eq!(err.partial().usi_moves(), [mv("7g7f"), mv("3c3d")]);
    // A move after the illegal one, or an ending that is no foul, is an error too.
    for tail in [
        "   4 ２六歩(27)\n",
        "   4 投了\n",
        "まで3手で先手の勝ち\n",
        "\n変化：2手\n",
    ] {
        let text = format!("{HEAD}   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７五歩打\n{tail}");
        let err = kif::read(&text).expect_err(tail);
        assert!(
            matches!(err.kind(), RecordErrorKind::IllegalMove { ply: 3, .. }),
            "{tail}: {err}"
        );
        assert_eq!(err.partial().moves.len(), 2);
    }
    // A move that cannot be read at all.
    let err =
        kif::read(&format!("{HEAD}   1 ７二二金(61)   ( 0:03/00:00:03)\n")).expect_err("syntax");
    assert!(matches!(
        err.kind(),
        RecordErrorKind::IllegalMove {
            ply: 1,
            problem: MoveProblem::Syntax(_),
            ..
        }
    ));
    Ok(())
}

#[test]
fn endings_without_a_kif_word_keep_their_outcome() -> TestResult {
    for mover_moves in [0usize, 1] {
        for special in [
            Special::EnteringKingDraw,
            Special::IllegalAction(Color::Black),
            Special::IllegalAction(Color::White),
            Special::MaxMoves,
            Special::Error,
            Special::Other("謎".to_string()),
            Special::Other("投了".to_string()),
            Special::Other(String::new()),
            Special::Other("７六歩".to_string()),
        ] {
            let mut rec = Record::start();
            if mover_moves == 1 {
                rec.push(mv("7g7f"))?;
            }
            rec.ending = Some(Ending::new(special.clone()));
            let written = kif::write(&rec);
            let again = kif::read(&written)?;
            assert_eq!(again.outcome(), rec.outcome(), "{special:?}");
            assert_eq!(again.usi_moves(), rec.usi_moves());
            // The exact word comes back (`ENDING:` comment), but for a word that would read
            // as another ending, which comes back as `その他`.
            let kept = match &special {
                Special::Other(w) if w == "投了" => Special::Other("その他".to_string()),
                other => other.clone(),
            };
            assert_eq!(
                again.ending.map(|e| e.special),
                Some(kept),
                "{special:?}\n{written}"
            );
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
    assert_eq!(rec.variant(), Variant::UntakeableSilver);
    let written = kif::write(&rec);
    assert!(
        written.contains("#SFEN：lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1\n"),
        "{written}"
    );
    assert!(written.contains("手合割：その他\n"), "{written}");
    let again = kif::read(&written)?;
    assert_eq!(again.start, rec.start);
    assert_eq!(again.variant(), Variant::UntakeableSilver);
    assert_eq!(again.usi_moves(), rec.usi_moves());
    // A bad #SFEN line is an error.
    assert!(kif::read("#SFEN：nonsense\n   1 ７六歩(77)\n").is_err());
    Ok(())
}

#[test]
fn shift_jis_output() -> TestResult {
    let mut rec = Record::start();
    rec.headers.push(Header::new(HeaderKey::Black, "羽生善治"));
    rec.push(mv("7g7f"))?;
    rec.moves[0].comments.push("初手".to_string());
    let bytes = kif::write_shift_jis(&rec);
    assert!(std::str::from_utf8(&bytes).is_err());
    let (text, _, bad) = encoding_rs::SHIFT_JIS.decode(&bytes);
    assert!(!bad);
    assert!(text.starts_with("#KIF version=2.0 encoding=Shift_JIS\n"));
    let again = record::read(&bytes)?;
    assert_eq!(again.player(Color::Black), Some("羽生善治"));
    assert_eq!(again.moves, rec.moves);
    Ok(())
}

#[test]
fn odd_input_does_not_panic() {
    for text in [
        "",
        "1 ",
        "1 （",
        "1 ７六歩(",
        "1 ７六歩(7",
        "1 ７六歩(77",
        "1 ７六歩（７７）",
        "1 ７六歩( 0:1:2:3/)",
        "1 ７六歩(99999999999999999999:00/)",
        "1 同　歩",
        "変化：",
        "変化：手",
        "|v",
        "|v玉|十",
        "| ・|",
        "後手の持駒：歩九十九",
        "後手の持駒：歩百",
        "先手の持駒：玉",
        "まで",
        "まで手",
        "まで１２手で",
        "#SFEN：",
        "▲",
        "▲▲▲",
        "1 ▲",
        "*",
        "1 +",
    ] {
        let _ = kif::read(text);
        let _ = record::read_str(text);
    }
    let many_ranks = "| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n".repeat(20);
    assert!(kif::read(&many_ranks).is_err());
}

/// Pieces of KIF and KI2 lines, joined at random to look for panics.
const FRAGMENTS: [&str; 32] = [
    "\n",
    " ",
    "\u{3000}",
    "1",
    "12",
    "：",
    ":",
    "(",
    ")",
    "/",
    "+",
    "*",
    "#",
    "&",
    "|",
    "v",
    "手合割",
    "先手の持駒",
    "変化",
    "まで",
    "手",
    "で",
    "▲",
    "△",
    "同",
    "７",
    "六",
    "歩",
    "玉",
    "成",
    "打",
    "投了",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_text_does_not_panic(parts in proptest::collection::vec(0usize..FRAGMENTS.len(), 0..80)) {
        let text: String = parts.iter().map(|&i| FRAGMENTS[i]).collect();
        let _ = kif::read(&text);
        if let Ok(rec) = record::read_str(&text) {
            // Whatever was read writes and reads back.
            let again = kif::read(&kif::write(&rec)).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(again.usi_moves(), rec.usi_moves());
            prop_assert_eq!(again.outcome(), rec.outcome());
            let again = record::read_str(&shogi_record::ki2::write(&rec))
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(again.usi_moves(), rec.usi_moves());
            prop_assert_eq!(again.outcome(), rec.outcome());
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Random games
// ---------------------------------------------------------------------------------------------

/// A random game (see [`records::random_record`]) with KIF's times, variations and headers.
fn random_record(seed: u64, plies: usize) -> Record {
    let style = Style {
        times: Times::Seconds,
        variations: true,
    };
    let mut rec = records::random_record(seed, plies, style);
    rec.headers.push(Header::new(HeaderKey::Black, "黒"));
    rec.headers.push(Header::new(HeaderKey::White, "白"));
    rec.headers
        .push(Header::new(HeaderKey::Other("備考".to_string()), "メモ"));
    rec
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_round_trip(seed in any::<u64>(), plies in 0usize..150) {
        let rec = random_record(seed, plies);
        let written = kif::write(&rec);
        prop_assert_eq!(Format::detect(&written), Some(Format::Kif));
        let again = kif::read(&written).map_err(|e| TestCaseError::fail(format!("{e}\n{written}")))?;
        assert_same_game(&rec, &again, true);
        // Totals were computed, so a second round trip changes nothing.
        let third = kif::read(&kif::write(&again)).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(third, again);
    }
}

/// A move that names another piece than the one on its origin says which two: `角` written
/// for a move of the promoted bishop on 2b names a bishop, and 2b holds a horse.
#[test]
fn wrong_piece_names_both_pieces() {
    let text = format!(
        "{HEAD}   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 ８四歩(83)\n   5 ３三角(22)\n"
    );
    let err = kif::read(&text).expect_err("角 for a horse");
    assert_eq!(err.line(), 7);
    assert!(matches!(
        err.kind(),
        RecordErrorKind::IllegalMove {
            ply: 5,
            problem: MoveProblem::WrongPiece {
                square: Square::SQ_2B,
                named: PieceKind::Bishop,
                found: PieceKind::Horse,
            },
            ..
        }
    ));
    assert_eq!(
        err.to_string(),
        "line 7: move 5 '３三角(22)' names a bishop but 2b holds a horse (promoted bishop)"
    );
}
