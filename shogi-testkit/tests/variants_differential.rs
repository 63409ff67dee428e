//! Differential test of the untakeable-silver variant (STYLE §8): the fast generator of
//! `shogi-movegen` under [`UntakeableSilver`] against the deliberately simple reference
//! generator of `shogi_testkit::reference` (`legal_moves_protected`), on random positions
//! reached from the three start setups of the variant.
//!
//! Positions come from the random legal walks of `shogi_testkit::walk` (moves that prefer
//! captures, drops, checks and promotions, with occasional edits of the setup that are kept
//! only when valid), and from sparse setups around White's king in which untakeable silvers
//! stand next to it (the cases where "the king cannot take the silver" decides mates and
//! pawn-drop mates). Every position is compared: the sorted legal moves, the move count,
//! check, `is_legal` for every move, and along a walk the board, hands and protected squares
//! after each move and the incremental Zobrist key.
//!
//! Runs use a fixed proptest seed; `PROPTEST_RNG_SEED` and `PROPTEST_CASES` override it.

use std::fmt::Write as _;

use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};
use shogi_movegen::{IllegalMoveKind, Position, VariantHooks};
use shogi_testkit::reference;
use shogi_testkit::walk::{self, Step};
use shogi_types::{Bitboard, Color, Move, Piece, PieceKind, Setup, Square};
use shogi_variants::untakeable_silver::mark_black_silvers;
use shogi_variants::{SilverSetup, UntakeableSilver};

/// The SFEN of a position with its untakeable silvers marked, for failure messages.
fn describe(pos: &Position<UntakeableSilver>) -> String {
    pos.to_string()
}

/// What a test compared, printed at its end.
#[derive(Default, Debug)]
struct Tally {
    positions: u64,
    moves: u64,
    with_protection: u64,
    in_check: u64,
    checked_by_protected: u64,
    no_moves: u64,
    captures_refused: u64,
}

/// Compares the legal moves of `pos` with the reference and returns how many there are.
fn check_moves(pos: &Position<UntakeableSilver>, tally: &mut Tally) -> Result<(), TestCaseError> {
    let expected = shogi_testkit::compare_with_reference(pos)
        .map_err(|e| TestCaseError::fail(format!("{}: {e}", describe(pos))))?;
    prop_assert_eq!(
        pos.count_legal_moves(),
        expected.len() as u64,
        "{}",
        describe(pos)
    );
    prop_assert_eq!(
        pos.is_check(),
        reference::in_check_protected(
            &pos.to_setup(),
            &reference::protected_array(pos.protected())
        ),
        "{}: is_check",
        describe(pos)
    );
    for &m in &expected {
        prop_assert!(pos.is_legal(m), "{}: is_legal({})", describe(pos), m);
    }
    // Every capture of an untakeable silver that the piece could otherwise make is refused
    // with `CaptureProtected`.
    let us = pos.side_to_move();
    for from in pos.pieces_of_color(us) {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        let reach = shogi_movegen::attacks::attacks(us, piece.kind, from, pos.occupied());
        for to in reach & pos.protected() & pos.pieces_of_color(!us) {
            for promote in [false, true] {
                let m = Move::Normal { from, to, promote };
                prop_assert!(!pos.is_legal(m), "{}: {} captures", describe(pos), m);
                let mut copy = *pos;
                let err = copy.play(m);
                prop_assert!(
                    err.is_err() && copy == *pos,
                    "{}: play({})",
                    describe(pos),
                    m
                );
                if !promote {
                    prop_assert_eq!(
                        err.err().map(|e| e.kind),
                        Some(IllegalMoveKind::CaptureProtected),
                        "{}: {}",
                        describe(pos),
                        m
                    );
                }
                tally.captures_refused += 1;
            }
        }
    }
    tally.positions += 1;
    tally.moves += expected.len() as u64;
    tally.with_protection += u64::from(pos.protected().is_nonempty());
    tally.in_check += u64::from(pos.is_check());
    tally.checked_by_protected += u64::from((pos.checkers() & pos.protected()).is_nonempty());
    tally.no_moves += u64::from(expected.is_empty());
    Ok(())
}

/// Walks from `start`, comparing every position with the reference and playing every move on
/// the reference's copy too.
fn check_walk(
    start: Position<UntakeableSilver>,
    choices: &[u64],
    tally: &mut Tally,
) -> Result<(), TestCaseError> {
    let mut mirror = (
        start.to_setup(),
        reference::protected_array(start.protected()),
    );
    walk::walk(start, choices, |pos, step| {
        match step {
            Step::Start => {}
            Step::Edited => mirror = (pos.to_setup(), reference::protected_array(pos.protected())),
            Step::Played(m) => {
                prop_assert!(
                    m.is_drop() || !mirror.1[m.to().index()],
                    "{}: {} captured an untakeable silver",
                    describe(pos),
                    m
                );
                mirror = reference::play_protected(&mirror.0, &mirror.1, m);
                // The reference keeps its protection apart; the setup carries it as marks.
                mirror.0.protected = reference::protected_bitboard(&mirror.1);
                prop_assert_eq!(&pos.to_setup(), &mirror.0, "{}: play({})", describe(pos), m);
                prop_assert_eq!(
                    pos.protected(),
                    reference::protected_bitboard(&mirror.1),
                    "{}: protected squares after {}",
                    describe(pos),
                    m
                );
            }
        }
        prop_assert_eq!(
            pos.zobrist(),
            shogi_movegen::testing::compute_hash(pos),
            "{}: zobrist",
            describe(pos)
        );
        // Protection only ever sits on Black's unpromoted silvers, and never grows.
        for sq in pos.protected() {
            prop_assert_eq!(pos.piece_at(sq), Some(UntakeableSilver::PROTECTED_PIECE));
        }
        check_moves(pos, tally)
    })?;
    Ok(())
}

fn run<S: Strategy>(cases: u32, strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>) {
    let mut runner = TestRunner::new(walk::config(cases));
    if let Err(e) = runner.run(&strategy, test) {
        panic!("{e}");
    }
}

/// Random walks of up to 150 steps from the three start setups (about 8 000 positions).
#[test]
fn walks_from_the_three_setups_match_the_reference() {
    let tally = std::cell::RefCell::new(Tally::default());
    run(
        100,
        (0..SilverSetup::ALL.len(), walk::choices(150)),
        |(index, choices)| {
            let start = SilverSetup::ALL[index].position();
            check_walk(start, &choices, &mut tally.borrow_mut())
        },
    );
    let tally = tally.into_inner();
    eprintln!("walks_from_the_three_setups_match_the_reference: {tally:?}");
    assert!(
        tally.with_protection > 5_000 && tally.captures_refused > 0
            || std::env::var_os("PROPTEST_CASES").is_some(),
        "too few interesting positions: {tally:?}"
    );
}

prop_compose! {
    /// A sparse setup around White's king: one to three untakeable silvers and up to five
    /// other pieces of either side within two squares of it, Black's king somewhere, pawns and
    /// a few pieces in hand. Black or White to move. About half are valid; those positions
    /// are full of checks by untakeable silvers, mates and pawn drops in front of the king.
    fn sparse_setup()(
        king in 0..81usize,
        silvers in proptest::collection::vec((-2i8..=2, -2i8..=2), 1..=3),
        others in proptest::collection::vec((-2i8..=2, -2i8..=2, any::<bool>(), 0..14usize), 0..=5),
        black_king in 0..81usize,
        black_pawns in 0..=3u8,
        white_pawns in 0..=2u8,
        hand_extra in proptest::option::of(0..7usize),
        white_to_move in any::<bool>(),
    ) -> (Setup, Bitboard) {
        let mut setup = Setup::empty();
        let king = Square::ALL[king];
        setup.set_piece(king, Some(Piece::new(Color::White, PieceKind::King)));
        let mut marks = Bitboard::EMPTY;
        for (df, dr) in silvers {
            if let Some(sq) = king.offset(df, dr) && setup.piece_at(sq).is_none() {
                setup.set_piece(sq, Some(UntakeableSilver::PROTECTED_PIECE));
                marks |= sq;
            }
        }
        for (df, dr, black, kind) in others {
            let kind = PieceKind::ALL[kind];
            if kind == PieceKind::King {
                continue;
            }
            let color = if black { Color::Black } else { Color::White };
            if let Some(sq) = king.offset(df, dr) && setup.piece_at(sq).is_none() {
                setup.set_piece(sq, Some(Piece::new(color, kind)));
            }
        }
        let black_king = Square::ALL[black_king];
        if setup.piece_at(black_king).is_none() {
            setup.set_piece(black_king, Some(Piece::new(Color::Black, PieceKind::King)));
        }
        if let Some(h) = setup.hands.black.with_count(PieceKind::Pawn, black_pawns) {
            setup.hands.black = h;
        }
        if let Some(h) = setup.hands.white.with_count(PieceKind::Pawn, white_pawns) {
            setup.hands.white = h;
        }
        if let Some(i) = hand_extra
            && let Some(h) = setup.hands.black.checked_add(PieceKind::HAND_KINDS[i])
        {
            setup.hands.black = h;
        }
        if white_to_move {
            setup.side_to_move = Color::White;
        }
        (setup, marks)
    }
}

/// Sparse positions with untakeable silvers around White's king, then a short walk from each.
#[test]
fn sparse_positions_match_the_reference() {
    let tally = std::cell::RefCell::new(Tally::default());
    run(
        1000,
        (sparse_setup(), walk::choices(8)),
        |((setup, marks), choices)| {
            let setup = Setup {
                protected: marks,
                ..setup
            };
            let Ok(pos) = Position::<UntakeableSilver>::from_setup(setup) else {
                return Ok(());
            };
            check_walk(pos, &choices, &mut tally.borrow_mut())
        },
    );
    let tally = tally.into_inner();
    eprintln!("sparse_positions_match_the_reference: {tally:?}");
    assert!(
        tally.checked_by_protected > 100 || std::env::var_os("PROPTEST_CASES").is_some(),
        "too few checks by an untakeable silver: {tally:?}"
    );
}

/// Perft 2 of walk ends against the reference (which plays every move and generates again).
#[test]
fn perft2_matches_the_reference() {
    run(
        60,
        (0..SilverSetup::ALL.len(), walk::choices(60)),
        |(index, choices)| {
            let pos = walk::walk_to(SilverSetup::ALL[index].position(), &choices);
            let expected = reference::perft_protected(
                &pos.to_setup(),
                &reference::protected_array(pos.protected()),
                2,
            );
            let mut text = String::new();
            let _ = write!(text, "{}", describe(&pos));
            prop_assert_eq!(pos.perft(2), expected, "{}", text);
            prop_assert_eq!(pos.perft_unbulked(2), expected, "{}", text);
            Ok(())
        },
    );
}

/// The hook is the variant's: `UntakeableSilver` protects the pieces `SilverRules` of the
/// movegen tests protects, and its start setups mark the silvers those tests mark.
#[test]
fn same_protection_as_the_test_rules() {
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let piece = Piece::new(color, kind);
            assert_eq!(
                UntakeableSilver::can_be_protected(piece),
                walk::SilverRules::can_be_protected(piece),
                "{piece:?}"
            );
        }
    }
    for s in SilverSetup::ALL {
        let setup = s.setup();
        assert_eq!(setup.protected, walk::black_silvers(&setup), "{s}");
        let mut unmarked = setup.clone();
        unmarked.protected = Bitboard::EMPTY;
        assert_eq!(mark_black_silvers(unmarked), setup, "{s}");
    }
}
