//! A-priori hand-class probabilities for the heuristic's one- to three-card hands.
//!
//! The papers (Arrington, Langley & Bogaerts, "Using Domain Knowledge to Improve Monte-Carlo
//! Tree Search Performance in Parameterized Poker Squares", AAAI 2016, "Domain Knowledge") say
//! only that they estimated such probabilities from the British point system. These are
//! estimated instead by self-play, in two steps: (1) the final-class frequencies over the ten
//! hands of 100,000 games of the rule-based player ([`RulePlayer`](super::RulePlayer): suits in
//! columns, ranks in rows); (2) the same frequencies over 100,000 games of the greedy heuristic
//! player ([`GreedyPlayer`](super::GreedyPlayer), tuned weights 0.1, 0.3, 0.85) using table
//! (1). Table (2) is the one below. Step (1) alone over-weights flushes (0.34: the rule player
//! builds them on purpose), and a greedy player guided by it scores 42 American points; guided
//! by table (2) it scores 79 (`cardtree pps play --player greedy --games 2000 --seed 1`).
//! Further rounds oscillate rather than converge, so the method stops after one.
//! Regenerate with `cargo run --release -p cardtree-host -- pps apriori --games 100000
//! --seed 1 --rounds 1`.

use super::hand::HandClass;

/// Games per step of the estimate (`--games`).
pub const APRIORI_GAMES: u32 = 100_000;

/// P(final class = c) by class id: the output of the command above (American scoring, which
/// only the greedy step looks at).
pub const APRIORI: [f64; HandClass::COUNT] = [
    3.381440e-1,
    3.947600e-1,
    8.987800e-2,
    5.457800e-2,
    2.172000e-2,
    7.741000e-2,
    1.902700e-2,
    2.921000e-3,
    1.365000e-3,
    1.970000e-4,
];
