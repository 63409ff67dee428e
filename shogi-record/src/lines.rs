//! Splitting text into lines, whatever their line ends.

/// The lines of `text`, ended by LF, CRLF or a lone CR (old Mac files, Kifu for Macintosh), in
/// any mix, without their line ends. Like [`str::lines`], a final line end does not start an
/// empty last line.
pub(crate) fn lines(text: &str) -> Lines<'_> {
    Lines {
        rest: Some(text).filter(|t| !t.is_empty()),
    }
}

/// The iterator of [`lines`]; [`Lines::rest`] is the text after the lines read.
#[derive(Debug, Clone)]
pub(crate) struct Lines<'a> {
    rest: Option<&'a str>,
}

impl<'a> Lines<'a> {
    /// The text after the lines read so far (empty at the end).
    pub(crate) fn rest(&self) -> &'a str {
        self.rest.unwrap_or("")
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let t = self.rest?;
        // A byte search: both line-end bytes are ASCII, so they never occur inside a multi-byte
        // character, and this is several times faster than a `char` pattern.
        match line_end(t.as_bytes()) {
            None => {
                self.rest = None;
                Some(t)
            }
            Some(i) => {
                let end = if t.as_bytes()[i] == b'\r' && t.as_bytes().get(i + 1) == Some(&b'\n') {
                    i + 2
                } else {
                    i + 1
                };
                self.rest = t.get(end..).filter(|r| !r.is_empty());
                t.get(..i)
            }
        }
    }
}

/// Whether `b`, the first or last byte of a text, is kept by [`str::trim`] for sure: an ASCII
/// byte that is not white space. (A byte of a multi-byte character may start or end white
/// space such as U+3000, so it is left to `str::trim`.)
#[inline(always)]
fn kept(b: u8) -> bool {
    b.is_ascii() && !matches!(b, b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | b' ')
}

/// [`str::trim`], without its character walk when both ends are plain ASCII.
#[inline]
pub(crate) fn trim(s: &str) -> &str {
    match s.as_bytes() {
        [first, .., last] if kept(*first) && kept(*last) => s,
        [one] if kept(*one) => s,
        _ => s.trim(),
    }
}

/// [`str::trim_start`], without its character walk when the text starts with plain ASCII.
#[inline]
pub(crate) fn trim_start(s: &str) -> &str {
    match s.as_bytes().first() {
        Some(&b) if kept(b) => s,
        _ => s.trim_start(),
    }
}

/// [`str::trim_end`], without its character walk when the text ends with plain ASCII.
#[inline]
pub(crate) fn trim_end(s: &str) -> &str {
    match s.as_bytes().last() {
        Some(&b) if kept(b) => s,
        _ => s.trim_end(),
    }
}

/// [`str::split_once`] at an ASCII byte, found by a byte search.
#[inline]
pub(crate) fn split_once_ascii(s: &str, b: u8) -> Option<(&str, &str)> {
    debug_assert!(b.is_ascii());
    let i = s.bytes().position(|c| c == b)?;
    // An ASCII byte is a whole character: both sides are on character boundaries.
    Some((s.get(..i)?, s.get(i + 1..)?))
}

/// The index of the first `\r` or `\n` of `bytes`, looked for eight bytes at a time.
#[inline]
fn line_end(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in chunks.by_ref() {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let word = u64::from_le_bytes(word);
        // A byte of `x` or `y` is zero where the byte of `word` is a line end. The lowest byte
        // flagged is always a real zero (a false flag needs a borrow from a zero below it),
        // which is all that is asked here.
        let x = word ^ (ONES * u64::from(b'\n'));
        let y = word ^ (ONES * u64::from(b'\r'));
        let found = (x.wrapping_sub(ONES) & !x | y.wrapping_sub(ONES) & !y) & HIGH;
        if found != 0 {
            return Some(at + (found.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| b == b'\r' || b == b'\n')
        .map(|i| at + i)
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
        let mut it = lines("a\r\nb\rc");
        assert_eq!(it.next(), Some("a"));
        assert_eq!(it.rest(), "b\rc");
        assert_eq!(it.next(), Some("b"));
        assert_eq!(it.next(), Some("c"));
        assert_eq!(it.rest(), "");
        for text in ["x\ny\r\n", "\n\nz", "p\r\nq", "ab"] {
            assert_eq!(
                lines(text).collect::<Vec<_>>(),
                text.lines().collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn trims_as_str_does() {
        for text in [
            "",
            " ",
            "a",
            " a",
            "a ",
            "\ta\u{3000}",
            "\u{3000}b",
            "b\u{3000}",
            "ab",
            "a b",
            "\u{0B}x\u{0C}",
            "\u{85}y",
            "é",
            " é ",
            "\u{2029}",
            "a,b",
            ",",
            "x,",
        ] {
            assert_eq!(trim(text), text.trim(), "{text:?}");
            assert_eq!(trim_start(text), text.trim_start(), "{text:?}");
            assert_eq!(trim_end(text), text.trim_end(), "{text:?}");
            assert_eq!(
                split_once_ascii(text, b','),
                text.split_once(','),
                "{text:?}"
            );
        }
    }

    #[test]
    fn line_ends_are_found_at_every_offset() {
        for len in 0..40 {
            for end in 0..=len {
                for (a, b) in [(b'\n', b'\r'), (b'\r', b'\n')] {
                    // Bytes next to the line ends (0x0B, 0x0C, 0x8D, 0x8A) and after them.
                    let mut text: Vec<u8> = (0..len)
                        .map(|i| [b'x', 0x0B, 0x0C, 0x8D, 0x8A][i % 5])
                        .collect();
                    if end < len {
                        text[end] = a;
                        if end + 3 < len {
                            text[end + 3] = b;
                        }
                    }
                    let expected = text.iter().position(|&c| c == b'\r' || c == b'\n');
                    assert_eq!(line_end(&text), expected, "{text:?}");
                }
            }
        }
    }
}
