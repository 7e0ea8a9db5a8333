//! Flat Monte Carlo: every placement gets the same number of random playouts; the best mean
//! wins (like the framework's greedy Monte-Carlo player, about 75 American points per
//! `issues show 6`).

use rand_core::Rng;

use super::game::PokerSquares;
use super::heuristic::{Evaluator, HeuristicConfig};
use super::player::{Placer, PlayError};
use super::prune::PruneRule;
use super::simulate::{Simulation, simulate};

/// Flat Monte Carlo with random playouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlatPlayer {
    /// Playouts per move, shared evenly among the free cells (at least one each).
    pub playouts: u32,
}

impl FlatPlayer {
    /// A player with `playouts` playouts per move.
    #[must_use]
    pub const fn new(playouts: u32) -> FlatPlayer {
        FlatPlayer { playouts }
    }
}

impl Placer for FlatPlayer {
    fn place<R: Rng + ?Sized>(
        &mut self,
        game: &PokerSquares,
        rng: &mut R,
    ) -> Result<usize, PlayError> {
        let free = game.grid().free_mask();
        let n = free.count_ones();
        if n == 0 || game.drawn().is_none() {
            return Err(PlayError::NothingToPlace);
        }
        let each = (self.playouts / n).max(1);
        // Random playouts use neither; they are here for the common signature.
        let eval = Evaluator::new(game.system(), HeuristicConfig::PAPER);
        let mut best: Option<(usize, i64)> = None;
        let mut m = free;
        while m != 0 {
            let cell = m.trailing_zeros() as usize;
            m &= m - 1;
            let mut total = 0i64;
            for _ in 0..each {
                let mut g = *game;
                if g.place(cell).is_err() {
                    return Err(PlayError::IllegalPlacement);
                }
                total += simulate(&mut g, Simulation::Random, &eval, &PruneRule::PAPER, rng);
            }
            if best.is_none_or(|(_, b)| total > b) {
                best = Some((cell, total));
            }
        }
        best.map(|(c, _)| c).ok_or(PlayError::NothingToPlace)
    }
}
