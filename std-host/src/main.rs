//! `cardtree`: the command-line program of the cardtree project.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use cardtree::Seat;
use cardtree::bridge::{Strain, TransTable, TtEntry};
use cardtree_host::solve::{self, DEFAULT_TABLE_ENTRIES, Task};
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
}

#[derive(Debug, Subcommand)]
enum BridgeCommand {
    /// Solve every card of the player on lead, double dummy: one deal (--deal) or a JSON-lines
    /// file (--file, the format of ../shared/bridge/).
    Solve {
        /// A PBN deal, full or an ending at a trick boundary: "W:AKQ.JT9.876.5432 ...".
        #[arg(long, conflicts_with = "file", required_unless_present = "file")]
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
        /// Threads for --file (each with its own table).
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Transposition-table entries per thread (20 bytes each).
        #[arg(long, default_value_t = DEFAULT_TABLE_ENTRIES)]
        table: usize,
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

#[derive(Clone, Copy, Debug, ValueEnum)]
enum DealFormat {
    /// One PBN deal per line.
    Pbn,
    /// JSON lines {"id":..,"pbn":".."}, the format of ../shared/bridge/ (without tricks).
    Jsonl,
}

/// Writes `text` to `out` atomically, or to standard output.
fn emit(text: &str, out: Option<&PathBuf>) -> Result<(), String> {
    match out {
        Some(path) => output::write_atomic(path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display())),
        None => std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(|e| format!("cannot write to standard output: {e}")),
    }
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
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
        Command::Bridge(BridgeCommand::Solve {
            deal,
            leader,
            trump,
            file,
            json,
            threads,
            table,
            out,
        }) => {
            if let Some(pbn) = deal {
                let task = Task {
                    id: None,
                    pbn,
                    leader,
                    strain: trump,
                };
                let mut slots = vec![TtEntry::EMPTY; table];
                let solved = solve::run(&task, &mut TransTable::new(&mut slots))?;
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
            let results = solve::run_lines(&text, threads, table, json);
            let mut body = String::new();
            let mut errors = 0;
            for (i, r) in results.iter().enumerate() {
                match r {
                    Ok(line) => {
                        body.push_str(line);
                        body.push('\n');
                    }
                    Err(e) => {
                        errors += 1;
                        eprintln!("cardtree: {}:{}: {e}", path.display(), i + 1);
                    }
                }
            }
            emit(&body, out.as_ref())?;
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
    }
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
