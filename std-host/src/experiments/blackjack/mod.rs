//! `cardtree experiment blackjack`: the comparison of the report "MCTS for Black Jack" (unsigned,
//! undated): every player on every shoe (Part II), MCTS over its iterations `MCTS_N` and its
//! exploration constant `C` (Part III), ours beside the paper's numbers
//! (`std-host/data/blackjack_paper.csv`).
//!
//! A work item is one block of hands of one configuration (table, shoe, player, iterations,
//! C). Hand `i` of every configuration is dealt from the same card order
//! (`CardOrder::new(shoe_i, seed, i)`, the shoe of `random` drawn from the hand's own stream
//! too), so configurations are paired hand by hand, and an item's result depends only on the
//! run's seed and the item.

use crate::error::Error;

use cardtree::blackjack::{MctsConfig, Rollout, Rules, ShoePreset};
use cardtree::search::Exploration;
use serde::{Deserialize, Serialize};

use crate::blackjack::play::{BlackjackPlayer, play_hands};
use crate::runner::Experiment;
use crate::workers::Stop;

mod options;
mod summary;

pub use options::{Options, run};
pub use summary::summarize;

/// The experiment's kind.
pub const KIND: &str = "blackjack";

/// One row of `raw.csv`: one block of hands of one configuration.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// `players`, `mcts_n` or `c`.
    pub table: String,
    /// The shoe.
    #[serde(with = "crate::json::spelled")]
    pub shoe: ShoePreset,
    /// The player.
    #[serde(with = "crate::json::spelled")]
    pub player: BlackjackPlayer,
    /// MCTS iterations per decision (0 for other players).
    pub iterations: u32,
    /// MCTS exploration constant (0 for other players).
    pub c: f64,
    /// The block's index.
    pub block: u64,
    /// Hands in the block.
    pub hands: u64,
    /// The sum of their returns, in bets.
    pub sum: f64,
    /// The sum of their squares.
    pub sum_sq: f64,
    /// Decisions made.
    pub decisions: u64,
}

/// The paper's numbers: Part II's table and Part III's sweeps, transcribed.
pub const PAPER: &str = include_str!("../../../data/blackjack_paper.csv");

/// One configuration: which table it belongs to, the shoe, the player, MCTS's parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Config {
    /// `players`, `mcts_n` or `c`.
    pub table: String,
    /// The shoe.
    #[serde(with = "crate::json::spelled")]
    pub shoe: ShoePreset,
    /// The player.
    #[serde(with = "crate::json::spelled")]
    pub player: BlackjackPlayer,
    /// MCTS iterations per decision (0 for other players).
    pub iterations: u32,
    /// MCTS exploration constant (0 for other players).
    pub c: f64,
}

/// What determines a run's results, as its manifest records it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fingerprint {
    /// The run's seed.
    pub seed: u64,
    /// Hands per configuration.
    pub hands: u64,
    /// Hands per work item.
    pub block: u64,
    /// Decks in the shoe.
    pub decks: u16,
    /// The table rules, as `Rules`' `Debug` shows them.
    pub rules: String,
    /// The configurations, in table order.
    pub configs: Vec<Config>,
}

/// The whole experiment.
#[derive(Clone, Debug)]
pub struct BlackjackExperiment {
    /// Table rules (the default six-deck game).
    pub rules: Rules,
    /// The run's seed.
    pub seed: u64,
    /// Hands per configuration.
    pub hands: u64,
    /// Hands per work item.
    pub block: u64,
    /// The configurations, in table order.
    pub configs: Vec<Config>,
}

impl BlackjackExperiment {
    /// The paper's tables: every player on every shoe (MCTS with 100 iterations and C = 2,
    /// C = 30 on the low shoe as the paper's table says), `MCTS_N` in {10, 100, 1000, 10000}
    /// and C in {1, 2, 25, 10000} on the high shoe (Part III).
    #[must_use]
    pub fn paper(seed: u64, hands: u64, block: u64) -> BlackjackExperiment {
        let mut configs = Vec::new();
        for shoe in ShoePreset::ALL {
            for player in BlackjackPlayer::ALL {
                let mcts = player == BlackjackPlayer::Mcts;
                let c = if shoe == ShoePreset::Low { 30.0 } else { 2.0 };
                configs.push(Config {
                    table: "players".into(),
                    shoe,
                    player,
                    iterations: if mcts { 100 } else { 0 },
                    c: if mcts { c } else { 0.0 },
                });
            }
        }
        for iterations in [10, 100, 1000, 10_000] {
            configs.push(Config {
                table: "mcts_n".into(),
                shoe: ShoePreset::High,
                player: BlackjackPlayer::Mcts,
                iterations,
                c: 2.0,
            });
        }
        for c in [1.0, 2.0, 25.0, 10_000.0] {
            configs.push(Config {
                table: "c".into(),
                shoe: ShoePreset::High,
                player: BlackjackPlayer::Mcts,
                iterations: 100,
                c,
            });
        }
        BlackjackExperiment {
            rules: Rules::new(),
            seed,
            hands,
            block: block.max(1),
            configs,
        }
    }

    fn blocks(&self) -> u64 {
        self.hands.div_ceil(self.block)
    }

    /// The configuration and the hand range `first..first + n` of item `k`.
    fn split(&self, k: usize) -> Option<(&Config, u64, u64)> {
        let blocks = usize::try_from(self.blocks()).ok()?.max(1);
        let config = self.configs.get(k / blocks)?;
        let first = (k % blocks) as u64 * self.block;
        Some((config, first, self.block.min(self.hands - first)))
    }
}

impl Experiment for BlackjackExperiment {
    type Record = Record;
    type Fingerprint = Fingerprint;
    type Worker = ();

    fn kind(&self) -> &'static str {
        KIND
    }

    fn fingerprint(&self) -> Result<Fingerprint, Error> {
        Ok(Fingerprint {
            seed: self.seed,
            hands: self.hands,
            block: self.block,
            decks: self.rules.decks,
            rules: format!("{:?}", self.rules),
            configs: self.configs.clone(),
        })
    }

    fn len(&self) -> usize {
        self.configs.len() * usize::try_from(self.blocks()).unwrap_or(0)
    }

    fn worker(&self) {}

    fn run(&self, _: &mut (), k: usize) -> Result<Vec<Record>, Error> {
        let (config, first, n) = self.split(k).ok_or_else(|| invalid!("no item {k}"))?;
        let mcts = MctsConfig {
            iterations: config.iterations,
            exploration: Exploration::new(config.c)
                .ok_or_else(|| invalid!("bad exploration constant C {}", config.c))?,
            closed_loop: false,
            rollout: Rollout::HitBelow17,
            unprune_after: 0,
        };
        let played = play_hands(
            config.player,
            self.rules,
            mcts,
            config.shoe,
            self.seed,
            first,
            n,
            false,
            Stop::never(),
        )?;
        let (values, decisions) = (played.values, played.decisions);
        let sum: f64 = values.iter().sum();
        let sum_sq: f64 = values.iter().map(|v| v * v).sum();
        Ok(vec![Record {
            table: config.table.clone(),
            shoe: config.shoe,
            player: config.player,
            iterations: config.iterations,
            c: config.c,
            block: first / self.block,
            hands: n,
            sum,
            sum_sq,
            decisions,
        }])
    }
}
