//! `cardtree pps`: the command line of Parameterized Poker Squares (clap types, and the
//! dispatch to the drivers in [`crate::pps`]).

use cardtree::poker_squares::{PAPER_CP, PriorMix, Selection, Simulation, Squash, Teacher};
use clap::{Args, Subcommand};

use crate::cli::OutputArgs;
use crate::cli::spelling::spelled;
use crate::error::Error;
use crate::output::emit;
use crate::pps::options::{PlayOptions, PlayerKind};
use crate::pps::train::{self, Training};
use crate::pps::{apriori, report, score};

/// Everything that defines a player and its budget, as given on the command line.
#[derive(Clone, Debug, Args)]
pub struct PlayArgs {
    /// The point system (see `pps score --help`).
    #[arg(long, default_value = "american", allow_hyphen_values = true)]
    pub system: String,
    /// The player.
    #[arg(long, value_parser = spelled::<PlayerKind>(), default_value_t = PlayerKind::Mcts)]
    pub player: PlayerKind,
    /// MCTS selection.
    #[arg(long, value_parser = spelled::<Selection>(), default_value_t = Selection::PruneUct)]
    pub selection: Selection,
    /// MCTS simulation.
    #[arg(long, value_parser = spelled::<Simulation>(), default_value_t = Simulation::BestMove)]
    pub simulation: Simulation,
    /// Reward squashing.
    #[arg(long, value_parser = spelled::<Squash>(), default_value_t = Squash::None)]
    pub squash: Squash,
    /// UCT's Cp (default 200/sqrt 2, the papers').
    #[arg(long, default_value_t = PAPER_CP, allow_hyphen_values = true)]
    pub cp: f64,
    /// Weights alpha,beta,gamma of one-, two-, three-card hands (default the papers' tuned
    /// 0.1,0.3,0.85; "paper" for 0.2,0.4,0.6).
    #[arg(long, default_value = "tuned", allow_hyphen_values = true)]
    pub weights: String,
    /// The a-priori class probabilities, ten numbers by class id (default the table in
    /// `cardtree::poker_squares::APRIORI`).
    #[arg(long, allow_hyphen_values = true)]
    pub apriori: Option<String>,
    /// How one- to three-card hands combine the a-priori probabilities (the papers' text
    /// allows several readings; std-host/results/pps/audit.md).
    #[arg(long, value_parser = spelled::<PriorMix>(), default_value_t = PriorMix::Sum)]
    pub prior_mix: PriorMix,
    /// Pruning threshold factor delta.
    #[arg(long, default_value_t = crate::pps::options::DEFAULT_DELTA, allow_hyphen_values = true)]
    pub delta: f64,
    /// One child per free cell, even where empty rows or columns make cells alike.
    #[arg(long)]
    pub no_symmetry: bool,
    /// Search every move (no simple rules for moves 1, 2, 24, 25).
    #[arg(long)]
    pub no_simple_rules: bool,
    /// Iterations per searched move (MCTS) or playouts per move (flat); the default budget.
    #[arg(long, conflicts_with = "game_seconds", value_parser = crate::limits::playouts)]
    pub iterations: Option<u32>,
    /// A time budget per game in seconds, shared over its searched moves.
    #[arg(long, value_parser = crate::limits::seconds, allow_hyphen_values = true)]
    pub game_seconds: Option<f64>,
    /// How many placements the rollout player compares by rollouts: the best by the learned
    /// values (0: every placement).
    #[arg(long, default_value_t = 0)]
    pub candidates: usize,
    /// How many cards the expectimax player looks ahead: 1 (the next card) or 2 (the next two;
    /// seconds a game instead of milliseconds).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub lookahead: u8,
    /// How the rollout player's playouts place: 0 greedily on the learned values, 1 or 2 by
    /// expectimax over the next card or two.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=2))]
    pub playout_lookahead: u8,
    /// The rollout player, guarded: expectimax over the next card ranks the candidates and
    /// its choice stands unless another's rollouts beat it by more than Z standard errors.
    #[arg(long, value_name = "Z", value_parser = crate::limits::non_negative, allow_hyphen_values = true)]
    pub guard: Option<f64>,
    /// The rollout player's playouts place by expectimax over the next card, and each
    /// playout's score is corrected by what the learned values predicted of its draws (a
    /// control variate: the same expectation, less of the cards' luck).
    #[arg(long)]
    pub control_variate: bool,
    /// The learned values of the learned, expectimax and rollout players and of MCTS's
    /// learned simulations: a table written by `pps train` (default: the table cardtree
    /// ships for the point system, American or British).
    #[arg(long)]
    pub values: Option<std::path::PathBuf>,
    /// A whole-grid network written by `pps train --net`, or `shipped` for the one cardtree
    /// ships for the point system (American, British): the learned, expectimax and rollout
    /// players play on it instead of the per-line values.
    #[arg(long, value_name = "FILE|shipped", conflicts_with = "values")]
    pub net: Option<std::path::PathBuf>,
}

impl PlayArgs {
    /// The options these arguments give.
    #[must_use]
    pub fn options(&self) -> PlayOptions {
        PlayOptions {
            system: self.system.clone(),
            player: self.player,
            selection: self.selection,
            simulation: self.simulation,
            squash: self.squash,
            cp: self.cp,
            weights: self.weights.clone(),
            apriori: self.apriori.clone(),
            prior_mix: self.prior_mix,
            delta: self.delta,
            no_symmetry: self.no_symmetry,
            no_simple_rules: self.no_simple_rules,
            iterations: self.iterations,
            game_seconds: self.game_seconds,
            candidates: self.candidates,
            lookahead: self.lookahead,
            playout_lookahead: self.playout_lookahead,
            guard: self.guard,
            control_variate: self.control_variate,
            values: self.values.clone(),
            net: self.net.clone(),
        }
    }
}

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
        /// The player and its budget.
        #[command(flatten)]
        args: PlayArgs,
        /// Games to play.
        #[arg(long, value_parser = crate::limits::games, default_value_t = 100)]
        games: u64,
        /// The first game's index: plays games FIRST..FIRST+GAMES-1 of the run, the same games
        /// a longer run from 0 plays (a run stopped after K games goes on with --first K).
        #[arg(long, default_value_t = 0)]
        first: u64,
        /// Seed of the run.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads, one game each at a time (default: one per core). Results under
        /// --iterations do not depend on it; under --game-seconds each game's time is its
        /// thread's.
        #[arg(long, default_value_t = 0)]
        threads: usize,
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
            args,
            games,
            first,
            seed,
            threads,
            per_game,
            output,
        } => report::command(
            &args.options(),
            first,
            games,
            seed,
            threads,
            per_game,
            &output.output()?,
        ),
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Play {
        #[command(flatten)]
        play: PlayArgs,
    }

    #[test]
    fn the_flags_defaults_are_the_options_defaults() {
        let bare = Play::try_parse_from(["pps-play"]).unwrap();
        assert_eq!(bare.play.options(), PlayOptions::default());
    }
}
