//! `cardtree`: the command-line program of the cardtree project.

use std::path::PathBuf;
use std::process::ExitCode;

use cardtree::Seat;
use cardtree::bridge::Strain;
use cardtree::search::FinalMove;
use cardtree_host::mckay::{self, Constants, Powers};
use cardtree_host::runner::{self, RunOptions, Shard};
use cardtree_host::solve::{self, DEFAULT_TABLE_MIB, Task};
use cardtree_host::{deals, output};
use clap::{Parser, Subcommand, ValueEnum};

/// Game-tree search over card games: Monte-Carlo tree search with power-mean backups,
/// minimax and alpha-beta, double-dummy bridge, Poker Squares and Blackjack.
#[derive(Debug, Parser)]
#[command(name = "cardtree", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Double-dummy bridge: solve deals, deal random hands.
    #[command(subcommand)]
    Bridge(BridgeCommand),
    /// Blackjack: the exact oracle's numbers, paired hands of every player.
    #[command(subcommand)]
    Blackjack(cardtree_host::blackjack::BlackjackCommand),
    /// Parameterized Poker Squares: score grids, play games.
    #[command(subcommand)]
    Pps(cardtree_host::cli::pps::PpsCommand),
    /// Run the papers' experiments on all cores, with shards, resume and merge.
    #[command(subcommand)]
    Experiment(ExperimentCommand),
}

#[derive(Debug, Subcommand)]
enum ExperimentCommand {
    /// McKay & Kruskal: power-mean UCT chooses opening leads over a grid of exploration
    /// constants and powers; each lead is scored by its double-dummy value.
    Mckay(McKayArgs),
    /// Opening leads with the hidden hands hidden: PIMC with the solver or McKay's UCT on
    /// sampled layouts, ISMCTS, a random lead; each lead scored by the double-dummy tricks it
    /// loses on the real deal.
    Leads(LeadsArgs),
    /// Blackjack (../shared/papers/003_*): every player on every shoe, MCTS_N and C sweeps.
    Blackjack(cardtree_host::blackjack_experiment::ExperimentArgs),
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

#[derive(Debug, clap::Args)]
struct McKayArgs {
    /// Deals in the JSON-lines format of ../shared/bridge/ (full deals; leads without a
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
struct LeadsArgs {
    /// Deals in the JSON-lines format of ../shared/bridge/ (full deals; leads without a
    /// "tricks" field are valued by cardtree's solver), e.g. ../shared/bridge/dev_deals.jsonl.
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
struct PpsExperimentArgs {
    /// Which table.
    #[arg(long, value_enum)]
    table: cardtree_host::pps_experiment::PpsTable,
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
    #[arg(long, value_enum, default_value_t = cardtree_host::cli::pps::PriorMixArg::Sum)]
    prior_mix: cardtree_host::cli::pps::PriorMixArg,
    /// The output directory.
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    run: RunArgs,
}

/// Options of the shared runner.
#[derive(Debug, clap::Args)]
struct RunArgs {
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

#[derive(Clone, Copy, Debug, ValueEnum)]
enum VariantArg {
    /// All children on a node's first visit; every playout in the tree to the end of the deal.
    Paper,
    /// One new node per playout, then a uniformly random rollout.
    Standard,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ChoiceArg {
    /// The root child of highest value.
    Value,
    /// The root child of most visits.
    Visits,
}

#[derive(Debug, Subcommand)]
enum BridgeCommand {
    /// Solve every card of the player on lead, double dummy: one deal (--deal) or a JSON-lines
    /// file (--file, the format of ../shared/bridge/).
    Solve {
        /// A PBN deal, full or an ending at a trick boundary: "W:AKQ.JT9.876.5432 ...".
        #[arg(
            long,
            conflicts_with = "file",
            required_unless_present = "file",
            allow_hyphen_values = true
        )]
        deal: Option<String>,
        /// The player on lead (with --deal).
        #[arg(long, default_value = "W", value_parser = solve::parse_seat)]
        leader: Seat,
        /// The strain: NT, S, H, D or C (with --deal).
        #[arg(long, default_value = "NT")]
        trump: Strain,
        /// JSON lines with fields pbn, leader, trump and optional id (tricks is ignored).
        #[arg(long)]
        file: Option<PathBuf>,
        /// Print JSON: {"tricks":{"SA":9,...},"best":9,"nodes":N,"ms":T}.
        #[arg(long)]
        json: bool,
        /// Worker threads for --file, each with its own table (default: one per core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Transposition-table memory per thread, in MiB.
        #[arg(long, default_value_t = DEFAULT_TABLE_MIB)]
        table_mib: usize,
        /// Write the output to this file (whole or not at all) instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Benchmark the solver: every lead of every line of a JSON-lines file, one thread, a
    /// fresh table per deal; with --dds, DDS on the same deals in the same run.
    Bench {
        /// JSON lines with fields pbn, leader, trump (e.g. ../shared/bridge/dev_deals.jsonl).
        #[arg(long)]
        file: PathBuf,
        /// Transposition-table memory, in MiB.
        #[arg(long, default_value_t = DEFAULT_TABLE_MIB)]
        table_mib: usize,
        /// Also time DDS and compare every card (needs the `dds` feature).
        #[arg(long)]
        dds: bool,
        /// Write each deal's time and work (and DDS's, with --dds) to this CSV file.
        #[arg(long)]
        per_deal: Option<PathBuf>,
        /// Whole double-dummy tables (20 solves a deal, lines with a pbn field, e.g.
        /// ../shared/bridge/dd_tables.jsonl) instead of every lead; with --dds, DDS's
        /// CalcDDtable on the same deals.
        #[arg(long)]
        tables: bool,
    },
    /// The solver's ablation: every lead of every deal of a file with all techniques on, then
    /// with each switched off in turn; prints a Markdown table of tricks searched and time.
    Ablation {
        /// JSON lines with fields pbn, leader, trump (e.g. ../shared/bridge/dev_deals.jsonl).
        #[arg(long)]
        file: PathBuf,
        /// Transposition-table memory, in MiB.
        #[arg(long, default_value_t = DEFAULT_TABLE_MIB)]
        table_mib: usize,
        /// Seconds a configuration may take: it stops after the deal that passes them and is
        /// compared with all techniques on over the same deals.
        #[arg(long, default_value_t = 600.0, allow_hyphen_values = true)]
        budget: f64,
        /// Write the table to this file (whole or not at all) instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Hand records: the double-dummy table (tricks for every declarer in every strain) and
    /// the par score and contracts of one deal (--deal), a JSON-lines file (--file, the format
    /// of ../shared/bridge/dd_tables.jsonl) or a PBN file (--pbn, written back with the
    /// DoubleDummyTricks, OptimumScore, ParContract and OptimumResultTable tags).
    Table {
        /// A full PBN deal: "N:AKQ.JT9.876.5432 ...".
        #[arg(long, conflicts_with_all = ["file", "pbn"], required_unless_present_any = ["file", "pbn"], allow_hyphen_values = true)]
        deal: Option<String>,
        /// The board number of --deal (dealer and vulnerability follow the cycle of 16).
        #[arg(long, default_value_t = 1)]
        board: u32,
        /// The dealer of --deal, instead of the board's.
        #[arg(long, value_parser = solve::parse_seat)]
        dealer: Option<Seat>,
        /// The vulnerability of --deal (None, NS, EW, All), instead of the board's.
        #[arg(long)]
        vulnerable: Option<cardtree::bridge::Vulnerability>,
        /// JSON lines with a field pbn and optional id, dealer, vulnerable.
        #[arg(long, conflicts_with = "pbn")]
        file: Option<PathBuf>,
        /// A PBN file of boards; the output is the file with the double-dummy tags added
        /// (or replaced), other tags untouched.
        #[arg(long)]
        pbn: Option<PathBuf>,
        /// Print one JSON line per board (the fields of dd_tables.jsonl) instead.
        #[arg(long)]
        json: bool,
        /// Worker threads, each with its own table (default: one per core). Results do not
        /// depend on it.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Transposition-table memory per thread, in MiB.
        #[arg(long, default_value_t = DEFAULT_TABLE_MIB)]
        table_mib: usize,
        /// Write the output to this file (whole or not at all) instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// The opening lead with the other hands unseen: deal layouts that fit what the leader
    /// knows (--constraints), value every card on each (the solver, or McKay's UCT), or search
    /// one ISMCTS tree; prints every card's mean tricks and chance to beat the contract with
    /// 95 % intervals, the best card marked.
    ///
    /// Constraints: clauses "SEAT: ITEM, ITEM" separated by ';'. An item is a count (n, n-m or
    /// n+) and a unit: hcp (high-card points, A=4 K=3 Q=2 J=1) or a suit letter (the length of
    /// that suit). Example: "S: 15-17 hcp, 2-4 S; N: 8-15 hcp".
    Lead {
        /// The leader's hand, PBN: spades.hearts.diamonds.clubs, e.g. "KQT2.853.AJ9.742".
        #[arg(long, allow_hyphen_values = true)]
        hand: String,
        /// The leader (declarer's left-hand opponent; the default).
        #[arg(long, value_parser = solve::parse_seat)]
        seat: Option<Seat>,
        /// The contract: level and strain, e.g. 3NT, 4S, 6Cx.
        #[arg(long)]
        contract: cardtree::bridge::Contract,
        /// The declarer.
        #[arg(long, default_value = "S", value_parser = solve::parse_seat)]
        declarer: Seat,
        /// What the auction told: e.g. "S: 15-17 hcp, 2-4 S; N: 8-15 hcp".
        #[arg(long, default_value = "", allow_hyphen_values = true)]
        constraints: String,
        /// Layouts to value (solver, uct).
        #[arg(long, default_value_t = 100)]
        samples: u32,
        /// How to value the leads.
        #[arg(long, value_enum, default_value_t = LeadMethodArg::Solver)]
        method: LeadMethodArg,
        /// Playouts per layout (uct, default 1000) or iterations in all (ismcts, default 100000).
        #[arg(long)]
        playouts: Option<u32>,
        /// McKay's exploration constant c (uct, ismcts).
        #[arg(long, default_value_t = 16.0, allow_hyphen_values = true)]
        c: f64,
        /// The power of the backups, 1 = the mean (uct, ismcts).
        #[arg(long, default_value_t = 1.0, allow_hyphen_values = true)]
        p: f64,
        /// The seed: layout i is drawn from stream (seed, i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// What chooses the best card: mean tricks or the chance to beat the contract.
        #[arg(long, value_enum, default_value_t = ObjectiveArg::Set)]
        objective: ObjectiveArg,
        /// Tries allowed to draw one layout before the constraints are called impossible.
        #[arg(long, default_value_t = cardtree::bridge::DEFAULT_MAX_TRIES)]
        max_tries: u32,
        /// Print one JSON object instead of the table.
        #[arg(long)]
        json: bool,
        /// Worker threads (default: one per core). Results do not depend on it.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Transposition-table memory per thread, in MiB (solver).
        #[arg(long, default_value_t = DEFAULT_TABLE_MIB)]
        table_mib: usize,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
        /// Write the output to this file (whole or not at all) instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Deal uniformly random hands from a seed (the generator of ../shared/bridge/).
    Deal {
        /// Seed of the run; the same seed gives the same deals on every machine.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many deals.
        #[arg(long, default_value_t = 1)]
        count: usize,
        /// The seat each PBN string starts from.
        #[arg(long, default_value = "W", value_parser = solve::parse_seat)]
        first: Seat,
        /// Output format.
        #[arg(long, value_enum, default_value_t = DealFormat::Jsonl)]
        format: DealFormat,
        /// Write to this file (whole or not at all) instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum LeadMethodArg {
    /// The exact double-dummy solver on every layout.
    Solver,
    /// McKay's power-mean UCT on every layout.
    Uct,
    /// One information-set MCTS search, a layout per iteration.
    Ismcts,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ObjectiveArg {
    /// The most tricks for the defence on average.
    Tricks,
    /// The best chance to beat the contract.
    Set,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum DealFormat {
    /// One PBN deal per line.
    Pbn,
    /// JSON lines {"id":..,"pbn":".."}, the format of ../shared/bridge/ (without tricks).
    Jsonl,
}

/// Writes `text` to `out` atomically, or to standard output.
fn emit(text: &str, out: Option<&PathBuf>) -> Result<(), String> {
    emit_bytes(text.as_bytes(), out)
}

/// Writes `bytes` to `out` atomically, or to standard output.
fn emit_bytes(bytes: &[u8], out: Option<&PathBuf>) -> Result<(), String> {
    output::emit(bytes, out.map(PathBuf::as_path))
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Blackjack(cmd) => cardtree_host::blackjack::run(cmd),
        Command::Experiment(ExperimentCommand::Mckay(args)) => experiment_mckay(args),
        Command::Experiment(ExperimentCommand::Leads(args)) => experiment_leads(args),
        Command::Experiment(ExperimentCommand::Blackjack(args)) => {
            cardtree_host::blackjack_experiment::main(&args)
        }
        Command::Pps(cmd) => cardtree_host::cli::pps::run(cmd),
        Command::Experiment(ExperimentCommand::Pps(args)) => experiment_pps(args),
        Command::Experiment(ExperimentCommand::Plan {
            shards,
            slurm,
            cpus_per_task,
            time,
            command,
        }) => {
            let plan = runner::plan::Plan::new(&command, shards).map_err(|e| e.to_string())?;
            // The command must be one the shards can run: parse it as they will.
            let shard = format!("1/{}", shards.max(1));
            let words = ["cardtree", "experiment"]
                .into_iter()
                .map(str::to_string)
                .chain(command.iter().cloned())
                .chain(["--shard".to_string(), shard]);
            if let Err(e) = Cli::try_parse_from(words) {
                let text = e.to_string();
                let line = text.lines().next().unwrap_or_default();
                return Err(format!(
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
        Command::Experiment(ExperimentCommand::Merge { dirs, out }) => {
            let files = runner::merge(&dirs, &out, summarizer)?;
            eprintln!(
                "cardtree: merged {} shards; wrote {} in {}",
                dirs.len(),
                files.join(", "),
                out.display()
            );
            Ok(())
        }
        Command::Bridge(BridgeCommand::Deal {
            seed,
            count,
            first,
            format,
            out,
        }) => {
            let format = match format {
                DealFormat::Pbn => deals::Format::Pbn,
                DealFormat::Jsonl => deals::Format::Jsonl,
            };
            emit(&deals::generate(seed, count, first, format), out.as_ref())
        }
        Command::Bridge(BridgeCommand::Bench {
            file,
            table_mib,
            dds,
            per_deal,
            tables,
        }) => {
            if tables {
                cardtree_host::solver_bench::tables(&file, table_mib, dds, per_deal.as_deref())
            } else {
                cardtree_host::solver_bench::run(&file, table_mib, dds, per_deal.as_deref())
            }
        }
        Command::Bridge(BridgeCommand::Table {
            deal,
            board,
            dealer,
            vulnerable,
            file,
            pbn,
            json,
            threads,
            table_mib,
            out,
        }) => {
            use cardtree_host::hand_record::{self, Board};
            if let Some(text) = deal {
                let mut b = Board::new(board, &text)?;
                b.dealer = dealer.unwrap_or(b.dealer);
                b.vulnerable = vulnerable.unwrap_or(b.vulnerable);
                let record = hand_record::solve(&b, &mut solve::host_table(table_mib))?;
                let body = if json {
                    format!("{}\n", hand_record::to_json(&b, &record))
                } else {
                    hand_record::to_text(&b, &record)
                };
                return emit(&body, out.as_ref());
            }
            if let Some(path) = pbn {
                return table_pbn(&path, json, threads, table_mib, out.as_ref());
            }
            let Some(path) = file else {
                return Err("give --deal, --file or --pbn".to_string());
            };
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let start = std::time::Instant::now();
            let results = hand_record::run_lines(&text, threads, table_mib, json);
            report_lines(&path, &results, start, out.as_ref())
        }
        Command::Bridge(BridgeCommand::Lead {
            hand,
            seat,
            contract,
            declarer,
            constraints,
            samples,
            method,
            playouts,
            c,
            p,
            seed,
            objective,
            max_tries,
            json,
            threads,
            table_mib,
            quiet,
            out,
        }) => {
            use cardtree::bridge::{Constraints, LeadProblem, Objective};
            use cardtree_host::lead::{self, Method};
            let leader = declarer.next();
            if let Some(s) = seat.filter(|&s| s != leader) {
                return Err(format!(
                    "--seat {s} does not lead against {declarer}: the opening leader is {leader}"
                ));
            }
            let hand = cardtree::pbn::hand(&hand, leader).map_err(|e| format!("--hand: {e}"))?;
            if hand.len() != 13 {
                return Err(format!("--hand has {} cards, want 13", hand.len()));
            }
            let constraints: Constraints =
                constraints
                    .parse()
                    .map_err(|e: cardtree::bridge::ParseConstraintsError| {
                        lead::constraint_error(&constraints, &e)
                    })?;
            let problem = LeadProblem::opening(hand, contract, declarer, constraints)
                .map_err(|e| e.to_string())?;
            let method = match method {
                LeadMethodArg::Solver => Method::Solver,
                LeadMethodArg::Uct => Method::Uct {
                    playouts: playouts.unwrap_or(1000),
                    c,
                    p,
                },
                LeadMethodArg::Ismcts => Method::Ismcts {
                    iterations: playouts.unwrap_or(100_000),
                    c,
                    p,
                },
            };
            let objective = match objective {
                ObjectiveArg::Tricks => Objective::Tricks,
                ObjectiveArg::Set => Objective::Set,
            };
            let run = lead::Run {
                method,
                samples,
                seed,
                max_tries,
                threads,
                table_mib,
                progress: !quiet,
            };
            let e = lead::evaluate(&problem, &run)?;
            let body = if json {
                format!("{}\n", lead::to_json(&e, &method, objective))
            } else {
                lead::to_text(&e, &problem, &method, objective)
            };
            emit(&body, out.as_ref())
        }
        Command::Bridge(BridgeCommand::Ablation {
            file,
            table_mib,
            budget,
            out,
        }) => emit(
            &cardtree_host::solver_bench::ablation(&file, table_mib, budget)?,
            out.as_ref(),
        ),
        Command::Bridge(BridgeCommand::Solve {
            deal,
            leader,
            trump,
            file,
            json,
            threads,
            table_mib,
            out,
        }) => {
            if let Some(pbn) = deal {
                let task = Task {
                    id: None,
                    pbn,
                    leader,
                    strain: trump,
                };
                let solved = solve::run(&task, &mut solve::host_table(table_mib))?;
                let line = if json {
                    solve::to_json(None, &solved)
                } else {
                    solve::to_text(&solved)
                };
                return emit(&format!("{line}\n"), out.as_ref());
            }
            let Some(path) = file else {
                return Err("give --deal or --file".to_string());
            };
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let start = std::time::Instant::now();
            let results = solve::run_lines(&text, threads, table_mib, json);
            report_lines(&path, &results, start, out.as_ref())
        }
    }
}

/// Writes the lines solved from `path` (each a line of output, or the error of its input
/// line, reported on standard error with the line number); fails if any line failed.
fn report_lines(
    path: &std::path::Path,
    results: &[Result<String, String>],
    start: std::time::Instant,
    out: Option<&PathBuf>,
) -> Result<(), String> {
    let mut body = String::new();
    let mut errors = 0;
    for (i, r) in results.iter().enumerate() {
        match r {
            Ok(line) => {
                body.push_str(line);
                if !line.ends_with('\n') {
                    body.push('\n');
                }
            }
            Err(e) => {
                errors += 1;
                eprintln!("cardtree: {}:{}: {e}", path.display(), i + 1);
            }
        }
    }
    emit(&body, out)?;
    eprintln!(
        "cardtree: solved {} of {} lines in {:.2} s",
        results.len() - errors,
        results.len(),
        start.elapsed().as_secs_f64()
    );
    if errors > 0 {
        return Err(format!("{errors} lines could not be solved"));
    }
    Ok(())
}

/// `cardtree bridge table --pbn`: every board of a PBN file; the file back with the
/// double-dummy tags (or JSON lines); a bad board is reported with its number and line, the
/// others are solved.
fn table_pbn(
    path: &std::path::Path,
    json: bool,
    threads: usize,
    mib: usize,
    out: Option<&PathBuf>,
) -> Result<(), String> {
    use cardtree_host::{hand_record, pbn_file};
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    // PBN files are ISO-8859-1 by the standard, UTF-8 in practice: read bytes, keep them (a
    // file that is not UTF-8 is read as ISO-8859-1 and written back in it).
    let (text, latin1) = match String::from_utf8(bytes) {
        Ok(text) => (text, false),
        Err(e) => (
            e.into_bytes().iter().map(|&b| char::from(b)).collect(),
            true,
        ),
    };
    let start = std::time::Instant::now();
    let games = pbn_file::games(&text);
    let boards = pbn_file::boards(&games);
    let mut good = Vec::new();
    let mut errors = 0;
    for (g, b) in &boards {
        match b {
            Ok(board) => good.push((*g, board.clone())),
            Err(e) => {
                errors += 1;
                eprintln!("cardtree: {}: {e}", path.display());
            }
        }
    }
    let list: Vec<hand_record::Board> = good.iter().map(|(_, b)| b.clone()).collect();
    let solved = hand_record::solve_all(&list, threads, mib);
    let mut records = Vec::new();
    let mut lines = String::new();
    for ((g, board), r) in good.iter().zip(solved) {
        match r {
            Ok(record) => {
                if json {
                    lines.push_str(&hand_record::to_json(board, &record));
                    lines.push('\n');
                }
                records.push((*g, record));
            }
            Err(e) => {
                errors += 1;
                eprintln!("cardtree: {}: board {}: {e}", path.display(), board.number);
            }
        }
    }
    let body = if json {
        lines.into_bytes()
    } else if latin1 {
        // Every character is the input's (below U+0100) or one of the tags' (ASCII).
        pbn_file::with_records(&text, &games, &records)
            .chars()
            .map(|c| u8::try_from(c).unwrap_or(b'?'))
            .collect()
    } else {
        pbn_file::with_records(&text, &games, &records).into_bytes()
    };
    emit_bytes(&body, out)?;
    eprintln!(
        "cardtree: solved {} of {} boards in {:.2} s",
        records.len(),
        boards.len(),
        start.elapsed().as_secs_f64()
    );
    if errors > 0 {
        return Err(format!("{errors} boards could not be solved"));
    }
    Ok(())
}

/// The summary of an experiment kind, for `merge`.
fn summarizer(kind: &str) -> Option<runner::Summarizer> {
    match kind {
        mckay::KIND => Some(mckay::summarize),
        cardtree_host::blackjack_experiment::KIND => {
            Some(cardtree_host::blackjack_experiment::summarize)
        }
        cardtree_host::pps_experiment::KIND => Some(cardtree_host::pps_experiment::summarize),
        cardtree_host::leads_experiment::KIND => Some(cardtree_host::leads_experiment::summarize),
        _ => None,
    }
}

/// `cardtree experiment pps`.
fn experiment_pps(args: PpsExperimentArgs) -> Result<(), String> {
    use cardtree::poker_squares::Budget;
    use cardtree_host::pps_experiment::{PpsExperiment, summarize};
    let budget = match (args.iterations, args.game_seconds) {
        (_, Some(t)) if t > 0.0 => Budget::GameMicros((t * 1e6) as u64),
        (_, Some(_)) => return Err("--game-seconds must be positive".to_string()),
        (k, None) => Budget::Iterations(k.unwrap_or(1000)),
    };
    let experiment = PpsExperiment::new(
        args.table,
        &args.system,
        args.games,
        args.seed,
        budget,
        args.prior_mix.into(),
    )?;
    let options = args.run.options(args.out.clone());
    let report = runner::run(&experiment, summarize, &options)?;
    eprintln!("cardtree: {}", runner::describe(&report, &args.out));
    if options.shard.is_whole() {
        let path = args.out.join("summary.md");
        if let Ok(text) = std::fs::read_to_string(&path) {
            print!("{text}");
        }
    }
    Ok(())
}

/// `cardtree experiment mckay`.
fn experiment_leads(args: LeadsArgs) -> Result<(), String> {
    use cardtree_host::leads_experiment::{self, Leads};
    let text = std::fs::read_to_string(&args.deals)
        .map_err(|e| format!("cannot read {}: {e}", args.deals.display()))?;
    let source = args
        .deals
        .file_name()
        .map_or("deals".to_string(), |n| n.to_string_lossy().into_owned());
    let deals = mckay::read_deals(&text, &source, args.table_mib)?;
    let experiment = Leads {
        deals,
        source,
        seed: args.seed,
        solver_layouts: leads_experiment::parse_layouts(&args.layouts)
            .map_err(|e| format!("--layouts: {e}"))?,
        uct: leads_experiment::parse_uct_rows(&args.uct).map_err(|e| format!("--uct: {e}"))?,
        ismcts: leads_experiment::parse_ismcts_rows(&args.ismcts)
            .map_err(|e| format!("--ismcts: {e}"))?,
        table_mib: args.table_mib,
    };
    let options = args.run.options(args.out.clone());
    let report = runner::run(&experiment, leads_experiment::summarize, &options)?;
    eprintln!("cardtree: {}", runner::describe(&report, &args.out));
    Ok(())
}

fn experiment_mckay(args: McKayArgs) -> Result<(), String> {
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
            return Err("give --deals FILE or --quick".to_string());
        };
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
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
    eprintln!("cardtree: {}", runner::describe(&report, &args.out));
    if report.ran > 0 {
        let playouts = report.ran as f64 * f64::from(experiment.grid.playouts);
        eprintln!(
            "cardtree: {:.0} playouts/s on {} threads",
            playouts / report.seconds.max(1e-9),
            report.threads
        );
    }
    if options.shard.is_whole() {
        let path = args.out.join("summary.md");
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        print!("{text}");
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => e.exit(), // --help, --version
        Err(e) => {
            // One line: clap's first line without its "error: " prefix.
            let text = e.to_string();
            let line = text.lines().next().unwrap_or_default();
            eprintln!("cardtree: {}", line.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("cardtree: {message}");
            ExitCode::FAILURE
        }
    }
}
