//! The walk test, the command line's door: every option of every spec (`cardtree_host::specs::ALL`)
//! is a flag of its command with the spec's name, documentation, default and choices, and
//! every limit is refused by clap naming the flag. Python's door has its own walk
//! (`python/tests/test_specs.py`) and JavaScript's (`wasm/tests/specs.test.mjs`), against the
//! same table (`_specs()`, `specs()`).

use cardtree_host::cli::Cli;
use cardtree_host::spec::{Door, Fallback, Kind};
use cardtree_host::specs::ALL;
use clap::{CommandFactory, Parser};

/// The arguments that make each spec's command a small run (its position).
fn base(command: &str) -> Vec<&'static str> {
    match command {
        "uct" => vec!["cardtree", "uct", "--game", "dice"],
        "blackjack ev" => vec!["cardtree", "blackjack", "ev"],
        "bridge solve" => vec!["cardtree", "bridge", "solve", "--file", "/no/such/file"],
        "bridge table" => vec!["cardtree", "bridge", "table", "--file", "/no/such/file"],
        "blackjack strategy" => vec!["cardtree", "blackjack", "strategy"],
        "blackjack play" => vec!["cardtree", "blackjack", "play", "--hands", "1"],
        "pps play" => vec!["cardtree", "pps", "play", "--games", "1"],
        "pps train" => vec![
            "cardtree",
            "pps",
            "train",
            "--games",
            "1",
            "--batch",
            "1",
            "--out",
            "/no/such/dir/t.txt",
        ],
        "experiment mckay" => vec![
            "cardtree",
            "experiment",
            "mckay",
            "--quick",
            "--out",
            "/no/such/dir",
        ],
        "experiment leads" => vec![
            "cardtree",
            "experiment",
            "leads",
            "--file",
            "/no/such/file",
            "--out",
            "/no/such/dir",
        ],
        "experiment blackjack" => vec![
            "cardtree",
            "experiment",
            "blackjack",
            "--out",
            "/no/such/dir",
        ],
        "experiment tables" => vec![
            "cardtree",
            "experiment",
            "tables",
            "--file",
            "/no/such/file",
            "--out",
            "/no/such/dir",
        ],
        "experiment pps" => vec![
            "cardtree",
            "experiment",
            "pps",
            "--table",
            "cp",
            "--games",
            "1",
            "--out",
            "/no/such/dir",
        ],
        "bridge lead" => vec![
            "cardtree",
            "bridge",
            "lead",
            "--hand",
            "KQT2.853.AJ9.742",
            "--contract",
            "3NT",
        ],
        other => panic!("no base arguments for `{other}`: add them here"),
    }
}

#[test]
fn every_option_is_a_flag_as_the_spec_says() {
    let cli = Cli::command();
    for (command, options) in ALL {
        let cmd = command
            .split(' ')
            .try_fold(&cli, |c, word| c.find_subcommand(word))
            .unwrap_or_else(|| panic!("no command `{command}`"));
        for o in *options {
            let flag = Door::Cli.spell(o.name);
            let arg = cmd
                .get_arguments()
                .find(|a| a.get_long().map(|l| format!("--{l}")) == Some(flag.clone()))
                .unwrap_or_else(|| panic!("`{command}` has no {flag}"));
            let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
            assert!(help.starts_with(o.doc), "{flag}'s help: {help}");
            if let (Kind::Flag, Fallback::Flag(_)) = (o.kind, o.fallback) {
                // A yes-or-no option with a default: its "no" switch too.
                let no = Door::Cli.spell(&o.no_name());
                assert!(
                    cmd.get_arguments()
                        .any(|a| a.get_long().map(|l| format!("--{l}")) == Some(no.clone())),
                    "`{command}` has no {no}"
                );
            }
            let defaults: Vec<String> = arg
                .get_default_values()
                .iter()
                .map(|v| v.to_string_lossy().into_owned())
                .collect();
            let want: Vec<String> = match o.fallback {
                Fallback::Decided | Fallback::Flag(_) => vec![],
                _ => o.fallback_text().into_iter().collect(),
            };
            assert_eq!(defaults, want, "{flag}'s default");
            if let Kind::Choice(names) = o.kind {
                let offered: Vec<String> = arg
                    .get_possible_values()
                    .iter()
                    .map(|v| v.get_name().to_string())
                    .collect();
                assert_eq!(offered, names.to_vec(), "{flag}'s choices");
            }
        }
    }
}

#[test]
fn every_limit_is_refused_naming_the_flag() {
    for (command, options) in ALL {
        for o in *options {
            let flag = Door::Cli.spell(o.name);
            let bad: Vec<String> = match o.kind {
                Kind::Whole { min, max } => {
                    let mut v = vec!["-1".to_string(), "x".to_string()];
                    if min > 0 {
                        v.push((min - 1).to_string());
                    }
                    if max < u64::MAX {
                        v.push((u128::from(max) + 1).to_string());
                    }
                    v
                }
                Kind::Real { min, .. } => {
                    vec!["nan".into(), "inf".into(), format!("{}", min - 0.5)]
                }
                Kind::Choice(_) => vec!["nonesuch".into()],
                Kind::Flag if matches!(o.fallback, Fallback::Flag(_)) => vec![],
                Kind::Flag => vec!["maybe".into()],
                // Read by the spec as a whole (a hand, a seat): a value that does not read.
                Kind::Text => vec!["\u{7}?".into()],
            };
            for value in bad {
                let mut args = base(command);
                args.push(&flag);
                args.push(&value);
                // A value out of its limits is a usage error (clap's message, status 2); one
                // the spec refuses with the other options (a text that does not read) the
                // command's (one line, status 1). Either names the flag, before any work.
                let out = std::process::Command::new(env!("CARGO_BIN_EXE_cardtree"))
                    .args(&args[1..])
                    .output()
                    .expect("run cardtree");
                let err = String::from_utf8_lossy(&out.stderr);
                let ok = match out.status.code() {
                    Some(2) => err.starts_with("error: "),
                    Some(1) => {
                        err.starts_with(&format!("cardtree: {flag}: ")) && err.lines().count() == 1
                    }
                    _ => false,
                };
                assert!(
                    ok && err.contains(&flag) && out.stdout.is_empty(),
                    "{flag} {value}: {err}"
                );
            }
        }
        // Every fallback is a value its own check accepts: the defaults parse.
        assert!(
            Cli::try_parse_from(base(command)).is_ok(),
            "`{command}` with no options"
        );
    }
}
