//! The check of `mate_search`: the df-pn solver of `shogi-mate` on arbitrary positions with
//! tiny limits.

use arbitrary::{Arbitrary, Unstructured};
use shogi_mate::verify::{check_mate_line, check_tsume_line};
use shogi_mate::{Limits, Mode, Outcome, Reason, Solver};
use shogi_movegen::{Position, VariantHooks};
use shogi_types::{Bitboard, Color, Hand, Piece, PieceKind, Setup, Square};
use shogi_variants::UntakeableSilver;

/// `mate_search`: the bytes choose a position (a sparse problem around a king, with pieces of
/// both sides, hands and, in the untakeable-silver variant, protected silvers; or an arbitrary
/// position reached by legal play), a mode, a node limit of 1 to 3000 and sometimes a
/// maximum length, and solve it.
///
/// The solver never panics; a `Mate` replays by the crate's independent replay (and the tsume
/// replay in tsume mode) and its length respects the maximum; `NoMate` is never answered
/// where a mate in one exists; and the search ends within its limits: its nodes are at most
/// the limit plus what reading a proved line back may take (as many again as the limit, at
/// least 100 000).
pub fn check_mate_search(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(kind) = u.int_in_range(0..=3u8) else {
        return;
    };
    match kind {
        0 => {
            if let Ok(pos) = Position::<shogi_movegen::Standard>::arbitrary(&mut u) {
                solve_and_check(&pos, &mut u);
            }
        }
        1 => {
            if let Some(pos) = sparse::<UntakeableSilver>(&mut u) {
                solve_and_check(&pos, &mut u);
            }
        }
        _ => {
            if let Some(pos) = sparse::<shogi_movegen::Standard>(&mut u) {
                solve_and_check(&pos, &mut u);
            }
        }
    }
}

/// A sparse position near a king: the defender's king, up to eight pieces around it, hands,
/// the attacker's king sometimes (always when White attacks), protection marks on Black's
/// silvers when the rules allow them.
fn sparse<R: VariantHooks>(u: &mut Unstructured<'_>) -> Option<Position<R>> {
    let attacker = if u.ratio(1, 4).ok()? {
        Color::White
    } else {
        Color::Black
    };
    let defender = !attacker;
    let mut setup = Setup::empty();
    let ksq = Square::from_index(u.int_in_range(0..=80u8).ok()?)?;
    setup.set_piece(ksq, Some(Piece::new(defender, PieceKind::King)));
    for _ in 0..u.int_in_range(0..=8u8).ok()? {
        let df = u.int_in_range(-2..=2i8).ok()?;
        let dr = u.int_in_range(-2..=2i8).ok()?;
        let Some(sq) = ksq.offset(df, dr) else {
            continue;
        };
        if setup.board[sq.index()].is_some() {
            continue;
        }
        let kind = PieceKind::ALL[u.int_in_range(0..=13usize).ok()?];
        if kind == PieceKind::King {
            continue;
        }
        let color = if u.ratio(2, 3).ok()? {
            attacker
        } else {
            defender
        };
        setup.set_piece(sq, Some(Piece::new(color, kind)));
        if color == Color::Black
            && kind == PieceKind::Silver
            && R::can_be_protected(Piece::new(color, kind))
            && u.ratio(1, 2).ok()?
        {
            setup.protected |= Bitboard::from_square(sq);
        }
    }
    if attacker == Color::White || u.ratio(1, 3).ok()? {
        let sq = Square::from_index(u.int_in_range(0..=80u8).ok()?)?;
        if setup.board[sq.index()].is_none() {
            setup.set_piece(sq, Some(Piece::new(attacker, PieceKind::King)));
        }
    }
    for color in [attacker, defender] {
        let mut hand = Hand::EMPTY;
        for _ in 0..u.int_in_range(0..=5u8).ok()? {
            let kind = PieceKind::HAND_KINDS[u.int_in_range(0..=6usize).ok()?];
            hand = hand.checked_add(kind)?;
        }
        *setup.hands.get_mut(color) = hand;
    }
    setup.side_to_move = attacker;
    Position::from_setup(setup)
        .or_else(|e| e.ignore_problem_faults())
        .ok()
}

fn solve_and_check<R: VariantHooks>(pos: &Position<R>, u: &mut Unstructured<'_>) {
    let Ok(nodes) = u.int_in_range(1..=3000u64) else {
        return;
    };
    let mode = if u.ratio(1, 2).unwrap_or(false) {
        Mode::Tsume
    } else {
        Mode::AnyMate
    };
    let mut limits = Limits::default().with_nodes(nodes).with_mode(mode);
    if u.ratio(1, 4).unwrap_or(false) {
        limits.max_plies = u.int_in_range(0..=31u32).ok();
    }
    let mut solver = Solver::new(1);
    let outcome = solver.solve(pos, &limits);
    let stats = solver.stats();
    let extra = nodes.clamp(100_000, 2_000_000);
    assert!(
        stats.nodes <= nodes + extra + 1,
        "{pos}: {} nodes with a limit of {nodes}",
        stats.nodes
    );
    match &outcome {
        Outcome::Mate { moves, .. } => {
            let replay = if mode == Mode::Tsume {
                check_tsume_line(pos, moves)
            } else {
                check_mate_line(pos, moves)
            };
            assert_eq!(replay, Ok(()), "{pos}: {outcome} does not replay");
            if let Some(max) = limits.max_plies {
                assert!(moves.len() <= max as usize, "{pos}: {outcome} beyond {max}");
            }
        }
        Outcome::NoMate => {
            assert!(!mate_in_one(pos), "{pos}: NoMate, but a mate in one exists");
        }
        Outcome::Unknown { reason } => {
            assert_ne!(
                *reason,
                Reason::Unverified,
                "{pos}: a line failed its replay"
            );
            assert_ne!(*reason, Reason::Memory, "{pos}: 1 MB could not be had");
        }
    }
}

/// Whether a legal move of the side to move checkmates (by playing every move).
fn mate_in_one<R: VariantHooks>(pos: &Position<R>) -> bool {
    pos.legal_moves().iter().any(|&m| {
        let mut p = *pos;
        p.play_unchecked(m);
        p.is_check() && !p.has_legal_move()
    })
}
