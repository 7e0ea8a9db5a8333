//! The simple rules the papers use instead of search for the first, second, next-to-last and
//! last moves (Arrington, Langley & Bogaerts, "Using Domain Knowledge to Improve Monte-Carlo
//! Tree Search Performance in Parameterized Poker Squares", AAAI 2016, "MCTS Application to
//! PPS"; its 2015 draft by Bogaerts, Arrington & Langley, Conclusion 2).

use super::game::PokerSquares;
use super::grid::{CELLS, SIZE};
use super::heuristic::Evaluator;

/// The cell the simple rules choose, or `None` where search should decide (moves 3 to 23).
///
/// - First card: every cell is alike (rows and columns may be permuted): cell 0.
/// - Second card: two kinds of cell, sharing a line with the first card or not; the one of
///   higher heuristic value (sharing a row stands for sharing a column: the transpose).
/// - Next-to-last card: exactly, the cell with the higher expected final score over the last
///   card drawn uniformly from the deck.
/// - Last card: the one free cell.
#[must_use]
pub fn simple_rule(game: &PokerSquares, eval: &Evaluator) -> Option<usize> {
    let grid = game.grid();
    let card = game.drawn()?;
    let free = grid.free_mask();
    match (grid.filled(), free.count_ones()) {
        (0, _) => Some(0),
        (1, _) => {
            let first = (0..CELLS).find(|&c| !grid.is_free(c))?;
            let (r, k) = (first / SIZE, first % SIZE);
            let same_line = r * SIZE + (k + 1) % SIZE;
            let apart = ((r + 1) % SIZE) * SIZE + (k + 1) % SIZE;
            let mut values = [0.0; CELLS];
            eval.placements(grid, game.deck(), card, &mut values);
            let (vs, va) = (values.get(same_line)?, values.get(apart)?);
            Some(if vs > va { same_line } else { apart })
        }
        (_, 1) => Some(free.trailing_zeros() as usize),
        (_, 2) => {
            let a = free.trailing_zeros() as usize;
            let b = (free & (free - 1)).trailing_zeros() as usize;
            let ea = expected_last(game, a, b)?;
            let eb = expected_last(game, b, a)?;
            Some(if eb > ea { b } else { a })
        }
        _ => None,
    }
}

/// The sum of final scores over every last card of the deck, with the drawn card in `cell`
/// and the last one in `last` (a sum: the deck size is the same for both cells).
fn expected_last(game: &PokerSquares, cell: usize, last: usize) -> Option<i64> {
    let mut g = *game;
    g.place(cell).ok()?;
    let mut sum = 0i64;
    for c in game.deck() {
        let mut end = *g.grid();
        end.place(last, c).ok()?;
        sum += end.score(game.system());
    }
    Some(sum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker_squares::{Grid, HeuristicConfig, PointSystem};

    #[test]
    fn first_last_and_next_to_last() {
        let system = PointSystem::AMERICAN;
        let eval = Evaluator::new(&system, HeuristicConfig::PAPER);
        let mut g = PokerSquares::new(system);
        g.draw("AS".parse().unwrap()).unwrap();
        assert_eq!(simple_rule(&g, &eval), Some(0));
        g.place(0).unwrap();
        g.draw("KS".parse().unwrap()).unwrap();
        let second = simple_rule(&g, &eval).unwrap();
        // Same row (cell 1) or apart (cell 6), whichever the heuristic prefers.
        let mut values = [0.0; CELLS];
        eval.placements(g.grid(), g.deck(), g.drawn().unwrap(), &mut values);
        assert_eq!(second, if values[1] > values[6] { 1 } else { 6 });
        // Two cells left: 9H completes a straight flush in row 4 (cell 24) or nothing in
        // cell 23's column... the exact rule must take the straight flush.
        let grid: Grid =
            "2C 3D 4S 7C 8D 9C TD 2S 3H 5S QC 4D AC 6H JD KS 6C 8S 3C 2D 5H 6D 7H -- --"
                .parse()
                .unwrap();
        let mut g = PokerSquares::from_grid(grid, system);
        g.draw("8H".parse().unwrap()).unwrap();
        let free = g.grid().free_mask();
        assert_eq!(free.count_ones(), 2);
        let cell = simple_rule(&g, &eval).unwrap();
        let mut a = g;
        a.place(23).unwrap();
        let mut b = g;
        b.place(24).unwrap();
        let sum = |x: &PokerSquares, last: usize| -> i64 {
            x.deck()
                .into_iter()
                .map(|c| {
                    let mut e = *x.grid();
                    e.place(last, c).unwrap();
                    e.score(&system)
                })
                .sum()
        };
        let (sa, sb) = (sum(&a, 24), sum(&b, 23));
        assert_eq!(cell, if sb > sa { 24 } else { 23 });
        assert_ne!(sa, sb);
        g.place(cell).unwrap();
        g.draw("AH".parse().unwrap()).unwrap();
        assert_eq!(
            simple_rule(&g, &eval),
            Some(if cell == 23 { 24 } else { 23 })
        );
    }
}
