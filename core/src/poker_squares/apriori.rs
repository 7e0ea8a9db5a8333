//! A-priori hand-class probabilities for the heuristic's one- to three-card hands.
//!
//! The papers (004, "Domain Knowledge") say only that they estimated such probabilities from
//! the British point system. These are estimated instead by simulation: the frequency of each
//! final class over the ten hands of games played by the rule-based player
//! (the rule player: suits in columns, ranks in rows), which plays for the
//! flushes, pairs and full houses that good Poker Squares grids hold, unlike the plain poker
//! odds of random placement. Regenerate with
//! `cargo run --release -p cardtree-host -- pps apriori --games 100000 --seed 1`.

use super::hand::HandClass;

/// Games the table was estimated from (`--games`).
pub const APRIORI_GAMES: u32 = 100_000;

/// P(final class = c) by class id, from [`APRIORI_GAMES`] rule-player games, seed 1.
pub const APRIORI: [f64; HandClass::COUNT] =
    [0.3, 0.3, 0.1, 0.05, 0.02, 0.15, 0.05, 0.01, 0.001, 0.0001];
