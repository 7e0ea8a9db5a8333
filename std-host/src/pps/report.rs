//! `cardtree pps play`: the run, and what it prints: the summary of the games as text (each
//! game's score first with `--per-game`) or as one JSON object.

use cardtree::poker_squares::Simulation;
use serde::Serialize;

use std::time::Instant;

use crate::error::Error;
use crate::pps::play::{GameResult, PlayConfig, PpsPlayer, play_many};

/// The JSON of `pps play --json`: the summary of [`play_report`] and every game's score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayJson {
    /// The point system's score of each hand class.
    pub system: Vec<i32>,
    /// The player, as its `Debug` form in lower case.
    pub player: String,
    /// Games played.
    pub games: usize,
    /// Mean score.
    pub mean: f64,
    /// Standard deviation of the scores.
    pub sd: f64,
    /// The 95 % interval of the mean.
    pub ci95: [f64; 2],
    /// Search iterations over every game.
    pub iterations: u64,
    /// Wall-clock seconds of the run.
    pub wall_seconds: f64,
    /// Every game's score, in game order.
    pub scores: Vec<i64>,
}

/// [`PlayJson`] of a run.
#[must_use]
pub fn play_json(config: &PlayConfig, results: &[GameResult], wall: f64) -> PlayJson {
    let scores: Vec<f64> = results.iter().map(|r| r.score as f64).collect();
    let (mean, sd, half) = crate::stats::summary(&scores);
    PlayJson {
        system: config.system.scores().to_vec(),
        player: format!("{:?}", config.player).to_lowercase(),
        games: results.len(),
        mean,
        sd,
        ci95: [mean - half, mean + half],
        iterations: results.iter().map(|r| r.stats.iterations).sum::<u64>(),
        wall_seconds: wall,
        scores: results.iter().map(|r| r.score).collect(),
    }
}

/// The text report of `cardtree pps play`, the point system named `system` as it was given.
#[must_use]
pub fn play_report(config: &PlayConfig, system: &str, results: &[GameResult], wall: f64) -> String {
    let scores: Vec<f64> = results.iter().map(|r| r.score as f64).collect();
    let (mean, sd, half) = crate::stats::summary(&scores);
    let iterations: u64 = results.iter().map(|r| r.stats.iterations).sum();
    let full: u64 = results.iter().map(|r| r.stats.tree_full).sum();
    let nodes = results.iter().map(|r| r.stats.max_nodes).max().unwrap_or(0);
    let game_secs: f64 = results.iter().map(|r| r.seconds).sum();
    let mut out = format!(
        "system {}\ngames {}\nmean {:.2}\nsd {:.2}\n95% interval {:.2} .. {:.2}\n",
        system,
        results.len(),
        mean,
        sd,
        mean - half,
        mean + half
    );
    if let Some(values) = &config.values {
        out.push_str(&format!(
            "learned values: a table of {} self-played games\n",
            values.games()
        ));
    }
    if config.player == PpsPlayer::Mcts {
        out.push_str(&format!(
            "iterations {} ({:.0} per second of game time), tree-full iterations {}, largest tree {} nodes\n",
            iterations,
            iterations as f64 / game_secs.max(1e-9),
            full,
            nodes
        ));
        let rules = results
            .iter()
            .filter(|r| r.stats.playouts == Some(Simulation::Rules))
            .count();
        if config.mcts.simulation == Simulation::Auto {
            out.push_str(&format!(
                "playouts: rules in {} games, best move in {}\n",
                rules,
                results.len() - rules
            ));
        }
    }
    out.push_str(&format!(
        "wall {:.1} s, {:.3} s per game\n",
        wall,
        game_secs / results.len().max(1) as f64
    ));
    out
}

/// The output of `cardtree pps play`: [`play_json`] as a line, or the text report, each
/// game's `index,score,iterations` before it with `per_game`.
pub fn play_output(
    config: &PlayConfig,
    system: &str,
    results: &[GameResult],
    wall: f64,
    per_game: bool,
    json: bool,
) -> Result<String, Error> {
    if json {
        return crate::json::sorted_line(&play_json(config, results, wall));
    }
    let mut text = String::new();
    if per_game {
        text.push_str("game,score,iterations\n");
        for r in results {
            text.push_str(&format!("{},{},{}\n", r.index, r.score, r.stats.iterations));
        }
    }
    text.push_str(&play_report(config, system, results, wall));
    Ok(text)
}

/// `cardtree pps play`: the player `options` name plays games `0..games` of the run `seed` on
/// `threads` threads; the summary (or JSON) goes where `output` says.
pub fn command(
    options: &crate::pps::options::PlayOptions,
    games: u64,
    seed: u64,
    threads: usize,
    per_game: bool,
    output: &crate::output::Output,
) -> Result<(), Error> {
    let config = options.resolve(threads)?;
    let start = Instant::now();
    let results = play_many(&config, seed, games, threads, true)?;
    let wall = start.elapsed().as_secs_f64();
    output.emit(&play_output(
        &config,
        &options.system,
        &results,
        wall,
        per_game,
        output.json,
    )?)
}
