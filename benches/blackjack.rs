//! Criterion benchmarks of Blackjack: one MCTS decision (100 and 1000 playouts, the element
//! counted is a playout), one optimal decision from a fresh position, the optimal player over
//! 2,000 paired rounds with its cache warm, and the exact round value of a one-deck shoe.

use std::hint::black_box;

use cardtree::blackjack::{
    Blackjack, CardOrder, DECISION_SLOTS, Decision, MEMO_SLOTS, MctsConfig, MctsPlayer, Optimal,
    Oracle, Pip, Rules, Shoe, Slot, Strategy, play_round,
};
use cardtree::rng;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn decisions(c: &mut Criterion) {
    let mut g = c.benchmark_group("blackjack decision");
    g.sample_size(20);
    let rules = Rules::new();
    let shoe = Shoe::standard(6).expect("shoe");
    // Hard 12 against a 3: a close decision, hit or stand.
    let game = Blackjack::dealt(rules, shoe, Pip::Ten, Pip::Three, Pip::Two).expect("deal");
    for iterations in [100u32, 1000] {
        let mut p: Box<MctsPlayer<8192>> = Box::new(MctsPlayer::new(MctsConfig {
            iterations,
            exploration: cardtree::search::Exploration::new(2.0).expect("C"),
            closed_loop: false,
            rollout: cardtree::blackjack::Rollout::HitBelow17,
            unprune_after: 0,
        }));
        let mut r = rng::seeded(1);
        g.throughput(Throughput::Elements(u64::from(iterations)));
        g.bench_function(format!("mcts {iterations} playouts, 12 v 3"), |b| {
            b.iter(|| p.decide(black_box(&game), &mut r))
        });
    }
    // A fresh position: a new oracle each time (its memo emptied), one exact expectimax.
    let mut slots = vec![Slot::EMPTY; MEMO_SLOTS];
    let mut r = rng::seeded(1);
    g.throughput(Throughput::Elements(1));
    g.bench_function("optimal, fresh position, 12 v 3", |b| {
        b.iter(|| {
            Optimal::new(Oracle::new(rules, &mut slots).expect("oracle"))
                .decide(black_box(&game), &mut r)
        })
    });
    let pair = Blackjack::dealt(rules, shoe, Pip::Eight, Pip::Ten, Pip::Eight).expect("deal");
    g.bench_function("optimal, fresh position, 8-8 v 10 (split)", |b| {
        b.iter(|| {
            Optimal::new(Oracle::new(rules, &mut slots).expect("oracle"))
                .decide(black_box(&pair), &mut r)
        })
    });
    g.finish();
}

/// The optimal player over paired rounds, as `cardtree blackjack play --player optimal` runs
/// it: the decision cache and the values kept between decisions make repeated positions cheap
/// (the element counted is a decision).
fn optimal_rounds(c: &mut Criterion) {
    let mut g = c.benchmark_group("blackjack optimal player");
    g.sample_size(10);
    let rules = Rules::new();
    let shoe = Shoe::standard(6).expect("shoe");
    let mut slots = vec![Slot::EMPTY; cardtree_host::blackjack::play::OPTIMAL_MEMO_SLOTS];
    let mut cache = vec![Decision::EMPTY; DECISION_SLOTS];
    let mut player =
        Optimal::with_cache(Oracle::new(rules, &mut slots).expect("oracle"), &mut cache);
    let rounds = 2_000u64;
    let mut decisions = 0u64;
    for i in 0..rounds {
        let mut order = CardOrder::new(shoe, 7, i);
        let r = play_round(
            rules,
            shoe,
            &mut order,
            &mut player,
            &mut rng::stream(!7, i),
        )
        .expect("round");
        decisions += u64::from(r.decisions);
    }
    eprintln!("optimal player: {rounds} rounds warm the cache, {decisions} decisions each pass");
    g.throughput(Throughput::Elements(decisions));
    g.bench_function("2,000 rounds after warming", |b| {
        b.iter(|| {
            for i in 0..rounds {
                let mut order = CardOrder::new(shoe, 7, i);
                let r = play_round(
                    rules,
                    shoe,
                    &mut order,
                    &mut player,
                    &mut rng::stream(!7, i),
                );
                black_box(r.expect("round"));
            }
        })
    });
    g.finish();
}

fn round(c: &mut Criterion) {
    let mut g = c.benchmark_group("blackjack oracle");
    g.sample_size(10);
    let rules = Rules {
        decks: 1,
        ..Rules::new()
    };
    let shoe = Shoe::standard(1).expect("shoe");
    let mut slots = vec![Slot::EMPTY; MEMO_SLOTS];
    g.bench_function("round value, one deck", |b| {
        b.iter(|| {
            Oracle::new(rules, &mut slots)
                .expect("oracle")
                .round(black_box(&shoe))
        })
    });
    g.finish();
}

criterion_group!(benches, decisions, optimal_rounds, round);
criterion_main!(benches);
