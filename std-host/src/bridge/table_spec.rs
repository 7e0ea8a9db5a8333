//! `cardtree bridge table`'s options, once ([`TableSpec`], a [`Spec`]): one deal with its
//! board number, dealer and vulnerability, the threads and the table's memory. The command
//! line derives its flags from it; Python's `dd_tables`, `dd_table` and `pbn_with_tables`
//! read their `threads` and `table_mib` into it.

use cardtree::Seat;
use cardtree::bridge::{Deal, Vulnerability};

use crate::shared_opts::{TABLE_MIB, THREADS, a_seat, reads, seat_of};
use crate::spec::{Fallback, Given, OptSpec, Spec, SpecError, Value, had};

/// `cardtree bridge table`'s options, typed and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSpec {
    /// One full deal, PBN (or else a file the command line names).
    pub deal: Option<String>,
    /// The deal's board number.
    pub board: u32,
    /// The dealer, instead of the board's.
    pub dealer: Option<Seat>,
    /// The vulnerability, instead of the board's.
    pub vulnerable: Option<Vulnerability>,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Transposition-table memory per thread, in MiB.
    pub table_mib: usize,
}

fn a_full_deal(v: &Value) -> Result<(), String> {
    reads(v, str::parse::<Deal>)
}

fn a_vulnerability(v: &Value) -> Result<(), String> {
    reads(v, str::parse::<Vulnerability>)
}

const DEAL: OptSpec = OptSpec::text(
    "deal",
    "A full PBN deal: \"N:AKQ.JT9.876.5432 ...\"",
    Fallback::Decided,
)
.limited(a_full_deal);
const BOARD: OptSpec = OptSpec::whole(
    "board",
    "The board number of the deal (dealer and vulnerability follow the cycle of 16)",
    1,
    u32::MAX as u64,
    Fallback::Whole(1),
);
const DEALER: OptSpec = OptSpec::text(
    "dealer",
    "The dealer of the deal, instead of the board's",
    Fallback::Decided,
)
.limited(a_seat);
const VULNERABLE: OptSpec = OptSpec::text(
    "vulnerable",
    "The vulnerability of the deal (None, NS, EW, All), instead of the board's",
    Fallback::Decided,
)
.limited(a_vulnerability);

impl Spec for TableSpec {
    const COMMAND: &'static str = "bridge table";
    const OPTIONS: &'static [OptSpec] = &[DEAL, BOARD, DEALER, VULNERABLE, THREADS, TABLE_MIB];

    fn from_given(g: &Given) -> Result<TableSpec, SpecError> {
        let vulnerable = g
            .text(&VULNERABLE)?
            .map(|t| t.parse().map_err(|e| SpecError::new(VULNERABLE.name, e)))
            .transpose()?;
        Ok(TableSpec {
            deal: g.text(&DEAL)?.map(str::to_string),
            board: had(&BOARD, g.whole(&BOARD))? as u32,
            dealer: seat_of(g, &DEALER)?,
            vulnerable,
            threads: had(&THREADS, g.whole(&THREADS))? as usize,
            table_mib: had(&TABLE_MIB, g.whole(&TABLE_MIB))? as usize,
        })
    }
}
