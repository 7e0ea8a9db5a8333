//! [`AbstractHand`]: a partial row or column reduced to what matters for its future, the state
//! whose value a [`LearnedValues`](super::LearnedValues) table holds.
//!
//! After Neller, Messinger and Yang ("Learning and Using Hand Abstraction Values for
//! Parameterized Poker Squares", EAAI-2016), who learned the value of abstract partial hands by
//! Monte-Carlo reinforcement learning over self-played games. Our abstraction of a hand of
//! `0..=4` cards, given the cards still in the deck and the free cells of the grid:
//!
//! - the **rank pattern**: how many cards of each rank it holds, largest first (`[]`, `[1]`,
//!   `[2]`, `[1,1]`, `[3]`, `[2,1]`, `[1,1,1]`, `[4]`, `[3,1]`, `[2,2]`, `[2,1,1]`, `[1,1,1,1]`:
//!   12 patterns; the pattern gives the number of cards);
//! - **flush alive**: at least one card, all of one suit, and the deck still holds enough of that
//!   suit to fill the hand;
//! - **straight alive**: at least one card, all ranks different, and some straight (A-2-3-4-5 up
//!   to T-J-Q-K-A) holds them all while the deck still has a card of each rank it lacks;
//! - **time**: the free cells of the grid, `0..=24` (how many more draws the hand may get).
//!
//! That is `12 x 2 x 2 x 25 =` [`AbstractHand::COUNT`] states. A full hand needs no table: its
//! value is its score under the point system.

use super::grid::CELLS;
use super::hand::{HandSummary, WHEEL_RANKS};
use crate::card::{Rank, Suit};
use crate::cards::Cards;

/// The rank patterns of 0 to 4 cards, in index order (largest count first, zeros omitted).
const PATTERNS: [[u8; 4]; 12] = [
    [0, 0, 0, 0],
    [1, 0, 0, 0],
    [2, 0, 0, 0],
    [1, 1, 0, 0],
    [3, 0, 0, 0],
    [2, 1, 0, 0],
    [1, 1, 1, 0],
    [4, 0, 0, 0],
    [3, 1, 0, 0],
    [2, 2, 0, 0],
    [2, 1, 1, 0],
    [1, 1, 1, 1],
];

/// The time steps: free cells of the grid after a placement, `0..CELLS`.
const TIMES: usize = CELLS;

/// The index of an abstract partial hand, `0..AbstractHand::COUNT`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct AbstractHand(u16);

impl AbstractHand {
    /// The number of abstract states.
    pub const COUNT: usize = PATTERNS.len() * 2 * 2 * TIMES;

    /// The abstraction of `hand` (fewer than five cards) when the deck holds `deck` and the
    /// grid has `free` free cells; `None` for a full hand or `free >= 25`.
    #[must_use]
    pub fn of(hand: &HandSummary, deck: Cards, free: usize) -> Option<AbstractHand> {
        if hand.len >= 5 || free >= TIMES {
            return None;
        }
        let mut counts = [0u8; 4];
        for (slot, &n) in counts.iter_mut().zip(hand.counts.iter().filter(|&&n| n > 0)) {
            *slot = n;
        }
        counts.sort_unstable_by(|a, b| b.cmp(a));
        let pattern = PATTERNS.iter().position(|p| *p == counts)?;
        let need = 5 - usize::from(hand.len);
        let flush = hand.len > 0
            && hand.suits.count_ones() == 1
            && Suit::ALL
                .iter()
                .any(|&s| hand.suits >> s.index() & 1 != 0 && deck.count_in(s) >= need);
        let straight = hand.len > 0
            && hand.ranks.count_ones() == u32::from(hand.len)
            && straight_alive(hand.ranks, deck);
        let index = ((pattern * 2 + usize::from(flush)) * 2 + usize::from(straight)) * TIMES + free;
        u16::try_from(index).ok().map(AbstractHand)
    }

    /// The index, `0..COUNT`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The state of index `i`, if there is one.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<AbstractHand> {
        if i < AbstractHand::COUNT {
            Some(AbstractHand(i as u16))
        } else {
            None
        }
    }

    /// The number of cards in the hand.
    #[must_use]
    pub fn cards(self) -> u8 {
        let pattern = self.index() / TIMES / 4;
        PATTERNS.get(pattern).map_or(0, |p| p.iter().sum())
    }

    /// The free cells of the grid.
    #[must_use]
    pub const fn free(self) -> usize {
        self.index() % TIMES
    }
}

/// Whether some straight holds every rank of `ranks` while `deck` has a card of each rank it
/// lacks.
fn straight_alive(ranks: u16, deck: Cards) -> bool {
    let mut in_deck = 0u16;
    for r in Rank::ALL {
        if !deck.intersection(Cards::rank(r)).is_empty() {
            in_deck |= 1 << r.index();
        }
    }
    // The wheel, then five in a row from 2-6 up to T-A.
    core::iter::once(WHEEL_RANKS)
        .chain((0..9).map(|low| 0b1_1111u16 << low))
        .any(|window| ranks & !window == 0 && (window & !ranks) & !in_deck == 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Card;

    fn hand(text: &str) -> HandSummary {
        let mut h = HandSummary::EMPTY;
        for c in text.split_whitespace() {
            h.add(c.parse::<Card>().unwrap());
        }
        h
    }

    #[test]
    fn states_are_distinct_and_complete() {
        let all = Cards::from_bits_truncate(u64::MAX);
        let a = AbstractHand::of(&hand("5H 6H"), all, 10).unwrap();
        assert_eq!((a.cards(), a.free()), (2, 10));
        // Same pattern, one suit less: no flush.
        let b = AbstractHand::of(&hand("5H 6S"), all, 10).unwrap();
        assert_ne!(a, b);
        // A pair: no straight, and a pattern of its own.
        let c = AbstractHand::of(&hand("5H 5S"), all, 10).unwrap();
        assert_eq!(c.cards(), 2);
        assert_ne!(b, c);
        // The wheel is alive with an ace and a five; a 6 and an ace are not.
        let wheel = AbstractHand::of(&hand("AH 5S"), all, 3).unwrap();
        let dead = AbstractHand::of(&hand("AH 6S"), all, 3).unwrap();
        assert_ne!(wheel, dead);
        // Without the fours in the deck, A-5 cannot become the wheel nor 2-6.
        let no_fours = Rank::ALL
            .iter()
            .filter(|r| r.index() == 2)
            .fold(all, |d, &r| d.difference(Cards::rank(r)));
        assert_eq!(AbstractHand::of(&hand("AH 5S"), no_fours, 3), Some(dead));
        // Full hands and impossible times have no state; every index is in range.
        assert_eq!(AbstractHand::of(&hand("2H 3H 4H 5H 6H"), all, 3), None);
        assert_eq!(AbstractHand::of(&hand("2H"), all, 25), None);
        let top = AbstractHand::of(&hand("2H 3H 4H 5H"), all, 24).unwrap();
        assert!(top.index() < AbstractHand::COUNT);
        assert_eq!(AbstractHand::from_index(top.index()), Some(top));
        assert_eq!(AbstractHand::from_index(AbstractHand::COUNT), None);
    }
}
