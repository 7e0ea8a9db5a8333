//! The per-layout evaluators of [`evaluate_leads`](super::evaluate_leads): the exact solver
//! and McKay's power-mean UCT.

use rand_core::Rng;

use crate::bridge::play::BridgePlay;
use crate::bridge::solver::{
    SolveStats, SolverConfig, TableMemory, TransTable, solve_reaching, solve_with,
};
use crate::card::Card;
use crate::search::{RandomPolicy, UctConfig, uct};
use crate::tree::{Storage, TreeInner};

use super::{CardValues, LeadError, LeadProblem, Measure};

/// Values every card the leader may lead on one layout.
pub trait LayoutEvaluator {
    /// Writes into `out` each card of the leader at `position` (the lead to make) with the
    /// tricks the leader's side takes from there on if it is led; a card the evaluator could
    /// not value may be left out. Random numbers come from `rng` only.
    fn evaluate<R: Rng + ?Sized>(
        &mut self,
        position: &BridgePlay,
        rng: &mut R,
        out: &mut CardValues,
    ) -> Result<(), LeadError>;

    /// What the values measure. Default [`Measure::Tricks`].
    fn measure(&self) -> Measure {
        Measure::Tricks
    }
}

/// The exact double-dummy value of every card ([`solve_with`]): one solve per layout; or, with
/// a target, whether each card beats the contract ([`solve_reaching`](crate::bridge::solve_reaching), [`Measure::Set`]).
#[derive(Debug)]
pub struct SolverEvaluator<'t, M: TableMemory> {
    /// The transposition table (cleared by the solver at each new layout).
    pub table: &'t mut TransTable<M>,
    /// The solver's techniques. Default [`SolverConfig::ALL`].
    pub config: SolverConfig,
    /// `Some(t)`: decide only whether each card takes the leader's side to `t` tricks
    /// ([`LeadProblem::target`]), the values then [`Measure::Set`]'s. Default `None`: exact
    /// tricks.
    pub target: Option<u8>,
    /// The work of every solve so far.
    pub stats: SolveStats,
}

impl<'t, M: TableMemory> SolverEvaluator<'t, M> {
    /// An evaluator of exact tricks over `table` with every technique on.
    pub fn new(table: &'t mut TransTable<M>) -> Self {
        SolverEvaluator {
            table,
            config: SolverConfig::ALL,
            target: None,
            stats: SolveStats::default(),
        }
    }

    /// An evaluator of whether each card beats `problem`'s contract (exact tricks when it has
    /// none).
    pub fn deciding(table: &'t mut TransTable<M>, problem: &LeadProblem) -> Self {
        SolverEvaluator {
            target: problem.target(),
            ..SolverEvaluator::new(table)
        }
    }
}

impl<M: TableMemory> LayoutEvaluator for SolverEvaluator<'_, M> {
    fn evaluate<R: Rng + ?Sized>(
        &mut self,
        position: &BridgePlay,
        _: &mut R,
        out: &mut CardValues,
    ) -> Result<(), LeadError> {
        out.clear();
        if let Some(target) = self.target {
            let reaching = solve_reaching(position, self.table, &self.config, target);
            self.stats.add(&reaching.stats);
            for &(card, set) in &reaching.cards {
                let _ = out.push((card, if set { 1.0 } else { 0.0 }));
            }
            return Ok(());
        }
        let solution = solve_with(position, self.table, &self.config);
        self.stats.add(&solution.stats);
        for &(card, tricks) in &solution.cards {
            let _ = out.push((card, f64::from(tricks)));
        }
        Ok(())
    }

    fn measure(&self) -> Measure {
        if self.target.is_some() {
            Measure::Set
        } else {
            Measure::Tricks
        }
    }
}

/// McKay's UCT on the layout ([`uct`] with its configuration, random playouts): each card's
/// value is the root child's value, in tricks for the leader's side.
#[derive(Debug)]
pub struct UctEvaluator<'t, B: Storage<Card>> {
    /// The search tree, reset for each layout.
    pub tree: &'t mut TreeInner<Card, B>,
    /// The search, e.g. [`UctConfig::mckay`].
    pub config: UctConfig,
    /// Playouts run so far.
    pub playouts: u64,
    /// The most nodes one layout's tree used.
    pub peak_nodes: usize,
    /// Iterations that found the tree full, summed.
    pub tree_full: u64,
}

impl<'t, B: Storage<Card>> UctEvaluator<'t, B> {
    /// An evaluator searching with `config` in `tree`.
    pub fn new(tree: &'t mut TreeInner<Card, B>, config: UctConfig) -> Self {
        UctEvaluator {
            tree,
            config,
            playouts: 0,
            peak_nodes: 0,
            tree_full: 0,
        }
    }
}

impl<B: Storage<Card>> LayoutEvaluator for UctEvaluator<'_, B> {
    fn evaluate<R: Rng + ?Sized>(
        &mut self,
        position: &BridgePlay,
        rng: &mut R,
        out: &mut CardValues,
    ) -> Result<(), LeadError> {
        let config = UctConfig {
            reuse_tree: false,
            ..self.config
        };
        let result = uct(self.tree, position, &config, &mut RandomPolicy, rng)?;
        self.playouts += u64::from(result.iterations);
        self.peak_nodes = self.peak_nodes.max(result.nodes);
        self.tree_full += u64::from(result.tree_full);
        out.clear();
        for c in result.children.iter().filter(|c| c.visits > 0) {
            let _ = out.push((c.mv, c.value));
        }
        Ok(())
    }
}
