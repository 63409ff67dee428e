//! Records to packed training entries (feature `packed`): one HCPE or PSV entry per position
//! before each move that stands under the rules, what `shogi dataset --format hcpe|psv` and
//! the Python package's `records_to_hcpe` write.
//!
//! ```
//! use shogi_movegen::packed::Hcpe;
//! use shogi_record::training::{self, EntryFormat, Written};
//! use shogi_rules::RuleSet;
//!
//! let rec = shogi_record::read_str("position startpos moves 7g7f 3c3d")?;
//! let mut out = Vec::new();
//! // No ending, so no result: nothing is written.
//! assert_eq!(training::write_entries(&rec, EntryFormat::Hcpe, RuleSet::none(), &mut out), Written::NoResult);
//!
//! let rec = shogi_record::read(b"PI\n+\n+7776FU\n-3334FU\n%TORYO\n")?;
//! assert_eq!(training::write_entries(&rec, EntryFormat::Hcpe, RuleSet::none(), &mut out), Written::Entries(2));
//! assert_eq!(out.len(), 2 * Hcpe::LEN);
//! let first = Hcpe::read_all(&out).next().expect("an entry")?;
//! // Black resigned: White won.
//! assert_eq!(first.result.winner(), Some(shogi_types::Color::White));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use shogi_movegen::packed::{Hcp, Hcpe, HcpeResult, Move16, Psv, PsvResult};
use shogi_movegen::{Position, Standard};
use shogi_rules::{Outcome, RuleSet};
use shogi_types::{Color, Move};
use shogi_variants::AnyPosition;

use crate::model::{Judged, Record};

/// The packed format of the entries written by [`write_entries`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EntryFormat {
    /// cshogi's 38-byte HuffmanCodedPosAndEval ([`Hcpe`]): result 0 draw, 1 Black won, 2
    /// White won.
    Hcpe,
    /// YaneuraOu's 40-byte PackedSfenValue ([`Psv`]): game ply = the position's move
    /// number, result for the side to move (1 win, -1 loss, 0 draw).
    Psv,
}

impl EntryFormat {
    /// The size of one entry in bytes.
    #[must_use]
    pub const fn entry_len(self) -> usize {
        match self {
            EntryFormat::Hcpe => Hcpe::LEN,
            EntryFormat::Psv => Psv::LEN,
        }
    }
}

/// What [`write_entries`] did with a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Written {
    /// This many entries were written: one per move that stands under the rules.
    Entries(usize),
    /// Nothing: the record does not start from a position of standard shogi (the packed
    /// formats cannot hold the untakeable-silver marks).
    NotStandard,
    /// Nothing: the game has no result (no verdict of the rules and no ending that decides
    /// it, or an interrupted game).
    NoResult,
    /// Nothing: a position before a move that stands cannot be packed (one king, more
    /// material than one set); the game is dropped whole rather than written with holes.
    Unpackable,
}

/// Appends to `out` one entry per position before each move of `record` that stands under
/// `rules` ([`Record::judge`]): the move played as the best move, evaluation (score) 0, and
/// the game's result: the rules' verdict where the game ends on the board, else the
/// record's own outcome. Only a draw or a win is a result. Writes nothing for a record that
/// gives no entry, and says why.
///
/// The moves are replayed once: the rules judge the game while the entries are written
/// ([`Record::judge_with`]).
pub fn write_entries(
    record: &Record,
    format: EntryFormat,
    rules: RuleSet,
    out: &mut Vec<u8>,
) -> Written {
    let AnyPosition::Standard(start) = record.start else {
        return Written::NotStandard;
    };
    let before = out.len();
    // The entries are written with the result of a draw while the rules judge the game, and
    // get the game's result once it is known. `unpackable`: the index of the first position
    // that cannot be packed, after which nothing more is written.
    let mut unpackable = None;
    let mut visited = 0;
    let Judged { plies, outcome } = record.judge_with(rules, |pos, mv| {
        if unpackable.is_none() {
            let written = match pos {
                AnyPosition::Standard(pos) => write_entry(pos, mv, format, out),
                _ => false,
            };
            if !written {
                unpackable = Some(visited);
            }
        }
        visited += 1;
    });
    let winner = match outcome {
        Some(Outcome::Win { winner, .. }) => Some(winner),
        Some(Outcome::Draw { .. }) => None,
        // An interrupted game, or none: no result.
        Some(_) | None => {
            out.truncate(before);
            return Written::NoResult;
        }
    };
    if unpackable.is_some_and(|i| i < plies) {
        out.truncate(before);
        return Written::Unpackable;
    }
    out.truncate(before + plies * format.entry_len());
    if winner.is_some() {
        set_results(&mut out[before..], format, winner, start.side_to_move());
    }
    Written::Entries(plies)
}

/// Appends the entry of `pos` before `mv` with a draw as its result; `false` (and nothing
/// written) if the position or the move cannot be packed.
fn write_entry(pos: &Position<Standard>, mv: Move, format: EntryFormat, out: &mut Vec<u8>) -> bool {
    match format {
        EntryFormat::Hcpe => {
            let (Ok(hcp), Ok(best_move)) = (Hcp::from_position(pos), Move16::from_move(mv)) else {
                return false;
            };
            let entry = Hcpe {
                hcp,
                eval: 0,
                best_move,
                result: HcpeResult::Draw,
            };
            out.extend_from_slice(&entry.to_bytes());
            true
        }
        EntryFormat::Psv => match Psv::new(pos, 0, mv, PsvResult::Draw) {
            Ok(entry) => {
                out.extend_from_slice(&entry.to_bytes());
                true
            }
            Err(_) => false,
        },
    }
}

/// Gives the entries of `bytes` (written by [`write_entry`], the first with `first` to move,
/// then the sides in turn) the result of a game won by `winner`.
fn set_results(bytes: &mut [u8], format: EntryFormat, winner: Option<Color>, first: Color) {
    match format {
        EntryFormat::Hcpe => {
            let result = HcpeResult::from_winner(winner);
            for chunk in bytes.chunks_exact_mut(Hcpe::LEN) {
                let Ok(entry) = <&[u8; Hcpe::LEN]>::try_from(&*chunk) else {
                    continue;
                };
                if let Ok(mut entry) = Hcpe::from_bytes(entry) {
                    entry.result = result;
                    chunk.copy_from_slice(&entry.to_bytes());
                }
            }
        }
        EntryFormat::Psv => {
            let mut side = first;
            for chunk in bytes.chunks_exact_mut(Psv::LEN) {
                if let Ok(entry) = <&[u8; Psv::LEN]>::try_from(&*chunk)
                    && let Ok(mut entry) = Psv::from_bytes(entry)
                {
                    entry.result = PsvResult::from_winner(winner, side);
                    chunk.copy_from_slice(&entry.to_bytes());
                }
                side = !side;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The entries written the slow way: the rules' verdict first, then a second replay that
    /// packs each position with the result.
    fn two_passes(record: &Record, format: EntryFormat, rules: RuleSet) -> (Written, Vec<u8>) {
        let AnyPosition::Standard(mut pos) = record.start else {
            return (Written::NotStandard, Vec::new());
        };
        let Judged { plies, outcome } = record.judge(rules);
        let winner = match outcome {
            Some(Outcome::Win { winner, .. }) => Some(winner),
            Some(Outcome::Draw { .. }) => None,
            _ => return (Written::NoResult, Vec::new()),
        };
        let mut out = Vec::new();
        for m in &record.moves[..plies] {
            let bytes = match format {
                EntryFormat::Hcpe => {
                    let (Ok(hcp), Ok(best_move)) =
                        (Hcp::from_position(&pos), Move16::from_move(m.mv))
                    else {
                        return (Written::Unpackable, Vec::new());
                    };
                    Hcpe {
                        hcp,
                        eval: 0,
                        best_move,
                        result: HcpeResult::from_winner(winner),
                    }
                    .to_bytes()
                    .to_vec()
                }
                EntryFormat::Psv => {
                    let result = PsvResult::from_winner(winner, pos.side_to_move());
                    match Psv::new(&pos, 0, m.mv, result) {
                        Ok(e) => e.to_bytes().to_vec(),
                        Err(_) => return (Written::Unpackable, Vec::new()),
                    }
                }
            };
            out.extend_from_slice(&bytes);
            pos.play(m.mv).expect("judged legal");
        }
        (Written::Entries(plies), out)
    }

    #[test]
    fn one_pass_writes_what_two_passes_write() {
        let texts = [
            // A resignation, a win of each side, a draw by repetition with moves after it.
            "PI\n+\n+7776FU\n-3334FU\n%TORYO\n",
            "PI\n+\n+7776FU\n-3334FU\n+8822UM\n%TORYO\n",
            "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b",
            // A mate the record does not state, then an interruption and no ending.
            "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b",
            "PI\n+\n+7776FU\n%CHUDAN\n",
            "position startpos moves 7g7f",
            // A White-to-move handicap start.
            "PI82HI22KA\n-\n-5142OU\n+7776FU\n%TORYO\n",
        ];
        for text in texts {
            let rec = crate::read_str(text).expect("a record");
            for format in [EntryFormat::Hcpe, EntryFormat::Psv] {
                let (written, bytes) = two_passes(&rec, format, RuleSet::none());
                let mut out = vec![7u8; 3];
                let got = write_entries(&rec, format, RuleSet::none(), &mut out);
                assert_eq!(got, written, "{text}");
                assert_eq!(&out[..3], [7, 7, 7]);
                assert_eq!(out[3..], bytes[..], "{text}");
            }
        }
    }

    #[test]
    fn records_that_give_no_entries() {
        // One king: the mate problem cannot be packed.
        let rec = crate::read_str("position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b")
            .expect("a record");
        let mut out = Vec::new();
        assert_eq!(
            write_entries(&rec, EntryFormat::Hcpe, RuleSet::none(), &mut out),
            Written::Unpackable
        );
        assert!(out.is_empty());
        // The untakeable-silver variant.
        let rec = crate::read_str("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS!GKGS!NL b - 1 moves 7g7f")
            .expect("a record");
        assert_eq!(
            write_entries(&rec, EntryFormat::Psv, RuleSet::none(), &mut out),
            Written::NotStandard
        );
        assert!(out.is_empty());
    }
}
