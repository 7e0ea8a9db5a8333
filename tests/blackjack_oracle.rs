//! The Blackjack oracle against `../shared/blackjack/exact_values.json` (Eric Farmer's
//! combinatorial analyser): dealer probabilities to all five printed decimals, expected values
//! of a round to within the differences the split model explains (see the README).

use std::path::PathBuf;

use cardtree::blackjack::{MEMO_SLOTS, Oracle, Pip, Rules, Shoe, Slot, dealer_outcomes};

fn reference() -> serde_json::Value {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/blackjack/exact_values.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).expect("exact_values.json is JSON")
}

fn rules_of(r: &serde_json::Value) -> Rules {
    Rules {
        decks: r["decks"].as_u64().unwrap() as u16,
        dealer_hits_soft_17: r["dealer_hits_soft_17"].as_bool().unwrap(),
        double_after_split: r["double_after_split"].as_bool().unwrap(),
        double_any_two: r["double_any_two"].as_bool().unwrap(),
        max_split_hands: r["max_hands_after_split"].as_u64().unwrap() as u8,
        resplit_aces: r["resplit_aces"].as_bool().unwrap(),
        late_surrender: r["late_surrender"].as_bool().unwrap(),
        blackjack_pays: r["blackjack_pays"].as_f64().unwrap(),
        dealer_peeks: r["dealer_peeks"].as_bool().unwrap(),
    }
}

#[test]
fn dealer_probabilities_match_to_five_decimals() {
    let all = reference();
    for (name, set) in all.as_object().unwrap() {
        let rules = rules_of(&set["rules"]);
        let shoe = Shoe::standard(rules.decks).unwrap();
        for up in Pip::ALL {
            let mut s = shoe;
            s.remove(up).unwrap();
            let d = dealer_outcomes(&s, up, rules.dealer_hits_soft_17, false).unwrap();
            let want = &set["dealer_outcomes_full_shoe"][up.label()];
            let mut got = vec![("bust", d.bust()), ("blackjack", d.blackjack())];
            for t in 17..=21u8 {
                got.push((
                    ["17", "18", "19", "20", "21"][usize::from(t - 17)],
                    d.total(t),
                ));
            }
            for (key, p) in got {
                let w = want[key].as_f64().unwrap();
                let rounded = (p * 1e5).round() / 1e5;
                assert!(
                    (rounded - w).abs() < 1e-9,
                    "{name} up {up} {key}: ours {p:.7}, reference {w}"
                );
            }
        }
    }
}

/// Our expected value of a round under `name`'s rules against the reference: the total to
/// 0.001 percentage points, each up card to 0.01 (the split model's difference, largest for
/// one deck, is spread over the up cards where splitting matters).
fn check_round(name: &str) {
    let all = reference();
    let set = &all[name];
    let rules = rules_of(&set["rules"]);
    let mut slots = vec![Slot::EMPTY; MEMO_SLOTS];
    let ev = Oracle::new(rules, &mut slots)
        .unwrap()
        .round(&Shoe::standard(rules.decks).unwrap())
        .unwrap();
    let want = set["ev_total_percent"].as_f64().unwrap();
    let ours = ev.total * 100.0;
    eprintln!(
        "{name}: ours {ours:.6} %, reference {want:.6} %, difference {:+.6} pp",
        ours - want
    );
    for up in Pip::ALL {
        let w = set["ev_by_upcard_percent"][up.label()].as_f64().unwrap();
        let o = ev.by_up[up.index()] * 100.0;
        eprintln!(
            "  up {up}: ours {o:.6}, reference {w:.6}, difference {:+.6}",
            o - w
        );
        assert!(
            (o - w).abs() < 0.01,
            "{name} up {up}: ours {o}, reference {w}"
        );
    }
    assert!(
        (ours - want).abs() < 0.001,
        "{name}: ours {ours}, reference {want}"
    );
}

#[test]
fn one_deck_s17_das() {
    check_round("1d_s17_das_spl1_ns");
}

#[test]
fn six_decks_s17_das() {
    check_round("6d_s17_das_spl1_ns");
}

#[test]
fn eight_decks_h17_das() {
    check_round("8d_h17_das_spl1_ns");
}

#[test]
fn thousand_decks_s17_ndas() {
    check_round("inf_s17_ndas_spl1_ns");
}
