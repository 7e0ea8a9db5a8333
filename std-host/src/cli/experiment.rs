//! `cardtree experiment`: the experiments' clap types, the runner's shared options
//! ([`RunArgs`]), plan and merge, and the hand-off to each experiment's driver.

use crate::error::{Context, Error};
use std::path::PathBuf;

use cardtree::search::FinalMove;
use clap::{Parser, Subcommand, ValueEnum};

use crate::bridge::solve::DEFAULT_TABLE_MIB;
use crate::experiments::mckay::{self, Constants, Powers};
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
    Blackjack(crate::experiments::blackjack::ExperimentArgs),
    /// Parameterized Poker Squares: paper 004's Table 2 (squashing), the Cp table, the twelve
    /// rows of Table 3 and the alpha/beta/gamma sweep, beside the papers' numbers.
    Pps(PpsExperimentArgs),
    /// Print an experiment command cut into shard commands and their merge, or a Slurm
    /// job-array script that runs them (`experiment plan --shards 16 -- pps --table best ...`).
    Plan {
        /// Shards (one machine, core group or array task each).
        #[arg(long)]
        shards: u32,
        /// A Slurm job-array script instead of the commands.
        #[arg(long)]
        slurm: bool,
        /// With --slurm: CPUs of each array task (its --threads unless the command sets them).
        #[arg(long, default_value_t = 1)]
        cpus_per_task: u32,
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
pub struct McKayArgs {
    /// Deals in the JSON-lines format of tests/data/bridge/ (full deals; leads without a
    /// "tricks" field are valued by cardtree's solver). `--deals` is the same flag.
    #[arg(
        long = "file",
        visible_alias = "deals",
        value_name = "FILE",
        required_unless_present = "quick",
        conflicts_with = "quick"
    )]
    deals: Option<PathBuf>,
    /// No input: 4 random deals from the seed, valued by cardtree's solver, on a 5 x 5 grid
    /// (c = 0.25, 1, 4, 16, 64; p = 1, 2, 5, 10, 15) of 5000 playouts: about half a minute.
    #[arg(long)]
    quick: bool,
    /// Exploration constants c of V = X + sqrt(c ln n / T): a list "0.5,2,8", a doubling
    /// range "0.125..128", or "0.125,0.25,...,128" (geometric). Default: the paper's 0.125..128.
    #[arg(long = "c", value_parser = mckay::parse_constants)]
    constants: Option<Constants>,
    /// Powers p of the generalized average: "1,5,15", "1..15" or "1,2,...,15". Default 1..15.
    #[arg(long = "p", value_parser = mckay::parse_powers)]
    powers: Option<Powers>,
    /// Playouts per search.
    #[arg(long)]
    playouts: Option<u32>,
    /// Seed of the run: item k draws from stream (seed, k).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The search: the paper's appendix, or standard UCT (one new node per playout and a
    /// random rollout).
    #[arg(long, value_enum, default_value_t = VariantArg::Paper)]
    variant: VariantArg,
    /// The lead chosen: the root child of highest value (the paper) or of most visits.
    #[arg(long, value_enum, default_value_t = ChoiceArg::Value)]
    choice: ChoiceArg,
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
    /// Seed of the run: deal d's layouts come from stream (seed, d).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The solver rows: numbers of layouts (each row is a prefix of the largest).
    #[arg(long, default_value = "10,30,100,300", allow_hyphen_values = true)]
    layouts: String,
    /// The PIMC-with-UCT rows, LAYOUTSxPLAYOUTS:c:p, comma-separated ("none" for none).
    #[arg(
        long,
        default_value = "300x1000:16:1,300x1000:16:8,100x5000:16:1,100x5000:16:8"
    )]
    uct: String,
    /// The ISMCTS rows, ITERATIONS:c:p, comma-separated ("none" for none).
    #[arg(
        long,
        default_value = "100000:16:1,100000:16:8,1000000:16:1",
        allow_hyphen_values = true
    )]
    ismcts: String,
    /// Transposition-table memory per thread, in MiB.
    #[arg(long, default_value_t = DEFAULT_TABLE_MIB)]
    table_mib: usize,
    /// The output directory.
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    run: RunArgs,
}

/// `cardtree experiment pps`.
#[derive(Debug, clap::Args)]
pub struct PpsExperimentArgs {
    /// Which table.
    #[arg(long, value_enum)]
    table: crate::experiments::pps::PpsTable,
    /// The point system.
    #[arg(long, default_value = "american", allow_hyphen_values = true)]
    system: String,
    /// Paired games per configuration.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Seed of the run: game i deals from stream (seed, i) for every configuration.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Iterations per searched move (deterministic; the default budget, 1000).
    #[arg(long, conflicts_with = "game_seconds")]
    iterations: Option<u32>,
    /// Seconds per game instead (the papers' 30; needed for the "+ Calc." rows).
    #[arg(long, allow_hyphen_values = true)]
    game_seconds: Option<f64>,
    /// How every configuration's heuristic combines the a-priori probabilities of 1-3 card
    /// hands (the papers' text does not say; `std-host/results/pps/audit.md`).
    #[arg(long, value_enum, default_value_t = crate::cli::pps::PriorMixArg::Sum)]
    prior_mix: crate::cli::pps::PriorMixArg,
    /// The rollout table's placements compared by rollouts each move, the best by the learned
    /// values (0: every placement).
    #[arg(long, default_value_t = 0)]
    candidates: usize,
    /// The rollout table's playouts: 0 greedy on the learned values, 1 or 2 by expectimax.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=2))]
    playout_lookahead: u8,
    /// The rollout table's guard: expectimax's choice stands unless another candidate's
    /// rollouts beat it by more than Z standard errors.
    #[arg(long, value_name = "Z")]
    guard: Option<f64>,
    /// The rollout table's playouts by expectimax with the control variate (as `pps play`).
    #[arg(long)]
    control_variate: bool,
    /// The expectimax table's lookahead: the next card (1) or the next two (2).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    lookahead: u8,
    /// The rollout and expectimax tables' learned values (from `cardtree pps train`; default
    /// the table cardtree ships for the point system). The run's fingerprint records the
    /// file's hash.
    #[arg(long)]
    values: Option<PathBuf>,
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
    #[arg(long, default_value_t = 0)]
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

/// McKay's UCT variant (`--variant`).
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum VariantArg {
    /// All children on a node's first visit; every playout in the tree to the end of the deal.
    Paper,
    /// One new node per playout, then a uniformly random rollout.
    Standard,
}

/// How UCT picks its lead at the end (`--choice`).
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ChoiceArg {
    /// The root child of highest value.
    Value,
    /// The root child of most visits.
    Visits,
}

/// Runs one `cardtree experiment` subcommand.
pub fn run(cmd: ExperimentCommand) -> Result<(), Error> {
    match cmd {
        ExperimentCommand::Mckay(args) => experiment_mckay(args),
        ExperimentCommand::Leads(args) => experiment_leads(args),
        ExperimentCommand::Blackjack(args) => crate::experiments::blackjack::main(&args),
        ExperimentCommand::Pps(args) => experiment_pps(args),
        ExperimentCommand::Plan {
            shards,
            slurm,
            cpus_per_task,
            time,
            command,
        } => {
            let plan = runner::plan::Plan::new(&command, shards).map_err(Error::from)?;
            // The command must be one the shards can run: parse it as they will.
            let shard = format!("1/{}", shards.max(1));
            let words = ["cardtree", "experiment"]
                .into_iter()
                .map(str::to_string)
                .chain(command.iter().cloned())
                .chain(["--shard".to_string(), shard]);
            if let Err(e) = super::Cli::try_parse_from(words) {
                let text = e.to_string();
                let line = text.lines().next().unwrap_or_default();
                return Err(invalid!(
                    "experiment plan: {}",
                    line.trim_start_matches("error: ")
                ));
            }
            if slurm {
                print!("{}", plan.slurm(cpus_per_task, time.as_deref()));
            } else {
                print!("{}", plan.commands());
            }
            Ok(())
        }
        ExperimentCommand::Merge { dirs, out } => {
            let files = runner::merge(&dirs, &out, summarizer)?;
            eprintln!(
                "cardtree: merged {} shards; wrote {} in {}",
                dirs.len(),
                files.join(", "),
                out.display()
            );
            Ok(())
        }
    }
}

/// The summary of an experiment kind, for `merge`.
fn summarizer(kind: &str) -> Option<runner::Summarizer> {
    match kind {
        mckay::KIND => Some(mckay::summarize),
        crate::experiments::blackjack::KIND => Some(crate::experiments::blackjack::summarize),
        crate::experiments::pps::KIND => Some(crate::experiments::pps::summarize),
        crate::experiments::leads::KIND => Some(crate::experiments::leads::summarize),
        _ => None,
    }
}

/// `cardtree experiment pps`.
fn experiment_pps(args: PpsExperimentArgs) -> Result<(), Error> {
    use crate::experiments::pps::{LearnedOptions, PpsExperiment, summarize};
    use cardtree::poker_squares::Budget;
    let budget = match (args.iterations, args.game_seconds) {
        (_, Some(t)) if t > 0.0 => Budget::GameMicros((t * 1e6) as u64),
        (_, Some(_)) => return Err(Error::Invalid("--game-seconds must be positive".into())),
        (k, None) => Budget::Iterations(k.unwrap_or(1000)),
    };
    let experiment = PpsExperiment::new(
        args.table,
        &args.system,
        args.games,
        args.seed,
        budget,
        args.prior_mix.into(),
        LearnedOptions {
            rollout: super::pps::rollout_settings(
                args.candidates,
                args.playout_lookahead,
                args.guard,
                args.control_variate,
            ),
            lookahead: super::pps::lookahead(args.lookahead),
            values: args.values.as_deref(),
        },
    )?;
    let options = args.run.options(args.out.clone());
    let report = runner::run(&experiment, summarize, &options)?;
    runner::report(&report, &options)
}

/// `cardtree experiment mckay`.
fn experiment_leads(args: LeadsArgs) -> Result<(), Error> {
    use crate::experiments::leads::{self, Leads};
    let text = std::fs::read_to_string(&args.deals).map_err(|e| Error::read(&args.deals, e))?;
    let source = args
        .deals
        .file_name()
        .map_or("deals".to_string(), |n| n.to_string_lossy().into_owned());
    let deals = mckay::read_deals(&text, &source, args.table_mib)?;
    let experiment = Leads {
        deals,
        source,
        seed: args.seed,
        solver_layouts: leads::parse_layouts(&args.layouts).context("--layouts")?,
        uct: leads::parse_uct_rows(&args.uct).context("--uct")?,
        ismcts: leads::parse_ismcts_rows(&args.ismcts).context("--ismcts")?,
        table_mib: args.table_mib,
    };
    let options = args.run.options(args.out.clone());
    let report = runner::run(&experiment, leads::summarize, &options)?;
    runner::report(&report, &options)
}

fn experiment_mckay(args: McKayArgs) -> Result<(), Error> {
    // Solver tables for deals without values, a thread each.
    const TABLE: usize = 16;
    let mut grid = mckay::SweepGrid::paper(args.seed);
    let (deals, source) = if args.quick {
        grid.constants = vec![0.25, 1.0, 4.0, 16.0, 64.0];
        grid.powers = vec![1, 2, 5, 10, 15];
        let start = std::time::Instant::now();
        let deals = mckay::quick_deals(args.seed, 4, TABLE)?;
        eprintln!(
            "cardtree: dealt 4 hands from seed {} and valued their leads with cardtree's solver in {:.1} s",
            args.seed,
            start.elapsed().as_secs_f64()
        );
        (deals, "quick".to_string())
    } else {
        let Some(path) = args.deals else {
            return Err(Error::Invalid("give --deals FILE or --quick".into()));
        };
        let text = std::fs::read_to_string(&path).map_err(|e| Error::read(&path, e))?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        (
            mckay::read_deals(&text, &path.display().to_string(), TABLE)?,
            name,
        )
    };
    if let Some(Constants(c)) = args.constants {
        grid.constants = c;
    }
    if let Some(Powers(p)) = args.powers {
        grid.powers = p;
    }
    if let Some(n) = args.playouts {
        grid.playouts = n;
    }
    grid.variant = match args.variant {
        VariantArg::Paper => mckay::Variant::Paper,
        VariantArg::Standard => mckay::Variant::Standard,
    };
    grid.choice = match args.choice {
        ChoiceArg::Value => FinalMove::HighestValue,
        ChoiceArg::Visits => FinalMove::MostVisits,
    };
    let experiment = mckay::McKay {
        grid,
        deals,
        source,
    };
    let baseline = experiment
        .deals
        .iter()
        .map(mckay::LeadDeal::random_error)
        .sum::<f64>()
        / experiment.deals.len() as f64;
    println!(
        "baseline: a random lead loses {baseline:.3} tricks on average on these {} deals",
        experiment.deals.len()
    );
    let options = args.run.options(args.out.clone());
    let report = runner::run(&experiment, mckay::summarize, &options)?;
    if report.ran > 0 {
        let playouts = report.ran as f64 * f64::from(experiment.grid.playouts);
        eprintln!(
            "cardtree: {:.0} playouts/s on {} threads",
            playouts / report.seconds.max(1e-9),
            report.threads
        );
    }
    runner::report(&report, &options)
}
