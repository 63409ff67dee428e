//! Splitting text into lines, whatever their line ends.

/// The lines of `text`, ended by LF, CRLF or a lone CR (old Mac files, Kifu for Macintosh), in
/// any mix, without their line ends. Like [`str::lines`], a final line end does not start an
/// empty last line.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text).filter(|t| !t.is_empty());
    core::iter::from_fn(move || {
        let t = rest?;
        // A byte search: both line-end bytes are ASCII, so they never occur inside a multi-byte
        // character, and this is several times faster than a `char` pattern.
        match t.bytes().position(|b| b == b'\r' || b == b'\n') {
            None => {
                rest = None;
                Some(t)
            }
            Some(i) => {
                let end = if t.as_bytes()[i] == b'\r' && t.as_bytes().get(i + 1) == Some(&b'\n') {
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
}
