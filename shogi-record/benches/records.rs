//! Record benchmarks: reading and writing whole game records.
//!
//! `records/<format>_read/150` reads a 150-move record (with times and a few comments) and
//! replays it with legality checks; the record is a fixed pseudo-random game written by this
//! crate's writers. `records/<format>_write/150` writes it.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shogi_movegen::Position;
use shogi_record::{Ending, MoveTime, Record, RecordMove, Special, csa, ki2, kif};

/// A 150-move game: each move picked from the legal moves by a fixed xorshift sequence,
/// preferring captures and promotions now and then so that the game looks like play.
fn game_record() -> Record {
    let mut pos: Position = Position::start();
    let mut rec = Record::start();
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

criterion_group!(benches, records);
criterion_main!(benches);
