//! McKay's search (McKay & Kruskal, "A New Method of Averaging in Monte Carlo Game Tree
//! Search", 2009): one search of 5000 playouts from the opening lead of
//! `tests/data/bridge/dev_deals.jsonl` deal 0, as one item of the experiment runs it.
//! Criterion's throughput is playouts per second; the work line gives the tree's size.

use std::hint::black_box;
use std::path::PathBuf;

use cardtree::search::{Backup, Expansion, RandomPolicy, uct};
use cardtree::{Power, rng};
use cardtree_host::experiments::mckay::{self, LeadTree, SweepGrid};
use criterion::{Criterion, Throughput};

fn searches(c: &mut Criterion) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/bridge/dev_deals.jsonl");
    let text = std::fs::read_to_string(&path).expect("tests/data/bridge/dev_deals.jsonl");
    let first: String = text.lines().take(1).collect();
    let deal = &mckay::read_deals(first.as_bytes(), "dev_deals.jsonl", 0).expect("deal")[0];
    let position = deal.position().expect("position");
    let grid = SweepGrid::paper(1);
    let mut tree: LeadTree = mckay::lead_tree();
    let mut g = c.benchmark_group("mckay");
    g.sample_size(10);
    g.throughput(Throughput::Elements(u64::from(mckay::PAPER_PLAYOUTS)));
    for (name, p, standard) in [
        ("paper c=16 p=1", 1, false),
        ("paper c=16 p=5", 5, false),
        ("standard c=16 p=5", 5, true),
    ] {
        let mut config = grid.config(16.0, p).expect("config");
        if standard {
            config.expansion = Expansion::OneNode;
        }
        if p > 1 {
            config.backup = Backup::Power(Power::integer(p).expect("p"));
        }
        let once = uct(
            &mut tree,
            &position,
            &config,
            &mut RandomPolicy,
            &mut rng::stream(1, 0),
        )
        .expect("search");
        println!(
            "work ({name}): {} playouts per search, {} tree nodes x {} bytes = {:.1} MiB",
            once.iterations,
            once.nodes,
            LeadTree::NODE_BYTES,
            (once.nodes * LeadTree::NODE_BYTES) as f64 / f64::from(1 << 20)
        );
        g.bench_function(name, |b| {
            let mut r = rng::stream(1, 1);
            b.iter(|| {
                uct(
                    &mut tree,
                    black_box(&position),
                    &config,
                    &mut RandomPolicy,
                    &mut r,
                )
            })
        });
    }
    g.finish();
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    searches(&mut c);
    c.final_summary();
}
