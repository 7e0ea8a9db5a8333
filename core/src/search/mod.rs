//! The searches: exhaustive and depth-limited ([`minimax`], [`alpha_beta`],
//! [`iterative_deepening`], [`expectiminimax`]) and Monte-Carlo ([`flat_monte_carlo`],
//! [`uct`]). They know the [`Game`] trait and nothing of any game; none allocates or panics.
//!
//! Values: exhaustive searches report the value for side 0 (`Side(0)`), which player nodes of
//! side 0 maximise and the other side's player nodes minimise; they need at most two sides,
//! with constant-sum values. Every search reports the nodes (states) it visited.

mod clock;
mod exhaustive;
mod expectimax;
mod flat;
mod ismcts;
mod playout;
mod tree_policy;
mod uct;
mod uct_config;

use core::fmt;

#[cfg(test)]
pub(crate) use clock::Ticks;
pub use clock::{Clock, NoClock};
pub use exhaustive::{Deepening, DeepeningBudget, alpha_beta, iterative_deepening, minimax};
pub use expectimax::expectiminimax;
pub use flat::{FlatResult, flat_monte_carlo};
pub use ismcts::{InformationSet, ismcts};
pub use playout::{MoveOrdering, NaturalOrder, Policy, RandomPolicy, playout};
pub use tree_policy::{PlainTree, TreePolicy};
pub use uct::{CLOCK_EVERY, ChildStat, UctResult, keep_subtree, uct, uct_with};
pub use uct_config::{Backup, BackupRule, Expansion, Exploration, FinalMove, UctConfig};

use crate::game::{Game, Side};
use crate::power_mean::MeanError;
use crate::tree::TreeError;

/// The result of an exhaustive or depth-limited search.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Outcome<M> {
    /// The value for side 0 under optimal play (to the depth searched).
    pub value: f64,
    /// The best move of the player to act at the root (`None` at a terminal or chance root).
    pub best: Option<M>,
    /// States visited, the root included.
    pub nodes: u64,
}

/// Why a search could not give a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum SearchError {
    /// Minimax and alpha-beta met a chance state: use [`expectiminimax`] or a Monte-Carlo search.
    ChanceNode,
    /// A chance state cannot list its outcomes, which exact expectiminimax needs.
    OutcomesNotListed,
    /// A chance state gave no outcome to sample.
    NoOutcome,
    /// A player is to act but has no legal move (a bug in the game).
    NoLegalMove,
    /// The search needs at most this many sides (two for minimax-style searches, one value
    /// per side up to [`MAX_SIDES`](crate::MAX_SIDES) for UCT); the game has more.
    TooManySides {
        /// The game's number of sides.
        sides: u8,
    },
    /// A playout did not end within the configured number of plies.
    PlayoutTooLong {
        /// The limit.
        plies: u32,
    },
    /// The node budget or deadline stopped iterative deepening before depth 1 completed.
    NoIterationCompleted,
    /// The tree could not hold even the root (capacity 0), or was given a foreign node.
    Tree(TreeError),
    /// A power-mean backup failed.
    Mean(MeanError),
    /// The game's value range is not two finite numbers with `lo <= hi`.
    BadRange,
    /// A terminal value is NaN or outside the game's declared range.
    ValueOutOfRange,
    /// [`ismcts`] could not draw a state of the information set.
    NoDeterminization,
    /// The recursion of an exhaustive search went deeper than [`MAX_PLIES`] plies (a game
    /// that does not end, searched without a depth limit).
    TooDeep,
}

/// The deepest recursion of the exhaustive searches, in plies: far beyond any card game's
/// length (bridge has 52 plies, Poker Squares 50), and a stop for games that never end.
pub const MAX_PLIES: u32 = 512;

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::ChanceNode => {
                f.write_str("chance state in minimax or alpha-beta: use expectiminimax")
            }
            SearchError::OutcomesNotListed => {
                f.write_str("the game cannot list this chance state's outcomes")
            }
            SearchError::NoOutcome => f.write_str("a chance state gave no outcome"),
            SearchError::NoLegalMove => f.write_str("a player to act has no legal move"),
            SearchError::TooManySides { sides } => {
                write!(
                    f,
                    "the game has {sides} sides, more than this search handles"
                )
            }
            SearchError::PlayoutTooLong { plies } => {
                write!(f, "a playout did not end within {plies} plies")
            }
            SearchError::NoIterationCompleted => {
                f.write_str("the budget ran out before the first iteration completed")
            }
            SearchError::Tree(e) => write!(f, "search tree: {e}"),
            SearchError::Mean(e) => write!(f, "backup: {e}"),
            SearchError::BadRange => f.write_str("the game's value range is not lo <= hi, finite"),
            SearchError::ValueOutOfRange => {
                f.write_str("a terminal value is NaN or outside the game's value range")
            }
            SearchError::NoDeterminization => {
                f.write_str("no state of the information set could be drawn")
            }
            SearchError::TooDeep => write!(f, "the search went deeper than {MAX_PLIES} plies"),
        }
    }
}

impl core::error::Error for SearchError {}

impl From<TreeError> for SearchError {
    fn from(e: TreeError) -> Self {
        SearchError::Tree(e)
    }
}

impl From<MeanError> for SearchError {
    fn from(e: MeanError) -> Self {
        SearchError::Mean(e)
    }
}

/// Whether a player of `side` maximises the value for side 0 (it minimises it otherwise).
fn maximises(side: Side) -> bool {
    side == Side(0)
}

/// Whether `v` improves on `best` for a player who maximises (`max`) or minimises; any value
/// improves on no move at all (so `best` can start as `(0.0, None)`).
fn improves<M>(max: bool, v: f64, best: &(f64, Option<M>)) -> bool {
    best.1.is_none() || if max { v > best.0 } else { v < best.0 }
}

/// Fails unless the game has at most `max` sides.
fn check_sides<G: Game>(max: u8) -> Result<(), SearchError> {
    if G::SIDES > max {
        Err(SearchError::TooManySides { sides: G::SIDES })
    } else {
        Ok(())
    }
}
