//! The summary of `cardtree experiment leads`: each method's cost and time per lead, the
//! paired differences, `summary.md`, `summary.csv` and `error_vs_time.svg`.

use std::fmt::Write as _;

use serde_json::Value;

use crate::error::Error;
use crate::experiments::leads::{Fingerprint, Record};
use crate::plot::{self, Axes, Series};
use crate::runner::{self, OutputFile, Table};
use crate::stats::summary;

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
    let fingerprint: Fingerprint = runner::fingerprint(fingerprint)?;
    let mut lines: Vec<Line> = Vec::new();
    for (item, r) in table.records::<Record>()? {
        let key = (
            r.method.clone(),
            r.layouts.to_string(),
            r.playouts.to_string(),
            r.c.text().to_string(),
            r.p.text().to_string(),
        );
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
        let at = |e: Error| e.at(format!("raw.csv: item {item}"));
        line.costs.push(r.cost.value().map_err(at)?);
        line.deals.push(r.deal);
        line.ms.push(r.ms.value().map_err(at)?);
    }
    let deals = fingerprint.deals.len();
    let mut md = String::new();
    let _ = writeln!(md, "# Opening leads with the hidden hands hidden\n");
    let _ = writeln!(
        md,
        "{deals} deals ({}), seed {}; only the leader's hand is known, the other 39 cards are dealt \
         uniformly (no constraints). Cost: double-dummy tricks the chosen lead loses on the real \
         deal against the best lead there (McKay & Kruskal's error measure). Time: wall-clock \
         milliseconds per lead on one thread of the machine that ran it (the only column that is \
         not reproducible bit for bit).\n",
        fingerprint.source, fingerprint.seed
    );
    let _ = writeln!(
        md,
        "Command (from the run's arguments):\n\n```sh\n{}\n```\n",
        command(&fingerprint)
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
fn command(f: &Fingerprint) -> String {
    let list = |items: Vec<String>| {
        if items.is_empty() {
            "none".to_string()
        } else {
            items.join(",")
        }
    };
    format!(
        "cargo run --release -p cardtree-host -- experiment leads --deals PATH/{} --seed {} --layouts {} --uct {} --ismcts {} --out DIR",
        f.source,
        f.seed,
        list(f.solver_layouts.iter().map(u32::to_string).collect()),
        list(f.uct.clone()),
        list(f.ismcts.clone()),
    )
}
