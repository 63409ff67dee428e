//! Hash keys of the board without the hands: the transposition table files every hand of one
//! board under one key, so that a lookup can compare hands (superior and inferior positions).

use shogi_movegen::{Position, VariantHooks};
use shogi_types::{Color, Move, Piece};

use crate::hand::PHand;

/// splitmix64: a fixed, well-mixed sequence for the key tables.
const fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One key per coloured piece (colour × 14 kinds) and square.
static PIECE_KEYS: [[u64; 81]; 28] = {
    let mut t = [[0u64; 81]; 28];
    let mut p = 0;
    while p < 28 {
        let mut s = 0;
        while s < 81 {
            t[p][s] = splitmix(0x5a17_0000 + (p * 81 + s) as u64);
            s += 1;
        }
        p += 1;
    }
    t
};

/// One key per protected square (variants with untakeable pieces).
static PROTECTED_KEYS: [u64; 81] = {
    let mut t = [0u64; 81];
    let mut s = 0;
    while s < 81 {
        t[s] = splitmix(0x9a07_0000 + s as u64);
        s += 1;
    }
    t
};

/// The key of White to move.
const WHITE_KEY: u64 = splitmix(0x0077_6869_7465);

/// The key added for each count of each kind in the material total, and for the solver mode.
const fn material_field_key(kind: usize, count: u64) -> u64 {
    splitmix(0x3a7e_0000 ^ ((kind as u64) << 12) ^ count)
}

#[inline]
fn piece_key(p: Piece, sq: shogi_types::Square) -> u64 {
    PIECE_KEYS[p.color.index() * 14 + p.kind.index()][sq.index()]
}

/// The key of the board, the side to move and the protected squares (no hands).
pub(crate) fn board_key<R: VariantHooks>(pos: &Position<R>) -> u64 {
    let mut k = 0u64;
    for sq in pos.occupied() {
        if let Some(p) = pos.piece_at(sq) {
            k ^= piece_key(p, sq);
        }
    }
    if pos.side_to_move() == Color::White {
        k ^= WHITE_KEY;
    }
    for sq in pos.protected() {
        k ^= PROTECTED_KEYS[sq.index()];
    }
    k
}

/// The board key after `m`, played on `pos` (before the move) into `after`, from the key of
/// `pos`: the pieces incrementally, the protected squares recomputed (none in standard shogi).
#[inline]
pub(crate) fn child_board_key<R: VariantHooks>(
    pos: &Position<R>,
    key: u64,
    m: Move,
    after: &Position<R>,
) -> u64 {
    let mut k = key ^ WHITE_KEY;
    match m {
        Move::Normal { from, to, .. } => {
            if let Some(p) = pos.piece_at(from) {
                k ^= piece_key(p, from);
            }
            if let Some(c) = pos.piece_at(to) {
                k ^= piece_key(c, to);
            }
            if let Some(p) = after.piece_at(to) {
                k ^= piece_key(p, to);
            }
        }
        Move::Drop { kind, to } => {
            k ^= piece_key(Piece::new(pos.side_to_move(), kind), to);
        }
    }
    for sq in pos.protected() {
        k ^= PROTECTED_KEYS[sq.index()];
    }
    for sq in after.protected() {
        k ^= PROTECTED_KEYS[sq.index()];
    }
    k
}

/// A key of the material of the whole position: how many pieces of each unpromoted kind stand
/// on the board or lie in either hand. Fixed along every line from a position, so that the
/// defender's hand follows from the board and the attacker's hand; a table kept between calls
/// files positions of different material under different keys.
pub(crate) fn material_key<R: VariantHooks>(pos: &Position<R>) -> u64 {
    let mut counts = [0u64; 8];
    for sq in pos.occupied() {
        if let Some(p) = pos.piece_at(sq) {
            counts[p.kind.unpromote().index()] += 1;
        }
    }
    for color in Color::ALL {
        for (kind, n) in pos.hand(color).iter() {
            counts[kind.index()] += u64::from(n);
        }
    }
    let mut k = 0;
    for (i, &n) in counts.iter().enumerate() {
        k ^= material_field_key(i, n);
    }
    k
}

/// The key that tells the two solver modes' tables apart (their lengths count differently).
pub(crate) const TSUME_MODE_KEY: u64 = splitmix(0x0074_5375_6d65);

/// The full identity of a position for repetition: board key and attacker's hand (the
/// defender's hand follows from the material, fixed during a search).
#[inline]
pub(crate) fn position_key(board: u64, hand: PHand) -> u64 {
    board ^ splitmix(hand.bits())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_key_matches_scratch() {
        let mut pos = Position::<shogi_movegen::Standard>::default();
        let mut key = board_key(&pos);
        for _ in 0..60 {
            let moves = pos.legal_moves();
            let Some(&m) = moves.as_slice().get(key as usize % moves.len().max(1)) else {
                break;
            };
            let mut after = pos;
            after.play_unchecked(m);
            key = child_board_key(&pos, key, m, &after);
            assert_eq!(key, board_key(&after), "after {m}");
            pos = after;
        }
    }
}
