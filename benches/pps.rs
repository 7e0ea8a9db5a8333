//! Criterion benchmarks of Poker Squares MCTS: one move's search of a fixed number of
//! iterations from a fixed position, with random and with best-move simulation. Throughput is
//! in iterations (playouts), so criterion prints iterations per second.

use std::hint::black_box;

use cardtree::poker_squares::{
    Budget, MctsConfig, MctsPlayer, NoClock, PointSystem, PokerSquares, Selection, Simulation,
};
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

criterion_group!(benches, search);
criterion_main!(benches);
