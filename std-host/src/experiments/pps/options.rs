//! `cardtree experiment pps`: its options and the run.

use std::path::PathBuf;

use cardtree::poker_squares::{Budget, PriorMix};

use crate::error::Error;
use crate::experiments::pps::{LearnedOptions, PpsExperiment, PpsTable, summarize};
use crate::pps::options::{lookahead, rollout_settings};
use crate::pps::play_spec::{
    CANDIDATES, CONTROL_VARIATE, GAME_SECONDS, GUARD, ITERATIONS, LOOKAHEAD, PLAYOUT_LOOKAHEAD,
    PRIOR_MIX, SYSTEM, VALUES, budget, games,
};
use crate::runner::{self, RunOptions};
use crate::shared_opts::seed;
use crate::spec::{Fallback, Given, OptSpec, Spec, SpecError, had};

/// The options of `cardtree experiment pps`, one spec: each player option is `pps play`'s
/// ([`crate::pps::play_spec`]), with its limits and default, told here what it does in
/// the experiment.
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
        (_, Some(t)) => return Err(invalid!("game_seconds: {t} is no budget")),
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

const TABLE: OptSpec =
    OptSpec::choice("table", "Which table", &PpsTable::NAMES, Fallback::Required);
const GAMES: OptSpec = games("Paired games per configuration");
const SEED: OptSpec =
    seed("Seed of the run: game i deals from stream (seed, i) for every configuration");
const EXPERIMENT_ITERATIONS: OptSpec = OptSpec {
    doc: "Iterations per searched move (deterministic); default 1000",
    ..ITERATIONS
};
const EXPERIMENT_SECONDS: OptSpec = OptSpec {
    doc: "Seconds per game instead of iterations (the papers' 30; needed for the \"+ Calc.\" rows)",
    ..GAME_SECONDS
};
const MIX: OptSpec = OptSpec {
    doc: "How every configuration's heuristic combines the a-priori probabilities of 1-3 card hands (the papers' text does not say; std-host/results/pps/audit.md)",
    ..PRIOR_MIX
};
const ROLLOUT_CANDIDATES: OptSpec = OptSpec {
    doc: "The rollout table's placements compared by rollouts each move, the best by the learned values (0: every placement)",
    ..CANDIDATES
};
const ROLLOUT_PLAYOUTS: OptSpec = OptSpec {
    doc: "The rollout table's playouts: 0 greedy on the learned values, 1 or 2 by expectimax",
    ..PLAYOUT_LOOKAHEAD
};
const ROLLOUT_GUARD: OptSpec = OptSpec {
    doc: "The rollout table's guard: expectimax's choice stands unless another candidate's rollouts beat it by more than this many standard errors",
    ..GUARD
};
const ROLLOUT_VARIATE: OptSpec = OptSpec {
    doc: "The rollout table's playouts by expectimax with the control variate (as pps play)",
    ..CONTROL_VARIATE
};
const EXPECTIMAX_LOOKAHEAD: OptSpec = OptSpec {
    doc: "The expectimax table's lookahead: the next card (1) or the next two (2)",
    ..LOOKAHEAD
};
const LEARNED_VALUES: OptSpec = OptSpec {
    doc: "The rollout and expectimax tables' learned values (from pps train; default the table cardtree ships for the point system). The run's fingerprint records the file's hash",
    ..VALUES
};

impl Spec for Options {
    const COMMAND: &'static str = "experiment pps";
    const OPTIONS: &'static [OptSpec] = &[
        TABLE,
        SYSTEM,
        GAMES,
        SEED,
        EXPERIMENT_ITERATIONS,
        EXPERIMENT_SECONDS,
        MIX,
        ROLLOUT_CANDIDATES,
        ROLLOUT_PLAYOUTS,
        ROLLOUT_GUARD,
        ROLLOUT_VARIATE,
        EXPECTIMAX_LOOKAHEAD,
        LEARNED_VALUES,
    ];

    fn from_given(g: &Given) -> Result<Options, SpecError> {
        // The options share their names with pps play's, so its reading of them serves.
        let (iterations, game_seconds) = budget(g)?;
        Ok(Options {
            table: had(&TABLE, g.choice(&TABLE)?)?,
            system: had(&SYSTEM, g.text(&SYSTEM)?)?.to_string(),
            games: had(&GAMES, g.whole(&GAMES))?,
            seed: had(&SEED, g.whole(&SEED))?,
            iterations,
            game_seconds,
            prior_mix: had(&MIX, g.choice(&MIX)?)?,
            candidates: had(&ROLLOUT_CANDIDATES, g.whole(&ROLLOUT_CANDIDATES))? as usize,
            playout_lookahead: had(&ROLLOUT_PLAYOUTS, g.whole(&ROLLOUT_PLAYOUTS))? as u8,
            guard: g.real(&ROLLOUT_GUARD),
            control_variate: had(&ROLLOUT_VARIATE, g.flag(&ROLLOUT_VARIATE))?,
            lookahead: had(&EXPECTIMAX_LOOKAHEAD, g.whole(&EXPECTIMAX_LOOKAHEAD))? as u8,
            values: g.text(&LEARNED_VALUES)?.map(PathBuf::from),
        })
    }
}
