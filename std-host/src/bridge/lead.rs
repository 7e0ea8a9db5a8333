//! `cardtree bridge lead`: the opening lead with the unseen hands sampled, by the solver, by
//! McKay's UCT on each layout, or by ISMCTS; and the per-layout valuation the `leads`
//! experiment shares.

use crate::error::{Context, Error};
use std::fmt::Write as _;
use std::time::Instant;

use cardtree::Card;
use cardtree::Power;
use cardtree::bridge::{
    CardValues, LayoutEvaluator, LeadProblem, LeadReport, LeadTally, Objective, SolverEvaluator,
    UctEvaluator, evaluate_layout, ismcts_lead,
};
use cardtree::search::{Backup, Expansion, Exploration, FinalMove, UctConfig};

use crate::bridge::lead_tree::{LeadTree, lead_tree};
use crate::bridge::solve::{HostTable, host_table};
use crate::workers;

/// How each method values the leads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Method {
    /// The exact solver on every layout.
    Solver,
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

impl Method {
    /// A short name: `solver`, `uct(1000,16,1)`, `ismcts(50000,16,1)`.
    #[must_use]
    pub fn name(&self) -> String {
        match *self {
            Method::Solver => "solver".to_string(),
            Method::Uct { playouts, c, p } => format!("uct({playouts},{c},{p})"),
            Method::Ismcts { iterations, c, p } => format!("ismcts({iterations},{c},{p})"),
        }
    }

    /// The search configuration of the UCT methods (`None` for the solver).
    pub fn uct_config(&self) -> Result<Option<UctConfig>, Error> {
        let (iterations, c, p) = match *self {
            Method::Solver => return Ok(None),
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
            Method::Solver => Worker::table(table_mib),
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
    /// Each card's tricks for the leader's side.
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
        (Method::Solver, Worker::Table(table)) => {
            let bytes = table.bytes();
            let mut e = SolverEvaluator::new(table);
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
    let bar = crate::runner::progress_bar(indices.len(), progress, "layouts");
    let results = workers::map(
        &indices,
        threads,
        || Worker::for_method(method, table_mib),
        |worker, &i| {
            let r = value_layout(problem, method, seed, i, max_tries, worker);
            bar.inc(1);
            r
        },
    );
    bar.finish_and_clear();
    let mut tally = LeadTally::new(problem, true);
    let (mut work, mut memory) = (0, 0);
    for r in results {
        let r = r?;
        work += r.work;
        memory = memory.max(r.memory);
        tally.add(&r.values, r.tries);
    }
    Ok(Evaluation {
        report: tally.report(),
        ms: start.elapsed().as_secs_f64() * 1e3,
        work,
        memory,
    })
}

/// The card `objective` chooses (ISMCTS has no set chances: its own choice then).
#[must_use]
pub fn chosen(report: &LeadReport, objective: Objective) -> Option<Card> {
    report.best(objective).or(report.by_tricks)
}

fn json_number(x: Option<f64>) -> String {
    match x {
        Some(v) if v.is_finite() => format!("{v:.6}"),
        _ => "null".to_string(),
    }
}

/// One JSON object: `best` (the chosen card, `"SK"`), `objective`, `best_tricks`, `best_set`,
/// `cards` (each card -> `tricks`, `tricks_se`, `set`, `set_se`, `layouts`), `samples`,
/// `tries`, `method`, `work`, `memory_bytes`, `ms`.
#[must_use]
pub fn to_json(e: &Evaluation, method: &Method, objective: Objective) -> String {
    let card = |c: Option<Card>| c.map_or("null".to_string(), |c| format!("\"{c}\""));
    let r = &e.report;
    let mut out = format!(
        "{{\"best\":{},\"objective\":\"{}\",\"best_tricks\":{},\"best_set\":{},\"cards\":{{",
        card(chosen(r, objective)),
        match objective {
            Objective::Tricks => "tricks",
            Objective::Set => "set",
        },
        card(r.by_tricks),
        card(r.by_set),
    );
    for (i, c) in r.cards.iter().enumerate() {
        let _ = write!(
            out,
            "{}\"{}\":{{\"tricks\":{},\"tricks_se\":{},\"set\":{},\"set_se\":{},\"layouts\":{}}}",
            if i > 0 { "," } else { "" },
            c.card,
            json_number(Some(c.tricks)),
            json_number(c.tricks_se),
            json_number(c.set),
            json_number(c.set_se),
            c.layouts
        );
    }
    let _ = write!(
        out,
        "}},\"samples\":{},\"tries\":{},\"method\":\"{}\",\"work\":{},\"memory_bytes\":{},\"ms\":{:.1}}}",
        r.layouts,
        r.tries,
        method.name(),
        e.work,
        e.memory,
        e.ms
    );
    out
}

/// A table for people: every card with mean tricks and set chance and their 95 % intervals
/// (1.96 standard errors), the chosen card marked.
#[must_use]
pub fn to_text(
    e: &Evaluation,
    problem: &LeadProblem,
    method: &Method,
    objective: Objective,
) -> String {
    let r = &e.report;
    let best = chosen(r, objective);
    let mut out = format!(
        "{} leads, {} layouts ({} tries), {}, {:.2} s, {:.1} MiB a thread\n",
        problem.leader(),
        r.layouts,
        r.tries,
        method.name(),
        e.ms / 1e3,
        e.memory as f64 / f64::from(1 << 20)
    );
    let _ = writeln!(out, "card  tricks  +-95%    set   +-95%  layouts");
    let ci = |se: Option<f64>, scale: f64| {
        se.map_or("     -".to_string(), |s| {
            format!("{:6.2}", crate::stats::half_width(s) * scale)
        })
    };
    for c in &r.cards {
        let set = c
            .set
            .map_or("     -".to_string(), |p| format!("{:5.1}%", 100.0 * p));
        let mark = if Some(c.card) == best {
            "  <- best"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "{:<4} {:7.3} {} {} {}% {:8}{mark}",
            c.card.to_string(),
            c.tricks,
            ci(c.tricks_se, 1.0),
            set,
            ci(c.set_se, 100.0),
            c.layouts,
        );
    }
    let _ = writeln!(
        out,
        "best by mean tricks: {}; best by set chance: {}",
        r.by_tricks.map_or("-".to_string(), |c| c.to_string()),
        r.by_set.map_or("-".to_string(), |c| c.to_string())
    );
    out
}

/// The one-line message for a bad `--constraints` string: what is wrong, and the text with a
/// `^` before the character at fault.
#[must_use]
pub fn constraint_error(text: &str, e: &cardtree::bridge::ParseConstraintsError) -> Error {
    let mut at = e.at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let (before, after) = text.split_at(at);
    let message = format!(
        "--constraints: {} at character {}: \"{before}^{after}\"",
        e.kind,
        before.chars().count() + 1
    );
    Error::described(message, *e)
}
