//! `cardtree bridge libdds`: cardtree's libdds (`capi/`, loaded by path) against DDS 3.1
//! (linked in by the `dds` feature) and any other libdds a program ships (`--other`: endplay's,
//! say), through the C interface, in the same run:
//!
//! - **tables**: whole double-dummy tables of random deals with `CalcAllTablesPBN`, 40 a call
//!   (DDS's most), every cell compared;
//! - **BEN's pattern**: `SolveAllBoards` on batches of 200 positions in mid-play (random deals
//!   with 4 to 20 random cards played), `target` -1, solutions 1 and 3 by turns, every answer
//!   compared (modulo the order of cards of equal score);
//! - **the interface's cost**: the same work through the Rust library directly (a
//!   [`SolverPool`] of as many threads, `dd_table` and `query`), against the libdds calls;
//! - **played hands**: random deals played out by random legal cards, each traced by
//!   `AnalysePlayBin` (one hand a call, one thread: DDS's 49 values) and by the core's
//!   [`trace`](cardtree::bridge::trace) (all 53), hand by hand in turns; the median and the
//!   total against DDS's.
//!
//! DDS 3.1 runs a batch on the calling thread (its develop branch removed the batch threads; two
//! callers at once take as long as one). The C interface's cost is measured batch by batch,
//! the libdds call and the direct one in turns (which goes first alternates), so the machine's
//! drift falls on both.

use std::path::PathBuf;

use cardtree::bridge::{
    BridgePlay, CardQuery, Deal, Goal, Listed, Score, Seat, SolverConfig, Strain, dd_table_in,
    query,
};
use cardtree::rng;
use web_time::Instant;

use crate::bridge::bench_trace::played_hands;
use crate::bridge::libdds_calls::{
    Answer, Entry, Position, Rows, ben, linked, load, one_deal_a_call, tables,
};
use crate::bridge::solver_pool::SolverPool;
use crate::error::Error;

/// What `cardtree bridge libdds` runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// cardtree's libdds.so.
    pub lib: PathBuf,
    /// Another libdds to time beside it.
    pub other: Option<PathBuf>,
    /// Random deals for the tables.
    pub deals: usize,
    /// Positions for BEN's pattern.
    pub positions: usize,
    /// The seed of both.
    pub seed: u64,
    /// Threads (for every library and the direct run; 0: one per core).
    pub threads: usize,
    /// Random played hands to trace (0: none).
    pub hands: usize,
}

/// A table through the Rust library, as `tables` gives it.
fn direct_table(t: &mut crate::bridge::table_memory::HostTable, d: &Deal) -> Rows {
    let mut r = [[0i32; 4]; 5];
    if let Ok(s) = dd_table_in(d, &Strain::ALL, t, &SolverConfig::default()) {
        for strain in Strain::ALL {
            let i = strain.trump().map_or(4, |x| 3 - x as usize);
            r[i] = Seat::ALL.map(|seat| i32::from(s.table.tricks(seat, strain)));
        }
    }
    r
}

/// One of BEN's answers through the Rust library, as `ben` gives it.
fn direct_answer(t: &mut crate::bridge::table_memory::HostTable, p: &Position) -> Answer {
    let q = CardQuery {
        goal: Goal::Optimum,
        listed: if p.solutions == 1 {
            Listed::One
        } else {
            Listed::All
        },
        search_forced: true,
    };
    let a = query(&p.play, &q, t);
    let score = |s: Score| match s {
        Score::Tricks(t) => i32::from(t),
        Score::NotSearched => -2,
    };
    if p.solutions == 1 {
        return vec![((0, 0), a.cards.first().map_or(0, |g| score(g.score)))];
    }
    let mut out: Answer = Vec::new();
    for g in &a.cards {
        for c in g.equals.with(g.card).iter() {
            out.push(((3 - c.suit() as i32, c.rank() as i32 + 2), score(g.score)));
        }
    }
    out.sort_unstable();
    out
}

/// The C interface's cost: batch by batch, cardtree's libdds call and the same work through
/// the Rust library (`pool`), in turns ([`interleaved`]: each chunk run once by each and timed,
/// no untimed run in between, which would leave its table lines in the caches for the next);
/// the seconds of each, tables then BEN's. The answers of the two are compared after the
/// timing.
fn interface_cost(
    e: &Entry,
    pool: &SolverPool,
    deals: &[Deal],
    positions: &[Position],
) -> Result<[(f64, f64); 2], Error> {
    let [lib, direct] = two(interleaved(2, deals, 40, |j, chunk| {
        if j == 0 {
            tables(e, chunk).map(|(rows, secs)| (rows, 0, secs))
        } else {
            let (rows, secs) = timed(|| pool.map(chunk, direct_table));
            Ok((rows, 0, secs))
        }
    })?);
    if lib.0 != direct.0 {
        return Err(invalid!(
            "the Rust library's tables differ from its libdds's"
        ));
    }
    let [lib_ben, direct_ben] = two(interleaved(2, positions, 200, |j, chunk| {
        if j == 0 {
            ben(e, chunk)
        } else {
            let (answers, secs) = timed(|| pool.map(chunk, direct_answer));
            Ok((answers, 0, secs))
        }
    })?);
    if lib_ben.0 != direct_ben.0 {
        return Err(invalid!(
            "the Rust library's answers differ from its libdds's"
        ));
    }
    Ok([(lib.2, direct.2), (lib_ben.2, direct_ben.2)])
}

/// `f`'s result and the seconds it took.
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed().as_secs_f64())
}

/// The two runs of an [`interleaved`] over two runners.
fn two<T: Default>(mut v: Vec<T>) -> [T; 2] {
    let second = v.pop().unwrap_or_default();
    let first = v.pop().unwrap_or_default();
    [first, second]
}

/// `work(j, chunk)` over `items` by each of `runners` runners (the libraries, or a library and
/// the Rust library), a chunk (one call's worth) at a time, the runners in turn and the first
/// of each round rotating, so that none is always first or last (drift in the machine's speed
/// falls on all alike), each chunk once by each: each runner's answers in order, its nodes
/// and its seconds (`work` times itself).
fn interleaved<I, T>(
    runners: usize,
    items: &[I],
    chunk: usize,
    work: impl Fn(usize, &[I]) -> Result<(Vec<T>, u64, f64), Error>,
) -> Result<Vec<(Vec<T>, u64, f64)>, Error> {
    let mut out: Vec<(Vec<T>, u64, f64)> = (0..runners).map(|_| (Vec::new(), 0, 0.0)).collect();
    for (k, part) in items.chunks(chunk).enumerate() {
        for i in 0..runners {
            let j = (k + i) % runners;
            let (answers, nodes, secs) = work(j, part)?;
            out[j].0.extend(answers);
            out[j].1 += nodes;
            out[j].2 += secs;
        }
    }
    Ok(out)
}

/// Runs the benchmark and returns its report.
pub fn run(o: &Options) -> Result<String, Error> {
    let threads = crate::workers::resolve(o.threads);
    let deals: Vec<Deal> = (0..o.deals)
        .map(|i| Deal::random(&mut rng::stream(o.seed, i as u64)))
        .collect();
    let mut r = rng::seeded(o.seed ^ 0xBE4);
    let positions: Vec<Position> = (0..o.positions)
        .map(|k| {
            let deal = Deal::random(&mut r);
            let strain = Strain::ALL[rng::index(&mut r, 5)];
            let leader = Seat::ALL[rng::index(&mut r, 4)];
            let mut play = BridgePlay::new(&deal, strain, leader).map_err(Error::core)?;
            for _ in 0..4 + rng::index(&mut r, 17) {
                if let Some(c) = play.legal().choose(&mut r) {
                    play.play(c).map_err(Error::core)?;
                }
            }
            Ok(Position {
                play,
                solutions: if k % 2 == 0 { 1 } else { 3 },
            })
        })
        .collect::<Result<_, Error>>()?;
    let mut entries = vec![load(
        &o.lib,
        format!("cardtree libdds ({})", o.lib.display()),
    )?];
    entries.push(linked());
    if let Some(other) = &o.other {
        entries.push(load(other, format!("other libdds ({})", other.display()))?);
    }
    for e in &entries {
        e.set_max_threads(threads);
    }
    let mut out = String::new();
    let line = |out: &mut String, s: String| {
        eprintln!("{s}");
        out.push_str(&s);
        out.push('\n');
    };
    line(
        &mut out,
        format!(
            "tables: {} random deals of seed {} (rng::stream), CalcAllTablesPBN 40 a call, {threads} thread(s)",
            deals.len(),
            o.seed
        ),
    );
    let mut times = Vec::new();
    let mut reference: Option<Vec<Rows>> = None;
    let results = interleaved(entries.len(), &deals, 40, |j, chunk| {
        tables(&entries[j], chunk).map(|(rows, secs)| (rows, 0, secs))
    })?;
    for (e, (rows, _, secs)) in entries.iter().zip(results) {
        if let Some(want) = &reference {
            let differ = rows.iter().zip(want).filter(|(a, b)| a != b).count();
            if differ > 0 {
                return Err(invalid!(
                    "{}: {differ} tables differ from cardtree's",
                    e.name
                ));
            }
        } else {
            reference = Some(rows);
        }
        times.push(secs);
        line(
            &mut out,
            format!(
                "  {}: {secs:.2} s ({:.1} ms a table){}",
                e.name,
                1e3 * secs / deals.len().max(1) as f64,
                if times.len() > 1 {
                    format!("; cardtree / this: {:.3}", times[0] / secs)
                } else {
                    String::new()
                }
            ),
        );
    }
    // DDS's CalcDDtable one deal a call (what a program asking for one table gets; DDS 3.1
    // sets up a solver context for each call).
    let secs = one_deal_a_call(&deals, reference.as_deref().unwrap_or_default())?;
    line(
        &mut out,
        format!(
            "  DDS 3.1 (linked; CalcDDtablePBN, one deal a call): {secs:.2} s ({:.1} ms a table); cardtree / this: {:.3}",
            1e3 * secs / deals.len().max(1) as f64,
            times[0] / secs
        ),
    );
    line(
        &mut out,
        format!(
            "BEN's pattern: {} positions (random deals, 4 to 20 random cards played), SolveAllBoards 200 a call, solutions 1 and 3 by turns",
            positions.len()
        ),
    );
    let mut ben_times = Vec::new();
    let mut answers: Option<Vec<Answer>> = None;
    let results = interleaved(entries.len(), &positions, 200, |j, chunk| {
        ben(&entries[j], chunk)
    })?;
    for (e, (a, nodes, secs)) in entries.iter().zip(results) {
        if let Some(want) = &answers {
            let differ = a.iter().zip(want).filter(|(x, y)| x != y).count();
            if differ > 0 {
                return Err(invalid!(
                    "{}: {differ} answers differ from cardtree's",
                    e.name
                ));
            }
        } else {
            answers = Some(a);
        }
        ben_times.push(secs);
        line(
            &mut out,
            format!(
                "  {}: {secs:.2} s ({:.2} ms a position, {nodes} trick nodes){}",
                e.name,
                1e3 * secs / positions.len().max(1) as f64,
                if ben_times.len() > 1 {
                    format!("; cardtree / this: {:.3}", ben_times[0] / secs)
                } else {
                    String::new()
                }
            ),
        );
    }
    let pool = SolverPool::new(threads, crate::bridge::table_memory::DEFAULT_TABLE_MIB)?;
    let [(lt, dt), (lb, db)] = interface_cost(&entries[0], &pool, &deals, &positions)?;
    line(
        &mut out,
        format!(
            "the C interface's cost, batch by batch in turns with the Rust library directly (SolverPool of {threads}, dd_table_in and query): tables {lt:.2} s against {dt:.2} s ({:+.1} %), BEN's {lb:.2} s against {db:.2} s ({:+.1} %)",
            100.0 * (lt / dt - 1.0),
            100.0 * (lb / db - 1.0)
        ),
    );
    if o.hands > 0 {
        line(
            &mut out,
            format!(
                "played hands: {} random deals of seed {} played out by random legal cards, AnalysePlayBin one hand a call (thread 0) and the core's trace, hand by hand in turns",
                o.hands, o.seed
            ),
        );
        for l in played_hands(&entries, o.hands, o.seed)? {
            line(&mut out, l);
        }
    }
    line(
        &mut out,
        format!(
            "every table, answer and trace agrees ({} tables, {} positions, {} hands; for solutions 1 the score)",
            deals.len(),
            positions.len(),
            o.hands
        ),
    );
    Ok(out)
}
