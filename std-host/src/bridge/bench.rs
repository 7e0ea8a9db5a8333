//! `cardtree bridge bench`: the solver's speed on a file of deals, every lead of each (or,
//! with `--tables`, every deal's whole table), one thread, and with `--dds` DDS's on the same
//! deals in the same run.

use crate::error::{Context, Error};
use std::fmt::Write as _;
use std::path::Path;

use cardtree::bridge::SolveStats;

use crate::bridge::bench_dds::DdsRival;
use crate::bridge::bench_dds::read_input;
use crate::bridge::bench_report::{
    BenchJson, BenchReport, Cost, SideJson, counts, deal_ids, ratio, repeat_note, set_median,
    timing, write_per_deal,
};
use crate::bridge::solve::{self, Task};

/// Runs the benchmark and returns its report; `per_deal` gets a CSV of every deal.
///
/// With `repeat` above 1, each deal's leads are solved that many times by cardtree and by DDS
/// in turns, and each one's time for the deal is the median of its runs (the answers and the
/// work checked the same every run).
pub fn run(
    path: &Path,
    mib: usize,
    dds: bool,
    per_deal: Option<&Path>,
    repeat: u32,
) -> Result<BenchReport, Error> {
    let text = read_input(path, dds)?;
    let tasks = read_tasks(&text, path)?;
    let mut table = crate::bridge::table_memory::host_table(mib);
    let mut rival = DdsRival::new(dds);
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let mut blocks = 0usize;
    let mut totals = SolveStats::default();
    let repeat = repeat.max(1) as usize;
    // Each deal's times, a run a repetition: cardtree's and DDS's. The first run's costs are
    // the deal's, their times then replaced by the runs' medians.
    let (mut my_ms, mut dds_ms) = (Vec::new(), Vec::new());
    for task in &tasks {
        my_ms.clear();
        dds_ms.clear();
        let mut first = Vec::new();
        for run in 0..repeat {
            // A fresh table each run: the table keeps what it learnt for the same deal.
            if run > 0 {
                table.clear();
            }
            let solved = solve::run(task, &mut table)?;
            my_ms.push(solved.ms);
            let st = solved.solution.stats;
            let mut cards: Vec<_> = solved.solution.cards.iter().copied().collect();
            cards.sort();
            if run == 0 {
                blocks = blocks.max(table.blocks_used());
                ours.push(Cost {
                    ms: solved.ms,
                    nodes: st.nodes,
                    tricks: st.tricks,
                    tests: st.tests,
                });
                totals.add(&st);
                first.clone_from(&cards);
            } else if ours.last().map(|c| c.tricks) != Some(st.tricks) || first != cards {
                // The same search every time: a card's value or a count that differs is a
                // fault.
                return Err(invalid!(
                    "cardtree's leads or work differ between two runs on {}",
                    task.pbn
                ));
            }
            if let Some(r) = &mut rival {
                let c = r.leads(task, &cards)?;
                dds_ms.push(c.ms);
                if run == 0 {
                    theirs.push(c);
                }
            }
        }
        set_median(&mut ours, &my_ms);
        if rival.is_some() {
            set_median(&mut theirs, &dds_ms);
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
        "deals: {} from {}, every lead, one thread{}",
        tasks.len(),
        path.display(),
        repeat_note(repeat)
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
        let ids = deal_ids(tasks.iter().map(|t| t.id.as_ref()));
        json.ratio = Some(ratio(&mut out, "DDS", &ours, theirs, &ids, "deals"));
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
    /// Runs of each deal (its leads, or with `tables` its table) by cardtree and each rival,
    /// in turns, whose median is the deal's time (1: one run).
    pub repeat: u32,
}

/// `cardtree bridge bench`: every lead of every deal of `o.file` ([`run`]) or, with
/// `o.tables`, every deal's whole table ([`tables`](crate::bridge::bench_tables::tables)),
/// the rivals beside it; the report where `output` says.
pub fn command(o: &Options, output: &crate::output::Output) -> Result<(), Error> {
    if o.rounds > 1 && o.threads == 1 {
        return Err(invalid!(
            "--rounds compares one thread with more: give --threads other than 1"
        ));
    }
    let report = if o.tables {
        crate::bridge::bench_tables::tables(
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
        run(&o.file, o.table_mib, o.dds, o.per_deal.as_deref(), o.repeat)?
    };
    output.emit(&if output.json {
        crate::json::sorted_line(&report.json)?
    } else {
        report.text
    })
}
