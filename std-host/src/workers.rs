//! Independent items on worker threads, each worker with its own state (a solver table, a
//! tree): the host's one way to spread a list over cores. [`for_each`] hands each result to a
//! sink as it finishes (the experiment runner journals it there); [`map`] collects them in the
//! items' order, whatever the number of threads. A [`Stop`] raised from another thread ends
//! the work between items ([`map_until`]).

use crate::error::Error;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The stack of a worker thread: 8 MiB, the size of a main thread's on Linux (large search
/// trees live on the heap, see [`heap_tree`](crate::heap_tree)).
pub const STACK_BYTES: usize = 8 << 20;

/// The number of threads `--threads N` means: one per core for 0 (the default of every
/// command), else `N` but never more than the cores (more would not help the work, only cost
/// memory: `--threads 10000` runs on the cores there are).
#[must_use]
pub fn resolve(threads: usize) -> usize {
    let cores = crate::limits::cores();
    match threads {
        0 => cores,
        n => n.min(cores),
    }
}

/// A request, from another thread, that long work stop between its items (Ctrl-C in the
/// Python package): raised once, never lowered. Work that is not to be stopped is given
/// [`Stop::never`].
#[derive(Debug, Default)]
pub struct Stop(AtomicBool);

/// The flag behind [`Stop::never`]: nothing raises it.
static NEVER: Stop = Stop(AtomicBool::new(false));

impl Stop {
    /// A flag not yet raised.
    #[must_use]
    pub const fn new() -> Stop {
        Stop(AtomicBool::new(false))
    }

    /// A flag that is never raised, for work nobody stops.
    #[must_use]
    pub fn never() -> &'static Stop {
        &NEVER
    }

    /// Asks the work to stop.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the work was asked to stop.
    #[must_use]
    pub fn raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// `Err(`[`Error::Stopped`]`)` once raised: the check long work makes between items.
    pub fn check(&self) -> Result<(), Error> {
        if self.raised() {
            Err(Error::Stopped)
        } else {
            Ok(())
        }
    }
}

/// What a sink tells the workers after a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Take the next item.
    Continue,
    /// Take no more items (those under way finish and reach the sink).
    Stop,
}

/// `f(state, index, item)` for every item on a rayon pool of `threads` threads (0: one per
/// core, never more than there are items), each thread with its own `make()` and pulling the
/// items in order; `sink(index, result)` gets each result as it finishes, one at a time. An
/// item whose `f` panics comes back as `Err` ([`Error::panicked`]: an internal error with the
/// panic's message, not bad input). Returns the number of threads; `Err` if the threads
/// cannot be started, or if a worker panicked outside `f` (in `make` or `sink`: its items are
/// not run, the others stop).
pub fn for_each<T, R, S>(
    items: &[T],
    threads: usize,
    make: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, usize, &T) -> Result<R, Error> + Sync,
    sink: impl FnMut(usize, Result<R, Error>) -> Flow + Send,
) -> Result<usize, Error>
where
    T: Sync,
{
    let threads = resolve(threads).min(items.len().max(1));
    if cfg!(target_family = "wasm") {
        // A browser's wasm has no threads: the caller's thread (a page's worker) does all.
        inline(items, f, sink, make);
        return Ok(1);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(STACK_BYTES)
        .thread_name(|i| format!("cardtree-worker-{i}"))
        .build()
        .map_err(Error::Threads)?;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let sink = Mutex::new(sink);
    let panicked = Mutex::new(None);
    let record = |p: Box<dyn std::any::Any + Send>| {
        stop.store(true, Ordering::Relaxed);
        if let Ok(mut first) = panicked.lock() {
            first.get_or_insert_with(|| Error::panicked(p.as_ref()));
        }
        Flow::Stop
    };
    pool.broadcast(|_| {
        let mut state = match catch_unwind(AssertUnwindSafe(&make)) {
            Ok(state) => state,
            Err(p) => {
                record(p);
                return;
            }
        };
        while !stop.load(Ordering::Relaxed) {
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(index) else {
                break;
            };
            let r = catch_unwind(AssertUnwindSafe(|| f(&mut state, index, item)))
                .unwrap_or_else(|p| Err(Error::panicked(p.as_ref()).at(format!("item {index}"))));
            let flow = match sink.lock() {
                Ok(mut sink) => {
                    catch_unwind(AssertUnwindSafe(|| sink(index, r))).unwrap_or_else(record)
                }
                Err(_) => Flow::Stop,
            };
            if flow == Flow::Stop {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    match panicked.into_inner() {
        Ok(Some(e)) => Err(e),
        _ => Ok(pool.current_num_threads()),
    }
}

/// [`for_each`] on the calling thread, without a pool (wasm32, which has no threads: panics
/// abort there, so none is caught).
fn inline<T, R, S>(
    items: &[T],
    mut f: impl FnMut(&mut S, usize, &T) -> Result<R, Error>,
    mut sink: impl FnMut(usize, Result<R, Error>) -> Flow,
    make: impl Fn() -> S,
) {
    let mut state = make();
    for (index, item) in items.iter().enumerate() {
        if sink(index, f(&mut state, index, item)) == Flow::Stop {
            break;
        }
    }
}

/// [`for_each`] with the results handed to `sink` in item order, each as soon as it and the
/// items before it are done: only the results that finish ahead of an earlier item's are held,
/// so a command streams its output in flat memory. An error `sink` returns stops the workers
/// (those under way finish) and is returned.
pub fn for_each_in_order<T: Sync, R: Send, S>(
    items: &[T],
    threads: usize,
    make: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, usize, &T) -> Result<R, Error> + Sync,
    mut sink: impl FnMut(usize, Result<R, Error>) -> Result<(), Error> + Send,
) -> Result<(), Error> {
    let mut ahead = std::collections::BTreeMap::new();
    let mut next = 0;
    let mut failure = None;
    for_each(items, threads, make, f, |index, result| {
        ahead.insert(index, result);
        while let Some(result) = ahead.remove(&next) {
            if let Err(e) = sink(next, result) {
                failure = Some(e);
                return Flow::Stop;
            }
            next += 1;
        }
        Flow::Continue
    })?;
    failure.map_or(Ok(()), Err)
}

/// `f(state, item)` for every item, as [`for_each`] runs them; the results in item order.
pub fn map<T: Sync, R: Send, S>(
    items: &[T],
    threads: usize,
    make: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, &T) -> Result<R, Error> + Sync,
) -> Vec<Result<R, Error>> {
    map_until(items, threads, Stop::never(), make, f)
}

/// [`map`] that takes no new item once `stop` is raised: the items not run come back as
/// [`Error::Stopped`].
pub fn map_until<T: Sync, R: Send, S>(
    items: &[T],
    threads: usize,
    stop: &Stop,
    make: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, &T) -> Result<R, Error> + Sync,
) -> Vec<Result<R, Error>> {
    let mut out: Vec<Option<Result<R, Error>>> = (0..items.len()).map(|_| None).collect();
    let started = for_each(
        items,
        threads,
        make,
        |state, _, item| {
            stop.check()?;
            f(state, item)
        },
        |i, r| {
            if let Some(slot) = out.get_mut(i) {
                *slot = Some(r);
            }
            if stop.raised() {
                Flow::Stop
            } else {
                Flow::Continue
            }
        },
    );
    // Without threads (or after a worker's panic outside `f`) items did not run: the first
    // gets the reason, the rest say so. After a stop, they were not run because of it.
    let mut not_started = started.err();
    out.into_iter()
        .map(|r| match r {
            Some(r) => r,
            None if stop.raised() => Err(Error::Stopped),
            None => Err(not_started
                .take()
                .unwrap_or_else(|| Error::Internal("a worker thread failed".into()))),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_and_state() {
        let items: Vec<u32> = (0..100).collect();
        for threads in [1, 2, 5] {
            let out = map(
                &items,
                threads,
                || 0u32,
                |count, &x| {
                    *count += 1;
                    if x == 7 {
                        Err(Error::Invalid("seven".into()))
                    } else {
                        Ok(x * 2)
                    }
                },
            );
            assert_eq!(out.len(), 100);
            for (i, r) in out.iter().enumerate() {
                if i == 7 {
                    assert_eq!(r.as_ref().unwrap_err().to_string(), "seven");
                } else {
                    assert_eq!(*r.as_ref().unwrap(), 2 * i as u32);
                }
            }
        }
        assert!(map(&[] as &[u32], 2, || (), |_, &x| Ok(x)).is_empty());
    }

    #[test]
    fn a_raised_stop_ends_the_work_between_items() {
        let items: Vec<u32> = (0..1000).collect();
        for threads in [1, 2] {
            let stop = Stop::new();
            let out = map_until(
                &items,
                threads,
                &stop,
                || (),
                |(), &x| {
                    if x == 10 {
                        stop.raise();
                    }
                    Ok(x)
                },
            );
            assert_eq!(out.len(), 1000);
            // Item 10 and those before it ran; only the few under way beside it may follow.
            for (i, r) in out.iter().take(11).enumerate() {
                assert_eq!(*r.as_ref().unwrap(), i as u32);
            }
            let stopped = out
                .iter()
                .filter(|r| matches!(r, Err(Error::Stopped)))
                .count();
            assert!(stopped >= 1000 - 11 - threads, "{stopped} stopped");
        }
        assert!(!Stop::never().raised());
    }

    #[test]
    fn a_panic_is_an_error_and_stop_stops() {
        let items: Vec<u32> = (0..10).collect();
        let out = map(
            &items,
            2,
            || (),
            |_, &x| if x == 3 { panic!("three") } else { Ok(x) },
        );
        let e = out[3].as_ref().unwrap_err();
        assert_eq!(
            e.to_string(),
            "item 3: internal error (a bug in cardtree): a worker panicked: three"
        );
        assert!(matches!(e.root(), Error::Internal(m) if m.ends_with(": three")));
        assert_eq!(out.iter().filter(|r| r.is_ok()).count(), 9);
        let mut seen = 0;
        let threads = for_each(
            &items,
            1,
            || (),
            |_, _, &x| Ok(x),
            |_, _| {
                seen += 1;
                if seen == 4 {
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            },
        )
        .unwrap();
        assert_eq!((threads, seen), (1, 4));
    }

    #[test]
    fn a_panic_outside_the_item_is_an_internal_error() {
        let items: Vec<u32> = (0..4).collect();
        let out = map(
            &items,
            2,
            || -> u32 { panic!("no state for {}", 2) },
            |_, &x| Ok(x),
        );
        let e = out[0].as_ref().unwrap_err();
        assert!(
            matches!(e, Error::Internal(m) if m.ends_with("no state for 2")),
            "{e}"
        );
        assert!(out.iter().all(Result::is_err));
        let sunk = for_each(&items, 2, || (), |_, _, &x| Ok(x), |_, _| panic!("sink"));
        let e = sunk.unwrap_err();
        assert!(
            matches!(&e, Error::Internal(m) if m.ends_with(": sink")),
            "{e}"
        );
    }
}
