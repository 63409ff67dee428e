//! Impasse: points, the four rules, their boundaries and handicap credit.
//!
//! The three positions of rules.md §2b, checked there with tsshogi's declaration judge, are
//! the independent truth; the other positions change one thing at a time from them.

mod common;

use common::{game, pos};
use shogi_movegen::{Position, Standard};
use shogi_rules::impasse::{self, ImpasseRule, NotAllowed};
use shogi_rules::{DeclareError, DrawReason, Game, Outcome, RuleSet, WinReason};
use shogi_types::{ByColor, Color};

const NO_CREDIT: ByColor<u32> = ByColor::new(0, 0);

fn win(c: Color) -> Outcome {
    Outcome::Win {
        winner: c,
        reason: WinReason::Impasse,
    }
}
const DRAW: Outcome = Outcome::Draw {
    reason: DrawReason::Impasse,
};

fn judge(sfen: &str, rule: ImpasseRule) -> Result<Outcome, NotAllowed> {
    let p = pos(sfen);
    impasse::judge(&p, rule, p.side_to_move(), NO_CREDIT)
}

/// The colour-swapped, rotated position (White to move instead of Black).
fn flipped(sfen: &str) -> Position<Standard> {
    Position::from_setup(pos(sfen).to_setup().flipped()).unwrap_or_else(|e| panic!("{e}"))
}

// rules.md §2b, Black to move: (sfen, camp pieces, points, 24-declaration, 27 rule).
const TABLE: [(&str, u32, u32, Outcome, Outcome); 3] = [
    (
        "+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 10P 1",
        10,
        28,
        DRAW,
        Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Impasse,
        },
    ),
    (
        "+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 9P 1",
        10,
        27,
        DRAW,
        Outcome::Win {
            winner: Color::White,
            reason: WinReason::Impasse,
        },
    ),
    (
        "+R+BGGSS1K1/PPP6/9/9/9/9/9/9/4k4 b R8P 1",
        9,
        30,
        Outcome::Win {
            winner: Color::White,
            reason: WinReason::Impasse,
        },
        Outcome::Win {
            winner: Color::White,
            reason: WinReason::Impasse,
        },
    ),
];

#[test]
fn worked_examples_of_rules_md() {
    for (sfen, pieces, points, jsa, csa) in TABLE {
        let p = impasse::points(&pos(sfen));
        assert_eq!(p.pieces_in_camp.black, pieces, "{sfen}");
        assert_eq!(p.declaration.black, points, "{sfen}");
        assert!(p.king_in_camp.black);
        assert_eq!(
            judge(sfen, ImpasseRule::Jsa24Declaration),
            Ok(jsa),
            "{sfen}"
        );
        assert_eq!(judge(sfen, ImpasseRule::Csa27), Ok(csa), "{sfen}");
        // The same verdicts through a game.
        for (rules, expected) in [(RuleSet::jsa24_declaration(), jsa), (RuleSet::csa27(), csa)] {
            let mut g = game(sfen, rules);
            assert_eq!(g.judge_declaration(), Ok(expected));
            assert_eq!(g.outcome(), None, "judging records nothing");
            assert_eq!(g.declare(), Ok(expected));
            assert_eq!(g.outcome(), Some(expected));
        }
    }
}

#[test]
fn csa27_black_needs_28() {
    // Rows 1 and 2: 28 wins, 27 loses.
    assert_eq!(judge(TABLE[0].0, ImpasseRule::Csa27), Ok(win(Color::Black)));
    assert_eq!(judge(TABLE[1].0, ImpasseRule::Csa27), Ok(win(Color::White)));
}

#[test]
fn csa27_white_needs_27() {
    // The same positions with colours swapped: White to move, 28, 27 and 26 points.
    let with = |hand: &str| format!("+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b {hand} 1");
    for (hand, points, verdict) in [
        ("10P", 28, win(Color::White)),
        ("9P", 27, win(Color::White)),
        ("8P", 26, win(Color::Black)),
    ] {
        let p = flipped(&with(hand));
        assert_eq!(p.side_to_move(), Color::White);
        assert_eq!(impasse::points(&p).declaration.white, points);
        assert_eq!(
            impasse::judge(&p, ImpasseRule::Csa27, Color::White, NO_CREDIT),
            Ok(verdict),
            "{hand}"
        );
        let mut g = Game::with_rules(p, RuleSet::csa27());
        assert_eq!(g.declare(), Ok(verdict));
    }
}

#[test]
fn jsa_declaration_30_31_and_23_24() {
    let with = |hand: &str| format!("+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b {hand} 1");
    for (hand, points, verdict) in [
        ("13P", 31, win(Color::Black)),
        ("12P", 30, DRAW),
        ("6P", 24, DRAW),
        ("5P", 23, win(Color::White)),
    ] {
        let sfen = with(hand);
        assert_eq!(impasse::points(&pos(&sfen)).declaration.black, points);
        assert_eq!(
            judge(&sfen, ImpasseRule::Jsa24Declaration),
            Ok(verdict),
            "{hand}"
        );
    }
}

#[test]
fn nine_pieces_in_the_camp_lose_whatever_the_points() {
    // Row 3 has 9 pieces and 30 points; here 9 pieces and 35 points.
    let nine = "+R+BGGSS1K1/PPP6/9/9/9/9/9/9/4k4 b R13P 1";
    let p = impasse::points(&pos(nine));
    assert_eq!((p.pieces_in_camp.black, p.declaration.black), (9, 35));
    for rule in [ImpasseRule::Csa27, ImpasseRule::Jsa24Declaration] {
        assert_eq!(judge(nine, rule), Ok(win(Color::White)), "{rule}");
    }
    // One more pawn in the camp: 10 pieces, the declarer wins.
    let ten = "+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b R12P 1";
    assert_eq!(impasse::points(&pos(ten)).pieces_in_camp.black, 10);
    for rule in [ImpasseRule::Csa27, ImpasseRule::Jsa24Declaration] {
        assert_eq!(judge(ten, rule), Ok(win(Color::Black)), "{rule}");
    }
}

#[test]
fn declarer_in_check() {
    // Row 1 with a White gold on 2b checking the king on 2a: 10 pieces, 28 points.
    let sfen = "+R+BGGSS1K1/PPPP3g1/9/9/9/9/9/9/4k4 b 10P 1";
    let p = pos(sfen);
    assert!(p.is_check());
    assert_eq!(impasse::points(&p).declaration.black, 28);
    assert_eq!(judge(sfen, ImpasseRule::Csa27), Ok(win(Color::White)));
    assert_eq!(
        judge(sfen, ImpasseRule::Jsa24Declaration),
        Ok(win(Color::White))
    );
    // The 24-point rule does not allow the declaration at all.
    assert_eq!(judge(sfen, ImpasseRule::Jsa24), Err(NotAllowed::InCheck));
    let mut g = game(sfen, RuleSet::jsa24_limit400());
    assert_eq!(
        g.declare(),
        Err(DeclareError::NotAllowed(NotAllowed::InCheck))
    );
    assert_eq!(g.outcome(), None);
}

#[test]
fn king_outside_the_camp() {
    // Row 1 with the king on 2d instead of 2a.
    let sfen = "+R+BGGSS3/PPPP5/9/7K1/9/9/9/9/4k4 b 10P 1";
    let p = impasse::points(&pos(sfen));
    assert_eq!((p.pieces_in_camp.black, p.declaration.black), (10, 28));
    assert!(!p.king_in_camp.black);
    assert_eq!(judge(sfen, ImpasseRule::Csa27), Ok(win(Color::White)));
    assert_eq!(
        judge(sfen, ImpasseRule::Jsa24Declaration),
        Ok(win(Color::White))
    );
    assert_eq!(
        judge(sfen, ImpasseRule::Jsa24),
        Err(NotAllowed::KingsOutsideZones)
    );
}

#[test]
fn jsa24_counts_everything_at_23_24() {
    // Both kings in their camps (5a and 5i); everything else in hand.
    for (hands, totals, verdict) in [
        ("RB14Prb4g4s4n4l4p", (24, 30), DRAW),
        ("RB13Prb4g4s4n4l5p", (23, 31), win(Color::White)),
        ("RB4G4S4N4L4Prb14p", (30, 24), DRAW),
        ("RB4G4S4N4L5Prb13p", (31, 23), win(Color::Black)),
    ] {
        let sfen = format!("4K4/9/9/9/9/9/9/9/4k4 b {hands} 1");
        let p = pos(&sfen);
        assert!(impasse::kings_in_camps(&p));
        let t = impasse::points(&p).total;
        assert_eq!((t.black, t.white), totals, "{hands}");
        assert_eq!(judge(&sfen, ImpasseRule::Jsa24), Ok(verdict), "{hands}");
        // Whoever declares, the count is the same.
        assert_eq!(
            impasse::judge(&p, ImpasseRule::Jsa24, Color::White, NO_CREDIT),
            Ok(verdict)
        );
    }
    // The 24-point rule needs both kings in their camps.
    assert_eq!(
        impasse::judge(
            &Position::<Standard>::start(),
            ImpasseRule::Jsa24,
            Color::Black,
            NO_CREDIT
        ),
        Err(NotAllowed::KingsOutsideZones)
    );
}

/// White to move: White's king on 5h with 10 pieces in its camp and 7 pawns in hand (17
/// points); Black holds rook, bishop and 17 minor pieces in hand (27). Rook and bishop are
/// missing from White's set: 10 points.
const WHITE_GIVER: &str = "9/4K4/9/9/9/9/n7n/1gg1k1gg1/1ss3ss1 w RB2N4L11P7p 1";
/// The same with 6 pawns in White's hand (16 points) and 12 in Black's.
const WHITE_GIVER_16: &str = "9/4K4/9/9/9/9/n7n/1gg1k1gg1/1ss3ss1 w RB2N4L12P6p 1";

#[test]
fn handicap_credit_for_white() {
    let p = pos(WHITE_GIVER);
    let points = impasse::points(&p);
    assert_eq!((points.total.black, points.total.white), (27, 17));
    assert_eq!(
        (points.pieces_in_camp.white, points.declaration.white),
        (10, 17)
    );
    let credit = impasse::handicap_credit(&p);
    assert_eq!((credit.black, credit.white), (0, 10));

    let with = RuleSet::csa27().with_handicap_credit(true);
    let without = RuleSet::csa27();
    // 17 + 10 = 27: White's threshold is met only with the credit.
    assert_eq!(game(WHITE_GIVER, with).declare(), Ok(win(Color::White)));
    assert_eq!(game(WHITE_GIVER, without).declare(), Ok(win(Color::Black)));
    assert_eq!(game(WHITE_GIVER, with).handicap_credit(), credit);
    assert_eq!(game(WHITE_GIVER, without).handicap_credit(), NO_CREDIT);
    // 16 + 10 = 26: not enough even with the credit.
    assert_eq!(game(WHITE_GIVER_16, with).declare(), Ok(win(Color::Black)));

    // The JSA declaration rule: 27 with credit is a draw, 17 without loses.
    let jsa = RuleSet::jsa24_declaration();
    assert_eq!(
        game(WHITE_GIVER, jsa.with_handicap_credit(true)).declare(),
        Ok(DRAW)
    );
    assert_eq!(game(WHITE_GIVER, jsa).declare(), Ok(win(Color::Black)));

    // The 24-point rule: 27 against 27 with credit is a draw; 17 without loses.
    let jsa24 = RuleSet::jsa24_limit400();
    assert_eq!(
        game(WHITE_GIVER, jsa24.with_handicap_credit(true)).declare(),
        Ok(DRAW)
    );
    assert_eq!(game(WHITE_GIVER, jsa24).declare(), Ok(win(Color::Black)));
}

#[test]
fn handicap_credit_for_black() {
    // Colours swapped: Black is the giver (whichever colour gave the handicap is credited),
    // and Black needs 28 under the CSA rule.
    let p = flipped(WHITE_GIVER);
    assert_eq!(impasse::handicap_credit(&p), ByColor::new(10, 0));
    let with = RuleSet::csa27().with_handicap_credit(true);
    // 17 + 10 = 27 < 28.
    assert_eq!(Game::with_rules(p, with).declare(), Ok(win(Color::White)));
    // With one more pawn (18 + 10 = 28, the opponent one pawn less) Black wins.
    let p18 = flipped("9/4K4/9/9/9/9/n7n/1gg1k1gg1/1ss3ss1 w RB2N4L10P8p 1");
    assert_eq!(impasse::handicap_credit(&p18), ByColor::new(10, 0));
    assert_eq!(impasse::points(&p18).declaration.black, 18);
    assert_eq!(Game::with_rules(p18, with).declare(), Ok(win(Color::Black)));
    assert_eq!(
        Game::with_rules(p18, RuleSet::csa27()).declare(),
        Ok(win(Color::White))
    );
}

#[test]
fn handicap_credit_of_the_handicap_starts() {
    for (sfen, white) in [
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            0,
        ),
        (
            "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            1,
        ),
        (
            "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            5,
        ),
        (
            "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            10,
        ),
        (
            "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            14,
        ),
        ("4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", 18),
    ] {
        let p = pos(sfen);
        assert_eq!(
            impasse::handicap_credit(&p),
            ByColor::new(0, white),
            "{sfen}"
        );
        assert_eq!(
            RuleSet::none()
                .with_handicap_credit(true)
                .credit_for(&p)
                .white,
            white
        );
        assert_eq!(RuleSet::none().credit_for(&p), NO_CREDIT);
    }
}

#[test]
fn rules_without_a_declaration() {
    for rules in [RuleSet::none(), RuleSet::try_rule()] {
        let mut g = game(TABLE[0].0, rules);
        assert_eq!(
            g.declare(),
            Err(DeclareError::NotAllowed(NotAllowed::NoDeclaration {
                rule: rules.impasse()
            }))
        );
        assert_eq!(g.outcome(), None);
    }
}

#[test]
fn no_declaration_after_the_end() {
    let mut g = game(TABLE[0].0, RuleSet::csa27());
    let outcome = g.declare().unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(g.declare(), Err(DeclareError::GameOver(e)) if e.outcome == outcome));
    assert!(g.play(common::mv("2a3a")).is_err());
    assert_eq!(g.outcome(), Some(outcome));
}

#[test]
fn points_of_promoted_pieces() {
    // Dragon and horse count 5, a tokin 1, the king 0.
    let p = impasse::points(&pos("4k4/9/9/9/9/9/9/9/+R+B+PK5 b - 1"));
    assert_eq!(p.total.black, 11);
    assert_eq!(p.declaration.black, 0);
    assert_eq!(p.total.white, 0);
}
