//! Random legal walks for the property tests (the differential and invariant tests).
//!
//! A walk is a list of random `u64` choices. Each choice either plays one legal move, picked
//! from a pool that prefers captures, drops, checks or promotions (so hands fill up, pieces
//! promote and kings get chased), or applies a random edit to the setup (a piece placed or
//! removed, a hand changed, a slider put on a king's line, the side to move swapped...). An
//! edit is kept only if `Position::from_setup` accepts the result (with its protection marks,
//! [`Setup::protected`]); now and then a result with only soft faults (too much material, no attacker king) is kept by waiving them
//! explicitly. Every position of a walk is therefore valid, and many are odd: pins, double
//! checks, crowded hands, pawn-drop-mate chances.
//!
//! The module uses only the public API of `shogi-movegen`; it knows nothing of the reference
//! generator.

use std::convert::Infallible;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use shogi_movegen::{Position, VariantHooks};
use shogi_types::{Bitboard, Color, Move, Piece, PieceKind, Setup, Square};

/// What led to a position of a walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The start position of the walk.
    Start,
    /// The move just played.
    Played(Move),
    /// An edit of the setup that was kept.
    Edited,
}

/// A proptest configuration with `cases` cases and a fixed seed, so that a CI run is
/// reproducible. `PROPTEST_RNG_SEED` and `PROPTEST_CASES` still override seed and count.
pub fn config(cases: u32) -> Config {
    let mut config = Config::with_cases(cases);
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = RngSeed::Fixed(0x5348_4f47_4921);
    }
    if let Some(n) = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        config.cases = n;
    }
    // The seed is fixed, so a failure reproduces without a regression file (and the manual
    // runners of these tests have no source file to put one next to).
    config.failure_persistence = None;
    // Shrinking a walk re-checks many positions against the slow reference; keep it bounded.
    config.max_shrink_iters = 256;
    config
}

/// The choices of a walk of up to `max_len` steps.
pub fn choices(max_len: usize) -> impl Strategy<Value = Vec<u64>> {
    proptest::collection::vec(any::<u64>(), 0..max_len)
}

/// All legal moves, through `for_each_legal_move` (a `MoveList` holds at most 600; positions
/// with extra material can have more).
pub fn all_moves<R: VariantHooks>(pos: &Position<R>) -> Vec<Move> {
    let mut out = Vec::new();
    pos.for_each_legal_move(|m| out.push(m));
    out
}

/// Picks a legal move for the choice `c`, or `None` if there is none.
pub fn choose_move<R: VariantHooks>(pos: &Position<R>, c: u64) -> Option<Move> {
    let moves = all_moves(pos);
    if moves.is_empty() {
        return None;
    }
    let theirs = pos.pieces_of_color(!pos.side_to_move());
    let gives_check = |m: &Move| {
        let mut child = *pos;
        child.play_unchecked(*m);
        child.is_check()
    };
    let pool: Vec<Move> = match c & 15 {
        1..=3 => moves
            .iter()
            .copied()
            .filter(|m| !m.is_drop() && theirs.has(m.to()))
            .collect(),
        4..=6 => moves.iter().copied().filter(|m| m.is_drop()).collect(),
        7 | 8 => moves.iter().copied().filter(gives_check).collect(),
        9 => moves.iter().copied().filter(|m| m.is_promotion()).collect(),
        10 => moves
            .iter()
            .copied()
            .filter(|m| {
                matches!(
                    m,
                    Move::Drop {
                        kind: PieceKind::Pawn,
                        ..
                    }
                )
            })
            .collect(),
        _ => Vec::new(),
    };
    let pool = if pool.is_empty() { moves } else { pool };
    let pick = (c >> 8) as usize % pool.len();
    Some(pool[pick])
}

/// A small helper to read fields of a random choice.
struct Bits(u64);

impl Bits {
    fn take(&mut self, bits: u32) -> u64 {
        let v = self.0 & ((1 << bits) - 1);
        self.0 >>= bits;
        v
    }
    fn square(&mut self) -> Square {
        Square::ALL[self.take(7) as usize % 81]
    }
    fn color(&mut self) -> Color {
        if self.take(1) == 0 {
            Color::Black
        } else {
            Color::White
        }
    }
    fn kind(&mut self) -> PieceKind {
        PieceKind::ALL[self.take(4) as usize % 14]
    }
    fn hand_kind(&mut self) -> PieceKind {
        PieceKind::HAND_KINDS[self.take(3) as usize % 7]
    }
}

/// The eight king directions as (file, rank) offsets.
const DIRECTIONS: [(i8, i8); 8] = [
    (0, -1),
    (0, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (-1, 1),
    (1, -1),
    (1, 1),
];

/// The square of `color`'s king in `setup`, if any.
fn king_square(setup: &Setup, color: Color) -> Option<Square> {
    setup
        .pieces()
        .find(|&(_, p)| p == Piece::new(color, PieceKind::King))
        .map(|(sq, _)| sq)
}

/// Puts `piece` on `sq` unless a king stands there; a piece it replaces goes to nobody.
fn put(setup: &mut Setup, sq: Square, piece: Piece) {
    if setup.piece_at(sq).is_none_or(|p| p.kind != PieceKind::King) {
        setup.set_piece(sq, Some(piece));
    }
}

/// Moves the piece on `sq` (not a king) to its owner's hand.
fn to_hand(setup: &mut Setup, sq: Square) {
    if let Some(p) = setup.piece_at(sq)
        && p.kind != PieceKind::King
    {
        setup.set_piece(sq, None);
        if let Some(h) = setup.hands[p.color].checked_add(p.kind) {
            setup.hands[p.color] = h;
        }
    }
}

/// Applies one random edit, chosen by `c`, to `setup`; returns extra squares to protect.
pub fn edit(setup: &mut Setup, c: u64) -> Bitboard {
    let mut bits = Bits(c >> 4);
    let what = bits.take(4);
    let us = setup.side_to_move;
    let mut protect = Bitboard::EMPTY;
    match what {
        // A random piece on a random square.
        0 | 1 => {
            let (sq, color, kind) = (bits.square(), bits.color(), bits.kind());
            let kind = if kind == PieceKind::King {
                PieceKind::Gold
            } else {
                kind
            };
            put(setup, sq, Piece::new(color, kind));
        }
        // A piece goes to its owner's hand.
        2 => to_hand(setup, bits.square()),
        // A hand count changes.
        3 | 4 => {
            let (color, kind, n) = (bits.color(), bits.hand_kind(), bits.take(4) as u8);
            let n = if kind == PieceKind::Pawn { n } else { n % 5 };
            if let Some(h) = setup.hands[color].with_count(kind, n) {
                setup.hands[color] = h;
            }
        }
        // Both sides get pawns (and the side to move often a few more pieces): drop-mate chances.
        5 => {
            for color in Color::ALL {
                let n = bits.take(3) as u8 + 1;
                if let Some(h) = setup.hands[color].with_count(PieceKind::Pawn, n) {
                    setup.hands[color] = h;
                }
            }
        }
        // The other side moves.
        6 => setup.side_to_move = !us,
        // A king moves to a random empty square.
        7 => {
            let (sq, color) = (bits.square(), bits.color());
            if let Some(k) = king_square(setup, color)
                && setup.piece_at(sq).is_none()
            {
                setup.set_piece(k, None);
                setup.set_piece(sq, Some(Piece::new(color, PieceKind::King)));
            }
        }
        // An enemy slider on a line through the side to move's king (a pin or a check).
        8 | 9 => {
            if let Some(k) = king_square(setup, us) {
                let (df, dr) = DIRECTIONS[bits.take(3) as usize];
                let dist = bits.take(3) as i8 + 1;
                let diagonal = df != 0 && dr != 0;
                let kind = match (diagonal, bits.take(2)) {
                    (true, 0) => PieceKind::Horse,
                    (true, _) => PieceKind::Bishop,
                    (false, 0) => PieceKind::Dragon,
                    (false, 1) => PieceKind::Lance,
                    (false, _) => PieceKind::Rook,
                };
                if let Some(sq) = k.offset(df * dist, dr * dist) {
                    put(setup, sq, Piece::new(!us, kind));
                }
            }
        }
        // An enemy piece next to (or a knight's jump from) the side to move's king.
        10 => {
            if let Some(k) = king_square(setup, us) {
                let (df, dr) = DIRECTIONS[bits.take(3) as usize];
                let knight = bits.take(1) == 1;
                let (df, dr) = if knight {
                    (df.signum(), 2 * dr)
                } else {
                    (df, dr)
                };
                let kind = bits.kind();
                if kind != PieceKind::King
                    && let Some(sq) = k.offset(df, dr)
                {
                    put(setup, sq, Piece::new(!us, kind));
                }
            }
        }
        // A piece promotes or loses its promotion.
        11 => {
            let sq = bits.square();
            if let Some(p) = setup.piece_at(sq) {
                let kind = p.kind.promote().unwrap_or(p.kind.unpromote());
                setup.set_piece(sq, Some(Piece::new(p.color, kind)));
            }
        }
        // The 3×3 area around a square is cleared into the hands (kings stay).
        12 => {
            let centre = bits.square();
            for df in -1..=1 {
                for dr in -1..=1 {
                    if let Some(sq) = centre.offset(df, dr) {
                        to_hand(setup, sq);
                    }
                }
            }
        }
        // A piece of the side to move two steps from the enemy king (guards its flight squares).
        13 => {
            if let Some(k) = king_square(setup, !us) {
                let df = bits.take(3) as i8 % 5 - 2;
                let dr = bits.take(3) as i8 % 5 - 2;
                let kind = bits.kind();
                if kind != PieceKind::King
                    && let Some(sq) = k.offset(df, dr)
                {
                    put(setup, sq, Piece::new(us, kind));
                }
            }
        }
        // A black unpromoted silver becomes protected (for rules with protection).
        14 => {
            let silvers: Vec<Square> = setup
                .pieces()
                .filter(|&(_, p)| p == BLACK_SILVER)
                .map(|(sq, _)| sq)
                .collect();
            if !silvers.is_empty() {
                protect = protect.with(silvers[bits.take(8) as usize % silvers.len()]);
            }
        }
        // Black's king disappears (a mate problem; needs the soft-fault opt-in).
        _ => {
            if let Some(k) = king_square(setup, Color::Black) {
                setup.set_piece(k, None);
            }
        }
    }
    protect
}

/// Edits `pos` with the choice `c`; returns the new position if the edit was kept.
pub fn edited<R: VariantHooks>(pos: &Position<R>, c: u64) -> Option<Position<R>> {
    let mut setup = pos.to_setup();
    let protect = edit(&mut setup, c);
    // The marks stay on squares that still hold a piece the rules can protect (none under
    // `Standard`, where any mark is `Fault::BadProtection`).
    setup.protected = (setup.protected | protect)
        .iter()
        .filter(|&sq| setup.piece_at(sq).is_some_and(R::can_be_protected))
        .collect();
    let waive_soft = (c >> 60) & 3 == 0;
    match Position::<R>::from_setup(setup) {
        Ok(p) => Some(p),
        Err(e) if waive_soft => e.ignore_soft().ok(),
        Err(_) => None,
    }
}

/// Plays the walk `choices` from `start`, calling `visit` on every position reached (the start
/// included) with the step that led there. Stops early when a side has no legal move.
///
/// # Errors
/// The first error of `visit`.
pub fn walk<R: VariantHooks, E>(
    start: Position<R>,
    choices: &[u64],
    mut visit: impl FnMut(&Position<R>, Step) -> Result<(), E>,
) -> Result<Position<R>, E> {
    let mut pos = start;
    visit(&pos, Step::Start)?;
    for &c in choices {
        if c & 15 == 0 {
            if let Some(p) = edited(&pos, c) {
                pos = p;
                visit(&pos, Step::Edited)?;
            }
            continue;
        }
        let Some(m) = choose_move(&pos, c) else {
            break;
        };
        pos.play_unchecked(m);
        visit(&pos, Step::Played(m))?;
    }
    Ok(pos)
}

/// The position at the end of the walk `choices` from `start`.
pub fn walk_to<R: VariantHooks>(start: Position<R>, choices: &[u64]) -> Position<R> {
    let Ok(pos) = walk(start, choices, |_, _| Ok::<(), Infallible>(()));
    pos
}

/// Test rules that can protect Black's unpromoted silvers, as the untakeable-silver variant
/// does (`docs/untakeable-silver.md` of the repository). Which silvers are protected is part of the
/// setup: its marks ([`Setup::protected`], `S!` in SFEN); [`protect_black_silvers`] marks all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SilverRules;

/// Black's unpromoted silver, the only piece [`SilverRules`] protects.
pub const BLACK_SILVER: Piece = Piece::new(Color::Black, PieceKind::Silver);

impl VariantHooks for SilverRules {
    type Protected = Bitboard;

    fn can_be_protected(piece: Piece) -> bool {
        piece == BLACK_SILVER
    }
}

/// The squares of Black's unpromoted silvers in `setup`.
pub fn black_silvers(setup: &Setup) -> Bitboard {
    setup
        .pieces()
        .filter(|&(_, p)| p == BLACK_SILVER)
        .map(|(sq, _)| sq)
        .collect()
}

/// `setup` with exactly Black's unpromoted silvers marked protected.
pub fn protect_black_silvers(mut setup: Setup) -> Setup {
    setup.protected = black_silvers(&setup);
    setup
}

/// The standard start under [`SilverRules`] with both of Black's silvers protected.
pub fn silver_start() -> Position<SilverRules> {
    Position::from_setup(protect_black_silvers(Setup::start())).expect("valid start")
}

/// Runs `test` on `cases` values of `strategy` with [`config`]; panics with the minimal failing
/// value. The tests count what they compare, so `test` may be `FnMut`.
pub fn run<S: Strategy>(
    cases: u32,
    strategy: S,
    test: impl FnMut(S::Value) -> Result<(), proptest::test_runner::TestCaseError>,
) where
    S::Value: std::fmt::Debug,
{
    // `TestRunner::run` takes an `Fn`.
    let test = std::cell::RefCell::new(test);
    let mut runner = proptest::test_runner::TestRunner::new(config(cases));
    if let Err(e) = runner.run(&strategy, |v| (test.borrow_mut())(v)) {
        panic!("{e}");
    }
}
