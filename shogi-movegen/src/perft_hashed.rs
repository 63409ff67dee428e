//! Perft on several threads with a shared transposition table ([`Position::perft_with`]).
//!
//! The design and the residual risk of a key collision are documented on [`PerftOptions`].

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use shogi_types::{Bitboard, Color, Move, PieceKind, Square};

use crate::cpu::{FastBitOps, Kernel};
use crate::generate::Sink;
use crate::hooks::ProtectedSet;
use crate::perft::{Portable, Recurse};
use crate::{Position, VariantHooks};

/// The seed of the second key when none is given.
const DEFAULT_SEED: u64 = 0x7065_7266_7432_6b65; // "perft2ke"

/// Subtrees at least this deep (in plies below the node) go through the table; shallower ones
/// are counted directly, which costs less than a probe.
const MIN_HASH_DEPTH: u32 = 2;

/// Bits of an entry's data word that hold the depth; the count takes the others.
const DEPTH_BITS: u32 = 8;

/// How to run [`Position::perft_with`]: threads, table size and the seed of the second key.
///
/// The default (and [`PerftOptions::new`]) is one thread and no table, which is exactly
/// [`Position::perft`].
///
/// # The table
/// Each entry remembers the count of one subtree: the position, identified by two independent
/// 64-bit Zobrist keys, and the depth below it. The first key is the position's own
/// ([`Position::zobrist`]); the second is computed from scratch, with the same scheme, from a
/// second table of random numbers drawn from the seed ([`PerftOptions::with_seed`]). An entry is
/// used only when both keys and the depth match. Subtrees of one ply are counted directly
/// (bulk counting costs less than a probe); deeper ones are looked up first.
///
/// An entry is three `AtomicU64` words, `key1 ^ data`, `key2 ^ data` and `data` (the count
/// and the depth), written and read without locks. A read that sees words of two different
/// writes (a torn read) fails the check unless random 64-bit values happen to agree twice, so it
/// counts as a miss. Two entries share a 64-byte bucket: one keeps the deeper subtree, the other
/// the latest.
///
/// **Residual risk.** A wrong count needs two different positions reached at the same depth
/// with both keys equal (or a torn read whose words agree by chance with both keys). With keys
/// that behave as random, each probe has a chance of about 2⁻¹²⁸ of that (somewhat more for
/// positions that differ only in hand counts by an even number, where the difference of one key
/// vanishes with probability 2⁻⁶³): even 10¹⁵ probes leave a chance below 10⁻²³. Nothing else
/// is approximate; two runs with different seeds check each other.
///
/// # The threads
/// The root moves and the replies to each are listed first; the threads then take the
/// positions two plies deep from a shared counter, one at a time, and count their subtrees
/// (through the table, if there is one). Counts are summed per root move, so
/// [`Position::perft_divide_with`] gives the same per-move counts as
/// [`Position::perft_divide`].
///
/// ```
/// use shogi_movegen::{PerftOptions, Position};
///
/// let options = PerftOptions::new().with_threads(2).with_hash_mb(16);
/// assert_eq!(Position::default().perft_with(4, options), 719_731);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerftOptions {
    threads: usize,
    hash_bytes: usize,
    seed: u64,
}

impl Default for PerftOptions {
    fn default() -> PerftOptions {
        PerftOptions::new()
    }
}

impl PerftOptions {
    /// One thread, no table.
    #[must_use]
    pub const fn new() -> PerftOptions {
        PerftOptions {
            threads: 1,
            hash_bytes: 0,
            seed: DEFAULT_SEED,
        }
    }

    /// Runs on `threads` threads (0 counts as 1). The calling thread is one of them; if the
    /// system refuses to start a thread, the others do its share.
    #[must_use]
    pub const fn with_threads(self, threads: usize) -> PerftOptions {
        PerftOptions {
            threads: if threads == 0 { 1 } else { threads },
            ..self
        }
    }

    /// A transposition table of at most `mb` mebibytes (2²⁰ bytes); 0 means no table. See
    /// [`PerftOptions::with_hash_bytes`].
    #[must_use]
    pub const fn with_hash_mb(self, mb: usize) -> PerftOptions {
        self.with_hash_bytes(mb.saturating_mul(1 << 20))
    }

    /// A transposition table of at most `bytes` bytes: the largest power-of-two number of
    /// 64-byte buckets (two entries each) that fits. Below 64 bytes there is no table. If the
    /// memory cannot be had, the table is halved until it can.
    #[must_use]
    pub const fn with_hash_bytes(self, bytes: usize) -> PerftOptions {
        PerftOptions {
            hash_bytes: bytes,
            ..self
        }
    }

    /// The seed of the random numbers behind the second key (see [the table](PerftOptions#the-table)):
    /// two runs with different seeds check each other.
    #[must_use]
    pub const fn with_seed(self, seed: u64) -> PerftOptions {
        PerftOptions { seed, ..self }
    }

    /// The number of threads.
    #[must_use]
    pub const fn threads(&self) -> usize {
        self.threads
    }

    /// The requested table size in bytes (0: no table).
    #[must_use]
    pub const fn hash_bytes(&self) -> usize {
        self.hash_bytes
    }

    /// The seed of the second key.
    #[must_use]
    pub const fn seed(&self) -> u64 {
        self.seed
    }
}

/// The second key's random numbers, drawn from a seed at run time.
struct Keys2 {
    /// By mailbox cell code (1 + colour * 14 + kind; 0 unused) and square.
    board: [[u64; 81]; 29],
    hand: [[u64; 8]; 2],
    protected: [u64; 81],
    white: u64,
}

/// splitmix64.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Keys2 {
    fn new(seed: u64) -> Box<Keys2> {
        let mut state = seed;
        let mut keys = Box::new(Keys2 {
            board: [[0; 81]; 29],
            hand: [[0; 8]; 2],
            protected: [0; 81],
            white: 0,
        });
        for row in keys.board.iter_mut().skip(1) {
            row.iter_mut().for_each(|k| *k = next(&mut state));
        }
        for row in &mut keys.hand {
            row.iter_mut().for_each(|k| *k = next(&mut state));
        }
        keys.protected
            .iter_mut()
            .for_each(|k| *k = next(&mut state));
        keys.white = next(&mut state);
        keys
    }

    /// The second key of `pos`, computed from scratch.
    #[inline(always)]
    fn key<R: VariantHooks>(&self, pos: &Position<R>) -> u64 {
        let mut h = 0u64;
        for sq in pos.occupied() {
            let code = usize::from(pos.board[sq.index()]);
            if let Some(row) = self.board.get(code) {
                h = h.wrapping_add(row[sq.index()]);
            }
        }
        for color in Color::ALL {
            let row = &self.hand[color.index()];
            for (kind, n) in pos.hands[color].iter() {
                h = h.wrapping_add(row[kind.index() & 7].wrapping_mul(u64::from(n)));
            }
        }
        if R::Protected::ACTIVE {
            for sq in pos.protected.squares() {
                h = h.wrapping_add(self.protected[sq.index()]);
            }
        }
        if pos.side == Color::White {
            h = h.wrapping_add(self.white);
        }
        h
    }
}

/// One entry: `key1 ^ data`, `key2 ^ data`, `data` (count above [`DEPTH_BITS`], depth below).
#[derive(Default)]
struct Entry([AtomicU64; 3]);

/// Two entries in one cache line: the first keeps the deeper subtree, the second the latest.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Entry; 2]);

/// The shared transposition table.
struct Table {
    buckets: Box<[Bucket]>,
    keys2: Box<Keys2>,
}

impl Table {
    /// A table of at most `bytes` bytes, or `None` below one bucket.
    fn new(bytes: usize, seed: u64) -> Option<Table> {
        let size = core::mem::size_of::<Bucket>();
        let mut count = bytes / size;
        if count == 0 {
            return None;
        }
        count = 1 << count.ilog2();
        loop {
            let mut buckets = Vec::new();
            if buckets.try_reserve_exact(count).is_ok() {
                buckets.resize_with(count, Bucket::default);
                return Some(Table {
                    buckets: buckets.into_boxed_slice(),
                    keys2: Keys2::new(seed),
                });
            }
            if count == 1 {
                return None;
            }
            count /= 2;
        }
    }

    #[inline(always)]
    fn bucket(&self, key1: u64) -> &Bucket {
        // The length is a power of two, so the mask keeps the index in range.
        let mask = self.buckets.len() - 1;
        &self.buckets[(key1 as usize) & mask]
    }

    /// The count stored for (`key1`, `key2`, `depth`), if a whole entry matches.
    #[inline(always)]
    fn probe(&self, key1: u64, key2: u64, depth: u32) -> Option<u64> {
        for entry in &self.bucket(key1).0 {
            let data = entry.0[2].load(Ordering::Relaxed);
            if data & ((1 << DEPTH_BITS) - 1) == u64::from(depth)
                && entry.0[0].load(Ordering::Relaxed) ^ data == key1
                && entry.0[1].load(Ordering::Relaxed) ^ data == key2
            {
                return Some(data >> DEPTH_BITS);
            }
        }
        None
    }

    /// Stores a count (unless it is too large for the entry).
    #[inline(always)]
    fn store(&self, key1: u64, key2: u64, depth: u32, nodes: u64) {
        if nodes >> (64 - DEPTH_BITS) != 0 {
            return;
        }
        let data = (nodes << DEPTH_BITS) | u64::from(depth);
        let bucket = self.bucket(key1);
        let kept = bucket.0[0].0[2].load(Ordering::Relaxed) & ((1 << DEPTH_BITS) - 1);
        let entry = if u64::from(depth) >= kept {
            &bucket.0[0]
        } else {
            &bucket.0[1]
        };
        entry.0[0].store(key1 ^ data, Ordering::Relaxed);
        entry.0[1].store(key2 ^ data, Ordering::Relaxed);
        entry.0[2].store(data, Ordering::Relaxed);
    }
}

/// The hashed recursion in a build (portable, or with the fast bit instructions).
trait HashedRecurse: Recurse {
    fn hashed<R: VariantHooks>(self, pos: &Position<R>, depth: u32, table: &Table) -> u64;
}

impl HashedRecurse for Portable {
    #[inline(always)]
    fn hashed<R: VariantHooks>(self, pos: &Position<R>, depth: u32, table: &Table) -> u64 {
        pos.hashed_in(self, depth, table)
    }
}

impl HashedRecurse for FastBitOps {
    #[inline(always)]
    fn hashed<R: VariantHooks>(self, pos: &Position<R>, depth: u32, table: &Table) -> u64 {
        self.run(Hashed { pos, depth, table })
    }
}

/// One hashed perft call, run in the build with the fast bit instructions.
struct Hashed<'a, R: VariantHooks> {
    pos: &'a Position<R>,
    depth: u32,
    table: &'a Table,
}

/// The stack reserved for each worker thread.
const WORKER_STACK: usize = 64 << 20;

impl<R: VariantHooks> Kernel for Hashed<'_, R> {
    type Output = u64;
    #[inline(always)]
    fn run(self, fast: FastBitOps) -> u64 {
        self.pos.hashed_in(fast, self.depth, self.table)
    }
}

struct HashedSink<'a, R: VariantHooks, M: HashedRecurse> {
    pos: &'a Position<R>,
    depth: u32,
    nodes: u64,
    table: &'a Table,
    build: M,
}

impl<R: VariantHooks, M: HashedRecurse> Sink for HashedSink<'_, R, M> {
    #[inline(always)]
    fn moves(&mut self, from: Square, plain: Bitboard, promote: Bitboard) {
        for to in promote {
            let mut child = *self.pos;
            child.do_normal(from, to, true);
            self.nodes += self.build.hashed(&child, self.depth, self.table);
        }
        for to in plain {
            let mut child = *self.pos;
            child.do_normal(from, to, false);
            self.nodes += self.build.hashed(&child, self.depth, self.table);
        }
    }
    #[inline(always)]
    fn drops(&mut self, kind: PieceKind, to: Bitboard) {
        for to in to {
            let mut child = *self.pos;
            child.do_drop(kind, to);
            self.nodes += self.build.hashed(&child, self.depth, self.table);
        }
    }
}

impl<R: VariantHooks> Position<R> {
    /// The hashed perft body in the build `M`.
    #[inline(always)]
    fn hashed_in<M: HashedRecurse>(&self, build: M, depth: u32, table: &Table) -> u64 {
        if depth < MIN_HASH_DEPTH {
            return self.perft_in(build, depth);
        }
        let key1 = self.hash;
        let key2 = table.keys2.key(self);
        if let Some(nodes) = table.probe(key1, key2, depth) {
            return nodes;
        }
        let mut sink = HashedSink {
            pos: self,
            depth: depth - 1,
            nodes: 0,
            table,
            build,
        };
        self.generate(&mut sink, Bitboard::FULL, Bitboard::FULL, true);
        table.store(key1, key2, depth, sink.nodes);
        sink.nodes
    }

    /// The perft of `self` `depth` plies deep, through `table` if there is one.
    fn subtree(&self, depth: u32, table: Option<&Table>) -> u64 {
        match (table, FastBitOps::detect()) {
            (None, _) => self.perft(depth),
            (Some(t), Some(fast)) => fast.hashed(self, depth, t),
            (Some(t), None) => Portable.hashed(self, depth, t),
        }
    }

    /// [`Position::perft`] on several threads with a shared transposition table; the same
    /// count.
    ///
    /// With one thread and no table ([`PerftOptions::new`]) this is exactly
    /// [`Position::perft`]. Otherwise the positions two plies deep are shared out between the
    /// threads, and every subtree of at least two plies is looked up in the table before it is
    /// counted. See [`PerftOptions`] for the design and the residual risk of a key collision
    /// (about 2⁻¹²⁸ per probe).
    ///
    /// ```
    /// use shogi_movegen::{PerftOptions, Position};
    ///
    /// let pos = Position::default();
    /// let options = PerftOptions::new().with_threads(2).with_hash_mb(1);
    /// assert_eq!(pos.perft_with(5, options), pos.perft(5));
    /// ```
    #[must_use]
    pub fn perft_with(&self, depth: u32, options: PerftOptions) -> u64 {
        if depth < 3 || (options.threads <= 1 && options.hash_bytes == 0) {
            return self.perft(depth);
        }
        self.split(depth, options).iter().map(|(_, n)| n).sum()
    }

    /// [`Position::perft_divide`] on several threads with a shared transposition table: each
    /// legal move with the perft after it, in generation order; the same counts.
    ///
    /// With one thread and no table this is exactly [`Position::perft_divide`].
    #[must_use]
    pub fn perft_divide_with(&self, depth: u32, options: PerftOptions) -> Vec<(Move, u64)> {
        if depth < 3 || (options.threads <= 1 && options.hash_bytes == 0) {
            return self.perft_divide(depth);
        }
        self.split(depth, options)
    }

    /// The per-root-move counts at `depth >= 3`, the positions two plies deep shared out
    /// between the threads.
    fn split(&self, depth: u32, options: PerftOptions) -> Vec<(Move, u64)> {
        let mut roots: Vec<(Move, Position<R>)> = Vec::new();
        self.for_each_legal_move(|m| {
            let mut child = *self;
            child.play_unchecked(m);
            roots.push((m, child));
        });
        let mut work: Vec<(usize, Move)> = Vec::new();
        for (i, (_, child)) in roots.iter().enumerate() {
            child.for_each_legal_move(|m| work.push((i, m)));
        }
        let table = Table::new(options.hash_bytes, options.seed);
        let table = table.as_ref();
        let cursor = AtomicUsize::new(0);
        let worker = || {
            let mut counts = alloc::vec![0u64; roots.len()];
            loop {
                let k = cursor.fetch_add(1, Ordering::Relaxed);
                let Some(&(i, m)) = work.get(k) else {
                    break;
                };
                let Some((_, child)) = roots.get(i) else {
                    break;
                };
                let mut grandchild = *child;
                grandchild.play_unchecked(m);
                counts[i] += grandchild.subtree(depth - 2, table);
            }
            counts
        };
        let threads = options.threads.min(work.len()).max(1);
        let totals = std::thread::scope(|s| {
            let helpers: Vec<_> = (1..threads)
                .filter_map(|_| {
                    // The generator inlines a copy of the position per move site, so frames
                    // are large in builds without LTO (2 MiB, the default, overflowed at
                    // depth 5 in a release doctest); the memory is only reserved, not used.
                    std::thread::Builder::new()
                        .stack_size(WORKER_STACK)
                        .spawn_scoped(s, worker)
                        .ok()
                })
                .collect();
            let mut totals = Some(worker());
            for h in helpers {
                match (h.join(), totals.as_mut()) {
                    (Ok(counts), Some(t)) => t.iter_mut().zip(counts).for_each(|(t, c)| *t += c),
                    // A worker cannot panic; if one did, its share is lost: count again below.
                    _ => totals = None,
                }
            }
            totals
        });
        match totals {
            Some(totals) => roots.iter().map(|(m, _)| *m).zip(totals).collect(),
            None => roots
                .iter()
                .map(|(m, child)| (*m, child.perft(depth - 1)))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Standard;

    #[test]
    fn the_second_key_changes_with_the_position_and_the_seed() {
        let keys = Keys2::new(DEFAULT_SEED);
        let other = Keys2::new(1);
        let start = Position::<Standard>::start();
        let mut moved = start;
        moved.play_unchecked("7g7f".parse().expect("usi"));
        assert_ne!(keys.key(&start), keys.key(&moved));
        assert_ne!(keys.key(&start), other.key(&start));
        assert_ne!(keys.key(&start), start.zobrist());
    }

    #[test]
    fn a_torn_or_foreign_entry_is_a_miss() {
        let table = Table::new(128, DEFAULT_SEED).expect("two buckets");
        assert_eq!(table.buckets.len(), 2);
        table.store(4, 5, 3, 77);
        assert_eq!(table.probe(4, 5, 3), Some(77));
        assert_eq!(table.probe(4, 5, 2), None);
        assert_eq!(table.probe(4, 6, 3), None);
        assert_eq!(table.probe(6, 5, 3), None);
        // A torn write: the data word of another store.
        let entry = &table.bucket(4).0[0];
        entry.0[2].store((78 << DEPTH_BITS) | 3, Ordering::Relaxed);
        assert_eq!(table.probe(4, 5, 3), None);
        // A count too large for the entry is not stored.
        table.store(8, 9, 4, u64::MAX >> 4);
        assert_eq!(table.probe(8, 9, 4), None);
        assert!(Table::new(63, 0).is_none());
    }

    #[test]
    fn hashed_perft_matches_plain_perft() {
        let pos = Position::<Standard>::start();
        for (threads, bytes) in [(1, 64), (3, 256), (2, 1 << 16), (2, 0)] {
            let options = PerftOptions::new()
                .with_threads(threads)
                .with_hash_bytes(bytes);
            assert_eq!(pos.perft_with(4, options), 719_731, "{options:?}");
            assert_eq!(pos.perft_divide_with(4, options), pos.perft_divide(4));
        }
    }
}
