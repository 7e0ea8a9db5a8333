//! The baseline of random placement (the framework's random player scores about 14.5
//! American points, `issues show 6`).

use rand_core::Rng;

use super::game::PokerSquares;
use super::player::{Placer, PlayError};
use crate::rng;

/// Puts each card in a uniformly random free cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RandomPlayer;

/// A uniformly random free cell of `game`'s grid.
pub(crate) fn random_cell<R: Rng + ?Sized>(game: &PokerSquares, rng: &mut R) -> Option<usize> {
    random_free_cell(game.grid().free_mask(), rng)
}

/// A cell drawn uniformly from the bits of `free` (`1 << cell`), `None` if it has none.
pub(crate) fn random_free_cell<R: Rng + ?Sized>(free: u32, rng: &mut R) -> Option<usize> {
    let n = free.count_ones() as usize;
    if n == 0 {
        return None;
    }
    let k = rng::index(rng, n);
    let mut m = free;
    for _ in 0..k {
        m &= m - 1;
    }
    Some(m.trailing_zeros() as usize)
}

impl Placer for RandomPlayer {
    fn place<R: Rng + ?Sized>(
        &mut self,
        game: &PokerSquares,
        rng: &mut R,
    ) -> Result<usize, PlayError> {
        random_cell(game, rng).ok_or(PlayError::NothingToPlace)
    }
}
