//! The experiment runner every experiment shares: parallel work items with seeds derived from
//! the item, a progress bar, shards, merging, resuming, and whole-or-nothing output files.
//!
//! An experiment is a fixed, numbered list of *work items* (for McKay's grid, one item is one
//! (constant, power) cell on one deal). Item `k` draws its random numbers from
//! [`cardtree::rng::stream`]`(seed, k)` and nothing else, so its result does not depend on the
//! thread that runs it, the number of threads, the shard, or whether the run was interrupted.
//!
//! A run writes into an output directory:
//! - `manifest.json`: the experiment kind, its fingerprint (every argument that determines the
//!   results), the number of items, the columns, the shard, and whether the run is complete;
//! - `journal.jsonl` while running: one line per finished item, appended and flushed as each
//!   item finishes. A run started again with the same arguments and directory reads it and
//!   runs only the missing items (a line cut short by a crash is dropped and its item rerun);
//! - when every item of the shard is done: `raw.csv` (column `item` first, rows in item order)
//!   and, for an unsharded run, the experiment's summary files; the journal is then removed.
//!
//! `--shard i/n` runs the items `k` with `k % n == i - 1`. [`merge`] checks that a set of
//! complete shard directories holds every item exactly once and writes the output an
//! unsharded run would have written, byte for byte: summaries are always computed from the
//! rows as `raw.csv` holds them, and no output holds a time or a thread count.

use crate::error::{Context, Error};
mod csv;
mod journal;
mod manifest;
mod merge;
pub mod plan;
pub mod record;
mod shard;

use std::path::{Path, PathBuf};
use web_time::Instant;

use crate::progress::Bar;
use serde::Serialize;
use serde::de::DeserializeOwned;

pub use csv::Table;
use journal::Journal;
pub use manifest::Manifest;
pub use merge::merge;
pub use shard::Shard;

use crate::output;
use crate::workers::Flow;

/// One output file: a name inside the output directory and its bytes.
pub type OutputFile = (String, Vec<u8>);

/// A row of a work item's result: one string per column.
pub type Row = Vec<String>;

/// An experiment the runner can run: a numbered list of deterministic work items.
pub trait Experiment: Sync {
    /// Scratch memory one thread reuses from item to item (a search tree, a table).
    type Worker;

    /// The experiment's kind, as `cardtree experiment <kind>` names it; [`merge`] finds the
    /// summary by it.
    fn kind(&self) -> &'static str;

    /// Every argument that determines the items' results (not the shard, the thread count or
    /// the output directory), as the manifest records it and the summary reads it back.
    type Fingerprint: Serialize + DeserializeOwned;

    /// This run's fingerprint. A run resumes only a directory with the same fingerprint.
    fn fingerprint(&self) -> Result<Self::Fingerprint, Error>;

    /// One row of an item's result: a struct of plain fields, one per column of `raw.csv`
    /// after `item` (the columns are its field names, in order).
    type Record: Serialize + DeserializeOwned + Default;

    /// How many items the whole experiment has.
    fn len(&self) -> usize;

    /// Whether there are no items.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Creates one thread's scratch memory.
    fn worker(&self) -> Self::Worker;

    /// Runs item `index` with the generator of `rng::stream(seed, index)`, which this function
    /// creates from the experiment's own seed. Returns its rows.
    fn run(&self, worker: &mut Self::Worker, index: usize) -> Result<Vec<Self::Record>, Error>;
}

/// Turns every row of a complete run into the summary files (besides `raw.csv`), given the
/// run's fingerprint as its manifest holds it (each experiment reads it back as its own
/// [`Experiment::Fingerprint`] with [`fingerprint`]).
pub type Summarizer =
    fn(fingerprint: &serde_json::Value, table: &Table) -> Result<Vec<OutputFile>, Error>;

/// A manifest's fingerprint read back as an experiment's own type.
pub fn fingerprint<F: DeserializeOwned>(value: &serde_json::Value) -> Result<F, Error> {
    F::deserialize(value).map_err(|e| invalid!("manifest: fingerprint: {e}"))
}

/// How to run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The output directory (created if missing).
    pub out: PathBuf,
    /// Which part of the items to run.
    pub shard: Shard,
    /// Worker threads; 0 means one per core.
    pub threads: usize,
    /// Whether to draw a progress bar (it is drawn only on a terminal in any case).
    pub progress: bool,
}

/// What a run did.
#[derive(Clone, Debug, PartialEq)]
pub struct RunReport {
    /// Items of this shard.
    pub items: usize,
    /// Items found finished in the journal (resumed).
    pub resumed: usize,
    /// Items run now.
    pub ran: usize,
    /// Wall time of the items run now, in seconds.
    pub seconds: f64,
    /// Worker threads used.
    pub threads: usize,
    /// Files written, relative to the output directory.
    pub files: Vec<String>,
}

/// Runs `experiment` (or the rest of it, when its directory holds an interrupted run of the
/// same arguments) and writes its outputs; `summarize` makes the summary files of an
/// unsharded run.
pub fn run<E: Experiment>(
    experiment: &E,
    summarize: Summarizer,
    options: &RunOptions,
) -> Result<RunReport, Error> {
    let dir = &options.out;
    std::fs::create_dir_all(dir).map_err(|e| Error::create(dir, e))?;
    let manifest = Manifest {
        kind: experiment.kind().to_string(),
        fingerprint: serde_json::to_value(experiment.fingerprint()?).map_err(Error::Json)?,
        items: experiment.len(),
        columns: record::columns(&E::Record::default())?,
        shard: options.shard,
        complete: false,
    };
    let existing = Manifest::read(dir)?;
    if let Some(old) = &existing {
        old.check_same_run(&manifest, dir)?;
        if old.complete {
            return Ok(RunReport {
                items: options.shard.count(manifest.items),
                resumed: options.shard.count(manifest.items),
                ran: 0,
                seconds: 0.0,
                threads: 0,
                files: Vec::new(),
            });
        }
    } else {
        manifest.write(dir)?;
    }

    let mine: Vec<usize> = options.shard.items(manifest.items).collect();
    let (journal, done) = Journal::open(&dir.join(journal::FILE), &mine, manifest.columns.len())?;
    let pending: Vec<usize> = mine
        .iter()
        .copied()
        .filter(|k| !done.contains_key(k))
        .collect();
    let resumed = done.len();

    let start = Instant::now();
    let (results, threads) = run_items(experiment, &pending, journal, options)?;
    let seconds = start.elapsed().as_secs_f64();

    let mut all = done;
    all.extend(results);
    let table = Table::from_items(manifest.columns.clone(), &mine, &mut all)?;
    let mut files = vec![("raw.csv".to_string(), table.to_csv().into_bytes())];
    if options.shard.is_whole() {
        files.extend(summarize(&manifest.fingerprint, &table)?);
    }
    let names = write_outputs(dir, &files)?;
    Manifest {
        complete: true,
        ..manifest
    }
    .write(dir)?;
    journal::remove(&dir.join(journal::FILE))?;
    Ok(RunReport {
        items: mine.len(),
        resumed,
        ran: pending.len(),
        seconds,
        threads,
        files: names,
    })
}

/// Runs `pending` on the workers ([`crate::workers::for_each`]); each finished item goes to the
/// journal at once. Stops at the first error.
fn run_items<E: Experiment>(
    experiment: &E,
    pending: &[usize],
    mut journal: Journal,
    options: &RunOptions,
) -> Result<(std::collections::BTreeMap<usize, Vec<Row>>, usize), Error> {
    let bar = Bar::new(pending.len(), options.progress, "items");
    let mut error = None;
    let mut results = std::collections::BTreeMap::new();
    let threads = crate::workers::for_each(
        pending,
        options.threads,
        || experiment.worker(),
        |worker, _, &index| {
            experiment
                .run(worker, index)
                .and_then(|records| {
                    records
                        .iter()
                        .map(record::to_row)
                        .collect::<Result<Vec<Row>, Error>>()
                })
                .with_context(|| format!("item {index}"))
                .map(|rows| (index, rows))
        },
        |_, outcome| {
            let appended = outcome
                .and_then(|(index, rows)| journal.append(index, &rows).map(|()| (index, rows)));
            match appended {
                Ok((index, rows)) => {
                    results.insert(index, rows);
                    bar.inc(1);
                    Flow::Continue
                }
                Err(e) => {
                    error.get_or_insert(e);
                    Flow::Stop
                }
            }
        },
    )?;
    bar.finish_and_clear();
    match error {
        Some(e) => Err(e),
        None => Ok((results, threads)),
    }
}

/// Writes every file atomically into `dir`; returns their names.
fn write_outputs(dir: &Path, files: &[OutputFile]) -> Result<Vec<String>, Error> {
    let mut names = Vec::new();
    for (name, bytes) in files {
        let path = dir.join(name);
        output::write_atomic(&path, bytes).map_err(|e| Error::write(&path, e))?;
        names.push(name.clone());
    }
    Ok(names)
}

/// Reports a finished run: [`describe`]'s line on standard error, then, for a whole run (not
/// a shard), the `summary.md` it wrote on standard output.
pub fn report(report: &RunReport, options: &RunOptions) -> Result<(), Error> {
    eprintln!("cardtree: {}", describe(report, &options.out));
    if !options.shard.is_whole() {
        return Ok(());
    }
    let path = options.out.join("summary.md");
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            print!("{text}");
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(Error::read(&path, e)),
    }
}

/// A one-line report of a run for standard error.
pub fn describe(report: &RunReport, dir: &Path) -> String {
    let rate = if report.seconds > 0.0 {
        report.ran as f64 / report.seconds
    } else {
        0.0
    };
    format!(
        "{} items ({} resumed, {} run in {:.1} s on {} threads, {:.2} items/s); wrote {} in {}",
        report.items,
        report.resumed,
        report.ran,
        report.seconds,
        report.threads,
        rate,
        if report.files.is_empty() {
            "nothing (already complete)".to_string()
        } else {
            report.files.join(", ")
        },
        dir.display()
    )
}
