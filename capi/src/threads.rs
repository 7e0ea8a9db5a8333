//! Threads and memory as DDS's `SetMaxThreads`, `SetResources` and `FreeMemory` set them: one
//! [`SolverPool`] for the library, its thread `i` the `threadIndex` `i` of `SolveBoard` and
//! `AnalysePlay*`, its threads the workers of the batch calls.
//!
//! Threads: `min(n, cores)`, all cores for 0 or less (DDS's rule). Memory: each thread's table
//! is 64 MiB (the host's default; DDS's is about 95 MB), of which a thread takes from the
//! system only what its searches fill; a memory limit `maxMemoryMB` only makes it smaller
//! (`maxMemoryMB / threads`, at least 1 MiB). Tables are allocated when a thread first
//! solves. The pool is made at the first call that needs it, with every core, as DDS sets
//! itself up when it is loaded.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use cardtree_host::bridge::solver_pool::SolverPool;
use cardtree_host::bridge::table_memory::DEFAULT_TABLE_MIB;
use cardtree_host::shared_opts::{TABLE_MIB, THREADS};
use cardtree_host::spec::Value;

use crate::codes;
use crate::convert::Code;

/// The library's pool, made on first use.
static POOL: Mutex<Option<Arc<SolverPool>>> = Mutex::new(None);

/// `SetThreading(0)` (DDS's basic back end): batches on one thread, the caller's.
static BASIC: AtomicBool = AtomicBool::new(false);

/// DDS's threading codes: 0 basic (no worker threads), 5 the standard library's threads
/// (cardtree's pool); the others (Windows, OpenMP, GCD, Boost, TBB and DDS's own two) are not
/// here, which `SetThreading` reports as DDS does for one not compiled in.
pub(crate) fn set_threading(code: i32) -> Result<(), Code> {
    match code {
        0 => BASIC.store(true, Ordering::Relaxed),
        5 => BASIC.store(false, Ordering::Relaxed),
        _ => return Err(codes::THREAD_MISSING),
    }
    Ok(())
}

/// The threading code in use (0 or 5).
pub(crate) fn threading() -> i32 {
    if BASIC.load(Ordering::Relaxed) { 0 } else { 5 }
}

/// The cores of this machine.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// The pool of `max_threads` threads (DDS's rule) within `max_memory_mb`.
fn make(max_memory_mb: i32, max_threads: i32) -> Result<SolverPool, Code> {
    let threads = match usize::try_from(max_threads) {
        Ok(n) if n > 0 => n.min(cores()),
        _ => cores(),
    };
    let mib = match usize::try_from(max_memory_mb) {
        Ok(m) if m > 0 => (m / threads).clamp(1, DEFAULT_TABLE_MIB),
        _ => DEFAULT_TABLE_MIB,
    };
    // Into the spec the other doors' threads and table memory go through: its limits (the
    // machine's free memory among them) checked on the typed values.
    for (option, n) in [(&THREADS, threads), (&TABLE_MIB, mib)] {
        option
            .check(&Value::Whole(n as u64))
            .map_err(|_| codes::THREAD_CREATE)?;
    }
    SolverPool::new(threads, mib).map_err(|_| codes::THREAD_CREATE)
}

/// The library's pool (made with every core if no call has set it up).
pub(crate) fn pool() -> Result<Arc<SolverPool>, Code> {
    let mut slot = POOL.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(p) = slot.as_ref() {
        return Ok(Arc::clone(p));
    }
    let p = Arc::new(make(0, 0)?);
    *slot = Some(Arc::clone(&p));
    Ok(p)
}

/// `SetResources`: a new pool (calls under way finish on the old one).
pub(crate) fn configure(max_memory_mb: i32, max_threads: i32) -> Result<(), Code> {
    let p = Arc::new(make(max_memory_mb, max_threads)?);
    *POOL.lock().unwrap_or_else(PoisonError::into_inner) = Some(p);
    Ok(())
}

/// `FreeMemory`: the tables go; the pool's size stays (new tables come with the next solve).
pub(crate) fn free_memory() {
    let mut slot = POOL.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(p) = slot.as_ref()
        && let Ok(fresh) = SolverPool::new(p.threads(), p.table_mib())
    {
        *slot = Some(Arc::new(fresh));
    }
}

/// Runs `f` on the table of thread `index` (DDS's `threadIndex`): [`codes::THREAD_INDEX`]
/// outside `0 .. threads`.
pub(crate) fn on_thread<R>(
    index: i32,
    f: impl FnOnce(&mut cardtree_host::bridge::table_memory::HostTable) -> Result<R, Code>,
) -> Result<R, Code> {
    let pool = pool()?;
    let i = usize::try_from(index).map_err(|_| codes::THREAD_INDEX)?;
    pool.with_table(i, f).unwrap_or(Err(codes::THREAD_INDEX))
}

/// `f` on every item, over the pool's threads; the first error in item order, else every
/// result.
pub(crate) fn batch<T: Sync, R: Send>(
    items: &[T],
    f: impl Fn(&mut cardtree_host::bridge::table_memory::HostTable, &T) -> Result<R, Code> + Sync,
) -> Result<Vec<R>, Code> {
    let pool = pool()?;
    if BASIC.load(Ordering::Relaxed) {
        return pool
            .with_table(0, |table| items.iter().map(|item| f(table, item)).collect())
            .unwrap_or(Err(codes::THREAD_INDEX));
    }
    pool.map(items, f).into_iter().collect()
}
