//! One typed spec per command: each option once, with its default, its limit and its
//! documentation ([`OptSpec`]), and the command's typed options built from what a door was
//! given ([`Spec::from_given`]). The doors convert into it: the command line derives its
//! flags from the table ([`crate::cli::spec_args`]), Python and JavaScript read their keywords
//! and fields into a [`Given`]. Every limit is checked here, on typed values, and every
//! refusal names the option in the spelling of the door that was given it ([`Door`]).
//! [`crate::specs::ALL`] lists every spec: `std-host/tests/host/specs.rs` walks each against the
//! command line, and the Python tests walk them against the module.

use std::fmt;

pub use crate::opt_spec::{Fallback, Kind, Limit, OptSpec, Value};
pub use crate::spec_error::{Door, SpecError};

/// The options a door was given, each checked as it is set.
#[derive(Clone, Debug, Default)]
pub struct Given {
    values: Vec<(&'static str, Value)>,
}

impl Given {
    /// Nothing given: every option at its fallback.
    #[must_use]
    pub fn new() -> Given {
        Given::default()
    }

    /// Sets option `name` of `options` to `value`, checked; a name that is none of them is
    /// refused too.
    pub fn set(
        &mut self,
        options: &'static [OptSpec],
        name: &str,
        value: Value,
    ) -> Result<(), SpecError> {
        let Some(o) = options.iter().find(|o| o.name == name) else {
            let known: Vec<&str> = options.iter().map(|o| o.name).collect();
            return Err(SpecError::new(
                "options",
                format!("{name:?} is not one of {}", known.join(", ")),
            ));
        };
        o.check(&value).map_err(|p| SpecError::new(o.name, p))?;
        self.values.retain(|(n, _)| *n != o.name);
        self.values.push((o.name, value));
        Ok(())
    }

    /// Whether option `o` was given (not left at its fallback).
    #[must_use]
    pub fn has(&self, o: &OptSpec) -> bool {
        self.get(o).is_some()
    }

    fn get(&self, o: &OptSpec) -> Option<&Value> {
        self.values
            .iter()
            .find_map(|(n, v)| (*n == o.name).then_some(v))
    }

    /// Whole-number option `o`, given or its fallback (`None` if decided by the command).
    #[must_use]
    pub fn whole(&self, o: &OptSpec) -> Option<u64> {
        match (self.get(o), o.fallback) {
            (Some(&Value::Whole(n)), _) | (None, Fallback::Whole(n)) => Some(n),
            _ => None,
        }
    }

    /// Real option `o`, given or its fallback.
    #[must_use]
    pub fn real(&self, o: &OptSpec) -> Option<f64> {
        match (self.get(o), o.fallback) {
            (Some(&Value::Real(x)), _) | (None, Fallback::Real(x)) => Some(x),
            _ => None,
        }
    }

    /// Yes-or-no option `o`, given or its fallback.
    #[must_use]
    pub fn flag(&self, o: &OptSpec) -> Option<bool> {
        match (self.get(o), o.fallback) {
            (Some(&Value::Flag(b)), _) | (None, Fallback::Flag(b)) => Some(b),
            _ => None,
        }
    }

    /// Text option `o`, given or its fallback; a required option not given is refused.
    pub fn text(&self, o: &OptSpec) -> Result<Option<&str>, SpecError> {
        match (self.get(o), o.fallback) {
            (Some(Value::Text(t)), _) => Ok(Some(t.as_str())),
            (None, Fallback::Text(t)) => Ok(Some(t)),
            (None, Fallback::Required) => Err(SpecError::new(o.name, "is needed")),
            _ => Ok(None),
        }
    }

    /// Choice option `o` read as `T` (a [`cardtree::Spelling`] enum whose names the option
    /// lists), given or its fallback.
    pub fn choice<T: std::str::FromStr>(&self, o: &OptSpec) -> Result<Option<T>, SpecError>
    where
        T::Err: fmt::Display,
    {
        let name = match (self.get(o), o.fallback) {
            (Some(Value::Choice(s)), _) => s.as_str(),
            (None, Fallback::Choice(s)) => s,
            _ => return Ok(None),
        };
        name.parse()
            .map(Some)
            .map_err(|e| SpecError::new(o.name, e))
    }
}

/// The value `v` read of option `o`, one with a fallback of its own (so always there): the
/// spec's table holds the default, and [`Spec::from_given`] writes none of its own.
pub fn had<T>(o: &OptSpec, v: Option<T>) -> Result<T, SpecError> {
    v.ok_or_else(|| SpecError::new(o.name, "has no value and no default"))
}

/// A command's typed options, built from one table of [`OptSpec`]s.
pub trait Spec: Sized {
    /// The command, as the walk test and the messages name it (`uct`).
    const COMMAND: &'static str;
    /// Every option, in the order the doors list them.
    const OPTIONS: &'static [OptSpec];
    /// The options from what a door was given (each value already within its limits; what
    /// depends on several options is checked here).
    fn from_given(given: &Given) -> Result<Self, SpecError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_door_spells_a_name_its_way() {
        assert_eq!(Door::Cli.spell("final_move"), "--final-move");
        assert_eq!(Door::Python.spell("final_move"), "final_move");
        assert_eq!(Door::Js.spell("final_move"), "finalMove");
        assert_eq!(Door::Js.spell("c"), "c");
    }

    #[test]
    fn limits_are_checked_on_typed_values() {
        static OPTIONS: [OptSpec; 1] = [OptSpec::whole("count", "", 1, 10, Fallback::Whole(3))];
        let o = OPTIONS[0];
        assert!(o.check(&Value::Whole(10)).is_ok());
        assert_eq!(
            o.check(&Value::Whole(0)).unwrap_err(),
            "0 is not from 1 to 10"
        );
        assert!(o.check(&Value::Real(2.0)).is_err());
        assert!(o.read("-1").is_err());
        assert!(o.read("99999999999999999999999").is_err());
        let r = OptSpec {
            kind: Kind::Real {
                min: 1.0,
                max: f64::INFINITY,
            },
            fallback: Fallback::Real(1.0),
            ..o
        };
        assert!(r.read("inf").is_ok());
        assert!(r.read("NaN").is_err());
        assert!(r.read("0.5").is_err());
        let mut g = Given::new();
        assert_eq!(g.whole(&OPTIONS[0]), Some(3));
        g.set(&OPTIONS, "count", Value::Whole(7)).unwrap();
        assert_eq!(g.whole(&OPTIONS[0]), Some(7));
        let e = g.set(&OPTIONS, "count", Value::Whole(11)).unwrap_err();
        assert_eq!(e.message(Door::Js), "count: 11 is not from 1 to 10");
        assert!(g.set(&OPTIONS, "counts", Value::Whole(1)).is_err());
    }
}
