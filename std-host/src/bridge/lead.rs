//! The opening lead with the unseen hands sampled, valued by the solver or by McKay's UCT on
//! each layout, or by one ISMCTS search: the valuation `cardtree bridge lead`
//! ([`crate::bridge::advisor`]) and the `leads` experiment share.

use crate::error::{Context, Error};
use web_time::Instant;

use cardtree::Power;
use cardtree::bridge::{
    CardValues, LayoutEvaluator, LeadProblem, LeadReport, LeadTally, Measure, Objective,
    SolverEvaluator, UctEvaluator, evaluate_layout, ismcts_lead,
};
use cardtree::search::{Backup, Expansion, Exploration, FinalMove, UctConfig};

use crate::bridge::lead_tree::{LeadTree, lead_tree};
use crate::bridge::table_memory::{HostTable, host_table};
use crate::workers::{self, Stop};

/// How each method values the leads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Method {
    /// The exact solver on every layout: each card's tricks, or under [`Measure::Set`] only
    /// whether it beats the contract (one zero-window test a card, no mean tricks).
    Solver {
        /// What it finds.
        measure: Measure,
    },
    /// McKay's UCT on every layout (all children, power-mean backups, `c` in his convention).
    Uct {
        /// Playouts per layout.
        playouts: u32,
        /// McKay's exploration constant `c` (`V = X + sqrt(c ln n / T)`).
        c: f64,
        /// The power of the backups (1: the mean).
        p: f64,
    },
    /// One ISMCTS search over the leader's information set: a layout per iteration.
    Ismcts {
        /// Iterations in all.
        iterations: u32,
        /// McKay's exploration constant `c`.
        c: f64,
        /// The power of the backups.
        p: f64,
    },
}

/// The methods by name (`--method`), each made a [`Method`] with its budget and
/// parameters by [`Method::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MethodKind {
    /// The exact solver.
    Solver,
    /// McKay's UCT on every layout.
    Uct,
    /// One ISMCTS search.
    Ismcts,
}

cardtree::spelled! {
    MethodKind, "method";
    Solver => "solver", "The exact double-dummy solver on every layout";
    Uct => "uct", "McKay's power-mean UCT on every layout";
    Ismcts => "ismcts", "One information-set MCTS search, a layout per iteration";
}

impl Method {
    /// The exact solver's tricks on every layout.
    pub const SOLVER: Method = Method::Solver {
        measure: Measure::Tricks,
    };

    /// The method `kind` for choosing by `objective` with `playouts` (UCT: per layout, default
    /// 1000; ISMCTS: iterations in all, default 100,000), McKay's constant `c` and the power
    /// `p`. The solver finds only what `objective` needs: under [`Objective::Set`], whether
    /// each card beats the contract.
    #[must_use]
    pub fn new(
        kind: MethodKind,
        objective: Objective,
        playouts: Option<u32>,
        c: f64,
        p: f64,
    ) -> Method {
        match kind {
            MethodKind::Solver => Method::Solver {
                measure: match objective {
                    Objective::Tricks => Measure::Tricks,
                    Objective::Set => Measure::Set,
                },
            },
            MethodKind::Uct => Method::Uct {
                playouts: playouts.unwrap_or(1000),
                c,
                p,
            },
            MethodKind::Ismcts => Method::Ismcts {
                iterations: playouts.unwrap_or(100_000),
                c,
                p,
            },
        }
    }

    /// A short name: `solver`, `solver(set)`, `uct(1000,16,1)`, `ismcts(50000,16,1)`.
    #[must_use]
    pub fn name(&self) -> String {
        match *self {
            Method::Solver {
                measure: Measure::Tricks,
            } => "solver".to_string(),
            Method::Solver {
                measure: Measure::Set,
            } => "solver(set)".to_string(),
            Method::Uct { playouts, c, p } => format!("uct({playouts},{c},{p})"),
            Method::Ismcts { iterations, c, p } => format!("ismcts({iterations},{c},{p})"),
        }
    }

    /// What [`value_layout`] finds on `problem`'s layouts: [`Measure::Set`] only for the
    /// solver asked for it on a problem with a contract.
    #[must_use]
    pub fn measure(&self, problem: &LeadProblem) -> Measure {
        match self {
            Method::Solver {
                measure: Measure::Set,
            } if problem.target().is_some() => Measure::Set,
            _ => Measure::Tricks,
        }
    }

    /// The search configuration of the UCT methods (`None` for the solver).
    pub fn uct_config(&self) -> Result<Option<UctConfig>, Error> {
        let (iterations, c, p) = match *self {
            Method::Solver { .. } => return Ok(None),
            Method::Uct { playouts, c, p }
            | Method::Ismcts {
                iterations: playouts,
                c,
                p,
            } => (playouts, c, p),
        };
        let exploration = Exploration::mckay(c).ok_or_else(|| {
            invalid!("bad --c {c}: McKay's exploration constant must be a finite number at least 0")
        })?;
        let power = Power::new(p).with_context(|| format!("bad --p {p}"))?;
        Ok(Some(match self {
            Method::Ismcts { .. } => UctConfig {
                iterations,
                exploration,
                backup: Backup::Power(power),
                expansion: Expansion::OneNode,
                final_move: FinalMove::MostVisits,
                normalize: false,
                ..UctConfig::new()
            },
            _ => UctConfig::mckay(exploration, power, iterations),
        }))
    }
}

/// One thread's memory for valuing layouts: a solver table or a search tree.
#[derive(Debug)]
pub enum Worker {
    /// The solver's table.
    Table(HostTable),
    /// A search tree (UCT on a layout, or ISMCTS).
    Tree(LeadTree),
}

impl Worker {
    /// The memory `method` needs (`table_mib` MiB of solver table).
    #[must_use]
    pub fn for_method(method: &Method, table_mib: usize) -> Worker {
        match method {
            Method::Solver { .. } => Worker::table(table_mib),
            _ => Worker::tree(),
        }
    }

    /// A solver table of `mib` MiB.
    #[must_use]
    pub fn table(mib: usize) -> Worker {
        Worker::Table(host_table(mib))
    }

    /// A search tree of [`TREE_NODES`](crate::bridge::lead_tree::TREE_NODES) nodes.
    #[must_use]
    pub fn tree() -> Worker {
        Worker::Tree(lead_tree())
    }
}

/// One layout's values and what they cost.
#[derive(Clone, Debug, PartialEq)]
pub struct LayoutResult {
    /// Each card's tricks for the leader's side (or its [`Measure::Set`] verdict).
    pub values: CardValues,
    /// Tries the draw took.
    pub tries: u32,
    /// Solver nodes or UCT playouts.
    pub work: u64,
    /// The memory the valuation used: the solver's table as allocated, or the tree's nodes
    /// in use at the end, in bytes.
    pub memory: usize,
    /// Wall-clock milliseconds of the valuation.
    pub ms: f64,
}

/// Values layout `index` of the run seeded `seed` with `method` (not ISMCTS, which is one
/// search over all layouts: see [`evaluate`]).
pub fn value_layout(
    problem: &LeadProblem,
    method: &Method,
    seed: u64,
    index: u64,
    max_tries: u32,
    worker: &mut Worker,
) -> Result<LayoutResult, Error> {
    let start = Instant::now();
    let mut values = CardValues::new();
    let (tries, work, memory) = match (method, worker) {
        (&Method::Solver { measure }, Worker::Table(table)) => {
            let bytes = table.bytes();
            let mut e = match measure {
                Measure::Tricks => SolverEvaluator::new(table),
                Measure::Set => SolverEvaluator::deciding(table, problem),
            };
            let tries = run_one(problem, &mut e, seed, index, max_tries, &mut values)?;
            (tries, e.stats.nodes, bytes)
        }
        (Method::Uct { .. }, Worker::Tree(tree)) => {
            let config = method.uct_config()?.unwrap_or_default();
            let mut e = UctEvaluator::new(tree, config);
            let tries = run_one(problem, &mut e, seed, index, max_tries, &mut values)?;
            (tries, e.playouts, e.peak_nodes * LeadTree::NODE_BYTES)
        }
        _ => return Err(invalid!("{} cannot value single layouts", method.name())),
    };
    Ok(LayoutResult {
        values,
        tries,
        work,
        memory,
        ms: start.elapsed().as_secs_f64() * 1e3,
    })
}

fn run_one<E: LayoutEvaluator>(
    problem: &LeadProblem,
    e: &mut E,
    seed: u64,
    index: u64,
    max_tries: u32,
    values: &mut CardValues,
) -> Result<u32, Error> {
    evaluate_layout(problem, e, seed, index, max_tries, values)
        .with_context(|| format!("layout {index}"))
}

/// A whole evaluation.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// Every card's statistics and the choices.
    pub report: LeadReport,
    /// Wall-clock milliseconds.
    pub ms: f64,
    /// Solver nodes or playouts (iterations for ISMCTS), summed.
    pub work: u64,
    /// The most memory one thread's valuation used ([`LayoutResult::memory`]; for ISMCTS the
    /// tree's nodes in use), in bytes.
    pub memory: usize,
}

/// Layouts valued so far, tallied: the one loop the command line (over threads, in layout
/// order) and the page (a few layouts a step) share.
#[derive(Clone, Debug)]
pub struct Tallied {
    tally: LeadTally,
    work: u64,
    memory: usize,
    ms: f64,
}

impl Tallied {
    /// None yet, for `problem` valued by `method`.
    #[must_use]
    pub fn new(problem: &LeadProblem, method: &Method) -> Tallied {
        Tallied {
            tally: LeadTally::new(problem, true, method.measure(problem)),
            work: 0,
            memory: 0,
            ms: 0.0,
        }
    }

    /// Adds the next layout's values.
    pub fn add(&mut self, r: &LayoutResult) {
        self.tally.add(&r.values, r.tries);
        self.work += r.work;
        self.memory = self.memory.max(r.memory);
        self.ms += r.ms;
    }

    /// The evaluation so far, taking `ms` milliseconds (the run's wall clock), or the
    /// layouts' own time summed when `None` (work done a step at a time).
    #[must_use]
    pub fn evaluation(&self, ms: Option<f64>) -> Evaluation {
        Evaluation {
            report: self.tally.report(),
            ms: ms.unwrap_or(self.ms),
            work: self.work,
            memory: self.memory,
        }
    }
}

/// How to run one evaluation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Run {
    /// The method.
    pub method: Method,
    /// Layouts to value (not used by ISMCTS, whose iterations draw their own).
    pub samples: u32,
    /// The seed: layout `i` comes from `rng::stream(seed, i)`.
    pub seed: u64,
    /// Tries allowed per layout.
    pub max_tries: u32,
    /// Threads; 0: one per core.
    pub threads: usize,
    /// Solver table per thread, in MiB.
    pub table_mib: usize,
    /// Whether to draw a progress bar over the layouts.
    pub progress: bool,
}

/// Values every lead of `problem` as `run` says: its method on its layouts (ISMCTS: one search
/// of its iterations) on its threads; the result does not depend on the thread count.
pub fn evaluate(problem: &LeadProblem, run: &Run) -> Result<Evaluation, Error> {
    evaluate_until(problem, run, Stop::never())
}

/// [`evaluate`] that values no more layouts once `stop` is raised and returns
/// [`Error::Stopped`] (ISMCTS, one search, runs to its end).
pub fn evaluate_until(problem: &LeadProblem, run: &Run, stop: &Stop) -> Result<Evaluation, Error> {
    let Run {
        ref method,
        samples,
        seed,
        max_tries,
        threads,
        table_mib,
        progress,
    } = *run;
    let start = Instant::now();
    if let Method::Ismcts { iterations, .. } = *method {
        let config = method.uct_config()?.unwrap_or_default();
        let mut worker = Worker::for_method(method, table_mib);
        let Worker::Tree(tree) = &mut worker else {
            return Err(Error::Invalid("ISMCTS needs a tree".into()));
        };
        let report = ismcts_lead(problem, tree, &config, seed, max_tries).map_err(Error::from)?;
        return Ok(Evaluation {
            report,
            ms: start.elapsed().as_secs_f64() * 1e3,
            work: u64::from(iterations),
            memory: tree.len() * LeadTree::NODE_BYTES,
        });
    }
    let indices: Vec<u64> = (0..u64::from(samples)).collect();
    let bar = crate::progress::Bar::new(indices.len(), progress, "layouts");
    let results = workers::map_until(
        &indices,
        threads,
        stop,
        || Worker::for_method(method, table_mib),
        |worker, &i| {
            let r = value_layout(problem, method, seed, i, max_tries, worker);
            bar.inc(1);
            r
        },
    );
    bar.finish_and_clear();
    let mut tallied = Tallied::new(problem, method);
    for r in results {
        tallied.add(&r?);
    }
    Ok(tallied.evaluation(Some(start.elapsed().as_secs_f64() * 1e3)))
}
