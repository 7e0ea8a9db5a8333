//! The MCTS kernel from Python: UCT (`core/src/search/uct.rs`) on cardtree's games, tic-tac-toe,
//! the dice duel and bridge positions, with every setting of its configuration, returning the
//! root's statistics. The options are the host's `UctSpec` (the ones `cardtree uct` takes):
//! read into it here, checked and decided there.

use cardtree::bridge::BridgePlay;
use cardtree_host::spec::Value;
use cardtree_host::uct_spec::{UctGame, UctMove, UctSpec, search};
use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::bridge::{PyDeal, seat, strain};
use crate::errors::{bad, value_error};
use crate::spec::{self, choice};

/// One move as Python sees it: a number, or a card's name.
fn show<'py>(py: Python<'py>, m: &UctMove) -> PyResult<Bound<'py, PyAny>> {
    match m {
        UctMove::Number(n) => n.into_bound_py_any(py),
        UctMove::Card(c) => c.to_string().into_bound_py_any(py),
    }
}

/// UCT from a position of one of cardtree's games: `"tictactoe"` (or `"tictactoe:XO./.X./..O"`,
/// a board), `"dice"` (the duel to 9 with a three-sided die, or `"dice:LIMIT:FACES"`), or a `Deal` with `strain` and
/// `leader` (a bridge position, a full deal or an ending; moves are cards). The search is
/// standard UCT unless `mckay` (McKay & Kruskal's: `c` in his convention, all children on first
/// visit, the child of highest value); `p` is the power of the backups (1: the mean) and
/// `backup` their rule (`"mean"` is the mean whatever `p`); the
/// other settings override the chosen search's. Every random number comes from stream
/// (`seed`, `stream`): the McKay experiment's item k is `stream=k`. Returns `best`, `side`
/// (the player whose values they are: 0 or 1; in bridge 0 is the side on lead), `root_value`,
/// `children` (each `move`, `value`, `visits`), `iterations`, `nodes`,
/// `tree_full`. The options and their limits are `cardtree uct`'s (`_specs()` lists them).
/// The GIL is released while it searches.
#[pyfunction]
#[pyo3(signature = (
    game, strain = None, leader = None, iterations = 1000, c = None, p = 1.0, mckay = false,
    backup = "power", expansion = None, final_move = None, normalize = None, seed = 1, stream = 0,
    nodes = 1048576
))]
fn uct_search<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    strain: Option<&str>,
    leader: Option<&str>,
    iterations: i128,
    c: Option<f64>,
    p: f64,
    mckay: bool,
    backup: &str,
    expansion: Option<&str>,
    final_move: Option<&str>,
    normalize: Option<bool>,
    seed: i128,
    stream: i128,
    nodes: i128,
) -> PyResult<Bound<'py, PyDict>> {
    let whole = spec::whole::<UctSpec>;
    let spec: UctSpec = spec::read(vec![
        ("iterations", Some(whole("iterations", iterations)?)),
        ("c", c.map(Value::Real)),
        ("p", Some(Value::Real(p))),
        ("mckay", Some(Value::Flag(mckay))),
        ("backup", choice(Some(backup))),
        ("expansion", choice(expansion)),
        ("final_move", choice(final_move)),
        ("normalize", normalize.map(Value::Flag)),
        ("seed", Some(whole("seed", seed)?)),
        ("stream", Some(whole("stream", stream)?)),
        ("nodes", Some(whole("nodes", nodes)?)),
    ])?;
    let position = if let Ok(deal) = game.cast::<PyDeal>() {
        let (Some(strain), Some(leader)) = (strain, leader) else {
            return Err(bad("game", "a deal needs strain and leader"));
        };
        UctGame::Bridge(
            BridgePlay::new(
                &deal.get().deal,
                self::strain(strain)?,
                seat(leader, "leader")?,
            )
            .map_err(|e| bad("position", e))?,
        )
    } else {
        let name: String = game
            .extract()
            .map_err(|_| bad("game", "\"tictactoe\", \"dice\" or a Deal"))?;
        UctGame::parse(&name).map_err(|e| bad("game", e))?
    };
    let result = py
        .detach(|| search(&position, &spec))
        .map_err(value_error)?;
    let d = PyDict::new(py);
    d.set_item(
        "best",
        match &result.best {
            Some(m) => show(py, m)?,
            None => py.None().into_bound(py),
        },
    )?;
    d.set_item("side", result.side)?;
    d.set_item("root_value", result.root_value)?;
    let children = PyList::empty(py);
    for (m, value, visits) in &result.children {
        let c = PyDict::new(py);
        c.set_item("move", show(py, m)?)?;
        c.set_item("value", value)?;
        c.set_item("visits", visits)?;
        children.append(c)?;
    }
    d.set_item("children", children)?;
    d.set_item("iterations", result.iterations)?;
    d.set_item("nodes", result.nodes)?;
    d.set_item("tree_full", result.tree_full)?;
    Ok(d)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(uct_search, m)?)?;
    Ok(())
}
