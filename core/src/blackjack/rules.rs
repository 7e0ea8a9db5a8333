//! [`Rules`]: the table rules a round is played under.

use super::BlackjackError;

/// The table rules. [`Rules::new`] gives cardtree's defaults, a common six-deck game: S17, double on any two cards, double after split, one split (two hands),
/// no surrender, blackjack pays 3:2, the dealer peeks.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Rules {
    /// Decks in a standard shoe built from these rules (default 6). Players and the oracle
    /// use the shoe they are given; this field only names the standard shoe.
    pub decks: u16,
    /// The dealer hits soft 17 (H17) rather than standing on it (S17). Default `false`.
    pub dealer_hits_soft_17: bool,
    /// The player may double down on any first two cards (rather than not at all; the
    /// restricted "10 and 11 only" variant is not modelled). Default `true`.
    pub double_any_two: bool,
    /// The player may double a two-card hand made by a split (DAS). Default `true`.
    pub double_after_split: bool,
    /// The most hands splitting may make, `2..=4` (2: one split, no resplit). Default 2.
    pub max_split_hands: u8,
    /// Aces may be resplit (within `max_split_hands`). Split aces always take one card each.
    /// Default `false`.
    pub resplit_aces: bool,
    /// Late surrender: give up half the bet on the first two cards, after the dealer's peek.
    /// Default `false`.
    pub late_surrender: bool,
    /// What a player blackjack wins, per unit bet (3:2 is 1.5, 6:5 is 1.2). Default 1.5.
    pub blackjack_pays: f64,
    /// The dealer checks for blackjack under an ace or ten-valued up card before the player
    /// acts (US rules). Without it (European no-hole-card) a dealer blackjack found at the end
    /// takes every bet on the table, doubles and splits included. Default `true`.
    pub dealer_peeks: bool,
}

impl Rules {
    /// The most decks a shoe may have (the reference file's "infinite" shoe has 1000).
    pub const MAX_DECKS: u16 = 1000;

    /// The default rules (see the type's docs).
    #[must_use]
    pub const fn new() -> Rules {
        Rules {
            decks: 6,
            dealer_hits_soft_17: false,
            double_any_two: true,
            double_after_split: true,
            max_split_hands: 2,
            resplit_aces: false,
            late_surrender: false,
            blackjack_pays: 1.5,
            dealer_peeks: true,
        }
    }

    /// Checks every field's range: decks `1..=1000`, split hands `2..=4`, payout finite and
    /// positive.
    pub fn validate(&self) -> Result<(), BlackjackError> {
        if self.decks == 0 || self.decks > Rules::MAX_DECKS {
            return Err(BlackjackError::Decks { decks: self.decks });
        }
        if !(2..=4).contains(&self.max_split_hands)
            || !self.blackjack_pays.is_finite()
            || self.blackjack_pays <= 0.0
        {
            return Err(BlackjackError::BadRules);
        }
        Ok(())
    }

    /// The most a round can win, in bets: four doubled hands, or a blackjack if it pays more.
    #[must_use]
    pub fn max_stake(&self) -> f64 {
        if self.blackjack_pays > 8.0 {
            self.blackjack_pays
        } else {
            8.0
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_documented_ones() {
        let r = Rules::default();
        assert_eq!(r.decks, 6);
        assert!(!r.dealer_hits_soft_17 && r.double_after_split && r.dealer_peeks);
        assert!(!r.late_surrender && !r.resplit_aces);
        assert_eq!(r.max_split_hands, 2);
        assert_eq!(r.blackjack_pays, 1.5);
        assert_eq!(r.validate(), Ok(()));
        let bad = Rules {
            max_split_hands: 5,
            ..r
        };
        assert_eq!(bad.validate(), Err(BlackjackError::BadRules));
        let bad = Rules { decks: 0, ..r };
        assert_eq!(bad.validate(), Err(BlackjackError::Decks { decks: 0 }));
    }
}
