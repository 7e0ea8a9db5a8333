//! Self-check: fixed, seeded scenarios whose [`Digest`]s must be identical on every machine.
//!
//! Each [`Scenario`] runs one search on fixed inputs with a fixed seed and feeds everything it
//! computed (values as `f64`/`f32` bit patterns, visit counts, chosen moves, node counts) into
//! a 64-bit FNV-1a [`Digest`]. The host and the Cortex-M firmware (`core/firmware/`) run the
//! same [`SCENARIOS`] over the same [`Arena`] sizes and print one [`Report`] line each; the
//! `qemu` test compares the lines bit for bit.
//!
//! Scenarios take their memory from an [`Arena`] the caller owns (a `static` in the firmware,
//! a `Box` on the host) and start from a clean state whatever the arena held, so each scenario
//! gives the same digest run alone or after the others.
//!
//! **Adding a scenario** (e.g. when a game lands): write a function
//! `fn(&mut Arena) -> Result<Check, Failure>` in `scenarios.rs` (or the game's own module) and
//! add one line to [`SCENARIOS`]:
//! `Scenario::new("name", "unit of work", bytes of the arena it uses, function),`. A scenario
//! needing a tree of a new move type adds a field to [`Arena`] (which every target then holds).

mod digest;
mod scenarios;

use core::fmt;

pub use digest::Digest;

use crate::blackjack::{BlackjackError, MctsConfig, MctsPlayer};
use crate::bridge::pbn::PbnError;
use crate::bridge::{LeadError, PositionError, TtLine};
use crate::card::Card;
use crate::poker_squares::{
    LearnedValues, ParseNetError, ParseValuesError, PlayError, PointSystem,
};
use crate::search::SearchError;
use crate::tree::Tree;

/// The seed of every randomised scenario (each uses its own [`rng::stream`](crate::rng::stream)
/// task).
pub const SEED: u64 = 2024;

/// Nodes of [`Arena::small_tree`] (one-byte moves: tic-tac-toe, Poker Squares): 2048 nodes,
/// 32 KiB.
pub const SMALL_TREE_NODES: usize = 2048;
/// Nodes of [`Arena::card_tree`]: 4096 nodes, 64 KiB.
pub const CARD_TREE_NODES: usize = 4096;
/// Lines of [`Arena::table`], the solver's transposition table: 320 lines of 64 bytes, 20 KiB.
pub const TABLE_LINES: usize = 320;

/// Bytes of [`Arena::small_tree`].
pub const SMALL_TREE_BYTES: usize = core::mem::size_of::<Tree<u8, SMALL_TREE_NODES>>();
/// Bytes of [`Arena::card_tree`].
pub const CARD_TREE_BYTES: usize = core::mem::size_of::<Tree<Card, CARD_TREE_NODES>>();
/// Bytes of [`Arena::table`].
pub const TABLE_BYTES: usize = core::mem::size_of::<[TtLine; TABLE_LINES]>();
/// Lines of [`Arena::deal_table`], the table for solving a whole deal: 8192 lines, 512 KiB.
pub const DEAL_TABLE_LINES: usize = 8192;
/// Bytes of [`Arena::deal_table`].
pub const DEAL_TABLE_BYTES: usize = core::mem::size_of::<[TtLine; DEAL_TABLE_LINES]>();
/// Nodes of [`Arena::blackjack_mcts`], the Blackjack MCTS player's open-loop tree: 2048
/// nodes of 20 bytes, 40 KiB (100 playouts a decision, each expanding a decision or two of
/// five children, add about a thousand at most).
pub const BLACKJACK_MCTS_NODES: usize = 2048;
/// Bytes of [`Arena::blackjack_mcts`].
pub const BLACKJACK_MCTS_BYTES: usize = core::mem::size_of::<MctsPlayer<BLACKJACK_MCTS_NODES>>();

/// Bytes of [`Arena::pps_values`], a learned Poker Squares table (four bytes a state).
pub const PPS_VALUES_BYTES: usize = core::mem::size_of::<LearnedValues>();

/// The scenarios, in the order they run and print: one line each (`rustfmt::skip` keeps it
/// so), `Scenario::new(name, unit of work, arena bytes used, function)`.
#[rustfmt::skip]
pub const SCENARIOS: &[Scenario] = &[
    Scenario::new("ttt-alphabeta", "nodes", 0, scenarios::ttt_alpha_beta),
    Scenario::new("ttt-uct", "iterations", SMALL_TREE_BYTES, scenarios::ttt_uct),
    Scenario::new("bridge-uct-p1", "iterations", CARD_TREE_BYTES, scenarios::bridge_uct_p1),
    Scenario::new("bridge-uct-p5", "iterations", CARD_TREE_BYTES, scenarios::bridge_uct_p5),
    Scenario::new("bridge-solve", "nodes", TABLE_BYTES, scenarios::bridge_solve),
    Scenario::new("bridge-deal", "nodes", DEAL_TABLE_BYTES, scenarios::bridge_deal_leads),
    Scenario::new("bridge-table", "nodes", DEAL_TABLE_BYTES, scenarios::bridge_table),
    Scenario::new("bridge-lead", "layouts", TABLE_BYTES + CARD_TREE_BYTES, scenarios::bridge_lead),
    Scenario::new("blackjack-mcts", "playouts", BLACKJACK_MCTS_BYTES, scenarios::blackjack_mcts),
    Scenario::new("pps-mcts", "iterations", SMALL_TREE_BYTES, scenarios::pps_mcts),
    Scenario::new("pps-learned", "games", PPS_VALUES_BYTES, scenarios::pps_learned),
    Scenario::new("pps-net", "games", 0, scenarios::pps_net),
];

/// The memory the scenarios search in: every tree and table, sized for a microcontroller.
///
/// About 798 KiB ([`Arena::BYTES`]; 512 KiB of it the whole-deal solver table, 122 KiB a
/// learned Poker Squares table); scenarios use
/// one buffer each (see [`Scenario::arena_bytes`]). All-zero bytes are a valid arena (the
/// trees' blank nodes and the table's lines are zeros), which lets the firmware keep it in
/// `.bss`.
#[derive(Clone, Debug)]
pub struct Arena {
    /// The tree of one-byte-move games (tic-tac-toe, Poker Squares placements).
    pub small_tree: Tree<u8, SMALL_TREE_NODES>,
    /// The tree of card games (bridge).
    pub card_tree: Tree<Card, CARD_TREE_NODES>,
    /// The bridge solver's transposition table for endings.
    pub table: [TtLine; TABLE_LINES],
    /// The bridge solver's transposition table for a whole deal.
    pub deal_table: [TtLine; DEAL_TABLE_LINES],
    /// The Blackjack MCTS player (its tree and statistics).
    pub blackjack_mcts: MctsPlayer<BLACKJACK_MCTS_NODES>,
    /// A learned Poker Squares table, parsed from the committed text in flash.
    pub pps_values: LearnedValues,
}

impl Arena {
    /// The arena's size in bytes.
    pub const BYTES: usize = core::mem::size_of::<Arena>();

    /// An empty arena; `const`, so it can initialise a `static`.
    #[must_use]
    pub const fn new() -> Arena {
        Arena {
            small_tree: Tree::new(),
            card_tree: Tree::new(),
            table: [TtLine::ZERO; TABLE_LINES],
            deal_table: [TtLine::ZERO; DEAL_TABLE_LINES],
            blackjack_mcts: MctsPlayer::new(MctsConfig::new()),
            pps_values: LearnedValues::empty(PointSystem::new([0; 10])),
        }
    }
}

impl Default for Arena {
    fn default() -> Self {
        Arena::new()
    }
}

/// What a scenario computed: its digest and how much work it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Check {
    /// The [`Digest`] of everything computed.
    pub digest: u64,
    /// The work done, in the scenario's [`unit`](Scenario::unit).
    pub work: u64,
}

/// Why a scenario failed (on any machine it is a bug: the inputs are fixed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Failure {
    /// A search failed.
    Search(SearchError),
    /// A fixed bridge position was rejected.
    Position(PositionError),
    /// A fixed PBN string was rejected.
    Pbn(PbnError),
    /// A committed learned table was rejected.
    Values(ParseValuesError),
    /// A committed network was rejected.
    Net(ParseNetError),
    /// A fixed parameter or move was rejected.
    Setup,
    /// A Blackjack round failed.
    Blackjack(BlackjackError),
    /// A Poker Squares game failed.
    PokerSquares(PlayError),
    /// A lead evaluation failed.
    Lead(LeadError),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Search(e) => write!(f, "search: {e}"),
            Failure::Position(e) => write!(f, "position: {e}"),
            Failure::Pbn(e) => write!(f, "pbn: {e}"),
            Failure::Values(e) => write!(f, "learned values: {e}"),
            Failure::Net(e) => write!(f, "network: {e}"),
            Failure::Setup => f.write_str("a fixed parameter or move was rejected"),
            Failure::Blackjack(e) => write!(f, "blackjack: {e}"),
            Failure::PokerSquares(e) => write!(f, "poker squares: {e}"),
            Failure::Lead(e) => write!(f, "lead: {e}"),
        }
    }
}

impl core::error::Error for Failure {}

impl From<SearchError> for Failure {
    fn from(e: SearchError) -> Self {
        Failure::Search(e)
    }
}

impl From<LeadError> for Failure {
    fn from(e: LeadError) -> Self {
        Failure::Lead(e)
    }
}

impl From<PositionError> for Failure {
    fn from(e: PositionError) -> Self {
        Failure::Position(e)
    }
}

impl From<BlackjackError> for Failure {
    fn from(e: BlackjackError) -> Self {
        Failure::Blackjack(e)
    }
}

impl From<PbnError> for Failure {
    fn from(e: PbnError) -> Self {
        Failure::Pbn(e)
    }
}

/// One self-check scenario.
#[derive(Clone, Copy, Debug)]
pub struct Scenario {
    /// Its name, printed first on its line (no spaces).
    pub name: &'static str,
    /// What [`Check::work`] counts (`nodes`, `iterations`).
    pub unit: &'static str,
    /// The bytes of the [`Arena`] it uses (its buffers' full sizes).
    pub arena_bytes: usize,
    /// Runs it.
    pub run: fn(&mut Arena) -> Result<Check, Failure>,
}

impl Scenario {
    /// A scenario; `const` so that [`SCENARIOS`] is a constant table.
    #[must_use]
    pub const fn new(
        name: &'static str,
        unit: &'static str,
        arena_bytes: usize,
        run: fn(&mut Arena) -> Result<Check, Failure>,
    ) -> Scenario {
        Scenario {
            name,
            unit,
            arena_bytes,
            run,
        }
    }

    /// Runs the scenario in `arena`; its [`Report`] prints its line.
    pub fn check(&self, arena: &mut Arena) -> Report<'_> {
        Report {
            scenario: self,
            result: (self.run)(arena),
        }
    }
}

/// The index in [`SCENARIOS`] of the scenario called `name`; `const`, so firmware built for
/// one scenario links that one only.
#[must_use]
pub const fn position(name: &str) -> Option<usize> {
    let mut i = 0;
    while i < SCENARIOS.len() {
        if str_eq(SCENARIOS[i].name, name) {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// `a == b`, in a `const fn`.
const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// A scenario's outcome; its [`Display`](fmt::Display) is the line the host and the firmware
/// print: `name digest=<16 hex digits> work=<n> <unit>`, or `name error: <why>`.
#[derive(Clone, Copy, Debug)]
pub struct Report<'a> {
    /// The scenario.
    pub scenario: &'a Scenario,
    /// What it computed.
    pub result: Result<Check, Failure>,
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.scenario;
        match self.result {
            Ok(c) => write!(
                f,
                "{} digest={:016x} work={} {}",
                s.name, c.digest, c.work, s.unit
            ),
            Err(e) => write!(f, "{} error: {e}", s.name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found() {
        for (i, s) in SCENARIOS.iter().enumerate() {
            assert_eq!(position(s.name), Some(i));
            assert!(!s.name.contains(' '));
        }
        assert_eq!(position("no-such-scenario"), None);
    }

    #[test]
    fn every_scenario_passes_and_repeats_alone() {
        let mut arena = Arena::new();
        let mut first: heapless::Vec<_, 16> = heapless::Vec::new();
        for s in SCENARIOS {
            let r = s.check(&mut arena).result;
            assert!(r.is_ok(), "{}: {r:?}", s.name);
            first.push(r).unwrap();
        }
        // Again in reverse order, over what the others left: the same digests.
        for (s, r) in SCENARIOS.iter().zip(&first).rev() {
            assert_eq!(s.check(&mut arena).result, *r, "{}", s.name);
        }
    }
}
