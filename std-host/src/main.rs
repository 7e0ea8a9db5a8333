//! `cardtree`: the command-line program of the cardtree project. The command line is
//! `cardtree_host::cli`; this file parses it and turns errors into one line and an exit code.

use std::process::ExitCode;

use cardtree_host::cli::{Cli, run};
use clap::Parser;

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
        Err(e) => {
            eprintln!("cardtree: {e}");
            ExitCode::FAILURE
        }
    }
}
