//! Random bridge deals from a seed, as PBN lines or JSON lines.

use std::fmt::Write as _;

use cardtree::{Deal, Seat, rng};

/// How deals are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One PBN deal string per line.
    Pbn,
    /// One JSON object per line, `{"id":0,"pbn":"W:..."}`, as in `tests/data/bridge/`.
    Jsonl,
}

/// `count` uniformly random deals from one generator seeded with `seed`, written from `first`.
///
/// The deals follow [`Deal::random`]; with seed 1 and first seat West they are the deals of
/// `tests/data/bridge/dev_deals.jsonl`.
pub fn generate(seed: u64, count: usize, first: Seat, format: Format) -> String {
    let mut rng = rng::seeded(seed);
    let mut out = String::new();
    for id in 0..count {
        let deal = Deal::random(&mut rng);
        let pbn = deal.pbn(first);
        // Writing to a String cannot fail.
        let _ = match format {
            Format::Pbn => writeln!(out, "{pbn}"),
            Format::Jsonl => writeln!(out, "{{\"id\":{id},\"pbn\":\"{pbn}\"}}"),
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_parse_back() {
        let text = generate(9, 3, Seat::North, Format::Pbn);
        assert_eq!(text.lines().count(), 3);
        for line in text.lines() {
            line.parse::<Deal>().unwrap();
        }
        let json = generate(9, 2, Seat::West, Format::Jsonl);
        assert!(json.starts_with("{\"id\":0,\"pbn\":\"W:"));
    }
}
