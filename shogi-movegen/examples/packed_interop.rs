//! Writes positions from random legal games in the packed formats, for the bit-exactness check
//! against cshogi (`.ci/interop/packed`).
//!
//! `cargo run -p shogi-movegen --example packed_interop -- <dir> [games]` writes into `<dir>`:
//! - `positions.tsv`: one line per position,
//!   `sfen<TAB>hcp-hex<TAB>psfen-hex<TAB>usi-move<TAB>cshogi-move16<TAB>psv-move16`, where the
//!   move is a random legal move of the position;
//! - `positions.hcpe`: the same positions as HCPE entries, entry `i` with eval
//!   `i * 37 % 2001 - 1000`, that move, and game result `i % 3`;
//! - `positions.psv`: the same as PSV entries, score as above, game ply the SFEN's move number,
//!   result `i % 3 - 1`.
//!
//! Every entry is also read back with this crate and compared before it is written.

use std::fmt::Write as _;
use std::io::Write as _;

use shogi_movegen::packed::{Hcpe, HcpeResult, Move16, Psv, PsvMove16, PsvResult};
use shogi_movegen::{MoveList, Position, Standard};
use shogi_types::{Move, Setup};

/// The standard start and the handicap starts (White moves first in handicap games), plus two
/// positions with large hands, to start games from.
const STARTS: [&str; 10] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
];

/// A tiny deterministic PRNG (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// A random legal move, preferring captures, promotions and drops so that hands fill and
/// every promoted kind appears.
fn pick(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let theirs = pos.pieces_of_color(!pos.side_to_move());
    let mut preferred = MoveList::new();
    preferred.extend(
        moves
            .iter()
            .copied()
            .filter(|m| theirs.has(m.to()) || m.is_promotion() || m.is_drop()),
    );
    let pool = if rng.below(3) != 0 && !preferred.is_empty() {
        &preferred
    } else {
        &moves
    };
    Some(pool[rng.below(pool.len())])
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = std::path::PathBuf::from(args.next().ok_or("usage: packed_interop <dir> [games]")?);
    let games: usize = args.next().map(|s| s.parse()).transpose()?.unwrap_or(60);
    std::fs::create_dir_all(&dir)?;
    let mut tsv = String::new();
    let mut hcpe = Vec::new();
    let mut psv = Vec::new();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut i = 0usize;
    for game in 0..games {
        let setup: Setup = STARTS[game % STARTS.len()].parse()?;
        let mut pos: Position<Standard> = Position::from_setup(setup)?;
        for _ply in 0..256 {
            let Some(m) = pick(&pos, &mut rng) else {
                break;
            };
            let hcp = pos.to_hcp()?;
            let psfen = pos.to_packed_sfen()?;
            let m16 = Move16::from_move(m)?;
            let p16 = PsvMove16::from_move(m)?;
            let eval = (i * 37 % 2001) as i16 - 1000;
            let hrec = Hcpe {
                hcp,
                eval,
                best_move: m16,
                result: [HcpeResult::Draw, HcpeResult::BlackWin, HcpeResult::WhiteWin][i % 3],
            };
            let prec = Psv {
                sfen: psfen,
                score: eval,
                best_move: p16,
                game_ply: u16::try_from(pos.move_number().get())?,
                result: [PsvResult::Loss, PsvResult::Draw, PsvResult::Win][i % 3],
            };
            // Read back with this crate first.
            let back = Hcpe::from_bytes(&hrec.to_bytes())?;
            let q: Position = back.hcp.to_position()?;
            assert_eq!(q, pos, "hcp round trip of {pos}");
            assert_eq!(back.best_move.to_move(&q)?, m);
            let back = Psv::from_bytes(&prec.to_bytes())?;
            let q: Position = back.to_position()?;
            assert_eq!(q, pos, "psfen round trip of {pos}");
            assert_eq!(q.move_number(), pos.move_number());
            assert_eq!(back.best_move.to_move(&q)?, m);
            writeln!(
                tsv,
                "{pos}\t{}\t{}\t{m}\t{}\t{}",
                hex(hcp.as_bytes()),
                hex(psfen.as_bytes()),
                m16.to_bits(),
                p16.to_bits()
            )?;
            hcpe.extend_from_slice(&hrec.to_bytes());
            psv.extend_from_slice(&prec.to_bytes());
            i += 1;
            pos.play(m)?;
        }
    }
    std::fs::File::create(dir.join("positions.tsv"))?.write_all(tsv.as_bytes())?;
    std::fs::write(dir.join("positions.hcpe"), &hcpe)?;
    std::fs::write(dir.join("positions.psv"), &psv)?;
    eprintln!("packed_interop: {i} positions written to {}", dir.display());
    Ok(())
}
