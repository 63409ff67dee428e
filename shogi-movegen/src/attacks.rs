//! Attack tables and attack functions for every piece kind.
//!
//! Step pieces use tables indexed by colour and square; sliders (lance, bishop, rook and their
//! promoted forms) scan rays with two bit tricks on the 81-bit board, so no large tables are
//! needed:
//! - towards higher square indices the first blocker is the lowest set bit `b` of
//!   `occupied & ray`, and `x ^ (x - 1)` keeps the ray up to and including it;
//! - towards lower indices it is the highest set bit, found with `leading_zeros`.
//!
//! All functions take the occupancy as a [`Bitboard`] and return the attacked squares, whoever
//! stands on them (mask with the mover's pieces to get destinations).

use shogi_types::{Bitboard, Color, PieceKind, Square};

/// Offsets (file, rank) of each step pattern for Black; White's are negated.
pub(crate) const PAWN_STEPS: &[(i8, i8)] = &[(0, -1)];
const KNIGHT_STEPS: &[(i8, i8)] = &[(1, -2), (-1, -2)];
pub(crate) const SILVER_STEPS: &[(i8, i8)] = &[(0, -1), (1, -1), (-1, -1), (1, 1), (-1, 1)];
pub(crate) const GOLD_STEPS: &[(i8, i8)] = &[(0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0), (0, 1)];
pub(crate) const KING_STEPS: &[(i8, i8)] = &[
    (0, -1),
    (1, -1),
    (-1, -1),
    (1, 0),
    (-1, 0),
    (0, 1),
    (1, 1),
    (-1, 1),
];

const fn step_table(steps: &[(i8, i8)], color: Color) -> [Bitboard; 81] {
    let mut table = [Bitboard::EMPTY; 81];
    let mut i = 0;
    while i < 81 {
        let sq = Square::ALL[i];
        let mut bb = Bitboard::EMPTY;
        let mut j = 0;
        while j < steps.len() {
            let (df, dr) = steps[j];
            let (df, dr) = match color {
                Color::Black => (df, dr),
                Color::White => (-df, -dr),
            };
            if let Some(to) = sq.offset(df, dr) {
                bb = bb.with(to);
            }
            j += 1;
        }
        table[i] = bb;
        i += 1;
    }
    table
}

const fn by_color_table(steps: &[(i8, i8)]) -> [[Bitboard; 81]; 2] {
    [
        step_table(steps, Color::Black),
        step_table(steps, Color::White),
    ]
}

static PAWN: [[Bitboard; 81]; 2] = by_color_table(PAWN_STEPS);
static KNIGHT: [[Bitboard; 81]; 2] = by_color_table(KNIGHT_STEPS);
static SILVER: [[Bitboard; 81]; 2] = by_color_table(SILVER_STEPS);
static GOLD: [[Bitboard; 81]; 2] = by_color_table(GOLD_STEPS);
static KING: [Bitboard; 81] = step_table(KING_STEPS, Color::Black);

/// `NEAR_KING[sq]`: the squares within two files and three ranks of `sq`, the only squares from
/// which a step piece (or the step part of a horse or dragon) of either colour can attack a
/// square next to a king on `sq` (a knight jumps two ranks beyond its target).
static NEAR_KING: [Bitboard; 81] = {
    let mut table = [Bitboard::EMPTY; 81];
    let mut i = 0;
    while i < 81 {
        let mut bb = Bitboard::EMPTY;
        let mut df = -2;
        while df <= 2 {
            let mut dr = -3;
            while dr <= 3 {
                if let Some(s) = Square::ALL[i].offset(df, dr) {
                    bb = bb.with(s);
                }
                dr += 1;
            }
            df += 1;
        }
        table[i] = bb;
        i += 1;
    }
    table
};

/// The eight ray directions, as (file, rank) steps. Even-numbered directions go towards lower
/// square indices, odd-numbered ones towards higher indices; `d ^ 1` is the opposite direction.
pub(crate) const DIRS: [(i8, i8); 8] = [
    (0, -1),  // 0: up (towards rank 1), index - 1
    (0, 1),   // 1: down, index + 1
    (-1, 0),  // 2: towards file 1, index - 9
    (1, 0),   // 3: towards file 9, index + 9
    (-1, -1), // 4: up towards file 1, index - 10
    (1, 1),   // 5: down towards file 9, index + 10
    (-1, 1),  // 6: down towards file 1, index - 8
    (1, -1),  // 7: up towards file 9, index + 8
];
const UP: usize = 0;
const DOWN: usize = 1;

const fn ray_table() -> [[u128; 8]; 81] {
    let mut table = [[0u128; 8]; 81];
    let mut i = 0;
    while i < 81 {
        let mut d = 0;
        while d < 8 {
            let mut bits = 0u128;
            let mut cur = Square::ALL[i].offset(DIRS[d].0, DIRS[d].1);
            while let Some(s) = cur {
                bits |= 1 << s as u32;
                cur = s.offset(DIRS[d].0, DIRS[d].1);
            }
            table[i][d] = bits;
            d += 1;
        }
        i += 1;
    }
    table
}

/// `RAYS[sq][d]`: the squares from `sq` (excluded) to the edge in direction `d`.
static RAYS: [[u128; 8]; 81] = ray_table();

const NO_DIR: u8 = 8;

const fn dir_table() -> [[u8; 81]; 81] {
    let rays = ray_table();
    let mut table = [[NO_DIR; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            let mut b = 0;
            while b < 81 {
                if rays[a][d] & (1 << b) != 0 {
                    table[a][b] = d as u8;
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    table
}

/// `DIR[a][b]`: the direction from `a` to `b`, or `NO_DIR` if they share no line.
static DIR: [[u8; 81]; 81] = dir_table();

#[inline(always)]
fn ray_up_index(ray: u128, occ: u128) -> u128 {
    // Towards higher indices: keep the ray up to the lowest blocker.
    let x = occ & ray;
    (x ^ x.wrapping_sub(1)) & ray
}

#[inline(always)]
fn ray_down_index(ray: u128, occ: u128) -> u128 {
    // Towards lower indices: keep the ray down to the highest blocker (bit 0 is a harmless
    // sentinel: it only matters when no blocker exists, and then the whole ray is kept).
    let x = (occ & ray) | 1;
    ray & (u128::MAX << (127 - x.leading_zeros()))
}

/// The squares a pawn of `color` on `sq` attacks.
#[inline(always)]
#[must_use]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq.index()]
}

/// The squares a knight of `color` on `sq` attacks.
#[inline(always)]
#[must_use]
pub fn knight_attacks(color: Color, sq: Square) -> Bitboard {
    KNIGHT[color.index()][sq.index()]
}

/// The squares a silver of `color` on `sq` attacks.
#[inline(always)]
#[must_use]
pub fn silver_attacks(color: Color, sq: Square) -> Bitboard {
    SILVER[color.index()][sq.index()]
}

/// The squares a gold (or a tokin, promoted lance, knight or silver) of `color` on `sq` attacks.
#[inline(always)]
#[must_use]
pub fn gold_attacks(color: Color, sq: Square) -> Bitboard {
    GOLD[color.index()][sq.index()]
}

/// The squares a king on `sq` attacks.
#[inline(always)]
#[must_use]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// The squares a lance of `color` on `sq` attacks, given the occupied squares.
#[inline(always)]
#[must_use]
pub fn lance_attacks(color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    let rays = &RAYS[sq.index()];
    let occ = occupied.to_bits();
    Bitboard::from_bits_truncate(match color {
        Color::Black => ray_down_index(rays[UP], occ),
        Color::White => ray_up_index(rays[DOWN], occ),
    })
}

/// The squares a rook on `sq` attacks, given the occupied squares.
#[inline(always)]
#[must_use]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let r = &RAYS[sq.index()];
    let occ = occupied.to_bits();
    Bitboard::from_bits_truncate(
        ray_down_index(r[0], occ)
            | ray_up_index(r[1], occ)
            | ray_down_index(r[2], occ)
            | ray_up_index(r[3], occ),
    )
}

/// The squares a bishop on `sq` attacks, given the occupied squares.
#[inline(always)]
#[must_use]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let r = &RAYS[sq.index()];
    let occ = occupied.to_bits();
    Bitboard::from_bits_truncate(
        ray_down_index(r[4], occ)
            | ray_up_index(r[5], occ)
            | ray_down_index(r[6], occ)
            | ray_up_index(r[7], occ),
    )
}

/// The squares a dragon (promoted rook) on `sq` attacks, given the occupied squares.
#[inline(always)]
#[must_use]
pub fn dragon_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | king_attacks(sq)
}

/// The squares a horse (promoted bishop) on `sq` attacks, given the occupied squares.
#[inline(always)]
#[must_use]
pub fn horse_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    bishop_attacks(sq, occupied) | king_attacks(sq)
}

/// The squares a lance of `color` on `sq` attacks on an empty board.
#[inline(always)]
#[must_use]
pub fn lance_pseudo_attacks(color: Color, sq: Square) -> Bitboard {
    let d = match color {
        Color::Black => UP,
        Color::White => DOWN,
    };
    Bitboard::from_bits_truncate(RAYS[sq.index()][d])
}

/// The squares a rook on `sq` attacks on an empty board.
#[inline(always)]
#[must_use]
pub fn rook_pseudo_attacks(sq: Square) -> Bitboard {
    let r = &RAYS[sq.index()];
    Bitboard::from_bits_truncate(r[0] | r[1] | r[2] | r[3])
}

/// The squares a bishop on `sq` attacks on an empty board.
#[inline(always)]
#[must_use]
pub fn bishop_pseudo_attacks(sq: Square) -> Bitboard {
    let r = &RAYS[sq.index()];
    Bitboard::from_bits_truncate(r[4] | r[5] | r[6] | r[7])
}

/// The squares from which a step piece of either colour can attack a square next to `sq`
/// (within two files and three ranks of `sq`).
#[inline(always)]
#[must_use]
pub(crate) fn near_king(sq: Square) -> Bitboard {
    NEAR_KING[sq.index()]
}

/// The squares a piece of `kind` and `color` on `sq` attacks, given the occupied squares.
///
/// ```
/// use shogi_movegen::attacks::attacks;
/// use shogi_types::{bitboard, Bitboard, Color, PieceKind, Square};
/// let occupied = Bitboard::from_square(Square::SQ_5C);
/// assert_eq!(
///     attacks(Color::Black, PieceKind::Lance, Square::SQ_5I, occupied),
///     bitboard! {
///         . . . . . . . . .
///         . . . . . . . . .
///         . . . . X . . . .
///         . . . . X . . . .
///         . . . . X . . . .
///         . . . . X . . . .
///         . . . . X . . . .
///         . . . . X . . . .
///         . . . . * . . . .
///     }
/// );
/// ```
#[must_use]
pub fn attacks(color: Color, kind: PieceKind, sq: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Pawn => pawn_attacks(color, sq),
        PieceKind::Lance => lance_attacks(color, sq, occupied),
        PieceKind::Knight => knight_attacks(color, sq),
        PieceKind::Silver => silver_attacks(color, sq),
        PieceKind::Gold
        | PieceKind::ProPawn
        | PieceKind::ProLance
        | PieceKind::ProKnight
        | PieceKind::ProSilver => gold_attacks(color, sq),
        PieceKind::Bishop => bishop_attacks(sq, occupied),
        PieceKind::Rook => rook_attacks(sq, occupied),
        PieceKind::King => king_attacks(sq),
        PieceKind::Horse => horse_attacks(sq, occupied),
        PieceKind::Dragon => dragon_attacks(sq, occupied),
    }
}

/// The squares strictly between `a` and `b` if they share a file, rank or diagonal; otherwise
/// the empty set.
#[inline(always)]
#[must_use]
pub fn between(a: Square, b: Square) -> Bitboard {
    let d = DIR[a.index()][b.index()] as usize;
    if d >= 8 {
        return Bitboard::EMPTY;
    }
    Bitboard::from_bits_truncate(RAYS[a.index()][d] & RAYS[b.index()][d ^ 1])
}

/// The whole line (file, rank or diagonal, edge to edge) through `a` and `b`, including both;
/// the empty set if they share none (or are equal).
#[inline(always)]
#[must_use]
pub fn line(a: Square, b: Square) -> Bitboard {
    let d = DIR[a.index()][b.index()] as usize;
    if d >= 8 {
        return Bitboard::EMPTY;
    }
    let r = &RAYS[a.index()];
    Bitboard::from_bits_truncate(r[d] | r[d ^ 1]).with(a)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive_slide(sq: Square, dirs: &[(i8, i8)], occ: Bitboard) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for &(df, dr) in dirs {
            let mut cur = sq.offset(df, dr);
            while let Some(s) = cur {
                out = out.with(s);
                if occ.has(s) {
                    break;
                }
                cur = s.offset(df, dr);
            }
        }
        out
    }

    #[test]
    fn sliders_match_naive_scan() {
        let mut seed = 0x1234_5678_9abc_def0_u64;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let lo = seed;
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occ = Bitboard::from_bits_truncate(
                ((seed as u128) << 64 | lo as u128) & ((lo as u128) << 3 | seed as u128),
            );
            for sq in Square::ALL {
                assert_eq!(rook_attacks(sq, occ), naive_slide(sq, &DIRS[0..4], occ));
                assert_eq!(bishop_attacks(sq, occ), naive_slide(sq, &DIRS[4..8], occ));
                assert_eq!(
                    lance_attacks(Color::Black, sq, occ),
                    naive_slide(sq, &[(0, -1)], occ)
                );
                assert_eq!(
                    lance_attacks(Color::White, sq, occ),
                    naive_slide(sq, &[(0, 1)], occ)
                );
            }
        }
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(Square::SQ_5A, Square::SQ_5E).count(), 3);
        assert_eq!(between(Square::SQ_1A, Square::SQ_9I).count(), 7);
        assert_eq!(between(Square::SQ_1A, Square::SQ_2C), Bitboard::EMPTY);
        assert_eq!(line(Square::SQ_5E, Square::SQ_5F).count(), 9);
        assert_eq!(line(Square::SQ_5E, Square::SQ_5E), Bitboard::EMPTY);
        assert_eq!(gold_attacks(Color::Black, Square::SQ_5E).count(), 6);
        assert!(knight_attacks(Color::Black, Square::SQ_5C).has(Square::SQ_4A));
        assert!(pawn_attacks(Color::White, Square::SQ_5C).has(Square::SQ_5D));
    }
}
