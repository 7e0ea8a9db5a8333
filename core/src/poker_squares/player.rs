//! What every Poker Squares player does, and one whole game with a given deal.

use core::fmt;

use rand_core::Rng;

use super::game::PokerSquares;
use super::grid::{CELLS, Grid};
use super::points::PointSystem;
use crate::card::Card;
use crate::game::IllegalMove;
use crate::rng;
use crate::search::SearchError;

/// A Poker Squares player: told the drawn card (in `game`), it names the cell to put it in.
pub trait Placer {
    /// The cell (`0..25`) for `game.drawn()`. The game holds a drawn card and a free cell.
    fn place<R: Rng + ?Sized>(
        &mut self,
        game: &PokerSquares,
        rng: &mut R,
    ) -> Result<usize, PlayError>;

    /// Called once before a game's first card, with the game's point system.
    fn start_game(&mut self, system: &PointSystem) {
        let _ = system;
    }
}

/// Why a game could not be played to the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum PlayError {
    /// The player named a cell that is not free (a bug in the player).
    IllegalPlacement,
    /// A player was asked to move with no card drawn or no free cell.
    NothingToPlace,
    /// The player's search failed (a game or tree that broke its contract).
    Search(SearchError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayError::IllegalPlacement => "the player chose a cell that is not free",
            PlayError::NothingToPlace => "no card to place or no free cell",
            PlayError::Search(e) => return write!(f, "the player's search failed: {e}"),
        })
    }
}

impl core::error::Error for PlayError {}

impl From<IllegalMove> for PlayError {
    fn from(_: IllegalMove) -> Self {
        PlayError::IllegalPlacement
    }
}

/// A shuffled deck: the order the cards of one game are drawn in.
#[must_use]
pub fn shuffled_deck<R: Rng + ?Sized>(rng: &mut R) -> [Card; 52] {
    let mut deck = [Card::new(crate::Suit::Clubs, crate::Rank::Two); 52];
    for (i, c) in deck.iter_mut().enumerate() {
        if let Some(card) = Card::from_index(i as u8) {
            *c = card;
        }
    }
    rng::shuffle(rng, &mut deck);
    deck
}

/// One whole game: the deck is shuffled first with `rng` (so the same generator state deals
/// the same cards to every player: paired games), then `rng` goes on to serve the player.
/// Returns the final grid.
pub fn play_game<P: Placer + ?Sized, R: Rng + ?Sized>(
    player: &mut P,
    system: &PointSystem,
    rng: &mut R,
) -> Result<Grid, PlayError> {
    let deck = shuffled_deck(rng);
    let mut game = PokerSquares::new(*system);
    player.start_game(system);
    for &card in deck.iter().take(CELLS) {
        game.draw(card).map_err(|_| PlayError::NothingToPlace)?;
        let cell = player.place(&game, rng)?;
        game.place(cell)?;
    }
    Ok(*game.grid())
}
