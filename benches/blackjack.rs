//! Criterion benchmarks of Blackjack: one MCTS decision (100 and 1000 playouts, the element
//! counted is a playout), one optimal decision by the oracle, and the exact round value of a
//! one-deck shoe.

use std::hint::black_box;

use cardtree::blackjack::{
    Blackjack, MEMO_SLOTS, Mcts, MctsConfig, Optimal, Oracle, Pip, Rules, Shoe, Slot, Strategy,
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
        let mut p: Box<Mcts<8192>> = Box::new(Mcts::new(MctsConfig {
            iterations,
            exploration: 2.0,
            closed_loop: false,
            rollout: cardtree::blackjack::Rollout::HitBelow17,
        }));
        let mut r = rng::seeded(1);
        g.throughput(Throughput::Elements(u64::from(iterations)));
        g.bench_function(format!("mcts {iterations} playouts, 12 v 3"), |b| {
            b.iter(|| p.decide(black_box(&game), &mut r))
        });
    }
    let mut slots = vec![Slot::EMPTY; MEMO_SLOTS];
    let mut opt = Optimal::new(Oracle::new(rules, &mut slots).expect("oracle"));
    let mut r = rng::seeded(1);
    g.throughput(Throughput::Elements(1));
    g.bench_function("optimal, 12 v 3", |b| {
        b.iter(|| opt.decide(black_box(&game), &mut r))
    });
    let pair = Blackjack::dealt(rules, shoe, Pip::Eight, Pip::Ten, Pip::Eight).expect("deal");
    g.bench_function("optimal, 8-8 v 10 (split)", |b| {
        b.iter(|| opt.decide(black_box(&pair), &mut r))
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

criterion_group!(benches, decisions, round);
criterion_main!(benches);
