//! The Blackjack oracle against `tests/data/blackjack/exact_values.json` (Eric Farmer's
//! combinatorial analyser): dealer probabilities to all five printed decimals, expected values
//! of a round (CDZ-, resplits to four hands included) to all nine, the total and every up card.

use std::path::PathBuf;

use cardtree::blackjack::{MEMO_SLOTS, Oracle, Pip, Rules, Shoe, Slot, SplitPlay, dealer_outcomes};

fn reference() -> serde_json::Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/blackjack/exact_values.json");
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

/// Our expected value of a round under `name`'s rules against the reference, with the
/// reference's split model (CDZ-): the total and each up card to all nine printed decimals
/// (the issue asks for 0.001 percentage points).
fn check_round(name: &str) {
    let all = reference();
    let set = &all[name];
    let rules = rules_of(&set["rules"]);
    let mut slots = vec![Slot::EMPTY; MEMO_SLOTS];
    let mut oracle = Oracle::new(rules, &mut slots).unwrap();
    let ev = oracle.round(&Shoe::standard(rules.decks).unwrap()).unwrap();
    eprintln!("{name}: memo peak {} slots", oracle.memo_peak());
    let want = set["ev_total_percent"].as_f64().unwrap();
    let ours = ev.total * 100.0;
    eprintln!(
        "{name}: ours {ours:.9} %, reference {want:.9} %, difference {:+.1e} pp",
        ours - want
    );
    for up in Pip::ALL {
        let w = set["ev_by_upcard_percent"][up.label()].as_f64().unwrap();
        let o = ev.by_up[up.index()] * 100.0;
        eprintln!(
            "  up {up}: ours {o:.9}, reference {w:.9}, difference {:+.1e}",
            o - w
        );
        assert!(
            (o - w).abs() < 2e-9,
            "{name} up {up}: ours {o}, reference {w}"
        );
    }
    assert!(
        (ours - want).abs() < 2e-9,
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

#[test]
fn one_deck_resplit_to_four_hands() {
    check_round("1d_hn_das_spl3_ns");
}

#[test]
fn six_decks_resplit_to_four_hands_late_surrender() {
    check_round("6d_s17_das_spl3_ls");
}

/// Split hands played optimally for their own shoe are worth a little more than CDZ- (by
/// 0.00094 percentage points on one deck, where removing the other pair card matters most).
#[test]
fn optimal_split_play_is_never_worse_than_cdz() {
    let rules = Rules {
        decks: 1,
        ..Rules::new()
    };
    let shoe = Shoe::standard(1).unwrap();
    let mut slots = vec![Slot::EMPTY; MEMO_SLOTS];
    let cdz = Oracle::new(rules, &mut slots)
        .unwrap()
        .round(&shoe)
        .unwrap();
    let opt = Oracle::new(rules, &mut slots)
        .unwrap()
        .with_split_play(SplitPlay::Optimal)
        .round(&shoe)
        .unwrap();
    for up in Pip::ALL {
        assert!(
            opt.by_up[up.index()] >= cdz.by_up[up.index()] - 1e-15,
            "{up}"
        );
    }
    let gain = (opt.total - cdz.total) * 100.0;
    assert!((0.0009..0.001).contains(&gain), "{gain}");
}
