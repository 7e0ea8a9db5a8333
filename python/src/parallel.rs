//! Work on all cores with the GIL released, and Ctrl-C honoured: the host's workers
//! ([`cardtree_host::workers::for_each`]) run on a thread of their own while the calling thread
//! checks Python's signals; an interrupt stops the workers after the items under way.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use cardtree_host::error::Error;
use cardtree_host::workers::{Flow, for_each};
use pyo3::prelude::*;

use crate::errors::value_error;

/// How often the calling thread checks for Ctrl-C.
const SIGNAL_CHECK: Duration = Duration::from_millis(20);

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
    let stop = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    let mut results: Vec<Option<Result<R, Error>>> = (0..items.len()).map(|_| None).collect();
    let (started, interrupted) = py.detach(|| {
        std::thread::scope(|scope| {
            let workers = scope.spawn(|| {
                let started = for_each(
                    items,
                    threads,
                    &make,
                    |state, _, item| f(state, item),
                    |index, result| {
                        if let Some(slot) = results.get_mut(index) {
                            *slot = Some(result);
                        }
                        if stop.load(Ordering::Relaxed) {
                            Flow::Stop
                        } else {
                            Flow::Continue
                        }
                    },
                );
                done.store(true, Ordering::Release);
                started
            });
            let mut interrupted = None;
            while !done.load(Ordering::Acquire) {
                std::thread::sleep(SIGNAL_CHECK);
                if let Err(e) = Python::attach(|py| py.check_signals()) {
                    stop.store(true, Ordering::Relaxed);
                    interrupted = Some(e);
                    break;
                }
            }
            let started = workers
                .join()
                .unwrap_or_else(|_| Err(Error::Internal("a worker thread failed".into())));
            (started, interrupted)
        })
    });
    if let Some(e) = interrupted {
        return Err(e);
    }
    started.map_err(value_error)?;
    results
        .into_iter()
        .enumerate()
        .map(|(index, r)| match r {
            Some(Ok(r)) => Ok(r),
            Some(Err(e)) => Err(value_error(format!("item {index}: {e}"))),
            None => Err(value_error(format!("item {index} was not run"))),
        })
        .collect()
}
