//! Differential tests: the fast generator of `shogi-movegen` against the deliberately simple
//! reference generator of `shogi_testkit::reference` (STYLE §8), on random positions.
//!
//! Positions come from random legal walks (`shogi_testkit::walk`) that prefer captures, drops, checks
//! and promotions and now and then edit the setup (pins, double checks, crowded hands, a
//! missing attacker king, extra material), from sparse random setups built around a king, and
//! from setups built for pawn-drop mates (a boxed-in king, a guard for the drop square). Every
//! position of every walk is compared: the sorted legal move
//! lists, the move count and whether the side to move is in check. Along a walk the reference
//! plays the same moves, so `play` is compared too (board, hands, side, move number and the
//! protected squares). Perft 2 is compared on a few hundred walk ends.
//!
//! The untakeable-silver hook is checked with a test-local `VariantHooks` type that protects Black's
//! unpromoted silvers (`docs/untakeable-silver.md` of the repository), against the reference's
//! `legal_moves_protected`.
//!
//! Runs use a fixed proptest seed; `PROPTEST_RNG_SEED` and `PROPTEST_CASES` override it.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use shogi_movegen::{MoveList, Position, Standard, VariantHooks};
use shogi_testkit::reference;
use shogi_testkit::walk::{self, SilverRules, Step, run};
use shogi_types::{Bitboard, ByColor, Color, Hand, Move, Piece, PieceKind, Setup, Square};

/// SFEN (protected pieces marked `!`) and protected squares of a position, for failure
/// messages.
fn describe<R: VariantHooks>(pos: &Position<R>) -> String {
    let mut out = pos.to_string();
    if pos.protected().is_nonempty() {
        out.push_str(" protected:");
        for sq in pos.protected() {
            let _ = write!(out, " {sq}");
        }
    }
    out
}

/// Compares the legal moves of `pos` with the reference and returns how many there are.
fn check_moves<R: VariantHooks>(pos: &Position<R>) -> Result<usize, TestCaseError> {
    let expected = shogi_testkit::compare_with_reference(pos)
        .map_err(|e| TestCaseError::fail(format!("{}: {e}", describe(pos))))?;
    let list = pos.legal_moves();
    prop_assert_eq!(
        list.is_truncated(),
        expected.len() > MoveList::CAPACITY,
        "{}: truncation",
        describe(pos)
    );
    if !list.is_truncated() {
        let mut sorted = list.to_vec();
        sorted.sort();
        prop_assert_eq!(&sorted, &expected, "{}: legal_moves", describe(pos));
    }
    prop_assert_eq!(
        pos.count_legal_moves(),
        expected.len() as u64,
        "{}: count_legal_moves",
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
    Ok(expected.len())
}

/// Counts of what a test compared, printed at its end.
#[derive(Default)]
struct Tally {
    positions: u64,
    moves: u64,
    in_check: u64,
    no_moves: u64,
    edits: u64,
    pawn_drop_mates_refused: u64,
}

impl Tally {
    /// Compares the legal moves of `pos` with the reference ([`check_moves`]) and counts it.
    fn compare<R: VariantHooks>(&mut self, pos: &Position<R>) -> Result<(), TestCaseError> {
        let n = check_moves(pos)?;
        self.positions += 1;
        self.moves += n as u64;
        self.in_check += u64::from(pos.is_check());
        self.no_moves += u64::from(n == 0);
        self.pawn_drop_mates_refused += u64::from(refuses_pawn_drop_mate(pos));
        Ok(())
    }

    fn print(&self, test: &str) {
        eprintln!(
            "{test}: compared {} random positions with the reference ({} legal moves; {} in \
             check, {} without a legal move, {} reached by an edit, {} with a pawn drop refused \
             as mate)",
            self.positions,
            self.moves,
            self.in_check,
            self.no_moves,
            self.edits,
            self.pawn_drop_mates_refused,
        );
    }
}

/// Whether the side to move holds a pawn and some pawn drop in front of the enemy king is
/// refused, although the square is empty and the file is free: a position where uchifuzume
/// decided something.
fn refuses_pawn_drop_mate<R: VariantHooks>(pos: &Position<R>) -> bool {
    let us = pos.side_to_move();
    let Some(k) = pos.king(!us) else {
        return false;
    };
    if !pos.hand(us).has(PieceKind::Pawn) {
        return false;
    }
    let forward: i8 = if us == Color::Black { -1 } else { 1 };
    let Some(to) = k.offset(0, -forward) else {
        return false;
    };
    let pawn_on_file = Square::ALL.iter().any(|&s| {
        s.file() == to.file() && pos.piece_at(s) == Some(Piece::new(us, PieceKind::Pawn))
    });
    let last_rank = to.rank().relative_to(us).get() == 1;
    pos.piece_at(to).is_none()
        && !pawn_on_file
        && !last_rank
        && !pos.is_check()
        && !pos.legal_drops(PieceKind::Pawn).has(to)
}

/// Walks from `start`, comparing every position with the reference, and playing every move on
/// the reference's copy too.
fn check_walk<R: VariantHooks>(
    start: Position<R>,
    choices: &[u64],
    tally: &mut Tally,
) -> Result<(), TestCaseError> {
    // The reference keeps protection in its own array and ignores the marks of a `Setup`, so
    // its copy holds no marks; the position's marks are compared with the array.
    let unmarked = |pos: &Position<R>| Setup {
        protected: Bitboard::EMPTY,
        ..pos.to_setup()
    };
    let mut mirror = (
        unmarked(&start),
        reference::protected_array(start.protected()),
    );
    walk::walk(start, choices, |pos, step| {
        match step {
            Step::Start => {}
            Step::Edited => {
                tally.edits += 1;
                mirror = (unmarked(pos), reference::protected_array(pos.protected()));
            }
            Step::Played(m) => {
                mirror = reference::play_protected(&mirror.0, &mirror.1, m);
                prop_assert_eq!(
                    &unmarked(pos),
                    &mirror.0,
                    "{}: play({}) differs from the reference",
                    describe(pos),
                    m
                );
                prop_assert!(
                    pos.protected() == reference::protected_bitboard(&mirror.1)
                        && pos.to_setup().protected == pos.protected(),
                    "{}: protected squares after {} differ from the reference",
                    describe(pos),
                    m
                );
            }
        }
        tally.compare(pos)?;
        Ok(())
    })?;
    Ok(())
}

/// The main differential test: every position of 130 random walks of up to 200 steps from
/// the start position (more than 10 000 positions).
#[test]
fn walks_match_reference() {
    let mut tally = Tally::default();
    run(130, walk::choices(200), |choices| {
        check_walk(Position::<Standard>::start(), &choices, &mut tally)
    });
    tally.print("walks_match_reference");
    assert!(
        tally.positions >= 10_000 || std::env::var_os("PROPTEST_CASES").is_some(),
        "only {} positions compared",
        tally.positions
    );
}

/// The start setups of the untakeable-silver spec (marked `!`) and the standard start with
/// Black's silvers protected.
const PROTECTED_STARTS: [&str; 4] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS!GKGS!NL b - 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/4K1S!2 b - 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/9/4K1S!2 b - 1",
];

/// A start of [`PROTECTED_STARTS`], read by `Setup`'s SFEN reader (marks included) and checked
/// against the reference's reader: every Black silver of these starts is marked.
fn protected_start(index: usize) -> Position<SilverRules> {
    let text = PROTECTED_STARTS[index];
    let setup: Setup = text.parse().expect("valid start sfen");
    let (unmarked, marks) = reference::sfen::parse_marked(text);
    let mut without_marks = setup.clone();
    without_marks.protected = Bitboard::EMPTY;
    assert_eq!(without_marks, unmarked);
    assert_eq!(setup.protected, reference::protected_bitboard(&marks));
    assert_eq!(setup.protected, walk::black_silvers(&setup));
    let pos = Position::<SilverRules>::from_setup(setup.clone()).expect("valid start setup");
    assert_eq!(pos.protected(), setup.protected);
    assert_eq!(pos.to_string(), text);
    pos
}

/// Random walks under rules that protect Black's unpromoted silvers, from the four protected
/// starts, against `reference::legal_moves_protected`; `play` must move protection with an
/// unpromoted silver and drop it on promotion exactly as the reference does.
#[test]
fn protected_walks_match_reference() {
    let mut tally = Tally::default();
    run(
        40,
        (0..PROTECTED_STARTS.len(), walk::choices(200)),
        |(start, choices)| check_walk(protected_start(start), &choices, &mut tally),
    );
    tally.print("protected_walks_match_reference");
}

prop_compose! {
    /// A sparse setup: White's king (usually on ranks 1 to 3), usually Black's king, up to
    /// eight pieces of either colour within two squares of White's king, up to three more
    /// anywhere, pawns and a few other pieces in hand. Black is to move, or the whole setup is
    /// flipped. About half of these are valid, and pawn drops in front of the king often check
    /// or mate.
    fn sparse_setup()(
        (file, rank) in prop_oneof![3 => (1u8..=9, 1u8..=3), 1 => (1u8..=9, 1u8..=9)],
        black_king in proptest::option::weighted(0.9, 0usize..81),
        near in proptest::collection::vec((-2i8..=2, -2i8..=2, any::<bool>(), 0usize..14), 0..9),
        far in proptest::collection::vec((0usize..81, any::<bool>(), 0usize..14), 0..4),
        pawns in 0u8..4,
        black_hand in proptest::collection::vec(0usize..7, 0..4),
        white_hand in proptest::collection::vec(0usize..7, 0..4),
        flip in any::<bool>(),
    ) -> Setup {
        let mut setup = Setup::empty();
        let piece = |black: bool, kind: usize| {
            let color = if black { Color::Black } else { Color::White };
            let kind = match PieceKind::ALL[kind] {
                PieceKind::King => PieceKind::Rook,
                k => k,
            };
            Piece::new(color, kind)
        };
        let wk = Square::from_file_rank(file, rank).expect("file and rank are 1 to 9");
        for (df, dr, black, kind) in near {
            if let Some(sq) = wk.offset(df, dr) {
                setup.set_piece(sq, Some(piece(black, kind)));
            }
        }
        for (sq, black, kind) in far {
            setup.set_piece(Square::ALL[sq], Some(piece(black, kind)));
        }
        setup.set_piece(wk, Some(Piece::new(Color::White, PieceKind::King)));
        if let Some(bk) = black_king {
            setup.set_piece(Square::ALL[bk], Some(Piece::new(Color::Black, PieceKind::King)));
        }
        let mut hands = ByColor::new(Hand::EMPTY, Hand::EMPTY);
        hands.black = hands.black.with_count(PieceKind::Pawn, pawns).unwrap_or_default();
        for (color, kinds) in [(Color::Black, black_hand), (Color::White, white_hand)] {
            for i in kinds {
                let kind = PieceKind::HAND_KINDS[i];
                hands[color] = hands[color].checked_add(kind).unwrap_or(hands[color]);
            }
        }
        setup.hands = hands;
        if flip { setup.flipped() } else { setup }
    }
}

/// Sparse random setups around a king (pins, double checks, pawn-drop mates), compared with
/// the reference when valid (soft faults waived: many have no Black king). Each setup is also
/// compared under the protecting rules, with every Black unpromoted silver protected.
#[test]
fn sparse_setups_match_reference() {
    let mut tally = Tally::default();
    let mut invalid = 0u64;
    run(3000, sparse_setup(), |setup| {
        let pos = match Position::<Standard>::from_setup(setup.clone()) {
            Ok(p) => p,
            Err(e) => match e.ignore_soft() {
                Ok(p) => p,
                Err(_) => {
                    invalid += 1;
                    return Ok(());
                }
            },
        };
        tally.compare(&pos)?;
        if let Ok(pos) = Position::<SilverRules>::from_setup(walk::protect_black_silvers(setup))
            .or_else(|e| e.ignore_soft())
            && pos.protected().is_nonempty()
        {
            check_moves(&pos)?;
            tally.positions += 1;
        }
        Ok(())
    });
    tally.print("sparse_setups_match_reference");
    eprintln!("sparse_setups_match_reference: {invalid} setups were invalid");
}

/// A sparse setup with extra unpromoted pawns of both colours stacked on a few files (two or
/// three on a file: nifu, which composed problems may hold) and pawns in hand for both sides,
/// so pawn drops are tried next to, between and on files with several pawns.
fn composed_setup() -> impl Strategy<Value = Setup> {
    (
        sparse_setup(),
        proptest::collection::vec((1u8..=9, 1u8..=9, any::<bool>()), 2..8),
        1u8..=3,
        0u8..=2,
    )
        .prop_map(|(mut setup, pawns, black_pawns, white_pawns)| {
            for (file, rank, black) in pawns {
                let sq = Square::from_file_rank(file, rank).expect("file and rank are 1 to 9");
                if setup.piece_at(sq).is_none() {
                    let color = if black { Color::Black } else { Color::White };
                    setup.set_piece(sq, Some(Piece::new(color, PieceKind::Pawn)));
                }
            }
            let with = |hand: Hand, n: u8| hand.with_count(PieceKind::Pawn, n).unwrap_or(hand);
            setup.hands.black = with(setup.hands.black, black_pawns);
            setup.hands.white = with(setup.hands.white, white_pawns);
            setup
        })
}

/// Composed problems ([`PositionError::ignore_problem_faults`]): several pawns of one colour on a
/// file and pieces with no further move, compared with the reference, which refuses a pawn
/// drop exactly on the files that hold an unpromoted pawn of the dropper.
///
/// [`PositionError::ignore_problem_faults`]: shogi_movegen::PositionError::ignore_problem_faults
#[test]
fn composed_setups_match_reference() {
    let mut tally = Tally::default();
    let mut nifu = 0u64;
    run(3000, composed_setup(), |setup| {
        let Ok(pos) =
            Position::<Standard>::from_setup(setup.clone()).or_else(|e| e.ignore_problem_faults())
        else {
            return Ok(());
        };
        nifu += u64::from(has_two_pawns_on_a_file(&setup));
        tally.compare(&pos)?;
        Ok(())
    });
    tally.print("composed_setups_match_reference");
    eprintln!("composed_setups_match_reference: {nifu} positions with two pawns on a file");
    assert!(nifu > 300, "too few composed positions with nifu: {nifu}");
}

/// Whether a colour has two unpromoted pawns on one file.
fn has_two_pawns_on_a_file(setup: &Setup) -> bool {
    [Color::Black, Color::White].into_iter().any(|color| {
        (1..=9u8).any(|file| {
            (1..=9u8)
                .filter_map(|rank| Square::from_file_rank(file, rank))
                .filter(|&sq| setup.piece_at(sq) == Some(Piece::new(color, PieceKind::Pawn)))
                .count()
                > 1
        })
    })
}

/// Kinds for the White pieces next to the king in `drop_mate_setup`: mostly pieces that
/// cannot take a pawn in front of their king from the side.
const NEIGHBOUR_KINDS: [PieceKind; 10] = [
    PieceKind::Pawn,
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::ProPawn,
];

/// The Black piece that guards the drop square in `drop_mate_setup`, by index, with a side
/// (`-1` or `1`) and a distance of 2 to 4: kind and offset from White's king.
fn guard(index: usize, side: i8, distance: i8) -> (PieceKind, i8, i8) {
    match index {
        0 => (PieceKind::Gold, 0, 2),
        1 => (PieceKind::Silver, 0, 2),
        2 => (PieceKind::ProSilver, 0, 2),
        3 => (PieceKind::Horse, 0, 2),
        4 => (PieceKind::Knight, side, 3),
        5 => (PieceKind::Rook, side * distance, 1),
        6 => (PieceKind::Dragon, side * distance, 1),
        _ => (PieceKind::Bishop, side * distance, 1 + distance),
    }
}

prop_compose! {
    /// A setup built for pawn-drop mates: White's king (usually on rank 1) with the square in
    /// front of it (towards Black) empty, most other neighbours holding White pieces, a Black
    /// piece that guards the drop square unless something blocks it, up to three more Black
    /// and two more White pieces within three squares, Black's king somewhere, and a pawn in
    /// Black's hand. Flipped half of the time.
    fn drop_mate_setup()(
        file in 1u8..=9,
        rank in prop_oneof![2 => Just(1u8), 1 => 2u8..=4],
        neighbours in proptest::collection::vec((0u8..5, 0usize..10), 7),
        (guard_index, guard_side, guard_distance) in
            (0usize..8, prop_oneof![Just(-1i8), Just(1)], 2i8..=4),
        black in proptest::collection::vec((-3i8..=3, -3i8..=3, 0usize..14), 0..4),
        white in proptest::collection::vec((-3i8..=3, -3i8..=3, 0usize..14), 0..3),
        black_king in 0usize..81,
        extra in proptest::collection::vec(0usize..7, 0..3),
        flip in any::<bool>(),
    ) -> Setup {
        let kind_of = |i: usize| match PieceKind::ALL[i] {
            PieceKind::King => PieceKind::Gold,
            k => k,
        };
        let mut setup = Setup::empty();
        let wk = Square::from_file_rank(file, rank).expect("file and rank are 1 to 9");
        setup.set_piece(wk, Some(Piece::new(Color::White, PieceKind::King)));
        let front = wk.offset(0, 1);
        let around = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)];
        for (&(df, dr), &(occupy, kind)) in around.iter().zip(&neighbours) {
            if let Some(sq) = wk.offset(df, dr)
                && occupy > 0
                && Some(sq) != front
            {
                setup.set_piece(sq, Some(Piece::new(Color::White, NEIGHBOUR_KINDS[kind])));
            }
        }
        let place = |setup: &mut Setup, color: Color, df: i8, dr: i8, kind: PieceKind| {
            if let Some(sq) = wk.offset(df, dr)
                && setup.piece_at(sq).is_none()
                && Some(sq) != front
            {
                setup.set_piece(sq, Some(Piece::new(color, kind)));
            }
        };
        let (kind, df, dr) = guard(guard_index, guard_side, guard_distance);
        place(&mut setup, Color::Black, df, dr, kind);
        for (df, dr, kind) in black {
            place(&mut setup, Color::Black, df, dr, kind_of(kind));
        }
        for (df, dr, kind) in white {
            place(&mut setup, Color::White, df, dr, kind_of(kind));
        }
        let bk = Square::ALL[black_king];
        if setup.piece_at(bk).is_none() && Some(bk) != front {
            setup.set_piece(bk, Some(Piece::new(Color::Black, PieceKind::King)));
        }
        let mut hand = Hand::EMPTY.with_count(PieceKind::Pawn, 1).unwrap_or_default();
        for i in extra {
            hand = hand.checked_add(PieceKind::HAND_KINDS[i]).unwrap_or(hand);
        }
        setup.hands.black = hand;
        if flip { setup.flipped() } else { setup }
    }
}

/// Setups built for pawn-drop mates (see `drop_mate_setup`), compared with the reference when
/// valid (and again with Black's unpromoted silvers protected); at least 200 of them must have
/// a pawn drop refused as mate.
#[test]
fn drop_mate_setups_match_reference() {
    let mut tally = Tally::default();
    let mut invalid = 0u64;
    run(4000, drop_mate_setup(), |setup| {
        let Ok(pos) = Position::<Standard>::from_setup(setup).or_else(|e| e.ignore_soft()) else {
            invalid += 1;
            return Ok(());
        };
        tally.compare(&pos)?;
        // The same setup with Black's unpromoted silvers protected: a protected silver that
        // guards a flight square or the pawn changes the verdict.
        let setup = walk::protect_black_silvers(pos.to_setup());
        if setup.protected.is_nonempty()
            && let Ok(pos) = Position::<SilverRules>::from_setup(setup).or_else(|e| e.ignore_soft())
        {
            check_moves(&pos)?;
            tally.positions += 1;
        }
        Ok(())
    });
    tally.print("drop_mate_setups_match_reference");
    eprintln!("drop_mate_setups_match_reference: {invalid} setups were invalid");
    assert!(
        tally.pawn_drop_mates_refused >= 200 || std::env::var_os("PROPTEST_CASES").is_some(),
        "too few pawn-drop mates: {}",
        tally.pawn_drop_mates_refused
    );
}

/// Perft 2 with the reference on the last positions of 300 random walks (each move's subtree
/// compared, so a failure names the first move whose replies differ), 60 of them under the
/// protecting rules.
#[test]
fn perft2_matches_reference() {
    fn compare<R: VariantHooks>(pos: &Position<R>) -> Result<u64, TestCaseError> {
        let setup = pos.to_setup();
        let protected = reference::protected_array(pos.protected());
        let fast: BTreeMap<Move, u64> = pos.perft_divide(2).into_iter().collect();
        let mut expected = BTreeMap::new();
        for m in reference::legal_moves_protected(&setup, &protected) {
            let (child, child_protected) = reference::play_protected(&setup, &protected, m);
            let n = reference::legal_moves_protected(&child, &child_protected).len() as u64;
            expected.insert(m, n);
        }
        for (m, n) in &expected {
            prop_assert_eq!(
                fast.get(m),
                Some(n),
                "{}: perft 1 after {}",
                describe(pos),
                m
            );
        }
        prop_assert_eq!(fast.len(), expected.len(), "{}: moves", describe(pos));
        let total: u64 = expected.values().sum();
        prop_assert_eq!(pos.perft(2), total, "{}: perft 2", describe(pos));
        Ok(total)
    }

    let (mut positions, mut nodes) = (0u64, 0u64);
    run(240, walk::choices(160), |choices| {
        nodes += compare(&walk::walk_to(Position::<Standard>::start(), &choices))?;
        positions += 1;
        Ok(())
    });
    run(
        60,
        (0..PROTECTED_STARTS.len(), walk::choices(160)),
        |(start, choices)| {
            nodes += compare(&walk::walk_to(protected_start(start), &choices))?;
            positions += 1;
            Ok(())
        },
    );
    eprintln!("perft2_matches_reference: {positions} positions, {nodes} perft-2 nodes compared");
}
