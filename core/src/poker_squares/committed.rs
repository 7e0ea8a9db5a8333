//! The learned-value tables that ship with cardtree ([`committed_values`]): one per point
//! system the papers and the EAAI-2016 challenge name, trained by `cardtree pps train` and
//! committed as text (each file's `# command:` line is the command that made it, and
//! `std-host/results/pps/learned/run.sh` remakes them byte for byte).
//!
//! The text is compiled into the program (`include_str!`), so a microcontroller holds a table
//! in flash and parses it with [`LearnedValues::parse`](super::LearnedValues::parse), without
//! a file system or an allocator; a program that never names a table carries none.
//!
//! Exploration and the number of games differ by system because they were measured per system
//! (`std-host/results/pps/learned/sweep-5m.txt`, `summary.md`): 15 % of the placements at random
//! over 5,000,000 games for American, 2.5 % over 3,000,000 for British.

use super::points::PointSystem;

/// The American table: `cardtree pps train --system american --games 5000000 --seed 1
/// --batch 20000 --explore-ppm 150000`.
pub const AMERICAN_VALUES: &str = include_str!("values/american.txt");

/// The British table: `cardtree pps train --system british --games 3000000 --seed 1
/// --batch 20000 --explore-ppm 25000`.
pub const BRITISH_VALUES: &str = include_str!("values/british.txt");

/// The committed table for `system`, if cardtree ships one.
#[must_use]
pub fn committed_values(system: &PointSystem) -> Option<&'static str> {
    if *system == PointSystem::AMERICAN {
        Some(AMERICAN_VALUES)
    } else if *system == PointSystem::BRITISH {
        Some(BRITISH_VALUES)
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
}
