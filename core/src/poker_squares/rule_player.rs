//! A simple rule-based player: suits in columns, ranks in rows (in the spirit of the
//! framework's flush player, about 81 American points per `issues show 6`).

use rand_core::Rng;

use super::game::PokerSquares;
use super::grid::SIZE;
use super::player::{Placer, PlayError};

/// Puts a card of suit `s` in column `s` (clubs 0 .. spades 3), and in column 4 once that
/// column is full, anywhere once both are; within the column it prefers a row already holding
/// the card's rank, then the row with the fewest cards, then the topmost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RulePlayer;

impl Placer for RulePlayer {
    fn place<R: Rng + ?Sized>(
        &mut self,
        game: &PokerSquares,
        _rng: &mut R,
    ) -> Result<usize, PlayError> {
        let card = game.drawn().ok_or(PlayError::NothingToPlace)?;
        let grid = game.grid();
        let free = grid.free_mask();
        let column_cells = |col: usize| -> u32 {
            let mut m = 0;
            for row in 0..SIZE {
                m |= 1 << (row * SIZE + col);
            }
            m & free
        };
        let mut candidates = column_cells(card.suit().index());
        if candidates == 0 {
            candidates = column_cells(SIZE - 1);
        }
        if candidates == 0 {
            candidates = free;
        }
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
        best.map(|(c, _)| c).ok_or(PlayError::NothingToPlace)
    }
}
