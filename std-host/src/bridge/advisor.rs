//! `cardtree bridge lead`, the opening-lead advisor: the leader's hand, the contract and what
//! the auction told become a [`LeadProblem`]; every card is valued on sampled layouts
//! ([`crate::bridge::lead`]) and reported for people or as JSON.

use std::fmt::Write as _;

use cardtree::Card;
use cardtree::bridge::{Constraints, LeadProblem, LeadReport, Objective};

use serde::Serialize;

use crate::bridge::lead::{Evaluation, Method, Run, evaluate};
use crate::bridge::lead_spec::LeadSpec;
use crate::error::{Context, Error};
use crate::json::{Fixed, Ordered, Shown};
use crate::output::Output;

/// `cardtree bridge lead`: values every card of the leader's hand and reports where
/// `output` says.
pub fn command(o: &LeadSpec, progress: bool, output: &Output) -> Result<(), Error> {
    let (problem, run) = prepare(o, progress)?;
    let e = evaluate(&problem, &run)?;
    output.emit(&if output.json {
        format!("{}\n", to_json(&e, &run.method, o.objective)?)
    } else {
        to_text(&e, &problem, &run.method, o.objective)
    })
}

/// The lead problem and the run `o` describes (its hand, seat and constraints were checked
/// when it was made), with a progress bar over the layouts if `progress`.
pub fn prepare(o: &LeadSpec, progress: bool) -> Result<(LeadProblem, Run), Error> {
    let hand = cardtree::pbn::hand(&o.hand, o.declarer.next()).context("hand")?;
    let constraints: Constraints = o.constraints.parse().context("constraints")?;
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
        progress,
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
