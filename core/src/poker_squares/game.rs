//! Parameterized Poker Squares as a [`Game`]: one player, chance draws of the next card, the
//! placement of the drawn card as the player's move.

use rand_core::Rng;

use super::grid::{CELLS, Grid};
use super::points::PointSystem;
use crate::card::Card;
use crate::cards::Cards;
use crate::game::{Game, MoveList, Outcomes, Player, Side, Turn, ValueRange};

/// A game of Poker Squares: the grid, the cards not yet drawn, the drawn card waiting to be
/// placed, and the point system the player was told at the start.
///
/// Moves are one byte: at the player's turn the cell (`0..25`, row by row) for the drawn card;
/// at a chance turn the [`Card::index`] of the card drawn next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct PokerSquares {
    grid: Grid,
    deck: Cards,
    drawn: Option<Card>,
    system: PointSystem,
}

impl PokerSquares {
    /// A new game under `system`: an empty grid, a full deck, the first draw to come.
    #[must_use]
    pub const fn new(system: PointSystem) -> PokerSquares {
        PokerSquares {
            grid: Grid::EMPTY,
            deck: Cards::ALL,
            drawn: None,
            system,
        }
    }

    /// A game continuing from `grid` (the cards on it are out of the deck), next a draw.
    #[must_use]
    pub fn from_grid(grid: Grid, system: PointSystem) -> PokerSquares {
        PokerSquares {
            grid,
            deck: Cards::ALL.difference(grid.cards()),
            drawn: None,
            system,
        }
    }

    /// The grid.
    #[must_use]
    pub const fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The cards not yet drawn.
    pub const fn deck(&self) -> Cards {
        self.deck
    }

    /// The drawn card waiting to be placed.
    #[must_use]
    pub const fn drawn(&self) -> Option<Card> {
        self.drawn
    }

    /// The point system.
    #[must_use]
    pub const fn system(&self) -> &PointSystem {
        &self.system
    }

    /// The score of the grid as it stands (the final score once it is full).
    #[must_use]
    pub fn score(&self) -> i64 {
        self.grid.score(&self.system)
    }

    /// Draws `card` from the deck; refused if it is not in the deck or a card is waiting.
    pub fn draw(&mut self, card: Card) -> Result<(), crate::IllegalMove> {
        if self.drawn.is_some() || !self.deck.contains(card) || self.grid.is_full() {
            return Err(crate::IllegalMove);
        }
        self.deck.remove(card);
        self.drawn = Some(card);
        Ok(())
    }

    /// Places the drawn card in an empty cell.
    pub fn place(&mut self, cell: usize) -> Result<(), crate::IllegalMove> {
        let card = self.drawn.ok_or(crate::IllegalMove)?;
        self.grid.place(cell, card)?;
        self.drawn = None;
        Ok(())
    }

    /// Draws a uniformly random card from the deck (none if the deck is empty, a card is
    /// waiting or the grid is full).
    pub fn draw_random<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Card> {
        if self.drawn.is_some() || self.grid.is_full() {
            return None;
        }
        let card = self.deck.choose(rng)?;
        self.deck.remove(card);
        self.drawn = Some(card);
        Some(card)
    }
}

impl Game for PokerSquares {
    type Move = u8;
    const PLAYERS: u8 = 1;
    const SIDES: u8 = 1;

    fn turn(&self) -> Turn {
        if self.grid.is_full() {
            Turn::Terminal
        } else if self.drawn.is_some() {
            Turn::Player(Player(0))
        } else {
            Turn::Chance
        }
    }

    fn legal_moves(&self, moves: &mut MoveList<u8>) {
        moves.clear();
        if self.drawn.is_none() {
            return;
        }
        let mut free = self.grid.free_mask();
        while free != 0 {
            let cell = free.trailing_zeros();
            free &= free - 1;
            if moves.push(cell as u8).is_err() {
                return;
            }
        }
    }

    fn apply(&mut self, mv: u8) {
        match self.turn() {
            Turn::Player(_) => {
                let _ = self.place(usize::from(mv));
            }
            Turn::Chance => {
                if let Some(card) = Card::from_index(mv) {
                    let _ = self.draw(card);
                }
            }
            Turn::Terminal => {}
        }
    }

    fn chance_outcomes(&self, outcomes: &mut Outcomes<u8>) -> bool {
        outcomes.clear();
        if self.turn() != Turn::Chance {
            return false;
        }
        for card in self.deck {
            if outcomes.push((card.index() as u8, 1)).is_err() {
                return false;
            }
        }
        true
    }

    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<u8> {
        if self.turn() != Turn::Chance {
            return None;
        }
        self.deck.choose(rng).map(|c| c.index() as u8)
    }

    fn value(&self, _side: Side) -> f64 {
        self.score() as f64
    }

    /// Ten times the lowest and the highest hand score: every grid's score lies within.
    fn value_range(&self) -> ValueRange {
        let (lo, hi) = self.system.hand_range();
        ValueRange {
            lo: f64::from(lo) * 10.0,
            hi: f64::from(hi) * 10.0,
        }
    }
}

/// The number of cells, as a move count bound.
const _: () = assert!(CELLS <= crate::MAX_MOVES);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng;

    #[test]
    fn a_random_game_fills_the_grid() {
        let mut r = rng::seeded(5);
        let mut g = PokerSquares::new(PointSystem::AMERICAN);
        let mut moves = MoveList::new();
        let mut outcomes = Outcomes::new();
        while g.turn() != Turn::Terminal {
            match g.turn() {
                Turn::Chance => {
                    assert!(g.chance_outcomes(&mut outcomes));
                    assert_eq!(outcomes.len(), 52 - g.grid().filled());
                    let c = g.sample_chance(&mut r).unwrap();
                    assert!(g.try_apply(c).is_ok());
                    let again = Card::from_index(c).unwrap();
                    assert!(g.draw(again).is_err(), "a card is waiting");
                }
                Turn::Player(_) => {
                    g.legal_moves(&mut moves);
                    assert_eq!(moves.len(), 25 - g.grid().filled());
                    let m = *rng::choose(&mut r, &moves).unwrap();
                    assert!(g.try_apply(m).is_ok());
                }
                Turn::Terminal => {}
            }
        }
        assert_eq!(g.deck().len(), 27);
        assert_eq!(g.value(Side(0)), g.score() as f64);
        let range = g.value_range();
        assert!(range.lo <= g.value(Side(0)) && g.value(Side(0)) <= range.hi);
        assert_eq!(range.hi, 1000.0);
        g.apply(99); // ignored at a terminal state
        assert!(g.grid().is_full());
    }
}
