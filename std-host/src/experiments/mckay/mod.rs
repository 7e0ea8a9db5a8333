//! `cardtree experiment mckay`: the experiment of McKay & Kruskal, "A New Method of Averaging in
//! Monte Carlo Game Tree Search" (2009), its "Method" and Figure 3. For every cell (exploration constant `c`, power `p`) of a grid and
//! every deal, power-mean UCT chooses an opening lead from a fixed number of playouts; the
//! chosen lead is scored by its double-dummy value.
//!
//! One work item is one (cell, deal) pair: item `k` is cell `k / deals`, deal `k % deals`, and
//! cells run constant-major (`c` of the row, `p` of the column, as in Figure 3). The item's
//! search draws from `rng::stream(seed, k)`.

use crate::error::{Context, Error};
mod grid;
mod options;
mod summary;

use cardtree::search::{
    Backup, Expansion, Exploration, FinalMove, RandomPolicy, UctConfig, UctResult, uct,
};
use cardtree::{Card, Power, rng};
use serde::{Deserialize, Serialize};

use crate::runner::Experiment;

pub use crate::bridge::lead_deals::{LeadDeal, parse_deals, quick_deals, read_deals};
pub use crate::bridge::lead_tree::{LeadTree, TREE_NODES, lead_tree};
pub use grid::{Constants, Powers, parse_constants, parse_powers};
pub use options::{Options, run};
pub use summary::summarize;

/// The experiment's kind, as `cardtree experiment mckay` names it.
pub const KIND: &str = "mckay";

/// The paper's grid of exploration constants, `0.125 .. 128` by powers of two ("Method").
pub const PAPER_CONSTANTS: [f64; 11] = [
    0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0,
];
/// The paper's powers, `1 .. 15` ("Method").
pub const PAPER_POWERS: [u32; 15] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
/// The paper's playouts per search ("Method": "running through 5000 plays of every hand").
pub const PAPER_PLAYOUTS: u32 = 5000;

/// What determines a run's results, as its manifest records it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fingerprint {
    /// The grid's exploration constants.
    pub constants: Vec<f64>,
    /// The grid's powers.
    pub powers: Vec<u32>,
    /// Playouts per search.
    pub playouts: u32,
    /// The run's seed.
    pub seed: u64,
    /// The search.
    #[serde(with = "crate::json::spelled")]
    pub variant: Variant,
    /// The lead chosen at the end.
    #[serde(with = "crate::json::spelled")]
    pub choice: FinalMove,
    /// Where the deals came from (a file name, or `quick`).
    pub source: String,
    /// Every deal, as its JSON line.
    pub deals: Vec<String>,
}

/// The search variant of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// The paper's appendix: all children on first visit, playouts in the tree to the end.
    Paper,
    /// Standard UCT: one new node per playout, then a uniformly random rollout.
    Standard,
}

cardtree::spelled! {
    Variant, "variant";
    Paper => "paper", "All children on a node's first visit; every playout in the tree to the end of the deal";
    Standard => "standard", "One new node per playout, then a uniformly random rollout";
}

/// The (c, p) grid McKay & Kruskal sweep and the search settings of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepGrid {
    /// Exploration constants `c` of `V = X + sqrt(c ln n / T)` (rows).
    pub constants: Vec<f64>,
    /// Powers `p` (columns).
    pub powers: Vec<u32>,
    /// Playouts per search.
    pub playouts: u32,
    /// Seed of the run.
    pub seed: u64,
    /// Expansion and simulation.
    pub variant: Variant,
    /// The lead chosen: highest value (the paper) or most visits.
    pub choice: FinalMove,
}

impl SweepGrid {
    /// The paper's grid: 11 constants x 15 powers, 5000 playouts, its search and choice.
    #[must_use]
    pub fn paper(seed: u64) -> SweepGrid {
        SweepGrid {
            constants: PAPER_CONSTANTS.to_vec(),
            powers: PAPER_POWERS.to_vec(),
            playouts: PAPER_PLAYOUTS,
            seed,
            variant: Variant::Paper,
            choice: FinalMove::HighestValue,
        }
    }

    /// The search configuration of cell (`c`, `p`).
    pub fn config(&self, c: f64, p: u32) -> Result<UctConfig, Error> {
        let exploration =
            Exploration::mckay(c).ok_or_else(|| invalid!("constant {c} is not >= 0"))?;
        let power = Power::integer(p).map_err(Error::from)?;
        let mut config = UctConfig::mckay(exploration, power, self.playouts);
        config.final_move = self.choice;
        if self.variant == Variant::Standard {
            config.expansion = Expansion::OneNode;
        }
        if p == 1 {
            // Bit for bit the same values as Power(1); stated as the plain mean.
            config.backup = Backup::Mean;
        }
        Ok(config)
    }
}

/// The experiment: a grid over a set of valued deals.
#[derive(Clone, Debug)]
pub struct McKay {
    /// The grid.
    pub grid: SweepGrid,
    /// The deals.
    pub deals: Vec<LeadDeal>,
    /// Where the deals came from (a file name, or `quick`), for the record.
    pub source: String,
}

/// One row of `raw.csv`: one search on one deal in one cell.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The cell's exploration constant.
    pub c: f64,
    /// The cell's power.
    pub p: u32,
    /// The deal's id.
    pub deal: String,
    /// The lead UCT chose.
    pub card: String,
    /// Its double-dummy tricks.
    pub tricks: u8,
    /// The best lead's.
    pub best: u8,
    /// Tricks the chosen lead loses: `best - tricks`.
    pub error: u8,
    /// The search's value of the root.
    pub root_value: f64,
    /// `|root_value - best|`.
    pub root_error: f64,
    /// The mean `|value - tricks|` over the visited leads.
    pub child_error: f64,
    /// What a uniformly random lead loses on the deal.
    pub random_error: f64,
    /// Playouts run.
    pub playouts: u32,
    /// Nodes of the tree.
    pub nodes: usize,
    /// Playouts that found the tree full.
    pub tree_full: u32,
}

impl McKay {
    /// Cell and deal of item `k`.
    fn split(&self, k: usize) -> (f64, u32, &LeadDeal) {
        let d = self.deals.len().max(1);
        let cell = k / d;
        let np = self.grid.powers.len().max(1);
        (
            self.grid.constants[cell / np],
            self.grid.powers[cell % np],
            &self.deals[k % d],
        )
    }

    /// Runs one search: the lead chosen from `deal` with cell (`c`, `p`), seeded by item `k`.
    pub fn search(
        &self,
        tree: &mut LeadTree,
        k: usize,
    ) -> Result<(UctResult<Card>, UctConfig), Error> {
        let (c, p, deal) = self.split(k);
        let config = self.grid.config(c, p)?;
        let position = deal.position()?;
        let mut rng = rng::stream(self.grid.seed, k as u64);
        let result = uct(tree, &position, &config, &mut RandomPolicy, &mut rng)
            .with_context(|| format!("deal {}", deal.id))?;
        Ok((result, config))
    }
}

impl Experiment for McKay {
    type Worker = LeadTree;
    type Record = Record;
    type Fingerprint = Fingerprint;

    fn kind(&self) -> &'static str {
        KIND
    }

    fn fingerprint(&self) -> Result<Fingerprint, Error> {
        Ok(Fingerprint {
            constants: self.grid.constants.clone(),
            powers: self.grid.powers.clone(),
            playouts: self.grid.playouts,
            seed: self.grid.seed,
            variant: self.grid.variant,
            choice: self.grid.choice,
            source: self.source.clone(),
            deals: LeadDeal::json_lines(&self.deals)?,
        })
    }

    fn len(&self) -> usize {
        self.grid.constants.len() * self.grid.powers.len() * self.deals.len()
    }

    fn worker(&self) -> LeadTree {
        lead_tree()
    }

    fn run(&self, tree: &mut LeadTree, k: usize) -> Result<Vec<Record>, Error> {
        let (c, p, deal) = self.split(k);
        let (result, _) = self.search(tree, k)?;
        let (card, tricks, best) = deal.score(result.best, "the search")?;
        let mut child_error = 0.0;
        let mut children = 0u32;
        for ch in result.children.iter().filter(|ch| ch.visits > 0) {
            if let Some(t) = deal.tricks_of(ch.mv) {
                child_error += (ch.value - f64::from(t)).abs();
                children += 1;
            }
        }
        let child_error = child_error / f64::from(children.max(1));
        Ok(vec![Record {
            c,
            p,
            deal: deal.id.clone(),
            card: card.to_string(),
            tricks,
            best,
            error: best - tricks,
            root_value: result.root_value,
            root_error: (result.root_value - f64::from(best)).abs(),
            child_error,
            random_error: deal.random_error(),
            playouts: result.iterations,
            nodes: result.nodes,
            tree_full: result.tree_full,
        }])
    }
}
