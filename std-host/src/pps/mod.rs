//! Parameterized Poker Squares on the host: the `cardtree pps` drivers.
//!
//! - [`play`]: scoring grids and playing games with every player of the core;
//! - [`train`]: learning the values of abstract hands by self-play, into a table file.

pub mod play;
pub mod train;
