//! The command-line contract of the `adjudicate` example, kept apart from `main` so that the
//! crate's tests run exactly this code (`tests/adjudicate.rs` includes this file).
//!
//! # Options
//! - `--impasse none|24|27|24-declaration|try`: the impasse rule (default `none`):
//!   [`ImpasseRule::None`], [`ImpasseRule::Jsa24`], [`ImpasseRule::Csa27`],
//!   [`ImpasseRule::Jsa24Declaration`], [`ImpasseRule::Try`].
//! - `--move-limit N`: the game ends after N moves (`0`, the default: no limit).
//! - `--limit-count`: at the limit, the 24-point count decides when both kings stand in their
//!   camps ([`AtLimit::Count`]); without it the limit is a draw. Without a limit it does
//!   nothing.
//! - `--handicap-credit`: the handicap giver is credited with the missing points.
//!
//! # Lines
//! Each input line is a USI position command (`[position] startpos|sfen … [moves …]`), optionally
//! followed by the word `declare`. The moves are played one by one with [`Game::play`], so the
//! first move that cannot be played is reported with its index, including a move after the end
//! (`game-over`). Then, if asked, the side to move declares. The output line is one of:
//!
//! - `ongoing`
//! - `draw <reason>`, `win black <reason>`, `win white <reason>` (the `Display` of
//!   [`Outcome`])
//! - `illegal <index> <kind>` (see [`kind_word`])
//! - `error: <message>`
//!
//! Starts that are invalid only through soft faults (the attacker's missing king of a mate
//! problem, more pieces than one set) are accepted by waiving those faults explicitly.

use shogi_movegen::{IllegalMoveKind, Position, Standard};
use shogi_notation::usi::PositionCommand;
use shogi_rules::impasse::ImpasseRule;
use shogi_rules::{AtLimit, Game, MoveLimit, PlayError, RuleSet};

/// The usage line printed on a bad option.
pub const USAGE: &str = "usage: adjudicate [--impasse none|24|27|24-declaration|try] \
                         [--move-limit N] [--limit-count] [--handicap-credit] < lines";

/// Reads the options into a rule set.
///
/// # Errors
/// A message naming the bad option or value.
pub fn parse_args(args: impl IntoIterator<Item = String>) -> Result<RuleSet, String> {
    let mut impasse = ImpasseRule::None;
    let mut limit = 0u32;
    let mut at_limit = AtLimit::Draw;
    let mut credit = false;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--impasse" => {
                let value = args.next().ok_or("--impasse needs a value")?;
                impasse = ImpasseRule::ALL
                    .into_iter()
                    .find(|rule| rule.as_str() == value)
                    .ok_or_else(|| format!("unknown impasse rule {value:?}"))?;
            }
            "--move-limit" => {
                let value = args.next().ok_or("--move-limit needs a value")?;
                limit = value
                    .parse()
                    .map_err(|_| format!("--move-limit: {value:?} is not a number of moves"))?;
            }
            "--limit-count" => at_limit = AtLimit::Count,
            "--handicap-credit" => credit = true,
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    let move_limit = core::num::NonZeroU32::new(limit).map(|n| MoveLimit::new(n, at_limit));
    Ok(RuleSet::none()
        .with_impasse(impasse)
        .with_move_limit(move_limit)
        .with_handicap_credit(credit))
}

/// The kebab-case word for an illegal move kind (`illegal` for a kind this example does not
/// know yet).
pub fn kind_word(kind: IllegalMoveKind) -> &'static str {
    match kind {
        IllegalMoveKind::NoSuchPiece => "no-such-piece",
        IllegalMoveKind::NotYourPiece => "not-your-piece",
        IllegalMoveKind::CannotReach => "cannot-reach",
        IllegalMoveKind::CaptureOwnPiece => "capture-own-piece",
        IllegalMoveKind::CaptureProtected => "capture-protected",
        IllegalMoveKind::BadPromotion => "bad-promotion",
        IllegalMoveKind::StuckPiece => "stuck-piece",
        IllegalMoveKind::NotInHand => "not-in-hand",
        IllegalMoveKind::Occupied => "occupied",
        IllegalMoveKind::TwoPawns => "two-pawns",
        IllegalMoveKind::DropPawnMate => "drop-pawn-mate",
        IllegalMoveKind::LeavesKingInCheck => "leaves-king-in-check",
        _ => "illegal",
    }
}

/// Adjudicates one input line under `rules` and returns the output line.
pub fn adjudicate_line(rules: RuleSet, line: &str) -> String {
    let text = line.trim();
    let (command, declare) = match text.rsplit_once(|c: char| c.is_ascii_whitespace()) {
        Some((head, "declare")) => (head, true),
        _ if text == "declare" => ("", true),
        _ => (text, false),
    };
    let cmd: PositionCommand = match command.parse() {
        Ok(cmd) => cmd,
        Err(e) => return format!("error: {e}"),
    };
    let start = match Position::<Standard>::from_setup(cmd.start.to_setup()) {
        Ok(pos) => pos,
        Err(e) => match e.ignore_soft() {
            Ok(pos) => pos,
            Err(e) => return format!("error: {e}"),
        },
    };
    let mut game = Game::with_rules(start, rules);
    for (index, &m) in cmd.moves.iter().enumerate() {
        match game.play(m) {
            Ok(_) => {}
            Err(PlayError::IllegalMove(e)) => {
                return format!("illegal {index} {}", kind_word(e.kind));
            }
            Err(PlayError::GameOver(_)) => return format!("illegal {index} game-over"),
            Err(e) => return format!("error: {e}"),
        }
    }
    if declare && let Err(e) = game.declare() {
        return format!("error: {e}");
    }
    match game.outcome() {
        Some(outcome) => outcome.to_string(),
        None => "ongoing".to_owned(),
    }
}
