//! The greedy heuristic player: each card goes where the state heuristic is highest (one step
//! of the papers' best-move simulation, used as a player).

use rand_core::Rng;

use super::game::PokerSquares;
use super::grid::CELLS;
use super::heuristic::{Evaluator, HeuristicConfig};
use super::player::{Placer, PlayError};
use super::points::PointSystem;

/// Places each card in the cell of highest heuristic value (the first of equals).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GreedyPlayer {
    config: HeuristicConfig,
    eval: Evaluator,
}

impl GreedyPlayer {
    /// A greedy player with these heuristic weights.
    #[must_use]
    pub fn new(config: HeuristicConfig) -> GreedyPlayer {
        GreedyPlayer {
            config,
            eval: Evaluator::new(&PointSystem::AMERICAN, config),
        }
    }
}

impl Placer for GreedyPlayer {
    fn start_game(&mut self, system: &PointSystem) {
        self.eval = Evaluator::new(system, self.config);
    }

    fn place<R: Rng + ?Sized>(
        &mut self,
        game: &PokerSquares,
        _rng: &mut R,
    ) -> Result<usize, PlayError> {
        let card = game.drawn().ok_or(PlayError::NothingToPlace)?;
        let mut values = [0.0; CELLS];
        self.eval
            .placements(game.grid(), game.deck(), card, &mut values);
        let mut best: Option<(usize, f64)> = None;
        let mut free = game.grid().free_mask();
        while free != 0 {
            let cell = free.trailing_zeros() as usize;
            free &= free - 1;
            let v = values.get(cell).copied().unwrap_or(f64::NEG_INFINITY);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((cell, v));
            }
        }
        best.map(|(c, _)| c).ok_or(PlayError::NothingToPlace)
    }
}
