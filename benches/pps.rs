//! Criterion benchmarks of Poker Squares: one move's search from a fixed position. The papers'
//! MCTS runs a fixed number of iterations, with random and with best-move simulation
//! (throughput in iterations, so criterion prints iterations per second); the learned-value
//! players search on the committed American table: expectimax over the next card and the next
//! two, and `--player best`'s controlled, guarded rollouts (throughput in rollout rounds).

use std::hint::black_box;

use cardtree::poker_squares::{
    AMERICAN_VALUES, Budget, LearnedValues, Lookahead, MctsConfig, MctsPlayer, PointSystem,
    PokerSquares, RolloutPlayer, Selection, Simulation, expectimax_cell,
};
use cardtree::search::NoClock;
use cardtree::{Tree, rng};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const ITERATIONS: u32 = 2000;

/// A position after 5 cards (the typical early-middle game), the sixth card drawn.
fn position() -> PokerSquares {
    let grid = "AS -- -- 7H -- -- KD -- -- -- -- -- 2C -- -- -- 9S -- -- -- -- -- -- -- --"
        .parse()
        .expect("grid");
    let mut g = PokerSquares::from_grid(grid, PointSystem::AMERICAN);
    g.draw("QS".parse().expect("card")).expect("draw");
    g
}

fn search(c: &mut Criterion) {
    let mut g = c.benchmark_group("pps mcts");
    g.sample_size(10);
    g.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    let game = position();
    let mut tree: Box<Tree<u8, 400_000>> = Box::new(Tree::new());
    for (name, selection, simulation) in [
        ("uct random", Selection::Uct, Simulation::Random),
        ("uct best-move", Selection::Uct, Simulation::BestMove),
        (
            "prune-uct best-move",
            Selection::PruneUct,
            Simulation::BestMove,
        ),
    ] {
        let mut config = MctsConfig::new();
        config.selection = selection;
        config.simulation = simulation;
        config.budget = Budget::Iterations(ITERATIONS);
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut p = MctsPlayer::new(&mut tree, &NoClock, config);
                black_box(p.search(black_box(&game), &mut rng::seeded(1)))
            })
        });
    }
    g.finish();
}

/// Rollout rounds a move in the rollout benchmark (`--player best`'s default is 200).
const ROUNDS: u32 = 50;

fn learned(c: &mut Criterion) {
    let mut values = Box::new(LearnedValues::empty(PointSystem::AMERICAN));
    values.read(AMERICAN_VALUES).expect("the committed table");
    let game = position();
    let mut g = c.benchmark_group("pps learned");
    g.sample_size(10);
    g.throughput(Throughput::Elements(1));
    for (name, lookahead) in [
        ("expectimax one card", Lookahead::OneCard),
        ("expectimax two cards", Lookahead::TwoCards),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| black_box(expectimax_cell(&*values, black_box(&game), lookahead)))
        });
    }
    g.throughput(Throughput::Elements(u64::from(ROUNDS)));
    g.bench_function("controlled guarded rollouts", |b| {
        b.iter(|| {
            let mut p = RolloutPlayer::new(&*values, Budget::Iterations(ROUNDS), &NoClock)
                .with_candidates(3)
                .with_control_variate()
                .with_guard(2.0);
            black_box(p.rollouts(black_box(&game), &mut rng::seeded(1)))
        })
    });
    g.finish();
}

criterion_group!(benches, search, learned);
criterion_main!(benches);
