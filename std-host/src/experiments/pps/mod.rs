//! `cardtree experiment pps`: the Poker Squares papers' tables on the shared runner: Table 2
//! (squashing), the Cp table, the twelve rows of Table 3 (selection x simulation) and the
//! alpha/beta/gamma sweep, each beside the papers' numbers (`data/pps_papers.csv`).
//!
//! Item `k` is configuration `k / games` on game `k % games`; the game's deal and the player's
//! randomness come from `rng::stream(seed, game)`, so every configuration plays the same deals
//! (paired games). Under an iteration budget an item's row is the same on every machine; under
//! a time budget (needed for the "+ Calc." rows to mean anything) it depends on the machine.

use crate::error::{Context, Error};
use cardtree::poker_squares::{Budget, Lookahead, PointSystem, PriorMix};
use serde_json::{Value, json};

use crate::pps::play::{self, PlayConfig, PpsPlayer, RolloutSettings, SearchTree};
use crate::runner::{Experiment, Row};

mod configs;
mod options;
mod summary;

pub use configs::{PAPERS_CSV, PpsTable, configs, ours, paper_mean, paper_mean_under};
pub use options::{Options, run};
pub use summary::summarize;

/// The experiment's kind for the runner.
pub const KIND: &str = "pps";

/// The columns of `raw.csv` after `item`.
const COLUMNS: [&str; 6] = [
    "config",
    "label",
    "game",
    "score",
    "iterations",
    "tree_full",
];

/// The options of the learned players' tables, rollout and expectimax (the other tables
/// ignore them).
#[derive(Clone, Copy, Debug, Default)]
pub struct LearnedOptions<'a> {
    /// The rollout table's player (`candidates`: placements compared by rollouts each move, the
    /// best by the learned values, 0 for every placement).
    pub rollout: RolloutSettings,
    /// Expectimax: how many cards ahead.
    pub lookahead: Lookahead,
    /// A table file (`--values`) instead of the table cardtree ships for the point system.
    pub values: Option<&'a std::path::Path>,
}

/// One table of the papers, run over `games` paired games per configuration.
#[derive(Debug)]
pub struct PpsExperiment {
    /// The table.
    pub table: PpsTable,
    /// The point system's text (as given to `--system`).
    pub system_text: String,
    /// Games per configuration.
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// The budget of every configuration.
    pub budget: Budget,
    /// How every configuration's heuristic combines the a-priori probabilities.
    pub prior_mix: PriorMix,
    /// The rollout table's player.
    pub rollout: RolloutSettings,
    /// The expectimax table's lookahead.
    pub lookahead: Lookahead,
    /// The learned tables' values file and the FNV-1a hash of its text, when not the table
    /// cardtree ships.
    pub values: Option<(String, u64)>,
    /// The configurations.
    pub configs: Vec<(String, PlayConfig)>,
}

impl PpsExperiment {
    /// The experiment of `table`.
    pub fn new(
        table: PpsTable,
        system_text: &str,
        games: u64,
        seed: u64,
        budget: Budget,
        prior_mix: PriorMix,
        options: LearnedOptions<'_>,
    ) -> Result<PpsExperiment, Error> {
        let LearnedOptions {
            rollout,
            lookahead,
            values,
        } = options;
        let system: PointSystem = system_text.parse().context("bad --system")?;
        let player = match table {
            PpsTable::Rollout => Some(PpsPlayer::Rollout(rollout)),
            PpsTable::Expectimax => Some(PpsPlayer::Expectimax(lookahead)),
            _ => None,
        };
        let mut file = None;
        let learned = match (player, values) {
            (Some(player), Some(path)) => {
                let (table, hash) = play::table_file(path, &system, system_text)?;
                file = Some((path.display().to_string(), hash));
                Some((table, player))
            }
            (Some(player), None) => Some((play::committed_table(&system, system_text)?, player)),
            (None, Some(_)) => {
                return Err(Error::Invalid(
                    "--values is for the rollout and expectimax tables only".into(),
                ));
            }
            (None, None) => None,
        };
        Ok(PpsExperiment {
            table,
            system_text: system_text.to_string(),
            games,
            seed,
            budget,
            prior_mix,
            rollout,
            lookahead,
            values: file,
            configs: configs(table, system, budget, learned)
                .into_iter()
                .map(|(label, mut c)| {
                    c.mcts.heuristic.mix = prior_mix;
                    (label, c)
                })
                .collect(),
        })
    }
}

fn budget_json(b: Budget) -> Value {
    match b {
        Budget::Iterations(k) => json!({"iterations_per_move": k}),
        Budget::GameMicros(us) => json!({"seconds_per_game": us as f64 / 1e6}),
    }
}

impl Experiment for PpsExperiment {
    type Worker = SearchTree;

    fn kind(&self) -> &'static str {
        KIND
    }

    fn fingerprint(&self) -> Value {
        let mut f = json!({
            "table": self.table.name(),
            "system": self.system_text,
            "games": self.games,
            "seed": self.seed,
            "budget": budget_json(self.budget),
        });
        // Named only when not the default, so that the runs made before it keep their
        // fingerprints.
        if self.prior_mix != PriorMix::Sum {
            f["prior_mix"] = json!(self.prior_mix.name());
        }
        if self.table == PpsTable::Rollout {
            let r = &self.rollout;
            f["candidates"] = json!(r.candidates);
            // Each named only when set, as above.
            if let (Some(l), false) = (r.playouts, r.control_variate) {
                f["playout_lookahead"] = json!(l as u8);
            }
            if let Some(z) = r.guard {
                f["guard"] = json!(f64::from(z) / 100.0);
            }
            if r.control_variate {
                f["control_variate"] = json!(true);
            }
        }
        if self.table == PpsTable::Expectimax {
            f["lookahead"] = json!(self.lookahead as u8);
        }
        if let Some((file, hash)) = &self.values {
            f["values"] = json!({"file": file, "fnv64": format!("{hash:016x}")});
        }
        f
    }

    fn columns(&self) -> Vec<String> {
        COLUMNS.iter().map(|c| (*c).to_string()).collect()
    }

    fn len(&self) -> usize {
        self.configs.len() * self.games as usize
    }

    fn worker(&self) -> SearchTree {
        play::new_tree()
    }

    fn run(&self, tree: &mut SearchTree, k: usize) -> Result<Vec<Row>, Error> {
        let games = self.games.max(1) as usize;
        let (ci, game) = (k / games, k % games);
        let (label, config) = self
            .configs
            .get(ci)
            .ok_or_else(|| invalid!("item {k} out of range"))?;
        let r = play::play_one(config, self.seed, game as u64, tree)?;
        Ok(vec![vec![
            ci.to_string(),
            label.clone(),
            game.to_string(),
            r.score.to_string(),
            r.stats.iterations.to_string(),
            r.stats.tree_full.to_string(),
        ]])
    }
}
