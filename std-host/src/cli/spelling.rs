//! clap's view of an enum with spellings ([`cardtree::Spelling`], the core's enums and the
//! host's alike): its possible values with their help lines, read by the enum's own
//! `FromStr`. One vocabulary: the command line writes no enum a second time.

use std::ffi::OsStr;
use std::marker::PhantomData;

use cardtree::Spelling;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

/// The value parser of a [`Spelling`] enum: `#[arg(value_parser = spelled::<Squash>())]`.
#[derive(Debug)]
pub struct Spelled<T>(PhantomData<T>);

impl<T> Clone for Spelled<T> {
    fn clone(&self) -> Self {
        Spelled(PhantomData)
    }
}

/// The value parser of `T`.
#[must_use]
pub fn spelled<T: Spelling>() -> Spelled<T> {
    Spelled(PhantomData)
}

fn values<T: Spelling>() -> impl Iterator<Item = PossibleValue> {
    T::VARIANTS
        .iter()
        .map(|v| PossibleValue::new(v.name()).help(v.about()))
}

impl<T: Spelling + Send + Sync> TypedValueParser for Spelled<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        // clap's own checks and messages (possible values listed, a suggestion for a near
        // miss), then the enum's reading of the name clap accepted.
        let name = PossibleValuesParser::new(values::<T>()).parse_ref(cmd, arg, value)?;
        name.parse::<T>()
            .map_err(|e| clap::Error::raw(clap::error::ErrorKind::InvalidValue, e))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(values::<T>()))
    }
}
