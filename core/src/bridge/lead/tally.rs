//! The tally of the layouts' values, card by card, and its report: means, chances to beat
//! the contract, their standard errors and the best card by each [`Objective`].

use crate::card::Card;
use crate::math;
use crate::spelled;

use super::{CardValues, LeadProblem, MAX_LEADS, Measure};

/// One card's sums over the layouts so far.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
struct Sums {
    card: Card,
    group: u8,
    n: u32,
    sum: f64,
    sum_sq: f64,
    sets: u32,
}

/// The running statistics of every lead over the layouts valued so far; add layouts in index
/// order for results that do not depend on how the work was split.
#[derive(Clone, Debug, PartialEq)]
pub struct LeadTally {
    cards: heapless::Vec<Sums, MAX_LEADS>,
    target: Option<u8>,
    measure: Measure,
    group_equals: bool,
    layouts: u32,
    tries: u64,
}

impl LeadTally {
    /// An empty tally of `problem`'s leads, of values that measure `measure` (under
    /// [`Measure::Set`], a problem with no contract is tallied as beaten nowhere).
    #[must_use]
    pub fn new(problem: &LeadProblem, group_equals: bool, measure: Measure) -> LeadTally {
        let mut cards = heapless::Vec::new();
        for (card, group) in problem.groups() {
            let _ = cards.push(Sums {
                card,
                group,
                n: 0,
                sum: 0.0,
                sum_sq: 0.0,
                sets: 0,
            });
        }
        LeadTally {
            cards,
            target: problem.target(),
            measure,
            group_equals,
            layouts: 0,
            tries: 0,
        }
    }

    /// Adds one layout's values (drawn in `tries` tries). Cards not in `values` are counted
    /// as not valued on this layout.
    pub fn add(&mut self, values: &CardValues, tries: u32) {
        self.layouts += 1;
        self.tries += u64::from(tries);
        let value_of = |card: Card| values.iter().find(|(c, _)| *c == card).map(|v| v.1);
        for i in 0..self.cards.len() {
            let Some(&Sums { card, group, .. }) = self.cards.get(i) else {
                continue;
            };
            let v = if self.group_equals {
                let (mut s, mut k) = (0.0, 0u32);
                for m in self.cards.iter().filter(|m| m.group == group) {
                    if let Some(v) = value_of(m.card) {
                        s += v;
                        k += 1;
                    }
                }
                (k > 0).then(|| s / f64::from(k))
            } else {
                value_of(card)
            };
            let (Some(v), Some(sums)) = (v, self.cards.get_mut(i)) else {
                continue;
            };
            sums.n += 1;
            sums.sum += v;
            sums.sum_sq += v * v;
            // A sampled value counts as beating the contract when it rounds to the target (a
            // verdict, when it rounds to 1).
            let set = match self.measure {
                Measure::Tricks => self.target.is_some_and(|t| v + 0.5 >= f64::from(t)),
                Measure::Set => v >= 0.5,
            };
            if set {
                sums.sets += 1;
            }
        }
    }

    /// The statistics so far and the best card under each objective.
    #[must_use]
    pub fn report(&self) -> LeadReport {
        let mut cards = heapless::Vec::new();
        for s in &self.cards {
            let n = f64::from(s.n);
            let mean = if s.n > 0 { s.sum / n } else { 0.0 };
            let tricks = (self.measure == Measure::Tricks).then_some(mean);
            let tricks_se = tricks.filter(|_| s.n >= 2).map(|_| {
                let var = ((s.sum_sq - n * mean * mean) / (n - 1.0)).max(0.0);
                math::sqrt(var / n)
            });
            let set = self
                .target
                .filter(|_| s.n > 0)
                .map(|_| f64::from(s.sets) / n);
            let set_se = set.map(|p| math::sqrt(p * (1.0 - p) / n));
            let _ = cards.push(CardLead {
                card: s.card,
                layouts: s.n,
                tricks,
                tricks_se,
                set,
                set_se,
            });
        }
        let mut report = LeadReport {
            cards,
            by_tricks: None,
            by_set: None,
            layouts: self.layouts,
            tries: self.tries,
        };
        if self.measure == Measure::Tricks {
            report.by_tricks = report.best_by(|c| (c.tricks.unwrap_or(0.0), c.set.unwrap_or(0.0)));
        }
        if self.target.is_some() {
            report.by_set = report.best_by(|c| (c.set.unwrap_or(0.0), c.tricks.unwrap_or(0.0)));
        }
        report
    }
}

/// Which number chooses the lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Objective {
    /// The most tricks for the defence on average (what the double-dummy error measures).
    Tricks,
    /// The best chance to beat the contract.
    Set,
}

spelled! {
    Objective, "objective";
    Tricks => "tricks", "The most tricks for the defence on average";
    Set => "set", "The best chance to beat the contract";
}

/// One card's result.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CardLead {
    /// The card.
    pub card: Card,
    /// Layouts that valued it (for ISMCTS: the root child's visits).
    pub layouts: u32,
    /// Mean tricks for the leader's side (`None` when the values were [`Measure::Set`]'s).
    pub tricks: Option<f64>,
    /// The standard error of `tricks` (`None` without tricks, below two layouts, or for
    /// ISMCTS).
    pub tricks_se: Option<f64>,
    /// The fraction of layouts on which it beats the contract (`None` without a contract).
    pub set: Option<f64>,
    /// Its binomial standard error, `sqrt(p (1 - p) / n)`.
    pub set_se: Option<f64>,
}

/// The leads valued: every card, and the choice under each objective.
#[derive(Clone, Debug, PartialEq)]
pub struct LeadReport {
    /// Every card of the leader, in [`LeadProblem::hand`]'s order (spades first, high first).
    pub cards: heapless::Vec<CardLead, MAX_LEADS>,
    /// The card of most mean tricks (ties: best set chance, then the first listed); `None`
    /// without tricks.
    pub by_tricks: Option<Card>,
    /// The card of best set chance (ties: most tricks when they were measured, then the first
    /// listed); `None` without a contract.
    pub by_set: Option<Card>,
    /// Layouts valued.
    pub layouts: u32,
    /// Tries the layouts took (see [`Layouts::draw`](crate::bridge::Layouts::draw)).
    pub tries: u64,
}

impl LeadReport {
    /// The chosen card under `objective`.
    #[must_use]
    pub fn best(&self, objective: Objective) -> Option<Card> {
        match objective {
            Objective::Tricks => self.by_tricks,
            Objective::Set => self.by_set,
        }
    }

    /// The card of highest `key` among the valued ones, the first listed on ties.
    fn best_by(&self, key: impl Fn(&CardLead) -> (f64, f64)) -> Option<Card> {
        let mut best: Option<&CardLead> = None;
        for c in self.cards.iter().filter(|c| c.layouts > 0) {
            if best.is_none_or(|b| key(c) > key(b)) {
                best = Some(c);
            }
        }
        best.map(|c| c.card)
    }
}
