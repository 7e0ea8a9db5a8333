//! `cardtree pps`: the command line of Parameterized Poker Squares (clap types, and the
//! dispatch to the drivers in [`crate::pps`]).

use clap::Subcommand;

use crate::cli::OutputArgs;
use crate::cli::spec_args::SpecArgs;
use crate::error::Error;
use crate::output::emit;
use crate::pps::play_spec::PlaySpec;
use crate::pps::train;
use crate::pps::train_spec::TrainSpec;
use crate::pps::{apriori, placements, report, score};

/// The subcommands of `cardtree pps`.
#[derive(Debug, Subcommand)]
pub enum PpsCommand {
    /// Score a grid: the ten hand classes (rows 0-4, then columns 0-4) and the total.
    Score {
        /// 25 cells row by row, cards like AS or TD, `--` for an empty cell.
        #[arg(long, allow_hyphen_values = true)]
        grid: String,
        /// american, british, ameritish, random, hypercorner or single-hand (these four with an
        /// optional ":SEED"), fh, or ten integers "0,2,5,..." by class id.
        #[arg(long, default_value = "american", allow_hyphen_values = true)]
        system: String,
        /// --json prints exactly {"hands":[10 ids],"score":N}; --out FILE.
        #[command(flatten)]
        output: OutputArgs,
    },
    /// What the learned table makes of each placement of a card on a grid: the change it
    /// makes to the learned values of the card's row and column (the value the page shows
    /// beside a suggestion), and the best cell by it.
    Values {
        /// 25 cells row by row, cards like AS or TD, `--` for an empty cell.
        #[arg(long, allow_hyphen_values = true)]
        grid: String,
        /// The card to place, like QS.
        #[arg(long)]
        card: String,
        /// The point system, as `pps score` takes it.
        #[arg(long, default_value = "american", allow_hyphen_values = true)]
        system: String,
        /// A table file written by `pps train` (default the one cardtree ships for the point
        /// system, or for another system the one `pps play --player best` learns).
        #[arg(long)]
        values: Option<std::path::PathBuf>,
        /// --json prints {"card":"SA","values":[25 numbers or null],"best":cell}; --out FILE.
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Play games and print the mean score, its standard deviation and 95 % interval. Game i
    /// deals the same cards (from the seed and i) to every configuration: paired games.
    Play {
        /// The player, its budget and the games (one spec: `pps/play_spec.rs`).
        #[command(flatten)]
        options: SpecArgs<PlaySpec>,
        /// Print each game's score as CSV (index,score,iterations) as soon as it and the games
        /// before it are played, then the summary (text output; the JSON has every score).
        #[arg(long)]
        per_game: bool,
        /// --json prints one object (the summary and every game's score); --out FILE.
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Learn the values of abstract hands by self-play (Monte Carlo) into a table for
    /// `pps play --player learned --values FILE`; resumes a stopped run given the same file.
    Train {
        /// The games, batches and exploration, and a network's settings (one spec:
        /// `pps/train_spec.rs`).
        #[command(flatten)]
        options: SpecArgs<TrainSpec>,
        /// The table file (with --net: the network file), rewritten whole after every batch.
        #[arg(long)]
        out: std::path::PathBuf,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// Estimate the heuristic's a-priori hand-class probabilities: final-class frequencies
    /// over the ten hands of rule-player games; prints the table as Rust.
    Apriori {
        /// Games to play per round.
        #[arg(long, default_value_t = 100_000, value_parser = crate::limits::items)]
        games: u64,
        /// Rounds of refinement after the rule player's frequencies: each round plays the
        /// greedy heuristic player (tuned weights) with the previous round's table.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=i64::from(crate::limits::MOST_ROUNDS)))]
        rounds: u32,
        /// Seed of the run.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// Runs one `cardtree pps` subcommand.
pub fn run(cmd: PpsCommand) -> Result<(), Error> {
    match cmd {
        PpsCommand::Score {
            grid,
            system,
            output,
        } => {
            let output = output.output()?;
            output.emit(&score::score(&grid, &system, output.json)?)
        }
        PpsCommand::Values {
            grid,
            card,
            system,
            values,
            output,
        } => {
            let output = output.output()?;
            output.emit(&placements::command(
                &grid,
                &card,
                &system,
                values.as_deref(),
                output.json,
            )?)
        }
        PpsCommand::Play {
            options,
            per_game,
            output,
        } => report::command(&options.options()?, per_game, &output.output()?),
        PpsCommand::Train {
            options,
            out,
            quiet,
        } => {
            let mut spec = options.options()?;
            spec.training.progress = !quiet;
            let text = match spec.net_training() {
                Some(net) => {
                    let plot = spec.net.and_then(|n| n.plot);
                    crate::pps::net_train::command(&net, &out, plot.as_deref())?
                }
                None => train::command(&spec.training, &out)?,
            };
            emit(text.as_bytes(), None)
        }
        PpsCommand::Apriori {
            games,
            seed,
            rounds,
        } => emit(apriori::command(games, seed, rounds)?.as_bytes(), None),
    }
}
