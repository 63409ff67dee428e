//! Perft: counting the leaves of the legal move tree.

use shogi_types::{Bitboard, PieceKind, Square};

use crate::generate::{Counter, Sink};
use crate::{Position, Rules};

/// How the bulk-counting recursion calls itself: through the plain build, or through the
/// build with the `popcnt` instruction (chosen once, at the root, by CPU detection).
trait Recurse {
    fn perft<R: Rules>(pos: &Position<R>, depth: u32) -> u64;
}

struct Plain;

impl Recurse for Plain {
    #[inline(always)]
    fn perft<R: Rules>(pos: &Position<R>, depth: u32) -> u64 {
        pos.perft_plain(depth)
    }
}

#[cfg(all(feature = "std", target_arch = "x86_64"))]
struct Popcnt;

#[cfg(all(feature = "std", target_arch = "x86_64"))]
impl Recurse for Popcnt {
    #[inline(always)]
    #[allow(unsafe_code)]
    fn perft<R: Rules>(pos: &Position<R>, depth: u32) -> u64 {
        // SAFETY: `Popcnt` is only used inside `perft_popcnt`, which is only entered after
        // `cpu::has_fast_bit_ops()` returned true, so the CPU has those instructions.
        unsafe { pos.perft_popcnt(depth) }
    }
}

struct PerftSink<'a, R: Rules, M: Recurse> {
    pos: &'a Position<R>,
    depth: u32,
    nodes: u64,
    _mode: core::marker::PhantomData<M>,
}

impl<R: Rules, M: Recurse> Sink for PerftSink<'_, R, M> {
    #[inline(always)]
    fn moves(&mut self, from: Square, plain: Bitboard, promote: Bitboard) {
        for to in promote {
            let mut child = *self.pos;
            child.do_normal(from, to, true);
            self.nodes += M::perft(&child, self.depth);
        }
        for to in plain {
            let mut child = *self.pos;
            child.do_normal(from, to, false);
            self.nodes += M::perft(&child, self.depth);
        }
    }
    #[inline(always)]
    fn drops(&mut self, kind: PieceKind, to: Bitboard) {
        for to in to {
            let mut child = *self.pos;
            child.do_drop(kind, to);
            self.nodes += M::perft(&child, self.depth);
        }
    }
}

impl<R: Rules> Position<R> {
    #[inline(always)]
    fn perft_with<M: Recurse>(&self, depth: u32) -> u64 {
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
                    _mode: core::marker::PhantomData,
                };
                self.generate(&mut sink, Bitboard::FULL, Bitboard::FULL, true);
                sink.nodes
            }
        }
    }

    fn perft_plain(&self, depth: u32) -> u64 {
        self.perft_with::<Plain>(depth)
    }

    /// The same recursion compiled with the `popcnt` instruction, which the bulk count of the
    /// last ply uses for every piece. Portable builds target CPUs without it, where counting
    /// bits takes a dozen instructions; CPUs from the last fifteen years have it.
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    #[target_feature(enable = "popcnt,lzcnt,bmi1")]
    fn perft_popcnt(&self, depth: u32) -> u64 {
        self.perft_with::<Popcnt>(depth)
    }
}

impl<R: Rules> Position<R> {
    /// The number of leaves of the legal move tree `depth` plies deep (1 at depth 0).
    ///
    /// The last ply is counted from the destination bitboards without building moves (bulk
    /// counting); the count is exact. With the `std` feature on x86-64, the recursion runs in
    /// a build that uses the `popcnt` instruction when the CPU has it (detected at run time).
    ///
    /// ```
    /// use shogi_movegen::Position;
    /// assert_eq!(Position::default().perft(3), 25_470);
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        #[cfg(all(feature = "std", target_arch = "x86_64"))]
        if crate::cpu::has_fast_bit_ops() {
            // SAFETY: the CPU has popcnt, lzcnt and BMI1, as just detected.
            #[allow(unsafe_code)]
            return unsafe { self.perft_popcnt(depth) };
        }
        self.perft_plain(depth)
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
