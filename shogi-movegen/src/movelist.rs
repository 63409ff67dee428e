use core::fmt;
use core::ops::Deref;

use shogi_types::Move;

/// A list of moves with a fixed capacity and no heap allocation.
///
/// [`MoveList::CAPACITY`] (600) exceeds the largest known number of legal moves in a position
/// with standard material (593). Positions that hold more material than one set (accepted only
/// by waiving [`Fault::TooMuchMaterial`](crate::Fault::TooMuchMaterial)) can have more; then
/// the list keeps the first 600 moves and [`MoveList::is_truncated`] says so. Counting and
/// perft never go through a list and stay exact; [`Position::for_each_legal_move`](crate::Position::for_each_legal_move)
/// visits every move.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: usize,
    truncated: bool,
}

/// The value of unused slots. A board move from 1a to 1a (never legal) is all zero bytes in
/// the current layout, so filling a new list compiles to a fast `memset`.
const FILLER: Move = Move::Normal {
    from: shogi_types::Square::SQ_1A,
    to: shogi_types::Square::SQ_1A,
    promote: false,
};

impl MoveList {
    /// The number of moves a list can hold.
    pub const CAPACITY: usize = 600;

    /// An empty list.
    #[inline]
    #[must_use]
    pub fn new() -> MoveList {
        MoveList {
            moves: [FILLER; MoveList::CAPACITY],
            len: 0,
            truncated: false,
        }
    }

    /// Appends a move; when the list is full the move is dropped and the list marked truncated.
    #[inline]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        } else {
            self.truncated = true;
        }
    }

    /// Whether moves were dropped because the list was full.
    #[inline]
    #[must_use]
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// Removes all moves.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.truncated = false;
    }

    /// Keeps only the moves for which `f` returns `true`, in order.
    pub fn retain(&mut self, mut f: impl FnMut(&Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if f(&m) {
                self.moves[kept] = m;
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Sorts the moves by their USI text (byte order), as the `legal` example prints them.
    #[cfg(feature = "alloc")]
    pub fn sort_by_usi(&mut self) {
        extern crate alloc;
        use alloc::string::ToString;
        self.moves[..self.len].sort_by_cached_key(|m| m.to_string());
    }

    /// The moves as a slice.
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for MoveList {}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, iter: I) {
        for m in iter {
            self.push(m);
        }
    }
}
