//! Flat Monte Carlo (the lecture slides "Game Playing", after Russell & Norvig, sections
//! 5.1-5.3 and 5.5, undated, 2017 or later; "Monte Carlo"): `k` playouts after each root
//! move, and the move with the best mean wins. The baseline UCT improves on.

use rand_core::Rng;

use super::SearchError;
use super::playout::{Policy, playout};
use super::uct::ChildStat;
use crate::game::{Game, MAX_MOVES, MoveList, Turn};

/// The result of [`flat_monte_carlo`].
#[derive(Clone, Debug, PartialEq)]
pub struct FlatResult<M> {
    /// The root move of highest mean value (the first one on ties).
    pub best: Option<M>,
    /// Each root move with its mean value for the root player's side and its playouts.
    pub moves: heapless::Vec<ChildStat<M>, MAX_MOVES>,
    /// Playouts run.
    pub playouts: u64,
    /// Plies played in all playouts, root moves included.
    pub plies: u64,
}

/// Runs `k` playouts with `policy` after each legal move of the player to act at `state` and
/// scores each move by the mean value of the playouts for that player's side. A root that is
/// terminal or a chance state has no moves to score: the result is empty.
pub fn flat_monte_carlo<G, P, R>(
    state: &G,
    k: u32,
    policy: &mut P,
    rng: &mut R,
    max_plies: u32,
) -> Result<FlatResult<G::Move>, SearchError>
where
    G: Game,
    P: Policy<G> + ?Sized,
    R: Rng + ?Sized,
{
    let mut result = FlatResult {
        best: None,
        moves: heapless::Vec::new(),
        playouts: 0,
        plies: 0,
    };
    let Turn::Player(player) = state.turn() else {
        return Ok(result);
    };
    let side = state.side_of(player);
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let mut best_value = f64::NEG_INFINITY;
    for &mv in &moves {
        let mut sum = 0.0;
        for _ in 0..k {
            let mut s = state.clone();
            s.apply(mv);
            result.plies += u64::from(playout(&mut s, policy, rng, max_plies)?) + 1;
            result.playouts += 1;
            sum += s.value(side);
        }
        let value = if k > 0 { sum / f64::from(k) } else { 0.0 };
        if k > 0 && value > best_value {
            best_value = value;
            result.best = Some(mv);
        }
        // At most MAX_MOVES moves, so this always fits.
        let _ = result.moves.push(ChildStat {
            mv,
            value,
            visits: k,
        });
    }
    Ok(result)
}
