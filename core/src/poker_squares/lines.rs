//! [`Lines`]: what learned values read of a position (the ten lines summarised, the free cells,
//! the deck counted), kept up to date through a playout.
//!
//! A placement changes one row and one column and a draw changes the deck's counts of one suit
//! and one rank; rebuilding the summaries from the grid at every decision of a playout cost
//! about a quarter of the rollout player's time (`perf`, `std-host/results/pps/learned/`).

use super::abstraction::DeckCounts;
use super::grid::{CELLS, Grid, LINES, SIZE, lines_of};
use super::hand::HandSummary;
use super::points::PointSystem;
use crate::card::Card;
use crate::cards::Cards;

/// The ten lines of a position (rows 0-4, then columns 0-4), its free cells and its deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Lines {
    summaries: [HandSummary; LINES],
    free: u32,
    deck: DeckCounts,
    cards: Cards,
}

impl Lines {
    /// The lines of `grid` with `deck` still to come.
    #[must_use]
    pub fn of(grid: &Grid, deck: Cards) -> Lines {
        let mut summaries = [HandSummary::EMPTY; LINES];
        for (line, s) in summaries.iter_mut().enumerate() {
            *s = grid.summary(line);
        }
        Lines {
            summaries,
            free: grid.free_mask(),
            deck: DeckCounts::of(deck),
            cards: deck,
        }
    }

    /// The summary of line `line` (empty for a line out of range).
    #[must_use]
    pub fn summary(&self, line: usize) -> HandSummary {
        self.summaries
            .get(line)
            .copied()
            .unwrap_or(HandSummary::EMPTY)
    }

    /// The free cells as bits `1 << cell`.
    #[must_use]
    pub const fn free_mask(&self) -> u32 {
        self.free
    }

    /// One free cell of each class of placements the score cannot tell apart (as
    /// [`Grid::distinct_free_mask`]: empty rows are alike, and so are empty columns).
    #[must_use]
    pub fn distinct_free_mask(&self) -> u32 {
        let empty = |line: usize| self.summary(line).len == 0;
        super::grid::distinct_cells(
            self.free,
            core::array::from_fn(empty),
            core::array::from_fn(|c| empty(SIZE + c)),
        )
    }

    /// How many cells are free.
    #[must_use]
    pub const fn free_cells(&self) -> usize {
        self.free.count_ones() as usize
    }

    /// Whether every cell is filled.
    #[must_use]
    pub const fn is_full(&self) -> bool {
        self.free == 0
    }

    /// The deck's counts.
    #[must_use]
    pub const fn deck(&self) -> &DeckCounts {
        &self.deck
    }

    /// The cards still to come.
    pub const fn cards(&self) -> Cards {
        self.cards
    }

    /// `card` leaves the deck (drawn).
    pub fn draw(&mut self, card: Card) {
        if self.cards.remove(card) {
            self.deck.remove(card);
        }
    }

    /// `card` goes to `cell`; a cell that is not free is left as it is (`false`).
    pub fn place(&mut self, cell: usize, card: Card) -> bool {
        if cell >= CELLS || self.free & 1 << cell == 0 {
            return false;
        }
        self.free &= !(1 << cell);
        let (row, col) = lines_of(cell);
        for line in [row, col] {
            if let Some(s) = self.summaries.get_mut(line) {
                s.add(card);
            }
        }
        true
    }

    /// The score of the ten lines under `system` as they stand (the final score once full),
    /// summed as [`Grid::score`] sums it.
    #[must_use]
    pub fn score(&self, system: &PointSystem) -> i64 {
        self.summaries
            .iter()
            .map(|s| i64::from(system.score(s.class())))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker_squares::shuffled_deck;
    use crate::rng;

    #[test]
    fn kept_up_to_date_it_is_the_lines_of_the_grid() {
        let deal = shuffled_deck(&mut rng::seeded(3));
        let mut grid = Grid::EMPTY;
        let mut deck = Cards::ALL;
        let mut lines = Lines::of(&grid, deck);
        // Cells in a scattered order.
        for (i, &card) in deal.iter().take(CELLS).enumerate() {
            let cell = (i * 7) % CELLS;
            deck.remove(card);
            lines.draw(card);
            grid.place(cell, card).unwrap();
            assert!(lines.place(cell, card));
            assert!(!lines.place(cell, card), "a filled cell is refused");
            assert_eq!(lines, Lines::of(&grid, deck));
            assert_eq!(lines.free_cells(), CELLS - grid.filled());
        }
        assert!(lines.is_full());
        for system in [PointSystem::AMERICAN, PointSystem::BRITISH] {
            assert_eq!(lines.score(&system), grid.score(&system));
        }
    }
}
