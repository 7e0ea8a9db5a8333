//! `cardtree experiment blackjack`: its options and the run.

use crate::error::Error;
use crate::experiments::blackjack::{BlackjackExperiment, summarize};
use crate::runner::{self, RunOptions};

/// The options of `cardtree experiment blackjack` (the flags of the same names).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Paired hands per configuration.
    pub hands: u64,
    /// Hands per work item.
    pub block: u64,
    /// Seed of the run: hand i is dealt from `rng::stream(seed, i)`.
    pub seed: u64,
}

/// Runs `cardtree experiment blackjack` and reports what it wrote.
pub fn run(o: &Options, run: &RunOptions) -> Result<(), Error> {
    let experiment = BlackjackExperiment::paper(o.seed, o.hands, o.block);
    let report = runner::run(&experiment, summarize, run)?;
    runner::report(&report, run)
}
