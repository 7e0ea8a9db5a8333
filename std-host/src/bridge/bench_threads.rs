//! `cardtree bridge bench --tables --threads N`: the same tables again on `N` threads, each
//! with its own table, every one checked against the one-thread run's, and the throughput
//! against that run's.

use std::fmt::Write as _;

use serde::Serialize;
use web_time::Instant;

use cardtree::bridge::DdTable;

use crate::bridge::hand_record::{Board, solve_all};
use crate::bridge::solve::Timing;
use crate::error::Error;

/// The parallel run's numbers, as `--json` writes them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ThreadsJson {
    /// Threads used.
    pub threads: usize,
    /// Wall-clock seconds for all the tables on the threads (with rounds, the rounds' median).
    pub wall_s: f64,
    /// Tables a second over one thread's: 2 is perfect on two. With rounds, the median of
    /// the rounds' ratios.
    pub speedup: f64,
    /// With more than one round: each round's one-thread seconds, threads' seconds and ratio.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<RoundJson>,
}

/// One round of the comparison: the tables on one thread, then on the threads.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RoundJson {
    /// Wall-clock seconds on one thread.
    pub one_s: f64,
    /// Wall-clock seconds on the threads.
    pub wall_s: f64,
    /// `one_s / wall_s`.
    pub speedup: f64,
}

/// Solves `boards` on `threads` threads (0: one per core) with `mib` MiB a thread, checks
/// every table against `one_thread`'s, and writes the throughput against one thread to `out`:
/// with `rounds` 1, against the one-thread run (`one_thread_ms` in all); with more, that many
/// rounds of the tables on one thread then on the threads, in turns, and the median ratio.
pub(crate) fn run(
    boards: &[Board],
    one_thread: &[DdTable],
    mib: usize,
    threads: usize,
    rounds: u32,
    one_thread_ms: f64,
    out: &mut String,
) -> Result<ThreadsJson, Error> {
    let threads = crate::workers::resolve(threads);
    // The tables on `n` threads, checked against the one-thread run's: the wall-clock seconds.
    let timed = |n: usize| -> Result<f64, Error> {
        let start = Instant::now();
        let records = solve_all(boards, n, mib);
        let wall_s = start.elapsed().as_secs_f64().max(1e-9);
        for ((record, mine), b) in records.into_iter().zip(one_thread).zip(boards) {
            if record?.table != *mine {
                return Err(invalid!(
                    "the table on {n} threads differs from one thread's on {}",
                    b.pbn
                ));
            }
        }
        Ok(wall_s)
    };
    if rounds <= 1 {
        let wall_s = timed(threads)?;
        let speedup = one_thread_ms / 1e3 / wall_s;
        let _ = writeln!(
            out,
            "cardtree on {threads} threads: {} tables in {wall_s:.2} s wall, {speedup:.2} times the one-thread throughput ({:.2} s); every table the same",
            boards.len(),
            one_thread_ms / 1e3
        );
        return Ok(ThreadsJson {
            threads,
            wall_s,
            speedup,
            rounds: Vec::new(),
        });
    }
    let mut each = Vec::new();
    for _ in 0..rounds {
        let one_s = timed(1)?;
        let wall_s = timed(threads)?;
        each.push(RoundJson {
            one_s,
            wall_s,
            speedup: one_s / wall_s,
        });
    }
    let median =
        |f: fn(&RoundJson) -> f64| Timing::of(&each.iter().map(f).collect::<Vec<_>>()).median;
    let (speedup, wall_s) = (median(|r| r.speedup), median(|r| r.wall_s));
    let listed: Vec<String> = each
        .iter()
        .map(|r| format!("{:.2} ({:.2} s / {:.2} s)", r.speedup, r.one_s, r.wall_s))
        .collect();
    let _ = writeln!(
        out,
        "cardtree on {threads} threads, {rounds} rounds of one thread then {threads} in turns: {} times the one-thread throughput; median {:.2}; every table the same",
        listed.join(", "),
        speedup
    );
    Ok(ThreadsJson {
        threads,
        wall_s,
        speedup,
        rounds: each,
    })
}
