//! The command line's types (clap), one module per command group; each hands its parsed
//! arguments to the drivers, which know no clap. `main.rs` parses a [`Cli`] and calls [`run`].

use crate::error::Error;
pub mod analyse;
pub mod blackjack;
pub mod bridge;
pub mod experiment;
#[cfg(feature = "dds")]
pub mod libdds;
pub mod playout;
pub mod pps;
pub mod spec_args;
pub mod spelling;
pub mod uct;

use std::path::PathBuf;

use clap::{CommandFactory, Parser, Subcommand};

use crate::output::Output;

/// The program's version and the commit it was built from (`std-host/build.rs`), as
/// `cardtree --version` prints it.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("CARDTREE_COMMIT"),
    ")"
);

/// Game-tree search over card games: Monte-Carlo tree search with power-mean backups,
/// minimax and alpha-beta, double-dummy bridge, Poker Squares and Blackjack.
#[derive(Debug, Parser)]
#[command(name = "cardtree", version = VERSION, arg_required_else_help = true)]
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
    /// UCT from a position of one of cardtree's games (tic-tac-toe, the dice duel, a bridge
    /// position), every setting of its configuration (the options of Python's `uct_search`):
    /// the root's moves with their values and visits.
    Uct(uct::UctArgs),
    /// Shell completions for bash, zsh, fish, elvish or PowerShell (e.g. `cardtree completions
    /// bash > /etc/bash_completion.d/cardtree`).
    Completions(CompletionsArgs),
    /// The manual pages (roff): `cardtree.1` to standard output or `--out`, or with `--dir` one
    /// page a command (`cardtree-bridge-solve.1` and so on), every flag documented.
    Man(ManArgs),
}

/// `cardtree completions`.
#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
    /// Write them to this file (whole or not at all) instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// `cardtree man`.
#[derive(Debug, clap::Args)]
pub struct ManArgs {
    /// Write the main page to this file (whole or not at all) instead of standard output.
    #[arg(long, value_name = "FILE", conflicts_with = "dir")]
    pub out: Option<PathBuf>,
    /// Write every command's page into this folder (which must exist), each whole or not at
    /// all.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// The manual page of `cmd` (named as its file is, `cardtree-bridge-solve`), and those of its
/// subcommands, into `pages`.
fn man_pages(cmd: clap::Command, pages: &mut Vec<(String, Vec<u8>)>) -> std::io::Result<()> {
    let name = cmd.get_name().to_owned();
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let full = format!("{name}-{}", sub.get_name());
        man_pages(sub.clone().name(full), pages)?;
    }
    let mut bytes = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut bytes)?;
    pages.push((name, bytes));
    Ok(())
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), Error> {
    match cli.command {
        Command::Bridge(cmd) => bridge::run(cmd),
        Command::Experiment(cmd) => experiment::run(cmd),
        Command::Blackjack(cmd) => blackjack::run(cmd),
        Command::Pps(cmd) => pps::run(cmd),
        Command::Uct(a) => uct::run(a),
        Command::Completions(a) => {
            let mut bytes = Vec::new();
            clap_complete::generate(a.shell, &mut Cli::command(), "cardtree", &mut bytes);
            crate::output::emit(&bytes, a.out.as_deref())
        }
        Command::Man(a) => {
            let mut pages = Vec::new();
            let mut cli = Cli::command();
            cli.build();
            // Rendering into memory cannot fail; if it did, the output named takes the blame.
            man_pages(cli, &mut pages).map_err(|e| match (&a.dir, &a.out) {
                (Some(path), _) | (None, Some(path)) => Error::write(path, e),
                (None, None) => Error::stdout(e),
            })?;
            match a.dir {
                Some(dir) => {
                    for (name, bytes) in &pages {
                        crate::output::emit(bytes, Some(&dir.join(format!("{name}.1"))))?;
                    }
                    Ok(())
                }
                None => {
                    let main = pages.last().map_or(&[][..], |(_, b)| b.as_slice());
                    crate::output::emit(main, a.out.as_deref())
                }
            }
        }
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
