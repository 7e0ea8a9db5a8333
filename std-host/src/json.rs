//! JSON from typed report structs (serde derives), never from `format!`: the report types of
//! the commands derive `Serialize`, and these are the pieces serde_json would otherwise write
//! differently from the formats cardtree publishes: an object whose keys come in a given
//! order, and a number with a fixed count of decimals.

use std::fmt::Display;

use serde::Serialize;
use serde::ser::{Error as _, SerializeMap, Serializer};
use serde_json::value::RawValue;

use crate::error::Error;

/// One JSON value on a line of its own (`{...}\n`).
pub fn line<T: Serialize>(value: &T) -> Result<String, Error> {
    let mut text = serde_json::to_string(value).map_err(Error::Json)?;
    text.push('\n');
    Ok(text)
}

/// `value` as one JSON line with every object's keys in alphabetical order (the order the
/// reports written before the report structs existed have, which their readers may diff).
pub fn sorted_line<T: Serialize>(value: &T) -> Result<String, Error> {
    line(&serde_json::to_value(value).map_err(Error::Json)?)
}

/// A JSON object whose keys come in the order given (serde_json's own map sorts them): a
/// card's tricks by the card's order, a table's seats and strains as hand records list them.
#[derive(Clone, Debug, PartialEq)]
pub struct Ordered<K, V>(pub Vec<(K, V)>);

impl<K: Display, V: Serialize> Serialize for Ordered<K, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(&k.to_string(), v)?;
        }
        map.end()
    }
}

/// A number written with `D` decimals (as `format!("{:.D$}")` writes it), or `null` when
/// absent or not finite.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fixed<const D: usize>(pub Option<f64>);

impl<const D: usize> Serialize for Fixed<D> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Some(v) if v.is_finite() => RawValue::from_string(format!("{v:.D$}"))
                .map_err(S::Error::custom)?
                .serialize(serializer),
            _ => serializer.serialize_none(),
        }
    }
}

/// A value written with its `Display` text as a JSON string (a card `"SK"`, a seat `"N"`, a
/// contract `"4S-EW"`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shown<T>(pub T);

impl<T: Display> Serialize for Shown<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

/// A [`Spelling`](cardtree::Spelling) enum as its name, for `#[serde(with = "spelled")]`:
/// a fingerprint names a search variant or a table as the command line does.
pub mod spelled {
    use cardtree::Spelling;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the name.
    pub fn serialize<T: Spelling, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(value.name())
    }

    /// Reads a name, refusing any other with the enum's own message.
    pub fn deserialize<'de, T: Spelling, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

/// An optional [`Spelling`](cardtree::Spelling) enum as its name or nothing, for
/// `#[serde(default, skip_serializing_if = "Option::is_none", with = "spelled_option")]`.
pub mod spelled_option {
    use cardtree::Spelling;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the name, or `null`.
    #[allow(clippy::ref_option)] // serde's `with` passes `&Option<T>`
    pub fn serialize<T: Spelling, S: Serializer>(
        value: &Option<T>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => s.serialize_str(v.name()),
            None => s.serialize_none(),
        }
    }

    /// Reads a name, or nothing.
    pub fn deserialize<'de, T: Spelling, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<T>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|name| name.parse().map_err(serde::de::Error::custom))
            .transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Report {
        z: Ordered<&'static str, u8>,
        ms: Fixed<3>,
        none: Fixed<1>,
        nan: Fixed<1>,
        card: Shown<char>,
    }

    #[test]
    fn keys_in_order_and_fixed_decimals() {
        let r = Report {
            z: Ordered(vec![("SA", 9), ("C2", 7)]),
            ms: Fixed(Some(2.5)),
            none: Fixed(None),
            nan: Fixed(Some(f64::NAN)),
            card: Shown('K'),
        };
        assert_eq!(
            line(&r).unwrap(),
            "{\"z\":{\"SA\":9,\"C2\":7},\"ms\":2.500,\"none\":null,\"nan\":null,\"card\":\"K\"}\n"
        );
    }
}
