//! [`Cards`]: a set of cards as 52 bits of a `u64`.

use core::fmt;
use core::iter::FusedIterator;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};
use core::str::FromStr;

use rand_core::Rng;

use crate::card::{Card, ParseCardError, Rank, Suit};
use crate::rng;
use crate::text::words;

/// A set of cards: bit `card.index()` of a `u64` (`suit * 13 + rank`), so each suit is a run of
/// 13 bits and the top 12 bits are always clear.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[must_use]
pub struct Cards(u64);

/// The 13 bits of one suit, bit `rank` set for each rank present.
const SUIT_MASK: u64 = 0x1FFF;

impl Cards {
    /// No cards.
    pub const EMPTY: Cards = Cards(0);
    /// All 52 cards.
    pub const ALL: Cards = Cards((1 << 52) - 1);

    /// The set with these bits, or `None` if a bit above 51 is set.
    #[must_use]
    pub const fn from_bits(bits: u64) -> Option<Cards> {
        if bits & !Cards::ALL.0 == 0 {
            Some(Cards(bits))
        } else {
            None
        }
    }

    /// The set with these bits; bits above 51 are dropped.
    pub const fn from_bits_truncate(bits: u64) -> Cards {
        Cards(bits & Cards::ALL.0)
    }

    /// The bits: bit `suit * 13 + rank` for each card.
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set holding just `card`.
    pub const fn single(card: Card) -> Cards {
        Cards(1 << card.index())
    }

    /// Every card of `suit`.
    pub const fn suit(suit: Suit) -> Cards {
        Cards(SUIT_MASK << (suit as u32 * 13))
    }

    /// Every card of `rank`, one per suit.
    pub const fn rank(rank: Rank) -> Cards {
        let r = rank as u32;
        Cards((1 << r) | (1 << (r + 13)) | (1 << (r + 26)) | (1 << (r + 39)))
    }

    /// The cards of `suit` given as a 13-bit rank mask (bit `rank` for each rank).
    pub const fn from_suit_ranks(suit: Suit, ranks: u16) -> Cards {
        Cards(((ranks as u64) & SUIT_MASK) << (suit as u32 * 13))
    }

    /// The ranks held in `suit`, as a 13-bit mask (bit 0 the deuce, bit 12 the ace).
    #[must_use]
    pub const fn suit_ranks(self, suit: Suit) -> u16 {
        ((self.0 >> (suit as u32 * 13)) & SUIT_MASK) as u16
    }

    /// A uniformly chosen member ([`rng::index`] into the set's order), or `None` if it is
    /// empty.
    pub fn choose<R: Rng + ?Sized>(self, rng: &mut R) -> Option<Card> {
        if self.is_empty() {
            return None;
        }
        self.nth(rng::index(rng, self.len()))
    }

    /// The cards of this set that are of `suit`.
    pub const fn in_suit(self, suit: Suit) -> Cards {
        Cards(self.0 & Cards::suit(suit).0)
    }

    /// The number of cards.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The number of cards of `suit`.
    #[must_use]
    pub const fn count_in(self, suit: Suit) -> usize {
        self.suit_ranks(suit).count_ones() as usize
    }

    /// Whether there are no cards.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` is in the set.
    #[must_use]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// The set with `card` added.
    pub const fn with(self, card: Card) -> Cards {
        Cards(self.0 | (1 << card.index()))
    }

    /// The set with `card` removed.
    pub const fn without(self, card: Card) -> Cards {
        Cards(self.0 & !(1 << card.index()))
    }

    /// Adds `card`; returns whether it was absent.
    pub const fn insert(&mut self, card: Card) -> bool {
        let absent = !self.contains(card);
        self.0 |= 1 << card.index();
        absent
    }

    /// Removes `card`; returns whether it was present.
    pub const fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !(1 << card.index());
        present
    }

    /// Cards in either set.
    pub const fn union(self, other: Cards) -> Cards {
        Cards(self.0 | other.0)
    }

    /// Cards in both sets.
    pub const fn intersection(self, other: Cards) -> Cards {
        Cards(self.0 & other.0)
    }

    /// Cards in `self` but not in `other`.
    pub const fn difference(self, other: Cards) -> Cards {
        Cards(self.0 & !other.0)
    }

    /// The cards not in this set.
    pub const fn complement(self) -> Cards {
        Cards(!self.0 & Cards::ALL.0)
    }

    /// Whether the sets share no card.
    #[must_use]
    pub const fn is_disjoint(self, other: Cards) -> bool {
        self.0 & other.0 == 0
    }

    /// Whether every card of `self` is in `other`.
    #[must_use]
    pub const fn is_subset(self, other: Cards) -> bool {
        self.0 & !other.0 == 0
    }

    /// The lowest card (clubs deuce first, spade ace last), if any.
    #[must_use]
    pub const fn lowest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// The highest card, if any.
    #[must_use]
    pub const fn highest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(63 - self.0.leading_zeros() as u8)
        }
    }

    /// The `n`-th card in ascending order (`0` is [`lowest`](Cards::lowest)), if there are more
    /// than `n` cards. Used to pick a uniformly random member without building a list.
    #[must_use]
    pub const fn nth(self, n: usize) -> Option<Card> {
        if n >= self.len() {
            return None;
        }
        let mut bits = self.0;
        let mut i = 0;
        while i < n {
            bits &= bits - 1;
            i += 1;
        }
        Card::from_index(bits.trailing_zeros() as u8)
    }

    /// The members in ascending order (clubs deuce first); reversible, exact-size and fused.
    pub const fn iter(self) -> CardsIter {
        CardsIter(self.0)
    }

    /// A display adapter writing the set as one PBN hand, `AKQ.JT9.876.5432` (spades, hearts,
    /// diamonds, clubs; ranks high to low; a void empty, or `-` when `void_dash` is set).
    pub const fn pbn_hand(self, void_dash: bool) -> PbnHand {
        PbnHand {
            cards: self,
            void_dash,
        }
    }
}

/// Iterator over the members of a [`Cards`], lowest first; see [`Cards::iter`].
#[derive(Clone, Debug)]
#[must_use]
pub struct CardsIter(u64);

impl Iterator for CardsIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Card::from_index(i as u8)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for CardsIter {
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = 63 - self.0.leading_zeros();
        self.0 &= !(1 << i);
        Card::from_index(i as u8)
    }
}

impl ExactSizeIterator for CardsIter {}
impl FusedIterator for CardsIter {}

impl IntoIterator for Cards {
    type Item = Card;
    type IntoIter = CardsIter;
    fn into_iter(self) -> CardsIter {
        self.iter()
    }
}

impl FromIterator<Card> for Cards {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Cards {
        let mut set = Cards::EMPTY;
        set.extend(iter);
        set
    }
}

impl Extend<Card> for Cards {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, iter: I) {
        for c in iter {
            self.insert(c);
        }
    }
}

impl From<Card> for Cards {
    fn from(card: Card) -> Cards {
        Cards::single(card)
    }
}

macro_rules! binop {
    ($trait:ident, $f:ident, $assign:ident, $fa:ident, $op:tt) => {
        impl $trait for Cards {
            type Output = Cards;
            fn $f(self, rhs: Cards) -> Cards {
                Cards(self.0 $op rhs.0)
            }
        }
        impl $assign for Cards {
            fn $fa(&mut self, rhs: Cards) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Cards {
    type Output = Cards;
    fn sub(self, rhs: Cards) -> Cards {
        self.difference(rhs)
    }
}

impl SubAssign for Cards {
    fn sub_assign(&mut self, rhs: Cards) {
        *self = self.difference(rhs);
    }
}

impl Not for Cards {
    type Output = Cards;
    fn not(self) -> Cards {
        self.complement()
    }
}

impl fmt::Display for Cards {
    /// The cards separated by single spaces, highest first: `SA SK HT C2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.iter().rev().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cards[{self}]")
    }
}

impl FromStr for Cards {
    type Err = ParseCardError;

    /// Reads cards separated by white space or commas, in either notation (`SA HT C2`,
    /// `AS,TH,2C`); an empty string is the empty set. A card given twice is an error.
    fn from_str(s: &str) -> Result<Cards, ParseCardError> {
        let mut set = Cards::EMPTY;
        for (at, word) in words(s, |c| c.is_whitespace() || c == ',') {
            let card = Card::parse_at(word, at)?;
            if !set.insert(card) {
                return Err(ParseCardError::Duplicate { card, at });
            }
        }
        Ok(set)
    }
}

/// Display adapter for one PBN hand; see [`Cards::pbn_hand`].
#[derive(Clone, Copy, Debug)]
pub struct PbnHand {
    cards: Cards,
    void_dash: bool,
}

impl fmt::Display for PbnHand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, suit) in Suit::PBN_ORDER.into_iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            let ranks = self.cards.in_suit(suit);
            if ranks.is_empty() && self.void_dash {
                f.write_str("-")?;
            }
            for c in ranks.iter().rev() {
                write!(f, "{}", c.rank().char())?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn set_operations() {
        let a: Cards = "SA SK HT".parse().unwrap();
        let b: Cards = "SK C2".parse().unwrap();
        assert_eq!((a | b).len(), 4);
        assert_eq!(a & b, Cards::single(c("SK")));
        assert_eq!(a - b, "SA HT".parse().unwrap());
        assert_eq!((a ^ b).len(), 3);
        assert_eq!((!a).len(), 49);
        assert_eq!(!Cards::EMPTY, Cards::ALL);
        assert!(Cards::single(c("SK")).is_subset(a));
        assert!(!a.is_disjoint(b));
        assert_eq!(Cards::ALL.len(), 52);
        assert_eq!(Cards::from_bits(1 << 52), None);
        assert_eq!(Cards::from_bits_truncate(u64::MAX), Cards::ALL);
        let mut m = a;
        assert!(!m.insert(c("SA")));
        assert!(m.remove(c("SA")));
        assert!(!m.remove(c("SA")));
        assert_eq!(m.with(c("SA")), a);
        assert_eq!(a.without(c("SA")), m);
    }

    #[test]
    fn per_suit_views() {
        let hand: Cards = "SA SK HT C2 C3".parse().unwrap();
        assert_eq!(hand.suit_ranks(Suit::Spades), 0b1_1000_0000_0000);
        assert_eq!(hand.count_in(Suit::Clubs), 2);
        assert_eq!(hand.count_in(Suit::Diamonds), 0);
        assert_eq!(hand.in_suit(Suit::Hearts), Cards::single(c("HT")));
        assert_eq!(
            Cards::from_suit_ranks(Suit::Clubs, 0b11),
            "C2 C3".parse().unwrap()
        );
        assert_eq!(Cards::rank(Rank::Ace).len(), 4);
        for s in Suit::ALL {
            assert_eq!(Cards::suit(s).len(), 13);
            assert_eq!(Cards::ALL.suit_ranks(s), 0x1FFF);
        }
    }

    #[test]
    fn iteration_both_ways() {
        let hand: Cards = "SA C2 HT".parse().unwrap();
        let mut it = hand.iter();
        assert_eq!(it.len(), 3);
        assert_eq!(it.next(), Some(c("C2")));
        assert_eq!(it.next_back(), Some(c("SA")));
        assert_eq!(it.len(), 1);
        assert_eq!(it.next(), Some(c("HT")));
        assert_eq!(it.next(), None);
        assert_eq!(it.next_back(), None);
        assert_eq!(Cards::ALL.iter().count(), 52);
        assert_eq!(Cards::ALL.iter().next_back(), Some(c("SA")));
        assert_eq!(hand.iter().collect::<Cards>(), hand);
        assert_eq!(hand.lowest(), Some(c("C2")));
        assert_eq!(hand.highest(), Some(c("SA")));
        assert_eq!(hand.nth(1), Some(c("HT")));
        assert_eq!(hand.nth(3), None);
        assert_eq!(Cards::EMPTY.lowest(), None);
    }

    #[test]
    fn choose_picks_a_member() {
        let mut rng = rng::seeded(11);
        assert_eq!(Cards::EMPTY.choose(&mut rng), None);
        let hand: Cards = "SA HK C2".parse().unwrap();
        for _ in 0..20 {
            assert!(hand.contains(hand.choose(&mut rng).unwrap()));
        }
    }

    #[test]
    fn parse_and_print() {
        let hand: Cards = "SA,kh  2c\tTd".parse().unwrap();
        let mut buf = heapless::String::<64>::new();
        core::fmt::write(&mut buf, format_args!("{hand}")).unwrap();
        assert_eq!(buf, "SA HK DT C2");
        buf.clear();
        core::fmt::write(&mut buf, format_args!("{}", hand.pbn_hand(false))).unwrap();
        assert_eq!(buf, "A.K.T.2");
        buf.clear();
        let sp: Cards = "SA SQ".parse().unwrap();
        core::fmt::write(&mut buf, format_args!("{}", sp.pbn_hand(true))).unwrap();
        assert_eq!(buf, "AQ.-.-.-");
        assert_eq!("".parse::<Cards>(), Ok(Cards::EMPTY));
    }

    #[test]
    fn parse_errors() {
        assert_eq!(
            "SA HK SA".parse::<Cards>(),
            Err(ParseCardError::Duplicate {
                card: c("SA"),
                at: 6
            })
        );
        assert_eq!(
            "SA H1".parse::<Cards>(),
            Err(ParseCardError::BadRank { ch: '1', at: 4 })
        );
        assert_eq!(
            "SA HKQ".parse::<Cards>(),
            Err(ParseCardError::TooLong { at: 3 })
        );
    }
}
