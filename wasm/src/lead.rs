//! The opening-lead advisor, layout by layout, so a page can show its progress and stop it:
//! the leader's hand, the contract and what the auction told become the layouts of the unseen
//! hands, each valued by the solver (or McKay's UCT), as `cardtree bridge lead` does
//! (`std-host/src/bridge/advisor.rs`, `lead.rs`); the report is its `--json`.

use cardtree::bridge::{LeadProblem, Objective};
use cardtree_host::bridge::advisor;
use cardtree_host::bridge::lead::{
    Evaluation, Method, Run, Tallied, Worker, evaluate, value_layout,
};
use cardtree_host::bridge::lead_spec::LeadSpec;
use wasm_bindgen::prelude::*;

use crate::js::{error, parsed, whole};

/// One advisor's run: the problem, the layouts valued so far and their tally.
#[wasm_bindgen]
#[derive(Debug)]
pub struct LeadAdvisor {
    problem: LeadProblem,
    run: Run,
    objective: Objective,
    /// The layouts valued so far, tallied as the command line tallies them.
    tallied: Tallied,
    worker: Worker,
    /// Layouts valued.
    done: u32,
    /// ISMCTS's evaluation: one search over all layouts, made by the first `step`.
    whole: Option<Evaluation>,
}

#[wasm_bindgen]
impl LeadAdvisor {
    /// The advisor for `spec`, `cardtree bridge lead`'s options in camelCase: `{hand,
    /// contract, seat, declarer, constraints, samples, method, playouts, c, p, seed, objective,
    /// maxTries, threads, tableMib}` (`hand` and `contract` needed; the rest default as on the
    /// command line; one spec gives both). A bad option, hand, contract or constraint throws,
    /// naming the field.
    #[wasm_bindgen(constructor)]
    pub fn new(spec: JsValue) -> Result<LeadAdvisor, JsError> {
        let o: LeadSpec = crate::spec::read("lead", &spec)?;
        let (problem, run) = advisor::prepare(&o, false).map_err(error)?;
        let worker = Worker::for_method(&run.method, run.table_mib);
        let tallied = Tallied::new(&problem, &run.method);
        Ok(LeadAdvisor {
            problem,
            run,
            objective: o.objective,
            tallied,
            worker,
            done: 0,
            whole: None,
        })
    }

    /// Layouts to value in all (1 for ISMCTS, whose one search draws its own).
    #[wasm_bindgen(getter)]
    pub fn samples(&self) -> u32 {
        match self.run.method {
            Method::Ismcts { .. } => 1,
            _ => self.run.samples,
        }
    }

    /// Layouts valued so far.
    #[wasm_bindgen(getter)]
    pub fn done(&self) -> u32 {
        match self.run.method {
            Method::Ismcts { .. } => u32::from(self.whole.is_some()),
            _ => self.done,
        }
    }

    /// Values up to `count` more layouts; returns how many are done in all. Layout `i` is
    /// drawn from stream (`seed`, `i`): the report is the command line's whatever the steps.
    pub fn step(&mut self, count: f64) -> Result<u32, JsError> {
        let count = u32::try_from(whole(count, "count", u32::MAX as usize)?).unwrap_or(u32::MAX);
        if let Method::Ismcts { .. } = self.run.method {
            if self.whole.is_none() {
                self.whole = Some(evaluate(&self.problem, &self.run).map_err(error)?);
            }
            return Ok(self.done());
        }
        let end = self.run.samples.min(self.done.saturating_add(count));
        while self.done < end {
            let r = value_layout(
                &self.problem,
                &self.run.method,
                self.run.seed,
                u64::from(self.done),
                self.run.max_tries,
                &mut self.worker,
            )
            .map_err(error)?;
            self.tallied.add(&r);
            self.done += 1;
        }
        Ok(self.done)
    }

    /// The report on the layouts valued so far: `cardtree bridge lead --json`'s object
    /// (`best`, `cards` with each card's `tricks`, `set` and their standard errors, ...).
    pub fn report(&self) -> Result<JsValue, JsError> {
        let e = match &self.whole {
            Some(e) => e.clone(),
            None => self.tallied.evaluation(None),
        };
        parsed(&advisor::to_json(&e, &self.run.method, self.objective).map_err(error)?)
    }
}
