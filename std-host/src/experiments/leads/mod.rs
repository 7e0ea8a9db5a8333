//! `cardtree experiment leads`: McKay & Kruskal's error measure with the hidden hands hidden.
//!
//! For each deal of a deals file only the leader's hand is known. Each method picks a lead from
//! sampled layouts of the other three hands; the lead's cost is the double-dummy tricks it
//! loses on the real deal against the best lead there (the file's `tricks`), the measure of
//! McKay & Kruskal, "A New Method of Averaging in Monte Carlo Game Tree Search" (2009) (there with every hand known). Rows: a uniformly random lead (its
//! expected cost); PIMC with the exact solver at several numbers of layouts (nested: the first
//! 10 of the 300 layouts are the 10-layout row's, so the rows are paired); PIMC with McKay's
//! UCT on each layout at several (layouts, playouts, c, p), on the same layouts as the solver;
//! ISMCTS; and each UCT configuration with every hand known (McKay's own setting: the floor of
//! its error). Times are measured per lead, on one thread.
//!
//! Work items: item `k` is deal `k % D` of method group `k / D` (group 0 the solver and the
//! random lead, then each UCT row, then each ISMCTS row). Deal `d`'s layouts come from
//! `rng::stream(deal_seed, i)` with `deal_seed` the first output of `rng::stream(seed, d)`, so
//! every method sees the same layouts of a deal.

use crate::error::{Context, Error};

use cardtree::bridge::{Contract, LeadProblem, LeadTally, Measure, ismcts_lead};
use cardtree::search::{RandomPolicy, uct};
use cardtree::{Deal, SizeRule, pbn, rng};
use serde::{Deserialize, Serialize};

use crate::bridge::lead::{Method, Worker, value_layout};
use crate::bridge::lead_deals::LeadDeal;
use crate::runner::Experiment;
use crate::runner::record::Number;

mod options;
mod rows;
mod summary;

pub use options::{Options, run};
pub use rows::{IsmctsRow, UctRow, parse_ismcts_rows, parse_layouts, parse_uct_rows};
pub use summary::summarize;

/// The experiment's kind.
pub const KIND: &str = "leads";

/// One row of `raw.csv`: one method's lead on one deal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// `random`, `solver`, `uct`, `uct-perfect` or `ismcts`.
    pub method: String,
    /// Layouts valued (the rows' size).
    pub layouts: u32,
    /// Playouts a layout (UCT) or iterations (ISMCTS); 0 otherwise.
    pub playouts: u32,
    /// McKay's constant (0 for the solver and the random lead).
    pub c: Number,
    /// The power (0 for the solver and the random lead).
    pub p: Number,
    /// The deal's id.
    pub deal: String,
    /// The lead chosen (`-` for the random lead).
    pub card: String,
    /// Its double-dummy tricks (none for the random lead).
    pub tricks: Option<u8>,
    /// The best lead's.
    pub best: u8,
    /// Tricks lost: `best - tricks` (the random lead's expected loss, 6 decimals).
    pub cost: Number,
    /// Wall-clock milliseconds (3 decimals).
    pub ms: Number,
    /// Solver nodes or playouts.
    pub work: u64,
    /// Tries to draw the layouts.
    pub tries: u64,
}

/// What determines a run's results, as its manifest records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fingerprint {
    /// The run's seed.
    pub seed: u64,
    /// The solver rows' numbers of layouts.
    pub solver_layouts: Vec<u32>,
    /// The PIMC-with-UCT rows, as `--uct` spells them.
    pub uct: Vec<String>,
    /// The ISMCTS rows, as `--ismcts` spells them.
    pub ismcts: Vec<String>,
    /// Where the deals came from.
    pub source: String,
    /// Every deal, as its JSON line.
    pub deals: Vec<String>,
}

/// The experiment.
#[derive(Clone, Debug)]
pub struct Leads {
    /// The deals, with every lead's double-dummy value.
    pub deals: Vec<LeadDeal>,
    /// Where they came from, for the record.
    pub source: String,
    /// The run's seed.
    pub seed: u64,
    /// The solver rows' numbers of layouts, ascending (the largest is valued, the others are
    /// its prefixes).
    pub solver_layouts: Vec<u32>,
    /// The PIMC-with-UCT rows.
    pub uct: Vec<UctRow>,
    /// The ISMCTS rows.
    pub ismcts: Vec<IsmctsRow>,
    /// Solver table per thread, in MiB.
    pub table_mib: usize,
}

impl Leads {
    fn group_count(&self) -> usize {
        1 + self.uct.len() + self.ismcts.len()
    }

    /// The seed of deal `d`'s layouts.
    fn deal_seed(&self, d: usize) -> u64 {
        rng::below(&mut rng::stream(self.seed, d as u64), u64::MAX)
    }

    fn problem(&self, deal: &LeadDeal) -> Result<(LeadProblem, Deal), Error> {
        let full =
            pbn::parse(&deal.pbn, SizeRule::Full).with_context(|| format!("deal {}", deal.id))?;
        let declarer = deal.leader.offset(3);
        // The set chances are counted against 3 in the strain by the leader's right-hand
        // opponent; they do not choose the lead here.
        let c = Contract::new(3, deal.strain).map_err(Error::from)?;
        let problem = LeadProblem::opening(
            full.hand(deal.leader),
            c,
            declarer,
            cardtree::bridge::Constraints::NONE,
        )
        .with_context(|| format!("deal {}", deal.id))?;
        Ok((problem, full))
    }

    /// A row: the chosen card and its cost on the real deal.
    #[allow(clippy::too_many_arguments)]
    fn row(
        deal: &LeadDeal,
        method: &str,
        layouts: u32,
        (playouts, c, p): (u32, f64, f64),
        card: Option<cardtree::Card>,
        ms: f64,
        work: u64,
        tries: u64,
    ) -> Result<Record, Error> {
        let (card, tricks, best) = deal.score(card, method)?;
        Ok(Record {
            method: method.to_string(),
            layouts,
            playouts,
            c: Number::shown(c),
            p: Number::shown(p),
            deal: deal.id.clone(),
            card: card.to_string(),
            tricks: Some(tricks),
            best,
            cost: Number::shown(best - tricks),
            ms: Number::fixed(ms, 3),
            work,
            tries,
        })
    }
}

impl Experiment for Leads {
    type Worker = (Option<Worker>, Option<Worker>);
    type Record = Record;
    type Fingerprint = Fingerprint;

    fn kind(&self) -> &'static str {
        KIND
    }

    fn fingerprint(&self) -> Result<Fingerprint, Error> {
        Ok(Fingerprint {
            seed: self.seed,
            solver_layouts: self.solver_layouts.clone(),
            uct: self
                .uct
                .iter()
                .map(|r| format!("{}x{}:{}:{}", r.layouts, r.playouts, r.c, r.p))
                .collect(),
            ismcts: self
                .ismcts
                .iter()
                .map(|r| format!("{}:{}:{}", r.iterations, r.c, r.p))
                .collect(),
            source: self.source.clone(),
            deals: LeadDeal::json_lines(&self.deals)?,
        })
    }

    fn len(&self) -> usize {
        self.group_count() * self.deals.len()
    }

    fn worker(&self) -> Self::Worker {
        (None, None)
    }

    fn run(&self, worker: &mut Self::Worker, k: usize) -> Result<Vec<Record>, Error> {
        let d = k % self.deals.len().max(1);
        let group = k / self.deals.len().max(1);
        let deal = self
            .deals
            .get(d)
            .ok_or_else(|| invalid!("item {k}: no deal"))?;
        let (problem, full) = self.problem(deal)?;
        let seed = self.deal_seed(d);
        let max_tries = cardtree::bridge::DEFAULT_MAX_TRIES;
        let (table, tree) = worker;
        if group == 0 {
            let table = table.get_or_insert_with(|| Worker::table(self.table_mib));
            let most = self.solver_layouts.last().copied().unwrap_or(0);
            let mut tally = LeadTally::new(&problem, true, Measure::Tricks);
            let (mut ms, mut work) = (0.0, 0);
            let mut rows = vec![Record {
                method: "random".to_string(),
                c: Number::shown(0),
                p: Number::shown(0),
                deal: deal.id.clone(),
                card: "-".into(),
                best: deal.best(),
                cost: Number::fixed(deal.random_error(), 6),
                ms: Number::shown(0),
                ..Record::default()
            }];
            for i in 0..most {
                let r = value_layout(
                    &problem,
                    &Method::SOLVER,
                    seed,
                    u64::from(i),
                    max_tries,
                    table,
                )?;
                ms += r.ms;
                work += r.work;
                tally.add(&r.values, r.tries);
                if self.solver_layouts.contains(&(i + 1)) {
                    let report = tally.report();
                    rows.push(Leads::row(
                        deal,
                        "solver",
                        i + 1,
                        (0, 0.0, 0.0),
                        report.by_tricks,
                        ms,
                        work,
                        report.tries,
                    )?);
                }
            }
            return Ok(rows);
        }
        let tree = tree.get_or_insert_with(Worker::tree);
        if let Some(row) = self.uct.get(group - 1) {
            let method = Method::Uct {
                playouts: row.playouts,
                c: row.c,
                p: row.p,
            };
            let mut tally = LeadTally::new(&problem, true, Measure::Tricks);
            let (mut ms, mut work) = (0.0, 0);
            for i in 0..row.layouts {
                let r = value_layout(&problem, &method, seed, u64::from(i), max_tries, tree)?;
                ms += r.ms;
                work += r.work;
                tally.add(&r.values, r.tries);
            }
            let report = tally.report();
            let cfg = (row.playouts, row.c, row.p);
            let pimc = Leads::row(
                deal,
                "uct",
                row.layouts,
                cfg,
                report.by_tricks,
                ms,
                work,
                report.tries,
            )?;
            // The same search with every hand known: McKay's setting.
            let config = method.uct_config()?.unwrap_or_default();
            let Worker::Tree(t) = tree else {
                return Err(Error::Invalid("UCT needs a tree".into()));
            };
            let position = cardtree::bridge::BridgePlay::new(&full, deal.strain, deal.leader)
                .with_context(|| format!("deal {}", deal.id))?;
            let start = web_time::Instant::now();
            let mut g = rng::stream(seed, u64::from(u32::MAX) + 1);
            let r = uct(t, &position, &config, &mut RandomPolicy, &mut g)
                .with_context(|| format!("deal {}", deal.id))?;
            let perfect = Leads::row(
                deal,
                "uct-perfect",
                1,
                cfg,
                r.best,
                start.elapsed().as_secs_f64() * 1e3,
                u64::from(r.iterations),
                0,
            )?;
            return Ok(vec![pimc, perfect]);
        }
        let row = self
            .ismcts
            .get(group - 1 - self.uct.len())
            .ok_or_else(|| invalid!("item {k}: no such row"))?;
        let method = Method::Ismcts {
            iterations: row.iterations,
            c: row.c,
            p: row.p,
        };
        let config = method.uct_config()?.unwrap_or_default();
        let Worker::Tree(t) = tree else {
            return Err(Error::Invalid("ISMCTS needs a tree".into()));
        };
        let start = web_time::Instant::now();
        let report = ismcts_lead(&problem, t, &config, seed, max_tries)
            .with_context(|| format!("deal {}", deal.id))?;
        let ms = start.elapsed().as_secs_f64() * 1e3;
        Ok(vec![Leads::row(
            deal,
            "ismcts",
            report.layouts,
            (row.iterations, row.c, row.p),
            report.by_tricks,
            ms,
            u64::from(row.iterations),
            report.tries,
        )?])
    }
}
