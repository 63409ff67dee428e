//! Helpers shared by the integration tests.
#![allow(dead_code, reason = "each test binary uses a part of the helpers")]

use shogi_movegen::{Position, Standard};
use shogi_rules::{Game, Outcome, RuleSet};
use shogi_types::{Move, Setup};

/// The position of an SFEN (which must be valid).
pub fn pos(sfen: &str) -> Position<Standard> {
    let setup = match sfen.parse::<Setup>() {
        Ok(s) => s,
        Err(e) => panic!("{sfen:?}: {e}"),
    };
    match Position::from_setup(setup) {
        Ok(p) => p,
        Err(e) => panic!("{sfen:?}: {e}"),
    }
}

/// A USI move.
pub fn mv(usi: &str) -> Move {
    match usi.parse() {
        Ok(m) => m,
        Err(e) => panic!("{usi:?}: {e}"),
    }
}

/// A game from an SFEN under `rules`.
pub fn game(sfen: &str, rules: RuleSet) -> Game {
    Game::with_rules(pos(sfen), rules)
}

/// Plays space-separated USI moves, each of which must be accepted, and returns the verdict
/// of each.
pub fn play(game: &mut Game, moves: &str) -> Vec<Option<Outcome>> {
    moves
        .split_whitespace()
        .map(|m| match game.play(mv(m)) {
            Ok(v) => v,
            Err(e) => panic!("{m} after {:?}: {e}", game.moves().len()),
        })
        .collect()
}

/// Plays the moves and returns the verdict of the last one, checking that no earlier move
/// ended the game.
pub fn play_to_end(game: &mut Game, moves: &str) -> Option<Outcome> {
    let verdicts = play(game, moves);
    let (last, before) = verdicts.split_last().unwrap_or((&None, &[]));
    assert!(
        before.iter().all(Option::is_none),
        "the game ended early: {verdicts:?}"
    );
    *last
}

/// Everything observable about a game, to compare two games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    pub position: Position<Standard>,
    pub ply: u32,
    pub moves: Vec<Move>,
    pub keys: Vec<u64>,
    pub checks: Vec<bool>,
    pub outcome: Option<Outcome>,
    pub repetitions: u32,
}

pub fn state(game: &Game) -> State {
    State {
        position: *game.position(),
        ply: game.position().move_number().get(),
        moves: game.moves().to_vec(),
        keys: game.keys().to_vec(),
        checks: game.checks().to_vec(),
        outcome: game.outcome(),
        repetitions: game.repetitions(),
    }
}
