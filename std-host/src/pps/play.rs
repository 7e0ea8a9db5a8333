//! `cardtree pps`: Parameterized Poker Squares from the command line (scoring a grid, playing
//! games with the players of the core).

use crate::error::{Context, Error};
use std::time::Instant;

use cardtree::poker_squares::{
    Budget, Clock, ExpectimaxPlayer, FlatPlayer, GreedyPlayer, Grid, HandClass, HeuristicConfig,
    LINES, LearnedPlayer, LearnedValues, Lookahead, MctsConfig, MctsPlayer, MctsStats, PointSystem,
    RandomPlayer, RolloutPlayer, RulePlayer, Simulation, committed_values, play_game,
};
use cardtree::rng;

use crate::heap_tree::{HeapTree, heap_tree};
use crate::workers;

/// Nodes of each game's search tree (16 bytes each: 64 MiB per thread).
pub const TREE_NODES: usize = 1 << 22;

/// A player of `cardtree pps play` (the command line names it by [`PpsPlayerArg`](crate::cli::pps::PpsPlayerArg)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PpsPlayer {
    /// Random placement.
    Random,
    /// Suits in columns, ranks in rows.
    Rules,
    /// Flat Monte Carlo with random playouts (--iterations playouts per move).
    Flat,
    /// Greedy: the placement of highest heuristic value.
    Greedy,
    /// The papers' MCTS.
    Mcts,
    /// Greedy on learned values of abstract hands (`--values FILE`, from `pps train`).
    Learned,
    /// Expectimax over the next card or two on learned values (`--values FILE`).
    Expectimax(Lookahead),
    /// Rollouts of the learned greedy player for each placement, on common draws
    /// (`--values FILE`; --iterations rounds per move or --game-seconds).
    Rollout(RolloutSettings),
}

/// The rollout player's settings ([`RolloutPlayer`]'s `with_` methods).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RolloutSettings {
    /// Placements compared by rollouts, the best by the learned values (0: every one).
    pub candidates: usize,
    /// How the playouts place: greedily on the values (`None`) or by expectimax.
    pub playouts: Option<Lookahead>,
    /// The guard's number of standard errors, in hundredths (`None`: unguarded).
    pub guard: Option<u32>,
    /// The playouts' scores corrected by the values' one-card predictions.
    pub control_variate: bool,
}

impl RolloutSettings {
    /// `--player best` where a learned table ships: expectimax over the next card ranks the
    /// placements, the best three are played out by expectimax with the control variate, and
    /// expectimax's choice stands unless another's rollouts beat it by two standard errors
    /// (std-host/results/pps/learned/summary.md, "Rollouts").
    pub const BEST: RolloutSettings = RolloutSettings {
        candidates: 3,
        playouts: Some(Lookahead::OneCard),
        guard: Some(200),
        control_variate: true,
    };

    /// [`RolloutSettings::BEST`]'s rounds a move when no budget is given (about 3 s a game on
    /// one core of this machine: 2.7 s of CPU a game, `pps play --player best --games 10`).
    pub const BEST_ROUNDS: u32 = 200;

    /// `--player best` for a point system cardtree ships no table for, on the table it learns
    /// there (or `--values`): the same rollouts, unguarded. Such a table leaves expectimax
    /// about 12 points a game below what the rollouts see (random:42; 0.3 on the American
    /// table), and the guard, made to keep a strong table's choice, keeps most of that loss:
    /// unguarded at 1,000 rounds a move loses 7.14 +- 3.18 points a game less than the
    /// guarded 200 (std-host/results/pps/learned/rollout-study-random42.txt).
    pub const BEST_LEARNED: RolloutSettings = RolloutSettings {
        guard: None,
        ..RolloutSettings::BEST
    };

    /// [`RolloutSettings::BEST_LEARNED`]'s rounds a move when no budget is given (about 14 s a
    /// game on one core of this machine, inside the contest's 30 s).
    pub const BEST_LEARNED_ROUNDS: u32 = 1000;
}

/// A resolved player configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayConfig {
    /// The point system.
    pub system: PointSystem,
    /// The player.
    pub player: PpsPlayer,
    /// The MCTS configuration (its budget is the one used).
    pub mcts: MctsConfig,
    /// The learned values, for [`PpsPlayer::Learned`].
    pub values: Option<std::sync::Arc<LearnedValues>>,
}

/// The host's clock: microseconds since the player was made.
#[derive(Debug)]
pub struct HostClock(Instant);

impl HostClock {
    /// A clock starting now.
    #[must_use]
    pub fn new() -> HostClock {
        HostClock(Instant::now())
    }
}

impl Default for HostClock {
    fn default() -> Self {
        HostClock::new()
    }
}

impl Clock for HostClock {
    fn micros(&self) -> u64 {
        self.0.elapsed().as_micros() as u64
    }
}

/// One finished game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameResult {
    /// The game's index (its deal is `rng::stream(seed, index)`).
    pub index: u64,
    /// The final score.
    pub score: i32,
    /// The classes of the ten hands.
    pub classes: [HandClass; LINES],
    /// The MCTS statistics (zero for other players).
    pub stats: MctsStats,
    /// Wall-clock seconds the game took.
    pub seconds: f64,
}

/// A worker's reusable search tree, on the heap.
pub type SearchTree = HeapTree<u8>;

/// A fresh tree of [`TREE_NODES`] nodes.
#[must_use]
pub fn new_tree() -> SearchTree {
    heap_tree(TREE_NODES)
}

/// The table cardtree ships for `system` (named `name` on the command line), parsed; an error
/// that says how to learn one where none ships.
pub fn committed_table(
    system: &PointSystem,
    name: &str,
) -> Result<std::sync::Arc<LearnedValues>, Error> {
    let text = committed_values(system).ok_or_else(|| {
        invalid!(
            "cardtree ships no learned table for --system {name}: learn one with \
             `cardtree pps train --system {name} --out FILE` and give it as --values FILE"
        )
    })?;
    Ok(std::sync::Arc::new(
        LearnedValues::parse(text).context("committed table")?,
    ))
}

/// The learned table in `path` (`--values FILE`), checked to be for `system` (`name`: as
/// given to `--system`), with the FNV-1a hash of its text (which an experiment's fingerprint
/// records, so that a run is resumed or merged only with the same table).
pub fn table_file(
    path: &std::path::Path,
    system: &PointSystem,
    name: &str,
) -> Result<(std::sync::Arc<LearnedValues>, u64), Error> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::read(path, e))?;
    let table = LearnedValues::parse(&text).with_context(|| format!("{}", path.display()))?;
    if table.system() != system {
        return Err(invalid!(
            "{} was learned for another point system than --system {name}",
            path.display()
        ));
    }
    // FNV-1a, 64-bit (offset basis and prime of draft-eastlake-fnv, section 2).
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    Ok((std::sync::Arc::new(table), hash))
}

/// The learned values of a player that needs them (`resolve` refuses such a player without
/// a table).
fn values_of(config: &PlayConfig) -> Result<&LearnedValues, Error> {
    config
        .values
        .as_deref()
        .ok_or_else(|| Error::Invalid("this player needs --values FILE".into()))
}

/// Plays game `index` of the run seeded `seed`: deal and player randomness from
/// `rng::stream(seed, index)`, so game `index` deals the same cards to every configuration.
pub fn play_one(
    config: &PlayConfig,
    seed: u64,
    index: u64,
    tree: &mut SearchTree,
) -> Result<GameResult, Error> {
    let mut r = rng::stream(seed, index);
    let start = Instant::now();
    let clock = HostClock::new();
    let (grid, stats) = match config.player {
        PpsPlayer::Random => (
            play_game(&mut RandomPlayer, &config.system, &mut r),
            MctsStats::default(),
        ),
        PpsPlayer::Rules => (
            play_game(&mut RulePlayer, &config.system, &mut r),
            MctsStats::default(),
        ),
        PpsPlayer::Flat => {
            let playouts = match config.mcts.budget {
                Budget::Iterations(k) => k,
                Budget::GameMicros(_) => {
                    return Err(Error::Invalid(
                        "the flat player takes --iterations only".into(),
                    ));
                }
            };
            (
                play_game(&mut FlatPlayer::new(playouts), &config.system, &mut r),
                MctsStats::default(),
            )
        }
        PpsPlayer::Greedy => (
            play_game(
                &mut GreedyPlayer::new(config.mcts.heuristic),
                &config.system,
                &mut r,
            ),
            MctsStats::default(),
        ),
        PpsPlayer::Learned => (
            play_game(
                &mut LearnedPlayer::new(values_of(config)?),
                &config.system,
                &mut r,
            ),
            MctsStats::default(),
        ),
        PpsPlayer::Expectimax(ahead) => (
            play_game(
                &mut ExpectimaxPlayer::new(values_of(config)?, ahead),
                &config.system,
                &mut r,
            ),
            MctsStats::default(),
        ),
        PpsPlayer::Rollout(settings) => {
            let mut p = RolloutPlayer::new(values_of(config)?, config.mcts.budget, &clock)
                .with_candidates(settings.candidates);
            if let Some(l) = settings.playouts {
                p = p.with_playouts(l);
            }
            if let Some(z) = settings.guard {
                p = p.with_guard(f64::from(z) / 100.0);
            }
            if settings.control_variate {
                p = p.with_control_variate();
            }
            let g = play_game(&mut p, &config.system, &mut r);
            let stats = MctsStats {
                iterations: p.rounds(),
                ..MctsStats::default()
            };
            (g, stats)
        }
        PpsPlayer::Mcts => {
            let mut p = MctsPlayer::new(tree, &clock, config.mcts);
            if let Some(values) = config.values.as_deref() {
                p = p.with_values(values);
            }
            let g = play_game(&mut p, &config.system, &mut r);
            (g, p.stats())
        }
    };
    let grid = grid.with_context(|| format!("game {index}"))?;
    Ok(GameResult {
        index,
        score: grid.score(&config.system),
        classes: grid.classes(),
        stats,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Plays games `0..games` on `threads` threads (each with its own tree); results in game order.
pub fn play_many(
    config: &PlayConfig,
    seed: u64,
    games: u64,
    threads: usize,
    progress: bool,
) -> Result<Vec<GameResult>, Error> {
    let indices: Vec<u64> = (0..games).collect();
    let bar = crate::runner::progress_bar(indices.len(), progress, "games");
    let results = workers::map(&indices, threads, new_tree, |tree, &i| {
        let r = play_one(config, seed, i, tree);
        bar.inc(1);
        r
    });
    bar.finish_and_clear();
    results.into_iter().collect()
}

/// The JSON of `pps play --json`: the summary of [`play_report`] and every game's score.
#[must_use]
pub fn play_json(config: &PlayConfig, results: &[GameResult], wall: f64) -> serde_json::Value {
    let scores: Vec<f64> = results.iter().map(|r| f64::from(r.score)).collect();
    let (mean, sd, half) = crate::stats::summary(&scores);
    serde_json::json!({
        "system": config.system.scores(),
        "player": format!("{:?}", config.player).to_lowercase(),
        "games": results.len(),
        "mean": mean,
        "sd": sd,
        "ci95": [mean - half, mean + half],
        "iterations": results.iter().map(|r| r.stats.iterations).sum::<u64>(),
        "wall_seconds": wall,
        "scores": results.iter().map(|r| r.score).collect::<Vec<_>>(),
    })
}

/// The text report of `cardtree pps play`.
#[must_use]
pub fn play_report(config: &PlayConfig, results: &[GameResult], wall: f64) -> String {
    let scores: Vec<f64> = results.iter().map(|r| f64::from(r.score)).collect();
    let (mean, sd, half) = crate::stats::summary(&scores);
    let iterations: u64 = results.iter().map(|r| r.stats.iterations).sum();
    let full: u64 = results.iter().map(|r| r.stats.tree_full).sum();
    let nodes = results.iter().map(|r| r.stats.max_nodes).max().unwrap_or(0);
    let game_secs: f64 = results.iter().map(|r| r.seconds).sum();
    let mut out = format!(
        "system {}\ngames {}\nmean {:.2}\nsd {:.2}\n95% interval {:.2} .. {:.2}\n",
        config.system,
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

/// Final-class frequencies over the ten hands of `games` rule-player games (the a-priori
/// probabilities of the heuristic; see `cardtree::poker_squares::APRIORI`).
pub fn apriori(
    games: u64,
    seed: u64,
    greedy: Option<HeuristicConfig>,
) -> Result<[f64; HandClass::COUNT], Error> {
    let mut counts = [0u64; HandClass::COUNT];
    for i in 0..games {
        let mut r = rng::stream(seed, i);
        let grid = match greedy {
            Some(h) => play_game(&mut GreedyPlayer::new(h), &PointSystem::AMERICAN, &mut r),
            None => play_game(&mut RulePlayer, &PointSystem::AMERICAN, &mut r),
        }
        .map_err(Error::from)?;
        for c in grid.classes() {
            counts[c.id()] += 1;
        }
    }
    let total = (games * LINES as u64).max(1) as f64;
    Ok(counts.map(|c| c as f64 / total))
}

/// Reads a grid (25 cells row by row, `--` for empty) and a point system (a name, a name with
/// a seed `random:7`, or ten integers).
pub fn parse_inputs(grid: &str, system: &str) -> Result<(Grid, PointSystem), Error> {
    let grid: Grid = grid.parse().context("bad --grid")?;
    let system: PointSystem = system.parse().context("bad --system")?;
    Ok((grid, system))
}

/// `{"hands":[10 class ids, rows 0-4 then columns 0-4],"score":N}`.
#[must_use]
pub fn score_json(grid: &Grid, system: &PointSystem) -> String {
    let ids: Vec<String> = grid.classes().iter().map(|c| c.id().to_string()).collect();
    format!(
        "{{\"hands\":[{}],\"score\":{}}}",
        ids.join(","),
        grid.score(system)
    )
}

/// A readable report: each row and column with its class and points, then the total.
#[must_use]
pub fn score_text(grid: &Grid, system: &PointSystem) -> String {
    let mut out = String::new();
    let classes = grid.classes();
    for (line, class) in classes.iter().enumerate().take(LINES) {
        let name = if line < 5 {
            format!("row {line}")
        } else {
            format!("column {}", line - 5)
        };
        let cards: Vec<String> = grid
            .line(line)
            .iter()
            .map(|c| {
                c.map_or("--".to_string(), |c| {
                    format!("{}{}", c.rank().char(), c.suit().char())
                })
            })
            .collect();
        out.push_str(&format!(
            "{name:<9} {}  {:<16} {:>4}\n",
            cards.join(" "),
            format!("{} ({})", class.name(), class.id()),
            system.score(*class)
        ));
    }
    out.push_str(&format!("score {}\n", grid.score(system)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_has_the_exact_shape() {
        let (g, s) = parse_inputs(
            "QH AC 8C 6H 5S 4C JC TD 2C 9D KS 6D QD 9S 7C QS JH 4D AS JD 7S 8S 3H KC TS",
            "american",
        )
        .unwrap();
        assert_eq!(
            score_json(&g, &s),
            "{\"hands\":[0,0,0,1,0,1,1,0,0,0],\"score\":6}"
        );
        assert!(score_text(&g, &s).ends_with("score 6\n"));
        assert!(parse_inputs("AS", "american").is_err());
        assert!(parse_inputs(&"-- ".repeat(25), "nope").is_err());
    }
}
