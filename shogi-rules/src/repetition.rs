//! Repetition (千日手, sennichite) and perpetual check (連続王手の千日手).
//!
//! # The rule
//! Two positions are *the same* when the board (every piece, its colour and whether it is
//! promoted), both hands and the side to move are identical; the move number and the history
//! do not matter, and positions that differ only in a hand are different (JSA 対局規則 第8条,
//! quoted by Wikipedia (ja) [千日手](https://ja.wikipedia.org/wiki/千日手)). When a position
//! occurs for the [fourth time](OCCURRENCES) in a game, counting the game's start position as
//! an occurrence, the game ends at once:
//!
//! - if, between the first and the fourth occurrence, **every** move of one player gave
//!   check, that player loses ([`WinReason::PerpetualCheck`]; the JSA definition from
//!   『将棋ガイドブック』 p. 14, quoted in [YaneuraOu](https://github.com/yaneurao/YaneuraOu)'s
//!   `source/position.cpp`). Precisely, with the occurrences at plies `p1 < p2 < p3 < p4`,
//!   player X loses iff every move by X in plies `(p1, p4]` gave check;
//! - otherwise the game is drawn ([`DrawReason::Repetition`]).
//!
//! # Choices where sources differ
//! - **Both players checking throughout** (possible with cross-checks) has no JSA text.
//!   Fairy-Stockfish and lishogi call it a draw, YaneuraOu a loss for the side to move. This
//!   crate calls it a **draw**.
//! - **Checks that start after the first occurrence** do not make a perpetual check: the
//!   interval always starts at the *first* occurrence, as the JSA text says. (cshogi looks
//!   back only to the nearest earlier occurrence and misjudges this case; YaneuraOu and
//!   lishogi agree with us.)
//! - The count starts at the start position of the game, whatever it is (an SFEN in the
//!   middle of a game included).
//!
//! [`Game`](crate::Game) keeps the Zobrist key of every ply and counts occurrences with a hash
//! map, then confirms a fourth occurrence by comparing the positions themselves, so a key
//! collision can never end a game. [`judge`] is the verdict on its own, as a pure function.
//!
//! [`WinReason::PerpetualCheck`]: crate::WinReason::PerpetualCheck
//! [`DrawReason::Repetition`]: crate::DrawReason::Repetition

use shogi_types::Color;

use crate::outcome::{DrawReason, Outcome, WinReason};

/// The occurrence of a position that ends the game: the fourth (the start position counts).
#[doc(alias = "sennichite")]
pub const OCCURRENCES: usize = 4;

/// The player who gave check with every one of its moves in the interval, if exactly one did.
///
/// `checks[k]` says whether the `k`-th move after the first occurrence gave check; the moves
/// alternate, starting with `first_mover` (the side to move in the repeated position). A
/// player without any move in `checks` is not a perpetual checker. If both players checked
/// throughout, nobody is singled out (`None`).
///
/// ```
/// use shogi_rules::repetition::perpetual_checker;
/// use shogi_types::Color;
///
/// // Black checks, White escapes, twice.
/// assert_eq!(perpetual_checker(Color::Black, &[true, false, true, false]), Some(Color::Black));
/// // Black's first move was quiet.
/// assert_eq!(perpetual_checker(Color::Black, &[false, false, true, false]), None);
/// // Both checked every time: no single checker.
/// assert_eq!(perpetual_checker(Color::Black, &[true, true, true, true]), None);
/// ```
#[must_use]
pub fn perpetual_checker(first_mover: Color, checks: &[bool]) -> Option<Color> {
    let all_checks = |parity: usize| {
        let mut moves = checks.iter().skip(parity).step_by(2).peekable();
        moves.peek().is_some() && moves.all(|&check| check)
    };
    match (all_checks(0), all_checks(1)) {
        (true, false) => Some(first_mover),
        (false, true) => Some(!first_mover),
        _ => None,
    }
}

/// The verdict at the fourth occurrence of a position: the perpetual checker loses, or the
/// game is a draw by repetition. The arguments are those of [`perpetual_checker`].
///
/// ```
/// use shogi_rules::repetition;
/// use shogi_rules::{DrawReason, Outcome, WinReason};
/// use shogi_types::Color;
///
/// let checks = [true, false, true, false, true, false];
/// assert_eq!(
///     repetition::judge(Color::Black, &checks),
///     Outcome::Win { winner: Color::White, reason: WinReason::PerpetualCheck },
/// );
/// // Both sides checking throughout: a draw (this crate's choice).
/// assert_eq!(
///     repetition::judge(Color::White, &[true; 8]),
///     Outcome::Draw { reason: DrawReason::Repetition },
/// );
/// ```
#[must_use]
pub fn judge(first_mover: Color, checks: &[bool]) -> Outcome {
    match perpetual_checker(first_mover, checks) {
        Some(checker) => Outcome::Win {
            winner: !checker,
            reason: WinReason::PerpetualCheck,
        },
        None => Outcome::Draw {
            reason: DrawReason::Repetition,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_and_one_sided() {
        assert_eq!(perpetual_checker(Color::Black, &[]), None);
        assert_eq!(perpetual_checker(Color::Black, &[true]), Some(Color::Black));
        assert_eq!(
            perpetual_checker(Color::White, &[false, true]),
            Some(Color::Black)
        );
        assert_eq!(
            perpetual_checker(Color::White, &[false, true, false, true, true, true]),
            Some(Color::Black)
        );
        assert_eq!(
            perpetual_checker(Color::White, &[false, true, false, false]),
            None
        );
    }
}
