//! The command line's types (clap), one module per command group; each hands its parsed
//! arguments to the drivers, which know no clap. `main.rs` parses a [`Cli`] and calls [`run`].

use crate::error::Error;
pub mod blackjack;
pub mod bridge;
pub mod experiment;
pub mod pps;

use clap::{Parser, Subcommand};

/// Game-tree search over card games: Monte-Carlo tree search with power-mean backups,
/// minimax and alpha-beta, double-dummy bridge, Poker Squares and Blackjack.
#[derive(Debug, Parser)]
#[command(name = "cardtree", version)]
pub struct Cli {
    /// The command.
    #[command(subcommand)]
    pub command: Command,
}

/// The command groups.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Double-dummy bridge: solve deals, deal random hands.
    #[command(subcommand)]
    Bridge(bridge::BridgeCommand),
    /// Blackjack: the exact oracle's numbers, paired hands of every player.
    #[command(subcommand)]
    Blackjack(blackjack::BlackjackCommand),
    /// Parameterized Poker Squares: score grids, play games.
    #[command(subcommand)]
    Pps(pps::PpsCommand),
    /// Run the papers' experiments on all cores, with shards, resume and merge.
    #[command(subcommand)]
    Experiment(experiment::ExperimentCommand),
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), Error> {
    match cli.command {
        Command::Bridge(cmd) => bridge::run(cmd),
        Command::Experiment(cmd) => experiment::run(cmd),
        Command::Blackjack(cmd) => blackjack::run(cmd),
        Command::Pps(cmd) => pps::run(cmd),
    }
}
