//! `cardtree`: the command-line program of the cardtree project.

use std::path::PathBuf;
use std::process::ExitCode;

use cardtree::Seat;
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
    /// Deal uniformly random bridge hands from a seed (the generator of ../shared/bridge/).
    Deal {
        /// Seed of the run; the same seed gives the same deals on every machine.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many deals.
        #[arg(long, default_value_t = 1)]
        count: usize,
        /// The seat each PBN string starts from.
        #[arg(long, default_value = "N", value_parser = parse_seat)]
        first: Seat,
        /// Output format.
        #[arg(long, value_enum, default_value_t = DealFormat::Pbn)]
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
    /// JSON lines `{"id":..,"pbn":".."}`, the format of ../shared/bridge/.
    Jsonl,
}

fn parse_seat(s: &str) -> Result<Seat, String> {
    let mut chars = s.chars();
    match (chars.next().and_then(Seat::from_char), chars.next()) {
        (Some(seat), None) => Ok(seat),
        _ => Err(format!("{s:?} is no seat (want N, E, S or W)")),
    }
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Deal {
            seed,
            count,
            first,
            format,
            out,
        } => {
            let format = match format {
                DealFormat::Pbn => deals::Format::Pbn,
                DealFormat::Jsonl => deals::Format::Jsonl,
            };
            let text = deals::generate(seed, count, first, format);
            match out {
                Some(path) => output::write_atomic(&path, text.as_bytes())
                    .map_err(|e| format!("cannot write {}: {e}", path.display())),
                None => {
                    print!("{text}");
                    Ok(())
                }
            }
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
