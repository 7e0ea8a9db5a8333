//! `cardtree experiment tables`: hand records of a whole archive on the one runner. Every
//! board of a JSON-lines file (the format of `tests/data/bridge/dd_tables.jsonl`) or a PBN file
//! gets its double-dummy table and par, as `cardtree bridge table` gives them, but as work items
//! with shards, resume after a kill and merge: a federation's archive of tens of thousands of
//! boards takes hours on two cores, and a cluster's job array cuts that (`experiment plan`).
//!
//! One work item is one board, in file order; it needs no random numbers. Its row holds the
//! table as PBN's `DoubleDummyTricks` and the par score; the summary reads the input file again
//! (its path and hash are in the fingerprint) and writes what `bridge table` writes for it,
//! byte for byte: `tables.jsonl` for a JSON-lines file (`bridge table --file F --json`),
//! `tables.pbn` for a PBN file (`bridge table --pbn F`).

use crate::error::{Context, Error};
mod options;
mod summary;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::bridge::board::{Board, solve};
use crate::bridge::hand_record::parse_line;
use crate::bridge::pbn_session::PbnSession;
use crate::bridge::table_memory::{HostTable, host_table};
use crate::runner::Experiment;

pub use options::{Options, run};
pub use summary::summarize;

/// The experiment's kind, as `cardtree experiment tables` names it.
pub const KIND: &str = "tables";

/// The format of a hand record's input file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// JSON lines in the format of `tests/data/bridge/dd_tables.jsonl`.
    Jsonl,
    /// A PBN file of boards.
    Pbn,
}

cardtree::spelled! {
    Format, "format";
    Jsonl => "jsonl", "JSON lines with a field pbn and optional id, dealer, vulnerable";
    Pbn => "pbn", "A PBN file of boards, written back with the double-dummy tags";
}

/// What determines a run's results, as its manifest records it: the input file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fingerprint {
    /// The input file, as an absolute path (the summary reads it again; a merge on another
    /// machine needs it at the same path, as on a cluster's shared file system).
    pub path: String,
    /// Its format.
    #[serde(with = "crate::json::spelled")]
    pub format: Format,
    /// The FNV-1a hash of its bytes ([`crate::input::fnv1a`]), 16 hexadecimal digits.
    pub hash: String,
    /// Its boards.
    pub boards: usize,
}

/// One board's row of `raw.csv`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The board number.
    pub board: u32,
    /// The double-dummy table as PBN's `DoubleDummyTricks`: declarers N, S, E, W, each with
    /// NT, S, H, D, C, in hexadecimal.
    pub tricks: String,
    /// The par score for North-South.
    pub par_ns: i32,
}

/// The boards of one input file, read whole.
#[derive(Debug)]
pub struct Boards {
    /// The file's fingerprint.
    pub fingerprint: Fingerprint,
    /// The boards in file order.
    pub boards: Vec<Board>,
    /// For a PBN file: the file, and each board's game index (to write the tags back).
    pub pbn: Option<(PbnSession, Vec<usize>)>,
}

/// The most bad lines or boards a refused input file names.
const NAMED: usize = 5;

impl Boards {
    /// Reads every board of `path`. A file with a bad line or board is refused whole, naming
    /// the first few (a run's items are fixed before it starts: fix the file, then run).
    pub fn read(path: &Path, format: Format) -> Result<Boards, Error> {
        let bytes = std::fs::read(path).map_err(|e| Error::read(path, e))?;
        let absolute = std::path::absolute(path).map_err(|e| Error::read(path, e))?;
        let hash = format!("{:016x}", crate::input::fnv1a(&bytes));
        let mut errors = Vec::new();
        let (boards, pbn) = match format {
            Format::Jsonl => {
                let mut boards = Vec::new();
                for (index, line) in crate::input::lines(&bytes) {
                    let board = line.and_then(|line| {
                        if line.trim().is_empty() {
                            Err(Error::Invalid("empty line".into()))
                        } else {
                            parse_line(line, index)
                        }
                    });
                    match board {
                        Ok(board) => boards.push(board),
                        Err(e) => errors.push(format!("line {}: {e}", index + 1)),
                    }
                }
                (boards, None)
            }
            Format::Pbn => {
                let session = PbnSession::read(bytes);
                let mut boards = Vec::new();
                let mut games = Vec::new();
                for (game, board) in session.boards() {
                    match board {
                        Ok(board) => {
                            boards.push(board);
                            games.push(game);
                        }
                        Err(e) => errors.push(e.to_string()),
                    }
                }
                (boards, Some((session, games)))
            }
        };
        if let Some(first) = errors.first() {
            let more = match errors.len() {
                1 => String::new(),
                n => format!(
                    " (and {} more: {})",
                    n - 1,
                    errors[1..errors.len().min(NAMED)].join("; ")
                ),
            };
            return Err(invalid!(
                "{}: {first}{more}; no board was solved",
                path.display()
            ));
        }
        if boards.is_empty() {
            return Err(invalid!("{}: no boards", path.display()));
        }
        Ok(Boards {
            fingerprint: Fingerprint {
                path: absolute.display().to_string(),
                format,
                hash,
                boards: boards.len(),
            },
            boards,
            pbn,
        })
    }

    /// Reads the input file a run's fingerprint names, checked to be the same file.
    pub fn reread(fingerprint: &Fingerprint) -> Result<Boards, Error> {
        let path = PathBuf::from(&fingerprint.path);
        let boards = Boards::read(&path, fingerprint.format)
            .context("the run's input file is needed again to write its tables")?;
        if boards.fingerprint != *fingerprint {
            return Err(invalid!(
                "{}: the file changed since the run solved it (its hash or boards differ)",
                path.display()
            ));
        }
        Ok(boards)
    }
}

/// The run: the boards and the memory of each thread's solver table.
#[derive(Debug)]
pub struct Tables {
    /// The boards.
    pub boards: Boards,
    /// Transposition-table memory per thread, in MiB (results do not depend on it).
    pub table_mib: usize,
}

impl Experiment for Tables {
    type Record = Record;
    type Fingerprint = Fingerprint;
    type Worker = HostTable;

    fn kind(&self) -> &'static str {
        KIND
    }

    fn fingerprint(&self) -> Result<Fingerprint, Error> {
        Ok(self.boards.fingerprint.clone())
    }

    fn len(&self) -> usize {
        self.boards.boards.len()
    }

    fn worker(&self) -> HostTable {
        host_table(self.table_mib)
    }

    fn run(&self, table: &mut HostTable, k: usize) -> Result<Vec<Record>, Error> {
        let board = self
            .boards
            .boards
            .get(k)
            .ok_or_else(|| invalid!("no board {k}"))?;
        let record = solve(board, table)?;
        Ok(vec![Record {
            board: board.number,
            tricks: record.table.to_string(),
            par_ns: record.par.score_ns,
        }])
    }
}
