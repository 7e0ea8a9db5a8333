//! [`Deal`]: four disjoint bridge hands, full or part-played, and uniform random deals (their
//! PBN text, `FromStr` and `Display`, is in [`pbn`](super::pbn)).

use core::fmt;

use rand_core::Rng;

use super::seat::{BySeat, Seat};
use crate::card::{Card, Rank, Suit};
use crate::cards::Cards;
use crate::rng;

/// Four hands that share no card: a full deal of 13 cards each, or what is left of one.
///
/// # Examples
///
/// ```
/// use cardtree::{pbn, rng, Deal, Seat, SizeRule};
///
/// // From PBN (the seat the string starts from, then four hands, spades first) and back.
/// let deal = pbn::parse(
///     "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
///     SizeRule::Full,
/// )?;
/// assert_eq!(deal.hand(Seat::East).pbn_hand(false).to_string(), "873.J97.AT764.Q4");
/// assert_eq!(deal.hand(Seat::East).len(), 13);
/// assert_eq!(deal.pbn(Seat::North).to_string().parse::<Deal>()?, deal);
///
/// // A uniformly random deal: the same seed gives the same deal on every machine.
/// let random = Deal::random(&mut rng::seeded(7));
/// assert_eq!(random, Deal::random(&mut rng::seeded(7)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Deal {
    hands: BySeat<Cards>,
}

/// Two hands given to [`Deal::from_hands`] hold the same card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Overlap {
    /// The lowest shared card.
    pub card: Card,
    /// The first seat (clockwise from North) holding it.
    pub first: Seat,
    /// The other seat holding it.
    pub second: Seat,
}

impl fmt::Display for Overlap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is in both {} and {}",
            self.card, self.first, self.second
        )
    }
}

impl core::error::Error for Overlap {}

impl Deal {
    /// The deal of these hands, if no two share a card.
    pub fn from_hands(hands: BySeat<Cards>) -> Result<Deal, Overlap> {
        for (i, &a) in Seat::ALL.iter().enumerate() {
            for &b in Seat::ALL.iter().skip(i + 1) {
                if let Some(card) = (hands[a] & hands[b]).lowest() {
                    return Err(Overlap {
                        card,
                        first: a,
                        second: b,
                    });
                }
            }
        }
        Ok(Deal { hands })
    }

    /// The hand of `seat`.
    pub fn hand(&self, seat: Seat) -> Cards {
        self.hands[seat]
    }

    /// All four hands.
    #[must_use]
    pub const fn hands(&self) -> &BySeat<Cards> {
        &self.hands
    }

    /// Every card still in some hand.
    pub fn cards(&self) -> Cards {
        self.hands.0.iter().fold(Cards::EMPTY, |acc, &h| acc | h)
    }

    /// The seat holding `card`, if any.
    #[must_use]
    pub fn holder(&self, card: Card) -> Option<Seat> {
        self.hands
            .iter()
            .find(|(_, h)| h.contains(card))
            .map(|(s, _)| s)
    }

    /// A uniformly random full deal.
    ///
    /// The deck is listed spades, hearts, diamonds, clubs, each ace down to deuce, shuffled by
    /// [`rng::shuffle`] (Fisher-Yates from the last card down), and dealt in runs of 13 to
    /// North, East, South and West. This is the procedure that made `tests/data/bridge/`'s
    /// deals, so `Deal::random(&mut rng::seeded(1))` repeats its first deal.
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Deal {
        let mut deck = [Card::new(Suit::Spades, Rank::Ace); 52];
        let mut i = 0;
        for suit in Suit::PBN_ORDER {
            for rank in Rank::ALL.into_iter().rev() {
                if let Some(slot) = deck.get_mut(i) {
                    *slot = Card::new(suit, rank);
                }
                i += 1;
            }
        }
        rng::shuffle(rng, &mut deck);
        let mut hands = BySeat::<Cards>::default();
        for (i, chunk) in deck.chunks(13).enumerate() {
            if let Some(seat) = Seat::ALL.get(i) {
                hands[*seat] = chunk.iter().copied().collect();
            }
        }
        Deal { hands }
    }
}

impl fmt::Debug for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Deal({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_deals_are_full_and_seeded() {
        let mut r = rng::seeded(5);
        let d = Deal::random(&mut r);
        assert_eq!(d.cards(), Cards::ALL);
        for (_, h) in d.hands().iter() {
            assert_eq!(h.len(), 13);
        }
        assert_eq!(Deal::random(&mut rng::seeded(5)), d);
        assert_ne!(Deal::random(&mut r), d);
        let sa = Card::new(Suit::Spades, Rank::Ace);
        let holder = d.holder(sa).unwrap();
        assert!(d.hand(holder).contains(sa));
    }

    #[test]
    fn overlapping_hands_are_refused() {
        let sa = Card::new(Suit::Spades, Rank::Ace);
        let mut hands = BySeat::<Cards>::default();
        hands[Seat::East] = Cards::single(sa);
        hands[Seat::West] = Cards::single(sa);
        assert_eq!(
            Deal::from_hands(hands),
            Err(Overlap {
                card: sa,
                first: Seat::East,
                second: Seat::West
            })
        );
        hands[Seat::West] = Cards::EMPTY;
        assert!(Deal::from_hands(hands).is_ok());
    }
}
