//! The cut-off cards: a direct-mapped cache, in the table's own lines, of the card that last
//! caused a cut-off in a similar spot, one byte a seat (a move-ordering hint only: a wrong
//! hint costs time, never an answer).

use super::{CUTOFFS_PER_LINE, GEN_MASK_TAG, NO_CARD, TableMemory, TransTable, slot_of};

impl<M: TableMemory> TransTable<M> {
    /// The cut-off card recorded under `key` for `seat`, if any.
    pub(crate) fn cutoff_card(&self, key: u64, seat: usize) -> Option<u8> {
        let (line, i, tag) = self.cutoff_place(key)?;
        let words = &self.lines.as_ref()[line].0;
        if words[i] != tag {
            return None;
        }
        let card = (words[i + 1] >> ((seat & 3) * 8)) as u8;
        (card != NO_CARD).then_some(card)
    }

    /// Records `card` as the cut-off card under `key` for `seat`.
    pub(crate) fn set_cutoff_card(&mut self, key: u64, seat: usize, card: u8) {
        let Some((line, i, tag)) = self.cutoff_place(key) else {
            return;
        };
        let words = &mut self.lines.as_mut()[line].0;
        if words[i] != tag {
            words[i] = tag;
            words[i + 1] = u32::MAX;
        }
        let shift = (seat & 3) * 8;
        words[i + 1] = (words[i + 1] & !(0xFF << shift)) | (u32::from(card) << shift);
    }

    /// The line, word and tag of `key`'s cut-off entry (the tag carries the generation).
    fn cutoff_place(&self, key: u64) -> Option<(usize, usize, u32)> {
        if self.cutoffs == 0 {
            return None;
        }
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let index = slot_of(h, self.cutoffs);
        let tag = ((h as u32) & !GEN_MASK_TAG) | (self.generation & GEN_MASK_TAG);
        Some((
            self.cutoff_line + index / CUTOFFS_PER_LINE,
            (index % CUTOFFS_PER_LINE) * 2,
            tag,
        ))
    }
}
