//! SFEN writing of a `Position` into a reused buffer (`Position::write_sfen`: the position's
//! setup, then `Setup::write_sfen`), the cost a dataset tool pays per position.
//!
//! Names: `movegen/sfen_write_reused/<input>`. Inputs: the start position, a middlegame, the
//! position with the most legal moves known (593, a full hand) and a drop-heavy endgame.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shogi_movegen::Position;
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
        "drops",
        "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    ),
];

fn sfen(c: &mut Criterion) {
    for (name, text) in INPUTS {
        let setup: Setup = text.parse().expect("bench sfen");
        let pos: Position = Position::from_setup(setup).expect("bench position");
        assert_eq!(pos.to_string(), text);
        let mut buf = String::with_capacity(256);
        c.bench_function(&format!("movegen/sfen_write_reused/{name}"), |b| {
            b.iter(|| {
                buf.clear();
                black_box(&pos).write_sfen(&mut buf).expect("a String");
                black_box(buf.len())
            })
        });
    }
}

criterion_group!(benches, sfen);
criterion_main!(benches);
