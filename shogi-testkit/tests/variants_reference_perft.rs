//! Cross-checks the perft data of the handicap and untakeable-silver start positions
//! (`shogi-movegen/tests/data/handicaps.perft`, `shogi-variants/tests/data/variants.perft`)
//! with the deliberately simple reference generator of `shogi_testkit::reference` (STYLE §8: variants have no
//! published perft counts, so an independent oracle has to vouch for them).
//!
//! Also checks that the data lists every handicap and every setup of the variant, with the
//! SFEN their types give.
//!
//! The reference is slow: entries above 120 000 nodes are skipped (depth 3 of every start runs).
//! `REFERENCE_MAX_NODES=<n>` overrides the limit; the deeper counts were cross-checked once
//! with `REFERENCE_MAX_NODES=200000000 cargo test --release -p shogi-testkit --test
//! variants_reference_perft` (see the headers of the data files).

use shogi_testkit::perft::{self, entries};
use shogi_testkit::reference;
use shogi_variants::{Handicap, SilverSetup};

fn node_limit() -> u64 {
    if let Ok(v) = std::env::var("REFERENCE_MAX_NODES") {
        return v.parse().expect("REFERENCE_MAX_NODES must be an integer");
    }
    120_000
}

/// Runs the reference perft of every entry of `text` up to the node limit.
fn run(text: &str) {
    let limit = node_limit();
    let (mut ran, mut skipped) = (0, 0);
    for e in entries(text) {
        if e.nodes > limit {
            skipped += 1;
            continue;
        }
        let (setup, marks) = reference::sfen::parse_marked(&e.sfen);
        let start = std::time::Instant::now();
        let nodes = reference::perft_protected(&setup, &marks, e.depth);
        assert_eq!(nodes, e.nodes, "{} depth {}", e.id, e.depth);
        eprintln!(
            "reference: {} depth {} = {} ({:.1} s)",
            e.id,
            e.depth,
            nodes,
            start.elapsed().as_secs_f64()
        );
        ran += 1;
    }
    eprintln!("reference perft: {ran} entries agree, {skipped} above the node limit of {limit}");
    assert!(ran > 0);
}

#[test]
fn handicap_counts_agree_with_the_reference() {
    run(&perft::handicaps());
}

#[test]
fn variant_counts_agree_with_the_reference() {
    run(&perft::variants());
}

/// The SFENs of the data, each with its depths 1 to 4.
fn depths_by_sfen(text: &str) -> Vec<(String, Vec<u32>)> {
    let mut out: Vec<(String, Vec<u32>)> = Vec::new();
    for e in entries(text) {
        match out.iter_mut().find(|(s, _)| *s == e.sfen) {
            Some((_, depths)) => depths.push(e.depth),
            None => out.push((e.sfen, vec![e.depth])),
        }
    }
    out
}

#[test]
fn every_handicap_and_setup_has_perft_data() {
    let handicaps = depths_by_sfen(&perft::handicaps());
    for h in Handicap::ALL {
        let written = h.setup().to_string();
        assert_eq!(written, h.sfen(), "{h}");
        let depths = handicaps.iter().find(|(s, _)| *s == written);
        let depths = depths.map(|(_, d)| d.clone()).unwrap_or_default();
        assert_eq!(depths, [1, 2, 3, 4], "{h}: perft data");
    }
    assert_eq!(handicaps.len(), Handicap::ALL.len());

    let variants = depths_by_sfen(&perft::variants());
    for s in SilverSetup::ALL {
        let written = s.position().to_string();
        assert_eq!(written, s.sfen(), "{s}");
        let depths = variants.iter().find(|(t, _)| *t == written);
        let depths = depths.map(|(_, d)| d.clone()).unwrap_or_default();
        assert!(depths.starts_with(&[1, 2, 3, 4]), "{s}: perft data");
    }
    assert_eq!(variants.len(), SilverSetup::ALL.len());
}
