//! A row read as a record: each field's text parsed as the type the record asks for.

use serde::de::{self, IntoDeserializer, Visitor};

use super::RecordError;

/// One field's text, parsed as whatever type the record asks for.
#[derive(Clone, Copy)]
pub(super) struct Field<'a>(pub(super) &'a str);

impl<'de> IntoDeserializer<'de, RecordError> for Field<'de> {
    type Deserializer = Self;
    fn into_deserializer(self) -> Self {
        self
    }
}

impl Field<'_> {
    fn parse<T: std::str::FromStr>(self, what: &str) -> Result<T, RecordError> {
        self.0
            .parse()
            .map_err(|_| RecordError(format!("{} is not {what}", crate::text::quote(self.0))))
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
