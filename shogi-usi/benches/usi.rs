//! USI message benchmarks.
//!
//! - `usi/info_parse/pv20`: read an `info` line with a 20-move principal variation.
//! - `usi/position_parse_replay/300`: read `position startpos moves ...` with 300 legal moves
//!   and replay it into a `Position<Standard>`. The moves come from a deterministic walk
//!   (a fixed xorshift choice among the legal moves, never into a position without one).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shogi_movegen::{Position, Standard};
use shogi_types::Move;
use shogi_usi::{EngineMessage, GuiCommand};

const INFO_PV20: &str = "info depth 20 seldepth 28 multipv 1 score cp 123 nodes 123456789 \
    nps 2345678 hashfull 512 tbhits 0 time 52631 pv 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b \
    2e2d 2c2d 2h2d 8e8f 8g8f 8b8f 2d3d 2b8h+ 7i8h B*2b 3d2d P*8g";

fn walk(plies: usize) -> Vec<Move> {
    let mut pos = Position::<Standard>::default();
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut moves = Vec::with_capacity(plies);
    while moves.len() < plies {
        let legal = pos.legal_moves();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let n = legal.len();
        let start = usize::try_from(state % n as u64).expect("index");
        let next = (0..n)
            .map(|k| legal[(start + k) % n])
            .find(|&m| {
                let mut p = pos;
                p.play(m).is_ok() && !p.legal_moves().is_empty()
            })
            .expect("a move that does not end the game");
        pos.play(next).expect("legal");
        moves.push(next);
    }
    moves
}

fn benches(c: &mut Criterion) {
    assert!(matches!(
        INFO_PV20.parse::<EngineMessage>(),
        Ok(EngineMessage::Info(ref i)) if i.pv.as_ref().map(|p| p.moves.len()) == Some(20)
    ));
    c.bench_function("usi/info_parse/pv20", |b| {
        b.iter(|| black_box(black_box(INFO_PV20).parse::<EngineMessage>()))
    });

    let mut line = String::from("position startpos moves");
    for m in walk(300) {
        line.push(' ');
        line.push_str(&m.to_string());
    }
    let replay = |line: &str| match line.parse::<GuiCommand>() {
        Ok(GuiCommand::Position(p)) => p.to_position::<Standard>().ok(),
        _ => None,
    };
    assert!(replay(&line).is_some());
    c.bench_function("usi/position_parse_replay/300", |b| {
        b.iter(|| black_box(replay(black_box(&line))))
    });
}

criterion_group!(usi, benches);
criterion_main!(usi);
