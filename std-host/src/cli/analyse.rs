//! `cardtree bridge analyse`'s arguments (the driver is `crate::bridge::analyse`).

use std::path::PathBuf;

use clap::Args;

use crate::bridge::analyse::{self, Format};
use crate::bridge::solve::DEFAULT_TABLE_MIB;
use crate::error::Error;

/// The boards of a LIN or PBN record, judged double dummy.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["lin", "pbn"])))]
pub struct AnalyseArgs {
    /// A LIN file (or a file holding a hand viewer's address).
    #[arg(long)]
    pub lin: Option<PathBuf>,
    /// A PBN file with Auction (or Contract and Declarer) and Play sections.
    #[arg(long)]
    pub pbn: Option<PathBuf>,
    /// Worker threads, each with its own table (default: one per core). Results do not
    /// depend on it.
    #[arg(long, default_value_t = 0, value_parser = crate::limits::threads)]
    pub threads: usize,
    /// Transposition-table memory per thread, in MiB.
    #[arg(long, value_parser = crate::limits::table_mib, default_value_t = DEFAULT_TABLE_MIB)]
    pub table_mib: usize,
    /// Print JSON lines instead of text.
    #[arg(long)]
    pub json: bool,
    /// Write into this folder (made if missing) instead of printing: the report
    /// (report.txt, or report.jsonl with --json), the boards as PBN with each costly card
    /// marked (analysed.pbn) and the trace of each board as a picture (board-N.svg); each
    /// file whole or not at all.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

impl AnalyseArgs {
    /// Runs the command.
    pub fn run(self) -> Result<(), Error> {
        let (path, format) = match (self.lin, self.pbn) {
            (Some(p), _) => (p, Format::Lin),
            (None, Some(p)) => (p, Format::Pbn),
            (None, None) => return Err(Error::Invalid("give --lin or --pbn".into())),
        };
        analyse::command(
            &path,
            format,
            self.threads,
            self.table_mib,
            self.json,
            self.out.as_deref(),
        )
    }
}
