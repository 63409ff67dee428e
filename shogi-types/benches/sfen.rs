//! SFEN benchmarks: reading an SFEN into a `Setup`, and writing one, through `Display`
//! (`to_string`, a new `String` each time) and through `write_sfen` into a reused buffer.
//!
//! Names: `types/sfen_<op>/<input>`. Inputs: the start position, a middlegame, the position
//! with the most legal moves known (593, a full hand) and a board of promoted pieces with marks.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shogi_types::Setup;

const INPUTS: [(&str, &str); 4] = [
    (
        "startpos",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    ),
    (
        "midgame",
        "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b BGSs3p 91",
    ),
    (
        "max593",
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    ),
    (
        "promoted",
        "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200",
    ),
];

fn sfen(c: &mut Criterion) {
    for (name, text) in INPUTS {
        let setup: Setup = text.parse().expect("bench sfen");
        assert_eq!(setup.to_string(), text);
        c.bench_function(&format!("types/sfen_read/{name}"), |b| {
            b.iter(|| black_box(text).parse::<Setup>().expect("reads"))
        });
        c.bench_function(&format!("types/sfen_to_string/{name}"), |b| {
            b.iter(|| black_box(&setup).to_string())
        });
        let mut buf = String::with_capacity(256);
        c.bench_function(&format!("types/sfen_write_reused/{name}"), |b| {
            b.iter(|| {
                buf.clear();
                black_box(&setup).write_sfen(&mut buf).expect("a String");
                black_box(buf.len())
            })
        });
    }
}

criterion_group!(benches, sfen);
criterion_main!(benches);
