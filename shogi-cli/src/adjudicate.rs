//! `shogi adjudicate [--impasse none|24|27|24-declaration|try] [--move-limit N] [--limit-count]
//! [--handicap-credit] < lines`: adjudicates games read from stdin.
//!
//! Each input line is a USI position command (`[position] startpos|sfen … [moves …]`),
//! optionally followed by the word `declare`. The moves are played one by one with
//! `Game::play`, so the first move that cannot be played is reported with its index, including
//! a move after the end (`game-over`). Then, if asked, the side to move declares. The output
//! line is one of:
//!
//! - `ongoing`
//! - `draw <reason>`, `win black <reason>`, `win white <reason>` (the `Display` of `Outcome`)
//! - `illegal <index> <kind>` (see [`kind_word`])
//! - `error: <message>`
//!
//! Starts that are invalid only through soft faults (the attacker's missing king of a mate
//! problem, more pieces than one set) are accepted by waiving those faults explicitly. The
//! game is one of standard shogi.

use std::num::NonZeroU32;
use std::process::ExitCode;

use shogi_kit::movegen::{IllegalMoveKind, Position, Standard};
use shogi_kit::rules::impasse::ImpasseRule;
use shogi_kit::rules::{AtLimit, Game, MoveLimit, PlayError, RuleSet};
use shogi_kit::usi::position::PositionCommand;

use crate::lines::Flush;

/// Adjudicate games read from stdin: one USI position command per line, optionally followed by
/// `declare`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The impasse rule.
    #[arg(long, value_name = "none|24|27|24-declaration|try", default_value = "none", value_parser = impasse_rule)]
    impasse: ImpasseRule,
    /// The game ends after N moves (0: no limit).
    #[arg(long, value_name = "N", default_value_t = 0)]
    move_limit: u32,
    /// At the move limit, the 24-point count decides when both kings stand in their camps
    /// (without it the limit is a draw).
    #[arg(long)]
    limit_count: bool,
    /// The handicap giver is credited with the missing points.
    #[arg(long)]
    handicap_credit: bool,
}

fn impasse_rule(value: &str) -> Result<ImpasseRule, String> {
    ImpasseRule::ALL
        .into_iter()
        .find(|rule| rule.as_str() == value)
        .ok_or_else(|| format!("unknown impasse rule {value:?}"))
}

impl Args {
    /// The rule set the options choose.
    fn rules(&self) -> RuleSet {
        let at_limit = if self.limit_count {
            AtLimit::Count
        } else {
            AtLimit::Draw
        };
        let move_limit = NonZeroU32::new(self.move_limit).map(|n| MoveLimit::new(n, at_limit));
        RuleSet::none()
            .with_impasse(self.impasse)
            .with_move_limit(move_limit)
            .with_handicap_credit(self.handicap_credit)
    }
}

/// The kebab-case word for an illegal move kind (`illegal` for a kind this command does not
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
fn adjudicate_line(rules: RuleSet, line: &str) -> String {
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

/// Runs the subcommand.
pub fn run(args: &Args) -> ExitCode {
    let rules = args.rules();
    crate::lines::answer_each("adjudicate", Flush::AtEnd, |text| {
        adjudicate_line(rules, text)
    })
}
