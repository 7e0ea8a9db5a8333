//! How long a player may think: iterations per move (deterministic) or a time budget per game
//! read from a clock the host passes in (the core has no clock of its own).

/// A source of the current time in microseconds, from any fixed origin.
pub trait Clock {
    /// Microseconds since the clock's origin; must not go backwards.
    fn micros(&self) -> u64;
}

/// A clock that never moves: for iteration budgets, which never read it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoClock;

impl Clock for NoClock {
    fn micros(&self) -> u64 {
        0
    }
}

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
