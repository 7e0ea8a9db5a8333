//! The command line's flags of a [`Spec`], derived from its table: each option a `--kebab-case`
//! flag with the spec's documentation and default, read and checked by the spec
//! ([`OptSpec::read`]), so that clap's messages carry the spec's limits. A command takes them
//! with `#[command(flatten)] options: SpecArgs<TheSpec>`.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};

use crate::spec::{Door, Fallback, Given, Kind, OptSpec, Spec, Value};

/// A [`Spec`] as clap arguments.
#[derive(Clone, Debug)]
pub struct SpecArgs<S>(pub S);

fn arg(o: &'static OptSpec) -> Arg {
    let long = Door::Cli.spell(o.name);
    let a = Arg::new(o.name)
        .long(long.trim_start_matches('-').to_string())
        .help(o.doc);
    if let (Kind::Flag, Fallback::Flag(false)) = (o.kind, o.fallback) {
        // A switch: given, true.
        return a.action(ArgAction::SetTrue);
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
    };
    match o.fallback_text() {
        Some(d) if o.fallback != Fallback::Decided => a.default_value(d),
        _ => a,
    }
}

impl<S: Spec> Args for SpecArgs<S> {
    fn augment_args(cmd: Command) -> Command {
        S::OPTIONS.iter().fold(cmd, |cmd, o| cmd.arg(arg(o)))
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl<S: Spec> FromArgMatches for SpecArgs<S> {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut given = Given::new();
        let refuse = |e: crate::spec::SpecError| {
            clap::Error::raw(
                clap::error::ErrorKind::ValueValidation,
                format!("{}\n", e.message(Door::Cli)),
            )
        };
        for o in S::OPTIONS {
            let value = match (o.kind, o.fallback) {
                (Kind::Flag, Fallback::Flag(false)) => Some(Value::Flag(m.get_flag(o.name))),
                _ => m.get_one::<Value>(o.name).cloned(),
            };
            if let Some(v) = value {
                given.set(S::OPTIONS, o.name, v).map_err(refuse)?;
            }
        }
        S::from_given(&given).map(SpecArgs).map_err(refuse)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}
