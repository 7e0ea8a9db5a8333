//! # cardtree
//!
//! Game-tree search over card games, allocation-free and `no_std`: the same seeded search
//! gives the same bits on a desktop and on a Cortex-M.
//!
//! This crate is the core. It never allocates, never panics on any input (errors are values),
//! and does all floating-point maths through [`math`], built on `libm`. What belongs to what:
//!
//! - Cards, shared by the card games: [`Card`] ([`Suit`], [`Rank`]) and the 52-bit set
//!   [`Cards`].
//! - Search, which knows the [`Game`] trait and nothing of any game: the arena search [`Tree`],
//!   seeded randomness ([`rng`]), the power means of McKay's "generalized average"
//!   ([`Power`]) and the searches ([`search`]: minimax, alpha-beta, iterative deepening,
//!   expectiminimax, flat Monte Carlo, UCT with power-mean backups).
//! - The games, each module with its rules and its players:
//!   - [`bridge`]: [`Seat`]s ([`BySeat`]), [`Deal`]s and their [`pbn`] notation, double-dummy
//!     card play, an exact solver, hand records with double-dummy tables and par, and opening
//!     leads against hidden hands;
//!   - [`blackjack`]: the round as a game, an exact expected-value oracle, MCTS and its
//!     rivals;
//!   - [`poker_squares`]: Parameterized Poker Squares and the players of the DePauw papers;
//!   - [`games`]: the demonstration games [`TicTacToe`] and [`DiceDuel`], the searches' test
//!     games.
//! - `selfcheck` (feature `selfcheck`): fixed seeded scenarios whose digests the host and the
//!   Cortex-M firmware compare bit for bit.
//!
//! The items used most are re-exported here at the root (`cardtree::Deal` is
//! `cardtree::bridge::Deal`, `cardtree::pbn` is `cardtree::bridge::pbn`).
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
mod blank;
pub mod bridge;
mod card;
mod cards;
mod game;
pub mod games;
pub mod math;
pub mod poker_squares;
mod power_mean;
pub mod rng;
pub mod search;
#[cfg(feature = "selfcheck")]
pub mod selfcheck;
mod spelling;
mod text;
mod tree;

pub use blank::Blank;
pub use bridge::pbn::{self, PbnError, SizeRule};
pub use bridge::{BySeat, Deal, Overlap, Seat};
pub use card::{Card, OutOfRange, ParseCardError, Rank, Suit};
pub use cards::{Cards, CardsIter, PbnHand};
pub use game::{
    Game, IllegalMove, MAX_MOVES, MAX_SIDES, MoveList, Outcomes, Player, Side, Turn, ValueRange,
};
pub use games::{DiceDuel, ParseBoardError, TicTacToe, dice_moves};
pub use power_mean::{MeanError, Power, PowerError};
pub use spelling::{ParseEnumError, Spelling};
pub use tree::{Children, Node, NodeId, Storage, Tree, TreeError, TreeInner, TreeSlice};

/// The README's library example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

/// The crate's own README (the page crates.io shows), its example run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct CrateReadmeDoctests;

/// The examples of `docs/searches.md`, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/searches.md")]
struct SearchesDoctests;

/// The examples of `docs/bridge.md`, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/bridge.md")]
struct BridgeDoctests;
