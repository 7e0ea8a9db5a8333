//! Double-dummy tables and par against DDS: every number of every table and every par score
//! of `tests/data/bridge/dd_tables.jsonl` must match, and the par contracts as sets.

use crate::common;

use cardtree::bridge::{DdTable, Strain, TransTable, TtLine, Vulnerability, dd_table, par};
use cardtree::{Deal, Seat};

struct Vector {
    id: u64,
    deal: Deal,
    dealer: Seat,
    vulnerable: Vulnerability,
    dd: DdTable,
    score_ns: i32,
    contracts: Vec<String>,
}

fn seat(s: &str) -> Seat {
    s.chars().next().and_then(Seat::from_char).expect("seat")
}

fn vectors() -> Vec<Vector> {
    common::vectors("bridge", "dd_tables.jsonl")
        .into_iter()
        .map(|v| {
            let dd = DdTable::from_fn(|declarer, strain| {
                let key = strain.to_string();
                v["dd"][declarer.to_string()][key.as_str()]
                    .as_u64()
                    .expect("tricks") as u8
            });
            let mut contracts: Vec<String> = v["par"]["contracts"]
                .as_array()
                .expect("contracts")
                .iter()
                .map(|c| c.as_str().expect("contract").to_string())
                .collect();
            contracts.sort();
            Vector {
                id: v["id"].as_u64().expect("id"),
                deal: v["pbn"].as_str().expect("pbn").parse().expect("deal"),
                dealer: seat(v["dealer"].as_str().expect("dealer")),
                vulnerable: v["vulnerable"]
                    .as_str()
                    .expect("vulnerable")
                    .parse()
                    .expect("vulnerability"),
                dd,
                score_ns: v["par"]["score_ns"].as_i64().expect("score") as i32,
                contracts,
            }
        })
        .collect()
}

/// Par from DDS's own tables: the scoring and par rules alone, every vector.
#[test]
fn par_of_every_shared_table() {
    let all = vectors();
    assert_eq!(all.len(), 100);
    let mut wrong = Vec::new();
    for v in &all {
        let p = par(&v.dd, v.dealer, v.vulnerable);
        let mut got: Vec<String> = p.contracts.iter().map(ToString::to_string).collect();
        got.sort();
        if p.score_ns != v.score_ns || got != v.contracts {
            wrong.push(format!(
                "id {}: ours {} {:?}, DDS {} {:?}",
                v.id, p.score_ns, got, v.score_ns, v.contracts
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of 100 differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// Our tables, solved, against DDS's: every cell of every deal (two threads).
#[test]
fn every_shared_table() {
    let all = vectors();
    let halves: Vec<&[Vector]> = all.chunks(50).collect();
    let wrong: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = halves
            .iter()
            .map(|part| {
                scope.spawn(move || {
                    let mut table = TransTable::new(vec![TtLine::ZERO; 1 << 16].into_boxed_slice());
                    let mut wrong = Vec::new();
                    for v in part.iter() {
                        let got = dd_table(&v.deal, &mut table).expect("full deal").table;
                        for declarer in Seat::ALL {
                            for strain in Strain::ALL {
                                let (a, b) =
                                    (got.tricks(declarer, strain), v.dd.tricks(declarer, strain));
                                if a != b {
                                    wrong.push(format!(
                                        "id {} {declarer} {strain}: ours {a}, DDS {b}",
                                        v.id
                                    ));
                                }
                            }
                        }
                        // And par from our own table.
                        let p = par(&got, v.dealer, v.vulnerable);
                        if p.score_ns != v.score_ns {
                            wrong
                                .push(format!("id {}: par {} vs {}", v.id, p.score_ns, v.score_ns));
                        }
                    }
                    wrong
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("worker"))
            .collect()
    });
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
