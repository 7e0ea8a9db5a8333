//! `cardtree`: the command-line program of the cardtree project. The command line is
//! `cardtree_host::cli`; this file parses it (a usage error: clap's whole message, status 2) and
//! turns an error found while running into one line and status 1.

use std::process::ExitCode;

use cardtree_host::cli::{Cli, run};
use clap::Parser;

fn main() -> ExitCode {
    // A usage error is clap's whole message (what is missing or wrong, the possible values,
    // a suggestion for a misspelling, the usage line) with exit status 2; a command or group
    // run bare shows its help. Errors found while running are one line, status 1.
    let cli = Cli::try_parse().unwrap_or_else(|e| e.exit());
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cardtree: {e}");
            ExitCode::FAILURE
        }
    }
}
