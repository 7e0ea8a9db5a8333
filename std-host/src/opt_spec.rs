//! One option of a command ([`OptSpec`]): its name, documentation, kind with its limits and
//! default, and how a value a door read ([`Value`]) is checked against them.

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
    /// in [`Spec::from_given`](crate::spec::Spec::from_given), naming the option.
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
    /// Its name, in snake case ([`Door::spell`](crate::spec::Door::spell) gives each door's).
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
