//! Monte-Carlo tree search for Poker Squares as the DePauw papers built it (Arrington, Langley
//! & Bogaerts, "Using Domain Knowledge to Improve Monte-Carlo Tree Search Performance in
//! Parameterized Poker Squares", AAAI 2016, "MCTS Application to PPS" and "Domain Knowledge"):
//! choice nodes for placements, chance nodes for draws, UCT `X_j + 2 Cp sqrt(2 ln n / n_j)`
//! (Arrington et al. 2016, equation 1) at choice nodes, uniformly sampled draws at chance
//! nodes, and the heuristic's selection and simulation variants.
//!
//! The search is the kernel's ([`uct_with`]): this module gives it the papers' knowledge as a
//! [`TreePolicy`] (one child per class of placements the score cannot tell apart, the
//! selection variant's pruning at each new choice node, squashed rewards) and a playout
//! [`Policy`] (the simulation variants, with the heuristic's line values kept through the
//! playout), and configures it: running means of the rewards ([`Backup::Returns`]), one new
//! placement node an iteration ([`Expansion::OneDecision`]), raw values, the child of highest
//! mean. The game itself ([`PokerSquares`]) holds no search code. The tree is a fixed-capacity
//! [`Tree`](crate::Tree); when it is full, iterations go on without growing it and the count
//! is reported.

use rand_core::Rng;

use super::budget::Budget;
use super::game::PokerSquares;
use super::grid::CELLS;
use super::heuristic::{Evaluator, HeuristicConfig, LineCache};
use super::learned::{LearnedValues, learned_cell, play_out_learned};
use super::lines::Lines;
use super::player::{Placer, PlayError};
use super::points::PointSystem;
use super::prune::{PruneRule, best_index};
use super::rules::simple_rule;
use super::simulate::{AUTO_PLAYOUTS, Simulation, choose_cell, pick_simulation, play_to_end};
use super::squash::Squash;
use crate::game::{Game, MoveList, Side};
use crate::search::{
    Backup, Clock, Expansion, Exploration, FinalMove, Policy, TreePolicy, UctConfig, uct_with,
};
use crate::spelled;
use crate::tree::{Storage, TreeInner};

/// How children of a choice node are selected (Arrington et al. 2016, Table 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Selection {
    /// Plain UCT.
    Uct = 0,
    /// UCT, with the heuristic of every child computed at expansion and not used ("UCT +
    /// Calc.").
    UctCalc = 1,
    /// Only the child of highest heuristic value may be selected ("Best Move").
    BestMove = 2,
    /// UCT over the children the pruning rule keeps ("Prune + UCT").
    PruneUct = 3,
}

spelled! {
    Selection, "selection";
    Uct => "uct", "UCT";
    UctCalc => "uct-calc", "UCT + Calc";
    BestMove => "best-move", "Best move";
    PruneUct => "prune-uct", "Prune + UCT";
}

/// The papers' exploration constant, `Cp = 200 / sqrt(2)` (Arrington et al. 2016, "The
/// Exploration-Exploitation Tradeoff").
pub const PAPER_CP: f64 = 141.421_356_237_309_5;

/// The papers' exploration, [`PAPER_CP`] in their convention
/// ([`Exploration::kocsis_szepesvari`]: `C = 2 sqrt(2) Cp`, about 400).
const PAPER_EXPLORATION: Exploration = match Exploration::kocsis_szepesvari(PAPER_CP) {
    Some(e) => e,
    // Never taken: `PAPER_CP` is finite and positive (a constant, evaluated when compiling).
    None => Exploration::UCB1,
};

/// The parameters of the search.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct MctsConfig {
    /// UCT's exploration, given as the papers' Cp in `X_j + 2 Cp sqrt(2 ln n / n_j)`
    /// (Arrington et al. 2016, equation 1): [`Exploration::kocsis_szepesvari`]`(cp)`; default
    /// Cp = [`PAPER_CP`].
    pub exploration: Exploration,
    /// Selection variant; default [`Selection::PruneUct`].
    pub selection: Selection,
    /// Simulation variant; default [`Simulation::BestMove`].
    pub simulation: Simulation,
    /// Reward squashing; default [`Squash::None`].
    pub squash: Squash,
    /// The pruning rule; default [`PruneRule::PAPER`].
    pub prune: PruneRule,
    /// The heuristic's weights; default [`HeuristicConfig::TUNED`].
    pub heuristic: HeuristicConfig,
    /// The budget; default 1000 iterations per move.
    pub budget: Budget,
    /// Whether choice nodes get one child per class of placements the score cannot tell apart
    /// ([`Grid::distinct_free_mask`](super::Grid::distinct_free_mask): empty rows and
    /// columns may be permuted); default `true`.
    pub symmetry: bool,
    /// Whether the first, second, next-to-last and last moves follow the simple rules
    /// instead of search; default `true` (Arrington et al. 2016, "MCTS Application to
    /// PPS").
    pub simple_rules: bool,
}

impl MctsConfig {
    /// The papers' best player (Table 3 row 12): prune + UCT, best-move simulation, tuned
    /// weights, Cp = 200/sqrt(2), no squashing; 1000 iterations per move.
    #[must_use]
    pub const fn new() -> MctsConfig {
        MctsConfig {
            exploration: PAPER_EXPLORATION,
            selection: Selection::PruneUct,
            simulation: Simulation::BestMove,
            squash: Squash::None,
            prune: PruneRule::PAPER,
            heuristic: HeuristicConfig::TUNED,
            budget: Budget::Iterations(1000),
            symmetry: true,
            simple_rules: true,
        }
    }
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig::new()
    }
}

/// What the searches of one game did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct MctsStats {
    /// Iterations (playouts) run.
    pub iterations: u64,
    /// Moves decided by search.
    pub searched_moves: u32,
    /// Moves decided by the simple rules.
    pub rule_moves: u32,
    /// Iterations that could not grow the tree because it was full.
    pub tree_full: u64,
    /// The most nodes any one move's tree held.
    pub max_nodes: usize,
    /// The playout policy the searches used ([`Simulation::Auto`] resolved), once one ran.
    pub playouts: Option<Simulation>,
}

/// The MCTS player: a fixed-capacity tree borrowed for its lifetime, a clock for time budgets.
#[derive(Debug)]
pub struct MctsPlayer<'a, C: Clock, B: Storage<u8>> {
    tree: &'a mut TreeInner<u8, B>,
    clock: &'a C,
    config: MctsConfig,
    eval: Option<Evaluator>,
    /// The learned values of [`Simulation::Learned`] playouts.
    values: Option<&'a LearnedValues>,
    /// The playout policy of this game: `config.simulation`, [`Simulation::Auto`] resolved.
    playouts: Option<Simulation>,
    game_start: u64,
    stats: MctsStats,
}

impl<'a, C: Clock, B: Storage<u8>> MctsPlayer<'a, C, B> {
    /// A player searching in `tree`, timing itself by `clock` (read only for time budgets).
    pub fn new(tree: &'a mut TreeInner<u8, B>, clock: &'a C, config: MctsConfig) -> Self {
        MctsPlayer {
            tree,
            clock,
            config,
            eval: None,
            values: None,
            playouts: None,
            game_start: 0,
            stats: MctsStats::default(),
        }
    }

    /// The player with a table of learned values for [`Simulation::Learned`] playouts (learned
    /// for the system it will play).
    #[must_use]
    pub fn with_values(mut self, values: &'a LearnedValues) -> Self {
        self.values = Some(values);
        self
    }

    /// What the player's searches did since the game started.
    #[must_use]
    pub const fn stats(&self) -> MctsStats {
        self.stats
    }

    /// The configuration.
    #[must_use]
    pub const fn config(&self) -> &MctsConfig {
        &self.config
    }

    fn evaluator(&mut self, system: &PointSystem) -> Evaluator {
        match self.eval {
            Some(e) => e,
            None => {
                let e = Evaluator::new(system, self.config.heuristic);
                self.eval = Some(e);
                e
            }
        }
    }

    /// The playout policy of this game, resolving [`Simulation::Auto`] on first use.
    fn playout_policy<R: Rng + ?Sized>(
        &mut self,
        system: &PointSystem,
        eval: &Evaluator,
        rng: &mut R,
    ) -> Simulation {
        if let Some(p) = self.playouts {
            return p;
        }
        let p = match self.config.simulation {
            Simulation::Auto => {
                pick_simulation(system, eval, &self.config.prune, AUTO_PLAYOUTS, rng)
            }
            p => p,
        };
        self.playouts = Some(p);
        self.stats.playouts = Some(p);
        p
    }

    /// The microseconds this move may use under a game time budget: what is left of the
    /// game's budget over the moves still to search.
    fn move_micros(&self, game: &PokerSquares, total: u64) -> u64 {
        let used = self.clock.micros().saturating_sub(self.game_start);
        let left = total.saturating_sub(used);
        let free = u64::from(game.grid().free_mask().count_ones());
        // The last two moves follow the rules and take no time.
        let to_search = if self.config.simple_rules {
            free.saturating_sub(2)
        } else {
            free
        };
        left / to_search.max(1)
    }

    /// Searches the placement of `game.drawn()`; returns the chosen cell.
    pub fn search<R: Rng + ?Sized>(
        &mut self,
        game: &PokerSquares,
        rng: &mut R,
    ) -> Result<usize, PlayError> {
        let eval = self.evaluator(game.system());
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            return Err(PlayError::NothingToPlace);
        }
        let range = self.config.squash.range(game.system());
        let simulation = self.playout_policy(game.system(), &eval, rng);
        let (iterations, deadline) = match self.config.budget {
            Budget::Iterations(n) => (n, None),
            Budget::GameMicros(total) => {
                let per_move = self.move_micros(game, total);
                (u32::MAX, Some(self.clock.micros().saturating_add(per_move)))
            }
        };
        let mut shape = Knowledge {
            eval: &eval,
            config: &self.config,
            range,
            values: self
                .values
                .filter(|_| simulation == Simulation::LearnedValue),
        };
        let mut playouts = Playouts {
            simulation,
            eval: &eval,
            prune: &self.config.prune,
            values: self
                .values
                .filter(|_| matches!(simulation, Simulation::Learned | Simulation::LearnedValue)),
        };
        // One search under either budget: the kernel reads the clock for a deadline.
        let config = UctConfig {
            iterations,
            deadline,
            exploration: self.config.exploration,
            backup: Backup::Returns,
            expansion: Expansion::OneDecision,
            final_move: FinalMove::HighestValue,
            normalize: false,
            ..UctConfig::new()
        };
        let mut best = None;
        if iterations > 0 {
            let r = uct_with(
                self.tree,
                game,
                &config,
                self.clock,
                &mut shape,
                &mut playouts,
                rng,
            )
            .map_err(PlayError::Search)?;
            self.stats.tree_full += u64::from(r.tree_full);
            self.stats.iterations += u64::from(r.iterations);
            best = r.best;
        }
        self.stats.searched_moves += 1;
        self.stats.max_nodes = self.stats.max_nodes.max(self.tree.len());
        match best {
            // The child of highest mean among those kept and visited.
            Some(mv) => Ok(usize::from(mv)),
            None => {
                // No iteration ran: the best placement by the heuristic.
                let card = game.drawn().ok_or(PlayError::NothingToPlace)?;
                let mut values = [0.0; CELLS];
                eval.placements(game.grid(), game.deck(), card, &mut values);
                let kids: heapless::Vec<f64, CELLS> = moves
                    .iter()
                    .map(|&m| values.get(usize::from(m)).copied().unwrap_or(0.0))
                    .collect();
                best_index(&kids)
                    .and_then(|i| moves.get(i))
                    .map(|&m| usize::from(m))
                    .ok_or(PlayError::NothingToPlace)
            }
        }
    }
}

/// The papers' knowledge as the kernel's [`TreePolicy`].
struct Knowledge<'a> {
    eval: &'a Evaluator,
    config: &'a MctsConfig,
    /// The squashing range of the game's system.
    range: Option<(f64, f64)>,
    /// The table that values leaves ([`Simulation::LearnedValue`]), if any.
    values: Option<&'a LearnedValues>,
}

impl TreePolicy<PokerSquares> for Knowledge<'_> {
    /// Every free cell, or one per symmetry class.
    fn tree_moves(&mut self, state: &PokerSquares, moves: &mut MoveList<u8>) {
        if !self.config.symmetry {
            state.legal_moves(moves);
            return;
        }
        moves.clear();
        let mut m = state.grid().distinct_free_mask();
        while m != 0 {
            let _ = moves.push(m.trailing_zeros() as u8);
            m &= m - 1;
        }
    }

    /// The selection variant's pruning, by the heuristic of every placement (computed and
    /// unused for "UCT + Calc.").
    fn prune(&mut self, state: &PokerSquares, moves: &[u8]) -> u64 {
        if self.config.selection == Selection::Uct {
            return 0;
        }
        let Some(card) = state.drawn() else { return 0 };
        let mut values = [0.0; CELLS];
        let parent = self
            .eval
            .placements(state.grid(), state.deck(), card, &mut values);
        let kids: heapless::Vec<f64, CELLS> = moves
            .iter()
            .map(|&m| values.get(usize::from(m)).copied().unwrap_or(0.0))
            .collect();
        let mask = match self.config.selection {
            Selection::PruneUct => self.config.prune.prune(&kids, parent),
            Selection::BestMove => match best_index(&kids) {
                Some(b) => !(1u32 << b),
                None => 0,
            },
            _ => {
                core::hint::black_box(&kids);
                0
            }
        };
        // Only the children there are: the mask of "all but the best" sets every high bit.
        let children = if kids.len() >= 32 {
            u32::MAX
        } else {
            (1u32 << kids.len()) - 1
        };
        u64::from(mask & children)
    }

    fn evaluates(&mut self, _: &PokerSquares) -> bool {
        self.values.is_some()
    }

    /// The learned value of the grid; with a card drawn, after its greedy placement.
    fn leaf_value(&mut self, state: &PokerSquares, _: Side) -> f64 {
        let Some(values) = self.values else {
            return state.score() as f64;
        };
        let lines = Lines::of(state.grid(), state.deck());
        match state.drawn() {
            Some(card) => values.greedy_placed_value(&lines, card),
            None => None,
        }
        .unwrap_or_else(|| values.lines_value(&lines, lines.free_cells()))
    }

    fn reward(&self, value: f64) -> f64 {
        Squash::reward(self.range, value)
    }
}

/// A simulation variant as the kernel's playout [`Policy`].
struct Playouts<'a> {
    simulation: Simulation,
    eval: &'a Evaluator,
    prune: &'a PruneRule,
    /// The table of [`Simulation::Learned`], when it has one.
    values: Option<&'a LearnedValues>,
}

impl Policy<PokerSquares> for Playouts<'_> {
    /// One placement by the variant.
    fn choose<R: Rng + ?Sized>(
        &mut self,
        state: &PokerSquares,
        _: &MoveList<u8>,
        rng: &mut R,
    ) -> Option<u8> {
        if let Some(values) = self.values {
            return learned_cell(values, state).and_then(|c| u8::try_from(c).ok());
        }
        let policy = self.simulation.resolved();
        let lines = policy
            .uses_heuristic()
            .then(|| LineCache::new(self.eval, state.grid(), state.deck()));
        choose_cell(state, policy, self.eval, self.prune, lines.as_ref(), rng)
            .and_then(|c| u8::try_from(c).ok())
    }

    /// The whole playout as [`simulate`](super::simulate) plays it, keeping the heuristic's
    /// line values from one placement to the next (the kernel scores the grid).
    fn play_out<R: Rng + ?Sized>(&mut self, state: &mut PokerSquares, rng: &mut R) -> Option<u32> {
        let (filled, drawn) = (state.grid().filled(), state.drawn().is_some());
        match self.values {
            Some(values) => play_out_learned(state, values, rng),
            None => play_to_end(state, self.simulation, self.eval, self.prune, rng),
        }
        let placed = state.grid().filled().saturating_sub(filled);
        let draws = placed.saturating_sub(usize::from(drawn));
        u32::try_from(placed + draws).ok()
    }
}

impl<C: Clock, B: Storage<u8>> Placer for MctsPlayer<'_, C, B> {
    fn start_game(&mut self, system: &PointSystem) {
        self.eval = Some(Evaluator::new(system, self.config.heuristic));
        self.playouts = None;
        self.game_start = self.clock.micros();
        self.stats = MctsStats::default();
    }

    fn place<R: Rng + ?Sized>(
        &mut self,
        game: &PokerSquares,
        rng: &mut R,
    ) -> Result<usize, PlayError> {
        if self.config.simple_rules {
            let eval = self.evaluator(game.system());
            if let Some(cell) = simple_rule(game, &eval) {
                self.stats.rule_moves += 1;
                return Ok(cell);
            }
        }
        self.search(game, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker_squares::player::play_game;
    use crate::rng;
    use crate::search::NoClock;
    use crate::tree::Tree;

    #[test]
    fn a_game_is_deterministic_and_the_tree_full_condition_is_reported() {
        let clock = NoClock;
        let mut config = MctsConfig::new();
        config.budget = Budget::Iterations(60);
        let mut tree: Tree<u8, 20_000> = Tree::new();
        let mut p = MctsPlayer::new(&mut tree, &clock, config);
        let a = play_game(&mut p, &PointSystem::AMERICAN, &mut rng::stream(3, 0)).unwrap();
        let stats = p.stats();
        assert_eq!(stats.rule_moves, 4);
        assert_eq!(stats.searched_moves, 21);
        assert_eq!(stats.iterations, 21 * 60);
        let b = play_game(&mut p, &PointSystem::AMERICAN, &mut rng::stream(3, 0)).unwrap();
        assert_eq!(a, b);
        // A tiny tree fills at once; the search goes on and says so.
        let mut small: Tree<u8, 40> = Tree::new();
        let mut q = MctsPlayer::new(&mut small, &clock, config);
        let g = play_game(&mut q, &PointSystem::AMERICAN, &mut rng::stream(3, 0)).unwrap();
        assert!(g.is_full());
        assert!(q.stats().tree_full > 0);
    }

    use crate::search::Ticks;

    #[test]
    fn a_time_budget_is_one_kernel_call_a_move() {
        let clock = Ticks(core::cell::Cell::new(0));
        let mut config = MctsConfig::new();
        config.budget = Budget::GameMicros(200);
        let mut tree: Tree<u8, 20_000> = Tree::new();
        let mut p = MctsPlayer::new(&mut tree, &clock, config);
        let g = play_game(&mut p, &PointSystem::AMERICAN, &mut rng::stream(3, 0)).unwrap();
        assert!(g.is_full());
        let stats = p.stats();
        assert_eq!(stats.searched_moves, 21);
        // The kernel stops only where it reads the clock: a whole number of readings a move,
        // at least one iteration before the first.
        let per_read = u64::from(crate::search::CLOCK_EVERY);
        assert!(stats.iterations >= 21 * per_read, "{stats:?}");
        assert_eq!(stats.iterations % per_read, 0, "{stats:?}");
    }

    #[test]
    fn the_default_exploration_is_the_papers_cp() {
        assert_eq!(
            Some(MctsConfig::new().exploration),
            Exploration::kocsis_szepesvari(PAPER_CP)
        );
    }

    #[test]
    fn selection_spellings_round_trip() {
        crate::spelling::check_spellings(
            &Selection::ALL,
            &["uct", "uct-calc", "best-move", "prune-uct"],
            Selection::about,
            &["", "UCT", "Uct", "prune_uct", "prune-uct "],
        );
    }
}
