//! The dealer's fixed policy and the exact probabilities of its final totals.

use super::{BlackjackError, Hand, Pip, Shoe};

/// Index of the bust outcome in [`DealerOutcomes::p`].
pub const BUST: usize = 22;
/// Index of the blackjack outcome in [`DealerOutcomes::p`].
pub const BLACKJACK: usize = 23;

/// The probability of each way the dealer's hand can end: `p[t]` for a final total `t`
/// (17 to 21; below 17 only if the shoe ran out), `p[BUST]`, and `p[BLACKJACK]` for a
/// two-card 21.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct DealerOutcomes {
    /// Probabilities indexed by final total, [`BUST`] and [`BLACKJACK`]; they sum to 1.
    pub p: [f64; 24],
}

impl DealerOutcomes {
    /// The probability of busting.
    #[must_use]
    pub fn bust(&self) -> f64 {
        self.p[BUST]
    }

    /// The probability of a blackjack.
    #[must_use]
    pub fn blackjack(&self) -> f64 {
        self.p[BLACKJACK]
    }

    /// The probability of ending on `total` without a blackjack (0 beyond 21).
    #[must_use]
    pub fn total(&self, total: u8) -> f64 {
        if total <= 21 {
            self.p.get(usize::from(total)).copied().unwrap_or(0.0)
        } else {
            0.0
        }
    }

    /// The player's expected return, per bet, standing on a non-natural `total` (at most 21)
    /// against these outcomes: a dealer blackjack beats it.
    #[must_use]
    pub fn stand_value(&self, total: u8) -> f64 {
        let mut v = self.p[BUST] - self.p[BLACKJACK];
        for (t, &p) in self.p.iter().enumerate().take(22) {
            match t.cmp(&usize::from(total)) {
                core::cmp::Ordering::Less => v += p,
                core::cmp::Ordering::Greater => v -= p,
                core::cmp::Ordering::Equal => {}
            }
        }
        v
    }
}

/// Whether the dealer's policy draws to `hand`: below 17, and on soft 17 under H17.
#[must_use]
pub fn dealer_hits(hand: &Hand, hits_soft_17: bool) -> bool {
    hand.total() < 17 || (hand.total() == 17 && hand.is_soft() && hits_soft_17)
}

/// The exact probabilities of the dealer's final totals with up card `up`, drawing the hole
/// card and then every card from `shoe` (which holds neither the up card nor any card already
/// seen). With `no_blackjack` the hole card is drawn from the shoe less its blackjack cards:
/// the outcomes given that a peek found no blackjack. An empty shoe leaves the dealer on its up
/// card. Exhaustive recursion over the dealer's draws, one branch per distinct value.
pub fn dealer_outcomes(
    shoe: &Shoe,
    up: Pip,
    hits_soft_17: bool,
    no_blackjack: bool,
) -> Result<DealerOutcomes, BlackjackError> {
    let mut counts = shoe.counts();
    let mut out = DealerOutcomes { p: [0.0; 24] };
    let excluded = if no_blackjack {
        up.blackjack_partner().map(Pip::index)
    } else {
        None
    };
    recurse(
        &mut counts,
        shoe.total(),
        Hand::EMPTY.with(up),
        1.0,
        hits_soft_17,
        excluded,
        &mut out,
    );
    Ok(out)
}

fn recurse(
    counts: &mut [u16; 10],
    total: u32,
    hand: Hand,
    prob: f64,
    hits_soft_17: bool,
    excluded: Option<usize>,
    out: &mut DealerOutcomes,
) {
    let slot = if hand.is_blackjack() {
        Some(BLACKJACK)
    } else if hand.is_bust() {
        Some(BUST)
    } else if !dealer_hits(&hand, hits_soft_17) {
        Some(usize::from(hand.total()))
    } else {
        None
    };
    if let Some(s) = slot {
        if let Some(p) = out.p.get_mut(s) {
            *p += prob;
        }
        return;
    }
    let excluded_count = excluded
        .and_then(|i| counts.get(i))
        .map_or(0, |&c| u32::from(c));
    let weight = total - excluded_count;
    if weight == 0 {
        if let Some(p) = out.p.get_mut(usize::from(hand.total())) {
            *p += prob;
        }
        return;
    }
    let w = f64::from(weight);
    for (i, pip) in Pip::ALL.iter().enumerate() {
        if Some(i) == excluded {
            continue;
        }
        let Some(c) = counts.get_mut(i) else {
            continue;
        };
        if *c == 0 {
            continue;
        }
        let p = prob * f64::from(*c) / w;
        *c -= 1;
        recurse(
            counts,
            total - 1,
            hand.with(*pip),
            p,
            hits_soft_17,
            None,
            out,
        );
        if let Some(c) = counts.get_mut(i) {
            *c += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities_sum_to_one_and_peek_removes_blackjack() {
        let mut shoe = Shoe::standard(1).unwrap();
        shoe.remove(Pip::Ace).unwrap();
        let o = dealer_outcomes(&shoe, Pip::Ace, false, false).unwrap();
        let sum: f64 = o.p.iter().sum();
        assert!((sum - 1.0).abs() < 1e-12);
        // 16 tens among the 51 cards left.
        assert!((o.blackjack() - 16.0 / 51.0).abs() < 1e-12);
        let peeked = dealer_outcomes(&shoe, Pip::Ace, false, true).unwrap();
        assert_eq!(peeked.blackjack(), 0.0);
        assert!((peeked.p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        let empty = dealer_outcomes(&Shoe::EMPTY, Pip::Six, false, false).unwrap();
        assert_eq!(empty.total(6), 1.0);
    }

    #[test]
    fn h17_draws_to_soft_17() {
        let soft17 = Hand::of(&[Pip::Ace, Pip::Six]);
        assert!(dealer_hits(&soft17, true) && !dealer_hits(&soft17, false));
        assert!(!dealer_hits(&Hand::of(&[Pip::Ten, Pip::Seven]), true));
    }

    #[test]
    fn stand_value_counts_wins_and_losses() {
        let mut o = DealerOutcomes { p: [0.0; 24] };
        o.p[BUST] = 0.25;
        o.p[18] = 0.25;
        o.p[20] = 0.25;
        o.p[BLACKJACK] = 0.25;
        assert_eq!(o.stand_value(19), 0.25 + 0.25 - 0.25 - 0.25);
        assert_eq!(o.stand_value(18), 0.25 - 0.25 - 0.25);
    }
}
