//! The papers' experiments, each a [`crate::runner::Experiment`] on the one runner (threads,
//! shards, resume, merge), laid out alike: the experiment and its items in `mod.rs`, its
//! summary beside it.
//!
//! - [`mckay`]: McKay & Kruskal's grid of exploration constants and powers (Figure 3);
//! - [`leads`]: opening leads with the hidden hands hidden (PIMC, ISMCTS);
//! - [`pps`]: the Poker Squares papers' tables;
//! - [`blackjack`]: the Blackjack report's comparisons and sweeps.

pub mod blackjack;
pub mod leads;
pub mod mckay;
pub mod pps;
