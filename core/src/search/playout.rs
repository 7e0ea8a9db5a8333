//! Hooks the searches take from a game: a simulation [`Policy`] and a [`MoveOrdering`], and the
//! [`playout`] that plays a state to its end.

use rand_core::Rng;

use super::SearchError;
use crate::game::{Game, MoveList, Turn};
use crate::rng;

/// Chooses a move for a player in a playout (Monte-Carlo simulation).
pub trait Policy<G: Game> {
    /// One of `moves` (the legal moves of `state`, never empty), or `None` to pick uniformly.
    fn choose<R: Rng + ?Sized>(
        &mut self,
        state: &G,
        moves: &MoveList<G::Move>,
        rng: &mut R,
    ) -> Option<G::Move>;

    /// Plays `state` to its end in one go, where the policy has a way of its own (state kept
    /// from ply to ply, such as an incrementally updated evaluation), and returns the plies
    /// played; `None` (the default) to be asked move by move with [`Policy::choose`], chance
    /// drawn by [`Game::sample_chance`].
    fn play_out<R: Rng + ?Sized>(&mut self, state: &mut G, rng: &mut R) -> Option<u32> {
        let _ = (state, rng);
        None
    }
}

/// Uniformly random moves: the default simulation policy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RandomPolicy;

impl<G: Game> Policy<G> for RandomPolicy {
    fn choose<R: Rng + ?Sized>(
        &mut self,
        _: &G,
        moves: &MoveList<G::Move>,
        rng: &mut R,
    ) -> Option<G::Move> {
        rng::choose(rng, moves).copied()
    }
}

/// Orders a state's moves before alpha-beta searches them: best first prunes most.
pub trait MoveOrdering<G: Game> {
    /// Reorders `moves`, the legal moves of `state` (it may also drop moves it knows are
    /// dominated, at the cost of exactness).
    fn order(&mut self, state: &G, moves: &mut MoveList<G::Move>);
}

/// Keeps the game's own move order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NaturalOrder;

impl<G: Game> MoveOrdering<G> for NaturalOrder {
    fn order(&mut self, _: &G, _: &mut MoveList<G::Move>) {}
}

impl<G: Game, F: FnMut(&G, &mut MoveList<G::Move>)> MoveOrdering<G> for F {
    fn order(&mut self, state: &G, moves: &mut MoveList<G::Move>) {
        self(state, moves);
    }
}

/// Plays `state` to its end: players move by `policy`, chance by [`Game::sample_chance`] (or
/// all of it by the policy's [`Policy::play_out`], if it has one).
/// Returns the plies played; fails after `max_plies` plies, or on a state with no move or
/// outcome.
pub fn playout<G, P, R>(
    state: &mut G,
    policy: &mut P,
    rng: &mut R,
    max_plies: u32,
) -> Result<u32, SearchError>
where
    G: Game,
    P: Policy<G> + ?Sized,
    R: Rng + ?Sized,
{
    if let Some(plies) = policy.play_out(state, rng) {
        return Ok(plies);
    }
    let mut moves = MoveList::new();
    let mut plies = 0;
    loop {
        let mv = match state.turn() {
            Turn::Terminal => return Ok(plies),
            Turn::Chance => state.sample_chance(rng).ok_or(SearchError::NoOutcome)?,
            Turn::Player(_) => {
                state.legal_moves(&mut moves);
                if moves.is_empty() {
                    return Err(SearchError::NoLegalMove);
                }
                match policy.choose(state, &moves, rng) {
                    Some(mv) => mv,
                    None => *rng::choose(rng, &moves).ok_or(SearchError::NoLegalMove)?,
                }
            }
        };
        if plies >= max_plies {
            return Err(SearchError::PlayoutTooLong { plies: max_plies });
        }
        state.apply(mv);
        plies += 1;
    }
}
