//! Blackjack: the rules ([`Rules`]), shoes as compositions ([`Shoe`], [`ShoePreset`]), one
//! round as a [`Game`](crate::Game) ([`Blackjack`]), the dealer's exact outcome probabilities
//! ([`dealer_outcomes`]), an exact expected-value oracle ([`Oracle`]) and the players of "MCTS
//! for Black Jack" (an undated student report, its author not named; "the paper" below):
//! [`MctsPlayer`], [`Timid`], [`Basic`], [`DealerLike`] (the paper's "default"), plus [`Optimal`]
//! play by the oracle.
//!
//! ```
//! use cardtree::blackjack::{dealer_outcomes, Oracle, Pip, Rules, Shoe, Slot, MEMO_SLOTS};
//!
//! // The dealer's chances with a 6 up, from one deck less the 6.
//! let mut shoe = Shoe::standard(1)?;
//! shoe.remove(Pip::Six)?;
//! let d = dealer_outcomes(&shoe, Pip::Six, false, false)?;
//! assert!((d.bust() - 0.42082).abs() < 5e-6);
//!
//! // The value of a single-deck round under optimal play, in bets.
//! let mut slots = vec![Slot::EMPTY; MEMO_SLOTS];
//! let rules = Rules { decks: 1, ..Rules::new() };
//! let ev = Oracle::new(rules, &mut slots)?.round(&Shoe::standard(1)?)?;
//! assert!(ev.total > 0.0 && ev.total < 0.003);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod action;
mod basic;
mod chart;
mod chart_solver;
mod dealer;
mod decisions;
mod error;
mod game;
mod hand;
mod mcts;
mod memo;
mod oracle;
mod pip;
mod players;
mod resplit;
mod round;
mod rules;
mod shoe;

pub use action::{Action, Move};
pub use basic::{Basic, basic_action};
pub use chart::{Allowed, Cell, Chart, ChartRow};
pub use chart_solver::{ChartSolver, ChartValue, MAX_SWEEPS};
pub use dealer::{
    BLACKJACK, BUST, DealerCache, DealerOutcomes, dealer_hits, dealer_outcomes,
    dealer_outcomes_cached,
};
pub use decisions::{DECISION_SLOTS, Decision};
pub use error::BlackjackError;
pub use game::{Blackjack, MAX_HANDS, Stage};
pub use hand::Hand;
pub use mcts::{MctsConfig, MctsPlayer, MctsStats, Rollout};
pub use memo::Slot;
pub use oracle::{ActionValues, MEMO_SLOTS, Oracle, RoundValue, SplitPlay};
pub use pip::Pip;
pub use players::{Audit, DealerLike, Optimal, Strategy, Timid};
pub use round::{CardOrder, RoundResult, play_round};
pub use rules::Rules;
pub use shoe::{Shoe, ShoePreset};
