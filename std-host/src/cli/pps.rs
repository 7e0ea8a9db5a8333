//! `cardtree pps`: the command line of Parameterized Poker Squares (clap types, and the
//! dispatch to the drivers in [`crate::pps`]).

use cardtree::poker_squares::Teacher;
use clap::Subcommand;

use crate::cli::OutputArgs;
use crate::cli::spec_args::SpecArgs;
use crate::cli::spelling::spelled;
use crate::error::Error;
use crate::output::emit;
use crate::pps::play_spec::PlaySpec;
use crate::pps::train::{self, Training};
use crate::pps::{apriori, report, score};

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
        /// The point system (see `pps score --help`).
        #[arg(long, default_value = "american", allow_hyphen_values = true)]
        system: String,
        /// Games to learn from in all (rounded up to whole batches).
        #[arg(long, default_value_t = 200_000, value_parser = crate::limits::items)]
        games: u64,
        /// Seed: game g deals from stream (seed, g).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games per batch; each batch places by the table of the batches before it (at most
        /// --games).
        #[arg(long, default_value_t = 20_000, value_parser = crate::limits::items)]
        batch: u64,
        /// Millionths of placements made at random (exploration).
        #[arg(long, default_value_t = 50_000)]
        explore_ppm: u32,
        /// The table file, rewritten whole after every batch.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Worker threads (default: one per core). The table does not depend on it.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
        /// How the self-played games place their cards (slower by expectimax).
        #[arg(long, value_parser = spelled::<Teacher>(), default_value_t = Teacher::Greedy)]
        teacher: Teacher,
        /// Train a whole-grid network by TD(lambda) instead (`pps play --player net --net
        /// FILE`); --out is then the network file.
        #[arg(long)]
        net: bool,
        /// Network: step size (above 0, at most 1): each weight moves by it times its
        /// afterstates' mean error in a batch.
        #[arg(
            long,
            default_value_t = 0.01,
            requires = "net",
            allow_hyphen_values = true
        )]
        alpha: f64,
        /// Network: lambda of TD(lambda), in millionths (0: TD(0); 1000000: Monte Carlo).
        #[arg(long, default_value_t = 500_000, requires = "net")]
        lambda_ppm: u32,
        /// Network: games between two points of the learning curve (0: none).
        #[arg(long, default_value_t = 250_000, requires = "net")]
        eval_every: u64,
        /// Network: draw the learning curve into this SVG file at the end.
        #[arg(long, value_name = "FILE", requires = "net")]
        plot: Option<std::path::PathBuf>,
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
        PpsCommand::Play {
            options,
            per_game,
            output,
        } => report::command(&options.options()?, per_game, &output.output()?),
        PpsCommand::Train {
            system,
            games,
            seed,
            batch,
            explore_ppm,
            out,
            threads,
            quiet,
            net,
            alpha,
            lambda_ppm,
            eval_every,
            teacher,
            plot,
        } => {
            if net {
                let training = crate::pps::net_train::NetTraining {
                    system_text: system,
                    games,
                    seed,
                    batch,
                    alpha,
                    lambda_ppm,
                    explore_ppm,
                    teacher,
                    eval_every,
                    threads,
                    progress: !quiet,
                };
                return emit(
                    crate::pps::net_train::command(&training, &out, plot.as_deref())?.as_bytes(),
                    None,
                );
            }
            let training = Training {
                system_text: system,
                games,
                seed,
                batch,
                explore_ppm,
                teacher,
                threads,
                progress: !quiet,
            };
            emit(train::command(&training, &out)?.as_bytes(), None)
        }
        PpsCommand::Apriori {
            games,
            seed,
            rounds,
        } => emit(apriori::command(games, seed, rounds)?.as_bytes(), None),
    }
}
