//! Diagram benchmarks. `svg/diagram/midgame` writes the SVG of the shared middlegame position
//! with the last move, a selected square, two custom highlights, move dots and two arrows.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shogi_svg::{Diagram, Rgba};
use shogi_types::{Bitboard, Move, Setup, Square};

const MIDGAME: &str = "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b BGSs3p 91";

fn diagram() -> Diagram {
    let setup: Setup = MIDGAME.parse().expect("the midgame SFEN reads");
    let dots: Bitboard = [Square::SQ_5C, Square::SQ_4C, Square::SQ_6C]
        .into_iter()
        .collect();
    Diagram::new(setup)
        .last_move("2h1i+".parse::<Move>().expect("a USI move"))
        .selected(Square::SQ_5D)
        .highlight(Square::SQ_3C, Rgba::rgb(255, 0, 0).with_alpha(96))
        .highlight(Square::SQ_4D, Rgba::rgb(0, 0, 255).with_alpha(96))
        .dots(dots)
        .arrow(
            Square::SQ_5D,
            Square::SQ_4C,
            Rgba::rgb(0, 128, 0).with_alpha(192),
        )
        .move_arrow(
            "G*4b".parse::<Move>().expect("a USI move"),
            Rgba::rgb(0, 0, 200).with_alpha(160),
        )
}

fn svg(c: &mut Criterion) {
    let d = diagram();
    let expected = d.to_svg().len();
    c.bench_function("svg/diagram/midgame", |b| {
        b.iter(|| {
            let s = black_box(&d).to_svg();
            assert_eq!(s.len(), expected);
            s
        });
    });
    let mut buf = String::with_capacity(16 * 1024);
    c.bench_function("svg/diagram_reused/midgame", |b| {
        b.iter(|| {
            buf.clear();
            black_box(&d)
                .write_svg(&mut buf)
                .expect("a String takes any text");
            buf.len()
        });
    });
}

criterion_group!(benches, svg);
criterion_main!(benches);
