//! The hand-built cases of `shared/specs/untakeable-silver.md` ("What must be tested"), each
//! also checked against the reference generator (`shogi_testkit::reference`), and the
//! rules of the variant one by one.

use shogi_movegen::{Fault, IllegalMoveKind, Position, Standard};
use shogi_testkit::reference;
use shogi_testkit::{mv, setup};
use shogi_types::{Bitboard, Color, Move, PieceKind, Setup, Square};
use shogi_variants::untakeable_silver::mark_black_silvers;
use shogi_variants::{SilverSetup, UntakeableSilver};

type Silver = Position<UntakeableSilver>;

/// A position of the variant from an SFEN: exactly the silvers marked `S!` are protected.
fn variant(sfen: &str) -> Silver {
    Silver::from_setup(setup(sfen)).expect("test position is valid")
}

/// The same board under standard rules (marks dropped).
fn standard(sfen: &str) -> Position<Standard> {
    let mut unmarked = setup(sfen);
    unmarked.protected = Bitboard::EMPTY;
    Position::from_setup(unmarked).expect("test position is valid")
}

/// The sorted USI strings of the legal moves.
fn moves<R: shogi_movegen::VariantHooks>(pos: &Position<R>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    pos.for_each_legal_move(|m| out.push(m.to_string()));
    out.sort();
    out
}

/// The reference's legal moves of the marked SFEN, sorted.
fn reference_moves(sfen: &str) -> Vec<String> {
    let (setup, marks) = reference::sfen::parse_marked(sfen);
    let mut out: Vec<String> = reference::legal_moves_protected(&setup, &marks)
        .into_iter()
        .map(|m| m.to_string())
        .collect();
    out.sort();
    out
}

/// Asserts that the fast generator and the reference agree on the SFEN, and returns the moves.
fn agreed_moves(sfen: &str) -> Vec<String> {
    let fast = moves(&variant(sfen));
    assert_eq!(fast, reference_moves(sfen), "{sfen}");
    fast
}

#[test]
fn king_whose_only_escape_is_the_silver_is_mated() {
    // White's king on 1a is checked by the untakeable silver on 1b; the rook on 2i covers 2a
    // and 2b. Taking the silver was the only escape: mate.
    let sfen = "8k/8S!/9/9/9/9/9/9/K6R1 w - 1";
    let pos = variant(sfen);
    assert!(pos.is_check());
    assert_eq!(pos.checkers(), Bitboard::from_square(Square::SQ_1B));
    assert!(agreed_moves(sfen).is_empty(), "mate");
    let err = pos
        .clone_play(mv("1a1b"))
        .expect_err("the king cannot take the silver");
    assert_eq!(err.kind, IllegalMoveKind::CaptureProtected);
    // The same board in standard shogi: the king takes the silver.
    assert_eq!(moves(&standard(sfen)), ["1a1b"]);

    // Played from the position before: 1c1b keeps the protection and mates.
    let mut before = variant("8k/9/8S!/9/9/9/9/9/K6R1 b - 1");
    before.play(mv("1c1b")).expect("legal");
    assert_eq!(before, pos); // equality ignores the move number
    assert!(before.legal_moves().is_empty());
}

#[test]
fn the_same_with_a_promoted_silver_is_no_mate() {
    // A promoted silver is an ordinary piece: the king takes it.
    let sfen = "8k/8+S/9/9/9/9/9/9/K6R1 w - 1";
    assert_eq!(agreed_moves(sfen), ["1a1b"]);
    // Promoting loses the protection for good: 1c1b+ gives check and the king takes.
    let mut pos = variant("8k/9/8S!/9/9/9/9/9/K6R1 b - 1");
    pos.play(mv("1c1b+")).expect("legal");
    assert!(pos.protected().is_empty());
    assert!(pos.is_check());
    assert_eq!(moves(&pos), ["1a1b"]);
    // The captured promoted silver goes to White's hand as an ordinary silver.
    pos.play(mv("1a1b")).expect("legal");
    assert_eq!(pos.hand(Color::White).count(PieceKind::Silver), 1);
    assert!(pos.protected().is_empty());
}

#[test]
fn pawn_drop_mate_with_the_untakeable_silver_beside_the_king() {
    // White king 1a; Black's untakeable silver on 2a guards 1b (its back diagonal), the gold
    // on 3c covers 2b. P*1b checks: the king cannot take the guarded pawn, cannot take the
    // silver on 2a, and 2b is covered. So the drop would mate and is illegal (uchifuzume).
    let sfen = "7S!k/9/6G2/9/9/9/9/9/K8 b P 1";
    let drop = mv("P*1b");
    let pos = variant(sfen);
    assert!(!pos.is_legal(drop));
    assert!(!pos.legal_drops(PieceKind::Pawn).has(Square::SQ_1B));
    assert!(!agreed_moves(sfen).contains(&"P*1b".to_string()));
    assert_eq!(
        pos.clone_play(drop).map_err(|e| e.kind),
        Err(IllegalMoveKind::DropPawnMate)
    );
    // In standard shogi the king escapes by taking the undefended silver: the drop is legal.
    let plain = standard(sfen);
    assert!(plain.is_legal(drop));
    let mut after = plain;
    after.play(drop).expect("legal");
    assert_eq!(moves(&after), ["1a2a"]);
    // With an ordinary silver on 2a (say a dropped one) the drop only checks: K×2a escapes.
    let ordinary = "7Sk/9/6G2/9/9/9/9/9/K8 b P 1";
    assert!(variant(ordinary).is_legal(drop));
    assert!(agreed_moves(ordinary).contains(&"P*1b".to_string()));
}

#[test]
fn untakeable_silvers_guarding_every_flight_square() {
    // White king 1a: the untakeable silver on 2c guards the pawn's square 1b and the flight
    // 2b, the one on 3b guards 2a. P*1b would mate, so it is illegal, as in standard shogi
    // (the silvers are not next to the king: protection changes nothing here).
    let sfen = "8k/6S!2/7S!1/9/9/9/9/9/K8 b P 1";
    let drop = mv("P*1b");
    assert!(!variant(sfen).is_legal(drop));
    assert!(!agreed_moves(sfen).contains(&"P*1b".to_string()));
    assert!(!standard(sfen).is_legal(drop));
    // Without the silver on 3b, 2a is free and the drop only checks.
    let sfen = "8k/9/7S!1/9/9/9/9/9/K8 b P 1";
    assert!(variant(sfen).is_legal(drop));
    assert!(agreed_moves(sfen).contains(&"P*1b".to_string()));
}

#[test]
fn pinned_untakeable_silver_stays_on_the_pin_line() {
    // The lance on 5a pins Black's untakeable silver on 5h to its king on 5i: only 5h5g keeps
    // the line closed.
    let sfen = "k3l4/9/9/9/9/9/9/4S!4/4K4 b - 1";
    let pos = variant(sfen);
    assert!(pos.pinned().has(Square::SQ_5H));
    let from_5h: Vec<String> = pos
        .legal_moves_from(Square::SQ_5H)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(from_5h, ["5h5g"]);
    assert_eq!(
        pos.clone_play(mv("5h4g")).map_err(|e| e.kind),
        Err(IllegalMoveKind::LeavesKingInCheck)
    );
    agreed_moves(sfen);
    // Along the pin line it keeps its protection.
    let mut pos = pos;
    pos.play(mv("5h5g")).expect("legal");
    assert_eq!(pos.protected(), Bitboard::from_square(Square::SQ_5G));
}

#[test]
fn positions_differing_only_in_protection_are_different() {
    // Black's silver on 5e untakeable (X) or not (Y): same board, hands and side to move.
    let x = variant("4k4/9/9/9/4S!4/9/9/9/4K4 b S 1");
    let y = variant("4k4/9/9/9/4S4/9/9/9/4K4 b S 1");
    let (sx, sy) = (x.to_setup(), y.to_setup());
    assert_eq!(
        (sx.board, sx.hands, sx.side_to_move),
        (sy.board, sy.hands, sy.side_to_move)
    );
    // Only the marks tell them apart.
    assert_eq!(sx.protected, Bitboard::from_square(Square::SQ_5E));
    assert!(sy.protected.is_empty());
    assert_ne!(sx.to_string(), sy.to_string());
    assert_ne!(x, y);
    assert_ne!(x.zobrist(), y.zobrist());

    // The same in play: the untakeable silver and a dropped one swap places, and board, hands
    // and side to move repeat with the protection on the other silver.
    let mut pos = variant("4k4/9/9/9/4S!4/9/9/9/4K4 b S 1");
    pos.play(mv("S*6g")).expect("legal");
    let first = pos;
    for m in [
        "5a4a", "5e4f", "4a5a", "6g6f", "5a4a", "6f5e", "4a5a", "4f5g", "5a4a", "5g5f", "4a5a",
        "5f6g",
    ] {
        pos.play(mv(m)).expect("legal");
    }
    assert_eq!(first.to_setup().board, pos.to_setup().board);
    assert_eq!(first.hands(), pos.hands());
    assert_eq!(first.side_to_move(), pos.side_to_move());
    assert_eq!(first.protected(), Bitboard::from_square(Square::SQ_5E));
    assert_eq!(pos.protected(), Bitboard::from_square(Square::SQ_6G));
    assert_ne!(first, pos, "protection differs, so this is no repetition");
    assert_ne!(first.zobrist(), pos.zobrist());
}

#[test]
fn no_piece_of_the_challenger_may_take_an_untakeable_silver() {
    // White's king, gold, pawn, dragon, horse and knight all reach the silver on 5e (which
    // gives no check): none may take it.
    let sfen = "9/9/5n3/3gp4/3+rS!+b3/4k4/9/9/4K4 w - 1";
    let pos = variant(sfen);
    assert!(!pos.is_check());
    assert!(pos.legal_moves().iter().all(|m| m.to() != Square::SQ_5E));
    let attackers = pos.attackers_to(Square::SQ_5E, Color::White, pos.occupied());
    assert_eq!(attackers.count(), 6);
    for from in attackers {
        for promote in [false, true] {
            let m = Move::Normal {
                from,
                to: Square::SQ_5E,
                promote,
            };
            assert!(!pos.is_legal(m), "{m}");
            if !promote {
                assert_eq!(
                    pos.clone_play(m).map_err(|e| e.kind),
                    Err(IllegalMoveKind::CaptureProtected),
                    "{m}"
                );
            }
        }
    }
    agreed_moves(sfen);
    // Under standard rules each of them may.
    assert_eq!(
        standard(sfen)
            .legal_moves()
            .iter()
            .filter(|m| m.to() == Square::SQ_5E)
            .count(),
        6
    );
}

#[test]
fn dropped_silver_is_ordinary() {
    // Black takes White's silver and drops it next to White's king, undefended: the king may
    // take it.
    let mut pos = variant("4k4/4s4/4R4/9/9/9/9/9/4K4 b - 1");
    for m in ["5c5b", "5a4a", "S*3a"] {
        pos.play(mv(m)).expect("legal");
    }
    assert!(pos.protected().is_empty());
    assert!(pos.is_legal(mv("4a3a")));
}

#[test]
fn custom_setups_protect_exactly_the_marked_silvers() {
    // Black: silvers on 7g and 3g, a promoted silver on 6g; White: a silver on 4g.
    let plain = setup("4k4/9/9/9/9/9/2S+S1sS2/9/4K4 b - 1");
    let both = Bitboard::from_square(Square::SQ_7G) | Square::SQ_3G;
    // No mark, no protection: the setup's history is not guessed.
    assert!(
        Silver::from_setup(plain.clone())
            .expect("valid")
            .protected()
            .is_empty()
    );
    // One mark protects that silver only.
    let mut one = plain.clone();
    one.protected = Bitboard::from_square(Square::SQ_3G);
    let pos = Silver::from_setup(one.clone()).expect("valid");
    assert_eq!(pos.protected(), Bitboard::from_square(Square::SQ_3G));
    assert_eq!(pos.to_setup(), one);
    // `mark_black_silvers` marks every unpromoted Black silver, and nothing else.
    let marked = mark_black_silvers(plain.clone());
    assert_eq!(marked.protected, both);
    assert_eq!(marked.to_string(), "4k4/9/9/9/9/9/2S!+S1sS!2/9/4K4 b - 1");
    assert_eq!(mark_black_silvers(one), marked);
    let pos = Silver::from_setup(marked.clone()).expect("valid");
    assert_eq!(pos.protected(), both);
    assert_eq!(pos.to_setup(), marked);

    // A mark on anything else than Black's unpromoted silver is refused: a promoted silver
    // (6g), a White silver (4g), another piece (the king on 5i), an empty square (5e), alone
    // or beside valid marks.
    for sq in [Square::SQ_6G, Square::SQ_4G, Square::SQ_5I, Square::SQ_5E] {
        for base in [&plain, &marked] {
            let mut bad = base.clone();
            bad.protected |= sq;
            let err = Silver::from_setup(bad).expect_err("not a black unpromoted silver");
            assert!(err.faults().contains(Fault::BadProtection), "{sq}");
            assert_eq!(err.faults().iter().count(), 1, "{sq}: {err}");
        }
    }

    // The start setups mark their silvers.
    for s in SilverSetup::ALL {
        let pos = s.position();
        assert_eq!(pos.side_to_move(), UntakeableSilver::SILVER_SIDE);
        assert_eq!(pos.protected(), pos.pieces(Color::Black, PieceKind::Silver));
        assert_eq!(s.setup().protected, pos.protected());
        assert_eq!(pos.to_string(), s.sfen());
        assert_eq!(variant(s.sfen()), pos);
        // Without the marks the same board protects nothing.
        let mut unmarked = s.setup();
        unmarked.protected = Bitboard::EMPTY;
        let unmarked = Silver::from_setup(unmarked).expect("valid");
        assert!(unmarked.protected().is_empty());
        assert_ne!(unmarked, pos);
    }
}

#[test]
fn standard_shogi_refuses_every_mark() {
    for sfen in [
        "8k/9/8S!/9/9/9/9/9/K6R1 b - 1",
        "4k4/9/9/9/9/9/2S!+S1sS!2/9/4K4 b - 1",
    ] {
        let err = Position::<Standard>::from_setup(setup(sfen)).expect_err("marked");
        assert!(err.faults().contains(Fault::BadProtection), "{sfen}");
        assert_eq!(err.faults().iter().count(), 1, "{sfen}: {err}");
        // The same board without the marks is a valid standard position.
        standard(sfen);
    }
    for s in SilverSetup::ALL {
        let err = Position::<Standard>::from_setup(s.setup()).expect_err("marked");
        assert!(err.faults().contains(Fault::BadProtection), "{s}");
    }
    // A mark the variant would refuse too.
    let mut king = Setup::start();
    king.protected = Bitboard::from_square(Square::SQ_5I);
    let err = Position::<Standard>::from_setup(king).expect_err("marked");
    assert!(err.faults().contains(Fault::BadProtection));
}

#[test]
fn sfen_marks_round_trip_through_a_position() {
    for sfen in [
        "8k/9/8S!/9/9/9/9/9/K6R1 b - 1",
        "8k/8S!/9/9/9/9/9/9/K6R1 w - 1",
        "7S!k/9/6G2/9/9/9/9/9/K8 b P 1",
        "4k4/9/9/9/4S!4/9/9/9/4K4 b S 1",
        "4k4/9/9/9/9/9/2S!+S1sS!2/9/4K4 b - 1",
        "4k4/9/9/9/9/9/2S+S1sS!2/9/4K4 w 2P3p 17",
    ] {
        let read = setup(sfen);
        let pos = variant(sfen);
        assert_eq!(pos.protected(), read.protected, "{sfen}");
        assert_eq!(pos.to_setup(), read, "{sfen}");
        assert_eq!(pos.to_string(), sfen);
        assert_eq!(pos.to_setup().to_string(), sfen);
        assert_eq!(variant(&pos.to_string()), pos, "{sfen}");
    }
    // The mark follows the silver, and is gone once it promotes.
    let mut pos = variant("8k/9/8S!/9/9/9/9/9/K6R1 b - 1");
    pos.play(mv("1c2b")).expect("legal");
    assert_eq!(pos.to_string(), "8k/7S!1/9/9/9/9/9/9/K6R1 w - 2");
    pos.play(mv("1a1b")).expect("legal");
    pos.play(mv("2b2a+")).expect("legal");
    assert!(pos.protected().is_empty());
    assert_eq!(pos.to_string(), "7+S1/8k/9/9/9/9/9/9/K6R1 w - 4");
}

#[test]
fn unmarked_black_silver_is_capturable() {
    // The board of the first mate above, with the silver on 1b unmarked: an ordinary piece,
    // which the king takes.
    let sfen = "8k/8S/9/9/9/9/9/9/K6R1 w - 1";
    let pos = variant(sfen);
    assert!(pos.protected().is_empty());
    assert!(pos.is_check());
    assert_eq!(agreed_moves(sfen), ["1a1b"]);
    let after = pos
        .clone_play(mv("1a1b"))
        .expect("the king takes the silver");
    assert_eq!(after.hand(Color::White).count(PieceKind::Silver), 1);
    // Beside a marked one, only the unmarked silver may be taken.
    let sfen = "3S!S4/4k4/9/9/9/9/9/9/4K4 w - 1";
    let pos = variant(sfen);
    assert_eq!(pos.protected(), Bitboard::from_square(Square::SQ_6A));
    assert!(pos.is_legal(mv("5b5a")));
    assert_eq!(
        pos.clone_play(mv("5b6a")).map_err(|e| e.kind),
        Err(IllegalMoveKind::CaptureProtected)
    );
    agreed_moves(sfen);
}

/// `Position::play` on a copy.
trait ClonePlay: Sized + Copy {
    fn clone_play(&self, m: Move) -> Result<Self, shogi_movegen::IllegalMove>;
}

impl ClonePlay for Silver {
    fn clone_play(&self, m: Move) -> Result<Silver, shogi_movegen::IllegalMove> {
        let mut copy = *self;
        copy.play(m).map(|()| copy)
    }
}

/// The checking moves by definition: every legal move played, the result asked `is_check`.
fn checks_by_definition(pos: &Silver) -> Vec<String> {
    let mut out = Vec::new();
    pos.for_each_legal_move(|m| {
        let mut child = *pos;
        child.play_unchecked(m);
        if child.is_check() {
            out.push(m.to_string());
        }
    });
    out.sort();
    out
}

/// Asserts that `checking_moves` and `gives_check` agree with the definition on `pos`;
/// returns the number of checking moves.
fn assert_checks_agree(pos: &Silver) -> usize {
    let expected = checks_by_definition(pos);
    let mut generated: Vec<String> = pos
        .checking_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    generated.sort();
    assert_eq!(generated, expected, "{pos}");
    pos.for_each_legal_move(|m| {
        assert_eq!(
            pos.gives_check(m),
            expected.contains(&m.to_string()),
            "{m} in {pos}"
        );
    });
    expected.len()
}

#[test]
fn checking_moves_follow_the_variant() {
    // The hand-built positions above: protected checkers, pawn drops that mate only because
    // the king cannot take a silver, a pinned untakeable silver.
    let mut checks = 0;
    for sfen in [
        "8k/9/8S!/9/9/9/9/9/K6R1 b - 1",
        "8k/8S!/9/9/9/9/9/9/K6R1 w - 1",
        "7S!k/9/6G2/9/9/9/9/9/K8 b P 1",
        "7Sk/9/6G2/9/9/9/9/9/K8 b P 1",
        "8k/6S!2/7S!1/9/9/9/9/9/K8 b P 1",
        "k3l4/9/9/9/9/9/9/4S!4/4K4 b - 1",
    ] {
        checks += assert_checks_agree(&variant(sfen));
    }
    // P*1b mates only because the silver on 2a is untakeable: no checking move.
    let pos = variant("7S!k/9/6G2/9/9/9/9/9/K8 b P 1");
    assert!(!pos.checking_moves().contains(&mv("P*1b")));
    assert!(
        standard("7S!k/9/6G2/9/9/9/9/9/K8 b P 1")
            .checking_moves()
            .contains(&mv("P*1b"))
    );
    // Random games from each start of the variant, every position and its children.
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut positions = 0;
    for start in SilverSetup::ALL {
        for _ in 0..6 {
            let choices: Vec<u32> = (0..120)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    (seed >> 32) as u32
                })
                .collect();
            let mut pos = start.position();
            for c in choices {
                checks += assert_checks_agree(&pos);
                positions += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &m in &moves {
                    let mut child = pos;
                    child.play_unchecked(m);
                    checks += assert_checks_agree(&child);
                }
                pos.play_unchecked(moves[c as usize % moves.len()]);
            }
        }
    }
    assert!(
        positions > 1000 && checks > 1000,
        "{positions} positions, {checks} checks"
    );
}
