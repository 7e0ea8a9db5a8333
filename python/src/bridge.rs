//! Bridge: deals, double-dummy tables and par, and every card of the player to move, on the
//! solver of `core/src/bridge/solver/`.

use cardtree::bridge::{DdTable, Par, Strain, Vulnerability};
use cardtree::{Card, Deal, Seat, SizeRule, pbn, rng};
use cardtree_host::bridge::board::{Board, position_after, solve};
use cardtree_host::bridge::hand_record::JSON_STRAINS;
use cardtree_host::bridge::pbn_session::PbnSession;
use cardtree_host::bridge::table_memory::{HostTable, host_table};
use cardtree_host::bridge::table_spec::TableSpec;
use cardtree_host::error::Error;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{bad, value_error};
use crate::parallel::parallel;
use crate::spec;

/// Reads a seat (the core's parser).
pub(crate) fn seat(s: &str, argument: &str) -> PyResult<Seat> {
    cardtree_host::text::parse_seat(s).map_err(|e| bad(argument, e))
}

/// Reads a strain (`NT`, `S`, `H`, `D`, `C`, either case).
pub(crate) fn strain(s: &str) -> PyResult<Strain> {
    cardtree_host::text::parse_strain(s).map_err(|e| bad("strain", e))
}

/// `threads` and `table_mib` read by `bridge table`'s spec (0 threads: one per core), a
/// refusal naming the keyword.
pub(crate) fn solver_options(threads: i128, table_mib: i128) -> PyResult<(usize, usize)> {
    let whole = spec::whole::<TableSpec>;
    let o: TableSpec = spec::read(vec![
        ("threads", Some(whole("threads", threads)?)),
        ("table_mib", Some(whole("table_mib", table_mib)?)),
    ])?;
    Ok((o.threads, o.table_mib))
}

/// A deal: four hands that share no card, a full deal or an ending (every hand the same size).
#[pyclass(
    frozen,
    eq,
    hash,
    skip_from_py_object,
    module = "cardtree",
    name = "Deal"
)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PyDeal {
    pub(crate) deal: Deal,
}

#[pymethods]
impl PyDeal {
    /// A deal from its PBN string: `"N:AKQ.JT9.876.5432 ..."` (the first seat, then the hands
    /// clockwise, each `spades.hearts.diamonds.clubs`).
    #[new]
    fn new(pbn: &str) -> PyResult<Self> {
        let deal = pbn::parse(pbn, SizeRule::Equal).map_err(|e| bad("deal", e))?;
        Ok(PyDeal { deal })
    }

    /// The first deal of `random_deals(seed, 1)`: the same as `cardtree bridge deal --seed SEED`.
    #[staticmethod]
    fn random(seed: u64) -> Self {
        PyDeal {
            deal: Deal::random(&mut rng::seeded(seed)),
        }
    }

    /// The PBN string, starting from seat `first`.
    #[pyo3(signature = (first = "N"))]
    fn to_pbn(&self, first: &str) -> PyResult<String> {
        Ok(self.deal.pbn(seat(first, "first")?).to_string())
    }

    /// The hand of `seat` as PBN writes it: `"AKQ.JT9.876.5432"`.
    fn hand(&self, seat: &str) -> PyResult<String> {
        let s = self::seat(seat, "seat")?;
        Ok(self.deal.hand(s).pbn_hand(false).to_string())
    }

    /// The four hands, `{"N": "AKQ.JT9.876.5432", "E": ..., "S": ..., "W": ...}`.
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for s in Seat::ALL {
            d.set_item(s.to_string(), self.deal.hand(s).pbn_hand(false).to_string())?;
        }
        Ok(d)
    }

    /// Cards in each hand (13 for a full deal).
    #[getter]
    fn size(&self) -> usize {
        self.deal.hand(Seat::North).len()
    }

    fn __repr__(&self) -> String {
        format!("Deal('{}')", self.deal.pbn(Seat::North))
    }

    fn __str__(&self) -> String {
        self.deal.pbn(Seat::North).to_string()
    }

    /// The deal of an `endplay.types.Deal` (by its PBN string).
    #[staticmethod]
    fn from_endplay(deal: &Bound<'_, PyAny>) -> PyResult<Self> {
        let pbn: String = deal.call_method0("to_pbn")?.extract()?;
        PyDeal::new(&pbn)
    }

    /// This deal as an `endplay.types.Deal` (endplay must be installed).
    fn to_endplay<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let types = py.import("endplay.types")?;
        types
            .getattr("Deal")?
            .call1((self.deal.pbn(Seat::North).to_string(),))
    }
}

/// `count` random deals from one generator seeded with `seed`: the deals of `cardtree bridge
/// deal --seed SEED --count COUNT` (with seed 1, those of `tests/data/bridge/dev_deals.jsonl`).
#[pyfunction]
fn random_deals(seed: u64, count: usize) -> PyResult<Vec<PyDeal>> {
    cardtree_host::limits::deals(&count.to_string()).map_err(|e| bad("count", e))?;
    let mut r = rng::seeded(seed);
    Ok((0..count)
        .map(|_| PyDeal {
            deal: Deal::random(&mut r),
        })
        .collect())
}

/// A double-dummy table: the tricks each declarer takes in each strain.
#[pyclass(frozen, eq, skip_from_py_object, module = "cardtree", name = "DdTable")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PyDdTable {
    pub(crate) table: DdTable,
}

#[pymethods]
impl PyDdTable {
    /// The table of a PBN `DoubleDummyTricks` value (20 hexadecimal digits: declarers N, S, E,
    /// W, each with NT, S, H, D, C).
    #[new]
    fn new(double_dummy_tricks: &str) -> PyResult<Self> {
        DdTable::from_pbn_hex(double_dummy_tricks)
            .map(|table| PyDdTable { table })
            .ok_or_else(|| {
                bad(
                    "double_dummy_tricks",
                    "not 20 hexadecimal digits of at most 13 (declarers N, S, E, W; strains NT, S, H, D, C)",
                )
            })
    }

    /// The tricks `declarer` takes in `strain`, with the lead from declarer's left.
    fn tricks(&self, declarer: &str, strain: &str) -> PyResult<u8> {
        Ok(self
            .table
            .tricks(seat(declarer, "declarer")?, self::strain(strain)?))
    }

    /// `table["N", "NT"]`: [`tricks`](Self::tricks).
    fn __getitem__(&self, key: (String, String)) -> PyResult<u8> {
        self.tricks(&key.0, &key.1)
    }

    /// `{"N": {"S": 9, "H": 8, "D": 7, "C": 7, "NT": 9}, "E": ..., "S": ..., "W": ...}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for s in Seat::ALL {
            let row = PyDict::new(py);
            for t in JSON_STRAINS {
                row.set_item(t.to_string(), self.table.tricks(s, t))?;
            }
            out.set_item(s.to_string(), row)?;
        }
        Ok(out)
    }

    /// The table as PBN's `DoubleDummyTricks` tag writes it.
    #[getter]
    fn pbn(&self) -> String {
        self.table.to_string()
    }

    fn __repr__(&self) -> String {
        format!("DdTable('{}')", self.table)
    }

    /// The table laid out as hand records print it: declarers down, strains across.
    fn __str__(&self) -> String {
        let mut out = String::from("     NT   S   H   D   C\n");
        for s in DdTable::RECORD_DECLARERS {
            out.push_str(&format!("{s}  "));
            for t in DdTable::RECORD_STRAINS {
                out.push_str(&format!("{:>4}", self.table.tricks(s, t)));
            }
            out.push('\n');
        }
        out
    }
}

/// The par of a deal: North-South's score and the par contracts in DDS's notation.
#[pyclass(frozen, eq, skip_from_py_object, module = "cardtree", name = "Par")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PyPar {
    /// North-South's par score (East-West's is its negative); 0 when passed out.
    #[pyo3(get)]
    score_ns: i32,
    /// The par contracts, as DDS writes them (`"4S-EW"`, `"5D*-NS-2"`); none when passed out.
    #[pyo3(get)]
    contracts: Vec<String>,
}

impl From<Par> for PyPar {
    fn from(p: Par) -> Self {
        PyPar {
            score_ns: p.score_ns,
            contracts: p.contracts.iter().map(ToString::to_string).collect(),
        }
    }
}

#[pymethods]
impl PyPar {
    fn __repr__(&self) -> String {
        format!(
            "Par(score_ns={}, contracts={:?})",
            self.score_ns, self.contracts
        )
    }
}

/// The double-dummy table of `deal` (a full deal or an ending), on a transposition table of
/// `table_mib` MiB. The GIL is released while it is solved.
#[pyfunction]
#[pyo3(signature = (deal, table_mib = 64))]
fn dd_table(py: Python<'_>, deal: &PyDeal, table_mib: i128) -> PyResult<PyDdTable> {
    let (_, mib) = solver_options(0, table_mib)?;
    let d = deal.deal;
    py.detach(move || cardtree::bridge::dd_table(&d, &mut host_table(mib)))
        .map(|s| PyDdTable { table: s.table })
        .map_err(|e| bad("deal", e))
}

/// The double-dummy tables of `deals`, in order, on `threads` threads (default: one per core),
/// each with a table of `table_mib` MiB. The GIL is released; Ctrl-C stops it between deals.
#[pyfunction]
#[pyo3(signature = (deals, threads = 0, table_mib = 64))]
fn dd_tables(
    py: Python<'_>,
    deals: Vec<PyRef<'_, PyDeal>>,
    threads: i128,
    table_mib: i128,
) -> PyResult<Vec<PyDdTable>> {
    let (threads, mib) = solver_options(threads, table_mib)?;
    let deals: Vec<Deal> = deals.iter().map(|d| d.deal).collect();
    let tables = parallel(
        py,
        &deals,
        threads,
        || host_table(mib),
        |t: &mut HostTable, d: &Deal| {
            cardtree::bridge::dd_table(d, t)
                .map(|s| PyDdTable { table: s.table })
                .map_err(Error::from)
        },
    )?;
    Ok(tables)
}

/// The par of `table` with `dealer` (`"N"`, ...) and `vulnerability` (`"None"`, `"NS"`, `"EW"`,
/// `"All"`).
#[pyfunction]
fn par(table: &PyDdTable, dealer: &str, vulnerability: &str) -> PyResult<PyPar> {
    let v: Vulnerability = vulnerability.parse().map_err(|e| bad("vulnerability", e))?;
    Ok(cardtree::bridge::par(&table.table, seat(dealer, "dealer")?, v).into())
}

/// Every legal card of the player to move, with the tricks their side takes from here on (the
/// trick in progress included) if it is played and all then play double dummy: `deal` as at
/// the start of the current trick (every hand the same size), in `strain`, `leader` on lead to
/// the trick, `played` the cards already played to it in order from the leader (0 to 3 of
/// them, still in `deal`'s hands). A dict `{"SA": 9, ...}`, highest card first.
#[pyfunction]
#[pyo3(signature = (deal, strain, leader, played = Vec::new(), table_mib = 64))]
fn solve_board<'py>(
    py: Python<'py>,
    deal: &PyDeal,
    strain: &str,
    leader: &str,
    played: Vec<String>,
    table_mib: i128,
) -> PyResult<Bound<'py, PyDict>> {
    let (_, mib) = solver_options(0, table_mib)?;
    let strain = self::strain(strain)?;
    let leader = seat(leader, "leader")?;
    let cards = played
        .iter()
        .map(|c| c.parse::<Card>().map_err(|e| bad("played", e)))
        .collect::<PyResult<Vec<Card>>>()?;
    let position =
        position_after(&deal.deal, strain, leader, &cards).map_err(|e| bad("played", e))?;
    let solution = py.detach(move || cardtree::bridge::solve(&position, &mut host_table(mib)));
    let out = PyDict::new(py);
    for (card, tricks) in &solution.cards {
        out.set_item(card.to_string(), tricks)?;
    }
    Ok(out)
}

/// Adds the bridge classes and functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyDeal>()?;
    m.add_class::<PyDdTable>()?;
    m.add_class::<PyPar>()?;
    m.add_function(wrap_pyfunction!(random_deals, m)?)?;
    m.add_function(wrap_pyfunction!(dd_table, m)?)?;
    m.add_function(wrap_pyfunction!(dd_tables, m)?)?;
    m.add_function(wrap_pyfunction!(par, m)?)?;
    m.add_function(wrap_pyfunction!(solve_board, m)?)?;
    m.add_function(wrap_pyfunction!(read_pbn, m)?)?;
    m.add_function(wrap_pyfunction!(pbn_with_tables, m)?)?;
    Ok(())
}

/// The boards of a PBN file's text (`bytes` or `str`; ISO-8859-1 when it is not UTF-8), as
/// `cardtree bridge table --pbn` reads them: a list of `{"board": n, "dealer": "N",
/// "vulnerable": "None", "deal": Deal}`, a malformed board a `ValueError` naming it and its line.
#[pyfunction]
fn read_pbn<'py>(py: Python<'py>, text: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let session = PbnSession::read(pbn_bytes(text)?);
    let mut out = Vec::new();
    for (_, board) in session.boards() {
        let b = board.map_err(value_error)?;
        let d = PyDict::new(py);
        d.set_item("board", b.number)?;
        d.set_item("dealer", b.dealer.to_string())?;
        d.set_item("vulnerable", b.vulnerable.to_string())?;
        d.set_item("deal", PyDeal { deal: b.deal })?;
        out.push(d);
    }
    Ok(out)
}

/// A PBN file's text with every board's double-dummy tags (`DoubleDummyTricks`,
/// `OptimumScore`, `ParContract`, `OptimumResultTable`) written in, everything else untouched:
/// the bytes `cardtree bridge table --pbn` writes, solved on `threads` threads (default one per
/// core) with the GIL released. A malformed board is a `ValueError` naming it and its line.
#[pyfunction]
#[pyo3(signature = (text, threads = 0, table_mib = 64))]
fn pbn_with_tables<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    threads: i128,
    table_mib: i128,
) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
    let (threads, mib) = solver_options(threads, table_mib)?;
    let session = PbnSession::read(pbn_bytes(text)?);
    let mut games = Vec::new();
    let mut boards = Vec::new();
    for (g, board) in session.boards() {
        boards.push(board.map_err(value_error)?);
        games.push(g);
    }
    let records = parallel(
        py,
        &boards,
        threads,
        || host_table(mib),
        |t: &mut HostTable, b: &Board| solve(b, t),
    )?;
    let records: Vec<(usize, _)> = games.into_iter().zip(records).collect();
    Ok(pyo3::types::PyBytes::new(
        py,
        &session.with_records(&records),
    ))
}

/// A PBN file's bytes from Python `bytes` or `str`.
fn pbn_bytes(text: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(b) = text.cast::<pyo3::types::PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    let s: String = text
        .extract()
        .map_err(|_| bad("text", "a PBN file's text, as str or bytes"))?;
    Ok(s.into_bytes())
}
