//! Work with the GIL released and Ctrl-C honoured: the work runs on a thread of its own while
//! the calling thread checks Python's signals; an interrupt raises a [`Stop`] the work checks
//! between its items (deals, layouts, games, hands), and the call returns the interrupt once
//! the work has stopped. [`parallel`] spreads items over the host's workers
//! ([`cardtree_host::workers::map_until`]) this way.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use cardtree_host::error::Error;
use cardtree_host::workers::{Stop, map_until};
use pyo3::prelude::*;

use crate::errors::{host_error, value_error};

/// How often the calling thread checks for Ctrl-C.
const SIGNAL_CHECK: Duration = Duration::from_millis(20);

/// Runs `work(stop)` with the GIL released, checking Python's signals meanwhile: a signal's
/// handler that raises (Ctrl-C's `KeyboardInterrupt`) raises `stop`, which `work` should check
/// between its items and then return; the exception (Ctrl-C's as `cardtree.Interrupted`) is
/// then this call's. `work`'s own error is the exception of its kind (`errors::host_error`).
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Stop) -> Result<T, Error> + Send,
) -> PyResult<T> {
    let stop = Stop::new();
    let done = AtomicBool::new(false);
    let (result, interrupted) = py.detach(|| {
        std::thread::scope(|scope| {
            let worker = scope.spawn(|| {
                let r = work(&stop);
                done.store(true, Ordering::Release);
                r
            });
            let mut interrupted = None;
            while !done.load(Ordering::Acquire) {
                std::thread::sleep(SIGNAL_CHECK);
                if let Err(e) = Python::attach(|py| py.check_signals()) {
                    stop.raise();
                    interrupted = Some(e);
                    break;
                }
            }
            let result = worker
                .join()
                .unwrap_or_else(|_| Err(Error::Internal("the work's thread failed".into())));
            (result, interrupted)
        })
    });
    if let Some(e) = interrupted {
        return Err(crate::errors::interrupted(e));
    }
    result.map_err(|e| host_error(&e))
}

/// `f(state, item)` for every item on `threads` threads (0: one per core), each thread with its
/// own `make()`; the results in item order. An item's error is a `ValueError` naming the item.
pub(crate) fn parallel<T, R, S>(
    py: Python<'_>,
    items: &[T],
    threads: usize,
    make: impl Fn() -> S + Sync + Send,
    f: impl Fn(&mut S, &T) -> Result<R, Error> + Sync + Send,
) -> PyResult<Vec<R>>
where
    T: Sync,
    R: Send,
{
    let results = interruptible(py, |stop| Ok(map_until(items, threads, stop, make, f)))?;
    results
        .into_iter()
        .enumerate()
        .map(|(index, r)| r.map_err(|e| value_error(format!("item {index}: {e}"))))
        .collect()
}
