use core::fmt;
use core::mem::MaybeUninit;
use core::ops::Deref;

use shogi_types::{Bitboard, Color, Move, PieceKind, Square};

use crate::cpu::{FastBitOps, Kernel};
use crate::generate::Sink;
use crate::{Position, VariantHooks};

/// A list of moves with a fixed capacity and no heap allocation.
///
/// [`MoveList::CAPACITY`] (600) exceeds the largest known number of legal moves in a position
/// with standard material (593). Positions that hold more material than one set (accepted only
/// by waiving [`Fault::TooMuchMaterial`](crate::Fault::TooMuchMaterial)) can have more; then
/// the list keeps the first 600 moves and [`MoveList::is_truncated`] says so. Counting and
/// perft never go through a list and stay exact; [`Position::for_each_legal_move`](crate::Position::for_each_legal_move)
/// visits every move.
pub struct MoveList {
    /// `moves[..len]` are initialised; the rest are not, so a new list costs no fill.
    moves: [MaybeUninit<Move>; MoveList::CAPACITY],
    len: usize,
    truncated: bool,
}

impl MoveList {
    /// The number of moves a list can hold.
    pub const CAPACITY: usize = 600;

    /// An empty list. Free: the slots are not filled.
    #[inline]
    #[must_use]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MoveList::CAPACITY],
            len: 0,
            truncated: false,
        }
    }

    /// Appends a move; when the list is full the move is dropped and the list marked truncated.
    #[inline]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            slot.write(m);
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
        let moves = self.as_mut_slice();
        let mut kept = 0;
        for i in 0..moves.len() {
            let m = moves[i];
            if f(&m) {
                moves[kept] = m;
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
        self.as_mut_slice().sort_by_cached_key(|m| m.to_string());
    }

    /// The moves as a slice.
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        // Layout: a slot is read as a `Move`.
        const _: () = assert!(
            size_of::<MaybeUninit<Move>>() == size_of::<Move>()
                && align_of::<MaybeUninit<Move>>() == align_of::<Move>()
        );
        let init = &self.moves[..self.len];
        // SAFETY: every method that raises `len` has first written the slots below the new
        // `len` (`push`, `push_targets`, `clone`) and nothing un-writes a slot, so `init` holds
        // initialised values only; `MaybeUninit<Move>` has the size, alignment and layout of
        // `Move` (the layout assertion above).
        #[allow(unsafe_code)]
        unsafe {
            core::slice::from_raw_parts(init.as_ptr().cast::<Move>(), init.len())
        }
    }

    /// The moves as a mutable slice.
    #[inline]
    fn as_mut_slice(&mut self) -> &mut [Move] {
        let init = &mut self.moves[..self.len];
        // SAFETY: as in `as_slice`, the first `len` slots are initialised; writing a `Move`
        // through the slice keeps them so.
        #[allow(unsafe_code)]
        unsafe {
            core::slice::from_raw_parts_mut(init.as_mut_ptr().cast::<Move>(), init.len())
        }
    }

    /// Appends `make(to)` for each square `to` of `targets`, in index order, with one capacity
    /// check for the whole set (a bitboard has at most 81 squares).
    #[inline(always)]
    pub(crate) fn push_targets(&mut self, targets: Bitboard, make: impl Fn(Square) -> Move) {
        let len = self.len;
        if let Some(window) = self.moves.get_mut(len..len + 81) {
            let mut written = 0;
            for (slot, to) in window.iter_mut().zip(targets) {
                slot.write(make(to));
                written += 1;
            }
            self.len = len + written;
        } else {
            self.push_targets_near_capacity(targets, make);
        }
    }

    /// Appends a drop of each kind of `kinds` on each square of `to`: by square, then in the
    /// order of `kinds`; one capacity check for the whole set.
    #[inline(always)]
    pub(crate) fn push_drops(&mut self, kinds: &[PieceKind], to: Bitboard) {
        // One copy of the loop per number of kinds, so that the inner loop is unrolled.
        match *kinds {
            [] => {}
            [a] => self.push_drops_of([a], to),
            [a, b] => self.push_drops_of([a, b], to),
            [a, b, c] => self.push_drops_of([a, b, c], to),
            [a, b, c, d] => self.push_drops_of([a, b, c, d], to),
            [a, b, c, d, e] => self.push_drops_of([a, b, c, d, e], to),
            [a, b, c, d, e, f] => self.push_drops_of([a, b, c, d, e, f], to),
            _ => self.push_drops_any(kinds, to),
        }
    }

    /// [`MoveList::push_drops`] for exactly `K` kinds.
    #[inline(always)]
    fn push_drops_of<const K: usize>(&mut self, kinds: [PieceKind; K], to: Bitboard) {
        let len = self.len;
        let n = to.count() as usize * K;
        if let Some(window) = self.moves.get_mut(len..len + n) {
            for (chunk, sq) in window.chunks_exact_mut(K).zip(to) {
                for (slot, kind) in chunk.iter_mut().zip(kinds) {
                    slot.write(Move::Drop { kind, to: sq });
                }
            }
            self.len = len + n;
        } else {
            self.push_drops_any(&kinds, to);
        }
    }

    /// [`MoveList::push_drops`] for any number of kinds (also near the capacity).
    #[cold]
    #[inline(never)]
    fn push_drops_any(&mut self, kinds: &[PieceKind], to: Bitboard) {
        let k = kinds.len();
        if k == 0 {
            return;
        }
        let len = self.len;
        let n = to.count() as usize * k;
        if let Some(window) = self.moves.get_mut(len..len + n) {
            for (chunk, sq) in window.chunks_exact_mut(k).zip(to) {
                for (slot, &kind) in chunk.iter_mut().zip(kinds) {
                    slot.write(Move::Drop { kind, to: sq });
                }
            }
            self.len = len + n;
        } else {
            for sq in to {
                for &kind in kinds {
                    self.push(Move::Drop { kind, to: sq });
                }
            }
        }
    }

    /// [`MoveList::push_targets`] within 81 moves of the capacity: one check per move.
    #[cold]
    #[inline(never)]
    fn push_targets_near_capacity(&mut self, targets: Bitboard, make: impl Fn(Square) -> Move) {
        for to in targets {
            self.push(make(to));
        }
    }
}

impl Clone for MoveList {
    fn clone(&self) -> MoveList {
        let mut list = MoveList::new();
        list.moves[..self.len].copy_from_slice(&self.moves[..self.len]);
        list.len = self.len;
        list.truncated = self.truncated;
        list
    }
}

/// Writes the generated moves into a [`MoveList`], a whole destination set at a time.
pub(crate) struct Fill<'a>(pub(crate) &'a mut MoveList);

impl Sink for Fill<'_> {
    #[inline(always)]
    fn moves(&mut self, from: Square, plain: Bitboard, promote: Bitboard) {
        // Most pieces have no promotion: skip the set's capacity check and loop.
        if promote.is_nonempty() {
            self.0.push_targets(promote, |to| Move::Normal {
                from,
                to,
                promote: true,
            });
        }
        self.0.push_targets(plain, |to| Move::Normal {
            from,
            to,
            promote: false,
        });
    }
    #[inline(always)]
    fn drops(&mut self, kind: PieceKind, to: Bitboard) {
        self.0.push_targets(to, |to| Move::Drop { kind, to });
    }
    #[inline(always)]
    fn drops_per_square(&mut self, kinds: &[PieceKind], to: Bitboard) {
        self.0.push_drops(kinds, to);
    }
    #[inline(always)]
    fn pawn_pushes(&mut self, color: Color, plain: Bitboard, promote: Bitboard) {
        // The order of the default method (and so of `for_each_legal_move`): by destination,
        // the promotion first.
        let back: i8 = if color == Color::Black { 1 } else { -1 };
        if promote.is_empty() {
            // The usual case: one move per destination, all written with one capacity check.
            // The pawn stands one square back, the next index on its file.
            self.0.push_targets(plain, |to| Move::Normal {
                from: Square::from_index(to.index().wrapping_add_signed(back.into()) as u8)
                    .unwrap_or(to),
                to,
                promote: false,
            });
            return;
        }
        for to in plain | promote {
            if let Some(from) = to.offset(0, back) {
                if promote.has(to) {
                    self.0.push(Move::Normal {
                        from,
                        to,
                        promote: true,
                    });
                }
                if plain.has(to) {
                    self.0.push(Move::Normal {
                        from,
                        to,
                        promote: false,
                    });
                }
            }
        }
    }
}

impl<R: VariantHooks> Position<R> {
    /// Replaces the contents of `list` with the legal moves, in the order of
    /// [`Position::legal_moves`] and [`Position::for_each_legal_move`].
    ///
    /// The call for a search loop: keep one list per ply and refill it, so that no list is
    /// built or copied per node. With the `std` feature on x86-64 the generator runs in a build
    /// that uses the `popcnt`, `lzcnt` and BMI1 instructions when the CPU has them (detected at
    /// run time). See [`MoveList`] for positions with more than 600 moves.
    ///
    /// ```
    /// use shogi_movegen::{MoveList, Position};
    /// let pos = Position::default();
    /// let mut list = MoveList::new();
    /// pos.legal_moves_into(&mut list);
    /// assert_eq!(list.len(), 30);
    /// for &m in &list {
    ///     let mut child = pos;
    ///     child.play_unchecked(m);
    ///     // … search `child`, refilling the next ply's list
    /// }
    /// ```
    #[inline]
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        /// The generator, run in the build with the fast bit instructions.
        struct FillKernel<'a, 'b, R: VariantHooks>(&'a Position<R>, &'b mut MoveList);

        impl<R: VariantHooks> Kernel for FillKernel<'_, '_, R> {
            type Output = ();
            #[inline(always)]
            fn run(self, _: FastBitOps) {
                self.0.fill_in_this_build(self.1);
            }
        }

        list.clear();
        match FastBitOps::detect() {
            Some(fast) => fast.run(FillKernel(self, list)),
            None => self.fill_in_this_build(list),
        }
    }

    /// [`Position::legal_moves_into`] in the portable build, even where the CPU has the
    /// faster instructions; the same moves.
    ///
    /// For [`crate::testing`]: it lets the tests cover both builds on x86-64.
    pub(crate) fn legal_moves_into_portable(&self, list: &mut MoveList) {
        list.clear();
        self.fill_in_this_build(list);
    }

    /// The body of [`Position::legal_moves_into`], inlined into the build that calls it.
    #[inline(always)]
    fn fill_in_this_build(&self, list: &mut MoveList) {
        self.generate(&mut Fill(list), Bitboard::FULL, Bitboard::FULL, true);
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

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use std::vec::Vec;

    fn drop_on(i: usize) -> Move {
        Move::Drop {
            kind: PieceKind::Gold,
            to: Square::ALL[i % 81],
        }
    }

    /// Lists filled move by move, by whole sets (also near and past the capacity), cleared,
    /// retained and cloned hold exactly what was written.
    #[test]
    fn writes_reads_and_truncation() {
        let mut list = MoveList::new();
        assert!(list.is_empty());
        let mut expected = Vec::new();
        for i in 0..7 {
            list.push(drop_on(i));
            expected.push(drop_on(i));
        }
        assert_eq!(list.as_slice(), expected.as_slice());
        // Whole sets of 81, until the list is full: 7 + 7 * 81 = 574, then 26 of the next set.
        for _ in 0..8 {
            list.push_targets(Bitboard::FULL, |to| Move::Drop {
                kind: PieceKind::Rook,
                to,
            });
        }
        for round in 0..8 {
            for (n, to) in Square::ALL.into_iter().enumerate() {
                if expected.len() < MoveList::CAPACITY && (round < 7 || n < 26) {
                    expected.push(Move::Drop {
                        kind: PieceKind::Rook,
                        to,
                    });
                }
            }
        }
        assert_eq!(list.len(), MoveList::CAPACITY);
        assert!(list.is_truncated());
        assert_eq!(list.as_slice(), expected.as_slice());
        let copy = list.clone();
        assert_eq!(copy, list);
        assert!(copy.is_truncated());
        list.retain(|m| m.to() == Square::SQ_5E);
        assert_eq!(list.len(), 7);
        assert!(list.iter().all(|m| m.to() == Square::SQ_5E));
        list.clear();
        assert!(list.is_empty() && !list.is_truncated());
        list.push_targets(Bitboard::from_square(Square::SQ_1A) | Square::SQ_9I, |to| {
            Move::Drop {
                kind: PieceKind::Pawn,
                to,
            }
        });
        assert_eq!(list.len(), 2);
        assert_eq!(list[1].to(), Square::SQ_9I);
        assert_eq!(copy.len(), MoveList::CAPACITY);
    }

    /// Both builds of the generator fill the same list as `for_each_legal_move` visits.
    #[test]
    fn both_builds_fill_the_same_list() {
        for sfen in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        ] {
            let setup: shogi_types::Setup = sfen.parse().expect("sfen");
            let pos: Position = Position::from_setup(setup).expect("position");
            let mut each = Vec::new();
            pos.for_each_legal_move(|m| each.push(m));
            let mut list = MoveList::new();
            list.push(drop_on(3));
            pos.legal_moves_into(&mut list);
            assert_eq!(list.as_slice(), each.as_slice());
            pos.legal_moves_into_portable(&mut list);
            assert_eq!(list.as_slice(), each.as_slice());
            assert_eq!(pos.legal_moves().as_slice(), each.as_slice());
        }
    }
}
