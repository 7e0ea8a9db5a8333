//! Options several commands share, each written once ([`OptSpec`]s the specs put in their
//! tables): the worker threads, the transposition table's memory, a seed; and the limits
//! several options share (a text that reads as a seat, a count that fits in memory).

use crate::limits;
use crate::spec::{Fallback, OptSpec, Value};

/// `threads`: worker threads, 0 for one per core.
pub const THREADS: OptSpec = OptSpec::whole(
    "threads",
    "Worker threads (0: one per core). Results do not depend on it",
    0,
    limits::MOST_THREADS,
    Fallback::Whole(0),
);

/// `table_mib`: the solver's transposition-table memory per thread, within the machine's
/// free memory.
pub const TABLE_MIB: OptSpec = OptSpec::whole(
    "table_mib",
    "Transposition-table memory per thread, in MiB",
    1,
    1 << 20,
    Fallback::Whole(crate::bridge::table_memory::DEFAULT_TABLE_MIB as u64),
)
.limited(table_fits);

/// `seed`, default 1, with the command's own account of what it seeds.
#[must_use]
pub const fn seed(doc: &'static str) -> OptSpec {
    OptSpec::whole("seed", doc, 0, u64::MAX, Fallback::Whole(1))
}

/// A table of `n` MiB a thread fits in this machine's free memory.
fn table_fits(v: &Value) -> Result<(), String> {
    match *v {
        Value::Whole(n) => {
            limits::table_mib_fits(usize::try_from(n).unwrap_or(usize::MAX)).map(|_| ())
        }
        _ => Ok(()),
    }
}

/// A count of `n` items each keeping `bytes_each` bytes fits in half the free memory.
pub fn count_fits(v: &Value, bytes_each: u64) -> Result<(), String> {
    match *v {
        Value::Whole(n) => limits::count_fits(n, bytes_each).map(|_| ()),
        _ => Ok(()),
    }
}

/// Text `v` read by `read`: what is wrong with it if it does not read.
pub fn reads<T, E: std::fmt::Display>(
    v: &Value,
    read: impl Fn(&str) -> Result<T, E>,
) -> Result<(), String> {
    match v {
        Value::Text(t) => read(t).map(|_| ()).map_err(|e| e.to_string()),
        _ => Ok(()),
    }
}

/// A seat's text reads (`N`, `E`, `S`, `W` or its name).
pub fn a_seat(v: &Value) -> Result<(), String> {
    reads(v, crate::text::parse_seat)
}

/// A seat option read, refused naming it.
pub fn seat_of(
    g: &crate::spec::Given,
    o: &OptSpec,
) -> Result<Option<cardtree::Seat>, crate::spec::SpecError> {
    g.text(o)?
        .map(|s| crate::text::parse_seat(s).map_err(|e| crate::spec::SpecError::new(o.name, e)))
        .transpose()
}
