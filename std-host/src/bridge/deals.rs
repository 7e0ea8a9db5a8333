//! Random bridge deals from a seed, as PBN lines or JSON lines.

use std::fmt::Write as _;

use cardtree::{Deal, Seat, rng};
use serde::Serialize;

use crate::error::Error;

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

/// `count` uniformly random deals from one generator seeded with `seed`, written from `first`,
/// each line handed to `line` as it is made (so any number of them takes flat memory).
///
/// The deals follow [`Deal::random`]; with seed 1 and first seat West they are the deals of
/// `tests/data/bridge/dev_deals.jsonl`.
pub fn each(
    seed: u64,
    count: usize,
    first: Seat,
    format: Format,
    mut line: impl FnMut(&str) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut rng = rng::seeded(seed);
    let mut text = String::new();
    for id in 0..count {
        let deal = Deal::random(&mut rng);
        let pbn = deal.pbn(first);
        text.clear();
        match format {
            Format::Pbn => {
                // Writing to a String cannot fail.
                let _ = writeln!(text, "{pbn}");
            }
            Format::Jsonl => text.push_str(&crate::json::line(&DealLine {
                id,
                pbn: pbn.to_string(),
            })?),
        }
        line(&text)?;
    }
    Ok(())
}

/// [`each`]'s lines, gathered.
pub fn generate(seed: u64, count: usize, first: Seat, format: Format) -> Result<String, Error> {
    let mut out = String::new();
    each(seed, count, first, format, |l| {
        out.push_str(l);
        Ok(())
    })?;
    Ok(out)
}

/// `cardtree bridge deal`: the deals written as they are made, to standard output or `--out`.
pub fn command(
    seed: u64,
    count: usize,
    first: Seat,
    format: Format,
    output: &crate::output::Output,
) -> Result<(), Error> {
    let mut stream = output.stream()?;
    each(seed, count, first, format, |l| stream.write(l))?;
    stream.finish()
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
