//! `shogi setups`: prints every handicap and untakeable-silver start position, one per line.
//!
//! Each line is `<english name>\t<japanese name>\t<sfen>`: three fields separated by tabs. The
//! handicaps come first, in the order of `Handicap::ALL` (the even game first), then the three
//! setups of the untakeable-silver variant, whose untakeable silvers the SFEN marks `S!` and
//! which have no Japanese name (`-`).

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use shogi_kit::variants::{Handicap, SilverSetup};

/// Print every handicap and untakeable-silver start position: name, Japanese name, SFEN.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs the subcommand.
pub fn run(_: &Args) -> ExitCode {
    let result = (|| -> std::io::Result<()> {
        let mut out = BufWriter::new(std::io::stdout().lock());
        for h in Handicap::ALL {
            let setup = h.setup();
            writeln!(out, "{}\t{}\t{setup}", h.english_name(), h.japanese_name())?;
        }
        for s in SilverSetup::ALL {
            writeln!(out, "{}\t-\t{}", s.english_name(), s.position())?;
        }
        out.flush()
    })();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("setups: {e}");
            ExitCode::FAILURE
        }
    }
}
