//! `cardtree experiment leads`: McKay & Kruskal's error measure with the hidden hands hidden.
//!
//! For each deal of a deals file only the leader's hand is known. Each method picks a lead from
//! sampled layouts of the other three hands; the lead's cost is the double-dummy tricks it
//! loses on the real deal against the best lead there (the file's `tricks`), the measure of
//! `../shared/papers/000_…` (there with every hand known). Rows: a uniformly random lead (its
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
use std::fmt::Write as _;

use cardtree::bridge::{Contract, LeadProblem, LeadTally, ismcts_lead};
use cardtree::search::{RandomPolicy, uct};
use cardtree::{Deal, SizeRule, pbn, rng};
use serde_json::{Value, json};

use crate::lead::{Method, Worker, value_layout};
use crate::mckay::LeadDeal;
use crate::plot::{self, Axes, Series};
use crate::runner::{Experiment, OutputFile, Row, Table};
use crate::stats::summary;

/// The experiment's kind.
pub const KIND: &str = "leads";

/// The columns of `raw.csv` (after `item`).
pub const COLUMNS: [&str; 13] = [
    "method", "layouts", "playouts", "c", "p", "deal", "card", "tricks", "best", "cost", "ms",
    "work", "tries",
];

/// A PIMC-with-UCT row: `layouts` layouts, `playouts` playouts of McKay's UCT on each.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UctRow {
    /// Layouts.
    pub layouts: u32,
    /// Playouts per layout.
    pub playouts: u32,
    /// McKay's exploration constant.
    pub c: f64,
    /// The power of the backups.
    pub p: f64,
}

/// An ISMCTS row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsmctsRow {
    /// Iterations.
    pub iterations: u32,
    /// McKay's exploration constant.
    pub c: f64,
    /// The power of the backups.
    pub p: f64,
}

/// Reads UCT rows: `LAYOUTSxPLAYOUTS:c:p`, comma-separated, e.g. `300x1000:16:1,100x3000:16:8`.
pub fn parse_uct_rows(s: &str) -> Result<Vec<UctRow>, Error> {
    list(s, |t| {
        let parts: Vec<&str> = t.split(':').collect();
        let [size, c, p] = parts.as_slice() else {
            return Err(invalid!("{t:?} is not LAYOUTSxPLAYOUTS:c:p"));
        };
        let (l, n) = size
            .split_once(['x', 'X'])
            .ok_or_else(|| invalid!("{size:?} is not LAYOUTSxPLAYOUTS"))?;
        Ok(UctRow {
            layouts: positive(l)?,
            playouts: positive(n)?,
            c: number(c)?,
            p: number(p)?,
        })
    })
}

/// Reads ISMCTS rows: `ITERATIONS:c:p`, comma-separated.
pub fn parse_ismcts_rows(s: &str) -> Result<Vec<IsmctsRow>, Error> {
    list(s, |t| {
        let parts: Vec<&str> = t.split(':').collect();
        let [n, c, p] = parts.as_slice() else {
            return Err(invalid!("{t:?} is not ITERATIONS:c:p"));
        };
        Ok(IsmctsRow {
            iterations: positive(n)?,
            c: number(c)?,
            p: number(p)?,
        })
    })
}

/// Reads numbers of layouts: `10,30,100,300`.
pub fn parse_layouts(s: &str) -> Result<Vec<u32>, Error> {
    let mut v = list(s, positive)?;
    v.sort_unstable();
    v.dedup();
    Ok(v)
}

fn list<T>(s: &str, item: impl Fn(&str) -> Result<T, Error>) -> Result<Vec<T>, Error> {
    let s = s.trim();
    if s.is_empty() || s == "none" {
        return Ok(Vec::new());
    }
    s.split(',').map(|t| item(t.trim())).collect()
}

fn positive(t: &str) -> Result<u32, Error> {
    t.trim()
        .parse::<u32>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| invalid!("{t:?} is not a positive whole number"))
}

fn number(t: &str) -> Result<f64, Error> {
    t.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x > 0.0)
        .ok_or_else(|| invalid!("{t:?} is not a positive number"))
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
    ) -> Result<Row, Error> {
        let (card, tricks, best) = deal.score(card, method)?;
        Ok(vec![
            method.to_string(),
            layouts.to_string(),
            playouts.to_string(),
            c.to_string(),
            p.to_string(),
            deal.id.clone(),
            card.to_string(),
            tricks.to_string(),
            best.to_string(),
            (best - tricks).to_string(),
            format!("{ms:.3}"),
            work.to_string(),
            tries.to_string(),
        ])
    }
}

impl Experiment for Leads {
    type Worker = (Option<Worker>, Option<Worker>);

    fn kind(&self) -> &'static str {
        KIND
    }

    fn fingerprint(&self) -> Value {
        let deals: Vec<String> = self.deals.iter().map(LeadDeal::to_json).collect();
        json!({
            "seed": self.seed,
            "solver_layouts": self.solver_layouts,
            "uct": self.uct.iter().map(|r| format!("{}x{}:{}:{}", r.layouts, r.playouts, r.c, r.p)).collect::<Vec<_>>(),
            "ismcts": self.ismcts.iter().map(|r| format!("{}:{}:{}", r.iterations, r.c, r.p)).collect::<Vec<_>>(),
            "source": self.source,
            "deals": deals,
        })
    }

    fn columns(&self) -> Vec<String> {
        COLUMNS.iter().map(|c| (*c).to_string()).collect()
    }

    fn len(&self) -> usize {
        self.group_count() * self.deals.len()
    }

    fn worker(&self) -> Self::Worker {
        (None, None)
    }

    fn run(&self, worker: &mut Self::Worker, k: usize) -> Result<Vec<Row>, Error> {
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
            let mut tally = LeadTally::new(&problem, true);
            let (mut ms, mut work) = (0.0, 0);
            let mut rows = vec![vec![
                "random".to_string(),
                "0".into(),
                "0".into(),
                "0".into(),
                "0".into(),
                deal.id.clone(),
                "-".into(),
                String::new(),
                deal.best().to_string(),
                format!("{:.6}", deal.random_error()),
                "0".into(),
                "0".into(),
                "0".into(),
            ]];
            for i in 0..most {
                let r = value_layout(
                    &problem,
                    &Method::Solver,
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
            let mut tally = LeadTally::new(&problem, true);
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
            let start = std::time::Instant::now();
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
        let start = std::time::Instant::now();
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

/// One row of the summary: a method and its settings over every deal.
#[derive(Clone, Debug, Default)]
struct Line {
    method: String,
    layouts: String,
    playouts: String,
    c: String,
    p: String,
    costs: Vec<f64>,
    /// The deal of each cost.
    deals: Vec<String>,
    ms: Vec<f64>,
}

impl Line {
    fn label(&self) -> String {
        match self.method.as_str() {
            "random" => "random lead".to_string(),
            "solver" => format!("PIMC, solver, {} layouts", self.layouts),
            "uct" => format!(
                "PIMC, UCT {} playouts (c {}, p {}), {} layouts",
                self.playouts, self.c, self.p, self.layouts
            ),
            "uct-perfect" => format!(
                "UCT {} playouts (c {}, p {}), every hand known",
                self.playouts, self.c, self.p
            ),
            "ismcts" => format!(
                "ISMCTS {} iterations (c {}, p {})",
                self.playouts, self.c, self.p
            ),
            m => m.to_string(),
        }
    }
}

fn mean(x: &[f64]) -> f64 {
    summary(x).0
}

/// Half the 95 % interval of the mean (1.96 standard errors); 0 below two values.
fn half_interval(x: &[f64]) -> f64 {
    summary(x).2
}

/// The solver row whose mean time per lead is nearest `ms` (on a log scale).
fn nearest_in_time<'a>(rows: &[&'a Line], ms: f64) -> Option<&'a Line> {
    let gap = |x: &Line| (mean(&x.ms).max(1e-3) / ms.max(1e-3)).ln().abs();
    rows.iter()
        .copied()
        .min_by(|a, b| gap(a).total_cmp(&gap(b)))
}

/// `a`'s cost minus `b`'s on every deal both have, in `a`'s order (a paired comparison: both
/// rows saw the same deals, and the PIMC rows the same layouts).
fn differences(a: &Line, b: &Line) -> Vec<f64> {
    a.deals
        .iter()
        .zip(&a.costs)
        .filter_map(|(d, ca)| {
            let k = b.deals.iter().position(|x| x == d)?;
            b.costs.get(k).map(|cb| ca - cb)
        })
        .collect()
}

/// The summary: `summary.md`, `summary.csv` and `error_vs_time.svg`.
pub fn summarize(fingerprint: &Value, table: &Table) -> Result<Vec<OutputFile>, Error> {
    let col = |name: &str| table.column(name);
    let deal_col = col("deal")?;
    let (m, l, n, c, p, cost, ms) = (
        col("method")?,
        col("layouts")?,
        col("playouts")?,
        col("c")?,
        col("p")?,
        col("cost")?,
        col("ms")?,
    );
    let mut lines: Vec<Line> = Vec::new();
    for (_, row) in table.rows() {
        let get = |i: usize| row.get(i).cloned().unwrap_or_default();
        let key = (get(m), get(l), get(n), get(c), get(p));
        let pos = lines.iter().position(|x| {
            (
                x.method.clone(),
                x.layouts.clone(),
                x.playouts.clone(),
                x.c.clone(),
                x.p.clone(),
            ) == key
        });
        let line = match pos {
            Some(i) => &mut lines[i],
            None => {
                lines.push(Line {
                    method: key.0,
                    layouts: key.1,
                    playouts: key.2,
                    c: key.3,
                    p: key.4,
                    ..Line::default()
                });
                let last = lines.len() - 1;
                &mut lines[last]
            }
        };
        let num = |s: String| {
            s.parse::<f64>()
                .map_err(|_| invalid!("raw.csv: {s:?} is not a number"))
        };
        line.costs.push(num(get(cost))?);
        line.deals.push(get(deal_col));
        line.ms.push(num(get(ms))?);
    }
    let deals = fingerprint["deals"].as_array().map_or(0, Vec::len);
    let mut md = String::new();
    let _ = writeln!(md, "# Opening leads with the hidden hands hidden\n");
    let _ = writeln!(
        md,
        "{deals} deals ({}), seed {}; only the leader's hand is known, the other 39 cards are dealt \
         uniformly (no constraints). Cost: double-dummy tricks the chosen lead loses on the real \
         deal against the best lead there (McKay & Kruskal's error measure). Time: wall-clock \
         milliseconds per lead on one thread of the machine that ran it (the only column that is \
         not reproducible bit for bit).\n",
        fingerprint["source"].as_str().unwrap_or("?"),
        fingerprint["seed"]
    );
    let _ = writeln!(
        md,
        "Command (from the run's arguments):\n\n```sh\n{}\n```\n",
        command(fingerprint)
    );
    let _ = writeln!(
        md,
        "| method | mean cost (tricks) | 95 % interval | best lead found | ms per lead (mean) | paired with the solver row nearest in time: difference (95 % interval) |"
    );
    let _ = writeln!(md, "|---|---:|---:|---:|---:|---|");
    let solver_rows: Vec<&Line> = lines.iter().filter(|x| x.method == "solver").collect();
    let mut csv =
        String::from("method,layouts,playouts,c,p,deals,mean_cost,ci95,best_share,mean_ms\n");
    for x in &lines {
        let share =
            x.costs.iter().filter(|&&v| v == 0.0).count() as f64 / x.costs.len().max(1) as f64;
        // The random lead's cost is already an expectation over the cards.
        let found = if x.method == "random" {
            "-".to_string()
        } else {
            format!("{:.0} %", 100.0 * share)
        };
        let paired = if matches!(x.method.as_str(), "uct" | "ismcts") {
            nearest_in_time(&solver_rows, mean(&x.ms)).map_or(String::new(), |s| {
                let d = differences(x, s);
                format!(
                    "{:+.3} (±{:.3}) vs {} layouts, {} deals",
                    mean(&d),
                    half_interval(&d),
                    s.layouts,
                    d.len()
                )
            })
        } else {
            String::new()
        };
        let _ = writeln!(
            md,
            "| {} | {:.3} | ±{:.3} | {found} | {:.1} | {paired} |",
            x.label(),
            mean(&x.costs),
            half_interval(&x.costs),
            mean(&x.ms)
        );
        let _ = writeln!(
            csv,
            "{},{},{},{},{},{},{:.6},{:.6},{:.4},{:.3}",
            x.method,
            x.layouts,
            x.playouts,
            x.c,
            x.p,
            x.costs.len(),
            mean(&x.costs),
            half_interval(&x.costs),
            share,
            mean(&x.ms)
        );
    }
    // Error against time: one series per method family (UCT by power).
    let mut series: Vec<Series> = Vec::new();
    for x in lines
        .iter()
        .filter(|x| x.method != "random" && x.method != "uct-perfect")
    {
        let name = match x.method.as_str() {
            "solver" => "PIMC solver".to_string(),
            "uct" => format!("PIMC UCT p={}", x.p),
            other => format!("{other} p={}", x.p),
        };
        let t = mean(&x.ms).max(1e-3);
        match series.iter_mut().find(|s| s.name == name) {
            Some(s) => s.points.push((t, mean(&x.costs))),
            None => series.push(Series {
                name,
                points: vec![(t, mean(&x.costs))],
            }),
        }
    }
    for s in &mut series {
        s.points.sort_by(|a, b| a.0.total_cmp(&b.0));
    }
    let svg = plot::line_plot(
        &Axes {
            title: "Opening leads, hidden hands: cost against time".to_string(),
            x_label: "ms per lead (one thread)".to_string(),
            y_label: "mean cost (DD tricks)".to_string(),
            log_x: true,
        },
        &series,
    );
    Ok(vec![
        ("summary.md".to_string(), md.into_bytes()),
        ("summary.csv".to_string(), csv.into_bytes()),
        ("error_vs_time.svg".to_string(), svg.into_bytes()),
    ])
}

/// The command that makes a run with `fingerprint`'s arguments.
fn command(f: &Value) -> String {
    let list = |k: &str| {
        f[k].as_array()
            .map(|a| {
                a.iter()
                    .map(|v| v.as_str().map_or(v.to_string(), str::to_string))
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| "none".to_string())
    };
    format!(
        "cargo run --release -p cardtree-host -- experiment leads --deals PATH/{} --seed {} --layouts {} --uct {} --ismcts {} --out DIR",
        f["source"].as_str().unwrap_or("?"),
        f["seed"],
        list("solver_layouts"),
        list("uct"),
        list("ismcts"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_parse() {
        assert_eq!(
            parse_uct_rows("300x1000:16:1, 100X3000:4:8").unwrap(),
            vec![
                UctRow {
                    layouts: 300,
                    playouts: 1000,
                    c: 16.0,
                    p: 1.0
                },
                UctRow {
                    layouts: 100,
                    playouts: 3000,
                    c: 4.0,
                    p: 8.0
                }
            ]
        );
        assert!(parse_uct_rows("300:16:1").is_err());
        assert!(parse_uct_rows("0x10:1:1").is_err());
        assert_eq!(parse_ismcts_rows("none").unwrap(), vec![]);
        assert_eq!(parse_layouts("300,10,30,10").unwrap(), vec![10, 30, 300]);
        assert!(parse_layouts("10,-3").is_err());
        assert_eq!(half_interval(&[1.0]), 0.0);
    }
}
