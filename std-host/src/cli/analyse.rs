//! `cardtree bridge analyse`'s arguments (the driver is `crate::bridge::analyse`).

use std::path::PathBuf;

use clap::Args;

use crate::bridge::analyse::{self, AnalyseOptions, Format};
use crate::bridge::single_dummy::SingleDummyOptions;
use crate::bridge::table_memory::DEFAULT_TABLE_MIB;
use crate::error::Error;
use crate::workers::Stop;

/// Hands as played, judged double dummy: every board of a LIN file (one hand, a vugraph
/// file, a hand viewer's address) or a PBN file with play sections: the trace, each card that
/// gave tricks away (its cost, the cards that kept the value), the claim, and each player's
/// tricks lost; with --single-dummy, each card also judged from what its player could see
/// (mistake, unlucky, lucky). --json: one line a board, then {"summary": ...}.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["lin", "pbn"])))]
pub struct AnalyseArgs {
    /// A LIN file (or a file holding a hand viewer's address).
    #[arg(long)]
    pub lin: Option<PathBuf>,
    /// A PBN file with Auction (or Contract and Declarer) and Play sections.
    #[arg(long)]
    pub pbn: Option<PathBuf>,
    /// Also judge every card single dummy: each card its player could have played valued over
    /// layouts of the hands that player could not see, agreeing with everything seen so far
    /// (own hand, dummy, the cards played, suits shown out of).
    #[arg(long)]
    pub single_dummy: bool,
    /// Layouts a card for --single-dummy.
    #[arg(long, default_value_t = 100, value_parser = crate::limits::samples)]
    pub samples: u32,
    /// Seed of the single-dummy layouts (the same seed, the same report).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// What the auction says of each seat's whole hand, for --single-dummy on every board, as
    /// the lead advisor takes them (`S: 15-17 hcp, 2-4 S; N: 8+ hcp`).
    #[arg(long, allow_hyphen_values = true)]
    pub constraints: Option<cardtree::bridge::Constraints>,
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
    /// No progress bar (there is none anyway when standard error is not a terminal).
    #[arg(long)]
    pub quiet: bool,
}

/// Raised by Ctrl-C: the analysis takes no new board or card and writes what it has.
static STOP: Stop = Stop::new();

impl AnalyseArgs {
    /// Runs the command.
    pub fn run(self) -> Result<(), Error> {
        let (path, format) = match (self.lin, self.pbn) {
            (Some(p), _) => (p, Format::Lin),
            (None, Some(p)) => (p, Format::Pbn),
            (None, None) => return Err(Error::Invalid("give --lin or --pbn".into())),
        };
        let single = self.single_dummy.then(|| SingleDummyOptions {
            samples: self.samples,
            seed: self.seed,
            constraints: self.constraints.unwrap_or_default(),
        });
        let options = AnalyseOptions {
            threads: self.threads,
            table_mib: self.table_mib,
            json: self.json,
            out: self.out,
            single,
            quiet: self.quiet,
        };
        // A second Ctrl-C quits at once. (The WebAssembly build has no signals: the page
        // stops its worker.)
        #[cfg(not(target_family = "wasm"))]
        let _ = ctrlc::set_handler(|| {
            if STOP.raised() {
                std::process::exit(130);
            }
            STOP.raise();
        });
        analyse::command(&path, format, &options, &STOP)
    }
}
