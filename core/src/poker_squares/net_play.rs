//! Playing and learning on a [`Net`](super::Net): the greedy placement on afterstate values
//! ([`net_cell`]), and the self-played game that teaches the weights by temporal differences
//! ([`net_self_play`]).
//!
//! Afterstates (Sutton & Barto, "Reinforcement Learning: An Introduction", 2nd ed. 2018,
//! section 6.8): the value learned is that of the grid just after a placement, before the next
//! card, the expected final score from there; a placement is chosen by the value of the
//! afterstate it makes. The final afterstate, a full grid, is worth its score exactly.

use rand_core::Rng;

use super::expectimax_player::{Lookahead, expectimax_lines};
use super::game::PokerSquares;
use super::grid::CELLS;
use super::learned::LearnedValues;
use super::lines::Lines;
use super::net::{Features, Net};
use super::player::{Placer, PlayError, shuffled_deck};
use super::points::PointSystem;
use super::random_player::random_free_cell;
use super::valuation::{Valuation, distinct_best};
use crate::card::Card;
use crate::rng;

impl Valuation for Net<'_> {
    fn system(&self) -> &PointSystem {
        Net::system(self)
    }

    fn afterstate(&self, lines: &Lines) -> f64 {
        self.value(lines)
    }

    /// One cell of each class the score cannot tell apart ([`Lines::distinct_free_mask`]):
    /// the network values alike cells alike (its features do not tell rows, or columns,
    /// apart), so the choice is the lowest of the best cells.
    fn best_placement(&self, lines: &Lines, card: Card) -> Option<(usize, f64)> {
        net_cell(self, lines, card)
    }
}

/// The free cell of `lines` (`card` drawn, not in its deck) whose afterstate is worth most
/// under `net`, the lowest of equals, with that value; one cell of each class the score
/// cannot tell apart ([`Lines::distinct_free_mask`]). `None` for a full grid.
pub fn net_cell(net: &Net<'_>, lines: &Lines, card: Card) -> Option<(usize, f64)> {
    distinct_best(net, lines, card)
}

/// The greedy player on a network's afterstate values ([`net_cell`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NetPlayer<'n, 'b> {
    net: &'n Net<'b>,
}

impl<'n, 'b> NetPlayer<'n, 'b> {
    /// A player placing by `net` (trained for the system it will play).
    #[must_use]
    pub const fn new(net: &'n Net<'b>) -> NetPlayer<'n, 'b> {
        NetPlayer { net }
    }
}

impl Placer for NetPlayer<'_, '_> {
    fn place<R: Rng + ?Sized>(
        &mut self,
        game: &PokerSquares,
        _rng: &mut R,
    ) -> Result<usize, PlayError> {
        let card = game.drawn().ok_or(PlayError::NothingToPlace)?;
        net_cell(self.net, &Lines::of(game.grid(), game.deck()), card)
            .map(|(c, _)| c)
            .ok_or(PlayError::NothingToPlace)
    }
}

/// How [`net_self_play`] learns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TdConfig<'t> {
    /// lambda of TD(lambda), in millionths: 0 is TD(0) (each afterstate moves toward the
    /// next one's value), 1,000,000 Monte Carlo (toward the final score).
    pub lambda_ppm: u32,
    /// Millionths of placements made at random rather than greedily.
    pub explore_ppm: u32,
    /// A per-line table that places the cards by expectimax over the next card instead of
    /// the network greedily (the network then learns the values of that player's games).
    pub teacher: Option<&'t LearnedValues>,
}

/// One self-played game: 25 cards from `rng`'s shuffle, each placed greedily on `net`
/// ([`net_cell`]) or by the teacher's expectimax (at random with probability `explore_ppm`),
/// then for every afterstate before
/// the full grid, in order, `update(features, error)`: its features and its lambda-return
/// (computed backwards over the game with the weights as they were) minus its value. Returns
/// the final score.
pub fn net_self_play<R: Rng + ?Sized>(
    net: &Net<'_>,
    config: TdConfig<'_>,
    rng: &mut R,
    mut update: impl FnMut(&Features, f64),
) -> i64 {
    let deal = shuffled_deck(rng);
    let mut lines = Lines::of(&super::grid::Grid::EMPTY, crate::cards::Cards::ALL);
    let mut after: [Option<(Features, f64)>; CELLS] = [None; CELLS];
    for (step, &card) in deal.iter().take(CELLS).enumerate() {
        lines.draw(card);
        let explore = rng::below(rng, 1_000_000) < u64::from(config.explore_ppm);
        let cell = if explore {
            random_free_cell(lines.free_mask(), rng)
        } else if let Some(table) = config.teacher {
            expectimax_lines(table, &lines, lines.cards(), card, Lookahead::OneCard)
        } else {
            net_cell(net, &lines, card).map(|(c, _)| c)
        };
        let Some(cell) = cell else { break };
        lines.place(cell, card);
        let f = Features::of(&lines, net.system());
        let v = super::net::value_of(net, &f);
        if let Some(slot) = after.get_mut(step) {
            *slot = Some((f, v));
        }
    }
    let score = lines.score(net.system());
    let lambda = f64::from(config.lambda_ppm.min(1_000_000)) / 1e6;
    // Backwards: G_t = (1 - lambda) V(s_t+1) + lambda G_t+1, G of the full grid its score.
    let mut ret = score as f64;
    let mut next_value = ret;
    for slot in after.iter().rev().skip(1) {
        let Some((f, v)) = slot else { continue };
        ret = (1.0 - lambda) * next_value + lambda * ret;
        update(f, ret - v);
        next_value = *v;
    }
    score
}
