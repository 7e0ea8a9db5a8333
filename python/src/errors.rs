//! Errors as Python exceptions, the classes of `cardtree/errors.py`: bad input is an
//! `InputError` (a `ValueError`) with the library's one-line message naming the argument; a
//! file that could not be read or written a `FileError` (an `OSError`); Ctrl-C an
//! `Interrupted` (a `KeyboardInterrupt`); a bug an `InternalError`.

use cardtree_host::error::Error;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;

/// An exception of class `class` (in `cardtree.errors`) made with `args`; a `ValueError` if
/// that module cannot be imported (the package is broken: the message still arrives).
fn raise<'py, A>(py: Python<'py>, class: &str, args: A, message: &str) -> PyErr
where
    A: pyo3::call::PyCallArgs<'py>,
{
    py.import("cardtree.errors")
        .and_then(|m| m.getattr(class))
        .and_then(|c| c.call1(args))
        .map_or_else(
            |_| PyValueError::new_err(message.to_string()),
            PyErr::from_value,
        )
}

/// An `InputError` whose message is `what`: the error's own message, prefixed by what was
/// being read when it helps (`"strain: ..."`).
pub(crate) fn value_error(what: impl std::fmt::Display) -> PyErr {
    let message = what.to_string();
    Python::attach(|py| raise(py, "InputError", (message.as_str(),), &message))
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

/// The I/O error inside `e`, if it is one (through the places it was wrapped in).
fn io_of(e: &Error) -> Option<&std::io::Error> {
    match e {
        Error::Io { source, .. } => Some(source),
        Error::At { source, .. } => io_of(source),
        _ => None,
    }
}

/// A host error as the exception of its kind: `FileError` (with `errno`), `Interrupted`,
/// `InternalError`, else `InputError`.
pub(crate) fn host_error(e: &Error) -> PyErr {
    let message = e.to_string();
    Python::attach(|py| {
        if let Some(io) = io_of(e) {
            return match io.raw_os_error() {
                Some(errno) => raise(py, "FileError", (errno, message.as_str()), &message),
                None => raise(py, "FileError", (message.as_str(),), &message),
            };
        }
        match e {
            Error::Stopped => raise(py, "Interrupted", (message.as_str(),), &message),
            Error::Internal(_) | Error::Threads(_) => {
                raise(py, "InternalError", (message.as_str(),), &message)
            }
            _ => raise(py, "InputError", (message.as_str(),), &message),
        }
    })
}

/// Ctrl-C's `KeyboardInterrupt` (raised by Python's handler while a call waited) as an
/// `Interrupted`, the handler's exception its cause; any other exception a handler raised is
/// left as it is.
pub(crate) fn interrupted(e: PyErr) -> PyErr {
    Python::attach(|py| {
        if !e.is_instance_of::<PyKeyboardInterrupt>(py) {
            return e;
        }
        let message = "interrupted (Ctrl-C): the call stopped between its items";
        let new = raise(py, "Interrupted", (message,), message);
        new.set_cause(py, Some(e));
        new
    })
}
