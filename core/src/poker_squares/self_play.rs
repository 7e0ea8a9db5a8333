//! [`self_play`]: the self-played game that teaches a per-line table
//! ([`LearnedValues`]): Monte-Carlo learning as Neller, Messinger and Yang did for the
//! EAAI-2016 challenge, each line's final score added to every abstract state it passed through.

use rand_core::Rng;

use super::abstraction::{AbstractHand, LineKind};
use super::expectimax_player::{Lookahead, expectimax_lines};
use super::game::PokerSquares;
use super::grid::{CELLS, LINES};
use super::learned::LearnedValues;
use super::lines::Lines;
use super::points::PointSystem;
use super::random_player::random_cell;
use crate::rng;

/// How the teaching table places the cards of a self-played game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Teacher {
    /// Greedy on the table's values (the learned player). The default.
    #[default]
    Greedy = 0,
    /// Expectimax over the next card on the table (about 1 ms a game).
    Expectimax = 1,
}

crate::spelled! {
    Teacher, "teacher";
    Greedy => "greedy", "Greedy on the table being learned (the learned player)";
    Expectimax => "expectimax", "Expectimax over the next card on the table (per-line tables: the table being learned; networks: the shipped table)";
}

/// One self-played game for learning: each card placed by `teacher`'s values, greedily or by
/// expectimax over the next card (uniformly at random without a teacher, and with
/// probability `explore_ppm` / 1,000,000 in any case), then `visit(state, score)`
/// for the abstract state of every row and column after every placement while it was not
/// full, with that line's final score. Returns the game's score.
pub fn self_play<R: Rng + ?Sized>(
    system: &PointSystem,
    teacher: Option<(&LearnedValues, Teacher)>,
    explore_ppm: u32,
    rng: &mut R,
    mut visit: impl FnMut(AbstractHand, i32),
) -> i64 {
    let mut game = PokerSquares::new(*system);
    let mut lines = Lines::of(game.grid(), game.deck());
    // The states of each line after each placement: at most one per placement.
    let mut seen = [[None::<AbstractHand>; CELLS]; LINES];
    for step in 0..CELLS {
        let Some(card) = game.draw_random(rng) else {
            break;
        };
        lines.draw(card);
        let greedy = match teacher {
            Some((v, how)) if rng::below(rng, 1_000_000) >= u64::from(explore_ppm) => match how {
                Teacher::Greedy => v.best_line_placement(&lines, card).map(|(c, _)| c),
                Teacher::Expectimax => {
                    expectimax_lines(v, &lines, lines.cards(), card, Lookahead::OneCard)
                }
            },
            _ => None,
        };
        let Some(cell) = greedy.or_else(|| random_cell(&game, rng)) else {
            break;
        };
        if game.place(cell).is_err() || !lines.place(cell, card) {
            break;
        }
        let free = lines.free_cells();
        for (line, states) in seen.iter_mut().enumerate() {
            if let Some(slot) = states.get_mut(step) {
                *slot = AbstractHand::of_counts(
                    &lines.summary(line),
                    LineKind::of(line),
                    lines.deck(),
                    free,
                );
            }
        }
    }
    let classes = game.grid().classes();
    for (states, class) in seen.iter().zip(classes) {
        let score = system.score(class);
        for s in states.iter().flatten() {
            visit(*s, score);
        }
    }
    game.score()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn self_play_visits_every_line_until_full_and_learning_helps() {
        let system = PointSystem::AMERICAN;
        let mut sums = [0i64; AbstractHand::COUNT];
        let mut counts = [0u64; AbstractHand::COUNT];
        let mut visits = 0u64;
        let mut r = rng::seeded(1);
        let mut random_total = 0;
        for _ in 0..400 {
            random_total += self_play(&system, None, 0, &mut r, |s, score| {
                sums[s.index()] += i64::from(score);
                counts[s.index()] += 1;
                visits += 1;
            });
        }
        // A line filled by placement f (0-based) is seen after placements 0..f: 4 to 24.
        assert!((400 * 40..=400 * 240).contains(&visits), "{visits}");
        let table = LearnedValues::from_sums(system, &sums, &counts, 400);
        let mut learned_total = 0;
        for _ in 0..400 {
            learned_total += self_play(
                &system,
                Some((&table, Teacher::Greedy)),
                0,
                &mut r,
                |_, _| {},
            );
        }
        assert!(
            learned_total > 2 * random_total,
            "{learned_total} vs {random_total}"
        );
    }
}
