//! The library's JSON reports as Python values: a function that returns what a command's
//! `--json` prints hands the same text to Python's `json.loads`, so both give the same values.

use pyo3::prelude::*;

/// `json` (one of the library's JSON reports) as Python values.
pub(crate) fn loads<'py>(py: Python<'py>, json: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (json,))
}
