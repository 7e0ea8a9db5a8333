//! Blackjack on the host: the `cardtree blackjack` drivers.
//!
//! - [`oracle`]: the exact oracle's numbers (dealer outcomes, the value of a round);
//! - [`play`], [`report`]: paired rounds of every player, and what `blackjack play` prints;
//! - [`strategy`]: the computed basic-strategy chart of a rule set;
//! - [`RuleSpec`]: the rules by the command line's names, for the Python and web packages.

pub mod oracle;
pub mod play;
pub mod report;
pub mod strategy;

use cardtree::blackjack::Rules;
use serde::Deserialize;

use crate::error::Error;

/// The rules by the command line's flag names (`--decks`, `--h17`, `--no-das`, ...), which the
/// Python package takes as keyword arguments and the web package as a JSON object; the
/// defaults are [`Rules::new`]'s.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RuleSpec {
    /// Decks in the shoe, 1 to [`Rules::MAX_DECKS`].
    pub decks: u16,
    /// The dealer hits soft 17.
    pub h17: bool,
    /// Double after split allowed.
    pub das: bool,
    /// The most hands splitting may make: 2, 3 or 4.
    pub split_hands: u8,
    /// Aces may be resplit.
    pub resplit_aces: bool,
    /// Late surrender allowed.
    pub surrender: bool,
    /// The dealer peeks for blackjack under an ace or a ten.
    pub peek: bool,
}

impl Default for RuleSpec {
    fn default() -> RuleSpec {
        let r = Rules::new();
        RuleSpec {
            decks: r.decks,
            h17: r.dealer_hits_soft_17,
            das: r.double_after_split,
            split_hands: r.max_split_hands,
            resplit_aces: r.resplit_aces,
            surrender: r.late_surrender,
            peek: r.dealer_peeks,
        }
    }
}

impl RuleSpec {
    /// The rules, checked ([`Rules::validate`]).
    pub fn rules(&self) -> Result<Rules, Error> {
        let r = Rules {
            decks: self.decks,
            dealer_hits_soft_17: self.h17,
            double_after_split: self.das,
            max_split_hands: self.split_hands,
            resplit_aces: self.resplit_aces,
            late_surrender: self.surrender,
            dealer_peeks: self.peek,
            ..Rules::new()
        };
        r.validate().map_err(Error::from)?;
        Ok(r)
    }
}
