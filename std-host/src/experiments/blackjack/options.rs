//! `cardtree experiment blackjack`: its options and the run.

use crate::error::Error;
use crate::experiments::blackjack::{BlackjackExperiment, summarize};
use crate::runner::{self, RunOptions};
use crate::shared_opts::{count_fits, seed};
use crate::spec::{Fallback, Given, OptSpec, Spec, SpecError, Value, had};

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

fn hands_fit(v: &Value) -> Result<(), String> {
    // Each hand's return, pair and regret are kept until the run ends.
    count_fits(v, 64)
}

const HANDS: OptSpec = OptSpec::whole(
    "hands",
    "Paired hands per configuration",
    1,
    crate::limits::MOST_ITEMS,
    Fallback::Whole(4000),
)
.limited(hands_fit);
const BLOCK: OptSpec = OptSpec::whole(
    "block",
    "Hands per work item",
    1,
    crate::limits::MOST_ITEMS,
    Fallback::Whole(500),
);
const SEED: OptSpec = seed("Seed of the run: hand i is dealt from rng::stream(seed, i)");

impl Spec for Options {
    const COMMAND: &'static str = "experiment blackjack";
    const OPTIONS: &'static [OptSpec] = &[HANDS, BLOCK, SEED];

    fn from_given(g: &Given) -> Result<Options, SpecError> {
        Ok(Options {
            hands: had(&HANDS, g.whole(&HANDS))?,
            block: had(&BLOCK, g.whole(&BLOCK))?,
            seed: had(&SEED, g.whole(&SEED))?,
        })
    }
}
