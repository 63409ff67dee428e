//! Solver throughput in nodes per second: `mate/solve/<problem>` searches a fixed problem from
//! an empty table with a fixed node limit, so that each run does the same work (the node count
//! is asserted, and criterion's throughput is in nodes).
//!
//! The problems are from 将棋図巧 (Ito Kanju, 1755; public domain), as transcribed by the CC0
//! "Open Tsume" data set (GitHub tokoroten/edo_era_tsume_shogi).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shogi_mate::{Limits, Mode, Solver};
use shogi_movegen::{Position, Standard};
use shogi_types::Setup;

/// (name, SFEN, node limit).
const PROBLEMS: [(&str, &str, u64); 3] = [
    (
        "zukou-036",
        "9/6nS1/4s4/4r1P1g/5Sk1B/5+pbR1/4Nsp2/9/4N4 b 3Gn4l15p 1",
        20_000,
    ),
    (
        "zukou-050",
        "9/9/6n2/8n/6+pl1/7Sn/4+pp1k1/7N1/7s+R b R2B4g2s3l15p 1",
        20_000,
    ),
    (
        "zukou-099",
        "k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1",
        20_000,
    ),
];

fn position(sfen: &str) -> Position<Standard> {
    let setup: Setup = sfen.parse().expect("sfen");
    Position::from_setup(setup)
        .or_else(|e| e.ignore_problem_faults())
        .expect("position")
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("mate/solve");
    let mut solver = Solver::new(8);
    for (name, sfen, limit) in PROBLEMS {
        let pos = position(sfen);
        let limits = Limits::default().with_nodes(limit).with_mode(Mode::AnyMate);
        solver.clear();
        let _ = solver.solve(&pos, &limits);
        let nodes = solver.stats().nodes;
        assert!(nodes > 0, "{name}: no node searched");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            b.iter(|| {
                solver.clear();
                let out = solver.solve(black_box(&pos), &limits);
                assert_eq!(
                    solver.stats().nodes,
                    nodes,
                    "{name}: the same work each run"
                );
                out
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
