//! `cardtree bridge lead`, the opening-lead advisor: the leader's hand, the contract and what
//! the auction told become a [`LeadProblem`]; every card is valued on sampled layouts
//! ([`crate::bridge::lead`]) and reported for people or as JSON.

use std::fmt::Write as _;

use cardtree::bridge::{Constraints, Contract, LeadProblem, LeadReport, Objective};
use cardtree::{Card, Seat};

use serde::Serialize;

use crate::bridge::lead::{Evaluation, Method, MethodKind, Run, evaluate};
use crate::error::{Context, Error};
use crate::json::{Fixed, Ordered, Shown};
use crate::output::Output;

/// The options of `cardtree bridge lead` (the flags of the same names).
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The leader's hand, PBN.
    pub hand: String,
    /// The leader, if given (it must be declarer's left-hand opponent).
    pub seat: Option<Seat>,
    /// The contract.
    pub contract: Contract,
    /// The declarer.
    pub declarer: Seat,
    /// What the auction told.
    pub constraints: String,
    /// Layouts to value.
    pub samples: u32,
    /// How to value the leads.
    pub method: MethodKind,
    /// Playouts per layout (UCT) or iterations in all (ISMCTS).
    pub playouts: Option<u32>,
    /// McKay's exploration constant.
    pub c: f64,
    /// The power of the backups.
    pub p: f64,
    /// The seed.
    pub seed: u64,
    /// What chooses the best card.
    pub objective: Objective,
    /// Tries allowed to draw one layout.
    pub max_tries: u32,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Transposition-table memory per thread, in MiB.
    pub table_mib: usize,
    /// A progress bar over the layouts.
    pub progress: bool,
}

/// `cardtree bridge lead`: values every card of the leader's hand and reports where
/// `output` says.
pub fn command(o: &Options, output: &Output) -> Result<(), Error> {
    let (problem, run) = prepare(o)?;
    let e = evaluate(&problem, &run)?;
    output.emit(&if output.json {
        format!("{}\n", to_json(&e, &run.method, o.objective)?)
    } else {
        to_text(&e, &problem, &run.method, o.objective)
    })
}

/// The lead problem and the run `o` describes: the leader's hand checked, the constraints
/// read (a bad one named with a `^` at the fault), the method made.
pub fn prepare(o: &Options) -> Result<(LeadProblem, Run), Error> {
    let leader = o.declarer.next();
    if let Some(s) = o.seat.filter(|&s| s != leader) {
        return Err(invalid!(
            "--seat {s} does not lead against {}: the opening leader is {leader}",
            o.declarer
        ));
    }
    let hand = cardtree::pbn::hand(&o.hand, leader).context("--hand")?;
    if hand.len() != 13 {
        return Err(invalid!("--hand has {} cards, want 13", hand.len()));
    }
    let constraints: Constraints =
        o.constraints
            .parse()
            .map_err(|e: cardtree::bridge::ParseConstraintsError| {
                constraint_error(&o.constraints, &e)
            })?;
    let problem =
        LeadProblem::opening(hand, o.contract, o.declarer, constraints).map_err(Error::from)?;
    let method = Method::new(o.method, o.objective, o.playouts, o.c, o.p);
    let run = Run {
        method,
        samples: o.samples,
        seed: o.seed,
        max_tries: o.max_tries,
        threads: o.threads,
        table_mib: o.table_mib,
        progress: o.progress,
    };
    Ok((problem, run))
}

/// The card `objective` chooses (ISMCTS has no set chances: its own choice then).
#[must_use]
pub fn chosen(report: &LeadReport, objective: Objective) -> Option<Card> {
    report.best(objective).or(report.by_tricks)
}

/// One card of the JSON report.
#[derive(Serialize)]
struct CardJson {
    tricks: Fixed<6>,
    tricks_se: Fixed<6>,
    set: Fixed<6>,
    set_se: Fixed<6>,
    layouts: u32,
}

/// The JSON report of `cardtree bridge lead`.
#[derive(Serialize)]
struct LeadJson {
    best: Option<Shown<Card>>,
    objective: Shown<Objective>,
    best_tricks: Option<Shown<Card>>,
    best_set: Option<Shown<Card>>,
    cards: Ordered<Card, CardJson>,
    samples: u32,
    tries: u64,
    method: String,
    work: u64,
    memory_bytes: usize,
    ms: Fixed<1>,
}

/// One JSON object: `best` (the chosen card, `"SK"`), `objective`, `best_tricks`, `best_set`,
/// `cards` (each card -> `tricks`, `tricks_se`, `set`, `set_se`, `layouts`), `samples`,
/// `tries`, `method`, `work`, `memory_bytes`, `ms`.
pub fn to_json(e: &Evaluation, method: &Method, objective: Objective) -> Result<String, Error> {
    let r = &e.report;
    let report = LeadJson {
        best: chosen(r, objective).map(Shown),
        objective: Shown(objective),
        best_tricks: r.by_tricks.map(Shown),
        best_set: r.by_set.map(Shown),
        cards: Ordered(
            r.cards
                .iter()
                .map(|c| {
                    let card = CardJson {
                        tricks: Fixed(c.tricks),
                        tricks_se: Fixed(c.tricks_se),
                        set: Fixed(c.set),
                        set_se: Fixed(c.set_se),
                        layouts: c.layouts,
                    };
                    (c.card, card)
                })
                .collect(),
        ),
        samples: r.layouts,
        tries: r.tries,
        method: method.name(),
        work: e.work,
        memory_bytes: e.memory,
        ms: Fixed(Some(e.ms)),
    };
    serde_json::to_string(&report).map_err(Error::Json)
}

/// A table for people: every card with mean tricks and set chance and their 95 % intervals
/// (1.96 standard errors), the chosen card marked.
#[must_use]
pub fn to_text(
    e: &Evaluation,
    problem: &LeadProblem,
    method: &Method,
    objective: Objective,
) -> String {
    let r = &e.report;
    let best = chosen(r, objective);
    let mut out = format!(
        "{} leads, {} layouts ({} tries), {}, {:.2} s, {:.1} MiB a thread\n",
        problem.leader(),
        r.layouts,
        r.tries,
        method.name(),
        e.ms / 1e3,
        e.memory as f64 / f64::from(1 << 20)
    );
    let _ = writeln!(out, "card  tricks  +-95%    set   +-95%  layouts");
    let ci = |se: Option<f64>, scale: f64| {
        se.map_or("     -".to_string(), |s| {
            format!("{:6.2}", crate::stats::half_width(s) * scale)
        })
    };
    for c in &r.cards {
        let set = c
            .set
            .map_or("     -".to_string(), |p| format!("{:5.1}%", 100.0 * p));
        let mark = if Some(c.card) == best {
            "  <- best"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "{:<4} {:>7} {} {} {}% {:8}{mark}",
            c.card.to_string(),
            c.tricks.map_or("-".to_string(), |t| format!("{t:.3}")),
            ci(c.tricks_se, 1.0),
            set,
            ci(c.set_se, 100.0),
            c.layouts,
        );
    }
    let _ = writeln!(
        out,
        "best by mean tricks: {}; best by set chance: {}",
        r.by_tricks.map_or("-".to_string(), |c| c.to_string()),
        r.by_set.map_or("-".to_string(), |c| c.to_string())
    );
    out
}

/// The one-line message for a bad `--constraints` string: what is wrong, and the text with a
/// `^` before the character at fault.
#[must_use]
pub fn constraint_error(text: &str, e: &cardtree::bridge::ParseConstraintsError) -> Error {
    let mut at = e.at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let (before, after) = text.split_at(at);
    // Control characters escaped and at most 40 characters either side of the fault, so the
    // message stays one short line whatever the text holds.
    const AROUND: usize = 40;
    let skip = before.chars().count().saturating_sub(AROUND);
    let near_before: String = before.chars().skip(skip).collect();
    let near_after: String = after.chars().take(AROUND).collect();
    let message = format!(
        "--constraints: {} at character {}: \"{}{}^{}{}\"",
        e.kind,
        before.chars().count() + 1,
        if skip > 0 { "..." } else { "" },
        near_before.escape_debug(),
        near_after.escape_debug(),
        if after.chars().count() > AROUND {
            "..."
        } else {
            ""
        },
    );
    Error::described(message, *e)
}
