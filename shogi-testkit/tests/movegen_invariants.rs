//! Property tests of the invariants STYLE §4 and §8 promise for `Position`, on random positions
//! reached by random legal walks with edits (`shogi_testkit::walk`) and on random setups:
//!
//! - `Position::from_setup(p.to_setup()) == p` (the setup carries the protection marks of
//!   protecting rules), `to_setup` gives back the setup exactly, and the SFEN of the position
//!   (`Display`, marks written `!`) reads back as that setup;
//! - the incremental Zobrist key equals the key computed from scratch;
//! - `is_legal(m) == legal_moves().contains(&m)` for every generated move and for random and
//!   near-miss moves; `play` of an illegal move returns `Err`, names a kind that is really a
//!   reason (judged with the reference generator's pseudo-legal moves), and leaves the position,
//!   its move number and its key unchanged; `play` of a legal move equals `play_unchecked`;
//! - every move keeps the number of pieces of each (unpromoted) kind on the board and in hand;
//! - the move count and perft 2 are unchanged when colours are swapped and the board rotated
//!   (`Setup::flipped`), and the legal moves are the rotated ones;
//! - `legal_moves_from`, `legal_drops`, `legal_captures` and `legal_drop_moves` equal the
//!   filtered legal moves; `perft_divide` sums to `perft`; `perft_unbulked == perft`;
//! - for random setups `from_setup` never panics, reports exactly the faults found by an
//!   independent check, waives soft faults only, and round-trips when it succeeds; random
//!   protection marks are `Fault::BadProtection` exactly when one is on a square without a
//!   piece the rules can protect (always under `Standard`).
//!
//! Runs use a fixed proptest seed; `PROPTEST_RNG_SEED` and `PROPTEST_CASES` override it.

use std::cell::OnceCell;
use std::collections::BTreeSet;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use shogi_movegen::{Fault, Faults, IllegalMoveKind, Position, Standard, VariantHooks};
use shogi_testkit::walk::{self, BLACK_SILVER, SilverRules, run};
use shogi_testkit::{Rng, reference};
use shogi_types::{Bitboard, ByColor, Color, Hand, Move, Piece, PieceKind, Setup, Square};

/// The SFEN of a position, protection marks included, for failure messages.
fn sfen<R: VariantHooks>(pos: &Position<R>) -> String {
    pos.to_string()
}

/// A random square.
fn square(rng: &mut Rng) -> Square {
    Square::ALL[rng.below(81)]
}

/// Random moves for `pos`: arbitrary squares and kinds (kings and promoted kinds in drops
/// included), moves of own pieces to random or nearby squares, and near misses of the legal
/// moves (promotion flag flipped, drop kind changed, destination shifted by one square).
fn random_moves<R: VariantHooks>(pos: &Position<R>, rng: &mut Rng, legal: &[Move]) -> Vec<Move> {
    let own: Vec<Square> = pos.pieces_of_color(pos.side_to_move()).iter().collect();
    let mut out = Vec::new();
    for _ in 0..24 {
        let m = match rng.below(4) {
            0 => Move::Normal {
                from: square(rng),
                to: square(rng),
                promote: rng.below(2) == 0,
            },
            1 => Move::Drop {
                kind: PieceKind::ALL[rng.below(14)],
                to: square(rng),
            },
            _ if !own.is_empty() => {
                let from = own[rng.below(own.len())];
                let near = from.offset(rng.below(5) as i8 - 2, rng.below(5) as i8 - 2);
                Move::Normal {
                    from,
                    to: near.unwrap_or_else(|| square(rng)),
                    promote: rng.below(2) == 0,
                }
            }
            _ => continue,
        };
        out.push(m);
    }
    for &m in legal {
        match m {
            Move::Normal { from, to, promote } => {
                out.push(Move::Normal {
                    from,
                    to,
                    promote: !promote,
                });
                if let Some(to) = to.offset(rng.below(3) as i8 - 1, rng.below(3) as i8 - 1) {
                    out.push(Move::Normal { from, to, promote });
                }
            }
            Move::Drop { to, .. } => out.push(Move::Drop {
                kind: PieceKind::ALL[rng.below(14)],
                to,
            }),
        }
    }
    out
}

/// Every move with an origin holding a piece of the side to move, and every drop of every kind.
fn exhaustive_moves<R: VariantHooks>(pos: &Position<R>) -> Vec<Move> {
    let mut out = Vec::new();
    for from in pos.pieces_of_color(pos.side_to_move()) {
        for to in Square::ALL {
            for promote in [false, true] {
                out.push(Move::Normal { from, to, promote });
            }
        }
    }
    for kind in PieceKind::ALL {
        for to in Square::ALL {
            out.push(Move::Drop { kind, to });
        }
    }
    out
}

/// Whether a pawn, lance or knight of `color` could never move from `to`.
fn is_dead(kind: PieceKind, color: Color, to: Square) -> bool {
    to.rank().relative_to(color).get() < kind.first_legal_rank()
}

/// What the checks of one position share: its legal moves and, computed on first use, the
/// reference generator's view of it.
struct Context<'a, R: VariantHooks> {
    pos: &'a Position<R>,
    legal: BTreeSet<Move>,
    reference: OnceCell<(Setup, reference::Protected, Vec<Move>)>,
}

impl<'a, R: VariantHooks> Context<'a, R> {
    fn new(pos: &'a Position<R>, moves: &[Move]) -> Context<'a, R> {
        Context {
            pos,
            legal: moves.iter().copied().collect(),
            reference: OnceCell::new(),
        }
    }

    /// The setup, the protected squares and the pseudo-legal moves of the reference.
    fn reference(&self) -> &(Setup, reference::Protected, Vec<Move>) {
        self.reference.get_or_init(|| {
            let setup = self.pos.to_setup();
            let protected = reference::protected_array(self.pos.protected());
            let pseudo = reference::pseudo_legal_moves(&setup, &protected);
            (setup, protected, pseudo)
        })
    }
}

/// Checks that `kind` is a true reason why the illegal move `m` is illegal.
fn check_reason<R: VariantHooks>(
    ctx: &Context<'_, R>,
    m: Move,
    kind: IllegalMoveKind,
) -> Result<(), TestCaseError> {
    let pos = ctx.pos;
    let us = pos.side_to_move();
    let (setup, protected, pseudo) = ctx.reference();
    let after_pseudo = |m: Move| reference::play_protected(setup, protected, m);
    let holds = match (kind, m) {
        (IllegalMoveKind::NoSuchPiece, Move::Normal { from, .. }) => pos.piece_at(from).is_none(),
        (IllegalMoveKind::NotYourPiece, Move::Normal { from, .. }) => {
            pos.piece_at(from).is_some_and(|p| p.color != us)
        }
        (IllegalMoveKind::CaptureOwnPiece, Move::Normal { to, .. }) => {
            pos.piece_at(to).is_some_and(|p| p.color == us)
        }
        (IllegalMoveKind::CaptureProtected, Move::Normal { to, .. }) => {
            pos.protected().has(to) && pos.piece_at(to).is_some_and(|p| p.color != us)
        }
        (IllegalMoveKind::CannotReach, Move::Normal { from, to, .. }) => {
            pos.piece_at(from).is_some_and(|p| p.color == us)
                && pos.piece_at(to).is_none_or(|p| p.color != us)
                && !pos.protected().has(to)
                && !pseudo
                    .iter()
                    .any(|p| p.from() == Some(from) && p.to() == to)
        }
        (
            IllegalMoveKind::BadPromotion,
            Move::Normal {
                from,
                to,
                promote: true,
            },
        ) => pos.piece_at(from).is_some_and(|p| {
            !p.kind.can_promote() || !(from.is_promotion_zone(us) || to.is_promotion_zone(us))
        }),
        (
            IllegalMoveKind::StuckPiece,
            Move::Normal {
                from,
                to,
                promote: false,
            },
        ) => pos.piece_at(from).is_some_and(|p| is_dead(p.kind, us, to)),
        (IllegalMoveKind::StuckPiece, Move::Drop { kind, to }) => is_dead(kind, us, to),
        (IllegalMoveKind::NotInHand, Move::Drop { kind, .. }) => {
            !kind.is_hand_kind() || !pos.hand(us).has(kind)
        }
        (IllegalMoveKind::Occupied, Move::Drop { to, .. }) => pos.piece_at(to).is_some(),
        (
            IllegalMoveKind::TwoPawns,
            Move::Drop {
                kind: PieceKind::Pawn,
                to,
            },
        ) => Square::ALL.iter().any(|&s| {
            s.file() == to.file() && pos.piece_at(s) == Some(Piece::new(us, PieceKind::Pawn))
        }),
        (
            IllegalMoveKind::DropPawnMate,
            Move::Drop {
                kind: PieceKind::Pawn,
                ..
            },
        ) => {
            pseudo.contains(&m) && {
                let (after, after_protected) = after_pseudo(m);
                !reference::king_capturable(&after, &after_protected, us)
                    && reference::king_capturable(&after, &after_protected, !us)
                    && reference::legal_moves_protected(&after, &after_protected).is_empty()
            }
        }
        (IllegalMoveKind::LeavesKingInCheck, _) => {
            pseudo.contains(&m) && {
                let (after, after_protected) = after_pseudo(m);
                reference::king_capturable(&after, &after_protected, us)
            }
        }
        _ => false,
    };
    prop_assert!(
        holds,
        "{}: {} was refused as {:?}, which is not a reason here",
        sfen(pos),
        m,
        kind
    );
    Ok(())
}

/// Checks `is_legal` and `play` for `m`.
fn check_move<R: VariantHooks>(ctx: &Context<'_, R>, m: Move) -> Result<(), TestCaseError> {
    let pos = ctx.pos;
    let is_legal = pos.is_legal(m);
    prop_assert_eq!(
        is_legal,
        ctx.legal.contains(&m),
        "{}: is_legal({}) disagrees with legal_moves",
        sfen(pos),
        m
    );
    let mut played = *pos;
    match played.play(m) {
        Ok(()) => {
            prop_assert!(
                is_legal,
                "{}: play({}) accepted an illegal move",
                sfen(pos),
                m
            );
            let mut unchecked = *pos;
            unchecked.play_unchecked(m);
            prop_assert_eq!(played.to_setup(), unchecked.to_setup());
            prop_assert_eq!(played.protected(), unchecked.protected());
            prop_assert_eq!(played.zobrist(), unchecked.zobrist());
        }
        Err(e) => {
            prop_assert!(!is_legal, "{}: play({}) refused a legal move", sfen(pos), m);
            prop_assert_eq!(e.mv, m);
            prop_assert_eq!(&played, pos, "play({}) changed the position", m);
            prop_assert_eq!(played.to_setup(), pos.to_setup());
            prop_assert_eq!(played.zobrist(), pos.zobrist());
            prop_assert_eq!(played.checkers(), pos.checkers());
            prop_assert_eq!(played.pinned(), pos.pinned());
            prop_assert_eq!(played.protected(), pos.protected());
            check_reason(ctx, m, e.kind)?;
        }
    }
    Ok(())
}

/// How many pieces of each unpromoted kind the board and both hands hold together.
fn material<R: VariantHooks>(pos: &Position<R>) -> [u32; 8] {
    let mut out = [0u32; 8];
    for sq in pos.occupied() {
        if let Some(p) = pos.piece_at(sq) {
            out[p.kind.unpromote().index()] += 1;
        }
    }
    for color in Color::ALL {
        for (kind, n) in pos.hand(color).iter() {
            out[kind.index()] += u32::from(n);
        }
    }
    out
}

/// The move rotated with the board.
fn flip_move(m: Move) -> Move {
    match m {
        Move::Normal { from, to, promote } => Move::Normal {
            from: from.flip(),
            to: to.flip(),
            promote,
        },
        Move::Drop { kind, to } => Move::Drop {
            kind,
            to: to.flip(),
        },
    }
}

/// Whether this position gets the expensive checks (one in `n`), chosen by the key computed from
/// scratch, so independent of the path to the position.
fn is_sampled<R: VariantHooks>(pos: &Position<R>, n: u64) -> bool {
    shogi_movegen::testing::compute_hash(pos).is_multiple_of(n)
}

/// The invariants of one position that do not need the position it came from.
fn check_position<R: VariantHooks>(pos: &Position<R>) -> Result<(), TestCaseError> {
    let name = sfen(pos);

    // Round trips (setup with its marks, SFEN text) and Zobrist.
    let setup = pos.to_setup();
    prop_assert_eq!(
        setup.protected,
        pos.protected(),
        "{}: marks of to_setup",
        name
    );
    let read: Result<Setup, _> = name.parse();
    prop_assert_eq!(read.as_ref(), Ok(&setup), "{}: SFEN round trip", name);
    prop_assert_eq!(setup.to_string(), name.clone());
    let again = Position::<R>::from_setup(setup).or_else(|e| e.ignore_soft());
    prop_assert!(again.is_ok(), "{}: from_setup(to_setup()) failed", name);
    let again = again.expect("checked");
    prop_assert_eq!(&again, pos, "{}: round trip", name);
    // And through `FromStr`, the reverse of `Display` (soft faults waived as above).
    let parsed = match name.parse::<Position<R>>() {
        Ok(p) => Ok(p),
        Err(shogi_movegen::ParsePositionError::Position(e)) => e.ignore_soft(),
        Err(e) => panic!("{name}: {e}"),
    };
    let parsed = parsed.ok();
    prop_assert_eq!(parsed.as_ref(), Some(pos), "{}: FromStr round trip", name);
    prop_assert_eq!(again.protected(), pos.protected());
    prop_assert_eq!(again.to_setup(), pos.to_setup());
    prop_assert_eq!(
        shogi_movegen::testing::compute_hash(&again),
        shogi_movegen::testing::compute_hash(pos)
    );
    prop_assert!(
        pos.protected()
            .iter()
            .all(|sq| pos.piece_at(sq) == Some(BLACK_SILVER)),
        "{}: a protected square holds no black silver",
        name
    );

    // The legal moves, without duplicates, and the queries derived from them.
    let all = walk::all_moves(pos);
    let ctx = Context::new(pos, &all);
    let legal = &ctx.legal;
    prop_assert_eq!(legal.len(), all.len(), "{}: duplicate moves", name);
    prop_assert_eq!(pos.count_legal_moves(), all.len() as u64);
    let list = pos.legal_moves();
    if !list.is_truncated() {
        prop_assert_eq!(list.as_slice(), all.as_slice(), "{}: legal_moves", name);
    }
    for sq in Square::ALL {
        let from: BTreeSet<Move> = pos.legal_moves_from(sq).iter().copied().collect();
        let expected: BTreeSet<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.from() == Some(sq))
            .collect();
        prop_assert_eq!(from, expected, "{}: legal_moves_from({})", name, sq);
    }
    for kind in PieceKind::ALL {
        let expected: Bitboard = legal
            .iter()
            .filter_map(|m| match *m {
                Move::Drop { kind: k, to } if k == kind => Some(to),
                _ => None,
            })
            .collect();
        prop_assert_eq!(
            pos.legal_drops(kind),
            expected,
            "{}: legal_drops({})",
            name,
            kind
        );
    }
    let theirs = pos.pieces_of_color(!pos.side_to_move());
    let captures: BTreeSet<Move> = pos.legal_captures().iter().copied().collect();
    let expected: BTreeSet<Move> = legal
        .iter()
        .copied()
        .filter(|m| !m.is_drop() && theirs.has(m.to()))
        .collect();
    prop_assert_eq!(captures, expected, "{}: legal_captures", name);
    let drops: BTreeSet<Move> = pos.legal_drop_moves().iter().copied().collect();
    let expected: BTreeSet<Move> = legal.iter().copied().filter(|m| m.is_drop()).collect();
    prop_assert_eq!(drops, expected, "{}: legal_drop_moves", name);

    // Every legal move: is_legal, play, material, move number and side.
    let before = material(pos);
    for &m in &all {
        check_move(&ctx, m)?;
        let mut child = *pos;
        child.play_unchecked(m);
        prop_assert_eq!(
            material(&child),
            before,
            "{}: {} changed the material",
            name,
            m
        );
        prop_assert_eq!(
            child.move_number().get(),
            pos.move_number().get().saturating_add(1)
        );
        prop_assert_ne!(child.side_to_move(), pos.side_to_move());
    }

    // Random and near-miss moves.
    let mut rng = Rng::new(shogi_movegen::testing::compute_hash(pos));
    for m in random_moves(pos, &mut rng, &all) {
        check_move(&ctx, m)?;
    }

    // Perft: divide, unbulked, and (for standard rules) the rotated position.
    let divide = pos.perft_divide(1);
    prop_assert_eq!(divide.len(), all.len());
    prop_assert!(divide.iter().all(|&(m, n)| n == 1 && legal.contains(&m)));
    if is_sampled(pos, 32) {
        for m in exhaustive_moves(pos) {
            check_move(&ctx, m)?;
        }
    }
    if is_sampled(pos, 8) {
        let perft2 = pos.perft(2);
        let divide: u64 = pos.perft_divide(2).iter().map(|&(_, n)| n).sum();
        prop_assert_eq!(divide, perft2, "{}: perft_divide(2)", name);
        prop_assert_eq!(pos.perft_unbulked(2), perft2, "{}: perft_unbulked(2)", name);
        prop_assert_eq!(pos.perft(1), all.len() as u64);
        prop_assert_eq!(pos.perft(0), 1);
        prop_assert_eq!(pos.perft_unbulked(0), 1);
    }
    Ok(())
}

/// Rotating the board and swapping colours: the same number of moves, the rotated moves, the
/// same perft 2 (standard rules; a Black king missing becomes a White king missing, which is
/// a hard fault, so such positions are skipped).
fn check_flipped(pos: &Position<Standard>) -> Result<(), TestCaseError> {
    let Ok(flipped) = Position::<Standard>::from_setup(pos.to_setup().flipped())
        .or_else(|e| e.ignore(Fault::TooMuchMaterial))
    else {
        prop_assert!(
            pos.king(Color::Black).is_none(),
            "{}: flipped is invalid",
            sfen(pos)
        );
        return Ok(());
    };
    let mut expected: Vec<Move> = walk::all_moves(pos).into_iter().map(flip_move).collect();
    expected.sort();
    let mut moves = walk::all_moves(&flipped);
    moves.sort();
    prop_assert_eq!(
        moves,
        expected,
        "{}: moves of the rotated position",
        sfen(pos)
    );
    prop_assert_eq!(flipped.count_legal_moves(), pos.count_legal_moves());
    prop_assert_eq!(flipped.checkers().flip(), pos.checkers());
    prop_assert_eq!(flipped.pinned().flip(), pos.pinned());
    let back = Position::<Standard>::from_setup(flipped.to_setup().flipped())
        .or_else(|e| e.ignore(Fault::TooMuchMaterial));
    prop_assert_eq!(back.ok(), Some(*pos));
    if is_sampled(pos, 8) {
        prop_assert_eq!(
            flipped.perft(2),
            pos.perft(2),
            "{}: perft 2 rotated",
            sfen(pos)
        );
    }
    Ok(())
}

/// Walks `choices` from `start`, checking every position; returns how many were checked.
fn check_walk<R: VariantHooks>(
    start: Position<R>,
    choices: &[u64],
    extra: impl Fn(&Position<R>) -> Result<(), TestCaseError>,
) -> Result<u64, TestCaseError> {
    let mut count = 0u64;
    let mut previous = start;
    walk::walk(start, choices, |pos, step| {
        if let walk::Step::Played(m) = step {
            prop_assert!(previous.is_legal(m));
            prop_assert_eq!(material(pos), material(&previous), "{} material", m);
        }
        check_position(pos)?;
        extra(pos)?;
        previous = *pos;
        count += 1;
        Ok(())
    })?;
    Ok(count)
}

/// All the per-position invariants along 30 random walks from the start position, and the
/// rotation symmetry.
#[test]
fn walk_invariants() {
    let mut positions = 0u64;
    run(30, walk::choices(200), |choices| {
        positions += check_walk(Position::<Standard>::start(), &choices, check_flipped)?;
        Ok(())
    });
    eprintln!("walk_invariants: {positions} positions checked");
}

/// The invariants under rules that protect Black's unpromoted silvers, with two positions
/// that differ only in protection compared too.
#[test]
fn protected_walk_invariants() {
    let mut positions = 0u64;
    run(12, walk::choices(200), |choices| {
        positions += check_walk(walk::silver_start(), &choices, |pos| {
            if let Some(sq) = pos.protected().first() {
                let mut setup = pos.to_setup();
                setup.protected = setup.protected.without(sq);
                let less = Position::<SilverRules>::from_setup(setup).or_else(|e| e.ignore_soft());
                prop_assert!(less.is_ok());
                let less = less.expect("checked");
                prop_assert_ne!(&less, pos, "protection is part of the identity");
                prop_assert_ne!(less.zobrist(), pos.zobrist());
                prop_assert_eq!(less.zobrist(), shogi_movegen::testing::compute_hash(&less));
            }
            Ok(())
        })?;
        Ok(())
    });
    eprintln!("protected_walk_invariants: {positions} positions checked");
}

prop_compose! {
    /// Any setup, valid or not: fewer than `max_pieces` random pieces, zero to two kings of each
    /// colour, hands of (rarely) up to 20 pieces of a kind, either side to move, any move number.
    fn any_setup(max_pieces: usize)(
        pieces in proptest::collection::vec((0usize..81, any::<bool>(), 0usize..14), 0..max_pieces),
        black_kings in prop_oneof![1 => Just(0usize), 8 => Just(1), 1 => Just(2)],
        white_kings in prop_oneof![1 => Just(0usize), 8 => Just(1), 1 => Just(2)],
        king_squares in proptest::collection::vec(0usize..81, 4),
        hands in proptest::collection::vec(
            (any::<bool>(), 0usize..7, prop_oneof![4 => 0u8..=2, 1 => 0u8..=20]),
            0..6,
        ),
        white_to_move in any::<bool>(),
        move_number in 1u32..=u32::MAX,
    ) -> Setup {
        let mut setup = Setup::empty();
        for (sq, black, kind) in pieces {
            let color = if black { Color::Black } else { Color::White };
            setup.set_piece(Square::ALL[sq], Some(Piece::new(color, PieceKind::ALL[kind])));
        }
        let kings = std::iter::repeat_n(Color::Black, black_kings)
            .chain(std::iter::repeat_n(Color::White, white_kings));
        for (color, &sq) in kings.zip(&king_squares) {
            setup.set_piece(Square::ALL[sq], Some(Piece::new(color, PieceKind::King)));
        }
        let mut h = ByColor::new(Hand::EMPTY, Hand::EMPTY);
        for (black, kind, n) in hands {
            let color = if black { Color::Black } else { Color::White };
            h[color] = h[color].with_count(PieceKind::HAND_KINDS[kind], n).unwrap_or(h[color]);
        }
        setup.hands = h;
        setup.side_to_move = if white_to_move { Color::White } else { Color::Black };
        setup.move_number = std::num::NonZeroU32::new(move_number).unwrap_or(std::num::NonZeroU32::MIN);
        setup
    }
}

/// The faults of `setup`, computed independently of `from_setup`. `OpponentInCheck` is only
/// decided when each side has at most one king (`None` otherwise).
fn expected_faults(setup: &Setup) -> (Faults, Option<bool>) {
    let mut faults = Faults::NONE;
    let kings = ByColor::new_with(|c| {
        setup
            .pieces()
            .filter(|&(_, p)| p == Piece::new(c, PieceKind::King))
            .count()
    });
    if kings.white == 0 {
        faults = faults.with(Fault::MissingKing);
    } else if kings.black == 0 {
        faults = faults.with(Fault::MissingAttackerKing);
    }
    if kings.black > 1 || kings.white > 1 {
        faults = faults.with(Fault::TooManyKings);
    }
    for color in Color::ALL {
        for file in 1..=9 {
            let pawns = setup
                .pieces()
                .filter(|&(sq, p)| {
                    sq.file().get() == file && p == Piece::new(color, PieceKind::Pawn)
                })
                .count();
            if pawns > 1 {
                faults = faults.with(Fault::TwoPawns);
            }
        }
    }
    if setup.pieces().any(|(sq, p)| is_dead(p.kind, p.color, sq)) {
        faults = faults.with(Fault::StuckPiece);
    }
    let limits = [18, 4, 4, 4, 4, 2, 2, 2];
    let mut counts = [0u32; 8];
    for (_, p) in setup.pieces() {
        counts[p.kind.unpromote().index()] += 1;
    }
    for color in Color::ALL {
        for (kind, n) in setup.hands[color].iter() {
            counts[kind.index()] += u32::from(n);
        }
    }
    if counts.iter().zip(limits).any(|(&n, max)| n > max) {
        faults = faults.with(Fault::TooMuchMaterial);
    }
    let check = (kings.black <= 1 && kings.white <= 1)
        .then(|| reference::king_capturable(setup, &reference::NO_PROTECTION, !setup.side_to_move));
    if check == Some(true) {
        faults = faults.with(Fault::OpponentInCheck);
    }
    (faults, check)
}

/// `from_setup` on random setups: never panics, reports exactly the expected faults, waives
/// soft faults only, and round-trips when the position is built; the valid ones also get the
/// per-position invariants. Rotation keeps the colour-symmetric faults.
#[test]
fn random_setups() {
    let (mut valid, mut soft, mut invalid) = (0u64, 0u64, 0u64);
    let mut marked_positions = 0u64;
    run(3000, prop_oneof![any_setup(12), any_setup(40)], |setup| {
        let result = Position::<Standard>::from_setup(setup.clone());
        let (expected, check_decided) = expected_faults(&setup);
        let faults = match &result {
            Ok(_) => Faults::NONE,
            Err(e) => e.faults(),
        };
        let mut compared = faults;
        if check_decided.is_none() {
            compared = compared.without(Fault::OpponentInCheck);
        }
        prop_assert_eq!(compared, expected, "{}: faults", setup);
        prop_assert_eq!(result.is_ok(), faults.is_empty());
        if let Err(e) = &result {
            prop_assert!(!e.to_string().is_empty());
        }

        // Symmetric faults survive the rotation.
        let flipped = match Position::<Standard>::from_setup(setup.flipped()) {
            Ok(_) => Faults::NONE,
            Err(e) => e.faults(),
        };
        for fault in [
            Fault::TooManyKings,
            Fault::TwoPawns,
            Fault::StuckPiece,
            Fault::TooMuchMaterial,
        ] {
            prop_assert_eq!(
                flipped.contains(fault),
                faults.contains(fault),
                "{:?}",
                fault
            );
        }

        let pos = match result {
            Ok(pos) => {
                valid += 1;
                pos
            }
            Err(e) => {
                // A hard fault cannot be waived; soft faults can, by name or all at once.
                let hard = faults.iter().any(|f| !f.is_soft());
                for fault in Fault::ALL {
                    let after = e.clone().ignore(fault);
                    let left = if fault.is_soft() {
                        faults.without(fault)
                    } else {
                        faults
                    };
                    match after {
                        Ok(_) => prop_assert!(left.is_empty()),
                        Err(e) => prop_assert_eq!(e.faults(), left),
                    }
                }
                match e.ignore_soft() {
                    Ok(pos) => {
                        prop_assert!(!hard);
                        soft += 1;
                        pos
                    }
                    Err(e) => {
                        prop_assert!(hard);
                        prop_assert!(e.faults().iter().all(|f| !f.is_soft()));
                        invalid += 1;
                        return Ok(());
                    }
                }
            }
        };
        prop_assert_eq!(&pos.to_setup(), &setup, "to_setup gives back the setup");
        check_position(&pos)?;
        check_flipped(&pos)?;

        // The same setup with marks: every Black unpromoted silver, random squares (empty
        // ones included), random pieces, random silvers. Under protecting rules BadProtection
        // exactly when a mark is on a square without a black unpromoted silver; under standard
        // rules any mark is BadProtection. A position built with marks gives them back in its
        // setup (and so in its SFEN).
        let silvers = walk::black_silvers(&setup);
        let occupied: Bitboard = setup.pieces().map(|(sq, _)| sq).collect();
        let salt = (setup.move_number.get() % 7) as usize;
        let random: Bitboard = Square::ALL
            .into_iter()
            .filter(|sq| (sq.index() + salt).is_multiple_of(7))
            .collect();
        let mut tried = Vec::new();
        for marks in [silvers, random, random & occupied, random & silvers] {
            if tried.contains(&marks) {
                continue;
            }
            tried.push(marks);
            let mut marked = setup.clone();
            marked.protected = marks;
            let bad = marks
                .iter()
                .any(|sq| setup.piece_at(sq) != Some(BLACK_SILVER));
            let result = Position::<SilverRules>::from_setup(marked.clone());
            let got = result.as_ref().err().map_or(Faults::NONE, |e| e.faults());
            prop_assert_eq!(got.contains(Fault::BadProtection), bad, "{}: marks", marked);
            prop_assert_eq!(got.without(Fault::BadProtection), faults, "{}", marked);
            if let Ok(p) = result.or_else(|e| e.ignore_soft()) {
                prop_assert!(!bad, "{}: a bad mark was accepted", marked);
                prop_assert_eq!(p.protected(), marks);
                prop_assert_eq!(&p.to_setup(), &marked, "to_setup keeps the marks");
                if marks.is_nonempty() {
                    marked_positions += 1;
                    check_position(&p)?;
                }
            }
            let standard = Position::<Standard>::from_setup(marked.clone());
            let got = standard.as_ref().err().map_or(Faults::NONE, |e| e.faults());
            prop_assert_eq!(
                got.contains(Fault::BadProtection),
                marks.is_nonempty(),
                "{}: a mark under standard rules",
                marked
            );
            prop_assert_eq!(got.without(Fault::BadProtection), faults, "{}", marked);
        }
        Ok(())
    });
    eprintln!(
        "random_setups: {valid} valid, {soft} valid after waiving soft faults, {invalid} invalid; \
         {marked_positions} valid with protected silvers"
    );
    assert!(
        marked_positions >= 50 || std::env::var_os("PROPTEST_CASES").is_some(),
        "too few setups with protected silvers: {marked_positions}"
    );
}

/// The incremental Zobrist key along random walks (standard and protecting rules): equal to
/// the key computed from scratch after every move and edit, and equal to the key of the same
/// position rebuilt from its setup (`Hash` must agree with `Eq`).
#[test]
fn incremental_zobrist() {
    fn check<R: VariantHooks>(start: Position<R>, choices: &[u64]) -> Result<u64, TestCaseError> {
        let mut count = 0;
        walk::walk(start, choices, |pos, step| {
            prop_assert_eq!(
                pos.zobrist(),
                shogi_movegen::testing::compute_hash(pos),
                "{}: incremental key after {:?}",
                sfen(pos),
                step
            );
            let again = Position::<R>::from_setup(pos.to_setup())
                .or_else(|e| e.ignore_soft())
                .expect("a position round-trips");
            prop_assert_eq!(again.zobrist(), pos.zobrist(), "{}: rebuilt key", sfen(pos));
            count += 1;
            Ok(())
        })?;
        Ok(count)
    }
    let mut positions = 0u64;
    run(200, walk::choices(200), |choices| {
        positions += check(Position::<Standard>::start(), &choices)?;
        positions += check(walk::silver_start(), &choices)?;
        Ok(())
    });
    eprintln!("incremental_zobrist: {positions} positions checked");
}

/// Regression, found by `incremental_zobrist`: the key once mixed XOR (board, protection,
/// side) with wrapping addition (hand counts), and `(x + h) ^ k != (x ^ k) + h`, so with a
/// piece in hand the incremental key drifted from the key computed from scratch. Now every
/// part of the key is added. Minimal case: a king move with a pawn in hand.
#[test]
fn regression_incremental_zobrist_with_piece_in_hand() {
    let setup: Setup = "4k4/9/9/9/9/9/9/9/4K4 b P 1".parse().expect("valid sfen");
    let mut pos = Position::<Standard>::from_setup(setup).expect("valid position");
    assert_eq!(pos.zobrist(), shogi_movegen::testing::compute_hash(&pos));
    pos.play("5i5h".parse().expect("valid usi"))
        .expect("legal move");
    let rebuilt = Position::<Standard>::from_setup(pos.to_setup()).expect("valid position");
    assert_eq!(rebuilt, pos);
    assert_eq!(
        pos.zobrist(),
        shogi_movegen::testing::compute_hash(&pos),
        "incremental key after 5i5h with a pawn in hand"
    );
    assert_eq!(
        rebuilt.zobrist(),
        pos.zobrist(),
        "equal positions must have equal keys"
    );
}

/// Regression: a hand holds at most `Hand::MAX_COUNT` (255) pieces of a kind. With
/// `Fault::TooMuchMaterial` waived, Black could hold 255 pawns and capture one more, and the
/// captured pawn vanished. Such setups are now rejected by the hard fault
/// `Fault::MaterialOverflow`; the test accepts either a rejection or a capture that keeps the
/// material.
#[test]
fn regression_capture_into_full_hand_loses_no_piece() {
    let mut full: Setup = "4k4/9/9/9/9/9/4p4/4P4/4K4 b - 1"
        .parse()
        .expect("valid sfen");
    full.hands.black = Hand::EMPTY
        .with_count(PieceKind::Pawn, Hand::MAX_COUNT)
        .expect("pawns fit in a hand");
    let Ok(pos) = Position::<Standard>::from_setup(full).or_else(|e| e.ignore_soft()) else {
        return; // rejected outright: fine
    };
    let capture: Move = "5h5g".parse().expect("valid usi");
    if pos.is_legal(capture) {
        let mut after = pos;
        after.play(capture).expect("legal move");
        assert_eq!(
            material(&after),
            material(&pos),
            "the captured pawn disappeared: black holds {} pawns",
            after.hand(Color::Black).count(PieceKind::Pawn)
        );
    }
}

/// `set_move_number` and `with_move_number` give the position that `from_setup` builds from
/// the same setup with that move number, and the identity (`Eq`, `Hash`, Zobrist key) ignores
/// the move number, as the docs of `Position` say.
#[test]
fn move_number_is_settable_and_no_part_of_the_identity() {
    use std::hash::{BuildHasher, RandomState};
    use std::num::NonZeroU32;

    let hasher = RandomState::new();
    let sfens = [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "ln1g3nl/1r1sk1gs1/p1pppp1pp/6p2/1p7/2P6/PPBPPPPPP/7R1/LN1GKGSNL w Bs 14",
    ];
    for sfen in sfens {
        let setup: Setup = sfen.parse().expect("test sfen");
        let pos = Position::<Standard>::from_setup(setup.clone()).expect("valid");
        for n in [1, 2, 57, 1_000, u32::MAX] {
            let n = NonZeroU32::new(n).expect("non-zero");
            let mut expected = setup.clone();
            expected.move_number = n;
            let truth = Position::<Standard>::from_setup(expected.clone()).expect("valid");

            let mut set = pos;
            set.set_move_number(n);
            let with = pos.with_move_number(n);
            for p in [set, with] {
                assert_eq!(p.move_number(), n);
                assert_eq!(p.to_setup(), expected, "{sfen} with move number {n}");
                assert_eq!(p.to_string(), truth.to_string());
                assert_eq!(p, pos, "Eq ignores the move number");
                assert_eq!(hasher.hash_one(p), hasher.hash_one(pos), "Hash ignores it");
                assert_eq!(p.zobrist(), pos.zobrist(), "so does the key");
                assert_eq!(p.zobrist(), shogi_movegen::testing::compute_hash(&p));
            }
            // Playing on counts from the new number.
            let mut next = with;
            let m = next.legal_moves()[0];
            next.play(m).expect("legal");
            assert_eq!(next.move_number(), n.saturating_add(1));
        }
    }
}
