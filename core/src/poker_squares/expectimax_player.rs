//! [`ExpectimaxPlayer`]: a placement chosen by expectimax over the next card (or two), with the grid
//! valued by learned values of abstract hands ([`LearnedValues`]) at the horizon.
//!
//! The shallow search the strongest players of the EAAI-2016 challenge put on top of their
//! learned hand values (Neller et al.): the drawn card goes where the expected value over the
//! next card, placed greedily, is greatest. The value of a grid is the sum of its ten lines'
//! values: a full line's score, a partial line's learned value given the deck and the free
//! cells.

use rand_core::Rng;

use super::game::PokerSquares;
use super::grid::{CELLS, Grid};
use super::learned::{LearnedValues, learned_cell};
use super::player::{Placer, PlayError};
use crate::card::Card;
use crate::cards::Cards;

/// How far [`ExpectimaxPlayer`] looks: the next card only, or the next two.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Lookahead {
    /// Expectation over the next card, placed greedily on the values (39 ms a game on this
    /// machine's one core: `std-host/results/pps/learned/`). The default.
    #[default]
    OneCard = 1,
    /// Expectation over the next card, placed by expectimax over the card after it, placed
    /// greedily (each inner decision considers one cell per class of cells the score cannot
    /// tell apart, [`Grid::distinct_free_mask`]).
    TwoCards = 2,
}

/// The placement of `game`'s drawn card that maximises the expected value, over the next
/// card drawn uniformly from the deck, of the grid after that card's placement: greedy on the
/// values at [`Lookahead::OneCard`], itself chosen by expectimax at [`Lookahead::TwoCards`] (the first of equals);
/// greedy on the values when no card follows.
pub fn expectimax_cell(
    values: &LearnedValues,
    game: &PokerSquares,
    lookahead: Lookahead,
) -> Option<usize> {
    let card = game.drawn()?;
    let grid = game.grid();
    let deck = game.deck();
    if grid.filled() + 1 >= CELLS || deck.is_empty() {
        return learned_cell(values, game);
    }
    let levels = match lookahead {
        Lookahead::OneCard => 0,
        Lookahead::TwoCards => 1,
    };
    let mut best: Option<(usize, f64)> = None;
    let mut free = grid.free_mask();
    while free != 0 {
        let cell = free.trailing_zeros() as usize;
        free &= free - 1;
        let mut after = *grid;
        if after.place(cell, card).is_err() {
            continue;
        }
        let v = chance_value(values, &after, deck, levels);
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((cell, v));
        }
    }
    best.map(|(c, _)| c)
}

/// The expected value of `grid` (not full) over the next card drawn uniformly from `deck`
/// (not empty), that card placed with `levels` more expectimax levels below it.
fn chance_value(values: &LearnedValues, grid: &Grid, deck: Cards, levels: u8) -> f64 {
    let mut total = 0.0;
    for next in deck {
        total += decision_value(values, grid, deck.without(next), next, levels);
    }
    total / deck.len() as f64
}

/// The value of `grid` once `card` is placed (`deck`: the cards after it): at level 0 the
/// values after its greedy placement, above that the best expectation over its placements.
fn decision_value(values: &LearnedValues, grid: &Grid, deck: Cards, card: Card, levels: u8) -> f64 {
    let free = CELLS - grid.filled();
    if levels == 0 || free <= 1 || deck.is_empty() {
        // The other lines as they will be after this card's placement.
        let base = values.grid_value(grid, deck, free.saturating_sub(1));
        let top = values
            .best_placement(grid, deck, card)
            .map_or(f64::NEG_INFINITY, |(_, gain)| gain);
        return base + top;
    }
    let mut best = f64::NEG_INFINITY;
    let mut cells = grid.distinct_free_mask();
    while cells != 0 {
        let cell = cells.trailing_zeros() as usize;
        cells &= cells - 1;
        let mut after = *grid;
        if after.place(cell, card).is_ok() {
            best = best.max(chance_value(values, &after, deck, levels - 1));
        }
    }
    best
}

/// Expectimax over the next card or two on learned values ([`expectimax_cell`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExpectimaxPlayer<'v> {
    values: &'v LearnedValues,
    lookahead: Lookahead,
}

impl<'v> ExpectimaxPlayer<'v> {
    /// A player searching `lookahead` cards ahead with `values` (learned for the system it will
    /// play).
    #[must_use]
    pub const fn new(values: &'v LearnedValues, lookahead: Lookahead) -> ExpectimaxPlayer<'v> {
        ExpectimaxPlayer { values, lookahead }
    }
}

impl Placer for ExpectimaxPlayer<'_> {
    fn place<R: Rng + ?Sized>(
        &mut self,
        game: &PokerSquares,
        _rng: &mut R,
    ) -> Result<usize, PlayError> {
        expectimax_cell(self.values, game, self.lookahead).ok_or(PlayError::NothingToPlace)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker_squares::learned::test_values;
    use crate::poker_squares::player::play_game;
    use crate::poker_squares::points::PointSystem;
    use crate::rng;

    #[test]
    fn full_grids_are_their_score_and_choices_are_free_cells() {
        let system = PointSystem::AMERICAN;
        let values = test_values(system, 300, 8);
        let mut p = ExpectimaxPlayer::new(&values, Lookahead::OneCard);
        let end = play_game(&mut p, &system, &mut rng::stream(1, 0)).unwrap();
        assert!(end.is_full());
        assert_eq!(
            values.grid_value(&end, Cards::EMPTY, 0),
            f64::from(end.score(&system))
        );
        // With one cell left there is no next card: the greedy choice, the only free cell.
        let mut game = PokerSquares::new(system);
        let deck = crate::poker_squares::shuffled_deck(&mut rng::seeded(2));
        for (i, &c) in deck.iter().take(CELLS).enumerate() {
            game.draw(c).unwrap();
            let cell = expectimax_cell(&values, &game, Lookahead::OneCard).unwrap();
            assert!(game.grid().is_free(cell), "placement {i}");
            if i == CELLS - 1 {
                assert_eq!(Some(cell), learned_cell(&values, &game));
            }
            game.place(cell).unwrap();
        }
    }

    /// With three cells left, two cards of lookahead reach the full grid: the choice is the
    /// exact expectimax of the final score, checked here by enumeration.
    #[test]
    fn two_cards_ahead_with_three_cells_left_is_exact() {
        let system = PointSystem::AMERICAN;
        let values = test_values(system, 200, 3);
        for seed in 0..4 {
            let mut game = PokerSquares::new(system);
            let deck = crate::poker_squares::shuffled_deck(&mut rng::seeded(seed));
            for &c in deck.iter().take(CELLS - 3) {
                game.draw(c).unwrap();
                game.place(learned_cell(&values, &game).unwrap()).unwrap();
            }
            game.draw(deck[CELLS - 3]).unwrap();
            let card = game.drawn().unwrap();
            let rest = game.deck();
            // Expected final score of each placement, the next card placed at its best.
            let exact = |cell: usize| {
                let mut g = *game.grid();
                g.place(cell, card).unwrap();
                let mut total = 0.0;
                for n1 in rest {
                    let mut best = f64::NEG_INFINITY;
                    let mut free = g.free_mask();
                    while free != 0 {
                        let c2 = free.trailing_zeros() as usize;
                        free &= free - 1;
                        let mut h = g;
                        h.place(c2, n1).unwrap();
                        let last = h.free_mask().trailing_zeros() as usize;
                        let mut sum = 0.0;
                        for n2 in rest.without(n1) {
                            let mut f = h;
                            f.place(last, n2).unwrap();
                            sum += f64::from(f.score(&system));
                        }
                        best = best.max(sum / (rest.len() - 1) as f64);
                    }
                    total += best;
                }
                total / rest.len() as f64
            };
            let mut free = game.grid().free_mask();
            let mut top = f64::NEG_INFINITY;
            while free != 0 {
                let c = free.trailing_zeros() as usize;
                free &= free - 1;
                top = top.max(exact(c));
            }
            let chosen = expectimax_cell(&values, &game, Lookahead::TwoCards).unwrap();
            assert!((exact(chosen) - top).abs() < 1e-9, "seed {seed}");
        }
    }
}
