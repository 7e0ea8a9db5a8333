//! Input files read as bytes, a line at a time: a line that is not UTF-8 is that line's error
//! (naming where its text stops being UTF-8), and the lines around it are read as usual.

use crate::error::Error;

/// The lines of `bytes` as `str::lines` splits text (at `\n`, a `\r` before it dropped, no
/// empty last line after a final `\n`), each with its index from 0 and its text, or an error
/// for a line that is not UTF-8.
pub fn lines(bytes: &[u8]) -> impl Iterator<Item = (usize, Result<&str, Error>)> {
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let pieces = (!bytes.is_empty()).then(|| body.split(|&b| b == b'\n'));
    pieces.into_iter().flatten().enumerate().map(|(i, line)| {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let text = std::str::from_utf8(line).map_err(|e| {
            invalid!(
                "not UTF-8 text (byte {} of the line is not part of a character)",
                e.valid_up_to() + 1
            )
        });
        (i, text)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_as_str_lines_and_bad_bytes_are_that_line_s_error() {
        for text in ["", "\n", "a", "a\n", "a\r\nb", "a\n\nb\n", "\n\na"] {
            let ours: Vec<&str> = lines(text.as_bytes()).map(|(_, l)| l.unwrap()).collect();
            assert_eq!(ours, text.lines().collect::<Vec<_>>(), "{text:?}");
        }
        let got: Vec<(usize, bool)> = lines(b"ok\nbad \xff here\nok too\n")
            .map(|(i, l)| (i, l.is_ok()))
            .collect();
        assert_eq!(got, [(0, true), (1, false), (2, true)]);
        let e = lines(b"ab\xc3").next().unwrap().1.unwrap_err().to_string();
        assert!(e.contains("byte 3"), "{e}");
    }
}
