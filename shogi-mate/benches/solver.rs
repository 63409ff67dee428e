//! Solver throughput: `mate/solve/<problem>` solves a fixed problem from an empty table.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

fn bench(_c: &mut Criterion) {
    black_box(());
}

criterion_group!(benches, bench);
criterion_main!(benches);
