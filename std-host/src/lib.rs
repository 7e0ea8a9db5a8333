//! The cardtree host: files, threads and terminals around the allocation-free `cardtree` core.
//!
//! The binary `cardtree` is a thin shell over this library, so integration tests can call the
//! same functions the commands use.

#[macro_use]
pub mod error;

pub mod blackjack;
pub mod blackjack_experiment;
pub mod blackjack_strategy;
pub mod cli;
#[cfg(feature = "dds")]
pub mod dds;
pub mod deals;
pub mod hand_record;
pub mod heap_tree;
pub mod lead;
pub mod leads_experiment;
pub mod mckay;
pub mod output;
pub mod pbn_file;
pub mod plot;
pub mod pps;
pub mod pps_experiment;
pub mod pps_train;
pub mod runner;
pub mod solve;
pub mod solver_bench;
pub mod stats;
pub mod workers;
