//! Positions for the notation round-trip tests: fixed starts plus deterministic random walks
//! biased towards captures and drops, so that hands fill, pieces promote and several pieces
//! of one kind meet on the same squares.

#![allow(dead_code)]

pub mod large;
pub mod records;

use std::path::{Path, PathBuf};

use shogi_movegen::Position;
use shogi_types::{Move, Setup};

/// Fixed positions: the start, the 593-move position, a drop-heavy one, a handicap start and
/// the disambiguation examples of the notation spec.
pub const FIXED: [&str; 8] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200",
    "8k/3G5/3G1G3/9/9/9/9/9/K8 b G 1",
    "9/9/7+R+R/9/k8/9/9/9/4K4 b - 1",
];

/// Reads an SFEN into a standard position.
pub fn position(sfen: &str) -> Position {
    let setup = sfen.parse::<Setup>().expect("test sfen reads");
    Position::from_setup(setup).expect("test sfen is valid")
}

/// The move of a USI text.
pub fn mv(usi: &str) -> Move {
    usi.parse().expect("test move")
}

/// The shared records folder beside the clone, or `None` (after saying on standard error that
/// `test` is skipped) when it is missing outside CI. With `CI` set to anything but `false` or
/// `0`, a missing folder fails the test.
pub fn records_dir(test: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/records");
    if dir.is_dir() {
        return Some(dir);
    }
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    assert!(!ci, "{test}: {} is missing, and CI is set", dir.display());
    eprintln!(
        "{test}: skipped: the shared records folder {} is missing (a plain clone); set CI=true \
         to make this an error",
        dir.display()
    );
    None
}

/// A small xorshift generator, so the test is the same on every run.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `walks` random games of up to `plies` moves from the fixed positions; every position
/// along the way is returned (the fixed positions included).
pub fn positions(walks: usize, plies: usize) -> Vec<Position> {
    let mut rng = Rng::new(0x5eed_1234_abcd_0001);
    let mut out: Vec<Position> = FIXED.iter().map(|s| position(s)).collect();
    for w in 0..walks {
        let mut pos = out[w % FIXED.len()];
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let theirs = pos.pieces_of_color(!pos.side_to_move());
            let preferred: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| theirs.has(m.to()) || m.is_drop())
                .collect();
            let m = if rng.below(3) != 0 && !preferred.is_empty() {
                preferred[rng.below(preferred.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos.play(m).expect("generated moves are legal");
            if rng.below(4) == 0 {
                out.push(pos);
            }
        }
    }
    out
}

/// A KIF record whose variations nest deeper than the readers keep (200 lines): a 300-move
/// main line of rook moves and one block per move, each branching off the second move of the
/// one before.
pub fn deep_variations_kif() -> String {
    let shuffle = |ply: usize| match (ply % 2, (ply - 1) / 2 % 2) {
        (1, 0) => "３八飛(28)",
        (1, _) => "２八飛(38)",
        (_, 0) => "７二飛(82)",
        _ => "８二飛(72)",
    };
    let mut text = "手合割：平手\n手数----指手---------消費時間--\n".to_string();
    for ply in 1..=300 {
        text.push_str(&format!("{ply:>4} {}\n", shuffle(ply)));
    }
    for first in 1..300 {
        text.push_str(&format!(
            "\n変化：{first}手\n{first:>4} {}\n{:>4} {}\n",
            shuffle(first),
            first + 1,
            shuffle(first + 1)
        ));
    }
    text
}

/// How deep the first variations of `moves` nest (0: none).
pub fn nesting(moves: &[shogi_record::RecordMove]) -> usize {
    let mut depth = 0;
    let mut line = moves;
    while let Some(v) = line.iter().find_map(|m| m.variations.first()) {
        depth += 1;
        line = &v.moves;
    }
    depth
}
