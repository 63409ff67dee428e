//! Adjudicates games read from stdin: one USI position command per line, optionally followed
//! by the word `declare`.
//!
//! ```text
//! cargo run --release -p shogi-rules --example adjudicate -- \
//!     [--impasse none|24|27|24-declaration|try] [--move-limit N] [--limit-count] [--handicap-credit]
//! ```
//!
//! Writes one line per input line: `ongoing`, `draw <reason>`, `win black <reason>`,
//! `win white <reason>`, `illegal <index> <kind>` or `error: <message>`. The contract is
//! described in full in the crate README and in `cli.rs`.

use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;

mod cli;

fn main() -> ExitCode {
    let rules = match cli::parse_args(std::env::args().skip(1)) {
        Ok(rules) => rules,
        Err(message) => {
            eprintln!("adjudicate: {message}");
            eprintln!("{}", cli::USAGE);
            return ExitCode::from(2);
        }
    };
    match run(rules) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("adjudicate: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(rules: shogi_rules::RuleSet) -> std::io::Result<()> {
    let stdin = std::io::stdin();
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().split(b'\n') {
        let bytes = line?;
        let text = String::from_utf8_lossy(&bytes);
        let text = text.strip_suffix('\r').unwrap_or(&text);
        writeln!(out, "{}", cli::adjudicate_line(rules, text))?;
    }
    out.flush()
}
