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
use serde::{Deserialize, Serialize};

use crate::pps::play::{self, PlayConfig, PpsPlayer, RolloutSettings, SearchTree};
use crate::runner::Experiment;

mod configs;
mod options;
mod summary;

pub use configs::{PAPERS_CSV, PpsTable, configs, ours, paper_mean, paper_mean_under};
pub use options::{Options, run};
pub use summary::summarize;

/// The experiment's kind for the runner.
pub const KIND: &str = "pps";

/// One row of `raw.csv`: one game of one configuration.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The configuration's index in its table.
    pub config: usize,
    /// The configuration's label (as in `data/pps_papers.csv`).
    pub label: String,
    /// The game's index: its cards come from `rng::stream(seed, game)`.
    pub game: u64,
    /// The game's score.
    pub score: i64,
    /// Search iterations (or rollout rounds) of the game.
    pub iterations: u64,
    /// Iterations that found the tree full.
    pub tree_full: u64,
}

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

/// What determines a run's results, as its manifest records it. The optional fields are
/// written only when set, so that the runs made before they existed keep their fingerprints.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fingerprint {
    /// The table.
    #[serde(with = "crate::json::spelled")]
    pub table: PpsTable,
    /// The point system, as given.
    pub system: String,
    /// Games per configuration.
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// The budget of every configuration.
    pub budget: BudgetFingerprint,
    /// The prior mix, when not `sum`.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "crate::json::spelled_option"
    )]
    pub prior_mix: Option<PriorMix>,
    /// The rollout table's candidates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub candidates: Option<usize>,
    /// The rollout table's playouts by expectimax (without the control variate).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub playout_lookahead: Option<u8>,
    /// The rollout table's guard, in standard errors.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guard: Option<f64>,
    /// The rollout table's control variate (`true` when on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control_variate: Option<bool>,
    /// The expectimax table's lookahead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lookahead: Option<u8>,
    /// A values file instead of the shipped table, with the FNV-1a hash of its text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<ValuesFingerprint>,
}

/// A run's budget: iterations per searched move, or seconds per game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct BudgetFingerprint {
    /// Iterations (or rollout rounds) per searched move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iterations_per_move: Option<u32>,
    /// Seconds per game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds_per_game: Option<f64>,
}

impl BudgetFingerprint {
    /// The record of `b`.
    #[must_use]
    pub fn of(b: Budget) -> BudgetFingerprint {
        match b {
            Budget::Iterations(k) => BudgetFingerprint {
                iterations_per_move: Some(k),
                seconds_per_game: None,
            },
            Budget::GameMicros(us) => BudgetFingerprint {
                iterations_per_move: None,
                seconds_per_game: Some(us as f64 / 1e6),
            },
        }
    }
}

/// A learned table read from a file: its path as given and the FNV-1a hash of its text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValuesFingerprint {
    /// The path, as given to `--values`.
    pub file: String,
    /// The FNV-1a hash of its text, 16 hex digits.
    pub fnv64: String,
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

impl Experiment for PpsExperiment {
    type Worker = SearchTree;
    type Record = Record;
    type Fingerprint = Fingerprint;

    fn kind(&self) -> &'static str {
        KIND
    }

    fn fingerprint(&self) -> Result<Fingerprint, Error> {
        let rollout = (self.table == PpsTable::Rollout).then_some(&self.rollout);
        Ok(Fingerprint {
            table: self.table,
            system: self.system_text.clone(),
            games: self.games,
            seed: self.seed,
            budget: BudgetFingerprint::of(self.budget),
            // Named only when not the default, so that the runs made before it keep their
            // fingerprints; so are the rollout table's settings.
            prior_mix: (self.prior_mix != PriorMix::Sum).then_some(self.prior_mix),
            candidates: rollout.map(|r| r.candidates),
            playout_lookahead: rollout
                .filter(|r| !r.control_variate)
                .and_then(|r| r.playouts)
                .map(|l| l as u8),
            guard: rollout.and_then(|r| r.guard).map(|z| f64::from(z) / 100.0),
            control_variate: rollout.filter(|r| r.control_variate).map(|_| true),
            lookahead: (self.table == PpsTable::Expectimax).then_some(self.lookahead as u8),
            values: self.values.as_ref().map(|(file, hash)| ValuesFingerprint {
                file: file.clone(),
                fnv64: format!("{hash:016x}"),
            }),
        })
    }

    fn len(&self) -> usize {
        self.configs.len() * self.games as usize
    }

    fn worker(&self) -> SearchTree {
        play::new_tree()
    }

    fn run(&self, tree: &mut SearchTree, k: usize) -> Result<Vec<Record>, Error> {
        let games = self.games.max(1) as usize;
        let (ci, game) = (k / games, k % games);
        let (label, config) = self
            .configs
            .get(ci)
            .ok_or_else(|| invalid!("item {k} out of range"))?;
        let r = play::play_one(config, self.seed, game as u64, tree)?;
        Ok(vec![Record {
            config: ci,
            label: label.clone(),
            game: game as u64,
            score: r.score,
            iterations: r.stats.iterations,
            tree_full: r.stats.tree_full,
        }])
    }
}
