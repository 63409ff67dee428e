//! `shogi convert --to <usi|sfen|kif|ki2|csa|jkf|western|japanese> [--lenient] [FILE]`: converts one
//! game record between formats.
//!
//! Reads one record from FILE, or from standard input without FILE: KIF, KI2, CSA (the first
//! game of the file), JKF or a USI `position` line, in UTF-8 (with or without a byte-order mark),
//! Shift_JIS or EUC-JP; the format and the encoding are detected from the content. Writes to
//! standard output:
//!
//! - `usi`: one `position …` line (start and moves);
//! - `sfen`: the SFEN of the final position (untakeable silvers marked `S!`);
//! - `kif`, `ki2`, `csa`, `jkf`: the whole record in that format, in UTF-8;
//! - `western`, `japanese`: one move per line (`P-7f`, `Bx7g=`, `+B-1a`, `S5cx4d`, `P*1b`;
//!   `▲７六歩`, `△同　歩`).
//!
//! An unreadable or illegal record prints `error: <message>` to standard error and exits with
//! status 1; a wrong command line prints the usage and exits with status 2.
//!
//! With `--lenient`, a record whose moves stop at one that cannot be read or played is written
//! with the moves before it (`shogi_record::read_lenient`): the error is still printed to
//! standard error, and the exit status is 0. Other errors fail as without it.

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use shogi_kit::contract::{self, ConvertTarget};
use shogi_kit::record;

/// Convert one game record (KIF, KI2, CSA or a USI `position` line, any encoding) to another
/// format.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The format to write.
    #[arg(long, value_enum)]
    to: Target,
    /// Write the moves before the first one that cannot be read or played, instead of failing.
    #[arg(long)]
    lenient: bool,
    /// The record to read (standard input without it).
    file: Option<PathBuf>,
}

/// What to write (the names of [`ConvertTarget`], for the command line's help).
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Target {
    Usi,
    Sfen,
    Kif,
    Ki2,
    Csa,
    Jkf,
    Western,
    Japanese,
}

/// Reads the input bytes.
fn input(file: Option<&PathBuf>) -> Result<Vec<u8>, String> {
    match file {
        Some(path) => std::fs::read(path).map_err(|e| format!("{}: {e}", path.display())),
        None => {
            let mut bytes = Vec::new();
            io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| format!("standard input: {e}"))?;
            Ok(bytes)
        }
    }
}

impl From<Target> for ConvertTarget {
    fn from(target: Target) -> ConvertTarget {
        match target {
            Target::Usi => ConvertTarget::Usi,
            Target::Sfen => ConvertTarget::Sfen,
            Target::Kif => ConvertTarget::Kif,
            Target::Ki2 => ConvertTarget::Ki2,
            Target::Csa => ConvertTarget::Csa,
            Target::Jkf => ConvertTarget::Jkf,
            Target::Western => ConvertTarget::Western,
            Target::Japanese => ConvertTarget::Japanese,
        }
    }
}

/// Runs the subcommand.
pub fn run(args: &Args) -> ExitCode {
    let result = input(args.file.as_ref())
        .and_then(|bytes| {
            if args.lenient {
                let (rec, error) = record::read_lenient(&bytes).map_err(|e| e.to_string())?;
                if let Some(e) = error {
                    eprintln!("error: {e}");
                }
                Ok(rec)
            } else {
                record::read(&bytes).map_err(|e| e.to_string())
            }
        })
        .and_then(|rec| contract::write_record(&rec, args.to.into()).map_err(|e| e.to_string()));
    match result {
        Ok(text) => {
            let mut out = io::stdout().lock();
            if out
                .write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .is_err()
            {
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
