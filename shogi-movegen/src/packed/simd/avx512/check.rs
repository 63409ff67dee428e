//! The board's part of validation on the cells in registers: pieces with no move, two pawns on
//! a file, and the side not to move in check, read from the eight rays around its king at
//! once. The vector twin of `Builder::board_faults` (in `position/builder.rs`), held equal to
//! it by a test.

use core::arch::x86_64::{
    __m512i, _mm512_cmpeq_epi8_mask, _mm512_mask_cmpeq_epi8_mask, _mm512_mask_mov_epi8,
    _mm512_or_si512, _mm512_permutex2var_epi8, _mm512_permutexvar_epi8, _mm512_set1_epi8,
    _mm512_set1_epi16, _mm512_test_epi8_mask,
};

use shogi_types::{Bitboard, Color, PieceKind, Square};

use super::{Bytes64, bytes64, load};
use crate::cpu::avx512_fn;
use crate::position::builder::two_on_a_file;

// The eight ray directions of the attack tables, as (file, rank) steps: lanes `8d..8d+8` of
// `RAY_CELLS` walk direction `d`.
use crate::attacks::DIRS as DIRECTIONS;

/// By square: lane `8d + j` the square `j + 1` steps away in direction `d`, or 127 (an
/// empty cell) off the board.
static RAY_CELLS: [Bytes64; 81] = {
    let mut t = [const { Bytes64([127; 64]) }; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut d = 0;
        while d < 8 {
            let (file, rank) = ((sq / 9) as i8, (sq % 9) as i8);
            let mut j = 0;
            while j < 8 {
                let f = file + DIRECTIONS[d].0 * (j as i8 + 1);
                let r = rank + DIRECTIONS[d].1 * (j as i8 + 1);
                if f >= 0 && f < 9 && r >= 0 && r < 9 {
                    t[sq].0[8 * d + j] = (f * 9 + r) as u8;
                }
                j += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// Whether a piece of `kind` (of Black) steps (`slide` false, by the attack tables' step
/// lists) or slides (true) by `step`.
const fn moves_by(kind: PieceKind, step: (i8, i8), slide: bool) -> bool {
    use crate::attacks::{GOLD_STEPS, KING_STEPS, PAWN_STEPS, SILVER_STEPS};
    const fn has(steps: &[(i8, i8)], step: (i8, i8)) -> bool {
        let mut i = 0;
        while i < steps.len() {
            if steps[i].0 == step.0 && steps[i].1 == step.1 {
                return true;
            }
            i += 1;
        }
        false
    }
    let (f, r) = step;
    let orthogonal = (f == 0) != (r == 0);
    let diagonal = f != 0 && r != 0;
    if slide {
        return match kind {
            PieceKind::Lance => f == 0 && r == -1,
            PieceKind::Bishop | PieceKind::Horse => diagonal,
            PieceKind::Rook | PieceKind::Dragon => orthogonal,
            _ => false,
        };
    }
    match kind {
        PieceKind::Pawn => has(PAWN_STEPS, step),
        PieceKind::Silver => has(SILVER_STEPS, step),
        PieceKind::Gold
        | PieceKind::ProPawn
        | PieceKind::ProLance
        | PieceKind::ProKnight
        | PieceKind::ProSilver => has(GOLD_STEPS, step),
        PieceKind::King | PieceKind::Horse | PieceKind::Dragon => has(KING_STEPS, step),
        _ => false,
    }
}

/// By attacking colour and `slide`: by cell, bit `d` if the piece of the cell, standing in
/// direction `d` of a king, attacks it by a step (`slide` false: next to it) or along the
/// ray (true); zero for the other colour's pieces and the empty cell.
static RAY_ATTACKS: [[Bytes64; 2]; 2] = {
    let mut t = [const { [const { Bytes64([0; 64]) }, const { Bytes64([0; 64]) }] }; 2];
    let mut by = 0;
    while by < 2 {
        let mut cell = 1;
        while cell < 29 {
            let kind = PieceKind::ALL[(cell - 1) % 14];
            if (cell - 1) / 14 == by {
                let mut d = 0;
                while d < 8 {
                    // From the piece to the king, as Black sees it.
                    let sign = if by == 0 { -1 } else { 1 };
                    let step = (DIRECTIONS[d].0 * sign, DIRECTIONS[d].1 * sign);
                    if moves_by(kind, step, false) {
                        t[by][0].0[cell] |= 1 << d;
                    }
                    if moves_by(kind, step, true) {
                        t[by][1].0[cell] |= 1 << d;
                    }
                    d += 1;
                }
            }
            cell += 1;
        }
        by += 1;
    }
    t
};

/// By attacking colour and square: the two squares from which a knight of that colour
/// attacks the square (127 where off the board).
static KNIGHT_FROM: [[[u8; 2]; 81]; 2] = {
    let mut t = [[[127u8; 2]; 81]; 2];
    let mut by = 0;
    while by < 2 {
        let mut sq = 0;
        while sq < 81 {
            let (file, rank) = ((sq / 9) as i8, (sq % 9) as i8);
            // A knight of Black moves by (±1, -2), so it attacks from (∓1, +2).
            let dr = if by == 0 { 2 } else { -2 };
            let mut i = 0;
            while i < 2 {
                let f = file + if i == 0 { 1 } else { -1 };
                let r = rank + dr;
                if f >= 0 && f < 9 && r >= 0 && r < 9 {
                    t[by][sq][i] = (f * 9 + r) as u8;
                }
                i += 1;
            }
            sq += 1;
        }
        by += 1;
    }
    t
};

/// Lanes `8d` (the first square of each ray).
const RAY_FIRST: u64 = 0x0101_0101_0101_0101;

/// By lane `8d + j`: bit `d`.
const RAY_BIT: Bytes64 = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = 1 << (i / 8);
        i += 1;
    }
    bytes64(t)
};

avx512_fn! {
    /// Whether the king of colour `!by` on `king` is attacked by a piece of `by`, on the board of
    /// cells `low` (squares 0 to 63) and `high` (64 to 80, empty cells after them): the cells on
    /// the eight rays from the king looked up at once (`vpermi2b`), each ray's first piece
    /// tested for an attack along it, and the two knight squares looked up.
    #[inline]
    fn attacked(low: __m512i, high: __m512i, king: Square, by: Color) -> bool {
        let k = king.index();
        let by = by.index();
        // The cells on the rays, nearest first.
        let rays = _mm512_permutex2var_epi8(low, load(&RAY_CELLS[k]), high);
        let occupied = _mm512_test_epi8_mask(rays, rays);
        // The squares behind a piece on their ray (a prefix or within each eight lanes).
        let mut behind = occupied;
        behind |= (behind << 1) & !RAY_FIRST;
        behind |= (behind << 2) & !(RAY_FIRST * 3);
        behind |= (behind << 4) & !(RAY_FIRST * 15);
        let behind = (behind << 1) & !RAY_FIRST;
        // The attacks of each cell along its ray, and by a step next to the king.
        let along = _mm512_permutexvar_epi8(rays, load(&RAY_ATTACKS[by][1]));
        let next = _mm512_or_si512(
            along,
            _mm512_permutexvar_epi8(rays, load(&RAY_ATTACKS[by][0])),
        );
        let attacks = _mm512_mask_mov_epi8(along, RAY_FIRST, next);
        let ray_hit = _mm512_test_epi8_mask(attacks, load(&RAY_BIT)) & !behind != 0;
        let knight = 1 + 2 + 14 * by as u8;
        let [a, b] = KNIGHT_FROM[by][k];
        // (Off the board, index 127 reads an empty cell of `high`.)
        let squares = _mm512_set1_epi16(i16::from_le_bytes([a, b]));
        let from = _mm512_permutex2var_epi8(low, squares, high);
        let knights = _mm512_mask_cmpeq_epi8_mask(0b11, from, _mm512_set1_epi8(knight as i8)) != 0;
        ray_hit || knights
    }
}

/// By cell: bit 0 for a Black pawn or lance, 1 a Black knight, 2 a White pawn or lance, 3 a
/// White knight.
const STUCK_FLAGS: Bytes64 = {
    let mut t = [0u8; 64];
    let mut color = 0;
    while color < 2 {
        let base = 1 + 14 * color;
        t[base + PieceKind::Pawn as usize] = 1 << (2 * color);
        t[base + PieceKind::Lance as usize] = 1 << (2 * color);
        t[base + PieceKind::Knight as usize] = 2 << (2 * color);
        color += 1;
    }
    bytes64(t)
};

/// By square from `64 * half`: the [`STUCK_FLAGS`] of the pieces that cannot stand there
/// (with no move left: the side's far rank, and the far two ranks for a knight).
const STUCK_ON: [Bytes64; 2] = {
    let mut t = [const { Bytes64([0; 64]) }; 2];
    let mut c = 0;
    while c < 2 {
        let color = Color::ALL[c];
        let far = Bitboard::relative_ranks(color, 1, 1).to_bits();
        let far_two = Bitboard::relative_ranks(color, 1, 2).to_bits();
        let mut sq = 0;
        while sq < 81 {
            if far >> sq & 1 != 0 {
                t[sq / 64].0[sq % 64] |= 1 << (2 * c);
            }
            if far_two >> sq & 1 != 0 {
                t[sq / 64].0[sq % 64] |= 2 << (2 * c);
            }
            sq += 1;
        }
        c += 1;
    }
    t
};

avx512_fn! {
    /// Whether the board of cells `low` (squares 0 to 63) and `high` (64 to 80, empty cells
    /// after them), with its `kings` and `side` to move, passes the board's part of validation:
    /// no pawn, lance or knight without a move, no two unpromoted pawns of a side on a file,
    /// and the side not to move not in check. The same answer as `Builder::board_faults`
    /// finding no fault (the test below).
    #[inline]
    pub(super) fn passes(low: __m512i, high: __m512i, kings: [Square; 2], side: Color) -> bool {
        let flags = load(&STUCK_FLAGS);
        let stuck = _mm512_test_epi8_mask(_mm512_permutexvar_epi8(low, flags), load(&STUCK_ON[0]))
            | _mm512_test_epi8_mask(_mm512_permutexvar_epi8(high, flags), load(&STUCK_ON[1]));
        let pawns = |cell: u8| {
            let cell = _mm512_set1_epi8(cell as i8);
            u128::from(_mm512_cmpeq_epi8_mask(low, cell))
                | u128::from(_mm512_cmpeq_epi8_mask(high, cell) & 0x1_ffff) << 64
        };
        let two_pawns = two_on_a_file(pawns(1 + PieceKind::Pawn as u8))
            || two_on_a_file(pawns(1 + 14 + PieceKind::Pawn as u8));
        let in_check = attacked(low, high, kings[(!side).index()], side);
        !(stuck != 0 || two_pawns || in_check)
    }
}

#[cfg(test)]
mod tests {
    use core::arch::x86_64::{_mm512_loadu_si512, _mm512_maskz_loadu_epi8};

    use shogi_types::{Color, Piece, PieceKind, Square};

    use super::passes;
    use crate::cpu::{Avx512, avx512_fn};
    use crate::position::builder::Builder;
    use crate::{Position, Standard};

    avx512_fn! {
        /// [`passes`] on the cells of `pos`, read from memory as the decoders hold them.
        #[allow(unsafe_code)]
        fn passes_on(pos: &Position, side: Color) -> bool {
            let cells = pos.cells();
            let kings = [Color::Black, Color::White].map(|c| pos.king(c).unwrap_or(Square::SQ_1A));
            // SAFETY: `cells` is 81 readable bytes: 64 from 0 and the 17 unmasked from 64.
            let (low, high) = unsafe {
                (
                    _mm512_loadu_si512(cells.as_ptr().cast()),
                    _mm512_maskz_loadu_epi8(0x1_ffff, cells.as_ptr().add(64).cast()),
                )
            };
            passes(low, high, kings, side)
        }
    }

    /// Compares the twin with the scalar check on one board (both kings on `kings`, the
    /// other `pieces`, `side` to move), and returns whether the board passes.
    #[allow(unsafe_code)]
    fn compare(_: Avx512, kings: [Square; 2], pieces: &[(Square, Piece)], side: Color) -> bool {
        let mut b = Builder::<Standard>::with_kings(side, kings);
        for &(sq, p) in pieces {
            b.put(sq, p);
        }
        let scalar = b.board_faults().is_empty();
        let pos = b.finish_hashed();
        // SAFETY: an `Avx512` exists, so the processor has the features of `avx512_fn!`.
        let vector = unsafe { passes_on(&pos, side) };
        assert_eq!(vector, scalar, "{pos:?}");
        scalar
    }

    /// The piece kinds a board code can hold: every kind but the king.
    fn board_kinds() -> impl Iterator<Item = PieceKind> {
        PieceKind::ALL.into_iter().filter(|&k| k != PieceKind::King)
    }

    /// Three squares, the first two of them distinct from `a` and `b`: where the kings go.
    fn kings_apart(a: usize, b: usize) -> [Square; 2] {
        let mut free = (0..81).filter(|&i| i != a && i != b);
        let (k0, k1) = (free.next().unwrap_or(0), free.next_back().unwrap_or(80));
        [k0, k1].map(|i| Square::ALL[i])
    }

    /// Edge cases one at a time: each kind of each colour on each square next to the king of
    /// the side not to move on each square (checks from every direction and distance, the
    /// rays leaving the board, the stuck ranks), and every two pawns of a colour (two on a
    /// file, the edge files, a pawn beside a tokin).
    #[test]
    fn twin_agrees_on_single_pieces_and_pawn_pairs() {
        let Some(cpu) = Avx512::detect() else {
            std::eprintln!("skipped: this processor lacks AVX-512");
            return;
        };
        let (mut passed, mut total) = (0, 0);
        for side in Color::ALL {
            let defender = (!side).index();
            for king in 0..81 {
                for at in (0..81).filter(|&a| a != king) {
                    let mut kings = kings_apart(king, at);
                    kings[defender] = Square::ALL[king];
                    if kings[0] == kings[1] || kings.contains(&Square::ALL[at]) {
                        continue;
                    }
                    for color in Color::ALL {
                        for kind in board_kinds() {
                            let piece = Piece::new(color, kind);
                            let pieces = [(Square::ALL[at], piece)];
                            total += 1;
                            passed += usize::from(compare(cpu, kings, &pieces, side));
                        }
                    }
                }
            }
        }
        for color in Color::ALL {
            for a in 0..81 {
                for b in (0..81).filter(|&b| b != a) {
                    let kings = kings_apart(a, b);
                    let pawn = Piece::new(color, PieceKind::Pawn);
                    let tokin = Piece::new(color, PieceKind::ProPawn);
                    let (a, b) = (Square::ALL[a], Square::ALL[b]);
                    for (second, side) in [(pawn, Color::Black), (tokin, Color::White)] {
                        total += 1;
                        passed += usize::from(compare(cpu, kings, &[(a, pawn), (b, second)], side));
                    }
                }
            }
        }
        // Most single pieces and pawn pairs are legal, some are not.
        assert!(
            passed > total / 2 && passed < total,
            "{passed} of {total} boards pass"
        );
    }

    /// Random placements, from almost empty boards to full ones: any kind but the king, of
    /// either colour, on any square, either side to move.
    #[test]
    fn twin_agrees_on_random_placements() {
        let Some(cpu) = Avx512::detect() else {
            std::eprintln!("skipped: this processor lacks AVX-512");
            return;
        };
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut random = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let kinds: std::vec::Vec<PieceKind> = board_kinds().collect();
        let mut passed = 0;
        for _ in 0..50_000 {
            let mut free: std::vec::Vec<usize> = (0..81).collect();
            let mut take = |r: u64| Square::ALL[free.swap_remove(r as usize % free.len())];
            let kings = [take(random()), take(random())];
            // Mostly sparse boards, so that many pass.
            let n = (random() % 79).min(random() % 79);
            let pieces: std::vec::Vec<(Square, Piece)> = (0..n)
                .map(|_| {
                    let color = Color::ALL[(random() % 2) as usize];
                    let kind = kinds[random() as usize % kinds.len()];
                    (take(random()), Piece::new(color, kind))
                })
                .collect();
            let side = Color::ALL[(random() % 2) as usize];
            passed += usize::from(compare(cpu, kings, &pieces, side));
        }
        assert!(
            (5_000..45_000).contains(&passed),
            "{passed} of 50 000 boards pass"
        );
    }
}
