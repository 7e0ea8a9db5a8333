//! Parameterized Poker Squares, the game of the EAAI-2016 challenge, and the players of the
//! DePauw papers: Robert Arrington, Clay Langley and Steven Bogaerts, "Using Domain Knowledge
//! to Improve Monte-Carlo Tree Search Performance in Parameterized Poker Squares" (AAAI
//! 2016; "the paper", "Arrington et al. 2016"), and its draft under the same title (Steven
//! Bogaerts, Robert Arrington and Clay Langley, 2015; "the draft").
//!
//! A shuffled deck deals 25 cards one at a time; each is placed for good in an empty cell of
//! a 5x5 grid, and the score is the sum of the ten row and column hands under a
//! [`PointSystem`] the player learns when the game starts. Hand classes and ace rules are
//! those of the challenge's framework ([`HandClass`]). [`PokerSquares`] implements
//! [`Game`](crate::Game) (one player, chance draws), so the generic searches apply.
//!
//! Players: [`RandomPlayer`], [`RulePlayer`] (suits in columns, ranks in rows),
//! [`GreedyPlayer`] (best placement by the papers' state heuristic, [`Evaluator`]),
//! [`FlatPlayer`] (flat Monte Carlo) and [`MctsPlayer`], the papers' MCTS with choice and chance
//! nodes and every selection, simulation and squashing variant of the paper.
//!
//! ```
//! use cardtree::poker_squares::{play_game, Budget, Grid, MctsConfig, MctsPlayer, PointSystem};
//! use cardtree::search::NoClock;
//! use cardtree::{rng, Tree};
//!
//! // Scoring as the EAAI-2016 framework scores (rows 0-4, then columns 0-4).
//! let grid: Grid = "KD 2C 2H JS 9C 5C TD 6S AS TS KS QC QH 5S AH 7S 7D 9S 6C 6H 7H 2S QS AD KH".parse()?;
//! assert_eq!(grid.score(&PointSystem::AMERICAN), 22);
//! assert_eq!(grid.classes()[3].id(), 2); // row 3: two pair
//!
//! // The papers' best player (prune + UCT, best-move playouts, tuned weights), 50 iterations
//! // per move, in a fixed-capacity tree; the deal comes first from the generator.
//! let mut config = MctsConfig::new();
//! config.budget = Budget::Iterations(50);
//! let mut tree: Tree<u8, 20_000> = Tree::new();
//! let mut player = MctsPlayer::new(&mut tree, &NoClock, config);
//! let end = play_game(&mut player, &PointSystem::AMERICAN, &mut rng::stream(1, 0))?;
//! assert!(end.is_full());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod abstraction;
mod apriori;
mod budget;
mod committed;
mod expectimax_player;
mod flat;
mod game;
mod greedy_player;
mod grid;
mod hand;
mod heuristic;
mod java_random;
mod learned;
mod lines;
mod mcts;
mod net;
mod net_play;
mod player;
mod points;
mod prune;
mod random_player;
mod rollout_player;
mod rule_player;
mod rules;
mod self_play;
mod simulate;
mod squash;
mod valuation;

pub use abstraction::{AbstractHand, DeckCounts, LineKind};
pub use apriori::{APRIORI, APRIORI_GAMES};
pub use budget::Budget;
pub use committed::{
    AMERICAN_NET, AMERICAN_VALUES, BRITISH_NET, BRITISH_VALUES, committed_net, committed_values,
};
pub use expectimax_player::{ExpectimaxPlayer, Lookahead, expectimax_cell};
pub use flat::FlatPlayer;
pub use game::PokerSquares;
pub use greedy_player::GreedyPlayer;
pub use grid::{CELLS, Grid, LINES, ParseGridError, SIZE, cells_of, lines_of};
pub use hand::{HandClass, HandSummary, classify};
pub use heuristic::{Evaluator, HeuristicConfig, LineCache, Possibility, PriorMix, possibilities};
pub use java_random::JavaRandom;
pub use learned::{
    LearnedPlayer, LearnedValues, ParseValuesError, VALUES_HEADER, learned_cell, play_out_learned,
    read_sums,
};
pub use lines::Lines;
pub use mcts::{MctsConfig, MctsPlayer, MctsStats, PAPER_CP, Selection};
pub use net::{
    Features, LeWeights, MAX_FEATURES, NET_HEADER, NET_WEIGHTS, Net, ParseNetError, Weights,
    value_of,
};
pub use net_play::{NetPlayer, TdConfig, net_cell, net_self_play};
pub use player::{Placer, PlayError, play_game, shuffled_deck};
pub use points::{ParseSystemError, PointSystem, SystemKind};
pub use prune::{PruneRule, best_index};
pub use random_player::RandomPlayer;
pub use rollout_player::{RolloutPlayer, Rollouts};
pub use rule_player::{RulePlayer, rule_cell};
pub use rules::simple_rule;
pub use self_play::{Teacher, self_play};
pub use simulate::{AUTO_PLAYOUTS, Simulation, pick_simulation, simulate};
pub use squash::{AMERICAN_MAX, Squash};
pub use valuation::{Valuation, distinct_best};
