//! Criterion benchmarks of the core primitives. Each states the work one iteration does
//! (criterion prints it as throughput), so a time means something.

use std::hint::black_box;

use cardtree::{Cards, Deal, Game, MoveList, Power, Seat, TicTacToe, Tree, rng};
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};

fn cards(c: &mut Criterion) {
    let mut g = c.benchmark_group("cards");
    let deal = Deal::random(&mut rng::seeded(1));
    g.throughput(Throughput::Elements(52));
    g.bench_function("iterate 4 hands (52 cards)", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for seat in Seat::ALL {
                for card in black_box(deal.hand(seat)) {
                    n += card.index();
                }
            }
            n
        })
    });
    let text = deal.pbn(Seat::West).to_string();
    g.throughput(Throughput::Elements(1));
    g.bench_function("parse 1 PBN deal", |b| {
        b.iter(|| black_box(&text).parse::<Deal>())
    });
    g.bench_function("print 1 PBN deal", |b| {
        b.iter(|| black_box(&deal).pbn(Seat::West).to_string())
    });
    g.finish();
}

fn randomness(c: &mut Criterion) {
    let mut g = c.benchmark_group("rng");
    let mut r = rng::seeded(7);
    g.throughput(Throughput::Elements(1));
    g.bench_function("deal 1 random deal (52-card shuffle)", |b| {
        b.iter(|| Deal::random(&mut r))
    });
    g.bench_function("derive 1 task stream", |b| {
        let mut task = 0u64;
        b.iter(|| {
            task += 1;
            rng::stream(black_box(42), task)
        })
    });
    g.throughput(Throughput::Elements(1000));
    g.bench_function("1000 random cards from a 39-card set", |b| {
        let set = Cards::ALL - Deal::random(&mut rng::seeded(1)).hand(Seat::North);
        b.iter(|| {
            let mut acc = 0usize;
            for _ in 0..1000 {
                acc += black_box(set).choose(&mut r).map_or(0, |c| c.index());
            }
            acc
        })
    });
    g.finish();
}

fn power_means(c: &mut Criterion) {
    let mut g = c.benchmark_group("power mean of 13 children");
    let kids: Vec<(f64, f64)> = (0..13)
        .map(|i| (f64::from(i % 7 + 3), f64::from(i * 37 % 50 + 1)))
        .collect();
    g.throughput(Throughput::Elements(13));
    for (name, p) in [
        ("p=1", Power::MEAN),
        ("p=5", Power::new(5.0).unwrap()),
        ("p=15", Power::new(15.0).unwrap()),
        ("p=2.5", Power::new(2.5).unwrap()),
        ("p=inf", Power::MAX),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| p.mean(black_box(&kids).iter().copied()))
        });
        g.bench_function(format!("{name} min side"), |b| {
            b.iter(|| p.mean_min(13.0, black_box(&kids).iter().copied()))
        });
    }
    g.finish();
}

fn tree(c: &mut Criterion) {
    const N: usize = 1 << 16;
    let mut g = c.benchmark_group("tree");
    // Expand breadth-first: every node gets 13 children until the tree is full.
    let moves: MoveList<u8> = (0..13).collect();
    let mut t: Box<Tree<u8, N>> = Box::new(Tree::new());
    let per_fill = {
        let root = t.init().unwrap();
        let mut next = root.index();
        let _ = root;
        let mut count = 1;
        while let Ok(kids) = t.expand(cardtree::NodeId::from_index(next).unwrap(), &moves) {
            count += kids.len();
            next += 1;
        }
        count
    };
    println!(
        "tree bench: one fill creates {per_fill} nodes of {} bytes",
        Tree::<u8, N>::NODE_BYTES
    );
    g.throughput(Throughput::Elements(per_fill as u64));
    g.bench_function("fill 65536-node tree with 13-child blocks", |b| {
        b.iter_batched_ref(
            || (),
            |()| {
                let mut next = t.init().unwrap().index();
                while t
                    .expand(cardtree::NodeId::from_index(next).unwrap(), &moves)
                    .is_ok()
                {
                    next += 1;
                }
                t.len()
            },
            BatchSize::SmallInput,
        )
    });
    g.finish();
}

fn tictactoe(c: &mut Criterion) {
    fn perft(g: &TicTacToe) -> u64 {
        let mut moves = MoveList::new();
        g.legal_moves(&mut moves);
        let mut n = 1;
        for &m in &moves {
            let mut next = *g;
            next.apply(m);
            n += perft(&next);
        }
        n
    }
    let nodes = perft(&TicTacToe::new());
    println!("tic-tac-toe perft: {nodes} nodes per iteration");
    let mut g = c.benchmark_group("tictactoe");
    g.throughput(Throughput::Elements(nodes));
    g.sample_size(10);
    g.bench_function("perft whole game tree", |b| {
        b.iter(|| perft(black_box(&TicTacToe::new())))
    });
    g.finish();
}

criterion_group!(benches, cards, randomness, power_means, tree, tictactoe);
criterion_main!(benches);
