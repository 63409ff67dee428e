//! Splitting text into lines (any line end) and into whitespace-separated tokens that
//! remember their byte offsets.

/// The lines of `text`, ended by LF, CRLF or a lone CR (old Mac files, Kifu for Macintosh), in
/// any mix, without their line ends. Like [`str::lines`], a final line end does not start an
/// empty last line.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text).filter(|t| !t.is_empty());
    core::iter::from_fn(move || {
        let t = rest?;
        match t.find(['\r', '\n']) {
            None => {
                rest = None;
                Some(t)
            }
            Some(i) => {
                let end = if t[i..].starts_with("\r\n") {
                    i + 2
                } else {
                    i + 1
                };
                rest = Some(&t[end..]).filter(|r| !r.is_empty());
                Some(&t[..i])
            }
        }
    })
}

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

    #[test]
    fn lines_end_with_lf_crlf_or_cr() {
        let all: Vec<_> = lines("a\rb\r\nc\nd\r\re").collect();
        assert_eq!(all, ["a", "b", "c", "d", "", "e"]);
        assert_eq!(lines("a\r").collect::<Vec<_>>(), ["a"]);
        assert_eq!(lines("a\r\n\r\n").collect::<Vec<_>>(), ["a", ""]);
        assert_eq!(lines("\n").collect::<Vec<_>>(), [""]);
        assert_eq!(lines("").count(), 0);
        for text in ["x\ny\r\n", "\n\nz", "p\r\nq", "ab"] {
            assert_eq!(
                lines(text).collect::<Vec<_>>(),
                text.lines().collect::<Vec<_>>()
            );
        }
    }

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
