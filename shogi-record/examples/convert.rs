//! Converts one game record between formats.
//!
//! ```text
//! cargo run --release -p shogi-record --example convert -- --to <usi|sfen|kif|ki2|csa|jkf|western|japanese> [--lenient] [FILE]
//! ```
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
//! with the moves before it (`record::read_lenient`): the error is still printed to standard
//! error, and the exit status is 0. Other errors fail as without it.

use std::io::{self, Read, Write};
use std::process::ExitCode;

use shogi_record::{self as record, Record};
use shogi_record::{csa, jkf, ki2, kif};

const USAGE: &str = "usage: convert --to <usi|sfen|kif|ki2|csa|jkf|western|japanese> [--lenient] [FILE]\n(reads standard input without FILE)";

/// What to write.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Target {
    Usi,
    Sfen,
    Kif,
    Ki2,
    Csa,
    Jkf,
    Western,
    Japanese,
}

impl Target {
    pub(crate) fn from_name(name: &str) -> Option<Target> {
        Some(match name {
            "usi" => Target::Usi,
            "sfen" => Target::Sfen,
            "kif" => Target::Kif,
            "ki2" => Target::Ki2,
            "csa" => Target::Csa,
            "jkf" => Target::Jkf,
            "western" => Target::Western,
            "japanese" => Target::Japanese,
            _ => return None,
        })
    }
}

/// The parsed command line.
#[derive(Debug)]
pub(crate) struct Args {
    target: Target,
    lenient: bool,
    file: Option<String>,
}

pub(crate) fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Args, String> {
    let mut target = None;
    let mut lenient = false;
    let mut file = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        if arg == "--lenient" {
            lenient = true;
        } else if arg == "--to" {
            let name = args.next().ok_or("--to needs a format")?;
            target = Some(Target::from_name(&name).ok_or(format!("unknown format '{name}'"))?);
        } else if let Some(name) = arg.strip_prefix("--to=") {
            target = Some(Target::from_name(name).ok_or(format!("unknown format '{name}'"))?);
        } else if arg.starts_with("--") {
            return Err(format!("unknown option '{arg}'"));
        } else if file.replace(arg).is_some() {
            return Err("more than one FILE".to_string());
        }
    }
    Ok(Args {
        target: target.ok_or("--to is required")?,
        lenient,
        file,
    })
}

/// Reads the input bytes.
fn input(file: Option<&str>) -> Result<Vec<u8>, String> {
    match file {
        Some(path) => std::fs::read(path).map_err(|e| format!("{path}: {e}")),
        None => {
            let mut bytes = Vec::new();
            io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| format!("standard input: {e}"))?;
            Ok(bytes)
        }
    }
}

/// The text to write for `rec`.
pub(crate) fn output(rec: &Record, target: Target) -> Result<String, String> {
    let lines = |v: Vec<String>| v.iter().map(|l| format!("{l}\n")).collect::<String>();
    Ok(match target {
        Target::Usi => format!("{}\n", rec.to_position_command()),
        Target::Sfen => {
            let pos = rec.final_position().map_err(|e| e.to_string())?;
            format!("{}\n", pos.to_setup())
        }
        Target::Kif => kif::write(rec),
        Target::Ki2 => ki2::write(rec),
        Target::Csa => csa::write(rec),
        Target::Jkf => jkf::write(rec),
        Target::Western => lines(rec.western_moves()),
        Target::Japanese => lines(rec.japanese_moves()),
    })
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(message) => {
            eprintln!("error: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let result = input(args.file.as_deref())
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
        .and_then(|rec| output(&rec, args.target));
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
