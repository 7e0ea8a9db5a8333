//! A board of a hand record (deal, dealer, vulnerability) and its solution: the double-dummy
//! table and the par.

use std::time::Instant;

use cardtree::bridge::{DdTable, Par, SolveStats, Vulnerability, dd_table, dealer_of_board, par};
use cardtree::{Deal, Seat};

use crate::bridge::solve::HostTable;
use crate::error::Error;

/// One board to solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The input's `id`, echoed in JSON output.
    pub id: Option<serde_json::Value>,
    /// The board number (dealer and vulnerability default to its place in the cycle of 16).
    pub number: u32,
    /// The deal as given.
    pub pbn: String,
    /// The deal.
    pub deal: Deal,
    /// The dealer.
    pub dealer: Seat,
    /// Who is vulnerable.
    pub vulnerable: Vulnerability,
}

impl Board {
    /// Board `number` with `pbn` (a full deal); dealer and vulnerability from the cycle.
    pub fn new(number: u32, pbn: &str) -> Result<Board, Error> {
        let deal: Deal = pbn.parse().map_err(Error::from)?;
        Ok(Board {
            id: None,
            number,
            pbn: pbn.to_string(),
            deal,
            dealer: dealer_of_board(number),
            vulnerable: Vulnerability::of_board(number),
        })
    }
}

/// A solved board.
#[derive(Clone, Debug)]
pub struct Record {
    /// The double-dummy table.
    pub table: DdTable,
    /// The par.
    pub par: Par,
    /// The solver's work.
    pub stats: SolveStats,
    /// Wall-clock milliseconds of the table (par is negligible).
    pub ms: f64,
}

/// Solves `board`'s table with `table`, then its par.
pub fn solve(board: &Board, table: &mut HostTable) -> Result<Record, Error> {
    let start = Instant::now();
    let solved = dd_table(&board.deal, table).map_err(Error::from)?;
    let ms = start.elapsed().as_secs_f64() * 1e3;
    Ok(Record {
        table: solved.table,
        par: par(&solved.table, board.dealer, board.vulnerable),
        stats: solved.stats,
        ms,
    })
}
