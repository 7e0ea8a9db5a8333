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
    if shoe.total() > MAX_DEALER_DRAWS {
        return Ok(dealer_outcomes_cached(
            shoe,
            up,
            hits_soft_17,
            no_blackjack,
            &mut DealerCache::new(),
        ));
    }
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

/// The most cards a dealer can draw (hole card included) before it must stand: sixteen
/// aces take a dealer from an ace up to soft 17 and past.
const MAX_DEALER_DRAWS: u32 = 16;

/// Dealer hands a [`DealerCache`] holds: distinct compositions of a dealer that still draws
/// (a few hundred per up card).
const CACHE: usize = 1024;

/// A reusable memo for [`dealer_outcomes_cached`]: outcome distributions keyed by the
/// dealer's cards, valid for one shoe at a time (each call starts a new generation instead of
/// clearing 64 KiB). When full, the recursion goes on unmemoised: slower, still exact.
#[derive(Clone, Debug)]
pub struct DealerCache {
    keys: [u64; CACHE],
    gens: [u32; CACHE],
    vals: [[f64; 7]; CACHE],
    generation: u32,
    len: usize,
}

impl DealerCache {
    /// An empty cache (66 KiB).
    #[must_use]
    pub const fn new() -> DealerCache {
        DealerCache {
            keys: [0; CACHE],
            gens: [0; CACHE],
            vals: [[0.0; 7]; CACHE],
            generation: 0,
            len: 0,
        }
    }

    /// Forgets every entry.
    fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.gens = [0; CACHE];
            self.generation = 1;
        }
        self.len = 0;
    }

    /// The slot of `key`: `Ok(i)` if found, `Err(Some(i))` a free slot, `Err(None)` if full.
    fn find(&self, key: u64) -> Result<usize, Option<usize>> {
        let mut i = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) as usize % CACHE;
        for _ in 0..CACHE {
            match (self.keys.get(i), self.gens.get(i)) {
                (Some(&k), Some(&g)) if g == self.generation && k == key => return Ok(i),
                (_, Some(&g)) if g != self.generation => {
                    return Err((self.len * 4 < CACHE * 3).then_some(i));
                }
                _ => i = (i + 1) % CACHE,
            }
        }
        Err(None)
    }
}

impl Default for DealerCache {
    fn default() -> DealerCache {
        DealerCache::new()
    }
}

/// [`dealer_outcomes`] memoised in `cache`, for a shoe of more than 16 cards (so that it
/// cannot run out); with fewer, the plain recursion.
pub fn dealer_outcomes_cached(
    shoe: &Shoe,
    up: Pip,
    hits_soft_17: bool,
    no_blackjack: bool,
    cache: &mut DealerCache,
) -> DealerOutcomes {
    let mut counts = shoe.counts();
    let mut out = DealerOutcomes { p: [0.0; 24] };
    let excluded = if no_blackjack {
        up.blackjack_partner().map(Pip::index)
    } else {
        None
    };
    if shoe.total() <= MAX_DEALER_DRAWS {
        recurse(
            &mut counts,
            shoe.total(),
            Hand::EMPTY.with(up),
            1.0,
            hits_soft_17,
            excluded,
            &mut out,
        );
        return out;
    }
    cache.next_generation();
    let d = memo_recurse(
        &mut counts,
        shoe.total(),
        Hand::EMPTY.with(up),
        0,
        hits_soft_17,
        excluded,
        cache,
    );
    out.p[BUST] = d[0];
    for (t, &p) in (17..=21).zip(&d[1..6]) {
        out.p[t] = p;
    }
    out.p[BLACKJACK] = d[6];
    out
}

/// The outcome distribution from dealer hand `hand` (its drawn cards `key`, 5 bits per value)
/// with `counts` left; exact, memoised in `cache` while it has room.
fn memo_recurse(
    counts: &mut [u16; 10],
    total: u32,
    hand: Hand,
    key: u64,
    hits_soft_17: bool,
    excluded: Option<usize>,
    cache: &mut DealerCache,
) -> [f64; 7] {
    let mut d = [0.0; 7];
    if hand.is_blackjack() {
        d[6] = 1.0;
        return d;
    }
    if hand.is_bust() {
        d[0] = 1.0;
        return d;
    }
    if !dealer_hits(&hand, hits_soft_17) {
        if let Some(x) = d.get_mut(usize::from(hand.total()).saturating_sub(16)) {
            *x = 1.0;
        }
        return d;
    }
    let slot = if excluded.is_none() {
        match cache.find(key) {
            Ok(i) => return cache.vals.get(i).copied().unwrap_or(d),
            Err(free) => free,
        }
    } else {
        None
    };
    let excluded_count = excluded
        .and_then(|i| counts.get(i))
        .map_or(0, |&c| u32::from(c));
    let w = f64::from(total - excluded_count);
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
        let p = f64::from(*c) / w;
        *c -= 1;
        let sub = memo_recurse(
            counts,
            total - 1,
            hand.with(*pip),
            key + (1 << (5 * i)),
            hits_soft_17,
            None,
            cache,
        );
        if let Some(c) = counts.get_mut(i) {
            *c += 1;
        }
        for (x, s) in d.iter_mut().zip(sub) {
            *x += p * s;
        }
    }
    if let Some(i) = slot
        && let (Some(k), Some(g), Some(v)) = (
            cache.keys.get_mut(i),
            cache.gens.get_mut(i),
            cache.vals.get_mut(i),
        )
    {
        *k = key;
        *g = cache.generation;
        *v = d;
        cache.len += 1;
    }
    d
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
    fn the_memoised_recursion_is_the_plain_one() {
        for decks in [1, 2] {
            let shoe = Shoe::standard(decks).unwrap();
            for up in Pip::ALL {
                for (h17, peeked) in [(false, false), (true, false), (false, true)] {
                    let mut s = shoe;
                    s.remove(up).unwrap();
                    let fast = dealer_outcomes(&s, up, h17, peeked).unwrap();
                    let mut slow = DealerOutcomes { p: [0.0; 24] };
                    let excluded = if peeked {
                        up.blackjack_partner().map(Pip::index)
                    } else {
                        None
                    };
                    recurse(
                        &mut s.counts(),
                        s.total(),
                        Hand::EMPTY.with(up),
                        1.0,
                        h17,
                        excluded,
                        &mut slow,
                    );
                    for (a, b) in fast.p.iter().zip(&slow.p) {
                        assert!((a - b).abs() < 1e-13, "{up} {h17} {peeked}");
                    }
                }
            }
        }
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
