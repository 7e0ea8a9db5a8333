//! Blackjack on the host: the `cardtree blackjack` drivers.
//!
//! - [`oracle`]: the exact oracle's numbers (dealer outcomes, the value of a round);
//! - [`play`], [`report`]: paired rounds of every player, and what `blackjack play` prints;
//! - [`strategy`]: the computed basic-strategy chart of a rule set;
//! - [`RuleSpec`]: the rules, one spec for the command line, Python and JavaScript.

pub mod card_steps;
pub mod oracle;
pub mod play;
pub mod play_spec;
pub mod report;
pub mod strategy;

use cardtree::blackjack::Rules;

use crate::spec::{Fallback, Given, OptSpec, Spec, SpecError};

/// The rules of every Blackjack command, once (a [`Spec`]): `cardtree blackjack`'s rule flags
/// are derived from it, Python's keywords and JavaScript's fields read into it; the defaults
/// are [`Rules::new`]'s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RuleSpec {
    /// The rules, checked.
    pub rules: Rules,
}

pub(crate) const DECKS: OptSpec = OptSpec::whole(
    "decks",
    "Decks in the shoe",
    1,
    Rules::MAX_DECKS as u64,
    Fallback::Whole(Rules::new().decks as u64),
);
pub(crate) const H17: OptSpec = OptSpec::flag(
    "h17",
    "The dealer hits soft 17 (--s17: stands)",
    Fallback::Flag(Rules::new().dealer_hits_soft_17),
)
.negated_as("s17");
pub(crate) const DAS: OptSpec = OptSpec::flag(
    "das",
    "Double after split allowed",
    Fallback::Flag(Rules::new().double_after_split),
);
pub(crate) const SPLIT_HANDS: OptSpec = OptSpec::whole(
    "split_hands",
    "The most hands splitting may make: 2, 3 or 4",
    2,
    4,
    Fallback::Whole(Rules::new().max_split_hands as u64),
);
pub(crate) const RESPLIT_ACES: OptSpec = OptSpec::flag(
    "resplit_aces",
    "Aces may be resplit",
    Fallback::Flag(Rules::new().resplit_aces),
);
pub(crate) const SURRENDER: OptSpec = OptSpec::flag(
    "surrender",
    "Late surrender allowed",
    Fallback::Flag(Rules::new().late_surrender),
);
pub(crate) const PEEK: OptSpec = OptSpec::flag(
    "peek",
    "The dealer peeks for blackjack under an ace or a ten (without: no hole card, a dealer blackjack takes every bet)",
    Fallback::Flag(Rules::new().dealer_peeks),
);

impl Spec for RuleSpec {
    const COMMAND: &'static str = "blackjack ev";
    const OPTIONS: &'static [OptSpec] =
        &[DECKS, H17, DAS, SPLIT_HANDS, RESPLIT_ACES, SURRENDER, PEEK];

    fn from_given(g: &Given) -> Result<RuleSpec, SpecError> {
        let d = Rules::new();
        let rules = Rules {
            decks: g.whole(&DECKS).map_or(d.decks, |n| n as u16),
            dealer_hits_soft_17: g.flag(&H17).unwrap_or(d.dealer_hits_soft_17),
            double_after_split: g.flag(&DAS).unwrap_or(d.double_after_split),
            max_split_hands: g.whole(&SPLIT_HANDS).map_or(d.max_split_hands, |n| n as u8),
            resplit_aces: g.flag(&RESPLIT_ACES).unwrap_or(d.resplit_aces),
            late_surrender: g.flag(&SURRENDER).unwrap_or(d.late_surrender),
            dealer_peeks: g.flag(&PEEK).unwrap_or(d.dealer_peeks),
            ..d
        };
        // The limits above keep every field in range; the core checks them once more.
        rules
            .validate()
            .map_err(|e| SpecError::new(DECKS.name, e))?;
        Ok(RuleSpec { rules })
    }
}

impl Default for RuleSpec {
    fn default() -> RuleSpec {
        RuleSpec {
            rules: Rules::new(),
        }
    }
}
