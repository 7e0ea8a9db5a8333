//! # cardtree
//!
//! Game-tree search over card games, allocation-free and `no_std`: the same seeded search
//! gives the same bits on a desktop and on a Cortex-M.
//!
//! This crate is the core. It holds the card primitives ([`Card`], the 52-bit set [`Cards`],
//! [`Deal`] and its [`pbn`] notation), seeded randomness ([`rng`]), the power means of
//! McKay's "generalized average" ([`Power`]), the arena search [`Tree`], the [`Game`] trait
//! with [`TicTacToe`] and [`DiceDuel`] as test games, the searches ([`search`]: minimax,
//! alpha-beta, iterative deepening, expectiminimax, flat Monte Carlo, UCT with power-mean
//! backups), double-dummy bridge ([`bridge`]: card play, an exact solver, hand records with
//! double-dummy tables and par) and Blackjack
//! ([`blackjack`]: the round as a game, an exact expected-value oracle, MCTS and its rivals). It never
//! allocates, never panics on any input (errors are values), and does all floating-point maths
//! through [`math`], built on `libm`.
//!
//! ```
//! use cardtree::{rng, Card, Cards, Deal, Game, MoveList, Power, Seat, TicTacToe, Tree};
//!
//! // Cards and PBN deals.
//! let hand: Cards = "SA SK HT C2".parse()?;
//! assert!(hand.contains("AS".parse::<Card>()?));
//! let deal = Deal::random(&mut rng::seeded(1));
//! assert_eq!(deal.hand(Seat::West).len(), 13);
//! let again: Deal = deal.pbn(Seat::West).to_string().parse()?;
//! assert_eq!(again, deal);
//!
//! // McKay's power mean of three children's values weighted by visits, and its min-side form.
//! let kids = [(9.0, 30.0), (7.0, 5.0), (4.0, 1.0)];
//! let p5 = Power::new(5.0)?;
//! let max_side = p5.mean(kids)?;
//! let min_side = p5.mean_min(13.0, kids)?;
//! assert!(min_side < Power::MEAN.mean(kids)? && Power::MEAN.mean(kids)? < max_side);
//!
//! // A fixed-capacity tree (a `static` on a microcontroller) over a game's moves.
//! let game = TicTacToe::new();
//! let mut moves = MoveList::new();
//! game.legal_moves(&mut moves);
//! let mut tree: Tree<u8, 1024> = Tree::new();
//! let root = tree.init()?;
//! assert_eq!(tree.expand(root, &moves)?.len(), 9);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs, missing_debug_implementations)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

#[macro_use]
mod fmt;

pub mod blackjack;
pub mod bridge;
mod card;
mod cards;
mod deal;
mod dice;
mod game;
pub mod math;
pub mod pbn;
pub mod poker_squares;
mod power_mean;
pub mod rng;
pub mod search;
mod seat;
#[cfg(feature = "selfcheck")]
pub mod selfcheck;
mod text;
mod tictactoe;
mod tree;

pub use card::{Card, OutOfRange, ParseCardError, Rank, Suit};
pub use cards::{Cards, CardsIter, PbnHand};
pub use deal::{Deal, Overlap};
pub use dice::{DiceDuel, moves as dice_moves};
pub use game::{
    Game, IllegalMove, MAX_MOVES, MAX_SIDES, MoveList, Outcomes, Player, Side, Turn, ValueRange,
};
pub use pbn::{PbnError, SizeRule};
pub use power_mean::{MeanError, Power, PowerError};
pub use seat::{BySeat, Seat};
pub use tictactoe::{ParseBoardError, TicTacToe};
pub use tree::{Blank, Children, Node, NodeId, Storage, Tree, TreeError, TreeInner, TreeSlice};

/// The README's library example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

/// The examples of `docs/searches.md`, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/searches.md")]
struct SearchesDoctests;

/// The examples of `docs/bridge.md`, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/bridge.md")]
struct BridgeDoctests;
