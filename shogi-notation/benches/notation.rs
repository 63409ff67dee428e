//! Notation benchmarks: writing (and reading back) Western and Japanese notation for every
//! legal move of a position.
//!
//! Names: `notation/<op>/<input>`. Inputs are fixed SFENs; `max593` is the position with the
//! most legal moves known (593).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shogi_movegen::Position;
use shogi_notation::{japanese, western};
use shogi_types::{Move, Setup};

const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const MIDGAME: &str = "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b BGSs3p 91";
const MAX593: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

fn position(sfen: &str) -> Position {
    let setup = sfen.parse::<Setup>().expect("bench sfen");
    Position::from_setup(setup).expect("bench position")
}

fn inputs() -> [(&'static str, Position, Vec<Move>); 3] {
    [
        ("startpos", STARTPOS),
        ("midgame", MIDGAME),
        ("max593", MAX593),
    ]
    .map(|(name, sfen)| {
        let pos = position(sfen);
        let moves = pos.legal_moves().iter().copied().collect();
        (name, pos, moves)
    })
}

fn bench(c: &mut Criterion) {
    let inputs = inputs();
    assert_eq!(inputs[2].2.len(), 593);
    for (name, pos, moves) in &inputs {
        c.bench_function(&format!("notation/japanese_write/{name}"), |b| {
            b.iter(|| {
                let mut bytes = 0;
                for &m in moves {
                    bytes += japanese::write(black_box(pos), black_box(m), None)
                        .expect("legal move")
                        .len();
                }
                bytes
            });
        });
        c.bench_function(&format!("notation/western_write/{name}"), |b| {
            b.iter(|| {
                let mut bytes = 0;
                for &m in moves {
                    bytes += western::write(black_box(pos), black_box(m))
                        .expect("legal move")
                        .len();
                }
                bytes
            });
        });
        let japanese_texts: Vec<String> = moves
            .iter()
            .map(|&m| japanese::write(pos, m, None).expect("legal move"))
            .collect();
        c.bench_function(&format!("notation/japanese_read/{name}"), |b| {
            b.iter(|| {
                for (text, &m) in japanese_texts.iter().zip(moves) {
                    let read = japanese::parse(black_box(text))
                        .expect("reads")
                        .resolve(pos, None);
                    assert_eq!(read, Ok(m));
                }
            });
        });
        let western_texts: Vec<String> = moves
            .iter()
            .map(|&m| western::write(pos, m).expect("legal move"))
            .collect();
        c.bench_function(&format!("notation/western_read/{name}"), |b| {
            b.iter(|| {
                for (text, &m) in western_texts.iter().zip(moves) {
                    let read = western::parse(black_box(text)).expect("reads").resolve(pos);
                    assert_eq!(read, Ok(m));
                }
            });
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
