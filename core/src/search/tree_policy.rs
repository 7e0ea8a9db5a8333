//! [`TreePolicy`]: how a game's knowledge shapes the tree [`uct_with`](super::uct_with) grows,
//! beside the simulation [`Policy`](super::Policy) that plays out from its leaves.

use crate::game::{Game, MoveList, Side};

/// Hooks of the UCT kernel into a game's knowledge, each with the default of plain UCT:
/// which children a player's node gets, which of them selection never takes (pruning), the
/// value of a leaf without a playout (an evaluation function), and the reward an iteration
/// backs up for a value (squashing).
///
/// The Poker Squares player of the DePauw papers (`../shared/papers/004_…`, "Domain
/// Knowledge") is UCT with all three: one child per class of placements the score cannot tell
/// apart, the heuristic's pruning rule at each new choice node, and squashed scores
/// ([`poker_squares::MctsPlayer`](crate::poker_squares::MctsPlayer)).
pub trait TreePolicy<G: Game> {
    /// The children a player's node of `state` gets, in `moves` (cleared first). Default:
    /// every legal move.
    fn tree_moves(&mut self, state: &G, moves: &mut MoveList<G::Move>) {
        state.legal_moves(moves);
    }

    /// Which of the children just created for `state` (their moves in `moves`, in order)
    /// selection never takes: bit `i` for child `i`, children from 64 on never pruned. Called
    /// once, when the node is expanded. Default: none. A node whose children are all pruned
    /// is an error of the search ([`SearchError::NoLegalMove`](super::SearchError)).
    fn prune(&mut self, state: &G, moves: &[G::Move]) -> u64 {
        let _ = (state, moves);
        0
    }

    /// Whether [`TreePolicy::leaf_value`] values the non-terminal leaf `state` an iteration
    /// reached, instead of a playout. Default: never.
    fn evaluates(&mut self, state: &G) -> bool {
        let _ = state;
        false
    }

    /// The value for `side` of a leaf [`TreePolicy::evaluates`] took: an estimate of the
    /// terminal value play from `state` leads to, in the game's
    /// [`ValueRange`](crate::ValueRange) (outside it, the search stops with
    /// [`SearchError::ValueOutOfRange`](super::SearchError)). Default: the state's own value.
    fn leaf_value(&mut self, state: &G, side: Side) -> f64 {
        state.value(side)
    }

    /// The reward an iteration backs up for the value `value` of its terminal state or
    /// evaluated leaf (already checked to lie in the game's
    /// [`ValueRange`](crate::ValueRange)). Default: the value itself.
    fn reward(&self, value: f64) -> f64 {
        value
    }
}

/// Plain UCT: every legal move a child, nothing pruned, values backed up as they are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlainTree;

impl<G: Game> TreePolicy<G> for PlainTree {}
