//! Random bridge deals from a seed, as PBN lines or JSON lines.

use std::fmt::Write as _;

use cardtree::{Deal, Seat, rng};
use serde::Serialize;

use crate::error::Error;
use crate::json::line;

/// A deal as a JSON line: `{"id":0,"pbn":"W:..."}`.
#[derive(Serialize)]
struct DealLine {
    id: usize,
    pbn: String,
}

/// How deals are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One PBN deal string per line.
    Pbn,
    /// One JSON object per line, `{"id":0,"pbn":"W:..."}`, as in `tests/data/bridge/`.
    Jsonl,
}

cardtree::spelled! {
    Format, "format";
    Pbn => "pbn", "One PBN deal per line";
    Jsonl => "jsonl", "JSON lines {\"id\":..,\"pbn\":\"..\"}, the format of tests/data/bridge/ (without tricks)";
}

/// `count` uniformly random deals from one generator seeded with `seed`, written from `first`.
///
/// The deals follow [`Deal::random`]; with seed 1 and first seat West they are the deals of
/// `tests/data/bridge/dev_deals.jsonl`.
pub fn generate(seed: u64, count: usize, first: Seat, format: Format) -> Result<String, Error> {
    let mut rng = rng::seeded(seed);
    let mut out = String::new();
    for id in 0..count {
        let deal = Deal::random(&mut rng);
        let pbn = deal.pbn(first);
        match format {
            Format::Pbn => {
                // Writing to a String cannot fail.
                let _ = writeln!(out, "{pbn}");
            }
            Format::Jsonl => out.push_str(&line(&DealLine {
                id,
                pbn: pbn.to_string(),
            })?),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_parse_back() {
        let text = generate(9, 3, Seat::North, Format::Pbn).unwrap();
        assert_eq!(text.lines().count(), 3);
        for line in text.lines() {
            line.parse::<Deal>().unwrap();
        }
        let json = generate(9, 2, Seat::West, Format::Jsonl).unwrap();
        assert!(json.starts_with("{\"id\":0,\"pbn\":\"W:"));
    }
}
