//! An independent replay of a mating line, by the rules of the position alone (legal moves,
//! check, mate), with none of the solver's search code. The solver passes every line it
//! returns through it; programs may use it to check lines from elsewhere (a problem's
//! published answer, another solver's output).
//!
//! ```
//! use shogi_mate::verify::{check_mate_line, LineError};
//! use shogi_movegen::{Position, Standard};
//! use shogi_types::{Move, Setup};
//!
//! // White's king on 1a, a black gold in hand and a black pawn on 1c: G*1b is mate.
//! let setup: Setup = "8k/9/8P/9/9/9/9/9/9 b G 1".parse()?;
//! let pos = Position::<Standard>::from_setup(setup).or_else(|e| e.ignore_problem_faults())?;
//! assert_eq!(check_mate_line(&pos, &["G*1b".parse::<Move>()?]), Ok(()));
//! assert_eq!(
//!     check_mate_line(&pos, &["G*2b".parse::<Move>()?]),
//!     Err(LineError::NotMate)
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashSet;

use shogi_movegen::{Position, VariantHooks};
use shogi_types::{Move, PieceKind};

/// Why a line is not a mating line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LineError {
    /// The line is empty.
    Empty,
    /// The line has an even number of plies: it ends with a defence.
    EndsWithDefence,
    /// The move at `ply` (0-based) is not legal.
    Illegal {
        /// The ply of the move.
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// The attacking move at `ply` does not give check.
    NoCheck {
        /// The ply of the move.
        ply: usize,
    },
    /// The position after `ply` repeats an earlier position of the line.
    Repetition {
        /// The ply whose position repeats.
        ply: usize,
    },
    /// The last position is not checkmate: the defender has a legal move (in the tsume
    /// check, one that is not a futile interposition).
    NotMate,
    /// The last move is a pawn drop (打ち歩詰め, uchifuzume, is illegal; the replay refuses it
    /// even where the position's rules would have let it through).
    PawnDropMate,
}

impl core::fmt::Display for LineError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            LineError::Empty => f.write_str("the line is empty"),
            LineError::EndsWithDefence => f.write_str("the line ends with a defence"),
            LineError::Illegal { ply, mv } => write!(f, "ply {}: {mv} is illegal", ply + 1),
            LineError::NoCheck { ply } => write!(f, "ply {}: the attack gives no check", ply + 1),
            LineError::Repetition { ply } => {
                write!(f, "ply {}: the position repeats", ply + 1)
            }
            LineError::NotMate => f.write_str("the last position is not checkmate"),
            LineError::PawnDropMate => f.write_str("the last move is a pawn drop"),
        }
    }
}

impl std::error::Error for LineError {}

/// Replays `moves` from `pos`: every attacking move (even plies) legal and giving check,
/// every defence legal, no position repeated, an odd number of plies, the last move no pawn
/// drop, and the last position checkmate (the defender in check with no legal move).
///
/// # Errors
/// The first rule the line breaks.
pub fn check_mate_line<R: VariantHooks>(
    pos: &Position<R>,
    moves: &[Move],
) -> Result<(), LineError> {
    let last = replay(pos, moves)?;
    if last.has_legal_move() {
        return Err(LineError::NotMate);
    }
    Ok(())
}

/// As [`check_mate_line`], except that the last position may leave the defender drops
/// between the checking piece and the king, each of which the checking piece captures with a
/// position that is again such a mate (futile interpositions, 無駄合, which tsume problems do
/// not count). The answers of [`Mode::Tsume`](crate::Mode::Tsume) end so.
///
/// # Errors
/// The first rule the line breaks.
#[doc(alias = "mudaai")]
pub fn check_tsume_line<R: VariantHooks>(
    pos: &Position<R>,
    moves: &[Move],
) -> Result<(), LineError> {
    let last = replay(pos, moves)?;
    if mated_up_to_futile_drops(&last, 8) {
        Ok(())
    } else {
        Err(LineError::NotMate)
    }
}

/// Plays the line and checks everything but the final mate; returns the last position.
fn replay<R: VariantHooks>(pos: &Position<R>, moves: &[Move]) -> Result<Position<R>, LineError> {
    let Some(&last_move) = moves.last() else {
        return Err(LineError::Empty);
    };
    if moves.len().is_multiple_of(2) {
        return Err(LineError::EndsWithDefence);
    }
    if matches!(
        last_move,
        Move::Drop {
            kind: PieceKind::Pawn,
            ..
        }
    ) {
        return Err(LineError::PawnDropMate);
    }
    let mut seen = HashSet::new();
    seen.insert(*pos);
    let mut p = *pos;
    for (ply, &mv) in moves.iter().enumerate() {
        if p.play(mv).is_err() {
            return Err(LineError::Illegal { ply, mv });
        }
        if ply % 2 == 0 && !p.is_check() {
            return Err(LineError::NoCheck { ply });
        }
        if !seen.insert(p) {
            return Err(LineError::Repetition { ply });
        }
    }
    if !p.is_check() {
        return Err(LineError::NotMate);
    }
    Ok(p)
}

/// Whether `pos` (the defender to move, in check) has no legal move, or only drops between
/// a single long-range checker and the king, each answered by the checker taking the dropped
/// piece into a position of the same kind (`depth` bounds the chain).
///
/// Which drops qualify is decided once per square: after the capture the board is the same
/// whatever kind was dropped, so `memo` keeps the answer for each capture square.
fn mated_up_to_futile_drops<R: VariantHooks>(pos: &Position<R>, depth: u32) -> bool {
    let mut memo = [None; 81];
    mated_with_memo(pos, depth, &mut memo)
}

fn mated_with_memo<R: VariantHooks>(
    pos: &Position<R>,
    depth: u32,
    memo: &mut [Option<bool>; 81],
) -> bool {
    if !pos.is_check() {
        return false;
    }
    let defences = pos.legal_moves();
    if defences.is_empty() {
        return true;
    }
    if depth == 0 {
        return false;
    }
    let checkers = pos.checkers();
    let (Some(checker), Some(king)) = (checkers.single(), pos.king(pos.side_to_move())) else {
        return false;
    };
    let between = shogi_movegen::attacks::between(king, checker);
    defences.iter().all(|&d| {
        let Move::Drop { to, .. } = d else {
            return false;
        };
        if !between.has(to) {
            return false;
        }
        if let Some(known) = memo[to.index()] {
            return known;
        }
        let mut after_drop = *pos;
        after_drop.play_unchecked(d);
        let futile = [false, true].into_iter().any(|promote| {
            let capture = Move::Normal {
                from: checker,
                to,
                promote,
            };
            let mut after_capture = after_drop;
            after_capture.play(capture).is_ok() && mated_with_memo(&after_capture, depth - 1, memo)
        });
        memo[to.index()] = Some(futile);
        futile
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_movegen::Standard;
    use shogi_types::Setup;

    fn pos(sfen: &str) -> Position<Standard> {
        let setup: Setup = sfen.parse().expect("sfen");
        Position::from_setup(setup)
            .or_else(|e| e.ignore_problem_faults())
            .expect("position")
    }

    fn line(text: &str) -> Vec<Move> {
        text.split_whitespace()
            .map(|m| m.parse().expect("move"))
            .collect()
    }

    #[test]
    fn rules_of_a_line() {
        let p = pos("8k/9/8P/9/9/9/9/9/9 b GP 1");
        assert_eq!(check_mate_line(&p, &line("G*1b")), Ok(()));
        assert_eq!(check_mate_line(&p, &[]), Err(LineError::Empty));
        assert_eq!(
            check_mate_line(&p, &line("G*2b 1a2b")),
            Err(LineError::EndsWithDefence)
        );
        assert_eq!(
            check_mate_line(&p, &line("G*5e")),
            Err(LineError::NoCheck { ply: 0 })
        );
        assert_eq!(
            check_mate_line(&p, &line("G*1a")),
            Err(LineError::Illegal {
                ply: 0,
                mv: "G*1a".parse().expect("move")
            })
        );
        assert_eq!(check_mate_line(&p, &line("G*2b")), Err(LineError::NotMate));
    }

    #[test]
    fn pawn_drop_mate_is_refused() {
        // P*1b would be uchifuzume; the position's rules refuse it already.
        let p = pos("7nk/9/7G1/9/9/9/9/9/9 b P 1");
        assert!(check_mate_line(&p, &line("P*1b")).is_err());
    }

    #[test]
    fn futile_drops_end_a_tsume_line() {
        // The rook checks along file 1; the gold on 3b covers 2a and 2b, the knight on 2d
        // guards 1b. White can only drop between, and the rook takes with mate.
        let m = line("9i1i");
        let bare = pos("8k/6G2/9/7N1/9/9/9/9/R8 b - 1");
        assert_eq!(check_mate_line(&bare, &m), Ok(()));
        let with_pawn = pos("8k/6G2/9/7N1/9/9/9/9/R8 b p 1");
        assert_eq!(check_mate_line(&with_pawn, &m), Err(LineError::NotMate));
        assert_eq!(check_tsume_line(&with_pawn, &m), Ok(()));
        // Without the knight the king takes a rook on 1b: a drop there is no futile drop.
        let unguarded = pos("8k/6G2/9/9/9/9/9/9/R8 b p 1");
        assert_eq!(check_tsume_line(&unguarded, &m), Err(LineError::NotMate));
    }
}
