//! The solver against DDS: every card of every deal and ending of `tests/data/bridge/` must get
//! exactly the number DDS recorded.

use crate::common;

use cardtree::bridge::{BridgePlay, Strain, TransTable, TtLine, solve};
use cardtree::{Card, Seat, SizeRule, pbn};

struct Vector {
    id: u64,
    pbn: String,
    leader: Seat,
    strain: Strain,
    tricks: Vec<(Card, u8)>,
}

fn vectors(name: &str) -> Vec<Vector> {
    common::vectors("bridge", name)
        .into_iter()
        .map(|v| {
            let leader = v["leader"]
                .as_str()
                .and_then(|s| s.chars().next())
                .and_then(Seat::from_char);
            let mut tricks: Vec<(Card, u8)> = v["tricks"]
                .as_object()
                .expect("tricks")
                .iter()
                .map(|(k, n)| (k.parse().expect("card"), n.as_u64().expect("count") as u8))
                .collect();
            tricks.sort();
            Vector {
                id: v["id"].as_u64().expect("id"),
                pbn: v["pbn"].as_str().expect("pbn").to_string(),
                leader: leader.expect("leader"),
                strain: v["trump"].as_str().expect("trump").parse().expect("strain"),
                tricks,
            }
        })
        .collect()
}

/// Solves every vector on two threads (each with its own table) and checks every card.
fn check(name: &str, rule: SizeRule) -> u64 {
    let all = vectors(name);
    let halves: Vec<&[Vector]> = all.chunks(all.len().div_ceil(2).max(1)).collect();
    let results: Vec<(u64, Vec<String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = halves
            .iter()
            .map(|part| {
                scope.spawn(move || {
                    let mut table = TransTable::new(vec![TtLine::ZERO; 1 << 18].into_boxed_slice());
                    let mut nodes = 0;
                    let mut wrong = Vec::new();
                    for v in part.iter() {
                        let deal = pbn::parse(&v.pbn, rule).expect("deal");
                        let pos = BridgePlay::new(&deal, v.strain, v.leader).expect("position");
                        let s = solve(&pos, &mut table);
                        nodes += s.stats.nodes;
                        let mut got: Vec<(Card, u8)> = s.cards.iter().copied().collect();
                        got.sort();
                        let best = v.tricks.iter().map(|t| t.1).max().unwrap_or(0);
                        if got != v.tricks || s.best != best {
                            wrong.push(format!("{name} {}: got {got:?}, DDS {:?}", v.id, v.tricks));
                        }
                    }
                    (nodes, wrong)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("worker"))
            .collect()
    });
    let nodes = results.iter().map(|r| r.0).sum();
    let wrong: Vec<String> = results.into_iter().flat_map(|r| r.1).collect();
    assert!(
        wrong.is_empty(),
        "{} mismatches:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    nodes
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "minutes in a debug build: cargo test --release --test suite bridge_dds::"
)]
fn every_lead_of_the_dev_deals_matches_dds() {
    let nodes = check("dev_deals.jsonl", SizeRule::Full);
    println!("dev_deals: {nodes} nodes");
}

#[test]
fn every_lead_of_the_endings_matches_dds() {
    let nodes = check("endings.jsonl", SizeRule::Equal);
    println!("endings: {nodes} nodes");
}
