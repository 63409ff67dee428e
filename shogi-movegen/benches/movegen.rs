//! Move generation benchmarks, with three peers from crates.io measured on the same positions
//! in the same run, so that every report shows the times side by side: `shunsai` (do/undo, move
//! sets per origin), `rsshogi` (do/undo, moves written into a fixed array) and `haitaka` (copy
//! and play, move sets per origin).
//!
//! Names: `movegen/<group>/<input>/<implementation>`. The perft groups follow three
//! conventions, each implemented the fastest way the crate's public API allows:
//! - `perft_bulk`, count only: the last ply is counted from the destination sets without
//!   building moves (rsshogi has no such API and is left out);
//! - `perft_play_leaves`, every leaf played: every move of the last ply is built and played;
//! - `perft_materialised`: a legal move list is built at every node, then each move is played
//!   and recursed into; at the last ply the list is built and its length counted.
//!
//! `checking_moves` times the check generator (`Position::checking_moves_into`) against the
//! filter it replaces (every legal move played and the result asked `is_check`), per position
//! and over the whole set, and over the set also the legal moves filtered by
//! `Position::gives_check`; our crate alone.
//!
//! `legal_moves` times one list of the legal moves, and `play` plays every legal move of a
//! position once (copy and play for us and haitaka, do and undo for shunsai and rsshogi), with
//! the Zobrist key read after each move. Every perft benchmark asserts its node count.
//!
//! `cargo test --benches` runs every benchmark once; in a debug build (no optimisation) the
//! perft depths are lowered by one so that this check stays quick, with the node counts of the
//! lower depth asserted instead.

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, criterion_group, criterion_main};
use shogi_movegen::{MoveList, Position, ProtectedSet, Standard, VariantHooks};
use shogi_types::{Bitboard, Color, Move, Setup};

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

fn setup(sfen: &str) -> Setup {
    sfen.parse().expect("bench sfen")
}

fn ours<R: VariantHooks>(sfen: &str) -> Position<R> {
    Position::from_setup(setup(sfen)).expect("bench position")
}

// ---------------------------------------------------------------------------------------------
// haitaka: copy and play, move sets per origin.

fn haitaka_board(sfen: &str) -> haitaka::Board {
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

fn haitaka_list(board: &haitaka::Board, buf: &mut Vec<haitaka::Move>) {
    buf.clear();
    board.generate_moves(|moves| {
        buf.extend(moves);
        false
    });
}

/// `bufs[depth - 1]` is the list of the node `depth` plies above the leaves.
fn haitaka_perft_materialised(
    board: &haitaka::Board,
    depth: usize,
    bufs: &mut [Vec<haitaka::Move>],
) -> u64 {
    let (buf, rest) = bufs[..depth].split_last_mut().expect("depth >= 1");
    haitaka_list(board, buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut nodes = 0;
    for &mv in buf.iter() {
        let mut child = board.clone();
        child.play_unchecked(mv);
        nodes += haitaka_perft_materialised(&child, depth - 1, rest);
    }
    nodes
}

// ---------------------------------------------------------------------------------------------
// shunsai: do/undo, move sets per origin (`generate_moves`), moves written into a reused `Vec`.

use shunsai::shogi_core as core_types;

fn shunsai_position(sfen: &str) -> shunsai::Position {
    let setup = setup(sfen);
    let mut partial = core_types::PartialPosition::empty();
    let color = |c: Color| match c {
        Color::Black => core_types::Color::Black,
        Color::White => core_types::Color::White,
    };
    // Both crates list the 14 kinds in the same order; shogi_core counts from 1.
    let kind = |k: shogi_types::PieceKind| {
        core_types::PieceKind::from_u8(k.index() as u8 + 1).expect("14 kinds")
    };
    for sq in shogi_types::Square::ALL {
        if let Some(p) = setup.board[sq.index()] {
            let at = core_types::Square::new(sq.file().get(), sq.rank().get()).expect("square");
            partial.piece_set(
                at,
                Some(core_types::Piece::new(kind(p.kind), color(p.color))),
            );
        }
    }
    for c in [Color::Black, Color::White] {
        for (k, n) in setup.hands[c].iter() {
            let hand = partial.hand_of_a_player_mut(color(c));
            for _ in 0..n {
                *hand = hand.added(kind(k)).expect("hand count");
            }
        }
    }
    partial.side_to_move_set(color(setup.side_to_move));
    shunsai::Position::new(partial)
}

fn shunsai_sets(pos: &shunsai::Position, buf: &mut Vec<shunsai::MoveSet>) {
    buf.clear();
    let _ = pos.generate_moves(|set| {
        buf.push(set);
        ControlFlow::Continue(())
    });
}

fn shunsai_perft_bulk(
    pos: &mut shunsai::Position,
    depth: usize,
    bufs: &mut [Vec<shunsai::MoveSet>],
) -> u64 {
    if depth == 1 {
        let mut nodes = 0;
        let _ = pos.generate_moves(|set| {
            nodes += set.len() as u64;
            ControlFlow::Continue(())
        });
        return nodes;
    }
    let (buf, rest) = bufs[..depth].split_last_mut().expect("depth >= 1");
    shunsai_sets(pos, buf);
    let mut nodes = 0;
    for &set in buf.iter() {
        for mv in set {
            let undo = pos.do_move(mv);
            nodes += shunsai_perft_bulk(pos, depth - 1, rest);
            pos.undo_move(mv, undo);
        }
    }
    nodes
}

fn shunsai_perft(
    pos: &mut shunsai::Position,
    depth: usize,
    bufs: &mut [Vec<shunsai::MoveSet>],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = bufs[..depth].split_last_mut().expect("depth >= 1");
    shunsai_sets(pos, buf);
    let mut nodes = 0;
    for &set in buf.iter() {
        for mv in set {
            let undo = pos.do_move(mv);
            nodes += shunsai_perft(pos, depth - 1, rest);
            pos.undo_move(mv, undo);
        }
    }
    nodes
}

fn shunsai_list(pos: &shunsai::Position, buf: &mut Vec<core_types::Move>) {
    buf.clear();
    let _ = pos.generate_moves(|set| {
        set.write_into(buf);
        ControlFlow::Continue(())
    });
}

fn shunsai_perft_materialised(
    pos: &mut shunsai::Position,
    depth: usize,
    bufs: &mut [Vec<core_types::Move>],
) -> u64 {
    let (buf, rest) = bufs[..depth].split_last_mut().expect("depth >= 1");
    shunsai_list(pos, buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut nodes = 0;
    for &mv in buf.iter() {
        let undo = pos.do_move(mv);
        nodes += shunsai_perft_materialised(pos, depth - 1, rest);
        pos.undo_move(mv, undo);
    }
    nodes
}

// ---------------------------------------------------------------------------------------------
// rsshogi: do/undo (`apply_move32`/`undo_move32`), moves written into a reused `Move32List`.

use rsshogi::board::{Move32List, generate_legal_all_move32};

fn rsshogi_position(sfen: &str) -> rsshogi::board::Position {
    let mut pos = rsshogi::board::position_from_sfen(sfen).expect("rsshogi sfen");
    pos.init_stack();
    pos
}

fn rsshogi_perft(pos: &mut rsshogi::board::Position, depth: usize, bufs: &mut [Move32List]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = bufs[..depth].split_last_mut().expect("depth >= 1");
    buf.clear();
    generate_legal_all_move32(pos, buf);
    let mut nodes = 0;
    for &mv in buf.iter() {
        pos.apply_move32(mv);
        nodes += rsshogi_perft(pos, depth - 1, rest);
        pos.undo_move32(mv).expect("undo");
    }
    nodes
}

fn rsshogi_perft_materialised(
    pos: &mut rsshogi::board::Position,
    depth: usize,
    bufs: &mut [Move32List],
) -> u64 {
    let (buf, rest) = bufs[..depth].split_last_mut().expect("depth >= 1");
    buf.clear();
    generate_legal_all_move32(pos, buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut nodes = 0;
    for &mv in buf.iter() {
        pos.apply_move32(mv);
        nodes += rsshogi_perft_materialised(pos, depth - 1, rest);
        pos.undo_move32(mv).expect("undo");
    }
    nodes
}

// ---------------------------------------------------------------------------------------------
// Ours: copy and play.

/// Materialised perft through [`Position::legal_moves`] (a new list returned at every node).
fn ours_perft_materialised(pos: &Position, depth: u32) -> u64 {
    let list = pos.legal_moves();
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &m in list.iter() {
        let mut child = *pos;
        child.play_unchecked(m);
        nodes += ours_perft_materialised(&child, depth - 1);
    }
    nodes
}

/// Materialised perft through one reused list per ply (`bufs[depth - 1]`), the API a search
/// loop calls.
fn ours_perft_materialised_buffer(pos: &Position, depth: usize, bufs: &mut [MoveList]) -> u64 {
    let (list, rest) = bufs[..depth].split_last_mut().expect("depth >= 1");
    ours_list_into(pos, list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &m in list.iter() {
        let mut child = *pos;
        child.play_unchecked(m);
        nodes += ours_perft_materialised_buffer(&child, depth - 1, rest);
    }
    nodes
}

#[inline(always)]
fn ours_list_into(pos: &Position, list: &mut MoveList) {
    pos.legal_moves_into(list);
}

// ---------------------------------------------------------------------------------------------

/// (name, sfen, depth, nodes at depth, nodes at depth - 1)
type PerftRow = (&'static str, &'static str, u32, u64, u64);

const BULK: &[PerftRow] = &[
    ("startpos_d5", STARTPOS, 5, 19_861_490, 719_731),
    ("matsuri_d4", MATSURI, 4, 516_925_165, 4_809_015),
    ("max593_d3", MAX593, 3, 53_393_368, 105_677),
];

const PLAY_LEAVES: &[PerftRow] = &[
    ("startpos_d5", STARTPOS, 5, 19_861_490, 719_731),
    ("matsuri_d3", MATSURI, 3, 4_809_015, 28_684),
    ("max593_d3", MAX593, 3, 53_393_368, 105_677),
];

const MATERIALISED: &[PerftRow] = BULK;

fn depth_and_nodes(depth: u32, nodes: u64, lower: u64) -> (u32, u64) {
    if cfg!(debug_assertions) {
        (depth - 1, lower)
    } else {
        (depth, nodes)
    }
}

fn long_group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(4));
    g
}

fn perft_bulk(c: &mut Criterion) {
    let mut g = long_group(c, "movegen/perft_bulk");
    for &(name, sfen, depth, nodes, lower) in BULK {
        let (depth, nodes) = depth_and_nodes(depth, nodes, lower);
        let d = depth as usize;
        let pos = ours::<Standard>(sfen);
        let hook = ours::<HookOn>(sfen);
        let board = haitaka_board(sfen);
        let shunsai = shunsai_position(sfen);
        g.bench_function(format!("{name}/shogi-movegen"), |b| {
            b.iter(|| assert_eq!(black_box(&pos).perft(depth), nodes))
        });
        g.bench_function(format!("{name}/shogi-movegen-hook-on"), |b| {
            b.iter(|| assert_eq!(black_box(&hook).perft(depth), nodes))
        });
        let mut bufs = vec![Vec::with_capacity(128); d];
        g.bench_function(format!("{name}/shunsai"), |b| {
            b.iter(|| {
                let mut p = black_box(&shunsai).clone();
                assert_eq!(shunsai_perft_bulk(&mut p, d, &mut bufs), nodes)
            })
        });
        g.bench_function(format!("{name}/haitaka"), |b| {
            b.iter(|| assert_eq!(haitaka_perft_bulk(black_box(&board), depth), nodes))
        });
    }
    g.finish();
}

fn perft_play_leaves(c: &mut Criterion) {
    let mut g = long_group(c, "movegen/perft_play_leaves");
    for &(name, sfen, depth, nodes, lower) in PLAY_LEAVES {
        let (depth, nodes) = depth_and_nodes(depth, nodes, lower);
        let d = depth as usize;
        let pos = ours::<Standard>(sfen);
        let board = haitaka_board(sfen);
        let shunsai = shunsai_position(sfen);
        let rsshogi = rsshogi_position(sfen);
        g.bench_function(format!("{name}/shogi-movegen"), |b| {
            b.iter(|| assert_eq!(black_box(&pos).perft_unbulked(depth), nodes))
        });
        let mut bufs = vec![Vec::with_capacity(128); d];
        g.bench_function(format!("{name}/shunsai"), |b| {
            b.iter(|| {
                let mut p = black_box(&shunsai).clone();
                assert_eq!(shunsai_perft(&mut p, d, &mut bufs), nodes)
            })
        });
        let mut lists: Vec<Move32List> = (0..d).map(|_| Move32List::new()).collect();
        g.bench_function(format!("{name}/rsshogi"), |b| {
            b.iter(|| {
                let mut p = black_box(&rsshogi).clone();
                assert_eq!(rsshogi_perft(&mut p, d, &mut lists), nodes)
            })
        });
        g.bench_function(format!("{name}/haitaka"), |b| {
            b.iter(|| assert_eq!(haitaka_perft(black_box(&board), depth), nodes))
        });
    }
    g.finish();
}

fn perft_materialised(c: &mut Criterion) {
    let mut g = long_group(c, "movegen/perft_materialised");
    for &(name, sfen, depth, nodes, lower) in MATERIALISED {
        let (depth, nodes) = depth_and_nodes(depth, nodes, lower);
        let d = depth as usize;
        let pos = ours::<Standard>(sfen);
        let board = haitaka_board(sfen);
        let shunsai = shunsai_position(sfen);
        let rsshogi = rsshogi_position(sfen);
        g.bench_function(format!("{name}/shogi-movegen"), |b| {
            b.iter(|| assert_eq!(ours_perft_materialised(black_box(&pos), depth), nodes))
        });
        let mut lists: Vec<MoveList> = (0..d).map(|_| MoveList::new()).collect();
        g.bench_function(format!("{name}/shogi-movegen-buffer"), |b| {
            b.iter(|| {
                assert_eq!(
                    ours_perft_materialised_buffer(black_box(&pos), d, &mut lists),
                    nodes
                )
            })
        });
        let mut bufs = vec![Vec::with_capacity(600); d];
        g.bench_function(format!("{name}/shunsai"), |b| {
            b.iter(|| {
                let mut p = black_box(&shunsai).clone();
                assert_eq!(shunsai_perft_materialised(&mut p, d, &mut bufs), nodes)
            })
        });
        let mut lists: Vec<Move32List> = (0..d).map(|_| Move32List::new()).collect();
        g.bench_function(format!("{name}/rsshogi"), |b| {
            b.iter(|| {
                let mut p = black_box(&rsshogi).clone();
                assert_eq!(rsshogi_perft_materialised(&mut p, d, &mut lists), nodes)
            })
        });
        let mut bufs = vec![Vec::with_capacity(600); d];
        g.bench_function(format!("{name}/haitaka"), |b| {
            b.iter(|| {
                assert_eq!(
                    haitaka_perft_materialised(black_box(&board), d, &mut bufs),
                    nodes
                )
            })
        });
    }
    g.finish();
}

const LIST_INPUTS: &[(&str, &str)] = &[
    ("startpos", STARTPOS),
    ("matsuri", MATSURI),
    ("max593", MAX593),
    ("midgame", MIDGAME),
    ("drops", DROPS),
    ("handicap", HANDICAP),
];

fn legal_moves(c: &mut Criterion) {
    let mut g = c.benchmark_group("movegen/legal_moves");
    for &(name, sfen) in LIST_INPUTS {
        let pos = ours::<Standard>(sfen);
        let board = haitaka_board(sfen);
        let shunsai = shunsai_position(sfen);
        let rsshogi = rsshogi_position(sfen);
        let expected = pos.legal_moves().len();
        g.bench_function(format!("{name}/shogi-movegen"), |b| {
            b.iter(|| {
                // The list stays in this frame, as a caller's would (returning it from the
                // closure would add a copy into criterion's slot that no caller makes).
                let list = black_box(&pos).legal_moves();
                assert_eq!(list.len(), expected);
                black_box(&list);
            })
        });
        let mut list = MoveList::new();
        g.bench_function(format!("{name}/shogi-movegen-buffer"), |b| {
            b.iter(|| {
                ours_list_into(black_box(&pos), &mut list);
                assert_eq!(list.len(), expected);
            })
        });
        let mut buf = Vec::with_capacity(600);
        g.bench_function(format!("{name}/shunsai"), |b| {
            b.iter(|| {
                shunsai_list(black_box(&shunsai), &mut buf);
                assert_eq!(buf.len(), expected);
            })
        });
        let mut moves = Move32List::new();
        g.bench_function(format!("{name}/rsshogi"), |b| {
            b.iter(|| {
                moves.clear();
                generate_legal_all_move32(black_box(&rsshogi), &mut moves);
                assert_eq!(moves.len(), expected);
            })
        });
        let mut buf = Vec::with_capacity(600);
        g.bench_function(format!("{name}/haitaka"), |b| {
            b.iter(|| {
                haitaka_list(black_box(&board), &mut buf);
                assert_eq!(buf.len(), expected);
            })
        });
    }
    g.finish();
}

fn play(c: &mut Criterion) {
    let mut g = c.benchmark_group("movegen/play");
    for &(name, sfen) in &LIST_INPUTS[..4] {
        let pos = ours::<Standard>(sfen);
        let moves: Vec<Move> = pos.legal_moves().to_vec();
        let board = haitaka_board(sfen);
        let mut their_moves = Vec::new();
        haitaka_list(&board, &mut their_moves);
        let shunsai = shunsai_position(sfen);
        let mut shunsai_moves = Vec::new();
        shunsai_list(&shunsai, &mut shunsai_moves);
        let rsshogi = rsshogi_position(sfen);
        let mut rsshogi_moves = Move32List::new();
        generate_legal_all_move32(&rsshogi, &mut rsshogi_moves);
        assert_eq!(moves.len(), their_moves.len());
        assert_eq!(moves.len(), shunsai_moves.len());
        assert_eq!(moves.len(), rsshogi_moves.len());
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
        let mut p = shunsai.clone();
        g.bench_function(format!("{name}/shunsai"), |b| {
            b.iter(|| {
                let mut acc = 0u64;
                for &m in &shunsai_moves {
                    let undo = black_box(&mut p).do_move(m);
                    acc ^= p.key();
                    p.undo_move(m, undo);
                }
                acc
            })
        });
        let mut p = rsshogi.clone();
        g.bench_function(format!("{name}/rsshogi"), |b| {
            b.iter(|| {
                let mut acc = 0u64;
                for &m in rsshogi_moves.iter() {
                    black_box(&mut p).apply_move32(m);
                    acc ^= p.key().low_u64();
                    p.undo_move32(m).expect("undo");
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

/// Positions for check generation: the list inputs, two mate problems (将棋図巧 78 and 69,
/// public domain: only White has a king) and a position in check whose capture of the checker
/// checks back.
const CHECK_INPUTS: &[(&str, &str)] = &[
    ("startpos", STARTPOS),
    ("matsuri", MATSURI),
    ("max593", MAX593),
    ("midgame", MIDGAME),
    ("drops", DROPS),
    ("handicap", HANDICAP),
    (
        "tsume",
        "9/9/2l1Sn+B2/2+b1l1l2/6g2/3pkp3/1sR3R2/4+p4/3+p5 b 2NL3g2sn14p 1",
    ),
    (
        "tsume_hand",
        "9/9/9/9/5l3/p2+rb4/1pG3+R2/S3S4/1+bk6 b 3GSs4n3l16p 1",
    ),
    ("in_check", "4k4/9/9/9/4r3R/9/9/9/4K4 b G 1"),
];

/// The checking moves by definition: every legal move played and the result asked whether it
/// is in check (what a caller without a check generator does).
fn checks_by_filter(pos: &Position, legal: &mut MoveList, out: &mut MoveList) {
    pos.legal_moves_into(legal);
    out.clear();
    for &m in legal.iter() {
        let mut child = *pos;
        child.play_unchecked(m);
        if child.is_check() {
            out.push(m);
        }
    }
}

/// The legal moves filtered by `Position::gives_check` (no move played).
fn checks_by_gives_check(pos: &Position, legal: &mut MoveList, out: &mut MoveList) {
    pos.legal_moves_into(legal);
    out.clear();
    out.extend(legal.iter().copied().filter(|&m| pos.gives_check(m)));
}

fn checking_moves(c: &mut Criterion) {
    let mut g = c.benchmark_group("movegen/checking_moves");
    let positions: Vec<Position> = CHECK_INPUTS
        .iter()
        .map(|&(_, sfen)| {
            Position::from_setup(setup(sfen))
                .or_else(|e| e.ignore_soft())
                .expect("bench position")
        })
        .collect();
    let mut legal = MoveList::new();
    let mut list = MoveList::new();
    let expected: Vec<usize> = positions
        .iter()
        .map(|pos| {
            checks_by_filter(pos, &mut legal, &mut list);
            let n = list.len();
            pos.checking_moves_into(&mut list);
            assert_eq!(list.len(), n, "{pos}");
            checks_by_gives_check(pos, &mut legal, &mut list);
            assert_eq!(list.len(), n, "{pos}");
            n
        })
        .collect();
    for (i, &(name, _)) in CHECK_INPUTS.iter().enumerate() {
        let pos = positions[i];
        g.bench_function(format!("{name}/generator"), |b| {
            b.iter(|| {
                black_box(&pos).checking_moves_into(&mut list);
                assert_eq!(list.len(), expected[i]);
            })
        });
        g.bench_function(format!("{name}/filter"), |b| {
            b.iter(|| {
                checks_by_filter(black_box(&pos), &mut legal, &mut list);
                assert_eq!(list.len(), expected[i]);
            })
        });
    }
    // The whole set per iteration.
    g.bench_function("set/generator", |b| {
        b.iter(|| {
            for (pos, &n) in black_box(&positions).iter().zip(&expected) {
                pos.checking_moves_into(&mut list);
                assert_eq!(list.len(), n);
            }
        })
    });
    g.bench_function("set/filter", |b| {
        b.iter(|| {
            for (pos, &n) in black_box(&positions).iter().zip(&expected) {
                checks_by_filter(pos, &mut legal, &mut list);
                assert_eq!(list.len(), n);
            }
        })
    });
    g.bench_function("set/filter_gives_check", |b| {
        b.iter(|| {
            for (pos, &n) in black_box(&positions).iter().zip(&expected) {
                checks_by_gives_check(pos, &mut legal, &mut list);
                assert_eq!(list.len(), n);
            }
        })
    });
    g.finish();
}

criterion_group!(
    benches,
    perft_bulk,
    perft_play_leaves,
    perft_materialised,
    legal_moves,
    play,
    checking_moves
);
criterion_main!(benches);
