//! `cardtree bridge solve`: the double-dummy solver over PBN deals and JSON-lines files.

use crate::error::{Context, Error};
use std::fmt::Write as _;
use web_time::Instant;

use cardtree::bridge::{
    BridgePlay, Solution, SolverConfig, Strain, TableMemory, TransTable, solve_with,
};
use cardtree::{Card, Seat, SizeRule, pbn};
use serde::Serialize;

use crate::bridge::table_memory::{HostTable, host_table};
use crate::json::{Fixed, Ordered};
use crate::text::parse_seat;

/// One position to solve: a deal (full, or an ending at a trick boundary), strain and leader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    /// The input's `id`, echoed in the output.
    pub id: Option<serde_json::Value>,
    /// The PBN deal.
    pub pbn: String,
    /// The player on lead.
    pub leader: Seat,
    /// The strain.
    pub strain: Strain,
}

impl Task {
    /// The position to solve: the deal with its strain and leader.
    pub fn position(&self) -> Result<BridgePlay, Error> {
        let deal = pbn::parse(&self.pbn, SizeRule::Equal).map_err(Error::from)?;
        BridgePlay::new(&deal, self.strain, self.leader).map_err(Error::from)
    }
}

/// A solved task.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The solver's answer.
    pub solution: Solution,
    /// Wall-clock milliseconds.
    pub ms: f64,
}

/// Reads one line of the `tests/data/bridge/` format: `pbn`, `leader`, `trump`, optional `id`
/// (any `tricks` is ignored).
pub fn parse_line(line: &str) -> Result<Task, Error> {
    let v: serde_json::Value = serde_json::from_str(line).map_err(Error::Json)?;
    let field = |name: &str| {
        v.get(name)
            .and_then(serde_json::Value::as_str)
            .ok_or_else(|| invalid!("missing string field {name:?}"))
    };
    let pbn = field("pbn")?.to_string();
    let leader = parse_seat(field("leader")?).context("leader")?;
    let strain = field("trump")?.parse::<Strain>().context("trump")?;
    Ok(Task {
        id: v.get("id").cloned(),
        pbn,
        leader,
        strain,
    })
}

/// Solves one task with `table`.
pub fn run<M: TableMemory>(task: &Task, table: &mut TransTable<M>) -> Result<Solved, Error> {
    run_with(task, table, &SolverConfig::default())
}

/// Solves one task with `table` and the solver's techniques as `config` says.
pub fn run_with<M: TableMemory>(
    task: &Task,
    table: &mut TransTable<M>,
    config: &SolverConfig,
) -> Result<Solved, Error> {
    let position = task.position()?;
    let start = Instant::now();
    let solution = solve_with(&position, table, config);
    Ok(Solved {
        solution,
        ms: start.elapsed().as_secs_f64() * 1e3,
    })
}

/// A solved deal as JSON.
#[derive(Serialize)]
struct SolvedLine<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a serde_json::Value>,
    tricks: Ordered<Card, u8>,
    best: u8,
    nodes: u64,
    ms: Fixed<3>,
}

/// `{"tricks":{"SA":9,...},"best":9,"nodes":N,"ms":T}`, with `"id"` first when given.
pub fn to_json(id: Option<&serde_json::Value>, s: &Solved) -> Result<String, Error> {
    let line = SolvedLine {
        id,
        tricks: Ordered(s.solution.cards.iter().copied().collect()),
        best: s.solution.best,
        nodes: s.solution.stats.nodes,
        ms: Fixed(Some(s.ms)),
    };
    serde_json::to_string(&line).map_err(Error::Json)
}

/// `SA 9  SK 9 ...  best 9`, for people.
pub fn to_text(s: &Solved) -> String {
    let mut out = String::new();
    for (card, n) in &s.solution.cards {
        let _ = write!(out, "{card} {n}  ");
    }
    let _ = write!(
        out,
        "best {} ({} nodes, {:.1} ms)",
        s.solution.best, s.solution.stats.nodes, s.ms
    );
    out
}

/// Solves every line of a JSON-lines file on `threads` threads (each with its own table of
/// `mib` MiB), handing `emit` each line's output or error in line order as it is ready.
pub fn solve_lines(
    text: &[u8],
    threads: usize,
    mib: usize,
    json: bool,
    emit: impl FnMut(usize, Result<String, Error>) -> Result<(), Error> + Send,
) -> Result<(), Error> {
    each_line(
        text,
        threads,
        mib,
        |table, line, _| {
            let task = parse_line(line)?;
            let solved = run(&task, table)?;
            Ok(if json {
                to_json(task.id.as_ref(), &solved)?
            } else {
                let id = task.id.map_or(String::new(), |v| format!("{v}: "));
                format!("{id}{}", to_text(&solved))
            })
        },
        emit,
    )
}

/// [`solve_lines`]'s results, gathered: per input line in order, the output line or the error.
pub fn run_lines(
    text: &[u8],
    threads: usize,
    mib: usize,
    json: bool,
) -> Vec<Result<String, Error>> {
    gather(|emit| solve_lines(text, threads, mib, json, emit))
}

/// Every result a line-by-line run hands its `emit`, in order (an error of the run itself, if
/// one stops it, as the last).
pub fn gather(
    run: impl FnOnce(
        &mut (dyn FnMut(usize, Result<String, Error>) -> Result<(), Error> + Send),
    ) -> Result<(), Error>,
) -> Vec<Result<String, Error>> {
    let mut all = Vec::new();
    let mut push = |_, r| {
        all.push(r);
        Ok(())
    };
    if let Err(e) = run(&mut push) {
        all.push(Err(e));
    }
    all
}

/// `f(table, line, index)` (index from 0) for every line of `text` on `threads` threads, each
/// with its own table of `mib` MiB, `emit` given each line's output or error in line order as
/// soon as it and the lines before it are done (so the output streams, holding only the
/// results that finished ahead of an earlier line). An empty line is an error, and so is a
/// line that is not UTF-8: the others go on.
pub fn each_line(
    text: &[u8],
    threads: usize,
    mib: usize,
    f: impl Fn(&mut HostTable, &str, usize) -> Result<String, Error> + Sync,
    emit: impl FnMut(usize, Result<String, Error>) -> Result<(), Error> + Send,
) -> Result<(), Error> {
    let lines: Vec<(usize, Result<&str, Error>)> = crate::input::lines(text).collect();
    crate::workers::for_each_in_order(
        &lines,
        threads,
        || host_table(mib),
        |table, _, (index, line)| {
            let (index, line) = (*index, line.as_ref().map_err(|e| invalid!("{e}"))?);
            if line.trim().is_empty() {
                return Err(Error::Invalid("empty line".into()));
            }
            f(table, line, index)
        },
        emit,
    )
}

/// The options of `cardtree bridge solve` (the flags of the same names).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// One deal, PBN (or else `file`).
    pub deal: Option<String>,
    /// The player on lead (with `deal`).
    pub leader: Seat,
    /// The strain (with `deal`).
    pub trump: Strain,
    /// A JSON-lines file of deals.
    pub file: Option<std::path::PathBuf>,
    /// Worker threads for `file` (0: one per core).
    pub threads: usize,
    /// Transposition-table memory per thread, in MiB.
    pub table_mib: usize,
}

/// `cardtree bridge solve`: every card of the player on lead, for one deal or every line of a
/// file (a bad line reported with its number, the others still solved).
pub fn command(o: &Options, output: &crate::output::Output) -> Result<(), Error> {
    if let Some(pbn) = &o.deal {
        let task = Task {
            id: None,
            pbn: pbn.clone(),
            leader: o.leader,
            strain: o.trump,
        };
        let solved = run(&task, &mut host_table(o.table_mib))?;
        let line = if output.json {
            to_json(None, &solved)?
        } else {
            to_text(&solved)
        };
        return output.emit(&format!("{line}\n"));
    }
    let Some(path) = &o.file else {
        return Err(Error::Invalid("give --deal or --file".into()));
    };
    let text = std::fs::read(path).map_err(|e| Error::read(path, e))?;
    let mut report = crate::output::LineReport::new(path, output, web_time::Instant::now())?;
    solve_lines(&text, o.threads, o.table_mib, output.json, |i, r| {
        report.line(i, r)
    })?;
    report.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timing_of_a_hundred_and_of_ten() {
        let hundred: Vec<f64> = (1..=100).map(f64::from).collect();
        let t = Timing::of(&hundred);
        assert_eq!(
            (t.median, t.p99, t.max, t.total),
            (50.5, 99.0, 100.0, 5050.0)
        );
        let ten: Vec<f64> = (1..=10).rev().map(f64::from).collect();
        assert_eq!(Timing::of(&ten).p99, 10.0);
        assert_eq!(Timing::of(&[]).p99, 0.0);
    }

    #[test]
    fn lines_and_errors() {
        let text = concat!(
            r#"{"id":7,"pbn":"N:AK... 32... QJ... 54...","leader":"N","trump":"NT","tricks":{}}"#,
            "\n",
            r#"{"id":8,"pbn":"N:AK...","leader":"N","trump":"NT"}"#,
            "\n",
            "not json\n",
            r#"{"pbn":"N:AK... 32... QJ... 54...","leader":"X","trump":"NT"}"#,
            "\n",
        );
        let out = run_lines(text.as_bytes(), 2, 1, true);
        assert_eq!(out.len(), 4);
        let first = out[0].as_ref().unwrap();
        assert!(
            first.starts_with(r#"{"id":7,"tricks":{"SA":2,"SK":2},"best":2,"nodes":"#),
            "{first}"
        );
        assert!(
            out[1].as_ref().unwrap_err().to_string().contains("hands"),
            "{:?}",
            out[1]
        );
        assert!(
            out[2]
                .as_ref()
                .unwrap_err()
                .to_string()
                .starts_with("not JSON")
        );
        assert!(
            out[3]
                .as_ref()
                .unwrap_err()
                .to_string()
                .starts_with("leader")
        );
    }
}

/// Per-deal timing statistics in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// The median.
    pub median: f64,
    /// The mean.
    pub mean: f64,
    /// The 99th percentile (nearest rank: the smallest value at least 99 % of them reach).
    pub p99: f64,
    /// The largest.
    pub max: f64,
    /// The sum.
    pub total: f64,
}

impl Timing {
    /// The statistics of `ms` (zeros when empty).
    pub fn of(ms: &[f64]) -> Timing {
        if ms.is_empty() {
            return Timing {
                median: 0.0,
                mean: 0.0,
                p99: 0.0,
                max: 0.0,
                total: 0.0,
            };
        }
        let mut sorted = ms.to_vec();
        sorted.sort_by(f64::total_cmp);
        let n = sorted.len();
        let median = if n % 2 == 1 {
            sorted[n / 2]
        } else {
            (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
        };
        let total: f64 = sorted.iter().sum();
        Timing {
            median,
            mean: total / n as f64,
            p99: sorted[(n * 99).div_ceil(100).max(1) - 1],
            max: sorted[n - 1],
            total,
        }
    }
}

impl std::fmt::Display for Timing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "median {:.2} ms, mean {:.2} ms, p99 {:.1} ms, max {:.1} ms, total {:.2} s",
            self.median,
            self.mean,
            self.p99,
            self.max,
            self.total / 1e3
        )
    }
}
