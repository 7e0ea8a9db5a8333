//! Bridge card play, double dummy: the [`BridgePlay`] game and the exact [`solve`]r.
//!
//! The table: the four [`Seat`]s (and [`BySeat`], one value a seat), a [`Deal`] of four hands
//! and its text in the Portable Bridge Notation ([`pbn`]).
//!
//! [`BridgePlay`] is a position of the play: four hands, the trump [`Strain`], the trick in
//! progress and the tricks each side has won. It implements [`Game`](crate::Game) with the four
//! seats as players and the two partnerships as sides (North-South side 0, East-West side 1),
//! so every search in [`crate::search`] plays bridge. [`solve`] gives the exact double-dummy
//! value of every card the player to move holds, [`solve_value`] the best value only, with a
//! [`TransTable`] over memory the caller provides.
//!
//! Questions a playing program asks: [`query`] answers which card is best, which are all
//! best, what every card is worth or which reach a target, by groups of equal cards (DDS's
//! `SolveBoard` questions).
//!
//! A hand as played: [`trace`] gives its double-dummy value before every card and after the
//! last, one [`TransTable`] serving every position.
//!
//! Hand records: [`dd_table`] gives the [`DdTable`] of a deal (the tricks each seat takes as
//! declarer in each strain), [`par`] its [`Par`] score and contracts for a dealer and
//! [`Vulnerability`], scored by the duplicate rules of [`Contract::score`]; [`sides_par`] the
//! par with each side bidding first (DDS's `Par` and `SidesPar`).
//!
//! Hidden hands: [`Layouts`] draws the unseen hands uniformly among those that fit what is
//! known ([`Constraints`] of points and suit lengths); [`evaluate_leads`] values every lead on
//! sampled layouts with the solver or McKay's UCT, and [`ismcts_lead`] searches one tree over
//! the leader's information set.

mod auction;
mod constraints;
mod dd_table;
mod deal;
mod judge;
mod layout;
mod lead;
mod par;
pub mod pbn;
mod play;
mod query;
mod review;
mod score;
mod seat;
mod sides_par;
mod solver;
mod strain;
mod trace;
mod view;
mod vulnerability;

pub use auction::{Auction, AuctionError, Call, Declared, MAX_CALLS, ParseCallError};
pub use constraints::{
    ConstraintErrorKind, Constraints, HandConstraint, MAX_HCP, ParseConstraintsError, Span,
    high_card_points,
};
pub use dd_table::{DdSolution, DdTable, dd_table, dd_table_in, dd_table_with};
pub use deal::{Deal, Overlap};
pub use judge::{CardOdds, DUBIOUS, JudgeConfig, Judgement, MISTAKE, Verdict, judge};
pub use layout::{DEFAULT_MAX_TRIES, Drawn, LayoutError, Layouts};
pub use lead::{
    CardLead, CardValues, LayoutEvaluator, LeadConfig, LeadError, LeadInformationSet, LeadProblem,
    LeadReport, LeadTally, MAX_LEADS, Measure, Objective, SolverEvaluator, UctEvaluator,
    evaluate_layout, evaluate_leads, ismcts_lead,
};
pub use par::{Declarers, Par, ParContract, par};
pub use play::{BridgePlay, PositionError, trick_winner};
pub use query::{
    CardQuery, CardScore, Goal, Listed, QueryAnswer, Score, equal_cards, query, query_with,
};
pub use review::{CardReview, ClaimReview, Review, Role, review, review_with};
pub use score::{Contract, LevelError, ParseContractError, Penalty, undertricks};
pub use seat::{BySeat, ParseSeatError, Seat};
pub use sides_par::{SideContract, SidePar, SidesPar, sides_par};
pub use solver::{
    Reaching, Solution, SolveStats, SolverConfig, TableMemory, TableStats, TransTable, TtLine,
    Value, first_reaching, solve, solve_reaching, solve_value, solve_value_with, solve_with,
};
pub use strain::{ParseStrainError, Strain};
pub use trace::{MAX_TRACE, Trace, TraceError, play_out, trace, trace_with};
pub use view::{PlayView, ViewError};
pub use vulnerability::{ParseVulnerabilityError, Vulnerability, dealer_of_board};
