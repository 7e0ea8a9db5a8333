//! The strategy card computed a part at a time: the chart and its value, then the return of
//! perfect composition-dependent play, then the hands where that departs from the chart.
//! [`card`] runs the parts in one go; the page steps them,
//! showing how far it is and stopping between parts.

use cardtree::blackjack::{ChartSolver, ChartValue, MEMO_SLOTS, Oracle, Rules, Shoe, Slot};
use web_time::Instant;

use crate::blackjack::strategy::{Exception, StrategyCard, exceptions};
use crate::error::{Context, Error};

/// The parts computed so far of one strategy card.
#[derive(Debug)]
pub struct CardSteps {
    rules: Rules,
    shoe: Shoe,
    slots: Vec<Slot>,
    start: Instant,
    value: Option<ChartValue>,
    optimum: Option<f64>,
}

impl CardSteps {
    /// The parts in all: the chart, perfect play, the exceptions.
    pub const PARTS: u32 = 3;

    /// Nothing computed yet for `rules` (a standard shoe of their decks).
    pub fn new(rules: Rules) -> Result<CardSteps, Error> {
        Ok(CardSteps {
            rules,
            shoe: Shoe::standard(rules.decks).map_err(Error::from)?,
            slots: vec![Slot::EMPTY; MEMO_SLOTS],
            start: Instant::now(),
            value: None,
            optimum: None,
        })
    }

    /// The parts done.
    #[must_use]
    pub fn done(&self) -> u32 {
        u32::from(self.value.is_some()) + u32::from(self.optimum.is_some())
    }

    /// Computes the next part; after the last, the card.
    pub fn step(&mut self) -> Result<Option<StrategyCard>, Error> {
        let Some(value) = &self.value else {
            let value = ChartSolver::new(self.rules, &mut self.slots)
                .and_then(|mut s| s.solve(&self.shoe))
                .context("strategy")?;
            self.value = Some(value);
            return Ok(None);
        };
        let Some(optimum) = self.optimum else {
            let optimum = Oracle::new(self.rules, &mut self.slots)
                .and_then(|mut o| o.round(&self.shoe))
                .context("strategy")?
                .total;
            self.optimum = Some(optimum);
            return Ok(None);
        };
        let found: Vec<Exception> =
            exceptions(self.rules, &self.shoe, &value.chart, &mut self.slots)
                .context("strategy")?;
        Ok(Some(StrategyCard {
            rules: self.rules,
            value: *value,
            optimum,
            exceptions: found,
            seconds: self.start.elapsed().as_secs_f64(),
        }))
    }
}

/// Computes the card for `rules` from a full shoe, every part in one go.
pub fn card(rules: Rules) -> Result<StrategyCard, Error> {
    let mut steps = CardSteps::new(rules)?;
    loop {
        if let Some(card) = steps.step()? {
            return Ok(card);
        }
    }
}
