//! Values to and from JavaScript: errors as `Error`s with the library's message, JSON text as
//! objects, numbers checked.

use std::fmt::Display;

use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

/// A JS `Error` whose message is `e`'s one line.
pub(crate) fn error(e: impl Display) -> JsError {
    JsError::new(&e.to_string())
}

/// `e` about the argument `name`: `strain: ...`.
pub(crate) fn bad(name: &str, e: impl Display) -> JsError {
    error(format!("{name}: {e}"))
}

/// JSON text as a JS value (what the command line's `--json` prints, parsed).
pub(crate) fn parsed(json: &str) -> Result<JsValue, JsError> {
    js_sys::JSON::parse(json).map_err(|_| error("internal error (a bug in cardtree): bad JSON"))
}

/// A JSON-like JS object of options as `T` (absent fields: `T`'s defaults; unknown ones
/// refused by name). `undefined` and `null` are all defaults.
pub(crate) fn options<T: DeserializeOwned + Default>(
    what: &str,
    value: &JsValue,
) -> Result<T, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    // JSON has no NaN or infinity (JSON.stringify makes them null, an option's default).
    if value.is_object() {
        for entry in js_sys::Object::entries(&js_sys::Object::from(value.clone())).iter() {
            let pair = js_sys::Array::from(&entry);
            if let Some(x) = pair.get(1).as_f64().filter(|x| !x.is_finite()) {
                let key = pair.get(0).as_string().unwrap_or_default();
                return Err(bad(what, format!("{key}: {x} is not a finite number")));
            }
        }
    }
    let text = js_sys::JSON::stringify(value)
        .ok()
        .and_then(|s| s.as_string())
        .ok_or_else(|| bad(what, "not an object of options"))?;
    serde_json::from_str(&text).map_err(|e| bad(what, e))
}

/// A seed from JS: a whole number from 0 to 2^53 (the integers a JS number holds exactly).
pub(crate) fn seed(x: f64) -> Result<u64, JsError> {
    const MOST: f64 = 9_007_199_254_740_992.0;
    if (0.0..=MOST).contains(&x) && x.fract() == 0.0 {
        Ok(x as u64)
    } else {
        Err(bad(
            "seed",
            format!("{x} is not a whole number from 0 to 2^53"),
        ))
    }
}

/// A whole number from 0 to `most` from JS, the argument `name` (JS numbers are taken as
/// `f64` and checked here: wasm-bindgen's integer arguments would wrap `2^40` to 0).
pub(crate) fn whole(x: f64, name: &str, most: usize) -> Result<usize, JsError> {
    const MOST_EXACT: f64 = 9_007_199_254_740_992.0;
    if (0.0..=MOST_EXACT).contains(&x) && x.fract() == 0.0 && x as u64 <= most as u64 {
        Ok(x as usize)
    } else {
        Err(bad(
            name,
            format!("{x} is not a whole number from 0 to {most}"),
        ))
    }
}
