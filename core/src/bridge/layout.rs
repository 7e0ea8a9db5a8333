//! [`Layouts`]: drawing the unseen hands uniformly among those that agree with what is known.
//!
//! A player at the table sees some hands (their own, later dummy) and knows ranges of the
//! others from the bidding ([`Constraints`]). "Layouts" are the ways to deal the unseen cards
//! to the unseen seats; the programs McKay & Kruskal describe ("A New Method of Averaging in
//! Monte Carlo Game Tree Search", undated, 2009 or later; introduction) choose a card by
//! valuing it on many layouts drawn from those that fit.
//!
//! Draws are by rejection, which keeps them exactly uniform: a try deals the unseen cards to
//! the unseen seats uniformly at random and is kept only if every hand satisfies its
//! constraint, so a kept layout is uniform among the layouts that satisfy them all. A try
//! deals one seat at a time (a partial Fisher-Yates shuffle: each card drawn with
//! [`rng::below`]), most constrained seat first, and stops at the first hand that fails, so a
//! tight constraint costs few random numbers per rejected try. A draw that finds nothing in
//! its budget of tries is [`LayoutError::TooManyTries`], never a hang.

use core::fmt;

use rand_core::Rng;

use super::constraints::Constraints;
use super::deal::Deal;
use super::seat::{BySeat, Seat};
use crate::card::Card;
use crate::cards::Cards;
use crate::rng;

/// The tries one draw may make before it reports [`LayoutError::TooManyTries`]. At a few
/// hundred nanoseconds a try on a desktop, 1,000,000 tries is well under a second; a
/// constraint set that lets fewer than one layout in a million through is reported rather
/// than sampled.
pub const DEFAULT_MAX_TRIES: u32 = 1_000_000;

/// Why layouts cannot be drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum LayoutError {
    /// A card is both in a known hand and among the unseen, or in two known hands.
    Overlap(Card),
    /// The known hands are not all the same size (a layout is dealt at a trick boundary).
    HandSizes {
        /// The first known seat of another size.
        seat: Seat,
        /// Its size.
        found: u8,
        /// The size of the first known hand.
        expected: u8,
    },
    /// The unseen cards do not fill the unseen seats with hands of the known hands' size.
    UnseenCount {
        /// Unseen cards given.
        found: u8,
        /// Unseen cards the unseen seats need.
        expected: u8,
    },
    /// A known hand breaks its own constraint, so no layout can satisfy them all.
    KnownHandBreaksConstraint(Seat),
    /// No layout satisfied the constraints within the allowed tries.
    TooManyTries {
        /// The tries made.
        tries: u32,
    },
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LayoutError::Overlap(c) => write!(f, "{c} is both known and unseen, or known twice"),
            LayoutError::HandSizes {
                seat,
                found,
                expected,
            } => write!(
                f,
                "{seat}'s known hand has {found} cards, the first known hand {expected}"
            ),
            LayoutError::UnseenCount { found, expected } => write!(
                f,
                "{found} unseen cards, but the unseen seats hold {expected}"
            ),
            LayoutError::KnownHandBreaksConstraint(seat) => {
                write!(f, "{seat}'s known hand breaks its own constraint")
            }
            LayoutError::TooManyTries { tries } => write!(
                f,
                "no layout fits the constraints in {tries} tries (impossible or too rare)"
            ),
        }
    }
}

impl core::error::Error for LayoutError {}

/// One drawn layout: the whole deal and the tries it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Drawn {
    /// The known hands with the unseen cards dealt to the unseen seats.
    pub deal: Deal,
    /// Tries made, the kept one included (1 when nothing is hidden or constrained out).
    pub tries: u32,
}

/// The layouts of one situation: the known hands, the unseen cards and the constraints on
/// every seat.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Layouts {
    known: BySeat<Option<Cards>>,
    unseen: Cards,
    size: u8,
    /// The unseen seats, most constrained first (the dealing order of a try).
    hidden: heapless::Vec<Seat, 4>,
    constraints: Constraints,
}

/// One hand dealt from `pool[next..]`: `size` cards drawn by a partial Fisher-Yates shuffle
/// (each with [`rng::index`], moved to the front of what is left), or with `rest` the cards
/// left from `next` on as they lie (the last hidden hand, which takes what the others left).
/// The hand and the cards it took.
pub(crate) fn deal_hand<R: Rng + ?Sized>(
    pool: &mut [Card],
    next: usize,
    size: usize,
    rest: bool,
    rng: &mut R,
) -> (Cards, usize) {
    let n = pool.len();
    let take = if rest { n.saturating_sub(next) } else { size };
    if !rest {
        for i in next..(next + take).min(n) {
            let j = i + rng::index(rng, n - i);
            pool.swap(i, j);
        }
    }
    let hand = pool
        .get(next..next + take)
        .unwrap_or_default()
        .iter()
        .copied()
        .collect();
    (hand, take)
}

impl Layouts {
    /// The layouts of a full deal: the seats given in `known` hold those 13 (or fewer, all the
    /// same size) cards, and every other card of the pack is unseen.
    pub fn of_deal(
        known: BySeat<Option<Cards>>,
        constraints: Constraints,
    ) -> Result<Layouts, LayoutError> {
        let seen = known.0.iter().flatten().fold(Cards::EMPTY, |a, &h| a | h);
        Layouts::new(known, Cards::ALL - seen, constraints)
    }

    /// The layouts that deal `unseen` to the seats not in `known`, in hands the size of the
    /// known ones (13 when no seat is known), each hand within its seat's constraint.
    pub fn new(
        known: BySeat<Option<Cards>>,
        unseen: Cards,
        constraints: Constraints,
    ) -> Result<Layouts, LayoutError> {
        let mut seen = Cards::EMPTY;
        let mut size = None;
        let mut hidden = heapless::Vec::<Seat, 4>::new();
        for (seat, hand) in known.iter() {
            let Some(hand) = *hand else {
                let _ = hidden.push(seat);
                continue;
            };
            if let Some(card) = (seen | unseen).intersection(hand).lowest() {
                return Err(LayoutError::Overlap(card));
            }
            seen |= hand;
            let found = hand.len() as u8;
            match size {
                None => size = Some(found),
                Some(expected) if expected != found => {
                    return Err(LayoutError::HandSizes {
                        seat,
                        found,
                        expected,
                    });
                }
                Some(_) => {}
            }
            if !constraints.of(seat).holds(hand) {
                return Err(LayoutError::KnownHandBreaksConstraint(seat));
            }
        }
        let size = size.unwrap_or(13);
        let expected = size.saturating_mul(hidden.len() as u8);
        if unseen.len() != usize::from(expected) {
            return Err(LayoutError::UnseenCount {
                found: unseen.len() as u8,
                expected,
            });
        }
        // Most constrained first: a try that fails there costs the fewest draws. Ties keep
        // clockwise order, so the dealing order is a function of the constraints alone.
        let tightness = |s: &Seat| {
            let c = constraints.of(*s);
            let spread = u32::from(c.hcp.max - c.hcp.min)
                + c.length
                    .iter()
                    .map(|l| u32::from(l.max - l.min))
                    .sum::<u32>();
            (c.is_any(), spread)
        };
        hidden.sort_unstable_by_key(|s| (tightness(s), *s as u8));
        Ok(Layouts {
            known,
            unseen,
            size,
            hidden,
            constraints,
        })
    }

    /// The unseen cards.
    pub fn unseen(&self) -> Cards {
        self.unseen
    }

    /// The size of every hand.
    #[must_use]
    pub fn hand_size(&self) -> u8 {
        self.size
    }

    /// The constraints.
    #[must_use]
    pub fn constraints(&self) -> &Constraints {
        &self.constraints
    }

    /// The known hand of `seat`, if it is known.
    #[must_use]
    pub fn known(&self, seat: Seat) -> Option<Cards> {
        self.known[seat]
    }

    /// Draws one layout with `rng`, making at most `max_tries` tries (at least one).
    pub fn draw<R: Rng + ?Sized>(&self, rng: &mut R, max_tries: u32) -> Result<Drawn, LayoutError> {
        let mut pool = [Card::default(); 52];
        let mut n = 0;
        for (slot, card) in pool.iter_mut().zip(self.unseen) {
            *slot = card;
            n += 1;
        }
        let pool = pool.get_mut(..n).unwrap_or_default();
        let size = usize::from(self.size);
        let mut hands = BySeat::from_fn(|s| self.known[s].unwrap_or(Cards::EMPTY));
        let last = self.hidden.len().saturating_sub(1);
        let max_tries = max_tries.max(1);
        'tries: for tries in 1..=max_tries {
            let mut next = 0;
            for (k, &seat) in self.hidden.iter().enumerate() {
                // The last hand takes the rest; the others draw `size` cards each.
                let (hand, taken) = deal_hand(pool, next, size, k == last, rng);
                next += taken;
                if !self.constraints.of(seat).holds(hand) {
                    continue 'tries;
                }
                hands[seat] = hand;
            }
            return match Deal::from_hands(hands) {
                Ok(deal) => Ok(Drawn { deal, tries }),
                Err(o) => Err(LayoutError::Overlap(o.card)),
            };
        }
        Err(LayoutError::TooManyTries { tries: max_tries })
    }

    /// Layout `index` of the run seeded `seed`: [`Layouts::draw`] with
    /// [`rng::stream`]`(seed, index)`, so it depends on `(seed, index)` alone. Returns the
    /// generator too, for the evaluation of the layout to go on drawing from the same stream.
    pub fn sample(
        &self,
        seed: u64,
        index: u64,
        max_tries: u32,
    ) -> Result<(Drawn, rng::Xoshiro256PlusPlus), LayoutError> {
        let mut rng = rng::stream(seed, index);
        let drawn = self.draw(&mut rng, max_tries)?;
        Ok((drawn, rng))
    }

    /// Whether `deal` is one of the layouts: the known hands as given, the unseen cards with
    /// the unseen seats, every hand the right size and within its constraint.
    #[must_use]
    pub fn contains(&self, deal: &Deal) -> bool {
        let mut unseen = Cards::EMPTY;
        for (seat, &hand) in deal.hands().iter() {
            let fits = match self.known[seat] {
                Some(k) => k == hand,
                None => {
                    unseen |= hand;
                    hand.len() == usize::from(self.size)
                }
            };
            if !fits || !self.constraints.of(seat).holds(hand) {
                return false;
            }
        }
        unseen == self.unseen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::constraints::high_card_points;

    fn hand(s: &str) -> Cards {
        s.parse().unwrap()
    }

    #[test]
    fn every_layout_keeps_the_known_hands_and_the_constraints() {
        let west = hand("SK SQ ST S2 H8 H5 H3 DA DJ D9 C7 C4 C2");
        let mut known = BySeat([None; 4]);
        known[Seat::West] = Some(west);
        let c: Constraints = "S: 15-17 hcp, 2-4 S; N: 8-15 hcp".parse().unwrap();
        let layouts = Layouts::of_deal(known, c).unwrap();
        let mut tries = 0u64;
        for i in 0..300 {
            let (d, _) = layouts.sample(7, i, DEFAULT_MAX_TRIES).unwrap();
            tries += u64::from(d.tries);
            assert!(layouts.contains(&d.deal), "{:?}", d.deal);
            assert_eq!(d.deal.hand(Seat::West), west);
            let south = d.deal.hand(Seat::South);
            assert!((15..=17).contains(&high_card_points(south)));
            assert!((2..=4).contains(&south.count_in(crate::Suit::Spades)));
            assert!((8..=15).contains(&high_card_points(d.deal.hand(Seat::North))));
            // The same (seed, index), the same layout.
            assert_eq!(layouts.sample(7, i, DEFAULT_MAX_TRIES).unwrap().0, d);
        }
        assert!(tries > 300, "tight constraints reject some tries: {tries}");
    }

    #[test]
    fn impossible_constraints_are_an_error_after_the_budget() {
        let mut known = BySeat([None; 4]);
        known[Seat::West] = Some(hand("SA SK SQ SJ HA HK HQ HJ DA DK DQ DJ CA"));
        let c: Constraints = "S: 20+ hcp".parse().unwrap();
        let layouts = Layouts::of_deal(known, c).unwrap();
        assert_eq!(
            layouts.sample(1, 0, 5000).map(|_| ()),
            Err(LayoutError::TooManyTries { tries: 5000 })
        );
        let broken: Constraints = "W: 0-10 hcp".parse().unwrap();
        assert_eq!(
            Layouts::of_deal(known, broken),
            Err(LayoutError::KnownHandBreaksConstraint(Seat::West))
        );
    }

    #[test]
    fn bad_situations_are_errors() {
        let mut known = BySeat([None; 4]);
        known[Seat::West] = Some(hand("SA SK"));
        known[Seat::North] = Some(hand("SQ"));
        assert_eq!(
            Layouts::of_deal(known, Constraints::NONE),
            Err(LayoutError::HandSizes {
                seat: Seat::West,
                found: 2,
                expected: 1
            })
        );
        known[Seat::North] = Some(hand("SA SJ"));
        assert_eq!(
            Layouts::of_deal(known, Constraints::NONE),
            Err(LayoutError::Overlap("SA".parse().unwrap()))
        );
        known[Seat::North] = None;
        assert_eq!(
            Layouts::new(known, hand("HA HK H2"), Constraints::NONE),
            Err(LayoutError::UnseenCount {
                found: 3,
                expected: 6
            })
        );
        // Everything known: the one layout, at once.
        let deal = Deal::random(&mut rng::seeded(3));
        let all = BySeat::from_fn(|s| Some(deal.hand(s)));
        let one = Layouts::new(all, Cards::EMPTY, Constraints::NONE).unwrap();
        let d = one.draw(&mut rng::seeded(0), 1).unwrap();
        assert_eq!((d.deal, d.tries), (deal, 1));
    }

    /// Chi-square test of uniformity on a 2-card ending: West's two cards known, six unseen
    /// cards two by two to North, East and South (6! / (2!)^3 = 90 layouts), with no
    /// constraint and with one that keeps a subset; every layout listed and counted.
    #[test]
    fn draws_are_uniform_among_the_layouts_that_fit() {
        let west = hand("SA S2");
        let unseen = hand("SK SQ HA H2 D3 C4");
        let mut known = BySeat([None; 4]);
        known[Seat::West] = Some(west);
        for (text, layouts_expected) in [("", 90usize), ("N: 1+ S; S: 4+ hcp", 0)] {
            let c: Constraints = text.parse().unwrap();
            let layouts = Layouts::new(known, unseen, c).unwrap();
            // List every layout: North's pair, then East's pair from the rest.
            let cards: heapless::Vec<Card, 6> = unseen.iter().collect();
            let mut all: heapless::Vec<Deal, 90> = heapless::Vec::new();
            for n in 0..64u32 {
                if n.count_ones() != 2 {
                    continue;
                }
                let pick = |mask: u32, from: &[Card]| -> Cards {
                    from.iter()
                        .enumerate()
                        .filter(|(i, _)| mask & (1 << i) != 0)
                        .map(|(_, c)| *c)
                        .collect()
                };
                let north = pick(n, &cards);
                for e in 0..64u32 {
                    if e.count_ones() != 2 || e & n != 0 {
                        continue;
                    }
                    let east = pick(e, &cards);
                    let south = unseen - north - east;
                    let deal = Deal::from_hands(BySeat([north, east, south, west])).unwrap();
                    if layouts.contains(&deal) {
                        all.push(deal).unwrap();
                    }
                }
            }
            if layouts_expected > 0 {
                assert_eq!(all.len(), layouts_expected);
            }
            assert!(all.len() > 5, "{text}: {} layouts", all.len());
            let draws = 200 * all.len() as u64;
            let mut counts = [0u64; 90];
            for i in 0..draws {
                let (d, _) = layouts.sample(11, i, 10_000).unwrap();
                let k = all.iter().position(|x| *x == d.deal).unwrap();
                counts[k] += 1;
            }
            let expected = draws as f64 / all.len() as f64;
            let chi2: f64 = counts[..all.len()]
                .iter()
                .map(|&o| (o as f64 - expected) * (o as f64 - expected) / expected)
                .sum();
            // Degrees of freedom k - 1; the 0.999 quantile of chi-square is below
            // k - 1 + 3.1 sqrt(2 (k - 1)) + 10 for every k here, a loose but failing-when-
            // biased bound (a sampler that never deals one layout adds `expected` = 200).
            let dof = (all.len() - 1) as f64;
            let bound = dof + 3.1 * crate::math::sqrt(2.0 * dof) + 10.0;
            assert!(chi2 < bound, "{text}: chi2 {chi2} over {dof} dof");
        }
    }
}
