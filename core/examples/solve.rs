//! The double-dummy solver from Rust: a deal's whole table and par, then every opening lead of
//! one contract, each solve with its work.
//!
//!     cargo run --release -p cardtree --example solve ["N:... PBN deal"]

use cardtree::bridge::{
    BridgePlay, Strain, TransTable, TtLine, Vulnerability, dd_table, par, solve,
};
use cardtree::{Seat, SizeRule, pbn};

fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let text = std::env::args().nth(1).unwrap_or_else(|| {
        "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".to_owned()
    });
    let deal = pbn::parse(&text, SizeRule::Full)?;

    // One transposition table of 16 MiB, kept across the solves of this deal.
    let mut memory = vec![TtLine::ZERO; TtLine::count_for_bytes(16 << 20)];
    let mut table = TransTable::new(&mut memory[..]);

    let solved = dd_table(&deal, &mut table)?;
    println!("{text}\n");
    println!(
        "{:<6}{:>4}{:>4}{:>4}{:>4}{:>4}",
        "", "NT", "S", "H", "D", "C"
    );
    for seat in Seat::ALL {
        let row: Vec<String> = [Strain::NoTrump, Strain::Spades, Strain::Hearts]
            .into_iter()
            .chain([Strain::Diamonds, Strain::Clubs])
            .map(|strain| format!("{:>4}", solved.table.tricks(seat, strain)))
            .collect();
        println!("{:<6}{}", format!("{seat:?}"), row.concat());
    }
    println!(
        "({} tricks searched, {} table hits)",
        solved.stats.tricks, solved.stats.table.hits
    );
    let p = par(&solved.table, Seat::North, Vulnerability::None);
    let contracts: Vec<String> = p.contracts.iter().map(|c| c.to_string()).collect();
    println!(
        "par, North dealing, none vulnerable: {} for North-South ({})\n",
        p.score_ns,
        contracts.join(", ")
    );

    // Every lead against South's no trump: West leads.
    let position = BridgePlay::new(&deal, Strain::NoTrump, Seat::West)?;
    let leads = solve(&position, &mut table);
    println!("West's leads against South's no trump (tricks for the defence):");
    for (card, tricks) in &leads.cards {
        println!("  {card} {tricks}");
    }
    println!(
        "best {} ({} tricks searched)",
        leads.best, leads.stats.tricks
    );
    Ok(())
}
