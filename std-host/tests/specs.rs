//! The walk test, the command line's door: every option of every spec (`cardtree_host::specs::ALL`)
//! is a flag of its command with the spec's name, documentation, default and choices, and
//! every limit is refused by clap naming the flag. Python's door has its own walk
//! (`python/tests/test_search.py`), against the same table (`cardtree._specs()`).

use cardtree_host::cli::Cli;
use cardtree_host::spec::{Door, Fallback, Kind};
use cardtree_host::specs::ALL;
use clap::{CommandFactory, Parser};

/// The arguments that make each spec's command a small run (its position).
fn base(command: &str) -> Vec<&'static str> {
    match command {
        "uct" => vec!["cardtree", "uct", "--game", "dice"],
        other => panic!("no base arguments for `{other}`: add them here"),
    }
}

#[test]
fn every_option_is_a_flag_as_the_spec_says() {
    let cli = Cli::command();
    for (command, options) in ALL {
        let cmd = cli
            .find_subcommand(command)
            .unwrap_or_else(|| panic!("no command `{command}`"));
        for o in *options {
            let flag = Door::Cli.spell(o.name);
            let arg = cmd
                .get_arguments()
                .find(|a| a.get_long().map(|l| format!("--{l}")) == Some(flag.clone()))
                .unwrap_or_else(|| panic!("`{command}` has no {flag}"));
            assert_eq!(
                arg.get_help().map(ToString::to_string).as_deref(),
                Some(o.doc),
                "{flag}'s help"
            );
            let defaults: Vec<String> = arg
                .get_default_values()
                .iter()
                .map(|v| v.to_string_lossy().into_owned())
                .collect();
            let want: Vec<String> = match o.fallback {
                Fallback::Decided | Fallback::Flag(false) => vec![],
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
                Kind::Flag if o.fallback == Fallback::Flag(false) => vec![],
                Kind::Flag => vec!["maybe".into()],
            };
            for value in bad {
                let mut args = base(command);
                args.push(&flag);
                args.push(&value);
                let e = Cli::try_parse_from(&args).expect_err(&format!("{flag} {value} refused"));
                let text = e.to_string();
                assert!(
                    text.starts_with("error: ") && text.contains(&flag),
                    "{flag} {value}: {text}"
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
