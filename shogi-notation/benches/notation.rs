//! Notation benchmarks: writing (and reading back) Western and Japanese notation for every
//! legal move of a position, and reading and writing whole game records.
//!
//! Names: `notation/<op>/<input>`. Inputs are the shared fixed SFENs; `max593` is the position
//! with the most legal moves known (593). `records/<format>_read/150` reads a 150-move record
//! (with times and a few comments) and replays it with legality checks; the record is a fixed
//! pseudo-random game written by this crate's writers.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shogi_movegen::Position;
use shogi_notation::record::{Ending, MoveTime, Record, RecordMove, Special};
use shogi_notation::sfen::Sfen;
use shogi_notation::{csa, japanese, ki2, kif, western};
use shogi_types::Move;

const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const MIDGAME: &str = "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b BGSs3p 91";
const MAX593: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

fn position(sfen: &str) -> Position {
    let setup = sfen.parse::<Sfen>().expect("bench sfen").into_setup();
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

/// A 150-move game: each move picked from the legal moves by a fixed xorshift sequence,
/// preferring captures and promotions now and then so that the game looks like play.
fn game_record() -> Record {
    let mut pos: Position = Position::start();
    let mut rec = Record::standard();
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    for ply in 0..150_u64 {
        let moves = pos.legal_moves();
        assert!(!moves.is_empty(), "the bench game ended early");
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let m = moves[(state % moves.len() as u64) as usize];
        pos.play(m).expect("legal");
        let mut rm = RecordMove::new(m);
        rm.time = Some(MoveTime::spent(std::time::Duration::from_secs(state % 60)));
        if ply % 25 == 0 {
            rm.comments.push(format!("comment on move {}", ply + 1));
        }
        rec.moves.push(rm);
    }
    rec.ending = Some(Ending::new(Special::Resign));
    rec
}

fn records(c: &mut Criterion) {
    let rec = game_record();
    let kif_text = kif::write(&rec);
    let ki2_text = ki2::write(&rec);
    let csa_text = csa::write(&rec);
    for (name, text, read) in [
        ("kif", &kif_text, kif::read as fn(&str) -> _),
        ("ki2", &ki2_text, ki2::read),
        ("csa", &csa_text, csa::read),
    ] {
        assert_eq!(read(text).expect("reads").moves.len(), 150, "{name}");
        c.bench_function(&format!("records/{name}_read/150"), |b| {
            b.iter(|| read(black_box(text)).expect("reads"));
        });
    }
    c.bench_function("records/kif_write/150", |b| {
        b.iter(|| kif::write(black_box(&rec)))
    });
    c.bench_function("records/ki2_write/150", |b| {
        b.iter(|| ki2::write(black_box(&rec)))
    });
    c.bench_function("records/csa_write/150", |b| {
        b.iter(|| csa::write(black_box(&rec)))
    });
}

criterion_group!(benches, bench, records);
criterion_main!(benches);
