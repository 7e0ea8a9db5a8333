//! `CalcDDtable` and `CalcAllTables`: double-dummy tables, DDS's layout (`resTable[strain]
//! [hand]`), from the core's [`dd_table_in`].

use cardtree::bridge::{Deal, Seat, SolverConfig, Strain, TableMemory, TransTable, dd_table_in};

use crate::codes;
use crate::convert::{Code, strain_index};

/// The strains DDS's `trumpFilter` keeps (`filter[s] == 0`), in DDS's order of solving
/// (clubs up to no trump).
pub(crate) fn kept(filter: &[i32; 5]) -> heapless::Vec<Strain, 5> {
    let mut out = heapless::Vec::new();
    for strain in Strain::ALL {
        if filter[strain_index(strain)] == 0 {
            let _ = out.push(strain);
        }
    }
    out
}

/// The rows of `strains` of `deal`'s table: `rows[strain][hand]` for each strain given.
pub(crate) fn rows<M: TableMemory>(
    deal: &Deal,
    strains: &[Strain],
    table: &mut TransTable<M>,
) -> Result<heapless::Vec<(usize, [i32; 4]), 5>, Code> {
    let s = dd_table_in(deal, strains, table, &SolverConfig::default())
        .map_err(|_| codes::CARD_COUNT)?;
    let mut out = heapless::Vec::new();
    for &strain in strains {
        let row = Seat::ALL.map(|seat| i32::from(s.table.tricks(seat, strain)));
        let _ = out.push((strain_index(strain), row));
    }
    Ok(out)
}
