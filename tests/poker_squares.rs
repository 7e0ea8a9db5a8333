//! Poker Squares scoring against every vector of `tests/data/poker-squares/`, produced by the
//! EAAI-2016 framework's own scoring code.

use cardtree::Card;
use cardtree::poker_squares::{Grid, PointSystem, classify};

use crate::common;

fn lines(name: &str) -> Vec<serde_json::Value> {
    common::vectors("poker-squares", name)
}

#[test]
fn every_hand_vector_classifies_as_the_framework() {
    let hands = lines("dev_hands.jsonl");
    assert_eq!(hands.len(), 1650);
    for h in &hands {
        let text = h["hand"].as_str().unwrap();
        let cards: Vec<Option<Card>> = text
            .split_whitespace()
            .map(|t| (t != "--").then(|| t.parse().unwrap()))
            .collect();
        let want = h["category"].as_u64().unwrap() as usize;
        assert_eq!(classify(&cards).id(), want, "{text}");
    }
}

#[test]
fn every_grid_vector_scores_as_the_framework() {
    let all = lines("dev_grids.jsonl");
    let systems: Vec<(String, PointSystem)> = all[0]["systems"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, v)| {
            let scores: Vec<i32> = v
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_i64().unwrap() as i32)
                .collect();
            (name.clone(), PointSystem::new(scores.try_into().unwrap()))
        })
        .collect();
    assert_eq!(systems.len(), 5);
    let american = &systems.iter().find(|(n, _)| n == "american").unwrap().1;
    let british = &systems.iter().find(|(n, _)| n == "british").unwrap().1;
    assert_eq!(*american, PointSystem::AMERICAN);
    assert_eq!(*british, PointSystem::BRITISH);
    let mut partial = 0;
    for g in &all[1..] {
        let text = g["grid"].as_str().unwrap();
        let grid: Grid = text.parse().unwrap();
        assert_eq!(grid.to_string(), text);
        if !grid.is_full() {
            partial += 1;
        }
        let ids: Vec<u64> = grid.classes().iter().map(|c| c.id() as u64).collect();
        let want: Vec<u64> = g["hands"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        assert_eq!(ids, want, "{text}");
        for (name, system) in &systems {
            assert_eq!(
                grid.score(system),
                g["scores"][name].as_i64().unwrap(),
                "{name}: {text}"
            );
            assert_eq!(grid.transpose().score(system), grid.score(system));
        }
    }
    assert_eq!(all.len() - 1, 2000);
    assert_eq!(partial, 400, "every fifth grid is partly filled");
}

/// The generic searches of `cardtree::search` play Poker Squares through the `Game` trait:
/// a one-cell-left position has an exact answer that both must find.
#[test]
fn generic_searches_apply_to_the_game() {
    use cardtree::poker_squares::PokerSquares;
    use cardtree::search::{RandomPolicy, UctConfig, flat_monte_carlo, uct};
    use cardtree::{Tree, rng};
    // Cells 19 and 23 are free; row 4 holds 9H TH JH -- QH, so KH in cell 23 makes a
    // straight flush (75 points) that no last card can match in cell 19's lines.
    let grid: Grid = "2C 3D 4S 7C 8D 9C TD 2S 3H 5S QC 4D AC 6H JD KS 6C 8S 3C -- 9H TH JH -- QH"
        .parse()
        .unwrap();
    let mut g = PokerSquares::from_grid(grid, PointSystem::AMERICAN);
    g.draw("KH".parse().unwrap()).unwrap();
    let flat = flat_monte_carlo(&g, 200, &mut RandomPolicy, &mut rng::seeded(1), 100).unwrap();
    let mut tree: Box<Tree<u8, 20_000>> = Box::new(Tree::new());
    let mut config = UctConfig::new();
    config.iterations = 400;
    let u = uct(
        &mut tree,
        &g,
        &config,
        &mut RandomPolicy,
        &mut rng::seeded(1),
    )
    .unwrap();
    assert_eq!(u.best, Some(23));
    assert_eq!(flat.best, Some(23));
    assert_eq!(u.iterations, 400);
}
