//! Splitting text into whitespace-separated tokens that remember their byte offsets.

/// One run of non-whitespace text and the byte offset at which it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Token<'a> {
    /// The text of the token; never empty and never containing ASCII whitespace.
    pub(crate) text: &'a str,
    /// The byte offset of the token in the text it was cut from.
    pub(crate) offset: usize,
}

/// The tokens of `s`, separated by runs of ASCII whitespace (space, tab, line feed, form feed,
/// carriage return).
///
/// Tokens start and end next to ASCII bytes or the ends of `s`, so they always lie on `char`
/// boundaries, whatever non-ASCII text `s` holds.
pub(crate) fn tokens(s: &str) -> impl Iterator<Item = Token<'_>> {
    let bytes = s.as_bytes();
    let mut pos = 0;
    core::iter::from_fn(move || {
        while bytes.get(pos).is_some_and(u8::is_ascii_whitespace) {
            pos += 1;
        }
        let start = pos;
        while bytes.get(pos).is_some_and(|b| !b.is_ascii_whitespace()) {
            pos += 1;
        }
        if pos == start {
            return None;
        }
        // Both ends are next to ASCII bytes (or the ends of `s`), so `get` always succeeds.
        s.get(start..pos).map(|text| Token {
            text,
            offset: start,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    #[test]
    fn splits_on_ascii_whitespace_only() {
        let toks: Vec<_> = tokens("  ab\tc \u{3000}d\n").collect();
        assert_eq!(
            toks,
            [
                Token {
                    text: "ab",
                    offset: 2
                },
                Token {
                    text: "c",
                    offset: 5
                },
                Token {
                    text: "\u{3000}d",
                    offset: 7
                },
            ]
        );
        assert_eq!(tokens("").count(), 0);
        assert_eq!(tokens(" \t\r\n").count(), 0);
    }
}
