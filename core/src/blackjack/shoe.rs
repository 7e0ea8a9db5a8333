//! [`Shoe`]: the cards left to deal, as a count per value, and the named shoes of the paper.

use core::fmt;

use rand_core::Rng;

use super::{BlackjackError, Pip, Rules};
use crate::rng;
use crate::spelled;

/// The undealt cards as a count per value (a composition): the order of the cards never
/// matters to the rules, so every shoe, standard or not, is ten numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Shoe {
    counts: [u16; 10],
    total: u32,
}

impl Shoe {
    /// No cards.
    pub const EMPTY: Shoe = Shoe {
        counts: [0; 10],
        total: 0,
    };

    /// A shoe of these counts, ace first, ten-valued last.
    #[must_use]
    pub fn from_counts(counts: [u16; 10]) -> Shoe {
        let total = counts.iter().map(|&c| u32::from(c)).sum();
        Shoe { counts, total }
    }

    /// `decks` standard 52-card decks: four of each value from ace to nine and sixteen
    /// ten-valued cards per deck.
    pub fn standard(decks: u16) -> Result<Shoe, BlackjackError> {
        Shoe::per_deck(decks, [4, 4, 4, 4, 4, 4, 4, 4, 4, 16])
    }

    /// `decks` copies of a one-deck composition.
    fn per_deck(decks: u16, one: [u16; 10]) -> Result<Shoe, BlackjackError> {
        if decks == 0 || decks > Rules::MAX_DECKS {
            return Err(BlackjackError::Decks { decks });
        }
        let mut counts = [0u16; 10];
        for (c, &o) in counts.iter_mut().zip(&one) {
            *c = o.checked_mul(decks).ok_or(BlackjackError::CountOverflow)?;
        }
        Ok(Shoe::from_counts(counts))
    }

    /// The cards of one value left.
    #[must_use]
    pub fn count(&self, pip: Pip) -> u16 {
        self.counts.get(pip.index()).copied().unwrap_or(0)
    }

    /// The counts, ace first.
    #[must_use]
    pub const fn counts(&self) -> [u16; 10] {
        self.counts
    }

    /// The cards left.
    #[must_use]
    pub const fn total(&self) -> u32 {
        self.total
    }

    /// `true` if no card is left.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// Takes one card of value `pip` out.
    pub fn remove(&mut self, pip: Pip) -> Result<(), BlackjackError> {
        let c = self
            .counts
            .get_mut(pip.index())
            .ok_or(BlackjackError::CardNotInShoe)?;
        if *c == 0 {
            return Err(BlackjackError::CardNotInShoe);
        }
        *c -= 1;
        self.total -= 1;
        Ok(())
    }

    /// Puts one card of value `pip` back.
    pub fn add(&mut self, pip: Pip) -> Result<(), BlackjackError> {
        let c = self
            .counts
            .get_mut(pip.index())
            .ok_or(BlackjackError::CountOverflow)?;
        *c = c.checked_add(1).ok_or(BlackjackError::CountOverflow)?;
        self.total += 1;
        Ok(())
    }

    /// The probability that the next card is `pip` (0 from an empty shoe).
    #[must_use]
    pub fn probability(&self, pip: Pip) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            f64::from(self.count(pip)) / f64::from(self.total)
        }
    }

    /// The integer weights of the next card dealt to the player when the hole card, still in
    /// this shoe, is known not to be `hidden_not` (after a peek found no blackjack): card `c`
    /// comes next with weight `n_c (N - 1 - n_x + [c = x])` (the hole card is any of the other
    /// non-`x` cards), exactly the conditional probability up to a common factor. Without a
    /// condition the weights are the counts.
    #[must_use]
    pub fn draw_weights(&self, hidden_not: Option<Pip>) -> [u64; 10] {
        let mut w = [0u64; 10];
        let n = u64::from(self.total);
        let nx = hidden_not.map_or(0, |x| u64::from(self.count(x)));
        for (i, (wi, &c)) in w.iter_mut().zip(&self.counts).enumerate() {
            let c = u64::from(c);
            *wi = match hidden_not {
                None => c,
                Some(x) => {
                    let same = u64::from(x.index() == i);
                    c * (n + same).saturating_sub(1 + nx)
                }
            };
        }
        w
    }

    /// The weights of the player's next card against `up` and their sum, `None` if no card can
    /// come: after a peek (`peeked`), conditioned on the hole card not being the blackjack
    /// card ([`Shoe::draw_weights`]). Shared by the oracle, the resplit values and the chart
    /// solver.
    pub(crate) fn next_card_weights(&self, up: Pip, peeked: bool) -> Option<([u64; 10], f64)> {
        let hidden_not = if peeked { up.blackjack_partner() } else { None };
        let w = self.draw_weights(hidden_not);
        let sum: u64 = w.iter().sum();
        (sum > 0).then_some((w, sum as f64))
    }

    /// Draws one card at random, each card left equally likely, and takes it out.
    pub fn draw<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<Pip, BlackjackError> {
        let i = rng::choose_weighted(rng, &self.counts.map(u32::from))
            .ok_or(BlackjackError::ShoeExhausted)?;
        let pip = Pip::from_index(i).ok_or(BlackjackError::ShoeExhausted)?;
        self.remove(pip)?;
        Ok(pip)
    }
}

impl fmt::Display for Shoe {
    /// `A:4 2:4 .. 10:16`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in Pip::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}:{}", p.label(), self.count(*p))?;
        }
        Ok(())
    }
}

/// The named shoes: the standard shoe and the paper's five special decks. The paper ("MCTS for
/// Black Jack", an undated student report, Part II) names "high", "low", "even", "odd" and
/// "random" decks without defining them; these are cardtree's definitions, per deck of the
/// shoe:
///
/// | preset     | cards per deck                                              | cards |
/// |------------|-------------------------------------------------------------|-------|
/// | `Standard` | 4 each of A, 2..9; 16 ten-valued                            | 52    |
/// | `High`     | the standard deck's 8, 9, ten-valued cards and aces: 4 A, 4 eights, 4 nines, 16 ten-valued | 28 |
/// | `Low`      | the standard deck's 2 to 7: 4 of each                       | 24    |
/// | `Even`     | the even values: 4 each of 2, 4, 6, 8; 16 ten-valued        | 32    |
/// | `Odd`      | the odd values, the ace counted as 1 (or 11): 4 each of A, 3, 5, 7, 9 | 20 |
/// | `Random`   | a standard shoe from which a uniformly random half of the cards (26 per deck) has been dealt away: the shoe at 50 % penetration | 26 |
///
/// `Random` is drawn from a generator, so each round of a run can have its own.
#[repr(u8)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ShoePreset {
    /// Standard 52-card decks (the default).
    #[default]
    Standard,
    /// Only 8, 9, ten-valued cards and aces.
    High,
    /// Only 2 to 7.
    Low,
    /// Only even values (2, 4, 6, 8, ten-valued).
    Even,
    /// Only odd values (A, 3, 5, 7, 9).
    Odd,
    /// A standard shoe half dealt away at random.
    Random,
}

// The order of the paper's table.
spelled! {
    ShoePreset, "shoe";
    Standard => "standard", "Standard decks";
    High => "high", "8, 9, ten-valued cards and aces only";
    Low => "low", "2 to 7 only";
    Even => "even", "Even values only";
    Odd => "odd", "Odd values only";
    Random => "random", "A standard shoe half dealt away at random (a new one each hand)";
}

impl ShoePreset {
    /// The preset of a lower-case name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<ShoePreset> {
        ShoePreset::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The shoe of `decks` decks; `rng` is used by `Random` only.
    pub fn build<R: Rng + ?Sized>(self, decks: u16, rng: &mut R) -> Result<Shoe, BlackjackError> {
        match self {
            ShoePreset::Standard => Shoe::standard(decks),
            ShoePreset::High => Shoe::per_deck(decks, [4, 0, 0, 0, 0, 0, 0, 4, 4, 16]),
            ShoePreset::Low => Shoe::per_deck(decks, [0, 4, 4, 4, 4, 4, 4, 0, 0, 0]),
            ShoePreset::Even => Shoe::per_deck(decks, [0, 4, 0, 4, 0, 4, 0, 4, 0, 16]),
            ShoePreset::Odd => Shoe::per_deck(decks, [4, 0, 4, 0, 4, 0, 4, 0, 4, 0]),
            ShoePreset::Random => {
                let mut shoe = Shoe::standard(decks)?;
                for _ in 0..u32::from(decks) * 26 {
                    shoe.draw(rng)?;
                }
                Ok(shoe)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_have_the_documented_sizes() {
        let mut r = rng::seeded(1);
        let sizes = [52, 28, 24, 32, 20, 26];
        for (p, size) in ShoePreset::ALL.iter().zip(sizes) {
            let s = p.build(6, &mut r).unwrap();
            assert_eq!(s.total(), 6 * size, "{p}");
            assert_eq!(
                s.counts().iter().map(|&c| u32::from(c)).sum::<u32>(),
                s.total()
            );
            assert_eq!(ShoePreset::from_name(p.name()), Some(*p));
        }
        let odd = ShoePreset::Odd.build(1, &mut r).unwrap();
        assert_eq!(odd.count(Pip::Ace), 4);
        assert_eq!(odd.count(Pip::Ten), 0);
        assert_eq!(
            ShoePreset::Random.build(2, &mut rng::seeded(5)),
            ShoePreset::Random.build(2, &mut rng::seeded(5))
        );
        assert!(Shoe::standard(0).is_err() && Shoe::standard(1001).is_err());
        assert_eq!(Shoe::standard(1000).unwrap().count(Pip::Ten), 16000);
    }

    #[test]
    fn remove_add_draw() {
        let mut s = Shoe::from_counts([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(s.remove(Pip::Two), Err(BlackjackError::CardNotInShoe));
        assert_eq!(s.probability(Pip::Ace), 1.0);
        assert_eq!(s.draw(&mut rng::seeded(0)), Ok(Pip::Ace));
        assert!(s.is_empty());
        assert_eq!(
            s.draw(&mut rng::seeded(0)),
            Err(BlackjackError::ShoeExhausted)
        );
        assert_eq!(s.probability(Pip::Ace), 0.0);
        s.add(Pip::Ten).unwrap();
        assert_eq!(s.total(), 1);
    }

    #[test]
    fn peek_conditioned_weights_are_the_conditional_probabilities() {
        // Two aces and a ten under an ace up card, hole known not to be a ten: the hole is an
        // ace, so the player draws the other ace or the ten, 1/2 each.
        let s = Shoe::from_counts([2, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
        let w = s.draw_weights(Some(Pip::Ten));
        assert_eq!((w[0], w[9]), (2, 2));
        assert_eq!(s.draw_weights(None)[0], 2);
        // Only the blackjack card left: nothing may come.
        let s = Shoe::from_counts([0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
        assert_eq!(s.draw_weights(Some(Pip::Ten)), [0; 10]);
    }

    #[test]
    fn shoe_preset_spellings_round_trip() {
        crate::spelling::check_spellings(
            &ShoePreset::ALL,
            &["standard", "high", "low", "even", "odd", "random"],
            ShoePreset::about,
            &["", "Standard", "hi", "odd ", "half"],
        );
    }
}
