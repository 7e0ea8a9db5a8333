//! A simple rule-based player: suits in columns, ranks in rows (in the spirit of the
//! framework's flush player, about 81 American points per `issues show 6`).

use rand_core::Rng;

use super::game::PokerSquares;
use super::grid::SIZE;
use super::player::{Placer, PlayError};

/// Keeps each suit in a column of its own and gathers ranks in rows. A column belongs to the
/// suit of its cards while they are all of one suit. A card goes, in this order of
/// preference, to a free cell of
/// 1. a column of its own suit;
/// 2. an empty column, if its suit has none yet (it claims the column);
/// 3. a column of mixed suits (the overflow);
/// 4. an empty column, if there are more empty columns than suits without one (it becomes
///    the overflow);
/// 5. a column of a suit that has two (one of them is the overflow);
/// 6. anywhere.
///
/// Within those cells it prefers a row already holding its rank, then the row with the
/// fewest cards, then the topmost.
///
/// Columns are claimed by the cards already placed, not fixed by suit, so the rule continues
/// any position sensibly, as playouts from a search's positions need
/// ([`Simulation::Rules`](super::Simulation::Rules)); from the empty grid it plays, up to a
/// permutation of the columns, "clubs in column 0 .. spades in column 3, the overflow in
/// column 4".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RulePlayer;

/// The cell [`RulePlayer`] chooses for `game.drawn()`, or `None` with no card drawn or no
/// free cell. Also the placement rule of [`Simulation::Rules`](super::Simulation::Rules)
/// playouts.
#[must_use]
pub fn rule_cell(game: &PokerSquares) -> Option<usize> {
    let card = game.drawn()?;
    let own = 1u8 << card.suit().index();
    let grid = game.grid();
    let free = grid.free_mask();
    // Each column's free cells and the suits of its cards.
    let mut open = [0u32; SIZE];
    let mut suits = [0u8; SIZE];
    for col in 0..SIZE {
        for row in 0..SIZE {
            let cell = row * SIZE + col;
            if let Some(o) = open.get_mut(col) {
                *o |= (1 << cell) & free;
            }
        }
        if let Some(s) = suits.get_mut(col) {
            for c in grid.line(SIZE + col).iter().flatten() {
                *s |= 1 << c.suit().index();
            }
        }
    }
    // Columns per suit (pure, non-empty), and the empty columns.
    let mut per_suit = [0u8; 4];
    let mut empty = 0u32;
    for &s in &suits {
        if s == 0 {
            empty += 1;
        } else if s.count_ones() == 1
            && let Some(n) = per_suit.get_mut(s.trailing_zeros() as usize)
        {
            *n += 1;
        }
    }
    let lacking = per_suit.iter().filter(|&&n| n == 0).count() as u32;
    let has_own = per_suit.get(card.suit().index()).is_some_and(|&n| n > 0);
    let mut kinds = [0u32; 6];
    for (&o, &s) in open.iter().zip(&suits) {
        if o == 0 {
            continue;
        }
        let kind = if s == own {
            0
        } else if s == 0 && !has_own {
            1
        } else if s.count_ones() > 1 {
            2
        } else if s == 0 && empty > lacking {
            3
        } else if s != 0
            && per_suit
                .get(s.trailing_zeros() as usize)
                .is_some_and(|&n| n > 1)
        {
            4
        } else {
            5
        };
        if let Some(k) = kinds.get_mut(kind) {
            *k |= o;
        }
    }
    let candidates = kinds.into_iter().find(|&m| m != 0)?;
    let mut best: Option<(usize, (bool, usize))> = None;
    let mut m = candidates;
    while m != 0 {
        let cell = m.trailing_zeros() as usize;
        m &= m - 1;
        let row = grid.line(cell / SIZE);
        let same_rank = row.iter().flatten().any(|c| c.rank() == card.rank());
        let filled = row.iter().flatten().count();
        // Higher key is better: same rank first, then fewer cards.
        let key = (same_rank, SIZE - filled);
        if best.is_none_or(|(_, k)| key > k) {
            best = Some((cell, key));
        }
    }
    best.map(|(c, _)| c)
}

impl Placer for RulePlayer {
    fn place<R: Rng + ?Sized>(
        &mut self,
        game: &PokerSquares,
        _rng: &mut R,
    ) -> Result<usize, PlayError> {
        rule_cell(game).ok_or(PlayError::NothingToPlace)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker_squares::{Grid, PointSystem};

    fn cell_for(grid: &str, card: &str) -> usize {
        let grid: Grid = grid.parse().unwrap();
        let mut g = PokerSquares::from_grid(grid, PointSystem::AMERICAN);
        g.draw(card.parse().unwrap()).unwrap();
        rule_cell(&g).unwrap()
    }

    #[test]
    fn columns_are_claimed_by_the_cards_placed() {
        // Column 0 holds hearts: a heart joins it, beside the row holding its rank.
        let g = "2H -- -- -- -- \
                 -- -- -- -- -- \
                 7H -- -- -- -- \
                 -- -- -- -- -- \
                 -- -- -- -- --";
        assert_eq!(cell_for(g, "9H"), 5);
        // A club claims an empty column (the leftmost), in the row holding a 2.
        assert_eq!(cell_for(g, "2C"), 1);
        // A second 7 goes to its suit's column, in the row of the 7 when it can.
        let g = "2H 3C -- -- -- \
                 -- -- -- -- -- \
                 7H -- -- -- -- \
                 -- -- -- -- -- \
                 -- -- -- -- --";
        assert_eq!(cell_for(g, "7C"), 11);
    }

    #[test]
    fn overflow_keeps_an_empty_column_for_each_unseen_suit() {
        // Hearts fill column 0, clubs and diamonds have columns 1 and 2; spades unseen.
        let g = "2H 3C 4D -- -- \
                 5H -- -- -- -- \
                 6H -- -- -- -- \
                 8H -- -- -- -- \
                 9H -- -- -- --";
        // A heart has no own free cell: two empty columns for one unseen suit leave a
        // spare, which becomes the overflow (column 3, topmost row with fewest cards).
        let c = cell_for(g, "KH");
        assert_eq!(c % SIZE, 3);
        // A spade claims an empty column.
        assert_eq!(cell_for(g, "KS") % SIZE, 3);
        // With only one empty column left and spades unseen, a heart's overflow goes to a
        // mixed column instead.
        let g = "2H 3C 4D JH -- \
                 5H -- -- 4S -- \
                 6H -- -- -- -- \
                 8H -- -- -- -- \
                 9H -- -- -- --";
        // Column 3 is mixed (hearts and spades): the overflow.
        assert_eq!(cell_for(g, "KH") % SIZE, 3);
        let g = "2H 3C 4D JH -- \
                 5H -- -- -- -- \
                 6H -- -- -- -- \
                 8H -- -- -- -- \
                 9H -- -- -- --";
        // Column 3 holds hearts only: a second heart column, where hearts go.
        assert_eq!(cell_for(g, "KH") % SIZE, 3);
        // A club goes to its own column 1 even so.
        assert_eq!(cell_for(g, "KC") % SIZE, 1);
    }
}
