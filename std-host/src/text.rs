//! What users type, read and quoted: seats and strains by the core's parsers, and the short,
//! printable excerpt of a text an error message quotes.

use cardtree::Seat;
use cardtree::bridge::Strain;

use crate::error::Error;

/// Reads a seat (`N`, `E`, `S`, `W`, or its name) by the core's parser, an error quoting
/// what was given.
pub fn parse_seat(s: &str) -> Result<Seat, Error> {
    s.parse()
        .map_err(|_| invalid!("{:?} is no seat (want N, E, S or W)", excerpt(s)))
}

/// Reads a strain (`NT`, `S`, `H`, `D`, `C`, either case) by the core's parser, an error
/// quoting what was given.
pub fn parse_strain(s: &str) -> Result<Strain, Error> {
    s.parse()
        .map_err(|_| invalid!("{:?} is not NT, S, H, D or C", excerpt(s)))
}

/// What an error message quotes of `s`: its first 40 characters, and `...` when there are
/// more, so that a hostile input cannot make a one-line message as long as itself.
#[must_use]
pub fn excerpt(s: &str) -> String {
    const MAX: usize = 40;
    match s.char_indices().nth(MAX) {
        Some((end, _)) => format!("{}...", &s[..end]),
        None => s.to_string(),
    }
}

/// `s` in double quotes for an error message: control characters and quotes escaped, then cut
/// as [`excerpt`] does, so that a hostile input gives a short, printable message.
#[must_use]
pub fn quote(s: &str) -> String {
    format!("\"{}\"", excerpt(&s.escape_debug().to_string()))
}
