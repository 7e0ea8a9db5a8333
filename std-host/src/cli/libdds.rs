//! `cardtree bridge libdds`'s arguments (the driver is `crate::bridge::bench_libdds`).

use std::path::PathBuf;

use clap::Args;

use crate::bridge::bench_libdds::{Options, run};
use crate::error::Error;
use crate::output::Output;

/// Benchmark cardtree's libdds (capi/, loaded by path) against DDS 3.1 (linked in) and, with
/// --other, another libdds (endplay's, say) through DDS's C interface, in one run: whole
/// tables with CalcAllTablesPBN (40 a call), BEN's batches of 200 positions in mid-play with
/// SolveAllBoards, the Rust library called directly, and played hands traced with
/// AnalysePlayBin against the core's trace; every answer compared. Needs the `dds` feature.
#[derive(Debug, Args)]
pub struct LibddsArgs {
    /// cardtree's libdds.so (cargo build --release -p cardtree-dds).
    #[arg(long, default_value = "target/release/libdds.so")]
    pub lib: PathBuf,
    /// Another libdds to time beside it (endplay's endplay/_dds/libdds.so, say).
    #[arg(long)]
    pub other: Option<PathBuf>,
    /// Random deals for the tables.
    #[arg(long, value_parser = crate::limits::deals, default_value_t = 1000)]
    pub deals: usize,
    /// Positions for BEN's pattern.
    #[arg(long, value_parser = crate::limits::deals, default_value_t = 2000)]
    pub positions: usize,
    /// Random played hands to trace, one thread (0: none).
    #[arg(long, default_value_t = 1000, value_parser = crate::limits::hands_or_none)]
    pub hands: usize,
    /// The seed of the deals, positions and hands (one the solver was never tuned on).
    #[arg(long, default_value_t = 6363)]
    pub seed: u64,
    /// Threads for every library and the direct run (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = crate::limits::threads)]
    pub threads: usize,
    /// Write the report to this file (whole or not at all) instead of standard output.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

impl LibddsArgs {
    /// Runs the command.
    pub fn run(self) -> Result<(), Error> {
        let output = Output::new(false, self.out)?;
        output.emit(&run(&Options {
            lib: self.lib,
            other: self.other,
            deals: self.deals,
            positions: self.positions,
            seed: self.seed,
            threads: self.threads,
            hands: self.hands,
        })?)
    }
}
