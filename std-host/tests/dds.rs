//! Live cross-check against DDS (the `dds` feature): random deals and endings from a seed,
//! every card of the player on lead, in every strain. Run with
//! `cargo test --release -p cardtree-host --features dds --test dds`.
#![cfg(feature = "dds")]

use cardtree::bridge::{BridgePlay, Strain, solve, solve_value};
use cardtree::{BySeat, Deal, Seat, rng};

#[test]
fn random_deals_and_endings_agree_with_dds_in_every_strain() {
    let mut dds = dds_bridge::Solver::default();
    let mut table = cardtree_host::solve::host_table(16);
    let mut r = rng::seeded(2026);
    let mut checked = 0;
    for i in 0..40u64 {
        let full = Deal::random(&mut r);
        // Full deals and endings of 2 to 8 cards a hand.
        let size = if i % 4 == 0 { 13 } else { 2 + (i % 7) as usize };
        let deal = Deal::from_hands(BySeat::from_fn(|s| {
            full.hand(s).iter().take(size).collect()
        }))
        .expect("disjoint");
        let pbn = deal.pbn(Seat::North).to_string();
        for strain in Strain::ALL {
            let leader = Seat::ALL[rng::index(&mut r, 4)];
            let pos = BridgePlay::new(&deal, strain, leader).expect("position");
            let solution = solve(&pos, &mut table);
            let mut ours: Vec<_> = solution.cards.into_iter().collect();
            ours.sort();
            let (theirs, _) =
                cardtree_host::dds::solve(&mut dds, &pbn, leader, strain).expect("dds");
            assert_eq!(ours, theirs, "{pbn} {strain} {leader} leads");
            let best = theirs.iter().map(|c| c.1).max().unwrap_or(0);
            assert_eq!(solve_value(&pos, &mut table).tricks, best, "{pbn} {strain}");
            checked += ours.len();
        }
    }
    println!("{checked} cards agree with DDS");
}
