//! `cardtree bridge`: the bridge commands' clap types and their dispatch to the drivers
//! (`solve`, `hand_record`, `lead`, `deals`, `solver_bench`).

use std::path::PathBuf;

use cardtree::Seat;
use clap::Subcommand;

use crate::bridge::hand_record::{self, Source};
use crate::bridge::lead_spec::LeadSpec;
use crate::bridge::solve::{self};
use crate::bridge::table_memory::DEFAULT_TABLE_MIB;
use crate::bridge::table_spec::TableSpec;
use crate::bridge::{ablation, advisor, bench, deals};
use crate::cli::OutputArgs;
use crate::cli::spec_args::SpecArgs;
use crate::cli::spelling::spelled;
use crate::error::Error;
use crate::output::Output;

/// The subcommands of `cardtree bridge`.
#[derive(Debug, Subcommand)]
pub enum BridgeCommand {
    /// Solve every card of the player on lead, double dummy: one deal (--deal) or a JSON-lines
    /// file (--file, the format of tests/data/bridge/). --json: one object a deal,
    /// {"tricks":{"SA":9,...},"best":9,"nodes":N,"ms":T}.
    #[command(group(clap::ArgGroup::new("input").required(true).args(["deal", "file"])))]
    Solve {
        /// The deal, its leader and strain, threads and table (one spec:
        /// `bridge/solve_spec.rs`).
        #[command(flatten)]
        options: SpecArgs<solve::Options>,
        /// JSON lines with fields pbn, leader, trump and optional id (tricks is ignored).
        #[arg(long)]
        file: Option<PathBuf>,
        /// --json (see the command's help for its form); --out FILE.
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Benchmark the solver: every lead of every line of a JSON-lines file, one thread, a
    /// fresh table per deal; with --dds, DDS on each deal right after cardtree, in the same run.
    Bench {
        /// JSON lines with fields pbn, leader, trump (e.g. tests/data/bridge/dev_deals.jsonl).
        #[arg(long)]
        file: PathBuf,
        /// Transposition-table memory, in MiB.
        #[arg(long, value_parser = crate::limits::table_mib, default_value_t = DEFAULT_TABLE_MIB)]
        table_mib: usize,
        /// Also time DDS, on each deal right after cardtree, and compare every card (needs the
        /// `dds` feature).
        #[arg(long)]
        dds: bool,
        /// With --tables: also time macroxue's bridge-solver, the `solver` binary at this path
        /// (built as its README says), on each deal right after cardtree, every cell compared.
        #[arg(long, requires = "tables")]
        macroxue: Option<PathBuf>,
        /// Write each deal's time and work (and each rival's time) to this CSV file.
        #[arg(long)]
        per_deal: Option<PathBuf>,
        /// Whole double-dummy tables (20 solves a deal, lines with a pbn field, e.g.
        /// tests/data/bridge/dd_tables.jsonl) instead of every lead; with --dds, DDS's
        /// CalcDDtable on the same deals.
        #[arg(long)]
        tables: bool,
        /// With --tables: also solve the tables on this many threads (0: one per core), each
        /// with its own table, and report the throughput against the one-thread run's.
        #[arg(long, requires = "tables", default_value_t = 1, value_parser = crate::limits::threads)]
        threads: usize,
        /// With --threads: rounds of the comparison, each the tables on one thread, then on
        /// the threads, in turns; the median of the rounds' ratios is reported, so that a host
        /// whose speed drifts moves both passes of a round alike. 1: the threads' pass against
        /// the first pass's one-thread times.
        #[arg(long, requires = "threads", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::limits::MOST_ROUNDS)))]
        rounds: u32,
        /// Solve each deal (its leads, or with --tables its table) this many times, cardtree's
        /// and each rival's in turns, and take each one's median time for the deal (the
        /// answers and the work are the same every time), so that a deal's ratio is not one
        /// sample of a host's noise.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::limits::MOST_ROUNDS)))]
        repeat: u32,
        /// --json: one object (deals, file, unit, cardtree's and DDS's times and counts as
        /// median, mean, max and total, the ratio); --out FILE.
        #[command(flatten)]
        output: OutputArgs,
    },
    // Its help is its arguments' doc comment.
    #[cfg(feature = "dds")]
    Libdds(crate::cli::libdds::LibddsArgs),
    /// The solver's ablation: every lead of every deal of a file with all techniques on, then
    /// with each switched off in turn; prints a Markdown table of tricks searched and time.
    Ablation {
        /// JSON lines with fields pbn, leader, trump (e.g. tests/data/bridge/dev_deals.jsonl).
        #[arg(long)]
        file: PathBuf,
        /// Transposition-table memory, in MiB.
        #[arg(long, value_parser = crate::limits::table_mib, default_value_t = DEFAULT_TABLE_MIB)]
        table_mib: usize,
        /// Seconds a configuration may take: it stops after the deal that passes them and is
        /// compared with all techniques on over the same deals.
        #[arg(long, default_value_t = 600.0, allow_hyphen_values = true, value_parser = crate::limits::seconds)]
        budget: f64,
        /// Write the table to this file (whole or not at all) instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    // These two take their help from their arguments' doc comments.
    Analyse(crate::cli::analyse::AnalyseArgs),
    Playout(crate::cli::playout::PlayoutArgs),
    /// Hand records: the double-dummy table (tricks for every declarer in every strain) and
    /// the par score and contracts of one deal (--deal), a JSON-lines file (--file, the format
    /// of tests/data/bridge/dd_tables.jsonl) or a PBN file (--pbn, written back with the
    /// DoubleDummyTricks, OptimumScore, ParContract and OptimumResultTable tags). --json: one
    /// line a board with the fields of dd_tables.jsonl.
    #[command(group(clap::ArgGroup::new("input").required(true).args(["deal", "file", "pbn"])))]
    Table {
        /// The deal, its board, dealer and vulnerability, threads and table (one spec:
        /// `bridge/table_spec.rs`).
        #[command(flatten)]
        options: SpecArgs<TableSpec>,
        /// JSON lines with a field pbn and optional id, dealer, vulnerable.
        #[arg(long)]
        file: Option<PathBuf>,
        /// A PBN file of boards; the output is the file with the double-dummy tags added
        /// (or replaced), other tags untouched.
        #[arg(long)]
        pbn: Option<PathBuf>,
        /// --json (see the command's help for its form); --out FILE.
        #[command(flatten)]
        output: OutputArgs,
    },
    /// The opening lead with the other hands unseen: deal layouts that fit what the leader
    /// knows (--constraints), value every card on each (the solver, or McKay's UCT), or search
    /// one ISMCTS tree; prints every card's mean tricks and chance to beat the contract with
    /// 95 % intervals, the best card marked (--json: one object).
    ///
    /// Constraints: clauses "SEAT: ITEM, ITEM" separated by ';'. An item is a count (n, n-m or
    /// n+) and a unit: hcp (high-card points, A=4 K=3 Q=2 J=1) or a suit letter (the length of
    /// that suit). Example: "S: 15-17 hcp, 2-4 S; N: 8-15 hcp".
    Lead {
        /// The advisor's options (one spec: `bridge/lead_spec.rs`).
        #[command(flatten)]
        options: SpecArgs<LeadSpec>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
        /// --json (see the command's help for its form); --out FILE.
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Deal uniformly random hands from a seed (the generator of tests/data/bridge/).
    Deal {
        /// Seed of the run; the same seed gives the same deals on every machine.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many deals.
        #[arg(long, value_parser = crate::limits::deals, default_value_t = 1)]
        count: usize,
        /// The seat each PBN string starts from.
        #[arg(long, default_value = "W", value_parser = crate::text::parse_seat)]
        first: Seat,
        /// Output format.
        #[arg(long, value_parser = spelled::<deals::Format>(), default_value_t = deals::Format::Jsonl)]
        format: deals::Format,
        /// Write to this file (whole or not at all) instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// Runs one `cardtree bridge` subcommand.
pub fn run(cmd: BridgeCommand) -> Result<(), Error> {
    match cmd {
        BridgeCommand::Deal {
            seed,
            count,
            first,
            format,
            out,
        } => deals::command(seed, count, first, format, &Output::new(false, out)?),
        BridgeCommand::Bench {
            file,
            table_mib,
            dds,
            macroxue,
            per_deal,
            tables,
            threads,
            rounds,
            repeat,
            output,
        } => bench::command(
            &bench::Options {
                file,
                table_mib,
                dds,
                macroxue,
                per_deal,
                tables,
                threads,
                rounds,
                repeat,
            },
            &output.output()?,
        ),
        BridgeCommand::Table {
            options,
            file,
            pbn,
            output,
        } => {
            let o = options.options()?;
            let source = match (o.deal, pbn, file) {
                (Some(pbn), _, _) => Source::Deal {
                    pbn,
                    board: o.board,
                    dealer: o.dealer,
                    vulnerable: o.vulnerable,
                },
                (None, Some(path), _) => Source::Pbn(path),
                (None, None, Some(path)) => Source::Lines(path),
                (None, None, None) => {
                    return Err(Error::Invalid("give --deal, --file or --pbn".into()));
                }
            };
            hand_record::command(&source, o.threads, o.table_mib, &output.output()?)
        }
        BridgeCommand::Lead {
            options,
            quiet,
            output,
        } => advisor::command(&options.options()?, !quiet, &output.output()?),
        #[cfg(feature = "dds")]
        BridgeCommand::Libdds(args) => args.run(),
        BridgeCommand::Ablation {
            file,
            table_mib,
            budget,
            out,
        } => {
            let output = Output::new(false, out)?;
            output.emit(&ablation::ablation(&file, table_mib, budget)?)
        }
        BridgeCommand::Analyse(args) => args.run(),
        BridgeCommand::Playout(args) => args.run(),
        BridgeCommand::Solve {
            options,
            file,
            output,
        } => solve::command(
            &solve::Options {
                file,
                ..options.options()?
            },
            &output.output()?,
        ),
    }
}
