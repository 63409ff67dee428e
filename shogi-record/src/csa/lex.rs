//! Lexing CSA text: games split at `/`, lines into statements.

use super::*;

/// A line of the text: its 1-based number and its content without the line break.
pub(super) type Line<'a> = (usize, &'a str);

/// The games of a text, one at a time: the lines between `/` separators, skipping parts with
/// no statement.
#[derive(Debug, Clone)]
pub(crate) struct Games<'a> {
    /// The text after the games split off.
    rest: &'a str,
    /// The number of lines before `rest`.
    line: usize,
}

impl<'a> Games<'a> {
    /// The games of `text` (a byte-order mark is skipped).
    pub(crate) fn new(text: &'a str) -> Games<'a> {
        Games::after(text.strip_prefix('\u{feff}').unwrap_or(text), 0)
    }

    /// The games of `rest`, the text after line `line` of a file.
    pub(crate) fn after(rest: &'a str, line: usize) -> Games<'a> {
        Games { rest, line }
    }

    /// The text after the games split off, and the number of lines before it.
    pub(crate) fn position(&self) -> (&'a str, usize) {
        (self.rest, self.line)
    }
}

impl<'a> Iterator for Games<'a> {
    type Item = Vec<Line<'a>>;

    fn next(&mut self) -> Option<Vec<Line<'a>>> {
        /// Whether a part holds a statement: a line that is neither blank nor a comment.
        fn has_statement(lines: &[Line<'_>]) -> bool {
            lines.iter().any(|(_, l)| {
                let t = l.trim_start();
                !t.is_empty() && !t.starts_with('\'')
            })
        }
        let mut lines = crate::lines::lines(self.rest);
        let mut current: Vec<Line<'a>> = Vec::new();
        loop {
            let Some(line) = lines.next() else {
                self.rest = "";
                return has_statement(&current).then_some(current);
            };
            self.line += 1;
            let line = line.trim_end_matches('\r');
            if line.trim() == "/" {
                if has_statement(&current) {
                    self.rest = lines.rest();
                    return Some(current);
                }
                current.clear();
            } else {
                current.push((self.line, line));
            }
        }
    }
}

/// One statement of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stmt<'a> {
    /// A comment, without its `'`.
    Comment(&'a str),
    /// `'SFEN:<sfen>`: the start of a variant record.
    Sfen(&'a str),
    /// `'ENDING:<word>`: an ending that CSA has no special move for (a KIF word).
    Ending(&'a str),
    /// `V2.2`, `V3.0`, …
    Version,
    /// `N+name`, `N-name`.
    Name(Color, &'a str),
    /// `$KEY:value`.
    Info(&'a str, &'a str),
    /// `PI…`: the text after `PI`.
    Even(&'a str),
    /// `P1`…`P9`: the rank and the text after it.
    Rank(u8, &'a str),
    /// `P+…`, `P-…`: the colour and the text after it.
    Pieces(Color, &'a str),
    /// `+` or `-` alone.
    Side(Color),
    /// A move statement as written.
    Move(&'a str),
    /// `T…`: the text after `T`.
    Time(&'a str),
    /// `%…`: the word after `%`.
    Special(&'a str),
    /// A statement that is none of the above.
    Unknown(&'a str),
}

/// Splits the lines of a game into statements, each with its line number.
pub(super) fn statements<'a>(lines: &[Line<'a>]) -> Vec<(usize, Stmt<'a>)> {
    let mut out = Vec::new();
    for (index, &(n, raw)) in lines.iter().enumerate() {
        let line = raw.trim_start();
        if line.trim_end().is_empty() {
            continue;
        }
        if let Some(comment) = line.strip_prefix('\'') {
            let encoding = comment.starts_with("CSA encoding=") || comment.starts_with("encoding=");
            if index == 0 && encoding {
                continue;
            }
            if let Some(sfen) = comment.strip_prefix("SFEN:") {
                out.push((n, Stmt::Sfen(sfen.trim())));
            } else if let Some(word) = comment.strip_prefix(ENDING) {
                out.push((n, Stmt::Ending(word)));
            } else {
                out.push((n, Stmt::Comment(comment)));
            }
            continue;
        }
        if line.starts_with('V') {
            out.push((n, Stmt::Version));
            continue;
        }
        if let Some(rest) = line.strip_prefix('N') {
            let stmt = match rest.as_bytes().first() {
                Some(b'+') => Stmt::Name(Color::Black, rest[1..].trim()),
                Some(b'-') => Stmt::Name(Color::White, rest[1..].trim()),
                _ => Stmt::Unknown(line.trim_end()),
            };
            out.push((n, stmt));
            continue;
        }
        if let Some(rest) = line.strip_prefix('$') {
            let stmt = match rest.split_once(':') {
                Some((key, value)) => Stmt::Info(key.trim(), value.trim()),
                None => Stmt::Unknown(line.trim_end()),
            };
            out.push((n, stmt));
            continue;
        }
        if let Some(rest) = line.strip_prefix('P') {
            let stmt = match rest.as_bytes().first() {
                Some(b'I') => Stmt::Even(rest[1..].trim()),
                Some(b'+') => Stmt::Pieces(Color::Black, rest[1..].trim()),
                Some(b'-') => Stmt::Pieces(Color::White, rest[1..].trim()),
                Some(&d @ b'1'..=b'9') => Stmt::Rank(d - b'0', &rest[1..]),
                _ => Stmt::Unknown(line.trim_end()),
            };
            out.push((n, stmt));
            continue;
        }
        // A line of comma-separated statements; a field starting with `'` is a comment that
        // runs to the end of the line.
        let mut rest = line;
        loop {
            let trimmed = rest.trim_start();
            if let Some(comment) = trimmed.strip_prefix('\'') {
                out.push((n, Stmt::Comment(comment)));
                break;
            }
            let (field, next) = match rest.split_once(',') {
                Some((field, next)) => (field.trim(), Some(next)),
                None => (rest.trim(), None),
            };
            if !field.is_empty() {
                out.push((n, statement(field)));
            }
            match next {
                Some(next) => rest = next,
                None => break,
            }
        }
    }
    out
}

/// One field of a statement line.
pub(super) fn statement(field: &str) -> Stmt<'_> {
    match field {
        "+" => Stmt::Side(Color::Black),
        "-" => Stmt::Side(Color::White),
        _ if field.starts_with(['+', '-']) => Stmt::Move(field),
        _ => {
            if let Some(t) = field.strip_prefix('T') {
                Stmt::Time(t)
            } else if let Some(word) = field.strip_prefix('%') {
                Stmt::Special(word)
            } else {
                Stmt::Unknown(field)
            }
        }
    }
}
