//! `cardtree experiment pps`: its options and the run.

use std::path::PathBuf;

use cardtree::poker_squares::{Budget, PriorMix};

use crate::error::Error;
use crate::experiments::pps::{LearnedOptions, PpsExperiment, PpsTable, summarize};
use crate::pps::options::{lookahead, rollout_settings};
use crate::runner::{self, RunOptions};

/// The options of `cardtree experiment pps` (the flags of the same names).
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Which table.
    pub table: PpsTable,
    /// The point system, as given.
    pub system: String,
    /// Paired games per configuration.
    pub games: u64,
    /// Seed of the run.
    pub seed: u64,
    /// Iterations per searched move (the default budget, 1000).
    pub iterations: Option<u32>,
    /// Seconds per game instead.
    pub game_seconds: Option<f64>,
    /// How every configuration's heuristic combines the a-priori probabilities.
    pub prior_mix: PriorMix,
    /// The rollout table's candidates (0: every placement).
    pub candidates: usize,
    /// The rollout table's playouts: 0 greedy, 1 or 2 by expectimax.
    pub playout_lookahead: u8,
    /// The rollout table's guard, in standard errors.
    pub guard: Option<f64>,
    /// The rollout table's control variate.
    pub control_variate: bool,
    /// The expectimax table's lookahead (1 or 2).
    pub lookahead: u8,
    /// The learned tables' values file (default the table cardtree ships).
    pub values: Option<PathBuf>,
}

/// Runs `cardtree experiment pps` and reports what it wrote.
pub fn run(o: &Options, run: &RunOptions) -> Result<(), Error> {
    let budget = match (o.iterations, o.game_seconds) {
        (_, Some(t)) if t > 0.0 => Budget::GameMicros((t * 1e6) as u64),
        (_, Some(_)) => return Err(Error::Invalid("--game-seconds must be positive".into())),
        (k, None) => Budget::Iterations(k.unwrap_or(1000)),
    };
    let experiment = PpsExperiment::new(
        o.table,
        &o.system,
        o.games,
        o.seed,
        budget,
        o.prior_mix,
        LearnedOptions {
            rollout: rollout_settings(
                o.candidates,
                o.playout_lookahead,
                o.guard,
                o.control_variate,
            ),
            lookahead: lookahead(o.lookahead),
            values: o.values.as_deref(),
        },
    )?;
    let report = runner::run(&experiment, summarize, run)?;
    runner::report(&report, run)
}
