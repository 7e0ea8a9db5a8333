//! A record written as a row: each field of the struct as its `Display` text.

use serde::ser::{self, Impossible, Serialize};

use super::RecordError;

/// Serializes a struct's fields into their names and texts.
pub(super) struct RowSerializer<'a> {
    pub(super) fields: &'a mut Vec<(&'static str, String)>,
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
