//! `cardtree bridge solve`'s options, once: [`Options`] is a [`Spec`] (the deal, its leader
//! and strain, the threads and the table's memory). The command line derives its flags from
//! it; Python's `solve_board` reads its `table_mib` into it.

use cardtree::{SizeRule, pbn};

use crate::bridge::solve::Options;
use crate::shared_opts::{TABLE_MIB, THREADS, a_seat, reads, seat_of};
use crate::spec::{Fallback, Given, OptSpec, Spec, SpecError, Value, had};

/// A deal whose hands are all the same size reads (a full deal or an ending).
fn a_deal(v: &Value) -> Result<(), String> {
    reads(v, |t: &str| pbn::parse(t, SizeRule::Equal))
}

const DEAL: OptSpec = OptSpec::text(
    "deal",
    "A PBN deal, full or an ending at a trick boundary: \"W:AKQ.JT9.876.5432 ...\"",
    Fallback::Decided,
)
.limited(a_deal);
const LEADER: OptSpec = OptSpec::text(
    "leader",
    "The player on lead (with the deal)",
    Fallback::Text("W"),
)
.limited(a_seat);
const TRUMP: OptSpec = OptSpec::text(
    "trump",
    "The strain: NT, S, H, D or C (with the deal)",
    Fallback::Text("NT"),
)
.limited(|v| reads(v, crate::text::parse_strain));
const SOLVE_THREADS: OptSpec = OptSpec {
    doc: "Worker threads for a file of deals, each with its own table (0: one per core). Results do not depend on it",
    ..THREADS
};

impl Spec for Options {
    const COMMAND: &'static str = "bridge solve";
    const OPTIONS: &'static [OptSpec] = &[DEAL, LEADER, TRUMP, SOLVE_THREADS, TABLE_MIB];

    /// The options, `file` none (the command line's other input).
    fn from_given(g: &Given) -> Result<Options, SpecError> {
        let trump = had(&TRUMP, g.text(&TRUMP)?)?;
        Ok(Options {
            deal: g.text(&DEAL)?.map(str::to_string),
            leader: had(&LEADER, seat_of(g, &LEADER)?)?,
            trump: crate::text::parse_strain(trump).map_err(|e| SpecError::new(TRUMP.name, e))?,
            file: None,
            threads: had(&SOLVE_THREADS, g.whole(&SOLVE_THREADS))? as usize,
            table_mib: had(&TABLE_MIB, g.whole(&TABLE_MIB))? as usize,
        })
    }
}
