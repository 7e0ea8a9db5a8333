//! A board of a hand record (deal, dealer, vulnerability) and its solution: the double-dummy
//! table and the par.

use web_time::Instant;

use cardtree::bridge::{
    BridgePlay, DdTable, Par, SolveStats, Strain, Vulnerability, dd_table, dealer_of_board, par,
};
use cardtree::{BySeat, Card, Deal, Seat};

use crate::bridge::table_memory::HostTable;
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

/// The position of `deal` in `strain` after `played`, the cards of the trick under way led by
/// `leader` (none: `leader` is on lead): the hands without those cards, and the trick. `deal`
/// holds the trick's cards, every hand the size it had when the trick began. Python's
/// `solve_board` and the web page's step-through play ask the solver about this position.
pub fn position_after(
    deal: &Deal,
    strain: Strain,
    leader: Seat,
    played: &[Card],
) -> Result<BridgePlay, Error> {
    let mut hands = BySeat::from_fn(|s| deal.hand(s));
    for &card in played {
        let holder = deal
            .holder(card)
            .ok_or_else(|| invalid!("card {card} of the trick is in no hand"))?;
        hands[holder].remove(card);
    }
    let rest = Deal::from_hands(hands).map_err(Error::from)?;
    BridgePlay::with_trick(&rest, strain, leader, played).map_err(Error::from)
}
