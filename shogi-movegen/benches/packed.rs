//! Benchmarks of the packed position formats: encoding and decoding (with full validation)
//! one HCP and one PackedSfen, on the shared fixed positions.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shogi_movegen::Position;
use shogi_movegen::packed::{Hcp, PackedSfen};
use shogi_types::Setup;

const POSITIONS: [(&str, &str); 4] = [
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

fn packed(c: &mut Criterion) {
    for (name, sfen) in POSITIONS {
        let setup: Setup = sfen.parse().expect("bench sfen");
        let pos: Position = Position::from_setup(setup).expect("valid bench position");
        let hcp = pos.to_hcp().expect("packable");
        let psfen = pos.to_packed_sfen().expect("packable");
        assert_eq!(
            Position::<shogi_movegen::Standard>::from_hcp(&hcp)
                .expect("decodes")
                .to_hcp(),
            Ok(hcp)
        );
        assert_eq!(
            Position::<shogi_movegen::Standard>::from_packed_sfen(&psfen)
                .expect("decodes")
                .to_packed_sfen(),
            Ok(psfen)
        );
        c.bench_function(&format!("movegen/hcp_encode/{name}"), |b| {
            b.iter(|| black_box(&pos).to_hcp())
        });
        c.bench_function(&format!("movegen/hcp_decode/{name}"), |b| {
            b.iter(|| Position::<shogi_movegen::Standard>::from_hcp(black_box(&hcp)))
        });
        // The same decoding validated by `Position::from_setup` instead of directly.
        c.bench_function(&format!("movegen/hcp_decode_via_setup/{name}"), |b| {
            b.iter(|| {
                black_box(&hcp)
                    .to_setup()
                    .map(Position::<shogi_movegen::Standard>::from_setup)
            })
        });
        c.bench_function(&format!("movegen/psfen_encode/{name}"), |b| {
            b.iter(|| black_box(&pos).to_packed_sfen())
        });
        c.bench_function(&format!("movegen/psfen_decode/{name}"), |b| {
            b.iter(|| Position::<shogi_movegen::Standard>::from_packed_sfen(black_box(&psfen)))
        });
        let _: (Hcp, PackedSfen) = (hcp, psfen);
    }
}

criterion_group!(benches, packed);
criterion_main!(benches);
