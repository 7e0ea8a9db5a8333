//! `cardtree experiment pps`: the Poker Squares papers' tables on the shared runner: Table 2
//! (squashing), the Cp table, the twelve rows of Table 3 (selection x simulation) and the
//! alpha/beta/gamma sweep, each beside the papers' numbers (`data/pps_papers.csv`).
//!
//! Item `k` is configuration `k / games` on game `k % games`; the game's deal and the player's
//! randomness come from `rng::stream(seed, game)`, so every configuration plays the same deals
//! (paired games). Under an iteration budget an item's row is the same on every machine; under
//! a time budget (needed for the "+ Calc." rows to mean anything) it depends on the machine.

use crate::error::{Context, Error};
use cardtree::poker_squares::{
    Budget, HeuristicConfig, LearnedValues, Lookahead, MctsConfig, PAPER_CP, PointSystem, PriorMix,
    Selection, Simulation, Squash,
};
use serde_json::{Value, json};
use std::sync::Arc;

use crate::plot::{self, Axes, Series};
use crate::pps::play::{self, PlayConfig, PpsPlayer, RolloutSettings, SearchTree};
use crate::runner::{Experiment, OutputFile, Row, Table};

/// The experiment's kind for the runner.
pub const KIND: &str = "pps";

/// The papers' numbers: `table,label,paper_mean,source`.
pub const PAPERS_CSV: &str = include_str!("../../../data/pps_papers.csv");

/// The columns of `raw.csv` after `item`.
const COLUMNS: [&str; 6] = [
    "config",
    "label",
    "game",
    "score",
    "iterations",
    "tree_full",
];

/// Which table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PpsTable {
    /// Paper 004 Table 2: squashing methods, core MCTS, Cp = 1/sqrt 2.
    Squashing,
    /// Draft 001's Cp table: core MCTS without squashing.
    Cp,
    /// Paper 004 Table 3: twelve selection x simulation rows.
    SelectionSimulation,
    /// Draft 001's alpha, beta, gamma sweep with prune + UCT and best-move simulation.
    Weights,
    /// The papers' best player alone (Table 3 row 12: prune + UCT, best-move simulation,
    /// tuned weights), for the contest's measurement: 500 paired games at 30 s a game.
    Best,
    /// Our best configuration alone ([`ours`]), for the same measurement.
    Ours,
    /// The learned rollout player alone (rollouts of greedy play on the table cardtree ships
    /// for the point system, `--candidates K` placements compared), for the same measurement.
    Rollout,
    /// Expectimax over the next card (`--lookahead 2`: the next two) on the same table, for the
    /// same measurement.
    Expectimax,
}

impl PpsTable {
    /// The name used on the command line and in `data/pps_papers.csv`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PpsTable::Squashing => "squashing",
            PpsTable::Cp => "cp",
            PpsTable::SelectionSimulation => "selection-simulation",
            PpsTable::Weights => "weights",
            PpsTable::Best => "best",
            PpsTable::Ours => "ours",
            PpsTable::Rollout => "rollout",
            PpsTable::Expectimax => "expectimax",
        }
    }

    fn from_name(s: &str) -> Option<PpsTable> {
        [
            PpsTable::Squashing,
            PpsTable::Cp,
            PpsTable::SelectionSimulation,
            PpsTable::Weights,
            PpsTable::Best,
            PpsTable::Ours,
            PpsTable::Rollout,
            PpsTable::Expectimax,
        ]
        .into_iter()
        .find(|t| t.name() == s)
    }
}

/// A table's configurations: label (as in `data/pps_papers.csv`) and player.
#[must_use]
///
/// `learned`: the learned values of the rollout and expectimax tables and the player to run
/// on them (without them the player has no table and each game is an error).
pub fn configs(
    table: PpsTable,
    system: PointSystem,
    budget: Budget,
    learned: Option<(Arc<LearnedValues>, PpsPlayer)>,
) -> Vec<(String, PlayConfig)> {
    let base = |f: &dyn Fn(&mut MctsConfig)| {
        let mut m = MctsConfig::new();
        m.budget = budget;
        // "Core" MCTS: no heuristic in selection or simulation, the papers' initial weights.
        m.selection = Selection::Uct;
        m.simulation = Simulation::Random;
        m.heuristic = HeuristicConfig::PAPER;
        f(&mut m);
        PlayConfig {
            system,
            player: PpsPlayer::Mcts,
            mcts: m,
            values: None,
        }
    };
    let mut out = Vec::new();
    match table {
        PpsTable::Squashing => {
            for (label, squash) in [
                ("precise", Squash::Precise),
                ("imprecise", Squash::Imprecise),
                ("max200", Squash::Max200),
                ("max2000", Squash::Max2000),
            ] {
                out.push((
                    label.to_string(),
                    base(&|m| {
                        m.squash = squash;
                        m.cp = core::f64::consts::FRAC_1_SQRT_2;
                    }),
                ));
            }
        }
        PpsTable::Cp => {
            for (label, cp) in [
                ("0", 0.0),
                ("0.7071", core::f64::consts::FRAC_1_SQRT_2),
                ("5", 5.0),
                ("10", 10.0),
                ("25", 25.0),
                ("50", 50.0),
                ("100", 100.0),
                ("141.42", PAPER_CP),
                ("6000", 6000.0),
            ] {
                out.push((label.to_string(), base(&|m| m.cp = cp)));
            }
        }
        PpsTable::SelectionSimulation => {
            use Selection as Se;
            use Simulation as Si;
            let rows = [
                ("1 uct/random", Se::Uct, Si::Random, false),
                ("2 uct-calc/random", Se::UctCalc, Si::Random, false),
                ("3 uct/random-calc", Se::Uct, Si::RandomCalc, false),
                ("4 uct-calc/random-calc", Se::UctCalc, Si::RandomCalc, false),
                ("5 uct/prune-random", Se::Uct, Si::PruneRandom, false),
                ("6 uct/best-move", Se::Uct, Si::BestMove, false),
                ("7 best-move/random", Se::BestMove, Si::Random, false),
                ("8 prune-uct/random", Se::PruneUct, Si::Random, false),
                ("9 prune-uct/best-move", Se::PruneUct, Si::BestMove, false),
                ("10 prune-uct/random tuned", Se::PruneUct, Si::Random, true),
                ("11 uct/best-move tuned", Se::Uct, Si::BestMove, true),
                (
                    "12 prune-uct/best-move tuned",
                    Se::PruneUct,
                    Si::BestMove,
                    true,
                ),
            ];
            for (label, sel, sim, tuned) in rows {
                out.push((
                    label.to_string(),
                    base(&|m| {
                        m.selection = sel;
                        m.simulation = sim;
                        if tuned {
                            m.heuristic = HeuristicConfig::TUNED;
                        }
                    }),
                ));
            }
        }
        PpsTable::Best => {
            let mut m = MctsConfig::new();
            m.budget = budget;
            out.push((
                "12 prune-uct/best-move tuned".to_string(),
                PlayConfig {
                    system,
                    player: PpsPlayer::Mcts,
                    mcts: m,
                    values: None,
                },
            ));
        }
        PpsTable::Ours => {
            let (label, m) = ours(budget);
            out.push((
                label.to_string(),
                PlayConfig {
                    system,
                    player: PpsPlayer::Mcts,
                    mcts: m,
                    values: None,
                },
            ));
        }
        PpsTable::Rollout | PpsTable::Expectimax => {
            let mut m = MctsConfig::new();
            m.budget = budget;
            let (values, player) = match learned {
                Some((v, p)) => (Some(v), p),
                None if table == PpsTable::Rollout => {
                    (None, PpsPlayer::Rollout(RolloutSettings::default()))
                }
                None => (None, PpsPlayer::Expectimax(Lookahead::OneCard)),
            };
            let label = match player {
                PpsPlayer::Expectimax(Lookahead::TwoCards) => "expectimax-2 learned",
                PpsPlayer::Expectimax(_) => "expectimax learned",
                PpsPlayer::Rollout(r) if r.control_variate => "rollout-cv learned",
                _ => "rollout learned",
            };
            out.push((
                label.to_string(),
                PlayConfig {
                    system,
                    player,
                    mcts: m,
                    values,
                },
            ));
        }
        PpsTable::Weights => {
            for line in PAPERS_CSV.lines().skip(1) {
                let mut f = line.split(',');
                if f.next() != Some("weights") {
                    continue;
                }
                let Some(label) = f.next() else { continue };
                let w: Vec<f64> = label.split(' ').filter_map(|x| x.parse().ok()).collect();
                let [alpha, beta, gamma] = w[..] else {
                    continue;
                };
                out.push((
                    label.to_string(),
                    base(&|m| {
                        m.selection = Selection::PruneUct;
                        m.simulation = Simulation::BestMove;
                        m.heuristic = HeuristicConfig {
                            alpha,
                            beta,
                            gamma,
                            ..HeuristicConfig::PAPER
                        };
                    }),
                ));
            }
        }
    }
    out
}

/// Our best configuration and its label: the papers' search with plain UCT selection,
/// [`Simulation::Auto`] playouts (the rule player's where they score more, as under American
/// and British, else best move), and Cp = 0.02 on imprecisely squashed scores (Cp = 20 points
/// on the American scale, where the papers use 141). Chosen on 120 paired American games at
/// 3 s a game: 122.4 against the papers' best player's 116.6 (difference +5.7 +- 5.2); see
/// docs/poker-squares.md for the commands.
#[must_use]
pub fn ours(budget: Budget) -> (&'static str, MctsConfig) {
    let mut m = MctsConfig::new();
    m.budget = budget;
    m.selection = Selection::Uct;
    m.simulation = Simulation::Auto;
    m.squash = Squash::Imprecise;
    m.cp = 0.02;
    ("ours uct/auto imprecise cp0.02", m)
}

/// The paper's mean for a table row, if it gives one.
#[must_use]
pub fn paper_mean(table: &str, label: &str) -> Option<f64> {
    PAPERS_CSV.lines().skip(1).find_map(|line| {
        let mut f = line.split(',');
        (f.next() == Some(table) && f.next() == Some(label))
            .then(|| f.next().and_then(|x| x.parse().ok()))
            .flatten()
    })
}

/// The paper's mean for a table row under a point system (as `--system` takes it): the papers
/// score American only, so under any other system there is none to set beside ours.
#[must_use]
pub fn paper_mean_under(system: &str, table: &str, label: &str) -> Option<f64> {
    if system.parse::<PointSystem>().ok() == Some(PointSystem::AMERICAN) {
        paper_mean(table, label)
    } else {
        None
    }
}

/// The options of the learned players' tables, rollout and expectimax (the other tables
/// ignore them).
#[derive(Clone, Copy, Debug, Default)]
pub struct LearnedOptions<'a> {
    /// The rollout table's player (`candidates`: placements compared by rollouts each move, the
    /// best by the learned values, 0 for every placement).
    pub rollout: RolloutSettings,
    /// Expectimax: how many cards ahead.
    pub lookahead: Lookahead,
    /// A table file (`--values`) instead of the table cardtree ships for the point system.
    pub values: Option<&'a std::path::Path>,
}

/// One table of the papers, run over `games` paired games per configuration.
#[derive(Debug)]
pub struct PpsExperiment {
    /// The table.
    pub table: PpsTable,
    /// The point system's text (as given to `--system`).
    pub system_text: String,
    /// Games per configuration.
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// The budget of every configuration.
    pub budget: Budget,
    /// How every configuration's heuristic combines the a-priori probabilities.
    pub prior_mix: PriorMix,
    /// The rollout table's player.
    pub rollout: RolloutSettings,
    /// The expectimax table's lookahead.
    pub lookahead: Lookahead,
    /// The learned tables' values file and the FNV-1a hash of its text, when not the table
    /// cardtree ships.
    pub values: Option<(String, u64)>,
    /// The configurations.
    pub configs: Vec<(String, PlayConfig)>,
}

impl PpsExperiment {
    /// The experiment of `table`.
    pub fn new(
        table: PpsTable,
        system_text: &str,
        games: u64,
        seed: u64,
        budget: Budget,
        prior_mix: PriorMix,
        options: LearnedOptions<'_>,
    ) -> Result<PpsExperiment, Error> {
        let LearnedOptions {
            rollout,
            lookahead,
            values,
        } = options;
        let system: PointSystem = system_text.parse().context("bad --system")?;
        let player = match table {
            PpsTable::Rollout => Some(PpsPlayer::Rollout(rollout)),
            PpsTable::Expectimax => Some(PpsPlayer::Expectimax(lookahead)),
            _ => None,
        };
        let mut file = None;
        let learned = match (player, values) {
            (Some(player), Some(path)) => {
                let (table, hash) = play::table_file(path, &system, system_text)?;
                file = Some((path.display().to_string(), hash));
                Some((table, player))
            }
            (Some(player), None) => Some((play::committed_table(&system, system_text)?, player)),
            (None, Some(_)) => {
                return Err(Error::Invalid(
                    "--values is for the rollout and expectimax tables only".into(),
                ));
            }
            (None, None) => None,
        };
        Ok(PpsExperiment {
            table,
            system_text: system_text.to_string(),
            games,
            seed,
            budget,
            prior_mix,
            rollout,
            lookahead,
            values: file,
            configs: configs(table, system, budget, learned)
                .into_iter()
                .map(|(label, mut c)| {
                    c.mcts.heuristic.mix = prior_mix;
                    (label, c)
                })
                .collect(),
        })
    }
}

/// The command that makes the run of `fingerprint` (its output directory as `DIR`).
fn command(fingerprint: &Value) -> String {
    let f = fingerprint;
    let mut c = format!(
        "cardtree experiment pps --table {} --system {} --games {} --seed {}",
        f["table"].as_str().unwrap_or("?"),
        f["system"].as_str().unwrap_or("?"),
        f["games"],
        f["seed"],
    );
    if let Some(k) = f["budget"]["iterations_per_move"].as_u64() {
        c.push_str(&format!(" --iterations {k}"));
    }
    if let Some(s) = f["budget"]["seconds_per_game"].as_f64() {
        c.push_str(&format!(" --game-seconds {s}"));
    }
    if let Some(m) = f["prior_mix"].as_str() {
        c.push_str(&format!(" --prior-mix {m}"));
    }
    if let Some(k) = f["candidates"].as_u64() {
        c.push_str(&format!(" --candidates {k}"));
    }
    if let Some(k) = f["playout_lookahead"].as_u64() {
        c.push_str(&format!(" --playout-lookahead {k}"));
    }
    if let Some(z) = f["guard"].as_f64() {
        c.push_str(&format!(" --guard {z}"));
    }
    if f["control_variate"].as_bool() == Some(true) {
        c.push_str(" --control-variate");
    }
    if let Some(k) = f["lookahead"].as_u64() {
        c.push_str(&format!(" --lookahead {k}"));
    }
    if let Some(file) = f["values"]["file"].as_str() {
        c.push_str(&format!(" --values {file}"));
    }
    c.push_str(" --out DIR");
    c
}

/// The `--prior-mix` spelling of a mix.
fn prior_mix_name(m: PriorMix) -> &'static str {
    match m {
        PriorMix::Sum => "sum",
        PriorMix::Conditional => "conditional",
        PriorMix::MadeInFull => "made-in-full",
    }
}

fn budget_json(b: Budget) -> Value {
    match b {
        Budget::Iterations(k) => json!({"iterations_per_move": k}),
        Budget::GameMicros(us) => json!({"seconds_per_game": us as f64 / 1e6}),
    }
}

impl Experiment for PpsExperiment {
    type Worker = SearchTree;

    fn kind(&self) -> &'static str {
        KIND
    }

    fn fingerprint(&self) -> Value {
        let mut f = json!({
            "table": self.table.name(),
            "system": self.system_text,
            "games": self.games,
            "seed": self.seed,
            "budget": budget_json(self.budget),
        });
        // Named only when not the default, so that the runs made before it keep their
        // fingerprints.
        if self.prior_mix != PriorMix::Sum {
            f["prior_mix"] = json!(prior_mix_name(self.prior_mix));
        }
        if self.table == PpsTable::Rollout {
            let r = &self.rollout;
            f["candidates"] = json!(r.candidates);
            // Each named only when set, as above.
            if let (Some(l), false) = (r.playouts, r.control_variate) {
                f["playout_lookahead"] = json!(l as u8);
            }
            if let Some(z) = r.guard {
                f["guard"] = json!(f64::from(z) / 100.0);
            }
            if r.control_variate {
                f["control_variate"] = json!(true);
            }
        }
        if self.table == PpsTable::Expectimax {
            f["lookahead"] = json!(self.lookahead as u8);
        }
        if let Some((file, hash)) = &self.values {
            f["values"] = json!({"file": file, "fnv64": format!("{hash:016x}")});
        }
        f
    }

    fn columns(&self) -> Vec<String> {
        COLUMNS.iter().map(|c| (*c).to_string()).collect()
    }

    fn len(&self) -> usize {
        self.configs.len() * self.games as usize
    }

    fn worker(&self) -> SearchTree {
        play::new_tree()
    }

    fn run(&self, tree: &mut SearchTree, k: usize) -> Result<Vec<Row>, Error> {
        let games = self.games.max(1) as usize;
        let (ci, game) = (k / games, k % games);
        let (label, config) = self
            .configs
            .get(ci)
            .ok_or_else(|| invalid!("item {k} out of range"))?;
        let r = play::play_one(config, self.seed, game as u64, tree)?;
        Ok(vec![vec![
            ci.to_string(),
            label.clone(),
            game.to_string(),
            r.score.to_string(),
            r.stats.iterations.to_string(),
            r.stats.tree_full.to_string(),
        ]])
    }
}

/// The summary files: `summary.csv`, `summary.md` (ours beside the papers') and `plot.svg`.
pub fn summarize(fingerprint: &Value, table: &Table) -> Result<Vec<OutputFile>, Error> {
    let name = fingerprint["table"]
        .as_str()
        .ok_or_else(|| Error::Invalid("manifest: no table".into()))?;
    let kind = PpsTable::from_name(name).ok_or_else(|| invalid!("unknown table {name}"))?;
    let (ic, il, is, ii, ifull) = (
        table.column("config")?,
        table.column("label")?,
        table.column("score")?,
        table.column("iterations")?,
        table.column("tree_full")?,
    );
    // Per configuration, in config order: label, scores, iterations, tree-full count.
    let mut groups: Vec<(String, Vec<f64>, u64, u64)> = Vec::new();
    for (_, row) in table.rows() {
        let get = |i: usize| row.get(i).cloned().unwrap_or_default();
        let c: usize = get(ic)
            .parse()
            .map_err(|_| Error::Invalid("bad config column".into()))?;
        while groups.len() <= c {
            groups.push((String::new(), Vec::new(), 0, 0));
        }
        let g = groups
            .get_mut(c)
            .ok_or_else(|| Error::Invalid("config index".into()))?;
        g.0 = get(il);
        g.1.push(
            get(is)
                .parse()
                .map_err(|_| Error::Invalid("bad score column".into()))?,
        );
        g.2 += get(ii).parse::<u64>().unwrap_or(0);
        g.3 += get(ifull).parse::<u64>().unwrap_or(0);
    }
    // The learned players have no MCTS prior; the rollout player's iterations are rounds.
    let learned = matches!(kind, PpsTable::Rollout | PpsTable::Expectimax);
    let per_move = if kind == PpsTable::Rollout {
        "rollout rounds"
    } else {
        "iterations"
    };
    let budget = match (
        fingerprint["budget"]["iterations_per_move"].as_u64(),
        fingerprint["budget"]["seconds_per_game"].as_f64(),
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
        fingerprint["system"].as_str().unwrap_or("?"),
        fingerprint["games"],
        fingerprint["seed"],
        if learned {
            String::new()
        } else {
            format!(
                ", prior mix: {}",
                fingerprint["prior_mix"].as_str().unwrap_or("sum")
            )
        },
        command(fingerprint),
    );
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    let system = fingerprint["system"].as_str().unwrap_or("?");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_has_its_paper_number() {
        let b = Budget::Iterations(10);
        for (t, n) in [
            (PpsTable::Squashing, 4),
            (PpsTable::Cp, 9),
            (PpsTable::SelectionSimulation, 12),
            (PpsTable::Weights, 29),
            (PpsTable::Best, 1),
            (PpsTable::Ours, 1),
            (PpsTable::Rollout, 1),
        ] {
            let c = configs(t, PointSystem::AMERICAN, b, None);
            assert_eq!(c.len(), n, "{}", t.name());
            for (label, _) in &c {
                assert!(
                    paper_mean(t.name(), label).is_some(),
                    "{} {label}",
                    t.name()
                );
            }
            assert_eq!(PpsTable::from_name(t.name()), Some(t));
        }
        assert_eq!(
            paper_mean("selection-simulation", "12 prune-uct/best-move tuned"),
            Some(123.0)
        );
    }

    #[test]
    fn the_papers_numbers_are_american_only() {
        let row = "12 prune-uct/best-move tuned";
        assert_eq!(paper_mean_under("american", "best", row), Some(123.0));
        assert_eq!(paper_mean_under("british", "best", row), None);
        assert_eq!(paper_mean_under("random:42", "best", row), None);
        assert_eq!(paper_mean_under("nonsense", "best", row), None);
    }
}
