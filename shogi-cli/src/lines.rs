//! The loop of the line-per-line subcommands (`legal`, `adjudicate`, `mate`): one answer line on
//! standard output per line of standard input, never stopping at a bad line.

use std::io::{BufRead as _, BufWriter, Write as _};
use std::process::ExitCode;

/// When each answer reaches standard output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flush {
    /// Buffered, flushed at the end: for input piped in bulk.
    AtEnd,
    /// After every answer: for a slow answer (a mate search) that a caller waits for.
    EachLine,
}

/// Reads standard input line by line (bytes that are not UTF-8 replaced, a `\r` before the
/// line break dropped), writes `answer(line)` for each, and returns the exit code: failure
/// only if reading or writing fails, said on standard error after `name`.
pub fn answer_each(name: &str, flush: Flush, mut answer: impl FnMut(&str) -> String) -> ExitCode {
    let result = (|| -> std::io::Result<()> {
        let stdin = std::io::stdin();
        let mut out = BufWriter::new(std::io::stdout().lock());
        for line in stdin.lock().split(b'\n') {
            let bytes = line?;
            let text = String::from_utf8_lossy(&bytes);
            let text = text.strip_suffix('\r').unwrap_or(&text);
            writeln!(out, "{}", answer(text))?;
            if flush == Flush::EachLine {
                out.flush()?;
            }
        }
        out.flush()
    })();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The output line of an answer: the text, or `error: <message>`.
pub fn or_error(answer: Result<String, impl std::fmt::Display>) -> String {
    answer.unwrap_or_else(|e| format!("error: {e}"))
}
