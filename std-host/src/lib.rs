//! The cardtree host: files, threads and terminals around the allocation-free `cardtree` core.
//!
//! The binary `cardtree` is a thin shell over this library, so integration tests can call the
//! same functions the commands use. Its rooms, by game (`docs/layout.md` has the map):
//!
//! - [`bridge`], [`pps`], [`blackjack`]: each game's drivers and file formats;
//! - [`experiments`]: every experiment of the papers on the one [`runner`];
//! - [`cli`]: the command line, which parses arguments and calls a driver;
//! - [`spec`], [`specs`]: one typed spec per command, which every door converts into
//!   ([`uct_spec`] the first);
//! - shared: [`error`], [`output`], [`input`], [`json`], [`limits`], [`workers`], [`stats`],
//!   [`plot`], [`progress`], [`heap_tree`].

#[macro_use]
pub mod error;

pub mod blackjack;
pub mod bridge;
pub mod cli;
pub mod experiments;
pub mod heap_tree;
pub mod input;
pub mod json;
pub mod limits;
pub mod opt_spec;
pub mod output;
pub mod plot;
pub mod pps;
pub mod progress;
pub mod runner;
pub mod shared_opts;
pub mod spec;
pub mod spec_error;
pub mod specs;
pub mod stats;
pub mod text;
pub mod uct_spec;
pub mod workers;
