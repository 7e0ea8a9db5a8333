//! [`Resplit`]: the exact value of splitting a pair when the split hands may be resplit, from
//! the values of one split hand with a known number of extra pair cards out of the shoe.
//!
//! The method is Eric Farmer's ("Expected value of splitting pairs in blackjack",
//! `blackjack_split.pdf`, used by his combinatorial analyser whose values
//! `tests/data/blackjack/exact_values.json` holds); this is our own derivation and code:
//!
//! - Each split hand is played with a strategy that does not look at the other hands' cards
//!   (CDZ-: the unsplit hand's strategy). Then the cards dealt to the other hands are, to this
//!   hand, cards taken from the shoe unseen, and removing an unseen card does not change an
//!   expected value (the cards left are exchangeable). Only what is *known* about them matters:
//!   how many were pair cards (`a`) and how many were not (`b`).
//! - `X(a, 0)` (the value of a one-card split hand dealt its second card, played on, never
//!   resplit) and `P(a, 0)` (the same when that card is a pair card) come from the oracle with
//!   `a` more pair cards out of the shoe. A card known only to be "not a pair card" is
//!   removed by total expectation: `X(a, b-1) = v X(a+1, b-1) + (1 - v) X(a, b)`, `v` the
//!   chance that an unseen card is a pair card given what is known, so
//!   `X(a, b) = (X(a, b-1) - v X(a+1, b-1)) / (1 - v)`; the same for `N(a, b)`, the value of a
//!   hand whose own second card is known not to be a pair card.
//! - The second cards dealt to the split hands, read as a sequence of pair / not-pair, decide
//!   how many hands there are. A walk over that sequence (a hand drawing a pair card becomes
//!   two while the limit allows) weighs every way the round can end: with `h` hands below the
//!   limit, all completed by non-pair cards (each worth `N(h-2, h-1)`), or at the limit after
//!   `f` hands were completed (those `f` worth `N(limit-2, f-1)`, the others dealt any card,
//!   worth `X(limit-2, f)`). Cards dealt to a hand in between (its hits) do not change these
//!   chances: a card at a position chosen from the cards before it is distributed like the
//!   next card of the shoe (predictable sampling of exchangeable sequences, Kallenberg 1988).
//!
//! After a peek found no blackjack, the hole card is known not to be the blackjack card; the
//! cards the player sees are still exchangeable, and their chances are a mixture over what the
//! hole card is (a pair card or another card), computed exactly below.

use super::{BlackjackError, Hand, Pip, Shoe};

/// The most hands a pair is split into (the rules allow 2 to 4).
pub(crate) const MOST_HANDS: u8 = 4;

/// The most extra pair cards whose removal the values are needed for: `2 (MOST_HANDS - 2)`.
const MOST_EXTRA: usize = 2 * (MOST_HANDS as usize - 2);

/// Chances of the pair / not-pair sequence of the cards dealt to split hands, and the
/// combination of one hand's values into the value of the split.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Resplit {
    /// Unseen cards (the hole card among them).
    n: f64,
    /// Unseen pair cards.
    p: f64,
    /// The hole card's possible kinds after a peek: (weight of "a pair card", weight of
    /// "another card"), or `None` without a peek (the hole card is any unseen card).
    hole: Option<(f64, f64)>,
}

/// `X(a, 0)` and `P(a, 0)` for `a` extra pair cards out (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct HandValues {
    /// The value of a split hand dealt any second card.
    pub any: f64,
    /// The value of a split hand dealt a pair card as its second card (not resplit).
    pub pair: f64,
}

impl HandValues {
    /// One split hand of `pair` dealt its second card from `shoe` (against `up`, after a peek
    /// or not, chances as [`Shoe::next_card_weights`] says) and valued by `value` (given the shoe
    /// less that card, the two-card hand made by the split, and the card): its values over
    /// every second card and given a pair card; `None` if no card can come.
    pub(crate) fn over_second_card<S>(
        s: &mut S,
        shoe: &Shoe,
        up: Pip,
        peeked: bool,
        pair: Pip,
        mut value: impl FnMut(&mut S, &mut Shoe, Hand, Pip) -> Result<f64, BlackjackError>,
    ) -> Result<Option<HandValues>, BlackjackError> {
        let Some((weights, w)) = shoe.next_card_weights(up, peeked) else {
            return Ok(None);
        };
        let mut half = Hand::EMPTY.with(pair);
        half.from_split = true;
        let mut shoe = *shoe;
        let mut values = HandValues::default();
        for (pip, &c) in Pip::ALL.iter().copied().zip(&weights) {
            if c == 0 {
                continue;
            }
            let p = c as f64 / w;
            shoe.remove(pip)?;
            let v = value(s, &mut shoe, half.with(pip), pip);
            shoe.add(pip)?;
            let v = v?;
            if pip == pair {
                values.pair = v;
            }
            values.any += p * v;
        }
        Ok(Some(values))
    }
}

/// The value of splitting a pair of `pair` from `shoe` (less the up card and both pair
/// cards) when the split may grow to `most` hands (against `up`, after a peek or not):
/// `hand(s, shoe_a, a)` gives one split hand's values with `a` extra pair cards out of
/// `shoe_a`, for `a` = 0 ..= 2 (`most` - 2) as the shoe allows; `None` if no card can come.
pub(crate) fn split_value<S>(
    s: &mut S,
    shoe: &Shoe,
    pair: Pip,
    most: u8,
    up: Pip,
    peeked: bool,
    mut hand: impl FnMut(&mut S, &Shoe, u8) -> Result<Option<HandValues>, BlackjackError>,
) -> Result<Option<f64>, BlackjackError> {
    let most = most.clamp(2, MOST_HANDS);
    let extra = usize::from(2 * (most - 2)).min(usize::from(shoe.count(pair)));
    let mut base = [HandValues::default(); MOST_EXTRA + 1];
    let mut out = *shoe;
    for (a, slot) in (0u8..).zip(base.iter_mut()).take(extra + 1) {
        if a > 0 {
            out.remove(pair)?;
        }
        match hand(s, &out, a)? {
            Some(v) => *slot = v,
            None if a == 0 => return Ok(None),
            // No card can come: a shoe this split never reaches (its chance is 0).
            None => {}
        }
    }
    let hidden_not = if peeked { up.blackjack_partner() } else { None };
    Ok(Some(
        Resplit::new(shoe, pair, hidden_not).value(most, &base),
    ))
}

/// Falling product `x (x-1) .. (x-k+1)` over `y (y-1) .. (y-k+1)`; 0 if `x < k`.
fn falling_ratio(x: f64, y: f64, k: u8) -> f64 {
    let mut r = 1.0;
    for i in 0..k {
        let i = f64::from(i);
        if x - i <= 0.0 || y - i <= 0.0 {
            return 0.0;
        }
        r *= (x - i) / (y - i);
    }
    r
}

/// The chance that the first `a + b` cards of `n` with `p` pair cards, in a given order, hold
/// `a` pair cards and `b` others.
fn ordered(n: f64, p: f64, a: u8, b: u8) -> f64 {
    falling_ratio(p, n, a) * falling_ratio(n - p, n - f64::from(a), b)
}

impl Resplit {
    /// The chances for a split of `pair` with `shoe` unseen (the up card and both pair cards
    /// out); `hidden_not`: after a peek, the card the hole card is known not to be.
    pub(crate) fn new(shoe: &Shoe, pair: Pip, hidden_not: Option<Pip>) -> Resplit {
        let n = f64::from(shoe.total());
        let p = f64::from(shoe.count(pair));
        let hole = hidden_not.map(|x| {
            if x == pair {
                (0.0, n - p)
            } else {
                (p, n - p - f64::from(shoe.count(x)))
            }
        });
        Resplit { n, p, hole }
    }

    /// The chance that the first `a + b` cards the player sees, in a given order, are `a` pair
    /// cards and `b` others.
    fn sequence(&self, a: u8, b: u8) -> f64 {
        match self.hole {
            None => ordered(self.n, self.p, a, b),
            Some((pair, other)) => {
                let w = pair + other;
                if w <= 0.0 {
                    return 0.0;
                }
                let n = self.n - 1.0;
                (pair * ordered(n, self.p - 1.0, a, b) + other * ordered(n, self.p, a, b)) / w
            }
        }
    }

    /// The chance that the next unseen card is a pair card once `a` pair cards and `b` others
    /// have been seen (0 where that cannot happen).
    fn next_pair(&self, a: u8, b: u8) -> f64 {
        let s = self.sequence(a, b);
        if s > 0.0 {
            self.sequence(a + 1, b) / s
        } else {
            0.0
        }
    }

    /// `X(a, b)`: a hand dealt any second card, `a` pair cards and `b` others known out.
    fn any(&self, base: &[HandValues], a: u8, b: u8) -> f64 {
        if b == 0 {
            return base.get(usize::from(a)).map_or(0.0, |v| v.any);
        }
        let v = self.next_pair(a, b - 1);
        if v >= 1.0 {
            return 0.0;
        }
        (self.any(base, a, b - 1) - v * self.any(base, a + 1, b - 1)) / (1.0 - v)
    }

    /// `N(a, b)`: a hand whose own second card is not a pair card, `a` pair cards and `b`
    /// other cards known out besides it.
    fn non_pair(&self, base: &[HandValues], a: u8, b: u8) -> f64 {
        let v = self.next_pair(a, b);
        if v >= 1.0 {
            return 0.0;
        }
        if b == 0 {
            let Some(h) = base.get(usize::from(a)) else {
                return 0.0;
            };
            return (h.any - v * h.pair) / (1.0 - v);
        }
        (self.non_pair(base, a, b - 1) - v * self.non_pair(base, a + 1, b - 1)) / (1.0 - v)
    }

    /// The value of the split (the sum over its hands) when it may grow to `most` hands, from
    /// `base[a]` for `a` = 0 ..= `2 (most - 2)` extra pair cards out.
    pub(crate) fn value(&self, most: u8, base: &[HandValues]) -> f64 {
        let most = most.clamp(2, MOST_HANDS);
        self.walk(most, 2, 0, 1.0, base)
    }

    /// The expected sum from `hands` hands of which `done` were completed by a non-pair card,
    /// reached with chance `chance`.
    fn walk(&self, most: u8, hands: u8, done: u8, chance: f64, base: &[HandValues]) -> f64 {
        if hands >= most {
            let d = f64::from(done);
            let completed = if done > 0 {
                d * self.non_pair(base, most - 2, done - 1)
            } else {
                0.0
            };
            let open = f64::from(most - done) * self.any(base, most - 2, done);
            return chance * (completed + open);
        }
        if chance <= 0.0 {
            return 0.0;
        }
        let v = self.next_pair(hands - 2, done);
        let not_pair = if done + 1 == hands {
            chance * (1.0 - v) * f64::from(hands) * self.non_pair(base, hands - 2, hands - 1)
        } else {
            self.walk(most, hands, done + 1, chance * (1.0 - v), base)
        };
        not_pair + self.walk(most, hands + 1, done, chance * v, base)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two hands: the split is worth twice one hand dealt any card.
    #[test]
    fn two_hands_are_twice_one() {
        let shoe = Shoe::standard(1).unwrap();
        let r = Resplit::new(&shoe, Pip::Eight, None);
        let base = [HandValues {
            any: 0.25,
            pair: -0.5,
        }];
        assert_eq!(r.value(2, &base), 0.5);
    }

    /// Values that do not depend on what is out give the expected number of hands times the
    /// value; with no pair card left there is nothing to resplit.
    #[test]
    fn constant_values_count_the_hands() {
        let shoe = Shoe::from_counts([4, 4, 4, 4, 4, 4, 4, 2, 4, 16]);
        let r = Resplit::new(&shoe, Pip::Eight, None);
        let base = [HandValues {
            any: 1.0,
            pair: 1.0,
        }; MOST_EXTRA + 1];
        // Up to 3 hands, 2 eights among 50 cards: exactly 2 hands when both second cards are
        // other cards, else 3.
        let three = r.value(3, &base);
        let p2 = (48.0 / 50.0) * (47.0 / 49.0);
        assert!(
            (three - (2.0 * p2 + 3.0 * (1.0 - p2))).abs() < 1e-12,
            "{three}"
        );
        let none = Shoe::from_counts([4, 4, 4, 4, 4, 4, 4, 0, 4, 16]);
        let r = Resplit::new(&none, Pip::Eight, None);
        assert!((r.value(4, &base) - 2.0).abs() < 1e-12);
    }

    /// The chances of the pair / not-pair sequence after a peek equal the ones counted over
    /// every hole card but the blackjack card.
    #[test]
    fn peeked_chances_by_counting() {
        let shoe = Shoe::from_counts([1, 0, 0, 0, 0, 0, 0, 2, 0, 3]);
        // Up card a ten: the hole card is not an ace. Cards: A, 8, 8, T, T, T.
        let r = Resplit::new(&shoe, Pip::Eight, Some(Pip::Ace));
        // P(first seen card is an eight | hole is not the ace): hole 8 (2 of 5) then 1 of 5;
        // hole T (3 of 5) then 2 of 5.
        let want = (2.0 / 5.0) * (1.0 / 5.0) + (3.0 / 5.0) * (2.0 / 5.0);
        assert!((r.sequence(1, 0) - want).abs() < 1e-15);
        // Both an eight then a non-eight: hole 8: 1/5 * 4/4; hole T: 2/5 * 3/4.
        let want = (2.0 / 5.0) * (1.0 / 5.0) + (3.0 / 5.0) * (2.0 / 5.0) * (3.0 / 4.0);
        assert!((r.sequence(1, 1) - want).abs() < 1e-15);
    }
}
