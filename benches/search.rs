//! Criterion benchmarks of the searches. Each states its work per iteration (nodes or
//! playouts), which criterion prints as throughput.

use std::hint::black_box;

use cardtree::search::{
    Backup, Expansion, Exploration, NaturalOrder, RandomPolicy, UctConfig, alpha_beta,
    expectiminimax, minimax, uct,
};
use cardtree::{DiceDuel, Power, TicTacToe, Tree, rng};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn exhaustive(c: &mut Criterion) {
    let mut g = c.benchmark_group("exhaustive");
    g.sample_size(10);
    let ttt = TicTacToe::new();
    let mm = minimax(&ttt, None).expect("minimax").nodes;
    let ab = alpha_beta(&ttt, None, &mut NaturalOrder)
        .expect("alpha-beta")
        .nodes;
    let dice = DiceDuel::new(9, 3).expect("dice");
    let em = expectiminimax(&dice, None).expect("expectiminimax").nodes;
    println!(
        "work: minimax {mm} nodes, alpha-beta {ab} nodes (tic-tac-toe); expectiminimax {em} nodes (dice duel 9/d3)"
    );
    g.throughput(Throughput::Elements(mm));
    g.bench_function("minimax tic-tac-toe", |b| {
        b.iter(|| minimax(black_box(&ttt), None))
    });
    g.throughput(Throughput::Elements(ab));
    g.bench_function("alpha-beta tic-tac-toe", |b| {
        b.iter(|| alpha_beta(black_box(&ttt), None, &mut NaturalOrder))
    });
    g.throughput(Throughput::Elements(em));
    g.bench_function("expectiminimax dice duel", |b| {
        b.iter(|| expectiminimax(black_box(&dice), None))
    });
    g.finish();
}

fn monte_carlo(c: &mut Criterion) {
    const ITERATIONS: u32 = 10_000;
    let mut g = c.benchmark_group("uct");
    g.sample_size(20);
    g.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    let mut tree: Box<Tree<u8, 200_000>> = Box::new(Tree::new());
    let mean = UctConfig {
        iterations: ITERATIONS,
        ..UctConfig::new()
    };
    let returns = UctConfig {
        backup: Backup::Returns,
        ..mean
    };
    let power = UctConfig {
        backup: Backup::Power(Power::new(5.0).expect("p")),
        ..mean
    };
    let mckay = UctConfig::mckay(
        Exploration::mckay(16.0).expect("c"),
        Power::new(5.0).expect("p"),
        ITERATIONS,
    );
    let ttt = TicTacToe::new();
    let dice = DiceDuel::new(9, 3).expect("dice");
    println!("work: {ITERATIONS} UCT iterations per sample");
    for (name, config) in [
        ("mean", mean),
        ("returns", returns),
        ("power p=5", power),
        ("mckay all-children p=5", mckay),
    ] {
        g.bench_function(format!("tic-tac-toe {name}"), |b| {
            let mut r = rng::seeded(1);
            b.iter(|| {
                uct(
                    &mut *tree,
                    black_box(&ttt),
                    &config,
                    &mut RandomPolicy,
                    &mut r,
                )
            })
        });
        if config.expansion == Expansion::OneNode {
            g.bench_function(format!("dice duel {name}"), |b| {
                let mut r = rng::seeded(1);
                b.iter(|| {
                    uct(
                        &mut *tree,
                        black_box(&dice),
                        &config,
                        &mut RandomPolicy,
                        &mut r,
                    )
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, exhaustive, monte_carlo);
criterion_main!(benches);
