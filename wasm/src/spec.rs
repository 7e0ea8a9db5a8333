//! JavaScript's door to the host's specs (`cardtree_host::spec`): an object's fields, named in
//! camelCase (`maxTries`), read into a `Given` and the spec's typed options, every refusal an
//! `Error` naming the field as JavaScript spells it.

use cardtree_host::spec::{Door, Given, Kind, Spec, SpecError, Value};
use wasm_bindgen::prelude::*;

use crate::js::error;

/// The integers a JS number holds exactly: up to 2^53.
const MOST_EXACT: f64 = 9_007_199_254_740_992.0;

/// A spec's refusal in JavaScript's words.
fn refused(e: &SpecError) -> JsError {
    error(e.message(Door::Js))
}

/// The options of spec `S` from the object `value` (`undefined` or `null`: every option at its
/// default; a field `undefined` or `null`: that option at its default). A field that is no
/// option, or of the wrong type, is refused naming it.
pub(crate) fn read<S: Spec>(what: &str, value: &JsValue) -> Result<S, JsError> {
    let mut g = Given::new();
    if !(value.is_undefined() || value.is_null()) {
        if !value.is_object() || js_sys::Array::is_array(value) {
            return Err(error(format!("{what}: not an object of options")));
        }
        let entries = js_sys::Object::entries(&js_sys::Object::from(value.clone()));
        for entry in entries.iter() {
            let pair = js_sys::Array::from(&entry);
            let key = pair.get(0).as_string().unwrap_or_default();
            let field = pair.get(1);
            let Some(o) = S::OPTIONS.iter().find(|o| Door::Js.spell(o.name) == key) else {
                let known: Vec<String> =
                    S::OPTIONS.iter().map(|o| Door::Js.spell(o.name)).collect();
                return Err(error(format!(
                    "{what}: {key:?} is not one of {}",
                    known.join(", ")
                )));
            };
            if field.is_undefined() || field.is_null() {
                continue;
            }
            let wrong = |want: &str| refused(&SpecError::new(o.name, format!("{want} is wanted")));
            let v = match o.kind {
                Kind::Whole { min, max } => {
                    let x = field.as_f64().ok_or_else(|| wrong("a number"))?;
                    if !(0.0..=MOST_EXACT).contains(&x) || x.fract() != 0.0 {
                        return Err(refused(&SpecError::new(
                            o.name,
                            format!(
                                "{x} is not a whole number from {min} to {}",
                                max.min(MOST_EXACT as u64)
                            ),
                        )));
                    }
                    Value::Whole(x as u64)
                }
                Kind::Real { .. } => Value::Real(field.as_f64().ok_or_else(|| wrong("a number"))?),
                Kind::Choice(_) => Value::Choice(field.as_string().ok_or_else(|| wrong("a name"))?),
                Kind::Text => Value::Text(field.as_string().ok_or_else(|| wrong("text"))?),
                Kind::Flag => Value::Flag(field.as_bool().ok_or_else(|| wrong("true or false"))?),
            };
            g.set(S::OPTIONS, o.name, v).map_err(|e| refused(&e))?;
        }
    }
    S::from_given(&g).map_err(|e| refused(&e))
}

/// Every command's options as the host's specs hold them, names in snake case (JavaScript's
/// fields are their camelCase): `[{command, options: [{name, doc, kind, min, max, choices,
/// default, required}]}]`.
#[wasm_bindgen]
pub fn specs() -> Result<JsValue, JsError> {
    crate::js::parsed(&cardtree_host::specs::json())
}
