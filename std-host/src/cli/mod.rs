//! The command line's types (clap), one module per command group; each hands its parsed
//! arguments to the drivers, which know no clap. `main.rs` parses a [`Cli`] and calls [`run`].

use crate::error::Error;
pub mod blackjack;
pub mod bridge;
pub mod experiment;
pub mod pps;
pub mod spelling;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::output::Output;

/// Game-tree search over card games: Monte-Carlo tree search with power-mean backups,
/// minimax and alpha-beta, double-dummy bridge, Poker Squares and Blackjack.
#[derive(Debug, Parser)]
#[command(name = "cardtree", version, arg_required_else_help = true)]
pub struct Cli {
    /// The command.
    #[command(subcommand)]
    pub command: Command,
}

/// The command groups.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Double-dummy bridge: solve deals, hand records (tables, par, PBN files), opening leads,
    /// random deals, the solver's benchmark and ablation.
    #[command(subcommand, arg_required_else_help = true)]
    Bridge(bridge::BridgeCommand),
    /// Blackjack: the exact oracle's numbers, paired hands of every player.
    #[command(subcommand, arg_required_else_help = true)]
    Blackjack(blackjack::BlackjackCommand),
    /// Parameterized Poker Squares: score grids, play games, learn hand values, a-priori odds.
    #[command(subcommand, arg_required_else_help = true)]
    Pps(pps::PpsCommand),
    /// Run the papers' experiments, and hand records of whole archives, on all cores, with
    /// shards, resume and merge (and a Slurm job array for a cluster).
    #[command(subcommand, arg_required_else_help = true)]
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

/// The output flags of every command that prints results: JSON instead of text, and a file
/// instead of standard output.
#[derive(Clone, Debug, Default, PartialEq, Eq, clap::Args)]
pub struct OutputArgs {
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Write the output to this file (whole or not at all) instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

impl OutputArgs {
    /// The driver's [`Output`], its `--out` checked writable before any work.
    pub fn output(self) -> Result<Output, Error> {
        Output::new(self.json, self.out)
    }
}
