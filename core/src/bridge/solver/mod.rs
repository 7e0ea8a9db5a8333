//! The exact double-dummy solver.
//!
//! Built from the techniques of the fastest solvers, DDS (Haglund & Hein) and macroxue's
//! bridge-solver, as `docs/solver-notes.md` sets them out from their public
//! sources; the code is cardtree's own. One concept a file:
//!
//! - [`driver`]: [`solve`] (every card of the player to move), [`solve_reaching`] (whether
//!   each card reaches a number of tricks) and [`solve_value`] (the best value only), exact
//!   values from fail-soft zero-window searches;
//! - [`search`]: the zero-window alpha-beta that also returns *rank winners*, the cards whose
//!   ranks mattered, so one stored result covers every position differing below them;
//! - [`pattern`]: positions as owners of relative ranks, cut below the ranks that mattered;
//! - [`quick`] and [`later`]: sure tricks counted at the start of a trick;
//! - [`moves`]: move ordering and the cut-off card hints;
//! - [`table`]: the transposition table, an arena in memory the caller provides;
//! - [`owners`]: the seat of each card of a position, and whether two positions are of one
//!   deal;
//! - [`bits`]: cards as bits: suits, runs of equal cards, which card beats which, the trump
//!   suit (or none) as a type.
//!
//! Every technique can be switched off in a [`SolverConfig`] (they are all on by default), to
//! measure what each is worth; the answer never changes, only the work.

pub(crate) mod bits;
mod driver;
mod later;
mod moves;
mod owners;
mod pattern;
mod quick;
mod search;
mod table;

pub(crate) use bits::Trump;
pub use driver::{
    Value, first_reaching, solve, solve_reaching, solve_value, solve_value_with, solve_with,
};
pub(crate) use driver::{first_target, guess_hundredths, solve_value_from, solve_value_within};
pub use table::{TableMemory, TableStats, TransTable, TtLine};

use crate::card::Card;

/// The solver's techniques, each on by default; switching one off changes the work a solve
/// does, never its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[allow(clippy::struct_excessive_bools)] // one switch a technique, for ablation
pub struct SolverConfig {
    /// Probe and fill the transposition table at the start of each trick. Default on.
    pub table: bool,
    /// Let a stored result cover every position that differs only below the ranks that won
    /// tricks (partition search); off, a result covers its exact position only. Default on.
    pub rank_winners: bool,
    /// Count the sure tricks of the side on lead at the start of each trick. Default on.
    pub quick_tricks: bool,
    /// Count the sure later tricks of the other side (and trump positions). Default on.
    pub later_tricks: bool,
    /// Order moves by bridge heuristics (else by suit and rank). Default on.
    pub move_ordering: bool,
    /// Try first the card that last caused a cut-off in a similar spot. Default on.
    pub cutoff_cards: bool,
    /// Try one card of a run of equal cards (no other hand's card between them). Default on.
    pub equivalent_cards: bool,
    /// Skip the cards of a suit below every rank that mattered to a card tried (needs
    /// `rank_winners`). Default on.
    pub irrelevant_cards: bool,
}

impl SolverConfig {
    /// Every technique on.
    pub const ALL: SolverConfig = SolverConfig {
        table: true,
        rank_winners: true,
        quick_tricks: true,
        later_tricks: true,
        move_ordering: true,
        cutoff_cards: true,
        equivalent_cards: true,
        irrelevant_cards: true,
    };
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig::ALL
    }
}

/// The value of every card of the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Each legal card, highest first (spades to clubs), with the tricks the mover's side takes
    /// from this point on (the trick in progress included) if it is played and everyone then
    /// plays double-dummy perfectly.
    pub cards: heapless::Vec<(Card, u8), 13>,
    /// The most tricks the mover's side can take: the best card's value (0 at the end).
    pub best: u8,
    /// The work done.
    pub stats: SolveStats,
}

/// Whether each card of the player to move reaches a number of tricks ([`solve_reaching`],
/// [`first_reaching`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reaching {
    /// Each legal card ([`first_reaching`]: each tested), highest first (spades to clubs), and
    /// whether the mover's side takes at least `target` tricks from this point on if it is
    /// played (double-dummy play by all).
    pub cards: heapless::Vec<(Card, bool), 13>,
    /// The tricks asked for.
    pub target: u8,
    /// The work done.
    pub stats: SolveStats,
}

/// What a solve cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SolveStats {
    /// Positions (card plays) searched.
    pub nodes: u64,
    /// Tricks completed in the search (fourth cards played): the unit DDS reports as its
    /// nodes.
    pub tricks: u64,
    /// Zero-window searches run.
    pub tests: u32,
    /// Stack the search used below the solve's frame, in bytes (measured from the addresses
    /// of locals at the root and at the deepest node; an estimate of the peak).
    pub stack_bytes: usize,
    /// What the transposition table did during the solve.
    pub table: TableStats,
}

impl SolveStats {
    /// Adds the work of another solve to this one (the stack is the larger of the two).
    pub fn add(&mut self, other: &SolveStats) {
        self.nodes = self.nodes.saturating_add(other.nodes);
        self.tricks = self.tricks.saturating_add(other.tricks);
        self.tests = self.tests.saturating_add(other.tests);
        self.stack_bytes = self.stack_bytes.max(other.stack_bytes);
        self.table.add(&other.table);
    }
}
