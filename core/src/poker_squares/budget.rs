//! How long a player may think: iterations per move (deterministic) or a time budget per game
//! read from a [`Clock`](crate::search::Clock) the host passes in (the core has no clock of
//! its own).

/// A search budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Budget {
    /// This many iterations (playouts) for every searched move: the same bits on every machine.
    Iterations(u32),
    /// This many microseconds for the whole game, shared out evenly over the moves still to
    /// search (Arrington, Langley & Bogaerts, "Using Domain Knowledge to Improve Monte-Carlo
    /// Tree Search Performance in Parameterized Poker Squares", AAAI 2016: 30 s per game).
    GameMicros(u64),
}

impl Budget {
    /// The papers' budget: 30 seconds per game (Arrington et al. 2016, "MCTS Application to
    /// PPS").
    pub const PAPER: Budget = Budget::GameMicros(30_000_000);
}
