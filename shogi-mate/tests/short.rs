//! `mate_in` against brute force: a mate within three plies exists exactly when the
//! deliberately simple reference (every legal move played, every reply tried) finds one, every
//! returned line replays as a mate of the shortest length, and small budgets give `Budget` or
//! the same answer, never a different one. On positions near mate, random positions of the
//! `strategy` module and rules with untakeable silvers.

mod common;

use common::{
    SilverRules, brute_mate_within, near_mate, replays_as_mate, run, with_mate_in_one,
    with_mate_in_three,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use shogi_mate::{ShortMate, mate_in, mate_in_one};
use shogi_movegen::{Position, Standard, VariantHooks, strategy};

/// Enough for any three-ply search of these positions: `Budget` would fail the test.
const BUDGET: u64 = 50_000_000;

#[derive(Default, Debug)]
struct Seen {
    positions: u64,
    mate_in_one: u64,
    mate_in_three: u64,
    no_mate: u64,
}

/// Compares `mate_in(pos, 3)` with brute force, and `mate_in(pos, 1)` with `mate_in_one`.
fn compare<R: VariantHooks>(pos: &Position<R>, seen: &mut Seen) -> Result<(), TestCaseError> {
    let one = brute_mate_within(pos, 1);
    let three = one || brute_mate_within(pos, 3);
    match mate_in(pos, 1, BUDGET) {
        ShortMate::Mate(line) => {
            prop_assert!(one, "false mate in one {:?} in {}", line, pos);
            prop_assert_eq!(line.len(), 1);
            prop_assert!(mate_in_one(pos).is_some());
            replays_as_mate(pos, &line).map_err(TestCaseError::fail)?;
        }
        ShortMate::NoMate => prop_assert!(!one, "a mate in one is missed in {}", pos),
        ShortMate::Budget => prop_assert!(false, "budget spent in {}", pos),
    }
    match mate_in(pos, 3, BUDGET) {
        ShortMate::Mate(line) => {
            prop_assert!(three, "false mate {:?} in {}", line, pos);
            prop_assert_eq!(
                line.len(),
                if one { 1 } else { 3 },
                "not shortest in {}",
                pos
            );
            replays_as_mate(pos, &line)
                .map_err(|e| TestCaseError::fail(format!("{pos}: {line:?}: {e}")))?;
        }
        ShortMate::NoMate => prop_assert!(!three, "a mate in three is missed in {}", pos),
        ShortMate::Budget => prop_assert!(false, "budget spent in {}", pos),
    }
    seen.positions += 1;
    seen.mate_in_one += u64::from(one);
    seen.mate_in_three += u64::from(three && !one);
    seen.no_mate += u64::from(!three);
    Ok(())
}

#[test]
fn near_mate_positions() {
    let mut seen = Seen::default();
    let positions = prop_oneof![
        2 => near_mate::<Standard>(),
        1 => with_mate_in_one::<Standard>(),
        1 => with_mate_in_three::<Standard>(),
    ];
    run(200, positions, |pos| compare(&pos, &mut seen));
    eprintln!("mate in three (near mate): {seen:?}");
    assert!(seen.mate_in_one > 40 && seen.mate_in_three > 40 && seen.no_mate > 40);
}

#[test]
fn near_mate_positions_with_untakeable_silvers() {
    let mut seen = Seen::default();
    let positions = prop_oneof![
        2 => near_mate::<SilverRules>(),
        1 => with_mate_in_one::<SilverRules>(),
        1 => with_mate_in_three::<SilverRules>(),
    ];
    run(100, positions, |pos| compare(&pos, &mut seen));
    eprintln!("mate in three (untakeable silvers): {seen:?}");
    assert!(seen.mate_in_one > 20 && seen.mate_in_three > 20);
}

#[test]
fn strategy_positions() {
    let mut seen = Seen::default();
    run(40, strategy::position(), |pos| compare(&pos, &mut seen));
    eprintln!("mate in three (strategy positions): {seen:?}");
    assert!(seen.positions == 40);
}

/// Any budget gives either `Budget` or the answer of an ample budget; a mate found within a
/// small budget is as short as the one found with an ample one.
#[test]
fn small_budgets_never_change_the_answer() {
    let mut decided = 0;
    let mut spent = 0;
    run(60, near_mate::<Standard>(), |pos| {
        let full = mate_in(&pos, 5, BUDGET);
        prop_assert!(full != ShortMate::Budget);
        for budget in [0, 1, 3, 10, 30, 100, 300, 1_000, 3_000] {
            match mate_in(&pos, 5, budget) {
                ShortMate::Budget => spent += 1,
                ShortMate::Mate(line) => {
                    decided += 1;
                    let ShortMate::Mate(expected) = &full else {
                        return Err(TestCaseError::fail(format!("false mate in {pos}")));
                    };
                    prop_assert_eq!(line.len(), expected.len());
                    replays_as_mate(&pos, &line).map_err(TestCaseError::fail)?;
                }
                ShortMate::NoMate => {
                    decided += 1;
                    prop_assert_eq!(&full, &ShortMate::NoMate);
                }
            }
        }
        Ok(())
    });
    assert!(
        decided > 50 && spent > 50,
        "{decided} decided, {spent} out of budget"
    );
}

/// Perpetual check without mate: the rook can check the king on and on, the king always has
/// a square. Every search ends with `NoMate`, the deepest included.
#[test]
fn perpetual_check_is_no_mate() {
    let pos: Position = Position::from_setup("9/9/9/9/4k4/9/9/9/R8 b - 1".parse().expect("sfen"))
        .or_else(|e| e.ignore_soft())
        .expect("valid");
    for plies in [1, 3, 5, 7] {
        assert_eq!(
            mate_in(&pos, plies, BUDGET),
            ShortMate::NoMate,
            "{plies} plies"
        );
    }
}

/// After the first move of a mate in three, every reply is mated at once. (That the line keeps
/// the longest of unequal defences is tested on the five-ply positions of the tsume test.)
#[test]
fn every_defence_is_mated_within_the_line() {
    run(60, with_mate_in_three::<Standard>(), |pos| {
        let ShortMate::Mate(line) = mate_in(&pos, 5, BUDGET) else {
            return Ok(());
        };
        if line.len() < 3 {
            return Ok(());
        }
        let mut after = pos;
        after.play(line[0]).expect("legal");
        let mut longest = 0;
        for &r in &after.legal_moves() {
            let mut p = after;
            p.play(r).expect("legal");
            let ShortMate::Mate(rest) = mate_in(&p, line.len() as u32 - 2, BUDGET) else {
                return Err(TestCaseError::fail(format!("{r} escapes in {pos}")));
            };
            longest = longest.max(rest.len());
        }
        prop_assert_eq!(longest, line.len() - 2, "{}: {:?}", pos, line);
        Ok(())
    });
}
