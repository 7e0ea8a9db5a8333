//! cardtree's half of the OpenSpiel comparison (`benches/openspiel/run.sh`): the search of
//! criterion's `uct/tic-tac-toe returns`, which is the search OpenSpiel's `MCTSBot` makes:
//! tic-tac-toe from the empty board, `UctConfig::new()` with 10,000 iterations and
//! `Backup::Returns` (`C = sqrt(2)` on values in [0, 1]; every node keeps the mean of the
//! rewards through it, as `MCTSBot` keeps `total_reward / explore_count`; one-node expansion;
//! one random playout per iteration; the most visited move). `--backup mean` runs criterion's
//! `uct/tic-tac-toe mean` instead (each node the visit-weighted mean of its children). Runs
//! `--searches N` searches (default 30) after 3 untimed ones, timed with `Instant`, and prints
//! one JSON line with the fields `mcts_tictactoe.py` prints.
//!
//! `cargo bench --bench uct_rival -- --searches 30 [--backup returns|mean]`

use std::hint::black_box;
use std::time::Instant;

use cardtree::search::{Backup, RandomPolicy, UctConfig, uct};
use cardtree::{TicTacToe, Tree, rng};

const ITERATIONS: u32 = 10_000;
const WARMUP: usize = 3;

fn main() {
    let mut searches: usize = 30;
    let mut backup = Backup::Returns;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            // `cargo bench` passes `--bench` to every harness-less bench.
            "--bench" => {}
            "--searches" => {
                searches = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n > 0)
                    .expect("--searches takes a positive count");
            }
            "--backup" => {
                backup = match args.next().as_deref() {
                    Some("returns") => Backup::Returns,
                    Some("mean") => Backup::Mean,
                    other => panic!("--backup takes returns or mean, not {other:?}"),
                };
            }
            other => panic!("unknown argument {other:?} (usage: --searches N --backup B)"),
        }
    }

    // The same tree, configuration, game and generator as benches/search.rs.
    let mut tree: Box<Tree<u8, 200_000>> = Box::new(Tree::new());
    let config = UctConfig {
        iterations: ITERATIONS,
        backup,
        ..UctConfig::new()
    };
    let ttt = TicTacToe::new();
    let mut r = rng::seeded(1);

    let mut search = || {
        let result = uct(
            &mut *tree,
            black_box(&ttt),
            &config,
            &mut RandomPolicy,
            &mut r,
        )
        .expect("uct");
        assert_eq!(result.iterations, ITERATIONS);
        assert_eq!(result.tree_full, 0, "the tree must hold the whole search");
        assert_eq!(
            result.children.iter().map(|c| c.visits).sum::<u32>(),
            ITERATIONS,
            "every iteration passes through a root child"
        );
        black_box(result)
    };
    for _ in 0..WARMUP {
        search();
    }
    let mut times = Vec::with_capacity(searches);
    let (mut nodes, mut plies) = (0u64, 0u64);
    for _ in 0..searches {
        let start = Instant::now();
        let result = search();
        times.push(start.elapsed().as_secs_f64());
        nodes += result.nodes as u64;
        plies += result.playout_plies;
    }
    let total: f64 = times.iter().sum();
    let mean = total / searches as f64;
    let min = times.iter().copied().fold(f64::INFINITY, f64::min);
    let n = searches as f64;
    println!(
        "{{\"searches\":{searches},\"simulations_per_search\":{ITERATIONS},\
         \"ms_per_search\":{:.4},\"ms_per_search_min\":{:.4},\"simulations_per_second\":{:.1},\
         \"backup\":\"{:?}\",\"exploration\":{},\"mean_tree_nodes\":{:.1},\"mean_playout_plies\":{:.1}}}",
        mean * 1e3,
        min * 1e3,
        f64::from(ITERATIONS) / mean,
        config.backup,
        config.exploration.constant(),
        nodes as f64 / n,
        plies as f64 / n,
    );
}
