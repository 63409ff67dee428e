//! Perft: counting the leaves of the legal move tree.

use shogi_types::{Bitboard, PieceKind, Square};

use crate::cpu::{FastBitOps, Kernel};
use crate::generate::{Counter, Sink};
use crate::{Position, VariantHooks};

/// How the bulk-counting recursion calls itself: through the portable build, or through the
/// build with the fast bit instructions (chosen once, at the root, by CPU detection). The
/// value is zero-size; for [`FastBitOps`] it is the token that proves the detection.
pub(crate) trait Recurse: Copy {
    fn perft<R: VariantHooks>(self, pos: &Position<R>, depth: u32) -> u64;
}

/// The portable build.
#[derive(Clone, Copy)]
pub(crate) struct Portable;

impl Recurse for Portable {
    #[inline(always)]
    fn perft<R: VariantHooks>(self, pos: &Position<R>, depth: u32) -> u64 {
        pos.perft_portable(depth)
    }
}

impl Recurse for FastBitOps {
    #[inline(always)]
    fn perft<R: VariantHooks>(self, pos: &Position<R>, depth: u32) -> u64 {
        self.run(Perft { pos, depth })
    }
}

/// One perft call, run in the build with the fast bit instructions.
struct Perft<'a, R: VariantHooks> {
    pos: &'a Position<R>,
    depth: u32,
}

impl<R: VariantHooks> Kernel for Perft<'_, R> {
    type Output = u64;
    #[inline(always)]
    fn run(self, fast: FastBitOps) -> u64 {
        self.pos.perft_in(fast, self.depth)
    }
}

struct PerftSink<'a, R: VariantHooks, M: Recurse> {
    pos: &'a Position<R>,
    depth: u32,
    nodes: u64,
    build: M,
}

impl<R: VariantHooks, M: Recurse> Sink for PerftSink<'_, R, M> {
    #[inline(always)]
    fn moves(&mut self, from: Square, plain: Bitboard, promote: Bitboard) {
        for to in promote {
            let mut child = *self.pos;
            child.do_normal(from, to, true);
            self.nodes += self.build.perft(&child, self.depth);
        }
        for to in plain {
            let mut child = *self.pos;
            child.do_normal(from, to, false);
            self.nodes += self.build.perft(&child, self.depth);
        }
    }
    #[inline(always)]
    fn drops(&mut self, kind: PieceKind, to: Bitboard) {
        for to in to {
            let mut child = *self.pos;
            child.do_drop(kind, to);
            self.nodes += self.build.perft(&child, self.depth);
        }
    }
}

impl<R: VariantHooks> Position<R> {
    /// The body of perft, compiled into the build `M`: the bulk-counting recursion calls
    /// itself through `M`, so it stays in that build.
    #[inline(always)]
    pub(crate) fn perft_in<M: Recurse>(&self, build: M, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => {
                let mut c = Counter(0);
                self.generate(&mut c, Bitboard::FULL, Bitboard::FULL, true);
                c.0
            }
            _ => {
                let mut sink = PerftSink::<R, M> {
                    pos: self,
                    depth: depth - 1,
                    nodes: 0,
                    build,
                };
                self.generate(&mut sink, Bitboard::FULL, Bitboard::FULL, true);
                sink.nodes
            }
        }
    }
}

impl<R: VariantHooks> Position<R> {
    /// The number of leaves of the legal move tree `depth` plies deep (1 at depth 0).
    ///
    /// The last ply is counted from the destination bitboards without building moves (bulk
    /// counting); the count is exact. With the `std` feature on x86-64, the recursion runs in
    /// a build that uses the `popcnt`, `lzcnt` and BMI1 instructions when the CPU has them
    /// (detected at run time).
    ///
    /// ```
    /// use shogi_movegen::Position;
    /// assert_eq!(Position::default().perft(3), 25_470);
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        match FastBitOps::detect() {
            Some(fast) => fast.perft(self, depth),
            None => self.perft_portable(depth),
        }
    }

    /// [`Position::perft`] in the portable build, even where the CPU has the faster
    /// instructions; the same count.
    ///
    /// For [`crate::testing`]: it lets the tests cover both builds on x86-64.
    #[must_use]
    pub(crate) fn perft_portable(&self, depth: u32) -> u64 {
        self.perft_in(Portable, depth)
    }

    /// Perft without bulk counting: every move of the last ply is built and played.
    /// Slower than [`Position::perft`], with the same result; useful to test and time `play`.
    #[must_use]
    pub fn perft_unbulked(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        self.for_each_legal_move(|m| {
            let mut child = *self;
            child.play_unchecked(m);
            nodes += child.perft_unbulked(depth - 1);
        });
        nodes
    }

    /// Perft split by first move: each legal move with the perft of the position after it
    /// (`depth - 1` plies deeper), in generation order. Empty at depth 0.
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn perft_divide(&self, depth: u32) -> alloc::vec::Vec<(shogi_types::Move, u64)> {
        let mut out = alloc::vec::Vec::new();
        if depth == 0 {
            return out;
        }
        self.for_each_legal_move(|m| {
            let mut child = *self;
            child.play_unchecked(m);
            out.push((m, child.perft(depth - 1)));
        });
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, Standard};

    /// Both builds give the published counts (the integration tests run the whole table).
    #[test]
    fn both_builds_agree() {
        let pos = Position::<Standard>::start();
        for (depth, nodes) in [(0, 1), (1, 30), (2, 900), (3, 25_470)] {
            assert_eq!(pos.perft(depth), nodes);
            assert_eq!(pos.perft_portable(depth), nodes);
        }
        assert_eq!(pos.count_legal_moves(), 30);
        assert_eq!(pos.count_legal_moves_portable(), 30);
    }
}
