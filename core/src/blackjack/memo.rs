//! [`Memo`]: the open-addressing table of hand values that the [`Oracle`](super::Oracle) and
//! the [`ChartSolver`](super::ChartSolver) keep in a caller's slice of [`Slot`]s.

use super::BlackjackError;

/// Marks a used slot (keys are at most 63 bits).
const MARK: u64 = 1 << 63;
const STAND_KNOWN: u8 = 1;
const BEST_KNOWN: u8 = 2;

/// One slot of a memo table: a hand's standing value and one more value (its best value in
/// the oracle, its value under a strategy in the chart solver).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slot {
    key: u64,
    stand: f64,
    best: f64,
    known: u8,
}

impl Slot {
    /// An empty slot.
    pub const EMPTY: Slot = Slot {
        key: 0,
        stand: 0.0,
        best: 0.0,
        known: 0,
    };
}

/// A memo over a caller's slots; a table 7/8 full refuses new keys
/// ([`BlackjackError::MemoFull`]).
#[derive(Debug)]
pub(crate) struct Memo<'m> {
    slots: &'m mut [Slot],
    used: usize,
    peak: usize,
}

impl<'m> Memo<'m> {
    /// A memo over `slots`, emptied (whatever a previous user left in them).
    pub(crate) fn new(slots: &'m mut [Slot]) -> Memo<'m> {
        let mut memo = Memo {
            slots,
            used: 0,
            peak: 0,
        };
        memo.clear();
        memo
    }

    /// Forgets every value.
    pub(crate) fn clear(&mut self) {
        for s in self.slots.iter_mut() {
            *s = Slot::EMPTY;
        }
        self.used = 0;
    }

    /// Forgets the second value of every slot (the standing values stay).
    pub(crate) fn forget_best(&mut self) {
        for s in self.slots.iter_mut() {
            s.known &= !BEST_KNOWN;
        }
    }

    /// Slots in use.
    pub(crate) const fn used(&self) -> usize {
        self.used
    }

    /// Slots in all.
    pub(crate) const fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// The most slots in use at once.
    pub(crate) const fn peak(&self) -> usize {
        self.peak
    }

    pub(crate) fn full(&self) -> BlackjackError {
        BlackjackError::MemoFull {
            capacity: u32::try_from(self.slots.len()).unwrap_or(u32::MAX),
        }
    }

    /// The slot of `key` (below 2^63), created empty if new.
    pub(crate) fn find(&mut self, key: u64) -> Result<usize, BlackjackError> {
        let n = self.slots.len();
        if n == 0 || self.used * 8 >= n * 7 {
            return Err(self.full());
        }
        let k = key | MARK;
        let mut i = (k.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 20) as usize % n;
        for _ in 0..n {
            let Some(s) = self.slots.get_mut(i) else {
                break;
            };
            if s.key == k {
                return Ok(i);
            }
            if s.key == 0 {
                *s = Slot {
                    key: k,
                    ..Slot::EMPTY
                };
                self.used += 1;
                self.peak = self.peak.max(self.used);
                return Ok(i);
            }
            i = (i + 1) % n;
        }
        Err(self.full())
    }

    /// The standing value kept in slot `i`, if any.
    pub(crate) fn stand(&self, i: usize) -> Option<f64> {
        self.slots
            .get(i)
            .and_then(|s| (s.known & STAND_KNOWN != 0).then_some(s.stand))
    }

    /// Keeps `v` as slot `i`'s standing value.
    pub(crate) fn set_stand(&mut self, i: usize, v: f64) {
        if let Some(s) = self.slots.get_mut(i) {
            s.stand = v;
            s.known |= STAND_KNOWN;
        }
    }

    /// The second value kept in slot `i`, if any.
    pub(crate) fn best(&self, i: usize) -> Option<f64> {
        self.slots
            .get(i)
            .and_then(|s| (s.known & BEST_KNOWN != 0).then_some(s.best))
    }

    /// Keeps `v` as slot `i`'s second value.
    pub(crate) fn set_best(&mut self, i: usize, v: f64) {
        if let Some(s) = self.slots.get_mut(i) {
            s.best = v;
            s.known |= BEST_KNOWN;
        }
    }
}
