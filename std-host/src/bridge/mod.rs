//! Double-dummy bridge on the host: the `cardtree bridge` drivers and the files they read and
//! write.
//!
//! - [`solve`]: every card of the player on lead, for a deal or a JSON-lines file;
//! - [`board`], [`hand_record`], [`pbn_file`], [`pbn_session`], [`pbn_write`]: hand records
//!   (double-dummy tables and par) and PBN files;
//! - [`advisor`], [`lead`], [`lead_spec`]: the opening-lead advisor, its valuation of every
//!   card on sampled layouts (the solver, UCT or ISMCTS), and its options by name (for the
//!   Python and web packages);
//! - [`lead_deals`], [`lead_tree`]: deals with the value of every lead, and UCT's tree for one;
//! - [`deals`]: random deals from a seed;
//! - [`solver_pool`]: threads that keep a table each, for batches of solves (the C interface's);
//! - [`bench`](mod@bench), [`bench_tables`], [`bench_report`], [`ablation`]: the solver's
//!   benchmark (every lead, whole tables) and ablation, and its rivals: `dds` (feature `dds`), the reference, and [`macroxue`]'s solver (a binary its
//!   user built).

pub mod ablation;
pub mod advisor;
pub mod analyse;
pub mod analyse_report;
pub mod analysis;
pub mod bench;
mod bench_dds;
#[cfg(feature = "dds")]
pub mod bench_libdds;
pub mod bench_report;
pub mod bench_tables;
pub mod bench_threads;
#[cfg(feature = "dds")]
pub mod bench_trace;
pub mod board;
#[cfg(feature = "dds")]
pub mod dds;
pub mod deals;
pub mod hand_record;
pub mod lead;
pub mod lead_deals;
pub mod lead_spec;
pub mod lead_tree;
#[cfg(feature = "dds")]
mod libdds_calls;
pub mod lin;
pub mod lin_tokens;
pub mod lin_write;
pub mod macroxue;
pub mod pbn_file;
pub mod pbn_play;
pub mod pbn_play_write;
pub mod pbn_session;
pub mod pbn_write;
pub mod played;
pub mod played_json;
pub mod playout;
pub mod single_dummy;
pub mod solve;
pub mod solve_spec;
pub mod solver_pool;
pub mod table_memory;
pub mod table_spec;
pub mod trace_plot;
