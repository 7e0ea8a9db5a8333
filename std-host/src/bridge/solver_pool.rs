//! [`SolverPool`]: worker threads that keep one transposition table each, for batches of
//! solves that come again and again (a playing program asks about 200 positions for every card
//! it plays; a library serves many calls).
//!
//! The pool and its tables live as long as the pool: a batch costs no thread start and no
//! table allocation after the first. Table `i` belongs to thread index `i`; a caller may also
//! solve on a table of its own choosing ([`SolverPool::with_table`], DDS's `threadIndex`), which
//! waits while a batch uses that table, so two solves never share one. Tables are allocated on
//! first use.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::bridge::table_memory::{HostTable, host_table};
use crate::error::Error;
use crate::workers::{STACK_BYTES, Stop};

/// Worker threads, each with its transposition table.
#[derive(Debug)]
pub struct SolverPool {
    pool: Option<rayon::ThreadPool>,
    tables: Vec<Mutex<Option<HostTable>>>,
    table_mib: usize,
}

impl SolverPool {
    /// A pool of `threads` threads (at least one) with a table of `table_mib` MiB each (at
    /// least one line). One thread needs no pool: its batches run on the caller's thread.
    pub fn new(threads: usize, table_mib: usize) -> Result<SolverPool, Error> {
        let threads = threads.max(1);
        let pool = if threads > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .stack_size(STACK_BYTES)
                    .thread_name(|i| format!("cardtree-solver-{i}"))
                    .build()
                    .map_err(Error::Threads)?,
            )
        } else {
            None
        };
        Ok(SolverPool {
            pool,
            tables: (0..threads).map(|_| Mutex::new(None)).collect(),
            table_mib,
        })
    }

    /// The number of threads (and tables).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.tables.len()
    }

    /// The size of each table, in MiB.
    #[must_use]
    pub fn table_mib(&self) -> usize {
        self.table_mib
    }

    /// `f` on table `index`, waiting while another solve uses it; `None` if there is no such
    /// table. A table left poisoned by a panic is replaced by a new one.
    pub fn with_table<R>(&self, index: usize, f: impl FnOnce(&mut HostTable) -> R) -> Option<R> {
        let slot = self.tables.get(index)?;
        let mut guard = slot.lock().unwrap_or_else(|poisoned| {
            let mut g = poisoned.into_inner();
            *g = None;
            g
        });
        let table = guard.get_or_insert_with(|| host_table(self.table_mib));
        Some(f(table))
    }

    /// `f(table, item)` for every item, spread over the pool's threads (each on its own
    /// table, pulling the items in order); the results in item order.
    pub fn map<T: Sync, R: Send>(
        &self,
        items: &[T],
        f: impl Fn(&mut HostTable, &T) -> R + Sync,
    ) -> Vec<R> {
        self.map_until(items, Stop::never(), f)
            .into_iter()
            .flatten()
            .collect()
    }

    /// [`SolverPool::map`] that takes no new item once `stop` is raised: an item not run is
    /// `None`.
    pub fn map_until<T: Sync, R: Send>(
        &self,
        items: &[T],
        stop: &Stop,
        f: impl Fn(&mut HostTable, &T) -> R + Sync,
    ) -> Vec<Option<R>> {
        let next = AtomicUsize::new(0);
        let results: Vec<Mutex<Option<R>>> = items.iter().map(|_| Mutex::new(None)).collect();
        let work = |thread: usize| {
            self.with_table(thread, |table| {
                while !stop.raised() {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = f(table, item);
                    if let Some(slot) = results.get(i) {
                        *slot
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(r);
                    }
                }
            });
        };
        match &self.pool {
            Some(pool) if items.len() > 1 => {
                pool.broadcast(|ctx| work(ctx.index()));
            }
            _ => work(0),
        }
        results
            .into_iter()
            .map(|m| {
                m.into_inner()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardtree::bridge::{BridgePlay, Deal, Seat, Strain, solve_value};
    use cardtree::rng;

    #[test]
    fn a_batch_gives_the_same_values_on_any_number_of_threads() {
        let deals: Vec<Deal> = (0..8)
            .map(|i| Deal::random(&mut rng::stream(3, i)))
            .collect();
        let value = |t: &mut HostTable, d: &Deal| {
            let p = BridgePlay::new(d, Strain::Spades, Seat::West).unwrap();
            solve_value(&p, t).tricks
        };
        let one = SolverPool::new(1, 1).unwrap().map(&deals, value);
        let two = SolverPool::new(2, 1).unwrap();
        assert_eq!(two.threads(), 2);
        assert_eq!(two.map(&deals, value), one);
        assert_eq!(one.len(), 8);
        assert!(two.with_table(2, |_| ()).is_none());
        let stop = Stop::new();
        let first = two.map_until(&deals, &stop, |t, d| {
            stop.raise();
            value(t, d)
        });
        assert_eq!(first.len(), 8);
        assert!(
            first.iter().filter(|r| r.is_some()).count() <= 2,
            "{first:?}"
        );
        assert_eq!(two.with_table(1, |t| value(t, &deals[0])), Some(one[0]));
    }
}
