//! `cardtree bridge bench`: the solver's speed on a file of deals, every lead of each (or,
//! with `--tables`, every deal's whole table), one thread, and with `--dds` DDS's on the same
//! deals in the same run.

use crate::error::{Context, Error};
use std::fmt::Write as _;
use std::path::Path;

use cardtree::bridge::SolveStats;

use crate::bridge::bench_dds::DdsRival;
use crate::bridge::bench_report::{BenchJson, BenchReport, Cost, SideJson, counts, ratio, timing};
use crate::bridge::macroxue::Macroxue;
use crate::bridge::solve::{self, Task};
use crate::output;

/// The benchmark's input file, once `--dds` is known to be possible in this build.
pub(crate) fn read_input(path: &Path, dds: bool) -> Result<Vec<u8>, Error> {
    if dds && !cfg!(feature = "dds") {
        return Err(Error::Invalid(
            "--dds needs a build with the dds feature: cargo run --release -p cardtree-host --features dds -- bridge bench ...".into(),
        ));
    }
    std::fs::read(path).map_err(|e| Error::read(path, e))
}

/// Runs the benchmark and returns its report; `per_deal` gets a CSV of every deal.
pub fn run(
    path: &Path,
    mib: usize,
    dds: bool,
    per_deal: Option<&Path>,
) -> Result<BenchReport, Error> {
    let text = read_input(path, dds)?;
    let tasks = read_tasks(&text, path)?;
    let mut table = crate::bridge::table_memory::host_table(mib);
    let mut rival = DdsRival::new(dds);
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let mut blocks = 0usize;
    let mut totals = SolveStats::default();
    for task in &tasks {
        let solved = solve::run(task, &mut table)?;
        blocks = blocks.max(table.blocks_used());
        let st = solved.solution.stats;
        ours.push(Cost {
            ms: solved.ms,
            nodes: st.nodes,
            tricks: st.tricks,
            tests: st.tests,
        });
        totals.add(&st);
        if let Some(r) = &mut rival {
            let mut cards: Vec<_> = solved.solution.cards.iter().copied().collect();
            cards.sort();
            theirs.push(r.leads(task, &cards)?);
        }
    }
    if let Some(r) = &rival {
        r.finish()?;
    }
    let mine = timing(&ours, |c| c.ms);
    let (nodes, tricks) = (
        timing(&ours, |c| c.nodes as f64),
        timing(&ours, |c| c.tricks as f64),
    );
    let mut out = String::new();
    let _ = writeln!(
        out,
        "deals: {} from {}, every lead, one thread",
        tasks.len(),
        path.display()
    );
    let _ = writeln!(out, "cardtree: {mine}");
    let _ = writeln!(
        out,
        "cardtree nodes (card plays searched): {}",
        counts(&nodes)
    );
    let _ = writeln!(
        out,
        "cardtree tricks searched (DDS's node unit): {}",
        counts(&tricks)
    );
    let _ = writeln!(
        out,
        "cardtree table: {:.1} MiB, {} of {} blocks used at most; {} lookups, {} hits, {} stores, {} roots replaced, {} resets; peak search stack {} bytes",
        table.bytes() as f64 / f64::from(1 << 20),
        blocks,
        table.block_capacity(),
        totals.table.lookups,
        totals.table.hits,
        totals.table.stores,
        totals.table.replaced,
        totals.table.resets,
        totals.stack_bytes
    );
    let mut json = BenchJson {
        deals: tasks.len(),
        file: path.display().to_string(),
        unit: "every lead",
        cardtree: SideJson {
            ms: (&mine).into(),
            nodes: Some((&nodes).into()),
            tricks: Some((&tricks).into()),
            table_mib: Some(table.bytes() as f64 / f64::from(1 << 20)),
            table_blocks_used: Some(blocks),
            peak_stack_bytes: Some(totals.stack_bytes),
        },
        dds: None,
        ratio: None,
        macroxue: None,
        macroxue_ratio: None,
        threads: None,
    };
    let theirs = rival.is_some().then_some(theirs);
    if let Some(theirs) = &theirs {
        let t = timing(theirs, |c| c.ms);
        let dds_tricks = timing(theirs, |c| c.tricks as f64);
        let _ = writeln!(out, "DDS:      {t}");
        let _ = writeln!(out, "DDS nodes (tricks searched): {}", counts(&dds_tricks));
        json.ratio = Some(ratio(&mut out, "DDS", &mine, &t, tasks.len(), "deals"));
        json.dds = Some(SideJson {
            ms: (&t).into(),
            tricks: Some((&dds_tricks).into()),
            ..SideJson::default()
        });
    }
    if let Some(file) = per_deal {
        let ids = tasks.iter().map(|t| t.id.as_ref());
        write_per_deal(file, ids, &ours, &[("dds", theirs.as_deref())], true)?;
    }
    Ok(BenchReport { text: out, json })
}

/// Every line of `path` as a task, each checked to be a position before any is solved; a bad
/// line is an error naming it, and so is a file without deals.
pub(crate) fn read_tasks(text: &[u8], path: &Path) -> Result<Vec<Task>, Error> {
    let tasks = crate::input::lines(text)
        .map(|(i, line)| {
            line.and_then(solve::parse_line)
                .and_then(|task| task.position().map(|_| task))
                .with_context(|| format!("{}:{}", path.display(), i + 1))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    if tasks.is_empty() {
        return Err(invalid!("{}: no deals", path.display()));
    }
    Ok(tasks)
}

/// The per-deal CSV of a benchmark, written whole: `id,ms,nodes,tricks,tests`, then each rival's
/// `NAME_ms` (and `NAME_nodes` when `rival_nodes`, its count of tricks searched) for the
/// rivals that ran.
fn write_per_deal<'a>(
    out: &Path,
    ids: impl Iterator<Item = Option<&'a serde_json::Value>>,
    ours: &[Cost],
    rivals: &[(&str, Option<&[Cost]>)],
    rival_nodes: bool,
) -> Result<(), Error> {
    let ran: Vec<(&str, &[Cost])> = rivals
        .iter()
        .filter_map(|&(name, costs)| costs.map(|c| (name, c)))
        .collect();
    let mut csv = String::from("id,ms,nodes,tricks,tests");
    for (name, _) in &ran {
        let _ = write!(csv, ",{name}_ms");
        if rival_nodes {
            let _ = write!(csv, ",{name}_nodes");
        }
    }
    csv.push('\n');
    for (i, (id, c)) in ids.zip(ours).enumerate() {
        let id = id.map_or(i.to_string(), ToString::to_string);
        let _ = write!(csv, "{id},{:.3},{},{},{}", c.ms, c.nodes, c.tricks, c.tests);
        for (_, costs) in &ran {
            if let Some(d) = costs.get(i) {
                let _ = write!(csv, ",{:.3}", d.ms);
                if rival_nodes {
                    let _ = write!(csv, ",{}", d.tricks);
                }
            }
        }
        csv.push('\n');
    }
    output::write_atomic(out, csv.as_bytes()).map_err(|e| Error::write(out, e))
}

/// `cardtree bridge bench --tables`: the whole double-dummy table of every deal of `path`
/// (lines with a `pbn` field), one thread, a fresh table per deal; with `dds`, DDS's
/// CalcDDtable on the same deals in the same run, every cell compared; with `macroxue`, that
/// solver's binary on each deal right after cardtree's (alternating), every cell compared;
/// with `threads` other than 1, the same tables again on that many threads (0: one per core),
/// `rounds` times in turns with one thread when more than 1; with `repeat` above 1, each
/// deal's table that many times by cardtree and by each rival in turns, each one's time for
/// the deal being the median of its runs.
#[allow(clippy::too_many_arguments)]
pub fn tables(
    path: &Path,
    mib: usize,
    dds: bool,
    macroxue: Option<&Path>,
    per_deal: Option<&Path>,
    threads: usize,
    rounds: u32,
    repeat: u32,
) -> Result<BenchReport, Error> {
    let text = read_input(path, dds)?;
    let boards = crate::input::lines(&text)
        .map(|(i, line)| {
            line.and_then(|line| crate::bridge::hand_record::parse_line(line, i))
                .with_context(|| format!("{}:{}", path.display(), i + 1))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    if boards.is_empty() {
        return Err(invalid!("{}: no deals", path.display()));
    }
    let rival = macroxue.map(Macroxue::new).transpose()?;
    let mut dds_rival = DdsRival::new(dds);
    let mut table = crate::bridge::table_memory::host_table(mib);
    let (mut ours, mut solved, mut xue, mut theirs) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let repeat = repeat.max(1) as usize;
    // Each deal's times, a run a repetition: cardtree's, DDS's, macroxue's.
    let (mut my_ms, mut dds_ms, mut xue_ms) = (Vec::new(), Vec::new(), Vec::new());
    for b in &boards {
        my_ms.clear();
        dds_ms.clear();
        xue_ms.clear();
        let mut first: Option<Cost> = None;
        let mut dds_first: Option<Cost> = None;
        for _ in 0..repeat {
            let r = crate::bridge::hand_record::solve(b, &mut table)?;
            my_ms.push(r.ms);
            if let Some(f) = &first {
                // The same search every time: a table or a count that differs is a fault.
                if f.tricks != r.stats.tricks || solved.last() != Some(&r.table) {
                    return Err(invalid!(
                        "cardtree's table or work differs between two runs on {}",
                        b.pbn
                    ));
                }
            } else {
                first = Some(Cost {
                    ms: r.ms,
                    nodes: r.stats.nodes,
                    tricks: r.stats.tricks,
                    tests: r.stats.tests,
                });
                solved.push(r.table);
            }
            if let Some(d) = &mut dds_rival {
                let c = d.table(b, &r.table)?;
                dds_ms.push(c.ms);
                dds_first.get_or_insert(c);
            }
            if let Some(m) = &rival {
                let (theirs, ms) = m.table(&b.deal)?;
                if theirs != r.table {
                    return Err(invalid!(
                        "macroxue's table differs from cardtree's on {}",
                        b.pbn
                    ));
                }
                xue_ms.push(ms);
            }
        }
        if let Some(c) = first {
            ours.push(Cost {
                ms: median_ms(&mut my_ms),
                ..c
            });
        }
        if let Some(c) = dds_first {
            theirs.push(Cost {
                ms: median_ms(&mut dds_ms),
                ..c
            });
        }
        if rival.is_some() {
            xue.push(Cost {
                ms: median_ms(&mut xue_ms),
                ..Cost::default()
            });
        }
    }
    let mine = timing(&ours, |c| c.ms);
    let tricks = timing(&ours, |c| c.tricks as f64);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "deals: {} from {}, whole tables (20 declarer-strain solves each), one thread{}",
        boards.len(),
        path.display(),
        if repeat > 1 {
            format!("; each deal {repeat} times in turns, its median time")
        } else {
            String::new()
        }
    );
    let _ = writeln!(out, "cardtree: {mine}");
    let _ = writeln!(
        out,
        "cardtree tricks searched (DDS's node unit): {}",
        counts(&tricks)
    );
    let mut json = BenchJson {
        deals: boards.len(),
        file: path.display().to_string(),
        unit: "whole tables",
        cardtree: SideJson {
            ms: (&mine).into(),
            tricks: Some((&tricks).into()),
            ..SideJson::default()
        },
        dds: None,
        ratio: None,
        macroxue: None,
        macroxue_ratio: None,
        threads: None,
    };
    if threads != 1 {
        json.threads = Some(crate::bridge::bench_threads::run(
            &boards, &solved, mib, threads, rounds, mine.total, &mut out,
        )?);
    }
    let theirs = dds_rival.is_some().then_some(theirs);
    if let Some(theirs) = &theirs {
        let t = timing(theirs, |c| c.ms);
        let _ = writeln!(out, "DDS:      {t}");
        json.ratio = Some(ratio(&mut out, "DDS", &mine, &t, boards.len(), "tables"));
        json.dds = Some(SideJson {
            ms: (&t).into(),
            ..SideJson::default()
        });
    }
    if rival.is_some() {
        let t = timing(&xue, |c| c.ms);
        let _ = writeln!(out, "macroxue: {t} (its process, wall clock)");
        json.macroxue_ratio = Some(ratio(
            &mut out,
            "macroxue",
            &mine,
            &t,
            boards.len(),
            "tables",
        ));
        json.macroxue = Some(SideJson {
            ms: (&t).into(),
            ..SideJson::default()
        });
    }
    if let Some(file) = per_deal {
        let ids = boards.iter().map(|b| b.id.as_ref());
        let rivals = [
            ("dds", theirs.as_deref()),
            ("macroxue", rival.is_some().then_some(&xue[..])),
        ];
        write_per_deal(file, ids, &ours, &rivals, false)?;
    }
    Ok(BenchReport { text: out, json })
}

/// The median of `ms` (the mean of the middle two when their number is even; 0 when empty),
/// `ms` left sorted.
fn median_ms(ms: &mut [f64]) -> f64 {
    ms.sort_by(f64::total_cmp);
    let n = ms.len();
    match n {
        0 => 0.0,
        _ if n % 2 == 1 => ms[n / 2],
        _ => (ms[n / 2 - 1] + ms[n / 2]) / 2.0,
    }
}

/// What `cardtree bridge bench` is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    /// The deals.
    pub file: std::path::PathBuf,
    /// Table memory a thread, in MiB.
    pub table_mib: usize,
    /// DDS beside cardtree.
    pub dds: bool,
    /// macroxue's solver binary beside cardtree (with `tables`).
    pub macroxue: Option<std::path::PathBuf>,
    /// Each deal's costs to this CSV file.
    pub per_deal: Option<std::path::PathBuf>,
    /// Whole tables instead of every lead.
    pub tables: bool,
    /// With `tables`: also on this many threads (1: not; 0: one per core).
    pub threads: usize,
    /// With `threads`: rounds of one thread then the threads, in turns (1: the threads
    /// against the first pass's times).
    pub rounds: u32,
    /// With `tables`: runs of each deal's table by cardtree and each rival, in turns, whose
    /// median is the deal's time (1: one run).
    pub repeat: u32,
}

/// `cardtree bridge bench`: every lead of every deal of `o.file` ([`run`]) or, with
/// `o.tables`, every deal's whole table ([`tables`]), the rivals beside it; the report where
/// `output` says.
pub fn command(o: &Options, output: &crate::output::Output) -> Result<(), Error> {
    if o.rounds > 1 && o.threads == 1 {
        return Err(invalid!(
            "--rounds compares one thread with more: give --threads other than 1"
        ));
    }
    let report = if o.tables {
        tables(
            &o.file,
            o.table_mib,
            o.dds,
            o.macroxue.as_deref(),
            o.per_deal.as_deref(),
            o.threads,
            o.rounds,
            o.repeat,
        )?
    } else if o.macroxue.is_some() {
        return Err(invalid!("--macroxue times whole tables: give --tables too"));
    } else {
        run(&o.file, o.table_mib, o.dds, o.per_deal.as_deref())?
    };
    output.emit(&if output.json {
        crate::json::sorted_line(&report.json)?
    } else {
        report.text
    })
}
