//! The deals of `tests/data/bridge/` (DDS test vectors) read by cardtree's PBN parser, and
//! regenerated from their seed by cardtree's generator.

use crate::common;

use cardtree::{Card, Deal, Seat, SizeRule, pbn, rng};

fn shared(name: &str) -> Vec<serde_json::Value> {
    common::vectors("bridge", name)
}

fn leader(v: &serde_json::Value) -> Seat {
    let s = v["leader"].as_str().expect("leader");
    Seat::from_char(s.chars().next().expect("leader letter")).expect("leader seat")
}

/// Every card named in `tricks` is a card of the leader's hand, and every card of it is named.
fn check_tricks(v: &serde_json::Value, deal: &Deal) {
    let lead_hand = deal.hand(leader(v));
    let tricks = v["tricks"].as_object().expect("tricks");
    assert_eq!(tricks.len(), lead_hand.len(), "deal {}", v["id"]);
    for key in tricks.keys() {
        let card: Card = key
            .parse()
            .unwrap_or_else(|e| panic!("deal {}: {key}: {e}", v["id"]));
        assert!(
            lead_hand.contains(card),
            "deal {}: {card} not in leader's hand",
            v["id"]
        );
    }
}

#[test]
fn dev_deals_parse_and_print_back() {
    let rows = shared("dev_deals.jsonl");
    assert_eq!(rows.len(), 100);
    for v in &rows {
        let text = v["pbn"].as_str().expect("pbn");
        let deal: Deal = text
            .parse()
            .unwrap_or_else(|e| panic!("deal {}: {e}", v["id"]));
        assert_eq!(deal.pbn(Seat::West).to_string(), text, "deal {}", v["id"]);
        check_tricks(v, &deal);
    }
}

#[test]
fn endings_parse_as_equal_hands() {
    let rows = shared("endings.jsonl");
    assert_eq!(rows.len(), 200);
    for v in &rows {
        let text = v["pbn"].as_str().expect("pbn");
        let deal =
            pbn::parse(text, SizeRule::Equal).unwrap_or_else(|e| panic!("ending {}: {e}", v["id"]));
        let per_hand = deal.hand(Seat::North).len();
        assert!((3..=6).contains(&per_hand), "ending {}", v["id"]);
        assert_eq!(deal.pbn(Seat::West).to_string(), text);
        assert!(
            text.parse::<Deal>().is_err(),
            "an ending is not a full deal"
        );
        check_tricks(v, &deal);
    }
}

#[test]
fn dev_deals_are_regenerated_from_seed_1() {
    // The README of tests/data/bridge/ gives the generator: Xoshiro256++ from seed_from_u64(1),
    // a Fisher-Yates shuffle of the deck per deal, dealt N, E, S, W.
    let rows = shared("dev_deals.jsonl");
    let mut rng = rng::seeded(1);
    for v in &rows {
        let deal = Deal::random(&mut rng);
        assert_eq!(
            deal.pbn(Seat::West).to_string(),
            v["pbn"].as_str().expect("pbn"),
            "deal {}",
            v["id"]
        );
    }
}
