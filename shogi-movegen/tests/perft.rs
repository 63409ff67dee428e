//! Runs the perft counts of standard shogi in `tests/data`: the published table
//! (`reference.perft`) and every handicap start (`handicaps.perft`). Each SFEN is read as a
//! `Setup` and validated as a `Position<Standard>` (so it may carry no protection mark).
//! The perft counts of variants are run by the crates that define them.
//!
//! Entries above a node limit are skipped: 2 million nodes in debug builds, 50 million in
//! release builds. `PERFT_MAX_NODES=<n>` overrides the limit (CI runs the release table up to
//! about 10^9 nodes with it).
//!
//! Every entry is counted twice: by `perft`, which on x86-64 uses the build with `popcnt`,
//! `lzcnt` and BMI1 when the CPU has them, and by `perft_portable`, the build for any CPU, so
//! both are checked against the published counts on the same machine. The portable build runs
//! the entries up to its own limit, `PERFT_PORTABLE_MAX_NODES` (default: the node limit, at most
//! 50 million), which keeps a deep CI run from doubling in time. At depth 1 both builds of
//! `count_legal_moves` are checked too.
//!
//! The parallel hashed perft (`perft_with`) runs every entry up to the node limit (at most 1
//! million nodes in debug builds) with a tiny table on three threads and with a 1 MiB table on
//! two.

use shogi_movegen::{PerftOptions, Position, PositionError, Standard};
use shogi_types::Setup;

struct Entry {
    id: String,
    sfen: String,
    depth: u32,
    nodes: u64,
}

fn entries(text: &str) -> Vec<Entry> {
    let mut out = Vec::new();
    let (mut id, mut sfen) = (String::new(), String::new());
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if let Some(rest) = line.strip_prefix("id ") {
            id = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("sfen ") {
            sfen = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let depth = it.next().and_then(|d| d.parse().ok()).expect("perft depth");
            let nodes = it.next().and_then(|n| n.parse().ok()).expect("perft nodes");
            out.push(Entry {
                id: id.clone(),
                sfen: sfen.clone(),
                depth,
                nodes,
            });
        }
    }
    out
}

fn node_limit() -> u64 {
    if let Ok(v) = std::env::var("PERFT_MAX_NODES") {
        return v.parse().expect("PERFT_MAX_NODES must be an integer");
    }
    if cfg!(debug_assertions) {
        2_000_000
    } else {
        50_000_000
    }
}

/// The node limit of the portable build: `PERFT_PORTABLE_MAX_NODES`, else the node limit, at
/// most 50 million.
fn portable_node_limit(limit: u64) -> u64 {
    if let Ok(v) = std::env::var("PERFT_PORTABLE_MAX_NODES") {
        return v
            .parse()
            .expect("PERFT_PORTABLE_MAX_NODES must be an integer");
    }
    limit.min(50_000_000)
}

/// The validated position; some published positions hold extra material or a single king:
/// opt in explicitly.
fn valid(pos: Result<Position, PositionError<Standard>>) -> Position {
    match pos {
        Ok(pos) => pos,
        Err(e) => e.ignore_soft().expect("valid perft position"),
    }
}

/// Checks one entry; in the portable build too if `portable`.
fn check(pos: &Position, e: &Entry, portable: bool) {
    assert_eq!(pos.perft(e.depth), e.nodes, "{} depth {}", e.id, e.depth);
    if portable {
        assert_eq!(
            shogi_movegen::testing::perft_portable(pos, e.depth),
            e.nodes,
            "{} depth {} (portable build)",
            e.id,
            e.depth
        );
    }
    if e.depth == 1 {
        assert_eq!(pos.count_legal_moves(), e.nodes, "{} count", e.id);
        assert_eq!(
            shogi_movegen::testing::count_legal_moves_portable(pos),
            e.nodes,
            "{} count (portable build)",
            e.id
        );
    }
    if e.nodes < 200_000 {
        assert_eq!(
            pos.perft_unbulked(e.depth),
            e.nodes,
            "{} depth {} (unbulked)",
            e.id,
            e.depth
        );
    }
}

fn run(file: &str) {
    let limit = node_limit();
    let portable_limit = portable_node_limit(limit);
    let (mut ran, mut ran_portable, mut skipped) = (0, 0, 0);
    for e in entries(file) {
        if e.nodes > limit {
            skipped += 1;
            continue;
        }
        let portable = e.nodes <= portable_limit;
        let setup: Setup = e.sfen.parse().expect("perft sfen");
        let pos = valid(Position::from_setup(setup.clone()));
        assert_eq!(
            pos.to_string().parse(),
            Ok(setup),
            "{}: SFEN round trip",
            e.id
        );
        check(&pos, &e, portable);
        ran += 1;
        ran_portable += usize::from(portable);
    }
    eprintln!(
        "perft: {ran} entries passed ({ran_portable} also in the portable build, up to \
         {portable_limit} nodes), {skipped} above the node limit of {limit}"
    );
    assert!(ran > 0);
}

#[test]
fn reference_table() {
    run(include_str!("data/reference.perft"));
}

#[test]
fn handicap_starts() {
    run(include_str!("data/handicaps.perft"));
}

/// The parallel hashed perft ([`Position::perft_with`]) gives the published counts on every
/// entry within the node limit: with a table of four buckets (eight entries, so entries are
/// replaced all the time and most probes miss or find another position), on three threads, and
/// with a table of 1 MiB on two threads. Where it is cheap, the per-move counts of
/// `perft_divide_with` equal those of `perft_divide`.
fn run_hashed(file: &str) {
    let limit = if cfg!(debug_assertions) {
        node_limit().min(1_000_000)
    } else {
        node_limit()
    };
    let tiny = PerftOptions::new().with_threads(3).with_hash_bytes(4 * 64);
    let small = PerftOptions::new().with_threads(2).with_hash_mb(1);
    let (mut ran, mut skipped) = (0, 0);
    for e in entries(file) {
        if e.nodes > limit {
            skipped += 1;
            continue;
        }
        let setup: Setup = e.sfen.parse().expect("perft sfen");
        let pos = valid(Position::from_setup(setup));
        for options in [tiny, small] {
            assert_eq!(
                pos.perft_with(e.depth, options),
                e.nodes,
                "{} depth {} ({options:?})",
                e.id,
                e.depth
            );
        }
        if e.nodes < 100_000 {
            assert_eq!(
                pos.perft_divide_with(e.depth, tiny),
                pos.perft_divide(e.depth),
                "{} depth {} (divide)",
                e.id,
                e.depth
            );
        }
        ran += 1;
    }
    eprintln!("hashed perft: {ran} entries passed, {skipped} above the node limit of {limit}");
    assert!(ran > 0);
}

#[test]
fn reference_table_hashed_on_threads() {
    run_hashed(include_str!("data/reference.perft"));
}

#[test]
fn handicap_starts_hashed_on_threads() {
    run_hashed(include_str!("data/handicaps.perft"));
}
