//! Errors as Python exceptions: bad input is a `ValueError` with the library's one-line message.

use pyo3::PyErr;
use pyo3::exceptions::PyValueError;

/// A `ValueError` whose message is `what`: the error's own message, prefixed by what was
/// being read when it helps (`"strain: ..."`).
pub(crate) fn value_error(what: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(what.to_string())
}

/// `value_error` of an error, with the name of the argument it is about.
pub(crate) fn bad(argument: &str, e: impl std::fmt::Display) -> PyErr {
    value_error(format!("{argument}: {e}"))
}

/// A value checked by one of the command line's limits (`cardtree_host::limits`), its refusal a
/// `ValueError` naming the argument.
pub(crate) fn checked<T>(argument: &str, r: Result<T, String>) -> Result<T, PyErr> {
    r.map_err(|e| bad(argument, e))
}
