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

/// The FNV-1a hash (64-bit) of `bytes`: what a run's fingerprint records of an input file it
/// reads again later (a learned table, the boards of a hand record), so that a run is resumed
/// or merged only with the same file. Offset basis and prime of draft-eastlake-fnv, section 2.
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
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

    #[test]
    fn fnv1a_is_the_reference_hash() {
        // draft-eastlake-fnv's test vectors for FNV-1a, 64-bit.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
