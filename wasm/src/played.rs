//! Hands as played in the browser: a LIN text (a hand, a vugraph file, a hand viewer's
//! address) or a PBN file with play sections read into boards, each judged double dummy on
//! request, and single dummy a card at a time so a page can show progress and stop, as
//! `cardtree bridge analyse` does (`std-host/src/bridge/analyse.rs`); the values are its
//! `--json`.

use cardtree::bridge::Constraints;
use cardtree_host::bridge::analyse::{Analysis, Format, analyse_board, read};
use cardtree_host::bridge::analyse_report::{report_value, to_json};
use cardtree_host::bridge::played::{BoardError, PlayedBoard};
use cardtree_host::bridge::played_json::boards_text;
use cardtree_host::bridge::single_dummy::{
    SingleDummyOptions, judge_analysed, single_json, single_tally as host_single_tally,
};
use wasm_bindgen::prelude::*;

use crate::bridge::with_table;
use crate::js::{bad, error, parsed, whole};

/// The boards of one record and what has been judged of them.
#[wasm_bindgen]
#[derive(Debug)]
pub struct PlayedSession {
    read: Vec<Result<PlayedBoard, BoardError>>,
    /// Each board's analysis, once made.
    analyses: Vec<Option<Analysis>>,
}

impl PlayedSession {
    /// Board `index` and its analysis slot, or an error naming the index or the board.
    fn board(&self, index: f64) -> Result<(usize, &PlayedBoard), JsError> {
        let i = whole(index, "index", usize::MAX)?;
        match self.read.get(i) {
            Some(Ok(b)) => Ok((i, b)),
            Some(Err(e)) => Err(error(e)),
            None => Err(bad(
                "index",
                format!("{i}: the record has {} boards", self.read.len()),
            )),
        }
    }
}

#[wasm_bindgen]
impl PlayedSession {
    /// Reads `text` as `format`: `"lin"`, `"pbn"`, or `"auto"` (LIN when the text has a LIN
    /// pair such as `md|` or `pc|`, else PBN).
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, format: &str) -> Result<PlayedSession, JsError> {
        let format = match format {
            "lin" => Format::Lin,
            "pbn" => Format::Pbn,
            "auto" if ["md|", "pc|", "lin="].iter().any(|k| text.contains(k)) => Format::Lin,
            "auto" => Format::Pbn,
            other => return Err(bad("format", format!("{other:?} is not lin, pbn or auto"))),
        };
        let read = read(text, format);
        let analyses = read.iter().map(|_| None).collect();
        Ok(PlayedSession { read, analyses })
    }

    /// The number of boards, broken ones included.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.read.len()
    }

    /// The boards as `cardtree.read_lin` gives them in Python: `{board, room, deal, dealer,
    /// vulnerable, players, auction, alerts, contract, declarer, play, claim, result,
    /// commentary}`, or `{board, token, error}` for a broken one.
    pub fn boards(&self) -> Result<JsValue, JsError> {
        parsed(&boards_text(&self.read))
    }

    /// Judges board `index` double dummy: its line of `cardtree bridge analyse --json` (the
    /// trace, every card's cost and the cards that kept the value, the claim).
    pub fn analyse(&mut self, index: f64) -> Result<JsValue, JsError> {
        let (i, b) = self.board(index)?;
        let a = with_table(|t| analyse_board(t, b))?;
        let value = parsed(&to_json(&a).to_string())?;
        if let Some(slot) = self.analyses.get_mut(i) {
            *slot = Some(a);
        }
        Ok(value)
    }

    /// Judges card `card` (0-based in the play) of board `index` single dummy over `samples`
    /// layouts from `seed` (the command line's `--samples` and `--seed`: the same card, the same
    /// answer), each seat's whole hand within `constraints` (`"S: 15-17 hcp"`; empty for none):
    /// the card's `single_dummy` entry of the report (`null` when its player had no choice).
    /// The board is judged double dummy first if it was not.
    #[wasm_bindgen(js_name = judgeCard)]
    pub fn judge_card(
        &mut self,
        index: f64,
        card: f64,
        samples: f64,
        seed: f64,
        constraints: &str,
    ) -> Result<JsValue, JsError> {
        let samples = whole(samples, "samples", 100_000)?.max(1) as u32;
        let options = SingleDummyOptions {
            samples,
            seed: crate::js::seed(seed)?,
            constraints: constraints
                .parse::<Constraints>()
                .map_err(|e| bad("constraints", e))?,
        };
        let (i, _) = self.board(index)?;
        if self.analyses.get(i).is_none_or(Option::is_none) {
            self.analyse(index)?;
        }
        let a = self
            .analyses
            .get_mut(i)
            .and_then(Option::as_mut)
            .ok_or_else(|| error("the board has no analysis"))?;
        let k = whole(card, "card", a.board.play.len().saturating_sub(1))?;
        if !with_table(|t| judge_analysed(a, k, &options, t))?.map_err(error)? {
            return Ok(JsValue::NULL);
        }
        parsed(&single_json(a.single.get(k).and_then(Option::as_ref)).to_string())
    }

    /// Board `index`'s single-dummy line, as the command line prints it: the cards judged so
    /// far and the verdicts (`"single dummy: 12 cards judged (100 layouts each): mistakes 1,
    /// unlucky 0, lucky 2"`).
    #[wasm_bindgen(js_name = singleTally)]
    pub fn single_tally(&self, index: f64) -> Result<String, JsError> {
        let (i, _) = self.board(index)?;
        Ok(self
            .analyses
            .get(i)
            .and_then(Option::as_ref)
            .map_or_else(String::new, host_single_tally))
    }

    /// The report of every board judged so far: `{boards, broken, summary}` as Python's
    /// `analyse_play` gives it.
    pub fn report(&self) -> Result<JsValue, JsError> {
        let analyses: Vec<Analysis> = self.analyses.iter().flatten().cloned().collect();
        let broken: Vec<BoardError> = self
            .read
            .iter()
            .filter_map(|r| r.as_ref().err().cloned())
            .collect();
        parsed(&report_value(&analyses, &broken).to_string())
    }
}
