//! Mate, no legal move, the try rule, move limits, recorded endings and refused actions.

mod common;

use std::num::NonZeroU32;

use common::{game, mv, play, play_to_end, state};
use shogi_movegen::IllegalMoveKind;
use shogi_rules::impasse::ImpasseRule;
use shogi_rules::{
    AtLimit, DrawReason, Game, GameOver, MoveLimit, Outcome, PlayError, RuleSet, UndoError,
    WinReason,
};
use shogi_types::Color;

fn limit(moves: u32, at_limit: AtLimit) -> Option<MoveLimit> {
    NonZeroU32::new(moves).map(|n| MoveLimit::new(n, at_limit))
}

fn win(winner: Color, reason: WinReason) -> Outcome {
    Outcome::Win { winner, reason }
}

/// White's king on 1a behind its lance; Black's silver on 1c guards 1b and the lance on 2h
/// covers 2b, so a pawn drop on 1b would mate (rules.md §3).
const UCHIFUZUME: &str = "7lk/9/8S/9/9/9/9/7L1/8K b P 1";
/// The same corner with a gold on 2c and a pawn on 1c: pushing the pawn mates.
const PAWN_PUSH_MATE: &str = "7lk/9/7GP/9/9/9/9/9/8K b - 1";
/// python-shogi's position where Black, not in check, has no legal move.
const NO_MOVES: &str = "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200";

#[test]
fn pawn_drop_mate_is_refused() {
    let mut g = game(UCHIFUZUME, RuleSet::none());
    let before = state(&g);
    match g.play(mv("P*1b")) {
        Err(PlayError::IllegalMove(e)) => {
            assert_eq!(e.kind, IllegalMoveKind::DropPawnMate);
            assert_eq!(e.mv, mv("P*1b"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(state(&g), before, "a refused move changes nothing");
    // Another pawn drop is fine and ends nothing.
    assert_eq!(g.play(mv("P*1d")), Ok(None));
}

#[test]
fn pawn_push_mate_is_checkmate() {
    let mut g = game(PAWN_PUSH_MATE, RuleSet::none());
    let mate = win(Color::Black, WinReason::Checkmate);
    assert_eq!(g.play(mv("1c1b")), Ok(Some(mate)));
    assert_eq!(g.outcome(), Some(mate));
    assert_eq!(g.checks(), [false, true]);
    let before = state(&g);
    assert_eq!(
        g.play(mv("1a2b")),
        Err(PlayError::GameOver(GameOver { outcome: mate }))
    );
    assert_eq!(state(&g), before);
    // A promoted pawn mates just as well.
    let mut g = game(PAWN_PUSH_MATE, RuleSet::none());
    assert_eq!(g.play(mv("1c1b+")), Ok(Some(mate)));
}

#[test]
fn no_legal_move_without_check_loses() {
    // Black to move has no legal move: the game is over before any move.
    let g = game(NO_MOVES, RuleSet::none());
    assert!(!g.position().is_check());
    assert_eq!(
        g.outcome(),
        Some(win(Color::White, WinReason::NoLegalMoves))
    );
    let mut g2 = g.clone();
    assert!(matches!(g2.play(mv("5a4a")), Err(PlayError::GameOver(_))));
    assert_eq!(g2.undo(), Err(UndoError::NoMoves), "nothing to undo");
    assert_eq!(
        g2.undo_ending(),
        None,
        "a computed outcome is not a recorded ending"
    );
    assert_eq!(g2.outcome(), g.outcome());

    // White's king move leaves Black without a move: White wins by that move.
    let mut g = game(&NO_MOVES.replace(" b ", " w "), RuleSet::none());
    assert_eq!(g.outcome(), None);
    assert_eq!(
        g.play(mv("5i4i")),
        Ok(Some(win(Color::White, WinReason::NoLegalMoves)))
    );
}

#[test]
fn checkmated_start_position() {
    // The position after the pawn push, as a start: White is mated at ply 0.
    let g = game("7lk/8P/7G1/9/9/9/9/9/8K w - 2", RuleSet::none());
    assert_eq!(g.outcome(), Some(win(Color::Black, WinReason::Checkmate)));
}

#[test]
fn try_rule() {
    // Black's king one step from 5a; White's king far away.
    let sfen = "9/4K4/9/9/9/9/9/9/k8 b - 1";
    let mut g = game(sfen, RuleSet::try_rule());
    assert_eq!(
        g.play(mv("5b5a")),
        Ok(Some(win(Color::Black, WinReason::Try)))
    );
    // Without the try rule nothing happens.
    let mut g = game(sfen, RuleSet::csa27());
    assert_eq!(g.play(mv("5b5a")), Ok(None));
    // Another square next to 5a is no try.
    let mut g = game(sfen, RuleSet::try_rule());
    assert_eq!(g.play(mv("5b4a")), Ok(None));
    // White's try square is 5i.
    let mut g = game("K8/9/9/9/9/9/9/4k4/9 w - 1", RuleSet::try_rule());
    assert_eq!(
        g.play(mv("5h5i")),
        Ok(Some(win(Color::White, WinReason::Try)))
    );
    // A try onto an attacked square is illegal: a White silver on 4b guards 5a.
    let mut g = game("9/4Ks3/9/9/9/9/9/9/k8 b - 1", RuleSet::try_rule());
    assert!(matches!(g.play(mv("5b5a")), Err(PlayError::IllegalMove(_))));
    // Capturing on the try square is a try.
    let mut g = game("4g4/4K4/9/9/9/9/9/9/k8 b - 1", RuleSet::try_rule());
    assert_eq!(
        g.play(mv("5b5a")),
        Ok(Some(win(Color::Black, WinReason::Try)))
    );
    // A piece other than the king on 5a is nothing.
    let mut g = game("9/4G4/9/9/9/9/9/4K4/k8 b - 1", RuleSet::try_rule());
    assert_eq!(g.play(mv("5b5a")), Ok(None));
}

#[test]
fn move_limit_draw() {
    let rules = RuleSet::none().with_move_limit(limit(4, AtLimit::Draw));
    let mut g = Game::with_rules(shogi_movegen::Position::default(), rules);
    let draw = Outcome::Draw {
        reason: DrawReason::MoveLimit,
    };
    assert_eq!(
        play(&mut g, "7g7f 3c3d 2g2f 8c8d"),
        [None, None, None, Some(draw)]
    );
    assert!(matches!(g.play(mv("2f2e")), Err(PlayError::GameOver(_))));
    // The count policy with kings outside their camps is a draw too.
    let rules = RuleSet::none().with_move_limit(limit(4, AtLimit::Count));
    let mut g = Game::with_rules(shogi_movegen::Position::default(), rules);
    assert_eq!(play_to_end(&mut g, "7g7f 3c3d 2g2f 8c8d"), Some(draw));
}

/// Both kings in their camps (Black on 5b, White on 5g), everything else in hand.
fn kings_in_camps(hands: &str) -> String {
    format!("9/4K4/9/9/9/9/4k4/9/9 b {hands} 1")
}

#[test]
fn move_limit_decided_by_the_count() {
    let count = RuleSet::none().with_move_limit(limit(2, AtLimit::Count));
    let draw = Outcome::Draw {
        reason: DrawReason::MoveLimit,
    };
    // 24 against 20: White has fewer than 24 and loses.
    let sfen = kings_in_camps("RB14P4g4s4n4l4p");
    let mut g = game(&sfen, count);
    assert_eq!(
        play_to_end(&mut g, "5b5c 5g5h"),
        Some(win(Color::Black, WinReason::MoveLimit))
    );
    // The same with a plain limit: a draw.
    let mut g = game(
        &sfen,
        RuleSet::none().with_move_limit(limit(2, AtLimit::Draw)),
    );
    assert_eq!(play_to_end(&mut g, "5b5c 5g5h"), Some(draw));
    // A king leaving its camp on the last move: no count, a draw.
    let mut g = game(&sfen, count);
    assert_eq!(play_to_end(&mut g, "5b5c 5g5f"), Some(draw));
    // 24 against 30: both have enough, a draw.
    let mut g = game(&kings_in_camps("RB14Prb4g4s4n4l4p"), count);
    assert_eq!(play_to_end(&mut g, "5b5c 5g5h"), Some(draw));
    // 23 against 31: Black loses.
    let mut g = game(&kings_in_camps("RB13Prb4g4s4n4l5p"), count);
    assert_eq!(
        play_to_end(&mut g, "5b5c 5g5h"),
        Some(win(Color::White, WinReason::MoveLimit))
    );
    // The 400-move preset is decided by the count.
    assert_eq!(
        RuleSet::jsa24_limit400().move_limit(),
        limit(400, AtLimit::Count)
    );
}

#[test]
fn move_limit_count_with_handicap_credit() {
    // 24 against 19, with 11 points missing from the set: the credit lifts White to 30.
    let sfen = kings_in_camps("RB14P4g4s4n4l3p");
    let count = RuleSet::none().with_move_limit(limit(2, AtLimit::Count));
    let mut g = game(&sfen, count.with_handicap_credit(true));
    assert_eq!(g.handicap_credit().white, 11);
    assert_eq!(
        play_to_end(&mut g, "5b5c 5g5h"),
        Some(Outcome::Draw {
            reason: DrawReason::MoveLimit
        })
    );
    let mut g = game(&sfen, count);
    assert_eq!(
        play_to_end(&mut g, "5b5c 5g5h"),
        Some(win(Color::Black, WinReason::MoveLimit))
    );
}

#[test]
fn other_rules_win_over_the_limit_on_the_same_move() {
    // Mate on the last allowed move is a mate.
    let rules = RuleSet::none().with_move_limit(limit(1, AtLimit::Draw));
    let mut g = game(PAWN_PUSH_MATE, rules);
    assert_eq!(
        g.play(mv("1c1b")),
        Ok(Some(win(Color::Black, WinReason::Checkmate)))
    );
    // A perpetual check completed on move 12 of a 12-move limit loses.
    let rules = RuleSet::none().with_move_limit(limit(12, AtLimit::Draw));
    let mut g = game("9/9/6S1k/9/9/9/9/R8/4K4 b - 1", rules);
    let c = "3c2b 1c2d 2b3c 2d1c";
    assert_eq!(
        play_to_end(&mut g, &format!("{c} {c} {c}")),
        Some(win(Color::White, WinReason::PerpetualCheck))
    );
}

/// A recording method of `Game`.
type Record = fn(&mut Game) -> Result<Outcome, GameOver>;

#[test]
fn recorded_endings() {
    let cases: [(Record, Outcome); 5] = [
        (
            |g| g.resign(Color::Black),
            win(Color::White, WinReason::Resignation),
        ),
        (
            |g| g.lose_on_time(Color::White),
            win(Color::Black, WinReason::TimeForfeit),
        ),
        (
            |g| g.abandon(Color::White),
            win(Color::Black, WinReason::Abandonment),
        ),
        (
            Game::agree_draw,
            Outcome::Draw {
                reason: DrawReason::Agreement,
            },
        ),
        (Game::interrupt, Outcome::Unfinished),
    ];
    for (record, expected) in cases {
        let mut g = Game::default();
        play(&mut g, "7g7f 3c3d");
        assert_eq!(record(&mut g), Ok(expected));
        assert_eq!(g.outcome(), Some(expected));
        assert!(!expected.is_computed());
        // Once over, nothing else is recorded, played or declared.
        let before = state(&g);
        assert_eq!(g.resign(Color::White), Err(GameOver { outcome: expected }));
        assert_eq!(
            g.set_outcome(Outcome::Draw {
                reason: DrawReason::Agreement
            }),
            Err(GameOver { outcome: expected })
        );
        assert!(g.play(mv("2g2f")).is_err());
        assert!(g.declare().is_err());
        assert_eq!(state(&g), before);
        assert_eq!(g.recorded_ending(), Some(expected));
        // Undo refuses to take a move back past the recorded ending, and changes nothing
        // (before, it took the move and the ending back together).
        assert_eq!(g.undo(), Err(UndoError::EndingRecorded(expected)));
        assert_eq!(state(&g), before);
        // The ending is taken back on its own; the moves stay and the game goes on.
        assert_eq!(g.undo_ending(), Some(expected));
        assert_eq!(g.outcome(), None);
        assert_eq!(g.recorded_ending(), None);
        assert_eq!(g.moves(), [mv("7g7f"), mv("3c3d")]);
        assert_eq!(g.undo_ending(), None, "nothing more to take back");
        assert_eq!(g.play(mv("2g2f")), Ok(None));
        assert_eq!(g.undo(), Ok(mv("2g2f")));
        assert_eq!(g.undo(), Ok(mv("3c3d")));
    }
}

/// Every way of recording or declaring an ending is undone by `undo_ending`, never by `undo`:
/// a declaration, `play_or_forfeit`'s illegal move, `set_outcome` even with a reason the rules
/// compute, and an ending recorded before any move.
#[test]
fn recorded_endings_are_undone_on_their_own() {
    type Record = fn(&mut Game) -> Option<Outcome>;
    let cases: [(&str, &str, &str, RuleSet, Record); 4] = [
        (
            "declaration",
            "+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 10P 1",
            "2a1a 5i4i 1a2a 4i5i",
            RuleSet::csa27(),
            |g| g.declare().ok(),
        ),
        (
            "illegal move",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "5i4h 5a4b 4h5i 4b5a",
            RuleSet::none(),
            |g| g.play_or_forfeit(mv("5e5d")).ok().flatten(),
        ),
        (
            "set_outcome with a computed reason",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "5i4h 5a4b 4h5i 4b5a",
            RuleSet::none(),
            |g| {
                let mate = win(Color::Black, WinReason::Checkmate);
                g.set_outcome(mate).ok().map(|()| mate)
            },
        ),
        (
            "resignation before any move",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "5i4h 5a4b 4h5i 4b5a",
            RuleSet::none(),
            |g| g.resign(Color::Black).ok(),
        ),
    ];
    for (name, sfen, line, rules, record) in cases {
        for moves in ["", line] {
            let mut g = game(sfen, rules);
            play(&mut g, moves);
            let before = state(&g);
            let Some(ending) = record(&mut g) else {
                panic!("{name}: nothing recorded");
            };
            assert_eq!(g.recorded_ending(), Some(ending), "{name}");
            let ended = state(&g);
            assert_eq!(g.undo(), Err(UndoError::EndingRecorded(ending)), "{name}");
            assert_eq!(state(&g), ended, "{name}: a refused undo changed the game");
            assert_eq!(g.undo_ending(), Some(ending), "{name}");
            assert_eq!(state(&g), before, "{name}: undo_ending restores the game");
        }
    }
}

/// An outcome computed by the last move is part of it: `undo_ending` leaves it, `undo` takes
/// both back.
#[test]
fn computed_outcomes_go_with_their_move() {
    let mut g = game(PAWN_PUSH_MATE, RuleSet::none());
    let before = state(&g);
    let mate = win(Color::Black, WinReason::Checkmate);
    assert_eq!(g.play(mv("1c1b")), Ok(Some(mate)));
    assert_eq!(g.recorded_ending(), None);
    assert_eq!(g.undo_ending(), None);
    assert_eq!(g.outcome(), Some(mate));
    assert_eq!(g.undo(), Ok(mv("1c1b")));
    assert_eq!(state(&g), before);
    assert_eq!(g.undo(), Err(UndoError::NoMoves));
    assert_eq!(state(&g), before);
}

#[test]
fn play_or_forfeit_records_the_illegal_move() {
    let mut g = Game::default();
    play(&mut g, "7g7f");
    // White plays a Black piece: White loses, with the kind of the illegal move.
    let expected = win(
        Color::Black,
        WinReason::IllegalMove(Some(IllegalMoveKind::NotYourPiece)),
    );
    assert_eq!(g.play_or_forfeit(mv("2g2f")), Ok(Some(expected)));
    assert_eq!(g.outcome(), Some(expected));
    assert_eq!(g.moves().len(), 1, "the illegal move is not played");
    assert_eq!(
        g.play_or_forfeit(mv("3c3d")),
        Err(GameOver { outcome: expected })
    );
    // A legal move is simply played.
    let mut g = Game::default();
    assert_eq!(g.play_or_forfeit(mv("7g7f")), Ok(None));
    assert_eq!(g.moves().len(), 1);
}

#[test]
fn refused_drops_name_their_kind() {
    // Nifu: a second unpromoted pawn on file 1.
    let mut g = game("7lk/9/7GP/9/9/9/9/9/8K b P 1", RuleSet::none());
    let before = state(&g);
    match g.play(mv("P*1e")) {
        Err(PlayError::IllegalMove(e)) => assert_eq!(e.kind, IllegalMoveKind::TwoPawns),
        other => panic!("{other:?}"),
    }
    assert_eq!(state(&g), before);
    // A piece that is not in hand.
    match g.play(mv("B*5e")) {
        Err(PlayError::IllegalMove(e)) => assert_eq!(e.kind, IllegalMoveKind::NotInHand),
        other => panic!("{other:?}"),
    }
    assert_eq!(state(&g), before);
}

#[test]
fn rule_presets() {
    assert_eq!(RuleSet::default(), RuleSet::none());
    assert_eq!(RuleSet::none().impasse(), ImpasseRule::None);
    assert_eq!(RuleSet::csa27().impasse(), ImpasseRule::Csa27);
    assert_eq!(RuleSet::csa27().move_limit(), None);
    assert_eq!(RuleSet::jsa24_limit400().impasse(), ImpasseRule::Jsa24);
    assert_eq!(
        RuleSet::jsa24_declaration().move_limit(),
        limit(500, AtLimit::Draw)
    );
    assert_eq!(RuleSet::try_rule().impasse(), ImpasseRule::Try);
    for rules in [
        RuleSet::none(),
        RuleSet::csa27(),
        RuleSet::jsa24_limit400(),
        RuleSet::jsa24_declaration(),
        RuleSet::try_rule(),
    ] {
        assert!(!rules.handicap_credit());
        assert!(rules.with_handicap_credit(true).handicap_credit());
    }
}

#[test]
fn position_at_and_clone() {
    let mut g = Game::default();
    // 70 moves of shuffling knights and rooks, crossing two snapshots.
    let moves = "2h3h 8b7b 3h4h 7b6b 4h5h 6b5b 5h6h 5b4b 6h7h 4b3b";
    play(&mut g, moves);
    for ply in 0..=g.moves().len() {
        let p = g.position_at(ply).unwrap_or_else(|| panic!("{ply}"));
        assert_eq!(p.zobrist(), g.keys()[ply]);
        assert_eq!(p.is_check(), g.checks()[ply]);
    }
    assert_eq!(g.position_at(g.moves().len() + 1), None);
    let copy = g.clone();
    assert_eq!(state(&copy), state(&g));
    assert!(format!("{g:?}").contains("2h3h"));
}
