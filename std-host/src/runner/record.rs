//! Typed rows: an experiment's row is a serde struct, written to `raw.csv` field by field as
//! its `Display` text (what the rows were before they were typed, byte for byte) and read
//! back from the table by column name, each field parsed as its type.

use serde::de::{self, DeserializeOwned, IntoDeserializer, Visitor};
use serde::ser::{self, Impossible, Serialize};

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
            .map_err(|_| invalid!("{} is not a number", crate::bridge::solve::quote(&self.0)))
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
struct RecordError(String);

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

/// Serializes a struct's fields into their names and texts.
struct RowSerializer<'a> {
    fields: &'a mut Vec<(&'static str, String)>,
}

/// Serializes one field into its text.
struct FieldSerializer;

fn unsupported<T>(what: &str) -> Result<T, RecordError> {
    Err(RecordError(format!("a row field cannot be {what}")))
}

impl ser::Serializer for FieldSerializer {
    type Ok = String;
    type Error = RecordError;
    type SerializeSeq = Impossible<String, RecordError>;
    type SerializeTuple = Impossible<String, RecordError>;
    type SerializeTupleStruct = Impossible<String, RecordError>;
    type SerializeTupleVariant = Impossible<String, RecordError>;
    type SerializeMap = Impossible<String, RecordError>;
    type SerializeStruct = Impossible<String, RecordError>;
    type SerializeStructVariant = Impossible<String, RecordError>;

    fn serialize_bool(self, v: bool) -> Result<String, RecordError> {
        Ok(v.to_string())
    }
    fn serialize_i8(self, v: i8) -> Result<String, RecordError> {
        Ok(v.to_string())
    }
    fn serialize_i16(self, v: i16) -> Result<String, RecordError> {
        Ok(v.to_string())
    }
    fn serialize_i32(self, v: i32) -> Result<String, RecordError> {
        Ok(v.to_string())
    }
    fn serialize_i64(self, v: i64) -> Result<String, RecordError> {
        Ok(v.to_string())
    }
    fn serialize_u8(self, v: u8) -> Result<String, RecordError> {
        Ok(v.to_string())
    }
    fn serialize_u16(self, v: u16) -> Result<String, RecordError> {
        Ok(v.to_string())
    }
    fn serialize_u32(self, v: u32) -> Result<String, RecordError> {
        Ok(v.to_string())
    }
    fn serialize_u64(self, v: u64) -> Result<String, RecordError> {
        Ok(v.to_string())
    }
    fn serialize_f32(self, v: f32) -> Result<String, RecordError> {
        Ok(v.to_string())
    }
    fn serialize_f64(self, v: f64) -> Result<String, RecordError> {
        Ok(v.to_string())
    }
    fn serialize_char(self, v: char) -> Result<String, RecordError> {
        Ok(v.to_string())
    }
    fn serialize_str(self, v: &str) -> Result<String, RecordError> {
        Ok(v.to_string())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<String, RecordError> {
        unsupported("bytes")
    }
    fn serialize_none(self) -> Result<String, RecordError> {
        Ok(String::new())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result<String, RecordError> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<String, RecordError> {
        Ok(String::new())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<String, RecordError> {
        Ok(String::new())
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<String, RecordError> {
        Ok(variant.to_string())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<String, RecordError> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<String, RecordError> {
        unsupported("an enum with data")
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, RecordError> {
        unsupported("a sequence")
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, RecordError> {
        unsupported("a tuple")
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, RecordError> {
        unsupported("a tuple struct")
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, RecordError> {
        unsupported("an enum with data")
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, RecordError> {
        unsupported("a map")
    }
    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStruct, RecordError> {
        unsupported("a struct")
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, RecordError> {
        unsupported("an enum with data")
    }
}

/// The methods of a record's serializer for what is not a struct of fields.
macro_rules! only_structs {
    ($($method:ident($($arg:ty),*)),* $(,)?) => {
        $(fn $method(self, $(_: $arg),*) -> Result<(), RecordError> {
            unsupported("anything but a struct of fields")
        })*
    };
}

impl<'a> ser::Serializer for RowSerializer<'a> {
    type Ok = ();
    type Error = RecordError;
    type SerializeSeq = Impossible<(), RecordError>;
    type SerializeTuple = Impossible<(), RecordError>;
    type SerializeTupleStruct = Impossible<(), RecordError>;
    type SerializeTupleVariant = Impossible<(), RecordError>;
    type SerializeMap = Impossible<(), RecordError>;
    type SerializeStruct = Self;
    type SerializeStructVariant = Impossible<(), RecordError>;

    only_structs!(
        serialize_bool(bool),
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_char(char),
        serialize_str(&str),
        serialize_bytes(&[u8]),
        serialize_none(),
        serialize_unit(),
        serialize_unit_struct(&'static str),
        serialize_unit_variant(&'static str, u32, &'static str),
    );

    fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<(), RecordError> {
        unsupported("anything but a struct of fields")
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<(), RecordError> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), RecordError> {
        unsupported("anything but a struct of fields")
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, RecordError> {
        unsupported("anything but a struct of fields")
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, RecordError> {
        unsupported("anything but a struct of fields")
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, RecordError> {
        unsupported("anything but a struct of fields")
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, RecordError> {
        unsupported("anything but a struct of fields")
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, RecordError> {
        unsupported("anything but a struct of fields")
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, RecordError> {
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, RecordError> {
        unsupported("anything but a struct of fields")
    }
}

impl ser::SerializeStruct for RowSerializer<'_> {
    type Ok = ();
    type Error = RecordError;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        name: &'static str,
        value: &T,
    ) -> Result<(), RecordError> {
        self.fields.push((name, value.serialize(FieldSerializer)?));
        Ok(())
    }

    fn end(self) -> Result<(), RecordError> {
        Ok(())
    }
}

/// One field's text, parsed as whatever type the record asks for.
#[derive(Clone, Copy)]
struct Field<'a>(&'a str);

impl<'de> IntoDeserializer<'de, RecordError> for Field<'de> {
    type Deserializer = Self;
    fn into_deserializer(self) -> Self {
        self
    }
}

impl Field<'_> {
    fn parse<T: std::str::FromStr>(self, what: &str) -> Result<T, RecordError> {
        self.0.parse().map_err(|_| {
            RecordError(format!(
                "{} is not {what}",
                crate::bridge::solve::quote(self.0)
            ))
        })
    }
}

macro_rules! parsed {
    ($($method:ident => $visit:ident: $ty:ty, $what:literal;)*) => {
        $(fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, RecordError> {
            visitor.$visit(self.parse::<$ty>($what)?)
        })*
    };
}

impl<'de> de::Deserializer<'de> for Field<'de> {
    type Error = RecordError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, RecordError> {
        visitor.visit_borrowed_str(self.0)
    }

    parsed! {
        deserialize_bool => visit_bool: bool, "true or false";
        deserialize_i8 => visit_i8: i8, "an integer";
        deserialize_i16 => visit_i16: i16, "an integer";
        deserialize_i32 => visit_i32: i32, "an integer";
        deserialize_i64 => visit_i64: i64, "an integer";
        deserialize_u8 => visit_u8: u8, "a count";
        deserialize_u16 => visit_u16: u16, "a count";
        deserialize_u32 => visit_u32: u32, "a count";
        deserialize_u64 => visit_u64: u64, "a count";
        deserialize_f32 => visit_f32: f32, "a number";
        deserialize_f64 => visit_f64: f64, "a number";
        deserialize_char => visit_char: char, "one character";
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, RecordError> {
        if self.0.is_empty() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, RecordError> {
        visitor.visit_newtype_struct(self)
    }

    serde::forward_to_deserialize_any! {
        str string bytes byte_buf unit unit_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
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
