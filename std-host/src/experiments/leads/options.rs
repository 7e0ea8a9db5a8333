//! `cardtree experiment leads`: its options and the run.

use std::path::PathBuf;

use crate::error::{Context, Error};
use crate::experiments::leads::{
    Leads, parse_ismcts_rows, parse_layouts, parse_uct_rows, summarize,
};
use crate::experiments::mckay::read_deals;
use crate::runner::{self, RunOptions};
use crate::shared_opts::{TABLE_MIB, reads, seed};
use crate::spec::{Fallback, Given, OptSpec, Spec, SpecError, had};

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

const SEED: OptSpec = seed("Seed of the run: deal d's layouts come from stream (seed, d)");
const LAYOUTS: OptSpec = OptSpec::text(
    "layouts",
    "The solver rows: numbers of layouts (each row is a prefix of the largest)",
    Fallback::Text("10,30,100,300"),
)
.limited(|v| reads(v, parse_layouts));
const UCT: OptSpec = OptSpec::text(
    "uct",
    "The PIMC-with-UCT rows, LAYOUTSxPLAYOUTS:c:p, comma-separated (\"none\" for none)",
    Fallback::Text("300x1000:16:1,300x1000:16:8,100x5000:16:1,100x5000:16:8"),
)
.limited(|v| reads(v, parse_uct_rows));
const ISMCTS: OptSpec = OptSpec::text(
    "ismcts",
    "The ISMCTS rows, ITERATIONS:c:p, comma-separated (\"none\" for none)",
    Fallback::Text("100000:16:1,100000:16:8,1000000:16:1"),
)
.limited(|v| reads(v, parse_ismcts_rows));

impl Spec for Options {
    const COMMAND: &'static str = "experiment leads";
    const OPTIONS: &'static [OptSpec] = &[SEED, LAYOUTS, UCT, ISMCTS, TABLE_MIB];

    /// The options, `deals` empty (the file the command line names).
    fn from_given(g: &Given) -> Result<Options, SpecError> {
        Ok(Options {
            deals: PathBuf::new(),
            seed: had(&SEED, g.whole(&SEED))?,
            layouts: had(&LAYOUTS, g.text(&LAYOUTS)?)?.to_string(),
            uct: had(&UCT, g.text(&UCT)?)?.to_string(),
            ismcts: had(&ISMCTS, g.text(&ISMCTS)?)?.to_string(),
            table_mib: had(&TABLE_MIB, g.whole(&TABLE_MIB))? as usize,
        })
    }
}
