//! Blackjack on the host: the `cardtree blackjack` drivers.
//!
//! - [`oracle`]: the exact oracle's numbers (dealer outcomes, the value of a round);
//! - [`play`], [`report`]: paired rounds of every player, and what `blackjack play` prints;
//! - [`strategy`]: the computed basic-strategy chart of a rule set.

pub mod oracle;
pub mod play;
pub mod report;
pub mod strategy;
