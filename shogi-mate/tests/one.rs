//! `mate_in_one`, `mating_moves_into` and `is_checkmate` against brute force (every legal move
//! played, the result asked `is_check` and for its legal moves), on random positions of the
//! `strategy` module of `shogi-movegen`, on positions near mate (the defending king in a
//! corner, pieces of both sides around it and in hand) and under rules with untakeable silvers;
//! each position also through its children after every checking move, which are in check.

mod common;

use common::{SilverRules, brute_mates, mated, near_mate, run, with_mate_in_one};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use shogi_mate::{is_checkmate, mate_in_one, mating_moves, mating_moves_into};
use shogi_movegen::{MoveList, Position, Standard, VariantHooks, strategy};

/// What the compared positions held.
#[derive(Default, Debug)]
struct Seen {
    positions: u64,
    with_mate: u64,
    mating_moves: u64,
    in_check_with_mate: u64,
    mated: u64,
}

fn sorted(moves: &[shogi_types::Move]) -> Vec<String> {
    let mut out: Vec<String> = moves.iter().map(ToString::to_string).collect();
    out.sort();
    out
}

/// Compares the three functions with brute force on `pos`.
fn compare<R: VariantHooks>(pos: &Position<R>, seen: &mut Seen) -> Result<(), TestCaseError> {
    let expected = brute_mates(pos);
    let found = mating_moves(pos);
    prop_assert_eq!(sorted(&found), sorted(&expected), "mating moves of {}", pos);
    let mut list = MoveList::new();
    list.extend(pos.legal_moves().iter().copied().take(2));
    mating_moves_into(pos, &mut list);
    prop_assert_eq!(list.as_slice(), found.as_slice());
    match mate_in_one(pos) {
        Some(m) => prop_assert!(expected.contains(&m), "{} is no mate in {}", m, pos),
        None => prop_assert!(expected.is_empty(), "a mate is missed in {}", pos),
    }
    let is_mated = mated(pos);
    prop_assert_eq!(is_checkmate(pos), is_mated, "is_checkmate of {}", pos);
    seen.positions += 1;
    seen.with_mate += u64::from(!expected.is_empty());
    seen.mating_moves += expected.len() as u64;
    seen.in_check_with_mate += u64::from(pos.is_check() && !expected.is_empty());
    seen.mated += u64::from(is_mated);
    Ok(())
}

/// `pos` and its children after each checking move.
fn compare_tree<R: VariantHooks>(pos: &Position<R>, seen: &mut Seen) -> Result<(), TestCaseError> {
    compare(pos, seen)?;
    for &m in &pos.checking_moves() {
        let mut child = *pos;
        child.play_unchecked(m);
        compare(&child, seen)?;
    }
    Ok(())
}

#[test]
fn strategy_positions() {
    let mut seen = Seen::default();
    run(150, strategy::position(), |pos| {
        compare_tree(&pos, &mut seen)
    });
    eprintln!("mate in one (strategy positions): {seen:?}");
    assert!(seen.positions > 150 && seen.mated > 0);
}

#[test]
fn near_mate_positions() {
    let mut seen = Seen::default();
    let positions = prop_oneof![near_mate::<Standard>(), with_mate_in_one::<Standard>()];
    run(600, positions, |pos| compare_tree(&pos, &mut seen));
    eprintln!("mate in one (near mate): {seen:?}");
    assert!(seen.with_mate > 200 && seen.mated > 200 && seen.in_check_with_mate > 0);
}

#[test]
fn near_mate_positions_with_untakeable_silvers() {
    let mut seen = Seen::default();
    let positions = prop_oneof![
        near_mate::<SilverRules>(),
        with_mate_in_one::<SilverRules>()
    ];
    run(400, positions, |pos| compare_tree(&pos, &mut seen));
    eprintln!("mate in one (untakeable silvers): {seen:?}");
    assert!(seen.with_mate > 100 && seen.mated > 100);
}

/// Walks of the `strategy` module from a start whose Black silvers are untakeable.
#[test]
fn walks_with_untakeable_silvers() {
    let mut setup = shogi_types::Setup::start();
    setup.protected = setup
        .pieces()
        .filter(|&(_, p)| SilverRules::can_be_protected(p))
        .map(|(sq, _)| sq)
        .collect();
    let start = Position::<SilverRules>::from_setup(setup).expect("valid start");
    let mut seen = Seen::default();
    run(100, strategy::positions_from(start), |pos| {
        compare_tree(&pos, &mut seen)
    });
    eprintln!("mate in one (untakeable-silver walks): {seen:?}");
    assert!(seen.positions > 100);
}

/// Hand-picked edges: the pawn drop that would mate is no mate in one (uchifuzume) while a
/// pawn pushed to the same square mates; a mate by discovered check beside a double check that
/// is no mate; a silver that mates only because the king cannot take it.
#[test]
fn edges() {
    let mut seen = Seen::default();
    let usi = |m: &str| m.parse::<shogi_types::Move>().expect("usi");
    let position = |sfen: &str| -> Position {
        Position::from_setup(sfen.parse().expect("sfen"))
            .or_else(|e| e.ignore_soft())
            .expect("valid")
    };
    // White's king on 1a beside its knight, Black's gold on 2c: P*1b would mate, so it is
    // illegal and there is no mate in one.
    let pos = position("7nk/9/7G1/9/9/9/9/9/K8 b P 1");
    compare_tree(&pos, &mut seen).expect("uchifuzume");
    assert_eq!(mate_in_one(&pos), None);
    // The same with a pawn on 1c: pushed to 1b it mates (only drops are forbidden).
    let pos = position("7nk/9/7GP/9/9/9/9/9/K8 b - 1");
    compare_tree(&pos, &mut seen).expect("pawn push");
    assert!(mating_moves(&pos).contains(&usi("1c1b")));
    // The knight on 3c unmasks the bishop on 5e: 3c4a+ mates; 3c2a+ gives double check, but
    // the king takes the new gold.
    let pos = position("7bk/9/6NS1/9/4B4/9/9/9/K8 b - 1");
    compare_tree(&pos, &mut seen).expect("discovered check");
    let mates = mating_moves(&pos);
    assert!(mates.contains(&usi("3c4a+")) && !mates.contains(&usi("3c2a+")));
    // The silver on 1c steps to 1b with check; the rook on 2i covers 2a and 2b. Untakeable,
    // the silver mates; in standard shogi the king takes it.
    let sfen = "8k/9/8S!/9/9/9/9/9/K6R1 b - 1";
    let protected: Position<SilverRules> =
        Position::from_setup(sfen.parse().expect("sfen")).expect("valid");
    compare_tree(&protected, &mut seen).expect("untakeable silver");
    assert!(mating_moves(&protected).contains(&usi("1c1b")));
    let plain = position(&sfen.replace('!', ""));
    compare_tree(&plain, &mut seen).expect("ordinary silver");
    assert!(!mating_moves(&plain).contains(&usi("1c1b")));
    // Black is in check from the rook on 5e; taking it with the rook from 1e mates (the
    // lances cannot come down past their pawns, White has nothing in hand).
    let pos = position("3lkl3/3p1p3/9/9/4r3R/9/9/9/4K4 b - 1");
    assert!(pos.is_check());
    compare_tree(&pos, &mut seen).expect("mate while in check");
    assert_eq!(mate_in_one(&pos), Some(usi("1e5e")));
    eprintln!("mate in one (edges): {seen:?}");
    assert!(seen.in_check_with_mate > 0);
}
