//! [`ExpectimaxPlayer`]: a placement chosen by expectimax over the next card, with the grid
//! valued by learned values of abstract hands ([`LearnedValues`]) at the horizon.
//!
//! The shallow search the strongest players of the EAAI-2016 challenge put on top of their
//! learned hand values (Neller et al.): the drawn card goes where the expected value over the
//! next card, placed greedily, is greatest. The value of a grid is the sum of its ten lines'
//! values: a full line's score, a partial line's learned value given the deck and the free
//! cells.

use rand_core::Rng;

use super::game::PokerSquares;
use super::grid::CELLS;
use super::learned::{LearnedValues, learned_cell};
use super::player::{Placer, PlayError};

/// The placement of `game`'s drawn card that maximises the expected value, over the next
/// card drawn uniformly from the deck, of the grid after that card's best placement (the
/// first of equals); greedy on the values when no card follows.
pub fn expectimax_cell(values: &LearnedValues, game: &PokerSquares) -> Option<usize> {
    let card = game.drawn()?;
    let grid = game.grid();
    let deck = game.deck();
    if grid.filled() + 1 >= CELLS || deck.is_empty() {
        return learned_cell(values, game);
    }
    let mut best: Option<(usize, f64)> = None;
    let mut free = grid.free_mask();
    while free != 0 {
        let cell = free.trailing_zeros() as usize;
        free &= free - 1;
        let mut after = *grid;
        if after.place(cell, card).is_err() {
            continue;
        }
        let mut total = 0.0;
        for next in deck {
            let rest = deck.without(next);
            // The other lines as they will be after the next card's placement.
            let later = (CELLS - after.filled()).saturating_sub(1);
            let base = values.grid_value(&after, rest, later);
            let top = values
                .best_placement(&after, rest, next)
                .map_or(f64::NEG_INFINITY, |(_, gain)| gain);
            total += base + top;
        }
        let v = total / deck.len() as f64;
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((cell, v));
        }
    }
    best.map(|(c, _)| c)
}

/// Expectimax over the next card on learned values ([`expectimax_cell`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExpectimaxPlayer<'v> {
    values: &'v LearnedValues,
}

impl<'v> ExpectimaxPlayer<'v> {
    /// A player searching with `values` (learned for the system it will play).
    #[must_use]
    pub const fn new(values: &'v LearnedValues) -> ExpectimaxPlayer<'v> {
        ExpectimaxPlayer { values }
    }
}

impl Placer for ExpectimaxPlayer<'_> {
    fn place<R: Rng + ?Sized>(
        &mut self,
        game: &PokerSquares,
        _rng: &mut R,
    ) -> Result<usize, PlayError> {
        expectimax_cell(self.values, game).ok_or(PlayError::NothingToPlace)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Cards;
    use crate::poker_squares::abstraction::AbstractHand;
    use crate::poker_squares::learned::self_play;
    use crate::poker_squares::player::play_game;
    use crate::poker_squares::points::PointSystem;
    use crate::rng;

    #[test]
    fn full_grids_are_their_score_and_choices_are_free_cells() {
        let system = PointSystem::AMERICAN;
        let mut sums = [0i64; AbstractHand::COUNT];
        let mut counts = [0u64; AbstractHand::COUNT];
        let mut r = rng::seeded(8);
        for _ in 0..300 {
            self_play(&system, None, 0, &mut r, |s, v| {
                sums[s.index()] += i64::from(v);
                counts[s.index()] += 1;
            });
        }
        let values = LearnedValues::from_sums(system, &sums, &counts, 300);
        let mut p = ExpectimaxPlayer::new(&values);
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
            let cell = expectimax_cell(&values, &game).unwrap();
            assert!(game.grid().is_free(cell), "placement {i}");
            if i == CELLS - 1 {
                assert_eq!(Some(cell), learned_cell(&values, &game));
            }
            game.place(cell).unwrap();
        }
    }
}
