//! [`RolloutPlayer`]: each placement chosen by rollouts of the learned greedy player
//! (Tesauro & Galperin's "on-line policy improvement using Monte-Carlo search", NIPS 1996),
//! on common draws.
//!
//! Every round shuffles the cards still to come once; each candidate placement of the drawn
//! card is then played out with that same order of draws, the rest of the game placed greedily
//! on the learned values ([`learned_cell`](super::learned_cell)). Comparing candidates on the same draws removes the
//! luck of the cards from their differences. The candidate of highest total wins (the first
//! of equals); candidates are the free cells, one per class of cells the score cannot tell apart,
//! or only the [`with_candidates`](RolloutPlayer::with_candidates) best of them by the learned
//! values (the rounds then go to the placements worth comparing).

use rand_core::Rng;

use super::budget::Budget;
use super::expectimax_player::{
    Lookahead, expectimax_lines, expectimax_lines_valued, expectimax_values,
};
use super::game::PokerSquares;
use super::grid::CELLS;
use super::learned::LearnedValues;
use super::lines::Lines;
use super::player::{Placer, PlayError};
use super::points::PointSystem;
use super::valuation::Valuation;
use crate::card::Card;
use crate::rng;
use crate::search::Clock;

/// Rounds between two readings of the clock under a time budget.
const CLOCK_EVERY: u32 = 4;

/// What one move's rollouts found ([`RolloutPlayer::rollouts`]): the candidate placements in
/// the order they were ranked, and over the rounds played, each one's total score and its
/// differences from the first candidate's (the same draws: paired).
#[derive(Clone, Debug, PartialEq)]
pub struct Rollouts {
    cells: heapless::Vec<usize, CELLS>,
    totals: [f64; CELLS],
    diffs: [f64; CELLS],
    squares: [f64; CELLS],
    rounds: u32,
}

impl Rollouts {
    /// The candidate cells, ranked (by expectimax or the learned values when the player ranks
    /// them; else in cell order).
    #[must_use]
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    /// Rounds played: each played every candidate out once (0 where one candidate is left).
    #[must_use]
    pub const fn rounds(&self) -> u32 {
        self.rounds
    }

    /// The mean playout score of candidate `i` (corrected under the control variate), if it
    /// was played out.
    #[must_use]
    pub fn mean(&self, i: usize) -> Option<f64> {
        if self.rounds == 0 || i >= self.cells.len() {
            return None;
        }
        self.totals.get(i).map(|t| t / f64::from(self.rounds))
    }

    /// The guard's pick: the first candidate unless another beats it by more than `z`
    /// standard errors of their paired difference (the highest mean of those that do).
    fn guarded(&self, z: f64) -> Option<usize> {
        let n = f64::from(self.rounds.max(2));
        let mut pick = (self.cells.first().copied(), 0.0);
        for (i, &cell) in self.cells.iter().enumerate().skip(1) {
            let (d, q) = (
                self.diffs.get(i).copied().unwrap_or(0.0),
                self.squares.get(i).copied().unwrap_or(0.0),
            );
            let mean = d / n;
            let var = (q - d * d / n) / (n - 1.0);
            if mean > pick.1 && mean * mean * n > z * z * var {
                pick = (Some(cell), mean);
            }
        }
        pick.0
    }

    /// The candidate of highest total (the first of equals).
    fn best(&self) -> Option<usize> {
        let mut best: Option<(usize, f64)> = None;
        for (&cell, &t) in self.cells.iter().zip(&self.totals) {
            if best.is_none_or(|(_, b)| t > b) {
                best = Some((cell, t));
            }
        }
        best.map(|(c, _)| c)
    }
}

/// The rollout player: learned values, a budget of rounds per move or time per game.
#[derive(Debug)]
pub struct RolloutPlayer<'v, 'c, C: Clock, V: ?Sized = LearnedValues> {
    values: &'v V,
    budget: Budget,
    clock: &'c C,
    /// How many candidates, the best by the learned values, get rollouts (0: every one).
    keep: usize,
    /// How the playouts place: greedy on the values (`None`) or by expectimax.
    playout: Option<Lookahead>,
    /// Keep expectimax's choice unless the rollouts beat it by this many standard errors.
    guard: Option<f64>,
    /// Playouts' scores corrected by the learned values' one-card predictions.
    control: bool,
    game_start: u64,
    rounds: u64,
}

impl<'v, 'c, C: Clock, V: Valuation + ?Sized> RolloutPlayer<'v, 'c, C, V> {
    /// A player with `values` (learned for the system it plays), `budget` rounds per move or
    /// microseconds per game, timed by `clock` (read only for time budgets).
    #[must_use]
    pub const fn new(values: &'v V, budget: Budget, clock: &'c C) -> Self {
        RolloutPlayer {
            values,
            budget,
            clock,
            keep: 0,
            playout: None,
            guard: None,
            control: false,
            game_start: 0,
            rounds: 0,
        }
    }

    /// The same player, playing out only the `keep` candidate placements of highest learned
    /// value change ([`LearnedValues::placements`]; the first cells of equals), or every
    /// candidate if `keep` is 0.
    #[must_use]
    pub const fn with_candidates(mut self, keep: usize) -> Self {
        self.keep = keep;
        self
    }

    /// The same player, its playouts placing by expectimax looking `lookahead` cards ahead
    /// ([`expectimax_cell`](super::expectimax_cell)) instead of greedily; the candidates are
    /// then the best by that expectimax.
    #[must_use]
    pub const fn with_playouts(mut self, lookahead: Lookahead) -> Self {
        self.playout = Some(lookahead);
        self
    }

    /// The same player, guarded: the candidates are ranked by expectimax over the next card,
    /// and its choice is kept unless another candidate's rollouts beat it by more than `z`
    /// standard errors of their paired difference (the draws are common, so each round gives
    /// one difference per candidate).
    #[must_use]
    pub const fn with_guard(mut self, z: f64) -> Self {
        self.guard = Some(z);
        self
    }

    /// The same player with a control variate (Veness, Ng, Hutter and Bowling, "Variance
    /// reduction in Monte-Carlo tree search", NIPS 2011): its playouts place by expectimax over
    /// the next card, and at each placement of a playout the difference between the value of
    /// the grid once the card that follows is placed greedily
    /// ([`LearnedValues::greedy_placed_value`]) and its expectation over that card, the expectimax value of
    /// the placement, is taken off the playout's score. Each difference has mean zero whatever
    /// came before it (the draw is uniform over the cards left), so the corrected score has
    /// the playout's expectation, without the luck of the draws the values foresee.
    #[must_use]
    pub const fn with_control_variate(mut self) -> Self {
        self.playout = Some(Lookahead::OneCard);
        self.control = true;
        self
    }

    /// Rounds played since the game started (each plays out every candidate once).
    #[must_use]
    pub const fn rounds(&self) -> u64 {
        self.rounds
    }

    /// The cell for `game`'s drawn card.
    fn choose<R: Rng + ?Sized>(&mut self, game: &PokerSquares, rng: &mut R) -> Option<usize> {
        let found = self.rollouts(game, rng)?;
        if found.rounds == 0 {
            return found.cells.first().copied();
        }
        match self.guard {
            Some(z) => found.guarded(z),
            None => found.best(),
        }
    }

    /// The rollouts this player makes for `game`'s drawn card within its budget (`None` if
    /// no card is drawn), without choosing: what [`Placer::place`] chooses from.
    pub fn rollouts<R: Rng + ?Sized>(
        &mut self,
        game: &PokerSquares,
        rng: &mut R,
    ) -> Option<Rollouts> {
        let card = game.drawn()?;
        let mut candidates: heapless::Vec<usize, CELLS> = heapless::Vec::new();
        let mut m = game.grid().distinct_free_mask();
        while m != 0 {
            let _ = candidates.push(m.trailing_zeros() as usize);
            m &= m - 1;
        }
        let start = Lines::of(game.grid(), game.deck());
        let rank = self.guard.is_some() || (self.keep > 0 && candidates.len() > self.keep);
        // The candidates' values by expectimax (or the learned values): to rank them, and
        // under the control variate the expectation of each playout's first correction.
        let mut gain = [0.0; CELLS];
        let mut searched = false;
        if rank || self.control {
            let by = if self.guard.is_some() || self.control {
                Some(Lookahead::OneCard)
            } else {
                self.playout
            };
            searched = by.is_some_and(|l| {
                expectimax_values(
                    self.values,
                    &start,
                    game.deck(),
                    card,
                    l,
                    game.grid().distinct_free_mask(),
                    &mut gain,
                )
            });
            if !searched {
                self.values.placements(&start, card, &mut gain);
            }
        }
        if rank {
            let of = |c: usize| gain.get(c).copied().unwrap_or(f64::NEG_INFINITY);
            // Highest gain first, the lower cell first among equals.
            candidates.sort_unstable_by(|&a, &b| of(b).total_cmp(&of(a)).then(a.cmp(&b)));
            if self.keep > 0 {
                candidates.truncate(self.keep);
            }
        }
        let mut found = Rollouts {
            cells: candidates,
            totals: [0.0; CELLS],
            diffs: [0.0; CELLS],
            squares: [0.0; CELLS],
            rounds: 0,
        };
        if found.cells.len() <= 1 || game.grid().filled() + 1 >= CELLS {
            return Some(found);
        }
        let (limit, deadline) = match self.budget {
            Budget::Iterations(n) => (n, None),
            Budget::GameMicros(total) => {
                let used = self.clock.micros().saturating_sub(self.game_start);
                let moves = (CELLS - game.grid().filled()) as u64;
                let per_move = total.saturating_sub(used) / moves.max(1);
                (u32::MAX, Some(self.clock.micros().saturating_add(per_move)))
            }
        };
        let mut order: heapless::Vec<Card, 52> = game.deck().iter().collect();
        let system = game.system();
        let mut done = 0u32;
        while done < limit {
            if let Some(d) = deadline
                && done > 0
                && done.is_multiple_of(CLOCK_EVERY)
                && self.clock.micros() >= d
            {
                break;
            }
            rng::shuffle(rng, &mut order);
            let mut first = 0.0;
            for (i, (total, &cell)) in found.totals.iter_mut().zip(&found.cells).enumerate() {
                let mut lines = start;
                if !lines.place(cell, card) {
                    continue;
                }
                let mut deck = game.deck();
                // Under the control variate: the expectation of the next correction, and
                // their sum.
                let mut expected = (self.control && searched)
                    .then(|| gain.get(cell).copied())
                    .flatten();
                let mut correction = 0.0;
                for &next in &order {
                    if lines.is_full() {
                        break;
                    }
                    lines.draw(next);
                    deck.remove(next);
                    if let Some(e) = expected.take()
                        && let Some(v) = self.values.greedy_placed_value(&lines, next)
                    {
                        correction += v - e;
                    }
                    let cell = match self.playout {
                        None => self.values.best_placement(&lines, next).map(|(c, _)| c),
                        // The corrections' expectations are one-card values.
                        Some(_) if self.control => expectimax_lines_valued(
                            self.values,
                            &lines,
                            deck,
                            next,
                            Lookahead::OneCard,
                        )
                        .map(|(c, v)| {
                            expected = v;
                            c
                        }),
                        Some(l) => expectimax_lines(self.values, &lines, deck, next, l),
                    };
                    match cell {
                        Some(c) if lines.place(c, next) => {}
                        _ => break,
                    }
                }
                let score = lines.score(system) as f64 - correction;
                *total += score;
                if i == 0 {
                    first = score;
                }
                // Paired against the first candidate: the differences and their squares.
                if let (Some(d), Some(q)) = (found.diffs.get_mut(i), found.squares.get_mut(i)) {
                    *d += score - first;
                    *q += (score - first) * (score - first);
                }
            }
            done += 1;
        }
        self.rounds += u64::from(done);
        found.rounds = done;
        Some(found)
    }
}

impl<C: Clock, V: Valuation + ?Sized> Placer for RolloutPlayer<'_, '_, C, V> {
    fn start_game(&mut self, _: &PointSystem) {
        self.game_start = self.clock.micros();
        self.rounds = 0;
    }

    fn place<R: Rng + ?Sized>(
        &mut self,
        game: &PokerSquares,
        rng: &mut R,
    ) -> Result<usize, PlayError> {
        self.choose(game, rng).ok_or(PlayError::NothingToPlace)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker_squares::learned::test_values;
    use crate::poker_squares::player::play_game;
    use crate::search::NoClock;

    #[test]
    fn rollouts_are_seeded_and_count_their_rounds() {
        let system = PointSystem::AMERICAN;
        let values = test_values(system, 200, 3);
        let mut p = RolloutPlayer::new(&values, Budget::Iterations(3), &NoClock);
        let a = play_game(&mut p, &system, &mut rng::stream(7, 0)).unwrap();
        let rounds = p.rounds();
        // Three rounds a move, but none where one class of cells is left (the last moves).
        assert!(rounds > 0 && rounds <= 3 * 25, "{rounds}");
        let mut q = RolloutPlayer::new(&values, Budget::Iterations(3), &NoClock);
        assert_eq!(
            play_game(&mut q, &system, &mut rng::stream(7, 0)).unwrap(),
            a
        );
    }

    /// A guard no rollouts can pass keeps every choice of expectimax over the next card;
    /// expectimax playouts are seeded like greedy ones.
    #[test]
    fn an_unpassable_guard_is_the_expectimax_player() {
        let system = PointSystem::AMERICAN;
        let values = test_values(system, 200, 6);
        for game in 0..3 {
            let mut guarded = RolloutPlayer::new(&values, Budget::Iterations(6), &NoClock)
                .with_candidates(3)
                .with_guard(1e12);
            let a = play_game(&mut guarded, &system, &mut rng::stream(4, game)).unwrap();
            assert!(guarded.rounds() > 0);
            let mut e = crate::poker_squares::ExpectimaxPlayer::new(&values, Lookahead::OneCard);
            let b = play_game(&mut e, &system, &mut rng::stream(4, game)).unwrap();
            assert_eq!(a, b, "game {game}");
            // The same with the control variate.
            let mut controlled = RolloutPlayer::new(&values, Budget::Iterations(4), &NoClock)
                .with_candidates(3)
                .with_control_variate()
                .with_guard(1e12);
            let c = play_game(&mut controlled, &system, &mut rng::stream(4, game)).unwrap();
            assert!(controlled.rounds() > 0);
            assert_eq!(c, b, "game {game}, control variate");
        }
        let mut p = RolloutPlayer::new(&values, Budget::Iterations(2), &NoClock)
            .with_candidates(2)
            .with_playouts(Lookahead::OneCard);
        let a = play_game(&mut p, &system, &mut rng::stream(8, 0)).unwrap();
        let mut q = RolloutPlayer::new(&values, Budget::Iterations(2), &NoClock)
            .with_candidates(2)
            .with_playouts(Lookahead::OneCard);
        assert_eq!(
            play_game(&mut q, &system, &mut rng::stream(8, 0)).unwrap(),
            a
        );
        assert!(p.rounds() > 0 && p.rounds() == q.rounds());
    }

    /// Unguarded, the player places where its rollouts' mean is highest; the rollouts are
    /// those of the same rounds, seeded alike.
    #[test]
    fn the_choice_is_the_best_mean_of_its_rollouts() {
        let system = PointSystem::AMERICAN;
        let values = test_values(system, 200, 9);
        let mut r = rng::stream(3, 0);
        let deck = crate::poker_squares::shuffled_deck(&mut r);
        let mut game = PokerSquares::new(system);
        for (mv, &card) in (0u64..).zip(deck.iter().take(CELLS)) {
            game.draw(card).unwrap();
            let player = || {
                RolloutPlayer::new(&values, Budget::Iterations(5), &NoClock)
                    .with_candidates(4)
                    .with_control_variate()
            };
            let found = player().rollouts(&game, &mut rng::stream(5, mv)).unwrap();
            let cell = player().place(&game, &mut rng::stream(5, mv)).unwrap();
            if found.rounds() > 0 {
                assert!(found.cells().len() > 1 && found.cells().len() <= 4);
                let means: heapless::Vec<f64, CELLS> = (0..found.cells().len())
                    .map(|i| found.mean(i).unwrap())
                    .collect();
                let top = means.iter().copied().fold(f64::MIN, f64::max);
                let at = found.cells().iter().position(|&c| c == cell).unwrap();
                assert_eq!(means[at], top);
                assert_eq!(found.mean(found.cells().len()), None);
            } else {
                assert_eq!(found.cells().first(), Some(&cell));
            }
            game.place(cell).unwrap();
        }
    }

    #[test]
    fn one_candidate_is_the_learned_greedy_player() {
        let system = PointSystem::AMERICAN;
        let values = test_values(system, 200, 5);
        for game in 0..3 {
            let mut one =
                RolloutPlayer::new(&values, Budget::Iterations(4), &NoClock).with_candidates(1);
            let a = play_game(&mut one, &system, &mut rng::stream(2, game)).unwrap();
            // No rollouts: a single candidate needs none.
            assert_eq!(one.rounds(), 0);
            let mut greedy = crate::poker_squares::LearnedPlayer::new(&values);
            let b = play_game(&mut greedy, &system, &mut rng::stream(2, game)).unwrap();
            assert_eq!(a, b, "game {game}");
        }
    }
}
