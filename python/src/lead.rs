//! The opening-lead advisor from Python: the layouts of the unseen hands that fit what the
//! auction told, and every lead valued on them, as `cardtree bridge lead` does
//! (`std-host/src/bridge/advisor.rs`).

use cardtree_host::bridge::advisor;
use cardtree_host::bridge::lead::evaluate_until;
use cardtree_host::bridge::lead_spec::LeadSpec;
use cardtree_host::bridge::solve::DEFAULT_TABLE_MIB;
use pyo3::prelude::*;

use crate::bridge::PyDeal;
use crate::errors::host_error;
use crate::parallel::interruptible;

/// Values every opening lead from `hand` against `contract` by `declarer`, on layouts of the
/// unseen hands that fit `constraints` ("S: 15-17 hcp, 2-4 S; N: 8-15 hcp"): the exact solver
/// or McKay's UCT on each of `samples` layouts, or one ISMCTS search (`method`). Returns what
/// `cardtree bridge lead --json` prints, as a dict: `best` (the card `objective` chooses),
/// `cards` (each card's mean `tricks`, `set` chance and their standard errors; with the solver
/// and `objective = "set"`, only whether each card beats the contract is found, one
/// zero-window test a card, so `tricks` is `None`), `samples`, `tries`, `method`, `work`,
/// `memory_bytes`, `ms`. Layout `i` is drawn from stream
/// (`seed`, `i`), so the result does not depend on `threads`. The GIL is released; Ctrl-C
/// stops the layouts (an `ismcts` search runs to its end).
#[pyfunction]
#[pyo3(signature = (
    hand, contract, declarer = "S", constraints = "", samples = 100, method = "solver",
    playouts = None, c = 16.0, p = 1.0, seed = 1, objective = "set", max_tries = 1_000_000,
    threads = None, table_mib = DEFAULT_TABLE_MIB
))]
fn lead<'py>(
    py: Python<'py>,
    hand: &str,
    contract: &str,
    declarer: &str,
    constraints: &str,
    samples: u32,
    method: &str,
    playouts: Option<u32>,
    c: f64,
    p: f64,
    seed: u64,
    objective: &str,
    max_tries: u32,
    threads: Option<usize>,
    table_mib: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let o = LeadSpec {
        hand: hand.into(),
        contract: contract.into(),
        declarer: declarer.into(),
        constraints: constraints.into(),
        samples,
        method: method.into(),
        playouts,
        c,
        p,
        seed,
        objective: objective.into(),
        max_tries,
        threads,
        table_mib,
    }
    .options()
    .map_err(|e| host_error(&e))?;
    let (problem, run) = advisor::prepare(&o).map_err(|e| host_error(&e))?;
    let e = interruptible(py, |stop| evaluate_until(&problem, &run, stop))?;
    let json = advisor::to_json(&e, &run.method, o.objective).map_err(|e| host_error(&e))?;
    crate::json::loads(py, &json)
}

/// The first `count` layouts the advisor would value for the same arguments: whole deals with
/// the leader's hand and the unseen cards dealt to fit `constraints`, layout `i` from stream
/// (`seed`, `i`).
#[pyfunction]
#[pyo3(signature = (
    hand, contract, declarer = "S", constraints = "", count = 100, seed = 1,
    max_tries = 1_000_000
))]
fn layouts(
    py: Python<'_>,
    hand: &str,
    contract: &str,
    declarer: &str,
    constraints: &str,
    count: u32,
    seed: u64,
    max_tries: u32,
) -> PyResult<Vec<PyDeal>> {
    let o = LeadSpec {
        hand: hand.into(),
        contract: contract.into(),
        declarer: declarer.into(),
        constraints: constraints.into(),
        samples: count,
        seed,
        max_tries,
        table_mib: 1,
        ..LeadSpec::default()
    }
    .options()
    .map_err(|e| host_error(&e))?;
    let (problem, _) = advisor::prepare(&o).map_err(|e| host_error(&e))?;
    py.detach(|| {
        (0..u64::from(count))
            .map(|i| {
                problem
                    .layouts()
                    .sample(seed, i, max_tries)
                    .map(|(drawn, _)| PyDeal { deal: drawn.deal })
                    .map_err(|e| format!("layout {i}: {e}"))
            })
            .collect::<Result<Vec<_>, String>>()
    })
    .map_err(crate::errors::value_error)
}

/// Adds the advisor's functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(lead, m)?)?;
    m.add_function(wrap_pyfunction!(layouts, m)?)?;
    Ok(())
}
