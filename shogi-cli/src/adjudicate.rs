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
//! - `illegal <index> <kind>` (see `shogi_kit::contract::kind_word`)
//! - `error: <message>`
//!
//! Starts that are invalid only through soft faults (the attacker's missing king of a mate
//! problem, more pieces than one set) are accepted by waiving those faults explicitly. The
//! game is one of standard shogi.

use std::process::ExitCode;

use shogi_kit::contract::{self, AdjudicateFlags};
use shogi_kit::rules::impasse::ImpasseRule;

use crate::lines::{Flush, or_error};

/// Adjudicate games read from stdin: one USI position command per line, optionally followed by
/// `declare`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The impasse rule.
    #[arg(long, value_name = "none|24|27|24-declaration|try", default_value = "none", value_parser = contract::impasse_rule)]
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

/// Runs the subcommand.
pub fn run(args: &Args) -> ExitCode {
    let flags = AdjudicateFlags {
        impasse: args.impasse,
        move_limit: args.move_limit,
        limit_count: args.limit_count,
        handicap_credit: args.handicap_credit,
    };
    crate::lines::answer_each("adjudicate", Flush::AtEnd, |line| {
        or_error(contract::adjudicate(flags, line))
    })
}
