//! Splitting text into words with the byte offset of each, for parsers that report where.

/// The words of `s` separated by runs of characters for which `is_separator` holds, each with
/// its byte offset in `s`. Offsets are exact for separators of any UTF-8 width.
pub(crate) fn words(
    s: &str,
    is_separator: fn(char) -> bool,
) -> impl Iterator<Item = (usize, &str)> {
    let mut start = None;
    s.char_indices()
        .chain(core::iter::once((s.len(), ' ')))
        .filter_map(move |(i, ch)| {
            let separator = i == s.len() || is_separator(ch);
            match (start, separator) {
                (None, false) => {
                    start = Some(i);
                    None
                }
                (Some(from), true) => {
                    start = None;
                    s.get(from..i).map(|w| (from, w))
                }
                _ => None,
            }
        })
}

/// A value's `Display` text in a 64-byte string, for tests in this `no_std` crate (longer text
/// is cut short, which the comparison then shows).
#[cfg(test)]
pub(crate) fn shown(value: impl core::fmt::Display) -> heapless::String<64> {
    let mut s = heapless::String::new();
    let _ = core::fmt::write(&mut s, format_args!("{value}"));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_survive_wide_separators() {
        let s = "a\u{3000}bc \u{a0} d";
        let mut it = words(s, char::is_whitespace);
        assert_eq!(it.next(), Some((0, "a")));
        assert_eq!(it.next(), Some((4, "bc")));
        assert_eq!(it.next(), Some((10, "d")));
        assert_eq!(it.next(), None);
        assert_eq!(words("", char::is_whitespace).count(), 0);
        assert_eq!(words(" , ", |c| c == ',' || c == ' ').count(), 0);
    }
}
