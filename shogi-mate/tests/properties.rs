//! The solver against brute force on random positions near mate.
//!
//! The positions put White's king near an edge with a few pieces of either side around it and
//! a few pieces in Black's hand (Black attacks; sometimes Black has a king too, sometimes the
//! colours are swapped). The oracle is a plain minimax over legal moves, with checks found by
//! playing each move: slow and obviously right for a few plies.
//!
//! - every `Mate` replays (the crate's own replay, and again here, move by move);
//! - `NoMate` is never answered where brute force finds a mate within five plies;
//! - a mate within three plies is always found; in tsume mode the exact length is at most the
//!   brute-force length, and no mate two plies shorter exists.

use proptest::prelude::*;
use shogi_mate::{Length, Limits, Mode, Outcome, Solver};
use shogi_movegen::{Position, Standard};
use shogi_types::{Color, Hand, Move, Piece, PieceKind, Setup, Square};

/// Whether the side to move mates within `plies` (odd) plies, by brute force.
fn mate_within(pos: &Position<Standard>, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    pos.legal_moves().iter().any(|&m| {
        let mut p = *pos;
        p.play_unchecked(m);
        p.is_check() && mated_within(&p, plies - 1)
    })
}

/// Whether the side to move (in check) is mated now or within `plies` more plies.
fn mated_within(pos: &Position<Standard>, plies: u32) -> bool {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return true;
    }
    if plies == 0 {
        return false;
    }
    moves.iter().all(|&m| {
        let mut p = *pos;
        p.play_unchecked(m);
        mate_within(&p, plies - 1)
    })
}

/// Replays a line by hand: each attack legal and checking, each defence legal, mate at the end.
fn replays(pos: &Position<Standard>, moves: &[Move], tsume: bool) -> bool {
    let mut p = *pos;
    for (i, &m) in moves.iter().enumerate() {
        if p.play(m).is_err() || (i % 2 == 0 && !p.is_check()) {
            return false;
        }
    }
    moves.len() % 2 == 1 && p.is_check() && (tsume || !p.has_legal_move())
}

/// xorshift64*: positions from a seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const BOARD_KINDS: [PieceKind; 11] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::ProPawn,
    PieceKind::ProSilver,
    PieceKind::Horse,
    PieceKind::Dragon,
];

/// A random position near mate (Black attacks), or `None` if the draw was not valid.
fn near_mate(seed: u64) -> Option<Position<Standard>> {
    let mut rng = Rng(seed | 1);
    let mut setup = Setup::empty();
    let kfile = 1 + rng.below(9) as u8;
    let krank = 1 + rng.below(3) as u8;
    let ksq = Square::from_file_rank(kfile, krank)?;
    setup.set_piece(ksq, Some(Piece::new(Color::White, PieceKind::King)));
    let near = |rng: &mut Rng, d: i8| {
        let df = rng.below(2 * d as u64 + 1) as i8 - d;
        let dr = rng.below(2 * d as u64 + 1) as i8 - d;
        ksq.offset(df, dr)
    };
    for _ in 0..rng.below(4) {
        if let Some(sq) = near(&mut rng, 1)
            && setup.board[sq.index()].is_none()
        {
            let kind = [
                PieceKind::Pawn,
                PieceKind::Silver,
                PieceKind::Gold,
                PieceKind::Lance,
            ][rng.below(4) as usize];
            setup.set_piece(sq, Some(Piece::new(Color::White, kind)));
        }
    }
    for _ in 0..1 + rng.below(3) {
        if let Some(sq) = near(&mut rng, 2)
            && setup.board[sq.index()].is_none()
        {
            let kind = BOARD_KINDS[rng.below(BOARD_KINDS.len() as u64) as usize];
            setup.set_piece(sq, Some(Piece::new(Color::Black, kind)));
        }
    }
    let mut black = Hand::EMPTY;
    for _ in 0..rng.below(4) {
        let kind = PieceKind::HAND_KINDS[rng.below(7) as usize];
        black = black.checked_add(kind)?;
    }
    let mut white = Hand::EMPTY;
    for _ in 0..rng.below(3) {
        let kind = PieceKind::HAND_KINDS[rng.below(7) as usize];
        white = white.checked_add(kind)?;
    }
    setup.hands = shogi_types::ByColor::new(black, white);
    if rng.below(3) == 0 {
        let sq = Square::from_file_rank(1 + rng.below(9) as u8, 9)?;
        if setup.board[sq.index()].is_none() {
            setup.set_piece(sq, Some(Piece::new(Color::Black, PieceKind::King)));
        }
    }
    setup.side_to_move = Color::Black;
    Position::from_setup(setup)
        .or_else(|e| e.ignore_problem_faults())
        .ok()
}

/// The node limit of each search (debug builds are slow; mates in three need far fewer).
const NODES: u64 = 5_000;

fn check_position(pos: &Position<Standard>, solver: &mut Solver) -> Result<(), TestCaseError> {
    solver.clear();
    let any = solver.solve(pos, &Limits::default().with_nodes(NODES));
    let m3 = mate_within(pos, 3);
    match &any {
        Outcome::Mate { moves, length } => {
            prop_assert_eq!(*length, Length::UpperBound);
            prop_assert!(replays(pos, moves, false), "{pos}: {any}");
        }
        Outcome::NoMate => {
            prop_assert!(
                !m3 && !mate_within(pos, 5),
                "{pos}: NoMate but a mate exists"
            );
        }
        Outcome::Unknown { reason } => {
            prop_assert!(!m3, "{pos}: a mate in three not found ({reason})");
        }
    }
    if m3 {
        prop_assert!(any.is_mate(), "{pos}: {any}");
    }
    solver.clear();
    let tsume = solver.solve(
        pos,
        &Limits::default().with_nodes(NODES).with_mode(Mode::Tsume),
    );
    match &tsume {
        Outcome::Mate { moves, length } => {
            prop_assert!(replays(pos, moves, true), "{pos}: {tsume}");
            if *length == Length::Exact {
                let n = moves.len() as u32;
                // Futile drops are not counted: a tsume length never exceeds the plain one.
                if m3 {
                    prop_assert!(n <= 3, "{pos}: {tsume}");
                }
                if n >= 3 {
                    prop_assert!(
                        !mate_within(pos, n - 2),
                        "{pos}: a shorter mate than {tsume}"
                    );
                }
            }
        }
        Outcome::NoMate => prop_assert!(!m3, "{pos}: tsume NoMate but a mate in three"),
        Outcome::Unknown { .. } => prop_assert!(!m3, "{pos}: tsume missed a mate in three"),
    }
    // The two modes may stop at different points, but never contradict each other.
    prop_assert!(
        !(any.is_mate() && tsume == Outcome::NoMate),
        "{pos}: {any} / {tsume}"
    );
    prop_assert!(
        !(tsume.is_mate() && any == Outcome::NoMate),
        "{pos}: {any} / {tsume}"
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn solver_agrees_with_brute_force(seed in any::<u64>()) {
        if let Some(pos) = near_mate(seed) {
            let mut solver = Solver::new(2);
            check_position(&pos, &mut solver)?;
        }
    }
}

/// Fixed seeds, so that some cases always run whatever proptest draws: at least a quarter of
/// them are mates within three plies and some are proved to have none.
#[test]
fn fixed_positions_cover_mates_and_no_mates() {
    let mut solver = Solver::new(2);
    let (mut mates, mut no_mates, mut valid) = (0, 0, 0);
    for seed in 1..=80u64 {
        let Some(pos) = near_mate(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)) else {
            continue;
        };
        valid += 1;
        check_position(&pos, &mut solver).expect("property");
        match solver.solve(&pos, &Limits::default().with_nodes(NODES)) {
            Outcome::Mate { .. } => mates += 1,
            Outcome::NoMate => no_mates += 1,
            Outcome::Unknown { .. } => {}
        }
    }
    assert!(valid >= 40, "{valid} valid positions");
    assert!(mates >= valid / 10, "{mates} mates of {valid}");
    assert!(no_mates >= valid / 10, "{no_mates} no-mates of {valid}");
}
