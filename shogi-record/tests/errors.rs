//! The errors of the readers: typed kinds, the errors of other crates kept as they are (to
//! match on) and shown in the messages, and `source()` `None` throughout, so that a printer
//! that walks the chain does not print a cause twice.

use std::error::Error;

use shogi_movegen::Fault;
use shogi_notation::ResolveError;
use shogi_notation::japanese::ParseJapaneseError;
use shogi_record::{
    self as record, MoveProblem, MoveSyntaxError, RecordError, RecordErrorKind, SyntaxError, csa,
    kif,
};
use shogi_types::Color;
use shogi_types::sfen::ParseSfenError;
use shogi_usi::position::ParseUsiError;
use shogi_variants::Variant;

/// `err`, its kind and the errors the kind wraps have no source: each cause is in the
/// message.
fn assert_no_source(err: &RecordError) {
    assert!(err.source().is_none(), "{err:?}");
    let kind = err.kind();
    assert!(kind.source().is_none(), "{err:?}");
    match kind {
        RecordErrorKind::Syntax(syntax) => assert!(syntax.source().is_none(), "{err:?}"),
        RecordErrorKind::IllegalMove { problem, .. } => {
            assert!(problem.source().is_none(), "{err:?}");
            if let MoveProblem::Syntax(syntax) = problem {
                assert!(syntax.source().is_none(), "{err:?}");
            }
        }
        _ => {}
    }
}

#[test]
fn a_bad_sfen_line_keeps_the_sfen_error() {
    let kif_text = "#SFEN：lnsgkgsnl/9/9 b - 1\n手合割：平手\n   1 ７六歩(77)\n";
    let csa_text = "'SFEN:lnsgkgsnl/9/9 b - 1\nPI\n+\n+7776FU\n";
    for err in [
        kif::read(kif_text).expect_err("bad #SFEN"),
        csa::read(csa_text).expect_err("bad 'SFEN"),
    ] {
        assert_eq!(err.line(), 1);
        let RecordErrorKind::Syntax(SyntaxError::Sfen(sfen)) = err.kind() else {
            panic!("not an SFEN error: {err:?}");
        };
        assert!(matches!(sfen, ParseSfenError::RankCount { ranks: 3, .. }));
        // The SFEN error is in the message, once (its `sfen board:` prefix too), and not also
        // the source.
        assert_eq!(err.to_string(), format!("line 1: {sfen}"));
        assert_eq!(
            err.to_string(),
            "line 1: sfen board: expected 9 ranks separated by '/', found 3"
        );
        assert_no_source(&err);
    }
}

#[test]
fn an_invalid_start_keeps_the_position_error() {
    // Black to move while White's king is in check: no mate problem waives that.
    let text = "#SFEN：4k4/4R4/9/9/9/9/9/9/4K4 b - 1\n   1 ５一飛成(52)\n";
    let err = kif::read(text).expect_err("invalid start");
    assert_eq!(err.line(), 1);
    let RecordErrorKind::InvalidStart(position) = err.kind() else {
        panic!("not an invalid start: {err:?}");
    };
    assert_eq!(position.variant(), Variant::Standard);
    assert!(position.faults().contains(Fault::OpponentInCheck));
    assert_eq!(err.to_string(), format!("line 1: start: {position}"));
    assert_no_source(&err);

    // An empty CSA board: the message names the fault once.
    let empty: String = (1..=9)
        .map(|rank| format!("P{rank} *  *  *  *  *  *  *  *  * \n"))
        .chain(["+\n".to_string()])
        .collect();
    let err = csa::read(&empty).expect_err("no king");
    let RecordErrorKind::InvalidStart(position) = err.kind() else {
        panic!("not an invalid start: {err:?}");
    };
    assert!(position.faults().contains(Fault::MissingKing));
    assert_eq!(
        err.to_string(),
        "line 10: start: invalid position: neither side has a king"
    );
    assert_no_source(&err);
}

#[test]
fn a_bad_usi_line_keeps_the_usi_error() {
    let err = record::read_str("position startpos moves 7g7f 7g7x").expect_err("bad move");
    assert_eq!(err.line(), 1);
    let RecordErrorKind::Syntax(SyntaxError::Usi(usi)) = err.kind() else {
        panic!("not a USI error: {err:?}");
    };
    assert!(matches!(usi, ParseUsiError::BadMoveInList { index: 1, .. }));
    assert_eq!(err.to_string(), format!("line 1: {usi}"));
    assert_no_source(&err);

    let err = record::read_str("position sfen 9/9 b - 1").expect_err("bad sfen");
    assert!(matches!(
        err.kind(),
        RecordErrorKind::Syntax(SyntaxError::Usi(ParseUsiError::Sfen {
            error: ParseSfenError::RankCount { ranks: 2, .. },
            ..
        }))
    ));
    assert_no_source(&err);
}

#[test]
fn move_errors_keep_their_cause() {
    // A Japanese move that cannot be read: the notation's error, typed and in the message.
    let err = kif::read("手合割：平手\n   1 ７十歩(77)\n").expect_err("bad rank");
    let RecordErrorKind::IllegalMove {
        ply: 1,
        problem: MoveProblem::Syntax(MoveSyntaxError::Japanese(japanese)),
        ..
    } = err.kind()
    else {
        panic!("not a Japanese syntax error: {err:?}");
    };
    assert!(
        matches!(japanese, ParseJapaneseError::ExpectedRank { .. }),
        "{japanese:?}"
    );
    assert_eq!(
        err.to_string(),
        format!("line 2: move 1 '７十歩(77)' cannot be read as a move: {japanese}")
    );
    assert_no_source(&err);

    // A KI2 move that names no legal move.
    let err = record::read_str("手合割：平手\n▲７六歩 △７五歩\n").expect_err("no such move");
    assert!(matches!(
        err.kind(),
        RecordErrorKind::IllegalMove {
            ply: 2,
            problem: MoveProblem::Resolve(ResolveError::NoMatchingMove),
            ..
        }
    ));
    assert!(
        err.to_string().ends_with(&format!(
            "names no single legal move: {}",
            ResolveError::NoMatchingMove
        )),
        "{err}"
    );
    assert_no_source(&err);

    // A CSA move with the wrong sign: no other crate's error.
    let err = csa::read("PI\n+\n+7776FU\n+3334FU\n").expect_err("wrong sign");
    assert_eq!(
        err.kind(),
        &RecordErrorKind::IllegalMove {
            ply: 2,
            text: "+3334FU".to_string(),
            problem: MoveProblem::Syntax(MoveSyntaxError::CsaWrongSign {
                to_move: Color::White
            }),
        }
    );
    assert_eq!(
        err.to_string(),
        "line 4: move 2 '+3334FU' cannot be read as a move: wrong sign: White (-) is to move"
    );
    assert_no_source(&err);
}

/// Syntax errors of the crate's own: a typed variant, no source, and the messages they had
/// as strings.
#[test]
fn syntax_errors_are_typed() {
    let cases: [(&str, SyntaxError, &str); 8] = [
        (
            "PI\n+\n+7776FU\nT1x\n",
            SyntaxError::CsaTime("1x".to_string()),
            "line 4: cannot read the time 'T1x'",
        ),
        (
            "P1 * * * * * * * *\n+\n",
            SyntaxError::CsaRankLength { rank: 1, count: 8 },
            "line 1: P1: rank has 8 squares, expected 9",
        ),
        (
            "P1-XX * * * * * * * *\n+\n",
            SyntaxError::CsaRankPiece { rank: 1, column: 3 },
            "line 1: P1: unknown piece at column 3",
        ),
        (
            "PI55KA\n+\n",
            SyntaxError::CsaNothingToRemove {
                square: shogi_types::Square::SQ_5E,
                code: "KA".to_string(),
            },
            "line 1: PI: no KA on 5e to remove",
        ),
        (
            "P+00OU\n+\n",
            SyntaxError::CsaNotHandPiece {
                statement: "P+",
                code: "OU".to_string(),
            },
            "line 1: P+: OU cannot be in hand",
        ),
        (
            "PI\n+\n+7776FU\n+\n",
            SyntaxError::CsaSideAfterMoves,
            "line 4: side to move after the first move",
        ),
        (
            "PI\n+\nhello\n",
            SyntaxError::CsaStatement("hello".to_string()),
            "line 3: cannot read the statement 'hello'",
        ),
        (
            "PI\n+\n%\n",
            SyntaxError::CsaSpecial(String::new()),
            "line 3: cannot read the special move '%'",
        ),
    ];
    for (text, want, message) in cases {
        let err = csa::read(text).expect_err(text);
        assert_eq!(err.kind(), &RecordErrorKind::Syntax(want), "{text}");
        assert_eq!(err.to_string(), message, "{text}");
        assert_no_source(&err);
    }

    let kif_cases: [(&str, SyntaxError, &str); 4] = [
        (
            "先手の持駒：歩x\n",
            SyntaxError::HandCount("歩x".to_string()),
            "line 1: hand: bad count in '歩x'",
        ),
        (
            "後手の持駒：王\n",
            SyntaxError::HandPiece("王".to_string()),
            "line 1: hand: unknown piece in '王'",
        ),
        (
            "| ・ ・ ・ ・ ・ ・ ・ ・|一\n",
            SyntaxError::DiagramRankLength { rank: 1, count: 8 },
            "line 1: board diagram: rank 1 has 8 squares, expected 9",
        ),
        (
            "手合割：平手\n   1 ７六歩(77)\n変化：二手\n",
            SyntaxError::VariationHeader("変化：二手".to_string()),
            "line 3: variation header '変化：二手': expected '変化：N手'",
        ),
    ];
    for (text, want, message) in kif_cases {
        let err = kif::read(text).expect_err(text);
        assert_eq!(err.kind(), &RecordErrorKind::Syntax(want), "{text}");
        assert_eq!(err.to_string(), message, "{text}");
        assert_no_source(&err);
    }
}
