//! A PBN file of boards read whole for hand records: its text, its games and their boards, and
//! the same file written back with each board's double-dummy tags ([`crate::bridge::pbn_write`]),
//! everything else as it was, in the file's own encoding.

use crate::bridge::board::Record;
use crate::bridge::pbn_file::{self, BoardResult, PbnGame};

/// A PBN file as read.
#[derive(Clone, Debug)]
pub struct PbnSession {
    /// The file's text (ISO-8859-1 bytes read one character each when it is not UTF-8).
    text: String,
    /// The file is not UTF-8: it is read, and written back, as ISO-8859-1.
    latin1: bool,
    /// Its games.
    games: Vec<PbnGame>,
}

impl PbnSession {
    /// Reads `bytes`. PBN files are ISO-8859-1 by the standard, UTF-8 in practice: a file
    /// that is not UTF-8 is read as ISO-8859-1 and written back in it.
    #[must_use]
    pub fn read(bytes: Vec<u8>) -> PbnSession {
        let (text, latin1) = match String::from_utf8(bytes) {
            Ok(text) => (text, false),
            Err(e) => (
                e.into_bytes().iter().map(|&b| char::from(b)).collect(),
                true,
            ),
        };
        let games = pbn_file::games(&text);
        PbnSession {
            text,
            latin1,
            games,
        }
    }

    /// Every game that is a board, with its game index ([`pbn_file::boards`]).
    #[must_use]
    pub fn boards(&self) -> Vec<(usize, BoardResult)> {
        pbn_file::boards(&self.games)
    }

    /// The file with `records` (by game index) written in, in the file's encoding.
    #[must_use]
    pub fn with_records(&self, records: &[(usize, Record)]) -> Vec<u8> {
        let text = crate::bridge::pbn_write::with_records(&self.text, &self.games, records);
        if self.latin1 {
            // Every character is the input's (below U+0100) or one of the tags' (ASCII).
            text.chars()
                .map(|c| u8::try_from(c).unwrap_or(b'?'))
                .collect()
        } else {
            text.into_bytes()
        }
    }
}
