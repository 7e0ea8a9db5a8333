//! Live cross-check against DDS (the `dds` feature): random deals and endings from a seed,
//! every card of the player on lead, in every strain. Run with
//! `cargo test --release -p cardtree-host --features dds --test dds`.
#![cfg(feature = "dds")]

mod common;

use cardtree::bridge::{BridgePlay, Strain, solve, solve_value};
use cardtree::{BySeat, Deal, Seat, rng};

#[test]
fn random_deals_and_endings_agree_with_dds_in_every_strain() {
    let mut dds = dds_bridge::Solver::default();
    let mut table = cardtree_host::bridge::table_memory::host_table(16);
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
                cardtree_host::bridge::dds::solve(&mut dds, &pbn, leader, strain).expect("dds");
            assert_eq!(ours, theirs, "{pbn} {strain} {leader} leads");
            let best = theirs.iter().map(|c| c.1).max().unwrap_or(0);
            assert_eq!(solve_value(&pos, &mut table).tricks, best, "{pbn} {strain}");
            checked += ours.len();
        }
    }
    println!("{checked} cards agree with DDS");
}

/// Whole tables and par on random deals, every board of the cycle of 16 (so every dealer and
/// vulnerability): the table cell by cell against DDS's CalcDDtable, the par score and the
/// par contracts (level, strain, declarer) against DDS's DealerPar on the same table.
#[test]
fn random_tables_and_par_agree_with_dds() {
    use cardtree::bridge::{DdTable, Vulnerability, dd_table, dealer_of_board, par};
    let mut dds = dds_bridge::Solver::default();
    let mut table = cardtree_host::bridge::table_memory::host_table(16);
    let mut r = rng::seeded(15);
    for board in 1..=32u32 {
        let deal = Deal::random(&mut r);
        let pbn = deal.pbn(Seat::North).to_string();
        let ours = dd_table(&deal, &mut table).expect("full deal").table;
        let theirs = cardtree_host::bridge::dds::dd_table(&mut dds, &pbn).expect("dds");
        assert_eq!(ours, theirs, "board {board}: {pbn}");
        let (dealer, vul) = (dealer_of_board(board), Vulnerability::of_board(board));
        check_par(&ours, dealer, vul, &pbn);
    }
    // Par alone on random tables (any tricks, any seat): rare shapes the deals do not reach.
    for i in 0..2000u32 {
        let t = DdTable::from_fn(|_, _| rng::index(&mut r, 14) as u8);
        check_par(
            &t,
            dealer_of_board(i + 1),
            Vulnerability::of_board(i / 4 + 1),
            "random table",
        );
    }

    fn check_par(t: &DdTable, dealer: Seat, vul: Vulnerability, what: &str) {
        let p = par(t, dealer, vul);
        let (score, contracts) = cardtree_host::bridge::dds::par(t, dealer, vul);
        let mut ours: Vec<(u8, Strain, Seat)> = p
            .contracts
            .iter()
            .flat_map(|c| {
                Seat::ALL
                    .into_iter()
                    .filter(|&s| c.declarers.contains(s))
                    .map(|s| (c.contract.level(), c.contract.strain(), s))
            })
            .collect();
        ours.sort();
        ours.dedup();
        assert_eq!(
            (p.score_ns, ours),
            (score, contracts),
            "{what} {t} {dealer} {vul}"
        );
    }
}

/// `bridge bench --dds`, every lead and whole tables: every deal agrees with DDS, and the
/// per-deal file has DDS's time beside cardtree's on every line.
#[test]
fn bench_against_dds_agrees_on_every_deal() {
    let dir = std::env::temp_dir().join(format!("cardtree-dds-bench-{}", std::process::id()));
    let deals = common::first_dev_deals(&dir, 3);
    let file = deals.to_str().unwrap();
    let csv = dir.join("pd.csv");
    for tables in [false, true] {
        let mut args = vec!["bridge", "bench", "--file", file, "--dds", "--per-deal"];
        args.push(csv.to_str().unwrap());
        if tables {
            args.push("--tables");
        }
        let out = common::cardtree(&args);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let unit = if tables { "tables" } else { "deals" };
        assert!(text.contains(&format!("3 of 3 {unit} agree")), "{text}");
        let per_deal = std::fs::read_to_string(&csv).unwrap();
        let mut lines = per_deal.lines();
        let head: Vec<&str> = lines.next().unwrap().split(',').collect();
        let dds_ms = head.iter().position(|&c| c == "dds_ms").expect("dds_ms");
        let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
        assert_eq!(rows.len(), 3, "{per_deal}");
        for row in &rows {
            let ms: f64 = row[dds_ms].parse().unwrap();
            assert!(ms > 0.0, "{per_deal}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
