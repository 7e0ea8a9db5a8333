//! [`Valuation`]: what the learned players read of a position, whichever learned evaluation
//! gives it: the per-line tables ([`LearnedValues`](super::LearnedValues)) or the whole-grid
//! network ([`Net`](super::Net)). Expectimax and the rollouts are written once, on this trait;
//! an evaluation with a faster way to a result overrides the method that computes it.

use super::grid::CELLS;
use super::lines::Lines;
use super::points::PointSystem;
use crate::card::Card;

/// A learned evaluation of Poker Squares positions.
pub trait Valuation {
    /// The point system it was learned for.
    fn system(&self) -> &PointSystem;

    /// The value of `lines` just after a placement (no card drawn): the expected final score.
    fn afterstate(&self, lines: &Lines) -> f64;

    /// For every free cell `c` of `lines` (`card` drawn, not in its deck), `out[c]`: the merit
    /// of placing `card` there, comparable between cells (the afterstate's value, or its
    /// change from the position's); other entries untouched.
    fn placements(&self, lines: &Lines, card: Card, out: &mut [f64; CELLS]) {
        let mut m = lines.free_mask();
        while m != 0 {
            let cell = m.trailing_zeros() as usize;
            m &= m - 1;
            let mut after = *lines;
            after.place(cell, card);
            if let Some(o) = out.get_mut(cell) {
                *o = self.afterstate(&after);
            }
        }
    }

    /// The free cell of greatest [`placements`](Self::placements) merit (the first of
    /// equals), with that merit; `None` for a full grid.
    fn best_placement(&self, lines: &Lines, card: Card) -> Option<(usize, f64)> {
        let mut out = [0.0; CELLS];
        self.placements(lines, card, &mut out);
        let mut best: Option<(usize, f64)> = None;
        let mut free = lines.free_mask();
        while free != 0 {
            let cell = free.trailing_zeros() as usize;
            free &= free - 1;
            let v = out.get(cell).copied().unwrap_or(f64::NEG_INFINITY);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((cell, v));
            }
        }
        best
    }

    /// The value of `lines` once `card` (drawn) is placed at [`best_placement`](Valuation::best_placement)
    /// (Self::best_placement); over `card` drawn uniformly, its mean is the one-card
    /// expectimax value of the position (the rollouts' control variate rests on it). `None`
    /// for a full grid.
    fn greedy_placed_value(&self, lines: &Lines, card: Card) -> Option<f64> {
        let (cell, _) = self.best_placement(lines, card)?;
        let mut after = *lines;
        after.place(cell, card);
        Some(self.afterstate(&after))
    }

    /// For each cell `c` of `cells` (free cells of `lines`, which has at least two free cells
    /// and a card to come; `card` drawn, not in its deck), `out[c]`: the expected value, over
    /// the next card drawn uniformly, of the grid with `card` at `c` and that card placed
    /// greedily ([`greedy_placed_value`](Self::greedy_placed_value)).
    fn one_card(&self, lines: &Lines, card: Card, cells: u32, out: &mut [f64; CELLS]) {
        let mut m = cells;
        while m != 0 {
            let cell = m.trailing_zeros() as usize;
            m &= m - 1;
            let mut child = *lines;
            if !child.place(cell, card) {
                continue;
            }
            let (mut total, mut n) = (0.0, 0u32);
            for next in child.cards() {
                let mut grand = child;
                grand.draw(next);
                total += self.greedy_placed_value(&grand, next).unwrap_or(0.0);
                n += 1;
            }
            if let Some(o) = out.get_mut(cell) {
                *o = total / f64::from(n.max(1));
            }
        }
    }
}

/// The free cell of `lines` (`card` drawn, not in its deck) whose afterstate `valuation` values
/// most, the lowest of equals, with that value, trying one cell of each class the score cannot
/// tell apart ([`Lines::distinct_free_mask`]): the greedy placement of an evaluation that
/// values alike cells alike. `None` for a full grid.
pub fn distinct_best<V: Valuation + ?Sized>(
    valuation: &V,
    lines: &Lines,
    card: Card,
) -> Option<(usize, f64)> {
    let mut best: Option<(usize, f64)> = None;
    let mut m = lines.distinct_free_mask();
    while m != 0 {
        let cell = m.trailing_zeros() as usize;
        m &= m - 1;
        let mut after = *lines;
        after.place(cell, card);
        let v = valuation.afterstate(&after);
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((cell, v));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker_squares::learned::{LearnedValues, test_values};
    use crate::poker_squares::{PokerSquares, shuffled_deck};
    use crate::rng;

    /// A table seen only through [`Valuation::afterstate`]: every other method is the trait's.
    struct Plain<'a>(&'a LearnedValues);

    impl Valuation for Plain<'_> {
        fn system(&self) -> &PointSystem {
            self.0.system()
        }
        fn afterstate(&self, lines: &Lines) -> f64 {
            Valuation::afterstate(self.0, lines)
        }
    }

    /// The trait's methods, written once on the afterstate value, agree with the per-line
    /// table's own faster ones: the same greedy cells and values, the same one-card
    /// expectimax values (so a network, which has only the trait's, is searched alike).
    #[test]
    fn the_traits_methods_agree_with_the_tables_own() {
        let system = PointSystem::AMERICAN;
        let table = test_values(system, 300, 6);
        let plain = Plain(&table);
        let mut game = PokerSquares::new(system);
        let deal = shuffled_deck(&mut rng::seeded(5));
        for (i, &card) in deal.iter().take(CELLS).enumerate() {
            game.draw(card).unwrap();
            let lines = Lines::of(game.grid(), game.deck());
            let own = Valuation::greedy_placed_value(&table, &lines, card).unwrap();
            let generic = plain.greedy_placed_value(&lines, card).unwrap();
            assert!((own - generic).abs() < 1e-9, "placement {i}");
            let (cell, _) = Valuation::best_placement(&table, &lines, card).unwrap();
            if lines.free_cells() >= 2 {
                let cells = lines.distinct_free_mask();
                let (mut a, mut b) = ([0.0; CELLS], [0.0; CELLS]);
                table.one_card(&lines, card, cells, &mut a);
                plain.one_card(&lines, card, cells, &mut b);
                for c in 0..CELLS {
                    assert!((a[c] - b[c]).abs() < 1e-9, "placement {i} cell {c}");
                }
            }
            game.place(cell).unwrap();
        }
        assert!(game.grid().is_full());
    }
}
