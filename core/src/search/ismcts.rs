//! Information-set MCTS: [`InformationSet`], a game as one player sees it, and [`ismcts`],
//! UCT's kernel (`uct.rs`) with a fresh determinization each iteration.

use rand_core::Rng;

use super::SearchError;
use super::clock::NoClock;
use super::playout::Policy;
use super::tree_policy::PlainTree;
use super::uct::{Source, UctResult, run};
use super::uct_config::UctConfig;
use crate::game::{Game, MoveList};
use crate::tree::{Storage, TreeInner};

/// A game as one player sees it, for [`ismcts`]: the states it cannot tell apart (its
/// information set) and the moves that may be made in them.
pub trait InformationSet<G: Game> {
    /// Draws one state of the information set (a *determinization*) for an iteration; `None`
    /// if none can be drawn, which stops the search with [`SearchError::NoDeterminization`].
    fn determinize<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<G>;

    /// Every move the player to move at `state` could make in some state of the information
    /// set reached by the same moves: a superset of `state`'s legal moves, the same list for
    /// every such state (for a hidden hand, every card that hand might hold). The tree gets
    /// one child per move listed here; each iteration chooses among those its own state allows.
    fn possible_moves(&self, state: &G, moves: &mut MoveList<G::Move>);
}

/// Information-set MCTS (Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree
/// Search", IEEE TCIAIG 4(2), 2012, single-observer form): [`uct`](super::uct()) with a fresh
/// [determinization](InformationSet::determinize) each iteration, all of them in one tree.
///
/// A node's children are the moves [`InformationSet::possible_moves`] lists; an iteration
/// selects only among the children its own state allows (unvisited ones first, then by the
/// UCT formula with the parent's visits as `n`, as OpenSpiel's `ismcts.cc` does, rather than
/// the paper's per-child availability counts, which a 16-byte node has no room for), and plays
/// and values the game in that state. Everything else (backups, expansion, final move, the
/// tree-full rule, determinism) is [`uct`](super::uct())'s. The root's children are the root player's own
/// moves, which every determinization allows, so their statistics are plain UCB1's.
pub fn ismcts<G, I, P, R, B>(
    tree: &mut TreeInner<G::Move, B>,
    info: &mut I,
    config: &UctConfig,
    policy: &mut P,
    rng: &mut R,
) -> Result<UctResult<G::Move>, SearchError>
where
    G: Game,
    I: InformationSet<G> + ?Sized,
    P: Policy<G> + ?Sized,
    R: Rng + ?Sized,
    B: Storage<G::Move>,
{
    let first = info
        .determinize(rng)
        .ok_or(SearchError::NoDeterminization)?;
    let mut source = Hidden {
        info,
        first: Some(first.clone()),
    };
    run(
        tree,
        &first,
        &mut source,
        &mut PlainTree,
        config,
        &NoClock,
        policy,
        rng,
    )
}

/// An information set: a determinization per iteration (the first one drawn already).
struct Hidden<'i, G, I: ?Sized> {
    info: &'i mut I,
    first: Option<G>,
}

impl<G: Game, I: InformationSet<G> + ?Sized> Source<G> for Hidden<'_, G, I> {
    const RESTRICTS: bool = true;
    fn next_state<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<G, SearchError> {
        match self.first.take() {
            Some(s) => Ok(s),
            None => self
                .info
                .determinize(rng)
                .ok_or(SearchError::NoDeterminization),
        }
    }
    fn tree_moves(&self, state: &G, moves: &mut MoveList<G::Move>) -> bool {
        self.info.possible_moves(state, moves);
        true
    }
}
