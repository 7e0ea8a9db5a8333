//! `cardtree bridge playout`'s arguments (the driver is `crate::bridge::playout`).

use std::path::PathBuf;

use clap::Args;

use crate::bridge::solver_pool::SolverPool;
use crate::bridge::table_memory::DEFAULT_TABLE_MIB;
use crate::error::Error;

/// Hands played out by the solver from random deals, each card double-dummy best except
/// errors of known cost put in at random (--error-rate), as PBN (or --lin) records with a
/// comment naming each error: the analyser's ground truth, and sessions to analyse.
#[derive(Debug, Args)]
pub struct PlayoutArgs {
    /// Boards to play out.
    #[arg(long, default_value_t = 32, value_parser = crate::limits::boards)]
    pub count: usize,
    /// The first board's number (its dealer and vulnerability follow it).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub first: u32,
    /// Seed of the deals and the cards (board i is dealt from stream i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The chance, in percent, that a card is an error (a card that loses tricks double
    /// dummy, when there is one); 0 plays every card double-dummy best.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(0..=100))]
    pub error_rate: u8,
    /// Write LIN (one line a board) instead of PBN.
    #[arg(long)]
    pub lin: bool,
    /// Worker threads, each with its own table (default: one per core). Results do not
    /// depend on it.
    #[arg(long, default_value_t = 0, value_parser = crate::limits::threads)]
    pub threads: usize,
    /// Transposition-table memory per thread, in MiB.
    #[arg(long, value_parser = crate::limits::table_mib, default_value_t = DEFAULT_TABLE_MIB)]
    pub table_mib: usize,
    /// Write to this file (whole or not at all) instead of standard output.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

impl PlayoutArgs {
    /// Runs the command.
    pub fn run(self) -> Result<(), Error> {
        let pool = SolverPool::new(crate::workers::resolve(self.threads), self.table_mib)?;
        let text = crate::bridge::playout::command(
            self.count,
            self.first,
            self.seed,
            self.error_rate,
            self.lin,
            &pool,
        )?;
        crate::output::emit(text.as_bytes(), self.out.as_deref())
    }
}
