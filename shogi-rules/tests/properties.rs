//! Property tests: random games (biased towards shuffling pieces back and forth, so that
//! positions repeat) are judged like a slow, obviously correct oracle; replaying a game's
//! moves gives the same keys and verdicts; undo restores everything.

mod common;

use std::num::NonZeroU32;

use common::{State, state};
use proptest::prelude::*;
use shogi_movegen::{Position, Standard, strategy};
use shogi_rules::{AtLimit, DrawReason, Game, MoveLimit, Outcome, RuleSet, UndoError, WinReason};
use shogi_types::{Color, Move};

const STARTS: [&str; 5] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "9/9/6S1k/9/9/9/9/R8/4K4 b - 1",
    "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPrbgsnlp 1",
];

fn start() -> impl Strategy<Value = Position<Standard>> {
    prop_oneof![
        (0..STARTS.len()).prop_map(|i| common::pos(STARTS[i])),
        strategy::position(),
    ]
}

fn rules() -> impl Strategy<Value = RuleSet> {
    (0u32..80).prop_map(|n| {
        RuleSet::none()
            .with_move_limit(NonZeroU32::new(n).map(|n| MoveLimit::new(n, AtLimit::Draw)))
    })
}

/// The reverse of `m` (a board move without promotion that did not capture), if `pos` allows it.
fn reverse(pos: &Position<Standard>, m: Move) -> Option<Move> {
    match m {
        Move::Normal {
            from,
            to,
            promote: false,
        } => {
            let back = Move::Normal {
                from: to,
                to: from,
                promote: false,
            };
            pos.is_legal(back).then_some(back)
        }
        _ => None,
    }
}

/// Plays a game by `choices`: mostly the reverse of the mover's previous move (so positions
/// repeat), otherwise a legal move chosen by index. Returns the game, the verdict of each
/// move and the state after each number of moves.
fn walk(
    start: Position<Standard>,
    rules: RuleSet,
    choices: &[u32],
) -> (Game, Vec<Option<Outcome>>, Vec<State>) {
    let mut game = Game::with_rules(start, rules);
    let mut verdicts = Vec::new();
    let mut states = vec![state(&game)];
    for &c in choices {
        if game.is_over() {
            break;
        }
        let ply = game.moves().len();
        let back = if c % 4 != 0 && ply >= 2 {
            reverse(game.position(), game.moves()[ply - 2])
        } else {
            None
        };
        let m = match back {
            Some(m) => m,
            None => {
                let legal = game.position().legal_moves();
                legal[(c / 4) as usize % legal.len()]
            }
        };
        match game.play(m) {
            Ok(v) => verdicts.push(v),
            Err(e) => panic!("a legal move {m} was refused: {e}"),
        }
        states.push(state(&game));
    }
    (game, verdicts, states)
}

/// The verdict after each move, computed the slow way: every position kept, occurrences
/// found by comparing whole positions, the checker found by looking at who moved.
fn oracle(start: Position<Standard>, rules: RuleSet, moves: &[Move]) -> Vec<Option<Outcome>> {
    let mut positions = vec![start];
    let mut out = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        let mut p = positions[i];
        assert!(p.play(m).is_ok());
        positions.push(p);
        let n = i + 1;
        let verdict = if p.legal_moves().is_empty() {
            Some(Outcome::Win {
                winner: !p.side_to_move(),
                reason: if p.is_check() {
                    WinReason::Checkmate
                } else {
                    WinReason::NoLegalMoves
                },
            })
        } else {
            let occurrences: Vec<usize> = (0..=n).filter(|&j| positions[j] == p).collect();
            if occurrences.len() == 4 {
                let first = occurrences[0];
                let checked_throughout = |color: Color| {
                    (first + 1..=n)
                        .filter(|&j| positions[j - 1].side_to_move() == color)
                        .all(|j| positions[j].is_check())
                };
                Some(
                    match (
                        checked_throughout(Color::Black),
                        checked_throughout(Color::White),
                    ) {
                        (true, false) => Outcome::Win {
                            winner: Color::White,
                            reason: WinReason::PerpetualCheck,
                        },
                        (false, true) => Outcome::Win {
                            winner: Color::Black,
                            reason: WinReason::PerpetualCheck,
                        },
                        _ => Outcome::Draw {
                            reason: DrawReason::Repetition,
                        },
                    },
                )
            } else {
                match rules.move_limit() {
                    Some(limit) if n >= limit.moves() as usize => Some(Outcome::Draw {
                        reason: DrawReason::MoveLimit,
                    }),
                    _ => None,
                }
            }
        };
        out.push(verdict);
        if verdict.is_some() {
            break;
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn verdicts_match_the_oracle(
        start in start(),
        rules in rules(),
        choices in proptest::collection::vec(any::<u32>(), 0..160),
    ) {
        let (game, verdicts, _) = walk(start, rules, &choices);
        let expected = oracle(start, rules, game.moves());
        prop_assert_eq!(&verdicts, &expected);
        // A start without a legal move is over before any move.
        let at_start = start.legal_moves().is_empty().then(|| Outcome::Win {
            winner: !start.side_to_move(),
            reason: if start.is_check() { WinReason::Checkmate } else { WinReason::NoLegalMoves },
        });
        prop_assert_eq!(game.outcome(), at_start.or(expected.last().copied().flatten()));
        // Every key and check flag is the position's.
        for ply in 0..=game.moves().len() {
            let p = game.position_at(ply).unwrap_or_else(|| panic!("ply {ply}"));
            prop_assert_eq!(p.zobrist(), game.keys()[ply]);
            prop_assert_eq!(p.is_check(), game.checks()[ply]);
        }
    }

    #[test]
    fn replaying_the_moves_gives_the_same_game(
        start in start(),
        rules in rules(),
        choices in proptest::collection::vec(any::<u32>(), 0..160),
    ) {
        let (game, verdicts, _) = walk(start, rules, &choices);
        let mut again = Game::with_rules(start, rules);
        let mut replayed = Vec::new();
        for &m in game.moves() {
            match again.play(m) {
                Ok(v) => replayed.push(v),
                Err(e) => panic!("{m}: {e}"),
            }
        }
        prop_assert_eq!(replayed, verdicts);
        prop_assert_eq!(state(&again), state(&game));
    }

    #[test]
    fn undo_restores_everything(
        start in start(),
        rules in rules(),
        choices in proptest::collection::vec(any::<u32>(), 0..160),
    ) {
        let (mut game, _, states) = walk(start, rules, &choices);
        let moves = game.moves().to_vec();
        let full = state(&game);
        // Undo to the start, checking each state on the way.
        for expected in states.iter().rev().skip(1) {
            prop_assert!(game.undo().is_ok());
            prop_assert_eq!(&state(&game), expected);
        }
        prop_assert_eq!(game.undo(), Err(UndoError::NoMoves));
        prop_assert_eq!(&state(&game), &states[0]);
        // Replaying after the undos gives the same game again.
        for &m in &moves {
            prop_assert!(game.play(m).is_ok());
        }
        prop_assert_eq!(state(&game), full);
    }
}
