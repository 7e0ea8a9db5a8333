//! The output of `cardtree experiment tables`: the input file's boards with their tables and
//! par, written as `cardtree bridge table` writes them.

use cardtree::bridge::{DdTable, par};
use serde_json::Value;

use crate::bridge::board::Record as Solved;
use crate::bridge::hand_record::to_json;
use crate::error::Error;
use crate::experiments::tables::{Boards, Fingerprint, Format, Record};
use crate::runner::{self, OutputFile, Table};

/// `tables.jsonl` (JSON-lines input) or `tables.pbn` (PBN input) from every row: what
/// `bridge table --file F --json` or `bridge table --pbn F` prints for the same file.
pub fn summarize(fingerprint: &Value, table: &Table) -> Result<Vec<OutputFile>, Error> {
    let fingerprint: Fingerprint = runner::fingerprint(fingerprint)?;
    let boards = Boards::reread(&fingerprint)?;
    let rows = table.records::<Record>()?;
    if rows.len() != boards.boards.len() {
        return Err(invalid!(
            "raw.csv has {} rows for {} boards",
            rows.len(),
            boards.boards.len()
        ));
    }
    let mut solved = Vec::with_capacity(rows.len());
    for ((item, row), board) in rows.iter().zip(&boards.boards) {
        let tricks = DdTable::from_pbn_hex(&row.tricks)
            .ok_or_else(|| invalid!("raw.csv: item {item}: tricks {:?}", row.tricks))?;
        solved.push(Solved {
            table: tricks,
            par: par(&tricks, board.dealer, board.vulnerable),
            stats: Default::default(),
            ms: 0.0,
        });
    }
    match (&fingerprint.format, &boards.pbn) {
        (Format::Pbn, Some((session, games))) => {
            let records: Vec<(usize, Solved)> = games.iter().copied().zip(solved).collect();
            Ok(vec![(
                "tables.pbn".to_string(),
                session.with_records(&records),
            )])
        }
        _ => {
            let mut text = String::new();
            for (board, record) in boards.boards.iter().zip(&solved) {
                text.push_str(&to_json(board, record)?);
                text.push('\n');
            }
            Ok(vec![("tables.jsonl".to_string(), text.into_bytes())])
        }
    }
}
