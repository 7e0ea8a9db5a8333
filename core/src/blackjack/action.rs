//! [`Action`] and [`Move`]: the player's choices and the game's moves.

use core::fmt;

use super::Pip;
use crate::blank::Blank;

/// What the player may do with a hand.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Action {
    /// Take no more cards.
    Stand,
    /// Take one card.
    Hit,
    /// Double the bet, take exactly one card and stand.
    Double,
    /// Split a pair into two hands, one bet each.
    Split,
    /// Give up the hand for half the bet (late surrender).
    Surrender,
}

impl Action {
    /// Every action, in the order moves are listed.
    pub const ALL: [Action; 5] = [
        Action::Stand,
        Action::Hit,
        Action::Double,
        Action::Split,
        Action::Surrender,
    ];

    /// The lower-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Action::Stand => "stand",
            Action::Hit => "hit",
            Action::Double => "double",
            Action::Split => "split",
            Action::Surrender => "surrender",
        }
    }

    /// The index `0..5` in [`Action::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move of the Blackjack [`Game`](crate::Game): the player's action, or a chance outcome
/// (a card dealt from the shoe, or the result of the dealer's peek for blackjack).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Move {
    /// The player acts on the active hand.
    Act(Action),
    /// A card of this value is dealt (to whoever the state says).
    Card(Pip),
    /// The dealer peeks and has blackjack: the round ends.
    DealerBlackjack,
    /// The dealer peeks and has no blackjack: play goes on, and the hole card (dealt when the
    /// dealer plays) is not the blackjack card.
    NoDealerBlackjack,
}

impl Blank for Move {
    const BLANK: Move = Move::Act(Action::Stand);
}
