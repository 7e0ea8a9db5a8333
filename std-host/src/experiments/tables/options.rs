//! `cardtree experiment tables`: its options and the run.

use std::path::PathBuf;

use crate::error::Error;
use crate::experiments::tables::{Boards, Format, Tables, summarize};
use crate::runner::{self, RunOptions};
use crate::shared_opts::TABLE_MIB;
use crate::spec::{Given, OptSpec, Spec, SpecError, had};

/// The options of `cardtree experiment tables` (the flags of the same names).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The input file.
    pub file: PathBuf,
    /// Its format.
    pub format: Format,
    /// Transposition-table memory per thread, in MiB.
    pub table_mib: usize,
}

/// Runs `cardtree experiment tables` and reports what it wrote.
pub fn run(o: &Options, run: &RunOptions) -> Result<(), Error> {
    let experiment = Tables {
        boards: Boards::read(&o.file, o.format)?,
        table_mib: o.table_mib,
    };
    let report = runner::run(&experiment, summarize, run)?;
    if report.ran > 0 {
        eprintln!(
            "cardtree: {:.1} boards/s on {} threads",
            report.ran as f64 / report.seconds.max(1e-9),
            report.threads
        );
    }
    runner::report(&report, run)
}

impl Spec for Options {
    const COMMAND: &'static str = "experiment tables";
    const OPTIONS: &'static [OptSpec] = &[TABLE_MIB];

    /// The options, `file` empty (the file the command line names, with its format).
    fn from_given(g: &Given) -> Result<Options, SpecError> {
        Ok(Options {
            file: PathBuf::new(),
            format: Format::Jsonl,
            table_mib: had(&TABLE_MIB, g.whole(&TABLE_MIB))? as usize,
        })
    }
}
