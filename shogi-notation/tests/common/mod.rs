//! Positions for the notation round-trip tests: fixed starts plus deterministic random walks
//! biased towards captures and drops, so that hands fill, pieces promote and several pieces
//! of one kind meet on the same squares.

#![allow(dead_code)]

use shogi_movegen::Position;
use shogi_types::Move;
use shogi_types::Setup as Sfen;

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
    let setup = sfen.parse::<Sfen>().expect("test sfen reads");
    Position::from_setup(setup).expect("test sfen is valid")
}

/// The move of a USI text.
pub fn mv(usi: &str) -> Move {
    usi.parse().expect("test move reads")
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
