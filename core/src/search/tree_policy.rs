//! [`TreePolicy`]: how a game's knowledge shapes the tree [`uct_with`](super::uct_with) grows,
//! beside the simulation [`Policy`](super::Policy) that plays out from its leaves.

use crate::game::{Game, MoveList, Side};

/// Hooks of the UCT kernel into a game's knowledge, each with the default of plain UCT:
/// which children a player's node gets, which of them selection never takes (pruning), which
/// one it must take (progressive unpruning), whether a chance state is a node (open or closed
/// loop), the value of a leaf without a playout (an evaluation function), and the reward an
/// iteration backs up for a value (squashing).
///
/// The Poker Squares player of the DePauw papers (Arrington, Langley & Bogaerts, "Using Domain
/// Knowledge to Improve Monte-Carlo Tree Search Performance in Parameterized Poker Squares",
/// AAAI 2016, "Domain Knowledge") is UCT with children by class, pruning and squashing: one
/// child per class of placements the score cannot tell apart, the heuristic's pruning rule at
/// each new choice node, and squashed scores
/// ([`poker_squares::MctsPlayer`](crate::poker_squares::MctsPlayer)). The Blackjack player of
/// "MCTS for Black Jack" (an undated student report) is UCT with an open loop and, beyond the
/// paper, progressive unpruning ([`blackjack::MctsPlayer`](crate::blackjack::MctsPlayer)).
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

    /// Whether [`TreePolicy::tree_moves`] may give moves the state does not allow (as an
    /// open-loop tree's nodes must, see [`TreePolicy::chance_node`]); selection then takes
    /// only the moves each iteration's state allows, at every node. Asked once a search.
    /// Default: `false`, every child of a node is legal whenever the node is reached in the
    /// tree (after a chance state without a node, selection checks anyway).
    fn superset_moves(&self) -> bool {
        false
    }

    /// Whether the chance state `state` reached in the tree gets a node of its own. Default:
    /// yes, one child per outcome (a closed loop). `false`: the iteration samples the outcome
    /// and stays on the node it is on, which then stands for every outcome: an open-loop
    /// tree, keyed by the players' moves (the Blackjack search of "MCTS for Black Jack",
    /// whose "hit node" stands for every card). Such a node may be reached in states whose
    /// legal moves differ, so [`TreePolicy::tree_moves`] should give every move any of them
    /// allows; selection then takes only those the iteration's state allows.
    fn chance_node(&mut self, state: &G) -> bool {
        let _ = state;
        true
    }

    /// A move selection must take at a player's node of `state` below the root that has
    /// been visited `visits` times, instead of the UCT formula (it is taken if it is one of
    /// the node's children, not pruned and legal). Progressive unpruning (Chaslot, Winands,
    /// van den Herik, Uiterwijk, Bouzy, "Progressive strategies for Monte-Carlo tree
    /// search", New Mathematics and Natural Computation 4(3), 2008) plays a default policy's
    /// move until a node has been visited enough. Default: `None`, the formula everywhere.
    fn forced_move(&mut self, state: &G, visits: u32) -> Option<G::Move> {
        let _ = (state, visits);
        None
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
