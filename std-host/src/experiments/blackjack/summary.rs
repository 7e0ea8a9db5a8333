//! The summary of `cardtree experiment blackjack`: each cell's mean return with its interval
//! beside the paper's number, as CSV, Markdown and plots.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use cardtree::blackjack::ShoePreset;
use serde_json::Value;

use crate::blackjack::play::BlackjackPlayer;
use crate::error::Error;
use crate::experiments::blackjack::{Fingerprint, PAPER, Record};
use crate::plot::{self, Axes, Series};
use crate::runner::{self, OutputFile, Table};

/// The paper's value for (table, shoe, player, parameter).
fn paper_values() -> BTreeMap<(String, String, String, String), f64> {
    let mut out = BTreeMap::new();
    for line in PAPER.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        if let [table, shoe, player, param, value] = f[..]
            && let Ok(v) = value.trim().parse()
        {
            out.insert((table.into(), shoe.into(), player.into(), param.into()), v);
        }
    }
    out
}

/// One configuration's total over its items.
#[derive(Clone, Debug, Default)]
struct Acc {
    hands: f64,
    sum: f64,
    sum_sq: f64,
    decisions: f64,
}

impl Acc {
    /// Mean and 95 % half-width, in percent of a bet ([`crate::stats::summary_of_sums`]).
    fn percent(&self) -> (f64, f64) {
        let (mean, _, half) =
            crate::stats::summary_of_sums(self.hands, self.sum, self.sum_sq, 100.0);
        (mean, half)
    }
}

/// The summary files: `summary.csv`, `summary.md`, `mcts_n.svg`, `c.svg`.
pub fn summarize(fingerprint: &Value, table: &Table) -> Result<Vec<OutputFile>, Error> {
    let mut order: Vec<(String, String, String, String, String)> = Vec::new();
    let mut accs: BTreeMap<(String, String, String, String, String), Acc> = BTreeMap::new();
    for (_, r) in table.records::<Record>()? {
        let key = (
            r.table,
            r.shoe.name().to_string(),
            r.player.name().to_string(),
            r.iterations.to_string(),
            r.c.to_string(),
        );
        if !accs.contains_key(&key) {
            order.push(key.clone());
        }
        let a = accs.entry(key).or_default();
        a.hands += r.hands as f64;
        a.sum += r.sum;
        a.sum_sq += r.sum_sq;
        a.decisions += r.decisions as f64;
    }
    let paper = paper_values();
    let paper_shoe = |s: &str| if s == "standard" { "standard" } else { s }.to_string();
    let mut csv = String::from(
        "table,shoe,player,iterations,c,hands,mean_percent,ci95_percent,decisions,paper\n",
    );
    for key in &order {
        let a = &accs[key];
        let (m, h) = a.percent();
        let param = match key.0.as_str() {
            "mcts_n" => key.3.clone(),
            "c" => key.4.clone(),
            _ => String::new(),
        };
        let p = paper
            .get(&(key.0.clone(), paper_shoe(&key.1), key.2.clone(), param))
            .map_or(String::new(), |v| v.to_string());
        let _ = writeln!(
            csv,
            "{},{},{},{},{},{},{m:.4},{h:.4},{},{p}",
            key.0, key.1, key.2, key.3, key.4, a.hands, a.decisions
        );
    }
    let Fingerprint {
        hands, seed, block, ..
    } = runner::fingerprint(fingerprint)?;
    let mut md = format!(
        "# Blackjack: MCTS and its rivals (\"MCTS for Black Jack\")\n\n\
         Made by `cardtree experiment blackjack --hands {hands} --block {block} --seed {seed} --out DIR`.\n\n\
         Six-deck shoes (the presets of `ShoePreset`), S17, DAS, one split, no surrender, 3:2, peek; \
         a full shoe every hand. {hands} paired hands per cell, seed {seed}. \
         Ours: mean return in % of the bet, with its 95 % interval. \
         Paper: its Part II / III numbers, whose unit and decks it does not define.\n\n\
         ## Players x shoes (paper Part II; MCTS 100 iterations, C = 2, C = 30 on low)\n\n\
         | shoe | mcts | timid | basic | default | optimal | paper: mcts | timid | basic | default |\n\
         |---|---|---|---|---|---|---|---|---|---|\n"
    );
    for shoe in ShoePreset::ALL {
        let mut line = format!("| {} |", shoe.name());
        let mut theirs = String::new();
        for player in BlackjackPlayer::ALL {
            let key = order
                .iter()
                .find(|k| k.0 == "players" && k.1 == shoe.name() && k.2 == player.name());
            match key {
                Some(k) => {
                    let (m, h) = accs[k].percent();
                    let _ = write!(line, " {m:+.2} ± {h:.2} |");
                }
                None => line.push_str(" |"),
            }
            if player != BlackjackPlayer::Optimal {
                let p = paper.get(&(
                    "players".to_string(),
                    paper_shoe(shoe.name()),
                    player.name().to_string(),
                    String::new(),
                ));
                let _ = write!(theirs, " {} |", p.map_or("".into(), |v| v.to_string()));
            }
        }
        let _ = writeln!(md, "{line}{theirs}");
    }
    let mut plots = Vec::new();
    for (name, title, param_of) in [
        (
            "mcts_n",
            "MCTS_N (iterations per decision), high shoe, C = 2",
            3usize,
        ),
        (
            "c",
            "exploration constant C, high shoe, 100 iterations",
            4usize,
        ),
    ] {
        let _ = writeln!(
            md,
            "\n## {title} (paper Part III)\n\n| {name} | ours | paper |\n|---|---|---|"
        );
        let mut ours = Vec::new();
        let mut theirs = Vec::new();
        for key in order.iter().filter(|k| k.0 == name) {
            let param = if param_of == 3 { &key.3 } else { &key.4 };
            let (m, h) = accs[key].percent();
            let p = paper.get(&(
                name.to_string(),
                key.1.clone(),
                key.2.clone(),
                param.clone(),
            ));
            let _ = writeln!(
                md,
                "| {param} | {m:+.2} ± {h:.2} | {} |",
                p.map_or("".into(), |v| v.to_string())
            );
            if let Ok(x) = param.parse::<f64>() {
                ours.push((x, m));
                if let Some(&v) = p {
                    theirs.push((x, v));
                }
            }
        }
        let svg = plot::line_plot(
            &Axes {
                title: format!("Blackjack: {title}"),
                x_label: name.to_string(),
                y_label: "mean return".to_string(),
                log_x: true,
            },
            &[
                Series {
                    name: "ours (% of bet)".into(),
                    points: ours,
                },
                Series {
                    name: "paper (unit unstated)".into(),
                    points: theirs,
                },
            ],
        );
        plots.push((format!("{name}.svg"), svg.into_bytes()));
    }
    let mut files = vec![
        ("summary.csv".to_string(), csv.into_bytes()),
        ("summary.md".to_string(), md.into_bytes()),
    ];
    files.extend(plots);
    Ok(files)
}
