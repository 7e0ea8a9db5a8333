//! `cardtree bridge table`: hand records. For each board, the double-dummy table (tricks for
//! every declarer in every strain) and the par, from a PBN deal, a JSON-lines file in the
//! format of `tests/data/bridge/dd_tables.jsonl`, or a PBN file ([`crate::bridge::pbn_file`]).

use crate::error::{Context, Error};
use std::fmt::Write as _;

use cardtree::Seat;
use cardtree::bridge::{DdTable, Strain, Vulnerability};
use serde::Serialize;

pub use crate::bridge::board::{Board, Record, solve};
use crate::bridge::solve::{self};
use crate::json::{Ordered, Shown};
use crate::text::parse_seat;
use crate::workers;

/// Reads one line of the `dd_tables.jsonl` format: `pbn` (a full deal), optional `id`,
/// `dealer` and `vulnerable` (any `dd` and `par` are ignored). Without `dealer` or
/// `vulnerable` the board is number `id + 1` of the cycle of 16 (`index + 1` without an
/// integer `id`).
pub fn parse_line(line: &str, index: usize) -> Result<Board, Error> {
    let v: serde_json::Value = serde_json::from_str(line).map_err(Error::Json)?;
    let pbn = v
        .get("pbn")
        .and_then(serde_json::Value::as_str)
        .ok_or_else(|| Error::Invalid("missing string field \"pbn\"".into()))?;
    let number = v
        .get("id")
        .and_then(serde_json::Value::as_u64)
        .map_or(index as u64 + 1, |id| id + 1);
    let mut board = Board::new(u32::try_from(number % (1 << 31)).unwrap_or(1), pbn)?;
    board.id = v.get("id").cloned();
    if let Some(d) = v.get("dealer") {
        let s = d
            .as_str()
            .ok_or_else(|| Error::Invalid("dealer: not a string".into()))?;
        board.dealer = parse_seat(s).context("dealer")?;
    }
    if let Some(d) = v.get("vulnerable") {
        let s = d
            .as_str()
            .ok_or_else(|| Error::Invalid("vulnerable: not a string".into()))?;
        board.vulnerable = s
            .parse()
            .with_context(|| format!("vulnerable: {:?}", crate::text::excerpt(s)))?;
    }
    Ok(board)
}

/// Strains as hand records and the shared file list them: S, H, D, C, NT.
pub const JSON_STRAINS: [Strain; 5] = [
    Strain::Spades,
    Strain::Hearts,
    Strain::Diamonds,
    Strain::Clubs,
    Strain::NoTrump,
];

/// A record as a line of `dd_tables.jsonl`.
#[derive(Serialize)]
struct RecordLine<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a serde_json::Value>,
    pbn: &'a str,
    dealer: Shown<Seat>,
    vulnerable: Shown<Vulnerability>,
    dd: Ordered<Seat, Ordered<Strain, u8>>,
    par: ParLine,
}

/// The par of a record: North-South's score and the contracts in DDS's notation.
#[derive(Debug, Serialize)]
pub struct ParLine {
    score_ns: i32,
    contracts: Vec<String>,
}

impl From<&cardtree::bridge::Par> for ParLine {
    fn from(par: &cardtree::bridge::Par) -> ParLine {
        ParLine {
            score_ns: par.score_ns,
            contracts: par.contracts.iter().map(ToString::to_string).collect(),
        }
    }
}

/// The table of a record's `dd` object (seat -> strain -> tricks, as [`to_json`] writes it):
/// every seat and strain there, each from 0 to 13.
pub fn table_of_dd(dd: &serde_json::Value) -> Result<cardtree::bridge::DdTable, Error> {
    let mut cells = [[0u8; 5]; 4];
    for seat in Seat::ALL {
        for (i, strain) in JSON_STRAINS.into_iter().enumerate() {
            let n = dd
                .get(seat.to_string())
                .and_then(|s| s.get(strain.to_string()))
                .and_then(serde_json::Value::as_u64)
                .ok_or_else(|| invalid!("dd: no tricks for {seat} in {strain}"))?;
            cells[seat as usize][i] = u8::try_from(n)
                .ok()
                .filter(|&n| n <= 13)
                .ok_or_else(|| invalid!("dd: {n} tricks for {seat} in {strain}, at most 13"))?;
        }
    }
    Ok(cardtree::bridge::DdTable::from_fn(|seat, strain| {
        let i = JSON_STRAINS.iter().position(|&s| s == strain).unwrap_or(0);
        cells[seat as usize][i]
    }))
}

/// The record as one line of `dd_tables.jsonl`: `id` (when given), `pbn`, `dealer`,
/// `vulnerable`, `dd` (seat -> strain -> tricks) and `par` (`score_ns`, `contracts` in DDS's
/// notation).
pub fn to_json(board: &Board, record: &Record) -> Result<String, Error> {
    let line = RecordLine {
        id: board.id.as_ref(),
        pbn: &board.pbn,
        dealer: Shown(board.dealer),
        vulnerable: Shown(board.vulnerable),
        dd: Ordered(
            Seat::ALL
                .into_iter()
                .map(|seat| {
                    let strains = JSON_STRAINS
                        .into_iter()
                        .map(|strain| (strain, record.table.tricks(seat, strain)))
                        .collect();
                    (seat, Ordered(strains))
                })
                .collect(),
        ),
        par: ParLine::from(&record.par),
    };
    serde_json::to_string(&line).map_err(Error::Json)
}

/// The record laid out as hand records print it: declarers down, strains across (NT, S, H,
/// D, C), then the par score for North-South and the par contracts.
pub fn to_text(board: &Board, record: &Record) -> String {
    let mut out = format!(
        "Board {}  Dealer {}  Vul {}  {}\n       NT   S   H   D   C\n",
        board.number, board.dealer, board.vulnerable, board.pbn
    );
    for seat in DdTable::RECORD_DECLARERS {
        let _ = write!(out, "  {seat}  ");
        for strain in DdTable::RECORD_STRAINS {
            let _ = write!(out, "{:>4}", record.table.tricks(seat, strain));
        }
        out.push('\n');
    }
    let _ = write!(out, "  Par {:+}", record.par.score_ns);
    if record.par.contracts.is_empty() {
        out.push_str(": passed out");
    }
    for (i, c) in record.par.contracts.iter().enumerate() {
        let _ = write!(out, "{}{c}", if i > 0 { ", " } else { ": " });
    }
    out.push('\n');
    out
}

/// Solves `boards` on `threads` threads (each with its own table of `mib` MiB); the records in
/// board order (the same for any thread count).
pub fn solve_all(boards: &[Board], threads: usize, mib: usize) -> Vec<Result<Record, Error>> {
    workers::map(
        boards,
        threads,
        || crate::bridge::table_memory::host_table(mib),
        |table, b| solve(b, table),
    )
}

/// Every line of a JSON-lines file, solved: per line in order, the output (JSON or text) or
/// the error.
pub fn run_lines(
    text: &[u8],
    threads: usize,
    mib: usize,
    json: bool,
) -> Vec<Result<String, Error>> {
    solve::gather(|emit| table_lines(text, threads, mib, json, emit))
}

/// Every line of a JSON-lines file, solved, `emit` given each line's output (JSON or text)
/// or error in line order as it is ready.
pub fn table_lines(
    text: &[u8],
    threads: usize,
    mib: usize,
    json: bool,
    emit: impl FnMut(usize, Result<String, Error>) -> Result<(), Error> + Send,
) -> Result<(), Error> {
    solve::each_line(
        text,
        threads,
        mib,
        |table, line, index| {
            let board = parse_line(line, index)?;
            let record = solve(&board, table)?;
            Ok(if json {
                to_json(&board, &record)?
            } else {
                to_text(&board, &record)
            })
        },
        emit,
    )
}

/// `cardtree bridge table --pbn`: every board of a PBN file; the file back with the
/// double-dummy tags (or JSON lines); a bad board is reported with its number and line, the
/// others are solved.
pub fn table_pbn(
    path: &std::path::Path,
    json: bool,
    threads: usize,
    mib: usize,
    out: Option<&std::path::Path>,
) -> Result<(), Error> {
    let bytes = std::fs::read(path).map_err(|e| Error::read(path, e))?;
    let start = web_time::Instant::now();
    let session = crate::bridge::pbn_session::PbnSession::read(bytes);
    let boards = session.boards();
    let mut good = Vec::new();
    let mut errors = 0;
    for (g, b) in &boards {
        match b {
            Ok(board) => good.push((*g, board.clone())),
            Err(e) => {
                errors += 1;
                eprintln!("cardtree: {}: {e}", path.display());
            }
        }
    }
    let list: Vec<Board> = good.iter().map(|(_, b)| b.clone()).collect();
    let solved = solve_all(&list, threads, mib);
    let mut records = Vec::new();
    let mut lines = String::new();
    for ((g, board), r) in good.iter().zip(solved) {
        match r {
            Ok(record) => {
                if json {
                    lines.push_str(&to_json(board, &record)?);
                    lines.push('\n');
                }
                records.push((*g, record));
            }
            Err(e) => {
                errors += 1;
                eprintln!("cardtree: {}: board {}: {e}", path.display(), board.number);
            }
        }
    }
    let body = if json {
        lines.into_bytes()
    } else {
        session.with_records(&records)
    };
    crate::output::emit(&body, out)?;
    eprintln!(
        "cardtree: solved {} of {} boards in {:.2} s",
        records.len(),
        boards.len(),
        start.elapsed().as_secs_f64()
    );
    if errors > 0 {
        return Err(match errors {
            1 => invalid!("1 board could not be solved"),
            n => invalid!("{n} boards could not be solved"),
        });
    }
    Ok(())
}

/// Where `cardtree bridge table` reads its boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// One deal, PBN, as board `board` (dealer and vulnerability from the cycle of 16 unless
    /// given).
    Deal {
        /// The deal.
        pbn: String,
        /// The board number.
        board: u32,
        /// The dealer, instead of the board's.
        dealer: Option<Seat>,
        /// The vulnerability, instead of the board's.
        vulnerable: Option<Vulnerability>,
    },
    /// A JSON-lines file in the format of `dd_tables.jsonl`.
    Lines(std::path::PathBuf),
    /// A PBN file, written back with the double-dummy tags.
    Pbn(std::path::PathBuf),
}

/// `cardtree bridge table`: the hand records of `source` on `threads` threads (each with a
/// table of `mib` MiB), written where `output` says.
pub fn command(
    source: &Source,
    threads: usize,
    mib: usize,
    output: &crate::output::Output,
) -> Result<(), Error> {
    match source {
        Source::Deal {
            pbn,
            board,
            dealer,
            vulnerable,
        } => {
            let mut b = Board::new(*board, pbn)?;
            b.dealer = dealer.unwrap_or(b.dealer);
            b.vulnerable = vulnerable.unwrap_or(b.vulnerable);
            let record = solve(&b, &mut crate::bridge::table_memory::host_table(mib))?;
            output.emit(&if output.json {
                format!("{}\n", to_json(&b, &record)?)
            } else {
                to_text(&b, &record)
            })
        }
        Source::Pbn(path) => table_pbn(path, output.json, threads, mib, output.out.as_deref()),
        Source::Lines(path) => {
            let text = std::fs::read(path).map_err(|e| Error::read(path, e))?;
            let mut report =
                crate::output::LineReport::new(path, output, web_time::Instant::now())?;
            table_lines(&text, threads, mib, output.json, |i, r| report.line(i, r))?;
            report.finish()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_round_trips_to_the_shared_format() {
        let line = r#"{"id":0,"pbn":"N:A82.Q632.95.T654 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 64.97.T76.AJ9732","dealer":"N","vulnerable":"None","dd":{"N":{"S":4,"H":6,"D":6,"C":6,"NT":6},"E":{"S":7,"H":7,"D":6,"C":7,"NT":7},"S":{"S":4,"H":6,"D":6,"C":6,"NT":5},"W":{"S":7,"H":6,"D":6,"C":7,"NT":7}},"par":{"score_ns":-90,"contracts":["1N-EW"]}}"#;
        let out = run_lines(line.as_bytes(), 1, 1, true);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].as_ref().ok(), Some(&line.to_string()));
        let text = run_lines(line.as_bytes(), 1, 1, false);
        let text = text[0].as_ref().unwrap();
        assert!(text.contains("  N     6   4   6   6   6\n"), "{text}");
        assert!(text.contains("Par -90: 1N-EW"), "{text}");
        // The par of the line's own table, read back from its `dd`, for another dealer.
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let table = table_of_dd(&v["dd"]).unwrap();
        assert_eq!(table.tricks(Seat::North, Strain::Spades), 4);
        let par = cardtree::bridge::par(&table, Seat::North, Vulnerability::None);
        let json = serde_json::to_string(&ParLine::from(&par)).unwrap();
        assert_eq!(json, r#"{"score_ns":-90,"contracts":["1N-EW"]}"#);
        let mut bad = v["dd"].clone();
        bad["W"]["NT"] = 14.into();
        assert!(
            table_of_dd(&bad)
                .unwrap_err()
                .to_string()
                .contains("at most 13")
        );
    }

    #[test]
    fn defaults_and_errors() {
        let b = parse_line(r#"{"id":4,"pbn":"N:A82.Q632.95.T654 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 64.97.T76.AJ9732"}"#, 0).unwrap();
        assert_eq!(
            (b.number, b.dealer, b.vulnerable),
            (5, Seat::North, Vulnerability::NorthSouth)
        );
        let twelve =
            r#"{"pbn":"N:A82.Q632.95.T65 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 64.97.T76.AJ9732"}"#;
        assert!(
            parse_line(twelve, 0)
                .unwrap_err()
                .to_string()
                .contains("cards")
        );
        let dup =
            r#"{"pbn":"N:A82.Q632.95.T654 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 A4.97.T76.AJ9732"}"#;
        assert!(
            parse_line(dup, 0)
                .unwrap_err()
                .to_string()
                .contains("duplicate card SA")
        );
        let vul = r#"{"pbn":"N:A82.Q632.95.T654 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 64.97.T76.AJ9732","vulnerable":"Red"}"#;
        assert!(
            parse_line(vul, 0)
                .unwrap_err()
                .to_string()
                .starts_with("vulnerable: \"Red\"")
        );
        let out = run_lines(b"\nnot json\n", 2, 1, true);
        assert_eq!(out.len(), 2);
        assert!(out.iter().all(Result::is_err));
    }
}
