//! The kit checked against independent truth: the perft reader against the files it reads
//! (the workspace's `.perft` files and the shared table of published counts, two sources
//! written apart), and the reference generator against `shogi-movegen` and the published
//! start-position counts.

use std::collections::BTreeMap;

use shogi_movegen::Position;
use shogi_testkit::{perft, position, reference, setup, shared};

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

#[test]
fn the_perft_reader_reads_every_file_of_the_workspace() {
    for (name, text, at_least) in [
        ("reference.perft", perft::standard(), 20),
        ("handicaps.perft", perft::handicaps(), 10),
        ("variants.perft", perft::variants(), 3),
    ] {
        let entries = perft::entries(&text);
        // One entry per `perft` line, each with the id and SFEN above it.
        let lines = text
            .lines()
            .filter(|l| l.trim_start().starts_with("perft "))
            .count();
        assert_eq!(entries.len(), lines, "{name}");
        assert!(entries.len() >= at_least, "{name}: {}", entries.len());
        for e in &entries {
            assert!(!e.id.is_empty() && e.depth >= 1, "{name}: {e:?}");
            let _ = setup(&e.sfen);
        }
    }
    let start = perft::entries(&perft::standard());
    let start: Vec<(u32, u64)> = start
        .iter()
        .filter(|e| e.sfen == START)
        .map(|e| (e.depth, e.nodes))
        .collect();
    assert!(
        start.starts_with(&[(1, 30), (2, 900), (3, 25_470), (4, 719_731)]),
        "{start:?}"
    );
}

/// Every count of `reference.perft` that the shared table of published counts also lists
/// (same SFEN, same depth) agrees with it.
#[test]
fn the_perft_reader_reads_the_shared_table_and_it_agrees_with_the_data() {
    let test = "the_perft_reader_reads_the_shared_table_and_it_agrees_with_the_data";
    let Some(dir) = shared::dir("perft", test) else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("reference.tsv")).expect("reference.tsv");
    let table = perft::table(&text);
    assert!(table.len() >= 50, "{}", table.len());
    let published: BTreeMap<(&str, u32), u64> = table
        .iter()
        .map(|e| ((e.sfen.as_str(), e.depth), e.nodes))
        .collect();
    assert_eq!(published.get(&(START, 5)), Some(&19_861_490));
    let mut compared = 0;
    for e in perft::entries(&perft::standard()) {
        if let Some(&nodes) = published.get(&(e.sfen.as_str(), e.depth)) {
            assert_eq!(e.nodes, nodes, "{} perft {}", e.id, e.depth);
            compared += 1;
        }
    }
    assert!(compared >= 10, "{compared}");
}

#[test]
fn the_reference_agrees_with_movegen_on_the_start_position() {
    let pos = position(START);
    let setup = setup(START);
    for (depth, nodes) in [(1, 30), (2, 900), (3, 25_470)] {
        assert_eq!(
            reference::perft(&setup, depth),
            nodes,
            "reference perft {depth}"
        );
        assert_eq!(pos.perft(depth), nodes, "movegen perft {depth}");
    }
    let mut fast: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    let mut slow: Vec<String> = reference::legal_moves(&setup)
        .iter()
        .map(|m| m.to_string())
        .collect();
    fast.sort();
    slow.sort();
    assert_eq!(fast, slow);
    let agreed = shogi_testkit::compare_with_reference(&pos).expect("the generators agree");
    assert_eq!(agreed.len(), 30);
    assert_eq!(Position::start(), pos);
}

#[test]
fn the_reference_sfen_reader_agrees_with_shogi_types() {
    for e in perft::entries(&perft::standard())
        .iter()
        .chain(&perft::entries(&perft::handicaps()))
    {
        assert_eq!(reference::sfen::parse(&e.sfen), setup(&e.sfen), "{}", e.id);
    }
}
