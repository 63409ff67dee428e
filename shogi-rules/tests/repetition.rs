//! Repetition (千日手) and perpetual check, with the cycles of rules.md §1.

mod common;

use common::{game, mv, play, play_to_end, state};
use shogi_rules::{DrawReason, Game, Outcome, RuleSet, WinReason, repetition};
use shogi_types::Color;

/// rules.md §1: Black's silver checks White's king in the corner.
const S0: &str = "9/9/6S1k/9/9/9/9/R8/4K4 b - 1";
/// The check cycle C: ▲２二銀不成 △２四玉 ▲３三銀不成 △１三玉.
const C: &str = "3c2b 1c2d 2b3c 2d1c";
/// The quiet cycle Q: the rook goes to 8h and back while the king steps to 1d and back.
const Q: &str = "9h8h 1c1d 8h9h 1d1c";

const PERPETUAL_BY_BLACK: Outcome = Outcome::Win {
    winner: Color::White,
    reason: WinReason::PerpetualCheck,
};
const PERPETUAL_BY_WHITE: Outcome = Outcome::Win {
    winner: Color::Black,
    reason: WinReason::PerpetualCheck,
};
const DRAW: Outcome = Outcome::Draw {
    reason: DrawReason::Repetition,
};

fn cycles(parts: &[&str]) -> String {
    parts.join(" ")
}

#[test]
fn check_cycle_three_times_loses_for_the_checker() {
    let mut g = game(S0, RuleSet::none());
    let verdicts = play(&mut g, &cycles(&[C, C, C]));
    assert_eq!(verdicts.len(), 12);
    assert!(verdicts[..11].iter().all(Option::is_none));
    assert_eq!(verdicts[11], Some(PERPETUAL_BY_BLACK));
    assert_eq!(g.outcome(), Some(PERPETUAL_BY_BLACK));
    assert_eq!(g.repetitions(), 4);
    // Every Black move gave check, no White move did.
    assert_eq!(
        g.checks()[1..],
        [
            true, false, true, false, true, false, true, false, true, false, true, false
        ]
    );
}

#[test]
fn occurrences_are_counted_from_the_start_position() {
    let mut g = game(S0, RuleSet::none());
    assert_eq!(g.repetitions(), 1);
    play(&mut g, C);
    assert_eq!(g.repetitions(), 2);
    play(&mut g, C);
    assert_eq!(g.repetitions(), 3);
    play(&mut g, "3c2b 1c2d 2b3c");
    assert_eq!(
        g.repetitions(),
        3,
        "the position before the last move of the cycle"
    );
    assert_eq!(g.outcome(), None);
}

#[test]
fn quiet_cycle_first_makes_it_a_draw() {
    // rules.md §1, test 2: Q C C. Black's moves since the first occurrence were not all checks.
    let mut g = game(S0, RuleSet::none());
    assert_eq!(play_to_end(&mut g, &cycles(&[Q, C, C])), Some(DRAW));
    assert_eq!(g.moves().len(), 12);
}

#[test]
fn checks_must_cover_the_whole_interval() {
    // Quiet moves in the middle or at the end of the interval make it a plain repetition.
    for parts in [[C, Q, C], [C, C, Q]] {
        let mut g = game(S0, RuleSet::none());
        assert_eq!(
            play_to_end(&mut g, &cycles(&parts)),
            Some(DRAW),
            "{parts:?}"
        );
    }
}

#[test]
fn the_game_ends_at_the_fourth_occurrence() {
    // Q C C C: the fourth occurrence is at ply 12 (after Q C C), a draw; the next move is
    // refused and changes nothing.
    let mut g = game(S0, RuleSet::none());
    assert_eq!(play_to_end(&mut g, &cycles(&[Q, C, C])), Some(DRAW));
    let before = state(&g);
    assert!(g.play(mv("3c2b")).is_err());
    assert_eq!(state(&g), before);
}

#[test]
fn perpetual_check_reached_by_the_checkers_move() {
    // Start after ▲２二銀不成 (White to move, in check): the repeated position is reached by
    // Black's checking move, and Black loses at that move.
    let mut start = game(S0, RuleSet::none());
    play(&mut start, "3c2b");
    let mut g = Game::new(*start.position());
    let cycle = "1c2d 2b3c 2d1c 3c2b";
    let verdict = play_to_end(&mut g, &cycles(&[cycle, cycle, cycle]));
    assert_eq!(verdict, Some(PERPETUAL_BY_BLACK));
    assert_eq!(g.position().side_to_move(), Color::White);
}

#[test]
fn perpetual_check_by_white() {
    // The colour-swapped S0: White checks and loses.
    let flipped = shogi_movegen::Position::<shogi_movegen::Standard>::from_setup(
        common::pos(S0).to_setup().flipped(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut g = Game::new(flipped);
    let cycle = "7g8h 9g8f 8h7g 8f9g";
    assert_eq!(
        play_to_end(&mut g, &cycles(&[cycle, cycle, cycle])),
        Some(PERPETUAL_BY_WHITE)
    );
}

#[test]
fn quiet_repetition_reached_by_either_side() {
    // From the start position, rooks shuffle: the start position occurs for the 4th time
    // after White's move (ply 12).
    let shuffle = "2h3h 8b7b 3h2h 7b8b";
    let mut g = Game::default();
    assert_eq!(
        play_to_end(&mut g, &cycles(&[shuffle, shuffle, shuffle])),
        Some(DRAW)
    );
    assert_eq!(g.moves().len(), 12);

    // From the position after ▲３八飛 (White to move), the repeated position is reached by
    // Black's move.
    let mut after = Game::default();
    play(&mut after, "2h3h");
    let mut g = Game::new(*after.position());
    let shifted = "8b7b 3h2h 7b8b 2h3h";
    assert_eq!(
        play_to_end(&mut g, &cycles(&[shifted, shifted, shifted])),
        Some(DRAW)
    );
    assert_eq!(g.moves().len(), 12);
    assert_eq!(g.position().side_to_move(), Color::White);
}

#[test]
fn positions_differing_in_a_hand_are_not_repetitions() {
    // Black drops a pawn on 2d, White's gold takes it and goes back: the board returns every
    // 8 plies, but each time a pawn has moved from Black's hand to White's.
    let start = "4k4/9/7g1/9/9/9/9/9/4K4 b 9P 1";
    let cycle = "P*2d 2c2d 5i4i 2d2c P*2d 2c2d 4i5i 2d2c";
    let mut g = game(start, RuleSet::none());
    let verdicts = play(&mut g, &cycles(&[cycle, cycle, cycle, cycle]));
    assert!(verdicts.iter().all(Option::is_none), "{verdicts:?}");
    assert_eq!(g.repetitions(), 1);
    // The same board as at the start, four times over, with other hands.
    let board = |p: &shogi_movegen::Position| p.to_setup().board;
    let first = common::pos(start);
    for ply in [8, 16, 24, 32] {
        let p = g.position_at(ply).unwrap_or_else(|| panic!("ply {ply}"));
        assert_eq!(board(&p), board(&first));
        assert_ne!(p, first);
    }
}

#[test]
fn both_sides_checking_throughout_is_a_draw() {
    // No cross-check cycle was found for a game-level test (none of a few million random
    // positions and shuttle patterns has one); the rule is tested on the pure verdict.
    for first in [Color::Black, Color::White] {
        assert_eq!(repetition::judge(first, &[true; 4]), DRAW);
        assert_eq!(repetition::judge(first, &[true; 12]), DRAW);
        assert_eq!(repetition::perpetual_checker(first, &[true; 8]), None);
    }
}

#[test]
fn pure_verdicts_of_the_shapes() {
    let c = [true, false, true, false];
    let q = [false, false, false, false];
    let ccc: Vec<bool> = [c, c, c].concat();
    let qcc: Vec<bool> = [q, c, c].concat();
    assert_eq!(repetition::judge(Color::Black, &ccc), PERPETUAL_BY_BLACK);
    assert_eq!(repetition::judge(Color::Black, &qcc), DRAW);
    // The same flags with White moving first: White is the checker.
    assert_eq!(repetition::judge(Color::White, &ccc), PERPETUAL_BY_WHITE);
    assert_eq!(repetition::OCCURRENCES, 4);
}

#[test]
fn undo_reopens_a_repetition() {
    let mut g = game(S0, RuleSet::none());
    play(&mut g, &cycles(&[C, C, C]));
    assert_eq!(g.outcome(), Some(PERPETUAL_BY_BLACK));
    assert_eq!(g.undo(), Ok(mv("2d1c")));
    assert_eq!(g.outcome(), None);
    assert_eq!(g.repetitions(), 3);
    // Playing it again ends the game again.
    assert_eq!(g.play(mv("2d1c")), Ok(Some(PERPETUAL_BY_BLACK)));
}
