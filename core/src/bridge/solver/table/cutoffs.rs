//! The cut-off cards: a direct-mapped cache, in the table's own lines, of the card that last
//! caused a cut-off in a similar spot (a move-ordering hint only: a wrong hint costs time,
//! never an answer).
//!
//! An entry is half a word, for one key and one seat: a ten-bit tag from the key's hash and
//! the card's six bits. Every move of the search reads one, at a place its hash picks, so the
//! region is read all over at every node: at 64K entries it takes 128 KiB, a quarter of the
//! second-level cache of the AMD kind's cores, where eight-byte entries of one key's four
//! seats took the whole 512 KiB. Measured (2026-12-02, `docs/solver-notes.md` section 30):
//! `random-4044-2802`'s table 2.76 M second-level misses against 3.58 M (`valgrind
//! --tool=cachegrind`, a 512 KiB second level) and 0.885 of the time (median of ten pairs
//! run at once), the dev deals' 13 leads 0.92, for 0.0 to 1.6 % more tricks searched.

use super::{CUTOFFS_PER_LINE, TableMemory, TransTable};

/// The bits of an entry that hold the card; the rest hold its tag.
const CARD_BITS: u32 = 63;
/// Tags run from 1 to this, so that a zeroed entry (a wiped region's) never matches.
const TAGS: u32 = 1023;

impl<M: TableMemory> TransTable<M> {
    /// The cut-off card recorded under `key` for `seat`, if any.
    pub(crate) fn cutoff_card(&self, key: u64, seat: usize) -> Option<u8> {
        let (line, i, tag) = self.cutoff_place(key, seat)?;
        let word = self.lines.as_ref().get(line)?.0[(i / 2) % 16];
        let entry = (word >> (16 * (i % 2))) & 0xFFFF;
        (entry & !CARD_BITS == tag).then_some((entry & CARD_BITS) as u8)
    }

    /// Records `card` as the cut-off card under `key` for `seat`.
    pub(crate) fn set_cutoff_card(&mut self, key: u64, seat: usize, card: u8) {
        let Some((line, i, tag)) = self.cutoff_place(key, seat) else {
            return;
        };
        let Some(l) = self.lines.as_mut().get_mut(line) else {
            return;
        };
        let shift = 16 * (i % 2);
        let word = &mut l.0[(i / 2) % 16];
        *word = (*word & !(0xFFFF << shift)) | ((tag | (u32::from(card) & CARD_BITS)) << shift);
    }

    /// The line, entry and tag of the cut-off entry of `key` and `seat`. The seat goes into
    /// the key's top bits, so that each seat's entry of a key has a slot of its own.
    fn cutoff_place(&self, key: u64, seat: usize) -> Option<(usize, usize, u32)> {
        if self.cutoffs.len() == 0 {
            return None;
        }
        let h = (key ^ ((seat as u64 & 3) << 62)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let index = self.cutoffs.of(h);
        let tag = ((((h as u32) >> 6) % TAGS) + 1) << 6;
        Some((
            self.cutoff_line + index / CUTOFFS_PER_LINE,
            index % CUTOFFS_PER_LINE,
            tag,
        ))
    }

    /// Forgets every cut-off card: the region zeroed (at most 128 KiB). A new deal or strain
    /// does it: the cards of another strain's spots are worse than none (kept, the tables of
    /// 21 deals took 21 % more tricks).
    pub(super) fn wipe_cutoffs(&mut self) {
        let (a, b) = (self.cutoff_line, self.pool_line);
        if let Some(c) = self.lines.as_mut().get_mut(a..b) {
            c.fill(super::TtLine::ZERO);
        }
    }
}
