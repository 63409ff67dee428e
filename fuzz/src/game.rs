//! The check of games: random sequences of moves, endings, declarations and undos under
//! random rule sets, compared with the replay of the moves.

use arbitrary::{Arbitrary, Unstructured};
use shogi_movegen::{Position, Standard};
use shogi_rules::impasse::{self, ImpasseRule};
use shogi_rules::{AtLimit, DeclareError, Game, MoveLimit, Outcome, PlayError, RuleSet, UndoError};
use shogi_types::{Color, Move};

use crate::position::{STARTS, assert_key, start_position};

/// More starts for `adjudicate_sequence`, where the endings happen: impasse positions (a
/// declaration by Black, by a handicap giver, both kings in their camps), the perpetual-check
/// position S0 of rules.md and a king next to its try square.
pub(crate) const ADJUDICATE_STARTS: [&str; 5] = [
    "+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 10P 1",
    "9/4K4/9/9/9/9/n7n/1gg1k1gg1/1ss3ss1 w RB2N4L11P7p 1",
    "9/4K4/9/9/9/9/4k4/9/9 b RB14P4g4s4n4l4p 1",
    "9/9/6S1k/9/9/9/9/R8/4K4 b - 1",
    "9/4K4/9/9/9/9/9/9/k8 b - 1",
];

/// `adjudicate_sequence`: the bytes drive a [`Game`] under an arbitrary [`RuleSet`] from a
/// valid start position: moves (legal ones, often the reverse of the mover's previous move so
/// that positions repeat, and arbitrary ones), undo, impasse declarations and recorded
/// endings, in any order.
///
/// A refused action (an illegal move, anything after the end, a declaration the rule set does
/// not allow) changes nothing; an outcome, once there, stays until an undo; `play` reports the
/// outcome it records; a declaration gives the verdict of [`impasse::judge`]; undo returns to
/// exactly the state before the move, and is refused, changing nothing, while an ending
/// recorded or declared after the last move stands; `undo_ending` takes back exactly that
/// ending and nothing else. After every step the keys and check flags are those of
/// the positions, and at the end the game equals the replay of its moves from the start (same
/// position, keys, check flags and outcome, apart from an ending recorded or declared after
/// the last move).
pub fn check_adjudicate_sequence(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(index) = u.choose_index(STARTS.len() + ADJUDICATE_STARTS.len()) else {
        return;
    };
    let sfen = match STARTS.get(index) {
        Some(sfen) => sfen,
        None => ADJUDICATE_STARTS[index - STARTS.len()],
    };
    let start = start_position(sfen);
    let Ok(rules) = arbitrary_rules(&mut u) else {
        return;
    };
    let mut game = Game::with_rules(start, rules);
    // The position before each move still on the game, for undo.
    let mut before_moves: Vec<Position<Standard>> = Vec::new();
    // An outcome recorded or declared after the last move (not computed by the replay).
    let mut recorded: Option<Outcome> = None;
    while !u.is_empty() {
        let Ok(op) = u.int_in_range(0..=19u8) else {
            break;
        };
        let before = GameState::of(&game);
        match op {
            0..=11 => {
                let legal = game.position().legal_moves();
                let ply = game.moves().len();
                let back = (op >= 6 && ply >= 2)
                    .then(|| reverse(game.moves()[ply - 2]))
                    .flatten()
                    .filter(|m| legal.contains(m));
                let m = match back {
                    Some(m) => m,
                    None if legal.is_empty() => break,
                    None => match u.choose(&legal) {
                        Ok(&m) => m,
                        Err(_) => break,
                    },
                };
                let position = *game.position();
                match game.play(m) {
                    Ok(verdict) => {
                        assert!(before.outcome.is_none(), "a move was played after the end");
                        assert_eq!(verdict, game.outcome(), "play reports the outcome");
                        before_moves.push(position);
                    }
                    Err(PlayError::GameOver(e)) => {
                        assert_eq!(Some(e.outcome), before.outcome, "game over without an end");
                        assert_eq!(
                            GameState::of(&game),
                            before,
                            "a refused move changed the game"
                        );
                    }
                    Err(e) => panic!("the legal move {m} was refused: {e}"),
                }
            }
            12 | 13 => {
                let Ok(m) = Move::arbitrary(&mut u) else {
                    break;
                };
                let legal = game.position().is_legal(m);
                let position = *game.position();
                match game.play(m) {
                    Ok(_) => {
                        assert!(legal && before.outcome.is_none(), "play accepted {m}");
                        before_moves.push(position);
                    }
                    Err(e) => {
                        match e {
                            PlayError::IllegalMove(e) => {
                                assert!(!legal && before.outcome.is_none(), "play refused {m}");
                                let _ = e.to_string();
                            }
                            PlayError::GameOver(_) => assert!(before.outcome.is_some()),
                            _ => {}
                        }
                        assert_eq!(
                            GameState::of(&game),
                            before,
                            "a refused move changed the game"
                        );
                    }
                }
            }
            14 => match game.undo() {
                Ok(m) => {
                    assert_eq!(recorded, None, "undo of {m} past a recorded ending");
                    let Some(position) = before_moves.pop() else {
                        panic!("undo of {m} with no move played");
                    };
                    assert_eq!(
                        *game.position(),
                        position,
                        "undo did not restore the position"
                    );
                    assert_eq!(game.outcome(), None, "undo did not clear the outcome");
                }
                Err(e) => {
                    match e {
                        UndoError::NoMoves => {
                            assert!(before_moves.is_empty(), "undo refused with moves played");
                            assert_eq!(recorded, None, "no moves, but an ending recorded");
                        }
                        UndoError::EndingRecorded(outcome) => {
                            assert_eq!(Some(outcome), recorded, "undo refused by {outcome}");
                        }
                        _ => panic!("unknown undo error: {e}"),
                    }
                    assert_eq!(
                        GameState::of(&game),
                        before,
                        "a refused undo changed the game"
                    );
                }
            },
            15 => {
                let taken = game.undo_ending();
                assert_eq!(taken, recorded, "undo_ending took back another ending");
                if taken.is_some() {
                    assert_eq!(
                        game.outcome(),
                        None,
                        "undo_ending did not clear the outcome"
                    );
                    let after = GameState::of(&game);
                    assert_eq!(
                        (after.position, after.moves, after.keys, after.repetitions),
                        (
                            before.position,
                            before.moves,
                            before.keys,
                            before.repetitions
                        ),
                        "undo_ending changed more than the outcome"
                    );
                    recorded = None;
                } else {
                    assert_eq!(
                        GameState::of(&game),
                        before,
                        "an empty undo_ending changed the game"
                    );
                }
            }
            16 => {
                let judged = game.judge_declaration();
                let pure = impasse::judge(
                    game.position(),
                    rules.impasse(),
                    game.position().side_to_move(),
                    game.handicap_credit(),
                );
                match game.declare() {
                    Ok(outcome) => {
                        assert!(before.outcome.is_none(), "a declaration after the end");
                        assert_eq!(Ok(outcome), pure, "declare and impasse::judge disagree");
                        assert_eq!(
                            Ok(outcome),
                            judged,
                            "declare and judge_declaration disagree"
                        );
                        assert_eq!(game.outcome(), Some(outcome));
                        recorded = Some(outcome);
                    }
                    Err(e) => {
                        assert_eq!(Err(e), judged, "declare and judge_declaration disagree");
                        match e {
                            DeclareError::GameOver(_) => assert!(before.outcome.is_some()),
                            DeclareError::NotAllowed(e) => assert_eq!(Err(e), pure),
                            _ => {}
                        }
                        let _ = e.to_string();
                        assert_eq!(
                            GameState::of(&game),
                            before,
                            "a refused declaration changed the game"
                        );
                    }
                }
            }
            17 | 18 => {
                let Ok(which) = u.int_in_range(0..=5u8) else {
                    break;
                };
                let Ok(color) = Color::arbitrary(&mut u) else {
                    break;
                };
                let result = match which {
                    0 => Some(game.resign(color)),
                    1 => Some(game.lose_on_time(color)),
                    2 => Some(game.abandon(color)),
                    3 => Some(game.agree_draw()),
                    4 => Some(game.interrupt()),
                    _ => {
                        let Ok(m) = Move::arbitrary(&mut u) else {
                            break;
                        };
                        let position = *game.position();
                        let played = game.play_or_forfeit(m);
                        if game.moves().len() > before.moves {
                            // A legal move: played, and any outcome is computed.
                            assert_eq!(played, Ok(game.outcome()), "play_or_forfeit of {m}");
                            before_moves.push(position);
                            None
                        } else {
                            match played {
                                Ok(Some(outcome)) => Some(Ok(outcome)),
                                Ok(None) => {
                                    panic!("play_or_forfeit({m}) neither played nor recorded")
                                }
                                Err(e) => Some(Err(e)),
                            }
                        }
                    }
                };
                match result {
                    None => {}
                    Some(Ok(outcome)) => {
                        assert!(before.outcome.is_none(), "recorded after the end");
                        assert_eq!(game.outcome(), Some(outcome));
                        assert!(!outcome.is_computed());
                        recorded = Some(outcome);
                    }
                    Some(Err(e)) => {
                        assert_eq!(Some(e.outcome), before.outcome);
                        assert_eq!(
                            GameState::of(&game),
                            before,
                            "a refused record changed the game"
                        );
                    }
                }
            }
            _ => {
                let Ok(ply) = u.int_in_range(0..=game.moves().len()) else {
                    break;
                };
                match game.position_at(ply) {
                    Some(p) => {
                        assert_eq!(p.zobrist(), game.keys()[ply], "key of ply {ply}");
                        assert_eq!(p.is_check(), game.checks()[ply], "check flag of ply {ply}");
                    }
                    None => panic!("no position at ply {ply}"),
                }
            }
        }
        if before.outcome.is_some() && !matches!(op, 14 | 15) {
            assert_eq!(game.outcome(), before.outcome, "the outcome changed");
        }
        assert_eq!(game.recorded_ending(), recorded, "recorded ending");
        let now = GameState::of(&game);
        assert_eq!(now.keys, now.moves + 1, "one key per ply");
        assert_eq!(game.checks().len(), now.moves + 1, "one check flag per ply");
        assert_eq!(
            game.keys().last(),
            Some(&game.position().zobrist()),
            "current key"
        );
        assert_eq!(
            game.checks().last(),
            Some(&game.position().is_check()),
            "current check flag"
        );
        assert_key(game.position());
        assert!(
            game.repetitions() >= 1 && game.repetitions() <= 4,
            "repetitions"
        );
    }

    // The game is the replay of its moves.
    let mut replay = Game::with_rules(start, rules);
    for (i, &m) in game.moves().iter().enumerate() {
        match replay.play(m) {
            Ok(None) => {}
            Ok(Some(o)) => assert_eq!(i + 1, game.moves().len(), "replay ended at move {i}: {o}"),
            Err(e) => panic!("replay refused move {i} ({m}): {e}"),
        }
    }
    assert_eq!(replay.position(), game.position(), "replayed position");
    assert_eq!(replay.keys(), game.keys(), "replayed keys");
    assert_eq!(replay.checks(), game.checks(), "replayed check flags");
    assert_eq!(
        replay.repetitions(),
        game.repetitions(),
        "replayed repetitions"
    );
    match replay.outcome() {
        Some(outcome) => assert_eq!(game.outcome(), Some(outcome), "replayed outcome"),
        None => assert_eq!(game.outcome(), recorded, "recorded outcome"),
    }
}

/// A rule set from the bytes: any impasse rule, handicap credit on or off, no move limit or
/// one of 1 to 255 moves.
pub(crate) fn arbitrary_rules(u: &mut Unstructured<'_>) -> arbitrary::Result<RuleSet> {
    let impasse = *u.choose(&ImpasseRule::ALL)?;
    let credit = bool::arbitrary(u)?;
    let limit = u8::arbitrary(u)?;
    let at_limit = if bool::arbitrary(u)? {
        AtLimit::Count
    } else {
        AtLimit::Draw
    };
    let move_limit =
        core::num::NonZeroU32::new(u32::from(limit)).map(|n| MoveLimit::new(n, at_limit));
    Ok(RuleSet::none()
        .with_impasse(impasse)
        .with_handicap_credit(credit)
        .with_move_limit(move_limit))
}

/// The reverse of a board move without promotion (legal or not).
pub(crate) fn reverse(m: Move) -> Option<Move> {
    match m {
        Move::Normal {
            from,
            to,
            promote: false,
        } => Some(Move::Normal {
            from: to,
            to: from,
            promote: false,
        }),
        _ => None,
    }
}

/// What a refused action must leave unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct GameState {
    position: Position<Standard>,
    moves: usize,
    keys: usize,
    outcome: Option<Outcome>,
    repetitions: u32,
}

impl GameState {
    fn of(game: &Game) -> GameState {
        GameState {
            position: *game.position(),
            moves: game.moves().len(),
            keys: game.keys().len(),
            outcome: game.outcome(),
            repetitions: game.repetitions(),
        }
    }
}
