//! Reading costs the same per byte at any size: for each shape of large record
//! (`common/large.rs`: many variation blocks of one move, a variation on every move of a long
//! main line, many JKF forks, many CSA games or USI lines), the time per byte of reading `8n`
//! blocks is compared with that of `n` blocks, in the same run. A quadratic reader gives about
//! 8 times the time per byte; the test allows less than 3 times, and takes the best of three
//! runs of each size, so that a busy machine does not fail it.
//!
//! The sizes are large enough for the quadratic parts (moving the variations read so far,
//! replaying a long main line for each block) to show in a debug build, and small enough for
//! it to finish in a few seconds.

mod common;

use std::time::Instant;

use common::large::{Shape, generate};
use shogi_record::Record;
use shogi_types::Move;

/// How a shape is read: the count it gives, to check that the record was read whole.
type Reader = fn(&[u8]) -> usize;

/// A case: the shape, `n`, how it is read and the count read for `n` blocks.
type Case = (Shape, usize, Reader, fn(usize) -> usize);

fn read_one(bytes: &[u8]) -> usize {
    let rec = shogi_record::read(bytes).expect("the generated record reads");
    rec.moves.len() + rec.moves.iter().map(|m| m.variations.len()).sum::<usize>()
}

fn read_all(bytes: &[u8]) -> usize {
    let games = Record::read_all(bytes).expect("the generated file reads");
    assert!(games.iter().all(Result::is_ok));
    games.len()
}

fn read_stream(bytes: &[u8]) -> usize {
    let games = Record::games(bytes).expect("the generated file reads");
    games.filter(Result::is_ok).count()
}

/// The best time per byte of three runs of `read` on each text, runs of both sizes taken in
/// turn.
fn best_per_byte(texts: [&str; 2], read: Reader, expected: [usize; 2]) -> [f64; 2] {
    let mut best = [f64::INFINITY; 2];
    for _ in 0..3 {
        for (i, text) in texts.iter().enumerate() {
            let started = Instant::now();
            let count = read(text.as_bytes());
            let seconds = started.elapsed().as_secs_f64();
            assert_eq!(count, expected[i], "{text:.200}");
            #[allow(clippy::cast_precision_loss)]
            let per_byte = seconds / text.len() as f64;
            best[i] = best[i].min(per_byte);
        }
    }
    best
}

#[test]
fn reading_costs_the_same_per_byte_at_any_size() {
    let cases: [Case; 8] = [
        // 2 moves, the second with n variations.
        (Shape::KifSiblings, 6000, read_one, |n| 2 + n),
        (Shape::Ki2Siblings, 6000, read_one, |n| 2 + n),
        // n moves, each with one variation.
        (Shape::KifBackwards, 500, read_one, |n| 2 * n),
        (Shape::Ki2Backwards, 500, read_one, |n| 2 * n),
        (Shape::JkfForks, 2000, read_one, |n| 2 + n),
        (Shape::CsaGames, 1000, read_all, |n| n),
        (Shape::CsaGames, 1000, read_stream, |n| n),
        (Shape::UsiLines, 2000, read_all, |n| n),
    ];
    let mut slow = Vec::new();
    for (shape, n, read, count) in cases {
        let small = generate(shape, n);
        let big = generate(shape, 8 * n);
        let [a, b] = best_per_byte([&small, &big], read, [count(n), count(8 * n)]);
        let ratio = b / a;
        eprintln!(
            "{}: {:.0} ns/byte at n = {n}, {:.0} at 8n: {ratio:.2}",
            shape.name(),
            a * 1e9,
            b * 1e9
        );
        if ratio >= 3.0 {
            slow.push(format!("{} ({ratio:.1} times)", shape.name()));
        }
    }
    assert!(
        slow.is_empty(),
        "reading 8 times more costs more per byte: {}",
        slow.join(", ")
    );
}

#[test]
fn the_generated_variations_are_read_as_a_tree() {
    let pawn = |usi: &str| usi.parse::<Move>().expect("usi");
    for shape in [Shape::KifSiblings, Shape::Ki2Siblings] {
        let rec = shogi_record::read_str(&generate(shape, 5)).expect("reads");
        assert_eq!(rec.usi_moves(), [pawn("7g7f"), pawn("3c3d")]);
        assert_eq!(rec.moves[1].variations.len(), 5);
        for v in &rec.moves[1].variations {
            let moves: Vec<Move> = v.moves.iter().map(|m| m.mv).collect();
            assert_eq!(moves, [pawn("8c8d")]);
        }
    }
    for shape in [Shape::KifBackwards, Shape::Ki2Backwards] {
        let rec = shogi_record::read_str(&generate(shape, 40)).expect("reads");
        assert_eq!(rec.moves.len(), 40);
        for (i, m) in rec.moves.iter().enumerate() {
            let alternative = if i % 2 == 0 { "1g1f" } else { "9c9d" };
            assert_eq!(m.variations.len(), 1, "move {}", i + 1);
            assert_eq!(
                m.variations[0].moves[0].mv,
                pawn(alternative),
                "move {}",
                i + 1
            );
        }
    }
}
