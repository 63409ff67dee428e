//! Rule presets, `AnyPosition` and `AnyGame`: the untakeable-silver games end as its
//! specification says, handicap games carry the handicap credit, and a variant chosen at run
//! time is adjudicated by `shogi-rules`.

use std::num::NonZeroU32;

use shogi_movegen::{Fault, Position, Standard};
use shogi_rules::impasse::ImpasseRule;
use shogi_rules::{AtLimit, DeclareError, DrawReason, Game, Outcome, UndoError, WinReason};
use shogi_types::{Bitboard, Color, Move, Setup};
use shogi_variants::presets::{self, Preset};
use shogi_variants::{AnyGame, AnyPosition, Handicap, SilverSetup, UntakeableSilver, Variant};

fn mv(usi: &str) -> Move {
    usi.parse().expect("test move is valid USI")
}

fn variant_game(sfen: &str, rules: shogi_rules::RuleSet) -> Game<UntakeableSilver> {
    let setup: Setup = sfen.parse().expect("valid test SFEN");
    let start = Position::<UntakeableSilver>::from_setup(setup).expect("valid test position");
    Game::with_rules(start, rules)
}

#[test]
fn named_rule_sets() {
    let limit = |r: shogi_rules::RuleSet| r.move_limit().map(|l| (l.moves(), l.at_limit()));
    assert_eq!(presets::STANDARD_JSA24.impasse(), ImpasseRule::Jsa24);
    assert_eq!(limit(presets::STANDARD_JSA24), Some((400, AtLimit::Count)));
    assert!(!presets::STANDARD_JSA24.handicap_credit());
    assert_eq!(presets::STANDARD_CSA27.impasse(), ImpasseRule::Csa27);
    assert_eq!(limit(presets::STANDARD_CSA27), None);
    assert!(!presets::STANDARD_CSA27.handicap_credit());
    assert_eq!(
        presets::HANDICAP_JSA24,
        presets::STANDARD_JSA24.with_handicap_credit(true)
    );
    assert_eq!(
        presets::HANDICAP_CSA27,
        presets::STANDARD_CSA27.with_handicap_credit(true)
    );
    assert_eq!(presets::UNTAKEABLE_SILVER.impasse(), ImpasseRule::None);
    assert_eq!(limit(presets::UNTAKEABLE_SILVER), None);
    let n = NonZeroU32::new(300).expect("positive");
    assert_eq!(
        limit(presets::untakeable_silver_with_limit(n)),
        Some((300, AtLimit::Draw))
    );
}

#[test]
fn untakeable_silver_checkmate_wins() {
    let mut game = variant_game("8k/9/8S!/9/9/9/9/9/K6R1 b - 1", presets::UNTAKEABLE_SILVER);
    assert_eq!(
        game.play(mv("1c1b")).expect("legal"),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn untakeable_silver_no_legal_move_loses() {
    // After 1d1c, White's king on 1a is not in check but has no move: the rook on 2i covers
    // 2a and 2b, the untakeable silver on 1c covers 1b.
    let mut game = variant_game("8k/9/9/8S!/9/9/9/9/K6R1 b - 1", presets::UNTAKEABLE_SILVER);
    let verdict = game.play(mv("1d1c")).expect("legal");
    assert_eq!(
        verdict,
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::NoLegalMoves
        })
    );
}

#[test]
fn untakeable_silver_perpetual_check_loses_and_repetition_draws() {
    // rules.md §1, S0: the checking cycle three times — Black, the checker, loses. The silver
    // keeps its protection throughout (it never promotes).
    let s0 = "9/9/6S!1k/9/9/9/9/R8/4K4 b - 1";
    let mut game = variant_game(s0, presets::UNTAKEABLE_SILVER);
    let mut verdict = None;
    for _ in 0..3 {
        for m in ["3c2b", "1c2d", "2b3c", "2d1c"] {
            verdict = game.play(mv(m)).expect("legal");
        }
    }
    assert_eq!(
        verdict,
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::PerpetualCheck
        })
    );
    // A quiet cycle: an ordinary repetition, a draw.
    let mut game = variant_game(s0, presets::UNTAKEABLE_SILVER);
    let mut verdict = None;
    for _ in 0..3 {
        for m in ["9h8h", "1c1d", "8h9h", "1d1c"] {
            verdict = game.play(mv(m)).expect("legal");
        }
    }
    assert_eq!(
        verdict,
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
}

#[test]
fn untakeable_silver_has_no_impasse_and_an_optional_move_limit() {
    let mut game = variant_game(SilverSetup::SixPiece.sfen(), presets::UNTAKEABLE_SILVER);
    assert!(matches!(game.declare(), Err(DeclareError::NotAllowed(_))));
    let limit = NonZeroU32::new(4).expect("positive");
    let mut game = variant_game(
        SilverSetup::SixPiece.sfen(),
        presets::untakeable_silver_with_limit(limit),
    );
    let mut verdict = None;
    for m in ["5i4h", "5a4b", "4h5i", "4b5a"] {
        verdict = game.play(mv(m)).expect("legal");
    }
    assert_eq!(
        verdict,
        Some(Outcome::Draw {
            reason: DrawReason::MoveLimit
        })
    );
}

#[test]
fn protection_is_part_of_the_repetition_identity() {
    // The untakeable silver and a dropped one swap places: the board, hands and side to move
    // after S*6g come back, but with the protection on the other silver — not a repetition.
    // Under standard rules the same moves repeat the position.
    let moves = [
        "S*6g", "5a4a", "5e4f", "4a5a", "6g6f", "5a4a", "6f5e", "4a5a", "4f5g", "5a4a", "5g5f",
        "4a5a", "5f6g",
    ];
    let mut game = variant_game("4k4/9/9/9/4S!4/9/9/9/4K4 b S 1", presets::UNTAKEABLE_SILVER);
    for m in moves {
        game.play(mv(m)).expect("legal");
    }
    assert_eq!(game.repetitions(), 1);
    let plain: Setup = "4k4/9/9/9/4S4/9/9/9/4K4 b S 1".parse().expect("valid");
    let start = Position::<Standard>::from_setup(plain).expect("valid");
    let mut standard = Game::with_rules(start, presets::STANDARD_CSA27);
    for m in moves {
        standard.play(mv(m)).expect("legal");
    }
    assert_eq!(standard.repetitions(), 2);
}

#[test]
fn handicap_games_carry_the_credit() {
    for h in Handicap::ALL {
        for preset in [Preset::HandicapJsa24(h), Preset::HandicapCsa27(h)] {
            let game = preset.game();
            assert_eq!(game.variant(), Variant::Standard);
            assert_eq!(game.initial_position(), AnyPosition::from(h.position()));
            let removed: u32 = h
                .removed()
                .iter()
                .map(|&(_, kind)| shogi_rules::impasse::piece_points(kind))
                .sum::<u32>()
                - u32::from(h.giver_hand().count(shogi_types::PieceKind::Pawn));
            let credit = game.handicap_credit();
            assert_eq!((credit.black, credit.white), (0, removed), "{preset}");
        }
    }
    // The silver side is the giver when an impasse rule is switched on.
    let rules = presets::UNTAKEABLE_SILVER
        .with_impasse(ImpasseRule::Csa27)
        .with_handicap_credit(true);
    let game = AnyGame::with_rules(SilverSetup::SixPiece.position().into(), rules);
    let credit = game.handicap_credit();
    assert_eq!((credit.black, credit.white), (14, 0)); // R, B, 2 G, 2 L: 5 + 5 + 2 + 2
}

#[test]
fn presets_start_where_they_say() {
    assert_eq!(Preset::StandardJsa24.start(), AnyPosition::default());
    assert_eq!(Preset::StandardCsa27.rules(), presets::STANDARD_CSA27);
    for setup in SilverSetup::ALL {
        for move_limit in [None, NonZeroU32::new(200)] {
            let preset = Preset::UntakeableSilver { setup, move_limit };
            let game = preset.game();
            assert_eq!(game.variant(), Variant::UntakeableSilver);
            assert_eq!(game.initial_position(), AnyPosition::from(setup.position()));
            assert_eq!(
                game.rules().move_limit().map(|l| l.moves()),
                move_limit.map(|n| n.get())
            );
            assert_eq!(preset.impasse(), ImpasseRule::None);
        }
    }
    assert_eq!(
        Preset::HandicapJsa24(Handicap::Rook).to_string(),
        "Rook, 24-point rule"
    );
    let limited = Preset::UntakeableSilver {
        setup: SilverSetup::SixPiece,
        move_limit: NonZeroU32::new(256),
    };
    assert_eq!(
        limited.to_string(),
        "Untakeable Silver (six-piece), 256-move limit"
    );
}

#[test]
fn any_position_and_any_game_forward_to_the_variant() {
    let setup = SilverSetup::SixPiece.setup();
    let mut unmarked = setup.clone();
    unmarked.protected = Bitboard::EMPTY;
    // Standard shogi refuses the marks of the variant's setup; the same board unmarked is fine.
    let err = AnyPosition::from_setup(Variant::Standard, setup.clone()).expect_err("marked");
    assert!(err.faults().contains(Fault::BadProtection), "{err}");
    let standard = AnyPosition::from_setup(Variant::Standard, unmarked.clone()).expect("valid");
    let silver = AnyPosition::from_setup(Variant::UntakeableSilver, setup.clone()).expect("valid");
    assert_eq!(standard.to_setup(), unmarked);
    assert_eq!(silver.to_setup(), setup);
    assert!(standard.protected().is_empty());
    assert_eq!(silver.protected().count(), 2);
    assert_ne!(standard.zobrist(), silver.zobrist());
    assert_eq!(standard.perft(4), 327_779);
    assert_eq!(silver.perft(4), 327_775);
    assert!(silver.as_untakeable_silver().is_some() && silver.as_standard().is_none());

    // Errors keep their faults and can waive the soft ones.
    let err =
        AnyPosition::from_setup(Variant::UntakeableSilver, Setup::empty()).expect_err("no kings");
    assert!(err.faults().contains(Fault::MissingKing));
    assert!(err.to_string().contains("neither side has a king"), "{err}");

    // A game of either variant plays, refuses, undoes and records endings.
    let mut game = AnyGame::with_rules(silver, presets::UNTAKEABLE_SILVER);
    assert!(game.play(mv("3i3h")).expect("legal").is_none());
    assert!(game.play(mv("5a5c")).is_err(), "own pawn on 5c");
    assert_eq!(game.position().variant(), Variant::UntakeableSilver);
    assert_eq!(game.position_at(0), Some(silver));
    assert_eq!(game.undo(), Ok(mv("3i3h")));
    assert_eq!(game.moves().len(), 0);
    assert!(game.play(mv("3i3h")).expect("legal").is_none());
    let resigned = Outcome::Win {
        winner: Color::White,
        reason: WinReason::Resignation,
    };
    assert_eq!(game.resign(Color::Black), Ok(resigned));
    assert!(game.is_over());
    // Undo keeps the move while the resignation stands; undo_ending takes back the ending alone.
    assert_eq!(game.undo(), Err(UndoError::EndingRecorded(resigned)));
    assert_eq!(game.moves(), [mv("3i3h")]);
    assert_eq!(game.undo_ending(), Some(resigned));
    assert!(!game.is_over());
    assert_eq!(game.moves(), [mv("3i3h")]);
}
