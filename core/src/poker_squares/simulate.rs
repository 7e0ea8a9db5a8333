//! The simulation (playout) policies of paper 004 ("Modified Simulation", Table 3).

use rand_core::Rng;

use super::game::PokerSquares;
use super::grid::CELLS;
use super::heuristic::{Evaluator, LineCache};
use super::prune::{PruneRule, best_index};
use super::random_player::random_cell;
use crate::rng;

/// How a playout places cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Simulation {
    /// Uniformly random free cells.
    Random = 0,
    /// Random, but the heuristic of every placement is computed and thrown away ("Random +
    /// Calc.": the cost of the heuristic without its use).
    RandomCalc = 1,
    /// Random among the placements the pruning rule keeps ("Prune + Random").
    PruneRandom = 2,
    /// The placement of highest heuristic value ("Best Move").
    BestMove = 3,
}

/// Plays `game` to the end with `policy` (random draws from the deck, placements by the
/// policy) and returns the final score.
pub fn simulate<R: Rng + ?Sized>(
    game: &mut PokerSquares,
    policy: Simulation,
    eval: &Evaluator,
    prune: &PruneRule,
    rng: &mut R,
) -> i32 {
    let mut values = [0.0f64; CELLS];
    let mut kids = [0.0f64; CELLS];
    let mut cells = [0usize; CELLS];
    let mut cache = match policy {
        Simulation::Random => None,
        _ => Some(LineCache::new(eval, game.grid(), game.deck())),
    };
    while !game.grid().is_full() {
        if game.drawn().is_none() {
            if game.draw_random(rng).is_none() {
                break;
            }
            if let Some(c) = cache.as_mut() {
                c.redeal(eval, game.deck());
            }
        }
        let Some(card) = game.drawn() else { break };
        let cell = match &cache {
            None => random_cell(game, rng),
            Some(lines) => {
                let free = game.grid().free_mask();
                let parent = lines.placements(eval, free, card, game.deck(), &mut values);
                let mut n = 0;
                let mut free = game.grid().free_mask();
                while free != 0 {
                    let c = free.trailing_zeros() as usize;
                    free &= free - 1;
                    if let (Some(k), Some(slot), Some(v)) =
                        (kids.get_mut(n), cells.get_mut(n), values.get(c))
                    {
                        *k = *v;
                        *slot = c;
                        n += 1;
                    }
                }
                let kids = kids.get(..n).unwrap_or(&[]);
                let cells = cells.get(..n).unwrap_or(&[]);
                match policy {
                    Simulation::BestMove => best_index(kids).and_then(|i| cells.get(i).copied()),
                    Simulation::PruneRandom => {
                        let pruned = prune.prune(kids, parent);
                        let keep = n - pruned.count_ones() as usize;
                        let k = rng::index(rng, keep);
                        (0..n)
                            .filter(|&i| pruned & (1 << i) == 0)
                            .nth(k)
                            .and_then(|i| cells.get(i).copied())
                    }
                    _ => {
                        core::hint::black_box(kids);
                        random_cell(game, rng)
                    }
                }
            }
        };
        let Some(cell) = cell else { break };
        if game.place(cell).is_err() {
            break;
        }
        if let Some(c) = cache.as_mut() {
            c.place(eval, cell, card, game.deck());
        }
    }
    game.score()
}
