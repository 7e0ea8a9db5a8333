//! Parameterized Poker Squares from Python: a grid's score under a point system, games played
//! by any player (the strongest, `best`, among them), and a learned table trained, as
//! `cardtree pps score`, `pps play` and `pps train` do (`std-host/src/pps/`).

use std::path::PathBuf;
use std::time::Instant;

use cardtree::poker_squares::{PriorMix, Selection, Simulation, Squash};
use cardtree_host::pps::options::{PlayOptions, PlayerKind};
use cardtree_host::pps::play::play_each;
use cardtree_host::pps::report::{Tally, play_json};
use cardtree_host::pps::score::{parse_inputs, score_json};
use cardtree_host::pps::train::{Training, train};
use pyo3::prelude::*;

use crate::errors::{bad, checked, host_error};
use crate::json::loads;
use crate::parallel::interruptible;

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
    player = "best", games = 1, seed = 1, system = "american", iterations = None,
    game_seconds = None, threads = None, candidates = 0, lookahead = 1, playout_lookahead = 0,
    guard = None, control_variate = false, values = None, selection = "prune-uct",
    simulation = "best-move", squash = "none", cp = cardtree::poker_squares::PAPER_CP,
    weights = "tuned", prior_mix = "sum", delta = cardtree_host::pps::options::DEFAULT_DELTA,
    *, first = 0
))]
fn pps_play<'py>(
    py: Python<'py>,
    player: &str,
    games: u64,
    seed: u64,
    system: &str,
    iterations: Option<u32>,
    game_seconds: Option<f64>,
    threads: Option<usize>,
    candidates: usize,
    lookahead: u8,
    playout_lookahead: u8,
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
    first: u64,
) -> PyResult<Bound<'py, PyAny>> {
    use cardtree_host::limits;
    checked("games", limits::games(&games.to_string()))?;
    let Some(end) = first.checked_add(games) else {
        return Err(bad(
            "first",
            format!(
                "{first} with games {games}: the last game's index is past {}",
                u64::MAX
            ),
        ));
    };
    if let Some(n) = iterations {
        checked("iterations", limits::playouts(&n.to_string()))?;
    }
    if let Some(t) = game_seconds {
        checked("game_seconds", limits::seconds(&t.to_string()))?;
    }
    if let Some(z) = guard {
        checked("guard", limits::non_negative(&z.to_string()))?;
    }
    if !(1..=2).contains(&lookahead) {
        return Err(bad("lookahead", "1 or 2 cards"));
    }
    if playout_lookahead > 2 {
        return Err(bad("playout_lookahead", "0, 1 or 2 cards"));
    }
    let options = PlayOptions {
        system: system.to_string(),
        player: player.parse::<PlayerKind>().map_err(|e| bad("player", e))?,
        selection: selection
            .parse::<Selection>()
            .map_err(|e| bad("selection", e))?,
        simulation: simulation
            .parse::<Simulation>()
            .map_err(|e| bad("simulation", e))?,
        squash: squash.parse::<Squash>().map_err(|e| bad("squash", e))?,
        cp,
        weights: weights.to_string(),
        apriori: None,
        prior_mix: prior_mix
            .parse::<PriorMix>()
            .map_err(|e| bad("prior_mix", e))?,
        delta,
        iterations,
        game_seconds,
        candidates,
        lookahead,
        playout_lookahead,
        guard,
        control_variate,
        values,
        ..PlayOptions::default()
    };
    let threads = threads.unwrap_or(0);
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
#[pyo3(signature = (out, games = 200_000, system = "american", seed = 1, batch = 20_000, explore_ppm = 50_000, threads = None))]
fn pps_train<'py>(
    py: Python<'py>,
    out: PathBuf,
    games: u64,
    system: &str,
    seed: u64,
    batch: u64,
    explore_ppm: u32,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    for (name, n) in [("games", games), ("batch", batch)] {
        cardtree_host::limits::items(&n.to_string()).map_err(|e| bad(name, e))?;
    }
    let training = Training {
        system_text: system.to_string(),
        games,
        seed,
        batch,
        explore_ppm,
        teacher: cardtree::poker_squares::Teacher::Greedy,
        threads: threads.unwrap_or(0),
        progress: false,
    };
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
