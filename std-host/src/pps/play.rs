//! `cardtree pps play`: games of Poker Squares played by the players of the core, in
//! parallel, each game's cards from the seed and its index (paired games).

use crate::error::{Context, Error};
use web_time::Instant;

use cardtree::poker_squares::{
    Budget, ExpectimaxPlayer, FlatPlayer, GreedyPlayer, Grid, HandClass, LINES, LearnedPlayer,
    LearnedValues, Lookahead, MctsConfig, MctsPlayer, MctsStats, Net, NetPlayer, Placer, PlayError,
    PointSystem, RandomPlayer, RolloutPlayer, RulePlayer, Valuation, play_game,
};
use cardtree::rng::{self, Xoshiro256PlusPlus};
use cardtree::search::Clock;

use crate::heap_tree::{HeapTree, heap_tree};
use crate::workers;

/// Nodes of each game's search tree (16 bytes each: 64 MiB per thread).
pub const TREE_NODES: usize = 1 << 22;

/// A player of `cardtree pps play`, resolved from [`PlayerKind`](crate::pps::options::PlayerKind).
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

    /// [`RolloutSettings::BEST`]'s rounds a move when no budget is given (about 2.6 s a game on
    /// one core of this machine: `pps play --player best --games 4 --seed 1 --threads 1`).
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
    /// A network file's bytes (checked by [`net_file`]): the learned, expectimax and rollout
    /// players play on it instead of `values`.
    pub net: Option<std::sync::Arc<Vec<u8>>>,
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
    pub score: i64,
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
    let text = crate::pps::tables::shipped(system).ok_or_else(|| {
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
    let hash = crate::input::fnv1a(text.as_bytes());
    Ok((std::sync::Arc::new(table), hash))
}

/// What `--net` takes for the network cardtree ships for the point system.
pub const SHIPPED_NET: &str = "shipped";

/// The network file in `path` (`--net FILE`, from `pps train --net`; [`SHIPPED_NET`] for the
/// one cardtree ships for `system`), read whole and checked to be a network for `system`
/// (`name`: as given to `--system`).
pub fn net_file(
    path: &std::path::Path,
    system: &PointSystem,
    name: &str,
) -> Result<std::sync::Arc<Vec<u8>>, Error> {
    if path == std::path::Path::new(SHIPPED_NET) {
        let bytes = crate::pps::tables::shipped_net(system).ok_or_else(|| {
            invalid!(
                "cardtree ships no network for --system {name} here: train one with \
                 `cardtree pps train --net --system {name} --out FILE` and give it as --net FILE"
            )
        })?;
        return Ok(std::sync::Arc::new(bytes.to_vec()));
    }
    let bytes = std::fs::read(path).map_err(|e| Error::read(path, e))?;
    let net = Net::parse(&bytes).map_err(|e| invalid!("{}: {e}", path.display()))?;
    if net.system() != system {
        return Err(invalid!(
            "{} was trained for another point system than --system {name}",
            path.display()
        ));
    }
    Ok(std::sync::Arc::new(bytes))
}

/// The learned values of a player that needs them (`resolve` refuses such a player without
/// a table).
fn values_of(config: &PlayConfig) -> Result<&LearnedValues, Error> {
    config
        .values
        .as_deref()
        .ok_or_else(|| Error::Invalid("this player needs --values FILE".into()))
}

/// What to do with the player a [`PlayConfig`] names, whatever its type: play a whole game
/// ([`play_one`]) or ask it for one placement (the web package's suggestions).
pub trait UsePlacer {
    /// What the use gives.
    type Output;
    /// Uses `player`.
    fn with<P: Placer>(self, player: &mut P) -> Self::Output;
}

/// Makes the player `config` names (its search on `tree`, its deadline on `clock`) and hands
/// it to `usage`; returns what that gave and the player's statistics (MCTS's; the rollout
/// player's rounds as iterations; zero for the others).
pub fn with_placer<U: UsePlacer>(
    config: &PlayConfig,
    tree: &mut SearchTree,
    clock: &HostClock,
    usage: U,
) -> Result<(U::Output, MctsStats), Error> {
    let none = MctsStats::default();
    if let Some(bytes) = config.net.as_deref() {
        let net = Net::parse(bytes).map_err(|e| invalid!("network: {e}"))?;
        match config.player {
            PpsPlayer::Learned => return Ok((usage.with(&mut NetPlayer::new(&net)), none)),
            PpsPlayer::Expectimax(ahead) => {
                return Ok((usage.with(&mut ExpectimaxPlayer::new(&net, ahead)), none));
            }
            PpsPlayer::Rollout(settings) => {
                return Ok(rollouts(&net, config, settings, clock, usage));
            }
            _ => {}
        }
    }
    Ok(match config.player {
        PpsPlayer::Random => (usage.with(&mut RandomPlayer), none),
        PpsPlayer::Rules => (usage.with(&mut RulePlayer), none),
        PpsPlayer::Flat => {
            let Budget::Iterations(playouts) = config.mcts.budget else {
                return Err(Error::Invalid(
                    "the flat player takes --iterations only".into(),
                ));
            };
            (usage.with(&mut FlatPlayer::new(playouts)), none)
        }
        PpsPlayer::Greedy => (
            usage.with(&mut GreedyPlayer::new(config.mcts.heuristic)),
            none,
        ),
        PpsPlayer::Learned => (
            usage.with(&mut LearnedPlayer::new(values_of(config)?)),
            none,
        ),
        PpsPlayer::Expectimax(ahead) => (
            usage.with(&mut ExpectimaxPlayer::new(values_of(config)?, ahead)),
            none,
        ),
        PpsPlayer::Rollout(settings) => {
            rollouts(values_of(config)?, config, settings, clock, usage)
        }
        PpsPlayer::Mcts => {
            let mut p = MctsPlayer::new(tree, clock, config.mcts);
            if let Some(values) = config.values.as_deref() {
                p = p.with_values(values);
            }
            let out = usage.with(&mut p);
            (out, p.stats())
        }
    })
}

/// The rollout player of `settings` on `values` (a table or a network), handed to `usage`.
fn rollouts<V: Valuation + ?Sized, U: UsePlacer>(
    values: &V,
    config: &PlayConfig,
    settings: RolloutSettings,
    clock: &HostClock,
    usage: U,
) -> (U::Output, MctsStats) {
    let mut p =
        RolloutPlayer::new(values, config.mcts.budget, clock).with_candidates(settings.candidates);
    if let Some(l) = settings.playouts {
        p = p.with_playouts(l);
    }
    if let Some(z) = settings.guard {
        p = p.with_guard(f64::from(z) / 100.0);
    }
    if settings.control_variate {
        p = p.with_control_variate();
    }
    let out = usage.with(&mut p);
    let stats = MctsStats {
        iterations: p.rounds(),
        ..MctsStats::default()
    };
    (out, stats)
}

/// A whole game with the deal and the player's randomness from `rng` ([`play_game`]).
struct WholeGame<'a> {
    system: &'a PointSystem,
    rng: &'a mut Xoshiro256PlusPlus,
}

impl UsePlacer for WholeGame<'_> {
    type Output = Result<Grid, PlayError>;

    fn with<P: Placer>(self, player: &mut P) -> Self::Output {
        play_game(player, self.system, self.rng)
    }
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
    let game = WholeGame {
        system: &config.system,
        rng: &mut r,
    };
    let (grid, stats) = with_placer(config, tree, &clock, game)?;
    let grid = grid.with_context(|| format!("game {index}"))?;
    Ok(GameResult {
        index,
        score: grid.score(&config.system),
        classes: grid.classes(),
        stats,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Plays games `games` (indices of the run `seed`) on `threads` threads (each with its own
/// tree), handing each result to `each` in game order as soon as it and the games before it
/// are done. The first error (a game's, or `each`'s) stops the run and is returned.
pub fn play_each(
    config: &PlayConfig,
    seed: u64,
    games: std::ops::Range<u64>,
    threads: usize,
    progress: bool,
    mut each: impl FnMut(GameResult) -> Result<(), Error> + Send,
) -> Result<(), Error> {
    let indices: Vec<u64> = games.collect();
    let bar = crate::progress::Bar::new(indices.len(), progress, "games");
    let run = workers::for_each_in_order(
        &indices,
        threads,
        new_tree,
        |tree, _, &i| {
            let r = play_one(config, seed, i, tree);
            bar.inc(1);
            r
        },
        |_, r| each(r?),
    );
    bar.finish_and_clear();
    run
}
