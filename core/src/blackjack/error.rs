//! [`BlackjackError`]: why a Blackjack computation could not give a result.

use core::fmt;

/// Why a shoe, an oracle computation or a round could not be built or finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum BlackjackError {
    /// A shoe of this many decks is not allowed (`1..=MAX_DECKS`).
    Decks {
        /// The number asked for.
        decks: u16,
    },
    /// A rank count too large for a shoe (more than `u16::MAX` cards of one value).
    CountOverflow,
    /// A card was needed but the shoe holds none (or none that the state allows).
    ShoeExhausted,
    /// A card was taken from a shoe that holds none of its value.
    CardNotInShoe,
    /// The oracle's memo table is full: give it more slots.
    MemoFull {
        /// Its capacity in slots.
        capacity: u32,
    },
    /// The game is not at a decision of the player (the oracle or a player was asked at a
    /// chance or terminal state).
    NotADecision,
    /// A player chose a move the state does not allow (a bug in the player).
    IllegalMove,
    /// A player found no legal move (a bug in the game).
    NoLegalMove,
    /// A rule value outside its range (split hands `2..=4`, payout finite and positive).
    BadRules,
    /// The MCTS player's search failed (a tree too small to hold the root's children).
    Search(crate::search::SearchError),
}

impl fmt::Display for BlackjackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BlackjackError::Decks { decks } => {
                write!(f, "{decks} decks: a shoe has 1 to 1000 decks")
            }
            BlackjackError::CountOverflow => f.write_str("too many cards of one value"),
            BlackjackError::ShoeExhausted => f.write_str("the shoe ran out of cards"),
            BlackjackError::CardNotInShoe => f.write_str("the card is not in the shoe"),
            BlackjackError::MemoFull { capacity } => {
                write!(f, "the oracle's memo table of {capacity} slots is full")
            }
            BlackjackError::NotADecision => f.write_str("the player is not to act"),
            BlackjackError::IllegalMove => f.write_str("a player chose an illegal move"),
            BlackjackError::NoLegalMove => f.write_str("no legal move at a decision"),
            BlackjackError::BadRules => f.write_str("a rule is out of range"),
            BlackjackError::Search(e) => write!(f, "the search failed: {e}"),
        }
    }
}

impl core::error::Error for BlackjackError {}
