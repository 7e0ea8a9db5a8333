//! `cardtree blackjack dealer` and `ev`: the exact oracle's numbers for a rule set.

use std::fmt::Write as _;
use web_time::Instant;

use cardtree::blackjack::{MEMO_SLOTS, Oracle, Pip, Rules, Shoe, Slot, SplitPlay, dealer_outcomes};
use std::collections::BTreeMap;

use serde::Serialize;

use crate::error::Error;

/// The rules as every blackjack command's `--json` output names them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub(crate) struct RulesJson {
    decks: u16,
    dealer_hits_soft_17: bool,
    double_after_split: bool,
    double_any_two: bool,
    max_hands_after_split: u8,
    resplit_aces: bool,
    late_surrender: bool,
    blackjack_pays: f64,
    dealer_peeks: bool,
}

/// [`RulesJson`] of `r`.
pub(crate) fn rules_json(r: &Rules) -> RulesJson {
    RulesJson {
        decks: r.decks,
        dealer_hits_soft_17: r.dealer_hits_soft_17,
        double_after_split: r.double_after_split,
        double_any_two: r.double_any_two,
        max_hands_after_split: r.max_split_hands,
        resplit_aces: r.resplit_aces,
        late_surrender: r.late_surrender,
        blackjack_pays: r.blackjack_pays,
        dealer_peeks: r.dealer_peeks,
    }
}

/// The JSON of `cardtree blackjack dealer`.
#[derive(Serialize)]
struct DealerJson {
    rules: RulesJson,
    peeked: bool,
    /// Up card -> final total (`17`..`21`, `blackjack`, `bust`) -> probability.
    dealer_outcomes_full_shoe: BTreeMap<String, BTreeMap<String, f64>>,
}

/// The JSON of `cardtree blackjack ev`.
#[derive(Serialize)]
struct EvJson {
    rules: RulesJson,
    ev_total_percent: f64,
    ev_by_upcard_percent: BTreeMap<String, f64>,
    split_play: String,
    memo_peak_slots: usize,
    seconds: f64,
}

/// The up cards in the order of the reference file: 2..10, then A.
pub(crate) const UP_ORDER: [Pip; 10] = [
    Pip::Two,
    Pip::Three,
    Pip::Four,
    Pip::Five,
    Pip::Six,
    Pip::Seven,
    Pip::Eight,
    Pip::Nine,
    Pip::Ten,
    Pip::Ace,
];

/// `cardtree blackjack dealer`.
pub fn dealer(rules: Rules, peeked: bool, as_json: bool) -> Result<String, Error> {
    rules.validate().map_err(Error::from)?;
    let shoe = Shoe::standard(rules.decks).map_err(Error::from)?;
    let mut per_up = BTreeMap::new();
    let mut text = format!(
        "dealer final totals, {} decks, {}, from a full shoe less the up card{}\n up   bust       17       18       19       20       21       blackjack\n",
        rules.decks,
        if rules.dealer_hits_soft_17 {
            "H17"
        } else {
            "S17"
        },
        if peeked { ", given no blackjack" } else { "" }
    );
    for up in UP_ORDER {
        let mut s = shoe;
        s.remove(up).map_err(Error::from)?;
        let d = dealer_outcomes(&s, up, rules.dealer_hits_soft_17, peeked).map_err(Error::from)?;
        let mut o = BTreeMap::new();
        o.insert("bust".to_string(), d.bust());
        let _ = write!(text, "{:>3}  {:.5}", up.label(), d.bust());
        for t in 17..=21u8 {
            o.insert(t.to_string(), d.total(t));
            let _ = write!(text, "  {:.5}", d.total(t));
        }
        o.insert("blackjack".to_string(), d.blackjack());
        let _ = writeln!(text, "  {:.5}", d.blackjack());
        per_up.insert(up.label().to_string(), o);
    }
    if as_json {
        crate::json::sorted_line(&DealerJson {
            rules: rules_json(&rules),
            peeked,
            dealer_outcomes_full_shoe: per_up,
        })
    } else {
        Ok(text)
    }
}

/// `cardtree blackjack ev`.
pub fn ev(rules: Rules, play: SplitPlay, as_json: bool) -> Result<String, Error> {
    let shoe = Shoe::standard(rules.decks).map_err(Error::from)?;
    let mut slots = vec![Slot::EMPTY; MEMO_SLOTS];
    let start = Instant::now();
    let mut oracle = Oracle::new(rules, &mut slots)
        .map_err(Error::from)?
        .with_split_play(play);
    let v = oracle.round(&shoe).map_err(Error::from)?;
    let memo_peak = oracle.memo_peak();
    let seconds = start.elapsed().as_secs_f64();
    let mut by_up = BTreeMap::new();
    let mut text = format!(
        "expected return under optimal composition-dependent play: {:+.6} % of the bet ({:.2} s)\n",
        v.total * 100.0,
        seconds
    );
    for up in UP_ORDER {
        let e = v.by_up[up.index()] * 100.0;
        by_up.insert(up.label().to_string(), e);
        let _ = writeln!(text, "  up {:>2}: {:+.6} %", up.label(), e);
    }
    if as_json {
        crate::json::sorted_line(&EvJson {
            rules: rules_json(&rules),
            ev_total_percent: v.total * 100.0,
            ev_by_upcard_percent: by_up,
            split_play: format!("{play:?}").to_lowercase(),
            memo_peak_slots: memo_peak,
            seconds,
        })
    } else {
        Ok(text)
    }
}
