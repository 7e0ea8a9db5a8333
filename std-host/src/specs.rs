//! Every command's spec ([`crate::spec`]), as the walk tests and Python's `_specs()` list them.

use crate::blackjack::RuleSpec;
use crate::blackjack::play::PlayOptions as BlackjackPlay;
use crate::bridge::lead_spec::LeadSpec;
use crate::bridge::solve::Options as SolveOptions;
use crate::bridge::table_spec::TableSpec;
use crate::experiments;
use crate::experiments::pps::Options as PpsExperiment;
use crate::pps::play_spec::PlaySpec;
use crate::pps::train_spec::TrainSpec;
use crate::spec::{Fallback, Kind, OptSpec, Spec};
use crate::uct_spec::UctSpec;

/// Every spec: the command (its words on the command line) and its options.
pub const ALL: &[(&str, &[OptSpec])] = &[
    (UctSpec::COMMAND, UctSpec::OPTIONS),
    (SolveOptions::COMMAND, SolveOptions::OPTIONS),
    (TableSpec::COMMAND, TableSpec::OPTIONS),
    (LeadSpec::COMMAND, LeadSpec::OPTIONS),
    (RuleSpec::COMMAND, RuleSpec::OPTIONS),
    (PlaySpec::COMMAND, PlaySpec::OPTIONS),
    (TrainSpec::COMMAND, TrainSpec::OPTIONS),
    (PpsExperiment::COMMAND, PpsExperiment::OPTIONS),
    (
        experiments::mckay::Options::COMMAND,
        experiments::mckay::Options::OPTIONS,
    ),
    (
        experiments::leads::Options::COMMAND,
        experiments::leads::Options::OPTIONS,
    ),
    (
        experiments::blackjack::Options::COMMAND,
        experiments::blackjack::Options::OPTIONS,
    ),
    (
        experiments::tables::Options::COMMAND,
        experiments::tables::Options::OPTIONS,
    ),
    ("blackjack strategy", RuleSpec::OPTIONS),
    (BlackjackPlay::COMMAND, BlackjackPlay::OPTIONS),
];

/// Every spec as JSON, for the doors' walk tests (Python's `_specs()`, JavaScript's `specs()`):
/// `[{"command", "options": [{"name", "doc", "kind", "min", "max", "choices", "default",
/// "required"}]}]`, names in snake case, `default` null where the command decides or the
/// option is required.
#[must_use]
pub fn json() -> String {
    use serde_json::{Value as J, json};
    let commands: Vec<J> = ALL
        .iter()
        .map(|(command, options)| {
            let options: Vec<J> = options
                .iter()
                .map(|o| {
                    let (kind, min, max, choices): (&str, J, J, &[&str]) = match o.kind {
                        Kind::Whole { min, max } => ("whole", json!(min), json!(max), &[]),
                        Kind::Real { min, max } => ("real", json!(min), json!(max), &[]),
                        Kind::Choice(names) => ("choice", J::Null, J::Null, names),
                        Kind::Flag => ("flag", J::Null, J::Null, &[]),
                        Kind::Text => ("text", J::Null, J::Null, &[]),
                    };
                    let default = match o.fallback {
                        Fallback::Whole(n) => json!(n),
                        Fallback::Real(x) => json!(x),
                        Fallback::Choice(s) | Fallback::Text(s) => json!(s),
                        Fallback::Flag(b) => json!(b),
                        Fallback::Decided | Fallback::Required => J::Null,
                    };
                    json!({
                        "name": o.name, "doc": o.doc, "kind": kind, "min": min, "max": max,
                        "choices": choices, "default": default,
                        "required": o.fallback == Fallback::Required,
                    })
                })
                .collect();
            json!({"command": command, "options": options})
        })
        .collect();
    J::Array(commands).to_string()
}
