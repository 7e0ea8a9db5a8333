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
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use cardtree::blackjack::{Rollout, Rules, SearchConfig, ShoePreset};
use serde_json::{Value, json};

use crate::blackjack::play::{BlackjackPlayer, play_hands};
use crate::plot::{self, Axes, Series};
use crate::runner::{self, Experiment, OutputFile, Row, RunOptions, Shard, Table};

/// The experiment's kind.
pub const KIND: &str = "blackjack";

/// The columns of `raw.csv`.
pub const COLUMNS: [&str; 10] = [
    "table",
    "shoe",
    "player",
    "iterations",
    "c",
    "block",
    "hands",
    "sum",
    "sum_sq",
    "decisions",
];

/// The paper's numbers: Part II's table and Part III's sweeps, transcribed.
pub const PAPER: &str = include_str!("../../../data/blackjack_paper.csv");

/// One configuration: which table it belongs to, the shoe, the player, MCTS's parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// `players`, `mcts_n` or `c`.
    pub table: String,
    /// The shoe.
    pub shoe: ShoePreset,
    /// The player.
    pub player: BlackjackPlayer,
    /// MCTS iterations per decision (0 for other players).
    pub iterations: u32,
    /// MCTS exploration constant (0 for other players).
    pub c: f64,
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
    type Worker = ();

    fn kind(&self) -> &'static str {
        KIND
    }

    fn fingerprint(&self) -> Value {
        let configs: Vec<Value> = self
            .configs
            .iter()
            .map(|c| {
                json!({"table": c.table, "shoe": c.shoe.name(), "player": c.player.name(),
                       "iterations": c.iterations, "c": c.c})
            })
            .collect();
        json!({
            "seed": self.seed,
            "hands": self.hands,
            "block": self.block,
            "decks": self.rules.decks,
            "rules": format!("{:?}", self.rules),
            "configs": configs,
        })
    }

    fn columns(&self) -> Vec<String> {
        COLUMNS.iter().map(|c| (*c).to_string()).collect()
    }

    fn len(&self) -> usize {
        self.configs.len() * usize::try_from(self.blocks()).unwrap_or(0)
    }

    fn worker(&self) {}

    fn run(&self, _: &mut (), k: usize) -> Result<Vec<Row>, Error> {
        let (config, first, n) = self.split(k).ok_or_else(|| invalid!("no item {k}"))?;
        let mcts = SearchConfig {
            iterations: config.iterations,
            exploration: config.c,
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
        )?;
        let (values, decisions) = (played.values, played.decisions);
        let sum: f64 = values.iter().sum();
        let sum_sq: f64 = values.iter().map(|v| v * v).sum();
        Ok(vec![vec![
            config.table.clone(),
            config.shoe.name().to_string(),
            config.player.name().to_string(),
            config.iterations.to_string(),
            config.c.to_string(),
            (first / self.block).to_string(),
            n.to_string(),
            sum.to_string(),
            sum_sq.to_string(),
            decisions.to_string(),
        ]])
    }
}

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
    let col = |n: &str| table.column(n);
    let (it, is, ip, ii, ic, ih, isum, isq, idec) = (
        col("table")?,
        col("shoe")?,
        col("player")?,
        col("iterations")?,
        col("c")?,
        col("hands")?,
        col("sum")?,
        col("sum_sq")?,
        col("decisions")?,
    );
    let mut order: Vec<(String, String, String, String, String)> = Vec::new();
    let mut accs: BTreeMap<(String, String, String, String, String), Acc> = BTreeMap::new();
    let num = |s: &str| {
        s.parse::<f64>()
            .map_err(|_| invalid!("raw.csv: {s:?} is not a number"))
    };
    for (_, row) in table.rows() {
        let f = |i: usize| row.get(i).cloned().unwrap_or_default();
        let key = (f(it), f(is), f(ip), f(ii), f(ic));
        if !accs.contains_key(&key) {
            order.push(key.clone());
        }
        let a = accs.entry(key).or_default();
        a.hands += num(&f(ih))?;
        a.sum += num(&f(isum))?;
        a.sum_sq += num(&f(isq))?;
        a.decisions += num(&f(idec))?;
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
    let hands = fingerprint["hands"].as_u64().unwrap_or(0);
    let seed = fingerprint["seed"].as_u64().unwrap_or(0);
    let block = fingerprint["block"].as_u64().unwrap_or(0);
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

/// `cardtree experiment blackjack`'s arguments.
#[derive(Debug, clap::Args)]
pub struct ExperimentArgs {
    /// Paired hands per configuration.
    #[arg(long, default_value_t = 4000)]
    pub hands: u64,
    /// Hands per work item.
    #[arg(long, default_value_t = 500)]
    pub block: u64,
    /// Seed of the run: hand i is dealt from rng::stream(seed, i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The output directory.
    #[arg(long)]
    pub out: PathBuf,
    /// Run only shard i of n (1-based); combine with `cardtree experiment merge`.
    #[arg(long, default_value = "1/1")]
    pub shard: Shard,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Runs `cardtree experiment blackjack` and prints the summary.
pub fn main(args: &ExperimentArgs) -> Result<(), Error> {
    let experiment = BlackjackExperiment::paper(args.seed, args.hands, args.block);
    let options = RunOptions {
        out: args.out.clone(),
        shard: args.shard,
        threads: args.threads,
        progress: !args.quiet,
    };
    let report = runner::run(&experiment, summarize, &options)?;
    runner::report(&report, &options)
}
