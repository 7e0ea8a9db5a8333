//! Blackjack on the host: the `cardtree blackjack` drivers.
//!
//! - [`oracle`]: the exact oracle's numbers (dealer outcomes, the value of a round);
//! - [`play`]: paired rounds of every player;
//! - [`strategy`]: the computed basic-strategy chart of a rule set.

pub mod oracle;
pub mod play;
pub mod strategy;
