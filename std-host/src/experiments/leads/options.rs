//! `cardtree experiment leads`: its options and the run.

use std::path::PathBuf;

use crate::error::{Context, Error};
use crate::experiments::leads::{
    Leads, parse_ismcts_rows, parse_layouts, parse_uct_rows, summarize,
};
use crate::experiments::mckay::read_deals;
use crate::runner::{self, RunOptions};

/// The options of `cardtree experiment leads` (the flags of the same names).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Deals in the JSON-lines format of `tests/data/bridge/`.
    pub deals: PathBuf,
    /// Seed of the run.
    pub seed: u64,
    /// The solver rows: numbers of layouts, comma-separated.
    pub layouts: String,
    /// The PIMC-with-UCT rows, `LAYOUTSxPLAYOUTS:c:p`, comma-separated, or `none`.
    pub uct: String,
    /// The ISMCTS rows, `ITERATIONS:c:p`, comma-separated, or `none`.
    pub ismcts: String,
    /// Transposition-table memory per thread, in MiB.
    pub table_mib: usize,
}

/// Runs `cardtree experiment leads` and reports what it wrote.
pub fn run(o: &Options, run: &RunOptions) -> Result<(), Error> {
    let text = std::fs::read(&o.deals).map_err(|e| Error::read(&o.deals, e))?;
    let source = o
        .deals
        .file_name()
        .map_or("deals".to_string(), |n| n.to_string_lossy().into_owned());
    let deals = read_deals(&text, &source, o.table_mib)?;
    let experiment = Leads {
        deals,
        source,
        seed: o.seed,
        solver_layouts: parse_layouts(&o.layouts).context("--layouts")?,
        uct: parse_uct_rows(&o.uct).context("--uct")?,
        ismcts: parse_ismcts_rows(&o.ismcts).context("--ismcts")?,
        table_mib: o.table_mib,
    };
    let report = runner::run(&experiment, summarize, run)?;
    runner::report(&report, run)
}
