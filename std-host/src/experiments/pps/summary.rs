//! The summary of `cardtree experiment pps`: each configuration's mean with its interval
//! beside the papers' number, as CSV, Markdown and a plot.

use serde_json::Value;

use crate::error::Error;
use crate::experiments::pps::configs::{PpsTable, paper_mean_under};
use crate::experiments::pps::{Fingerprint, Record};
use crate::plot::{self, Axes, Series};
use crate::runner::{self, OutputFile, Table};
use cardtree::poker_squares::PriorMix;

/// The command that makes the run of `fingerprint` (its output directory as `DIR`).
fn command(f: &Fingerprint) -> String {
    let mut c = format!(
        "cardtree experiment pps --table {} --system {} --games {} --seed {}",
        f.table, f.system, f.games, f.seed,
    );
    if let Some(k) = f.budget.iterations_per_move {
        c.push_str(&format!(" --iterations {k}"));
    }
    if let Some(s) = f.budget.seconds_per_game {
        c.push_str(&format!(" --game-seconds {s}"));
    }
    if let Some(m) = f.prior_mix {
        c.push_str(&format!(" --prior-mix {m}"));
    }
    if let Some(k) = f.candidates {
        c.push_str(&format!(" --candidates {k}"));
    }
    if let Some(k) = f.playout_lookahead {
        c.push_str(&format!(" --playout-lookahead {k}"));
    }
    if let Some(z) = f.guard {
        c.push_str(&format!(" --guard {z}"));
    }
    if f.control_variate == Some(true) {
        c.push_str(" --control-variate");
    }
    if let Some(k) = f.lookahead {
        c.push_str(&format!(" --lookahead {k}"));
    }
    if let Some(v) = &f.values {
        c.push_str(&format!(" --values {}", v.file));
    }
    c.push_str(" --out DIR");
    c
}

/// The summary files: `summary.csv`, `summary.md` (ours beside the papers') and `plot.svg`.
pub fn summarize(fingerprint: &Value, table: &Table) -> Result<Vec<OutputFile>, Error> {
    let fingerprint: Fingerprint = runner::fingerprint(fingerprint)?;
    let kind = fingerprint.table;
    let name = kind.name();
    // Per configuration, in config order: label, scores, iterations, tree-full count.
    let mut groups: Vec<(String, Vec<f64>, u64, u64)> = Vec::new();
    for (_, r) in table.records::<Record>()? {
        while groups.len() <= r.config {
            groups.push((String::new(), Vec::new(), 0, 0));
        }
        let g = groups
            .get_mut(r.config)
            .ok_or_else(|| Error::Invalid("config index".into()))?;
        g.0 = r.label;
        g.1.push(r.score as f64);
        g.2 += r.iterations;
        g.3 += r.tree_full;
    }
    // The learned players have no MCTS prior; the rollout player's iterations are rounds.
    let learned = matches!(kind, PpsTable::Rollout | PpsTable::Expectimax);
    let per_move = if kind == PpsTable::Rollout {
        "rollout rounds"
    } else {
        "iterations"
    };
    let budget = match (
        fingerprint.budget.iterations_per_move,
        fingerprint.budget.seconds_per_game,
    ) {
        (Some(k), _) => format!("{k} {per_move} per searched move"),
        (_, Some(s)) => format!("{s} s per game (machine-dependent)"),
        _ => "unknown budget".to_string(),
    };
    let mut csv = String::from(
        "config,label,games,mean,sd,ci95_low,ci95_high,paper_mean,iterations_per_game,tree_full\n",
    );
    let mut md = format!(
        "# Poker Squares, table {name}\n\nSystem {}, {} paired games per row, seed {}, budget: {budget}{}.\n\nCommand: `{}` (shards: `--shard i/n`, then `cardtree experiment merge`).\n\n| row | ours: mean | 95 % interval | sd | paper | {per_move} per game |\n|---|---:|---|---:|---:|---:|\n",
        fingerprint.system,
        fingerprint.games,
        fingerprint.seed,
        if learned {
            String::new()
        } else {
            format!(
                ", prior mix: {}",
                fingerprint.prior_mix.unwrap_or(PriorMix::Sum)
            )
        },
        command(&fingerprint),
    );
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    let system = fingerprint.system.as_str();
    for (i, (label, scores, iters, full)) in groups.iter().enumerate() {
        let (mean, sd, half) = crate::stats::summary(scores);
        let paper = paper_mean_under(system, name, label);
        let per_game = *iters as f64 / scores.len().max(1) as f64;
        csv.push_str(&format!(
            "{i},{label},{},{mean:.3},{sd:.3},{:.3},{:.3},{},{per_game:.0},{full}\n",
            scores.len(),
            mean - half,
            mean + half,
            paper.map_or(String::new(), |p| p.to_string()),
        ));
        md.push_str(&format!(
            "| {label} | {mean:.1} | {:.1} .. {:.1} | {sd:.1} | {} | {per_game:.0} |\n",
            mean - half,
            mean + half,
            paper.map_or("-".to_string(), |p| format!("{p}")),
        ));
        ours.push((i as f64, mean));
        if let Some(p) = paper {
            theirs.push((i as f64, p));
        }
    }
    let labels: Vec<String> = groups
        .iter()
        .enumerate()
        .map(|(i, g)| format!("{i}: {}", g.0))
        .collect();
    md.push_str(&format!(
        "\nPlot x axis (`plot.svg`): {}.\n",
        labels.join("; ")
    ));
    let svg = plot::line_plot(
        &Axes {
            title: format!("Poker Squares: {name} (mean score)"),
            x_label: match kind {
                PpsTable::Cp => "Cp setting (index)".to_string(),
                _ => "row (index)".to_string(),
            },
            y_label: "mean score".to_string(),
            log_x: false,
        },
        &[
            Series {
                name: "cardtree".to_string(),
                points: ours,
            },
            Series {
                name: "paper".to_string(),
                points: theirs,
            },
        ],
    );
    Ok(vec![
        ("summary.csv".to_string(), csv.into_bytes()),
        ("summary.md".to_string(), md.into_bytes()),
        ("plot.svg".to_string(), svg.into_bytes()),
    ])
}
