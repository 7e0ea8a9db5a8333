//! Which seat holds each card of a position: what the position's pattern is read from, and how
//! a table knows that positions come from one deal (it is kept across calls for the same deal,
//! later in the play or earlier, and cleared for another).

/// The seat of each card (`0..4`), or nobody for a card not in the position (played before
/// it): one byte a card, whose "nobody" only this type reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Owners([u8; 52]);

impl Owners {
    /// The byte of a card nobody holds.
    const NOBODY: u8 = 4;

    /// No card held.
    pub(crate) const NONE: Owners = Owners([Self::NOBODY; 52]);

    /// The cards of `hands` (a seat's cards a hand, by card index) and of the trick under way,
    /// `trick` played from `leader` on.
    pub(crate) fn of(hands: &[u64; 4], leader: usize, trick: &[u8]) -> Owners {
        let mut owners = Owners::NONE;
        for (seat, &h) in hands.iter().enumerate() {
            let mut h = h;
            while h != 0 {
                owners.place(h.trailing_zeros() as usize, seat);
                h &= h - 1;
            }
        }
        for (i, &c) in trick.iter().enumerate() {
            owners.place(usize::from(c), leader + i);
        }
        owners
    }

    /// Card `card` (`0..52`) held by seat `seat` (taken mod 4).
    fn place(&mut self, card: usize, seat: usize) {
        if let Some(o) = self.0.get_mut(card) {
            *o = (seat & 3) as u8;
        }
    }

    /// The seat byte of every card (`0..4`, or another value for a card nobody holds).
    pub(crate) fn seats(&self) -> &[u8; 52] {
        &self.0
    }

    /// Whether no card has a different seat in `other` (cards either holds nobody agree).
    pub(crate) fn agree(&self, other: &Owners) -> bool {
        self.0
            .iter()
            .zip(&other.0)
            .all(|(&a, &b)| a == Self::NOBODY || b == Self::NOBODY || a == b)
    }

    /// Takes the seat of every card `other` places.
    pub(crate) fn merge(&mut self, other: &Owners) {
        for (mine, &theirs) in self.0.iter_mut().zip(&other.0) {
            if theirs != Self::NOBODY {
                *mine = theirs;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_later_position_of_a_deal_agrees_and_another_deal_does_not() {
        let hands = [0b0001, 0b0010, 0b0100, 0b1000];
        let whole = Owners::of(&hands, 0, &[]);
        // North led card 0: it is North's still, and the other three as before.
        let later = Owners::of(&[0, 0b0010, 0b0100, 0b1000], 0, &[0]);
        assert!(whole.agree(&later) && later.agree(&whole));
        assert_eq!(whole.seats()[..4], [0, 1, 2, 3]);
        // Card 5, in no hand, is nobody's: it agrees with any seat.
        let other = Owners::of(&[0b0010 | 1 << 5, 0b0001, 0b0100, 0b1000], 0, &[]);
        assert!(!whole.agree(&other));
        let mut merged = Owners::NONE;
        merged.merge(&later);
        assert_eq!(merged, whole);
    }
}
