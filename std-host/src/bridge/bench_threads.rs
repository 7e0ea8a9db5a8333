//! `cardtree bridge bench --tables --threads N`: the same tables again on `N` threads, each
//! with its own table, every one checked against the one-thread run's, and the throughput
//! against that run's.

use std::fmt::Write as _;

use serde::Serialize;
use web_time::Instant;

use cardtree::bridge::DdTable;

use crate::bridge::hand_record::{Board, solve_all};
use crate::error::Error;

/// The parallel run's numbers, as `--json` writes them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ThreadsJson {
    /// Threads used.
    pub threads: usize,
    /// Wall-clock seconds for all the tables.
    pub wall_s: f64,
    /// Tables a second over the one-thread run's (its summed times): 2 is perfect on two.
    pub speedup: f64,
}

/// Solves `boards` on `threads` threads (0: one per core) with `mib` MiB a thread, checks
/// every table against `one_thread`'s, and writes the throughput against the one-thread run
/// (`one_thread_ms` in all) to `out`.
pub(crate) fn run(
    boards: &[Board],
    one_thread: &[DdTable],
    mib: usize,
    threads: usize,
    one_thread_ms: f64,
    out: &mut String,
) -> Result<ThreadsJson, Error> {
    let threads = crate::workers::resolve(threads);
    let start = Instant::now();
    let records = solve_all(boards, threads, mib);
    let wall_s = start.elapsed().as_secs_f64();
    for ((record, mine), b) in records.into_iter().zip(one_thread).zip(boards) {
        if record?.table != *mine {
            return Err(invalid!(
                "the table on {threads} threads differs from one thread's on {}",
                b.pbn
            ));
        }
    }
    let speedup = one_thread_ms / 1e3 / wall_s.max(1e-9);
    let _ = writeln!(
        out,
        "cardtree on {threads} threads: {} tables in {wall_s:.2} s wall, {speedup:.2} times the one-thread throughput ({:.2} s); every table the same",
        boards.len(),
        one_thread_ms / 1e3
    );
    Ok(ThreadsJson {
        threads,
        wall_s,
        speedup,
    })
}
