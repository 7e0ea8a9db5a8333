//! UCT from a position of one of cardtree's games, as every door offers it (`cardtree uct`,
//! Python's `uct_search`): [`UctSpec`], the search's options once, and [`search`], which runs
//! it on a [`UctGame`] and reports the root in plain data.

use cardtree::bridge::BridgePlay;
use cardtree::search::{
    Backup, BackupRule, Expansion, Exploration, FinalMove, RandomPolicy, UctConfig, uct,
};
use cardtree::{Blank, Card, DiceDuel, Game, Power, TicTacToe, rng};

use crate::heap_tree::heap_tree;
use crate::limits::MOST_ITERATIONS;
use crate::spec::{Fallback, Given, OptSpec, Spec, SpecError, had};

/// McKay's exploration constant unless told (McKay & Kruskal's experiments sweep 0 to 50;
/// 16 is among their best for 5000 playouts).
pub const MCKAY_C: f64 = 16.0;

/// The most nodes a search tree may have: 2^26 (a GiB at 16 bytes a node).
pub const MOST_NODES: u64 = 1 << 26;

/// UCT's options: standard UCT unless `mckay`, the other settings overriding the chosen
/// search's; every random number from stream (`seed`, `stream`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UctSpec {
    /// The search's configuration.
    pub config: UctConfig,
    /// The seed of the random numbers.
    pub seed: u64,
    /// The stream of that seed (the McKay experiment's item `k` is stream `k`).
    pub stream: u64,
    /// Nodes of the search tree.
    pub nodes: usize,
}

const ITERATIONS: OptSpec = OptSpec::whole(
    "iterations",
    "The iterations (playouts) of the search",
    1,
    MOST_ITERATIONS as u64,
    Fallback::Whole(1000),
);
const C: OptSpec = OptSpec::real(
    "c",
    "The exploration constant, at least 0: UCB1's sqrt(2) unless told, or with mckay his c (default 16, under a square root)",
    0.0,
    f64::MAX,
    Fallback::Decided,
);
const P: OptSpec = OptSpec::real(
    "p",
    "The power of the backups, a finite number at least 1 (1: the mean; the larger, the nearer max and min)",
    1.0,
    f64::MAX,
    Fallback::Real(1.0),
);
const MCKAY: OptSpec = OptSpec::flag(
    "mckay",
    "McKay & Kruskal's search: c in his convention, power-mean backups, all children on a node's first visit, the child of highest value",
    Fallback::Flag(false),
);
const BACKUP: OptSpec = OptSpec::choice(
    "backup",
    "The backup: mean (the power is not used), power (McKay's average with p) or returns",
    &BackupRule::NAMES,
    Fallback::Choice("power"),
);
const EXPANSION: OptSpec = OptSpec::choice(
    "expansion",
    "How the tree grows: one-node, all-children or one-decision; unless told, the chosen search's (one-node; all-children with mckay)",
    &Expansion::NAMES,
    Fallback::Decided,
);
const FINAL_MOVE: OptSpec = OptSpec::choice(
    "final_move",
    "The move returned: value, visits or robust; unless told, the chosen search's (visits; value with mckay)",
    &FinalMove::NAMES,
    Fallback::Decided,
);
const NORMALIZE: OptSpec = OptSpec::flag(
    "normalize",
    "Whether values are rescaled to [0, 1] for selection; unless told, the chosen search's (true; false with mckay)",
    Fallback::Decided,
);
const SEED: OptSpec = OptSpec::whole(
    "seed",
    "The seed of every random number",
    0,
    u64::MAX,
    Fallback::Whole(1),
);
const STREAM: OptSpec = OptSpec::whole(
    "stream",
    "The stream of the seed (the McKay experiment's item k is stream k)",
    0,
    u64::MAX,
    Fallback::Whole(0),
);
const NODES: OptSpec = OptSpec::whole(
    "nodes",
    "Nodes of the search tree (16 bytes each for one-byte moves); a full tree is reported",
    1,
    MOST_NODES,
    Fallback::Whole(1 << 20),
);

impl Spec for UctSpec {
    const COMMAND: &'static str = "uct";
    const OPTIONS: &'static [OptSpec] = &[
        ITERATIONS, C, P, MCKAY, BACKUP, EXPANSION, FINAL_MOVE, NORMALIZE, SEED, STREAM, NODES,
    ];

    fn from_given(g: &Given) -> Result<UctSpec, SpecError> {
        let iterations = had(&ITERATIONS, g.whole(&ITERATIONS))? as u32;
        let power = Power::new(had(&P, g.real(&P))?).map_err(|e| SpecError::new(P.name, e))?;
        let c = g.real(&C);
        let mut config = if g.flag(&MCKAY) == Some(true) {
            let e = Exploration::mckay(c.unwrap_or(MCKAY_C))
                .ok_or_else(|| SpecError::new(C.name, "McKay's c is a finite number at least 0"))?;
            UctConfig::mckay(e, power, iterations)
        } else {
            let mut config = UctConfig {
                iterations,
                ..UctConfig::new()
            };
            if let Some(c) = c {
                config.exploration = Exploration::new(c).ok_or_else(|| {
                    SpecError::new(C.name, "the constant is a finite number at least 0")
                })?;
            }
            config
        };
        let rule = had(&BACKUP, g.choice::<BackupRule>(&BACKUP)?)?;
        config.backup = Backup::of(rule, power);
        if let Some(e) = g.choice::<Expansion>(&EXPANSION)? {
            config.expansion = e;
        }
        if let Some(f) = g.choice::<FinalMove>(&FINAL_MOVE)? {
            config.final_move = f;
        }
        if let Some(n) = g.flag(&NORMALIZE) {
            config.normalize = n;
        }
        Ok(UctSpec {
            config,
            seed: had(&SEED, g.whole(&SEED))?,
            stream: had(&STREAM, g.whole(&STREAM))?,
            nodes: had(&NODES, g.whole(&NODES))? as usize,
        })
    }
}

/// A position UCT can search: one of cardtree's games.
#[derive(Clone, Copy, Debug)]
pub enum UctGame {
    /// Tic-tac-toe; moves are cells 0-8.
    TicTacToe(TicTacToe),
    /// The dice duel; moves are how many to roll or to stop.
    Dice(DiceDuel),
    /// A bridge position; moves are cards.
    Bridge(BridgePlay),
}

impl UctGame {
    /// `tictactoe` (or `tictactoe:XO./.X./..O`, a board) or `dice` (the duel to 9 with a
    /// three-sided die of the tests and benchmarks, or `dice:LIMIT:FACES`).
    pub fn parse(text: &str) -> Result<UctGame, String> {
        let (kind, rest) = text.split_once(':').unwrap_or((text, ""));
        match kind {
            "tictactoe" if rest.is_empty() => Ok(UctGame::TicTacToe(TicTacToe::new())),
            "tictactoe" => rest
                .parse()
                .map(UctGame::TicTacToe)
                .map_err(|e| format!("{e}")),
            "dice" => {
                let (limit, faces) = match rest.split_once(':') {
                    None if rest.is_empty() => (9, 3),
                    Some((l, f)) => (
                        l.parse::<u8>()
                            .map_err(|_| format!("dice:LIMIT:FACES: {l:?} is not 1-200"))?,
                        f.parse::<u8>()
                            .map_err(|_| format!("dice:LIMIT:FACES: {f:?} is not 1-20"))?,
                    ),
                    None => return Err("dice:LIMIT:FACES".to_string()),
                };
                DiceDuel::new(limit, faces)
                    .map(UctGame::Dice)
                    .ok_or_else(|| "the dice duel needs 1-200 to reach and 1-20 faces".to_string())
            }
            _ => Err(format!(
                "{text:?} is not tictactoe, tictactoe:BOARD, dice or dice:LIMIT:FACES"
            )),
        }
    }
}

/// A move of a [`UctGame`]: a number (tic-tac-toe's cell, the dice duel's choice) or a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UctMove {
    /// A move numbered by its game.
    Number(u8),
    /// A card.
    Card(Card),
}

impl std::fmt::Display for UctMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            UctMove::Number(n) => write!(f, "{n}"),
            UctMove::Card(c) => write!(f, "{c}"),
        }
    }
}

/// What a search found at the root.
#[derive(Clone, Debug, PartialEq)]
pub struct UctReport {
    /// The move chosen.
    pub best: Option<UctMove>,
    /// The side whose values these are (0 or 1; in bridge 0 is the side on lead).
    pub side: u8,
    /// The root's value.
    pub root_value: f64,
    /// Each root move: the move, its value and its visits.
    pub children: Vec<(UctMove, f64, u32)>,
    /// Iterations run.
    pub iterations: u32,
    /// Nodes in the tree after the search.
    pub nodes: usize,
    /// Iterations that found the tree full and simulated from its deepest node instead.
    pub tree_full: u32,
}

fn run<G>(
    game: &G,
    spec: &UctSpec,
    show: impl Fn(G::Move) -> UctMove,
) -> Result<UctReport, cardtree::search::SearchError>
where
    G: Game,
    G::Move: Blank,
{
    let mut tree = heap_tree::<G::Move>(spec.nodes);
    let r = uct(
        &mut tree,
        game,
        &spec.config,
        &mut RandomPolicy,
        &mut rng::stream(spec.seed, spec.stream),
    )?;
    Ok(UctReport {
        best: r.best.map(&show),
        side: r.side.0,
        root_value: r.root_value,
        children: r
            .children
            .iter()
            .map(|c| (show(c.mv), c.value, c.visits))
            .collect(),
        iterations: r.iterations,
        nodes: r.nodes,
        tree_full: r.tree_full,
    })
}

/// UCT on `game` as `spec` says.
pub fn search(game: &UctGame, spec: &UctSpec) -> Result<UctReport, cardtree::search::SearchError> {
    match game {
        UctGame::TicTacToe(g) => run(g, spec, UctMove::Number),
        UctGame::Dice(g) => run(g, spec, UctMove::Number),
        UctGame::Bridge(g) => run(g, spec, UctMove::Card),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Value;

    #[test]
    fn a_mean_backup_is_the_mean_whatever_the_power() {
        let mut g = Given::new();
        g.set(UctSpec::OPTIONS, "p", Value::Real(4.0)).unwrap();
        let power = UctSpec::from_given(&g).unwrap();
        assert!(matches!(power.config.backup, Backup::Power(_)));
        g.set(UctSpec::OPTIONS, "backup", Value::Choice("mean".into()))
            .unwrap();
        let mean = UctSpec::from_given(&g).unwrap();
        assert_eq!(mean.config.backup, Backup::Mean);
        let game = UctGame::parse("dice").unwrap();
        let (a, b) = (
            search(&game, &power).unwrap(),
            search(&game, &mean).unwrap(),
        );
        assert_ne!(a.root_value, b.root_value, "the backup changes the values");
    }

    #[test]
    fn the_fallbacks_are_the_cores_defaults() {
        let s = UctSpec::from_given(&Given::new()).unwrap();
        assert_eq!(s.config, UctConfig::new());
        let mut g = Given::new();
        g.set(UctSpec::OPTIONS, "mckay", Value::Flag(true)).unwrap();
        let m = UctSpec::from_given(&g).unwrap();
        assert_eq!(
            m.config,
            UctConfig {
                backup: Backup::Mean,
                ..UctConfig::mckay(Exploration::mckay(MCKAY_C).unwrap(), Power::MEAN, 1000)
            }
        );
    }
}
