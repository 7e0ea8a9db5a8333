//! The integration tests of the top-level `tests/` folder, one binary: each file is a module,
//! run as `cargo test --release -p cardtree-suite --test suite -- FILE::` (for example
//! `blackjack_oracle::`). One binary is one link: under the release profile's whole-program
//! optimisation each test binary is a whole-program link of its own.

mod common;

mod blackjack_game;
mod blackjack_oracle;
mod blackjack_strategy;
mod bridge_dds;
mod bridge_tables;
mod bridge_vectors;
mod layout;
mod poker_squares;
mod properties;
mod search;
mod solver_oracle;
