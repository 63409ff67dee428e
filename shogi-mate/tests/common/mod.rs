//! Helpers of the tests of this crate: brute-force references, a line checker, positions near
//! mate, and rules that protect Black's silvers as the untakeable-silver variant does.
//!
//! The references are deliberately simple: every legal move is played and each result asked
//! `is_check` and `legal_moves`, the generator of `shogi-movegen` that is itself tested against
//! published perft counts and a reference generator.

#![allow(dead_code)]

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use shogi_movegen::{Position, VariantHooks};
use shogi_types::{Bitboard, ByColor, Color, Hand, Move, Piece, PieceKind, Setup, Square};

/// Rules that can protect Black's unpromoted silvers, as the untakeable-silver variant does:
/// the king cannot take a protected silver, nor can any other piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SilverRules;

impl VariantHooks for SilverRules {
    type Protected = Bitboard;

    fn can_be_protected(piece: Piece) -> bool {
        piece == Piece::new(Color::Black, PieceKind::Silver)
    }
}

/// Every legal move of `pos`, through `for_each_legal_move`.
pub fn all_moves<R: VariantHooks>(pos: &Position<R>) -> Vec<Move> {
    let mut out = Vec::new();
    pos.for_each_legal_move(|m| out.push(m));
    out
}

/// Whether the side to move is mated, by definition: in check and without a legal move.
pub fn mated<R: VariantHooks>(pos: &Position<R>) -> bool {
    pos.is_check() && all_moves(pos).is_empty()
}

/// Every legal move after which the opponent is mated, by playing each.
pub fn brute_mates<R: VariantHooks>(pos: &Position<R>) -> Vec<Move> {
    all_moves(pos)
        .into_iter()
        .filter(|&m| {
            let mut child = *pos;
            child.play_unchecked(m);
            mated(&child)
        })
        .collect()
}

/// Whether the side to move mates within `plies` (odd) plies, checking at every move: some
/// legal move gives check and then either the opponent has no legal move, or (with three plies
/// or more left) every reply leads to a position with a mate within `plies - 2`.
pub fn brute_mate_within<R: VariantHooks>(pos: &Position<R>, plies: u32) -> bool {
    all_moves(pos).into_iter().any(|m| {
        let mut child = *pos;
        child.play_unchecked(m);
        if !child.is_check() {
            return false;
        }
        let replies = all_moves(&child);
        replies.is_empty()
            || plies >= 3
                && replies.into_iter().all(|r| {
                    let mut next = child;
                    next.play_unchecked(r);
                    brute_mate_within(&next, plies - 2)
                })
    })
}

/// Checks `line` as a mate from `pos`: an odd number of plies, every move legal (played with
/// `play`, which checks), every attacking move giving check, no position repeated, and the
/// last position a checkmate.
pub fn replays_as_mate<R: VariantHooks>(pos: &Position<R>, line: &[Move]) -> Result<(), String> {
    if line.len().is_multiple_of(2) {
        return Err(format!("{} plies", line.len()));
    }
    let mut p = *pos;
    let mut seen = vec![p];
    for (i, &m) in line.iter().enumerate() {
        p.play(m).map_err(|e| format!("ply {}: {e}", i + 1))?;
        if i % 2 == 0 && !p.is_check() {
            return Err(format!("ply {}: {m} gives no check", i + 1));
        }
        if seen.contains(&p) {
            return Err(format!("ply {}: the position repeats", i + 1));
        }
        seen.push(p);
    }
    if mated(&p) {
        Ok(())
    } else {
        Err(format!("{p} is no mate"))
    }
}

/// A proptest configuration with a fixed seed (`PROPTEST_RNG_SEED` and `PROPTEST_CASES`
/// override seed and count).
pub fn config(cases: u32) -> Config {
    let mut config = Config::with_cases(cases);
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = RngSeed::Fixed(0x4d41_5445_3331);
    }
    if let Some(n) = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        config.cases = n;
    }
    config.failure_persistence = None;
    config.max_shrink_iters = 256;
    // The strategies that keep only positions with a mate reject most candidates.
    config.max_global_rejects = 1_000_000;
    config.max_local_rejects = 1_000_000;
    config
}

/// Runs `test` on `cases` values of `strategy`; panics with the minimal failing value.
pub fn run<S: Strategy>(
    cases: u32,
    strategy: S,
    test: impl FnMut(S::Value) -> Result<(), TestCaseError>,
) where
    S::Value: std::fmt::Debug,
{
    let test = std::cell::RefCell::new(test);
    let mut runner = TestRunner::new(config(cases));
    if let Err(e) = runner.run(&strategy, |v| (test.borrow_mut())(v)) {
        panic!("{e}");
    }
}

/// The kinds a board piece may have (all but the king).
const BOARD_KINDS: [PieceKind; 13] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::ProPawn,
    PieceKind::ProLance,
    PieceKind::ProKnight,
    PieceKind::ProSilver,
    PieceKind::Horse,
    PieceKind::Dragon,
];

/// One candidate piece near the defending king: file and rank steps from the corner, kind,
/// whether it belongs to the attacker.
type Candidate = (u8, u8, usize, bool);

/// Positions near mate, many with a mate in one or three: the defending king in or near a
/// corner of its own camp, up to eight of its pieces beside it and four of the attacker's around, pieces in the attacker's
/// hand (and now and then in the defender's), the attacker to move, its king far away, close
/// by (then often in check) or (for Black) missing as in a mate problem. Either side attacks. Each piece is kept only if the setup stays valid, so every value is a valid
/// position. Under rules that can protect Black's silvers, a random subset of them is.
pub fn near_mate<R: VariantHooks>() -> impl Strategy<Value = Position<R>> {
    (
        any::<bool>(),
        any::<bool>(),
        (0u8..2, 0u8..2),
        (
            proptest::collection::vec((0u8..3, 0u8..3, 0usize..13, Just(false)), 2..9),
            proptest::collection::vec((0u8..5, 0u8..5, 0usize..13, Just(true)), 1..5),
        )
            .prop_map(|(mut near, far)| {
                near.extend(far);
                near
            }),
        proptest::collection::vec(0u8..3, 7),
        proptest::collection::vec(prop_oneof![3 => Just(0u8), 1 => 0u8..2], 7),
        0u8..6,
        any::<u64>(),
    )
        .prop_map(
            |(white_attacks, left, (kf, kr), pieces, attack_hand, defend_hand, king, marks)| {
                build_near_mate::<R>(
                    white_attacks,
                    left,
                    (kf, kr),
                    &pieces,
                    &attack_hand,
                    &defend_hand,
                    king,
                    marks,
                )
            },
        )
}

/// Positions of [`near_mate`] with a mate in one (by brute force).
pub fn with_mate_in_one<R: VariantHooks>() -> impl Strategy<Value = Position<R>> {
    near_mate::<R>().prop_filter("a mate in one", |p| !brute_mates(p).is_empty())
}

/// Positions of [`near_mate`] where `mate_in` finds a shortest mate of three plies. Chosen
/// by the function under test only to find such positions quickly: the tests compare its
/// answers on them with brute force.
pub fn with_mate_in_three<R: VariantHooks>() -> impl Strategy<Value = Position<R>> {
    near_mate::<R>().prop_filter("a mate in three", |p| {
        matches!(shogi_mate::mate_in(p, 3, 1_000_000), shogi_mate::ShortMate::Mate(line) if line.len() == 3)
    })
}

#[allow(clippy::too_many_arguments)]
fn build_near_mate<R: VariantHooks>(
    white_attacks: bool,
    left: bool,
    (kf, kr): (u8, u8),
    pieces: &[Candidate],
    attack_hand: &[u8],
    defend_hand: &[u8],
    king: u8,
    marks: u64,
) -> Position<R> {
    // Built as if Black attacked (the defender's camp at the top), then turned round.
    let frame = |file: u8, rank: u8| -> Option<Square> {
        let file = if left { 9 - file } else { 1 + file };
        let sq = Square::from_file_rank(file, 1 + rank)?;
        Some(if white_attacks { sq.flip() } else { sq })
    };
    let attacker = if white_attacks {
        Color::White
    } else {
        Color::Black
    };
    let defender = !attacker;
    let valid = |setup: &Setup| -> Option<Position<R>> {
        Position::<R>::from_setup(setup.clone())
            .or_else(|e| e.ignore_soft())
            .ok()
    };
    let mut setup = Setup::empty();
    setup.side_to_move = attacker;
    if let Some(sq) = frame(kf, kr) {
        setup.set_piece(sq, Some(Piece::new(defender, PieceKind::King)));
    }
    let attacker_king = match king {
        0 if !white_attacks => None,
        0..=2 => frame(8 - u8::from(king == 2), 8),
        _ => frame(king - 1, 4),
    };
    if let Some(sq) = attacker_king
        && setup.piece_at(sq).is_none()
    {
        setup.set_piece(sq, Some(Piece::new(attacker, PieceKind::King)));
    }
    let mut hands = ByColor::new(Hand::EMPTY, Hand::EMPTY);
    for (kind, (&a, &d)) in PieceKind::HAND_KINDS
        .into_iter()
        .zip(attack_hand.iter().zip(defend_hand))
    {
        hands[attacker] = hands[attacker]
            .with_count(kind, a)
            .unwrap_or(hands[attacker]);
        hands[defender] = hands[defender]
            .with_count(kind, d)
            .unwrap_or(hands[defender]);
    }
    setup.hands = hands;
    let mut pos = valid(&setup);
    for &(df, dr, kind, ours) in pieces {
        let Some(sq) = frame(df, dr) else { continue };
        if setup.piece_at(sq).is_some() {
            continue;
        }
        let color = if ours { attacker } else { defender };
        let mut next = setup.clone();
        next.set_piece(sq, Some(Piece::new(color, BOARD_KINDS[kind])));
        if let Some(p) = valid(&next) {
            setup = next;
            pos = Some(p);
        }
    }
    // Protect a random subset of the silvers the rules may protect.
    let protectable: Vec<Square> = setup
        .pieces()
        .filter(|&(_, p)| R::can_be_protected(p))
        .map(|(sq, _)| sq)
        .collect();
    for (i, sq) in protectable.into_iter().enumerate() {
        if marks >> (i % 64) & 1 == 1 {
            let mut next = setup.clone();
            next.protected = next.protected.with(sq);
            if let Some(p) = valid(&next) {
                setup = next;
                pos = Some(p);
            }
        }
    }
    // Without pieces the hands may still be too much; fall back to the two kings.
    pos.unwrap_or_else(|| {
        let mut bare = Setup::empty();
        bare.set_piece(
            Square::SQ_1A,
            Some(Piece::new(Color::White, PieceKind::King)),
        );
        bare.set_piece(
            Square::SQ_9I,
            Some(Piece::new(Color::Black, PieceKind::King)),
        );
        Position::from_setup(bare).expect("two kings")
    })
}
