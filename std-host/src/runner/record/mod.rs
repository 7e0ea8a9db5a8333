//! Typed rows: an experiment's row is a serde struct, written to `raw.csv` field by field as
//! its `Display` text (what the rows were before they were typed, byte for byte) and read
//! back from the table by column name, each field parsed as its type.

use serde::de::{self, DeserializeOwned};
use serde::ser::{self, Serialize};

mod de_field;
mod ser_row;

use de_field::Field;
use ser_row::RowSerializer;

use super::Row;
use crate::error::Error;

/// The fields of `record`, a struct of plain fields (numbers, strings, `bool`, `char`,
/// `Option`s of them, newtypes of them), each as its `Display` text in field order.
pub fn to_row<T: Serialize>(record: &T) -> Result<Row, Error> {
    Ok(fields(record)?.into_iter().map(|(_, text)| text).collect())
}

/// The field names of a record type, in order (the columns of its `raw.csv`), from any
/// record of it.
pub fn columns<T: Serialize>(example: &T) -> Result<Vec<String>, Error> {
    Ok(fields(example)?
        .into_iter()
        .map(|(name, _)| name.to_string())
        .collect())
}

/// Every field of `record`: its name and its text.
fn fields<T: Serialize>(record: &T) -> Result<Vec<(&'static str, String)>, Error> {
    let mut fields = Vec::new();
    record
        .serialize(RowSerializer {
            fields: &mut fields,
        })
        .map_err(|e| invalid!("row: {e}"))?;
    Ok(fields)
}

/// The record of `row`, its fields found by name in `columns` and parsed as their types;
/// an error names the column and the text that did not parse.
pub fn from_row<T: DeserializeOwned>(columns: &[String], row: &[String]) -> Result<T, Error> {
    let fields = columns
        .iter()
        .zip(row)
        .map(|(c, v)| (c.as_str(), Field(v.as_str())));
    T::deserialize(de::value::MapDeserializer::new(fields))
        .map_err(|e: RecordError| invalid!("{e}"))
}

/// A number in a row, written with the text its experiment chose for it (a fixed count of
/// decimals in one row, a whole number in another) and read back as that text, whose
/// [`value`](Number::value) is the number.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Number(String);

impl Number {
    /// `value` with `decimals` decimals.
    #[must_use]
    pub fn fixed(value: f64, decimals: usize) -> Number {
        Number(format!("{value:.decimals$}"))
    }

    /// `value` as its `Display` writes it.
    #[must_use]
    pub fn shown(value: impl std::fmt::Display) -> Number {
        Number(value.to_string())
    }

    /// The text, as written.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.0
    }

    /// The number the text says.
    pub fn value(&self) -> Result<f64, Error> {
        self.0
            .parse()
            .map_err(|_| invalid!("{} is not a number", crate::text::quote(&self.0)))
    }
}

impl Serialize for Number {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> de::Deserialize<'de> for Number {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Number, D::Error> {
        String::deserialize(d).map(Number)
    }
}

/// What went wrong writing or reading a row.
#[derive(Debug)]
pub(super) struct RecordError(pub(super) String);

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RecordError {}

impl ser::Error for RecordError {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        RecordError(msg.to_string())
    }
}

impl de::Error for RecordError {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        RecordError(msg.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::{Deserialize, Serialize};

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Record {
        c: f64,
        p: u32,
        deal: String,
        full: bool,
        ms: Option<f64>,
    }

    #[test]
    fn a_row_round_trips_as_display_text() {
        let r = Record {
            c: 0.125,
            p: 5000,
            deal: "7".into(),
            full: false,
            ms: None,
        };
        let row = to_row(&r).unwrap();
        assert_eq!(row, ["0.125", "5000", "7", "false", ""]);
        let cols = columns(&r).unwrap();
        assert_eq!(cols, ["c", "p", "deal", "full", "ms"]);
        assert_eq!(from_row::<Record>(&cols, &row).unwrap(), r);
        // 1.0 is written as Display writes it.
        assert_eq!(to_row(&Record { c: 1.0, ..r }).unwrap()[0], "1");
    }

    #[test]
    fn a_bad_field_names_its_text() {
        let cols: Vec<String> = ["c", "p", "deal", "full", "ms"].map(String::from).to_vec();
        let row: Vec<String> = ["x", "1", "d", "true", "2.5"].map(String::from).to_vec();
        let e = from_row::<Record>(&cols, &row).unwrap_err().to_string();
        assert!(e.contains("\"x\" is not a number"), "{e}");
    }
}
