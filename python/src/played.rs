//! Hands as played from Python: the LIN and PBN readers and the analyser of
//! `cardtree bridge analyse` (`std-host/src/bridge/analyse.rs`), boards as plain dicts (the
//! host's `played_json`), the report as `--json` gives it.

use cardtree_host::bridge::analyse::{AnalyseOptions, Format, analyse_boards, analyse_text};
use cardtree_host::bridge::analyse_report::report_value;
use cardtree_host::bridge::played_json::{boards_from_text, boards_text};
use cardtree_host::bridge::single_dummy::SingleDummyOptions;
use pyo3::prelude::*;

use crate::errors::{bad, checked};
use crate::parallel::interruptible;

/// The boards of a BBO LIN text (one hand, a vugraph file with both rooms, or a hand viewer's
/// address), each a dict: `board`, `room`, `deal` (PBN from North), `dealer`, `vulnerable`,
/// `players`, `auction` (the calls, or `None`), `alerts`, `contract`, `declarer`, `play` (the
/// cards in order), `claim`, `result`, `commentary`. A board that cannot be read is
/// `{"board", "token", "error"}` in its place; the others are read all the same.
#[pyfunction]
fn read_lin<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    crate::json::loads(py, &boards_text(&cardtree_host::bridge::lin::read(text)))
}

/// The boards of a PBN text with play sections, as [`read_lin`] gives them.
#[pyfunction]
fn read_pbn_play<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    crate::json::loads(
        py,
        &boards_text(&cardtree_host::bridge::pbn_play::read(text)),
    )
}

/// Judges hands as played, as `cardtree bridge analyse --json` does: `source` is a LIN text
/// (`format = "lin"`), a PBN text (`"pbn"`), or a list of boards as `read_lin` gives them.
/// Every card double dummy (the trace, each card's cost and the cards that kept the value,
/// the claim); with `single_dummy`, each card also valued over `samples` layouts of what its
/// player could not see (layout `i` of card `k` from the seed and `(k, i)`: the result does
/// not depend on `threads`), each seat's whole hand within `constraints`
/// (`"S: 15-17 hcp; N: 8+ hcp"`). Returns `{"boards": [...], "broken": [...], "summary":
/// {...}}`. The GIL is released; Ctrl-C stops between boards and cards.
#[pyfunction]
#[pyo3(signature = (
    source, format = "lin", single_dummy = false, samples = 100, seed = 1, constraints = "",
    threads = 0, table_mib = 64
))]
fn analyse_play<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    format: &str,
    single_dummy: bool,
    samples: u32,
    seed: u64,
    constraints: &str,
    threads: i128,
    table_mib: i128,
) -> PyResult<Bound<'py, PyAny>> {
    let format = match format {
        "lin" => Format::Lin,
        "pbn" => Format::Pbn,
        other => {
            return Err(bad(
                "format",
                format!("{other:?} is not \"lin\" or \"pbn\""),
            ));
        }
    };
    let samples = checked(
        "samples",
        cardtree_host::limits::samples(&samples.to_string()),
    )?;
    let (threads, table_mib) = crate::bridge::solver_options(threads, table_mib)?;
    let constraints = constraints.parse().map_err(|e| bad("constraints", e))?;
    let options = AnalyseOptions {
        threads,
        table_mib,
        single: single_dummy.then_some(SingleDummyOptions {
            samples,
            seed,
            constraints,
        }),
        quiet: true,
        ..AnalyseOptions::default()
    };
    let value = if let Ok(text) = source.extract::<String>() {
        interruptible(py, |stop| {
            let (analyses, broken, _) = analyse_text(&text, format, &options, stop)?;
            Ok(report_value(&analyses, &broken))
        })?
    } else {
        let json = py
            .import("json")?
            .call_method1("dumps", (source,))
            .map_err(|_| bad("source", "a LIN or PBN text, or a list of boards"))?;
        let boards = boards_from_text(&json.extract::<String>()?).map_err(|e| bad("source", e))?;
        interruptible(py, |stop| {
            let analyses = analyse_boards(boards, &options, stop)?;
            Ok(report_value(&analyses, &[]))
        })?
    };
    crate::json::loads(py, &value.to_string())
}

/// Adds the played-hand functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(read_lin, m)?)?;
    m.add_function(wrap_pyfunction!(read_pbn_play, m)?)?;
    m.add_function(wrap_pyfunction!(analyse_play, m)?)?;
    Ok(())
}
