//! `Game::play` over a long game: `rules/play/1000_moves` plays the 1,000 moves of a fixed
//! game from the start position (throughput in moves), `rules/play/10_moves` its first ten,
//! so that the two per-move times can be compared (no quadratic work: they should match).
//!
//! The game is built once, before timing, by random legal play with a fixed seed, skipping
//! every move that would end the game (mate, repetition), so all 1,000 moves are played.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use shogi_movegen::Position;
use shogi_rules::Game;
use shogi_types::Move;

/// xorshift64: small, deterministic.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A legal game of `len` moves from the start position in which no move ends the game.
fn long_game(len: usize) -> Vec<Move> {
    let mut rng = Rng(0x005e_ed0f_5a1e_2024);
    let mut game = Game::default();
    while game.moves().len() < len {
        let legal = game.position().legal_moves();
        let first = (rng.next() % legal.len() as u64) as usize;
        let found = (0..legal.len()).any(|k| {
            let m = legal[(first + k) % legal.len()];
            match game.play(m) {
                Ok(None) => true,
                Ok(Some(_)) => {
                    // The move ended the game: take it (and its verdict) back.
                    assert_eq!(game.undo(), Ok(m));
                    false
                }
                Err(_) => false,
            }
        });
        assert!(
            found,
            "every move ends the game after {} moves",
            game.moves().len()
        );
    }
    let moves = game.moves().to_vec();
    // The benchmark replays exactly this game.
    let mut check = Game::default();
    for &m in &moves {
        assert_eq!(check.play(m), Ok(None));
    }
    moves
}

fn bench_play(c: &mut Criterion) {
    let moves = long_game(1000);
    let start = Position::default();
    let mut group = c.benchmark_group("rules/play");
    for (name, n) in [("1000_moves", 1000), ("10_moves", 10)] {
        let moves = &moves[..n];
        group.throughput(Throughput::Elements(n as u64));
        group.bench_function(name, |b| {
            b.iter_batched(
                || Game::new(start),
                |mut game| {
                    for &m in moves {
                        let verdict = game.play(black_box(m));
                        debug_assert_eq!(verdict, Ok(None));
                        black_box(verdict).ok();
                    }
                    game
                },
                BatchSize::SmallInput,
            );
        });
    }
    group.finish();
}

criterion_group!(benches, bench_play);
criterion_main!(benches);
