//! Benchmarks of the packed position formats: encoding and decoding (with full validation)
//! one HCP and one PackedSfen, on the shared fixed positions, next to rsshogi (the other Rust
//! library with both formats) doing the same on the same bytes.
//!
//! Rows are `movegen/{hcp,psfen}_{encode,decode}/<position>/<library>`. Ours returns a new
//! `Position` (moved into criterion's slot); rsshogi decodes into one reused `Position`
//! (`set_huffman_coded_pos`, `set_packed_sfen`: its only decoding API), and its decoding checks
//! the stream and the material but not the position's legality (two pawns on a file, the side
//! not to move in check), which ours does.

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
        // rsshogi, with its bytes checked against ours (and so against cshogi's).
        let rs = rsshogi::board::position_from_sfen(sfen).expect("rsshogi sfen");
        let rs_hcp = rs.try_to_huffman_coded_pos().expect("rsshogi packs");
        let rs_psfen = rs.try_to_packed_sfen().expect("rsshogi packs");
        assert_eq!(&rs_hcp.data, hcp.as_bytes(), "rsshogi HCP of {name}");
        assert_eq!(
            &rs_psfen.data,
            psfen.as_bytes(),
            "rsshogi PackedSfen of {name}"
        );
        let mut rs_out = rsshogi::board::Position::empty();
        rs_out
            .set_huffman_coded_pos(&rs_hcp, 0)
            .expect("rsshogi decodes");
        // (The move number is not in the bytes.)
        let board_and_hands = |sfen: String| sfen.rsplit_once(' ').map(|(head, _)| head.to_owned());
        assert_eq!(
            board_and_hands(rs_out.to_sfen(None)),
            board_and_hands(rs.to_sfen(None))
        );
        rs_out
            .set_packed_sfen(&rs_psfen, false, 0)
            .expect("rsshogi decodes");
        assert_eq!(
            board_and_hands(rs_out.to_sfen(None)),
            board_and_hands(rs.to_sfen(None))
        );

        c.bench_function(&format!("movegen/hcp_encode/{name}/shogi-movegen"), |b| {
            b.iter(|| black_box(&pos).to_hcp())
        });
        c.bench_function(&format!("movegen/hcp_encode/{name}/rsshogi"), |b| {
            b.iter(|| black_box(&rs).try_to_huffman_coded_pos())
        });
        c.bench_function(&format!("movegen/hcp_decode/{name}/shogi-movegen"), |b| {
            b.iter(|| Position::<shogi_movegen::Standard>::from_hcp(black_box(&hcp)))
        });
        c.bench_function(&format!("movegen/hcp_decode/{name}/rsshogi"), |b| {
            b.iter(|| rs_out.set_huffman_coded_pos(black_box(&rs_hcp), 0))
        });
        // The same decoding validated by `Position::from_setup` instead of directly.
        c.bench_function(&format!("movegen/hcp_decode_via_setup/{name}"), |b| {
            b.iter(|| {
                black_box(&hcp)
                    .to_setup()
                    .map(Position::<shogi_movegen::Standard>::from_setup)
            })
        });
        c.bench_function(&format!("movegen/psfen_encode/{name}/shogi-movegen"), |b| {
            b.iter(|| black_box(&pos).to_packed_sfen())
        });
        c.bench_function(&format!("movegen/psfen_encode/{name}/rsshogi"), |b| {
            b.iter(|| black_box(&rs).try_to_packed_sfen())
        });
        c.bench_function(&format!("movegen/psfen_decode/{name}/shogi-movegen"), |b| {
            b.iter(|| Position::<shogi_movegen::Standard>::from_packed_sfen(black_box(&psfen)))
        });
        c.bench_function(&format!("movegen/psfen_decode/{name}/rsshogi"), |b| {
            b.iter(|| rs_out.set_packed_sfen(black_box(&rs_psfen), false, 0))
        });
        let _: (Hcp, PackedSfen) = (hcp, psfen);
    }
}

criterion_group!(benches, packed);
criterion_main!(benches);
