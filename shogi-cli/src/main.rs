//! The `shogi` command: the command-line contract of the workspace.
//!
//! ```text
//! shogi perft <DEPTH> [startpos | <SFEN>] [--divide]
//! shogi legal < positions.txt
//! shogi adjudicate [--impasse none|24|27|24-declaration|try] [--move-limit N] [--limit-count] [--handicap-credit] < lines
//! shogi setups
//! shogi convert --to <usi|sfen|kif|ki2|csa|jkf|western|japanese> [--lenient] [FILE]
//! shogi dataset --format hcpe|psv|sfen [--threads N] [--lenient] [--all-files] --out FILE <files or folders…>
//! shogi mate [--mode any|tsume] [--nodes N] [--time-ms MS] [--hash MB] < positions.txt
//! shogi match --engine <COMMAND> --engine <COMMAND> [--games N] [--byoyomi MS] [--rules none|24|27|24-declaration|try] [--max-moves N] [--option NAME=VALUE]... [--out FILE]
//! shogi svg [--flip] [--western] [--last MOVE] [--dots SQUARE] [--arrow MOVE]... [--highlight SQUARE:COLOR]... [startpos | <SFEN>]
//! ```
//!
//! Each subcommand is described in the crate README and in its module.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod adjudicate;
mod convert;
mod dataset;
mod legal;
mod lines;
mod matches;
mod mate;
mod perft;
mod setups;
mod svg;

/// Shogi from the command line: perft, legal moves, adjudication, start positions, record
/// conversion, engine matches, training data, board diagrams and mate search.
#[derive(Debug, Parser)]
#[command(name = "shogi", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Perft(perft::Args),
    Legal(legal::Args),
    Adjudicate(adjudicate::Args),
    Setups(setups::Args),
    Convert(convert::Args),
    Match(matches::Args),
    Mate(mate::Args),
    Dataset(dataset::Args),
    Svg(svg::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Perft(args) => perft::run(&args),
        Command::Legal(args) => legal::run(&args),
        Command::Adjudicate(args) => adjudicate::run(&args),
        Command::Setups(args) => setups::run(&args),
        Command::Convert(args) => convert::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::Mate(args) => mate::run(&args),
        Command::Dataset(args) => dataset::run(&args),
        Command::Svg(args) => svg::run(&args),
    }
}
