//! The command line's and the host library's tests, one binary: each file beside this one is a
//! module, run as `cargo test --release -p cardtree-host --test host -- FILE::` (for example
//! `table_cli::`). One binary is one link: under the release profile's whole-program
//! optimisation each test binary is a whole-program link of its own. The tests that need
//! DDS, QEMU or Node (`dds`, `dds_capi`, `qemu_capi`, `qemu_selfcheck`, `wasm_selfcheck`) stay
//! binaries of their own, which CI and the docs run by name.

#[path = "../common/mod.rs"]
mod common;

mod blackjack_cli;
mod cli;
mod cli_experiment;
mod experiment;
mod hostile_input;
mod lead_cli;
mod numeric_flags;
mod played_records;
mod pps_cli;
mod specs;
mod table_cli;
