//! The previews against what the game does when the previewed thing happens: a declaration
//! preview against `declare` on a copy, the move-limit preview against the outcome at the
//! limit, the repetition preview against playing the cycle again; draw offers as a sequence
//! of calls; the promotion choice against the legal move list.

mod common;

use std::num::NonZeroU32;

use common::{game, mv, play, pos};
use proptest::prelude::*;
use shogi_movegen::{Position, PromotionChoice, Standard, strategy};
use shogi_rules::{
    AtLimit, DrawOfferError, DrawOffers, DrawReason, MoveLimit, Outcome, RuleSet, WinReason,
    impasse,
};
use shogi_types::{Color, Move, Square};

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

#[test]
fn declaration_preview_is_what_declare_records() {
    let cases = [
        // Black: 10 pieces in the camp, 27 points: loses under the CSA rule, 28 needed.
        ("+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 9P 1", RuleSet::csa27()),
        (
            "+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 10P 1",
            RuleSet::csa27(),
        ),
        // Both kings in their camps: the 24-point count.
        (
            "+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 9P 1",
            RuleSet::jsa24_limit400(),
        ),
        (
            "4K4/9/9/9/9/9/9/9/4k4 b RBGSNLPrbgsnlp 1",
            RuleSet::jsa24_limit400(),
        ),
        // In check: the JSA declaration rule judges it a loss.
        (
            "+R+BGGSS1K1/PPPP4r/9/9/9/9/9/9/4k4 b 9P 1",
            RuleSet::jsa24_declaration(),
        ),
        // No declaration under these rules.
        (START, RuleSet::try_rule()),
        (START, RuleSet::none()),
    ];
    for (sfen, rules) in cases {
        let g = game(sfen, rules);
        let preview = g.declaration_preview();
        assert_eq!(preview.declarer, Color::Black);
        assert_eq!(preview.rule, rules.impasse());
        assert_eq!(preview.points, impasse::points(g.position()), "{sfen}");
        assert_eq!(preview.in_check, g.position().is_check(), "{sfen}");
        let mut copy = g.clone();
        assert_eq!(preview.verdict, copy.declare(), "{sfen} under {rules:?}");
        assert!(!g.is_over(), "the preview changes nothing");
    }
}

#[test]
fn move_limit_preview_counts_down_to_the_outcome_at_the_limit() {
    let limit = MoveLimit::new(NonZeroU32::new(6).expect("nonzero"), AtLimit::Draw);
    let mut g = game(START, RuleSet::none().with_move_limit(Some(limit)));
    assert_eq!(game(START, RuleSet::none()).move_limit_preview(), None);
    for (played, m) in ["7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e"]
        .into_iter()
        .enumerate()
    {
        let preview = g.move_limit_preview().expect("a limit");
        assert_eq!(preview.moves_played, played as u32);
        assert_eq!(preview.moves_left, 6 - played as u32);
        assert_eq!(
            preview.outcome_now,
            Outcome::Draw {
                reason: DrawReason::MoveLimit
            }
        );
        g.play(mv(m)).expect("legal");
    }
    let preview = g.move_limit_preview().expect("a limit");
    assert_eq!(preview.moves_left, 0);
    assert_eq!(g.outcome(), Some(preview.outcome_now));

    // Decided by the count: both kings in their camps, Black far ahead.
    let count = MoveLimit::new(NonZeroU32::new(2).expect("nonzero"), AtLimit::Count);
    let mut g = game(
        "4K4/9/9/9/9/9/9/9/4k4 b RB2G2S2N2L9P2g2s2n2l9p 1",
        RuleSet::none().with_move_limit(Some(count)),
    );
    let before = g.move_limit_preview().expect("a limit").outcome_now;
    assert_eq!(
        before,
        Outcome::Win {
            winner: Color::Black,
            reason: WinReason::MoveLimit
        }
    );
    play(&mut g, "5a4a 5i4i");
    assert_eq!(g.outcome(), Some(before));
    assert_eq!(g.move_limit_preview().map(|p| p.outcome_now), g.outcome());
}

/// Plays `cycle` (moves that return to the position they start from) until the position has
/// occurred three times, checking the preview on the way; then plays it once more and
/// compares the outcome with the preview's.
fn repeat(sfen: &str, cycle: &str, expected: Outcome) {
    let mut g = game(sfen, RuleSet::none());
    for occurrence in 1..=3u32 {
        let preview = g.repetition_preview();
        assert_eq!(preview.occurrences, occurrence);
        assert_eq!(preview.next_ends_game, occurrence == 3);
        if occurrence < 3 {
            assert_eq!(preview.if_repeated, None);
            play(&mut g, cycle);
        }
    }
    let preview = g.repetition_preview();
    assert_eq!(preview.if_repeated, Some(expected));
    let outcomes = play(&mut g, cycle);
    assert_eq!(outcomes.last().copied().flatten(), Some(expected));
}

#[test]
fn repetition_preview_foretells_the_fourth_occurrence() {
    repeat(
        START,
        "2h3h 8b7b 3h2h 7b8b",
        Outcome::Draw {
            reason: DrawReason::Repetition,
        },
    );
    // Black checks with every move: it would lose by perpetual check.
    repeat(
        "4k4/R8/9/9/9/9/9/9/4K4 b - 1",
        "9b9a 5a5b 9a9b 5b5a",
        Outcome::Win {
            winner: Color::White,
            reason: WinReason::PerpetualCheck,
        },
    );
}

#[test]
fn draw_offers_are_counted_and_answered() {
    let mut g = game(START, RuleSet::none());
    assert_eq!(g.offer_draw(Color::Black), Err(DrawOfferError::NotAllowed));
    assert_eq!(g.draw_offers_left(Color::Black), 0);

    let limits = DrawOffers {
        per_player: 2,
        per_game: 3,
    };
    let mut g = game(START, RuleSet::none().with_draw_offers(Some(limits)));
    // Black offers, then plays its move: the offer stands.
    g.offer_draw(Color::Black).expect("allowed");
    assert_eq!(
        g.offer_draw(Color::White),
        Err(DrawOfferError::Pending { by: Color::Black })
    );
    assert_eq!(
        g.accept_draw(Color::Black),
        Err(DrawOfferError::NoOffer {
            color: Color::Black
        })
    );
    play(&mut g, "7g7f");
    assert_eq!(g.draw_offer(), Some(Color::Black));
    // White's move declines it.
    play(&mut g, "3c3d");
    assert_eq!(g.draw_offer(), None);
    assert_eq!(g.draw_offers_left(Color::Black), 1);
    // Undo withdraws a waiting offer but gives no offer back.
    g.offer_draw(Color::Black).expect("allowed");
    g.undo().expect("a move to undo");
    assert_eq!(g.draw_offer(), None);
    assert_eq!(g.draw_offers_left(Color::Black), 0);
    assert_eq!(
        g.offer_draw(Color::Black),
        Err(DrawOfferError::NoneLeft {
            color: Color::Black
        })
    );
    // The game's limit: one offer left in all.
    assert_eq!(g.draw_offers_left(Color::White), 1);
    g.offer_draw(Color::White).expect("allowed");
    g.decline_draw(Color::Black).expect("an offer to decline");
    assert_eq!(g.draw_offers_left(Color::White), 0);

    let mut g = game(START, RuleSet::none().with_draw_offers(Some(limits)));
    g.offer_draw(Color::White).expect("allowed");
    let outcome = g.accept_draw(Color::Black).expect("an offer to accept");
    assert_eq!(
        outcome,
        Outcome::Draw {
            reason: DrawReason::Agreement
        }
    );
    assert!(matches!(
        g.offer_draw(Color::Black),
        Err(DrawOfferError::GameOver(_))
    ));
    assert!(matches!(
        g.accept_draw(Color::Black),
        Err(DrawOfferError::GameOver(_))
    ));
}

/// The choice the legal move list implies.
fn choice_from_list(pos: &Position<Standard>, from: Square, to: Square) -> Option<PromotionChoice> {
    let list = pos.legal_moves();
    let has = |promote| {
        list.as_slice()
            .contains(&Move::Normal { from, to, promote })
    };
    match (has(false), has(true)) {
        (true, true) => Some(PromotionChoice::Optional),
        (true, false) => Some(PromotionChoice::Never),
        (false, true) => Some(PromotionChoice::Forced),
        (false, false) => None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn promotion_choice_agrees_with_the_legal_moves(p in strategy::position(), a in 0u8..81, b in 0u8..81) {
        for m in p.legal_moves().as_slice() {
            if let Move::Normal { from, to, .. } = *m {
                prop_assert_eq!(p.promotion_choice(from, to), choice_from_list(&p, from, to));
            }
        }
        let (from, to) = (Square::ALL[usize::from(a)], Square::ALL[usize::from(b)]);
        prop_assert_eq!(p.promotion_choice(from, to), choice_from_list(&p, from, to));
    }
}

#[test]
fn promotion_choice_cases() {
    let p = pos("4k4/2P6/9/1N7/9/9/9/9/4K1B2 b - 1");
    let sq = |s: &str| s.parse::<Square>().expect("a square");
    assert_eq!(
        p.promotion_choice(sq("7b"), sq("7a")),
        Some(PromotionChoice::Forced)
    );
    assert_eq!(p.promotion_choice(sq("8d"), sq("7b")), None); // occupied by its own pawn
    assert_eq!(
        p.promotion_choice(sq("8d"), sq("9b")),
        Some(PromotionChoice::Forced)
    );
    assert_eq!(
        p.promotion_choice(sq("3i"), sq("4h")),
        Some(PromotionChoice::Never)
    );
    assert_eq!(p.promotion_choice(sq("5a"), sq("5b")), None); // not Black's piece
}
