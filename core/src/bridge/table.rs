//! [`TransTable`]: the solver's transposition table, in a buffer the caller provides.
//!
//! Entries are positions at trick boundaries keyed by *relative ranks*: for each suit, the
//! owners of the cards still out from the highest down. Positions that differ only in which
//! ranks have been played share an entry, since only the order of the remaining cards matters:
//! the exact core of DDS's partition search. (Its full form also lets a result cover positions
//! that differ in cards below those that won tricks; that did not pay here, see the README.)
//! The key is the whole position, not a hash of it, so a lookup never confuses two positions:
//! the table changes how fast the solver is, never what it answers, whatever its size.

/// One slot of a [`TransTable`]: a position key, bounds on the tricks North-South take from
/// it, and the lead that last decided a search there. 20 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TtEntry {
    key: [u32; 4],
    lower: u8,
    upper: u8,
    /// Tricks left: deeper entries are kept over shallower ones.
    tricks: u8,
    /// The deciding lead as suit (high nibble) and place from the top among the suit's cards
    /// out (low nibble), or [`NO_MOVE`].
    best: u8,
}

/// No best move recorded.
pub(crate) const NO_MOVE: u8 = 0xFF;

impl TtEntry {
    /// An empty slot (the all-zero key names no position the solver stores).
    pub const EMPTY: TtEntry = TtEntry {
        key: [0; 4],
        lower: 0,
        upper: 0,
        tricks: 0,
        best: NO_MOVE,
    };

    fn is_empty(&self) -> bool {
        self.key == [0; 4]
    }
}

impl Default for TtEntry {
    fn default() -> Self {
        TtEntry::EMPTY
    }
}

/// What a lookup found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) lower: u8,
    pub(crate) upper: u8,
    pub(crate) best: u8,
}

/// A transposition table over a caller's slice of entries: a `static` array on a
/// microcontroller, a `Vec` on the host. Any size works (even zero slots); bigger is faster.
#[derive(Debug)]
pub struct TransTable<'a> {
    slots: &'a mut [TtEntry],
    /// Lookups made.
    pub probes: u64,
    /// Lookups that found their position.
    pub hits: u64,
    /// Entries written.
    pub stores: u64,
}

impl<'a> TransTable<'a> {
    /// A table over `slots` (not cleared: entries from earlier solves stay valid for any deal,
    /// since a key is a whole position, strain included).
    pub fn new(slots: &'a mut [TtEntry]) -> TransTable<'a> {
        TransTable {
            slots,
            probes: 0,
            hits: 0,
            stores: 0,
        }
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        self.slots.fill(TtEntry::EMPTY);
    }

    /// The number of slots.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// The size of the table in bytes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        core::mem::size_of_val(self.slots)
    }

    /// Slots in use.
    #[must_use]
    pub fn used(&self) -> usize {
        self.slots.iter().filter(|e| !e.is_empty()).count()
    }

    /// The two slots a key may live in.
    fn slots_for(&self, key: u128) -> [usize; 2] {
        let len = self.slots.len().max(1);
        let h = mix(key as u64 ^ mix((key >> 64) as u64));
        // Multiply-shift maps the hash onto 0..len without a division.
        let i = ((u128::from(h) * len as u128) >> 64) as usize;
        [i, (i + 1) % len]
    }

    /// The bounds and best move stored for `key`, if any.
    pub(crate) fn get(&mut self, key: u128) -> Option<Found> {
        self.probes += 1;
        let k = split(key);
        for idx in self.slots_for(key) {
            if let Some(e) = self.slots.get(idx).filter(|e| e.key == k) {
                self.hits += 1;
                return Some(Found {
                    lower: e.lower,
                    upper: e.upper,
                    best: e.best,
                });
            }
        }
        None
    }

    /// Stores bounds for `key`, a position with `tricks` tricks left, narrowing any bounds
    /// already stored; an unrelated entry is replaced only if it is not deeper.
    pub(crate) fn put(&mut self, key: u128, (lower, upper): (u8, u8), tricks: u8, best: u8) {
        let k = split(key);
        let [a, b] = self.slots_for(key);
        for idx in [a, b] {
            let Some(e) = self.slots.get_mut(idx).filter(|e| e.key == k) else {
                continue;
            };
            e.lower = e.lower.max(lower);
            e.upper = e.upper.min(upper);
            if best != NO_MOVE {
                e.best = best;
            }
            self.stores += 1;
            return;
        }
        // Two tiers: the first slot keeps the deeper position, the second always takes the
        // newest (the displaced first-tier entry moves there if it was the deeper one).
        let entry = TtEntry {
            key: k,
            lower,
            upper,
            tricks,
            best,
        };
        let Some(&first) = self.slots.get(a) else {
            return;
        };
        let (to_a, to_b) = if first.is_empty() || first.tricks <= tricks {
            (Some(entry), (!first.is_empty() && a != b).then_some(first))
        } else {
            (None, Some(entry))
        };
        if let (Some(e), Some(slot)) = (to_a, self.slots.get_mut(a)) {
            *slot = e;
        }
        if let (Some(e), Some(slot)) = (to_b, self.slots.get_mut(b)) {
            *slot = e;
        }
        self.stores += 1;
    }
}

fn split(key: u128) -> [u32; 4] {
    [
        key as u32,
        (key >> 32) as u32,
        (key >> 64) as u32,
        (key >> 96) as u32,
    ]
}

/// SplitMix64's finaliser: a bijective 64-bit mix.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_narrow_and_survive_small_tables() {
        let mut slots = [TtEntry::EMPTY; 4];
        let mut t = TransTable::new(&mut slots);
        assert_eq!(t.get(5), None);
        t.put(5, (2, 9), 10, NO_MOVE);
        assert_eq!(
            t.get(5),
            Some(Found {
                lower: 2,
                upper: 9,
                best: NO_MOVE
            })
        );
        t.put(5, (4, 13), 10, 0x21);
        assert_eq!(
            t.get(5),
            Some(Found {
                lower: 4,
                upper: 9,
                best: 0x21
            })
        );
        for k in 6..100u128 {
            t.put(k << 70, (0, 1), 1, NO_MOVE);
        }
        assert!(t.used() <= 4 && t.stores > 90);
        assert_eq!(core::mem::size_of::<TtEntry>(), 20);
        let mut none: [TtEntry; 0] = [];
        let mut z = TransTable::new(&mut none);
        z.put(1, (0, 0), 1, NO_MOVE);
        assert_eq!(z.get(1), None);
        t.clear();
        assert_eq!(t.used(), 0);
    }
}
