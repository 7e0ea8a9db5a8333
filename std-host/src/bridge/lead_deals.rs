//! The deals of McKay & Kruskal's experiment: each opening position with the double-dummy
//! value of every lead, read from a JSON-lines file or dealt and solved here.

use crate::error::{Context, Error};
use cardtree::bridge::{BridgePlay, Strain, solve};
use cardtree::{Card, Seat, SizeRule, pbn};
use serde::Serialize;
use serde_json::Value;

use crate::json::Shown;

use crate::bridge::solve as solve_cmd;

/// One deal of the experiment: the opening position and the double-dummy value of every lead.
#[derive(Clone, Debug, PartialEq)]
pub struct LeadDeal {
    /// The deal's id (from the input, or its position in it).
    pub id: String,
    /// The PBN deal as given.
    pub pbn: String,
    /// The player on lead.
    pub leader: Seat,
    /// The strain.
    pub strain: Strain,
    /// Every legal lead with the tricks the leader's side then takes double dummy.
    pub tricks: Vec<(Card, u8)>,
}

impl LeadDeal {
    /// The opening position.
    pub fn position(&self) -> Result<BridgePlay, Error> {
        let deal =
            pbn::parse(&self.pbn, SizeRule::Full).with_context(|| format!("deal {}", self.id))?;
        BridgePlay::new(&deal, self.strain, self.leader)
            .with_context(|| format!("deal {}", self.id))
    }

    /// The double-dummy value of the best lead.
    #[must_use]
    pub fn best(&self) -> u8 {
        self.tricks.iter().map(|&(_, t)| t).max().unwrap_or(0)
    }

    /// The double-dummy value of `card`, if it is a lead.
    #[must_use]
    pub fn tricks_of(&self, card: Card) -> Option<u8> {
        self.tricks
            .iter()
            .find(|&&(c, _)| c == card)
            .map(|&(_, t)| t)
    }

    /// The lead `card` chosen by `method` (`None`: it chose none), scored: its double-dummy
    /// tricks and the best lead's; the cost is their difference.
    pub fn score(&self, card: Option<Card>, method: &str) -> Result<(Card, u8, u8), Error> {
        let card = card.ok_or_else(|| invalid!("deal {}: {method} chose no lead", self.id))?;
        let tricks = self
            .tricks_of(card)
            .ok_or_else(|| invalid!("deal {}: {card} has no double-dummy value", self.id))?;
        Ok((card, tricks, self.best()))
    }

    /// The expected error of a uniformly random lead: best minus the mean over the leads.
    #[must_use]
    pub fn random_error(&self) -> f64 {
        let sum: u32 = self.tricks.iter().map(|&(_, t)| u32::from(t)).sum();
        f64::from(self.best()) - f64::from(sum) / self.tricks.len().max(1) as f64
    }

    /// The JSON lines of `deals` ([`LeadDeal::to_json`]), as a run's fingerprint records them.
    pub fn json_lines(deals: &[LeadDeal]) -> Result<Vec<String>, Error> {
        deals.iter().map(LeadDeal::to_json).collect()
    }

    /// The JSON line of `tests/data/bridge/`'s format (keys in alphabetical order, the
    /// tricks by card name: the form every committed fingerprint holds).
    pub fn to_json(&self) -> Result<String, Error> {
        #[derive(Serialize)]
        struct Line<'a> {
            id: &'a str,
            leader: Shown<Seat>,
            pbn: &'a str,
            tricks: std::collections::BTreeMap<String, u8>,
            trump: Shown<Strain>,
        }
        let line = Line {
            id: &self.id,
            leader: Shown(self.leader),
            pbn: &self.pbn,
            tricks: self
                .tricks
                .iter()
                .map(|&(card, t)| (card.to_string(), t))
                .collect(),
            trump: Shown(self.strain),
        };
        serde_json::to_string(&line).map_err(Error::Json)
    }
}

/// Reads deals in the JSON-lines format of `tests/data/bridge/`. Each line's `tricks` gives the
/// leads' values; lines without it are valued by cardtree's solver (in parallel, a table of
/// `table_mib` per thread). Errors name the line.
pub fn read_deals(text: &[u8], source: &str, table_mib: usize) -> Result<Vec<LeadDeal>, Error> {
    let mut deals = parse_deals(text, source)?;
    value_missing(&mut deals, table_mib)?;
    Ok(deals)
}

/// The deals of [`read_deals`] as the lines give them: a deal without `tricks` has an empty
/// [`LeadDeal::tricks`]. Errors name the line.
pub fn parse_deals(text: &[u8], source: &str) -> Result<Vec<LeadDeal>, Error> {
    let mut deals = Vec::new();
    for (n, line) in crate::input::lines(text) {
        let place = format!("{source}:{}", n + 1);
        let at = |e: Error| e.at(&place);
        let line = line.map_err(at)?;
        if line.trim().is_empty() {
            continue;
        }
        let task = solve_cmd::parse_line(line).map_err(at)?;
        let v: Value = serde_json::from_str(line).map_err(|e| at(e.into()))?;
        let id = match &task.id {
            Some(Value::String(s)) => s.clone(),
            Some(v) => v.to_string(),
            None => n.to_string(),
        };
        let mut deal = LeadDeal {
            id,
            pbn: task.pbn.clone(),
            leader: task.leader,
            strain: task.strain,
            tricks: Vec::new(),
        };
        let position = deal.position().map_err(at)?;
        if position.tricks_left() != 13 {
            return Err(at(Error::Invalid(
                "not a full deal: the experiment starts from the opening lead".into(),
            )));
        }
        if let Some(tricks) = v.get("tricks").filter(|t| !t.is_null()) {
            let map = tricks
                .as_object()
                .ok_or_else(|| at(Error::Invalid("\"tricks\" is not an object".into())))?;
            for (card, t) in map {
                let quoted = crate::text::quote(card);
                let c: Card = card
                    .parse()
                    .map_err(|e| at(Error::from(e).at(format!("tricks: {quoted}"))))?;
                let t = t
                    .as_u64()
                    .and_then(|t| u8::try_from(t).ok())
                    .filter(|&t| t <= 13)
                    .ok_or_else(|| at(invalid!("tricks: {quoted}: not a number of tricks")))?;
                deal.tricks.push((c, t));
            }
            let legal = position.legal();
            if deal.tricks.len() != legal.len()
                || deal.tricks.iter().any(|&(c, _)| !legal.contains(c))
            {
                return Err(at(Error::Invalid(
                    "\"tricks\" must give every card of the leader's hand once".into(),
                )));
            }
        }
        deals.push(deal);
    }
    if deals.is_empty() {
        return Err(invalid!("{source}: no deals"));
    }
    Ok(deals)
}

/// `count` random deals from `seed` (the generator of `cardtree bridge deal` and of
/// `tests/data/bridge/`), West on lead at no trump, valued by cardtree's solver.
pub fn quick_deals(seed: u64, count: usize, table_mib: usize) -> Result<Vec<LeadDeal>, Error> {
    let text =
        crate::bridge::deals::generate(seed, count, Seat::West, crate::bridge::deals::Format::Pbn)?;
    let mut deals: Vec<LeadDeal> = text
        .lines()
        .enumerate()
        .map(|(id, pbn)| LeadDeal {
            id: id.to_string(),
            pbn: pbn.to_string(),
            leader: Seat::West,
            strain: Strain::NoTrump,
            tricks: Vec::new(),
        })
        .collect();
    value_missing(&mut deals, table_mib)?;
    Ok(deals)
}

/// Solves every deal without values, in parallel (one solver table a worker thread).
fn value_missing(deals: &mut [LeadDeal], table_mib: usize) -> Result<(), Error> {
    let missing: Vec<usize> = (0..deals.len())
        .filter(|&i| deals.get(i).is_some_and(|d| d.tricks.is_empty()))
        .collect();
    let shared: &[LeadDeal] = deals;
    let solved = crate::workers::map(
        &missing,
        0,
        || crate::bridge::table_memory::host_table(table_mib),
        |table, &i| {
            let position = shared
                .get(i)
                .ok_or_else(|| Error::Invalid("deal index".into()))?
                .position()?;
            let solution = solve(&position, table);
            let mut tricks: Vec<_> = solution.cards.iter().copied().collect();
            tricks.sort_by_key(|&(c, _)| core::cmp::Reverse(c));
            Ok(tricks)
        },
    );
    for (&i, tricks) in missing.iter().zip(solved) {
        if let Some(d) = deals.get_mut(i) {
            d.tricks = tricks?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the `deal_lines` fuzz target: a `tricks` key of 250 DEL characters was quoted
    /// whole (escaped, six bytes each) in the error line.
    #[test]
    fn a_long_bad_tricks_key_gives_a_short_error() {
        let key = format!("D{}6", "\u{7f}".repeat(250));
        let line = format!(
            r#"{{"id":34,"pbn":"W:2.876.AJT765.Q83 JT9853.Q2.82.A92 Q76.KJ3.94.JT764 AK4.AT954.KQ3.K5","leader":"W","trump":"NT","tricks":{{"{key}":4}}}}"#
        );
        let e = parse_deals(line.as_bytes(), "deals.jsonl")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("deals.jsonl:1: tricks: "), "{e}");
        assert!(e.len() < 200 && !e.contains('\n'), "{} bytes: {e}", e.len());
    }
}
