//! Checks the reference move generator (`shogi_testkit::reference`) against independent truth:
//! published perft counts and the uchifuzume table of the rules spec.
//!
//! Perft counts are taken from `shared/perft/reference.tsv`, where every row was checked with
//! several independent generators (YaneuraOu, yasai, cshogi, ...). Sources of the rows used here:
//! - startpos: qiita.com/ak11/items/8bd5f2bb0f5b014143c8; YaneuraOu `position.cpp` UnitTest.
//! - matsuri: YaneuraOu `position.cpp` UnitTest; tomori-k/ShogiLibSharp PerftTests.
//! - 593 moves: sugyan/yasai `src/position.rs`; gunyarakun/python-shogi `tests/perft_test.py`.
//! - no legal move, 16 pawns, evasions (4 and 1 moves): python-shogi `tests/perft_test.py`.
//! - pawn-drop-mate edge: tofutofu/haitaka movegen tests; WandererXII/shogiops perft tests.
//! - pawn walls: 87flowers/Lebensblume `tests/perft.cpp`.
//! - evasion with drops: liamt19/Peeper `Logic/Util/PerftData.cs`.

use shogi_testkit::reference::{
    NO_PROTECTION, legal_moves, legal_moves_protected, perft, play, play_protected, sfen,
};
use shogi_types::{Move, Square};

/// Asserts `perft(sfen, depth) == nodes` for each `(depth, nodes)` pair.
fn check(sfen: &str, rows: &[(u32, u64)]) {
    let setup = sfen::parse(sfen);
    for &(depth, nodes) in rows {
        assert_eq!(perft(&setup, depth), nodes, "perft {depth} of {sfen}");
    }
}

#[test]
fn startpos() {
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    check(sfen, &[(1, 30), (2, 900), (3, 25_470)]);
}

#[test]
fn max_legal_moves_593() {
    check(
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        &[(1, 593)],
    );
}

#[test]
fn no_legal_move() {
    let sfen = "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200";
    check(sfen, &[(1, 0)]);
}

#[test]
fn one_king_sixteen_pawns() {
    check("4k4/9/9/9/9/9/9/9/9 b 16P 1", &[(1, 72), (2, 355)]);
}

#[test]
fn pawn_drop_mate_edge() {
    check("7lk/9/8S/9/9/9/9/7L1/8K b P 1", &[(1, 85), (2, 639)]);
}

#[test]
fn pawn_walls() {
    let sfen = "ppplkl1pp/b2p1p3/9/9/9/B8/9/5P1P1/PPPP1LKLP b R2G2S2N2Pr2g2s2n2p 1";
    check(sfen, &[(1, 260), (2, 62_558)]);
}

#[test]
fn evasion_four_moves() {
    check("r7k/6K2/7SP/4s2bb/9/9/9/9/9 b r4g2s4n4l17p 1", &[(1, 4)]);
}

#[test]
fn evasion_one_move() {
    let sfen = "l7l/5bS2/p1np5/6Sk1/4p2B1/PSpPPn1G1/1P1G2g1N/2+l6/L1KN1+r3 b R3Pgs7p 1";
    check(sfen, &[(1, 1)]);
}

#[test]
fn evasion_with_drops() {
    check(
        "k+n7/sg7/9/9/9/9/+r5K1g/7L1/2LN1R1+Bb b RBGSNLP 1",
        &[(1, 45), (2, 1148)],
    );
}

#[test]
fn matsuri() {
    let sfen = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
    check(sfen, &[(1, 207), (2, 28_684)]);
}

/// The uchifuzume table U1–U6 (pawn-drop mates, JSA match rules; checked with tsshogi,
/// shogiops and cshogi).
#[test]
fn uchifuzume_table() {
    let cases = [
        ("U1", "7nk/9/7G1/9/9/9/9/9/K8 b P 1", "P*1b", false),
        ("U1b", "7nk/9/7GP/9/9/9/9/9/K8 b - 1", "1c1b", true),
        ("U2", "7nk/7g1/7G1/5B3/9/9/9/9/K8 b P 1", "P*1b", false),
        ("U2b", "7nk/7g1/7G1/9/9/9/9/9/K8 b P 1", "P*1b", true),
        ("U3", "3nkn3/9/2G1rS3/4L4/9/9/9/9/K8 b P 1", "P*5b", true),
        ("U4", "7nk/9/9/9/9/9/9/9/K8 b P 1", "P*1b", true),
        ("U5", "3nkn3/8R/5S3/9/9/9/9/9/K8 b P 1", "P*5b", true),
        ("U5b", "3nkn3/8R/2G2S3/9/9/9/9/9/K8 b P 1", "P*5b", false),
        ("U6", "3nkr3/9/2G2S3/9/9/9/9/9/5K3 b P 1", "P*5b", false),
    ];
    for (id, text, usi, legal) in cases {
        let setup = sfen::parse(text);
        let m: Move = usi.parse().expect("test move is valid USI");
        assert_eq!(legal_moves(&setup).contains(&m), legal, "{id}: {usi}");
    }
    // U1b: the pawn push mates (突き歩詰め is legal).
    let setup = sfen::parse("7nk/9/7GP/9/9/9/9/9/K8 b - 1");
    let after = play(&setup, "1c1b".parse().expect("test move is valid USI"));
    assert!(legal_moves(&after).is_empty(), "U1b: 1c1b mates");
}

/// The untakeable-silver hooks: a king whose only escape is to capture an undefended silver
/// on 1b is mated when that silver is protected, and not when it is promoted.
#[test]
fn protected_squares() {
    let (plain, marks) = sfen::parse_marked("8k/8S!/9/9/9/9/9/9/K6R1 w - 1");
    let capture: Move = "1a1b".parse().expect("test move is valid USI");
    assert!(marks[Square::SQ_1B.index()]);
    assert_eq!(legal_moves(&plain), [capture]);
    assert!(legal_moves_protected(&plain, &marks).is_empty());
    let promoted = sfen::parse("8k/8+S/9/9/9/9/9/9/K6R1 w - 1");
    assert_eq!(legal_moves_protected(&promoted, &NO_PROTECTION), [capture]);

    // Protection follows an unpromoted move and is lost by promotion.
    let (setup, marks) = sfen::parse_marked("4k4/9/9/4S!4/9/9/9/9/4K4 b - 1");
    let (_, kept) = play_protected(&setup, &marks, "5d5c".parse().expect("valid USI"));
    assert!(kept[Square::SQ_5C.index()] && !kept[Square::SQ_5D.index()]);
    let (_, lost) = play_protected(&setup, &marks, "5d5c+".parse().expect("valid USI"));
    assert!(!lost.contains(&true));
}
