//! Bridge: deals, double-dummy tables and par, every card of the player to move (from any
//! point of the play, so a page can step through a hand), and PBN files of whole sessions
//! written back with their double-dummy tags, on the host's drivers
//! (`std-host/src/bridge/board.rs`, `hand_record.rs`, `pbn_session.rs`).

use std::cell::RefCell;

use cardtree::bridge::{Strain, Vulnerability};
use cardtree::{Card, Deal, Seat, SizeRule, pbn, rng};
use cardtree_host::bridge::board::{Board, Record, position_after, solve};
use cardtree_host::bridge::hand_record;
use cardtree_host::bridge::pbn_session::PbnSession as HostSession;
use cardtree_host::bridge::table_memory::{DEFAULT_TABLE_MIB, HostTable, host_table};
use cardtree_host::text::parse_seat;
use serde_json::json;
use wasm_bindgen::prelude::*;

use crate::js::{bad, error, parsed, whole};

thread_local! {
    /// The solver's transposition table, made at the first solve and kept for the next: the
    /// table's entries are keyed by the cards in each hand, so one serves every deal.
    static TABLE: RefCell<Option<HostTable>> = const { RefCell::new(None) };
}

/// `f` with the module's solver table.
pub(crate) fn with_table<T>(f: impl FnOnce(&mut HostTable) -> T) -> Result<T, JsError> {
    TABLE.with(|cell| {
        let mut slot = cell
            .try_borrow_mut()
            .map_err(|_| error("the solver is already in use"))?;
        Ok(f(slot.get_or_insert_with(|| host_table(DEFAULT_TABLE_MIB))))
    })
}

/// A seat from `N`, `E`, `S`, `W` (or the names).
pub(crate) fn seat(s: &str, name: &str) -> Result<Seat, JsError> {
    parse_seat(s).map_err(|e| bad(name, e))
}

fn strain(s: &str) -> Result<Strain, JsError> {
    cardtree_host::text::parse_strain(s).map_err(|e| bad("strain", e))
}

/// A deal in PBN (`N:AKQ.. ...`, every hand the same size: a full deal or an ending).
fn deal(pbn_text: &str) -> Result<Deal, JsError> {
    pbn::parse(pbn_text, SizeRule::Equal).map_err(|e| bad("deal", e))
}

/// A deal's hands: `{pbn, size, hands: {N, E, S, W}}`, each hand as PBN (`AKQ.JT9.876.5432`).
#[wasm_bindgen(js_name = parseDeal)]
pub fn parse_deal(pbn: &str) -> Result<JsValue, JsError> {
    let d = deal(pbn)?;
    let hands: serde_json::Map<String, serde_json::Value> = Seat::ALL
        .into_iter()
        .map(|s| (s.to_string(), json!(d.hand(s).pbn_hand(false).to_string())))
        .collect();
    let out = json!({
        "pbn": d.pbn(Seat::North).to_string(),
        "size": d.hand(Seat::North).len(),
        "hands": hands,
    });
    parsed(&out.to_string())
}

/// A random deal from `seed` (a whole number from 0 to 2^53), as PBN from North.
#[wasm_bindgen(js_name = randomDeal)]
pub fn random_deal(seed: f64) -> Result<String, JsError> {
    let d = Deal::random(&mut rng::seeded(crate::js::seed(seed)?));
    Ok(d.pbn(Seat::North).to_string())
}

/// The double-dummy table and par of a deal with `dealer` (default `N`) and `vulnerable`
/// (`None`, `NS`, `EW`, `All`; default `None`): what `cardtree bridge table --json` prints
/// for it (`pbn`, `dealer`, `vulnerable`, `dd` seat -> strain -> tricks, `par` with
/// `score_ns` and `contracts`), with the solver's `nodes` and `ms`.
#[wasm_bindgen(js_name = ddTable)]
pub fn dd_table(
    pbn: &str,
    dealer: Option<String>,
    vulnerable: Option<String>,
) -> Result<JsValue, JsError> {
    let board = Board {
        id: None,
        number: 1,
        pbn: pbn.to_string(),
        deal: deal(pbn)?,
        dealer: seat(dealer.as_deref().unwrap_or("N"), "dealer")?,
        vulnerable: vulnerable
            .as_deref()
            .unwrap_or("None")
            .parse::<Vulnerability>()
            .map_err(|e| bad("vulnerable", e))?,
    };
    let record = with_table(|t| solve(&board, t))?.map_err(|e| bad("deal", e))?;
    record_value(&board, &record)
}

/// The par of a table with `dealer` and `vulnerable` (`None`, `NS`, `EW`, `All`): `dd` the
/// table as `ddTable` gives it (seat -> strain -> tricks), the answer its `par` object
/// (`score_ns`, `contracts`). The core's par, so a new dealer or vulnerability needs no new
/// solve.
#[wasm_bindgen]
pub fn par(dd: JsValue, dealer: &str, vulnerable: &str) -> Result<JsValue, JsError> {
    let text = js_sys::JSON::stringify(&dd)
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| bad("dd", "is not a table"))?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| bad("dd", e))?;
    let table = hand_record::table_of_dd(&value).map_err(error)?;
    let vulnerable = vulnerable
        .parse::<Vulnerability>()
        .map_err(|e| bad("vulnerable", e))?;
    let p = cardtree::bridge::par(&table, seat(dealer, "dealer")?, vulnerable);
    let line = serde_json::to_string(&hand_record::ParLine::from(&p)).map_err(error)?;
    parsed(&line)
}

/// A solved board as a JS object: the hand record's JSON line, with `nodes` and `ms`.
fn record_value(board: &Board, record: &Record) -> Result<JsValue, JsError> {
    let line = hand_record::to_json(board, record).map_err(error)?;
    let mut value: serde_json::Value = serde_json::from_str(&line).map_err(error)?;
    if let Some(map) = value.as_object_mut() {
        map.insert("nodes".into(), json!(record.stats.nodes));
        map.insert("ms".into(), json!(record.ms));
    }
    parsed(&value.to_string())
}

/// Every card the player to move may play, with the tricks it takes for that player's side
/// from here on: the deal (every hand the size it had when the trick under way began), the
/// strain, the trick's leader and the cards played to it so far (`["S3", "S5"]`; none: the
/// leader is to play). An array of `{card, tricks}`, in the hand's order.
#[wasm_bindgen(js_name = solveBoard)]
pub fn solve_board(
    pbn: &str,
    strain: &str,
    leader: &str,
    played: Vec<String>,
) -> Result<JsValue, JsError> {
    let d = deal(pbn)?;
    let strain = self::strain(strain)?;
    let leader = seat(leader, "leader")?;
    let cards = played
        .iter()
        .map(|c| c.parse::<Card>().map_err(|e| bad("played", e)))
        .collect::<Result<Vec<Card>, JsError>>()?;
    let position = position_after(&d, strain, leader, &cards).map_err(|e| bad("played", e))?;
    let solution = with_table(|t| cardtree::bridge::solve(&position, t))?;
    let cards: Vec<serde_json::Value> = solution
        .cards
        .iter()
        .map(|(card, tricks)| json!({"card": card.to_string(), "tricks": tricks}))
        .collect();
    parsed(&serde_json::Value::Array(cards).to_string())
}

/// The seat that wins a whole trick (`["S2", "HA", "SK", "C3"]`) led by `leader` in `strain`:
/// the core's rule (`trick_winner`), so the page keeps none of its own.
#[wasm_bindgen(js_name = trickWinner)]
pub fn trick_winner(trick: Vec<String>, leader: &str, strain: &str) -> Result<String, JsError> {
    let cards = trick
        .iter()
        .map(|c| c.parse::<Card>().map_err(|e| bad("trick", e)))
        .collect::<Result<Vec<Card>, JsError>>()?;
    let cards: [Card; 4] = cards
        .try_into()
        .map_err(|v: Vec<Card>| bad("trick", format!("{} cards, want 4", v.len())))?;
    let strain = self::strain(strain)?;
    let leader = seat(leader, "leader")?;
    Ok(cardtree::bridge::trick_winner(&cards, leader, strain).to_string())
}

/// A PBN file of boards (a club's session): its boards, each solved on request, and the file
/// written back with the double-dummy tags of those solved (`DoubleDummyTricks`,
/// `OptimumScore`, `ParContract`, `OptimumResultTable`), everything else as it was: the bytes
/// `cardtree bridge table --pbn` writes once every board is solved.
#[wasm_bindgen]
#[derive(Debug)]
pub struct PbnSession {
    session: HostSession,
    /// Each board's game index and the board, or why it is malformed.
    boards: Vec<(usize, Result<Board, String>)>,
    /// Each board's record once solved.
    records: Vec<Option<Record>>,
}

#[wasm_bindgen]
impl PbnSession {
    /// Reads the file's bytes (UTF-8, or ISO-8859-1 as the PBN standard has it).
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: Vec<u8>) -> PbnSession {
        let session = HostSession::read(bytes);
        let boards: Vec<(usize, Result<Board, String>)> = session
            .boards()
            .into_iter()
            .map(|(g, b)| (g, b.map_err(|e| e.to_string())))
            .collect();
        let records = boards.iter().map(|_| None).collect();
        PbnSession {
            session,
            boards,
            records,
        }
    }

    /// The number of boards.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.boards.len()
    }

    /// The boards: `{board, dealer, vulnerable, pbn}`, or `{error}` for a malformed one (its
    /// message names the board and the line).
    pub fn boards(&self) -> Result<JsValue, JsError> {
        let list: Vec<serde_json::Value> = self
            .boards
            .iter()
            .map(|(_, b)| match b {
                Ok(b) => json!({
                    "board": b.number,
                    "dealer": b.dealer.to_string(),
                    "vulnerable": b.vulnerable.to_string(),
                    "pbn": b.deal.pbn(Seat::North).to_string(),
                }),
                Err(e) => json!({ "error": e }),
            })
            .collect();
        parsed(&serde_json::Value::Array(list).to_string())
    }

    /// Solves board `index` (0-based): its table and par as [`ddTable`](dd_table) gives them.
    pub fn solve(&mut self, index: f64) -> Result<JsValue, JsError> {
        let index = whole(index, "index", usize::MAX)?;
        let (_, board) = self.boards.get(index).ok_or_else(|| {
            bad(
                "index",
                format!("{index}: the file has {} boards", self.boards.len()),
            )
        })?;
        let board = board.as_ref().map_err(error)?;
        let record = with_table(|t| solve(board, t))?.map_err(error)?;
        let value = record_value(board, &record)?;
        if let Some(slot) = self.records.get_mut(index) {
            *slot = Some(record);
        }
        Ok(value)
    }

    /// The file with the tags of every board solved so far written in, in its own encoding.
    #[wasm_bindgen(js_name = withTables)]
    pub fn with_tables(&self) -> Vec<u8> {
        let records: Vec<(usize, Record)> = self
            .boards
            .iter()
            .zip(&self.records)
            .filter_map(|((g, _), r)| r.clone().map(|r| (*g, r)))
            .collect();
        self.session.with_records(&records)
    }
}
