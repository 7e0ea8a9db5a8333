//! The learned evaluations that ship with cardtree: the per-line tables ([`committed_values`])
//! and the whole-grid networks trained from them ([`committed_net`]), one of each for the two
//! point systems the papers and the EAAI-2016 challenge name. Each file records the command
//! that made it (a table's `# command:` line, a network's header);
//! `std-host/results/pps/learned/run.sh` remakes the tables byte for byte and
//! `std-host/results/pps/net/summary.md` gives the networks' commands.
//!
//! They are compiled into the program (`include_str!`, `include_bytes!`), so a microcontroller
//! holds them in flash and reads them in place ([`LearnedValues::parse`](super::LearnedValues::parse),
//! [`Net::parse`](super::Net::parse)), without a file system or an allocator; a program that
//! never names one carries none.
//!
//! Exploration and the number of games differ by system because they were measured per system
//! (`std-host/results/pps/learned/sweep-5m.txt`, `summary.md`): 15 % of the placements at random
//! over 5,000,000 games for American, 2.5 % over 3,000,000 for British. The networks share one
//! recipe (5 % at random, 2,000,000 games, TD(lambda) with lambda 0.5).

use super::points::PointSystem;

/// The American table: `cardtree pps train --system american --games 5000000 --seed 1
/// --batch 20000 --explore-ppm 150000`.
pub const AMERICAN_VALUES: &str = include_str!("values/american.txt");

/// The British table: `cardtree pps train --system british --games 3000000 --seed 1
/// --batch 20000 --explore-ppm 25000`.
pub const BRITISH_VALUES: &str = include_str!("values/british.txt");

/// The American whole-grid network ([`Net`](super::Net), read in place with
/// [`Net::parse`](super::Net::parse)): `cardtree pps train --net --system american --games
/// 2000000 --seed 1 --batch 1000 --alpha 0.01`, which starts from [`AMERICAN_VALUES`]
/// (`std-host/results/pps/net/summary.md`; 196 KB).
pub const AMERICAN_NET: &[u8] = include_bytes!("values/american.net");

/// The British whole-grid network: `cardtree pps train --net --system british --games
/// 2000000 --seed 1 --batch 1000 --alpha 0.01`, from [`BRITISH_VALUES`].
pub const BRITISH_NET: &[u8] = include_bytes!("values/british.net");

/// The committed network for `system`, if cardtree ships one.
#[must_use]
pub fn committed_net(system: &PointSystem) -> Option<&'static [u8]> {
    by_system(system, AMERICAN_NET, BRITISH_NET)
}

/// The committed table for `system`, if cardtree ships one.
#[must_use]
pub fn committed_values(system: &PointSystem) -> Option<&'static str> {
    by_system(system, AMERICAN_VALUES, BRITISH_VALUES)
}

/// `american` or `british` for the system of that name, none for another.
fn by_system<T>(system: &PointSystem, american: T, british: T) -> Option<T> {
    if *system == PointSystem::AMERICAN {
        Some(american)
    } else if *system == PointSystem::BRITISH {
        Some(british)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker_squares::LearnedValues;

    #[test]
    fn committed_tables_parse_for_their_systems() {
        for system in [PointSystem::AMERICAN, PointSystem::BRITISH] {
            let text = committed_values(&system).unwrap();
            let table = LearnedValues::parse(text).unwrap();
            assert_eq!(*table.system(), system);
            assert!(table.games() >= 1_000_000);
            // Parsing in place gives the trainer's values to the bit.
            let mut sums = [0i64; crate::poker_squares::AbstractHand::COUNT];
            let mut counts = [0u64; crate::poker_squares::AbstractHand::COUNT];
            let (s, games) = crate::poker_squares::read_sums(text, &mut sums, &mut counts).unwrap();
            assert_eq!(table, LearnedValues::from_sums(s, &sums, &counts, games));
        }
        assert_eq!(committed_values(&PointSystem::new([1; 10])), None);
    }

    #[test]
    fn committed_networks_parse_for_their_systems() {
        for (system, table) in [
            (PointSystem::AMERICAN, AMERICAN_VALUES),
            (PointSystem::BRITISH, BRITISH_VALUES),
        ] {
            let net = crate::poker_squares::Net::parse(committed_net(&system).unwrap()).unwrap();
            assert_eq!(*net.system(), system);
            assert_eq!(net.games(), 2_000_000);
            // Trained from the table: a grid of one card is worth about what the table says.
            let table = LearnedValues::parse(table).unwrap();
            let mut first = crate::poker_squares::Lines::of(
                &crate::poker_squares::Grid::EMPTY,
                crate::cards::Cards::ALL,
            );
            let card = crate::Card::from_index(0).unwrap();
            first.draw(card);
            first.place(12, card);
            let (a, b) = (
                crate::poker_squares::Valuation::afterstate(&net, &first),
                crate::poker_squares::Valuation::afterstate(&table, &first),
            );
            assert!((a - b).abs() < 0.1 * b.abs(), "{a} against {b}");
        }
        assert_eq!(committed_net(&PointSystem::new([1; 10])), None);
    }
}
