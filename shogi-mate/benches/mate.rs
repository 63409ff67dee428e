//! Mate in one against the naive way of finding it, on one position set in the same run.
//!
//! Names: `mate/<function>/<input>/<implementation>`. The set holds 30 positions of mate
//! problems (将棋図巧, public domain; from ten problems, each at its start, with three plies of
//! its solution left and with one left, so that some have a mate in one and most do not) and
//! four game positions. Three implementations find every mating move (`mating_moves`):
//! - `ours`: `shogi_mate::mating_moves_into` (the checking moves only, each decided by
//!   `is_checkmate`);
//! - `naive`: every legal move played, the result asked `is_check` and then
//!   `has_legal_move`: what a caller without check generation does;
//! - `naive_checks`: the checking moves of `Position::checking_moves_into` played and the
//!   result asked `has_legal_move`: the naive way with this crate's check generator.
//!
//! `mate_in_one` stops at the first mating move, with the same three implementations.
//! `mate_in/<plies>` times `mate_in` on the set. Every benchmark asserts its answers.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shogi_mate::{ShortMate, mate_in, mate_in_one, mating_moves_into};
use shogi_movegen::{MoveList, Position};
use shogi_types::Move;

/// (name, SFEN): the problem, then the plies of its solution left.
const SET: &[(&str, &str)] = &[
    (
        "zukou-004-1",
        "5ks1+S/8+R/4L2l1/6G2/4pn3/5Np2/9/6N2/8+n b r2b3g2s2l16p 39",
    ),
    (
        "zukou-004-3",
        "5k1+P+S/5s2+R/4L2l1/6G2/4pn3/5Np2/9/6N2/8+n b r2b3g2s2l15p 37",
    ),
    (
        "zukou-004-39",
        "6S+Pl/5s3/4L2l1/5gkBr/4pn3/5Gp2/9/6N2/7+R+n b BN2g2sl15p 1",
    ),
    (
        "zukou-014-1",
        "6+P1k/5p+B2/7+bp/9/4+p1p2/9/9/9/9 b 2r4g4s4n4l13p 25",
    ),
    (
        "zukou-014-3",
        "6+P1k/5p+B1+b/8p/9/4+p1p2/9/9/9/9 b N2r4g4s3n4l13p 23",
    ),
    (
        "zukou-014-25",
        "5+B1R1/5pP1k/6+b1p/9/4+p1p2/7N1/7+R1/9/9 b S3N4g3s4l13p 1",
    ),
    (
        "zukou-024-1",
        "3g3R1/5G3/9/6p2/5+n3/3+b5/3+p5/5s2k/7P1 b rb2g3s3n4l15p 43",
    ),
    (
        "zukou-024-3",
        "3g3R1/5G3/9/6p2/5+n3/3+b5/3+p5/5s1G1/7Pk b rbg3s3n4l15p 41",
    ),
    (
        "zukou-024-43",
        "3gR1S2/5g1p1/3R2pNN/4Skg2/6+n+B1/3+bs4/3+p5/5s3/7P1 b G2Pn4l12p 1",
    ),
    (
        "zukou-034-1",
        "9/9/7lb/5S1k1/7r1/7Np/9/9/9 b Grb3g3s3n3l17p 17",
    ),
    (
        "zukou-034-3",
        "9/9/7lb/5S1Bk/7r1/8p/9/6N2/9 b Gr3g3s3n3l17p 15",
    ),
    (
        "zukou-034-17",
        "9/7lS/7pb/5S1B1/5rgk1/8p/4+R2G1/9/9 b SN2gs3n3l16p 1",
    ),
    (
        "zukou-044-1",
        "9/9/9/5nSp1/6+r1p/6k2/5N3/6G1l/4+p2N1 b r2b3g3sn3l15p 15",
    ),
    (
        "zukou-044-3",
        "9/9/9/5nSp1/6+r1p/6R2/5N1k1/8l/4+p2N1 b G2b3g3sn3l15p 13",
    ),
    (
        "zukou-044-15",
        "9/9/9/5nSp1/7+rp/7k1/5N3/4+B+b2l/4+p1rN1 b 2GN2g3s3l15p 1",
    ),
    (
        "zukou-054-1",
        "4n3l/6+B2/4p1p1k/5l3/2+p1l1n1s/9/9/3P+p1G2/7L1 b 2rb3g3s2n13p 39",
    ),
    (
        "zukou-054-3",
        "4n3l/9/4p1p2/4Bl2k/2+p1l1n1s/9/9/3P+p1G2/7L1 b 2rb3g3s2n13p 37",
    ),
    (
        "zukou-054-39",
        "4n3l/3+r2G2/4plpn1/4BPP2/2+p1l1N1s/5S2g/4Pk1S1/3P+p4/7L+R b BG3Pgsn7p 1",
    ),
    (
        "zukou-064-1",
        "5l3/6+P2/1+B3p2p/9/9/9/4+p2S1/9/6k2 b 2rb4g3s4n3l14p 69",
    ),
    (
        "zukou-064-3",
        "5l3/6+P2/1+B3p2p/9/9/9/4+p2S1/6+L2/7k1 b 2rb4g3s4n2l14p 67",
    ),
    (
        "zukou-064-69",
        "5l2S/9/1+B3pPRp/6+s1L/5G1R1/6LGG/4+p4/5Ssp1/5+B+p1k b G3Nnl12p 1",
    ),
    (
        "zukou-074-1",
        "9/9/7s1/8p/3+p1+P+B1k/8+p/9/+p5p2/3N+r2L1 b rb4g3s3n3l12p 29",
    ),
    (
        "zukou-074-3",
        "9/9/7s1/8p/3+p1+P+B1k/7+p1/9/+p5p2/3N+r2L1 b Prb4g3s3n3l11p 27",
    ),
    (
        "zukou-074-29",
        "9/9/7s1/8p/2B+p1+PG1P/4+B2pL/7s1/+p1+r1k1p1G/3N3L1 b RS2gs3n2l11p 1",
    ),
    (
        "zukou-084-1",
        "3k1r3/9/s2pG1+P2/4Ppp2/4p4/+pN1l1NS2/9/9/9 b Gr2b2g2s2n3l11p 31",
    ),
    (
        "zukou-084-3",
        "2Ggkr3/9/s2pG1+P2/4Ppp2/4p4/+pN1l1NS2/9/9/9 b r2bg2s2n3l11p 29",
    ),
    (
        "zukou-084-31",
        "2G1gr3/+R1+P1g4/sp2k1+P2/2S2pp2/3np4/+pN1lS1S2/1+b7/6B2/9 b NPgn3l10p 1",
    ),
    (
        "zukou-094-1",
        "9/9/2n3n2/3G1n3/4k4/5P3/2S3L2/3+R5/9 b r2b3g3sn3l17p 23",
    ),
    (
        "zukou-094-3",
        "9/9/2n3n2/3G1n3/6+R2/4kP3/2S3L2/3+R5/9 b 2b3g3sn3l17p 21",
    ),
    (
        "zukou-094-23",
        "5kSn1/6n2/2n6/4g2G1/6B2/4NP1+R1/2S3L2/4S3+R/9 b BL2gs2l17p 1",
    ),
    (
        "startpos",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    ),
    (
        "matsuri",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    ),
    (
        "midgame",
        "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b BGSs3p 91",
    ),
    (
        "drops",
        "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    ),
];

fn positions() -> Vec<Position> {
    SET.iter()
        .map(|&(name, sfen)| {
            Position::from_setup(sfen.parse().expect("bench sfen"))
                .or_else(|e| e.ignore_problem_faults())
                .unwrap_or_else(|e| panic!("{name}: {e}"))
        })
        .collect()
}

/// Every legal move played; the mates are the results in check without a legal move.
fn naive(pos: &Position, legal: &mut MoveList, out: &mut MoveList) {
    pos.legal_moves_into(legal);
    out.clear();
    for &m in legal.iter() {
        let mut child = *pos;
        child.play_unchecked(m);
        if child.is_check() && !child.has_legal_move() {
            out.push(m);
        }
    }
}

/// The checking moves played; the mates are the results without a legal move.
fn naive_checks(pos: &Position, checks: &mut MoveList, out: &mut MoveList) {
    pos.checking_moves_into(checks);
    out.clear();
    for &m in checks.iter() {
        let mut child = *pos;
        child.play_unchecked(m);
        if !child.has_legal_move() {
            out.push(m);
        }
    }
}

/// The first mating move, the naive way.
fn naive_first(pos: &Position, legal: &mut MoveList) -> Option<Move> {
    pos.legal_moves_into(legal);
    legal.iter().copied().find(|&m| {
        let mut child = *pos;
        child.play_unchecked(m);
        child.is_check() && !child.has_legal_move()
    })
}

/// The first mating move among the checking moves.
fn naive_checks_first(pos: &Position, checks: &mut MoveList) -> Option<Move> {
    pos.checking_moves_into(checks);
    checks.iter().copied().find(|&m| {
        let mut child = *pos;
        child.play_unchecked(m);
        !child.has_legal_move()
    })
}

fn mating_moves(c: &mut Criterion) {
    let set = positions();
    let mut scratch = MoveList::new();
    let mut list = MoveList::new();
    let expected: Vec<usize> = set
        .iter()
        .map(|pos| {
            naive(pos, &mut scratch, &mut list);
            let n = list.len();
            mating_moves_into(pos, &mut list);
            assert_eq!(list.len(), n, "{pos}");
            naive_checks(pos, &mut scratch, &mut list);
            assert_eq!(list.len(), n, "{pos}");
            n
        })
        .collect();
    assert!(expected.iter().sum::<usize>() >= 10);
    let mut g = c.benchmark_group("mate/mating_moves");
    g.bench_function("set/ours", |b| {
        b.iter(|| {
            for (pos, &n) in black_box(&set).iter().zip(&expected) {
                mating_moves_into(pos, &mut list);
                assert_eq!(list.len(), n);
            }
        })
    });
    g.bench_function("set/naive", |b| {
        b.iter(|| {
            for (pos, &n) in black_box(&set).iter().zip(&expected) {
                naive(pos, &mut scratch, &mut list);
                assert_eq!(list.len(), n);
            }
        })
    });
    g.bench_function("set/naive_checks", |b| {
        b.iter(|| {
            for (pos, &n) in black_box(&set).iter().zip(&expected) {
                naive_checks(pos, &mut scratch, &mut list);
                assert_eq!(list.len(), n);
            }
        })
    });
    g.finish();
}

fn first_mate(c: &mut Criterion) {
    let set = positions();
    let mut scratch = MoveList::new();
    let expected: Vec<bool> = set
        .iter()
        .map(|pos| {
            let found = mate_in_one(pos).is_some();
            assert_eq!(naive_first(pos, &mut scratch).is_some(), found);
            assert_eq!(naive_checks_first(pos, &mut scratch).is_some(), found);
            found
        })
        .collect();
    let mut g = c.benchmark_group("mate/mate_in_one");
    g.bench_function("set/ours", |b| {
        b.iter(|| {
            for (pos, &found) in black_box(&set).iter().zip(&expected) {
                assert_eq!(mate_in_one(pos).is_some(), found);
            }
        })
    });
    g.bench_function("set/naive", |b| {
        b.iter(|| {
            for (pos, &found) in black_box(&set).iter().zip(&expected) {
                assert_eq!(naive_first(pos, &mut scratch).is_some(), found);
            }
        })
    });
    g.bench_function("set/naive_checks", |b| {
        b.iter(|| {
            for (pos, &found) in black_box(&set).iter().zip(&expected) {
                assert_eq!(naive_checks_first(pos, &mut scratch).is_some(), found);
            }
        })
    });
    g.finish();
}

fn short_searches(c: &mut Criterion) {
    let set = positions();
    let mut g = c.benchmark_group("mate/mate_in");
    g.sample_size(10);
    for plies in [3u32, 5] {
        let expected: Vec<ShortMate> = set.iter().map(|p| mate_in(p, plies, u64::MAX)).collect();
        assert!(
            expected
                .iter()
                .any(|r| matches!(r, ShortMate::Mate(l) if l.len() == 3))
        );
        g.bench_function(format!("{plies}/set"), |b| {
            b.iter(|| {
                for (pos, answer) in black_box(&set).iter().zip(&expected) {
                    assert_eq!(&mate_in(pos, plies, u64::MAX), answer);
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, mating_moves, first_mate, short_searches);
criterion_main!(benches);
