//! The opening-lead advisor from Python: the layouts of the unseen hands that fit what the
//! auction told, and every lead valued on them, as `cardtree bridge lead` does
//! (`std-host/src/bridge/advisor.rs`).

use cardtree_host::bridge::advisor;
use cardtree_host::bridge::lead::evaluate_until;
use cardtree_host::bridge::lead_spec::LeadSpec;
use cardtree_host::spec::Value;
use pyo3::prelude::*;

use crate::bridge::PyDeal;
use crate::errors::{bad, host_error};
use crate::parallel::interruptible;
use crate::spec::{self, choice, text};

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
    hand, contract, seat = None, declarer = "S", constraints = "", samples = 100,
    method = "solver", playouts = None, c = 16.0, p = 1.0, seed = 1, objective = "set",
    max_tries = 1_000_000, threads = 0, table_mib = 64
))]
fn lead<'py>(
    py: Python<'py>,
    hand: &str,
    contract: &str,
    seat: Option<&str>,
    declarer: &str,
    constraints: &str,
    samples: i128,
    method: &str,
    playouts: Option<i128>,
    c: f64,
    p: f64,
    seed: i128,
    objective: &str,
    max_tries: i128,
    threads: i128,
    table_mib: i128,
) -> PyResult<Bound<'py, PyAny>> {
    let whole = spec::whole::<LeadSpec>;
    let o: LeadSpec = spec::read(vec![
        ("hand", text(Some(hand))),
        ("seat", text(seat)),
        ("contract", text(Some(contract))),
        ("declarer", text(Some(declarer))),
        ("constraints", text(Some(constraints))),
        ("samples", Some(whole("samples", samples)?)),
        ("method", choice(Some(method))),
        (
            "playouts",
            playouts.map(|n| whole("playouts", n)).transpose()?,
        ),
        ("c", Some(Value::Real(c))),
        ("p", Some(Value::Real(p))),
        ("seed", Some(whole("seed", seed)?)),
        ("objective", choice(Some(objective))),
        ("max_tries", Some(whole("max_tries", max_tries)?)),
        ("threads", Some(whole("threads", threads)?)),
        ("table_mib", Some(whole("table_mib", table_mib)?)),
    ])?;
    let (problem, run) = advisor::prepare(&o, false).map_err(|e| host_error(&e))?;
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
    count: i128,
    seed: i128,
    max_tries: i128,
) -> PyResult<Vec<PyDeal>> {
    let whole = spec::whole::<LeadSpec>;
    // The advisor's options: `count` is its `samples`, and is named so when refused.
    let count_value = u64::try_from(count)
        .map(Value::Whole)
        .map_err(|_| bad("count", format!("{count} is not from 1 to {}", u32::MAX)))?;
    let o: LeadSpec = spec::read_named(
        vec![
            ("hand", text(Some(hand))),
            ("contract", text(Some(contract))),
            ("declarer", text(Some(declarer))),
            ("constraints", text(Some(constraints))),
            ("samples", Some(count_value)),
            ("seed", Some(whole("seed", seed)?)),
            ("max_tries", Some(whole("max_tries", max_tries)?)),
        ],
        &[("samples", "count")],
    )?;
    let (problem, _) = advisor::prepare(&o, false).map_err(|e| host_error(&e))?;
    let (count, seed, max_tries) = (o.samples, o.seed, o.max_tries);
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
