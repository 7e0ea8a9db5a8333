//! The summary of a McKay run beside the paper's Figure 3: `summary.csv`, `summary.md` and
//! the heatmap.

use crate::error::Error;
use std::fmt::Write as _;

use serde_json::Value;

use crate::experiments::mckay::{Fingerprint, Record};
use crate::plot::{self, Heatmap};
use crate::runner::{self, OutputFile, Table};

/// Figure 3 of the paper: the mean |error| per (constant, power), rows `c`, columns `p`.
const PAPER_FIGURE_3: &str = include_str!("../../../data/mckay2009_figure3.csv");

/// One cell of the summary.
#[derive(Clone, Debug, Default, PartialEq)]
struct Cell {
    deals: usize,
    error: f64,
    root_error: f64,
    child_error: f64,
    nodes: f64,
    tree_full: u64,
}

/// The paper's Figure 3 as `(c, p, error)`.
fn paper_figure() -> Vec<(f64, u32, f64)> {
    let mut out = Vec::new();
    let mut lines = PAPER_FIGURE_3.lines().filter(|l| !l.starts_with('#'));
    let powers: Vec<u32> = lines
        .next()
        .map(|h| {
            h.split(',')
                .skip(1)
                .filter_map(|p| p.trim().parse().ok())
                .collect()
        })
        .unwrap_or_default();
    for line in lines {
        let mut fields = line.split(',');
        let Some(c) = fields.next().and_then(|c| c.trim().parse::<f64>().ok()) else {
            continue;
        };
        for (p, e) in powers.iter().zip(fields) {
            if let Ok(e) = e.trim().parse() {
                out.push((c, *p, e));
            }
        }
    }
    out
}

/// The paper's error for (`c`, `p`), if its grid has the cell.
fn paper_error(figure: &[(f64, u32, f64)], c: f64, p: u32) -> Option<f64> {
    figure
        .iter()
        .find(|&&(fc, fp, _)| fc == c && fp == p)
        .map(|&(_, _, e)| e)
}

/// The summary files from every row: `summary.csv`, `summary.md`, `heatmap.svg`.
pub fn summarize(fingerprint: &Value, table: &Table) -> Result<Vec<OutputFile>, Error> {
    let fingerprint: Fingerprint = runner::fingerprint(fingerprint)?;
    let (constants, powers) = (&fingerprint.constants, &fingerprint.powers);
    let mut cells = vec![vec![Cell::default(); powers.len()]; constants.len()];
    let mut random: std::collections::BTreeMap<String, f64> = std::collections::BTreeMap::new();
    for (item, r) in table.records::<Record>()? {
        let ci = constants
            .iter()
            .position(|&x| x == r.c)
            .ok_or_else(|| invalid!("item {item}: c {} not in the grid", r.c))?;
        let pi = powers
            .iter()
            .position(|&x| x == r.p)
            .ok_or_else(|| invalid!("item {item}: p {} not in the grid", r.p))?;
        let cell = &mut cells[ci][pi];
        cell.deals += 1;
        cell.error += f64::from(r.error);
        cell.root_error += r.root_error;
        cell.child_error += r.child_error;
        cell.nodes += r.nodes as f64;
        cell.tree_full += u64::from(r.tree_full);
        random.insert(r.deal, r.random_error);
    }
    for cell in cells.iter_mut().flatten() {
        let n = cell.deals.max(1) as f64;
        cell.error /= n;
        cell.root_error /= n;
        cell.child_error /= n;
        cell.nodes /= n;
    }
    let baseline = random.values().sum::<f64>() / random.len().max(1) as f64;
    let figure = paper_figure();

    let mut csv =
        String::from("c,p,deals,error,paper_error,root_error,child_error,mean_nodes,tree_full\n");
    for (ci, &c) in constants.iter().enumerate() {
        for (pi, &p) in powers.iter().enumerate() {
            let cell = &cells[ci][pi];
            let paper = paper_error(&figure, c, p).map_or(String::new(), |e| e.to_string());
            let _ = writeln!(
                csv,
                "{c},{p},{},{:.4},{paper},{:.4},{:.4},{:.0},{}",
                cell.deals,
                cell.error,
                cell.root_error,
                cell.child_error,
                cell.nodes,
                cell.tree_full
            );
        }
    }

    let md = markdown(
        &fingerprint,
        constants,
        powers,
        &cells,
        &figure,
        baseline,
        random.len(),
    );
    let rows: Vec<String> = constants.iter().map(|c| c.to_string()).collect();
    let columns: Vec<String> = powers.iter().map(|p| p.to_string()).collect();
    let ours = Heatmap {
        title: format!("cardtree: mean error in tricks ({} deals)", random.len()),
        row_name: "constant c".into(),
        rows: rows.clone(),
        column_name: "power p".into(),
        columns: columns.clone(),
        values: cells
            .iter()
            .map(|r| r.iter().map(|c| Some(c.error)).collect())
            .collect(),
        decimals: 3,
    };
    let paper = Heatmap {
        title: "McKay & Kruskal, Figure 3".into(),
        values: constants
            .iter()
            .map(|&c| powers.iter().map(|&p| paper_error(&figure, c, p)).collect())
            .collect(),
        ..ours.clone()
    };
    let svg = plot::heatmaps(&[ours, paper]);
    Ok(vec![
        ("summary.csv".into(), csv.into_bytes()),
        ("summary.md".into(), md.into_bytes()),
        ("heatmap.svg".into(), svg.into_bytes()),
    ])
}

/// The command line that repeats the run of `fingerprint`.
fn command(fingerprint: &Fingerprint) -> String {
    let list = |items: Vec<String>| items.join(",");
    let source = &fingerprint.source;
    let input = if source == "quick" {
        "--quick".to_string()
    } else {
        format!("--deals PATH/{source}")
    };
    format!(
        "cargo run --release -p cardtree-host -- experiment mckay {input} --c {} --p {} --playouts {} --seed {} --variant {} --choice {} --out DIR",
        list(fingerprint.constants.iter().map(f64::to_string).collect()),
        list(fingerprint.powers.iter().map(u32::to_string).collect()),
        fingerprint.playouts,
        fingerprint.seed,
        fingerprint.variant,
        fingerprint.choice,
    )
}

/// `summary.md`: Figure 3's layout, ours with the paper's beside each cell.
fn markdown(
    fingerprint: &Fingerprint,
    constants: &[f64],
    powers: &[u32],
    cells: &[Vec<Cell>],
    figure: &[(f64, u32, f64)],
    baseline: f64,
    deals: usize,
) -> String {
    let mut md = String::new();
    let _ = writeln!(
        md,
        "# McKay & Kruskal's experiment, reproduced by cardtree\n"
    );
    let _ = writeln!(
        md,
        "{deals} deals ({}), {} playouts per search, seed {}, search `{}`, lead chosen by `{}`.\n",
        fingerprint.source,
        fingerprint.playouts,
        fingerprint.seed,
        fingerprint.variant,
        fingerprint.choice,
    );
    let _ = writeln!(
        md,
        "Command (from the run's arguments):\n\n```sh\n{}\n```\n",
        command(fingerprint)
    );
    let _ = writeln!(
        md,
        "A uniformly random lead loses **{baseline:.3}** tricks on average on these deals (the baseline).\n"
    );
    let mut best: Option<(f64, u32, f64)> = None;
    for (ci, &c) in constants.iter().enumerate() {
        for (pi, &p) in powers.iter().enumerate() {
            let e = cells[ci][pi].error;
            if best.is_none_or(|(_, _, b)| e < b) {
                best = Some((c, p, e));
            }
        }
    }
    if let Some((c, p, e)) = best {
        let _ = writeln!(
            md,
            "Lowest mean error: **{e:.3}** at c = {c}, p = {p} (the paper: 0.175 at c = 16, p = 1).\n"
        );
    }
    let grid_mean = |f: &dyn Fn(&Cell) -> f64| {
        let all: Vec<f64> = cells.iter().flatten().map(f).collect();
        all.iter().sum::<f64>() / all.len().max(1) as f64
    };
    let paper_cells: Vec<f64> = constants
        .iter()
        .flat_map(|&c| {
            powers
                .iter()
                .filter_map(move |&p| paper_error(figure, c, p))
        })
        .collect();
    let _ = writeln!(
        md,
        "Mean over the grid: error {:.3} (the paper's cells: {}), trick-prediction error at the root {:.3}, per root child {:.3}.\n",
        grid_mean(&|c| c.error),
        if paper_cells.is_empty() {
            "none in this grid".to_string()
        } else {
            format!(
                "{:.3}",
                paper_cells.iter().sum::<f64>() / paper_cells.len() as f64
            )
        },
        grid_mean(&|c| c.root_error),
        grid_mean(&|c| c.child_error),
    );
    let table = |md: &mut String, title: &str, f: &dyn Fn(&Cell, f64, u32) -> String| {
        let _ = writeln!(md, "## {title}\n");
        let _ = write!(md, "| c \\ p |");
        for p in powers {
            let _ = write!(md, " {p} |");
        }
        let _ = write!(md, "\n|---:|");
        for _ in powers {
            let _ = write!(md, "---:|");
        }
        md.push('\n');
        for (ci, &c) in constants.iter().enumerate() {
            let _ = write!(md, "| **{c}** |");
            for (pi, &p) in powers.iter().enumerate() {
                let _ = write!(md, " {} |", f(&cells[ci][pi], c, p));
            }
            md.push('\n');
        }
        md.push('\n');
    };
    table(
        &mut md,
        "Mean error in tricks (DD value of the best lead - DD value of the chosen lead): ours (paper's)",
        &|cell, c, p| match paper_error(figure, c, p) {
            Some(e) => format!("{:.3} ({e})", cell.error),
            None => format!("{:.3}", cell.error),
        },
    );
    table(
        &mut md,
        "Trick-prediction error at the root: mean |root value - DD value of the best lead|",
        &|cell, _, _| format!("{:.3}", cell.root_error),
    );
    table(
        &mut md,
        "Trick-prediction error per lead: mean over root children of |child value - DD value of its card|",
        &|cell, _, _| format!("{:.3}", cell.child_error),
    );
    let full: u64 = cells.iter().flatten().map(|c| c.tree_full).sum();
    let _ = writeln!(
        md,
        "Iterations that found the tree full (and simulated instead): {full}. Mean nodes per search: {:.0}.",
        grid_mean(&|c| c.nodes)
    );
    md
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_paper_figure_is_whole() {
        let f = paper_figure();
        assert_eq!(f.len(), 165);
        assert_eq!(paper_error(&f, 16.0, 1), Some(0.175));
        assert_eq!(paper_error(&f, 16.0, 5), Some(0.18));
        assert_eq!(paper_error(&f, 0.125, 15), Some(0.23));
        let min = f.iter().map(|&(_, _, e)| e).fold(f64::INFINITY, f64::min);
        assert_eq!(min, 0.175, "the paper says 0.175 is the least error");
    }
}
