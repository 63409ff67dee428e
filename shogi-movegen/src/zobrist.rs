//! Zobrist keys: fixed pseudo-random numbers, built at compile time.
//!
//! The key of a position is the wrapping sum of one key per (piece, square), per protected
//! square and per piece in hand, plus the side key when White is to move. Addition (rather than
//! XOR) lets a hand of any size hash without a table per count, and one operation for every
//! part keeps the incremental key equal to the key computed from scratch.

use shogi_types::{Color, Piece, PieceKind, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

struct Keys {
    board: [[u64; 81]; 28],
    hand: [[u64; 8]; 2],
    protected: [u64; 81],
    white: u64,
}

const fn build() -> Keys {
    let mut keys = Keys {
        board: [[0; 81]; 28],
        hand: [[0; 8]; 2],
        protected: [0; 81],
        white: 0,
    };
    let mut state = 0x5348_4f47_4921_u64; // "SHOGI!"
    let mut p = 0;
    while p < 28 {
        let mut s = 0;
        while s < 81 {
            let (st, k) = splitmix(state);
            state = st;
            keys.board[p][s] = k;
            s += 1;
        }
        p += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 8 {
            let (st, v) = splitmix(state);
            state = st;
            keys.hand[c][k] = v;
            k += 1;
        }
        c += 1;
    }
    let mut s = 0;
    while s < 81 {
        let (st, v) = splitmix(state);
        state = st;
        keys.protected[s] = v;
        s += 1;
    }
    let (_, v) = splitmix(state);
    keys.white = v;
    keys
}

static KEYS: Keys = build();

/// The key of `piece` standing on `sq`.
#[inline(always)]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.board[piece.color.index() * 14 + piece.kind.index()][sq.index()]
}

/// The board key at `index` of the board keys flattened: the key of the piece with mailbox
/// cell `c` on square `sq` is at `(c - 1) * 81 + sq` (0 past the end).
#[cfg(feature = "packed")]
#[inline(always)]
pub(crate) fn board_key(index: usize) -> u64 {
    KEYS.board.as_flattened().get(index).copied().unwrap_or(0)
}

/// The board keys flattened ([`board_key`]'s table, 28 * 81 of them), then a zero: the key
/// of any index past the end, clamped to it.
#[cfg(all(feature = "packed", feature = "std", target_arch = "x86_64"))]
pub(crate) static BOARD_KEYS: [u64; 28 * 81 + 1] = {
    let keys = build();
    let mut t = [0u64; 28 * 81 + 1];
    let mut i = 0;
    while i < 28 * 81 {
        t[i] = keys.board[i / 81][i % 81];
        i += 1;
    }
    t
};

/// The board keys by square, then by mailbox cell: the key of the piece with cell `c` on
/// square `sq` is at `sq * 32 + c` (0 for cell 0 and the unused cells 29 to 31), so that an
/// index is a shift and an or.
#[cfg(all(feature = "packed", feature = "std", target_arch = "x86_64"))]
pub(crate) static BOARD_KEYS_BY_SQUARE: [u64; 81 * 32] = {
    let keys = build();
    let mut t = [0u64; 81 * 32];
    let mut sq = 0;
    while sq < 81 {
        let mut c = 1;
        while c < 29 {
            t[sq * 32 + c] = keys.board[c - 1][sq];
            c += 1;
        }
        sq += 1;
    }
    t
};

/// The key added once per piece of `kind` in `color`'s hand.
#[inline(always)]
pub(crate) fn hand_key(color: Color, kind: PieceKind) -> u64 {
    KEYS.hand[color.index()][kind.index() & 7]
}

/// The key of a protected square.
#[inline(always)]
pub(crate) fn protected_key(sq: Square) -> u64 {
    KEYS.protected[sq.index()]
}

/// The key XORed in when White is to move.
#[inline(always)]
pub(crate) fn white_key() -> u64 {
    KEYS.white
}
