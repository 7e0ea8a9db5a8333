//! Python's door to the host's specs (`cardtree_host::spec`): keywords read into a `Given`,
//! the typed options built by the spec, every refusal an `InputError` naming the keyword as
//! Python spells it.

use cardtree_host::spec::{Door, Given, Kind, Spec, SpecError, Value};
use pyo3::prelude::*;

use crate::errors::value_error;

/// A spec's refusal in Python's words.
pub(crate) fn refused(e: &SpecError) -> PyErr {
    value_error(e.message(Door::Python))
}

/// The options of spec `S` from the keywords given (`None`: not given), each checked.
pub(crate) fn read<S: Spec>(values: Vec<(&str, Option<Value>)>) -> Result<S, PyErr> {
    read_named(values, &[])
}

/// [`read`] for a function whose keywords name some of the spec's options otherwise
/// (`(spec's name, keyword)`): a refusal names the keyword.
pub(crate) fn read_named<S: Spec>(
    values: Vec<(&str, Option<Value>)>,
    names: &[(&'static str, &'static str)],
) -> Result<S, PyErr> {
    let named = |mut e: SpecError| {
        if let Some(&(_, keyword)) = names.iter().find(|(o, _)| *o == e.option) {
            e.option = keyword;
        }
        refused(&e)
    };
    let mut g = Given::new();
    for (name, v) in values {
        if let Some(v) = v {
            g.set(S::OPTIONS, name, v).map_err(named)?;
        }
    }
    S::from_given(&g).map_err(named)
}

/// A whole number from Python for option `name` of `S`: a negative one is refused with the
/// option's limits (Python's ints have no sign to lose, the spec's whole numbers do).
pub(crate) fn whole<S: Spec>(name: &'static str, n: i128) -> Result<Value, PyErr> {
    u64::try_from(n).map(Value::Whole).map_err(|_| {
        let problem = match S::OPTIONS.iter().find(|o| o.name == name).map(|o| o.kind) {
            Some(Kind::Whole { min, max }) => format!("{n} is not from {min} to {max}"),
            _ => format!("{n} is not a whole number"),
        };
        refused(&SpecError::new(name, problem))
    })
}

/// Text for option `name`.
pub(crate) fn text(s: Option<&str>) -> Option<Value> {
    s.map(|s| Value::Text(s.to_string()))
}

/// A name for option `name`.
pub(crate) fn choice(s: Option<&str>) -> Option<Value> {
    s.map(|s| Value::Choice(s.to_string()))
}

/// Every command's options as the host's specs hold them (the walk test's reference): a list
/// of `{"command", "options": [{"name", "doc", "kind", "min", "max", "choices", "default",
/// "required"}]}`, `default` None where the command decides or the option is required.
#[pyfunction]
fn _specs(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    crate::json::loads(py, &cardtree_host::specs::json())
}

/// Adds `_specs` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_specs, m)?)?;
    Ok(())
}
