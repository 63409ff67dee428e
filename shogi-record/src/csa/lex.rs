//! Lexing CSA text: games split at `/`, lines into statements.

use super::*;

/// The statements of one game, each with its 1-based line number, and the number of the
/// game's last line (blank and comment lines included, the `/` after it not).
#[derive(Debug, Clone)]
pub(crate) struct GameText<'a> {
    pub(super) stmts: Vec<(usize, Stmt<'a>)>,
    pub(super) last_line: usize,
}

/// The games of a text, one at a time: the statements of the lines between `/` separators,
/// skipping parts with no statement.
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
    type Item = GameText<'a>;

    fn next(&mut self) -> Option<GameText<'a>> {
        let mut lines = crate::lines::lines(self.rest);
        let mut game = GameText {
            stmts: Vec::with_capacity(256),
            last_line: 0,
        };
        // Whether the part holds a statement: a line that is neither blank nor a comment.
        let mut has_statement = false;
        let mut first = true;
        loop {
            let Some(line) = lines.next() else {
                self.rest = "";
                return has_statement.then_some(game);
            };
            self.line += 1;
            if is_separator(line) {
                if has_statement {
                    self.rest = lines.rest();
                    return Some(game);
                }
                game.stmts.clear();
                first = true;
            } else {
                has_statement |= statements(self.line, line, first, &mut game.stmts);
                game.last_line = self.line;
                first = false;
            }
        }
    }
}

/// Whether `line` holds only `/` (and blanks): the end of a game.
#[inline]
fn is_separator(line: &str) -> bool {
    match line.as_bytes() {
        [b'/'] => true,
        // A line that starts with another ASCII character than a blank or `/`: most lines.
        [b, ..] if b.is_ascii() && *b != b'/' && !b.is_ascii_whitespace() && *b != 0x0B => false,
        _ => line.trim() == "/",
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

/// Appends the statements of line `n` (`raw`, the first line of its game if `first`) to
/// `out`, each with its line number; whether the line is a statement line (neither blank nor a
/// comment).
pub(super) fn statements<'a>(
    n: usize,
    raw: &'a str,
    first: bool,
    out: &mut Vec<(usize, Stmt<'a>)>,
) -> bool {
    use crate::lines::{split_once_ascii, trim, trim_end, trim_start};
    let line = trim_start(raw);
    if line.is_empty() {
        return false;
    }
    if let Some(comment) = line.strip_prefix('\'') {
        let encoding = comment.starts_with("CSA encoding=") || comment.starts_with("encoding=");
        if first && encoding {
            return false;
        }
        if let Some(sfen) = comment.strip_prefix("SFEN:") {
            out.push((n, Stmt::Sfen(trim(sfen))));
        } else if let Some(word) = comment.strip_prefix(ENDING) {
            out.push((n, Stmt::Ending(word)));
        } else {
            out.push((n, Stmt::Comment(comment)));
        }
        return false;
    }
    let stmt = match line.as_bytes()[0] {
        b'V' => Some(Stmt::Version),
        b'N' => {
            let rest = &line[1..];
            Some(match rest.as_bytes().first() {
                Some(b'+') => Stmt::Name(Color::Black, trim(&rest[1..])),
                Some(b'-') => Stmt::Name(Color::White, trim(&rest[1..])),
                _ => Stmt::Unknown(trim_end(line)),
            })
        }
        b'$' => Some(match split_once_ascii(&line[1..], b':') {
            Some((key, value)) => Stmt::Info(trim(key), trim(value)),
            None => Stmt::Unknown(trim_end(line)),
        }),
        b'P' => {
            let rest = &line[1..];
            Some(match rest.as_bytes().first() {
                Some(b'I') => Stmt::Even(trim(&rest[1..])),
                Some(b'+') => Stmt::Pieces(Color::Black, trim(&rest[1..])),
                Some(b'-') => Stmt::Pieces(Color::White, trim(&rest[1..])),
                Some(&d @ b'1'..=b'9') => Stmt::Rank(d - b'0', &rest[1..]),
                _ => Stmt::Unknown(trim_end(line)),
            })
        }
        _ => None,
    };
    if let Some(stmt) = stmt {
        out.push((n, stmt));
        return true;
    }
    // A line of comma-separated statements; a field starting with `'` is a comment that
    // runs to the end of the line.
    let mut rest = line;
    loop {
        if let Some(comment) = trim_start(rest).strip_prefix('\'') {
            out.push((n, Stmt::Comment(comment)));
            break;
        }
        let (field, next) = match split_once_ascii(rest, b',') {
            Some((field, next)) => (trim(field), Some(next)),
            None => (trim(rest), None),
        };
        if !field.is_empty() {
            out.push((n, statement(field)));
        }
        match next {
            Some(next) => rest = next,
            None => break,
        }
    }
    true
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
