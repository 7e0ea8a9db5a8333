//! One typed spec per command: each option once, with its default, its limit and its
//! documentation ([`OptSpec`]), and the command's typed options built from what a door was
//! given ([`Spec::from_given`]). The doors convert into it: the command line derives its
//! flags from the table ([`crate::cli::spec_args`]), Python and JavaScript read their keywords
//! and fields into a [`Given`]. Every limit is checked here, on typed values, and every
//! refusal names the option in the spelling of the door that was given it ([`Door`]).
//! [`crate::specs::ALL`] lists every spec: `std-host/tests/specs.rs` walks each against the
//! command line, and the Python tests walk them against the module.

use std::fmt;

/// A way into cardtree, and how it spells an option's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Door {
    /// The command line: `--final-move`.
    Cli,
    /// Python keywords: `final_move`.
    Python,
    /// JavaScript fields: `finalMove`.
    Js,
}

impl Door {
    /// The spec's name (snake case) as this door writes it.
    #[must_use]
    pub fn spell(self, name: &str) -> String {
        match self {
            Door::Cli => format!("--{}", name.replace('_', "-")),
            Door::Python => name.to_string(),
            Door::Js => {
                let mut out = String::with_capacity(name.len());
                let mut upper = false;
                for c in name.chars() {
                    if c == '_' {
                        upper = true;
                    } else if upper {
                        out.extend(c.to_uppercase());
                        upper = false;
                    } else {
                        out.push(c);
                    }
                }
                out
            }
        }
    }
}

/// What an option takes, with its limits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// A whole number in `min..=max`.
    Whole {
        /// The least.
        min: u64,
        /// The most.
        max: u64,
    },
    /// A real number in `min..=max`, never NaN (`max` may be infinity).
    Real {
        /// The least.
        min: f64,
        /// The most.
        max: f64,
    },
    /// One of these names.
    Choice(&'static [&'static str]),
    /// Yes or no.
    Flag,
    /// Text the command reads itself (a hand, a contract, a seat), refusing what does not read
    /// in [`Spec::from_given`], naming the option.
    Text,
}

/// An option's value when it is not given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fallback {
    /// This whole number.
    Whole(u64),
    /// This real number.
    Real(f64),
    /// This name.
    Choice(&'static str),
    /// This answer.
    Flag(bool),
    /// This text.
    Text(&'static str),
    /// None: the command decides from its other options (its documentation says how).
    Decided,
    /// None: the option must be given.
    Required,
}

/// A limit of an option's value beyond its kind's: what is wrong with the value, if anything.
pub type Limit = fn(&Value) -> Result<(), String>;

/// One option of a command.
#[derive(Clone, Copy, Debug)]
pub struct OptSpec {
    /// Its name, in snake case ([`Door::spell`] gives each door's).
    pub name: &'static str,
    /// One line on what it does (the command line's help, the Python and JavaScript docs).
    pub doc: &'static str,
    /// What it takes.
    pub kind: Kind,
    /// Its value when not given.
    pub fallback: Fallback,
    /// A further limit that depends on the machine (its free memory, its cores), checked
    /// after `kind`'s: what is wrong, if anything.
    pub also: Option<Limit>,
    /// For a yes-or-no option with a default: the name of "no" (the command line's switch
    /// beside `--NAME`), when it is not `no_NAME` (`s17` beside `h17`).
    pub negation: Option<&'static str>,
}

/// A value a door read, before the spec checks it.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A whole number (a door's negative numbers are refused before they become one).
    Whole(u64),
    /// A real number.
    Real(f64),
    /// A name.
    Choice(String),
    /// Yes or no.
    Flag(bool),
    /// Text.
    Text(String),
}

/// A refusal: the option and what is wrong with its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    /// The option's name (snake case).
    pub option: &'static str,
    /// What is wrong, without the option's name.
    pub problem: String,
    /// For a fault inside a text: the text around it, and the same with a `^` at the fault
    /// (the command line shows the caret; the other doors the text).
    pub near: Option<(String, String)>,
}

impl SpecError {
    /// The refusal of `option`.
    #[must_use]
    pub fn new(option: &'static str, problem: impl fmt::Display) -> SpecError {
        SpecError {
            option,
            problem: problem.to_string(),
            near: None,
        }
    }

    /// The refusal of `option`'s text `text` for `problem` at byte `at`: the problem says the
    /// character, and up to 40 characters either side are shown (control characters escaped,
    /// so the message stays one short line whatever the text holds).
    #[must_use]
    pub fn at(
        option: &'static str,
        text: &str,
        at: usize,
        problem: impl fmt::Display,
    ) -> SpecError {
        const AROUND: usize = 40;
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let (before, after) = text.split_at(at);
        let skip = before.chars().count().saturating_sub(AROUND);
        let lead = if skip > 0 { "..." } else { "" };
        let near_before: String = before.chars().skip(skip).collect();
        let near_after: String = after.chars().take(AROUND).collect();
        let tail = if after.chars().count() > AROUND {
            "..."
        } else {
            ""
        };
        let (b, a) = (near_before.escape_debug(), near_after.escape_debug());
        SpecError {
            option,
            problem: format!("{problem} at character {}", before.chars().count() + 1),
            near: Some((
                format!("{lead}{b}{a}{tail}"),
                format!("{lead}{b}^{a}{tail}"),
            )),
        }
    }

    /// The one-line message in `door`'s words: the option as that door spells it, then the
    /// problem (and for a fault in a text, the text near it: with a caret on the command line).
    #[must_use]
    pub fn message(&self, door: Door) -> String {
        let name = door.spell(self.option);
        match (&self.near, door) {
            (None, _) => format!("{name}: {}", self.problem),
            (Some((_, caret)), Door::Cli) => format!("{name}: {}: \"{caret}\"", self.problem),
            (Some((plain, _)), _) => format!("{name}: {} (near \"{plain}\")", self.problem),
        }
    }
}

impl OptSpec {
    /// A whole-number option from `min` to `max`.
    #[must_use]
    pub const fn whole(
        name: &'static str,
        doc: &'static str,
        min: u64,
        max: u64,
        fallback: Fallback,
    ) -> OptSpec {
        OptSpec::of(name, doc, Kind::Whole { min, max }, fallback)
    }

    /// A real option from `min` to `max`.
    #[must_use]
    pub const fn real(
        name: &'static str,
        doc: &'static str,
        min: f64,
        max: f64,
        fallback: Fallback,
    ) -> OptSpec {
        OptSpec::of(name, doc, Kind::Real { min, max }, fallback)
    }

    /// An option of one of `names`.
    #[must_use]
    pub const fn choice(
        name: &'static str,
        doc: &'static str,
        names: &'static [&'static str],
        fallback: Fallback,
    ) -> OptSpec {
        OptSpec::of(name, doc, Kind::Choice(names), fallback)
    }

    /// A yes-or-no option.
    #[must_use]
    pub const fn flag(name: &'static str, doc: &'static str, fallback: Fallback) -> OptSpec {
        OptSpec::of(name, doc, Kind::Flag, fallback)
    }

    /// A text option.
    #[must_use]
    pub const fn text(name: &'static str, doc: &'static str, fallback: Fallback) -> OptSpec {
        OptSpec::of(name, doc, Kind::Text, fallback)
    }

    const fn of(name: &'static str, doc: &'static str, kind: Kind, fallback: Fallback) -> OptSpec {
        OptSpec {
            name,
            doc,
            kind,
            fallback,
            also: None,
            negation: None,
        }
    }

    /// This yes-or-no option with `no` the name of "no".
    #[must_use]
    pub const fn negated_as(self, no: &'static str) -> OptSpec {
        OptSpec {
            negation: Some(no),
            ..self
        }
    }

    /// The name of "no" for a yes-or-no option with a default: [`negation`](Self::negation),
    /// else `no_NAME`.
    #[must_use]
    pub fn no_name(&self) -> String {
        self.negation
            .map_or_else(|| format!("no_{}", self.name), str::to_string)
    }

    /// This option with the further limit `also`.
    #[must_use]
    pub const fn limited(self, also: Limit) -> OptSpec {
        OptSpec {
            also: Some(also),
            ..self
        }
    }

    /// Whether `value` is of this option's kind and within its limits; what is wrong if not.
    pub fn check(&self, value: &Value) -> Result<(), String> {
        self.check_kind(value)?;
        self.also.map_or(Ok(()), |also| also(value))
    }

    fn check_kind(&self, value: &Value) -> Result<(), String> {
        match (self.kind, value) {
            (Kind::Whole { min, max }, &Value::Whole(n)) if (min..=max).contains(&n) => Ok(()),
            (Kind::Whole { min, max }, Value::Whole(n)) => {
                Err(format!("{n} is not from {min} to {max}"))
            }
            (Kind::Real { min, max }, &Value::Real(x)) if x >= min && x <= max => Ok(()),
            (Kind::Real { min, max }, Value::Real(x)) => Err(if max == f64::INFINITY {
                format!("{x} is not a number at least {min}")
            } else if max == f64::MAX {
                format!("{x} is not a finite number at least {min}")
            } else {
                format!("{x} is not a number from {min} to {max}")
            }),
            (Kind::Choice(names), Value::Choice(s)) if names.contains(&s.as_str()) => Ok(()),
            (Kind::Choice(names), Value::Choice(s)) => {
                Err(format!("{s:?} is not one of {}", names.join(", ")))
            }
            (Kind::Flag, Value::Flag(_)) | (Kind::Text, Value::Text(_)) => Ok(()),
            (Kind::Whole { .. }, _) => Err("a whole number is wanted".to_string()),
            (Kind::Real { .. }, _) => Err("a number is wanted".to_string()),
            (Kind::Choice(names), _) => Err(format!("one of {} is wanted", names.join(", "))),
            (Kind::Flag, _) => Err("true or false is wanted".to_string()),
            (Kind::Text, _) => Err("text is wanted".to_string()),
        }
    }

    /// Reads `text` as this option's kind (the command line's and a web form's way in), then
    /// checks it.
    pub fn read(&self, text: &str) -> Result<Value, String> {
        let t = text.trim();
        let value = match self.kind {
            Kind::Whole { min, max } => Value::Whole(
                t.parse()
                    .map_err(|_| format!("{text:?} is not a whole number from {min} to {max}"))?,
            ),
            Kind::Real { .. } => {
                Value::Real(t.parse().map_err(|_| format!("{text:?} is not a number"))?)
            }
            Kind::Choice(_) => Value::Choice(t.to_string()),
            Kind::Text => Value::Text(text.to_string()),
            Kind::Flag => Value::Flag(match t {
                "true" => true,
                "false" => false,
                _ => return Err(format!("{text:?} is not true or false")),
            }),
        };
        self.check(&value)?;
        Ok(value)
    }

    /// The fallback as text, as the command line shows a default (`None` for
    /// [`Fallback::Decided`]).
    #[must_use]
    pub fn fallback_text(&self) -> Option<String> {
        match self.fallback {
            Fallback::Whole(n) => Some(n.to_string()),
            Fallback::Real(x) => Some(x.to_string()),
            Fallback::Choice(s) => Some(s.to_string()),
            Fallback::Flag(b) => Some(b.to_string()),
            Fallback::Text(t) => Some(t.to_string()),
            Fallback::Decided | Fallback::Required => None,
        }
    }
}

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
        let o = OptSpec {
            name: "count",
            doc: "",
            kind: Kind::Whole { min: 1, max: 10 },
            fallback: Fallback::Whole(3),
            also: None,
            negation: None,
        };
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
        static OPTIONS: [OptSpec; 1] = [OptSpec {
            name: "count",
            doc: "",
            kind: Kind::Whole { min: 1, max: 10 },
            fallback: Fallback::Whole(3),
            also: None,
            negation: None,
        }];
        let mut g = Given::new();
        assert_eq!(g.whole(&OPTIONS[0]), Some(3));
        g.set(&OPTIONS, "count", Value::Whole(7)).unwrap();
        assert_eq!(g.whole(&OPTIONS[0]), Some(7));
        let e = g.set(&OPTIONS, "count", Value::Whole(11)).unwrap_err();
        assert_eq!(e.message(Door::Js), "count: 11 is not from 1 to 10");
        assert!(g.set(&OPTIONS, "counts", Value::Whole(1)).is_err());
    }
}
