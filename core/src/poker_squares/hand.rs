//! Poker hand classes and the classification of complete and partial hands, with the ace rules
//! of the EAAI-2016 Parameterized Poker Squares framework (`tests/data/poker-squares/README.md`).

use core::fmt;

use crate::card::Card;
use crate::game::IllegalMove;

/// A hand class; the discriminant is the framework's id (0 high card .. 9 royal flush).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum HandClass {
    /// No other class (also every empty or partial hand without a pair).
    HighCard = 0,
    /// One pair.
    OnePair = 1,
    /// Two pairs.
    TwoPair = 2,
    /// Three of a kind.
    ThreeOfAKind = 3,
    /// Five ranks in sequence, not all of one suit (A-2-3-4-5 and T-J-Q-K-A included).
    Straight = 4,
    /// Five cards of one suit, not in sequence.
    Flush = 5,
    /// Three of a kind and a pair.
    FullHouse = 6,
    /// Four of a kind.
    FourOfAKind = 7,
    /// A straight of one suit other than T-J-Q-K-A.
    StraightFlush = 8,
    /// T-J-Q-K-A of one suit.
    RoyalFlush = 9,
}

impl HandClass {
    /// The number of classes.
    pub const COUNT: usize = 10;
    /// Every class by id.
    pub const ALL: [HandClass; 10] = [
        HandClass::HighCard,
        HandClass::OnePair,
        HandClass::TwoPair,
        HandClass::ThreeOfAKind,
        HandClass::Straight,
        HandClass::Flush,
        HandClass::FullHouse,
        HandClass::FourOfAKind,
        HandClass::StraightFlush,
        HandClass::RoyalFlush,
    ];

    /// The framework's id, `0..10`.
    #[must_use]
    pub const fn id(self) -> usize {
        self as usize
    }

    /// The framework's name of the class ("high card", "one pair", ...).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            HandClass::HighCard => "high card",
            HandClass::OnePair => "one pair",
            HandClass::TwoPair => "two pair",
            HandClass::ThreeOfAKind => "three of a kind",
            HandClass::Straight => "straight",
            HandClass::Flush => "flush",
            HandClass::FullHouse => "full house",
            HandClass::FourOfAKind => "four of a kind",
            HandClass::StraightFlush => "straight flush",
            HandClass::RoyalFlush => "royal flush",
        }
    }
}

impl TryFrom<u8> for HandClass {
    type Error = IllegalMove;
    fn try_from(v: u8) -> Result<Self, IllegalMove> {
        HandClass::ALL
            .get(usize::from(v))
            .copied()
            .ok_or(IllegalMove)
    }
}

impl fmt::Display for HandClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rank bits of T-J-Q-K-A (bit = rank index, deuce 0 .. ace 12).
pub(crate) const ROYAL_RANKS: u16 = 0b1_1111_0000_0000;
/// The rank bits of A-2-3-4-5, the one straight where the ace is low.
pub(crate) const WHEEL_RANKS: u16 = 0b1_0000_0000_1111;

/// Whether five distinct ranks form a straight: five in a row, or A-2-3-4-5 (no wrap-around).
#[must_use]
pub(crate) const fn is_straight_mask(ranks: u16) -> bool {
    if ranks == WHEEL_RANKS {
        return true;
    }
    if ranks.count_ones() != 5 {
        return false;
    }
    let low = ranks.trailing_zeros();
    (ranks >> low) == 0b1_1111
}

/// The cards of one row or column, summarised: enough to classify it and to judge what it can
/// still become. Up to five cards; empty cells are simply absent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct HandSummary {
    /// How many cards of each rank (by [`Rank::index`](crate::Rank::index)).
    pub counts: [u8; 13],
    /// The ranks present, bit [`Rank::index`](crate::Rank::index).
    pub ranks: u16,
    /// The suits present, bit [`Suit::index`](crate::Suit::index).
    pub suits: u8,
    /// The number of cards.
    pub len: u8,
}

impl HandSummary {
    /// No cards.
    pub const EMPTY: HandSummary = HandSummary {
        counts: [0; 13],
        ranks: 0,
        suits: 0,
        len: 0,
    };

    /// The summary of the given cards (cells that are `None` are empty).
    #[must_use]
    pub fn of(cards: &[Option<Card>]) -> HandSummary {
        let mut h = HandSummary::EMPTY;
        for c in cards.iter().flatten() {
            h.add(*c);
        }
        h
    }

    /// Adds one card.
    pub fn add(&mut self, card: Card) {
        let r = card.rank().index();
        if let Some(n) = self.counts.get_mut(r) {
            *n = n.saturating_add(1);
        }
        self.ranks |= 1 << r;
        self.suits |= 1 << card.suit().index();
        self.len = self.len.saturating_add(1);
    }

    /// The summary with one more card.
    #[must_use]
    pub fn with(mut self, card: Card) -> HandSummary {
        self.add(card);
        self
    }

    /// The largest number of cards of one rank.
    #[must_use]
    pub fn max_of_a_kind(&self) -> u8 {
        self.counts.iter().copied().max().unwrap_or(0)
    }

    /// The number of ranks held at least twice.
    #[must_use]
    pub fn paired_ranks(&self) -> u32 {
        self.counts.iter().filter(|&&n| n >= 2).count() as u32
    }

    /// The class of the hand as the framework scores it. A hand of fewer than five cards is
    /// a pair, two pair, three or four of a kind, or high card; straights, flushes and full
    /// houses need all five cards.
    #[must_use]
    pub fn class(&self) -> HandClass {
        let max = self.max_of_a_kind();
        let pairs = self.paired_ranks();
        if self.len == 5 {
            let flush = self.suits.count_ones() == 1;
            let distinct = self.ranks.count_ones() == 5;
            let straight = distinct && is_straight_mask(self.ranks);
            if flush && self.ranks == ROYAL_RANKS {
                return HandClass::RoyalFlush;
            }
            if flush && straight {
                return HandClass::StraightFlush;
            }
            if max == 4 {
                return HandClass::FourOfAKind;
            }
            if max == 3 && pairs == 2 {
                return HandClass::FullHouse;
            }
            if flush {
                return HandClass::Flush;
            }
            if straight {
                return HandClass::Straight;
            }
        }
        match (max, pairs) {
            (4.., _) => HandClass::FourOfAKind,
            (3, _) => HandClass::ThreeOfAKind,
            (2, 2..) => HandClass::TwoPair,
            (2, _) => HandClass::OnePair,
            _ => HandClass::HighCard,
        }
    }
}

/// The class of up to five cards (`None` cells are empty); see [`HandSummary::class`].
#[must_use]
pub fn classify(cards: &[Option<Card>]) -> HandClass {
    HandSummary::of(cards).class()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class_of(s: &str) -> HandClass {
        let cards: heapless::Vec<Option<Card>, 5> = s
            .split_whitespace()
            .map(|t| {
                if t == "--" {
                    None
                } else {
                    Some(t.parse().unwrap())
                }
            })
            .collect();
        classify(&cards)
    }

    #[test]
    fn ace_rules_and_partial_hands() {
        assert_eq!(class_of("AD 2C 3D 4D 5D"), HandClass::Straight);
        assert_eq!(class_of("AD 2D 3D 4D 5D"), HandClass::StraightFlush);
        assert_eq!(class_of("AD KD QD JD TD"), HandClass::RoyalFlush);
        assert_eq!(class_of("AD KC QD JD TD"), HandClass::Straight);
        assert_eq!(
            class_of("QD KD AD 2D 3D"),
            HandClass::Flush,
            "no wrap-around"
        );
        assert_eq!(class_of("QC KD AD 2D 3D"), HandClass::HighCard);
        assert_eq!(class_of("9D 9C 9H TS TD"), HandClass::FullHouse);
        assert_eq!(class_of("9D 9C 9H -- TD"), HandClass::ThreeOfAKind);
        assert_eq!(class_of("9D 9C TH -- TD"), HandClass::TwoPair);
        assert_eq!(
            class_of("2D 3D 4D 5D --"),
            HandClass::HighCard,
            "no partial straight"
        );
        assert_eq!(class_of("-- -- -- -- --"), HandClass::HighCard);
        assert_eq!(class_of("7C 7D 7H 7S --"), HandClass::FourOfAKind);
        assert_eq!(HandClass::try_from(9), Ok(HandClass::RoyalFlush));
        assert!(HandClass::try_from(10).is_err());
    }
}
