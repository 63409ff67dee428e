//! Move generation benchmarks, with `haitaka` (crates.io) measured on the same positions in the
//! same run so that every report shows both times side by side.
//!
//! Names: `movegen/<op>/<input>/<implementation>`. Perft benchmarks assert their node counts.
//! `cargo test --benches` runs every benchmark once; in a debug build (no optimisation) the
//! perft depths are lowered by one so that this check stays quick, with the node counts of the
//! lower depth asserted instead.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shogi_movegen::{Position, ProtectedSet, Standard, VariantHooks};
use shogi_types::{Bitboard, Move, Setup};

const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
const MIDGAME: &str = "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b BGSs3p 91";
const MAX593: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";
const DROPS: &str = "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1";
const HANDICAP: &str = "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";

/// A rules type that switches the protection hook on but protects nothing: the cost standard
/// shogi would pay if the hook were not compiled out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
struct HookOn;

impl VariantHooks for HookOn {
    type Protected = Bitboard;
}

const _: () = assert!(<Bitboard as ProtectedSet>::ACTIVE);

fn ours<R: VariantHooks>(sfen: &str) -> Position<R> {
    let setup: Setup = sfen.parse().expect("bench sfen");
    Position::from_setup(setup).expect("bench position")
}

fn theirs(sfen: &str) -> haitaka::Board {
    haitaka::Board::from_sfen(sfen).expect("haitaka sfen")
}

fn haitaka_perft_bulk(board: &haitaka::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.into_iter().len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += haitaka_perft_bulk(&child, depth - 1);
        }
        false
    });
    nodes
}

fn haitaka_perft(board: &haitaka::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += haitaka_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

/// (name, sfen, depth, nodes at depth, nodes at depth - 1)
const PERFT: &[(&str, &str, u32, u64, u64)] = &[
    ("startpos_d4", STARTPOS, 4, 719_731, 25_470),
    ("startpos_d5", STARTPOS, 5, 19_861_490, 719_731),
    ("matsuri_d3", MATSURI, 3, 4_809_015, 28_684),
    ("matsuri_d4", MATSURI, 4, 516_925_165, 4_809_015),
];

fn depth_and_nodes(depth: u32, nodes: u64, lower: u64) -> (u32, u64) {
    if cfg!(debug_assertions) {
        (depth - 1, lower)
    } else {
        (depth, nodes)
    }
}

fn perft(c: &mut Criterion) {
    let mut g = c.benchmark_group("movegen/perft_bulk");
    g.sample_size(10);
    for &(name, sfen, depth, nodes, lower) in PERFT {
        let (depth, nodes) = depth_and_nodes(depth, nodes, lower);
        let pos = ours::<Standard>(sfen);
        let hook = ours::<HookOn>(sfen);
        let board = theirs(sfen);
        g.bench_function(format!("{name}/shogi-movegen"), |b| {
            b.iter(|| assert_eq!(black_box(&pos).perft(depth), nodes))
        });
        g.bench_function(format!("{name}/shogi-movegen-hook-on"), |b| {
            b.iter(|| assert_eq!(black_box(&hook).perft(depth), nodes))
        });
        g.bench_function(format!("{name}/haitaka"), |b| {
            b.iter(|| assert_eq!(haitaka_perft_bulk(black_box(&board), depth), nodes))
        });
    }
    g.finish();

    // Without bulk counting: every leaf move is built and played.
    let mut g = c.benchmark_group("movegen/perft_play_leaves");
    g.sample_size(10);
    for &(name, sfen, depth, nodes, lower) in &PERFT[..3] {
        let (depth, nodes) = depth_and_nodes(depth, nodes, lower);
        let pos = ours::<Standard>(sfen);
        let board = theirs(sfen);
        g.bench_function(format!("{name}/shogi-movegen"), |b| {
            b.iter(|| assert_eq!(black_box(&pos).perft_unbulked(depth), nodes))
        });
        g.bench_function(format!("{name}/haitaka"), |b| {
            b.iter(|| assert_eq!(haitaka_perft(black_box(&board), depth), nodes))
        });
    }
    g.finish();
}

fn legal_moves(c: &mut Criterion) {
    let mut g = c.benchmark_group("movegen/legal_moves");
    for (name, sfen) in [
        ("startpos", STARTPOS),
        ("midgame", MIDGAME),
        ("max593", MAX593),
        ("drops", DROPS),
        ("handicap", HANDICAP),
    ] {
        let pos = ours::<Standard>(sfen);
        let board = theirs(sfen);
        let expected = pos.legal_moves().len();
        g.bench_function(format!("{name}/shogi-movegen"), |b| {
            b.iter(|| {
                let list = black_box(&pos).legal_moves();
                assert_eq!(list.len(), expected);
                list
            })
        });
        let mut buf: Vec<haitaka::Move> = Vec::with_capacity(600);
        g.bench_function(format!("{name}/haitaka"), |b| {
            b.iter(|| {
                buf.clear();
                black_box(&board).generate_moves(|moves| {
                    buf.extend(moves);
                    false
                });
                assert_eq!(buf.len(), expected);
            })
        });
    }
    g.finish();
}

fn make_move(c: &mut Criterion) {
    let mut g = c.benchmark_group("movegen/play_with_hash");
    for (name, sfen) in [
        ("startpos", STARTPOS),
        ("midgame", MIDGAME),
        ("max593", MAX593),
    ] {
        let pos = ours::<Standard>(sfen);
        let moves: Vec<Move> = pos.legal_moves().to_vec();
        let board = theirs(sfen);
        let mut their_moves = Vec::new();
        board.generate_moves(|m| {
            their_moves.extend(m);
            false
        });
        g.bench_function(format!("{name}/shogi-movegen"), |b| {
            b.iter(|| {
                let mut acc = 0u64;
                for &m in &moves {
                    let mut child = *black_box(&pos);
                    child.play_unchecked(m);
                    acc ^= child.zobrist();
                }
                acc
            })
        });
        g.bench_function(format!("{name}/haitaka"), |b| {
            b.iter(|| {
                let mut acc = 0u64;
                for &m in &their_moves {
                    let mut child = black_box(&board).clone();
                    child.play_unchecked(m);
                    acc ^= child.hash();
                }
                acc
            })
        });
    }
    g.finish();
}

criterion_group!(benches, perft, legal_moves, make_move);
criterion_main!(benches);
