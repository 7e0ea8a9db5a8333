//! `cardtree pps play`: the run, and what it prints: the summary of the games as text (each
//! game's score first with `--per-game`) or as one JSON object.

use cardtree::poker_squares::Simulation;
use serde::Serialize;

use web_time::Instant;

use crate::error::Error;
use crate::pps::play::{GameResult, PlayConfig, PpsPlayer, play_each};

/// The JSON of `pps play --json`: the summary of [`play_report`] and every game's score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayJson {
    /// The point system's score of each hand class.
    pub system: Vec<i32>,
    /// The player, as its `Debug` form in lower case.
    pub player: String,
    /// The first game's index: `scores[i]` is game `first + i`'s (`--first`).
    pub first: u64,
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

/// What the summary of a run needs of its games, gathered in game order as they finish: each
/// score (the JSON prints them all), the rest as sums.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Every game's score, in game order.
    pub scores: Vec<i64>,
    /// Search iterations over every game.
    pub iterations: u64,
    /// Iterations that found the tree full.
    pub tree_full: u64,
    /// The largest tree of any game, in nodes.
    pub max_nodes: usize,
    /// Seconds of game time, summed over the games (in game order).
    pub game_seconds: f64,
    /// Games whose MCTS playouts followed the simple rules.
    pub rules: usize,
}

impl Tally {
    /// Adds the next game's result.
    pub fn add(&mut self, r: &GameResult) {
        self.scores.push(r.score);
        self.iterations += r.stats.iterations;
        self.tree_full += r.stats.tree_full;
        self.max_nodes = self.max_nodes.max(r.stats.max_nodes);
        self.game_seconds += r.seconds;
        self.rules += usize::from(r.stats.playouts == Some(Simulation::Rules));
    }

    /// The mean, standard deviation and half-width of the 95 % interval of the scores.
    fn summary(&self) -> (f64, f64, f64) {
        let scores: Vec<f64> = self.scores.iter().map(|&s| s as f64).collect();
        crate::stats::summary(&scores)
    }
}

/// [`PlayJson`] of a run whose games start at index `first`.
#[must_use]
pub fn play_json(config: &PlayConfig, first: u64, tally: &Tally, wall: f64) -> PlayJson {
    let (mean, sd, half) = tally.summary();
    PlayJson {
        system: config.system.scores().to_vec(),
        player: format!("{:?}", config.player).to_lowercase(),
        first,
        games: tally.scores.len(),
        mean,
        sd,
        ci95: [mean - half, mean + half],
        iterations: tally.iterations,
        wall_seconds: wall,
        scores: tally.scores.clone(),
    }
}

/// The text report of `cardtree pps play`, the point system named `system` as it was given.
#[must_use]
pub fn play_report(config: &PlayConfig, system: &str, tally: &Tally, wall: f64) -> String {
    let (mean, sd, half) = tally.summary();
    let games = tally.scores.len();
    let mut out = format!(
        "system {}\ngames {}\nmean {:.2}\nsd {:.2}\n95% interval {:.2} .. {:.2}\n",
        system,
        games,
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
            tally.iterations,
            tally.iterations as f64 / tally.game_seconds.max(1e-9),
            tally.tree_full,
            tally.max_nodes
        ));
        if config.mcts.simulation == Simulation::Auto {
            out.push_str(&format!(
                "playouts: rules in {} games, best move in {}\n",
                tally.rules,
                games - tally.rules
            ));
        }
    }
    out.push_str(&format!(
        "wall {:.1} s, {:.3} s per game\n",
        wall,
        tally.game_seconds / games.max(1) as f64
    ));
    out
}

/// Games `first .. first + games` of a run, or an error naming both flags when the last index
/// is past `u64::MAX`.
fn game_range(first: u64, games: u64) -> Result<std::ops::Range<u64>, Error> {
    match first.checked_add(games) {
        Some(end) => Ok(first..end),
        None => Err(crate::invalid!(
            "first: {first} with {games} games: the last game's index is past {}",
            u64::MAX
        )),
    }
}

/// `cardtree pps play`: the player `spec` names plays its games of the run from index `first`
/// on its threads. The text output streams: with `per_game` each game's
/// `index,score,iterations` is written as soon as it and the games before it are done, then
/// the summary; the JSON ([`play_json`]) is one line at the end. Either goes where `output` says.
pub fn command(
    spec: &crate::pps::play_spec::PlaySpec,
    per_game: bool,
    output: &crate::output::Output,
) -> Result<(), Error> {
    let crate::pps::play_spec::PlaySpec {
        options,
        games,
        first,
        seed,
        threads,
    } = spec;
    let (first, seed, threads) = (*first, *seed, *threads);
    let range = game_range(first, *games)?;
    if let Ok(system) = options.system.parse()
        && options.learns_first(&system)
    {
        let training = crate::pps::train::Training::unshipped(&options.system, threads, true);
        eprintln!(
            "cardtree ships no learned table for --system {}: learning one ({} games; \
             --values FILE gives one made by `cardtree pps train`)",
            options.system, training.games
        );
    }
    let config = options.resolve(threads)?;
    let start = Instant::now();
    let per_game = per_game && !output.json;
    let mut stream = output.stream()?;
    if per_game {
        stream.write("game,score,iterations\n")?;
    }
    let mut tally = Tally::default();
    play_each(&config, seed, range, threads, true, |r| {
        tally.add(&r);
        if per_game {
            stream.write_now(&format!("{},{},{}\n", r.index, r.score, r.stats.iterations))?;
        }
        Ok(())
    })?;
    let wall = start.elapsed().as_secs_f64();
    if output.json {
        stream.write(&crate::json::sorted_line(&play_json(
            &config, first, &tally, wall,
        ))?)?;
    } else {
        stream.write(&play_report(&config, &options.system, &tally, wall))?;
    }
    stream.finish()
}
