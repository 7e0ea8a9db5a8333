//! `cardtree experiment`: the experiments' clap types, the runner's shared options
//! ([`RunArgs`]), plan and merge, and the hand-off to each experiment's driver.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::cli::spec_args::SpecArgs;
use crate::error::Error;
use crate::experiments::mckay;
use crate::experiments::{self, blackjack, leads, pps, tables};
use crate::output::emit;
use crate::runner::{self, RunOptions, Shard};

/// The subcommands of `cardtree experiment`.
#[derive(Debug, Subcommand)]
pub enum ExperimentCommand {
    /// McKay & Kruskal: power-mean UCT chooses opening leads over a grid of exploration
    /// constants and powers; each lead is scored by its double-dummy value.
    Mckay(McKayArgs),
    /// Opening leads with the hidden hands hidden: PIMC with the solver or McKay's UCT on
    /// sampled layouts, ISMCTS, a random lead; each lead scored by the double-dummy tricks it
    /// loses on the real deal.
    Leads(LeadsArgs),
    /// Blackjack ("MCTS for Black Jack"): every player on every shoe, MCTS_N and C sweeps.
    Blackjack(BlackjackArgs),
    /// Parameterized Poker Squares: paper 004's Table 2 (squashing), the Cp table, the twelve
    /// rows of Table 3 and the alpha/beta/gamma sweep, beside the papers' numbers.
    Pps(PpsExperimentArgs),
    /// Hand records of a whole archive: every board's double-dummy table and par, as `bridge
    /// table` gives them, with shards, resume after a kill and merge; writes tables.jsonl
    /// (from --file) or tables.pbn (from --pbn).
    Tables(TablesArgs),
    /// Print an experiment command cut into shard commands and their merge, or a Slurm script
    /// that submits them as a job array and their merge as a job after it (`experiment plan
    /// --shards 16 --slurm -- pps --table best ... > job.sh; bash job.sh`).
    Plan {
        /// Shards (one machine, core group or array task each).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::limits::MOST_SHARDS)))]
        shards: u32,
        /// A Slurm script instead of the commands: `bash SCRIPT` submits the shards as a job
        /// array and the merge as a job that waits for them.
        #[arg(long)]
        slurm: bool,
        /// With --slurm: CPUs of each array task, the shard's --threads (default: the
        /// command's --threads, else 1).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=4096))]
        cpus_per_task: Option<u32>,
        /// With --slurm: each task's time limit, as Slurm writes it (e.g. 04:00:00).
        #[arg(long)]
        time: Option<String>,
        /// The experiment command, as after `cardtree experiment`, with its --out.
        #[arg(required = true, trailing_var_arg = true, allow_hyphen_values = true)]
        command: Vec<String>,
    },
    /// Combine the directories of every shard of one run into the output of an unsharded run.
    Merge {
        /// The shard directories.
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// The output directory.
        #[arg(long)]
        out: PathBuf,
    },
}

/// `cardtree experiment mckay`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["deals", "quick"])))]
pub struct McKayArgs {
    /// Deals in the JSON-lines format of tests/data/bridge/ (full deals; leads without a
    /// "tricks" field are valued by cardtree's solver). `--deals` is the same flag.
    #[arg(long = "file", visible_alias = "deals", value_name = "FILE")]
    deals: Option<PathBuf>,
    /// No input: 4 random deals from the seed, valued by cardtree's solver, on a 5 x 5 grid
    /// (c = 0.25, 1, 4, 16, 64; p = 1, 2, 5, 10, 15) of 5000 playouts: about a second on two
    /// cores.
    #[arg(long)]
    quick: bool,
    /// The grid, the playouts, the search and the seed (one spec:
    /// `experiments/mckay/options.rs`).
    #[command(flatten)]
    options: SpecArgs<mckay::Options>,
    /// The output directory.
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    run: RunArgs,
}

/// `cardtree experiment leads`.
#[derive(Debug, clap::Args)]
pub struct LeadsArgs {
    /// Deals in the JSON-lines format of tests/data/bridge/ (full deals; leads without a
    /// "tricks" field are valued by cardtree's solver), e.g. tests/data/bridge/dev_deals.jsonl.
    /// `--deals` is the same flag.
    #[arg(long = "file", visible_alias = "deals", value_name = "FILE")]
    deals: PathBuf,
    /// The rows and the run's seed (one spec: `experiments/leads/options.rs`).
    #[command(flatten)]
    options: SpecArgs<leads::Options>,
    /// The output directory.
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    run: RunArgs,
}

/// `cardtree experiment pps`.
#[derive(Debug, clap::Args)]
pub struct PpsExperimentArgs {
    /// The table and its players' options (one spec: `experiments/pps/options.rs`).
    #[command(flatten)]
    options: SpecArgs<pps::Options>,
    /// The output directory.
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    run: RunArgs,
}

/// `cardtree experiment blackjack`.
#[derive(Debug, clap::Args)]
pub struct BlackjackArgs {
    /// The hands, their blocks and seed (one spec: `experiments/blackjack/options.rs`).
    #[command(flatten)]
    options: SpecArgs<blackjack::Options>,
    /// The output directory.
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    run: RunArgs,
}

/// `cardtree experiment tables`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["file", "pbn"])))]
pub struct TablesArgs {
    /// JSON lines with a field pbn and optional id, dealer, vulnerable (as `bridge table
    /// --file`).
    #[arg(long, value_name = "FILE")]
    file: Option<PathBuf>,
    /// A PBN file of boards (as `bridge table --pbn`).
    #[arg(long, value_name = "FILE")]
    pbn: Option<PathBuf>,
    /// The table's memory (one spec: `experiments/tables/options.rs`).
    #[command(flatten)]
    options: SpecArgs<tables::Options>,
    /// The output directory.
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    run: RunArgs,
}

/// Options of the shared runner.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// Run only shard i of n (1-based): the items k with k % n = i - 1. Combine the shards'
    /// directories with `cardtree experiment merge`.
    #[arg(long, default_value = "1/1")]
    shard: Shard,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long, default_value_t = 0, value_parser = crate::limits::threads)]
    threads: usize,
    /// No progress bar (there is none anyway when standard error is not a terminal).
    #[arg(long)]
    quiet: bool,
}

impl RunArgs {
    fn options(&self, out: PathBuf) -> RunOptions {
        RunOptions {
            out,
            shard: self.shard,
            threads: self.threads,
            progress: !self.quiet,
        }
    }
}

/// Runs one `cardtree experiment` subcommand.
pub fn run(cmd: ExperimentCommand) -> Result<(), Error> {
    match cmd {
        ExperimentCommand::Mckay(a) => mckay::run(
            &mckay::Options {
                deals: a.deals,
                quick: a.quick,
                ..a.options.options()?
            },
            &a.run.options(a.out),
        ),
        ExperimentCommand::Leads(a) => leads::run(
            &leads::Options {
                deals: a.deals,
                ..a.options.options()?
            },
            &a.run.options(a.out),
        ),
        ExperimentCommand::Blackjack(a) => {
            blackjack::run(&a.options.options()?, &a.run.options(a.out))
        }
        ExperimentCommand::Pps(a) => pps::run(&a.options.options()?, &a.run.options(a.out)),
        ExperimentCommand::Tables(a) => {
            let (file, format) = match (a.file, a.pbn) {
                (Some(f), _) => (f, tables::Format::Jsonl),
                (None, Some(f)) => (f, tables::Format::Pbn),
                (None, None) => return Err(Error::Invalid("give --file or --pbn".into())),
            };
            tables::run(
                &tables::Options {
                    file,
                    format,
                    ..a.options.options()?
                },
                &a.run.options(a.out),
            )
        }
        ExperimentCommand::Plan {
            shards,
            slurm,
            cpus_per_task,
            time,
            command,
        } => {
            // The command must be one the shards can run: the plan has it parsed as they will.
            let plan = runner::plan::Plan::runnable(&command, shards, |words| {
                let words = ["cardtree", "experiment"]
                    .into_iter()
                    .map(str::to_string)
                    .chain(words.iter().cloned());
                super::Cli::try_parse_from(words).map(|_| ()).map_err(|e| {
                    let text = e.to_string();
                    let line = text.lines().next().unwrap_or_default();
                    format!("experiment plan: {}", line.trim_start_matches("error: "))
                })
            })
            .map_err(Error::from)?;
            let text = if slurm {
                let binary =
                    std::env::current_exe().map_err(|e| invalid!("the program's path: {e}"))?;
                let cwd =
                    std::env::current_dir().map_err(|e| invalid!("the current folder: {e}"))?;
                plan.slurm(
                    cpus_per_task,
                    time.as_deref(),
                    &binary.display().to_string(),
                    &cwd,
                )
                .map_err(Error::from)?
            } else {
                plan.commands()
            };
            emit(text.as_bytes(), None)
        }
        ExperimentCommand::Merge { dirs, out } => experiments::merge(&dirs, &out),
    }
}
