//! The advisor's options as the Python and web packages take them: by the command line's
//! names, as text and numbers (keyword arguments; a JSON object), each checked as the command
//! line checks its flag ([`crate::limits`]) and refused naming the argument.

use serde::Deserialize;

use crate::bridge::advisor::Options;
use crate::bridge::lead::MethodKind;
use crate::bridge::solve::{DEFAULT_TABLE_MIB, parse_seat};
use crate::error::Error;
use crate::limits;

/// `cardtree bridge lead`'s options by name; the defaults are the command line's.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LeadSpec {
    /// The leader's hand, PBN (`KQT2.853.AJ9.742`).
    pub hand: String,
    /// The contract (`3NT`, `4SX`).
    pub contract: String,
    /// The declarer: `N`, `E`, `S` or `W`.
    pub declarer: String,
    /// What the auction told (`S: 15-17 hcp, 2-4 S; N: 8-15 hcp`).
    pub constraints: String,
    /// Layouts to value.
    pub samples: u32,
    /// `solver`, `uct` or `ismcts`.
    pub method: String,
    /// Playouts per layout (UCT) or iterations in all (ISMCTS); `None`: the method's default.
    pub playouts: Option<u32>,
    /// McKay's exploration constant.
    pub c: f64,
    /// The power of the backups.
    pub p: f64,
    /// The seed: layout `i` is drawn from stream (`seed`, `i`).
    pub seed: u64,
    /// `set` or `tricks`: what chooses the best card.
    pub objective: String,
    /// Tries allowed to draw one layout.
    pub max_tries: u32,
    /// Worker threads; `None`: one per core.
    pub threads: Option<usize>,
    /// Transposition-table memory per thread, in MiB.
    pub table_mib: usize,
}

impl Default for LeadSpec {
    fn default() -> LeadSpec {
        LeadSpec {
            hand: String::new(),
            contract: String::new(),
            declarer: "S".into(),
            constraints: String::new(),
            samples: 100,
            method: "solver".into(),
            playouts: None,
            c: 16.0,
            p: 1.0,
            seed: 1,
            objective: "set".into(),
            max_tries: 1_000_000,
            threads: None,
            table_mib: DEFAULT_TABLE_MIB,
        }
    }
}

/// `e` about the argument `name`: `samples: ...`.
fn bad(name: &str, e: impl std::fmt::Display) -> Error {
    Error::Invalid(e.to_string()).at(name)
}

impl LeadSpec {
    /// The advisor's options, every argument checked.
    pub fn options(&self) -> Result<Options, Error> {
        limits::samples(&self.samples.to_string()).map_err(|e| bad("samples", e))?;
        if let Some(n) = self.playouts {
            limits::playouts(&n.to_string()).map_err(|e| bad("playouts", e))?;
        }
        for (name, x) in [("c", self.c), ("p", self.p)] {
            if !x.is_finite() {
                return Err(bad(name, format!("{x} is not a finite number")));
            }
        }
        Ok(Options {
            hand: self.hand.clone(),
            seat: None,
            contract: self.contract.parse().map_err(|e| bad("contract", e))?,
            declarer: parse_seat(&self.declarer).map_err(|e| bad("declarer", e))?,
            constraints: self.constraints.clone(),
            samples: self.samples,
            method: self
                .method
                .parse::<MethodKind>()
                .map_err(|e| bad("method", e))?,
            playouts: self.playouts,
            c: self.c,
            p: self.p,
            seed: self.seed,
            objective: self.objective.parse().map_err(|e| bad("objective", e))?,
            max_tries: self.max_tries,
            threads: self.threads.unwrap_or(0),
            table_mib: limits::table_mib(&self.table_mib.to_string())
                .map_err(|e| bad("table_mib", e))?,
            progress: false,
        })
    }
}
