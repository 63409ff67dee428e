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
        match t.bytes().position(|b| b == b'\r' || b == b'\n') {
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
}
