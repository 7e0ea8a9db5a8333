//! The simulation (playout) policies of Arrington, Langley & Bogaerts, "Using Domain Knowledge
//! to Improve Monte-Carlo Tree Search Performance in Parameterized Poker Squares" (AAAI 2016,
//! "Modified Simulation", Table 3).

use rand_core::Rng;

use super::game::PokerSquares;
use super::grid::CELLS;
use super::heuristic::{Evaluator, LineCache};
use super::points::PointSystem;
use super::prune::{PruneRule, best_index};
use super::random_player::random_cell;
use super::rule_player::rule_cell;
use crate::rng;
use crate::spelled;

/// How a playout places cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Simulation {
    /// Uniformly random free cells.
    Random = 0,
    /// Random, but the heuristic of every placement is computed and thrown away ("Random +
    /// Calc.": the cost of the heuristic without its use).
    RandomCalc = 1,
    /// Random among the placements the pruning rule keeps ("Prune + Random").
    PruneRandom = 2,
    /// The placement of highest heuristic value ("Best Move").
    BestMove = 3,
    /// The placement [`RulePlayer`](super::RulePlayer) makes (suits in columns, ranks in
    /// rows), no heuristic: not in the papers, an addition of ours. It knows nothing of the
    /// point system, so it suits systems that pay for flushes and pairs, as American does.
    Rules = 4,
    /// Whichever of [`Simulation::Rules`] and [`Simulation::BestMove`] scores more under the
    /// game's point system: the MCTS player decides once per game, by [`pick_simulation`]
    /// over [`AUTO_PLAYOUTS`] paired playouts of each from the empty grid. Not in the papers;
    /// ours. Given to [`simulate`] directly, it plays as [`Simulation::BestMove`].
    Auto = 5,
    /// Greedy on learned values of abstract hands ([`LearnedValues`](super::LearnedValues)):
    /// the MCTS player's table ([`MctsPlayer::with_values`](super::MctsPlayer::with_values)).
    /// Not in the papers; ours. Without a table, and given to [`simulate`], it plays as
    /// [`Simulation::BestMove`].
    Learned = 6,
    /// No playout: a leaf is valued by the learned values of its grid
    /// ([`grid_value`](super::LearnedValues::grid_value), with the drawn card's greedy placement), as an
    /// evaluation function values it. Needs the MCTS player's table; without one, and given to
    /// [`simulate`], it plays as [`Simulation::BestMove`]. Not in the papers; ours.
    LearnedValue = 7,
}

spelled! {
    Simulation, "simulation";
    Random => "random", "Random";
    RandomCalc => "random-calc", "Random + Calc";
    PruneRandom => "prune-random", "Prune + Random";
    BestMove => "best-move", "Best move";
    Rules => "rules", "The rule player's placements (suits in columns, ranks in rows; ours, not the papers')";
    Auto => "auto", "Rules or best move, whichever scores more under the system (decided once a game; ours)";
    Learned => "learned", "Greedy on the learned values of `--values FILE` (ours)";
    LearnedValue => "learned-value", "No playout: leaves valued by the learned values of `--values FILE` (ours)";
}

/// How many paired playouts of each policy [`Simulation::Auto`] compares: enough that the
/// standard error of the mean difference (about 30 American points / sqrt(200) = 2) is
/// well below the gaps it has to see (31 points American, 7.5 British, 350 on `random:42`).
pub const AUTO_PLAYOUTS: u32 = 200;

/// Which of [`Simulation::Rules`] and [`Simulation::BestMove`] scores more in total over `n`
/// paired playouts from the empty grid under `system` (playout `i` of both draws the same
/// cards); ties go to best move, the papers' policy.
pub fn pick_simulation<R: Rng + ?Sized>(
    system: &PointSystem,
    eval: &Evaluator,
    prune: &PruneRule,
    n: u32,
    rng: &mut R,
) -> Simulation {
    let mut rules = 0i64;
    let mut best = 0i64;
    for i in 0..n {
        let seed = rng.next_u64();
        for (policy, total) in [
            (Simulation::Rules, &mut rules),
            (Simulation::BestMove, &mut best),
        ] {
            let mut game = PokerSquares::new(*system);
            // Both policies use the generator only to draw cards: the same draws for both.
            let mut draws = rng::stream(seed, u64::from(i));
            *total += simulate(&mut game, policy, eval, prune, &mut draws);
        }
    }
    if rules > best {
        Simulation::Rules
    } else {
        Simulation::BestMove
    }
}

/// Plays `game` to the end with `policy` (random draws from the deck, placements by the
/// policy) and returns the final score.
pub fn simulate<R: Rng + ?Sized>(
    game: &mut PokerSquares,
    policy: Simulation,
    eval: &Evaluator,
    prune: &PruneRule,
    rng: &mut R,
) -> i64 {
    play_to_end(game, policy, eval, prune, rng);
    game.score()
}

/// [`simulate`] without the scoring, for a caller that scores the grid itself.
pub(super) fn play_to_end<R: Rng + ?Sized>(
    game: &mut PokerSquares,
    policy: Simulation,
    eval: &Evaluator,
    prune: &PruneRule,
    rng: &mut R,
) {
    let policy = policy.resolved();
    let mut cache = policy
        .uses_heuristic()
        .then(|| LineCache::new(eval, game.grid(), game.deck()));
    while !game.grid().is_full() {
        if game.drawn().is_none() {
            if game.draw_random(rng).is_none() {
                break;
            }
            if let Some(c) = cache.as_mut() {
                c.redeal(eval, game.deck());
            }
        }
        let Some(card) = game.drawn() else { break };
        let Some(cell) = choose_cell(game, policy, eval, prune, cache.as_ref(), rng) else {
            break;
        };
        if game.place(cell).is_err() {
            break;
        }
        if let Some(c) = cache.as_mut() {
            c.place(eval, cell, card, game.deck());
        }
    }
}

impl Simulation {
    /// The policy a playout plays: [`Simulation::Auto`] given directly plays best move.
    #[must_use]
    pub const fn resolved(self) -> Simulation {
        match self {
            Simulation::Auto | Simulation::Learned | Simulation::LearnedValue => {
                Simulation::BestMove
            }
            p => p,
        }
    }

    /// Whether the policy computes the heuristic of each placement.
    #[must_use]
    pub const fn uses_heuristic(self) -> bool {
        !matches!(self, Simulation::Random | Simulation::Rules)
    }
}

/// The cell `policy` places `game`'s drawn card in (`policy` resolved; `lines` the heuristic's
/// line values of `game` when the policy uses them, else `None`).
pub(super) fn choose_cell<R: Rng + ?Sized>(
    game: &PokerSquares,
    policy: Simulation,
    eval: &Evaluator,
    prune: &PruneRule,
    lines: Option<&LineCache>,
    rng: &mut R,
) -> Option<usize> {
    let card = game.drawn()?;
    let Some(lines) = lines else {
        return if policy == Simulation::Rules {
            rule_cell(game)
        } else {
            random_cell(game, rng)
        };
    };
    let mut values = [0.0f64; CELLS];
    let mut kids = [0.0f64; CELLS];
    let mut cells = [0usize; CELLS];
    let free = game.grid().free_mask();
    let parent = lines.placements(eval, free, card, game.deck(), &mut values);
    let mut n = 0;
    let mut free = free;
    while free != 0 {
        let c = free.trailing_zeros() as usize;
        free &= free - 1;
        if let (Some(k), Some(slot), Some(v)) = (kids.get_mut(n), cells.get_mut(n), values.get(c)) {
            *k = *v;
            *slot = c;
            n += 1;
        }
    }
    let kids = kids.get(..n).unwrap_or(&[]);
    let cells = cells.get(..n).unwrap_or(&[]);
    match policy {
        Simulation::BestMove => best_index(kids).and_then(|i| cells.get(i).copied()),
        Simulation::PruneRandom => {
            let pruned = prune.prune(kids, parent);
            let keep = n - pruned.count_ones() as usize;
            let k = rng::index(rng, keep);
            (0..n)
                .filter(|&i| pruned & (1 << i) == 0)
                .nth(k)
                .and_then(|i| cells.get(i).copied())
        }
        _ => {
            core::hint::black_box(kids);
            random_cell(game, rng)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker_squares::{HeuristicConfig, PointSystem, rule_cell};

    #[test]
    fn rules_playouts_place_as_the_rule_player_does() {
        let system = PointSystem::AMERICAN;
        let eval = Evaluator::new(&system, HeuristicConfig::TUNED);
        for seed in 0..20 {
            let mut start = PokerSquares::new(system);
            let mut rng = rng::stream(seed, 0);
            // A few random placements first, so playouts start mid-game.
            for _ in 0..seed % 7 {
                start.draw_random(&mut rng).unwrap();
                let cell = random_cell(&start, &mut rng).unwrap();
                start.place(cell).unwrap();
            }
            let mut played = start;
            let mut twin = rng.clone();
            let score = simulate(
                &mut played,
                Simulation::Rules,
                &eval,
                &PruneRule::PAPER,
                &mut rng,
            );
            // The same draws, each card placed by the rule player's rule.
            let mut replay = start;
            while !replay.grid().is_full() {
                replay.draw_random(&mut twin).unwrap();
                let cell = rule_cell(&replay).unwrap();
                replay.place(cell).unwrap();
            }
            assert!(played.grid().is_full());
            assert_eq!(played.grid(), replay.grid());
            assert_eq!(score, replay.score());
        }
    }

    #[test]
    fn auto_picks_the_policy_that_suits_the_system() {
        let prune = PruneRule::PAPER;
        // American pays for flushes and full houses: suits in columns, ranks in rows wins.
        let american = PointSystem::AMERICAN;
        let eval = Evaluator::new(&american, HeuristicConfig::TUNED);
        let mut r = rng::stream(1, 0);
        assert_eq!(
            pick_simulation(&american, &eval, &prune, AUTO_PLAYOUTS, &mut r),
            Simulation::Rules
        );
        // random:42 pays -115 for a pair and 58 for high card: the rules, which gather ranks
        // in rows, know nothing of it; the heuristic does.
        let random: PointSystem = "random:42".parse().unwrap();
        let eval = Evaluator::new(&random, HeuristicConfig::TUNED);
        assert_eq!(
            pick_simulation(&random, &eval, &prune, AUTO_PLAYOUTS, &mut r),
            Simulation::BestMove
        );
        // Given to simulate directly, Auto plays best move.
        let mut a = PokerSquares::new(american);
        let mut b = a;
        let eval = Evaluator::new(&american, HeuristicConfig::TUNED);
        let sa = simulate(
            &mut a,
            Simulation::Auto,
            &eval,
            &prune,
            &mut rng::stream(5, 0),
        );
        let sb = simulate(
            &mut b,
            Simulation::BestMove,
            &eval,
            &prune,
            &mut rng::stream(5, 0),
        );
        assert_eq!((a.grid(), sa), (b.grid(), sb));
    }

    #[test]
    fn simulation_spellings_round_trip() {
        crate::spelling::check_spellings(
            &Simulation::ALL,
            &[
                "random",
                "random-calc",
                "prune-random",
                "best-move",
                "rules",
                "auto",
                "learned",
                "learned-value",
            ],
            Simulation::about,
            &["", "Random", "best_move", "learnedvalue", "rules+"],
        );
    }
}
