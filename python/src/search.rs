//! The MCTS kernel from Python: UCT (`core/src/search/uct.rs`) on cardtree's games, tic-tac-toe,
//! the dice duel and bridge positions, with every setting of its configuration, returning the
//! root's statistics.

use cardtree::bridge::BridgePlay;
use cardtree::search::{
    Backup, Expansion, Exploration, FinalMove, RandomPolicy, UctConfig, UctResult, uct,
};
use cardtree::{Blank, DiceDuel, Game, Power, TicTacToe, rng};
use cardtree_host::heap_tree::heap_tree;
use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::bridge::{PyDeal, seat, strain};
use crate::errors::{bad, value_error};

/// Nodes of the search tree unless told (16 bytes each for one-byte moves).
const NODES: usize = 1 << 20;

/// The configuration from the arguments: McKay's search (`mckay`) or standard UCT, then each
/// setting given.
fn config(
    iterations: u32,
    c: Option<f64>,
    p: f64,
    mckay: bool,
    backup: Option<&str>,
    expansion: Option<&str>,
    final_move: Option<&str>,
    normalize: Option<bool>,
) -> PyResult<UctConfig> {
    cardtree_host::limits::playouts(&iterations.to_string()).map_err(|e| bad("iterations", e))?;
    let power = Power::new(p).map_err(|e| bad("p", e))?;
    let mut config = if mckay {
        let e = Exploration::mckay(c.unwrap_or(16.0))
            .ok_or_else(|| bad("c", "McKay's constant is a finite number at least 0"))?;
        UctConfig::mckay(e, power, iterations)
    } else {
        let mut config = UctConfig {
            iterations,
            backup: Backup::Power(power),
            ..UctConfig::new()
        };
        if let Some(c) = c {
            config.exploration = Exploration::new(c).ok_or_else(|| {
                bad(
                    "c",
                    "the exploration constant is a finite number at least 0",
                )
            })?;
        }
        config
    };
    // p = 1 is the plain mean, bit for bit (as the McKay experiment states it).
    if p == 1.0 {
        config.backup = Backup::Mean;
    }
    match backup {
        None | Some("mean" | "power") => {}
        Some("returns") => config.backup = Backup::Returns,
        Some(other) => {
            return Err(bad(
                "backup",
                format!("{other:?} is not mean, power or returns"),
            ));
        }
    }
    match expansion {
        None => {}
        Some("one-node") => config.expansion = Expansion::OneNode,
        Some("all-children") => config.expansion = Expansion::AllChildren,
        Some("one-decision") => config.expansion = Expansion::OneDecision,
        Some(other) => {
            return Err(bad(
                "expansion",
                format!("{other:?} is not one-node, all-children or one-decision"),
            ));
        }
    }
    if let Some(f) = final_move {
        config.final_move = f.parse::<FinalMove>().map_err(|e| bad("final_move", e))?;
    }
    if let Some(n) = normalize {
        config.normalize = n;
    }
    Ok(config)
}

/// Runs the search on `game` and turns its result into a dict, each move by `show`.
fn run<'py, G>(
    py: Python<'py>,
    game: &G,
    config: &UctConfig,
    seed: u64,
    stream: u64,
    nodes: usize,
    show: impl Fn(Python<'py>, &G::Move) -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>>
where
    G: Game + Sync,
    G::Move: Blank + Send,
{
    if !(1..=1 << 26).contains(&nodes) {
        return Err(bad("nodes", "from 1 to 67,108,864"));
    }
    let result: UctResult<G::Move> = py
        .detach(|| {
            let mut tree = heap_tree::<G::Move>(nodes);
            uct(
                &mut tree,
                game,
                config,
                &mut RandomPolicy,
                &mut rng::stream(seed, stream),
            )
        })
        .map_err(value_error)?;
    let d = PyDict::new(py);
    d.set_item(
        "best",
        match &result.best {
            Some(m) => show(py, m)?,
            None => py.None().into_bound(py),
        },
    )?;
    d.set_item("side", result.side.0)?;
    d.set_item("root_value", result.root_value)?;
    let children = PyList::empty(py);
    for child in &result.children {
        let c = PyDict::new(py);
        c.set_item("move", show(py, &child.mv)?)?;
        c.set_item("value", child.value)?;
        c.set_item("visits", child.visits)?;
        children.append(c)?;
    }
    d.set_item("children", children)?;
    d.set_item("iterations", result.iterations)?;
    d.set_item("nodes", result.nodes)?;
    d.set_item("tree_full", result.tree_full)?;
    Ok(d)
}

/// UCT from a position of one of cardtree's games: `"tictactoe"` (or `"tictactoe:XO./.X./..O"`,
/// a board), `"dice"` (the duel to 9 with a three-sided die, or `"dice:LIMIT:FACES"`), or a `Deal` with `strain` and
/// `leader` (a bridge position, a full deal or an ending; moves are cards). The search is
/// standard UCT unless `mckay` (McKay & Kruskal's: `c` in his convention, all children on first
/// visit, the child of highest value); `p` is the power of the backups (1: the mean); the
/// other settings override the chosen search's. Every random number comes from stream
/// (`seed`, `stream`): the McKay experiment's item k is `stream=k`. Returns `best`, `side`
/// (the player whose values they are: 0 or 1; in bridge 0 is the side on lead), `root_value`,
/// `children` (each `move`, `value`, `visits`), `iterations`, `nodes`,
/// `tree_full`. The GIL is released while it searches.
#[pyfunction]
#[pyo3(signature = (
    game, strain = None, leader = None, iterations = 1000, c = None, p = 1.0, mckay = false,
    backup = None, expansion = None, final_move = None, normalize = None, seed = 1, stream = 0,
    nodes = NODES
))]
fn uct_search<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    strain: Option<&str>,
    leader: Option<&str>,
    iterations: u32,
    c: Option<f64>,
    p: f64,
    mckay: bool,
    backup: Option<&str>,
    expansion: Option<&str>,
    final_move: Option<&str>,
    normalize: Option<bool>,
    seed: u64,
    stream: u64,
    nodes: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let config = config(
        iterations, c, p, mckay, backup, expansion, final_move, normalize,
    )?;
    if let Ok(deal) = game.cast::<PyDeal>() {
        let (Some(strain), Some(leader)) = (strain, leader) else {
            return Err(bad("game", "a deal needs strain and leader"));
        };
        let position = BridgePlay::new(
            &deal.get().deal,
            self::strain(strain)?,
            seat(leader, "leader")?,
        )
        .map_err(|e| bad("position", e))?;
        return run(py, &position, &config, seed, stream, nodes, |py, card| {
            card.to_string().into_bound_py_any(py)
        });
    }
    let name: String = game
        .extract()
        .map_err(|_| bad("game", "\"tictactoe\", \"dice\" or a Deal"))?;
    let (kind, rest) = name.split_once(':').unwrap_or((name.as_str(), ""));
    let int = |py: Python<'py>, m: &u8| m.into_bound_py_any(py);
    match kind {
        "tictactoe" => {
            let board = if rest.is_empty() {
                TicTacToe::new()
            } else {
                rest.parse().map_err(|e| bad("game", e))?
            };
            run(py, &board, &config, seed, stream, nodes, int)
        }
        "dice" => {
            let (limit, faces) = match rest.split_once(':') {
                // The duel of the tests and benchmarks (tests/search.rs, benches/search.rs).
                None if rest.is_empty() => (9, 3),
                Some((l, f)) => (
                    l.parse::<u8>()
                        .map_err(|_| bad("game", "dice:LIMIT:FACES, LIMIT 1-200"))?,
                    f.parse::<u8>()
                        .map_err(|_| bad("game", "dice:LIMIT:FACES, FACES 1-20"))?,
                ),
                None => return Err(bad("game", "dice:LIMIT:FACES")),
            };
            let duel = DiceDuel::new(limit, faces)
                .ok_or_else(|| bad("game", "the dice duel needs 1-200 to reach and 1-20 faces"))?;
            run(py, &duel, &config, seed, stream, nodes, int)
        }
        _ => Err(bad(
            "game",
            format!("{name:?} is not tictactoe, dice or a Deal"),
        )),
    }
}

/// Adds the search to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(uct_search, m)?)?;
    Ok(())
}
