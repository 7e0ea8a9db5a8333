//! `cardtree` for Python: the module `cardtree._cardtree`, which the package `cardtree`
//! (`python/cardtree/__init__.py`) re-exports. Each area of the library is a file here; each
//! function hands its work to the core or the host library and turns an error into a Python
//! exception with the library's one-line message (`cardtree.InputError`, a `ValueError`, for bad
//! input), never a panic.

use pyo3::prelude::*;

mod blackjack;
mod bridge;
mod errors;
mod json;
mod lead;
mod parallel;
mod played;
mod pps;
mod search;
mod spec;

/// The extension module.
#[pymodule]
fn _cardtree(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    bridge::register(m)?;
    lead::register(m)?;
    played::register(m)?;
    pps::register(m)?;
    blackjack::register(m)?;
    search::register(m)?;
    spec::register(m)?;
    Ok(())
}
