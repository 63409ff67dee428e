//! Writing HCP and PackedSfen: the board codes three pairs of cells at a time, then the hand
//! and piece-box codes, each part with a 64-bit writer of its own.

use shogi_types::Color;

use super::PackError;
use super::format::{CELL_MATERIAL, CELL_ORDER, Code, HAND_ORDER, SET, Tables};
use crate::{Position, VariantHooks};

/// `ONES[len][n]`: `n` copies of the bit pattern `1` spaced `len` bits apart (0 where
/// `len * n` exceeds 63), so that `bits * ONES[len][n]` is a code repeated `n` times.
const ONES: [[u64; 19]; 8] = {
    let mut t = [[0u64; 19]; 8];
    let mut len = 1;
    while len < 8 {
        let mut n = 1;
        while n < 19 && len * n < 64 {
            t[len][n] = t[len][n - 1] | 1 << (len * (n - 1));
            n += 1;
        }
        len += 1;
    }
    t
};

/// A 256-bit stream under construction: bits collect in `acc` (`n` of them, below 64) and
/// leave a whole word at a time.
struct Writer {
    words: [u64; 4],
    at: usize,
    acc: u64,
    n: u32,
}

impl Writer {
    /// Appends the `len` low bits of `bits` (`len` at most 63, no other bits set).
    #[inline(always)]
    fn put(&mut self, bits: u64, len: u32) {
        self.acc |= bits << self.n;
        let total = self.n + len;
        if total >= 64 {
            if let Some(word) = self.words.get_mut(self.at) {
                *word = self.acc;
            }
            self.at += 1;
            // Here `n` is at least 1, as `len` is below 64.
            self.acc = bits >> (64 - self.n);
            self.n = total - 64;
        } else {
            self.n = total;
        }
    }

    /// Appends the 64 bits of `bits`.
    #[inline(always)]
    fn put_word(&mut self, bits: u64) {
        if let Some(word) = self.words.get_mut(self.at) {
            *word = self.acc | bits << self.n;
        }
        self.at += 1;
        // `>> 1 >>` keeps the shift below 64 when `n` is 0.
        self.acc = bits >> 1 >> (63 - self.n);
    }

    /// Appends `code` `count` times (`count * code.len` at most 63).
    #[inline(always)]
    fn put_repeated(&mut self, code: Code, count: u8) {
        let len = usize::from(code.len) & 7;
        let ones = ONES[len][usize::from(count).min(18)];
        self.put(u64::from(code.bits) * ones, len as u32 * u32::from(count));
    }
}

/// The pieces of each kind of [`HAND_ORDER`] on `board`, from the sum of the
/// [`CELL_MATERIAL`] of its cells (counted again one cell at a time if a lane overflowed).
#[inline(always)]
fn board_material(material: u64, board: &[u8; 81]) -> [u32; 7] {
    let mut used = [0u32; 7];
    for (i, n) in used.iter_mut().enumerate() {
        *n = (material >> (5 * i)) as u32 & 31;
    }
    if used.iter().sum::<u32>() != (material >> 35) as u32 & 127 {
        used = [0; 7];
        for &cell_code in board {
            if let Some(n) = used.get_mut(usize::from(CELL_ORDER[usize::from(cell_code) & 31])) {
                *n += 1;
            }
        }
    }
    used
}

/// Encodes `pos` with `t`.
pub(super) fn encode<R: VariantHooks>(
    pos: &Position<R>,
    t: &Tables,
) -> Result<[u8; 32], PackError> {
    if let Some(square) = pos.protected().first() {
        return Err(PackError::Protected { square });
    }
    let (Some(bk), Some(wk)) = (pos.king(Color::Black), pos.king(Color::White)) else {
        let color = if pos.king(Color::Black).is_none() {
            Color::Black
        } else {
            Color::White
        };
        return Err(PackError::MissingKing { color });
    };
    let hands = pos.hands();
    // With at most one set, exactly 256 bits follow. With more, the writer drops the bits past
    // the 256 and the material check after the board reports the position.
    let mut w = Writer {
        words: [0; 4],
        at: 0,
        acc: pos.side_to_move() as u64 | (bk as u64) << 1 | (wk as u64) << 8,
        n: 15,
    };
    // Pieces of each kind of HAND_ORDER on the board, in the lanes of CELL_MATERIAL.
    let mut material = 0u64;
    // Squares 0 to 77 six at a time, then the last three.
    for c in 0..13 {
        // The six cells (and two more) in one word.
        let mut word = [0u8; 8];
        if let Some(bytes) = pos.cells().get(6 * c..6 * c + 8) {
            word.copy_from_slice(bytes);
        }
        if u64::from_le_bytes(word) & 0xffff_ffff_ffff == 0 {
            // Six empty squares: six 0 bits.
            w.put(0, 6);
        } else {
            // The three pairs' codes (at most 48 bits) in one write.
            let (mut bits, mut len) = (0u64, 0u32);
            let cells6 = u64::from_le_bytes(word);
            for p in 0..3 {
                // Cells `2p` and `2p + 1` of the word, 5 bits each.
                let x = (cells6 >> (16 * p)) as usize;
                let index = (x & 0x1f) | (x >> 3 & 0x3e0);
                let e = &t.board_pairs[index];
                bits |= u64::from(e.bits) << len;
                len += e.len;
                material += e.material;
            }
            w.put(bits, len);
        }
    }
    for &cell_code in &pos.cells()[78..] {
        let code = t.board[usize::from(cell_code) & 31];
        material += CELL_MATERIAL[usize::from(cell_code) & 31];
        w.put(u64::from(code.bits), u32::from(code.len));
    }
    let used = board_material(material, pos.cells());
    let mut left = [0u8; 7];
    for (i, kind) in HAND_ORDER.into_iter().enumerate() {
        let n = used[i] + u32::from(hands.black.count(kind)) + u32::from(hands.white.count(kind));
        match u32::from(SET[i]).checked_sub(n) {
            Some(l) => left[i] = l as u8,
            None => return Err(PackError::TooMuchMaterial { kind }),
        }
    }
    // The hand part on its own (its chain of writes does not wait for the board's), then
    // joined after the board.
    let mut h = Writer {
        words: [0; 4],
        at: 0,
        acc: 0,
        n: 0,
    };
    for color in Color::ALL {
        let hand = hands[color];
        if hand.is_empty() {
            continue;
        }
        for (i, kind) in HAND_ORDER.into_iter().enumerate() {
            let n = hand.count(kind);
            if n != 0 {
                h.put_repeated(t.hand[i][color.index()], n);
            }
        }
    }
    for (i, &n) in left.iter().enumerate() {
        if n != 0 {
            h.put_repeated(t.piece_box[i], n);
        }
    }
    // The hand part after the board.
    for &word in h.words.iter().take(h.at) {
        w.put_word(word);
    }
    w.put(h.acc, h.n);
    debug_assert_eq!((w.at, w.n), (4, 0));
    let mut out = [0u8; 32];
    for (chunk, word) in out.chunks_exact_mut(8).zip(w.words) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    Ok(out)
}
