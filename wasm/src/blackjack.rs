//! Blackjack: the exact value of every action for a hand, the exact value of a round, and the
//! computed strategy chart with its house edge, for a rule set given by the command line's
//! names (`std-host/src/blackjack/`).

use cardtree::blackjack::{Blackjack, MEMO_SLOTS, Oracle, Pip, Shoe, Slot, SplitPlay};
use cardtree_host::blackjack::RuleSpec;
use cardtree_host::blackjack::card_steps::CardSteps;
use cardtree_host::blackjack::card_steps::card;
use cardtree_host::blackjack::oracle::ev;
use cardtree_host::blackjack::strategy::{Layout, render};
use serde_json::json;
use wasm_bindgen::prelude::*;

use crate::js::{bad, error, parsed};

fn pip(label: &str, name: &str) -> Result<Pip, JsError> {
    Pip::from_label(label).ok_or_else(|| {
        bad(
            name,
            format!("{label:?} is not a card (A, 2-9, 10, T, J, Q or K)"),
        )
    })
}

/// The rules from `{decks, h17, das, splitHands, resplitAces, surrender, peek}` (each
/// optional: the host's `RuleSpec`, the command line's rule flags in camelCase).
fn rules(spec: &JsValue) -> Result<cardtree::blackjack::Rules, JsError> {
    crate::spec::read::<RuleSpec>("rules", spec).map(|r| r.rules)
}

/// The exact expected value, in bets, of every action for the player's `first` and `second`
/// cards against the dealer's `up` card, under `rules` (`{decks, h17, das, splitHands,
/// resplitAces, surrender, peek}`, each optional), from the shoe of `rules.decks` decks less
/// those three and the cards `out` (already dealt: `["10", "10", "5"]`; none by default):
/// `{stand, hit, double, split, surrender, best}` (an action not allowed is `null`).
#[wasm_bindgen(js_name = blackjackActions)]
pub fn blackjack_actions(
    first: &str,
    second: &str,
    up: &str,
    rules: JsValue,
    out: Option<Vec<String>>,
) -> Result<JsValue, JsError> {
    let rules = self::rules(&rules)?;
    let (first, second, up) = (pip(first, "first")?, pip(second, "second")?, pip(up, "up")?);
    let mut shoe = Shoe::standard(rules.decks).map_err(error)?;
    for (i, label) in out.iter().flatten().enumerate() {
        shoe.remove(pip(label, "out")?).map_err(|_| {
            bad(
                "out",
                format!("card {} ({label}) is no longer in the shoe", i + 1),
            )
        })?;
    }
    let game = Blackjack::dealt(rules, shoe, first, up, second).map_err(error)?;
    let mut slots = vec![Slot::EMPTY; MEMO_SLOTS];
    let values = Oracle::new(rules, &mut slots)
        .and_then(|mut o| o.actions(&game))
        .map_err(error)?;
    let out = json!({
        "stand": values.stand,
        "hit": values.hit,
        "double": values.double,
        "split": values.split,
        "surrender": values.surrender,
        "best": values.best().0.to_string(),
    });
    parsed(&out.to_string())
}

/// The exact expected value of a round under optimal composition-dependent play, overall and
/// by up card: `cardtree blackjack ev --json`'s object.
#[wasm_bindgen(js_name = blackjackEv)]
pub fn blackjack_ev(rules: JsValue) -> Result<JsValue, JsError> {
    let rules = self::rules(&rules)?;
    parsed(&ev(rules, SplitPlay::default(), true).map_err(error)?)
}

/// The basic-strategy chart computed from exact values for `rules`, with the expected return
/// of playing it: `cardtree blackjack strategy --json`'s object.
#[wasm_bindgen(js_name = blackjackStrategy)]
pub fn blackjack_strategy(rules: JsValue) -> Result<JsValue, JsError> {
    let rules = self::rules(&rules)?;
    parsed(&render(&card(rules).map_err(error)?, Layout::Json).map_err(error)?)
}

/// [`blackjackStrategy`](blackjack_strategy) a part at a time (the chart, perfect play, the
/// exceptions: seconds each), so that a caller shows how far it is and stops between parts.
#[wasm_bindgen]
#[derive(Debug)]
pub struct BlackjackStrategy {
    steps: CardSteps,
}

#[wasm_bindgen]
impl BlackjackStrategy {
    /// Nothing computed yet for `rules` (as [`blackjackStrategy`](blackjack_strategy) takes them).
    #[wasm_bindgen(constructor)]
    pub fn new(rules: JsValue) -> Result<BlackjackStrategy, JsError> {
        let rules = self::rules(&rules)?;
        Ok(BlackjackStrategy {
            steps: CardSteps::new(rules).map_err(error)?,
        })
    }

    /// The parts done.
    #[wasm_bindgen(getter)]
    pub fn done(&self) -> u32 {
        self.steps.done()
    }

    /// The parts in all.
    #[wasm_bindgen(getter)]
    pub fn parts(&self) -> u32 {
        CardSteps::PARTS
    }

    /// Computes the next part: `null`, or after the last `blackjackStrategy`'s object.
    pub fn step(&mut self) -> Result<JsValue, JsError> {
        match self.steps.step().map_err(error)? {
            Some(card) => parsed(&render(&card, Layout::Json).map_err(error)?),
            None => Ok(JsValue::NULL),
        }
    }
}
