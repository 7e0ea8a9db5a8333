//! The papers' experiments, each a [`crate::runner::Experiment`] on the one runner (threads,
//! shards, resume, merge), laid out alike: the experiment and its items in `mod.rs`, its
//! summary beside it.
//!
//! - [`mckay`]: McKay & Kruskal's grid of exploration constants and powers (Figure 3);
//! - [`leads`]: opening leads with the hidden hands hidden (PIMC, ISMCTS);
//! - [`pps`]: the Poker Squares papers' tables;
//! - [`blackjack`]: the Blackjack report's comparisons and sweeps;
//! - [`tables`]: not an experiment but a long job on the same runner: hand records (tables
//!   and par) of a whole archive of boards.

pub mod blackjack;
pub mod leads;
pub mod mckay;
pub mod pps;
pub mod tables;

use std::path::PathBuf;

use crate::error::Error;
use crate::runner::{self, Summarizer};

/// The summary of an experiment kind (as its manifest names it), for `merge`.
#[must_use]
pub fn summarizer(kind: &str) -> Option<Summarizer> {
    match kind {
        mckay::KIND => Some(mckay::summarize),
        blackjack::KIND => Some(blackjack::summarize),
        pps::KIND => Some(pps::summarize),
        leads::KIND => Some(leads::summarize),
        tables::KIND => Some(tables::summarize),
        _ => None,
    }
}

/// `cardtree experiment merge`: the shard directories `dirs` of one run merged into `out`,
/// byte for byte what one unsharded run writes; says what it wrote on standard error.
pub fn merge(dirs: &[PathBuf], out: &std::path::Path) -> Result<(), Error> {
    let files = runner::merge(dirs, out, summarizer)?;
    eprintln!(
        "cardtree: merged {} shards; wrote {} in {}",
        dirs.len(),
        files.join(", "),
        out.display()
    );
    Ok(())
}
