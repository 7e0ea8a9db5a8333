//! Parameterized Poker Squares on the host: the `cardtree pps` drivers.
//!
//! - [`score`]: a grid's hands and total;
//! - [`options`], [`play`], [`report`]: the player a command line names, games played in
//!   parallel, and what `pps play` prints;
//! - [`train`]: learning the values of abstract hands by self-play, into a table file;
//! - [`apriori`]: the heuristic's a-priori class probabilities, estimated;
//! - [`tables`]: where the learned tables cardtree ships are found.

pub mod apriori;
pub mod heuristic_text;
pub mod net_curve;
pub mod net_train;
pub mod options;
pub mod placements;
pub mod play;
pub mod play_spec;
pub mod report;
pub mod score;
pub mod tables;
pub mod train;
pub mod train_spec;
