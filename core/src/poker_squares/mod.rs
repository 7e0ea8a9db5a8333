//! Parameterized Poker Squares, the game of the EAAI-2016 challenge, and the players of the
//! DePauw papers (Arrington, Langley and Bogaerts, `../shared/papers/004_*` and its draft
//! `001_*`).
//!
//! A shuffled deck deals 25 cards one at a time; each is placed for good in an empty cell of
//! a 5x5 grid, and the score is the sum of the ten row and column hands under a
//! [`PointSystem`] the player learns when the game starts. Hand classes and ace rules are
//! those of the challenge's framework ([`HandClass`]). [`PokerSquares`] implements
//! [`Game`](crate::Game) (one player, chance draws), so the generic searches apply.

mod apriori;
mod budget;
mod flat;
mod game;
mod greedy_player;
mod grid;
mod hand;
mod heuristic;
mod java_random;
mod mcts;
mod player;
mod points;
mod prune;
mod random_player;
mod rule_player;
mod rules;
mod simulate;
mod squash;

pub use apriori::{APRIORI, APRIORI_GAMES};
pub use budget::{Budget, Clock, NoClock};
pub use flat::FlatPlayer;
pub use game::PokerSquares;
pub use greedy_player::GreedyPlayer;
pub use grid::{CELLS, Grid, LINES, ParseGridError, SIZE, cells_of, lines_of};
pub use hand::{HandClass, HandSummary, classify};
pub use heuristic::{Evaluator, HeuristicConfig, LineCache, Possibility, possibilities};
pub use java_random::JavaRandom;
pub use mcts::{MctsConfig, MctsPlayer, MctsStats, PAPER_CP, Selection};
pub use player::{Placer, PlayError, play_game, shuffled_deck};
pub use points::{ParseSystemError, PointSystem, SystemKind};
pub use prune::{PruneRule, best_index};
pub use random_player::RandomPlayer;
pub use rule_player::RulePlayer;
pub use rules::simple_rule;
pub use simulate::{Simulation, simulate};
pub use squash::{AMERICAN_MAX, Squash};
