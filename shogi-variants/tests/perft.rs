//! Runs the perft counts of the untakeable-silver variant (`tests/data/variants.perft`): each
//! SFEN, whose untakeable silvers are marked `S!`, is read as a `Setup` and counted as a
//! `Position<UntakeableSilver>`, which protects exactly the marked silvers.
//!
//! Entries above a node limit are skipped: 2 million nodes in debug builds, 50 million in
//! release builds. `PERFT_MAX_NODES=<n>` overrides the limit.
//!
//! Every entry is counted twice: by `perft`, which on x86-64 uses the build with `popcnt`,
//! `lzcnt` and BMI1 when the CPU has them, and by `perft_portable`, the build for any CPU, so
//! both are checked against the recorded counts on the same machine. The portable build runs
//! the entries up to its own limit, `PERFT_PORTABLE_MAX_NODES` (default: the node limit, at most
//! 50 million). At depth 1 both builds of `count_legal_moves` are checked too, and small
//! entries are also counted without bulk counting (`perft_unbulked`).

use shogi_movegen::{Position, PositionError};
use shogi_types::Setup;
use shogi_variants::{SilverSetup, UntakeableSilver};

const VARIANTS: &str = include_str!("data/variants.perft");

mod perft_data;

use perft_data::{Entry, entries};

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

type Silver = Position<UntakeableSilver>;

/// The validated position; soft faults are waived explicitly, as for the standard tables.
fn valid(pos: Result<Silver, PositionError<UntakeableSilver>>) -> Silver {
    match pos {
        Ok(pos) => pos,
        Err(e) => e.ignore_soft().expect("valid perft position"),
    }
}

/// Checks one entry; in the portable build too if `portable`.
fn check(pos: &Silver, e: &Entry, portable: bool) {
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

#[test]
fn untakeable_silver_starts() {
    let limit = node_limit();
    let portable_limit = portable_node_limit(limit);
    let (mut ran, mut ran_portable, mut skipped) = (0, 0, 0);
    for e in entries(VARIANTS) {
        if e.nodes > limit {
            skipped += 1;
            continue;
        }
        let portable = e.nodes <= portable_limit;
        let setup: Setup = e.sfen.parse().expect("perft sfen");
        assert!(
            setup.protected.is_nonempty(),
            "{}: no silver is marked",
            e.id
        );
        let pos = valid(Position::from_setup(setup.clone()));
        assert_eq!(pos.protected(), setup.protected, "{}", e.id);
        assert_eq!(pos.to_string(), e.sfen, "{}: SFEN round trip", e.id);
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

/// The data covers the three setups, each as `SilverSetup::position` builds it.
#[test]
fn the_data_starts_from_the_three_setups() {
    let sfens: Vec<String> = entries(VARIANTS).into_iter().map(|e| e.sfen).collect();
    for s in SilverSetup::ALL {
        assert!(sfens.iter().any(|t| t == s.sfen()), "{s}");
        let read: Setup = s.sfen().parse().expect("valid");
        assert_eq!(Position::from_setup(read), Ok(s.position()), "{s}");
    }
}
