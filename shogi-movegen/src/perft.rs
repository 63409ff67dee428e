//! Perft: counting the leaves of the legal move tree.

use shogi_types::{Bitboard, Move, PieceKind, Square};

use crate::generate::Sink;
use crate::{Position, Rules};

struct PerftSink<'a, R: Rules> {
    pos: &'a Position<R>,
    depth: u32,
    nodes: u64,
}

impl<R: Rules> Sink for PerftSink<'_, R> {
    #[inline(always)]
    fn moves(&mut self, from: Square, plain: Bitboard, promote: Bitboard) {
        for to in promote {
            let mut child = *self.pos;
            child.do_normal(from, to, true);
            self.nodes += child.perft(self.depth);
        }
        for to in plain {
            let mut child = *self.pos;
            child.do_normal(from, to, false);
            self.nodes += child.perft(self.depth);
        }
    }
    #[inline(always)]
    fn drops(&mut self, kind: PieceKind, to: Bitboard) {
        for to in to {
            let mut child = *self.pos;
            child.do_drop(kind, to);
            self.nodes += child.perft(self.depth);
        }
    }
}

impl<R: Rules> Position<R> {
    /// The number of leaves of the legal move tree `depth` plies deep (1 at depth 0).
    ///
    /// The last ply is counted from the destination bitboards without building moves (bulk
    /// counting); the count is exact.
    ///
    /// ```
    /// use shogi_movegen::Position;
    /// assert_eq!(Position::default().perft(3), 25_470);
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves(),
            _ => {
                let mut sink = PerftSink {
                    pos: self,
                    depth: depth - 1,
                    nodes: 0,
                };
                self.generate(&mut sink, Bitboard::FULL, Bitboard::FULL, true);
                sink.nodes
            }
        }
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
    pub fn perft_divide(&self, depth: u32) -> alloc::vec::Vec<(Move, u64)> {
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

#[cfg(not(feature = "alloc"))]
const _: Option<Move> = None;
