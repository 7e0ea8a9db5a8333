//! Parameterized Poker Squares from Python: a grid's score under a point system, games played
//! by any player (the strongest, `best`, among them), and a learned table trained, as
//! `cardtree pps score`, `pps play` and `pps train` do (`std-host/src/pps/`).

use std::path::PathBuf;
use std::time::Instant;

use cardtree_host::pps::play::play_each;
use cardtree_host::pps::play_spec::PlaySpec;
use cardtree_host::pps::report::{Tally, play_json};
use cardtree_host::pps::score::{parse_inputs, score_json};
use cardtree_host::pps::train::train;
use cardtree_host::pps::train_spec::TrainSpec;
use cardtree_host::spec::Value;
use pyo3::prelude::*;

use crate::errors::host_error;
use crate::json::loads;
use crate::parallel::interruptible;
use crate::spec::{self, choice, text};

/// The score of `grid` (25 cells row by row, cards like `"AS"` or `"TD"`, `"--"` for an empty
/// cell) under `system` (`"american"`, `"british"`, `"random:42"`, ... or ten integers by class
/// id): `{"hands": [ten class ids, rows 0-4 then columns 0-4], "score": total}`, as `cardtree pps
/// score --json` prints it.
#[pyfunction]
#[pyo3(signature = (grid, system = "american"))]
fn pps_score<'py>(py: Python<'py>, grid: &str, system: &str) -> PyResult<Bound<'py, PyAny>> {
    let (grid, system) = parse_inputs(grid, system).map_err(|e| host_error(&e))?;
    loads(py, &score_json(&grid, &system))
}

/// Plays games `first .. first + games` of the run `seed` with `player` (`"best"`, `"mcts"`,
/// `"flat"`, `"greedy"`, `"rules"`, `"random"`, `"learned"`, `"expectimax"`, `"rollout"`) under
/// `system`, on `threads` threads (default one per core): game `i` deals from stream (`seed`,
/// `i`), so every player gets the same cards. Returns what `cardtree pps play --json` prints:
/// `mean`, `sd`, `ci95`, `first`, `games`, `scores` (each game's, from game `first`),
/// `iterations`, `wall_seconds`, `player`, `system`. The other arguments are `pps play`'s flags
/// of the same names, with its defaults (`first` by keyword only). The GIL is released while
/// the games are played.
#[pyfunction]
#[pyo3(signature = (
    player = "mcts", games = 100, seed = 1, system = "american", iterations = None,
    game_seconds = None, threads = 0, candidates = 0, lookahead = 1, playout_lookahead = 0,
    guard = None, control_variate = false, values = None, selection = "prune-uct",
    simulation = "best-move", squash = "none", cp = 141.4213562373095,
    weights = "tuned", prior_mix = "sum", delta = 1.3,
    apriori = None, symmetry = true, simple_rules = true, net = None, *, first = 0
))]
fn pps_play<'py>(
    py: Python<'py>,
    player: &str,
    games: i128,
    seed: i128,
    system: &str,
    iterations: Option<i128>,
    game_seconds: Option<f64>,
    threads: i128,
    candidates: i128,
    lookahead: i128,
    playout_lookahead: i128,
    guard: Option<f64>,
    control_variate: bool,
    values: Option<PathBuf>,
    selection: &str,
    simulation: &str,
    squash: &str,
    cp: f64,
    weights: &str,
    prior_mix: &str,
    delta: f64,
    apriori: Option<&str>,
    symmetry: bool,
    simple_rules: bool,
    net: Option<PathBuf>,
    first: i128,
) -> PyResult<Bound<'py, PyAny>> {
    let whole = spec::whole::<PlaySpec>;
    let path = |p: Option<PathBuf>| p.map(|p| Value::Text(p.to_string_lossy().into_owned()));
    let o: PlaySpec = spec::read(vec![
        ("player", choice(Some(player))),
        ("games", Some(whole("games", games)?)),
        ("seed", Some(whole("seed", seed)?)),
        ("system", text(Some(system))),
        (
            "iterations",
            iterations.map(|n| whole("iterations", n)).transpose()?,
        ),
        ("game_seconds", game_seconds.map(Value::Real)),
        ("threads", Some(whole("threads", threads)?)),
        ("candidates", Some(whole("candidates", candidates)?)),
        ("lookahead", Some(whole("lookahead", lookahead)?)),
        (
            "playout_lookahead",
            Some(whole("playout_lookahead", playout_lookahead)?),
        ),
        ("guard", guard.map(Value::Real)),
        ("control_variate", Some(Value::Flag(control_variate))),
        ("values", path(values)),
        ("selection", choice(Some(selection))),
        ("simulation", choice(Some(simulation))),
        ("squash", choice(Some(squash))),
        ("cp", Some(Value::Real(cp))),
        ("weights", text(Some(weights))),
        ("prior_mix", choice(Some(prior_mix))),
        ("delta", Some(Value::Real(delta))),
        ("apriori", text(apriori)),
        ("symmetry", Some(Value::Flag(symmetry))),
        ("simple_rules", Some(Value::Flag(simple_rules))),
        ("net", path(net)),
        ("first", Some(whole("first", first)?)),
    ])?;
    let PlaySpec {
        options,
        games,
        first,
        seed,
        threads,
    } = o;
    let end = first + games;
    // Ctrl-C stops the games after those under way.
    let json = interruptible(py, |stop| {
        let config = options.resolve(threads)?;
        let start = Instant::now();
        let mut tally = Tally::default();
        play_each(&config, seed, first..end, threads, false, |r| {
            stop.check()?;
            tally.add(&r);
            Ok(())
        })?;
        let wall = start.elapsed().as_secs_f64();
        cardtree_host::json::sorted_line(&play_json(&config, first, &tally, wall))
    })?;
    loads(py, &json)
}

/// Learns the values of abstract hands for `system` by `games` self-played games in batches of
/// `batch` (`explore_ppm` millionths of placements at random) into the table file `out`, as
/// `cardtree pps train` does: the file is rewritten whole after every batch, and a run given
/// the same file resumes it. Returns what the table holds: `{"games", "played", "states_seen",
/// "last_batch_mean"}`. The GIL is released.
#[pyfunction]
#[pyo3(signature = (
    out, games = 200_000, system = "american", seed = 1, batch = 20_000, explore_ppm = 50_000,
    threads = 0, teacher = "greedy"
))]
fn pps_train<'py>(
    py: Python<'py>,
    out: PathBuf,
    games: i128,
    system: &str,
    seed: i128,
    batch: i128,
    explore_ppm: i128,
    threads: i128,
    teacher: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let whole = spec::whole::<TrainSpec>;
    let training = spec::read::<TrainSpec>(vec![
        ("games", Some(whole("games", games)?)),
        ("system", text(Some(system))),
        ("seed", Some(whole("seed", seed)?)),
        ("batch", Some(whole("batch", batch)?)),
        ("explore_ppm", Some(whole("explore_ppm", explore_ppm)?)),
        ("threads", Some(whole("threads", threads)?)),
        ("teacher", choice(Some(teacher))),
    ])?
    .training;
    let done = py
        .detach(|| {
            cardtree_host::output::check_writable(&out)?;
            train(&training, &out)
        })
        .map_err(|e| host_error(&e))?;
    let d = pyo3::types::PyDict::new(py);
    d.set_item("games", done.games)?;
    d.set_item("played", done.played)?;
    d.set_item("states_seen", done.states_seen)?;
    d.set_item("last_batch_mean", done.last_batch_mean)?;
    Ok(d.into_any())
}

/// Adds the Poker Squares functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(pps_score, m)?)?;
    m.add_function(wrap_pyfunction!(pps_play, m)?)?;
    m.add_function(wrap_pyfunction!(pps_train, m)?)?;
    Ok(())
}
