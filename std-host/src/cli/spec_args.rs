//! The command line's flags of a [`Spec`], derived from its table: each option a `--kebab-case`
//! flag with the spec's documentation and default, read and checked by the spec
//! ([`OptSpec::read`]), so that clap's messages carry the spec's limits. A command takes them
//! with `#[command(flatten)] options: SpecArgs<TheSpec>`.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};

use crate::error::Error;
use crate::spec::{Door, Fallback, Given, Kind, OptSpec, Spec, SpecError, Value};

/// A [`Spec`] as clap arguments. Each value is read and checked against its limits as clap
/// parses it (a usage error, clap's message); what the spec then finds wrong with the options
/// together (a hand that is not the leader's, a constraint that does not read) is kept for
/// [`SpecArgs::options`], the command's own error (`cardtree: --hand: ...`, status 1).
#[derive(Clone, Debug)]
pub struct SpecArgs<S>(Result<S, SpecError>);

impl<S> SpecArgs<S> {
    /// The options, or what is wrong with them, naming the flag.
    pub fn options(self) -> Result<S, Error> {
        self.0.map_err(|e| Error::Invalid(e.message(Door::Cli)))
    }
}

/// The id of the "no" switch of option `o`.
fn no_id(o: &OptSpec) -> String {
    format!("{}:no", o.name)
}

/// The long name of `name` (`--final-move` without its dashes).
fn long(name: &str) -> String {
    Door::Cli.spell(name).trim_start_matches('-').to_string()
}

/// Option `o`'s arguments: one flag, or for a yes-or-no option with a default the pair of
/// switches `--NAME` and `--no-NAME` (or its [`negation`](OptSpec::negation)).
fn args(o: &'static OptSpec) -> Vec<Arg> {
    let a = Arg::new(o.name).long(long(o.name)).help(o.doc);
    if let (Kind::Flag, Fallback::Flag(yes)) = (o.kind, o.fallback) {
        let no = o.no_name();
        let (on, off) = if yes {
            (" (the default)", "")
        } else {
            ("", " (the default)")
        };
        return vec![
            a.action(ArgAction::SetTrue)
                .help(format!("{}{on}", o.doc))
                .conflicts_with(no_id(o)),
            Arg::new(no_id(o))
                .long(long(&no))
                .action(ArgAction::SetTrue)
                .help(format!("Not --{}{off}", long(o.name))),
        ];
    }
    // A value: negative numbers reach the spec's check, which names the limit.
    let a = a.allow_hyphen_values(true);
    let a = match (o.kind, o.fallback) {
        (Kind::Choice(names), _) => a
            .value_name("NAME")
            .value_parser(PossibleValuesParser::new(names).map(Value::Choice)),
        (Kind::Flag, _) => a.value_name("BOOL").value_parser(
            PossibleValuesParser::new(["true", "false"]).map(|s| Value::Flag(s == "true")),
        ),
        (Kind::Whole { .. }, _) => a.value_name("N").value_parser(move |s: &str| o.read(s)),
        (Kind::Real { .. }, _) => a.value_name("X").value_parser(move |s: &str| o.read(s)),
        (Kind::Text, _) => a.value_name("TEXT").value_parser(move |s: &str| o.read(s)),
    };
    vec![match (o.fallback, o.fallback_text()) {
        (Fallback::Required, _) => a.required(true),
        (_, Some(d)) => a.default_value(d),
        (_, None) => a,
    }]
}

impl<S: Spec> Args for SpecArgs<S> {
    fn augment_args(cmd: Command) -> Command {
        S::OPTIONS.iter().flat_map(args).fold(cmd, Command::arg)
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl<S: Spec> FromArgMatches for SpecArgs<S> {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut given = Given::new();
        for o in S::OPTIONS {
            let value = match (o.kind, o.fallback) {
                (Kind::Flag, Fallback::Flag(_)) => {
                    if m.get_flag(o.name) {
                        Some(Value::Flag(true))
                    } else if m.get_flag(&no_id(o)) {
                        Some(Value::Flag(false))
                    } else {
                        None
                    }
                }
                // A default clap shows is not given: the spec's fallback stands, and
                // `Given::has` tells what the user typed.
                _ if m.value_source(o.name) == Some(ValueSource::DefaultValue) => None,
                _ => m.get_one::<Value>(o.name).cloned(),
            };
            if let Some(v) = value
                && let Err(e) = given.set(S::OPTIONS, o.name, v)
            {
                return Ok(SpecArgs(Err(e)));
            }
        }
        Ok(SpecArgs(S::from_given(&given)))
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}
