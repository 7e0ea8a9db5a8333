//! [`Hand`]: one player hand (or the dealer's), as the rules see it.

use super::Pip;

/// A hand as the rules see it: the hard total (aces as 1), whether it holds an ace, how many
/// cards, its first two cards (for pairs and naturals) and the bet on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Hand {
    hard: u8,
    ace: bool,
    cards: u8,
    first: Option<Pip>,
    second: Option<Pip>,
    /// Bets on the hand: 1, or 2 once doubled.
    pub bet: u8,
    /// The hand was made by a split (no blackjack; double only with DAS).
    pub from_split: bool,
    /// The player is done with the hand (stood, doubled, surrendered, busted or reached 21).
    pub done: bool,
    /// The player surrendered the hand.
    pub surrendered: bool,
}

impl Hand {
    /// No cards, one bet.
    pub const EMPTY: Hand = Hand {
        hard: 0,
        ace: false,
        cards: 0,
        first: None,
        second: None,
        bet: 1,
        from_split: false,
        done: false,
        surrendered: false,
    };

    /// A hand of these cards, in order.
    #[must_use]
    pub fn of(cards: &[Pip]) -> Hand {
        let mut h = Hand::EMPTY;
        for &c in cards {
            h = h.with(c);
        }
        h
    }

    /// This hand with one more card.
    #[must_use]
    pub fn with(mut self, pip: Pip) -> Hand {
        self.hard = self.hard.saturating_add(pip.value());
        self.ace |= pip == Pip::Ace;
        match self.cards {
            0 => self.first = Some(pip),
            1 => self.second = Some(pip),
            _ => {}
        }
        self.cards = self.cards.saturating_add(1);
        self
    }

    /// The hand's first card alone (what a split keeps), marked as made by a split.
    #[must_use]
    pub fn split_half(&self) -> Hand {
        let mut h = match self.first {
            Some(p) => Hand::EMPTY.with(p),
            None => Hand::EMPTY,
        };
        h.from_split = true;
        h
    }

    /// The best total: an ace counts 11 if that does not bust the hand.
    #[must_use]
    pub const fn total(&self) -> u8 {
        if self.is_soft() {
            self.hard + 10
        } else {
            self.hard
        }
    }

    /// The hard total, aces counted 1.
    #[must_use]
    pub const fn hard(&self) -> u8 {
        self.hard
    }

    /// An ace counts 11 in the total.
    #[must_use]
    pub const fn is_soft(&self) -> bool {
        self.ace && self.hard <= 11
    }

    /// More than 21.
    #[must_use]
    pub const fn is_bust(&self) -> bool {
        self.hard > 21
    }

    /// The number of cards.
    #[must_use]
    pub const fn len(&self) -> u8 {
        self.cards
    }

    /// No card yet.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.cards == 0
    }

    /// The first card.
    #[must_use]
    pub const fn first(&self) -> Option<Pip> {
        self.first
    }

    /// The second card, once dealt.
    #[must_use]
    pub const fn second(&self) -> Option<Pip> {
        self.second
    }

    /// The pip of a two-card pair, if the hand is one.
    #[must_use]
    pub fn pair(&self) -> Option<Pip> {
        match (self.cards, self.first, self.second) {
            (2, Some(a), Some(b)) if a == b => Some(a),
            _ => None,
        }
    }

    /// A two-card 21 not made by a split: a natural blackjack.
    #[must_use]
    pub const fn is_blackjack(&self) -> bool {
        self.cards == 2 && !self.from_split && self.total() == 21
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_soft_pairs_naturals() {
        let h = Hand::of(&[Pip::Ace, Pip::Six]);
        assert_eq!((h.total(), h.is_soft(), h.hard()), (17, true, 7));
        let h = h.with(Pip::Ten);
        assert_eq!((h.total(), h.is_soft(), h.is_bust()), (17, false, false));
        let h = h.with(Pip::Nine);
        assert!(h.is_bust());
        let bj = Hand::of(&[Pip::Ten, Pip::Ace]);
        assert!(bj.is_blackjack());
        let mut split21 = bj;
        split21.from_split = true;
        assert!(!split21.is_blackjack());
        assert_eq!(Hand::of(&[Pip::Eight, Pip::Eight]).pair(), Some(Pip::Eight));
        assert_eq!(Hand::of(&[Pip::Eight, Pip::Eight, Pip::Two]).pair(), None);
        let half = Hand::of(&[Pip::Eight, Pip::Eight]).split_half();
        assert_eq!((half.len(), half.total(), half.from_split), (1, 8, true));
        assert_eq!(Hand::of(&[Pip::Ace, Pip::Ace]).total(), 12);
    }
}
