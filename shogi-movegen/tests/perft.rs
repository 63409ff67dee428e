//! Runs the perft counts of `tests/data/*.perft`: the published table (`reference.perft`), every
//! handicap start (`handicaps.perft`) and the untakeable-silver variant (`variants.perft`).
//!
//! An SFEN with untakeable silvers marked `S!` is a position of that variant: it is read with
//! `MarkedSfen` and counted as a `Position<UntakeableSilver>`; every other SFEN is standard
//! shogi.
//!
//! Entries above a node limit are skipped: 2 million nodes in debug builds, 50 million in
//! release builds. `PERFT_MAX_NODES=<n>` overrides the limit (CI runs the release table up to
//! about 10^9 nodes with it).

use shogi_movegen::{Position, PositionError, Rules, Standard};
use shogi_notation::sfen::MarkedSfen;
use shogi_variants::UntakeableSilver;

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

/// The validated position; some published positions hold extra material or a single king:
/// opt in explicitly.
fn valid<R: Rules>(pos: Result<Position<R>, PositionError<R>>) -> Position<R> {
    match pos {
        Ok(pos) => pos,
        Err(e) => e.ignore_soft().expect("valid perft position"),
    }
}

/// Checks one entry under the rules `R`.
fn check<R: Rules>(pos: &Position<R>, e: &Entry) {
    assert_eq!(pos.perft(e.depth), e.nodes, "{} depth {}", e.id, e.depth);
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
    let (mut ran, mut skipped) = (0, 0);
    for e in entries(file) {
        if e.nodes > limit {
            skipped += 1;
            continue;
        }
        let sfen: MarkedSfen = e.sfen.parse().expect("perft sfen");
        if sfen.marked().is_nonempty() {
            check::<UntakeableSilver>(&valid(sfen.to_position()), &e);
        } else {
            check::<Standard>(&valid(Position::from_setup(sfen.into_setup())), &e);
        }
        ran += 1;
    }
    eprintln!("perft: {ran} entries passed, {skipped} above the node limit of {limit}");
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

#[test]
fn untakeable_silver_starts() {
    run(include_str!("data/variants.perft"));
}
