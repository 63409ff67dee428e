//! Words of a line with their byte offsets, and the small readers every command shares.

use alloc::string::String;
use alloc::vec::Vec;

use shogi_types::Move;

use crate::error::ParseUsiMessageError as E;

/// One run of non-whitespace text and its byte offset in the line.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tok<'a> {
    pub(crate) text: &'a str,
    pub(crate) start: usize,
}

impl Tok<'_> {
    pub(crate) fn end(&self) -> usize {
        self.start + self.text.len()
    }
}

/// The words of `s`, separated by runs of ASCII whitespace. Words start and end next to ASCII
/// bytes or the ends of `s`, so slicing between them never splits a `char`.
pub(crate) fn tokens(s: &str) -> Vec<Tok<'_>> {
    let bytes = s.as_bytes();
    let mut out = Vec::new();
    let mut pos = 0;
    loop {
        while bytes.get(pos).is_some_and(u8::is_ascii_whitespace) {
            pos += 1;
        }
        let start = pos;
        while bytes.get(pos).is_some_and(|b| !b.is_ascii_whitespace()) {
            pos += 1;
        }
        if pos == start {
            return out;
        }
        if let Some(text) = s.get(start..pos) {
            out.push(Tok { text, start });
        }
    }
}

/// The line without leading and trailing ASCII whitespace.
pub(crate) fn trim(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_ascii_whitespace())
}

/// The text of `s` from the start of the first word to the end of the last (empty if none).
pub(crate) fn span_text<'a>(s: &'a str, toks: &[Tok<'a>]) -> &'a str {
    match (toks.first(), toks.last()) {
        (Some(a), Some(b)) => s.get(a.start..b.end()).unwrap_or_default(),
        _ => "",
    }
}

/// Whether a word looks like a number (its first byte is a digit, `+` or `-`).
pub(crate) fn number_like(text: &str) -> bool {
    text.as_bytes()
        .first()
        .is_some_and(|b| b.is_ascii_digit() || *b == b'+' || *b == b'-')
}

/// The word `<empty>` stands for empty text in option defaults and combo values.
pub(crate) const EMPTY: &str = "<empty>";

/// Reads an option text: `<empty>` is the empty text.
pub(crate) fn option_text(text: &str) -> String {
    if text == EMPTY {
        String::new()
    } else {
        String::from(text)
    }
}

/// A reader over the words after the command word.
pub(crate) struct Cursor<'a, 't> {
    pub(crate) src: &'a str,
    pub(crate) toks: &'t [Tok<'a>],
    pub(crate) pos: usize,
    pub(crate) context: &'static str,
    pub(crate) lenient: bool,
}

impl<'a, 't> Cursor<'a, 't> {
    pub(crate) fn new(
        src: &'a str,
        toks: &'t [Tok<'a>],
        context: &'static str,
        lenient: bool,
    ) -> Self {
        Cursor {
            src,
            toks,
            pos: 0,
            context,
            lenient,
        }
    }

    pub(crate) fn next(&mut self) -> Option<Tok<'a>> {
        let t = self.toks.get(self.pos).copied();
        if t.is_some() {
            self.pos += 1;
        }
        t
    }

    pub(crate) fn peek(&self) -> Option<Tok<'a>> {
        self.toks.get(self.pos).copied()
    }

    /// The words not read yet, and marks them read.
    pub(crate) fn take_rest(&mut self) -> &'t [Tok<'a>] {
        let rest = self.toks.get(self.pos..).unwrap_or_default();
        self.pos = self.toks.len();
        rest
    }

    /// The words up to (not including) the first one for which `stop` holds.
    pub(crate) fn take_until(&mut self, stop: impl Fn(&str) -> bool) -> &'t [Tok<'a>] {
        let rest = self.toks.get(self.pos..).unwrap_or_default();
        let n = rest.iter().position(|t| stop(t.text)).unwrap_or(rest.len());
        self.pos += n;
        rest.get(..n).unwrap_or_default()
    }

    /// Strict: the line must end here. Lenient: the rest is ignored.
    pub(crate) fn finish(&mut self) -> Result<(), E> {
        let rest = self.take_rest();
        match (rest.first(), rest.last()) {
            (Some(a), Some(b)) if !self.lenient => Err(E::Trailing {
                context: self.context,
                start: a.start,
                end: b.end(),
            }),
            _ => Ok(()),
        }
    }

    /// The word after `key`, or `MissingValue`.
    pub(crate) fn value(
        &mut self,
        key: Tok<'_>,
        field: &'static str,
        expected: &'static str,
    ) -> Result<Tok<'a>, E> {
        self.next().ok_or(E::MissingValue {
            context: self.context,
            field,
            start: key.start,
            end: key.end(),
            expected,
        })
    }

    pub(crate) fn unknown(&self, tok: Tok<'_>, expected: &'static str) -> E {
        E::UnknownField {
            context: self.context,
            start: tok.start,
            end: tok.end(),
            expected,
        }
    }

    pub(crate) fn bad_number(
        &self,
        tok: Tok<'_>,
        field: &'static str,
        expected: &'static str,
    ) -> E {
        E::BadNumber {
            context: self.context,
            field,
            start: tok.start,
            end: tok.end(),
            expected,
        }
    }

    pub(crate) fn bad_value(&self, tok: Tok<'_>, field: &'static str, expected: &'static str) -> E {
        E::BadValue {
            context: self.context,
            field,
            start: tok.start,
            end: tok.end(),
            expected,
        }
    }

    /// Reads the number after `key`.
    pub(crate) fn number<T: core::str::FromStr>(
        &mut self,
        key: Tok<'_>,
        field: &'static str,
        expected: &'static str,
    ) -> Result<T, E> {
        let t = self.value(key, field, expected)?;
        t.text
            .parse()
            .map_err(|_| self.bad_number(t, field, expected))
    }

    /// Reads a time in milliseconds after `key`, clamped when lenient (see
    /// [`clamped`](Cursor::clamped)).
    pub(crate) fn time(&mut self, key: Tok<'_>, field: &'static str) -> Result<u64, E> {
        self.clamped(key, field, "milliseconds, 0 to 2^64-1", u64::MAX)
    }

    /// Reads an unsigned number after `key`. An integer out of range is an error when strict;
    /// when lenient it is clamped: a negative one reads as `0` (some GUIs send negative times
    /// when a clock has run out) and one too large as `max`.
    pub(crate) fn clamped<T: core::str::FromStr + From<u8>>(
        &mut self,
        key: Tok<'_>,
        field: &'static str,
        expected: &'static str,
        max: T,
    ) -> Result<T, E> {
        let t = self.value(key, field, expected)?;
        if let Ok(v) = t.text.parse() {
            return Ok(v);
        }
        let (negative, digits) = match t.text.strip_prefix('-') {
            Some(digits) => (true, digits),
            None => (false, t.text.strip_prefix('+').unwrap_or(t.text)),
        };
        let integer = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        match (integer && self.lenient, negative) {
            (true, true) => Ok(T::from(0)),
            // Only digits, yet unreadable: too large.
            (true, false) => Ok(max),
            (false, _) => Err(self.bad_number(t, field, expected)),
        }
    }

    /// Stores `value` in `slot`: strict refuses a second value, lenient keeps the last.
    pub(crate) fn set<T>(
        &self,
        slot: &mut Option<T>,
        value: T,
        key: Tok<'_>,
        field: &'static str,
    ) -> Result<(), E> {
        if slot.is_some() && !self.lenient {
            return Err(E::Duplicate {
                context: self.context,
                field,
                start: key.start,
                end: key.end(),
            });
        }
        *slot = Some(value);
        Ok(())
    }

    /// Reads one move.
    pub(crate) fn parse_move(&self, tok: Tok<'_>, field: &'static str) -> Result<Move, E> {
        tok.text.parse().map_err(|error| E::BadMove {
            context: self.context,
            field,
            start: tok.start,
            end: tok.end(),
            error,
        })
    }

    /// The text of the given words as they stand in the line.
    pub(crate) fn text(&self, toks: &[Tok<'a>]) -> &'a str {
        span_text(self.src, toks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_on_ascii_whitespace_only() {
        let toks: Vec<_> = tokens("  ab\tc \u{3000}d\n")
            .into_iter()
            .map(|t| (t.text, t.start))
            .collect();
        assert_eq!(toks, [("ab", 2), ("c", 5), ("\u{3000}d", 7)]);
        assert_eq!(tokens("").len(), 0);
        assert_eq!(tokens(" \t\r\n").len(), 0);
    }
}
