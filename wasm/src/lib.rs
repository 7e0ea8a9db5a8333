//! cardtree in the browser: the core's solvers and players behind a small JavaScript API,
//! built for `wasm32-unknown-unknown` by `wasm/build.sh` (wasm-bindgen, `--target web`) into
//! `web/pkg/`, which the page (`web/`) and the Node tests (`wasm/tests/`) load.
//!
//! Every function takes plain strings and numbers (a JSON-like object where there are many
//! options, by the command line's names) and returns strings, numbers or plain objects: the
//! same JSON the command line prints with `--json`, parsed. Bad input throws a JS `Error`
//! whose message is the library's one line; nothing any input reaches panics (a panic in
//! wasm is a trap that kills the page's worker). The work runs on the caller's thread: the
//! page calls it from a Web Worker.
//!
//! - [`bridge`]: deals, double-dummy tables and par, every card of the player to move, PBN
//!   files written back with their tags;
//! - [`lead`]: the opening-lead advisor, layout by layout;
//! - [`played`]: hands as played (LIN, PBN), judged double dummy and card by card single
//!   dummy;
//! - [`pps`]: Poker Squares grids scored, and games the players suggest placements in;
//! - [`blackjack`]: exact values of actions and rounds, the strategy chart;
//! - `selfcheck` (feature `selfcheck`, a package of its own): the self-check scenarios whose
//!   digests the host and the Cortex-M print.

pub mod blackjack;
pub mod bridge;
mod js;
pub mod lead;
pub mod played;
pub mod pps;
#[cfg(feature = "selfcheck")]
pub mod selfcheck;
pub mod spec;
