//! The CSA reader and writer: every statement, special move, start position form, error and
//! the write → read round trip.

mod common;

use std::time::Duration;

use common::records::{self, Style, Times};
use proptest::prelude::*;
use shogi_movegen::IllegalMoveKind;
use shogi_record::csa::{self, CsaOptions, CsaVersion};
use shogi_record::{
    Ending, Header, HeaderKey, MoveProblem, MoveSyntaxError, MoveTime, Record, RecordErrorKind,
    Special, WrittenMove,
};
use shogi_rules::{DrawReason, Outcome, WinReason};
use shogi_types::{Color, Move, PieceKind, Setup, Square};
use shogi_variants::AnyPosition;
use shogi_variants::handicap::Handicap;
use shogi_variants::untakeable_silver::SilverSetup;

type TestResult = Result<(), Box<dyn std::error::Error>>;

fn usi(moves: &[&str]) -> Vec<Move> {
    moves
        .iter()
        .map(|m| m.parse().expect("test move"))
        .collect()
}

fn sfen(rec: &Record) -> String {
    rec.start.to_setup().to_string()
}

fn win(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

fn draw(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

/// Reads `text`, writes it back in both versions and checks that it reads the same.
fn read_and_round_trip(text: &str) -> Record {
    let rec = csa::read(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    for version in [CsaVersion::V22, CsaVersion::V30] {
        let written = csa::write_with(&rec, CsaOptions::new(version));
        let again = csa::read(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(again.start, rec.start, "{written}");
        assert_eq!(again.usi_moves(), rec.usi_moves(), "{written}");
        assert_eq!(again.outcome(), rec.outcome(), "{written}");
        assert_eq!(again.illegal_move, rec.illegal_move, "{written}");
    }
    rec
}

#[test]
fn every_special_word_and_its_outcome() -> TestResult {
    use Color::{Black, White};
    // After one move White is to move.
    let cases: [(&str, Special, Option<Outcome>); 16] = [
        ("TORYO", Special::Resign, win(Black, WinReason::Resignation)),
        ("CHUDAN", Special::Interrupt, Some(Outcome::Unfinished)),
        (
            "SENNICHITE",
            Special::Repetition,
            draw(DrawReason::Repetition),
        ),
        ("JISHOGI", Special::Impasse, draw(DrawReason::Impasse)),
        (
            "KACHI",
            Special::EnteringKingWin,
            win(White, WinReason::Impasse),
        ),
        (
            "HIKIWAKE",
            Special::EnteringKingDraw,
            draw(DrawReason::Impasse),
        ),
        (
            "TIME_UP",
            Special::TimeUp,
            win(Black, WinReason::TimeForfeit),
        ),
        (
            "ILLEGAL_MOVE",
            Special::IllegalLoss,
            win(Black, WinReason::IllegalMove(None)),
        ),
        (
            "+ILLEGAL_ACTION",
            Special::IllegalAction(Black),
            win(White, WinReason::IllegalMove(None)),
        ),
        (
            "-ILLEGAL_ACTION",
            Special::IllegalAction(White),
            win(Black, WinReason::IllegalMove(None)),
        ),
        ("TSUMI", Special::Mate, win(Black, WinReason::Checkmate)),
        ("FUZUMI", Special::NoMate, None),
        ("MAX_MOVES", Special::MaxMoves, draw(DrawReason::MoveLimit)),
        ("ERROR", Special::Error, None),
        ("MATTA", Special::Other("MATTA".into()), None),
        (
            "OUTE_SENNICHITE",
            Special::Other("OUTE_SENNICHITE".into()),
            None,
        ),
    ];
    for (word, special, outcome) in cases {
        let text = format!("PI\n+\n+7776FU\n%{word}\n");
        let rec = read_and_round_trip(&text);
        assert_eq!(
            rec.ending.as_ref().map(|e| &e.special),
            Some(&special),
            "{word}"
        );
        assert_eq!(rec.outcome(), outcome, "{word}");
        // A mate is written `%TORYO` (cshogi reads `%TSUMI` as a draw), a game drawn at the
        // move limit `%JISHOGI` under V2.2 (`%MAX_MOVES` is a V3.0 word); the exact word
        // follows as a comment.
        let written = match word {
            "TSUMI" => "%TORYO\n'ENDING:詰み".to_string(),
            "MAX_MOVES" => "%JISHOGI\n'ENDING:最大手数".to_string(),
            _ => format!("%{word}"),
        };
        assert!(
            csa::write(&rec).ends_with(&format!("+7776FU\n{written}\n")),
            "{word}"
        );
    }
    let rec = csa::read("PI\n+\n+7776FU\n%MAX_MOVES\n")?;
    let v30 = csa::write_with(
        &rec,
        CsaOptions {
            version: CsaVersion::V30,
        },
    );
    assert!(v30.ends_with("+7776FU\n%MAX_MOVES\n"), "{v30}");
    Ok(())
}

#[test]
fn special_with_time_and_comment_on_one_line() -> TestResult {
    let rec = csa::read("PI\n+\n+7776FU\n%KACHI,T7,'* -5000 win\nT10\n%KACHI\n'after\n")?;
    let ending = rec.ending.as_ref().ok_or("ending")?;
    assert_eq!(ending.special, Special::EnteringKingWin);
    // The first T after the special is its time; the second %KACHI is ignored.
    assert_eq!(ending.time, Some(MoveTime::spent(Duration::from_secs(7))));
    assert_eq!(ending.comments, [" -5000 win", "after"]);
    assert_eq!(rec.outcome(), win(Color::White, WinReason::Impasse));
    Ok(())
}

#[test]
fn a_t_line_after_the_special_is_the_ending_time() -> TestResult {
    let rec = csa::read("PI\n+\n+7776FU\nT2\n%TORYO\nT0\n")?;
    assert_eq!(
        rec.moves[0].time,
        Some(MoveTime::spent(Duration::from_secs(2)))
    );
    assert_eq!(
        rec.ending.ok_or("ending")?.time,
        Some(MoveTime::spent(Duration::ZERO))
    );
    Ok(())
}

#[test]
fn moves_after_the_special_are_ignored() -> TestResult {
    let rec = csa::read("PI\n+\n+7776FU\n%CHUDAN\n-3334FU\n+9999ZZ\n%TORYO\n")?;
    assert_eq!(rec.usi_moves(), usi(&["7g7f"]));
    assert_eq!(rec.ending.ok_or("ending")?.special, Special::Interrupt);
    Ok(())
}

#[test]
fn pi_with_removed_pieces_is_a_handicap() -> TestResult {
    let rec = read_and_round_trip("PI82HI22KA\n-\n-5142OU\n+7776FU\n%TORYO\n");
    assert_eq!(rec.handicap(), Some(Handicap::TwoPiece));
    assert_eq!(rec.outcome(), win(Color::Black, WinReason::Resignation));
    let written = csa::write(&rec);
    assert!(written.contains("\nPI82HI22KA\n-\n-5142OU\n"), "{written}");
    // Every handicap that only removes pieces is written with PI, the others with P lines.
    for h in Handicap::ALL {
        let rec = Record::new(h.position());
        let written = csa::write(&rec);
        let again = csa::read(&written)?;
        assert_eq!(again.handicap(), Some(h), "{written}");
        if h.giver_hand().is_empty() {
            assert!(written.contains("\nPI"), "{written}");
        } else {
            assert!(written.contains("\nP1") && written.contains("P-00FU00FU00FU"));
        }
    }
    assert!(csa::read("PI82KA\n-\n").is_err(), "no bishop on 82");
    assert!(csa::read("PI82H\n-\n").is_err());
    Ok(())
}

#[test]
fn rank_lines_with_collapsed_blanks_and_trailing_junk() -> TestResult {
    let text = "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\n\
                P2 * -HI * * * * * -KA *.\n\
                P3-FU-FU-FU-FU-FU-FU-FU-FU-FU\n\
                P4 *  *  *  *  *  *  *  *  * \n\
                P5 *  *  *  *  *  *  *  *  *.\n\
                P6 *  *  *  *  *  *  *  *  *\n\
                P7+FU+FU+FU+FU+FU+FU+FU+FU+FU\n\
                P8 * +KA *  *  *  *  * +HI * \n\
                P9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n\
                +\n+7776FU\n";
    let rec = read_and_round_trip(text);
    assert_eq!(rec.start.to_setup().board, Setup::start().board);
    assert_eq!(rec.moves.len(), 1);
    // Eight cells, or an unknown piece, are errors.
    let err = csa::read("P1 * * * * * * * *\n+\n")
        .map(|_| ())
        .unwrap_err();
    assert!(matches!(err.kind(), RecordErrorKind::Syntax(_)), "{err}");
    assert_eq!(err.line(), 1);
    assert!(csa::read("P1-XX * * * * * * * *\n+\n").is_err());
    Ok(())
}

#[test]
fn piece_lists_and_00al() -> TestResult {
    // A mate problem: White's king and pawns, White holds every other piece.
    let text = "P-11OU\nP+13KI\nP+00KI\nP-00AL\n+\n+0012KI\n%TSUMI\n";
    let rec = read_and_round_trip(text);
    assert_eq!(sfen(&rec), "8k/9/8G/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1");
    assert_eq!(rec.outcome(), win(Color::Black, WinReason::Checkmate));
    // P lines then piece lists, with a hand.
    let rec = csa::read("PI\nP+00FU\nP-00KA00FU\n+\n")?;
    assert_eq!(
        sfen(&rec),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b Pbp 1"
    );
    assert!(csa::read("P-11OU\nP+00OU\n+\n").is_err(), "a king in hand");
    assert!(csa::read("P-11OU\nP+00K\n+\n").is_err(), "half a group");
    Ok(())
}

#[test]
fn no_position_is_the_even_start_and_no_side_line_follows_the_first_move() -> TestResult {
    let rec = csa::read("+7776FU\n-3334FU\n")?;
    assert_eq!(rec.handicap(), Some(Handicap::Even));
    assert_eq!(rec.moves.len(), 2);
    let rec = csa::read("PI22KA\n-8232HI\n")?;
    assert_eq!(rec.start.side_to_move(), Color::White);
    assert_eq!(rec.usi_moves(), usi(&["8b3b"]));
    Ok(())
}

#[test]
fn several_statements_per_line_with_padding_and_comments() -> TestResult {
    let text = "N+gps\nN-yamada\nPI\n+\n\
                +7776FU  ,T0       ,'T0      ,'7776   ,'   1 ▲7六歩\n\
                -3334FU,T6,%TORYO\n";
    let rec = csa::read(text)?;
    assert_eq!(rec.usi_moves(), usi(&["7g7f", "3c3d"]));
    assert_eq!(rec.moves[0].time, Some(MoveTime::spent(Duration::ZERO)));
    assert_eq!(rec.moves[0].comments, ["T0      ,'7776   ,'   1 ▲7六歩"]);
    assert_eq!(
        rec.moves[1].time,
        Some(MoveTime::spent(Duration::from_secs(6)))
    );
    assert_eq!(rec.outcome(), win(Color::White, WinReason::Resignation));
    Ok(())
}

#[test]
fn headers_names_and_unknown_keys() -> TestResult {
    let text = "'CSA encoding=UTF-8\nV3.0\nN+先手 名人\nN-Gote\n$EVENT:名人戦\n$SITE:Tokyo\n\
                $START_TIME:2024/01/02 10:00:00\n$END_TIME:\n$TIME:600+10+0\n\
                $TIME_LIMIT:00:25+00\n$OPENING:YAGURA\n$MAX_MOVES:256\n$NOTE:a\\nb\nPI\n+\n";
    let rec = csa::read(text)?;
    assert_eq!(rec.player(Color::Black), Some("先手 名人"));
    assert_eq!(rec.player(Color::White), Some("Gote"));
    assert_eq!(rec.header(&HeaderKey::Event), Some("名人戦"));
    assert_eq!(rec.header(&HeaderKey::Site), Some("Tokyo"));
    assert_eq!(
        rec.header(&HeaderKey::StartTime),
        Some("2024/01/02 10:00:00")
    );
    assert_eq!(rec.header(&HeaderKey::EndTime), Some(""));
    assert_eq!(rec.header(&HeaderKey::TimeControl), Some("600+10+0"));
    assert_eq!(rec.header(&HeaderKey::Opening), Some("YAGURA"));
    assert_eq!(
        rec.header(&HeaderKey::Other("MAX_MOVES".into())),
        Some("256")
    );
    assert_eq!(rec.header(&HeaderKey::Other("NOTE".into())), Some("a\\nb"));
    assert!(
        rec.start_comments.is_empty(),
        "the encoding line is no comment"
    );
    // Written back, every header reads back the same.
    let again = csa::read(&csa::write(&rec))?;
    assert_eq!(again.headers, rec.headers);
    Ok(())
}

#[test]
fn headers_that_csa_cannot_hold_become_comments() -> TestResult {
    let mut rec = Record::start();
    rec.headers
        .push(Header::new(HeaderKey::Other("備考".into()), "x"));
    rec.headers
        .push(Header::new(HeaderKey::Other("lower".into()), "y\nz"));
    rec.headers.push(Header::new(HeaderKey::Event, "after"));
    rec.start_comments.push("start".into());
    let written = csa::write(&rec);
    assert!(
        written.contains("$EVENT:after\n'*備考:x\n'*lower:y z\n'*start\n"),
        "{written}"
    );
    let again = csa::read(&written)?;
    assert_eq!(again.headers, [Header::new(HeaderKey::Event, "after")]);
    assert_eq!(again.start_comments, ["備考:x", "lower:y z", "start"]);
    assert_eq!(csa::write(&again), written);
    Ok(())
}

#[test]
fn comments_of_every_kind() -> TestResult {
    let text = "'plain start\n'*marked start\nPI\n+\n+7776FU\n'*互角\n'**評価値=-35\n'plain\n\
                -3334FU,'inline\n%TORYO\n'*after the end\n";
    let rec = read_and_round_trip(text);
    assert_eq!(rec.start_comments, ["plain start", "marked start"]);
    assert_eq!(rec.moves[0].comments, ["互角", "*評価値=-35", "plain"]);
    assert_eq!(rec.moves[1].comments, ["inline"]);
    assert_eq!(
        rec.ending.as_ref().ok_or("ending")?.comments,
        ["after the end"]
    );
    let written = csa::write(&rec);
    assert!(
        written.contains("'*互角\n'**評価値=-35\n'*plain\n"),
        "{written}"
    );
    assert_eq!(csa::read(&written)?, rec);
    Ok(())
}

#[test]
fn times_whole_and_fractional() -> TestResult {
    let rec = csa::read("PI\n+\n+7776FU\nT12.345\n-3334FU,T3\n+2726FU\nT0.5\n")?;
    let times: Vec<_> = rec.moves.iter().map(|m| m.time.map(|t| t.spent)).collect();
    assert_eq!(
        times,
        [
            Some(Duration::from_millis(12_345)),
            Some(Duration::from_secs(3)),
            Some(Duration::from_millis(500)),
        ]
    );
    let v22 = csa::write(&rec);
    assert!(
        v22.contains("+7776FU\nT12\n-3334FU\nT3\n+2726FU\nT0\n"),
        "{v22}"
    );
    let v30 = csa::write_with(&rec, CsaOptions::new(CsaVersion::V30));
    assert!(v30.starts_with("'CSA encoding=UTF-8\nV3.0\n"), "{v30}");
    assert!(
        v30.contains("+7776FU\nT12.345\n-3334FU\nT3\n+2726FU\nT0.500\n"),
        "{v30}"
    );
    assert_eq!(csa::read(&v30)?, rec);
    for bad in ["T", "T1.", "T-1", "T1x", "T.5"] {
        let text = format!("PI\n+\n+7776FU\n{bad}\n");
        let err = csa::read(&text).map(|_| ()).unwrap_err();
        assert!(matches!(err.kind(), RecordErrorKind::Syntax(_)), "{bad}");
        assert_eq!(err.line(), 4);
        assert_eq!(err.partial().moves.len(), 1);
    }
    Ok(())
}

#[test]
fn several_games() -> TestResult {
    let text = "'first\nPI\n+\n+7776FU\n%TORYO\n/\nN+b\nPI\n+\n+2726FU\n-8384FU\n\
                /\n'only a comment\n/\nPI\n+\n+7775FU\n/\n";
    let games = csa::read_all(text);
    assert_eq!(games.len(), 3);
    let first = games[0].as_ref().map_err(|e| e.to_string())?;
    assert_eq!(first.usi_moves(), usi(&["7g7f"]));
    let second = games[1].as_ref().map_err(|e| e.to_string())?;
    assert_eq!(second.player(Color::Black), Some("b"));
    assert_eq!(second.moves.len(), 2);
    let err = games[2].as_ref().map(|_| ()).unwrap_err();
    assert_eq!(err.line(), 17, "lines count from the start of the text");
    assert_eq!(csa::read(text)?, *first);
    for empty in ["", "\n\n", "'comment only\n", "/\n/\n"] {
        let err = csa::read(empty).map(|_| ()).unwrap_err();
        assert_eq!(err.kind(), &RecordErrorKind::Empty, "{empty:?}");
        assert!(csa::read_all(empty).is_empty());
    }
    Ok(())
}

#[test]
fn promotions_drops_and_promoted_pieces() -> TestResult {
    let rec = read_and_round_trip(
        "PI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n+0055KA\n-2233GI\n+5533UM\n-2133KE\n",
    );
    assert_eq!(
        rec.usi_moves(),
        usi(&[
            "7g7f", "3c3d", "8h2b+", "3a2b", "B*5e", "2b3c", "5e3c+", "2a3c"
        ])
    );
    // An already promoted piece moving on keeps its code.
    let rec =
        csa::read("P1 *  *  *  *  *  *  *  * -OU\nP9+OU+UM *  *  *  *  *  *  * \n+\n+8978UM\n")?;
    assert_eq!(rec.usi_moves(), usi(&["8i7h"]));
    Ok(())
}

#[test]
fn illegal_and_unreadable_moves_are_errors_with_the_moves_before() {
    let cases: [(&str, usize, usize, &str, MoveProblem); 8] = [
        // A bishop taking its own silver.
        (
            "PI\n+\n+7776FU\n-3334FU\n+2726FU\n-2231KA\n",
            6,
            4,
            "-2231KA",
            MoveProblem::Illegal(IllegalMoveKind::CaptureOwnPiece),
        ),
        // The origin is empty.
        (
            "PI\n+\n+7776FU\n-3334FU\n+7775FU\n",
            5,
            3,
            "+7775FU",
            MoveProblem::Illegal(IllegalMoveKind::NoSuchPiece),
        ),
        // The origin holds another piece than the code says.
        (
            "PI\n+\n+7978KI\n",
            3,
            1,
            "+7978KI",
            MoveProblem::WrongPiece {
                square: Square::SQ_7I,
                named: PieceKind::Gold,
                found: PieceKind::Silver,
            },
        ),
        // The origin holds a piece of the other side.
        (
            "PI\n+\n+7372FU\n",
            3,
            1,
            "+7372FU",
            MoveProblem::Illegal(IllegalMoveKind::NotYourPiece),
        ),
        // A promotion outside the zone.
        (
            "PI\n+\n+7776TO\n",
            3,
            1,
            "+7776TO",
            MoveProblem::Illegal(IllegalMoveKind::BadPromotion),
        ),
        // A drop of a piece not in hand.
        (
            "PI\n+\n+7776FU,T1\n-3334FU\n+0037FU\n",
            5,
            3,
            "+0037FU",
            MoveProblem::Illegal(IllegalMoveKind::NotInHand),
        ),
        (
            "PI\n+\n+7776F5,T2\n%CHUDAN,T51\n",
            3,
            1,
            "+7776F5",
            MoveProblem::Syntax(MoveSyntaxError::CsaPieceCode),
        ),
        (
            "PI\n+\n+7776FU\n+3334FU\n",
            4,
            2,
            "+3334FU",
            MoveProblem::Syntax(MoveSyntaxError::CsaWrongSign {
                to_move: Color::White,
            }),
        ),
    ];
    for (text, line, ply, written, problem) in cases {
        let err = csa::read(text).map(|_| ()).unwrap_err();
        assert_eq!(err.line(), line, "{text}");
        match (err.kind(), &problem) {
            (
                RecordErrorKind::IllegalMove {
                    ply: p,
                    text: t,
                    problem: got,
                },
                want,
            ) => {
                assert_eq!((*p, t.as_str()), (ply, written), "{text}");
                assert_eq!(got, want, "{text}");
            }
            (other, _) => panic!("{other} for {text}"),
        }
        assert_eq!(err.partial().moves.len(), ply - 1, "{text}");
    }
    // Drops of promoted pieces and odd squares cannot be read.
    for bad in ["+0055UM", "+7706FU", "+7776FU1", "+77-76FU", "+7770FU"] {
        let text = format!("PI\n+\n{bad}\n");
        let err = csa::read(&text).map(|_| ()).unwrap_err();
        assert!(
            matches!(
                err.kind(),
                RecordErrorKind::IllegalMove {
                    problem: MoveProblem::Syntax(_),
                    ..
                }
            ),
            "{bad}: {err}"
        );
    }
    let err = csa::read("PI\n+\nhello\n").map(|_| ()).unwrap_err();
    assert!(matches!(err.kind(), RecordErrorKind::Syntax(_)));
}

#[test]
fn an_illegal_last_move_before_a_foul_ending_is_kept() -> TestResult {
    // Black drops a second pawn on the 2 file: %ILLEGAL_MOVE, White wins.
    let text = "PI\nP+00FU\n+\n+7776FU\n-3334FU\n+0026FU,T4\n'nifu\n%ILLEGAL_MOVE,T0\n";
    let rec = read_and_round_trip(text);
    assert_eq!(rec.moves.len(), 2);
    assert_eq!(
        rec.illegal_move,
        Some(WrittenMove {
            ply: 3,
            text: "+0026FU".into(),
            mv: Some("P*2f".parse()?),
            kind: Some(IllegalMoveKind::TwoPawns),
        })
    );
    assert_eq!(
        rec.outcome(),
        win(
            Color::White,
            WinReason::IllegalMove(Some(IllegalMoveKind::TwoPawns))
        )
    );
    // The comment after the kept move goes to the last legal move.
    assert_eq!(rec.moves[1].comments, ["nifu"]);
    // Written after the kept move as the foul of its player, which names the right winner
    // for readers that play the illegal move (cshogi reads `%ILLEGAL_MOVE` after it as a
    // loss of White, the side to move after it).
    let written = csa::write(&rec);
    assert!(
        written.ends_with("-3334FU\n'*nifu\n+0026FU\n%+ILLEGAL_ACTION\nT0\n"),
        "{written}"
    );

    // The foul word names White, whose illegal move is kept: Black wins.
    let text = "PI\n+\n+7776FU\n-3334FU\n+2726FU\n-2231KA\n%-ILLEGAL_ACTION\n";
    let rec = read_and_round_trip(text);
    assert_eq!(rec.moves.len(), 3);
    let kept = rec.illegal_move.as_ref().ok_or("kept")?;
    assert_eq!((kept.ply, kept.text.as_str()), (4, "-2231KA"));
    assert_eq!(kept.kind, Some(IllegalMoveKind::CaptureOwnPiece));
    assert_eq!(
        rec.outcome(),
        win(
            Color::Black,
            WinReason::IllegalMove(Some(IllegalMoveKind::CaptureOwnPiece))
        )
    );

    // Without a foul ending the same move is an error.
    let err = csa::read("PI\n+\n+7776FU\n-3334FU\n+2726FU\n-2231KA\n%TORYO\n")
        .map(|_| ())
        .unwrap_err();
    assert!(matches!(
        err.kind(),
        RecordErrorKind::IllegalMove { ply: 4, .. }
    ));
    assert_eq!(err.partial().moves.len(), 3);
    // Only the last move before the foul is kept: an earlier illegal move is an error.
    assert!(csa::read("PI\n+\n+7775FU\n-3334FU\n%ILLEGAL_MOVE\n").is_err());
    Ok(())
}

#[test]
fn foul_endings_without_a_move_and_illegal_win() -> TestResult {
    // %ILLEGAL_MOVE with no written move: the side to move loses.
    let rec = read_and_round_trip("PI\n+\n+7776FU\n-3334FU\n%ILLEGAL_MOVE,T0\n");
    assert_eq!(
        rec.outcome(),
        win(Color::White, WinReason::IllegalMove(None))
    );
    let rec = read_and_round_trip("PI\n+\n+7776FU\n-3334FU\n%-ILLEGAL_ACTION,T0\n");
    assert_eq!(
        rec.outcome(),
        win(Color::Black, WinReason::IllegalMove(None))
    );

    // 反則勝ち (the mover wins) has no CSA word: the previous mover's ILLEGAL_ACTION.
    let mut rec = Record::start();
    rec.push("7g7f".parse()?)?;
    rec.ending = Some(Ending::new(Special::IllegalWin));
    let outcome = rec.outcome();
    assert_eq!(outcome, win(Color::White, WinReason::IllegalMove(None)));
    let written = csa::write(&rec);
    assert!(
        written.ends_with("+7776FU\n%+ILLEGAL_ACTION\n"),
        "{written}"
    );
    assert_eq!(csa::read(&written)?.outcome(), outcome);

    // 反則勝ち with the kept illegal move (as KIF writes it): the kept move's side loses.
    rec.illegal_move = Some(WrittenMove {
        ply: 2,
        text: "３三角(22)".into(),
        mv: Some("2b3c".parse()?),
        kind: Some(IllegalMoveKind::CaptureOwnPiece),
    });
    let outcome = rec.outcome();
    assert_eq!(
        outcome,
        win(
            Color::Black,
            WinReason::IllegalMove(Some(IllegalMoveKind::CaptureOwnPiece))
        )
    );
    let written = csa::write(&rec);
    assert!(
        written.ends_with("+7776FU\n-2233KA\n%-ILLEGAL_ACTION\n"),
        "{written}"
    );
    let again = csa::read(&written)?;
    assert_eq!(again.outcome(), outcome);
    assert_eq!(
        again.illegal_move.as_ref().map(|w| w.text.as_str()),
        Some("-2233KA")
    );
    Ok(())
}

#[test]
fn endings_without_a_csa_word_are_ending_comments() -> TestResult {
    for (special, line) in [
        (Special::Sealed, "'ENDING:封じ手"),
        (
            Special::Other("持将棋引き分け".into()),
            "'ENDING:持将棋引き分け",
        ),
        (Special::Other("TORYO ".into()), "'ENDING:TORYO "),
        (Special::Other("lower".into()), "'ENDING:lower"),
    ] {
        let mut rec = Record::start();
        rec.push("7g7f".parse()?)?;
        rec.moves[0].comments.push("move comment".into());
        let mut ending = Ending::new(special.clone());
        ending.comments.push("ending comment".into());
        rec.ending = Some(ending);
        let written = csa::write(&rec);
        assert!(!written.contains('%'), "{written}");
        assert!(
            written.ends_with(&format!(
                "+7776FU\n'*move comment\n{line}\n'*ending comment\n"
            )),
            "{written}"
        );
        let again = csa::read(&written)?;
        assert_eq!(again, rec, "{written}");
        assert_eq!(again.outcome(), rec.outcome());
    }
    // Decided endings without a CSA word: the special move that names the same winner (White
    // is to move), then the exact word.
    for (special, line) in [
        (Special::Try, "%TORYO\n'ENDING:トライ"),
        (Special::ForfeitWin, "%KACHI\n'ENDING:不戦勝"),
        (Special::ForfeitLoss, "%TORYO\n'ENDING:不戦敗"),
    ] {
        let mut rec = Record::start();
        rec.push("7g7f".parse()?)?;
        let mut ending = Ending::new(special.clone());
        ending.comments.push("ending comment".into());
        rec.ending = Some(ending);
        let written = csa::write(&rec);
        assert!(
            written.ends_with(&format!("+7776FU\n{line}\n'*ending comment\n")),
            "{written}"
        );
        let again = csa::read(&written)?;
        assert_eq!(again, rec, "{written}");
    }
    // Before a move, the line is a plain comment.
    let rec = csa::read("PI\n+\n'ENDING:トライ\n+7776FU\n")?;
    assert_eq!(rec.start_comments, ["ENDING:トライ"]);
    assert_eq!(rec.ending, None);
    // An unusual word that names another ending is kept as the unknown word その他.
    for word in ["投了", "%TORYO", "%ERROR"] {
        let mut rec = Record::start();
        rec.ending = Some(Ending::new(Special::Other(word.into())));
        let written = csa::write(&rec);
        let again = csa::read(&written)?;
        assert_eq!(
            again.ending,
            Some(Ending::new(Special::Other("その他".into()))),
            "{word}"
        );
        assert_eq!(again.outcome(), None);
        assert_eq!(csa::write(&again), written);
    }
    Ok(())
}

#[test]
fn variant_start_round_trips_through_the_sfen_line() -> TestResult {
    let start: AnyPosition = SilverSetup::SixPiece.position().into();
    let mut rec = Record::new(start);
    rec.headers
        .push(Header::new(HeaderKey::Black, "silver side"));
    rec.start_comments.push("untakeable silver".into());
    for m in ["3i3h", "3c3d", "3h4i", "8b3b"] {
        rec.push(m.parse()?)?;
    }
    rec.moves[0].time = Some(MoveTime::spent(Duration::from_secs(4)));
    rec.ending = Some(Ending::new(Special::Resign));
    let written = csa::write(&rec);
    assert!(
        written.contains("'SFEN:lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1\n"),
        "{written}"
    );
    let again = csa::read(&written)?;
    assert_eq!(again, rec);
    assert_eq!(again.start.protected(), start.protected());

    // The SFEN line overrides the position lines and may come after them.
    let text = "PI\n+\n'SFEN:lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/4K1S!2 b - 1\n+3938GI\n";
    let rec = csa::read(text)?;
    assert_eq!(
        rec.start_sfen(),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/4K1S!2 b - 1".parse::<Setup>()?
    );
    assert_eq!(rec.moves.len(), 1);
    // After the first move it is only a comment.
    let rec = csa::read("PI\n+\n+7776FU\n'SFEN:9/9/9/9/9/9/9/9/9 b - 1\n")?;
    assert_eq!(rec.moves[0].comments, ["SFEN:9/9/9/9/9/9/9/9/9 b - 1"]);
    // A bad SFEN line is a syntax error.
    assert!(csa::read("'SFEN:xyz\nPI\n+\n").is_err());
    Ok(())
}

#[test]
fn invalid_start_positions() {
    let err = csa::read("P1 *  *  *  *  *  *  *  *  * \n+\n")
        .map(|_| ())
        .unwrap_err();
    assert!(
        matches!(err.kind(), RecordErrorKind::InvalidStart(_)),
        "{err}"
    );
    // A mate problem without Black's king is fine.
    assert!(csa::read("P-11OU\nP+00HI\n+\n").is_ok());
}

#[test]
fn positions_written_as_rank_lines() -> TestResult {
    let setup = "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124"
        .parse::<Setup>()?;
    let rec = Record::new(AnyPosition::from_setup(
        shogi_variants::Variant::Standard,
        setup,
    )?);
    let written = csa::write(&rec);
    assert!(
        written.contains("\nP2 * -KY+RY *  * +FU *  *  * \n"),
        "{written}"
    );
    assert!(
        written.contains("\nP+00GI\nP-00KA00KI00KE00FU00FU00FU\n-\n"),
        "{written}"
    );
    assert_eq!(csa::read(&written)?.start, rec.start);
    Ok(())
}

/// Lines and fragments of CSA texts, for texts built at random.
const FRAGMENTS: [&str; 40] = [
    "PI",
    "PI82HI22KA",
    "+",
    "-",
    "V2.2",
    "'CSA encoding=UTF-8",
    "+7776FU",
    "-3334FU",
    "+8822UM",
    "-3122GI",
    "+0055KA",
    "-8384FU",
    "+2726FU,T3,'c",
    "-5142OU",
    "+7775FU",
    "T1",
    "T2.5",
    "%TORYO",
    "%KACHI",
    "%ILLEGAL_MOVE",
    "%+ILLEGAL_ACTION",
    "%-ILLEGAL_ACTION,T0",
    "%abc",
    "'*c",
    "'**x",
    "'plain",
    "'ENDING:トライ",
    "'ENDING:xyz",
    "'SFEN:lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1",
    "N+a",
    "N- b ",
    "$EVENT:x",
    "$abc:y",
    "$TIME:600+10",
    "/",
    "P-00AL",
    "P1 *  *  *  *  *  *  *  * -OU",
    "P+00KI",
    "P9+OU * * * * * * * *",
    "",
];

/// A random game (see [`records::random_record`]) with the times `version` keeps and no
/// variations.
fn random_record(seed: u64, plies: usize, version: CsaVersion) -> Record {
    let times = match version {
        CsaVersion::V30 => Times::Fractional,
        _ => Times::Seconds,
    };
    let style = Style {
        times,
        variations: false,
    };
    records::random_record(seed, plies, style)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_games_round_trip(seed in any::<u64>(), plies in 0usize..120, v3 in any::<bool>()) {
        let version = if v3 { CsaVersion::V30 } else { CsaVersion::V22 };
        let rec = random_record(seed, plies, version);
        let written = csa::write_with(&rec, CsaOptions::new(version));
        let again = csa::read(&written);
        prop_assert!(again.is_ok(), "{:?}\n{}", again.err(), written);
        let again = again.map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(again.start, rec.start);
        prop_assert_eq!(again.start.protected(), rec.start.protected());
        prop_assert_eq!(&again.moves, &rec.moves);
        prop_assert_eq!(again.outcome(), rec.outcome());
        prop_assert_eq!(&again.start_comments, &rec.start_comments);
        // Every ending but 反則勝ち (written as the other side's foul) reads back as itself,
        // with its comments (its time is not written for every ending).
        if rec.ending.as_ref().map(|e| &e.special) != Some(&Special::IllegalWin) {
            let untimed = |e: &Ending| Ending { time: None, ..e.clone() };
            prop_assert_eq!(again.ending.as_ref().map(untimed), rec.ending.as_ref().map(untimed));
        }
        // Writing again gives the same text.
        prop_assert_eq!(csa::write_with(&again, CsaOptions::new(version)), written);
    }

    #[test]
    fn texts_that_read_write_back_the_same(lines in proptest::collection::vec(proptest::sample::select(FRAGMENTS.to_vec()), 0..40)) {
        let text = lines.join("\n");
        for result in csa::read_all(&text) {
            let rec = match result {
                Ok(rec) => rec,
                Err(e) => {
                    let _ = e.to_string();
                    prop_assert!(e.partial().final_position().is_ok());
                    continue;
                }
            };
            let written = csa::write(&rec);
            let again = csa::read(&written);
            prop_assert!(again.is_ok(), "{:?}\n{}\n---\n{}", again.err(), text, written);
            let again = again.map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(again.start, rec.start);
            prop_assert_eq!(again.usi_moves(), rec.usi_moves());
            prop_assert_eq!(again.outcome(), rec.outcome(), "{}\n---\n{}", text, written);
            prop_assert_eq!(csa::write(&again), written);
        }
    }

    #[test]
    fn reader_never_panics(text in "[-+PIN0-9A-Z%T',* \n/.:$']{0,200}") {
        let _ = csa::read_all(&text);
    }
}

/// An invalid start position says why once (not "invalid start position: invalid position"),
/// and an empty board is not "white has no king".
#[test]
fn invalid_start_messages() {
    let empty = "P1 *  *  *  *  *  *  *  *  * \nP2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  *  *  *  *  *  * \nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9 *  *  *  *  *  *  *  *  * \n+\n";
    let err = csa::read(empty).expect_err("no king");
    assert!(matches!(err.kind(), RecordErrorKind::InvalidStart(_)));
    let message = err.to_string();
    assert!(
        message.ends_with("start: invalid position: neither side has a king"),
        "{message}"
    );
}
