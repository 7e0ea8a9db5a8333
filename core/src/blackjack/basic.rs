//! [`Basic`]: play by a total-dependent basic-strategy [`Chart`] (the one
//! [`ChartSolver`](super::ChartSolver) computes for the rules in force).

use rand_core::Rng;

use super::{Action, Allowed, Blackjack, BlackjackError, Chart, Strategy};

/// `chart`'s action for the active hand of `game`, among its legal actions (a double,
/// surrender or split that is not allowed falls back as the chart's cell says).
pub fn basic_action(game: &Blackjack, chart: &Chart) -> Result<Action, BlackjackError> {
    let hand = game.active_hand().ok_or(BlackjackError::NotADecision)?;
    let up = game.up().ok_or(BlackjackError::NotADecision)?;
    let mut legal = heapless::Vec::new();
    game.legal_actions(&mut legal);
    if legal.is_empty() {
        return Err(BlackjackError::NotADecision);
    }
    let can = |a| legal.contains(&a);
    let allowed = Allowed {
        double: can(Action::Double),
        surrender: can(Action::Surrender),
        split: can(Action::Split),
    };
    let choice = chart.decide(hand, up, allowed);
    Ok(if can(choice) { choice } else { Action::Stand })
}

/// The "basic" player of "MCTS for Black Jack" (an undated student report, Part II): a
/// basic-strategy chart, for the rules in force when it comes from
/// [`ChartSolver`](super::ChartSolver).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Basic {
    chart: Chart,
}

impl Basic {
    /// The player of `chart`.
    #[must_use]
    pub const fn new(chart: Chart) -> Basic {
        Basic { chart }
    }

    /// Its chart.
    #[must_use]
    pub const fn chart(&self) -> &Chart {
        &self.chart
    }
}

impl Strategy for Basic {
    fn name(&self) -> &'static str {
        "basic"
    }

    fn decide<R: Rng + ?Sized>(
        &mut self,
        game: &Blackjack,
        _rng: &mut R,
    ) -> Result<Action, BlackjackError> {
        basic_action(game, &self.chart)
    }
}
