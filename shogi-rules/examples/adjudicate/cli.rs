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
//! followed by the word `declare`. The command is read by [`read_position_command`], a small
//! reader of its own, so the example needs nothing above `shogi-rules`. The moves are played one by one with [`Game::play`], so the
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
use shogi_rules::impasse::ImpasseRule;
use shogi_rules::{AtLimit, Game, MoveLimit, PlayError, RuleSet};
use shogi_types::sfen::ParseSfenError;
use shogi_types::{Move, Setup};

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
    let (setup, moves) = match read_position_command(command) {
        Ok(cmd) => cmd,
        Err(message) => return format!("error: {message}"),
    };
    let start = match Position::<Standard>::from_setup(setup) {
        Ok(pos) => pos,
        Err(e) => match e.ignore_soft() {
            Ok(pos) => pos,
            Err(e) => return format!("error: {e}"),
        },
    };
    let mut game = Game::with_rules(start, rules);
    for (index, &m) in moves.iter().enumerate() {
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

/// The words of `text` (runs of anything but ASCII white space), each with its byte offset.
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, b) in text.bytes().enumerate() {
        match (b.is_ascii_whitespace(), start) {
            (true, Some(s)) => {
                out.extend(text.get(s..i).map(|w| (s, w)));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.extend(text.get(s..).map(|w| (s, w)));
    }
    out
}

/// Reads a USI `position` command: `[position] startpos [moves m1 m2 …]` or
/// `[position] sfen <board> <side> <hands> [<move number>] [moves m1 m2 …]`, words separated
/// by ASCII white space. Returns the start setup (unchecked) and the moves (read, not played).
///
/// # Errors
/// A message saying what cannot be read and at which byte: an empty command, a start other
/// than `startpos` or `sfen`, an SFEN that cannot be read, a word other than `moves` after the
/// start, or a move that cannot be read (with its index).
pub fn read_position_command(text: &str) -> Result<(Setup, Vec<Move>), String> {
    let words = words(text);
    let mut rest: &[(usize, &str)] = match words.split_first() {
        None => return Err("usi position: empty, expected 'startpos' or 'sfen'".to_owned()),
        Some(((_, "position"), rest)) => rest,
        Some(_) => &words,
    };
    let setup = match rest.split_first() {
        None => {
            return Err(format!(
                "usi position: expected 'startpos' or 'sfen' at byte {}",
                text.len()
            ));
        }
        Some(((_, "startpos"), tail)) => {
            rest = tail;
            Setup::start()
        }
        Some(((_, "sfen"), tail)) => {
            let n = tail
                .iter()
                .position(|&(_, w)| w == "moves")
                .unwrap_or(tail.len());
            let (fields, after) = tail.split_at(n);
            // The SFEN runs up to the word `moves`, or to the end of the text.
            let end = after.first().map_or(text.len(), |&(offset, _)| offset);
            let base = fields.first().map_or(end, |&(offset, _)| offset);
            rest = after;
            Setup::from_sfen_fields(text.get(base..end).unwrap_or_default()).map_err(|error| {
                match error {
                    ParseSfenError::TrailingText { offset } => format!(
                        "usi position: expected 'moves' or the end at byte {}",
                        base + offset
                    ),
                    error => format!("usi position: cannot read the sfen at byte {base}: {error}"),
                }
            })?
        }
        Some(((offset, _), _)) => {
            return Err(format!(
                "usi position: expected 'startpos' or 'sfen' at byte {offset}"
            ));
        }
    };
    let moves = match rest.split_first() {
        None => Vec::new(),
        Some(((_, "moves"), tail)) => tail
            .iter()
            .enumerate()
            .map(|(index, &(offset, word))| match word {
                "resign" | "win" => Err(format!(
                    "usi: '{word}' at byte {offset} is an engine answer, not a move"
                )),
                _ => word.parse::<Move>().map_err(|error| {
                    format!("usi: cannot read moves[{index}] at byte {offset}: {error}")
                }),
            })
            .collect::<Result<_, _>>()?,
        Some(((offset, _), _)) => {
            return Err(format!(
                "usi position: expected 'moves' or the end at byte {offset}"
            ));
        }
    };
    Ok((setup, moves))
}
